// The first answer counts (lesson.hpp: answer, back, next, go_to, resume, try_again).
// A question's first answer is recorded for good: Back, Next after Back, a jump back
// and a resume show it read-only with its feedback (the recorded reply replayed: no
// answer_given event, no result changed) and refuse a second answer; a question passed
// over with Next stays closed; a "retry" question takes practice answers that are never
// recorded; the lesson's end gives the score and the questions to go back to. The
// oracle for what a step shows is the walk that answered it.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/lab/lesson/lesson.hpp"
#include "core/lab/session/session.hpp"
#include "expect_message.hpp"

namespace pla::lesson_first_answer_test {
namespace {

using test::failed_with;

// Everything a step shows and what the runner recorded (but the score, which counts the
// answers of every step).
std::string shown_at(const LessonRunner& r, const Session& s) {
  Json st = r.state();
  st.erase("score");
  std::string out = s.state_json() + "\n" + json_text(st) + "\n" + r.narration(s, "en") + "\n" +
                    r.question_prompt("vi") + "\n" + r.feedback("en") + "\n" + r.feedback("zh") + "\n" +
                    r.expected_text("en");
  out += "\nanswered " + std::to_string(r.answered()) + " correct " + std::to_string(r.last_correct()) + " passed " +
         std::to_string(r.passed());
  return out;
}

std::size_t answers_given(const std::vector<Json>& events) {
  std::size_t n = 0;
  for (const Json& e : events) n += e["event"] == "answer_given";
  return n;
}

const Json* finished(const std::vector<Json>& events) {
  for (const Json& e : events)
    if (e["event"] == "lesson_finished") return &e;
  return nullptr;
}

// A teacher's lesson on the textbook data: practice on the first two questions.
const char* kPractice = R"({"format": 1, "id": "practice", "title": {"en": "Practice"}, "steps": [
  {"narration": {"en": "w = {w}, b = {b}"}, "setup": {"preset": "textbook", "eta": 1},
   "question": {"kind": "pick_point", "prompt": {"en": "Which point is updated first?"}, "retry": true,
                "why": {"en": "You said {given}; it is {answer}; now w = {w}, b = {b}."}}},
  {"narration": {"en": "k = {k}"},
   "question": {"kind": "number", "prompt": {"en": "b after the next update?"}, "from": "b_after", "retry": true}},
  {"narration": {"en": "end"},
   "question": {"kind": "yes_no", "prompt": {"en": "Is w = {w}?"}, "answer": "yes", "retry": false}}]})";

TEST(LessonFirstAnswer, AWrongAnswerStaysWrongThroughBackAndNextAndASecondAnswerIsRefused) {
  Session s;
  LessonRunner r;
  ASSERT_TRUE(r.load_builtin("textbook").ok);
  ASSERT_TRUE(r.start(s).ok);
  ASSERT_EQ(r.question_kind(), QuestionKind::PickPoint);
  ASSERT_EQ(r.expected_answer(), "0");  // x1 first
  bool right = true;
  ASSERT_TRUE(r.answer(s, "2", &right).ok);
  EXPECT_FALSE(right);
  const std::string after_answer = shown_at(r, s);
  EXPECT_NE(r.feedback("en"), "");
  ASSERT_TRUE(r.next(s).ok);
  ASSERT_TRUE(r.back(s).ok);
  // Read-only, as when it was answered: the same numbers, verdict and feedback.
  EXPECT_EQ(r.step(), 0u);
  EXPECT_TRUE(r.answered());
  EXPECT_FALSE(r.last_correct());
  EXPECT_FALSE(r.answerable());
  EXPECT_FALSE(r.question_open());
  EXPECT_EQ(shown_at(r, s), after_answer);
  // The right answer now is refused and changes nothing.
  EXPECT_TRUE(failed_with(r.answer(s, "0", &right), Msg::lesson_answered, {{"id", "textbook"}, {"step", "1"}}));
  EXPECT_EQ(shown_at(r, s), after_answer);
  EXPECT_EQ(r.results()[0], 2);
  EXPECT_EQ(r.replies()[0], "2");
  // Next after Back: step 2 as the walk showed it, step 1 still wrong.
  ASSERT_TRUE(r.next(s).ok);
  Session w;
  LessonRunner walk;
  ASSERT_TRUE(walk.load_builtin("textbook").ok);
  ASSERT_TRUE(walk.start(w).ok);
  ASSERT_TRUE(walk.answer(w, "2").ok);
  ASSERT_TRUE(walk.next(w).ok);
  EXPECT_EQ(shown_at(r, s), shown_at(walk, w));
  EXPECT_EQ(r.results()[0], 2);
  // One answer_given in all, the first.
  const std::vector<Json> ev = r.take_events();
  EXPECT_EQ(answers_given(ev), 1u);
  for (const Json& e : ev)
    if (e["event"] == "answer_given") {
      EXPECT_EQ(e["answer"], "2");
      EXPECT_EQ(e["correct"], false);
    }
  EXPECT_EQ(r.progress().right(), 0u);
  EXPECT_EQ(r.progress().answered(), 1u);
}

