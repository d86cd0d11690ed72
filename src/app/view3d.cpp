// Perceptron Lab app: the 3-D view (see view3d.hpp).
//
// [SECTION] Geometry: camera, projection, a plane in a box
// [SECTION] The scene of a session
// [SECTION] Drawing and input
#include "app/view3d.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "app/app_internal.hpp"
#include "core/data/lift.hpp"
#include "imgui_internal.h"  // GImGui->NavWindow: the window with the keyboard focus

namespace pla::app {

// -----------------------------------------------------------------------------
// [SECTION] Geometry: camera, projection, a plane in a box
// -----------------------------------------------------------------------------

namespace {

Vec3 box_center(const Viewport3d& vp) { return 0.5 * (vp.lo + vp.hi); }

double box_radius(const Viewport3d& vp) {
  const double r = 0.5 * norm(vp.hi - vp.lo);
  return r > 0.0 && std::isfinite(r) ? r : 1.0;
}

// The unit vector toward the viewer, in world coordinates (the third row of the rotation).
Vec3 toward_viewer(const Camera3d& cam) {
  return {std::cos(cam.pitch) * std::sin(cam.yaw), -std::cos(cam.pitch) * std::cos(cam.yaw), std::sin(cam.pitch)};
}

double distance_of(const Camera3d& cam) { return std::max(cam.distance, 1.2); }

}  // namespace

double norm(Vec3 a) { return std::sqrt(dot(a, a)); }

Vec3 to_view(const Camera3d& cam, Vec3 v) {
  // Turn about the vertical axis by the yaw, then tilt about the screen's x axis by the pitch.
  const double cy = std::cos(cam.yaw), sy = std::sin(cam.yaw), cp = std::cos(cam.pitch), sp = std::sin(cam.pitch);
  const double x = cy * v.x + sy * v.y;   // to the right
  const double y = -sy * v.x + cy * v.y;  // away from the viewer before the tilt
  return {x, cp * v.z + sp * y, -cp * y + sp * v.z};
}

Projected project(const Camera3d& cam, const Viewport3d& vp, Vec3 world) {
  const double radius = box_radius(vp);
  const Vec3 v = to_view(cam, (1.0 / radius) * (world - box_center(vp)));
  const double w = vp.pixel_max.x - vp.pixel_min.x, h = vp.pixel_max.y - vp.pixel_min.y;
  double pixels = 0.5 * std::min(w, h) * kView3dFill * cam.zoom;
  Projected out;
  out.depth = v.z;
  if (cam.perspective) {
    // The eye sits `distance` radii from the centre; the sphere's nearest point (depth 1)
    // would be magnified by D / (D - 1): scale down so the whole sphere still fits.
    const double d = distance_of(cam);
    pixels *= (d - 1.0) / d;
    out.scale = d / std::max(d - v.z, 0.05 * d);
  }
  out.pixel = {0.5 * (vp.pixel_min.x + vp.pixel_max.x) + pixels * out.scale * v.x,
               0.5 * (vp.pixel_min.y + vp.pixel_max.y) - pixels * out.scale * v.y};
  return out;
}

Vec3 eye_position(const Camera3d& cam, const Viewport3d& vp) {
  const double far = cam.perspective ? distance_of(cam) : 1e6;
  return box_center(vp) + (far * box_radius(vp)) * toward_viewer(cam);
}

bool in_front_of_plane(const Camera3d& cam, const Viewport3d& vp, Vec3 n, double c, Vec3 p) {
  const double side = dot(n, p) + c;
  // The viewer's side: where the eye is (perspective), or where the view axis points (orthographic).
  const double viewer = cam.perspective ? dot(n, eye_position(cam, vp)) + c : dot(n, toward_viewer(cam));
  return side * viewer > 0.0;
}

std::vector<Vec3> plane_in_box(Vec3 n, double c, Vec3 lo, Vec3 hi) {
  std::vector<Vec3> pts;
  const double len = norm(n);
  if (!(len > 0.0) || !std::isfinite(len)) return pts;
  const Vec3 corner[8] = {{lo.x, lo.y, lo.z}, {hi.x, lo.y, lo.z}, {lo.x, hi.y, lo.z}, {hi.x, hi.y, lo.z},
                          {lo.x, lo.y, hi.z}, {hi.x, lo.y, hi.z}, {lo.x, hi.y, hi.z}, {hi.x, hi.y, hi.z}};
  // The 12 edges: pairs of corners that differ in one coordinate (bit).
  const double size = norm(hi - lo);
  const double eps = 1e-12 * (size > 0.0 ? size : 1.0);
  auto add = [&](Vec3 p) {
    for (const Vec3& q : pts)
      if (norm(p - q) <= 1e-9 * (size > 0.0 ? size : 1.0)) return;
    pts.push_back(p);
  };
  for (int a = 0; a < 8; ++a)
    for (int bit = 1; bit < 8; bit <<= 1) {
      if (a & bit) continue;
      const Vec3 p = corner[a], q = corner[a | bit];
      const double dp = (dot(n, p) + c) / len, dq = (dot(n, q) + c) / len;
      if (std::fabs(dp) <= eps) add(p);
      if (std::fabs(dq) <= eps) add(q);
      if ((dp < -eps && dq > eps) || (dp > eps && dq < -eps)) add(p + (dp / (dp - dq)) * (q - p));
    }
  if (pts.size() < 3) return {};
  // In order around the centroid, by the angle in a basis (u, v) of the plane.
  Vec3 mid;
  for (const Vec3& p : pts) mid = mid + p;
  mid = (1.0 / static_cast<double>(pts.size())) * mid;
  const Vec3 unit = (1.0 / len) * n;
  const Vec3 helper = std::fabs(unit.x) < 0.9 ? Vec3{1, 0, 0} : Vec3{0, 1, 0};
  const Vec3 u = cross(unit, helper), v = cross(unit, u);
  std::sort(pts.begin(), pts.end(), [&](Vec3 p, Vec3 q) {
    return std::atan2(dot(p - mid, v), dot(p - mid, u)) < std::atan2(dot(q - mid, v), dot(q - mid, u));
  });
  return pts;
}

// -----------------------------------------------------------------------------
// [SECTION] The scene of a session
// -----------------------------------------------------------------------------

namespace {

void set_axes(Scene3d& sc, const char* a, const char* b, const char* c) {
  sc.axes[0] = a;
  sc.axes[1] = b;
  sc.axes[2] = c;
}

bool finite(Vec3 p) { return std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z); }

// The box around the points: the origin too when asked, each side at least half the
// longest (a flat set still reads as 3-D), a margin around, and the point of the plane
// nearest the centre when it is not too far (so the plane shows).
void fit_box(Scene3d& sc, bool with_origin) {
  bool any = false;
  Vec3 lo, hi;
  auto take = [&](Vec3 p) {
    if (!any) lo = hi = p;
    lo = {std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z)};
    hi = {std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z)};
    any = true;
  };
  for (const Vec3& p : sc.points) take(p);
  if (with_origin) take({0, 0, 0});
  if (!any) lo = {-1, -1, -1}, hi = {1, 1, 1};
  if (sc.has_plane) {
    const Vec3 mid = 0.5 * (lo + hi);
    const double n2 = dot(sc.normal, sc.normal);
    const Vec3 foot = mid - ((dot(sc.normal, mid) + sc.offset) / n2) * sc.normal;
    if (finite(foot) && norm(foot - mid) <= 2.0 * std::max(norm(hi - lo), 1e-9)) take(foot);
  }
  const double longest = std::max({hi.x - lo.x, hi.y - lo.y, hi.z - lo.z, 1e-9});
  const double span = longest > 1e-9 ? longest : 2.0;
  double* l[3] = {&lo.x, &lo.y, &lo.z};
  double* h[3] = {&hi.x, &hi.y, &hi.z};
  for (int k = 0; k < 3; ++k) {
    const double grow = std::max(0.0, 0.5 * span - (*h[k] - *l[k]));
    *l[k] -= 0.5 * grow + 0.08 * span;
    *h[k] += 0.5 * grow + 0.08 * span;
  }
  sc.lo = lo;
  sc.hi = hi;
}

}  // namespace

