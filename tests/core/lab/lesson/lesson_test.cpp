// Guided lessons (lesson.hpp): the built-in lessons walked to their end (answered right,
// answered wrong, with next alone) against hand-computed numbers, back, load errors
// with their codes and places, events, and the catalogs' translations of the codes.
// (The place_line question: lesson_place_line_test.cpp.)
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/lab/lesson/lesson.hpp"
#include "core/lab/session/session.hpp"
#include "core/learn/trace.hpp"
#include "expect_message.hpp"

namespace pla::lesson_test {
namespace {

using test::failed_with;

enum class Walk { Right, Wrong, NextOnly };

// A wrong reply to the current question.
std::string wrong_answer(const LessonRunner& r, const Session& s) {
  const std::string& e = r.expected_answer();
  switch (r.question_kind()) {
    case QuestionKind::YesNo: return e == "yes" ? "no" : "yes";
    case QuestionKind::Number: return msg_num(std::stod(e) + 1.0);
    case QuestionKind::PickPoint: return e == "none" ? "0" : std::to_string((std::stoul(e) + 1) % s.data().size());
    case QuestionKind::Choice:
      return std::to_string((std::stoul(e) + 1) % r.lesson().steps[r.step()].question.options.size());
    case QuestionKind::PlaceLine: {  // the line turned by 90 degrees
      const std::vector<double>& l = r.expected_line();
      return l.size() == 3 ? msg_num(-l[1]) + " " + msg_num(l[0]) + " " + msg_num(l[2]) : "1 0 0";
    }
    default: return "";
  }
}

// Walks a lesson to its end; returns the number of questions met.
std::size_t walk(LessonRunner& r, Session& s, Walk how) {
  std::size_t questions = 0;
  EXPECT_TRUE(r.start(s).ok);
  for (std::size_t guard = 0; !r.done() && guard < 1000; ++guard) {
    EXPECT_FALSE(r.narration(s, "en").empty());
    EXPECT_EQ(r.narration(s, "en").find('{'), std::string::npos) << r.narration(s, "en");
    if (r.question_kind() != QuestionKind::None) {
      ++questions;
      EXPECT_FALSE(r.expected_answer().empty()) << r.id() << " step " << r.step();
      EXPECT_FALSE(r.question_prompt("zh").empty());
      if (how != Walk::NextOnly) {
        bool correct = false;
        const std::string reply = how == Walk::Right ? r.expected_answer() : wrong_answer(r, s);
        const Status st = r.answer(s, reply, &correct);
        EXPECT_TRUE(st.ok) << r.id() << " step " << r.step() << ": " << st.error;
        EXPECT_EQ(correct, how == Walk::Right) << r.id() << " step " << r.step() << " reply " << reply;
        EXPECT_TRUE(r.answered());
        EXPECT_TRUE(failed_with(r.answer(s, reply), Msg::lesson_answered));
      }
    }
    const Status st = r.next(s);
    EXPECT_TRUE(st.ok) << r.id() << " step " << r.step() << ": " << st.error;
  }
  EXPECT_TRUE(r.done());
  return questions;
}

std::vector<std::uint32_t> updates_in_trace(const Session& s) {
  std::vector<std::uint32_t> out;
  for (const TraceStep& t : s.trace().log())
    if (t.mistake) out.push_back(t.index);
  return out;
}

TEST(Lesson, BuiltinsAreListedInTeachingOrder) {
  EXPECT_EQ(builtin_lesson_ids(), (std::vector<std::string>{"textbook", "threshold-neuron", "dual", "customers",
                                                          "learning-rate", "novikoff", "random-start", "not-separable",
                                                          "averaged-early-stopping", "lifting", "vc-bound"}));
  std::string json;
  EXPECT_FALSE(builtin_lesson("nope", json));
  LessonRunner r;
  EXPECT_TRUE(failed_with(r.load_builtin("nope"), Msg::lesson_builtin_unknown, {{"id", "nope"}}));
}

// A built-in lesson's text: the build's own (this build carries them all), and the file it is
// fetched as where a build leaves it out (the web build: core/base/data_files.hpp).
TEST(Lesson, BuiltinTextIsTheBuildsOwnOrItsFile) {
  DataFiles files;
  for (const std::string& id : builtin_lesson_ids()) {
    std::string own, text;
    ASSERT_TRUE(builtin_lesson(id, own));
    ASSERT_TRUE(builtin_lesson_text(id, &files, text).ok);
    EXPECT_EQ(text, own);
    EXPECT_EQ(builtin_lesson_file(id), "lessons/" + id + ".json");
  }
  EXPECT_TRUE(files.take_wanted().empty());  // nothing fetched when the build has it
  std::string text;
  EXPECT_TRUE(failed_with(builtin_lesson_text("nope", &files, text), Msg::lesson_builtin_unknown, {{"id", "nope"}}));
}

TEST(Lesson, EveryBuiltinPlaysToItsEndRightWrongAndWithNextAlone) {
  for (const std::string& id : builtin_lesson_ids()) {
    for (Walk how : {Walk::Right, Walk::Wrong, Walk::NextOnly}) {
      Session s;
      LessonRunner r;
      const Status st = r.load_builtin(id);
      ASSERT_TRUE(st.ok) << st.error;
      const std::size_t questions = walk(r, s, how);
      EXPECT_GE(questions, 3u) << id;
      const std::vector<Json> ev = r.take_events();
      ASSERT_FALSE(ev.empty());
      const Json& last = ev.back();
      EXPECT_EQ(last["event"], "lesson_finished");
      EXPECT_EQ(last["answered"], how == Walk::NextOnly ? 0u : questions) << id;
      EXPECT_EQ(last["correct"], how == Walk::Right ? questions : 0u) << id;
      EXPECT_TRUE(failed_with(r.next(s), Msg::lesson_finished, {{"id", id}}));
    }
  }
}

TEST(Lesson, TextbookUpdatesFallOnX1X3X3X3X1X3X3) {
  Session s;
  LessonRunner r;
  ASSERT_TRUE(r.load_builtin("textbook").ok);
  ASSERT_TRUE(r.start(s).ok);
  // The expected answers, by hand (see perceptron_test.cpp): updates on x1 (w = (3,3), b = 1),
  // x3 ((2,2), 0), x3 ((1,1), -1), x3 ((0,0), -2), x1 ((3,3), -1), x3 ((2,2), -2), x3 ((1,1), -3).
  EXPECT_EQ(r.question_kind(), QuestionKind::PickPoint);
  EXPECT_EQ(r.expected_answer(), "0");
  EXPECT_NE(r.narration(s, "en").find("w = (0, 0), b = 0 with learning rate η = 1"), std::string::npos) << r.narration(s, "en");
  bool correct = false;
  ASSERT_TRUE(r.answer(s, "0", &correct).ok);
  EXPECT_TRUE(correct);
  EXPECT_NE(r.feedback("en").find("It is x1: with w = 0"), std::string::npos) << r.feedback("en");
  ASSERT_TRUE(r.next(s).ok);  // step 2: narrates update 1, asks whether x2 is a mistake
  const std::string n2 = r.narration(s, "en");
  EXPECT_NE(n2.find("Update 1 on x1 = (3, 3), y = +1: y(w·x + b) = 0 ≤ 0."), std::string::npos) << n2;
  EXPECT_NE(n2.find("= (3, 3) and b = 0 + (+1) = 1."), std::string::npos) << n2;
  EXPECT_EQ(r.expected_answer(), "no");
  ASSERT_TRUE(r.answer(s, "yes", &correct).ok);
  EXPECT_FALSE(correct);
  EXPECT_NE(r.feedback("en").find("For x2, y(w·x + b) = 3·4 + 3·3 + 1 = 22 > 0"), std::string::npos) << r.feedback("en");
  ASSERT_TRUE(r.next(s).ok);  // step 3: update 2 on x3; asks b after the next update
  EXPECT_NE(r.narration(s, "en").find("Update 2 on x3: w = (2, 2), b = 0."), std::string::npos);
  EXPECT_EQ(r.expected_answer(), "-1");
  ASSERT_TRUE(r.next(s).ok);  // step 4
  EXPECT_NE(r.narration(s, "en").find("Update 3 was on x3: w = (1, 1), b = -1."), std::string::npos);
  EXPECT_EQ(r.expected_answer(), "2");
  ASSERT_TRUE(r.next(s).ok);  // step 5
  EXPECT_NE(r.narration(s, "en").find("After update 4 on x3: w = (0, 0), b = -2."), std::string::npos);
  EXPECT_EQ(r.expected_answer(), "0");
  ASSERT_TRUE(r.next(s).ok);  // step 6
  EXPECT_NE(r.narration(s, "en").find("Update 5 on x1 = (3, 3): w = (3, 3), b = -1."), std::string::npos);
  EXPECT_EQ(r.expected_answer(), "2");  // w1 after update 6
  ASSERT_TRUE(r.next(s).ok);  // step 7
  EXPECT_NE(r.narration(s, "en").find("Update 6 on x3: w = (2, 2), b = -2."), std::string::npos);
  EXPECT_EQ(r.question_kind(), QuestionKind::PlaceLine);  // the line after update 7: x1 + x2 - 3 = 0
  EXPECT_EQ(r.expected_answer(), "1 1 -3");
  ASSERT_TRUE(r.answer(s, "1 1 -3", &correct).ok);
  EXPECT_TRUE(correct);
  ASSERT_TRUE(r.next(s).ok);  // step 8: update 7
  EXPECT_NE(r.narration(s, "en").find("Update 7 on x3: w = (1, 1), b = -3,"), std::string::npos);
  EXPECT_EQ(updates_in_trace(s), (std::vector<std::uint32_t>{0, 2, 2, 2, 0, 2, 2}));
  EXPECT_EQ(s.learner().running_w(), (std::vector<double>{1, 1}));
  EXPECT_EQ(s.learner().running_b(), -3.0);
  EXPECT_EQ(r.expected_answer(), "no");  // the next pass makes no update
  ASSERT_TRUE(r.next(s).ok);  // step 9: trained to convergence, nothing changes
  EXPECT_TRUE(s.learner().converged());
  EXPECT_EQ(s.learner().updates(), 7u);
  EXPECT_EQ(updates_in_trace(s), (std::vector<std::uint32_t>{0, 2, 2, 2, 0, 2, 2}));
  EXPECT_EQ(s.learner().w(), (std::vector<double>{1, 1}));
  EXPECT_EQ(s.learner().b(), -3.0);
  EXPECT_EQ(r.expected_answer(), "26");  // R̂² = ‖(4, 3, 1)‖²
  ASSERT_TRUE(r.next(s).ok);  // step 10: the bound (R̂/γ̂)² from u = (1, 1, -4)/√18
  EXPECT_EQ(r.expected_answer(), "117");
  ASSERT_TRUE(r.next(s).ok);  // step 11: asks where the order x1, x3, x3, x3, x2, x3, x3, x3, x1, x3, x3 ends
  EXPECT_EQ(s.learner().running_w(), (std::vector<double>{0, 0}));  // from w = 0: the answer is not drawn
  EXPECT_EQ(r.expected_answer(), "1");  // 2x1 + x2 - 5 = 0
  ASSERT_TRUE(r.next(s).ok);  // step 12: the lab makes those updates
  EXPECT_EQ(updates_in_trace(s), (std::vector<std::uint32_t>{0, 2, 2, 2, 1, 2, 2, 2, 0, 2, 2}));
  EXPECT_EQ(s.learner().running_w(), (std::vector<double>{2, 1}));
  EXPECT_EQ(s.learner().running_b(), -5.0);
  ASSERT_TRUE(r.next(s).ok);  // step 13: eta 0.5 only
  EXPECT_EQ(s.settings().learner.pla.eta, 0.5);
  EXPECT_FALSE(s.settings().learner.pla.restart);
  EXPECT_EQ(r.expected_answer(), "-1.5");
  ASSERT_TRUE(r.next(s).ok);  // step 14: trained
  EXPECT_EQ(s.learner().w(), (std::vector<double>{0.5, 0.5}));
  EXPECT_EQ(s.learner().b(), -1.5);
  EXPECT_EQ(s.learner().updates(), 7u);
  EXPECT_NE(r.narration(s, "en").find("w = (0.5, 0.5), b = -1.5"), std::string::npos);
  // The caller's number format (a true minus sign) and the languages.
  const NumberFormat minus = [](double v) {
    std::string t = msg_num(v);
    return t[0] == '-' ? "\u2212" + t.substr(1) : t;
  };
  EXPECT_NE(r.narration(s, "en", minus).find("b = \u22121.5"), std::string::npos);
  EXPECT_NE(r.narration(s, "vi").find("lần cập nhật"), std::string::npos);
  EXPECT_NE(r.narration(s, "zh").find("次更新"), std::string::npos);
  EXPECT_EQ(r.narration(s, "fr"), r.narration(s, "en"));
  EXPECT_EQ(r.narration(s, "pseudo"), r.narration(s, "en") + " " + r.narration(s, "en"));
  ASSERT_TRUE(r.next(s).ok);  // step 15: the restart variant only (eta stays 0.5)
  EXPECT_EQ(s.settings().learner.pla.eta, 0.5);
  EXPECT_TRUE(s.settings().learner.pla.restart);
  EXPECT_EQ(r.expected_answer(), "no");  // the same line
  ASSERT_TRUE(r.next(s).ok);  // step 16: trained with the restart rule
  EXPECT_EQ(updates_in_trace(s), (std::vector<std::uint32_t>{0, 2, 2, 2, 0, 2, 2}));
  EXPECT_EQ(s.learner().w(), (std::vector<double>{0.5, 0.5}));
  EXPECT_EQ(s.learner().b(), -1.5);
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_TRUE(r.done());
}

TEST(Lesson, ThresholdNeuronAsksForT9) {
  Session s;
  LessonRunner r;
  ASSERT_TRUE(r.load_builtin("threshold-neuron").ok);
  ASSERT_TRUE(r.start(s).ok);
  EXPECT_EQ(s.data().d, 5);
  EXPECT_EQ(r.question_kind(), QuestionKind::Number);
  EXPECT_EQ(r.expected_answer(), "9");
  bool correct = true;
  EXPECT_TRUE(failed_with(r.answer(s, "nine"), Msg::lesson_reply_number, {{"value", "nine"}, {"step", "1"}}));
  EXPECT_FALSE(r.answered());
  ASSERT_TRUE(r.answer(s, "10", &correct).ok);
  EXPECT_FALSE(correct);
  EXPECT_NE(r.feedback("en").find("= 9"), std::string::npos);
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(r.expected_answer(), "no");
  EXPECT_TRUE(failed_with(r.answer(s, "maybe"), Msg::lesson_reply_yes_no));
  ASSERT_TRUE(r.answer(s, "No", &correct).ok);
  EXPECT_TRUE(correct);
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(r.question_kind(), QuestionKind::Choice);  // the weight of the constant input: -t
  EXPECT_EQ(r.question_options("en").size(), 3u);
  EXPECT_TRUE(failed_with(r.answer(s, "3"), Msg::lesson_reply_index, {{"max", "2"}}));
  ASSERT_TRUE(r.answer(s, "1", &correct).ok);  // option 1: w⁽⁶⁾ = −t
  EXPECT_TRUE(correct);
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(r.expected_answer(), "-1");  // the augmented ŵ·x̂ = T - t
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(r.expected_answer(), "no");  // the learnt weights are not the hand-set ones
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_TRUE(s.learner().converged());
  EXPECT_TRUE(failed_with(r.answer(s, "0"), Msg::lesson_no_question, {{"step", "6"}}));
}

TEST(Lesson, DualEndsWithAlpha205) {
  Session s;
  LessonRunner r;
  ASSERT_TRUE(r.load_builtin("dual").ok);
  ASSERT_TRUE(r.start(s).ok);
  EXPECT_EQ(r.expected_answer(), "6");
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(r.expected_answer(), "22");  // y2(α1ηy1G12 + b) of x2 after the first update (on x1)
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_NE(r.narration(s, "en").find("α = (1, 0, 0), b = 1, which is w = (3, 3)"), std::string::npos)
      << r.narration(s, "en");
  EXPECT_EQ(r.expected_answer(), "0");  // b after the update on x3
  while (!r.done() && r.step() < 5) ASSERT_TRUE(r.next(s).ok);  // step 6: the nearest point
  EXPECT_EQ(s.learner().alpha(), (std::vector<std::uint64_t>{2, 0, 5}));
  EXPECT_EQ(s.learner().w(), (std::vector<double>{1, 1}));
  EXPECT_EQ(s.learner().b(), -3.0);
  EXPECT_NE(r.narration(s, "en").find("the final line x⁽¹⁾ + x⁽²⁾ − 3 = 0"), std::string::npos);
  EXPECT_EQ(r.expected_answer(), "2");  // x3, the nearest point to the final line
}

TEST(Lesson, BackRebuildsTheSameStateAsGoingForward) {
  for (const std::string& id : builtin_lesson_ids()) {
    Session fwd;
    LessonRunner a;
    ASSERT_TRUE(a.load_builtin(id).ok);
    ASSERT_TRUE(a.start(fwd).ok);
    // Each step as the forward walk left it: after its answer (every question answered).
    std::vector<std::string> states, narrations, expected, feedback;
    std::vector<bool> asks;
    for (;;) {
      asks.push_back(a.question_kind() != QuestionKind::None);
      if (asks.back()) {
        ASSERT_TRUE(a.answer(fwd, a.expected_answer()).ok);
      }
      states.push_back(fwd.state().dump());
      narrations.push_back(a.narration(fwd, "vi"));
      expected.push_back(a.expected_answer());
      feedback.push_back(a.feedback("en"));
      if (a.step() + 1 == a.steps()) break;
      ASSERT_TRUE(a.next(fwd).ok);
    }
    ASSERT_TRUE(a.next(fwd).ok);
    ASSERT_TRUE(a.done());
    const std::vector<int> results = a.results();
    // From done, back shows the last step again; then step by step to the first, each
    // question read-only with its answer (replayed: the session after its effect).
    for (std::size_t i = states.size(); i-- > 0;) {
      ASSERT_TRUE(a.back(fwd).ok) << id << " " << i;
      EXPECT_FALSE(a.done());
      ASSERT_EQ(a.step(), i);
      EXPECT_EQ(fwd.state().dump(), states[i]) << id << " step " << i;
      EXPECT_EQ(a.narration(fwd, "vi"), narrations[i]) << id << " step " << i;
      EXPECT_EQ(a.expected_answer(), expected[i]) << id << " step " << i;
      EXPECT_EQ(a.feedback("en"), feedback[i]) << id << " step " << i;
      EXPECT_EQ(a.answered(), asks[i]) << id << " step " << i;
      EXPECT_EQ(a.last_correct(), asks[i]) << id << " step " << i;
      EXPECT_EQ(a.results(), results) << id << " step " << i;
    }
    EXPECT_TRUE(failed_with(a.back(fwd), Msg::lesson_at_start, {{"id", id}}));
  }
}

// Each step shown has a number the session gives (new_id): no two are alike, whichever
// runner of the session shows the step, and a restored session goes on counting.
TEST(Lesson, EveryStepShownHasANewNumberFromTheSession) {
  Session s;
  LessonRunner a(s), b(s);
  ASSERT_TRUE(a.load_builtin("textbook").ok);
  ASSERT_TRUE(b.load_builtin("textbook").ok);
  std::set<std::uint64_t> seen;
  ASSERT_TRUE(a.start(s).ok);
  seen.insert(a.shown_serial());
  ASSERT_TRUE(a.next(s).ok);
  seen.insert(a.shown_serial());
  ASSERT_TRUE(a.back(s).ok);  // the session restored from the step's snapshot
  seen.insert(a.shown_serial());
  ASSERT_TRUE(b.start(s).ok);
  seen.insert(b.shown_serial());
  EXPECT_EQ(seen.size(), 4u);
  const Session older = s;
  const std::uint64_t last = s.new_id();
  s.restore(older);
  EXPECT_GT(s.new_id(), last);
}

TEST(Lesson, StartResetsTheSessionsSettings) {
  Session s;
  ASSERT_TRUE(s.command({"set", "order", "shuffle"}).ok);
  ASSERT_TRUE(s.command({"set", "validation", "0.3"}).ok);
  ASSERT_TRUE(s.command({"set", "init", "random"}).ok);
  LessonRunner r;
  ASSERT_TRUE(r.load_builtin("dual").ok);  // dual refuses init = random: the baseline comes first
  ASSERT_TRUE(r.start(s).ok);
  EXPECT_EQ(s.settings().validation, 0.0);
  EXPECT_EQ(s.learner().config().algo, Algo::Dual);
}

TEST(Lesson, EventsComeInOrder) {
  Session s;
  LessonRunner r;
  EXPECT_TRUE(failed_with(r.start(s), Msg::lesson_not_loaded));
  EXPECT_TRUE(failed_with(r.next(s), Msg::lesson_not_active));
  ASSERT_TRUE(r.load_builtin("threshold-neuron").ok);
  EXPECT_FALSE(r.active());
  ASSERT_TRUE(r.start(s).ok);
  ASSERT_TRUE(r.answer(s, "9").ok);
  ASSERT_TRUE(r.next(s).ok);
  ASSERT_TRUE(r.answer(s, "yes").ok);
  ASSERT_TRUE(r.next(s).ok);
  ASSERT_TRUE(r.back(s).ok);
  while (!r.done()) ASSERT_TRUE(r.next(s).ok);
  const std::vector<Json> ev = r.take_events();
  std::vector<std::string> got;
  for (const Json& e : ev) {
    std::string t = e["event"].get<std::string>();
    if (e.contains("step")) t += " " + e["step"].dump();
    if (e.contains("question")) t += " " + e["question"].dump() + " " + e["answer"].get<std::string>() + " " + e["correct"].dump();
    if (t.rfind("lesson_finished", 0) == 0) t += " " + e["answered"].dump() + " " + e["correct"].dump();
    EXPECT_EQ(e["id"], "threshold-neuron");
    got.push_back(t);
  }
  EXPECT_EQ(got, (std::vector<std::string>{"lesson_started", "step_shown 0", "answer_given 0 9 true", "step_shown 1",
                                           "answer_given 1 yes false", "step_shown 2", "step_shown 1", "step_shown 2",
                                           "step_shown 3", "step_shown 4", "step_shown 5", "step_shown 6",
                                           "step_shown 7", "lesson_finished 2 1"}));  // Back kept step 2's answer
  EXPECT_TRUE(r.take_events().empty());
  const Json st = r.state();
  EXPECT_EQ(st["id"], "threshold-neuron");
  EXPECT_EQ(st["step"], 7u);
  EXPECT_EQ(st["steps"], 8u);
  EXPECT_EQ(st["done"], true);
}

// ---------------------------------------------------------------- load errors

Json small_lesson() {
  const char* text = R"({"format": 1, "id": "mine", "title": {"en": "Mine"},
    "steps": [
      {"narration": {"en": "start at w = {w}"}, "setup": {"preset": "textbook", "eta": 1}},
      {"narration": {"en": "k = {k}"}, "actions": [["step"], ["seek", 1]],
       "question": {"kind": "number", "prompt": {"en": "b?"}, "answer": 1}},
      {"narration": {"en": "pick"}, "question": {"kind": "choice", "prompt": {"en": "which?"},
       "options": [{"en": "a"}, {"en": "b"}], "answer": 1}}
    ]})";
  const Json j = Json::parse(text, nullptr, false);
  EXPECT_FALSE(j.is_discarded());
  return j;
}