TEST(LessonFirstAnswer, ARightAnswerIsKeptAndCountedWhenBackAndNextGiveNoNewAnswer) {
  Session s;
  LessonRunner r;
  ASSERT_TRUE(r.load_builtin("threshold-neuron").ok);
  ASSERT_TRUE(r.start(s).ok);
  ASSERT_TRUE(r.answer(s, "9").ok);  // right
  const std::string answered = shown_at(r, s);
  ASSERT_TRUE(r.next(s).ok);
  ASSERT_TRUE(r.answer(s, "no").ok);  // right
  ASSERT_TRUE(r.next(s).ok);
  ASSERT_TRUE(r.back(s).ok);
  ASSERT_TRUE(r.back(s).ok);
  EXPECT_EQ(shown_at(r, s), answered);
  EXPECT_TRUE(r.answered());
  EXPECT_TRUE(r.last_correct());
  // Next with no new answer: the answers stay; the rest passed over.
  while (!r.done()) ASSERT_TRUE(r.next(s).ok);
  const std::vector<Json> ev = r.take_events();
  EXPECT_EQ(answers_given(ev), 2u);
  const Json* end = finished(ev);
  ASSERT_NE(end, nullptr);
  EXPECT_EQ((*end)["answered"], 2u);
  EXPECT_EQ((*end)["correct"], 2u);
  EXPECT_EQ((*end)["questions"], 6u);
  EXPECT_EQ(r.progress().right(), 2u);
  EXPECT_EQ(r.results(), (std::vector<int>{1, 1, 3, 3, 3, 0, 0, 3}));
}

TEST(LessonFirstAnswer, AQuestionPassedOverWithNextStaysClosed) {
  Session s;
  LessonRunner r;
  ASSERT_TRUE(r.load_builtin("textbook").ok);
  ASSERT_TRUE(r.start(s).ok);
  ASSERT_TRUE(r.next(s).ok);  // step 1 passed over: its effect (the update on x1) ran
  ASSERT_TRUE(r.back(s).ok);
  EXPECT_TRUE(r.passed());
  EXPECT_FALSE(r.answered());
  EXPECT_TRUE(r.closed());
  EXPECT_FALSE(r.question_open());
  EXPECT_EQ(r.results()[0], 3);
  EXPECT_EQ(s.learner().updates(), 1u);  // the session after the pass, as the walk had it
  EXPECT_NE(r.feedback("en"), "");        // the explanation, as after an answer
  EXPECT_TRUE(failed_with(r.answer(s, r.expected_answer()), Msg::lesson_passed, {{"step", "1"}}));
  EXPECT_EQ(r.state()["passed"], true);
  EXPECT_EQ(answers_given(r.take_events()), 0u);
  // The session shown equals a replay resumed there with the same record.
  Session t;
  LessonRunner q;
  ASSERT_TRUE(q.load_builtin("textbook").ok);
  ASSERT_TRUE(q.resume(t, r.progress()).ok);
  EXPECT_EQ(shown_at(q, t), shown_at(r, s));
}

