// The status line's Play button (issue 38): where the run panel is below the first screen (the
// narrow layout of a phone held upright), a status saying "press Play" carries a Play button
// in the status band; a click (a tap) on it trains and adds no point, Tab reaches it after
// the canvas and Enter presses it; on a wide screen Play is in the panel and the band has none.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/app.hpp"
#include "app/app_internal.hpp"
#include "headless.hpp"
#include "imgui.h"
#include "imgui_internal.h"  // NavWindow: which window has the keyboard focus

namespace pla::app::status_play_test {
namespace {

enum Key { kTab = 1, kEnter, kSpace };  // (ImGui's keyboard navigation wants Space mapped)

class Headless : public test::Headless {
 public:
  Headless()
      : test::Headless(Fonts::App, {{ImGuiKey_Tab, kTab}, {ImGuiKey_Enter, kEnter}, {ImGuiKey_Space, kSpace}}, ImGuiConfigFlags_NavEnableKeyboard) {}
  void phone() {
    ImGui::GetIO().DisplaySize = ImVec2(390, 844);
    frame();
    frame();
  }
  void click(float x, float y) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = ImVec2(x, y);
    io.MouseDown[0] = true;
    frame();
    io.MouseDown[0] = false;
    frame();
  }
};

TEST(StatusPlay, APhonesStatusOffersPlayOnTheFirstScreenAndATapTrains) {
  Headless h;
  EXPECT_TRUE(h.app.view.drawn.play.empty()) << "1280 x 800: Play is in the run panel";
  h.phone();
  const std::vector<float> play = h.app.view.drawn.play;
  ASSERT_EQ(play.size(), 4u);
  EXPECT_GE(play[0], 0.0f);
  EXPECT_GE(play[1], 0.0f);
  EXPECT_LE(play[2], 390.0f);
  EXPECT_LE(play[3], 844.0f * 0.45f) << "inside the canvas, on the status line";
  EXPECT_GT(play[2] - play[0], 20.0f);
  EXPECT_NE(h.app.view.drawn.status.find(h.app.tr("canvas.status_start")), std::string::npos) << h.app.view.drawn.status;
  const Session& s = h.app.session;
  const std::size_t points = s.data().size();
  h.click((play[0] + play[2]) * 0.5f, (play[1] + play[3]) * 0.5f);
  EXPECT_TRUE(s.playing());
  EXPECT_EQ(s.data().size(), points) << "the tap went to the canvas";
  // While it plays, the same button pauses, where it was (a second tap there pauses).
  ASSERT_EQ(h.app.view.drawn.play.size(), 4u);
  const std::vector<float> pause = h.app.view.drawn.play;
  EXPECT_EQ(pause[1], play[1]);
  EXPECT_EQ(pause[2], play[2]);
  h.click((pause[0] + pause[2]) * 0.5f, (pause[1] + pause[3]) * 0.5f);
  EXPECT_FALSE(s.playing());
  EXPECT_EQ(s.data().size(), points);
  // Played again, it trains; once it has stepped and stopped, the status no longer says
  // "press Play" and the button is gone.
  ASSERT_TRUE(act(h.app, {"toggle_play"}).ok);
  for (int i = 0; i < 40 && s.live_learner().steps() < 2; ++i) h.frame(0.25f);
  EXPECT_GE(s.live_learner().steps(), 2u);
  if (s.playing()) {
    ASSERT_TRUE(act(h.app, {"toggle_play"}).ok);
  }
  h.frame();
  EXPECT_TRUE(h.app.view.drawn.play.empty()) << h.app.view.drawn.status;
}

TEST(StatusPlay, TabReachesItAfterTheCanvasAndEnterPlays) {
  Headless h;
  h.phone();
  bool after_canvas = false;
  for (int i = 0; i < 400 && !after_canvas; ++i) {
    const bool canvas = h.app.input.canvas_focused;
    h.key(kTab);
    h.frame();
    const ImGuiWindow* w = GImGui->NavWindow;
    after_canvas = canvas && w && std::string(w->Name) == "StatusPlay";
  }
  ASSERT_TRUE(after_canvas) << "Tab from the canvas should reach the status's Play";
  EXPECT_FALSE(h.app.session.playing());
  h.key(kEnter);
  EXPECT_TRUE(h.app.session.playing());
}

TEST(StatusPlay, NotOfferedWhileALessonQuestionLocksPlay) {
  Headless h;
  h.phone();
  ASSERT_TRUE(run_command(h.app, {"lesson", "textbook"}).ok);
  for (int i = 0; i < 20 && !locked(h.app); ++i) h.frame();
  ASSERT_TRUE(locked(h.app));
  h.frame();
  EXPECT_TRUE(h.app.view.drawn.play.empty());
  EXPECT_EQ(h.app.view.drawn.status.find(h.app.tr("canvas.status_start")), std::string::npos) << h.app.view.drawn.status;
}

}  // namespace
}  // namespace pla::app::status_play_test
