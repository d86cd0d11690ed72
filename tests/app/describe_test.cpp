// The lab in words (describe.hpp) and the keyboard as the only input (keynav.cpp, the
// canvas cursor in canvas.cpp), headless: an ImGui context with no backend runs the
// app's frames and keys go through ImGuiIO as a backend sends them.
//
// Oracle for the texts: the textbook example worked by hand (classic perceptron, eta 1,
// points visited in order, w = 0, b = 0 at the start):
//   step 1  x1 = (3, 3), +1: w.x + b = 0, a mistake      -> w = (3, 3), b = 1
//   step 2  x2 = (4, 3), +1: 22 > 0, right
//   step 3  x3 = (1, 1), -1: 7, y(w.x + b) = -7, mistake  -> w = (2, 2), b = 0
//   ... updates at steps 6, 9, 10, 12, 15; steps 16-18 make none: converged after
//   k = 7 updates at w = (1, 1), b = -3 (step 18: x3, y(w.x + b) = -(1 + 1 - 3) = 1).
// The margin: the +1 hull is the segment (3,3)-(4,3), nearest to (1, 1) at (3, 3), so
// gamma = |(3,3) - (1,1)| / 2 = sqrt(2); R = |(4, 3)| = 5.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "app/app.hpp"
#include "app/app_internal.hpp"
#include "app/describe.hpp"
#include "app/fonts.hpp"
#include "headless.hpp"
#include "imgui.h"
#include "imgui_internal.h"  // NavId, ImHashStr: which control has the keyboard focus

namespace pla::app::describe_test {
namespace {

enum Key { kTab = 1, kEnter, kSpace, kRight, kLeft, kUp, kDown, kDelete, kEscape };

// The app with its own fonts (headless.hpp) and keyboard navigation on, as the platform
// sets it.
class Headless : public test::Headless {
 public:
  Headless()
      : test::Headless(Fonts::App,
                       {{ImGuiKey_Tab, kTab},
                        {ImGuiKey_Enter, kEnter},
                        {ImGuiKey_Space, kSpace},
                        {ImGuiKey_RightArrow, kRight},
                        {ImGuiKey_LeftArrow, kLeft},
                        {ImGuiKey_UpArrow, kUp},
                        {ImGuiKey_DownArrow, kDown},
                        {ImGuiKey_Delete, kDelete},
                        {ImGuiKey_Escape, kEscape}},
                       ImGuiConfigFlags_NavEnableKeyboard) {}

