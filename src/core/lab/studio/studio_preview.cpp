// Perceptron Lab core: the studio's previews (studio.hpp): a text as the student reads it at
// its step, the placeholders' values there, the answer the lab computes for the step's
// question and the texts that would give it away.
//
// The values come from the lesson runner itself: the step, in a copy of the draft, gets a
// narration and a "why" made of every placeholder wanted, separated by a control
// character; the copy is walked to the step on a scratch session, the narration read (the
// values of when the step is shown), the question answered and its feedback read (the
// values after its effect, as a "why" is filled). Any text of the step is then filled from
// those values, so a preview is what the runner would write, word for word.
//
// [SECTION] index
//   Placeholders   the cues each placeholder's value shows
//   Values         the values at a step, per language (cached per draft revision)
//   Previews       preview, preview_text, placeholders
//   Answers        answer, try_reply, and the walks they share
#include <algorithm>
#include <set>

#include "core/lab/lesson/conceal.hpp"
#include "core/lab/session/session.hpp"
#include "core/lab/studio/studio.hpp"
#include "core/lab/studio/studio_internal.hpp"

namespace pla {

// =============================================================================
// [SECTION] Placeholders
// =============================================================================

namespace {

// One row per placeholder of the lesson table (lesson.hpp): the cues its value shows. A
// test checks that every placeholder the loader knows has its row here.
struct PlaceholderCue {
  const char* name;
  unsigned cues;
};
constexpr unsigned kNoCue = 0;
const PlaceholderCue kPlaceholderCues[] = {
    {"k", kCueCounts},
    {"step", kCueCounts},
    {"epoch", kCueCounts},
    {"eta", kNoCue},
    // the weights are drawn on the canvas as the line: no cue hides them
    {"w", kNoCue},
    {"b", kNoCue},
    {"prev_w", kNoCue},
    {"prev_b", kNoCue},
    // the last visited point: what happened, not what comes next
    {"x", kNoCue},
    {"y", kNoCue},
    {"score", kNoCue},
    {"index", kNoCue},
    {"mistake", kNoCue},
    {"angle", kNoCue},
    {"converged", kCueMistakes},
    {"mistakes", kCueMistakes},
    {"points", kNoCue},
    {"alpha", kCueAlpha},
    {"queries", kCueQueries},
    {"gamma", kCueTheory},
    {"R", kCueTheory},
    {"bound", kCueTheory},
    {"w_dot_u", kCueTheory},
    {"norm_w2", kCueTheory},
    {"lower", kCueTheory},
    {"upper", kCueTheory},
    {"J", kCueLoss},
    {"J1", kCueLoss | kCueMistakes},
    {"seed", kNoCue},
    {"accuracy", kCueMistakes},
    {"validation_accuracy", kCueMistakes},
    {"validation_points", kNoCue},
    {"delta", kNoCue},
    {"h", kCueVc},
    {"N", kNoCue},
    {"train_error", kCueVc | kCueMistakes},
    {"vc_bound", kCueVc},
    {"test_error", kCueVc},
    {"vc_gap", kCueVc},
    {"eta_runs", kCueTrace | kCueCounts},
    {"eta_k", kCueTrace | kCueCounts},
    // the expected answer itself; the reply and its errors exist only once answered
    {"answer", kCueAll},
    {"given", kNoCue},
    {"angle_error", kNoCue},
    {"offset_error", kNoCue},
};

// Calls f(name) for every {name} of a text, as the lesson loader scans one.
template <class F>
void scan_placeholders(const std::string& t, F f) {
  const auto name_char = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  };
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] != '{') continue;
    std::size_t j = i + 1;
    while (j < t.size() && name_char(t[j])) ++j;
    if (j < t.size() && t[j] == '}' && j > i + 1) {
      f(t.substr(i + 1, j - i - 1), i, j + 1);
      i = j;
    }
  }
}

}  // namespace