TEST(Lesson, TheSmallLessonLoads) {
  LessonRunner r;
  const Status st = r.load(small_lesson().dump(), "mine.json");
  EXPECT_TRUE(st.ok) << st.error;
  EXPECT_EQ(r.id(), "mine");
  EXPECT_EQ(r.steps(), 3u);
}

struct BadCase {
  const char* what;
  std::string json;
  Msg code;
  MsgArgs args;
};

std::vector<BadCase> bad_cases() {
  std::vector<BadCase> out;
  auto with = [](auto edit) {
    Json j = small_lesson();
    edit(j);
    return j.dump();
  };
  out.push_back({"not json", "{\"format\": 1, ", Msg::lesson_not_json, {{"source", "mine.json"}}});
  out.push_back({"an array", "[1, 2]", Msg::lesson_expected_object, {{"field", "lesson"}}});
  out.push_back({"typo in a key", with([](Json& j) {
                   j["steps"][1]["qestion"] = j["steps"][1]["question"];
                   j["steps"][1].erase("question");
                 }),
                 Msg::lesson_unknown_key, {{"step", "2"}, {"field", "steps[2].qestion"}}});
  out.push_back({"typo in a top key", with([](Json& j) { j["titel"] = 1; }), Msg::lesson_unknown_key, {{"field", "titel"}}});
  out.push_back({"wrong type", with([](Json& j) { j["steps"][1]["question"]["answer"] = "one"; }),
                 Msg::lesson_expected_number, {{"step", "2"}, {"field", "steps[2].question.answer"}}});
  out.push_back({"unknown placeholder", with([](Json& j) { j["steps"][1]["narration"]["vi"] = "k = {kk}"; }),
                 Msg::lesson_placeholder, {{"step", "2"}, {"field", "steps[2].narration.vi"}, {"name", "{kk}"}}});
  out.push_back({"answer out of range", with([](Json& j) { j["steps"][2]["question"]["answer"] = 2; }),
                 Msg::lesson_answer_range, {{"step", "3"}, {"field", "steps[3].question.answer"}, {"value", "2"}, {"max", "1"}}});
  out.push_back({"empty steps", with([](Json& j) { j["steps"] = Json::array(); }), Msg::lesson_no_steps, {{"field", "steps"}}});
  out.push_back({"format 2", with([](Json& j) { j["format"] = 2; }), Msg::lesson_format, {{"value", "2"}}});
  out.push_back({"bad id", with([](Json& j) { j["id"] = "My Lesson"; }), Msg::lesson_bad_id, {{"field", "id"}}});
  out.push_back({"no english", with([](Json& j) { j["title"] = Json{{"vi", "x"}}; }), Msg::lesson_no_text, {{"field", "title"}}});
  out.push_back({"no narration", with([](Json& j) { j["steps"][2].erase("narration"); }), Msg::lesson_missing_key,
                 {{"field", "steps[3].narration"}}});
  out.push_back({"unknown action", with([](Json& j) { j["steps"][1]["actions"][1] = Json::array({"jump"}); }),
                 Msg::lesson_action_unknown, {{"field", "steps[2].actions[2]"}, {"name", "jump"}}});
  out.push_back({"action arity", with([](Json& j) { j["steps"][1]["actions"][1] = Json::array({"seek"}); }),
                 Msg::lesson_action_count,
                 {{"step", "2"}, {"field", "steps[2].actions[2]"}, {"name", "seek"}, {"given", "0"}, {"count", "1"},
                  {"usage", "seek STEP (a whole number)"}}});
  out.push_back({"negative index", with([](Json& j) { j["steps"][1]["actions"][1] = Json::array({"update_on", -1}); }),
                 Msg::lesson_expected_whole, {{"field", "steps[2].actions[2][2]"}}});
  out.push_back({"bad setting", with([](Json& j) { j["steps"][0]["setup"]["eta"] = -1; }), Msg::lesson_setting_bad,
                 {{"step", "1"}, {"field", "steps[1].setup.eta"}}});
  out.push_back({"unknown setting", with([](Json& j) { j["steps"][0]["setup"]["etta"] = 1; }), Msg::lesson_unknown_key,
                 {{"field", "steps[1].setup.etta"}}});
  out.push_back({"unknown preset", with([](Json& j) { j["steps"][0]["setup"]["preset"] = "txtbook"; }),
                 Msg::lesson_preset_unknown, {{"value", "txtbook"}}});
  out.push_back({"preset and data", with([](Json& j) { j["steps"][0]["setup"]["data"] = Json::parse("[[1, 2, 1]]"); }),
                 Msg::lesson_preset_and_data, {{"field", "steps[1].setup"}}});
  out.push_back({"ragged data", with([](Json& j) {
                   j["steps"][0]["setup"].erase("preset");
                   j["steps"][0]["setup"]["data"] = Json::parse("[[1, 2, 1], [1, -1]]");
                 }),
                 Msg::lesson_data_row, {{"field", "steps[1].setup.data[2]"}}});
  out.push_back({"bad label", with([](Json& j) {
                   j["steps"][0]["setup"].erase("preset");
                   j["steps"][0]["setup"]["data"] = Json::parse("[[1, 2, 3]]");
                 }),
                 Msg::lesson_data_row, {{"field", "steps[1].setup.data[1][3]"}}});
  out.push_back({"first step without data", with([](Json& j) { j["steps"][0].erase("setup"); }), Msg::lesson_first_data,
                 {{"field", "steps[1].setup"}}});
  out.push_back({"unknown kind", with([](Json& j) { j["steps"][1]["question"]["kind"] = "essay"; }),
                 Msg::lesson_kind_unknown, {{"field", "steps[2].question.kind"}, {"value", "essay"}}});
  out.push_back({"answer and from", with([](Json& j) { j["steps"][1]["question"]["from"] = "b_after"; }),
                 Msg::lesson_answer_and_from, {{"field", "steps[2].question"}}});
  out.push_back({"unknown from", with([](Json& j) {
                   j["steps"][1]["question"].erase("answer");
                   j["steps"][1]["question"]["from"] = "w0_after";
                 }),
                 Msg::lesson_from_unknown, {{"field", "steps[2].question.from"}, {"value", "w0_after"}}});
  out.push_back({"no answer", with([](Json& j) { j["steps"][1]["question"].erase("answer"); }), Msg::lesson_missing_key,
                 {{"field", "steps[2].question.answer"}}});
  out.push_back({"yes_no answer", with([](Json& j) {
                   j["steps"][1]["question"]["kind"] = "yes_no";
                   j["steps"][1]["question"]["answer"] = "maybe";
                 }),
                 Msg::lesson_answer_bad, {{"field", "steps[2].question.answer"}, {"value", "maybe"}}});
  out.push_back({"one option", with([](Json& j) { j["steps"][2]["question"]["options"].erase(1); }),
                 Msg::lesson_missing_key, {{"field", "steps[3].question.options[2]"}}});
  out.push_back({"option text", with([](Json& j) { j["steps"][2]["question"]["options"][1] = "b"; }),
                 Msg::lesson_expected_object, {{"field", "steps[3].question.options[2]"}}});
  // The actions against the session's command table (kept last: the cases above are
  // also taken by position).
  out.push_back({"add_query on 2-D data", with([](Json& j) { j["steps"][1]["actions"][1] = Json::array({"add_query", 1, 2, 3}); }),
                 Msg::lesson_action_dim,
                 {{"step", "2"}, {"field", "steps[2].actions[2]"}, {"name", "add_query"}, {"given", "3"}, {"count", "2"}, {"d", "2"}}});
  out.push_back({"a number for a word", with([](Json& j) { j["steps"][1]["actions"][1] = Json::array({"generate", 3}); }),
                 Msg::lesson_expected_string, {{"field", "steps[2].actions[2][2]"}}});
  out.push_back({"a fraction for a whole", with([](Json& j) { j["steps"][1]["actions"][1] = Json::array({"seek", 1.5}); }),
                 Msg::lesson_expected_whole, {{"field", "steps[2].actions[2][2]"}}});
  out.push_back({"an interface command", with([](Json& j) { j["steps"][1]["actions"][1] = Json::array({"play"}); }),
                 Msg::lesson_action_unknown, {{"field", "steps[2].actions[2]"}, {"name", "play"}}});
  return out;
}