Scene3d build_scene(const Session& s, View3d space) {
  Scene3d sc;
  const Dataset& ds = s.data();
  const Learner& l = s.learner();
  const Lift* lift = s.lift();
  const std::size_t stride = ds.size() > kMaxScenePoints ? (ds.size() + kMaxScenePoints - 1) / kMaxScenePoints : 1;
  std::vector<double> phi(3);
  auto each_row = [&](auto&& point_of) {
    for (std::size_t i = 0; i < ds.size(); i += stride) {
      const Vec3 p = point_of(ds.row(i));
      if (!finite(p)) continue;
      sc.points.push_back(p);
      sc.rows.push_back(i);
      sc.labels.push_back(ds.y[i]);
    }
  };
  auto plane = [&](Vec3 n, double c) {
    if (l.linear() && std::isfinite(c) && finite(n) && norm(n) > 0.0) {
      sc.has_plane = true;
      sc.normal = n;
      sc.offset = c;
    } else {
      sc.note = "view3d.no_plane";
    }
  };
  const std::vector<double>& w = l.w();
  switch (space) {
    case View3d::Augmented:
      sc.title = "view3d.title_augmented";
      set_axes(sc, "x1", "x2", "z");
      if (ds.d != 2 || lift) {
        sc.note = "view3d.augmented_needs";
        break;
      }
      sc.augmented = true;
      each_row([](const double* x) { return Vec3{x[0], x[1], 1.0}; });
      if (w.size() == 2) plane({w[0], w[1], l.b()}, 0.0);
      else sc.note = "view3d.no_plane";
      break;
    case View3d::Lifted:
      if (lift && lift->output_d() == 3 && lift->input_d == ds.d) {
        sc.title = "view3d.title_lifted";
        set_axes(sc, lift->names[0].c_str(), lift->names[1].c_str(), lift->names[2].c_str());
        sc.phi = "(" + lift->names[0] + ", " + lift->names[1] + ", " + lift->names[2] + ")";
        each_row([&](const double* x) {
          lift_point(*lift, x, phi.data());
          return Vec3{phi[0], phi[1], phi[2]};
        });
        if (w.size() == 3) plane({w[0], w[1], w[2]}, l.b());
        else sc.note = "view3d.no_plane";
      } else if (!lift && ds.d == 2) {
        // φ(x) = (x1, x2, x1² + x2²) for reference: the learner's plane leaves z out.
        sc.title = "view3d.title_builtin";
        set_axes(sc, "x1", "x2", "x1²+x2²");
        each_row([](const double* x) { return Vec3{x[0], x[1], x[0] * x[0] + x[1] * x[1]}; });
        if (w.size() == 2) plane({w[0], w[1], 0.0}, l.b());
        else sc.note = "view3d.no_plane";
      } else {
        sc.title = "view3d.title_lifted";
        set_axes(sc, "", "", "");
        sc.note = "view3d.lifted_needs";
      }
      break;
    case View3d::Data:
    case View3d::Off:
      sc.title = "view3d.title_data";
      set_axes(sc, "x1", "x2", "x3");
      if (ds.d != 3) {
        sc.note = "view3d.data_needs";
        break;
      }
      each_row([](const double* x) { return Vec3{x[0], x[1], x[2]}; });
      if (!lift && w.size() == 3) plane({w[0], w[1], w[2]}, l.b());
      else sc.note = "view3d.no_plane";
      break;
  }
  fit_box(sc, sc.augmented);
  return sc;
}

