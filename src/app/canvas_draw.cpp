// Perceptron Lab app: what the data canvas draws, layer by layer (the decision field, the
// grid, the hulls, the maximum-margin line, the separator and its update, the points, the
// query points, a place_line question's handles, the keyboard cursor), and the geometry
// they need.
//
// [SECTION] Geometry helpers
// [SECTION] The layers
// [SECTION] The canvas drawn

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "app/app_internal.hpp"
#include "app/canvas.hpp"

namespace pla::app {

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

namespace {

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

}  // namespace

Vec2d point2(const Dataset& ds, std::size_t i) {
  const double* r = ds.row(i);
  return {r[0], ds.d >= 2 ? r[1] : 0.0};
}

namespace {

// -----------------------------------------------------------------------------
// [SECTION] The layers
// -----------------------------------------------------------------------------

// `band`: the status band along the top (canvas_labels.cpp), where no y tick label goes.
void draw_grid(ImDrawList* dl, const Mapping& m, const Palette& pal, float band) {
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
    if (a.y < bottom - lh - 10 && a.y - lh - 1 > top + band + 1)
      dl->AddText(ImVec2(left + 7, a.y - lh - 1), text, fmt_num(is_axis ? 0.0 : y, 6).c_str());
  }
}

// The decision field of a non-linear hypothesis: f sampled at the corners of a coarse grid
// (cached), cells of one sign as runs of rectangles, and in a cell the boundary crosses, the
// +1 part cut along f = 0 interpolated on its edges (marching squares): a smooth boundary,
// not a staircase of cells.
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
  const std::size_t stride = static_cast<std::size_t>(cols) + 1;
  if (stale) {
    f.value.assign(stride * (static_cast<std::size_t>(rows) + 1), 0.0f);
    std::vector<double> x(static_cast<std::size_t>(s.data().d), 0.0);
    for (int r = 0; r <= rows; ++r)
      for (int c = 0; c <= cols; ++c) {
        const Vec2d p = pixel_to_data(m, {m.pixel_min.x + c * f.cell, m.pixel_min.y + r * f.cell});
        x[0] = p.x;
        if (x.size() > 1) x[1] = p.y;
        const double v = s.decision(x.data());
        // f >= 0 is +1: a tiny positive keeps a 0 on the +1 side; the float keeps the sign.
        f.value[static_cast<std::size_t>(r) * stride + static_cast<std::size_t>(c)] =
            v >= 0.0 ? std::max(static_cast<float>(std::min(v, 1e30)), 1e-30f) : std::min(static_cast<float>(std::max(v, -1e30)), -1e-30f);
      }
    f.step = s.viewed_step();
    f.learner = &s.learner();
    f.view = m;
    f.cols = cols;
    f.rows = rows;
  }
  // The cells as one batch (point_batch.hpp), recorded again when the values are.
  BatchKey key;
  key.add(f.step).add(f.learner).add(static_cast<std::uint64_t>(cols)).add(static_cast<std::uint64_t>(rows));
  key.add(m.center.x).add(m.center.y).add(m.scale_x).add(m.pixel_min.x).add(m.pixel_min.y);
  key.add(static_cast<std::uint64_t>(pal.pos_fill)).add(static_cast<std::uint64_t>(pal.neg_fill));
  draw_batched(dl, app.view.batches.field, key, app.hooks.draw_batch, [&](ImDrawList* out) {
    const auto at = [&](int r, int c) { return f.value[static_cast<std::size_t>(r) * stride + static_cast<std::size_t>(c)]; };
    // A cell's sign: +1 or -1 when its four corners agree, 0 when the boundary crosses it.
    const auto cell_sign = [&](int r, int c) {
      const int n = (at(r, c) > 0) + (at(r, c + 1) > 0) + (at(r + 1, c) > 0) + (at(r + 1, c + 1) > 0);
      return n == 4 ? 1 : n == 0 ? -1 : 0;
    };
    const ImDrawListFlags flags = out->Flags;
    out->Flags &= ~ImDrawListFlags_AntiAliasedFill;  // no seams between the pieces
    const float cell = static_cast<float>(f.cell);
    for (int r = 0; r < rows; ++r) {
      const float y0 = static_cast<float>(m.pixel_min.y) + static_cast<float>(r) * cell;
      int c0 = 0;  // runs of cells of one sign become one rectangle
      for (int c = 1; c <= cols; ++c) {
        const int v0 = cell_sign(r, c0);
        if (c < cols && cell_sign(r, c) == v0 && v0 != 0) continue;
        const float x0 = static_cast<float>(m.pixel_min.x) + static_cast<float>(c0) * cell;
        if (v0 != 0) {
          out->AddRectFilled(ImVec2(x0, y0), ImVec2(x0 + static_cast<float>(c - c0) * cell, y0 + cell),
                             v0 > 0 ? pal.pos_fill : pal.neg_fill);
        } else {
          // The cell cut along f = 0 (the points where it crosses the edges): each side's
          // corners and those points, side by side (the fills are translucent: no overlap).
          // A saddle (two opposite corners +1) joins the +1 corners: -1 is two triangles.
          const float fx[4] = {at(r, c0), at(r, c0 + 1), at(r + 1, c0 + 1), at(r + 1, c0)};
          const ImVec2 px[4] = {{x0, y0}, {x0 + cell, y0}, {x0 + cell, y0 + cell}, {x0, y0 + cell}};
          ImVec2 cut[4];  // where f = 0 on edge k (k to k + 1)
          for (int k = 0; k < 4; ++k) {
            const int k1 = (k + 1) % 4;
            const float t = (fx[k] > 0) != (fx[k1] > 0) ? fx[k] / (fx[k] - fx[k1]) : 0.0f;
            cut[k] = ImVec2(px[k].x + t * (px[k1].x - px[k].x), px[k].y + t * (px[k1].y - px[k].y));
          }
          const bool saddle = (fx[0] > 0) == (fx[2] > 0) && (fx[1] > 0) == (fx[3] > 0) && (fx[0] > 0) != (fx[1] > 0);
          for (const bool plus : {true, false}) {
            if (saddle && !plus) {
              for (int k = 0; k < 4; ++k)
                if (!(fx[k] > 0)) out->AddTriangleFilled(cut[(k + 3) % 4], px[k], cut[k], pal.neg_fill);
              continue;
            }
            ImVec2 poly[8];
            int n = 0;
            for (int k = 0; k < 4; ++k) {
              if ((fx[k] > 0) == plus) poly[n++] = px[k];
              if ((fx[k] > 0) != (fx[(k + 1) % 4] > 0)) poly[n++] = cut[k];
            }
            if (n >= 3) out->AddConvexPolyFilled(poly, n, plus ? pal.pos_fill : pal.neg_fill);
          }
        }
        c0 = c;
      }
    }
    out->Flags = flags;
  });
}

