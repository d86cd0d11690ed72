// Perceptron Lab app: the data canvas.
//
// [SECTION] Geometry helpers
// [SECTION] Drawing
// [SECTION] Interaction
// [SECTION] Canvas

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "app/app_internal.hpp"
#include "app/describe.hpp"

namespace pla::app {

namespace {

// -----------------------------------------------------------------------------
// [SECTION] Geometry helpers
// -----------------------------------------------------------------------------

// Clips a convex polygon to the half-plane a*x + b*y + c >= 0 (Sutherland-Hodgman).
std::vector<Vec2d> clip_half_plane(const std::vector<Vec2d>& poly, double a, double b, double c) {
  std::vector<Vec2d> out;
  const std::size_t n = poly.size();
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2d p = poly[i], q = poly[(i + 1) % n];
    const double fp = a * p.x + b * p.y + c, fq = a * q.x + b * q.y + c;
    if (fp >= 0) out.push_back(p);
    if ((fp >= 0) != (fq >= 0)) {
      const double t = fp / (fp - fq);
      out.push_back({p.x + t * (q.x - p.x), p.y + t * (q.y - p.y)});
    }
  }
  return out;
}

// The segment of the line a*x + b*y + c = 0 inside the box, if any.
bool line_in_box(double a, double b, double c, Vec2d lo, Vec2d hi, Vec2d& p, Vec2d& q) {
  std::vector<Vec2d> pts;
  const double eps = 1e-12;
  if (std::fabs(b) > eps) {
    for (double x : {lo.x, hi.x}) {
      const double y = -(a * x + c) / b;
      if (y >= lo.y - eps && y <= hi.y + eps) pts.push_back({x, y});
    }
  }
  if (std::fabs(a) > eps) {
    for (double y : {lo.y, hi.y}) {
      const double x = -(b * y + c) / a;
      if (x >= lo.x - eps && x <= hi.x + eps) pts.push_back({x, y});
    }
  }
  if (pts.size() < 2) return false;
  // The two points farthest apart.
  double best = -1;
  for (std::size_t i = 0; i < pts.size(); ++i)
    for (std::size_t j = i + 1; j < pts.size(); ++j) {
      const double d = (pts[i].x - pts[j].x) * (pts[i].x - pts[j].x) + (pts[i].y - pts[j].y) * (pts[i].y - pts[j].y);
      if (d > best) best = d, p = pts[i], q = pts[j];
    }
  return best > 0;
}

double cross(Vec2d o, Vec2d a, Vec2d b) { return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x); }

