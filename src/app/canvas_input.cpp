// Perceptron Lab app: the pointer and the keyboard on the data canvas: click to add, drag
// to move or pan, the wheel to zoom, the modifiers (query point, "update on"), a lesson's
// pick_point and place_line questions, the neuron view of the point under the mouse, and
// the keyboard cursor.
//
// [SECTION] A place_line question's handles
// [SECTION] The pointer
// [SECTION] The keyboard cursor

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "app/app_internal.hpp"
#include "app/canvas.hpp"
#include "app/describe.hpp"

namespace pla::app {

// -----------------------------------------------------------------------------
// [SECTION] A place_line question's handles
// -----------------------------------------------------------------------------

// A lesson's place_line question: the student's line through two handles (App::lesson_ui,
// a cache placed when first needed, so it is reached from a const App too).

bool placing_line(const App& app) {
  return app.lesson.active() && app.lesson.question_kind() == QuestionKind::PlaceLine && app.lesson.answerable() &&
         app.session.data().d == 2;
}

// The handles of the open place_line question, placed on the current line's visible
// segment (at a quarter and three quarters of it), or across the middle of the view
// when there is no visible line (w = 0).
LineHandles& ensure_line_handles(const App& app) {
  LineHandles& h = app.lesson_ui.line;
  const Learner& l = app.session.learner();
  const std::vector<double>& w = l.running_w();
  const double b = l.running_b();
  if (h.placed && h.serial == app.lesson.shown_serial()) return h;
  h = LineHandles();
  h.serial = app.lesson.shown_serial();
  h.placed = true;
  Vec2d lo, hi, p, q;
  visible_box(app.view.map, lo, hi);
  if (w.size() == 2 && (w[0] != 0.0 || w[1] != 0.0) && line_in_box(w[0], w[1], b, lo, hi, p, q)) {
    h.p[0] = {p.x + (q.x - p.x) * 0.25, p.y + (q.y - p.y) * 0.25};
    h.p[1] = {p.x + (q.x - p.x) * 0.75, p.y + (q.y - p.y) * 0.75};
  } else {
    const Vec2d c = {(lo.x + hi.x) * 0.5, (lo.y + hi.y) * 0.5};
    const double dx = (hi.x - lo.x) * 0.25;
    h.p[0] = {c.x - dx, c.y};
    h.p[1] = {c.x + dx, c.y};
  }
  return h;
}

namespace {

// The handle within reach of the mouse (pixels), or -1.
int handle_at(const App& app, const LineHandles& h, Vec2d pixel) {
  int best = -1;
  const double reach = app.touch ? 28.0 : 12.0;  // a fingertip covers more than a pointer
  double best_d2 = reach * reach;
  for (int i = 0; i < 2; ++i) {
    const Vec2d p = data_to_pixel(app.view.map, h.p[i]);
    const double d2 = (p.x - pixel.x) * (p.x - pixel.x) + (p.y - pixel.y) * (p.y - pixel.y);
    if (d2 <= best_d2) best_d2 = d2, best = i;
  }
  return best;
}

}  // namespace

// The place_line reply "a b c" from the canvas's two handles (declared in lesson_panel.cpp,
// which owns the Check button): the line through them, its normal turned toward the
// current w (the side does not change the score, see lesson.hpp). False when no
// place_line question is open.
bool place_line_answer(const App& app, std::string& out) {
  if (!placing_line(app)) return false;
  const LineHandles& h = ensure_line_handles(app);
  double a = h.p[1].y - h.p[0].y, b = -(h.p[1].x - h.p[0].x);
  const std::vector<double>& w = app.session.learner().running_w();
  if (w.size() == 2 && a * w[0] + b * w[1] < 0) a = -a, b = -b;
  const double c = -(a * h.p[0].x + b * h.p[0].y);
  out = json_number(a) + " " + json_number(b) + " " + json_number(c);
  return true;
}

// Test access: the handles' data positions (false when no place_line question is open).
bool place_line_handles(const App& app, Vec2d& p0, Vec2d& p1) {
  if (!placing_line(app)) return false;
  const LineHandles& h = ensure_line_handles(app);
  p0 = h.p[0];
  p1 = h.p[1];
  return true;
}

// -----------------------------------------------------------------------------
// [SECTION] The pointer
// -----------------------------------------------------------------------------

int point_at(const App& app, Vec2d pixel) {
  const Dataset& ds = app.session.data();
  if (ds.size() > 20000) return -1;  // picking is for hand-sized sets
  int best = -1;
  const double reach = app.touch ? 22.0 : 10.0;  // a fingertip covers more than a pointer
  double best_d2 = reach * reach;
  for (std::size_t i = 0; i < ds.size(); ++i) {
    const Vec2d p = data_to_pixel(app.view.map, point2(ds, i));
    const double d2 = (p.x - pixel.x) * (p.x - pixel.x) + (p.y - pixel.y) * (p.y - pixel.y);
    if (d2 <= best_d2) best_d2 = d2, best = static_cast<int>(i);
  }
  return best;
}

namespace {

// Neuron view of one point: each w_i x_i, the sum plus b against 0, the labels.
void neuron_tooltip(App& app, int i) {
  const Session& s = app.session;
  const Dataset& ds = s.data();
  const std::size_t row = static_cast<std::size_t>(i);
  std::vector<double> x(ds.row(row), ds.row(row) + ds.d);
  const double f = s.decision(x.data());
  ImGui::BeginTooltip();
  const Palette& pal = palette(app);
  const float wrap = tooltip_wrap_width();  // a tooltip has no width of its own to wrap in
  text_wrapped(app.trf(s.in_validation(row) ? "canvas.point_validation" : "canvas.point",
                   {{"name", point_name(row)}, {"x", fmt_vec(x)}, {"y", fmt_label(ds.y[row])}}),
               wrap);
  if (hides(app, kCueMistakes)) {  // its score and verdict: hidden until the answer
    text_wrapped(app.tr("conceal.point"), wrap);
    ImGui::EndTooltip();
    return;
  }
  app.view.drawn.hover_verdict = true;
  const Learner& l = s.learner();
  if (!s.lift() && l.linear() && l.w().size() == x.size()) {
    std::string terms;
    for (std::size_t j = 0; j < x.size() && j < 8; ++j)
      terms += (j ? " + " : "") + fmt_num(l.w()[j]) + "·" + fmt_num(x[j]);
    if (x.size() > 8) terms += " + …";
    text_wrapped("w·x + b = " + terms + " + (" + fmt_num(l.b()) + ")", wrap);
  }
  text_wrapped(app.trf("canvas.decision", {{"f", fmt_num(f, 6)},
                                       {"cmp", f >= 0 ? "≥" : "<"},
                                       {"predicted", fmt_label(f >= 0 ? 1 : -1)},
                                       {"true", fmt_label(ds.y[row])}}),
               wrap);
  ImGui::PushStyleColor(ImGuiCol_Text, ds.y[row] * f > 0 ? pal.ok : pal.mistake);
  text_wrapped(app.tr(ds.y[row] * f > 0 ? "canvas.correct" : "canvas.mistake"), wrap);
  ImGui::PopStyleColor();
  ImGui::EndTooltip();
}

// What the pointer is doing over the canvas this frame.
struct Pointer {
  Vec2d mouse;           // display pixels
  bool hovered = false;  // over the canvas
  bool two_d = false;    // the data has d = 2 (points can be placed)
  TouchTool tool = TouchTool::Edit;
  bool clicked(ImGuiMouseButton button) const { return hovered && ImGui::IsMouseClicked(button); }
};

// A lesson asking where the line will be: the left button drags its handles (no point is
// added and the view does not pan while a handle moves). True while a handle moves.
bool drag_line_handle(App& app, const Pointer& at) {
  if (!placing_line(app)) {
    app.lesson_ui.line.dragging = -1;
    return false;
  }
  LineHandles& h = ensure_line_handles(app);
  if (at.clicked(ImGuiMouseButton_Left) && !app.input.pressing) h.dragging = handle_at(app, h, at.mouse);
  if (h.dragging < 0) return false;
  app.input.hovered_point = -1;
  if (ImGui::IsMouseDown(ImGuiMouseButton_Left)) h.p[h.dragging] = pixel_to_data(app.view.map, at.mouse);
  else h.dragging = -1;
  return true;
}

// A left click: a pick_point question's answer (or, in the studio's pick mode, the point
// the teacher checks), Alt+click the perceptron's update on the
// point ("you choose the point"), Ctrl+click a query point, else a press that becomes a
// point added, moved or removed, or a pan, when the button is released.
void left_click(App& app, const Pointer& at) {
  if (!at.clicked(ImGuiMouseButton_Left)) return;
  const ImGuiIO& io = ImGui::GetIO();
  const bool picking =
      app.lesson.active() && app.lesson.question_kind() == QuestionKind::PickPoint && app.lesson.answerable();
  if (studio_picking(app)) {
    if (app.input.hovered_point >= 0) act(app, {"studio_pick", std::to_string(app.input.hovered_point)});
  } else if (picking) {
    if (app.input.hovered_point >= 0) act(app, {"answer", std::to_string(app.input.hovered_point)});
  } else if (!app.input.delete_mode && (io.KeyAlt || io.KeyCtrl || io.KeySuper)) {
    if (io.KeyAlt) {
      if (app.input.hovered_point >= 0) act(app, {"update_on", std::to_string(app.input.hovered_point)});
    } else if (at.two_d) {
      const Vec2d p = pixel_to_data(app.view.map, at.mouse);
      act(app, {"add_query", json_number(p.x), json_number(p.y)});
    }
  } else {
    app.input.pressing = true;
    app.input.panning = false;
    app.input.press_pixel = at.mouse;
    if (app.input.hovered_point >= 0 && !app.input.delete_mode && at.two_d && at.tool == TouchTool::Edit) {
      app.input.drag_point = app.input.hovered_point;
      app.input.drag_to = pixel_to_data(app.view.map, at.mouse);
    }
  }
}

// The left button held after a press: a point dragged, or the view panned.
void left_drag(App& app, const Pointer& at) {
  if (!app.input.pressing || !ImGui::IsMouseDown(ImGuiMouseButton_Left)) return;
  const double moved = std::hypot(at.mouse.x - app.input.press_pixel.x, at.mouse.y - app.input.press_pixel.y);
  if (app.input.drag_point >= 0) {
    app.input.drag_to = pixel_to_data(app.view.map, at.mouse);
  } else if (moved > 4.0 || app.input.panning) {
    app.input.panning = true;
    const ImGuiIO& io = ImGui::GetIO();
    pan(app.view.map, {io.MouseDelta.x, io.MouseDelta.y});
  }
}

// The left button released after a press that did not pan: the dragged point moved, or what
// the touch tool or the Data panel's choice says a tap does (Shift: the other class).
void left_release(App& app, const Pointer& at) {
  if (!app.input.pressing || !ImGui::IsMouseReleased(ImGuiMouseButton_Left)) return;
  app.input.pressing = false;
  const double moved = std::hypot(at.mouse.x - app.input.press_pixel.x, at.mouse.y - app.input.press_pixel.y);
  const Vec2d p = pixel_to_data(app.view.map, at.mouse);
  const bool tap = !app.input.panning;
  if (app.input.drag_point >= 0) {
    const int i = app.input.drag_point;
    app.input.drag_point = -1;
    if (moved > 2.0)
      act(app, {"move_point", std::to_string(i), json_number(app.input.drag_to.x), json_number(app.input.drag_to.y)});
  } else if (tap && at.tool == TouchTool::Update) {
    const int i = point_at(app, at.mouse);
    if (i >= 0) act(app, {"update_on", std::to_string(i)});
  } else if (tap && at.tool == TouchTool::Query && at.two_d) {
    act(app, {"add_query", json_number(p.x), json_number(p.y)});
  } else if (tap && app.input.delete_mode) {
    const int i = point_at(app, at.mouse);
    if (i >= 0) act(app, {"remove_point", std::to_string(i)});
  } else if (tap && at.two_d) {
    const int label = ImGui::GetIO().KeyShift ? -app.input.draw_label : app.input.draw_label;
    act(app, {"add_point", json_number(p.x), json_number(p.y), label > 0 ? "1" : "-1"});
  }
  app.input.panning = false;
}

// A right click: a point of the other class, or one removed (delete mode); Ctrl clears the
// query points.
void right_click(App& app, const Pointer& at) {
  if (!at.clicked(ImGuiMouseButton_Right) || !at.two_d) return;
  const ImGuiIO& io = ImGui::GetIO();
  if ((io.KeyCtrl || io.KeySuper) && !app.input.delete_mode) {
    act(app, {"clear_queries"});
  } else if (app.input.delete_mode) {
    const int i = point_at(app, at.mouse);
    if (i >= 0) act(app, {"remove_point", std::to_string(i)});
  } else {
    const Vec2d p = pixel_to_data(app.view.map, at.mouse);
    act(app, {"add_point", json_number(p.x), json_number(p.y), app.input.draw_label > 0 ? "-1" : "1"});
  }
}

// The box by the mouse: the neuron view of the point under it, else where it is and what a
// click does (none on a touch screen: the tool row says what a tap does).
void hover_box(App& app, const Pointer& at) {
  if (app.touch || !at.hovered || app.input.pressing) return;
  if (app.input.hovered_point >= 0) {
    neuron_tooltip(app, app.input.hovered_point);
  } else if (at.two_d && keeps(app, kControlData)) {
    tooltip(app.tr(locked(app) ? "conceal.locked" : "conceal.kept"));
  } else if (at.two_d) {
    const Vec2d p = pixel_to_data(app.view.map, at.mouse);
    tooltip("(" + fmt_num(p.x, 3) + ", " + fmt_num(p.y, 3) + ")  " +
            app.tr(app.input.delete_mode ? "canvas.tip_delete"
                                     : (app.input.draw_label > 0 ? "canvas.tip_add_pos" : "canvas.tip_add_neg")) +
            (app.input.delete_mode ? std::string() : std::string("\n") + app.tr("canvas.tip_more")));
  }
}

}  // namespace

void handle_input(App& app, bool hovered) {
  const ImGuiIO& io = ImGui::GetIO();
  Pointer at;
  at.mouse = {io.MousePos.x, io.MousePos.y};
  at.hovered = hovered;
  at.two_d = app.session.data().d == 2;
  at.tool = app.touch ? app.input.touch_tool : TouchTool::Edit;
  // On a touch screen the pointer is where the last finger lifted: nothing is hovered
  // between touches (no ring, no box over the canvas).
  const bool finger = !app.touch || ImGui::IsMouseDown(ImGuiMouseButton_Left) || ImGui::IsMouseReleased(ImGuiMouseButton_Left);
  app.input.hovered_point = hovered && finger && app.input.drag_point < 0 ? point_at(app, at.mouse) : -1;

  if (hovered && io.MouseWheel != 0.0f) zoom_at(app.view.map, at.mouse, std::pow(1.15, static_cast<double>(io.MouseWheel)));
  if (hovered && ImGui::IsMouseDragging(ImGuiMouseButton_Middle, 0.0f)) pan(app.view.map, {io.MouseDelta.x, io.MouseDelta.y});
  if (drag_line_handle(app, at)) return;
  left_click(app, at);
  left_drag(app, at);
  left_release(app, at);
  right_click(app, at);
  hover_box(app, at);
}

// -----------------------------------------------------------------------------
// [SECTION] The keyboard cursor
// -----------------------------------------------------------------------------

// The keyboard cursor (the canvas has the keyboard focus: one Tab stop): the arrows move
// it by a round step of about 24 pixels, Enter adds a +1 point there, Shift+Enter a -1
// point, Delete or Backspace removes the point under it; in a place_line question Enter
// puts the two handles at the cursor in turn. describe.cpp reads the cursor out.
namespace {

bool key_pressed(ImGuiKey key) {
  const int index = ImGui::GetKeyIndex(key);
  return index >= 0 && ImGui::IsKeyPressed(index, true);
}

double cursor_step(const App& app) { return nice_step(app.view.map.scale_x, 24.0); }

}  // namespace

void canvas_keys(App& app) {
  const ImGuiIO& io = ImGui::GetIO();
  const double step = cursor_step(app);
  Vec2d lo, hi;
  visible_box(app.view.map, lo, hi);
  if (!app.input.cursor_shown || !(app.input.cursor.x >= lo.x && app.input.cursor.x <= hi.x && app.input.cursor.y >= lo.y && app.input.cursor.y <= hi.y)) {
    // Shown at the round point nearest the middle of the view.
    app.input.cursor = {std::round((lo.x + hi.x) * 0.5 / step) * step, std::round((lo.y + hi.y) * 0.5 / step) * step};
    app.input.cursor_shown = true;
  }
  if (io.WantTextInput) return;
  Vec2d& c = app.input.cursor;
  if (key_pressed(ImGuiKey_RightArrow)) c.x += step;
  if (key_pressed(ImGuiKey_LeftArrow)) c.x -= step;
  if (key_pressed(ImGuiKey_UpArrow)) c.y += step;
  if (key_pressed(ImGuiKey_DownArrow)) c.y -= step;
  c.x = std::clamp(std::round(c.x / step) * step, lo.x, hi.x);
  c.y = std::clamp(std::round(c.y / step) * step, lo.y, hi.y);
  const bool two_d = app.session.data().d == 2 || app.session.data().empty();
  if ((ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false) ||
       ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter), false)) && two_d) {
    if (placing_line(app)) {
      LineHandles& h = ensure_line_handles(app);
      h.p[h.next_key] = c;
      h.next_key = 1 - h.next_key;
    } else {
      act(app, {"add_point", json_number(c.x), json_number(c.y), io.KeyShift ? "-1" : "1"});
    }
  }
  if (key_pressed(ImGuiKey_Delete) || key_pressed(ImGuiKey_Backspace)) {
    const int i = point_under_cursor(app);
    if (i >= 0) act(app, {"remove_point", std::to_string(i)});
  }
}

}  // namespace pla::app
