// Two Apps in one process (as the tests make many, and a page could hold several labs):
// the interface's state lives in each App (App::input, App::plots, App::lesson_ui,
// App::keynav, ...), so drawing one App leaves the other's as it was. Before, the canvas
// kept the touch tool, the place_line handles and the tool row in function-level statics
// shared by every App (the tool and the handles were started afresh whenever another App
// drew), and the plots kept their caches the same way.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/app.hpp"
#include "app/app_internal.hpp"
#include "app/fonts.hpp"
#include "headless.hpp"
#include "imgui.h"

namespace pla::app {

// canvas.cpp, for tests.
bool place_line_handles(const App& app, Vec2d& p0, Vec2d& p1);
bool touch_tool_centre(const App& app, const std::string& name, Vec2d& at);
}  // namespace pla::app

namespace pla::app::two_apps_test {

namespace {

// A place_line question on the textbook data (as in lesson_ui_test.cpp).
const char* kLineLesson = R"({"format": 1, "id": "line", "title": {"en": "Line"},
  "steps": [
    {"narration": {"en": "w = {w}"}, "setup": {"preset": "textbook", "eta": 0.1},
     "question": {"kind": "place_line", "prompt": {"en": "where?"}}},
    {"narration": {"en": "after"}}
  ]})";

// One ImGui context that both Apps draw into, in turn.
struct Frames {
  test::Context context{1280, 800};
  Frames() { test::build_default_font(); }
  void frame(App& app, int n = 1) {
    for (int i = 0; i < n; ++i) test::run_frame(app);
  }
  void drag(App& app, Vec2d from, Vec2d to) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = ImVec2(static_cast<float>(from.x), static_cast<float>(from.y));
    frame(app);
    io.MouseDown[0] = true;
    frame(app);
    for (int i = 1; i <= 6; ++i) {
      io.MousePos = ImVec2(static_cast<float>(from.x + (to.x - from.x) * i / 6.0),
                           static_cast<float>(from.y + (to.y - from.y) * i / 6.0));
      frame(app);
    }
    io.MouseDown[0] = false;
    frame(app);
    io.MousePos = ImVec2(-100, -100);
    frame(app);
  }
  void tap(App& app, Vec2d at) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = ImVec2(static_cast<float>(at.x), static_cast<float>(at.y));
    io.MouseDown[0] = true;
    frame(app);
    io.MouseDown[0] = false;
    frame(app);
    io.MousePos = ImVec2(-100, -100);
    frame(app);
  }
};

// A student drags a handle of the line in one lab; another lab on the page shows the same
// question. The first student's line stays where they put it.
TEST(TwoApps, OneAppsLessonHandlesStayWhenAnotherDraws) {
  Frames f;
  App a, b;
  init(a);
  init(b);
  ASSERT_TRUE(run_command(a, {"lesson", kLineLesson}).ok);
  f.frame(a, 3);
  Vec2d h0, h1;
  ASSERT_TRUE(place_line_handles(a, h0, h1));
  // The first handle 60 pixels down.
  const Vec2d at = to_screen(a, h0.x, h0.y);
  f.drag(a, at, {at.x, at.y + 60.0});
  Vec2d moved0, moved1;
  ASSERT_TRUE(place_line_handles(a, moved0, moved1));
  ASSERT_NE(moved0.y, h0.y);  // the drag moved it (60 pixels: more than a data unit apart)
  EXPECT_NEAR(to_screen(a, moved0.x, moved0.y).y, at.y + 60.0, 1.0);

  // The other lab opens the same question and draws; its handles start afresh.
  ASSERT_TRUE(run_command(b, {"lesson", kLineLesson}).ok);
  f.frame(b, 3);
  Vec2d b0, b1;
  ASSERT_TRUE(place_line_handles(b, b0, b1));
  EXPECT_EQ(b0.y, b1.y);  // w = 0: across the middle of its own view, level

  // Back to the first lab: its handles are where its student left them.
  f.frame(a, 2);
  Vec2d again0, again1;
  ASSERT_TRUE(place_line_handles(a, again0, again1));
  EXPECT_EQ(again0.x, moved0.x);
  EXPECT_EQ(again0.y, moved0.y);
  EXPECT_EQ(again1.x, moved1.x);
  EXPECT_EQ(again1.y, moved1.y);
}

// On a touch screen one lab's student picks the query tool; another lab draws with its own
// tool (edit). A tap in the first lab still adds a query point, not a data point.
TEST(TwoApps, OneAppsTouchToolStaysWhenAnotherDraws) {
  Frames f;
  App a, b;
  init(a);
  init(b);
  a.touch = b.touch = true;
  f.frame(a, 3);
  Vec2d query;
  ASSERT_TRUE(touch_tool_centre(a, "query", query));
  f.tap(a, query);
  f.frame(b, 3);
  Vec2d b_query;
  EXPECT_TRUE(touch_tool_centre(b, "pos", b_query));  // b drew its own tool row
  // A tap on an empty spot of a's canvas (data (0, 4): no point there).
  const std::size_t points = a.session.data().size(), queries = a.session.queries().size();
  f.frame(a, 2);
  const Vec2d empty = to_screen(a, 0.0, 4.0);
  f.tap(a, empty);
  EXPECT_EQ(a.session.data().size(), points);
  EXPECT_EQ(a.session.queries().size(), queries + 1);
  // b's tool is still its own: a tap there adds a data point.
  const std::size_t b_points = b.session.data().size();
  f.frame(b, 2);
  f.tap(b, to_screen(b, 0.0, 4.0));
  EXPECT_EQ(b.session.data().size(), b_points + 1);
}

// The plots' caches are the App's: the iteration table of one lab is its own rows, even
// when another lab with other data draws the same tab in between.
TEST(TwoApps, EachAppsIterationTableIsItsOwn) {
  Frames f;
  App a, b;
  init(a);
  init(b);
  ASSERT_TRUE(run_command(a, {"preset", "textbook"}).ok);
  ASSERT_TRUE(run_command(a, {"train"}).ok);
  ASSERT_TRUE(run_command(b, {"set", "plot", "iterations"}).ok);
  ASSERT_TRUE(run_command(a, {"set", "plot", "iterations"}).ok);
  f.frame(a, 2);
  f.frame(b, 2);
  f.frame(a, 1);
  EXPECT_EQ(a.plots.iterations.rows.size(), a.session.iteration_table().size());
  EXPECT_EQ(b.plots.iterations.rows.size(), b.session.iteration_table().size());
  EXPECT_NE(a.plots.iterations.rows.size(), b.plots.iterations.rows.size());
}

}  // namespace
}  // namespace pla::app::two_apps_test
