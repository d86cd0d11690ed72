// Perceptron Lab app: the parts of the data canvas, shared by its files: the window
// (canvas.cpp), what it draws (canvas_draw.cpp), the pointer and keys (canvas_input.cpp)
// and the touch screen's tool row (touch_tools.cpp).
#pragma once
#include <string>
#include <vector>

#include "app/app.hpp"
#include "imgui.h"

namespace pla::app {

// canvas_draw.cpp: the canvas's layers in the rectangle at `pos` of `size` (display
// pixels), recording in app.view.drawn the cues drawn.
void draw_canvas(App& app, ImVec2 pos, ImVec2 size);
// canvas_batches.cpp: the points drawn by `marks` as one batch (point_batch.hpp), recorded
// again only when the data, the view, the colours (and, up to 5,000 points, the model) change.
void draw_points_batched(ImDrawList* dl, App& app, void (*marks)(ImDrawList*, App&));
// The segment of the line a*x + b*y + c = 0 inside the box [lo, hi], if any.
bool line_in_box(double a, double b, double c, Vec2d lo, Vec2d hi, Vec2d& p, Vec2d& q);
// Row i's first two coordinates (the second 0 for d = 1).
Vec2d point2(const Dataset& ds, std::size_t i);

// canvas_labels.cpp: the canvas's words. The room labels may take: rectangles (x0, y0, x1,
// y1, display pixels) already taken, inside `bounds`.
struct LabelSpace {
  ImVec4 bounds;
  std::vector<ImVec4> taken;
  bool free(const ImVec4& box) const;
  void take(const ImVec4& box) { taken.push_back(box); }
  // The first free place for a text of `size` beside the box `near` (right, left, above,
  // below, the corners, then further out); false when there is none.
  bool place(const ImVec4& near, ImVec2 size, float gap, ImVec2& at) const;
};
// Points named x1 … xn on the canvas: up to kNamedPoints, in a lesson up to kNamedLessonPoints.
inline constexpr std::size_t kNamedPoints = 60, kNamedLessonPoints = 200;
bool names_shown(const App& app);
// The canvas at `pos` of `size`: the points' marks, the axis labels and the status band taken.
LabelSpace label_space(const App& app, ImVec2 pos, ImVec2 size);
// The points' names beside them (app.view.drawn.point_names: those placed).
void draw_point_names(ImDrawList* dl, App& app, LabelSpace& space);
// The run's status along the canvas's top (epoch, updates, mistakes, converged or playing),
// leaving `right_reserved` pixels at the right: its parts packed into lines of `width`, and
// the height of the band they take (0 without data), which the fitted view leaves free.
std::vector<std::string> status_lines(const App& app, float width);
float status_band_height(const App& app, float width);
void draw_canvas_status(ImDrawList* dl, App& app, ImVec2 pos, ImVec2 size, float right_reserved);
// An empty canvas: what a click (a tap) does, in the middle.
void draw_empty_hint(ImDrawList* dl, App& app, ImVec2 pos, ImVec2 size);

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