bool studio_placeholder_cues(const std::string& name, unsigned& cues) {
  for (const PlaceholderCue& p : kPlaceholderCues)
    if (name == p.name) return cues = p.cues, true;
  // {w1}, {alpha3}: the components of an indexed row.
  const std::size_t digits = name.find_first_of("0123456789");
  if (digits == std::string::npos || digits == 0 || !lesson_placeholder_known(name)) return false;
  return studio_placeholder_cues(name.substr(0, digits), cues);
}

// =============================================================================
// [SECTION] Values
// =============================================================================

// The placeholders' values at a step, per language: when the step is shown (narration,
// prompt, options) and after the question's effect (why, whys).
struct Studio::Values {
  Status status;
  std::set<std::string> names;
  std::map<std::string, std::map<std::string, std::string>> shown, after;  // lang -> name -> text
};

namespace {

constexpr char kSeparator = '\x1f';

std::map<std::string, std::string> split_values(const std::vector<std::string>& names, const std::string& filled) {
  std::map<std::string, std::string> out;
  std::size_t from = 0;
  for (const std::string& name : names) {
    const std::size_t end = filled.find(kSeparator, from);
    out[name] = filled.substr(from, end == std::string::npos ? std::string::npos : end - from);
    if (end == std::string::npos) break;
    from = end + 1;
  }
  return out;
}

// The names a step's texts use, besides those of the table.
void names_in(const Json& v, std::set<std::string>& out) {
  if (v.is_string())
    scan_placeholders(v.get<std::string>(), [&](const std::string& n, std::size_t, std::size_t) {
      if (lesson_placeholder_known(n)) out.insert(n);
    });
  else if (v.is_structured())
    for (const Json& x : v) names_in(x, out);
}

std::string fill_from(const std::string& text, const std::map<std::string, std::string>& values) {
  std::string out;
  std::size_t pos = 0;
  scan_placeholders(text, [&](const std::string& name, std::size_t b, std::size_t e) {
    const auto it = values.find(name);
    out += text.substr(pos, b - pos) + (it == values.end() ? text.substr(b, e - b) : it->second);
    pos = e;
  });
  return out + text.substr(pos);
}

}  // namespace

void Studio::set_number_format(NumberFormat fmt) {
  fmt_ = std::move(fmt);
  values_.clear();
}

const Studio::Values* Studio::values(std::size_t step, const std::vector<std::string>& extra) const {
  auto& cached = values_[step];
  if (cached &&
      std::all_of(extra.begin(), extra.end(), [&](const std::string& n) { return cached->names.count(n) != 0; }))
    return cached.get();
  auto v = std::make_shared<Values>();
  for (const std::string& n : lesson_placeholder_names()) v->names.insert(n);
  for (const char* indexed : {"w", "alpha"})
    for (int i = 1; i <= 8; ++i) v->names.insert(indexed + std::to_string(i));
  if (cached) v->names.insert(cached->names.begin(), cached->names.end());
  for (const std::string& n : extra)
    if (lesson_placeholder_known(n)) v->names.insert(n);
  if (runnable_.is_object() && step < runnable_["steps"].size()) names_in(draft_["steps"][step], v->names);
  const std::vector<std::string> names(v->names.begin(), v->names.end());
  if (!runnable_.is_object() || step >= runnable_["steps"].size()) {
    v->status = problems_.empty() ? Status::fail(Msg::lesson_not_loaded) : studio::as_status(problems_.front().message);
  } else {
    std::string all;
    for (const std::string& n : names) all += (all.empty() ? "{" : std::string(1, kSeparator) + "{") + n + "}";
    Json probe = runnable_;
    Json& s = probe["steps"][step];
    s["narration"] = Json{{"en", all}};
    const bool asks = s.contains("question");
    if (asks) {
      s["question"]["why"] = Json{{"en", all}};
      s["question"].erase("whys");
    }
    LessonRunner runner;
    Session lab;
    v->status = studio::walk_to_step(probe, step, catalogs_, runner, lab);
    const std::vector<std::string> langs = lesson_languages(*catalogs_);
    if (v->status)
      for (const std::string& lang : langs) v->shown[lang] = split_values(names, runner.narration(lab, lang, fmt_));
    if (v->status && asks && runner.question_kind() != QuestionKind::None &&
        runner.answer(lab, runner.expected_answer()))
      for (const std::string& lang : langs) v->after[lang] = split_values(names, runner.feedback(lang, fmt_));
    if (v->after.empty()) v->after = v->shown;
  }
  cached = v;
  return cached.get();
}