TEST(LessonFirstAnswer, PracticeOnARetryQuestionIsNeverRecorded) {
  Session s;
  LessonRunner r;
  ASSERT_TRUE(r.load(kPractice, "practice.json").ok);
  EXPECT_TRUE(r.lesson().steps[0].question.retry);
  EXPECT_FALSE(r.lesson().steps[2].question.retry);
  ASSERT_TRUE(r.start(s).ok);
  EXPECT_TRUE(r.retry());
  EXPECT_TRUE(r.answerable());
  ASSERT_TRUE(r.answer(s, "1").ok);  // wrong: the first answer
  ASSERT_TRUE(r.take_events().size() >= 1);
  const LessonProgress first = r.progress();
  const std::string feedback = r.feedback("en");
  const std::string session = s.state_json();
  EXPECT_EQ(feedback, "You said x2; it is x1; now w = (3, 3), b = 1.");
  EXPECT_FALSE(r.answerable());
  // Practice: opened, answered right, checked, nothing recorded.
  ASSERT_TRUE(r.try_again().ok);
  EXPECT_TRUE(r.practicing());
  EXPECT_TRUE(r.answerable());
  EXPECT_FALSE(r.question_open());  // the answer is known: nothing locked or hidden
  EXPECT_EQ(r.state()["practice"], (Json{{"open", true}}));
  bool right = false;
  ASSERT_TRUE(r.answer(s, "0", &right).ok);
  EXPECT_TRUE(right);
  EXPECT_TRUE(r.practiced());
  EXPECT_TRUE(r.practice_correct());
  EXPECT_EQ(r.practice_reply(), "0");
  EXPECT_FALSE(r.practicing());
  EXPECT_EQ(r.state()["practice"], (Json{{"open", false}, {"answer", "0"}, {"correct", true}}));
  // A practice answer without try_again is practice too; a bad reply is refused as ever.
  ASSERT_TRUE(r.answer(s, "2", &right).ok);
  EXPECT_FALSE(right);
  EXPECT_FALSE(r.practice_correct());
  EXPECT_TRUE(failed_with(r.answer(s, "nine"), Msg::lesson_reply_index));
  // The record, the verdict, the feedback, the session and the events: the first answer's.
  EXPECT_FALSE(r.last_correct());
  EXPECT_TRUE(r.answered());
  EXPECT_EQ(r.results(), first.results);
  EXPECT_EQ(r.replies(), first.replies);
  EXPECT_EQ(r.progress().right(), 0u);
  EXPECT_EQ(r.feedback("en"), feedback);
  EXPECT_EQ(s.state_json(), session);  // the question's effect ran once
  EXPECT_TRUE(r.take_events().empty());
  EXPECT_EQ(r.state()["correct"], false);
  EXPECT_EQ(r.state()["score"]["right"], 0u);
  EXPECT_EQ(r.state()["score"]["wrong"], Json::array({1}));
  // Next, Back: practice cleared, the first answer shown.
  ASSERT_TRUE(r.next(s).ok);
  ASSERT_TRUE(r.back(s).ok);
  EXPECT_FALSE(r.practiced());
  EXPECT_FALSE(r.last_correct());
  EXPECT_EQ(r.feedback("en"), feedback);
  EXPECT_EQ(r.state()["practice"], (Json{{"open", false}}));
  // A number question with retry: right first, a wrong practice, still right.
  ASSERT_TRUE(r.next(s).ok);
  ASSERT_TRUE(r.answer(s, "0", &right).ok);  // b after the update on x3: 1 - 1 = 0
  EXPECT_TRUE(right);
  ASSERT_TRUE(r.answer(s, "5", &right).ok);
  EXPECT_FALSE(right);
  EXPECT_TRUE(r.last_correct());
  // Without retry a second answer is refused, and so is try_again.
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_FALSE(r.retry());
  EXPECT_TRUE(failed_with(r.try_again(), Msg::lesson_no_retry, {{"step", "3"}}));
  ASSERT_TRUE(r.answer(s, "yes").ok);
  EXPECT_TRUE(failed_with(r.answer(s, "yes"), Msg::lesson_answered, {{"step", "3"}}));
  ASSERT_TRUE(r.next(s).ok);
  const std::vector<Json> ev = r.take_events();
  EXPECT_EQ(answers_given(ev), 2u);  // steps 2 and 3; step 1's was taken above
  const Json* end = finished(ev);
  ASSERT_NE(end, nullptr);
  EXPECT_EQ((*end)["answered"], 3u);
  EXPECT_EQ((*end)["correct"], 2u);
}

TEST(LessonFirstAnswer, RetryIsABooleanAndTyposAreErrors) {
  Json j = Json::parse(kPractice);
  LessonRunner r;
  j["steps"][0]["question"]["retry"] = "yes";
  EXPECT_TRUE(failed_with(r.load(j.dump(), "p.json"), Msg::lesson_expected_bool,
                          {{"field", "steps[1].question.retry"}}));
  j["steps"][0]["question"].erase("retry");
  j["steps"][0]["question"]["retries"] = true;
  EXPECT_TRUE(failed_with(r.load(j.dump(), "p.json"), Msg::lesson_unknown_key,
                          {{"field", "steps[1].question.retries"}}));
  EXPECT_FALSE(r.loaded());
}

