// Perceptron Lab core: what LessonRunner shows (runner.hpp): the texts filled for the student
// (narration, question, options, feedback, a reply as the student reads it) from the
// placeholder values of when the step was shown, the score, state(), and the events with
// the answer_given event's texts written in the language asked for.
#include "core/lab/lesson/runner.hpp"

#include <cstdint>
#include <utility>

#include "core/base/values.hpp"
#include "core/lab/lesson/conceal.hpp"
#include "core/lab/lesson/text_tools.hpp"
#include "core/lab/session/session.hpp"

namespace pla {

using namespace lesson_text;

std::vector<std::pair<std::string, std::string>> LessonRunner::view_settings() const {
  std::vector<std::pair<std::string, std::string>> out;
  if (!active_) return out;
  for (std::size_t i = 0; i <= step_ && i < lesson_.steps.size(); ++i)
    out.insert(out.end(), lesson_.steps[i].view.begin(), lesson_.steps[i].view.end());
  return out;
}

std::string LessonRunner::title(const std::string& lang) const {
  if (lang == "pseudo") return lesson_.title.en + " " + lesson_.title.en;
  return lesson_.title.in(lang);
}

LessonRunner::TextSource LessonRunner::source(const LessonVars& v) const {
  TextSource t;
  t.step = step_;
  t.vars = &v;
  t.expected = expected_;
  t.given = given_;
  t.line_errors = answered_ && line_errors_;
  t.angle_error = angle_error_;
  t.offset_error = offset_error_;
  return t;
}

// A reply ("2", "yes", "0.5", "1 1 -3") to the question of `step` as the student reads it:
// the point x3, the word yes/no in the language, the option's text, the number, the line
// "1·x1 + 1·x2 − 3 = 0".
std::string LessonRunner::reply_text(const std::string& a, std::size_t step, const std::string& word_lang,
                                     const NumberFormat& fmt_in) const {
  const NumberFormat fmt = fmt_in ? fmt_in : NumberFormat(default_number);
  if (a.empty() || step >= lesson_.steps.size()) return "";
  const LessonQuestion& q = lesson_.steps[step].question;
  if (q.kind == QuestionKind::YesNo) return word(*catalogs_, a == "yes" ? Msg::lesson_word_yes : Msg::lesson_word_no, word_lang);
  if (q.kind == QuestionKind::PickPoint) {
    std::uint64_t i = 0;
    return parse_u64(a, i) ? "x" + std::to_string(i + 1) : a;
  }
  if (q.kind == QuestionKind::Number) {
    double d = 0;
    return parse_double(a, d) ? fmt(d) : a;
  }
  if (q.kind == QuestionKind::Choice) {
    std::uint64_t i = 0;
    return parse_u64(a, i) && i < q.options.size() ? q.options[static_cast<std::size_t>(i)].in(word_lang) : a;
  }
  if (q.kind == QuestionKind::PlaceLine) {
    std::vector<double> g;
    return parse_line(a, g) ? line_text(g[0], g[1], g[2], fmt) : a;  // "none" as written
  }
  return a;
}

std::string LessonRunner::expected_text(const std::string& lang, const NumberFormat& fmt) const {
  if (expected_.empty()) return "";
  return reply_text(expected_, step_, lang == "pseudo" ? "en" : lang, fmt);
}

std::string LessonRunner::given_text(const std::string& lang, const NumberFormat& fmt) const {
  if (!answered_ || given_.empty()) return "";
  return reply_text(given_, step_, lang == "pseudo" ? "en" : lang, fmt);
}

// A text in a language with its placeholders written from the table: the values of
// `src` (computed when the step was shown) or, for a live row, its answer state.
std::string LessonRunner::fill(const LessonText& t, const TextSource& src, const std::string& lang,
                               const NumberFormat& fmt_in) const {
  FillContext c;
  c.fmt = fmt_in ? fmt_in : NumberFormat(default_number);
  c.lang = lang == "pseudo" ? "en" : lang;
  c.catalogs = catalogs_.get();
  c.reply = [&](const std::string& a) { return reply_text(a, src.step, c.lang, c.fmt); };
  const LiveProbe live{src.expected, src.given, src.line_errors, src.angle_error, src.offset_error};
  const LessonVars none;
  const std::string out = fill_placeholders(lang == "pseudo" ? t.en : t.in(lang), src.vars ? *src.vars : none, live, c);
  return lang == "pseudo" && !out.empty() ? out + " " + out : out;
}

std::string LessonRunner::narration(const Session& s, const std::string& lang, const NumberFormat& fmt) const {
  (void)s;  // the numbers are those of when the step was shown (before the question's effect)
  if (!active_ || busy() || step_ >= lesson_.steps.size()) return "";  // busy: not yet shown
  return fill(lesson_.steps[step_].narration, source(shown_), lang, fmt);
}

QuestionKind LessonRunner::question_kind() const { return busy() ? QuestionKind::None : open_kind(); }

std::string LessonRunner::question_prompt(const std::string& lang, const NumberFormat& fmt) const {
  if (question_kind() == QuestionKind::None) return "";
  return fill(lesson_.steps[step_].question.prompt, source(shown_), lang, fmt);
}

std::vector<std::string> LessonRunner::question_options(const std::string& lang, const NumberFormat& fmt) const {
  std::vector<std::string> out;
  if (question_kind() != QuestionKind::Choice) return out;
  const TextSource src = source(shown_);
  for (const LessonText& t : lesson_.steps[step_].question.options) out.push_back(fill(t, src, lang, fmt));
  return out;
}

std::string LessonRunner::feedback(const std::string& lang, const NumberFormat& fmt) const {
  if (!closed() || busy() || step_ >= lesson_.steps.size()) return "";
  const LessonQuestion& q = lesson_.steps[step_].question;
  const TextSource src = source(after_);
  std::string out = q.why.en.empty() ? "" : fill(q.why, src, lang, fmt);
  // A choice answered: the feedback on the option replied comes first.
  std::uint64_t chosen = 0;
  if (answered_ && q.kind == QuestionKind::Choice && parse_u64(given_, chosen) && chosen < q.whys.size() &&
      !q.whys[static_cast<std::size_t>(chosen)].en.empty()) {
    const std::string own = fill(q.whys[static_cast<std::size_t>(chosen)], src, lang, fmt);
    // After a full-width mark (U+3000 and above: "。", "）") Chinese takes no space.
    const bool wide_end = own.size() >= 3 && static_cast<unsigned char>(own[own.size() - 3]) >= 0xE3;
    out = out.empty() ? own : own + (wide_end ? "" : " ") + out;
  }
  return out;
}

unsigned LessonRunner::concealed() const {
  if (!question_open()) return 0;
  const LessonStep& st = lesson_.steps[step_];
  return question_conceals(st.question) | st.conceal;
}

LessonRunner::Score LessonRunner::score() const {
  Score sc;
  for (std::size_t i = 0; i < lesson_.steps.size(); ++i) {
    if (lesson_.steps[i].question.kind == QuestionKind::None) continue;
    ++sc.questions;
    const int r = i < results_.size() ? results_[i] : 0;
    sc.right += r == 1;
    sc.answered += r == 1 || r == 2;
    if (r == 2) sc.wrong.push_back(i);
    else if (r == 3 || (r == 0 && done_)) sc.unanswered.push_back(i);
  }
  return sc;
}

Json LessonRunner::state() const {
  Json o = Json::object();
  o["id"] = lesson_.id;
  o["step"] = step_;
  o["steps"] = lesson_.steps.size();
  o["done"] = done_;
  o["active"] = active_;
  o["question"] = to_string(question_kind());
  o["answered"] = answered_;
  o["passed"] = passed_;
  o["correct"] = correct_;
  if (question_kind() != QuestionKind::None) {
    o["retry"] = retry();
    if (retry() && closed()) {
      Json practice{{"open", practicing_}};
      if (practiced_) {
        practice["answer"] = practice_given_;
        practice["correct"] = practice_correct_;
      }
      o["practice"] = std::move(practice);
    }
  }
  const Score sc = score();
  Json wrong = Json::array(), unanswered = Json::array();
  for (std::size_t i : sc.wrong) wrong.push_back(i + 1);
  for (std::size_t i : sc.unanswered) unanswered.push_back(i + 1);
  o["score"] = Json{{"right", sc.right},   {"answered", sc.answered},        {"questions", sc.questions},
                    {"wrong", std::move(wrong)}, {"unanswered", std::move(unanswered)}};
  o["locked"] = question_open();
  o["concealed"] = cue_names(concealed());
  if (busy()) {
    const WorkProgress w = work_progress();
    o["work"] = Json{{"done", w.done}, {"total", w.total}, {"action", w.action}, {"visited", w.visited}};
  }
  return o;
}

// =============================================================================
// The events
// =============================================================================

std::string LessonRunner::catalog_word(const std::string& key, const std::string& lang) const {
  if (lang == "pseudo") {
    const std::string en = catalog_word(key, "en");
    return en + " " + en;
  }
  for (const std::string& l : {lang, std::string("en")}) {
    const std::string* t = catalogs_->find(l, key);
    if (t && !t->empty()) return *t;
  }
  return key;
}

// An answer_given event completed with the texts of its question and answer (runner.hpp:
// take_events), in the order the platform wrote them before the core did.
void LessonRunner::complete_answer_event(Json& e, const AnswerTexts& a, const std::string& lang,
                                         const NumberFormat& fmt) const {
  const std::size_t step = a.source.step;
  if (step >= lesson_.steps.size()) return;
  const LessonQuestion& q = lesson_.steps[step].question;
  TextSource src = a.source;
  src.vars = &a.vars;
  const std::string word_lang = lang == "pseudo" ? "en" : lang;
  e["kind"] = to_string(q.kind);
  e["expected"] = src.expected;
  if (q.kind == QuestionKind::Number) e["tolerance"] = q.tolerance;
  e["prompt"] = fill(q.prompt, src, lang, fmt);
  e["prompt_en"] = fill(q.prompt, src, "en", fmt);
  if (q.kind == QuestionKind::Choice) {
    Json options = Json::array();
    for (const LessonText& t : q.options) options.push_back(fill(t, src, lang, fmt));
    e["options"] = std::move(options);
  }
  const std::string none_word = catalog_word(q.kind == QuestionKind::PlaceLine ? "lesson.no_line" : "lesson.none", lang);
  e["answer_text"] = src.given == "none" ? none_word : reply_text(src.given, step, word_lang, fmt);
  const bool none_expected = src.expected == "none" && (q.kind == QuestionKind::PickPoint || q.kind == QuestionKind::PlaceLine);
  e["expected_text"] = none_expected ? none_word : reply_text(src.expected, step, word_lang, fmt);
}

std::vector<Json> LessonRunner::take_events(const std::string& lang, const NumberFormat& fmt) {
  for (const AnswerTexts& a : answer_texts_)
    if (a.event < events_.size()) complete_answer_event(events_[a.event], a, lang, fmt);
  answer_texts_.clear();
  std::vector<Json> out;
  out.swap(events_);
  return out;
}

}  // namespace pla