// =============================================================================
// [SECTION] Previews
// =============================================================================

namespace {

// A text() field name as its place in a step ("options[1]" -> "question.options[1]").
bool text_place(const std::string& field, std::string& place, bool& after) {
  const std::vector<std::string> p = studio::path_parts(field);
  after = !p.empty() && (p[0] == "why" || p[0] == "whys");
  if (field == "narration")
    place = field;
  else if (field == "prompt" || field == "why")
    place = "question." + field;
  else if (p.size() == 2 && (p[0] == "options" || p[0] == "whys") && p[1][0] == '[')
    place = "question." + field;
  else
    return false;
  return true;
}

Status unknown_field(const std::string& source, const std::string& field) {
  return Status::fail(Msg::lesson_unknown_key, {{"source", source},
                                                {"field", field.substr(0, 40)},
                                                {"known", "title, narration, prompt, why, options[I], whys[I]"}});
}

}  // namespace

Status Studio::preview_text(std::size_t step, const std::string& field, const std::string& lang,
                            const std::string& text, StudioPreview& out) const {
  const std::vector<std::string> langs = lesson_languages(*catalogs_);
  if (std::find(langs.begin(), langs.end(), lang) == langs.end())
    return Status::fail(
        Msg::lesson_unknown_key,
        {{"source", source_}, {"field", field + "." + lang.substr(0, 40)}, {"known", studio::joined(langs)}});
  out = StudioPreview{};
  if (field == "title") {
    out.text = text;
    return Status::success();
  }
  std::string place;
  bool after = false;
  if (!text_place(field, place, after)) return unknown_field(source_, field);
  Status st = step_index(step);
  if (!st) return st;
  std::vector<std::string> used;
  scan_placeholders(text, [&](const std::string& n, std::size_t, std::size_t) { used.push_back(n); });
  const Values* v = values(step, used);
  if (!v->status) return v->status;
  const auto& by_lang = after ? v->after : v->shown;
  const auto it = by_lang.find(lang);
  out.text = it == by_lang.end() ? text : fill_from(text, it->second);
  return Status::success();
}

Status Studio::preview(std::size_t step, const std::string& field, const std::string& lang, StudioPreview& out) const {
  std::string place;
  bool after = false;
  if (field != "title" && !text_place(field, place, after)) return unknown_field(source_, field);
  Status st = field == "title" ? Status::success() : step_index(step);
  if (!st) return st;
  const Json& root = field == "title" ? draft_ : draft_["steps"][step];
  const Json* t = studio::find_at(root, field == "title" ? "title" : place);
  if (!t || !t->is_object() || !t->contains("en") || !(*t)["en"].is_string()) {
    const std::string where = field == "title" ? "title" : "steps[" + std::to_string(step) + "]." + place;
    return Status::fail(Msg::lesson_missing_key, {{"source", source_}, {"field", where + ".en"}});
  }
  const bool written = t->contains(lang) && (*t)[lang].is_string();
  st = preview_text(step, field, lang, (*t)[written ? lang : "en"].get<std::string>(), out);
  out.fallback = st.ok && !written;
  return st;
}

