// The 3-D view (app/view3d.hpp): its geometry checked against hand-computed numbers and
// invariants (a rotation keeps lengths; a point on the plane is drawn on the plane's
// polygon; the augmented points lie on z = 1), its scenes against the session, and its
// drawing in a headless frame (the markers in the palette's class colours, where the
// projection puts them, inside the view's rectangle; dragging and the arrow keys turn it).
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "app/app.hpp"
#include "app/app_internal.hpp"
#include "app/view3d.hpp"
#include "headless.hpp"
#include "imgui.h"
#include "imgui_internal.h"  // FindWindowByName: the draw list of one window

namespace pla::app::view3d_test {
namespace {

constexpr double kPi = 3.14159265358979323846;
const double kRoot3 = std::sqrt(3.0);

Viewport3d unit_box(double w, double h) {
  Viewport3d vp;
  vp.lo = {-1, -1, -1};
  vp.hi = {1, 1, 1};
  vp.pixel_min = {0, 0};
  vp.pixel_max = {w, h};
  return vp;
}

Camera3d camera(double yaw, double pitch, bool perspective) {
  Camera3d c;
  c.yaw = yaw;
  c.pitch = pitch;
  c.perspective = perspective;
  return c;
}

// ---- geometry

TEST(View3dProjection, AKnownCameraPutsKnownPointsWhereComputedByHand) {
  // The unit box: centre 0, bounding-sphere radius √3; a 200 × 100 rectangle: centre
  // (100, 50), the sphere's radius drawn as 0.5 · 100 · kView3dFill = 47.5 pixels.
  const Viewport3d vp = unit_box(200, 100);
  const double r = 50.0 * kView3dFill;
  ASSERT_DOUBLE_EQ(r, 47.5);
  // Facing the x1–z wall: x1 to the right, z up, x2 away from the viewer.
  Camera3d c = camera(0, 0, false);
  Projected p = project(c, vp, {kRoot3, 0, 0});
  EXPECT_NEAR(p.pixel.x, 147.5, 1e-9);
  EXPECT_NEAR(p.pixel.y, 50.0, 1e-9);
  p = project(c, vp, {0, 0, kRoot3});
  EXPECT_NEAR(p.pixel.x, 100.0, 1e-9);
  EXPECT_NEAR(p.pixel.y, 2.5, 1e-9);
  p = project(c, vp, {0, kRoot3, 0});  // straight away from the viewer: the centre, far
  EXPECT_NEAR(p.pixel.x, 100.0, 1e-9);
  EXPECT_NEAR(p.pixel.y, 50.0, 1e-9);
  EXPECT_NEAR(p.depth, -1.0, 1e-12);
  EXPECT_EQ(p.scale, 1.0);
  // A quarter turn of yaw: x2 now points to the right and x1 toward the viewer.
  c = camera(kPi / 2, 0, false);
  p = project(c, vp, {0, kRoot3, 0});
  EXPECT_NEAR(p.pixel.x, 147.5, 1e-9);
  EXPECT_NEAR(p.pixel.y, 50.0, 1e-9);
  p = project(c, vp, {kRoot3, 0, 0});
  EXPECT_NEAR(p.pixel.x, 100.0, 1e-9);
  EXPECT_NEAR(p.depth, 1.0, 1e-12);
  // Looking down at 45°: the top of the z axis rises by cos 45° and comes nearer by sin 45°.
  c = camera(0, kPi / 4, false);
  p = project(c, vp, {0, 0, kRoot3});
  EXPECT_NEAR(p.pixel.y, 50.0 - 47.5 * std::sqrt(0.5), 1e-9);
  EXPECT_NEAR(p.depth, std::sqrt(0.5), 1e-12);
  // Perspective from 4 radii: the sphere shrinks by 3/4 to fit, a point at depth 1 (the
  // sphere's front) is magnified by 4 / (4 − 1).
  c = camera(0, 0, true);
  c.distance = 4.0;
  p = project(c, vp, {kRoot3, 0, 0});  // depth 0
  EXPECT_NEAR(p.pixel.x, 100.0 + 47.5 * 0.75, 1e-9);
  EXPECT_NEAR(p.scale, 1.0, 1e-12);
  p = project(c, vp, {kRoot3, -kRoot3, 0});  // view (1, 0, 1)
  EXPECT_NEAR(p.pixel.x, 147.5, 1e-9);  // 47.5 · 3/4 · 4/3
  EXPECT_NEAR(p.scale, 4.0 / 3.0, 1e-12);
  // The zoom scales about the centre.
  c = camera(0, 0, false);
  c.zoom = 2.0;
  EXPECT_NEAR(project(c, vp, {kRoot3, 0, 0}).pixel.x, 195.0, 1e-9);
}

TEST(View3dProjection, RotationKeepsDistancesAndAngles) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-5.0, 5.0), angle(-3.2, 3.2);
  for (int trial = 0; trial < 200; ++trial) {
    const Camera3d c = camera(angle(rng), 0.47 * angle(rng), trial % 2 == 0);
    const Vec3 a{u(rng), u(rng), u(rng)}, b{u(rng), u(rng), u(rng)};
    const Vec3 va = to_view(c, a), vb = to_view(c, b);
    EXPECT_NEAR(norm(va - vb), norm(a - b), 1e-9 * (1 + norm(a - b)));
    EXPECT_NEAR(norm(va), norm(a), 1e-9 * (1 + norm(a)));
    EXPECT_NEAR(dot(va, vb), dot(a, b), 1e-9 * (1 + norm(a) * norm(b)));
    // A rotation, not a reflection: the handedness stays.
    const Vec3 x = to_view(c, {1, 0, 0}), y = to_view(c, {0, 1, 0}), z = to_view(c, {0, 0, 1});
    EXPECT_NEAR(dot(cross(x, y), z), 1.0, 1e-12);
  }
  // Orthographic: pixel distances are world distances times one scale, whatever the turn.
  const Viewport3d vp = unit_box(300, 300);
  const Vec3 a{0.3, -0.2, 0.5}, b{-0.4, 0.6, -0.1};
  double first = 0.0;
  for (int k = 0; k < 12; ++k) {
    const Camera3d c = camera(0.5 * k, 0.1 * k - 0.6, false);
    const Vec3 va = to_view(c, a), vb = to_view(c, b);
    const Vec2d pa = project(c, vp, a).pixel, pb = project(c, vp, b).pixel;
    const double screen = std::hypot(pa.x - pb.x, pa.y - pb.y);
    const double seen = std::hypot(va.x - vb.x, va.y - vb.y);  // the part across the screen
    if (k == 0) first = screen / seen;
    EXPECT_NEAR(screen / seen, first, 1e-9);
  }
  EXPECT_NEAR(first, 150.0 * kView3dFill / kRoot3, 1e-9);
}