// -----------------------------------------------------------------------------
// [SECTION] Drawing and input
// -----------------------------------------------------------------------------

namespace {

ImVec2 px(const Camera3d& cam, const Viewport3d& vp, Vec3 p) { return to_im(project(cam, vp, p).pixel); }

void arrow3(ImDrawList* dl, ImVec2 from, ImVec2 to, ImU32 col, float thick) {
  dl->AddLine(from, to, col, 2.5f * thick);
  const float dx = to.x - from.x, dy = to.y - from.y, len = std::sqrt(dx * dx + dy * dy);
  if (len < 1.0f) return;
  const float ux = dx / len, uy = dy / len, head = std::min(10.0f, len * 0.5f);
  dl->AddTriangleFilled(to, ImVec2(to.x - head * ux + 0.55f * head * uy, to.y - head * uy - 0.55f * head * ux),
                        ImVec2(to.x - head * ux - 0.55f * head * uy, to.y - head * uy + 0.55f * head * ux), col);
}

// The scene's labels (axes, ŵ, z = 1): each centred near where it is asked for, moved a
// little when it would cover a label already drawn or leave the scene's rectangle, and
// left out when no place is free (a small view keeps its picture rather than a pile of names).
class Labels {
 public:
  Labels(ImVec2 min, ImVec2 max) : min_(min), max_(max) {}
  void place(ImDrawList* dl, ImVec2 p, ImU32 col, const Palette& pal, const std::string& text) {
    if (text.empty()) return;
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    const float h = size.y, w = size.x;
    const ImVec2 tries[] = {{0, 0}, {0, -h}, {0, h}, {w, 0}, {-w, 0}, {0, -2 * h}, {0, 2 * h}};
    for (const ImVec2& t : tries) {
      ImVec2 a(p.x + t.x - 0.5f * w, p.y + t.y - 0.5f * h);
      a.x = std::clamp(a.x, min_.x + 3, std::max(min_.x + 3, max_.x - w - 3));
      a.y = std::clamp(a.y, min_.y + 2, std::max(min_.y + 2, max_.y - h - 2));
      const ImVec4 r(a.x - 2, a.y - 1, a.x + w + 2, a.y + h + 1);
      if (r.z > max_.x || r.w > max_.y) return;  // the scene is smaller than the text
      bool free = true;
      for (const ImVec4& o : taken_) free = free && (r.z <= o.x || o.z <= r.x || r.w <= o.y || o.w <= r.y);
      if (!free) continue;
      taken_.push_back(r);
      dl->AddRectFilled(ImVec2(r.x, r.y), ImVec2(r.z, r.w), with_alpha(pal.background, 0xC0), 3.0f);
      dl->AddText(a, col, text.c_str());
      return;
    }
  }

