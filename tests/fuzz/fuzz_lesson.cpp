// Fuzz target: a teacher's lesson file, loaded and walked as the app does it
// (pla::LessonRunner::load, the entry of `pla lesson --file` and of the app's lesson
// loader, then start, answer, next and back over a pla::Session).
//
// Input: LESSON_JSON [ '\0' CHOICES ]. The bytes before the first NUL are the lesson file;
// the bytes after it drive the walk (a built-in lesson as it is walks with right answers
// and Next, as `pla lesson --file` does). Per step, one choice byte c (0 once they run out):
//   c & 3          0 the expected answer, 1 another reply of the question's kind (right or
//                  wrong: a yes/no, a number, an option or data index, a line), 2 a reply
//                  that is no answer (must be refused and change nothing), then one of kind
//                  1, 3 no answer (Next skips the question);
//   (c >> 2) & 7   6 and 7 Back (at most 4 Backs per input), else Next;
//   (c >> 5)       7 once, after the walk: resume the lesson where it stands on a fresh
//                  session (what a saved progress does) and compare; 6 from now on the
//                  runner works in slices as the app's does (set_slicing: each call's work
//                  driven to its end in the smallest slices, work(s, 0)); 5 in slices, the
//                  Next of this move is cancelled after one slice (the session and the step
//                  must be as before it) and then made again.
// The walk is at most 2 * steps + 16 moves. Every text the runner produces is read in
// en, vi, zh and pseudo with the default number format and with the lab's (true minus).
//
// Checks (FUZZ_CHECK aborts, so libFuzzer keeps the input):
//   - a refused lesson has a message, and leaves the runner's previous lesson loaded;
//   - every text and message is valid UTF-8 (the page JSON-encodes them), state() and
//     the events serialise to valid JSON;
//   - an open question (and nothing else) conceals cues and locks the lab (concealed(),
//     state().locked);
//   - the expected answer, given as the reply, is taken and judged right; a different
//     yes/no, option or point is judged wrong; a reply that is no answer is refused and
//     changes nothing; a second answer, and any reply to a question shown again (Back) or
//     passed over with Next, is refused, or taken as practice on a "retry" question, and
//     the record (results, replies, the verdict) stays; Next after the end is refused;
//   - while every step so far ran without error: Back shows the step's narration, prompt
//     and expected answer as they were when the step was first shown, and resume() on a
//     fresh session shows what the walk shows (narration, prompt, expected answer,
//     answered, feedback);
//   - the session's data stays valid and its state_json is valid JSON.
//
// Work: no guard here. A lesson may legally ask for a lot of work (generate 10^7 points,
// train for 10^8 epochs); run_fuzz.sh gives this target a time budget per input
// (libFuzzer -timeout), so such a lesson is a finding (a timeout), not a hang. The lesson
// limits of issue 26 item 3 are what bound it.
//
// Seeds: tests/fuzz/seeds/fuzz_lesson holds the built-in lessons with choice bytes
// appended (wrong answers, skips, Back, resume); run_fuzz.sh also reads web/lessons/
// itself, so the current built-in lessons are always seeds. Dictionary: dict/lesson.dict.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "core/lab/lesson/conceal.hpp"
#include "core/base/json.hpp"
#include "core/lab/lesson/lesson.hpp"
#include "core/lab/session/session.hpp"
#include "core/base/settings.hpp"
#include "core/base/values.hpp"
#include "fuzz_util.hpp"