// Inside a convex polygon (pixels), with a small tolerance: every edge turns the same way.
bool inside(const std::vector<Vec2d>& poly, Vec2d p, double tol = 1e-6) {
  int sign = 0;
  for (std::size_t i = 0; i < poly.size(); ++i) {
    const Vec2d a = poly[i], b = poly[(i + 1) % poly.size()];
    const double len = std::hypot(b.x - a.x, b.y - a.y);
    if (len == 0.0) continue;
    const double c = ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) / len;
    if (std::fabs(c) <= tol) continue;
    const int s = c > 0 ? 1 : -1;
    if (sign != 0 && s != sign) return false;
    sign = s;
  }
  return true;
}

TEST(View3dPlane, ThePolygonLiesOnThePlaneInsideTheBoxAndHoldsItsPoints) {
  // z = 0.5 in the unit box: the square at that height.
  std::vector<Vec3> sq = plane_in_box({0, 0, 2}, -1.0, {-1, -1, -1}, {1, 1, 1});
  ASSERT_EQ(sq.size(), 4u);
  for (const Vec3& p : sq) {
    EXPECT_NEAR(p.z, 0.5, 1e-12);
    EXPECT_NEAR(std::fabs(p.x), 1.0, 1e-12);
    EXPECT_NEAR(std::fabs(p.y), 1.0, 1e-12);
  }
  // x + y + z = 0 cuts the cube in a regular hexagon with corners like (1, −1, 0).
  std::vector<Vec3> hex = plane_in_box({1, 1, 1}, 0.0, {-1, -1, -1}, {1, 1, 1});
  ASSERT_EQ(hex.size(), 6u);
  for (std::size_t i = 0; i < hex.size(); ++i) {
    EXPECT_NEAR(norm(hex[i]), std::sqrt(2.0), 1e-12);
    EXPECT_NEAR(norm(hex[i] - hex[(i + 1) % 6]), std::sqrt(2.0), 1e-12) << "corners in order around";
  }
  EXPECT_TRUE(plane_in_box({1, 0, 0}, -5.0, {-1, -1, -1}, {1, 1, 1}).empty());  // misses the box
  EXPECT_TRUE(plane_in_box({0, 0, 0}, 0.0, {-1, -1, -1}, {1, 1, 1}).empty());   // no plane

  // Random planes and cameras: the corners satisfy n·p + c = 0 and stay in the box, and
  // any point of the plane inside the box is drawn inside the drawn polygon.
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-1.0, 1.0), angle(-3.0, 3.0);
  const Vec3 lo{-2, 0, -1}, hi{3, 1, 4};
  Viewport3d vp;
  vp.lo = lo, vp.hi = hi, vp.pixel_min = {10, 20}, vp.pixel_max = {410, 320};
  int checked = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const Vec3 n{u(rng), u(rng), u(rng)};
    const Vec3 at{0.5 + 2.5 * u(rng), 0.5 + 0.5 * u(rng), 1.5 + 2.5 * u(rng)};  // a point in the box
    const double c = -dot(n, at);
    const std::vector<Vec3> poly = plane_in_box(n, c, lo, hi);
    if (norm(n) < 1e-3) continue;
    ASSERT_GE(poly.size(), 3u);
    for (const Vec3& p : poly) {
      EXPECT_NEAR(dot(n, p) + c, 0.0, 1e-9);
      EXPECT_TRUE(p.x >= lo.x - 1e-9 && p.x <= hi.x + 1e-9 && p.y >= lo.y - 1e-9 && p.y <= hi.y + 1e-9 &&
                  p.z >= lo.z - 1e-9 && p.z <= hi.z + 1e-9);
    }
    const Camera3d cam = camera(angle(rng), 0.45 * angle(rng), trial % 3 != 0);
    std::vector<Vec2d> drawn;
    for (const Vec3& p : poly) drawn.push_back(project(cam, vp, p).pixel);
    EXPECT_TRUE(inside(drawn, project(cam, vp, at).pixel, 1e-6)) << "trial " << trial;
    // A point off the plane, seen edge-on or not, is on one side: the viewer's or not.
    const Vec3 off = at + 0.5 * n;
    EXPECT_NE(in_front_of_plane(cam, vp, n, c, off), in_front_of_plane(cam, vp, n, c, at - 0.5 * n));
    ++checked;
  }
  EXPECT_GT(checked, 250);
}

