// Perceptron Lab app: the data canvas's window: its rectangle and the view fitted to the
// data (kept when the canvas is resized), then the input it takes and what it draws: the
// pointer and keys (canvas_input.cpp), the layers (canvas_draw.cpp) and, on a touch
// screen, the tool row under it (touch_tools.cpp).

#include <algorithm>
#include <cmath>

#include "app/app_internal.hpp"
#include "app/canvas.hpp"

namespace pla::app {

void fit_view_to_data(App& app) {
  const Dataset& ds = app.session.data();
  Vec2d lo{-1.0, -1.0}, hi{5.0, 5.0};
  if (!ds.empty()) {
    lo = hi = point2(ds, 0);
    for (std::size_t i = 1; i < ds.size(); ++i) {
      const Vec2d p = point2(ds, i);
      lo.x = std::min(lo.x, p.x);
      lo.y = std::min(lo.y, p.y);
      hi.x = std::max(hi.x, p.x);
      hi.y = std::max(hi.y, p.y);
    }
    const double pad = 0.08 * std::max({hi.x - lo.x, hi.y - lo.y, 1e-9}) + (ds.size() < 10 ? 0.5 : 0.0);
    lo.x -= pad;
    lo.y -= pad;
    hi.x += pad;
    hi.y += pad;
  }
  // Fitted below the status band along the top (canvas_labels.cpp): no point under the status.
  Mapping& m = app.view.map;
  const double top = m.pixel_min.y, band = status_band_height(app, static_cast<float>(m.pixel_max.x - m.pixel_min.x) - 16.0f);
  if (m.pixel_max.y - m.pixel_min.y > 6.0 * band) m.pixel_min.y += band;
  fit(m, lo, hi, 0.05);
  m.center.y += 0.5 * (m.pixel_min.y - top) / m.scale_y;
  m.pixel_min.y = top;
}

// The canvas was resized (the window, a lesson above it in embed mode, the 3-D view
// beside it; the mapping already has the new rectangle): a view fitted to the data is
// fitted again; one the user moved keeps what was in view, scaled to the new size (the
// centre kept; a canvas that grew in one direction only keeps its scale).
namespace {
void follow_resize(App& app, Vec2d old_min, Vec2d old_max) {
  Mapping& m = app.view.map;
  const double w = m.pixel_max.x - m.pixel_min.x, h = m.pixel_max.y - m.pixel_min.y;
  const double ow = old_max.x - old_min.x, oh = old_max.y - old_min.y;
  if (ow <= 0.0 || oh <= 0.0 || (std::fabs(w - ow) < 0.5 && std::fabs(h - oh) < 0.5)) return;
  const Mapping now = m;
  m.pixel_min = old_min;
  m.pixel_max = old_max;
  fit_view_to_data(app);
  const Mapping fitted = m;
  m = now;
  const auto same = [](double a, double b) { return std::fabs(a - b) <= 1e-9 * std::max({1.0, std::fabs(a), std::fabs(b)}); };
  if (same(fitted.scale_x, now.scale_x) && same(fitted.scale_y, now.scale_y) && same(fitted.center.x, now.center.x) &&
      same(fitted.center.y, now.center.y)) {
    app.view.fit_pending = true;
    return;
  }
  const double k = std::min(w / ow, h / oh);
  m.scale_x *= k;
  m.scale_y *= k;
}
}  // namespace

void canvas(App& app) {
  const ImVec2 pos = ImGui::GetCursorScreenPos();
  ImVec2 size = ImGui::GetContentRegionAvail();
  size.x = std::max(size.x, 50.0f);
  // A touch screen: the tool row under the canvas.
  ToolRow tools;
  if (app.touch) {
    tools = plan_touch_tools(app, size.x, size.y);
    size.y -= std::min(tools.height(), size.y * 0.5f);
  }
  size.y = std::max(size.y, 50.0f);
  Mapping& m = app.view.map;
  m.pixel_min = {pos.x, pos.y};
  m.pixel_max = {pos.x + size.x, pos.y + size.y};
  if (!app.view.fit_pending) follow_resize(app, app.view.canvas_min, app.view.canvas_max);
  app.view.canvas_min = m.pixel_min;
  app.view.canvas_max = m.pixel_max;
  if (app.view.fit_pending) {
    fit_view_to_data(app);
    app.view.fit_pending = false;
  }

  ImGui::InvisibleButton(
      "canvas", size,
      ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight | ImGuiButtonFlags_MouseButtonMiddle);
  // (With the keyboard focus ImGui calls the focused item hovered: the mouse must be there too.)
  const bool hovered = ImGui::IsItemHovered() && ImGui::IsMouseHoveringRect(pos, ImVec2(pos.x + size.x, pos.y + size.y));
  // One Tab stop: with the keyboard focus, the arrows and Enter work the cursor (keynav.cpp).
  app.input.canvas_focused = ImGui::IsItemFocused() && keyboard_focus_shown();
  if (app.input.canvas_focused) canvas_keys(app);
  else app.input.cursor_shown = false;
  app.view.drawn = CanvasView::Cues();
  handle_input(app, hovered);
  draw_canvas(app, pos, size);
  if (app.touch) touch_tools(app, ImVec2(pos.x, pos.y + size.y), size.x, tools);
  else app.input.touch_tool_centres.clear();
}

Vec2d to_screen(const App& app, double x, double y) { return data_to_pixel(app.view.map, {x, y}); }

}  // namespace pla::app