TEST(Lesson, FilesWithErrorsAreRefusedWithTheirPlaceAndTheRunnerKeepsItsLesson) {
  Session s;
  LessonRunner r;
  ASSERT_TRUE(r.load_builtin("textbook").ok);
  ASSERT_TRUE(r.start(s).ok);
  ASSERT_TRUE(r.next(s).ok);
  r.take_events();
  for (const BadCase& c : bad_cases()) {
    const Status st = r.load(c.json, "mine.json");
    MsgArgs args = c.args;
    args.emplace_back("source", "mine.json");
    EXPECT_TRUE(failed_with(st, c.code, args)) << c.what;
    EXPECT_EQ(st.error.rfind("lesson mine.json: ", 0), 0u) << c.what << ": " << st.error;
    EXPECT_EQ(r.id(), "textbook") << c.what;
    EXPECT_EQ(r.step(), 1u) << c.what;
    EXPECT_TRUE(r.active()) << c.what;
  }
  EXPECT_TRUE(r.take_events().empty());
  const Status st = r.load(bad_cases()[4].json, "mine.json");
  // The place in the author's terms (issue 38): the step of how many, the field, the language.
  EXPECT_EQ(st.error, "lesson mine.json: step 2 of 3, question, answer: expected a number");
  const Status bad_eta = r.load(bad_cases()[15].json, "mine.json");
  EXPECT_EQ(bad_eta.error, "lesson mine.json: step 1 of 3, setup, eta: eta must be a number > 0, got '-1'");
  Json kk = small_lesson();
  kk["steps"][1]["narration"]["en"] = "Look at {kk}.";
  EXPECT_EQ(r.load(kk.dump(), "mine.json").error, "lesson mine.json: step 2 of 3, narration, English: unknown placeholder '{kk}'");
  kk["steps"][1]["narration"]["en"] = "Look.";
  kk["steps"][2]["question"]["options"][1]["vi"] = "{kk}";
  const Status option = r.load(kk.dump(), "mine.json");
  EXPECT_EQ(option.error, "lesson mine.json: step 3 of 3, question, option 2, Tiếng Việt: unknown placeholder '{kk}'") << option.error;
  // A lesson given as text (a paste, a link's file) is named by its id, never "lesson lesson".
  EXPECT_EQ(r.load(kk.dump(), "lesson").error.rfind("lesson " + kk["id"].get<std::string>() + ".json: step 3 of 3", 0), 0u);
  ASSERT_TRUE(r.next(s).ok);  // still the textbook, going on
  EXPECT_EQ(r.step(), 2u);
}