Status Studio::placeholders(std::size_t step, const std::string& lang, std::vector<StudioPlaceholder>& out) const {
  out.clear();
  Status st = step_index(step);
  if (!st) return st;
  const Values* v = values(step, {});
  if (!v->status) return v->status;
  const auto it = v->shown.find(lang);
  if (it == v->shown.end())
    return Status::fail(
        Msg::lesson_unknown_key,
        {{"source", source_}, {"field", lang.substr(0, 40)}, {"known", studio::joined(lesson_languages(*catalogs_))}});
  for (const std::string& n : lesson_placeholder_names()) {
    const auto value = it->second.find(n);
    out.push_back({"{" + n + "}", value == it->second.end() ? "" : value->second});
  }
  return Status::success();
}

// =============================================================================
// [SECTION] Answers
// =============================================================================

Status Studio::walk_to(std::size_t step, LessonRunner& runner, Session& lab) const {
  Status st = step_index(step);
  if (!st) return st;
  if (!runnable_.is_object())
    return problems_.empty() ? Status::fail(Msg::lesson_not_loaded) : studio::as_status(problems_.front().message);
  return studio::walk_to_step(runnable_, step, catalogs_, runner, lab);
}

namespace {

// The texts the student reads while the question is open that show a cue it hides, or the
// answer itself.
std::vector<StudioGiveaway> giveaways(const Json& step, unsigned concealed) {
  std::vector<StudioGiveaway> out;
  std::vector<std::string> places = {"narration", "question.prompt"};
  const Json* options = step.is_object() ? studio::find_at(step, "question.options") : nullptr;
  for (std::size_t i = 0; options && options->is_array() && i < options->size(); ++i)
    places.push_back("question.options[" + std::to_string(i) + "]");
  for (const std::string& place : places) {
    const Json* t = studio::find_at(step, place);
    if (!t || !t->is_object()) continue;
    for (auto it = t->begin(); it != t->end(); ++it) {
      if (!it->is_string()) continue;
      scan_placeholders(it->get<std::string>(), [&](const std::string& name, std::size_t, std::size_t) {
        unsigned cues = 0;
        const bool answer = name == "answer";  // writes the answer, whatever the cues
        if (!studio_placeholder_cues(name, cues) || (!answer && !(cues & concealed))) return;
        out.push_back({place, it.key(), "{" + name + "}", answer ? "answer" : cue_names(cues & concealed).front()});
      });
    }
  }
  return out;
}

}  // namespace

Status Studio::answer(std::size_t step, const std::string& lang, StudioAnswer& out) const {
  out = StudioAnswer{};
  LessonRunner runner;
  Session lab;
  Status st = walk_to(step, runner, lab);
  if (!st) return st;
  out.kind = runner.question_kind();
  if (out.kind == QuestionKind::None) return Status::success();
  const LessonQuestion& q = runner.lesson().steps[step].question;
  out.computed = !q.from.empty() || out.kind == QuestionKind::PickPoint || out.kind == QuestionKind::PlaceLine;
  out.expected = runner.expected_answer();
  out.text = runner.expected_text(lang, fmt_);
  out.concealed = runner.concealed();
  out.giveaways = giveaways(draft_["steps"][step], out.concealed);
  return Status::success();
}

Status Studio::run_through(StudioProblem* failed) const {
  LessonRunner runner;
  Session lab;
  Status st = walk_to(0, runner, lab);
  while (st && !runner.done()) st = runner.next(lab);
  if (!st && failed && runnable_.is_object()) *failed = studio::problem_of(st, lesson_languages(*catalogs_));
  return st;
}

Status Studio::try_reply(std::size_t step, const std::string& reply, bool& right) const {
  LessonRunner runner;
  Session lab;
  Status st = walk_to(step, runner, lab);
  if (!st) return st;
  if (runner.question_kind() == QuestionKind::None)
    return Status::fail(Msg::lesson_no_question, {{"id", runner.id()}, {"step", std::to_string(step + 1)}});
  return runner.answer(lab, reply, &right);
}

}  // namespace pla
