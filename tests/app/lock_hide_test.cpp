// Lock and hide (issue 36): a lesson's view keeps plot tabs and controls from the student (the
// `tabs` and `locked` settings): the tabs hidden are not drawn, a control kept is drawn
// disabled and its command refused (by the API, the keys and the canvas alike) while the
// lesson is open, from the step that says so; the lesson's own actions still run; leaving the
// lesson gives the controls back. The studio records both with the step, from its checkboxes.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/app.hpp"
#include "core/lab/lesson/conceal.hpp"
#include "headless.hpp"
#include "ui_press.hpp"

namespace pla::app::lock_hide_test {
namespace {

using test::drawn;
using test::drawn_texts;
using test::Headless;
using test::press_labelled;

// Step 1 free; step 2 keeps the run and the data, shows two plot tabs and runs an epoch itself.
const char* const kLesson = R"({"format": 1, "id": "kept", "title": {"en": "Kept"}, "steps": [
  {"narration": {"en": "Free."}, "setup": {"preset": "textbook"}},
  {"narration": {"en": "Watch."}, "view": {"locked": "run,data", "tabs": "mistakes,rates"}, "actions": [["epoch"]]},
  {"narration": {"en": "Still watching."}}]})";

TEST(LockHide, ALessonKeepsControlsFromItsStepOnAndGivesThemBack) {
  Headless h(Headless::Fonts::App, {});
  App& app = h.app;
  ASSERT_TRUE(run_command(app, {"lesson", kLesson}).ok);
  EXPECT_TRUE(run_command(app, {"step"}).ok) << "step 1 keeps nothing";
  ASSERT_TRUE(run_command(app, {"lesson_next"}).ok);
  for (int i = 0; i < 200 && app.lesson.busy(); ++i) h.frame();
  const Json st = state(app);
  EXPECT_EQ(st["locked"], "run,data");
  EXPECT_EQ(st["tabs"], "mistakes,rates");
  EXPECT_GE(st["epoch"].get<int>(), 1) << "the lesson's own epoch ran";
  const Json before = state(app);
  for (const std::vector<std::string>& cmd : std::vector<std::vector<std::string>>{
           {"step"}, {"epoch"}, {"train"}, {"toggle_play"}, {"add_point", "1", "1", "1"}, {"preset", "six"}}) {
    const Status r = run_command(app, cmd);
    EXPECT_FALSE(r.ok) << cmd[0];
    EXPECT_EQ(r.code, Msg::lesson_control_locked) << cmd[0];
  }
  EXPECT_EQ(state(app)["step"], before["step"]);
  EXPECT_EQ(state(app)["data"], before["data"]);
  // The settings were not kept: they stay the student's; the view too.
  EXPECT_TRUE(run_command(app, {"set", "eta", "0.5"}).ok);
  EXPECT_TRUE(run_command(app, {"set", "plot", "rates"}).ok);
  // The panel says why Play is disabled; the hidden tabs are not drawn, the others are.
  std::vector<std::string> texts = drawn_texts(h);
  EXPECT_TRUE(drawn(texts, app.tr("conceal.kept")));
  EXPECT_TRUE(drawn(texts, app.tr("plots.tab_rates")));
  EXPECT_FALSE(drawn(texts, app.tr("plots.tab_vc")));
  EXPECT_FALSE(drawn(texts, app.tr("plots.tab_invariants")));
  // The next step says nothing of its own: the earlier step's locks hold; going back frees them.
  ASSERT_TRUE(run_command(app, {"lesson_next"}).ok);
  EXPECT_FALSE(run_command(app, {"step"}).ok);
  ASSERT_TRUE(run_command(app, {"lesson_back"}).ok);
  ASSERT_TRUE(run_command(app, {"lesson_back"}).ok);
  EXPECT_EQ(state(app)["locked"], "none");
  EXPECT_TRUE(run_command(app, {"step"}).ok);
  // Leaving the lesson gives every control back.
  ASSERT_TRUE(run_command(app, {"lesson_next"}).ok);
  EXPECT_FALSE(run_command(app, {"step"}).ok);
  ASSERT_TRUE(run_command(app, {"lesson_exit"}).ok);
  EXPECT_TRUE(run_command(app, {"step"}).ok);
  EXPECT_TRUE(run_command(app, {"add_point", "1", "1", "1"}).ok);
}

TEST(LockHide, BadNamesAreRefused) {
  App app;
  init(app);
  EXPECT_FALSE(run_command(app, {"set", "tabs", "mistakes,pie"}).ok);
  EXPECT_FALSE(run_command(app, {"set", "locked", "everything"}).ok);
  EXPECT_EQ(state(app)["tabs"], "mistakes,losses,invariants,rates,iterations,vc");
  EXPECT_EQ(state(app)["locked"], "none");
  EXPECT_TRUE(run_command(app, {"set", "tabs", "none"}).ok);
  EXPECT_EQ(state(app)["tabs"], "none");
  EXPECT_TRUE(run_command(app, {"set", "locked", "all"}).ok);
  EXPECT_EQ(state(app)["locked"], "run,data,settings");
  // Outside a lesson nothing is kept from anyone.
  EXPECT_TRUE(run_command(app, {"step"}).ok);
}

// The studio's checkboxes: a tab unticked and a group ticked are recorded with the step, and
// the lesson made keeps them from the student.
TEST(LockHide, TheStudioRecordsTheTabsAndControlsFromItsCheckboxes) {
  Headless h(Headless::Fonts::App, {});
  App& app = h.app;
  ASSERT_TRUE(run_command(app, {"studio_new"}).ok);
  ASSERT_TRUE(run_command(app, {"studio_text", "0", "narration", "en", "Watch."}).ok);
  ASSERT_TRUE(run_command(app, {"studio_text", "0", "title", "en", "Kept"}).ok);
  for (int i = 0; i < 3; ++i) {  // the studio's column scrolled to its end, where the checkboxes are
    ImGuiWindow* w = ImGui::FindWindowByName("Studio");
    if (w) ImGui::SetScrollY(w, w->ScrollMax.y);
    h.frame();
  }
  ASSERT_TRUE(press_labelled(h, app.label("plots.tab_vc", "studio_tab_vc"), [&] { return (app.tabs & (1u << 5)) == 0; }));
  ASSERT_TRUE(press_labelled(h, app.label("studio.control_run", "studio_locked_run"),
                             [&] { return app.locked_controls == unsigned{kControlRun}; }));
  EXPECT_TRUE(run_command(app, {"step"}).ok) << "the teacher's own lab is never locked";
  ASSERT_TRUE(run_command(app, {"studio_record"}).ok);
  const Json view = state(app)["studio"]["lesson"]["steps"][0]["view"];
  EXPECT_EQ(view["locked"], "run") << view.dump();
  EXPECT_EQ(view["tabs"], "mistakes,losses,invariants,rates,iterations") << view.dump();
  ASSERT_TRUE(run_command(app, {"studio_export"}).ok);
  const std::string text = app.reply;
  ASSERT_TRUE(run_command(app, {"lesson", text}).ok);
  EXPECT_FALSE(run_command(app, {"step"}).ok);
}

}  // namespace
}  // namespace pla::app::lock_hide_test
