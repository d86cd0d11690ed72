#include "app/plot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace pla::app {

namespace {
// Finite pixel coordinates only (ImGui's paths misbehave on inf or NaN).
float clamp_px(double v) { return v >= -1e7 && v <= 1e7 ? static_cast<float>(v) : (v > 0 ? 1e7f : -1e7f); }
ImVec2 to_im(Vec2d v) { return ImVec2(clamp_px(v.x), clamp_px(v.y)); }
const ImU32 kFrame = IM_COL32(0, 0, 0, 60);
const ImU32 kGrid = IM_COL32(0, 0, 0, 18);
const ImU32 kText = IM_COL32(60, 60, 60, 255);
}  // namespace

std::string format_number(double v) {
  char buf[32];
  const double a = std::fabs(v);
  if (v == 0.0) return "0";
  if (a >= 1e6 || a < 1e-3) std::snprintf(buf, sizeof buf, "%.3g", v);
  else if (a >= 1e4) std::snprintf(buf, sizeof buf, "%.4g", v);
  else std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

void Plot::line(const std::string& label, std::vector<double> x, std::vector<double> y, ImU32 color, float thickness) {
  const std::size_t n = std::min(x.size(), y.size());
  x.resize(n);
  y.resize(n);
  series_.push_back({label, std::move(x), std::move(y), color, thickness});
}

void Plot::hline(const std::string& label, double y, ImU32 color) {
  if (std::isfinite(y)) hlines_.push_back({label, y, color});
}

Mapping Plot::draw(ImVec2 size) {
  ImGui::PushID(id_.c_str());
  if (size.x <= 0) size.x = ImGui::GetContentRegionAvail().x;
  if (size.y <= 0) size.y = 160;
  const ImVec2 pos = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("plot", size);
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float line_h = ImGui::GetTextLineHeight();

  // Plot area inside the frame: room for the title, y ticks and x ticks.
  const float left = 46.0f, right = 8.0f, top = line_h + 6.0f, bottom = line_h + 8.0f;
  Mapping m;
  m.pixel_min = {pos.x + left, pos.y + top};
  m.pixel_max = {pos.x + size.x - right, pos.y + size.y - bottom};

  // Data range.
  double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
  for (const Series& s : series_)
    for (std::size_t i = 0; i < s.x.size(); ++i) {
      if (!std::isfinite(s.x[i]) || !std::isfinite(s.y[i])) continue;
      x0 = std::min(x0, s.x[i]);
      x1 = std::max(x1, s.x[i]);
      y0 = std::min(y0, s.y[i]);
      y1 = std::max(y1, s.y[i]);
    }
  for (const HLine& h : hlines_) {
    y0 = std::min(y0, h.y);
    y1 = std::max(y1, h.y);
  }
  if (!(x1 >= x0)) x0 = 0, x1 = 1;
  if (!(y1 >= y0)) y0 = 0, y1 = 1;
  if (y_from_zero) y0 = std::min(y0, 0.0), y1 = std::max(y1, 0.0);
  if (y_max > y_min) y0 = y_min, y1 = y_max;
  if (x1 == x0) x1 = x0 + 1;
  if (y1 == y0) y1 = y0 + 1;
  const double pad = 0.05 * (y1 - y0);
  fit_stretch(m, {x0, y0 - (y_max > y_min ? 0 : pad)}, {x1, y1 + (y_max > y_min ? 0 : pad)});

  dl->AddRectFilled(pos, ImVec2(pos.x + size.x, pos.y + size.y), IM_COL32(255, 255, 255, 255));
  dl->AddText(ImVec2(pos.x + 6, pos.y + 3), kText, title_.c_str());
  const ImVec2 a = to_im(m.pixel_min), b = to_im(m.pixel_max);
  // Ticks and grid.
  Vec2d lo, hi;
  visible_box(m, lo, hi);
  const double sx = nice_step(m.scale_x, 70.0), sy = nice_step(m.scale_y, 32.0);
  const double kx0 = std::ceil(lo.x / sx), kx1 = std::floor(hi.x / sx + 1e-9);
  const double ky0 = std::ceil(lo.y / sy), ky1 = std::floor(hi.y / sy + 1e-9);
  const bool ticks_ok = std::isfinite(kx0) && std::isfinite(kx1) && std::isfinite(ky0) && std::isfinite(ky1) &&
                        kx1 - kx0 <= 200 && ky1 - ky0 <= 200;
  for (double k = ticks_ok ? kx0 : 1.0; k <= (ticks_ok ? kx1 : 0.0); k += 1.0) {
    const double x = k * sx;
    const float px = clamp_px(data_to_pixel(m, {x, 0}).x);
    dl->AddLine(ImVec2(px, a.y), ImVec2(px, b.y), kGrid);
    dl->AddText(ImVec2(px - 6, b.y + 2), kText, format_number(std::fabs(x) < sx * 1e-9 ? 0 : x).c_str());
  }
  for (double k = ticks_ok ? ky0 : 1.0; k <= (ticks_ok ? ky1 : 0.0); k += 1.0) {
    const double y = k * sy;
    const float py = clamp_px(data_to_pixel(m, {0, y}).y);
    dl->AddLine(ImVec2(a.x, py), ImVec2(b.x, py), kGrid);
    const std::string t = format_number(std::fabs(y) < sy * 1e-9 ? 0 : y);
    dl->AddText(ImVec2(a.x - 4 - ImGui::CalcTextSize(t.c_str()).x, py - line_h * 0.5f), kText, t.c_str());
  }
  dl->AddRect(a, b, kFrame);
  if (!x_label.empty())
    dl->AddText(ImVec2(b.x - ImGui::CalcTextSize(x_label.c_str()).x, pos.y + 3), IM_COL32(120, 120, 120, 255),
                x_label.c_str());

  dl->PushClipRect(a, b, true);
  for (const HLine& h : hlines_) {
    const float py = clamp_px(data_to_pixel(m, {0, h.y}).y);
    for (float x = a.x; x < b.x; x += 10) dl->AddLine(ImVec2(x, py), ImVec2(std::min(x + 6, b.x), py), h.color, 1.5f);
  }
  for (const Marker& mk : markers_) {
    const float px = clamp_px(data_to_pixel(m, {mk.x, 0}).x);
    dl->AddLine(ImVec2(px, a.y), ImVec2(px, b.y), mk.color, 1.0f);
  }
  // Series: long ones are reduced to a min/max pair per pixel column.
  std::vector<ImVec2> pts;
  for (const Series& s : series_) {
    pts.clear();
    const std::size_t n = s.x.size();
    const double width = static_cast<double>(b.x - a.x);
    if (n > static_cast<std::size_t>(2 * width) && width > 0) {
      int column = -1;
      double mn = 0, mx = 0;
      for (std::size_t i = 0; i < n; ++i) {
        const Vec2d p = data_to_pixel(m, {s.x[i], s.y[i]});
        const int c = static_cast<int>(clamp_px(p.x));
        if (c != column) {
          if (column >= 0) {
            pts.push_back(ImVec2(static_cast<float>(column), clamp_px(mn)));
            pts.push_back(ImVec2(static_cast<float>(column), clamp_px(mx)));
          }
          column = c;
          mn = mx = p.y;
        } else {
          mn = std::min(mn, p.y);
          mx = std::max(mx, p.y);
        }
      }
      if (column >= 0) {
        pts.push_back(ImVec2(static_cast<float>(column), clamp_px(mn)));
        pts.push_back(ImVec2(static_cast<float>(column), clamp_px(mx)));
      }
    } else {
      for (std::size_t i = 0; i < n; ++i) {
        const ImVec2 p = to_im(data_to_pixel(m, {s.x[i], s.y[i]}));
        if (step_lines && !pts.empty()) pts.push_back(ImVec2(p.x, pts.back().y));
        pts.push_back(p);
      }
    }
    if (pts.size() >= 2) dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), s.color, 0, s.thickness);
    else if (pts.size() == 1) dl->AddCircleFilled(pts[0], 2.5f, s.color);
  }
  dl->PopClipRect();

  // Legend (top right, inside the plot).
  float ly = a.y + 4;
  auto legend = [&](const std::string& label, ImU32 col) {
    if (label.empty()) return;
    const float w = ImGui::CalcTextSize(label.c_str()).x;
    dl->AddRectFilled(ImVec2(b.x - w - 24, ly), ImVec2(b.x - 4, ly + line_h + 2), IM_COL32(255, 255, 255, 200));
    dl->AddLine(ImVec2(b.x - w - 20, ly + line_h * 0.5f + 1), ImVec2(b.x - w - 10, ly + line_h * 0.5f + 1), col, 2.0f);
    dl->AddText(ImVec2(b.x - w - 6, ly + 1), kText, label.c_str());
    ly += line_h + 2;
  };
  for (const Series& s : series_) legend(s.label, s.color);
  for (const HLine& h : hlines_) legend(h.label, h.color);

  // Hover read-out: the nearest x of each series.
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  if (hovered && mouse.x >= a.x && mouse.x <= b.x && !series_.empty()) {
    const double xm = pixel_to_data(m, {mouse.x, mouse.y}).x;
    dl->AddLine(ImVec2(mouse.x, a.y), ImVec2(mouse.x, b.y), IM_COL32(0, 0, 0, 80));
    std::string tip;
    for (const Series& s : series_) {
      if (s.x.empty()) continue;
      const auto it = std::lower_bound(s.x.begin(), s.x.end(), xm);
      std::size_t i = static_cast<std::size_t>(it - s.x.begin());
      if (i >= s.x.size()) i = s.x.size() - 1;
      if (i > 0 && std::fabs(s.x[i - 1] - xm) < std::fabs(s.x[i] - xm)) --i;
      tip += s.label + ": " + format_number(s.y[i]) + "  (" + (x_label.empty() ? "x" : x_label) + " " +
             format_number(s.x[i]) + ")\n";
    }
    for (const HLine& h : hlines_) tip += h.label + ": " + format_number(h.y) + "\n";
    if (!tip.empty()) {
      tip.pop_back();
      ImGui::SetTooltip("%s", tip.c_str());
    }
  }
  ImGui::PopID();
  return m;
}

}  // namespace pla::app