// The line w.x + b = 0 with shaded half-planes and the normal vector w.
// The label "w" goes by the arrow's tip where it covers no point nor label (`space`).
void draw_separator(ImDrawList* dl, const Mapping& m, const std::vector<double>& w, double b, bool shade,
                    const Palette& pal, LabelSpace& space) {
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
  const ImVec2 ws = ImGui::CalcTextSize("w");
  ImVec2 at;
  if (space.place(ImVec4(tip.x - 4, tip.y - 4, tip.x + 4, tip.y + 4), ws, 2.0f, at)) {
    dl->AddText(at, pal.pos, "w");
    space.take(ImVec4(at.x - 1, at.y, at.x + ws.x + 1, at.y + ws.y));
  }
}

void draw_ghost(ImDrawList* dl, const Mapping& m, const std::vector<double>& w, double b, ImU32 color, float thick) {
  if (w.size() != 2 || (w[0] == 0.0 && w[1] == 0.0)) return;
  Vec2d lo, hi, p, q;
  visible_box(m, lo, hi);
  if (line_in_box(w[0], w[1], b, lo, hi, p, q))
    dashed(dl, to_im(data_to_pixel(m, p)), to_im(data_to_pixel(m, q)), color, 2.0f * thick);
}

// A label of the update's arrows: where the canvas has room beside `at` (clear of the points,
// their names and the other labels), else where it always went, `fallback`.
void update_label(ImDrawList* dl, LabelSpace& space, Vec2d at, ImVec2 fallback, ImU32 colour, const char* text) {
  const ImVec2 ts = ImGui::CalcTextSize(text);
  const ImVec2 p(clamp_px(at.x), clamp_px(at.y));
  ImVec2 where = fallback;
  // Beside the tip, else beside a point's ring around it (a tip often lands on the step's point).
  for (float reach : {3.0f, 20.0f})
    if (space.place(ImVec4(p.x - reach, p.y - reach, p.x + reach, p.y + reach), ts, 3.0f, where)) {
      space.take(ImVec4(where.x - 1, where.y, where.x + ts.x + 1, where.y + ts.y));
      break;
    }
  dl->AddText(where, colour, text);
}