// Andrew's monotone chain: the convex hull of the points, counter-clockwise.
std::vector<Vec2d> convex_hull(std::vector<Vec2d> p) {
  std::sort(p.begin(), p.end(), [](Vec2d a, Vec2d b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  p.erase(std::unique(p.begin(), p.end(), [](Vec2d a, Vec2d b) { return a.x == b.x && a.y == b.y; }), p.end());
  if (p.size() < 3) return p;
  std::vector<Vec2d> h(2 * p.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    while (k >= 2 && cross(h[k - 2], h[k - 1], p[i]) <= 0) --k;
    h[k++] = p[i];
  }
  for (std::size_t i = p.size() - 1, t = k + 1; i > 0; --i) {
    while (k >= t && cross(h[k - 2], h[k - 1], p[i - 1]) <= 0) --k;
    h[k++] = p[i - 1];
  }
  h.resize(k - 1);
  return h;
}

void fill_polygon(ImDrawList* dl, const Mapping& m, const std::vector<Vec2d>& poly, ImU32 col) {
  if (poly.size() < 3) return;
  std::vector<ImVec2> px;
  px.reserve(poly.size());
  for (const Vec2d& p : poly) px.push_back(to_im(data_to_pixel(m, p)));
  dl->AddConvexPolyFilled(px.data(), static_cast<int>(px.size()), col);
}

void arrow(ImDrawList* dl, ImVec2 from, ImVec2 to, ImU32 col, float thickness = 2.0f) {
  dl->AddLine(from, to, col, thickness);
  const float dx = to.x - from.x, dy = to.y - from.y;
  const float len = std::sqrt(dx * dx + dy * dy);
  if (len < 1.0f) return;
  const float ux = dx / len, uy = dy / len;
  dl->AddTriangleFilled(to, ImVec2(to.x - 9 * ux + 5 * uy, to.y - 9 * uy - 5 * ux),
                        ImVec2(to.x - 9 * ux - 5 * uy, to.y - 9 * uy + 5 * ux), col);
}

void dashed(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 col, float thickness = 1.2f) {
  const float dx = b.x - a.x, dy = b.y - a.y, len = std::sqrt(dx * dx + dy * dy);
  if (len < 1) return;
  for (float t = 0; t < len; t += 9.0f) {
    const float t1 = std::min(len, t + 5.0f);
    dl->AddLine(ImVec2(a.x + dx * t / len, a.y + dy * t / len), ImVec2(a.x + dx * t1 / len, a.y + dy * t1 / len), col,
                thickness);
  }
}

Vec2d point2(const Dataset& ds, std::size_t i) {
  const double* r = ds.row(i);
  return {r[0], ds.d >= 2 ? r[1] : 0.0};
}

// -----------------------------------------------------------------------------
// [SECTION] Drawing
// -----------------------------------------------------------------------------

void draw_grid(ImDrawList* dl, const Mapping& m, const Palette& pal) {
  Vec2d lo, hi;
  visible_box(m, lo, hi);
  // Tick labels at least their own width apart, and only where they fit whole in the canvas.
  const float lh = ImGui::GetTextLineHeight();
  const double step = nice_step(m.scale_x, std::max(64.0, static_cast<double>(ImGui::CalcTextSize("−0.000").x) + 16.0));
  const ImU32 grid = pal.grid, axis = pal.axis, text = pal.text;
  const float bottom = static_cast<float>(m.pixel_max.y), left = static_cast<float>(m.pixel_min.x);
  const float right = static_cast<float>(m.pixel_max.x), top = static_cast<float>(m.pixel_min.y);
  // Ticks by index, at most a few hundred: extreme data (1e308) must not loop forever.
  const double kx0 = std::ceil(lo.x / step), kx1 = std::floor(hi.x / step);
  const double ky0 = std::ceil(lo.y / step), ky1 = std::floor(hi.y / step);
  if (!std::isfinite(kx0) || !std::isfinite(kx1) || !std::isfinite(ky0) || !std::isfinite(ky1) || kx1 - kx0 > 400 ||
      ky1 - ky0 > 400)
    return;
  for (double k = kx0; k <= kx1; k += 1.0) {
    const double x = k * step;
    const bool is_axis = std::fabs(x) < step * 1e-9;
    const ImVec2 a = to_im(data_to_pixel(m, {x, lo.y})), b = to_im(data_to_pixel(m, {x, hi.y}));
    dl->AddLine(a, b, is_axis ? axis : grid, is_axis ? 1.5f : 1.0f);
    dl->AddLine(ImVec2(a.x, bottom - 5), ImVec2(a.x, bottom), axis);
    const std::string t = fmt_num(is_axis ? 0.0 : x, 6);
    if (a.x > left + 2.5f * lh && a.x + 3 + ImGui::CalcTextSize(t.c_str()).x < right - 2)
      dl->AddText(ImVec2(a.x + 3, bottom - lh - 3), text, t.c_str());
  }
  for (double k = ky0; k <= ky1; k += 1.0) {
    const double y = k * step;
    const bool is_axis = std::fabs(y) < step * 1e-9;
    const ImVec2 a = to_im(data_to_pixel(m, {lo.x, y})), b = to_im(data_to_pixel(m, {hi.x, y}));
    dl->AddLine(a, b, is_axis ? axis : grid, is_axis ? 1.5f : 1.0f);
    dl->AddLine(ImVec2(left, a.y), ImVec2(left + 5, a.y), axis);
    if (a.y < bottom - lh - 10 && a.y - lh - 1 > top + 1)
      dl->AddText(ImVec2(left + 7, a.y - lh - 1), text, fmt_num(is_axis ? 0.0 : y, 6).c_str());
  }
}

// The decision field of a non-linear hypothesis, cached on a coarse grid.
void draw_field(ImDrawList* dl, App& app) {
  const Palette& pal = palette(app);
  const Session& s = app.session;
  const Mapping& m = app.view.map;
  FieldCache& f = app.view.field;
  const int cols = std::max(1, static_cast<int>((m.pixel_max.x - m.pixel_min.x) / f.cell) + 1);
  const int rows = std::max(1, static_cast<int>((m.pixel_max.y - m.pixel_min.y) / f.cell) + 1);
  const bool stale = f.step != s.viewed_step() || f.learner != &s.learner() || f.cols != cols || f.rows != rows ||
                     f.view.center.x != m.center.x || f.view.center.y != m.center.y || f.view.scale_x != m.scale_x ||
                     f.view.pixel_min.x != m.pixel_min.x || f.view.pixel_min.y != m.pixel_min.y;
  if (stale) {
    f.sign.assign(static_cast<std::size_t>(cols) * static_cast<std::size_t>(rows), 0);
    std::vector<double> x(static_cast<std::size_t>(s.data().d), 0.0);
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c) {
        const Vec2d p = pixel_to_data(m, {m.pixel_min.x + (c + 0.5) * f.cell, m.pixel_min.y + (r + 0.5) * f.cell});
        x[0] = p.x;
        if (x.size() > 1) x[1] = p.y;
        f.sign[static_cast<std::size_t>(r * cols + c)] = s.decision(x.data()) >= 0.0 ? 1 : -1;
      }
    f.step = s.viewed_step();
    f.learner = &s.learner();
    f.view = m;
    f.cols = cols;
    f.rows = rows;
  }
  for (int r = 0; r < rows; ++r) {
    // Runs of equal sign become one rectangle.
    int c0 = 0;
    for (int c = 1; c <= cols; ++c) {
      const signed char v0 = f.sign[static_cast<std::size_t>(r * cols + c0)];
      if (c < cols && f.sign[static_cast<std::size_t>(r * cols + c)] == v0) continue;
      const float x0 = static_cast<float>(m.pixel_min.x) + static_cast<float>(c0 * f.cell);
      const float y0 = static_cast<float>(m.pixel_min.y) + static_cast<float>(r * f.cell);
      dl->AddRectFilled(ImVec2(x0, y0),
                        ImVec2(x0 + static_cast<float>((c - c0) * f.cell), y0 + static_cast<float>(f.cell)),
                        v0 > 0 ? pal.pos_fill : pal.neg_fill);
      c0 = c;
    }
  }
}

// The line w.x + b = 0 with shaded half-planes and the normal vector w.
// `w_label`: where the label "w" went (x0, y0, x1, y1; left as it was when not drawn).
void draw_separator(ImDrawList* dl, const Mapping& m, const std::vector<double>& w, double b, bool shade,
                    const Palette& pal, ImVec4& w_label) {
  if (w.size() != 2 || (w[0] == 0.0 && w[1] == 0.0) || !std::isfinite(w[0]) || !std::isfinite(w[1])) return;
  Vec2d lo, hi;
  visible_box(m, lo, hi);
  if (shade) {
    const std::vector<Vec2d> box = {{lo.x, lo.y}, {hi.x, lo.y}, {hi.x, hi.y}, {lo.x, hi.y}};
    fill_polygon(dl, m, clip_half_plane(box, w[0], w[1], b), pal.pos_fill);
    fill_polygon(dl, m, clip_half_plane(box, -w[0], -w[1], -b), pal.neg_fill);
  }
  Vec2d p, q;
  if (!line_in_box(w[0], w[1], b, lo, hi, p, q)) return;
  const ImVec2 a = to_im(data_to_pixel(m, p)), c = to_im(data_to_pixel(m, q));
  dl->AddLine(a, c, pal.line, 2.5f * pal.thick);
  // The normal w from the line's visible midpoint, 50 px long, toward the +1 side.
  const double norm = std::sqrt(w[0] * w[0] + w[1] * w[1]);
  const ImVec2 mid((a.x + c.x) * 0.5f, (a.y + c.y) * 0.5f);
  const ImVec2 tip(mid.x + static_cast<float>(50 * w[0] / norm), mid.y - static_cast<float>(50 * w[1] / norm));
  arrow(dl, mid, tip, pal.pos, 2.0f * pal.thick);
  dl->AddText(ImVec2(tip.x + 4, tip.y - 8), pal.pos, "w");
  const ImVec2 ws = ImGui::CalcTextSize("w");
  w_label = ImVec4(tip.x + 4, tip.y - 8, tip.x + 4 + ws.x, tip.y - 8 + ws.y);
}

void draw_ghost(ImDrawList* dl, const Mapping& m, const std::vector<double>& w, double b, ImU32 color, float thick) {
  if (w.size() != 2 || (w[0] == 0.0 && w[1] == 0.0)) return;
  Vec2d lo, hi, p, q;
  visible_box(m, lo, hi);
  if (line_in_box(w[0], w[1], b, lo, hi, p, q))
    dashed(dl, to_im(data_to_pixel(m, p)), to_im(data_to_pixel(m, q)), color, 2.0f * thick);
}

// The update as a vector sum: w_old + eta*y*x = w_new, drawn from the origin.
void draw_update(ImDrawList* dl, const Mapping& m, const Session& s, const Palette& pal) {
  if (!s.has_last_step() || !s.last_step().mistake || s.train_set().d != 2 || s.lift()) return;
  const std::vector<double>& w0 = s.previous_w();
  const std::vector<double>& w1 = s.learner().running_w();
  if (w0.size() != 2 || w1.size() != 2) return;
  const Vec2d o = data_to_pixel(m, {0, 0});
  const Vec2d a = data_to_pixel(m, {w0[0], w0[1]});
  const Vec2d c = data_to_pixel(m, {w1[0], w1[1]});
  const Vec2d d = data_to_pixel(m, {w1[0] - w0[0], w1[1] - w0[1]});  // eta*y*x from the origin
  dashed(dl, to_im(a), to_im(c), pal.step);
  dashed(dl, to_im(d), to_im(c), pal.muted);
  if (w0[0] != 0.0 || w0[1] != 0.0) arrow(dl, to_im(o), to_im(a), pal.muted, 1.6f);
  arrow(dl, to_im(o), to_im(d), pal.step, 1.6f);
  arrow(dl, to_im(o), to_im(c), pal.line, 2.2f);
  const float lh = ImGui::GetTextLineHeight();
  dl->AddText(ImVec2(clamp_px(a.x) + 4, clamp_px(a.y) - lh - 2), pal.muted, tr("canvas.w_before"));
  dl->AddText(ImVec2(clamp_px(d.x) + 4, clamp_px(d.y) - lh - 2), pal.step, "ηyx");
  dl->AddText(ImVec2(clamp_px(c.x) + 4, clamp_px(c.y) + 2), pal.line, "w ← w + ηyx");
}

void draw_hulls(ImDrawList* dl, const Mapping& m, const Dataset& ds, const Palette& pal) {
  for (int label : {1, -1}) {
    std::vector<Vec2d> pts;
    for (std::size_t i = 0; i < ds.size(); ++i)
      if (ds.y[i] == label) pts.push_back(point2(ds, i));
    const std::vector<Vec2d> h = convex_hull(pts);
    if (h.size() < 2) continue;
    std::vector<ImVec2> px;
    for (const Vec2d& p : h) px.push_back(to_im(data_to_pixel(m, p)));
    const ImU32 col = label > 0 ? pal.pos : pal.neg;
    if (px.size() >= 3) dl->AddConvexPolyFilled(px.data(), static_cast<int>(px.size()), with_alpha(col, 0x18));
    dl->AddPolyline(px.data(), static_cast<int>(px.size()), col, ImDrawFlags_Closed, 1.5f);
  }
}

void draw_max_margin(ImDrawList* dl, const Mapping& m, const Session& s, const Palette& pal) {
  const MarginResult& r = s.margin();
  if (!s.margin_ok() || !r.separable || r.w_star.size() != 2 || s.lift() || !std::isfinite(r.gamma)) return;
  Vec2d lo, hi, p, q;
  visible_box(m, lo, hi);
  const double a = r.w_star[0], b = r.w_star[1];
  for (double off : {-r.gamma, r.gamma}) {
    if (line_in_box(a, b, r.b_star + off, lo, hi, p, q))
      dashed(dl, to_im(data_to_pixel(m, p)), to_im(data_to_pixel(m, q)), pal.star, 1.5f);
  }
  if (line_in_box(a, b, r.b_star, lo, hi, p, q)) {
    dl->AddLine(to_im(data_to_pixel(m, p)), to_im(data_to_pixel(m, q)), pal.star, 2.0f);
    const ImVec2 at = to_im(data_to_pixel(m, p));
    dl->AddText(ImVec2(at.x + 4, at.y + 4), pal.star, tr("canvas.max_margin"));
  }
}

void draw_points(ImDrawList* dl, App& app) {
  const Palette& pal = palette(app);
  const Session& s = app.session;
  const Dataset& ds = s.data();
  const Mapping& m = app.view.map;
  const bool many = ds.size() > 5000;
  const float r0 = (many ? 2.0f : 6.0f) * pal.point_scale;
  // Dual form: alpha_i (updates caused by point i) as the point's size.
  std::vector<float> radius;
  const std::vector<std::uint64_t>& alpha = s.learner().alpha();
  if (app.view.show_alpha && !many && alpha.size() == s.train_index().size() && !alpha.empty() &&
      !hides(app, kCueAlpha)) {
    app.view.drawn.alpha_size = true;
    const std::uint64_t top = *std::max_element(alpha.begin(), alpha.end());
    radius.assign(ds.size(), r0);
    for (std::size_t t = 0; t < alpha.size(); ++t)
      radius[s.train_index()[t]] =
          top ? (3.0f + 9.0f * std::sqrt(static_cast<float>(alpha[t]) / static_cast<float>(top))) * pal.point_scale : r0;
  }
  std::vector<double> x(static_cast<std::size_t>(ds.d));
  const float w = static_cast<float>(m.pixel_max.x), h = static_cast<float>(m.pixel_max.y);
  if (many) {
    // Large sets: one textured quad per point written straight into the vertex
    // buffer (no path building): +1 a diamond, -1 a square, validation points fainter.
    const ImVec2 uv = ImGui::GetFontTexUvWhitePixel();
    dl->PrimReserve(static_cast<int>(ds.size()) * 6, static_cast<int>(ds.size()) * 4);
    std::size_t drawn = 0;
    const bool split = !s.validation_set().empty();
    for (std::size_t i = 0; i < ds.size(); ++i) {
      const ImVec2 p = to_im(data_to_pixel(m, point2(ds, i)));
      if (!(p.x >= m.pixel_min.x - 4 && p.x <= w + 4 && p.y >= m.pixel_min.y - 4 && p.y <= h + 4)) continue;
      const bool faint = split && s.in_validation(i);
      if (ds.y[i] > 0) {
        const ImU32 col = faint ? with_alpha(pal.pos, 0x80) : pal.pos;
        const float q = r0 + 0.8f;
        dl->PrimQuadUV(ImVec2(p.x, p.y - q), ImVec2(p.x + q, p.y), ImVec2(p.x, p.y + q), ImVec2(p.x - q, p.y), uv, uv,
                       uv, uv, col);
      } else {
        const ImU32 col = faint ? with_alpha(pal.neg, 0x80) : pal.neg;
        dl->PrimRect(ImVec2(p.x - r0, p.y - r0), ImVec2(p.x + r0, p.y + r0), col);
      }
      ++drawn;
    }
    // Give back what was reserved for points outside the view.
    dl->PrimUnreserve(static_cast<int>(ds.size() - drawn) * 6, static_cast<int>(ds.size() - drawn) * 4);
  }
  for (std::size_t i = 0; i < (many ? 0 : ds.size()); ++i) {
    Vec2d p2 = point2(ds, i);
    if (static_cast<int>(i) == app.input.drag_point) p2 = app.input.drag_to;
    const ImVec2 p = to_im(data_to_pixel(m, p2));
    if (!(p.x >= m.pixel_min.x - 10 && p.x <= w + 10 && p.y >= m.pixel_min.y - 10 && p.y <= h + 10)) continue;
    const bool validation = s.in_validation(i);
    const float r = radius.empty() ? r0 : radius[i];
    if (ds.y[i] > 0) {
      if (validation)
        dl->AddCircle(p, r, pal.pos, 0, 2.0f * pal.thick);
      else
        dl->AddCircleFilled(p, r, pal.pos, many ? 6 : 0);
      if (!many) dl->AddCircle(p, r + 1, pal.point_edge, 0, pal.thick);
    } else {
      const ImVec2 a(p.x - r, p.y - r), b(p.x + r, p.y + r);
      if (validation)
        dl->AddRect(a, b, pal.neg, 0, 0, 2.0f * pal.thick);
      else
        dl->AddRectFilled(a, b, pal.neg);
      if (!many) dl->AddRect(ImVec2(a.x - 1, a.y - 1), ImVec2(b.x + 1, b.y + 1), pal.point_edge, 0, 0, pal.thick);
    }
    if (app.view.show_mistakes && !many && !hides(app, kCueMistakes)) {
      std::copy(ds.row(i), ds.row(i) + ds.d, x.begin());
      if (ds.y[i] * s.decision(x.data()) <= 0.0) {
        ++app.view.drawn.crosses;
        dl->AddLine(ImVec2(p.x - r - 3, p.y - r - 3), ImVec2(p.x + r + 3, p.y + r + 3), pal.mistake, 2.0f * pal.thick);
        dl->AddLine(ImVec2(p.x - r - 3, p.y + r + 3), ImVec2(p.x + r + 3, p.y - r - 3), pal.mistake, 2.0f * pal.thick);
      }
    }
  }
  const float r = r0;
  if (s.has_last_step() && s.last_step().index < s.train_index().size()) {
    const std::size_t i = s.train_index()[s.last_step().index];
    if (i < ds.size()) {
      const ImVec2 p = to_im(data_to_pixel(m, point2(ds, i)));
      dl->AddCircle(p, r + 6, s.last_step().mistake ? pal.mistake : pal.ok, 0, 3.0f);
    }
  }
  if (app.input.hovered_point >= 0 && static_cast<std::size_t>(app.input.hovered_point) < ds.size()) {
    const ImVec2 p = to_im(data_to_pixel(m, point2(ds, static_cast<std::size_t>(app.input.hovered_point))));
    dl->AddCircle(p, r + 3, app.input.delete_mode ? pal.mistake : pal.hover, 0, 1.5f);
  }
}

// Query points: grey rings with a "?", and next to each f(x) and the class it gets.
// Labels stay inside the canvas and move down (or are left out) rather than cover another.
void draw_queries(ImDrawList* dl, App& app, const ImVec4& w_label) {
  const Session& s = app.session;
  const std::vector<std::vector<double>>& qs = s.queries();
  if (qs.empty()) return;
  const Palette& pal = palette(app);
  const Mapping& m = app.view.map;
  const float lh = ImGui::GetTextLineHeight();
  const float r = std::max(7.0f, lh * 0.5f + 1.0f);
  const ImU32 grey = with_alpha(pal.muted, 0xFF);
  const ImVec2 lo(static_cast<float>(m.pixel_min.x), static_cast<float>(m.pixel_min.y));
  const ImVec2 hi(static_cast<float>(m.pixel_max.x), static_cast<float>(m.pixel_max.y));
  // Label rectangles placed so far (x0, y0, x1, y1), and the bands of the axis tick labels.
  std::vector<ImVec4> taken = {ImVec4(lo.x, hi.y - lh - 6, hi.x, hi.y),
                               ImVec4(lo.x, lo.y, lo.x + ImGui::CalcTextSize("−0.000").x + 10, hi.y)};
  if (w_label.z > w_label.x) taken.push_back(w_label);  // the normal's label "w"
  auto free = [&](const ImVec4& b) {
    for (const ImVec4& t : taken)
      if (b.x < t.z && t.x < b.z && b.y < t.w && t.y < b.w) return false;
    return true;
  };
  for (const std::vector<double>& q : qs) {
    const ImVec2 p = to_im(data_to_pixel(m, {q[0], q.size() > 1 ? q[1] : 0.0}));
    if (!(p.x >= lo.x - r && p.x <= hi.x + r && p.y >= lo.y - r && p.y <= hi.y + r)) continue;
    const double f = s.decision(q.data());
    const int cls = f >= 0.0 ? 1 : -1;
    dl->AddCircleFilled(p, r, with_alpha(pal.background, 0xE0));
    dl->AddCircle(p, r, grey, 0, 2.0f);
    const ImVec2 qs_size = ImGui::CalcTextSize("?");
    const ImVec4 mark(p.x - qs_size.x * 0.5f, p.y - lh * 0.5f, p.x + qs_size.x * 0.5f, p.y + lh * 0.5f);
    if (mark.x >= lo.x && mark.z <= hi.x && mark.y >= lo.y && mark.w <= hi.y && free(mark))
      dl->AddText(ImVec2(mark.x, mark.y), grey, "?");
    taken.push_back(ImVec4(p.x - r, p.y - r, p.x + r, p.y + r));
    if (hides(app, kCueQueries)) continue;  // the class it gets: hidden until the answer
    const std::string text = trf("canvas.query", {{"f", fmt_num(f, 4)}, {"class", fmt_label(cls)}});
    const ImVec2 ts = ImGui::CalcTextSize(text.c_str());
    if (ts.x + 8 > hi.x - lo.x) continue;
    bool placed = false;
    // Right of the point, then left of it, each at its height, then a line lower or higher.
    for (int attempt = 0; attempt < 10 && !placed; ++attempt) {
      const int side = attempt % 2, level = attempt / 2;
      const float x = std::clamp(side == 0 ? p.x + r + 4 : p.x - r - 4 - ts.x, lo.x + 2, hi.x - 2 - ts.x);
      const float dy = (level % 2 ? -1.0f : 1.0f) * static_cast<float>((level + 1) / 2) * (lh + 2);
      const float y = std::clamp(p.y - lh * 0.5f + dy, lo.y + 2, hi.y - 2 - lh);
      const ImVec4 box(x - 2, y - 1, x + ts.x + 2, y + lh + 1);
      if (!free(box)) continue;
      dl->AddRectFilled(ImVec2(box.x, box.y), ImVec2(box.z, box.w), with_alpha(pal.background, 0xD0), 3.0f);
      dl->AddText(ImVec2(x, y), cls > 0 ? pal.pos : pal.neg, text.c_str());
      taken.push_back(box);
      placed = true;
      ++app.view.drawn.query_labels;
    }
  }
}

// -----------------------------------------------------------------------------
// [SECTION] Interaction
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

// The student's line (dashed, across the view) and its two handles.
void draw_line_handles(ImDrawList* dl, const App& app) {
  const LineHandles& h = ensure_line_handles(app);
  const Palette& pal = palette(app);
  const Mapping& m = app.view.map;
  const double a = h.p[1].y - h.p[0].y, b = -(h.p[1].x - h.p[0].x);
  const double c = -(a * h.p[0].x + b * h.p[0].y);
  Vec2d lo, hi, p, q;
  visible_box(m, lo, hi);
  if ((a != 0.0 || b != 0.0) && line_in_box(a, b, c, lo, hi, p, q))
    dashed(dl, to_im(data_to_pixel(m, p)), to_im(data_to_pixel(m, q)), pal.step, 2.5f);
  for (int i = 0; i < 2; ++i) {
    const ImVec2 at = to_im(data_to_pixel(m, h.p[i]));
    dl->AddCircleFilled(at, h.dragging == i ? 9.0f : 7.0f, pal.step);
    dl->AddCircle(at, h.dragging == i ? 10.0f : 8.0f, pal.point_edge, 0, 1.5f);
  }
  const ImVec2 at = to_im(data_to_pixel(m, h.p[0]));
  dl->AddText(ImVec2(at.x + 10, at.y + 6), pal.step, tr("lesson.your_line"));
}

// Touch screens (App::touch): what a tap on the canvas does, chosen in the tool row under
// it (touch_tools): add a point of the class app.input.draw_label, or remove one (app.input.delete_mode:
// the Data panel's own choices), add a query point, or make the perceptron update on the
// tapped point. The mouse's modifiers (right click, Shift, Ctrl, Alt) have no touch
// equivalent; the tool row is their touch path. The tool, the row's height and its
// buttons' centres are the App's (App::input).
void note_tool(App& app, const char* name) {
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  app.input.touch_tool_centres.push_back({name, {(a.x + b.x) * 0.5, (a.y + b.y) * 0.5}});
}

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
  text_wrapped(trf(s.in_validation(row) ? "canvas.point_validation" : "canvas.point",
                   {{"i", std::to_string(i)}, {"x", fmt_vec(x)}, {"y", fmt_label(ds.y[row])}}),
               wrap);
  if (hides(app, kCueMistakes)) {  // its score and verdict: hidden until the answer
    text_wrapped(tr("conceal.point"), wrap);
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
  text_wrapped(trf("canvas.decision", {{"f", fmt_num(f, 6)},
                                       {"cmp", f >= 0 ? "≥" : "<"},
                                       {"predicted", fmt_label(f >= 0 ? 1 : -1)},
                                       {"true", fmt_label(ds.y[row])}}),
               wrap);
  ImGui::PushStyleColor(ImGuiCol_Text, ds.y[row] * f > 0 ? pal.ok : pal.mistake);
  text_wrapped(tr(ds.y[row] * f > 0 ? "canvas.correct" : "canvas.mistake"), wrap);
  ImGui::PopStyleColor();
  ImGui::EndTooltip();
}

void handle_input(App& app, bool hovered) {
  Session& s = app.session;
  ImGuiIO& io = ImGui::GetIO();
  const Vec2d mouse = {io.MousePos.x, io.MousePos.y};
  const bool two_d = s.data().d == 2;
  // On a touch screen the pointer is where the last finger lifted: nothing is hovered
  // between touches (no ring, no box over the canvas).
  const bool finger = !app.touch || ImGui::IsMouseDown(ImGuiMouseButton_Left) || ImGui::IsMouseReleased(ImGuiMouseButton_Left);
  app.input.hovered_point = hovered && finger && app.input.drag_point < 0 ? point_at(app, mouse) : -1;
  const TouchTool tool = app.touch ? app.input.touch_tool : TouchTool::Edit;

  if (hovered && io.MouseWheel != 0.0f) zoom_at(app.view.map, mouse, std::pow(1.15, static_cast<double>(io.MouseWheel)));
  if (hovered && ImGui::IsMouseDragging(ImGuiMouseButton_Middle, 0.0f)) {
    pan(app.view.map, {io.MouseDelta.x, io.MouseDelta.y});
  }

  // Alt+click on a point: the perceptron updates on it ("you choose the point");
  // Ctrl+click: a query point there.
  const bool ctrl = io.KeyCtrl || io.KeySuper;
  // A lesson asking where the line will be: the left button drags its handles (no point
  // is added and the view does not pan while a handle moves).
  if (placing_line(app)) {
    LineHandles& h = ensure_line_handles(app);
    if (hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Left) && !app.input.pressing) h.dragging = handle_at(app, h, mouse);
    if (h.dragging >= 0) {
      app.input.hovered_point = -1;
      if (ImGui::IsMouseDown(ImGuiMouseButton_Left)) h.p[h.dragging] = pixel_to_data(app.view.map, mouse);
      else h.dragging = -1;
      return;
    }
  } else {
    app.lesson_ui.line.dragging = -1;
  }
  // A lesson asking which point the next update falls on: a click on a point answers it.
  const bool picking =
      app.lesson.active() && app.lesson.question_kind() == QuestionKind::PickPoint && app.lesson.answerable();
  if (hovered && picking && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
    if (app.input.hovered_point >= 0) act(app, {"answer", std::to_string(app.input.hovered_point)});
  } else if (hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Left) && !app.input.delete_mode && (io.KeyAlt || ctrl)) {
    if (io.KeyAlt) {
      if (app.input.hovered_point >= 0) act(app, {"update_on", std::to_string(app.input.hovered_point)});
    } else if (two_d) {
      const Vec2d at = pixel_to_data(app.view.map, mouse);
      act(app, {"add_query", json_number(at.x), json_number(at.y)});
    }
  } else if (hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
    app.input.pressing = true;
    app.input.panning = false;
    app.input.press_pixel = mouse;
    if (app.input.hovered_point >= 0 && !app.input.delete_mode && two_d && tool == TouchTool::Edit) {
      app.input.drag_point = app.input.hovered_point;
      app.input.drag_to = pixel_to_data(app.view.map, mouse);
    }
  }
  if (app.input.pressing && ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
    const double moved = std::hypot(mouse.x - app.input.press_pixel.x, mouse.y - app.input.press_pixel.y);
    if (app.input.drag_point >= 0) {
      app.input.drag_to = pixel_to_data(app.view.map, mouse);
    } else if (moved > 4.0 || app.input.panning) {
      app.input.panning = true;
      pan(app.view.map, {io.MouseDelta.x, io.MouseDelta.y});
    }
  }
  if (app.input.pressing && ImGui::IsMouseReleased(ImGuiMouseButton_Left)) {
    app.input.pressing = false;
    const double moved = std::hypot(mouse.x - app.input.press_pixel.x, mouse.y - app.input.press_pixel.y);
    if (app.input.drag_point >= 0) {
      const int i = app.input.drag_point;
      app.input.drag_point = -1;
      if (moved > 2.0)
        act(app, {"move_point", std::to_string(i), json_number(app.input.drag_to.x), json_number(app.input.drag_to.y)});
    } else if (!app.input.panning && tool == TouchTool::Update) {
      const int i = point_at(app, mouse);
      if (i >= 0) act(app, {"update_on", std::to_string(i)});
    } else if (!app.input.panning && tool == TouchTool::Query && two_d) {
      const Vec2d at = pixel_to_data(app.view.map, mouse);
      act(app, {"add_query", json_number(at.x), json_number(at.y)});
    } else if (!app.input.panning && app.input.delete_mode) {
      const int i = point_at(app, mouse);
      if (i >= 0) act(app, {"remove_point", std::to_string(i)});
    } else if (!app.input.panning && two_d) {
      const Vec2d at = pixel_to_data(app.view.map, mouse);
      const int label = io.KeyShift ? -app.input.draw_label : app.input.draw_label;
      act(app, {"add_point", json_number(at.x), json_number(at.y), label > 0 ? "1" : "-1"});
    }
    app.input.panning = false;
  }
  if (hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Right) && two_d) {
    if (ctrl && !app.input.delete_mode) {
      act(app, {"clear_queries"});
    } else if (app.input.delete_mode) {
      const int i = point_at(app, mouse);
      if (i >= 0) act(app, {"remove_point", std::to_string(i)});
    } else {
      const Vec2d at = pixel_to_data(app.view.map, mouse);
      act(app, {"add_point", json_number(at.x), json_number(at.y), app.input.draw_label > 0 ? "-1" : "1"});
    }
  }
  if (app.touch) return;  // no hover box on a touch screen: the tool row says what a tap does
  if (hovered && app.input.hovered_point >= 0 && !app.input.pressing) {
    neuron_tooltip(app, app.input.hovered_point);
  } else if (hovered && !app.input.pressing) {
    const Vec2d at = pixel_to_data(app.view.map, mouse);
    if (two_d && locked(app))
      tooltip(tr("conceal.locked"));
    else if (two_d)
      tooltip("(" + fmt_num(at.x, 3) + ", " + fmt_num(at.y, 3) + ")  " +
              tr(app.input.delete_mode ? "canvas.tip_delete"
                                 : (app.input.draw_label > 0 ? "canvas.tip_add_pos" : "canvas.tip_add_neg")) +
              (app.input.delete_mode ? std::string() : std::string("\n") + tr("canvas.tip_more")));
  }
}

