// "Record this step" (Studio::record): the lab as it is now written as the step's setup,
// only what differs from what the steps before it leave (a step whose lab did not change
// records nothing), the commands run as its actions, the view's differences, and the step
// replayed against the lab.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/lab/lesson/lesson.hpp"
#include "core/lab/session/session.hpp"
#include "core/lab/studio/studio.hpp"
#include "expect_message.hpp"

namespace pla::studio_record_test {
namespace {

// A studio whose step 0 is the textbook data with eta 0.5, recorded, and given a narration.
void first_step(Studio& st, Session& lab) {
  ASSERT_TRUE(lab.command({"preset", "textbook"}).ok);
  ASSERT_TRUE(lab.command({"set", "eta", "0.5"}).ok);
  ASSERT_TRUE(st.record(lab, {}).ok);
  ASSERT_TRUE(st.text(0, "narration", "en", "w = {w}").ok);
  ASSERT_TRUE(st.text(0, "title", "en", "Recorded").ok);
}

TEST(StudioRecord, OnlyWhatChangedSinceTheStepBefore) {
  Studio st;
  Session lab;
  first_step(st, lab);
  EXPECT_EQ(st.draft()["steps"][0]["setup"], Json::parse(R"({"preset": "textbook", "eta": 0.5})"));
  EXPECT_TRUE(st.problems().empty());
  // Step 1 from where step 0 leaves the lab, nothing changed: nothing recorded.
  ASSERT_TRUE(st.insert(1).ok);
  Session next;
  ASSERT_TRUE(st.lab_before(1, next).ok);
  EXPECT_EQ(next.settings().learner.pla.eta, 0.5);
  StudioRecord rec;
  ASSERT_TRUE(st.record(next, {}, {}, {}, &rec).ok);
  EXPECT_FALSE(rec.data);
  EXPECT_TRUE(rec.settings.empty());
  EXPECT_EQ(rec.actions, 0u);
  EXPECT_EQ(st.draft()["steps"][1], Json::parse(R"({"narration": {"en": ""}})"));
  // One setting changed: only it (eta stays from step 0).
  ASSERT_TRUE(next.command({"set", "order", "random"}).ok);
  ASSERT_TRUE(st.record(next, {}, {}, {}, &rec).ok);
  EXPECT_EQ(rec.settings, (std::vector<std::string>{"order"}));
  EXPECT_EQ(st.draft()["steps"][1]["setup"], Json::parse(R"({"order": "random"})"));
  // A point added: the data's rows, then the setting.
  ASSERT_TRUE(next.command({"add_point", "5", "5", "1"}).ok);
  ASSERT_TRUE(st.record(next, {}, {}, {}, &rec).ok);
  EXPECT_TRUE(rec.data);
  EXPECT_EQ(st.draft()["steps"][1]["setup"],
            Json::parse(R"({"data": [[3, 3, 1], [4, 3, 1], [1, 1, -1], [5, 5, 1]], "order": "random"})"));
  EXPECT_TRUE(rec.verified);
  EXPECT_TRUE(rec.differs.empty());
  // Back to step 0's lab: recording it over step 1 takes its setup out again.
  ASSERT_TRUE(st.lab_before(1, next).ok);
  ASSERT_TRUE(st.record(next, {}).ok);
  EXPECT_FALSE(st.draft()["steps"][1].contains("setup"));
}

TEST(StudioRecord, CommandsBecomeActions) {
  Studio st;
  Session lab;
  first_step(st, lab);
  ASSERT_TRUE(st.insert(1).ok);
  ASSERT_TRUE(st.lab_before(1, lab).ok);
  const std::vector<StudioCommand> run = {
      {"step"},           {"play"}, {"next_update"}, {"add_query", "1.5", "2"}, {"compare", "1", "0.5"},
      {"update_on", "2"}, {"run"}};
  for (const StudioCommand& c : run) ASSERT_TRUE(lab.command(c).ok) << c[0];
  StudioRecord rec;
  ASSERT_TRUE(st.record(lab, run, {}, {}, &rec).ok);
  EXPECT_EQ(
      st.draft()["steps"][1]["actions"],
      Json::parse(
          R"([["step"], ["next_update"], ["add_query", 1.5, 2], ["compare", 1, 0.5], ["update_on", 2], ["train"]])"));
  EXPECT_EQ(rec.ignored, (std::vector<std::string>{"play"}));
  EXPECT_EQ(rec.actions, 6u);
  ASSERT_TRUE(st.text(1, "narration", "en", "k = {k}").ok);
  EXPECT_TRUE(st.problems().empty());
  // The step replayed from the lesson's start reaches the lab as recorded.
  EXPECT_TRUE(rec.verified);
  EXPECT_EQ(rec.differs, std::vector<std::string>{}) << rec.differs.size();
}

TEST(StudioRecord, TheReplaySaysWhatItDoesNotReach) {
  Studio st;
  Session lab;
  first_step(st, lab);
  ASSERT_TRUE(st.insert(1).ok);
  ASSERT_TRUE(st.lab_before(1, lab).ok);
  // Steps taken outside the recording are no action: the replay does not reach them.
  ASSERT_TRUE(lab.command({"step"}).ok);
  ASSERT_TRUE(lab.command({"add_query", "1", "1"}).ok);
  StudioRecord rec;
  ASSERT_TRUE(st.record(lab, {}, {}, {}, &rec).ok);
  EXPECT_TRUE(rec.verified);
  EXPECT_EQ(rec.differs, (std::vector<std::string>{"run", "queries"}));
  // A lab scrubbed back to an earlier step: a seek is added, and the replay reaches it.
  ASSERT_TRUE(st.lab_before(1, lab).ok);
  ASSERT_TRUE(lab.command({"step"}).ok);
  ASSERT_TRUE(lab.command({"step"}).ok);
  ASSERT_TRUE(lab.command({"step_back"}).ok);
  ASSERT_TRUE(st.record(lab, {{"step"}, {"step"}, {"step_back"}}, {}, {}, &rec).ok);
  EXPECT_EQ(st.draft()["steps"][1]["actions"], Json::parse(R"([["step"], ["step"], ["seek", 1]])"));
  EXPECT_EQ(rec.ignored, (std::vector<std::string>{"step_back"}));
  EXPECT_TRUE(rec.differs.empty());
}

TEST(StudioRecord, GeneratedDataIsItsGenerateAction) {
  Studio st;
  Session lab;
  ASSERT_TRUE(lab.command({"generate", "separable", "40", "2", "0.1", "0", "7"}).ok);
  ASSERT_TRUE(lab.command({"set", "max_epochs", "50"}).ok);
  StudioRecord rec;
  ASSERT_TRUE(st.record(lab, {}, {}, {}, &rec).ok);
  // The first step loads a preset (the loader asks it to), then generates the same points.
  EXPECT_EQ(st.draft()["steps"][0]["setup"], Json::parse(R"({"preset": "textbook", "max_epochs": 50})"));
  EXPECT_EQ(st.draft()["steps"][0]["actions"], Json::parse(R"([["generate", "separable", 40, 2, 0.1, 0, 7]])"));
  EXPECT_TRUE(rec.data);
  EXPECT_TRUE(rec.differs.empty());
  // Generated while recording: the action alone.
  ASSERT_TRUE(st.text(0, "narration", "en", "x").ok);
  ASSERT_TRUE(st.insert(1).ok);
  ASSERT_TRUE(st.lab_before(1, lab).ok);
  const StudioCommand gen = {"generate", "noisy", "30", "2", "0.1", "0.1", "3"};
  ASSERT_TRUE(lab.command(gen).ok);
  ASSERT_TRUE(st.record(lab, {gen}, {}, {}, &rec).ok);
  EXPECT_FALSE(rec.data);
  EXPECT_FALSE(st.draft()["steps"][1].contains("setup"));
  EXPECT_EQ(st.draft()["steps"][1]["actions"], Json::parse(R"([["generate", "noisy", 30, 2, 0.1, 0.1, 3]])"));
}

TEST(StudioRecord, TheViewOnlyWhereItDiffers) {
  Studio st;
  Session lab;
  const StudioView defaults = {{"plot", "mistakes"}, {"field", "false"}, {"hull", "false"}};
  ASSERT_TRUE(st.record(lab, {}, {{"plot", "rates"}, {"field", "false"}, {"hull", "false"}}, defaults).ok);
  EXPECT_EQ(st.draft()["steps"][0]["view"], Json::parse(R"({"plot": "rates"})"));
  ASSERT_TRUE(st.insert(1).ok);
  ASSERT_TRUE(st.question(1, R"({"kind": "pick_point", "prompt": {"en": "?"}})").ok);
  StudioRecord rec;
  // The plot as step 0 left it, the field turned on.
  ASSERT_TRUE(st.record(lab, {}, {{"plot", "rates"}, {"field", "true"}, {"hull", "false"}}, defaults, &rec).ok);
  EXPECT_EQ(rec.view, (std::vector<std::string>{"field"}));
  EXPECT_EQ(st.draft()["steps"][1]["view"], Json::parse(R"({"field": true})"));
  ASSERT_TRUE(st.load(R"({"format": 1, "id": "v", "title": {"en": "V"}, "steps": [
    {"narration": {"en": "a"}, "setup": {"preset": "textbook"}, "view": {"conceal": "theory", "plot": "vc"},
     "question": {"kind": "pick_point", "prompt": {"en": "?"}}}]})")
                  .ok);
  ASSERT_TRUE(st.record(lab, {}, {{"plot", "losses"}}, defaults).ok);  // the step's "conceal" stays
  EXPECT_EQ(st.draft()["steps"][0]["view"], Json::parse(R"({"conceal": "theory", "plot": "losses"})"));
}

TEST(StudioRecord, ARecordingTheLoaderRefusesChangesNothing) {
  Studio st;
  Session lab;
  first_step(st, lab);
  ASSERT_TRUE(st.insert(1).ok);
  ASSERT_TRUE(st.lab_before(1, lab).ok);
  const std::string before = st.export_text();
  // More generated points than a lesson may ask for.
  EXPECT_TRUE(test::failed_with(st.record(lab, {{"generate", "separable", "200000"}}), Msg::lesson_gen_limit,
                                {{"field", "steps[2].actions[1][3]"}}));
  EXPECT_EQ(st.export_text(), before);
}

}  // namespace
}  // namespace pla::studio_record_test