namespace {

// allow_clipped: a character cut short (a lead byte followed by too few continuation bytes)
// is let through; any other bad byte is not (see check_status).
bool valid_utf8(const std::string& s, bool allow_clipped = false) {
  std::size_t i = 0;
  while (i < s.size()) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    std::size_t n = 0;
    std::uint32_t cp = 0;
    if (c < 0x80) {
      ++i;
      continue;
    } else if ((c & 0xE0) == 0xC0) {
      n = 1, cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      n = 2, cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      n = 3, cp = c & 0x07;
    } else {
      return false;
    }
    std::size_t got = 0;
    while (got < n && i + 1 + got < s.size() && (static_cast<unsigned char>(s[i + 1 + got]) & 0xC0) == 0x80) ++got;
    if (got < n) {
      if (!allow_clipped) return false;
      i += 1 + got;
      continue;
    }
    for (std::size_t k = 1; k <= n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    if ((n == 1 && cp < 0x80) || (n == 2 && cp < 0x800) || (n == 3 && cp < 0x10000) || cp > 0x10FFFF ||
        (cp >= 0xD800 && cp <= 0xDFFF))
      return false;
    i += n + 1;
  }
  return true;
}

void check_text(const std::string& t, const char* what) {
  FUZZ_CHECK(valid_utf8(t), std::string(what) + " is not valid UTF-8: " + t.substr(0, 300));
}

// FUZZ_LESSON_VERBOSE=1 prints the walk (for reducing a finding by hand).
bool verbose() {
  static const bool v = std::getenv("FUZZ_LESSON_VERBOSE") != nullptr;
  return v;
}

void check_status(const pla::Status& st, const char* what) {
  if (verbose()) std::fprintf(stderr, "  %s: %s\n", what, st.ok ? "ok" : st.error.c_str());
  if (st.ok) return;
  FUZZ_CHECK(!st.error.empty(), std::string(what) + " failed without a message");
  // Known, not fixed here: a message quotes a bad value clipped to its first 40 (or 64)
  // bytes (substr in loader.cpp, settings.cpp, session.cpp), which can cut a character of
  // a non-ASCII value in half. The JSON encoders replace the broken bytes (U+FFFD); the
  // check below still refuses any other invalid UTF-8.
  FUZZ_CHECK(valid_utf8(st.error, true), std::string(what) + " message is not UTF-8: " + st.error.substr(0, 300));
}

// The lab's number format (as `pla lesson` and the interface: a true minus sign).
std::string lab_number(double v) {
  std::string t = pla::json_number(v);
  if (!t.empty() && t[0] == '-') t = "\u2212" + t.substr(1);
  return t;
}

class Choices {
 public:
  Choices(const std::uint8_t* p, std::size_t n) : p_(p), n_(n) {}
  std::uint8_t next() { return i_ < n_ ? p_[i_++] : 0; }

