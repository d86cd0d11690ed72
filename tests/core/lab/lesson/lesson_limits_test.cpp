// Limits a lesson file cannot pass (loader.cpp [SECTION] Limits): the data a generate
// action makes (as a link's gen=), the data of the whole lesson (a data file's kMaxValues),
// the point visits one step may cause (the largest generated set trained for the default
// 1000 epochs) and the text of one step. Over a limit the lesson is refused at load, the
// step and the field named, and the runner keeps what it had.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/data/dataset.hpp"
#include "core/lab/lesson/lesson.hpp"
#include "core/lab/session/session.hpp"
#include "core/lab/session/urlstate.hpp"
#include "expect_message.hpp"
#include "test_files.hpp"

namespace pla::lesson_limits_test {
namespace {

using test::failed_with;
using test::lesson_json;


const std::string kFirst = R"({"narration": {"en": "a"}, "setup": {"preset": "textbook"}})";

std::string step_with(const std::string& setup, const std::string& actions) {
  std::string s = R"({"narration": {"en": "b"})";
  if (!setup.empty()) s += R"(, "setup": {)" + setup + "}";
  if (!actions.empty()) s += R"(, "actions": [)" + actions + "]";
  return s + "}";
}

TEST(LessonLimits, TheLargestSetALinkMayGenerateTrainedForTheDefaultEpochsLoads) {
  // 100,000 points (a link's most) trained to the default max_epochs = 1000: 1e8 visits, the limit.
  LessonRunner r;
  const Status st = r.load(lesson_json("limits", {kFirst, step_with("", R"(["generate", "noisy", 100000, 2, 0, 0.1, 3], ["train"])")}), "l.json");
  EXPECT_TRUE(st.ok) << st.error;
  EXPECT_EQ(kMaxLinkGenPoints, 100000u);
}

TEST(LessonLimits, GenerateTakesAtMostWhatALinkMay) {
  LessonRunner r;
  Status st = r.load(lesson_json("limits", {kFirst, step_with("", R"(["generate", "noisy", 100001, 2])")}), "l.json");
  EXPECT_TRUE(failed_with(st, Msg::lesson_gen_limit,
                          {{"step", "2"}, {"field", "steps[2].actions[1][3]"}, {"arg", "N"}, {"value", "100001"}, {"max", "100000"}}));
  st = r.load(lesson_json("limits", {kFirst, step_with("", R"(["generate", "noisy", 10, 1001])")}), "l.json");
  EXPECT_TRUE(failed_with(st, Msg::lesson_gen_limit, {{"field", "steps[2].actions[1][4]"}, {"arg", "D"}, {"max", "1000"}}));
  EXPECT_FALSE(r.loaded());  // nothing was loaded before: the runner stays empty
  // The most of each that fits the lesson's data: 100,000 points in 2-D, 10,000 in 1000-D.
  ASSERT_TRUE(r.load(lesson_json("limits", {kFirst, step_with("", R"(["generate", "noisy", 100000, 2])")}), "l.json").ok);
  ASSERT_TRUE(r.load(lesson_json("limits", {kFirst, step_with("", R"(["generate", "noisy", 10000, 1000])")}), "l.json").ok);
  st = r.load(lesson_json("limits", {kFirst, step_with("", R"(["generate", "noisy", 100000, 1000])")}), "l.json");
  EXPECT_TRUE(failed_with(st, Msg::lesson_data_total, {{"field", "steps[2].actions[1]"}, {"total", "100100009"}}));
  // A refused file leaves the lesson loaded before.
  st = r.load(lesson_json("limits", {kFirst, step_with("", R"(["generate", "noisy", 100001])")}), "l.json");
  EXPECT_FALSE(st.ok);
  EXPECT_TRUE(r.loaded());
  EXPECT_EQ(r.steps(), 2u);
}

TEST(LessonLimits, OneStepMayNotAskForMoreThanTheLimitOfPointVisits) {
  LessonRunner r;
  // 100,000 points for 1001 epochs: 1.001e8 visits.
  Status st = r.load(lesson_json("limits", {kFirst, step_with(R"("max_epochs": 1001)", R"(["generate", "noisy", 100000], ["train"])")}), "l.json");
  EXPECT_TRUE(failed_with(st, Msg::lesson_step_work,
                          {{"step", "2"}, {"field", "steps[2].actions[2]"}, {"visits", "100100000"}, {"max", "100000000"}}));
  // The setting holds for later steps: a train there counts the same.
  st = r.load(lesson_json("limits", {kFirst, step_with(R"("max_epochs": 1001)", R"(["generate", "noisy", 100000])"),
                         step_with("", R"(["train"])")}),
              "l.json");
  EXPECT_TRUE(failed_with(st, Msg::lesson_step_work, {{"step", "3"}, {"field", "steps[3].actions[1]"}}));
  // Without an epoch limit, max_updates bounds it: two passes per update.
  st = r.load(lesson_json("limits", {kFirst, step_with(R"("max_epochs": 0, "max_updates": 400)", R"(["generate", "noisy", 100000], ["train"])")}), "l.json");
  EXPECT_TRUE(st.ok) << st.error;  // 2 x 100000 x 401 = 8.02e7
  st = r.load(lesson_json("limits", {kFirst, step_with(R"("max_epochs": 0, "max_updates": 500)", R"(["generate", "noisy", 100000], ["train"])")}), "l.json");
  EXPECT_TRUE(failed_with(st, Msg::lesson_step_work, {{"field", "steps[2].actions[2]"}, {"visits", "100200000"}}));
  // The work of a step adds up: 100 epochs (the most actions a step has) of 100,000 points load;
  // one epoch and a train to the default 1000 epochs do not.
  std::string epochs;
  for (int i = 0; i < 100; ++i) epochs += std::string(i ? ", " : "") + R"(["epoch"])";
  st = r.load(lesson_json("limits", {kFirst, step_with("", R"(["generate", "noisy", 100000])"), step_with("", epochs)}), "l.json");
  EXPECT_TRUE(st.ok) << st.error;
  st = r.load(lesson_json("limits", {kFirst, step_with("", R"(["generate", "noisy", 100000], ["epoch"], ["train"])")}), "l.json");
  EXPECT_TRUE(failed_with(st, Msg::lesson_step_work, {{"field", "steps[2].actions[3]"}, {"visits", "100100000"}}));
  // compare: each rate trains up to 200 epochs; the default is 4 rates (8e7), 8 are too many here.
  st = r.load(lesson_json("limits", {kFirst, step_with("", R"(["generate", "noisy", 100000], ["compare"])")}), "l.json");
  EXPECT_TRUE(st.ok) << st.error;
  st = r.load(lesson_json("limits", {kFirst, step_with("", R"(["generate", "noisy", 100000], ["compare", 1, 2, 3, 4, 5, 6, 7, 8])")}), "l.json");
  EXPECT_TRUE(failed_with(st, Msg::lesson_step_work, {{"field", "steps[2].actions[2]"}, {"visits", "160000000"}}));
  // seek: its step.
  st = r.load(lesson_json("limits", {kFirst, step_with("", R"(["seek", 100000001])")}), "l.json");
  EXPECT_TRUE(failed_with(st, Msg::lesson_step_work, {{"field", "steps[2].actions[1]"}}));
}

TEST(LessonLimits, TheCountedVisitsBoundWhatTheStepDoes) {
  // The estimate is an upper bound of the run: 300 noisy points, max_epochs 7 -> at most 2100
  // visits; max_updates 5 without an epoch limit -> at most 2 x 300 x 6 = 3600.
  for (const std::string& rule : {std::string(R"("max_epochs": 7)"), std::string(R"("max_epochs": 0, "max_updates": 5)")}) {
    LessonRunner r;
    const Status st = r.load(lesson_json("limits", {kFirst, step_with(rule, R"(["generate", "noisy", 300, 2, 0, 0.3, 5], ["train"])")}), "l.json");
    ASSERT_TRUE(st.ok) << st.error;
    Session s;
    ASSERT_TRUE(r.start(s).ok);
    ASSERT_TRUE(r.next(s).ok);
    const std::uint64_t bound = rule.find("max_updates") != std::string::npos ? 3600u : 2100u;
    EXPECT_GT(s.learner().steps(), 0u) << rule;
    EXPECT_LE(s.learner().steps(), bound) << rule;
    EXPECT_FALSE(s.learner().converged()) << rule;  // noisy: the stop rule ended it
  }
}

TEST(LessonLimits, TheDataOfTheWholeLessonStaysWithinADataFilesLimit) {
  // Each step generates 100,000 points in 2-D: 300,000 values; kMaxValues (2e7) allows 66 of them
  // after the textbook preset (3 points, 9 values).
  std::vector<std::string> steps = {kFirst};
  for (int i = 0; i < 67; ++i) steps.push_back(step_with("", R"(["generate", "noisy", 100000])"));
  LessonRunner r;
  const Status st = r.load(lesson_json("limits", steps), "l.json");
  EXPECT_TRUE(failed_with(st, Msg::lesson_data_total, {{"step", "68"}, {"field", "steps[68].actions[1]"}, {"total", "20100009"},
                                                       {"max", std::to_string(kMaxValues)}}));
  steps.pop_back();
  EXPECT_TRUE(r.load(lesson_json("limits", steps), "l.json").ok);
}

TEST(LessonLimits, TheTextsOfOneStepTogetherInOneLanguage) {
  const std::string long_text(6000, 'a');
  const auto step = [&](const std::string& lang, int texts) {
    std::string s = R"({"narration": {"en": "n", ")" + lang + R"(": ")" + long_text + R"("}, "question": {"kind": "yes_no", "answer": "yes", "prompt": {"en": "p")";
    if (texts > 1) s += R"(, ")" + lang + R"(": ")" + long_text + R"(")";
    s += R"(}, "why": {"en": "w")";
    if (texts > 2) s += R"(, ")" + lang + R"(": ")" + long_text + R"(")";
    return s + "}}}";
  };
  LessonRunner r;
  // Two texts of 6000 bytes in Vietnamese: 12,000 bytes, under 16,000.
  Status st = r.load(lesson_json("limits", {kFirst, step("vi", 2)}), "l.json");
  EXPECT_TRUE(st.ok) << st.error;
  // Three: 18,000 bytes in Vietnamese, refused naming the step and the language.
  st = r.load(lesson_json("limits", {kFirst, step("vi", 3)}), "l.json");
  EXPECT_TRUE(failed_with(st, Msg::lesson_step_text, {{"step", "2"}, {"field", "steps[2]"}, {"lang", "vi"}, {"size", "18000"}, {"max", "16000"}}));
  // Each text alone is within its own limit (8000): only the step's sum is over.
  EXPECT_EQ(st.error.find("too long"), std::string::npos) << st.error;
}

TEST(LessonLimits, EveryBuiltInLessonIsWithinTheLimits) {
  for (const LessonInfo& info : builtin_lesson_infos()) {
    LessonRunner r;
    const Status st = r.load_builtin(info.id);
    EXPECT_TRUE(st.ok) << info.id << ": " << st.error;
  }
}

}  // namespace
}  // namespace pla::lesson_limits_test