// What a tap does now, for the tool row (touch screens).
std::string touch_hint(const App& app) {
  if (app.lesson.active() && app.lesson.question_kind() == QuestionKind::PickPoint && app.lesson.answerable())
    return tr("canvas.touch_pick");
  if (placing_line(app)) return tr("canvas.touch_line");
  switch (app.input.touch_tool) {
    case TouchTool::Query: return tr("canvas.touch_query");
    case TouchTool::Update: return tr("canvas.touch_update");
    default: break;
  }
  if (app.input.delete_mode) return tr("canvas.touch_delete");
  return trf("canvas.touch_add", {{"label", fmt_label(app.input.draw_label > 0 ? 1 : -1)}});
}

// The tool row under the canvas on a touch screen: +1, −1, query, update on, delete (one
// at a time), "clear queries" when there are some, and a line saying what a tap does (left
// out when the canvas is too short for it). Drawn in a child window of the canvas's width
// at `at`, `room` high; the buttons' height is measured for the next frame.
struct ToolRow {
  float pad = 0, buttons = 0, hint = 0;  // padding; the buttons' and the hint's heights
  std::string hint_text;                 // empty: left out
  float height() const { return buttons + hint + pad * 0.5f; }
};
ToolRow plan_touch_tools(App& app, float width, float canvas_h) {
  ToolRow r;
  r.pad = ImGui::GetStyle().ItemSpacing.x;
  float& measured = app.input.touch_tools_height;
  if (measured <= 0.0f) measured = r.pad * 0.5f + ImGui::GetFrameHeight();
  r.buttons = measured;
  r.hint_text = touch_hint(app);
  r.hint = static_cast<float>(wrap_lines(r.hint_text, std::max(1.0f, width - 2.0f * r.pad)).size()) * ImGui::GetTextLineHeight() +
           ImGui::GetStyle().ItemSpacing.y;
  if (r.height() > canvas_h * 0.5f) r.hint_text.clear(), r.hint = 0.0f;
  return r;
}