 private:
  const std::uint8_t* p_;
  std::size_t n_, i_ = 0;
};

// What the student sees of the current step, for comparing two ways of reaching it.
struct Seen {
  std::string narration, prompt, expected, feedback;
  bool answered = false;
  bool operator==(const Seen& o) const {
    return narration == o.narration && prompt == o.prompt && expected == o.expected && feedback == o.feedback &&
           answered == o.answered;
  }
};

Seen seen(const pla::LessonRunner& l, const pla::Session& s, bool with_answer) {
  Seen v;
  v.narration = l.narration(s, "en");
  v.prompt = l.question_prompt("en");
  for (const std::string& o : l.question_options("en")) v.prompt += "\n" + o;
  v.expected = l.expected_answer();
  if (with_answer) {
    v.answered = l.answered();
    v.feedback = l.feedback("en");
  }
  return v;
}

std::string describe(const Seen& v) {
  return "narration: " + v.narration.substr(0, 400) + "\nprompt: " + v.prompt.substr(0, 400) +
         "\nexpected: " + v.expected + "\nanswered: " + (v.answered ? "yes" : "no") +
         "\nfeedback: " + v.feedback.substr(0, 400);
}

// Every text the runner produces for the current step, in every language and format.
void read_everything(pla::LessonRunner& l, const pla::Session& s) {
  static const char* const langs[] = {"en", "vi", "zh", "pseudo"};
  const pla::NumberFormat formats[] = {pla::NumberFormat(), pla::NumberFormat(lab_number)};
  for (const char* lang : langs) {
    check_text(l.title(lang), "title");
    for (const pla::NumberFormat& f : formats) {
      check_text(l.narration(s, lang, f), "narration");
      check_text(l.question_prompt(lang, f), "prompt");
      for (const std::string& o : l.question_options(lang, f)) check_text(o, "option");
      check_text(l.expected_text(lang, f), "expected text");
      check_text(l.feedback(lang, f), "feedback");
    }
  }
  check_text(l.expected_answer(), "expected answer");
  const std::string state = l.state().dump();
  FUZZ_CHECK(fuzz::json_valid(state), "state() is not valid JSON: " + state.substr(0, 500));
  // An open question hides something and locks the lab; nothing else hides anything
  // (core/conceal.hpp).
  FUZZ_CHECK(l.question_open() == (l.concealed() != 0), "concealed cues without an open question, or none with one");
  FUZZ_CHECK(l.state()["locked"].get<bool>() == l.question_open(), "state().locked differs from question_open()");
  for (const pla::Json& e : l.take_events()) {
    const std::string t = e.dump();
    FUZZ_CHECK(fuzz::json_valid(t), "an event is not valid JSON: " + t.substr(0, 500));
  }
  for (const auto& kv : l.view_settings()) check_text(kv.first + " " + kv.second, "view setting");
  const pla::LessonProgress p = l.progress();
  FUZZ_CHECK(p.step < l.steps(), "progress past the last step");
  FUZZ_CHECK(p.results.size() == l.steps() && p.replies.size() == l.steps(), "progress of the wrong size");
  FUZZ_CHECK(l.question_kind() == pla::QuestionKind::Choice || l.question_options("en").empty(),
             "options for a question that is no choice");
}

// A reply of the question's kind other than (usually) the expected one.
std::string other_reply(const pla::LessonRunner& l, const pla::Session& s, std::uint8_t c) {
  const std::string& e = l.expected_answer();
  switch (l.question_kind()) {
    case pla::QuestionKind::YesNo: return (c & 1) ? (e == "yes" ? "no" : "yes") : ((c & 2) ? "YES" : "No");
    case pla::QuestionKind::Number: {
      double v = 0;
      if (!pla::parse_double(e, v)) v = 0;
      const double deltas[] = {1, -1, 0.5, 1e-12, 1e-6, 100, -1e300, 0};
      return pla::json_number(v + deltas[c & 7]);
    }
    case pla::QuestionKind::Choice: {
      const std::size_t n = l.lesson().steps[l.step()].question.options.size();
      return std::to_string(n ? c % n : 0);
    }
    case pla::QuestionKind::PickPoint: {
      if ((c & 15) == 15) return "none";
      const std::size_t n = s.data().size();
      return std::to_string(n ? c % n : 0);
    }
    case pla::QuestionKind::PlaceLine: {
      if ((c & 7) == 7) return "none";
      const int a = (c & 3) - 1, b = ((c >> 2) & 3) - 1, k = (c >> 4) - 8;
      if (a == 0 && b == 0) return "1, 0, " + std::to_string(k);
      if (!l.expected_line().empty() && (c & 0x80)) {  // near the expected line, or its opposite
        const std::vector<double>& x = l.expected_line();
        const double f = (c & 0x40) ? -2.0 : 1.0;
        return pla::json_number(f * x[0]) + " " + pla::json_number(f * x[1]) + "," + pla::json_number(f * x[2] + a * 1e-3);
      }
      return std::to_string(a) + " " + std::to_string(b) + " " + std::to_string(k);
    }
    default: return "";
  }
}

// A reply that is no answer to the question.
std::string bad_reply(const pla::LessonRunner& l, const pla::Session& s, std::uint8_t c) {
  switch (l.question_kind()) {
    case pla::QuestionKind::YesNo: return (c & 1) ? "maybe" : "";
    case pla::QuestionKind::Number: return (c & 1) ? "1e999" : ((c & 2) ? "nan" : "one");
    case pla::QuestionKind::Choice: return std::to_string(l.lesson().steps[l.step()].question.options.size());
    case pla::QuestionKind::PickPoint: return (c & 1) ? std::to_string(s.data().size()) : "-1";
    case pla::QuestionKind::PlaceLine: return (c & 1) ? "0 0 1" : "1 2";
    default: return "";
  }
}

void check_session(const pla::Session& s) {
  const pla::Status valid = s.data().validate();
  FUZZ_CHECK(valid.ok, valid.error);
  const std::string state = s.state_json();
  FUZZ_CHECK(fuzz::json_valid(state), "state_json is not valid JSON: " + state.substr(0, 1000));
}

const char kTinyLesson[] =
    R"({"format": 1, "id": "tiny", "title": {"en": "Tiny"},
        "steps": [{"narration": {"en": "w = {w}"}, "setup": {"preset": "textbook"}}]})";

