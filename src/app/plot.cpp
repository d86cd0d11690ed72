// Perceptron Lab app: the plotting module (plot.hpp): a plot laid out so nothing overlaps
// (title, tick labels, caption and legend), its axes, series, lines, markers and hover read-out.
#include "app/plot.hpp"

#include <algorithm>
#include <cmath>

#include "app/app_internal.hpp"

namespace pla::app {

namespace {

// Appends p to the polylines being built: repeated points are dropped, a point
// that continues the last segment in the same direction replaces its end, and a
// turn sharper than 120 degrees ends the polyline and starts another.
void extend(std::vector<std::vector<ImVec2>>& lines, ImVec2 p) {
  std::vector<ImVec2>& cur = lines.back();
  if (cur.empty()) {
    cur.push_back(p);
    return;
  }
  const ImVec2 b = cur.back();
  const float bx = p.x - b.x, by = p.y - b.y;
  if (std::fabs(bx) < 1e-3f && std::fabs(by) < 1e-3f) return;
  if (cur.size() >= 2) {
    const ImVec2 a = cur[cur.size() - 2];
    const float ax = b.x - a.x, ay = b.y - a.y;
    const float dot = ax * bx + ay * by, crs = ax * by - ay * bx;
    const float la = std::sqrt(ax * ax + ay * ay), lb = std::sqrt(bx * bx + by * by);
    if (dot > 0.0f && std::fabs(crs) <= 1e-6f * la * lb) {  // straight on: one longer segment
      cur.back() = p;
      return;
    }
    if (dot < -0.5f * la * lb) {  // a near-reversal: start again from b
      lines.push_back({b, p});
      return;
    }
  }
  cur.push_back(p);
}

}  // namespace

std::vector<std::vector<ImVec2>> series_polylines(const std::vector<Vec2d>& pixels, bool step) {
  // The vertices of the curve: a step holds the previous value until the next x.
  std::vector<ImVec2> v;
  v.reserve(step ? 2 * pixels.size() : pixels.size());
  for (const Vec2d& q : pixels) {
    const ImVec2 p = to_im(q);
    if (step && !v.empty()) v.push_back(ImVec2(p.x, v.back().y));
    v.push_back(p);
  }
  std::vector<std::vector<ImVec2>> lines(1), marks;
  for (std::size_t i = 0; i < v.size();) {
    // One pixel column: the run of vertices with the same floor(x).
    const float column = std::floor(v[i].x);
    const ImVec2 first = v[i];
    ImVec2 last = first;
    float lo = first.y, hi = first.y;
    std::size_t j = i + 1;
    for (; j < v.size() && std::floor(v[j].x) == column; ++j) {
      last = v[j];
      lo = std::min(lo, last.y);
      hi = std::max(hi, last.y);
    }
    i = j;
    extend(lines, first);
    if (step) extend(lines, ImVec2(first.x, last.y));  // up or down at the column's first x
    extend(lines, last);
    if (lo < std::min(first.y, last.y) - 1e-3f || hi > std::max(first.y, last.y) + 1e-3f) {
      const float x = step ? first.x : 0.5f * (first.x + last.x);
      marks.push_back({ImVec2(x, lo), ImVec2(x, hi)});
    }
  }
  if (lines.back().empty()) lines.pop_back();
  for (auto& m : marks) lines.push_back(std::move(m));
  return lines;
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

// The title's lines, wrapped at `wrap_w` pixels.
std::vector<std::pair<const char*, const char*>> Plot::title_lines(float wrap_w) const {
  ImFont* font = ImGui::GetFont();
  const float font_px = ImGui::GetFontSize();
  std::vector<std::pair<const char*, const char*>> lines;
  for (const char* t = title_.c_str(), *end = t + title_.size(); t < end;) {
    const char* cut = font->CalcWordWrapPositionA(font_px / font->FontSize, t, end, wrap_w);
    if (cut == t) cut = t + 1;
    lines.emplace_back(t, cut);
    t = cut;
    while (t < end && (*t == ' ' || *t == '\n')) ++t;
  }
  return lines;
}

// The caption under the plot: the x axis name, then the legend, placed in rows of
// `wrap_w` pixels (each item's place, relative to the caption's corner); `rows` the rows used.
std::vector<Plot::CaptionItem> Plot::caption(float wrap_w, int& rows) const {
  const Palette& pal = *pal_;
  const float line_h = ImGui::GetTextLineHeight();
  std::vector<CaptionItem> items;
  if (!x_label.empty()) items.push_back({x_label + " →", pal.plot_label, false, {}});
  for (const Series& s : series_)
    if (!s.label.empty()) items.push_back({s.label, s.color, true, {}});
  for (const HLine& h : hlines_)
    if (!h.label.empty()) items.push_back({h.label, h.color, true, {}});
  rows = items.empty() ? 0 : 1;
  float x = 0;
  for (CaptionItem& it : items) {
    // An item wider than the whole row ends in "…" (the hover read-out names it whole).
    const float extra = it.key ? kSampleW + 4 : 0;
    it.text = elide(it.text, wrap_w - extra);
    const float w = ImGui::CalcTextSize(it.text.c_str()).x + extra;
    if (x > 0 && x + w > wrap_w) {
      ++rows;
      x = 0;
    }
    it.at = ImVec2(x, static_cast<float>(rows - 1) * line_h);
    x += w + kCaptionGap;
  }
  return items;
}

// The data box the axes show: the series and horizontal lines (0 included when
// y_from_zero; y_min..y_max when fixed), a 5% margin above and below.
void Plot::data_box(Vec2d& lo, Vec2d& hi) const {
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
  const bool any = x1 >= x0;
  if (!(x1 >= x0)) x0 = 0, x1 = 1;
  if (!(y1 >= y0)) y0 = 0, y1 = 1;
  if (y_from_zero) y0 = std::min(y0, 0.0), y1 = std::max(y1, 0.0);
  if (y_max > y_min) y0 = y_min, y1 = y_max;
  if (step_lines && any) x1 += 1.0;  // the last step's width (draw_data)
  if (x1 == x0) x1 = x0 + 1;
  if (y1 == y0) y1 = y0 + 1;
  const double ypad = 0.05 * (y1 - y0);
  lo = {x0, y0 - (y_max > y_min ? 0 : ypad)};
  hi = {x1, y1 + (y_max > y_min ? 0 : ypad)};
}

// The plot area inside the widget at `pos` of `size` with the margins given; the left one
// widened to the widest y tick label. Twice: that width changes the x scale. Returns the y
// tick step.
double Plot::fit_axes(Mapping& m, ImVec2 pos, ImVec2 size, const Margins& margin) const {
  Vec2d data_lo, data_hi;
  data_box(data_lo, data_hi);
  const double min_dy = std::max(32.0, 1.6 * static_cast<double>(ImGui::GetTextLineHeight()));
  float left = 30.0f;
  double sy = 1.0;
  for (int pass = 0; pass < 2; ++pass) {
    m.pixel_min = {pos.x + left, pos.y + margin.top};
    m.pixel_max = {pos.x + std::max(left + 10.0f, size.x - margin.right),
                   pos.y + std::max(margin.top + 10.0f, size.y - margin.bottom)};
    fit_stretch(m, data_lo, data_hi);
    Vec2d vlo, vhi;
    visible_box(m, vlo, vhi);
    sy = nice_step(m.scale_y, min_dy);
    float widest = 0;
    const double k0 = std::ceil(vlo.y / sy), k1 = std::floor(vhi.y / sy + 1e-9);
    if (std::isfinite(k0) && std::isfinite(k1) && k1 - k0 <= 200)
      for (double k = k0; k <= k1; k += 1.0)
        widest = std::max(widest, ImGui::CalcTextSize(fmt_num(std::fabs(k * sy) < sy * 1e-9 ? 0 : k * sy).c_str()).x);
    left = std::max(30.0f, widest + 10.0f);
  }
  return sy;
}

// Ticks and grid: x labels at least their own width apart, y labels every `sy`.
void Plot::draw_ticks(ImDrawList* dl, const Mapping& m, ImVec2 pos, ImVec2 size, double sy) const {
  const Palette& pal = *pal_;
  const float line_h = ImGui::GetTextLineHeight();
  const ImVec2 a = to_im(m.pixel_min), b = to_im(m.pixel_max);
  Vec2d lo, hi;
  visible_box(m, lo, hi);
  const double min_dx = std::max(70.0, static_cast<double>(ImGui::CalcTextSize("−0.0000").x) + 12.0);
  const double sx = nice_step(m.scale_x, min_dx);
  const double kx0 = std::ceil(lo.x / sx), kx1 = std::floor(hi.x / sx + 1e-9);
  const double ky0 = std::ceil(lo.y / sy), ky1 = std::floor(hi.y / sy + 1e-9);
  const bool ticks_ok = std::isfinite(kx0) && std::isfinite(kx1) && std::isfinite(ky0) && std::isfinite(ky1) &&
                        kx1 - kx0 <= 200 && ky1 - ky0 <= 200;
  for (double k = ticks_ok ? kx0 : 1.0; k <= (ticks_ok ? kx1 : 0.0); k += 1.0) {
    const double x = k * sx;
    const float px = clamp_px(data_to_pixel(m, {x, 0}).x);
    dl->AddLine(ImVec2(px, a.y), ImVec2(px, b.y), pal.plot_grid);
    const std::string t = fmt_num(std::fabs(x) < sx * 1e-9 ? 0 : x);
    const float tw = ImGui::CalcTextSize(t.c_str()).x;
    dl->AddText(ImVec2(std::min(std::max(px - tw * 0.5f, a.x - tw * 0.5f), pos.x + size.x - tw - 2), b.y + 3), pal.plot_text,
                t.c_str());
  }
  for (double k = ticks_ok ? ky0 : 1.0; k <= (ticks_ok ? ky1 : 0.0); k += 1.0) {
    const double y = k * sy;
    const float py = clamp_px(data_to_pixel(m, {0, y}).y);
    dl->AddLine(ImVec2(a.x, py), ImVec2(b.x, py), pal.plot_grid);
    const std::string t = fmt_num(std::fabs(y) < sy * 1e-9 ? 0 : y);
    dl->AddText(ImVec2(a.x - 4 - ImGui::CalcTextSize(t.c_str()).x, py - line_h * 0.5f), pal.plot_text, t.c_str());
  }
}

// The caption rows at `cap`: the x axis name, then the legend (a line sample and the label).
void Plot::draw_caption(ImDrawList* dl, const std::vector<CaptionItem>& items, ImVec2 cap) const {
  const Palette& pal = *pal_;
  const float line_h = ImGui::GetTextLineHeight();
  for (const CaptionItem& it : items) {
    float x = cap.x + it.at.x;
    const float y = cap.y + it.at.y;
    if (it.key) {
      dl->AddLine(ImVec2(x, y + line_h * 0.5f), ImVec2(x + kSampleW, y + line_h * 0.5f), it.color, 2.5f * pal.thick);
      x += kSampleW + 4;
    }
    dl->AddText(ImVec2(x, y), it.key ? pal.plot_text : pal.plot_label, it.text.c_str());
  }
}

// Inside the plot area: the horizontal lines (dashed), the markers and the series (a few
// vertices per pixel column however long: series_polylines).
void Plot::draw_data(ImDrawList* dl, const Mapping& m) const {
  const Palette& pal = *pal_;
  const float thick = pal.thick;
  const ImVec2 a = to_im(m.pixel_min), b = to_im(m.pixel_max);
  dl->PushClipRect(a, b, true);
  for (const HLine& h : hlines_) {
    const float py = clamp_px(data_to_pixel(m, {0, h.y}).y);
    for (float x = a.x; x < b.x; x += 10) dl->AddLine(ImVec2(x, py), ImVec2(std::min(x + 6, b.x), py), h.color, 1.5f * thick);
  }
  for (const Marker& mk : markers_) {
    const float px = clamp_px(data_to_pixel(m, {mk.x, 0}).x);
    dl->AddLine(ImVec2(px, a.y), ImVec2(px, b.y), mk.color, thick);
  }
  std::vector<Vec2d> px;
  for (const Series& s : series_) {
    px.clear();
    for (std::size_t i = 0; i < s.x.size(); ++i)
      if (std::isfinite(s.x[i]) && std::isfinite(s.y[i])) px.push_back(data_to_pixel(m, {s.x[i], s.y[i]}));
    // Steps: the last value holds for one unit too (a last epoch's 0 is a segment, not a corner).
    if (step_lines && !px.empty()) px.push_back({data_to_pixel(m, {s.x.back() + 1.0, 0.0}).x, px.back().y});
    for (const std::vector<ImVec2>& pl : series_polylines(px, step_lines)) {
      if (pl.size() >= 2) dl->AddPolyline(pl.data(), static_cast<int>(pl.size()), s.color, 0, s.thickness * thick);
      else if (pl.size() == 1) dl->AddCircleFilled(pl[0], 2.5f * pal.point_scale, s.color);
    }
  }
  dl->PopClipRect();
}

// The hover read-out: a vertical cursor and the nearest x of each series, in a tooltip.
void Plot::hover(ImDrawList* dl, const Mapping& m) const {
  const ImVec2 a = to_im(m.pixel_min), b = to_im(m.pixel_max);
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  if (mouse.x < a.x || mouse.x > b.x || series_.empty()) return;
  const double xm = pixel_to_data(m, {mouse.x, mouse.y}).x;
  dl->AddLine(ImVec2(mouse.x, a.y), ImVec2(mouse.x, b.y), pal_->cursor, pal_->thick);
  std::string tip;
  for (const Series& s : series_) {
    if (s.x.empty()) continue;
    const auto it = std::lower_bound(s.x.begin(), s.x.end(), xm);
    std::size_t i = static_cast<std::size_t>(it - s.x.begin());
    if (i >= s.x.size()) i = s.x.size() - 1;
    if (i > 0 && std::fabs(s.x[i - 1] - xm) < std::fabs(s.x[i] - xm)) --i;
    tip += s.label + ": " + fmt_num(s.y[i]) + "  (" + (x_label.empty() ? "x" : x_label) + " " + fmt_num(s.x[i]) + ")\n";
  }
  for (const HLine& h : hlines_) tip += h.label + ": " + fmt_num(h.y) + "\n";
  if (!tip.empty()) {
    tip.pop_back();
    tooltip(tip);
  }
}

Mapping Plot::draw(ImVec2 size) {
  const Palette& pal = *pal_;
  ImGui::PushID(id_.c_str());
  if (size.x <= 0) size.x = ImGui::GetContentRegionAvail().x;
  if (size.y <= 0) size.y = 160;
  const ImVec2 pos = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float line_h = ImGui::GetTextLineHeight();

  // Layout, measured so nothing overlaps: the title wraps over as many lines as it needs
  // at the top; the y tick labels get the width of the widest; under the x tick labels a
  // caption row holds the x axis name and the legend, wrapping to more rows when narrow.
  const float pad = 6.0f;
  const float wrap_w = std::max(20.0f, size.x - 2 * pad);
  const std::vector<std::pair<const char*, const char*>> title = title_lines(wrap_w);
  int caption_rows = 0;
  const std::vector<CaptionItem> items = caption(wrap_w, caption_rows);
  Margins margin;
  margin.top = static_cast<float>(title.size()) * line_h + pad + 2;
  margin.bottom = line_h + 6 + static_cast<float>(caption_rows) * line_h + (caption_rows ? 4 : 0);
  // Never less than three lines of plot: a short window scrolls rather than squeeze it.
  size.y = std::max(size.y, margin.top + margin.bottom + 3.0f * line_h);
  ImGui::InvisibleButton("plot", size);
  const bool hovered = ImGui::IsItemHovered();
  Mapping m;
  const double sy = fit_axes(m, pos, size, margin);

  dl->AddRectFilled(pos, ImVec2(pos.x + size.x, pos.y + size.y), pal.plot_bg);
  for (std::size_t i = 0; i < title.size(); ++i)
    dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(pos.x + pad, pos.y + 3 + static_cast<float>(i) * line_h),
                pal.plot_text, title[i].first, title[i].second);
  draw_ticks(dl, m, pos, size, sy);
  // Every line width and the dots are scaled by the theme (thicker in high contrast).
  const ImVec2 a = to_im(m.pixel_min), b = to_im(m.pixel_max);
  dl->AddRect(a, b, pal.plot_frame, 0.0f, 0, pal.thick);
  draw_caption(dl, items, ImVec2(pos.x + pad, b.y + line_h + 6));
  draw_data(dl, m);
  if (hovered) hover(dl, m);
  ImGui::PopID();
  return m;
}

}  // namespace pla::app