TEST(View3dPlane, TheViewersSideOfAPlane) {
  // yaw = pitch = 0: the viewer looks along +x2 from the side of negative x2.
  const Viewport3d vp = unit_box(100, 100);
  for (bool perspective : {false, true}) {
    const Camera3d c = camera(0, 0, perspective);
    EXPECT_TRUE(in_front_of_plane(c, vp, {0, 1, 0}, 0.0, {0, -0.5, 0}));
    EXPECT_FALSE(in_front_of_plane(c, vp, {0, 1, 0}, 0.0, {0, 0.5, 0}));
    EXPECT_TRUE(in_front_of_plane(c, vp, {0, -1, 0}, 0.0, {0.3, -0.5, 0.2}));  // the normal's sign does not matter
    EXPECT_GT(project(c, vp, {0, -0.5, 0}).depth, project(c, vp, {0, 0.5, 0}).depth);  // nearer is deeper
  }
}

// ---- scenes

TEST(View3dScene, AugmentedPointsLieOnZEqualsOneAndThePlanePassesThroughTheOrigin) {
  Session s;
  ASSERT_TRUE(s.load_preset("six").ok);
  ASSERT_TRUE(s.train().ok);
  const Scene3d sc = build_scene(s, View3d::Augmented);
  ASSERT_EQ(sc.points.size(), s.data().size());
  for (std::size_t i = 0; i < sc.points.size(); ++i) {
    EXPECT_EQ(sc.points[i].z, 1.0);
    EXPECT_EQ(sc.points[i].x, s.data().row(sc.rows[i])[0]);
    EXPECT_EQ(sc.points[i].y, s.data().row(sc.rows[i])[1]);
    EXPECT_EQ(sc.labels[i], s.data().y[sc.rows[i]]);
  }
  ASSERT_TRUE(sc.has_plane);
  const std::vector<double>& w = s.learner().w();
  EXPECT_EQ(sc.normal.x, w[0]);
  EXPECT_EQ(sc.normal.y, w[1]);
  EXPECT_EQ(sc.normal.z, s.learner().b());  // ŵ = (w, b)
  EXPECT_EQ(sc.offset, 0.0);                 // through the origin
  EXPECT_TRUE(sc.augmented);
  EXPECT_TRUE(sc.lo.x < 0 && sc.lo.y < 0 && sc.lo.z < 0 && sc.hi.z > 1);  // the origin and z = 1 are inside
  // A trained perceptron separates: every point's side of the plane is its label.
  for (std::size_t i = 0; i < sc.points.size(); ++i) EXPECT_GT(sc.labels[i] * dot(sc.normal, sc.points[i]), 0.0);
  // A point of the canvas's line w·x + b = 0, put at height 1, is on the plane and is
  // drawn on the plane's polygon, from any side.
  const double x1 = 3.0, x2 = -(w[0] * x1 + s.learner().b()) / w[1];
  const Vec3 on_line{x1, x2, 1.0};
  EXPECT_NEAR(dot(sc.normal, on_line), 0.0, 1e-9);
  const std::vector<Vec3> poly = plane_in_box(sc.normal, sc.offset, sc.lo, sc.hi);
  ASSERT_GE(poly.size(), 3u);
  Viewport3d vp;
  vp.lo = sc.lo, vp.hi = sc.hi, vp.pixel_min = {0, 0}, vp.pixel_max = {640, 480};
  for (double yaw : {-2.5, -0.55, 0.3, 1.7})
    for (double pitch : {-1.0, 0.42, 1.2}) {
      const Camera3d cam = camera(yaw, pitch, true);
      std::vector<Vec2d> drawn;
      for (const Vec3& p : poly) drawn.push_back(project(cam, vp, p).pixel);
      EXPECT_TRUE(inside(drawn, project(cam, vp, on_line).pixel)) << yaw << " " << pitch;
    }
  // Augmented needs 2-D data without a lift.
  ASSERT_TRUE(s.set("lift", "x1^2,x2^2").ok);
  const Scene3d lifted = build_scene(s, View3d::Augmented);
  EXPECT_TRUE(lifted.points.empty());
  EXPECT_STREQ(lifted.note, "view3d.augmented_needs");
}