// Loads the fuzzed lesson over a tiny one: true when it loads; a refused lesson leaves the
// runner's lesson as it was.
bool load_lesson(pla::LessonRunner& l, const std::string& text) {
  const pla::Status tiny = l.load(kTinyLesson, "tiny.json");
  FUZZ_CHECK(tiny.ok, tiny.error);
  pla::Status st = l.load(text, "fuzz.json");
  if (!st) {
    check_status(st, "load");
    FUZZ_CHECK(l.loaded() && l.id() == "tiny" && l.steps() == 1, "a refused lesson changed the runner");
    return false;
  }
  FUZZ_CHECK(l.steps() >= 1 && l.steps() <= 500, "a loaded lesson with " + std::to_string(l.steps()) + " steps");
  FUZZ_CHECK(!l.active(), "a loaded lesson is active before start");
  return true;
}

// One walk over a loaded lesson: the runner, its session, the choice bytes that drive it and
// what the walk knows of itself so far.
struct Walk {
  Walk(pla::LessonRunner& runner, pla::Session& session, Choices& bytes) : l(runner), s(session), choices(bytes) {}
  pla::LessonRunner& l;
  pla::Session& s;
  Choices& choices;
  bool all_ok = true;  // every step so far ran without error: replay must match the walk
  bool sliced = false;

  void note(const pla::Status& r, const char* what) {
    check_status(r, what);
    if (!r) all_ok = false;
  }
  // In slices: a call returns at once and its work goes on in work(); the call's own status
  // is work_status() once the work is done.
  pla::Status settle(pla::Status st) {
    if (!sliced) return st;
    for (std::size_t pieces = 0; l.busy(); ++pieces) {
      FUZZ_CHECK(l.question_kind() == pla::QuestionKind::None && l.narration(s, "en").empty(),
                 "a question or narration shown while the step's work runs");
      FUZZ_CHECK(pla::json_text(l.state()).find("\"work\"") != std::string::npos, "no work progress while busy");
      l.work(s, 0.0);
    }
    return st ? l.work_status() : st;
  }
};

// While every step so far ran without error, a step reached again shows what it showed
// when first reached.
void check_as_first_seen(const Walk& w, std::map<std::size_t, Seen>& first) {
  if (!w.all_ok) return;
  const pla::LessonRunner& l = w.l;
  const Seen now = seen(l, w.s, false);
  auto it = first.find(l.step());
  if (it == first.end())
    first.emplace(l.step(), now);
  else
    FUZZ_CHECK(it->second == now, "step " + std::to_string(l.step() + 1) +
                                      " shows differently when reached again\nfirst:\n" + describe(it->second) +
                                      "\nnow:\n" + describe(now));
}

// A question shown again (Back) with its first answer, or passed over with Next: read-only.
// A reply is refused, or (a "retry" question) taken as practice; the record stays.
void answer_closed_question(Walk& w, std::uint8_t c) {
  pla::LessonRunner& l = w.l;
  const pla::LessonProgress before = l.progress();
  const bool answered = l.answered(), right = l.last_correct();
  const std::string reply = (c & 1) ? l.expected_answer() : other_reply(l, w.s, w.choices.next());
  const pla::Status again = w.settle(l.answer(w.s, reply));
  check_status(again, "a second answer");
  FUZZ_CHECK(!again.ok || l.retry(), "a closed question took a second answer");
  FUZZ_CHECK(l.progress().results == before.results && l.progress().replies == before.replies &&
                 l.answered() == answered && l.last_correct() == right,
             "a second answer changed the record");
}

// The judgement of a reply: the expected answer is right; a different yes/no, option or
// point is wrong.
void check_judgement(const pla::Status& a, const std::string& reply, const std::string& expected, bool correct,
                     pla::QuestionKind kind) {
  if (!reply.empty() && reply == expected) {
    FUZZ_CHECK(a.ok || a.code == pla::Msg::lesson_step_failed,
               "the expected answer '" + expected + "' was refused: " + a.error);
    FUZZ_CHECK(correct, std::string("the expected answer '") + expected + "' to a " + pla::to_string(kind) +
                            " question was judged wrong");
  } else if (a.ok && !expected.empty() &&
             (kind == pla::QuestionKind::YesNo || kind == pla::QuestionKind::Choice ||
              (kind == pla::QuestionKind::PickPoint && reply != "none" && expected != "none"))) {
    std::string norm = reply;
    for (char& ch : norm) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    FUZZ_CHECK(correct == (norm == expected), "the reply '" + reply + "' judged " + (correct ? "right" : "wrong") +
                                                  " where '" + expected + "' is expected");
  }
}