  // A key pressed for one frame and released, then one more frame (a move into another
  // window takes effect a frame later).
  void key(int k, bool shift = false) {
    ImGuiIO& io = ImGui::GetIO();
    io.KeyShift = shift;
    test::Headless::key(k);
    io.KeyShift = false;
    frame();
  }
  ImGuiID focus() const { return GImGui->NavId; }
};

// The id of the panel button "text##id" (tried with every window's id as the seed).
std::vector<ImGuiID> button_ids(const std::string& label) {
  std::vector<ImGuiID> ids;
  for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows) ids.push_back(ImHashStr(label.c_str(), 0, w->ID));
  return ids;
}
bool contains(const std::vector<ImGuiID>& ids, ImGuiID id) {
  for (ImGuiID i : ids)
    if (i == id) return true;
  return false;
}

App textbook(const std::string& lang) {
  App app;
  app.lang = lang;
  EXPECT_TRUE(run_command(app, {"preset", "textbook"}).ok);
  return app;
}

std::string all_items(const Description& d) {
  std::string s = d.title + "\n";
  for (const DescriptionSection& sec : d.sections) {
    s += "# " + sec.heading + "\n";
    for (const std::string& item : sec.items) s += "- " + item + "\n";
  }
  return s;
}

TEST(Describe, TheTextbookExampleInEnglishStepByStep) {
  App app = textbook("en");
  EXPECT_EQ(step_announcement(app), "Start: w = (0, 0), b = 0. 3 of 3 training points are misclassified.");
  // At w = 0 every point has w·x + b = 0: J₁ = 3 mistakes, yet the two +1 points are predicted
  // right (accuracy 66.7%): one line says why (issue 38).
  const std::string start = all_items(describe(app));
  EXPECT_NE(start.find("Training mistakes (y(w·x+b) ≤ 0): 3 of 3; accuracy 66.7%."), std::string::npos) << start;
  EXPECT_NE(start.find("2 point(s) of class +1 lie on the line (w·x + b = 0): J₁ counts them as mistakes"), std::string::npos) << start;
  ASSERT_TRUE(run_command(app, {"step"}).ok);
  EXPECT_EQ(step_announcement(app),
            "Step 1: point x1 = (3, 3), class +1, misclassified, y(w·x+b) = 0. Update: w = (3, 3), b = 1.");
  ASSERT_TRUE(run_command(app, {"step"}).ok);
  EXPECT_EQ(step_announcement(app), "Step 2: point x2 = (4, 3), class +1, classified correctly, y(w·x+b) = 22. No update.");
  ASSERT_TRUE(run_command(app, {"step"}).ok);
  EXPECT_EQ(step_announcement(app),
            "Step 3: point x3 = (1, 1), class \xE2\x88\x92" "1, misclassified, y(w·x+b) = \xE2\x88\x92" "7. Update: w = (2, 2), b = 0.");
  EXPECT_EQ(run_summary(app), "Epoch 1, step 3, k = 2 updates; misclassified points: 1.");

  const std::string text = all_items(describe(app));
  EXPECT_NE(text.find("Data set: textbook: 3 points."), std::string::npos) << text;
  EXPECT_NE(text.find("3 points: 2 of class +1, 1 of class \xE2\x88\x92" "1; dimension d = 2."), std::string::npos) << text;
  EXPECT_NE(text.find("Linearly separable: margin γ = " + fmt_num(std::sqrt(2.0), 6) + " and radius R = 5 of the points x"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("The separating line is 2·x₁ + 2·x₂ = 0."), std::string::npos) << text;
  EXPECT_NE(text.find("w = (2, 2),  b = 0"), std::string::npos) << text;
  EXPECT_NE(text.find("Epoch 1, step 3, updates k = 2."), std::string::npos) << text;
  // w = (2, 2), b = 0 misclassifies x3 = (1, 1) only: J1 = 1 of 3.
  EXPECT_NE(text.find("Training mistakes (y(w·x+b) ≤ 0): 1 of 3; accuracy 66.7%."), std::string::npos) << text;
  // The points by the names the canvas and the lessons give them (issue 38).
  EXPECT_NE(text.find("- x1 = (3, 3), class +1.\n- x2 = (4, 3), class +1.\n- x3 = (1, 1), class \xE2\x88\x92" "1."), std::string::npos) << text;
  EXPECT_EQ(text.find("on the line"), std::string::npos) << text;  // J₁ and the accuracy agree: nothing to explain

  ASSERT_TRUE(run_command(app, {"train"}).ok);
  EXPECT_EQ(step_announcement(app),
            "Step 18: point x3 = (1, 1), class \xE2\x88\x92" "1, classified correctly, y(w·x+b) = 1. No update. "
            "Converged after 7 updates: every training point is classified correctly. "
            "Final line: w = (1, 1), b = \xE2\x88\x92" "3.");
  const std::string done = all_items(describe(app));
  EXPECT_NE(done.find("The separating line is 1·x₁ + 1·x₂ \xE2\x88\x92 3 = 0."), std::string::npos) << done;
  EXPECT_NE(done.find("Stopped: converged."), std::string::npos) << done;
  EXPECT_NE(done.find("Training mistakes (y(w·x+b) ≤ 0): 0 of 3; accuracy 100%."), std::string::npos) << done;
}

TEST(Describe, TheTextbookExampleInVietnameseAndChinese) {
  App vi = textbook("vi");
  ASSERT_TRUE(run_command(vi, {"step"}).ok);
  EXPECT_EQ(step_announcement(vi),
            "Bước 1: điểm x1 = (3, 3), lớp +1, bị phân loại sai, y(w·x+b) = 0. Cập nhật: w = (3, 3), b = 1.");
  ASSERT_TRUE(run_command(vi, {"train"}).ok);
  EXPECT_EQ(step_announcement(vi),
            "Bước 18: điểm x3 = (1, 1), lớp \xE2\x88\x92" "1, được phân loại đúng, y(w·x+b) = 1. Không cập nhật. "
            "Đã hội tụ sau 7 lần cập nhật: mọi điểm huấn luyện đều được phân loại đúng. "
            "Đường cuối cùng: w = (1, 1), b = \xE2\x88\x92" "3.");
  const Description d = describe(vi);
  ASSERT_GE(d.sections.size(), 3u);
  EXPECT_EQ(d.sections[0].heading, "Dữ liệu");
  EXPECT_EQ(d.sections[1].heading, "Giả thuyết");

  App zh = textbook("zh");
  ASSERT_TRUE(run_command(zh, {"step"}).ok);
  EXPECT_EQ(step_announcement(zh), "第 1 步：点 x1 = (3, 3)，类别 +1，被误分类，y(w·x+b) = 0。更新：w = (3, 3)，b = 1。");
  // The description follows the chosen language even while the frame is drawn in another
  // (English while the language's fonts are fetched).
  zh.applied.fonts_missing = "zh";
  EXPECT_EQ(zh.shown_lang(), "en");
  EXPECT_EQ(std::string(zh.tr("a11y.hypothesis")), zh.session.catalogs().text("en", "a11y.hypothesis"));
  EXPECT_EQ(describe(zh).sections[1].heading, "假设");
}

TEST(Describe, ALessonAddsItsStepAndNarration) {
  App app;
  app.lang = "en";
  ASSERT_TRUE(run_command(app, {"lesson", "textbook"}).ok);
  const Description d = describe(app);
  ASSERT_FALSE(d.sections.empty());
  EXPECT_EQ(d.sections[0].id, "lesson");
  ASSERT_GE(d.sections[0].items.size(), 2u);
  EXPECT_EQ(d.sections[0].items[0], "Step 1 of " + std::to_string(app.lesson.steps()) + ".");
  EXPECT_EQ(d.sections[0].items[1], app.lesson.narration(app.session, "en", [](double v) { return fmt_num(v, 6); }));
  const Json j = Json::parse(describe_json(app));
  EXPECT_EQ(j["lang"], "en");
  EXPECT_EQ(j["sections"][0]["id"], "lesson");
  EXPECT_FALSE(j["playing"].get<bool>());
}

// Tab visits every control of the panel (not only text fields), then the canvas as one
// stop, then the plots, and wraps; Shift+Tab goes back; Enter presses a focused button.
TEST(KeyboardNav, TabReachesTheStepButtonAndTheCanvasAndEnterPresses) {
  Headless h;
  ASSERT_TRUE(run_command(h.app, {"preset", "textbook"}).ok);
  h.frame();
  const std::vector<ImGuiID> step_ids = button_ids(std::string(h.app.tr("run.step")) + "##step");
  std::vector<ImGuiID> seen;
  bool canvas = false, step_button = false;
  int canvas_stops = 0;
  for (int i = 0; i < 400 && !(canvas && step_button && seen.size() > 40); ++i) {
    h.key(kTab);
    ASSERT_NE(h.focus(), 0u) << "tab " << i;
    EXPECT_TRUE(keyboard_focus_shown());
    if (!contains(seen, h.focus())) seen.push_back(h.focus());
    if (h.app.input.canvas_focused) canvas = true, ++canvas_stops;
    if (contains(step_ids, h.focus())) step_button = true;
  }
  EXPECT_TRUE(canvas);
  EXPECT_TRUE(step_button);
  EXPECT_GT(seen.size(), 40u);  // buttons, checkboxes, combos, headers: not only the text fields

  // Tab to the Step button, Shift+Tab and Tab come back to it, Enter and Space press it.
  for (int i = 0; i < 400 && !contains(step_ids, h.focus()); ++i) h.key(kTab);
  ASSERT_TRUE(contains(step_ids, h.focus()));
  const ImGuiID step = h.focus();
  h.key(kTab, true);
  EXPECT_NE(h.focus(), step);
  h.key(kTab);
  EXPECT_EQ(h.focus(), step);
  EXPECT_EQ(h.app.session.learner().steps(), 0u);
  h.key(kEnter);
  EXPECT_EQ(h.app.session.learner().steps(), 1u);
  h.key(kSpace);
  EXPECT_EQ(h.app.session.learner().steps(), 2u);
  // With a control focused, Right is the control's (navigation), not a step.
  h.key(kRight);
  EXPECT_EQ(h.app.session.learner().steps(), 2u);
  // Esc leaves the focus: Right steps again, and does not bring the focus back.
  h.key(kEscape);
  EXPECT_FALSE(keyboard_focus_shown());
  h.key(kRight);
  EXPECT_EQ(h.app.session.learner().steps(), 3u);
  EXPECT_FALSE(keyboard_focus_shown());
}

// On the canvas: the arrows move the cursor by a round step, Enter adds a +1 point,
// Shift+Enter a -1 point, Delete removes the point under the cursor; the cursor is read out.
TEST(KeyboardNav, TheCanvasCursorAddsAndRemovesPoints) {
  Headless h;
  ASSERT_TRUE(run_command(h.app, {"preset", "textbook"}).ok);
  h.frame();
  for (int i = 0; i < 400 && !h.app.input.canvas_focused; ++i) h.key(kTab);
  ASSERT_TRUE(h.app.input.canvas_focused);
  ASSERT_TRUE(h.app.input.cursor_shown);
  const Vec2d start = h.app.input.cursor;
  const double step = nice_step(h.app.view.map.scale_x, 24.0);
  h.key(kRight);
  h.key(kRight);
  h.key(kUp);
  EXPECT_NEAR(h.app.input.cursor.x, start.x + 2 * step, 1e-9);
  EXPECT_NEAR(h.app.input.cursor.y, start.y + step, 1e-9);
  EXPECT_EQ(h.app.session.learner().steps(), 0u);  // the arrows did not step
  const Vec2d at = h.app.input.cursor;

  h.key(kEnter);
  const Dataset& ds = h.app.session.data();
  ASSERT_EQ(ds.size(), 4u);
  EXPECT_DOUBLE_EQ(ds.row(3)[0], at.x);
  EXPECT_DOUBLE_EQ(ds.row(3)[1], at.y);
  EXPECT_EQ(ds.y[3], 1);
  EXPECT_EQ(point_under_cursor(h.app), 3);
  h.app.lang = "en";
  EXPECT_EQ(cursor_announcement(h.app), "Cursor at " + fmt_vec({at.x, at.y}, 4) + ": point x4 = " +
                                            fmt_vec({at.x, at.y}, 6) + ", class +1.");
  h.key(kDown);
  h.key(kDown);
  h.key(kEnter, true);
  ASSERT_EQ(h.app.session.data().size(), 5u);
  EXPECT_EQ(h.app.session.data().y[4], -1);
  EXPECT_NEAR(h.app.session.data().row(4)[1], at.y - 2 * step, 1e-9);
  h.key(kDelete);
  ASSERT_EQ(h.app.session.data().size(), 4u);
  EXPECT_EQ(h.app.session.data().y[3], 1);  // the -1 point went, the +1 point stayed
  h.key(kDelete);                            // nothing under the cursor now
  EXPECT_EQ(h.app.session.data().size(), 4u);
  EXPECT_EQ(cursor_announcement(h.app), "Cursor at " + fmt_vec({h.app.input.cursor.x, h.app.input.cursor.y}, 4) + ": no point.");
  // Space on the canvas still plays and pauses.
  h.key(kSpace);
  EXPECT_TRUE(h.app.session.playing());
  h.key(kSpace);
  EXPECT_FALSE(h.app.session.playing());
}

TEST(Theme, HighContrastMeetsWcagOnItsCanvas) {
  const Palette& p = palette(Theme::Contrast);
  for (ImU32 text : {p.text, p.muted, p.pos, p.neg, p.line, p.mistake, p.ok, p.plot_text, p.plot_label})
    EXPECT_GE(contrast_ratio(text, p.background), 4.5);
  for (ImU32 graphic : {p.pos, p.neg, p.axis, p.line, p.step, p.star, p.point_edge})
    EXPECT_GE(contrast_ratio(graphic, p.background), 3.0);
  // The oracle: black on white is 21:1, a colour on itself 1:1.
  EXPECT_NEAR(contrast_ratio(IM_COL32(0, 0, 0, 255), IM_COL32(255, 255, 255, 255)), 21.0, 1e-9);
  EXPECT_NEAR(contrast_ratio(p.pos, p.pos), 1.0, 1e-12);
  EXPECT_GT(p.thick, 1.0f);
  EXPECT_GT(p.point_scale, 1.0f);
  App app;
  ASSERT_TRUE(run_command(app, {"set", "theme", "contrast"}).ok);
  EXPECT_EQ(state(app)["theme"], "contrast");
  EXPECT_EQ(app.theme, Theme::Contrast);
  ASSERT_TRUE(run_command(app, {"set", "theme", "dark"}).ok);
  EXPECT_NE(app.theme, Theme::Contrast);
}

}  // namespace
}  // namespace pla::app::describe_test