TEST(Lesson, UpdateOnActionChoosesTheMisclassifiedPoint) {
  Json j = small_lesson();
  j["steps"][1]["actions"] = Json::parse(R"([["update_on", 2], ["update_on", 0]])");
  LessonRunner r;
  ASSERT_TRUE(r.load(j.dump(), "mine.json").ok);
  Session s;
  ASSERT_TRUE(r.start(s).ok);
  ASSERT_TRUE(r.next(s).ok);  // x3 then x1, both wrong when chosen
  EXPECT_EQ(updates_in_trace(s), (std::vector<std::uint32_t>{2, 0}));
  EXPECT_EQ(s.learner().running_w(), (std::vector<double>{2, 2}));
  EXPECT_EQ(s.learner().running_b(), 0.0);
  // update_on a point the weights get right: the step reports the session's refusal.
  j["steps"][1]["actions"] = Json::parse(R"([["update_on", 2], ["update_on", 2]])");
  ASSERT_TRUE(r.load(j.dump(), "mine.json").ok);
  ASSERT_TRUE(r.start(s).ok);
  const Status st = r.next(s);
  EXPECT_TRUE(failed_with(st, Msg::lesson_step_failed, {{"id", "mine"}, {"step", "2"}, {"field", "steps[2].actions[2]"}}));
  ASSERT_NE(st.cause, nullptr);
  EXPECT_EQ(st.cause->code, Msg::iteration_not_mistake);
  EXPECT_EQ(r.step(), 1u);  // the lesson still moved on
}