// An open question answered as c says (c & 3: 0 expected, 1 another reply, 2 no answer and
// then another reply); once answered, a second answer is refused or taken as practice.
void answer_open_question(Walk& w, std::uint8_t c, pla::QuestionKind kind) {
  pla::LessonRunner& l = w.l;
  pla::Session& s = w.s;
  const std::uint8_t r = w.choices.next();
  if ((c & 3) == 2) {  // no answer: refused, nothing changes
    const pla::LessonProgress before = l.progress();
    const std::string reply = bad_reply(l, s, r);
    bool correct = false;
    const pla::Status bad = w.settle(l.answer(s, reply, &correct));
    FUZZ_CHECK(!bad.ok, std::string("the reply '") + reply + "' to a " + pla::to_string(kind) + " question was taken");
    check_status(bad, "a refused reply");
    FUZZ_CHECK(!l.answered() && l.progress().results == before.results, "a refused reply changed the progress");
  }
  const std::string expected = l.expected_answer();
  const std::string reply = (c & 3) == 0 ? expected : other_reply(l, s, r);
  bool correct = false;
  if (verbose()) std::fprintf(stderr, "  reply '%s' (expected '%s')\n", reply.c_str(), expected.c_str());
  const pla::Status a = reply.empty() ? pla::Status::success() : w.settle(l.answer(s, reply, &correct));
  check_judgement(a, reply, expected, correct, kind);
  check_status(a, "answer");
  if (!a.ok && l.answered()) w.all_ok = false;  // the question's effect failed
  if (l.answered()) {
    const pla::LessonProgress before = l.progress();
    const pla::Status again = w.settle(l.answer(s, reply));
    FUZZ_CHECK(!again.ok || l.retry(), "a second answer was taken");
    FUZZ_CHECK(l.progress().results == before.results, "a second answer changed the record");
    read_everything(l, s);
  }
}

// The reply of one move to the step's question, if it has one (c & 3, see the top).
void answer_step(Walk& w, std::uint8_t c) {
  pla::LessonRunner& l = w.l;
  const pla::QuestionKind kind = l.question_kind();
  if (kind == pla::QuestionKind::None) {
    bool correct = false;
    FUZZ_CHECK(!l.answer(w.s, "yes", &correct).ok, "an answer taken on a step without a question");
  } else if (l.progress().results[l.step()] != 0) {
    answer_closed_question(w, c);
  } else if ((c & 3) != 3) {
    answer_open_question(w, c, kind);
  }
}

// Next in slices, cancelled after one slice (nothing of it stays), then made again.
void next_cancelled_once(Walk& w, std::size_t from) {
  pla::LessonRunner& l = w.l;
  pla::Session& s = w.s;
  const std::string session_before = s.state_json();
  const Seen seen_before = seen(l, s, true);
  const pla::LessonProgress progress_before = l.progress();
  const pla::Status started = l.next(s);
  if (started.ok && l.busy()) {
    l.work(s, 0.0);
    if (l.busy()) {
      FUZZ_CHECK(l.cancel(s), "cancel refused while busy");
      FUZZ_CHECK(!l.busy() && l.step() == from && l.progress().results == progress_before.results,
                 "cancel did not put the lesson back");
      FUZZ_CHECK(s.state_json() == session_before, "cancel left the session changed");
      FUZZ_CHECK(seen(l, s, true) == seen_before, "cancel left the step showing differently");
    }
  }
  if (l.step() == from && !l.done()) w.note(w.settle(l.next(s)), "next");
  else w.note(w.settle(started), "next");
}