 private:
  ImVec2 min_, max_;
  std::vector<ImVec4> taken_;
};

void marker(ImDrawList* dl, const App& app, const Scene3d& sc, std::size_t k, const Projected& p) {
  const Palette& pal = palette(app);
  const Session& s = app.session;
  const float r = std::clamp(static_cast<float>(5.5 * p.scale), 3.0f, 9.0f) * (sc.points.size() > 1000 ? 0.6f : 1.0f) *
                  pal.point_scale;
  const float t = pal.thick;  // line widths: thicker in the high-contrast theme
  const ImVec2 c = to_im(p.pixel);
  const bool validation = s.in_validation(sc.rows[k]);
  if (sc.labels[k] > 0) {
    if (validation) dl->AddCircle(c, r, pal.pos, 0, 2.0f * t);
    else dl->AddCircleFilled(c, r, pal.pos);
    dl->AddCircle(c, r + 1, pal.point_edge, 0, t);
  } else {
    const ImVec2 a(c.x - r, c.y - r), b(c.x + r, c.y + r);
    if (validation) dl->AddRect(a, b, pal.neg, 0, 0, 2.0f * t);
    else dl->AddRectFilled(a, b, pal.neg);
    dl->AddRect(ImVec2(a.x - 1, a.y - 1), ImVec2(b.x + 1, b.y + 1), pal.point_edge, 0, 0, t);
  }
  if (app.view.show_mistakes && sc.points.size() <= 1000 && !hides(app, kCueMistakes)) {
    const Dataset& ds = s.data();
    if (ds.y[sc.rows[k]] * s.decision(ds.row(sc.rows[k])) <= 0.0) {
      dl->AddLine(ImVec2(c.x - r - 3, c.y - r - 3), ImVec2(c.x + r + 3, c.y + r + 3), pal.mistake, 2.0f * t);
      dl->AddLine(ImVec2(c.x - r - 3, c.y + r + 3), ImVec2(c.x + r + 3, c.y - r - 3), pal.mistake, 2.0f * t);
    }
  }
}

void draw_scene(ImDrawList* dl, const App& app, const Scene3d& sc, const Camera3d& cam, const Viewport3d& vp) {
  const Palette& pal = palette(app);
  Labels labels(to_im(vp.pixel_min), to_im(vp.pixel_max));
  const Vec3 lo = sc.lo, hi = sc.hi;
  // The box's edges, faint.
  const Vec3 corner[8] = {{lo.x, lo.y, lo.z}, {hi.x, lo.y, lo.z}, {lo.x, hi.y, lo.z}, {hi.x, hi.y, lo.z},
                          {lo.x, lo.y, hi.z}, {hi.x, lo.y, hi.z}, {lo.x, hi.y, hi.z}, {hi.x, hi.y, hi.z}};
  for (int a = 0; a < 8; ++a)
    for (int bit = 1; bit < 8; bit <<= 1)
      if (!(a & bit)) dl->AddLine(px(cam, vp, corner[a]), px(cam, vp, corner[a | bit]), pal.grid, pal.thick);
  // The axes from the origin (augmented) or the box's low corner, named at their ends.
  const Vec3 o = sc.augmented ? Vec3{0, 0, 0} : lo;
  const Vec3 ends[3] = {{hi.x, o.y, o.z}, {o.x, hi.y, o.z}, {o.x, o.y, hi.z}};
  const ImVec2 o_px = px(cam, vp, o);
  for (int k = 0; k < 3; ++k) {
    const ImVec2 e = px(cam, vp, ends[k]);
    dl->AddLine(o_px, e, pal.axis, 1.5f * pal.thick);
    const float dx = e.x - o_px.x, dy = e.y - o_px.y, len = std::max(1.0f, std::sqrt(dx * dx + dy * dy));
    labels.place(dl, ImVec2(e.x + 14.0f * dx / len, e.y + 14.0f * dy / len), pal.text, pal, sc.axes[k]);
  }
  if (sc.augmented) {
    dl->AddCircleFilled(o_px, 3.0f * pal.point_scale, pal.axis);
    // The plane z = 1 the points lie on, faint.
    const ImVec2 q[4] = {px(cam, vp, {lo.x, lo.y, 1}), px(cam, vp, {hi.x, lo.y, 1}), px(cam, vp, {hi.x, hi.y, 1}),
                         px(cam, vp, {lo.x, hi.y, 1})};
    dl->AddQuadFilled(q[0], q[1], q[2], q[3], with_alpha(pal.muted, 0x1C));
    dl->AddQuad(q[0], q[1], q[2], q[3], with_alpha(pal.muted, 0x90), pal.thick);
    // Named at its corner farthest (on screen) from every point, so it covers none.
    int best = 0;
    double best_gap = -1.0;
    for (int i = 0; i < 4; ++i) {
      double gap = 1e300;
      for (const Vec3& p : sc.points) {
        const ImVec2 a = px(cam, vp, p);
        gap = std::min(gap, std::hypot(static_cast<double>(a.x - q[i].x), static_cast<double>(a.y - q[i].y)));
      }
      if (gap > best_gap) best_gap = gap, best = i;
    }
    // Just outside the slab, away from its centre.
    const ImVec2 mid(0.25f * (q[0].x + q[1].x + q[2].x + q[3].x), 0.25f * (q[0].y + q[1].y + q[2].y + q[3].y));
    const float dx = q[best].x - mid.x, dy = q[best].y - mid.y, len = std::max(1.0f, std::sqrt(dx * dx + dy * dy));
    const float out = 0.5f * ImGui::CalcTextSize("z = 1").x + 8.0f;
    labels.place(dl, ImVec2(q[best].x + out * dx / len, q[best].y + out * dy / len), pal.muted, pal, "z = 1");
  }

  std::vector<Vec3> poly;
  if (sc.has_plane) poly = plane_in_box(sc.normal, sc.offset, lo, hi);
  // Points behind the plane, the plane, then the points in front: far to near in each group.
  std::vector<Projected> proj(sc.points.size());
  std::vector<std::size_t> back, front;
  for (std::size_t k = 0; k < sc.points.size(); ++k) {
    proj[k] = project(cam, vp, sc.points[k]);
    (!poly.empty() && !in_front_of_plane(cam, vp, sc.normal, sc.offset, sc.points[k]) ? back : front).push_back(k);
  }
  auto far_first = [&](std::size_t a, std::size_t b) { return proj[a].depth < proj[b].depth; };
  std::sort(back.begin(), back.end(), far_first);
  std::sort(front.begin(), front.end(), far_first);
  for (std::size_t k : back) marker(dl, app, sc, k, proj[k]);
  if (!poly.empty()) {
    std::vector<ImVec2> shape;
    for (const Vec3& p : poly) shape.push_back(px(cam, vp, p));
    // ImGui's anti-aliased fill wants the corners clockwise on screen.
    double area = 0.0;
    for (std::size_t i = 0; i < shape.size(); ++i) {
      const ImVec2 a = shape[i], b = shape[(i + 1) % shape.size()];
      area += static_cast<double>(a.x) * b.y - static_cast<double>(b.x) * a.y;
    }
    if (area < 0.0) std::reverse(shape.begin(), shape.end());
    dl->AddConvexPolyFilled(shape.data(), static_cast<int>(shape.size()), with_alpha(pal.line, 0x38));
    dl->AddPolyline(shape.data(), static_cast<int>(shape.size()), with_alpha(pal.line, 0xA0), ImDrawFlags_Closed, 1.5f * pal.thick);
    if (sc.augmented) {
      // Where the plane cuts z = 1: the canvas's separating line w·x + b = 0.
      std::vector<Vec3> cut;
      const Vec3 rect[4] = {{lo.x, lo.y, 1}, {hi.x, lo.y, 1}, {hi.x, hi.y, 1}, {lo.x, hi.y, 1}};
      for (int i = 0; i < 4; ++i) {
        const Vec3 a = rect[i], b = rect[(i + 1) % 4];
        const double da = dot(sc.normal, a), db = dot(sc.normal, b);
        if ((da <= 0.0 && db > 0.0) || (da > 0.0 && db <= 0.0)) cut.push_back(a + (da / (da - db)) * (b - a));
      }
      if (cut.size() >= 2) dl->AddLine(px(cam, vp, cut[0]), px(cam, vp, cut[1]), pal.line, 3.0f * pal.thick);
    }
    // The normal: ŵ from the origin (augmented), w from the middle of the plane.
    Vec3 anchor;
    if (sc.augmented) {
      anchor = {0, 0, 0};
    } else {
      for (const Vec3& p : poly) anchor = anchor + p;
      anchor = (1.0 / static_cast<double>(poly.size())) * anchor;
    }
    const Vec3 tip = anchor + (0.3 * norm(hi - lo) / norm(sc.normal)) * sc.normal;
    const ImVec2 a = px(cam, vp, anchor), t = px(cam, vp, tip);
    arrow3(dl, a, t, pal.pos, pal.thick);
    const float dx = t.x - a.x, dy = t.y - a.y, len = std::max(1.0f, std::sqrt(dx * dx + dy * dy));
    labels.place(dl, ImVec2(t.x + 12.0f * dx / len, t.y + 12.0f * dy / len), pal.pos, pal, sc.augmented ? "ŵ" : "w");
  }
  for (std::size_t k : front) marker(dl, app, sc, k, proj[k]);
}

float stored(ImGuiStorage* st, const char* key, float fallback) { return st->GetFloat(ImGui::GetID(key), fallback); }

}  // namespace