// ---------------------------------------------------------------- catalogs

std::vector<std::string> names_in(const std::string& t) {
  std::vector<std::string> out;
  static const std::regex re("\\{([a-z_][a-z0-9_]*)\\}");
  for (std::sregex_iterator it(t.begin(), t.end(), re), end; it != end; ++it) out.push_back((*it)[1]);
  std::sort(out.begin(), out.end());
  return out;
}

TEST(Lesson, EveryLessonCodeIsTranslatedWithTheSamePlaceholders) {
  for (const char* lang : {"vi", "zh"}) {
    std::ifstream f(std::string(PLA_SOURCE_DIR) + "/web/i18n/" + lang + ".json");
    std::stringstream ss;
    ss << f.rdbuf();
    const Json cat = Json::parse(ss.str(), nullptr, false);
    ASSERT_TRUE(cat.is_object()) << lang;
    for (const MsgInfo& m : message_table()) {
      const std::string key = m.key;
      if (key.rfind("lesson.", 0) != 0) continue;
      const std::string name = key.substr(7);
      ASSERT_TRUE(cat.contains("msg") && cat["msg"].contains("lesson") && cat["msg"]["lesson"].contains(name))
          << lang << " misses msg." << key;
      const Json& t = cat["msg"]["lesson"][name];
      ASSERT_TRUE(t.is_string());
      EXPECT_EQ(names_in(t.get<std::string>()), names_in(m.english)) << lang << " msg." << key;
    }
  }
}