TEST(View3dScene, LiftedSpacesAndThreeDimensionalData) {
  Session s;
  GenSpec g;
  g.kind = "circles";
  g.n = 60;
  g.seed = 4;
  ASSERT_TRUE(s.generate(g).ok);
  // Without a lift: φ(x) = (x1, x2, x1² + x2²), and the learner's plane leaves z out.
  ASSERT_TRUE(s.train().ok);
  Scene3d sc = build_scene(s, View3d::Lifted);
  ASSERT_EQ(sc.points.size(), 60u);
  for (std::size_t i = 0; i < sc.points.size(); ++i) {
    const double* x = s.data().row(sc.rows[i]);
    EXPECT_DOUBLE_EQ(sc.points[i].z, x[0] * x[0] + x[1] * x[1]);
  }
  EXPECT_STREQ(sc.title, "view3d.title_builtin");
  if (sc.has_plane) {
    EXPECT_EQ(sc.normal.z, 0.0);
  }
  // A lift with three coordinates: the lifted points and the plane learned there, which
  // separates the circles.
  ASSERT_TRUE(s.set("lift", "x1^2,x2^2,x1*x2").ok);
  ASSERT_TRUE(s.train().ok);
  ASSERT_EQ(s.train_mistakes(), 0u);
  sc = build_scene(s, View3d::Lifted);
  ASSERT_EQ(sc.points.size(), 60u);
  EXPECT_EQ(sc.axes[0], "x1^2");
  EXPECT_EQ(sc.axes[2], "x1*x2");
  EXPECT_EQ(sc.phi, "(x1^2, x2^2, x1*x2)");
  ASSERT_TRUE(sc.has_plane);
  for (std::size_t i = 0; i < sc.points.size(); ++i) {
    const double* x = s.data().row(sc.rows[i]);
    EXPECT_DOUBLE_EQ(sc.points[i].x, x[0] * x[0]);
    EXPECT_DOUBLE_EQ(sc.points[i].y, x[1] * x[1]);
    EXPECT_DOUBLE_EQ(sc.points[i].z, x[0] * x[1]);
    EXPECT_GT(sc.labels[i] * (dot(sc.normal, sc.points[i]) + sc.offset), 0.0) << i;
  }
  EXPECT_STREQ(build_scene(s, View3d::Data).note, "view3d.data_needs");
  // d = 3 data as it is, with the plane w·x + b = 0.
  GenSpec g3;
  g3.kind = "separable";
  g3.n = 40;
  g3.d = 3;
  ASSERT_TRUE(s.set("lift", "none").ok);
  ASSERT_TRUE(s.generate(g3).ok);
  ASSERT_TRUE(s.train().ok);
  sc = build_scene(s, View3d::Data);
  ASSERT_EQ(sc.points.size(), 40u);
  ASSERT_TRUE(sc.has_plane);
  EXPECT_EQ(sc.normal.z, s.learner().w()[2]);
  EXPECT_EQ(sc.offset, s.learner().b());
  for (std::size_t i = 0; i < sc.points.size(); ++i) EXPECT_EQ(sc.points[i].z, s.data().row(sc.rows[i])[2]);
}