void touch_tools(App& app, ImVec2 at, float width, const ToolRow& plan) {
  TouchTool& tool = app.input.touch_tool;
  const float pad = plan.pad;
  ImGui::SetCursorScreenPos(at);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(pad, pad * 0.5f));
  ImGui::BeginChild("touch_tools", ImVec2(width, std::max(plan.height(), 1.0f)), false,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_AlwaysUseWindowPadding);
  const bool edit = tool == TouchTool::Edit;
  auto choose = [&](TouchTool t, int label, bool del) {
    tool = t;
    if (label != 0) run_command(app, {"set", "label", label > 0 ? "1" : "-1"});
    run_command(app, {"set", "delete", del ? "true" : "false"});
  };
  app.input.touch_tool_centres.clear();
  // One button per tool, the chosen one drawn pressed (a row of buttons fits a phone's
  // width where radio buttons need two rows).
  Flow row;
  auto tool_button = [&](const std::string& text, const char* name, bool chosen) {
    if (chosen) {
      ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
      ImGui::PushStyleColor(ImGuiCol_Border, ImGui::GetStyleColorVec4(ImGuiCol_Text));
      ImGui::PushStyleVar(ImGuiStyleVar_FrameBorderSize, 2.0f);
    }
    const bool pressed = row.button(text.c_str());
    if (chosen) {
      ImGui::PopStyleVar();
      ImGui::PopStyleColor(2);
    }
    note_tool(app, name);
    return pressed;
  };
  if (tool_button("+1##touch_pos", "pos", edit && !app.input.delete_mode && app.input.draw_label > 0)) choose(TouchTool::Edit, 1, false);
  if (tool_button(fmt_label(-1) + "##touch_neg", "neg", edit && !app.input.delete_mode && app.input.draw_label < 0))
    choose(TouchTool::Edit, -1, false);
  if (tool_button(label("canvas.tool_query", "touch_query"), "query", tool == TouchTool::Query))
    choose(TouchTool::Query, 0, false);
  if (tool_button(label("canvas.tool_update", "touch_update"), "update", tool == TouchTool::Update))
    choose(TouchTool::Update, 0, false);
  if (tool_button(label("canvas.tool_delete", "touch_delete"), "delete", edit && app.input.delete_mode))
    choose(TouchTool::Edit, 0, true);
  if (tool == TouchTool::Query && !app.session.queries().empty() &&
      tool_button(label("canvas.tool_clear", "touch_clear"), "clear", false))
    act(app, {"clear_queries"});
  // (The buttons' bottom without the spacing after them: the hint adds that back.)
  app.input.touch_tools_height = ImGui::GetCursorPosY() - ImGui::GetStyle().ItemSpacing.y;
  if (!plan.hint_text.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette(app).muted);
    text_wrapped(plan.hint_text);
    ImGui::PopStyleColor();
  }
  ImGui::EndChild();
  ImGui::PopStyleVar();
}