void view3d(App& app) {
  const ImVec2 pos = ImGui::GetCursorScreenPos();
  ImVec2 size = ImGui::GetContentRegionAvail();
  size.x = std::max(size.x, 50.0f);
  size.y = std::max(size.y, 50.0f);
  // The camera lives in the window's state storage (ImGui's place for a widget's own state).
  ImGuiStorage* st = ImGui::GetStateStorage();
  const Camera3d initial;
  Camera3d cam;
  cam.yaw = stored(st, "view3d.yaw", static_cast<float>(initial.yaw));
  cam.pitch = stored(st, "view3d.pitch", static_cast<float>(initial.pitch));
  cam.zoom = stored(st, "view3d.zoom", static_cast<float>(initial.zoom));

  ImGui::InvisibleButton("view3d", size, ImGuiButtonFlags_MouseButtonLeft);
  const ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0.0f)) {
    cam.yaw -= 0.01 * static_cast<double>(io.MouseDelta.x);
    cam.pitch += 0.01 * static_cast<double>(io.MouseDelta.y);
  }
  if (ImGui::IsItemHovered()) {
    if (io.MouseWheel != 0.0f) cam.zoom *= std::pow(1.1, static_cast<double>(io.MouseWheel));
    if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) cam = initial;
  }
  if (ImGui::IsWindowFocused() && !io.WantTextInput) {
    const double turn = 0.08;
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_LeftArrow))) cam.yaw += turn;
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_RightArrow))) cam.yaw -= turn;
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_UpArrow))) cam.pitch += turn;
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_DownArrow))) cam.pitch -= turn;
  }
  cam.yaw = std::remainder(cam.yaw, 2.0 * 3.14159265358979323846);
  cam.pitch = std::clamp(cam.pitch, -kMaxPitch, kMaxPitch);
  cam.zoom = std::clamp(cam.zoom, 0.3, 6.0);
  st->SetFloat(ImGui::GetID("view3d.yaw"), static_cast<float>(cam.yaw));
  st->SetFloat(ImGui::GetID("view3d.pitch"), static_cast<float>(cam.pitch));
  st->SetFloat(ImGui::GetID("view3d.zoom"), static_cast<float>(cam.zoom));

  const Palette& pal = palette(app);
  const Scene3d sc = build_scene(app.session, app.session.settings().view3d);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 end(pos.x + size.x, pos.y + size.y);
  dl->PushClipRect(pos, end, true);
  dl->AddRectFilled(pos, end, pal.background);
  // The space's name and why something is missing on top, the controls at the bottom,
  // the scene between them. A small view (under 14 lines of text) gives each text one
  // line ending in "…" (the whole of it in a tooltip) and leaves the controls out.
  const float pad = 8.0f, wrap = size.x - 2 * pad, line = ImGui::GetTextLineHeight();
  const bool small = size.y < 14.0f * line;
  std::vector<std::pair<std::string, ImU32>> head = {{app.trf(sc.title, {{"phi", sc.phi}}), pal.text}};
  if (sc.note) head.emplace_back(app.trf(sc.note, {{"d", std::to_string(app.session.data().d)}}), pal.muted);
  std::string full;
  ImVec2 at(pos.x + pad, pos.y + pad);
  auto text = [&](const std::string& t, ImU32 col) {
    const std::string shown = small ? elide(t, wrap) : t;
    if (shown != t) full += (full.empty() ? "" : "\n") + t;
    const ImVec2 ts = ImGui::GetFont()->CalcTextSizeA(ImGui::GetFontSize(), FLT_MAX, wrap, shown.c_str());
    dl->AddRectFilled(ImVec2(at.x - 3, at.y - 1), ImVec2(at.x + ts.x + 3, at.y + ts.y + 1),
                      with_alpha(pal.background, 0xC8), 3.0f);
    dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), at, col, shown.c_str(), nullptr, wrap);
    at.y += ts.y + 2.0f;
  };
  for (const auto& [t, col] : head) text(t, col);
  const float top = at.y;
  float bottom = end.y;
  if (!small) {
    const std::string hint = app.tr("view3d.hint");
    bottom = end.y - pad - ImGui::GetFont()->CalcTextSizeA(ImGui::GetFontSize(), FLT_MAX, wrap, hint.c_str()).y - 2.0f;
    at = ImVec2(pos.x + pad, bottom + 2.0f);
    text(hint, pal.muted);
  }
  if (!full.empty() && ImGui::IsMouseHoveringRect(pos, ImVec2(end.x, top)) && !ImGui::IsItemActive()) tooltip(full);
  Viewport3d vp;
  vp.lo = sc.lo;
  vp.hi = sc.hi;
  vp.pixel_min = {pos.x, top};
  vp.pixel_max = {end.x, bottom};
  if ((!sc.points.empty() || sc.has_plane) && bottom - top > 2.0f * line) {
    dl->PushClipRect(ImVec2(pos.x, top), ImVec2(end.x, bottom), true);
    draw_scene(dl, app, sc, cam, vp);
    dl->PopClipRect();
  }
  dl->PopClipRect();
}