TEST(LessonFirstAnswer, ResumeRestoresAnsweredStepsReadOnlyWhereverTheStudentWas) {
  Session s;
  LessonRunner r;
  ASSERT_TRUE(r.load_builtin("textbook").ok);
  ASSERT_TRUE(r.start(s).ok);
  std::vector<std::string> seen;
  // Steps 1-4: wrong, right, passed, right.
  ASSERT_TRUE(r.answer(s, "1").ok);
  seen.push_back(shown_at(r, s));
  ASSERT_TRUE(r.next(s).ok);
  ASSERT_TRUE(r.answer(s, r.expected_answer()).ok);
  seen.push_back(shown_at(r, s));
  ASSERT_TRUE(r.next(s).ok);
  ASSERT_TRUE(r.next(s).ok);
  ASSERT_TRUE(r.back(s).ok);
  seen.push_back(shown_at(r, s));
  ASSERT_TRUE(r.next(s).ok);
  ASSERT_TRUE(r.answer(s, r.expected_answer()).ok);
  seen.push_back(shown_at(r, s));
  // Back to step 2, then a reload: the record names step 2 and the answers after it.
  ASSERT_TRUE(r.back(s).ok);
  ASSERT_TRUE(r.back(s).ok);
  CourseProgress c;
  c.lessons["textbook"] = r.progress();
  CourseProgress loaded;
  ASSERT_TRUE(CourseProgress::from_json(c.to_json(), loaded));
  const LessonProgress p = loaded.lessons.at("textbook");
  EXPECT_EQ(p.step, 1u);
  EXPECT_EQ(p.results, (std::vector<int>{2, 1, 3, 1}));
  for (std::size_t step = 0; step < 4; ++step) {
    Session t;
    LessonRunner q;
    ASSERT_TRUE(q.load_builtin("textbook").ok);
    LessonProgress at = p;
    at.step = step;
    ASSERT_TRUE(q.resume(t, at).ok);
    EXPECT_EQ(shown_at(q, t), seen[step]) << "step " << step + 1;
    EXPECT_FALSE(q.question_open());
    EXPECT_FALSE(q.answer(t, q.expected_answer()).ok);
    EXPECT_EQ(answers_given(q.take_events()), 0u);  // resume sends no answer again
    // Next from there and Back: the same screen.
    ASSERT_TRUE(q.next(t).ok);
    ASSERT_TRUE(q.back(t).ok);
    EXPECT_EQ(shown_at(q, t), seen[step]) << "step " << step + 1 << " after Next, Back";
    EXPECT_EQ(q.results(), r.results());
  }
}

TEST(LessonFirstAnswer, GoToShowsAStepAsBackDoesAndNeverPassesAnOpenQuestion) {
  Session s;
  LessonRunner r;
  ASSERT_TRUE(r.load_builtin("threshold-neuron").ok);
  EXPECT_TRUE(failed_with(r.go_to(s, 0), Msg::lesson_not_active));
  ASSERT_TRUE(r.start(s).ok);
  ASSERT_TRUE(r.answer(s, "8").ok);  // wrong
  const std::string step1 = shown_at(r, s);
  ASSERT_TRUE(r.next(s).ok);
  ASSERT_TRUE(r.answer(s, "no").ok);
  const std::string step2 = shown_at(r, s);
  ASSERT_TRUE(r.next(s).ok);
  // Step 3 is open: no jump past it, nor out of the lesson.
  EXPECT_TRUE(failed_with(r.go_to(s, 5), Msg::lesson_goto_open, {{"step", "3"}}));
  EXPECT_TRUE(failed_with(r.go_to(s, 8), Msg::lesson_goto_range, {{"step", "9"}, {"steps", "8"}}));
  EXPECT_EQ(r.step(), 2u);
  ASSERT_TRUE(r.go_to(s, 0).ok);
  EXPECT_EQ(shown_at(r, s), step1);
  // Forward over closed questions only: step 2 (answered), not past step 3 (never reached).
  ASSERT_TRUE(r.go_to(s, 1).ok);
  EXPECT_EQ(shown_at(r, s), step2);
  ASSERT_TRUE(r.go_to(s, 2).ok);
  EXPECT_TRUE(r.question_open());
  EXPECT_TRUE(failed_with(r.go_to(s, 3), Msg::lesson_goto_open, {{"step", "3"}}));
  // From the end every step can be reached; done no longer.
  while (!r.done()) ASSERT_TRUE(r.next(s).ok);
  ASSERT_TRUE(r.go_to(s, 0).ok);
  EXPECT_FALSE(r.done());
  EXPECT_EQ(shown_at(r, s), step1);
  ASSERT_TRUE(r.go_to(s, 7).ok);
  EXPECT_TRUE(r.passed());
  EXPECT_EQ(answers_given(r.take_events()), 2u);
}