// The update as a vector sum: w_old + eta*y*x = w_new, drawn from the origin.
void draw_update(ImDrawList* dl, const App& app, const Palette& pal, LabelSpace& space) {
  const Mapping& m = app.view.map;
  const Session& s = app.session;
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
  const bool from_zero = w0[0] == 0.0 && w0[1] == 0.0;  // w before is the origin: no arrow, no label
  if (!from_zero) arrow(dl, to_im(o), to_im(a), pal.muted, 1.6f);
  arrow(dl, to_im(o), to_im(d), pal.step, 1.6f);
  arrow(dl, to_im(o), to_im(c), pal.line, 2.2f);
  const float lh = ImGui::GetTextLineHeight();
  update_label(dl, space, c, ImVec2(clamp_px(c.x) + 4, clamp_px(c.y) + 2), pal.line, "w ← w + ηyx");
  update_label(dl, space, d, ImVec2(clamp_px(d.x) + 4, clamp_px(d.y) - lh - 2), pal.step, "ηyx");
  if (!from_zero)
    update_label(dl, space, a, ImVec2(clamp_px(a.x) + 4, clamp_px(a.y) - lh - 2), pal.muted, app.tr("canvas.w_before"));
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

void draw_max_margin(ImDrawList* dl, const App& app, const Palette& pal) {
  const Mapping& m = app.view.map;
  const Session& s = app.session;
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
    dl->AddText(ImVec2(at.x + 4, at.y + 4), pal.star, app.tr("canvas.max_margin"));
  }
}

