// A lesson's end and its first answers in the interface (app/lesson_panel.cpp, the lesson
// commands of app.cpp): the end screen lists the score and the questions answered wrong
// or not answered, each a button back to it (lesson_goto: the question read-only), and
// "Next lesson" in course order (lesson_open); a second answer is refused; a "retry"
// question offers "Try again" and its practice is shown as practice, never recorded.
// The texts are read back from the draw data (layout_check).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/app.hpp"
#include "app/i18n.hpp"
#include "headless.hpp"
#include "imgui_internal.h"  // ActivateItem, ImHashStr: pressing a panel button by its id
#include "layout_check.hpp"
#include "ui_press.hpp"

namespace pla::app::lesson_end_ui_test {
namespace {

using test::Headless;

using test::drawn;
using test::drawn_texts;
using test::press_labelled;

// threshold-neuron walked: right, wrong, passed, right, wrong, -, -, passed (Next alone).
void walk_threshold(App& app) {
  ASSERT_TRUE(run_command(app, {"lesson_open", "threshold-neuron"}).ok);
  const char* replies[] = {"9", "yes", nullptr, "-1", "yes", nullptr, nullptr, nullptr};
  for (const char* v : replies) {
    if (v) {
      ASSERT_TRUE(run_command(app, {"answer", v}).ok);
    }
    ASSERT_TRUE(run_command(app, {"lesson_next"}).ok);
  }
  ASSERT_TRUE(app.lesson.done());
}

TEST(LessonEndUi, TheEndListsTheScoreAndTheQuestionsToGoBackTo) {
  Headless h(Headless::Fonts::App, {});
  App& app = h.app;
  ASSERT_TRUE(run_command(app, {"set", "lang", "en"}).ok);
  walk_threshold(app);
  const Json lesson = state(app)["lesson"];
  EXPECT_EQ(lesson["score"], Json::parse(R"({"right": 2, "answered": 4, "questions": 6, "wrong": [2, 5], "unanswered": [3, 8]})"));
  EXPECT_EQ(lesson["next_lesson"], "dual");  // the course's order
  const std::vector<std::string> texts = drawn_texts(h);
  EXPECT_TRUE(drawn(texts, app.tr("lesson.done")));
  EXPECT_TRUE(drawn(texts, "You answered 2 of 6 questions right.")) << ::testing::PrintToString(texts);
  for (const char* s : {"Step 2: wrong", "Step 5: wrong", "Step 3: not answered", "Step 8: not answered"})
    EXPECT_TRUE(drawn(texts, s)) << s;
  EXPECT_FALSE(drawn(texts, "Step 1:"));  // answered right
  const std::string dual = lesson_rows(app)[2].title;
  ASSERT_EQ(lesson_rows(app)[2].id, "dual");
  EXPECT_TRUE(drawn(texts, app.trf("lesson.next_lesson", {{"title", dual}})));
  // The same in Vietnamese and Chinese, from the catalogs.
  for (const char* lang : {"vi", "zh"}) {
    ASSERT_TRUE(run_command(app, {"set", "lang", lang}).ok);
    const std::vector<std::string> t = drawn_texts(h);
    EXPECT_TRUE(drawn(t, app.trf("lesson.score", {{"right", "2"}, {"questions", "6"}}))) << lang;
    EXPECT_TRUE(drawn(t, app.trf("lesson.step_wrong", {{"step", "5"}}))) << lang;
    EXPECT_NE(app.tr("lesson.step_wrong"), std::string("Step {step}: wrong")) << lang;
  }
  ASSERT_TRUE(run_command(app, {"set", "lang", "en"}).ok);
  h.frame();
  // "Step 5: wrong" goes back there: the question read-only, wrong, with its right answer.
  ASSERT_TRUE(press_labelled(h, "Step 5: wrong##goto5", [&] { return !app.lesson.done(); }));
  EXPECT_EQ(app.lesson.step(), 4u);
  EXPECT_TRUE(app.lesson.answered());
  EXPECT_FALSE(app.lesson.last_correct());
  EXPECT_FALSE(state(app)["lesson"]["locked"].get<bool>());
  const std::vector<std::string> back = drawn_texts(h);
  EXPECT_TRUE(drawn(back, app.tr("lesson.wrong")));
  EXPECT_TRUE(drawn(back, "The right answer: "));
  EXPECT_FALSE(drawn(back, app.tr("lesson.yes")) && drawn(back, app.tr("lesson.check")));  // no inputs
  // A second answer is refused; the record is the first.
  const Status again = run_command(app, {"answer", "no"});
  EXPECT_EQ(again.code, Msg::lesson_answered);
  EXPECT_EQ(app.course.lessons.at("threshold-neuron").results[4], 2);
}

TEST(LessonEndUi, LessonGotoGoesToAStepOfTheLessonAsBackDoes) {
  Headless h(Headless::Fonts::App, {});
  App& app = h.app;
  walk_threshold(app);
  ASSERT_TRUE(run_command(app, {"lesson_goto", "2"}).ok);
  EXPECT_EQ(app.lesson.step(), 1u);
  EXPECT_TRUE(app.lesson.answered());
  EXPECT_FALSE(app.lesson.last_correct());
  EXPECT_EQ(app.course.lessons.at("threshold-neuron").step, 1u);  // the progress follows
  ASSERT_TRUE(run_command(app, {"lesson_goto", "3"}).ok);        // passed over: closed too
  EXPECT_TRUE(app.lesson.passed());
  EXPECT_TRUE(drawn(drawn_texts(h), app.tr("lesson.not_answered")));
  EXPECT_EQ(run_command(app, {"answer", "1"}).code, Msg::lesson_passed);
  EXPECT_EQ(run_command(app, {"lesson_goto", "0"}).code, Msg::command_usage);
  EXPECT_EQ(run_command(app, {"lesson_goto", "x"}).code, Msg::command_usage);
  EXPECT_EQ(run_command(app, {"lesson_goto", "9"}).code, Msg::lesson_goto_range);
  EXPECT_EQ(run_command(app, {"lesson_goto", "99999999999999999999"}).code, Msg::command_usage);
  // The record kept every first answer through the jumps.
  EXPECT_EQ(app.course.lessons.at("threshold-neuron").results, (std::vector<int>{1, 2, 3, 1, 2, 0, 0, 3}));
  ASSERT_TRUE(run_command(app, {"lesson_exit"}).ok);
  EXPECT_EQ(run_command(app, {"lesson_goto", "1"}).code, Msg::lesson_not_active);
}

TEST(LessonEndUi, NextLessonOpensTheNextLessonInCourseOrder) {
  Headless h(Headless::Fonts::App, {});
  App& app = h.app;
  walk_threshold(app);
  (void)drawn_texts(h);
  const std::string label = app.trf("lesson.next_lesson", {{"title", lesson_rows(app)[2].title}}) + "##next_lesson";
  ASSERT_TRUE(press_labelled(h, label, [&] { return app.lesson.id() == "dual"; }));
  EXPECT_EQ(app.builtin_open, "dual");
  EXPECT_EQ(app.lesson.step(), 0u);
  EXPECT_TRUE(app.course.lessons.at("threshold-neuron").done);
  // The course's last lesson has none, nor has a teacher's lesson.
  ASSERT_TRUE(run_command(app, {"lesson_open", builtin_lesson_ids().back()}).ok);
  EXPECT_EQ(state(app)["lesson"]["next_lesson"], "");
  ASSERT_TRUE(run_command(app, {"lesson", R"({"format": 1, "id": "t", "title": {"en": "T"},
    "steps": [{"narration": {"en": "n"}, "setup": {"preset": "textbook"}}]})"}).ok);
  ASSERT_TRUE(run_command(app, {"lesson_next"}).ok);
  EXPECT_TRUE(app.lesson.done());
  EXPECT_EQ(state(app)["lesson"]["next_lesson"], "");
  const std::vector<std::string> texts = drawn_texts(h);
  EXPECT_TRUE(drawn(texts, app.tr("lesson.done")));
  EXPECT_FALSE(drawn(texts, "Next lesson"));
}

const char* kRetryLesson = R"({"format": 1, "id": "practice", "title": {"en": "Practice"}, "steps": [
  {"narration": {"en": "w = {w}"}, "setup": {"preset": "textbook", "eta": 1},
   "question": {"kind": "pick_point", "prompt": {"en": "Which point is updated first?"}, "retry": true}},
  {"narration": {"en": "the end"}}]})";

