// Perceptron Lab app: the parts of the data canvas, shared by its files: the window
// (canvas.cpp), what it draws (canvas_draw.cpp), the pointer and keys (canvas_input.cpp)
// and the touch screen's tool row (touch_tools.cpp).
#pragma once
#include <string>

#include "app/app.hpp"
#include "imgui.h"

namespace pla::app {

// canvas_draw.cpp: the canvas's layers in the rectangle at `pos` of `size` (display
// pixels), recording in app.view.drawn the cues drawn.
void draw_canvas(App& app, ImVec2 pos, ImVec2 size);
// The segment of the line a*x + b*y + c = 0 inside the box [lo, hi], if any.
bool line_in_box(double a, double b, double c, Vec2d lo, Vec2d hi, Vec2d& p, Vec2d& q);
// Row i's first two coordinates (the second 0 for d = 1).
Vec2d point2(const Dataset& ds, std::size_t i);

// canvas_input.cpp: the mouse over the canvas (hovered: the pointer is on it) and, with
// the keyboard focus, the keyboard cursor.
void handle_input(App& app, bool hovered);
void canvas_keys(App& app);
// The data row drawn within reach of `pixel` (a fingertip reaches further), or -1.
int point_at(const App& app, Vec2d pixel);
// A place_line question is open: the student's line through two handles (App::lesson_ui,
// placed when first needed, so it is reached from a const App too).
bool placing_line(const App& app);
LineHandles& ensure_line_handles(const App& app);
// The place_line reply "a b c" from the two handles (lesson_panel.cpp's Check button); and
// the handles themselves (tests). False when no place_line question is open.
bool place_line_answer(const App& app, std::string& out);
bool place_line_handles(const App& app, Vec2d& p0, Vec2d& p1);

// touch_tools.cpp: the tool row under the canvas on a touch screen, planned before the
// canvas takes its height (`canvas_h`: the room for both) and drawn after it at `at`.
struct ToolRow {
  float pad = 0, buttons = 0, hint = 0;  // padding; the buttons' and the hint's heights
  std::string hint_text;                 // empty: left out
  float height() const { return buttons + hint + pad * 0.5f; }
};
ToolRow plan_touch_tools(App& app, float width, float canvas_h);
void touch_tools(App& app, ImVec2 at, float width, const ToolRow& plan);
// The centre of the tool button `name` (pos, neg, query, update, delete, clear) as drawn
// last (browser tests, through the platform); false when not drawn.
bool touch_tool_centre(const App& app, const std::string& name, Vec2d& at);

}  // namespace pla::app