TEST(Lesson, BuiltinTextsHaveAllThreeLanguages) {
  for (const std::string& id : builtin_lesson_ids()) {
    LessonRunner r;
    ASSERT_TRUE(r.load_builtin(id).ok);
    const Lesson& l = r.lesson();
    auto check = [&](const LessonText& t, const std::string& where) {
      EXPECT_FALSE(t.written("vi").empty()) << id << " " << where;
      EXPECT_FALSE(t.written("zh").empty()) << id << " " << where;
      EXPECT_EQ(names_in(t.written("vi")), names_in(t.en)) << id << " " << where;
      EXPECT_EQ(names_in(t.written("zh")), names_in(t.en)) << id << " " << where;
    };
    check(l.title, "title");
    for (std::size_t i = 0; i < l.steps.size(); ++i) {
      const LessonStep& st = l.steps[i];
      const std::string at = "step " + std::to_string(i + 1);
      check(st.narration, at + " narration");
      if (st.question.kind == QuestionKind::None) continue;
      check(st.question.prompt, at + " prompt");
      if (!st.question.why.en.empty()) check(st.question.why, at + " why");
      for (const LessonText& o : st.question.options) check(o, at + " option");
      for (const LessonText& o : st.question.whys)
        if (!o.en.empty()) check(o, at + " option's why");
    }
  }
}

}  // namespace
}  // namespace pla::lesson_test