// The keyboard cursor (the canvas has the keyboard focus: one Tab stop): the arrows move
// it by a round step of about 24 pixels, Enter adds a +1 point there, Shift+Enter a -1
// point, Delete or Backspace removes the point under it; in a place_line question Enter
// puts the two handles at the cursor in turn. describe.cpp reads the cursor out.
bool key_pressed(ImGuiKey key) {
  const int index = ImGui::GetKeyIndex(key);
  return index >= 0 && ImGui::IsKeyPressed(index, true);
}

double cursor_step(const App& app) { return nice_step(app.view.map.scale_x, 24.0); }

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

// The keyboard focus: a thick ring round the canvas, and the cursor as a cross in a ring.
void draw_keyboard_focus(ImDrawList* dl, const App& app, ImVec2 pos, ImVec2 size) {
  const Palette& pal = palette(app);
  const ImU32 ring = ImGui::GetColorU32(ImGuiCol_NavHighlight);
  dl->AddRect(ImVec2(pos.x + 2, pos.y + 2), ImVec2(pos.x + size.x - 2, pos.y + size.y - 2), ring, 0, 0, 3.0f);
  if (!app.input.cursor_shown) return;
  const ImVec2 p = to_im(data_to_pixel(app.view.map, app.input.cursor));
  const float r = 9.0f * pal.point_scale, t = 2.0f * pal.thick;
  dl->AddCircle(p, r + 1.5f, pal.background, 0, t + 2.0f);
  dl->AddCircle(p, r, ring, 0, t);
  dl->AddLine(ImVec2(p.x - r - 6, p.y), ImVec2(p.x - 3, p.y), ring, t);
  dl->AddLine(ImVec2(p.x + 3, p.y), ImVec2(p.x + r + 6, p.y), ring, t);
  dl->AddLine(ImVec2(p.x, p.y - r - 6), ImVec2(p.x, p.y - 3), ring, t);
  dl->AddLine(ImVec2(p.x, p.y + 3), ImVec2(p.x, p.y + r + 6), ring, t);
}

}  // namespace