TEST(View3dSetting, ReachableBySetLinksAndLessons) {
  Session s;
  EXPECT_EQ(s.settings().view3d, View3d::Off);
  ASSERT_TRUE(s.set("view3d", "augmented").ok);
  EXPECT_EQ(s.settings().view3d, View3d::Augmented);
  EXPECT_EQ(s.state()["view3d"], "augmented");
  EXPECT_FALSE(s.set("view3d", "sideways").ok);
  EXPECT_EQ(s.settings().view3d, View3d::Augmented);
  // A lesson's setup sets it like any session setting.
  App app;
  init(app);
  const std::string lesson =
      R"({"format": 1, "id": "mine", "title": {"en": "t"}, "steps": [)"
      R"({"narration": {"en": "a"}, "setup": {"preset": "six", "view3d": "augmented"}},)"
      R"({"narration": {"en": "b"}, "setup": {"view3d": "off"}}]})";
  ASSERT_TRUE(run_command(app, {"lesson", lesson}).ok);
  EXPECT_EQ(app.session.settings().view3d, View3d::Augmented);
  ASSERT_TRUE(run_command(app, {"lesson_next"}).ok);
  EXPECT_EQ(app.session.settings().view3d, View3d::Off);
  // Links carry it.
  ASSERT_TRUE(run_command(app, {"set", "view3d", "lifted"}).ok);
  bool found = false;
  for (const auto& kv : link_params(app)) found |= kv.first == "view3d" && kv.second == "lifted";
  EXPECT_TRUE(found);
}

// ---- drawing

enum Key { kRight = 1, kLeft, kUp, kDown };

// The app with ImGui's default font (headless.hpp) and the arrow keys.
class Headless : public test::Headless {
 public:
  Headless()
      : test::Headless(Fonts::ImGuiDefault, {{ImGuiKey_RightArrow, kRight},
                                             {ImGuiKey_LeftArrow, kLeft},
                                             {ImGuiKey_UpArrow, kUp},
                                             {ImGuiKey_DownArrow, kDown}}) {}

  void mouse(ImVec2 p, bool down) {
    ImGui::GetIO().MousePos = p;
    ImGui::GetIO().MouseDown[0] = down;
    frame();
  }
};

struct Drawn {
  ImVec2 min, max;
  std::vector<ImVec2> pos, neg;  // vertices in the class colours
};