TEST(LessonFirstAnswer, TheEndGivesTheScoreAndTheQuestionsToGoBackTo) {
  Session s;
  LessonRunner r;
  ASSERT_TRUE(r.load_builtin("threshold-neuron").ok);
  ASSERT_TRUE(r.start(s).ok);
  // Right, wrong, passed, right, wrong, -, -, passed.
  const char* replies[] = {"9", "yes", nullptr, "-1", "yes", nullptr, nullptr, nullptr};
  for (const char* v : replies) {
    if (v) {
      ASSERT_TRUE(r.answer(s, v).ok);
    }
    ASSERT_TRUE(r.next(s).ok);
  }
  ASSERT_TRUE(r.done());
  const LessonRunner::Score sc = r.score();
  EXPECT_EQ(sc.right, 2u);
  EXPECT_EQ(sc.answered, 4u);
  EXPECT_EQ(sc.questions, 6u);
  EXPECT_EQ(sc.wrong, (std::vector<std::size_t>{1, 4}));
  EXPECT_EQ(sc.unanswered, (std::vector<std::size_t>{2, 7}));
  const Json st = r.state();
  EXPECT_EQ(st["score"], Json::parse(R"({"right": 2, "answered": 4, "questions": 6, "wrong": [2, 5], "unanswered": [3, 8]})"));
  const std::vector<Json> first_end = r.take_events();
  const Json* end = finished(first_end);
  ASSERT_NE(end, nullptr);
  EXPECT_EQ((*end)["answered"], 4u);
  EXPECT_EQ((*end)["correct"], 2u);
  // Back to a wrong one and to the end again: the score is the same, finished once more.
  ASSERT_TRUE(r.go_to(s, 1).ok);
  EXPECT_FALSE(r.last_correct());
  while (!r.done()) ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(r.state()["score"], st["score"]);
  const std::vector<Json> ev = r.take_events();
  EXPECT_EQ(answers_given(ev), 0u);
  ASSERT_NE(finished(ev), nullptr);
  EXPECT_EQ((*finished(ev))["correct"], 2u);
}

TEST(LessonFirstAnswer, BackInSlicesReplaysTheAnswerAsBackAtOnce) {
  Session sa, sb;
  LessonRunner a, b;
  ASSERT_TRUE(a.load_builtin("textbook").ok);
  ASSERT_TRUE(b.load_builtin("textbook").ok);
  b.set_slicing(true);
  ASSERT_TRUE(a.start(sa).ok);
  ASSERT_TRUE(b.start(sb).ok);
  ASSERT_TRUE(b.finish(sb).ok);
  for (LessonRunner* r : {&a, &b}) {
    Session& s = r == &a ? sa : sb;
    ASSERT_TRUE(r->answer(s, "2").ok);
    ASSERT_TRUE(r->finish(s).ok);
    ASSERT_TRUE(r->next(s).ok);
    ASSERT_TRUE(r->finish(s).ok);
    ASSERT_TRUE(r->back(s).ok);
  }
  std::size_t calls = 0;
  while (b.busy()) {
    EXPECT_EQ(b.question_kind(), QuestionKind::None);
    b.work(sb, 0.0);
    ++calls;
  }
  EXPECT_GE(calls, 1u);
  EXPECT_EQ(shown_at(a, sa), shown_at(b, sb));
  EXPECT_TRUE(b.answered());
  // Cancel a Next in slices: back to the answered step, still answered.
  const std::string before = shown_at(b, sb);
  ASSERT_TRUE(b.next(sb).ok);
  if (b.busy()) {
    ASSERT_TRUE(b.cancel(sb));
    EXPECT_EQ(shown_at(b, sb), before);
  }
  EXPECT_EQ(answers_given(b.take_events()), 1u);
}

}  // namespace
}  // namespace pla::lesson_first_answer_test