// -----------------------------------------------------------------------------
// [SECTION] Canvas
// -----------------------------------------------------------------------------

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
  fit(app.view.map, lo, hi, 0.05);
}

// The canvas was resized (the window, a lesson above it in embed mode, the 3-D view
// beside it; the mapping already has the new rectangle): a view fitted to the data is
// fitted again; one the user moved keeps what was in view, scaled to the new size (the
// centre kept; a canvas that grew in one direction only keeps its scale).
static void follow_resize(App& app, Vec2d old_min, Vec2d old_max) {
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

  ImDrawList* dl = ImGui::GetWindowDrawList();
  const Session& s = app.session;
  const Learner& l = s.learner();
  dl->PushClipRect(pos, ImVec2(pos.x + size.x, pos.y + size.y), true);
  const Palette& pal = palette(app);
  dl->AddRectFilled(pos, ImVec2(pos.x + size.x, pos.y + size.y), pal.background);
  const bool linear_2d = !s.lift() && l.linear() && l.w().size() == 2;
  ImVec4 w_label(0, 0, 0, 0);
  const bool regions = !hides(app, kCueRegions);
  if (s.data().d == 2 && !s.data().empty() && !linear_2d && app.view.show_field && regions) {
    draw_field(dl, app);
    app.view.drawn.regions = true;
  }
  draw_grid(dl, m, pal);
  if (app.view.show_hull && s.data().d == 2 && !hides(app, kCueHull)) {
    draw_hulls(dl, m, s.data(), pal);
    app.view.drawn.hull = true;
  }
  if (app.view.show_max_margin && !hides(app, kCueTheory)) {
    draw_max_margin(dl, m, s, pal);
    app.view.drawn.max_margin = true;
  }
  if (linear_2d) {
    if (app.view.show_update && s.has_last_step() && s.last_step().mistake)
      draw_ghost(dl, m, s.previous_w(), s.previous_b(), pal.ghost, pal.thick);
    draw_separator(dl, m, l.w(), l.b(), regions, pal, w_label);
    app.view.drawn.regions = app.view.drawn.regions || regions;
    // Pocket, averaged and batch keep another hyperplane than the running one: show it faintly.
    if (l.running_w() != l.w()) draw_ghost(dl, m, l.running_w(), l.running_b(), pal.ghost, pal.thick);
    if (app.view.show_update) draw_update(dl, m, s, pal);
  }
  draw_points(dl, app);
  draw_queries(dl, app, w_label);
  if (placing_line(app)) draw_line_handles(dl, app);
  if (app.input.canvas_focused) draw_keyboard_focus(dl, app, pos, size);
  if (s.data().d != 2) {
    const char* note = tr(s.data().d > 2 ? "canvas.first_two" : "canvas.one_d");
    dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(pos.x + 8, pos.y + 8), pal.muted, note, nullptr,
                size.x * 0.6f);
  }
  if (s.scrubbed()) {
    const std::string text = trf("canvas.viewing", {{"step", std::to_string(s.viewed_step())},
                                                    {"last", std::to_string(s.live_learner().steps())}});
    const float tw = std::min(ImGui::CalcTextSize(text.c_str()).x, size.x * 0.38f);
    dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(pos.x + size.x - tw - 8, pos.y + 8), pal.mistake,
                text.c_str(), nullptr, tw + 1);
  }
  dl->PopClipRect();
  if (app.touch) touch_tools(app, ImVec2(pos.x, pos.y + size.y), size.x, tools);
  else app.input.touch_tool_centres.clear();
}

Vec2d to_screen(const App& app, double x, double y) { return data_to_pixel(app.view.map, {x, y}); }

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

// Test access (browser tests through the platform): the centre of the touch tool button
// `name` (pos, neg, query, update, delete, clear) as drawn last; false when not drawn.
bool touch_tool_centre(const App& app, const std::string& name, Vec2d& at) {
  for (const auto& t : app.input.touch_tool_centres)
    if (t.first == name) {
      at = t.second;
      return true;
    }
  return false;
}

// Test access: the handles' data positions (false when no place_line question is open).
bool place_line_handles(const App& app, Vec2d& p0, Vec2d& p1) {
  if (!placing_line(app)) return false;
  const LineHandles& h = ensure_line_handles(app);
  p0 = h.p[0];
  p1 = h.p[1];
  return true;
}

}  // namespace pla::app