// The move of one choice byte after its reply: Back ((c >> 2) & 7 of 6 or 7, while Backs
// are left) or Next (cancelled once first when (c >> 5) is 5 in slices).
void move_back_or_next(Walk& w, std::uint8_t c, int& backs_left) {
  pla::LessonRunner& l = w.l;
  if (((c >> 2) & 7) >= 6 && backs_left > 0 && l.step() > 0) {
    --backs_left;
    const std::size_t from = l.step();
    w.note(w.settle(l.back(w.s)), "back");
    FUZZ_CHECK(l.step() + 1 == from && !l.done(), "back did not go one step back");
  } else {
    const std::size_t from = l.step();
    if (w.sliced && (c >> 5) == 5) {
      next_cancelled_once(w, from);
    } else {
      w.note(w.settle(l.next(w.s)), "next");
    }
    FUZZ_CHECK(l.done() || l.step() == from + 1, "next did not go one step on");
  }
}

// The walk from the first step, at most 2 * steps + 16 moves, one choice byte a move: true
// when a choice asked for the resume after the walk.
bool walk_lesson(Walk& w) {
  pla::LessonRunner& l = w.l;
  std::map<std::size_t, Seen> first;  // per step: what it showed when first reached
  const std::size_t max_moves = 2 * l.steps() + 16;
  int backs_left = 4;
  bool resume_wanted = false;
  for (std::size_t move = 0; move < max_moves && !l.done(); ++move) {
    read_everything(l, w.s);
    check_as_first_seen(w, first);
    const std::uint8_t c = w.choices.next();
    if (verbose())
      std::fprintf(stderr, "step %zu of %zu, %s question, choice %u\n", l.step() + 1, l.steps(),
                   pla::to_string(l.question_kind()), static_cast<unsigned>(c));
    resume_wanted = resume_wanted || (c >> 5) == 7;
    if ((c >> 5) == 6 || (c >> 5) == 5) {
      w.sliced = true;
      l.set_slicing(true);
    }
    answer_step(w, c);
    move_back_or_next(w, c, backs_left);
  }
  return resume_wanted;
}

// Where the walk ends: after the last step Next is refused and no question is open.
void check_end(Walk& w) {
  pla::LessonRunner& l = w.l;
  read_everything(l, w.s);
  if (l.done()) {
    FUZZ_CHECK(!w.settle(l.next(w.s)).ok, "next after the end was taken");
    FUZZ_CHECK(l.question_kind() == pla::QuestionKind::None, "a question open after the end");
  }
  check_session(w.s);
}

// Resume where the walk stands, as a saved progress does, on a fresh session.
void check_resume(const std::string& text, const Walk& w) {
  const pla::LessonRunner& l = w.l;
  const bool ok_before = w.all_ok;
  const Seen walked = seen(l, w.s, true);
  pla::LessonRunner r;
  pla::Session s2;
  FUZZ_CHECK(r.load(text, "fuzz.json").ok, "the lesson loads once, not twice");
  const pla::Status rs = r.resume(s2, l.progress());
  check_status(rs, "resume");
  read_everything(r, s2);
  FUZZ_CHECK(r.step() == l.step(), "resume is not at the step of the walk");
  // (A failed step ends resume early: the reply is not given again and the lesson not
  // finished, where the walk went on past the failure; so done is compared only after
  // a resume without error.)
  FUZZ_CHECK(!rs.ok || r.done() == l.done(), "resume did not finish the lesson the walk finished");
  if (ok_before && rs.ok) {
    const Seen resumed = seen(r, s2, true);
    FUZZ_CHECK(resumed == walked, "resume shows differently from the walk\nwalked:\n" + describe(walked) +
                                      "\nresumed:\n" + describe(resumed));
  }
  check_session(s2);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::size_t cut = 0;
  while (cut < size && data[cut] != 0) ++cut;
  const std::string text(reinterpret_cast<const char*>(data), cut);
  Choices choices(data + (cut < size ? cut + 1 : size), cut < size ? size - cut - 1 : 0);

  pla::LessonRunner l;
  if (!load_lesson(l, text)) return 0;

  pla::Session s;
  Walk w(l, s, choices);
  w.note(l.start(s), "start");
  FUZZ_CHECK(l.active() && l.step() == 0 && !l.done(), "start is not at step 1");
  const bool resume_wanted = walk_lesson(w);
  check_end(w);
  if (resume_wanted) check_resume(text, w);
  return 0;
}