// The points themselves (and, up to 5,000, their crosses); drawn as a batch by draw_points.
void draw_point_marks(ImDrawList* dl, App& app) {
  const Palette& pal = palette(app);
  const Session& s = app.session;
  const Dataset& ds = s.data();
  const Mapping& m = app.view.map;
  const bool many = ds.size() > 5000;
  const float r0 = (many ? 2.0f : 6.0f) * pal.point_scale;
  // Dual form: alpha_i (updates caused by point i) as the point's size (opt-in; α = 0 still
  // a visible 4.5 px, never a dot that looks deleted).
  std::vector<float> radius;
  const std::vector<std::uint64_t>& alpha = s.learner().alpha();
  if (app.view.show_alpha && !many && alpha.size() == s.train_index().size() && !alpha.empty() &&
      !hides(app, kCueAlpha)) {
    app.view.drawn.alpha_size = true;
    const std::uint64_t top = *std::max_element(alpha.begin(), alpha.end());
    radius.assign(ds.size(), r0);
    for (std::size_t t = 0; t < alpha.size(); ++t)
      radius[s.train_index()[t]] =
          top ? (4.5f + 7.5f * std::sqrt(static_cast<float>(alpha[t]) / static_cast<float>(top))) * pal.point_scale : r0;
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
}

// The points as one batch (canvas_batches.cpp), then the rings of the last step and of the hovered point.
void draw_points(ImDrawList* dl, App& app) {
  draw_points_batched(dl, app, draw_point_marks);
  const Palette& pal = palette(app);
  const Session& s = app.session;
  const Dataset& ds = s.data();
  const Mapping& m = app.view.map;
  const float r = (ds.size() > 5000 ? 2.0f : 6.0f) * pal.point_scale;
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
void draw_queries(ImDrawList* dl, App& app, LabelSpace& space) {
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
  // What is taken so far (x0, y0, x1, y1): the points, the axis labels, the status band, "w".
  std::vector<ImVec4>& taken = space.taken;
  auto free = [&](const ImVec4& b) { return space.free(b); };
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
    const std::string text = app.trf("canvas.query", {{"f", fmt_num(f, 4)}, {"class", fmt_label(cls)}});
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
  dl->AddText(ImVec2(at.x + 10, at.y + 6), pal.step, app.tr("lesson.your_line"));
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
// [SECTION] The canvas drawn
// -----------------------------------------------------------------------------

void draw_canvas(App& app, ImVec2 pos, ImVec2 size) {
  const Mapping& m = app.view.map;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const Session& s = app.session;
  const Learner& l = s.learner();
  dl->PushClipRect(pos, ImVec2(pos.x + size.x, pos.y + size.y), true);
  const Palette& pal = palette(app);
  if (!canvas_window_is_canvas_colour(app)) dl->AddRectFilled(pos, ImVec2(pos.x + size.x, pos.y + size.y), pal.background);
  const bool linear_2d = !s.lift() && l.linear() && l.w().size() == 2;
  LabelSpace space = label_space(app, pos, size);  // where the words may go (canvas_labels.cpp)
  const bool regions = !hides(app, kCueRegions);
  if (s.data().d == 2 && !s.data().empty() && !linear_2d && app.view.show_field && regions) {
    draw_field(dl, app);
    app.view.drawn.regions = true;
  }
  draw_grid(dl, m, pal, status_band_height(app, size.x - 16.0f));
  if (app.view.show_hull && s.data().d == 2 && !hides(app, kCueHull)) {
    draw_hulls(dl, m, s.data(), pal);
    app.view.drawn.hull = true;
  }
  if (app.view.show_max_margin && !hides(app, kCueTheory)) {
    draw_max_margin(dl, app, pal);
    app.view.drawn.max_margin = true;
  }
  if (linear_2d) {
    if (app.view.show_update && s.has_last_step() && s.last_step().mistake)
      draw_ghost(dl, m, s.previous_w(), s.previous_b(), pal.ghost, pal.thick);
    draw_separator(dl, m, l.w(), l.b(), regions, pal, space);
    app.view.drawn.regions = app.view.drawn.regions || regions;
    // Pocket, averaged and batch keep another hyperplane than the running one: show it faintly.
    if (l.running_w() != l.w()) draw_ghost(dl, m, l.running_w(), l.running_b(), pal.ghost, pal.thick);
    if (app.view.show_update) draw_update(dl, app, pal, space);
  }
  draw_points(dl, app);
  draw_queries(dl, app, space);
  draw_point_names(dl, app, space);
  if (placing_line(app)) draw_line_handles(dl, app);
  if (app.input.canvas_focused) draw_keyboard_focus(dl, app, pos, size);
  if (s.data().d != 2) {
    const char* note = app.tr(s.data().d > 2 ? "canvas.first_two" : "canvas.one_d");
    dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(pos.x + 8, pos.y + status_band_height(app, size.x - 16.0f) + 4), pal.muted,
                note, nullptr, size.x * 0.6f);
  }
  float viewing_w = 0.0f;  // the status line leaves room for "viewing step …"
  if (s.scrubbed()) {
    const std::string text = app.trf("canvas.viewing", {{"step", std::to_string(s.viewed_step())},
                                                    {"last", std::to_string(s.live_learner().steps())}});
    const float tw = std::min(ImGui::CalcTextSize(text.c_str()).x, size.x * 0.38f);
    dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(pos.x + size.x - tw - 8, pos.y + 4), pal.mistake,
                text.c_str(), nullptr, tw + 1);
    viewing_w = tw + 16.0f;
  }
  draw_canvas_status(dl, app, pos, size, viewing_w);
  draw_empty_hint(dl, app, pos, size);
  dl->PopClipRect();
}

}  // namespace pla::app
