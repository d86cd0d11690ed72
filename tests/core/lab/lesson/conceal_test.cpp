// core/lab/lesson/conceal: the groups of the student's controls (what an open question locks,
// what a lesson's view keeps from the student) and the loader's check of a view's `locked`.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/lab/lesson/conceal.hpp"
#include "core/lab/lesson/lesson.hpp"
#include "core/lab/session/session.hpp"

namespace pla::conceal_test {
namespace {

TEST(Controls, EachCommandIsInItsGroup) {
  for (const char* run : {"step", "next_update", "epoch", "train", "play", "seek", "step_back", "reset", "toggle_play",
                          "train_start", "update_on", "compare"})
    EXPECT_EQ(command_controls({run}), unsigned{kControlRun}) << run;
  for (const char* data : {"add_point", "move_point", "remove_point", "preset", "generate", "import_csv", "clear",
                           "add_query", "clear_queries"})
    EXPECT_EQ(command_controls({data}), unsigned{kControlData}) << data;
  EXPECT_EQ(command_controls({"set", "algo", "pocket"}), unsigned{kControlSettings});
  EXPECT_EQ(command_controls({"set", "eta", "0.5"}), unsigned{kControlSettings});
  // The view, the speed of play, pausing and the interface's own settings are never locked.
  EXPECT_EQ(command_controls({"set", "speed", "10"}), 0u);
  EXPECT_EQ(command_controls({"set", "view3d", "augmented"}), 0u);
  EXPECT_EQ(command_controls({"set", "plot", "rates"}), 0u);
  EXPECT_EQ(command_controls({"pause"}), 0u);
  EXPECT_EQ(command_controls({"lesson_next"}), 0u);
  EXPECT_EQ(command_controls({}), 0u);
}

TEST(Controls, AQuestionLocksEveryGroupAndNothingElse) {
  // Every session command that moves the lab is in a group, and one that does not is in none.
  for (const Command& c : session_commands())
    EXPECT_EQ(question_locks({c.name}), (c.flags & kCmdMoves) != 0) << c.name;
  EXPECT_TRUE(question_locks({"set", "order", "shuffle"}));
  EXPECT_FALSE(question_locks({"set", "speed", "3"}));
}

TEST(Controls, NamesReadAndWrite) {
  unsigned bits = 0;
  std::string bad;
  ASSERT_TRUE(parse_controls("run, data", bits, bad));
  EXPECT_EQ(bits, unsigned{kControlRun | kControlData});
  EXPECT_EQ(control_names(bits), "run,data");
  ASSERT_TRUE(parse_controls("all", bits, bad));
  EXPECT_EQ(bits, unsigned{kControlAll});
  EXPECT_EQ(control_names(bits), "run,data,settings");
  ASSERT_TRUE(parse_controls("none", bits, bad));
  EXPECT_EQ(bits, 0u);
  EXPECT_EQ(control_names(0), "none");
  EXPECT_FALSE(parse_controls("run,plots", bits, bad));
  EXPECT_EQ(bad, "plots");
}

std::string lesson_with_view(const std::string& view) {
  return R"({"format": 1, "id": "kept", "title": {"en": "Kept"}, "steps": [
    {"narration": {"en": "One."}, "setup": {"preset": "textbook"}},
    {"narration": {"en": "Two."}, "view": )" + view + R"(}]})";
}

TEST(Controls, TheLoaderChecksALessonsLockedGroups) {
  LessonRunner good;
  ASSERT_TRUE(good.load(lesson_with_view(R"({"locked": "run,settings", "tabs": "mistakes"})"), "kept.json"));
  LessonRunner bad;
  const Status st = bad.load(lesson_with_view(R"({"locked": "run,play"})"), "kept.json");
  ASSERT_EQ(st.code, Msg::lesson_locked_unknown);
  EXPECT_EQ(*st.arg("value"), "play");
  EXPECT_NE(st.arg("known")->find("settings"), std::string::npos);
  // The place: step 2's view, its `locked`.
  EXPECT_NE(st.arg("field")->find("view.locked"), std::string::npos) << *st.arg("field");
  EXPECT_NE(st.arg("where")->find("step 2 of 2"), std::string::npos) << *st.arg("where");
}

}  // namespace
}  // namespace pla::conceal_test