TEST(LessonEndUi, ARetryQuestionOffersPracticeThatIsNeverRecorded) {
  Headless h(Headless::Fonts::App, {});
  App& app = h.app;
  ASSERT_TRUE(run_command(app, {"set", "lang", "en"}).ok);
  ASSERT_TRUE(run_command(app, {"lesson", kRetryLesson}).ok);
  h.frame();
  ASSERT_TRUE(run_command(app, {"answer", "2"}).ok);  // wrong: x1 comes first
  const std::string key = app.progress_key;
  const LessonProgress first = app.course.lessons.at(key);
  EXPECT_EQ(first.results[0], 2);
  std::vector<std::string> texts = drawn_texts(h);
  EXPECT_TRUE(drawn(texts, app.tr("lesson.wrong")));
  EXPECT_TRUE(drawn(texts, app.tr("lesson.try_again")));
  EXPECT_FALSE(drawn(texts, "Click the point"));  // no answer inputs until Try again
  ASSERT_TRUE(press_labelled(h, std::string(app.tr("lesson.try_again")) + "##lesson_retry", [&] { return app.lesson.practicing(); }));
  texts = drawn_texts(h);
  EXPECT_TRUE(drawn(texts, "Practice only"));
  EXPECT_TRUE(drawn(texts, "Click the point"));
  // The pick list again; x1 pressed: right, as practice.
  ASSERT_TRUE(press_labelled(h, "x1##pick0", [&] { return app.lesson.practiced(); }));
  EXPECT_TRUE(app.lesson.practice_correct());
  texts = drawn_texts(h);
  EXPECT_TRUE(drawn(texts, app.tr("lesson.practice_right")));
  EXPECT_TRUE(drawn(texts, app.tr("lesson.wrong")));  // the recorded verdict stays on screen
  // Nothing recorded: the verdict, the progress, the score.
  EXPECT_FALSE(app.lesson.last_correct());
  const LessonProgress now = app.course.lessons.at(key);
  EXPECT_EQ(now.results, first.results);
  EXPECT_EQ(now.replies, first.replies);
  const Json st = state(app)["lesson"];
  EXPECT_EQ(st["correct"], false);
  EXPECT_EQ(st["practice"]["correct"], true);
  EXPECT_EQ(st["score"]["right"], 0u);
  // Through the JavaScript API's command too.
  ASSERT_TRUE(run_command(app, {"answer", "1"}).ok);
  EXPECT_FALSE(app.lesson.practice_correct());
  EXPECT_TRUE(drawn(drawn_texts(h), app.tr("lesson.practice_wrong")));
  EXPECT_EQ(app.course.lessons.at(key).results, first.results);
}

}  // namespace
}  // namespace pla::app::lesson_end_ui_test