Drawn view_vertices(const Palette& pal) {
  Drawn d;
  const ImGuiWindow* w = ImGui::FindWindowByName(kView3dWindow);
  if (!w || !w->Active || !w->DrawList) return d;
  d.min = w->Pos;
  d.max = ImVec2(w->Pos.x + w->Size.x, w->Pos.y + w->Size.y);
  for (const ImDrawVert& v : w->DrawList->VtxBuffer) {
    if (v.col == pal.pos) d.pos.push_back(v.pos);
    if (v.col == pal.neg) d.neg.push_back(v.pos);
  }
  return d;
}

// The pixel the view puts data row `row` at with the camera it starts with.
Vec2d drawn_at(const App& app, const Drawn& d, std::size_t row) {
  const Scene3d sc = build_scene(app.session, app.session.settings().view3d);
  Viewport3d vp;
  vp.lo = sc.lo, vp.hi = sc.hi;
  vp.pixel_min = {d.min.x, d.min.y};
  vp.pixel_max = {d.max.x, d.max.y};
  for (std::size_t k = 0; k < sc.rows.size(); ++k)
    if (sc.rows[k] == row) return project(Camera3d(), vp, sc.points[k]).pixel;
  ADD_FAILURE() << "row " << row << " not in the scene";
  return {};
}

bool near_any(const std::vector<ImVec2>& vs, Vec2d p, double r) {
  for (const ImVec2& v : vs)
    if (std::hypot(v.x - p.x, v.y - p.y) <= r) return true;
  return false;
}

TEST(View3dDrawing, MarkersInTheClassColoursWhereTheProjectionPutsThem) {
  Headless h;
  const Palette& pal = palette(h.app);
  EXPECT_TRUE(view_vertices(pal).pos.empty()) << "off: no view";
  ASSERT_TRUE(run_command(h.app, {"train"}).ok);  // the plane through the origin (the first visit opens at w = 0)
  ASSERT_TRUE(run_command(h.app, {"set", "view3d", "augmented"}).ok);
  h.frame();
  h.frame();
  const Drawn d = view_vertices(pal);
  ASSERT_GT(d.max.x - d.min.x, 100.0f);
  // The canvas gave the view its right half.
  const ImGuiWindow* canvas = ImGui::FindWindowByName("Data");
  ASSERT_TRUE(canvas);
  EXPECT_NEAR(canvas->Pos.x + canvas->Size.x, d.min.x, 1.0);
  EXPECT_GT(d.pos.size(), 20u);
  EXPECT_GT(d.neg.size(), 8u);
  for (const std::vector<ImVec2>* vs : {&d.pos, &d.neg})
    for (const ImVec2& v : *vs) {
      EXPECT_GE(v.x, d.min.x - 0.5f);
      EXPECT_LE(v.x, d.max.x + 0.5f);
      EXPECT_GE(v.y, d.min.y - 0.5f);
      EXPECT_LE(v.y, d.max.y + 0.5f);
    }
  // Each point's marker is drawn in its class's colour where the projection puts it.
  const Dataset& ds = h.app.session.data();
  for (std::size_t i = 0; i < ds.size(); ++i) {
    const Vec2d p = drawn_at(h.app, d, i);
    EXPECT_TRUE(near_any(ds.y[i] > 0 ? d.pos : d.neg, p, 11.0)) << "point " << i;
  }
}