namespace pla::lesson_test {
namespace {

// The example of README "Write a lesson" is a lesson that loads and plays to its end.
TEST(Lesson, TheReadmeExampleLoadsAndPlays) {
  std::ifstream in(std::string(PLA_SOURCE_DIR) + "/README.md");
  ASSERT_TRUE(in.good());
  const std::string readme((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::size_t section = readme.find("### Write a lesson");
  ASSERT_NE(section, std::string::npos);
  const std::size_t open = readme.find("```json\n", section);
  ASSERT_NE(open, std::string::npos);
  const std::size_t close = readme.find("```", open + 8);
  ASSERT_NE(close, std::string::npos);
  const std::string text = readme.substr(open + 8, close - open - 8);
  Session s;
  LessonRunner r;
  const Status st = r.load(text, "README.md");
  ASSERT_TRUE(st.ok) << st.error;
  ASSERT_TRUE(r.start(s).ok);
  EXPECT_EQ(r.expected_answer(), "0");  // x1 = (0, 0), label -1: y(w.x + b) = 0 <= 0
  bool correct = false;
  ASSERT_TRUE(r.answer(s, "0", &correct).ok);
  EXPECT_TRUE(correct);
  for (int i = 0; i < 10 && !r.done(); ++i) ASSERT_TRUE(r.next(s).ok);
  EXPECT_TRUE(r.done());
  EXPECT_TRUE(s.learner().converged());
}

}  // namespace
}  // namespace pla::lesson_test

namespace pla::lesson_test {
namespace {

// The customers lesson: an update turns w toward yx (the angle before it), and the trained
// perceptron classifies grey query points.
TEST(Lesson, CustomersNarratesTheAngleAndClassifiesQueryPoints) {
  Session s;
  LessonRunner r;
  ASSERT_TRUE(r.load_builtin("customers").ok);
  ASSERT_TRUE(r.start(s).ok);
  ASSERT_TRUE(r.next(s).ok);  // update 1 (step 2's action)
  EXPECT_EQ(s.learner().updates(), 1u);  // step 3 makes update 2 (its action) and narrates its angle
  ASSERT_TRUE(r.next(s).ok);
  const std::string angle = r.narration(s, "en");
  EXPECT_TRUE(std::regex_search(angle, std::regex("from [0-9.]+° to [0-9.]+°"))) << angle;
  EXPECT_EQ(s.learner().updates(), 2u);
  while (!r.done() && r.step() + 1 < r.steps()) ASSERT_TRUE(r.next(s).ok);
  ASSERT_TRUE(r.answer(s, r.expected_answer()).ok);  // the classes come with the answer
  const std::string last = r.feedback("en");
  EXPECT_NE(last.find("(12, 60) → +1"), std::string::npos) << last;
  EXPECT_NE(last.find("(40, 10) → -1"), std::string::npos) << last;
  ASSERT_EQ(s.queries().size(), 3u);
  EXPECT_TRUE(s.learner().converged());
  EXPECT_GT(s.decision(s.queries()[0].data()), 0.0);
  EXPECT_LT(s.decision(s.queries()[1].data()), 0.0);
}

}  // namespace
}  // namespace pla::lesson_test