bool view3d_has_focus() {
  const ImGuiWindow* nav = GImGui ? GImGui->NavWindow : nullptr;
  return nav && std::strcmp(nav->Name, kView3dWindow) == 0;
}

void view3d_split(const App& app, ImVec2 area_pos, ImVec2& canvas_size, ImVec2& view_pos, ImVec2& view_size) {
  view_pos = area_pos;
  view_size = ImVec2(0, 0);
  if (app.session.settings().view3d == View3d::Off) return;
  if (canvas_size.x >= canvas_size.y) {
    const float half = std::floor(canvas_size.x * 0.5f);
    view_pos = ImVec2(area_pos.x + half, area_pos.y);
    view_size = ImVec2(canvas_size.x - half, canvas_size.y);
    canvas_size.x = half;
  } else {
    const float half = std::floor(canvas_size.y * 0.5f);
    view_pos = ImVec2(area_pos.x, area_pos.y + half);
    view_size = ImVec2(canvas_size.x, canvas_size.y - half);
    canvas_size.y = half;
  }
}

void view3d_window(App& app, ImVec2 pos, ImVec2 size) {
  if (size.x <= 0.0f || size.y <= 0.0f) return;
  ImGui::SetNextWindowPos(pos);
  ImGui::SetNextWindowSize(size);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::Begin(kView3dWindow, nullptr,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                   ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoScrollWithMouse);
  view3d(app);
  ImGui::End();
  ImGui::PopStyleVar();
}

}  // namespace pla::app