TEST(View3dDrawing, DraggingAndTheArrowKeysTurnTheView) {
  Headless h;
  const Palette& pal = palette(h.app);
  ASSERT_TRUE(run_command(h.app, {"train"}).ok);  // as the view was first drawn: with the plane
  ASSERT_TRUE(run_command(h.app, {"set", "view3d", "augmented"}).ok);
  h.frame();
  h.frame();
  Drawn d = view_vertices(pal);
  const Vec2d before = drawn_at(h.app, d, 0);
  ASSERT_TRUE(near_any(d.pos, before, 11.0) || near_any(d.neg, before, 11.0));
  // Drag from the view's centre 80 px to the right.
  const ImVec2 c(0.5f * (d.min.x + d.max.x), 0.5f * (d.min.y + d.max.y) + 40.0f);
  h.mouse(c, false);
  h.mouse(c, true);
  for (int i = 1; i <= 4; ++i) h.mouse(ImVec2(c.x + 20.0f * static_cast<float>(i), c.y), true);
  h.mouse(ImVec2(c.x + 80.0f, c.y), false);
  d = view_vertices(pal);
  const std::vector<ImVec2>& cls = h.app.session.data().y[0] > 0 ? d.pos : d.neg;
  EXPECT_FALSE(near_any(cls, before, 3.0)) << "the point moved";
  EXPECT_TRUE(view3d_has_focus());
  // With the focus in the view the arrows turn it and the perceptron takes no step.
  const std::uint64_t steps = h.app.session.learner().steps();
  std::vector<ImVec2> shot = cls;
  h.key(kRight);
  h.key(kUp);
  EXPECT_EQ(h.app.session.learner().steps(), steps);
  d = view_vertices(pal);
  const std::vector<ImVec2>& now = h.app.session.data().y[0] > 0 ? d.pos : d.neg;
  ASSERT_FALSE(now.empty());
  bool moved = now.size() != shot.size();
  for (std::size_t i = 0; !moved && i < now.size(); ++i) moved = now[i].x != shot[i].x || now[i].y != shot[i].y;
  EXPECT_TRUE(moved);
}

TEST(View3dDrawing, EverySpaceDrawsInEveryTheme) {
  Headless h;
  for (const std::string& theme : theme_names()) {  // every theme of the one list
    ASSERT_TRUE(run_command(h.app, {"set", "theme", theme}).ok);
    const Palette& pal = palette(h.app);
    ASSERT_TRUE(run_command(h.app, {"set", "view3d", "lifted"}).ok);
    h.frame();
    EXPECT_GT(view_vertices(pal).pos.size(), 10u) << theme;
    ASSERT_TRUE(run_command(h.app, {"generate", "separable", "50", "3"}).ok);
    ASSERT_TRUE(run_command(h.app, {"set", "view3d", "data"}).ok);
    ASSERT_TRUE(run_command(h.app, {"train"}).ok);
    h.frame();
    Drawn d = view_vertices(pal);
    EXPECT_GT(d.pos.size(), 10u) << theme;
    EXPECT_GT(d.neg.size(), 10u) << theme;
    // 3-d data in the augmented view: a note and nothing drawn.
    ASSERT_TRUE(run_command(h.app, {"set", "view3d", "augmented"}).ok);
    h.frame();
    EXPECT_TRUE(view_vertices(pal).neg.empty()) << theme;
    ASSERT_TRUE(run_command(h.app, {"preset", "six"}).ok);
  }
}

TEST(View3dDrawing, ExtremeDataDrawsWithoutHarm) {
  Headless h;
  Dataset ds;
  ds.d = 2;
  ds.x = {1e300, -1e300, -1e300, 1e300, 0.0, 1e-300};
  ds.y = {1, -1, 1};
  ASSERT_TRUE(h.app.session.load_data(ds, "extreme").ok);
  ASSERT_TRUE(run_command(h.app, {"train"}).ok);
  for (const std::string& space : view3d_names()) {  // every mode of the one list
    if (space == "off") continue;
    ASSERT_TRUE(run_command(h.app, {"set", "view3d", space}).ok);
    h.frame();
    const Scene3d sc = build_scene(h.app.session, h.app.session.settings().view3d);
    for (const Vec3& p : sc.points) EXPECT_TRUE(std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z)) << space;
    const ImGuiWindow* w = ImGui::FindWindowByName(kView3dWindow);
    ASSERT_TRUE(w && w->DrawList);
    for (const ImDrawVert& v : w->DrawList->VtxBuffer) ASSERT_TRUE(std::isfinite(v.pos.x) && std::isfinite(v.pos.y)) << space;
  }
  // x1² + x2² overflows: those points are left out of the lifted view, not drawn at infinity.
  ASSERT_TRUE(run_command(h.app, {"set", "view3d", "lifted"}).ok);
  EXPECT_EQ(build_scene(h.app.session, View3d::Lifted).points.size(), 1u);
}

}  // namespace
}  // namespace pla::app::view3d_test
