// Perceptron Lab app: the 3-D view of the augmented, lifted and 3-d data spaces
// (the session setting view3d, core/session.hpp).
//
//   augmented  every 2-D point x drawn at (x1, x2, 1), and the plane through the origin
//              whose normal is ŵ = (w, b): ŵ·(x, 1) = w·x + b, so the plane cuts the
//              plane z = 1 exactly along the separating line of the canvas. The
//              augmented trick made visible: we only look for planes through the origin.
//   lifted     the points after a lift with 3 coordinates and the learned plane
//              w·φ(x) + b = 0; without a lift, φ(x) = (x1, x2, x1² + x2²) for reference
//              (circles become separable by a plane there) with the learner's own plane,
//              which ignores the third coordinate.
//   data       data with d = 3 as it is, and the plane w·x + b = 0.
//
// The first half is pure geometry (no ImGui state; tested on its own): a camera that
// orbits the scene (yaw, pitch, distance, zoom; perspective or orthographic), the
// projection of a world point to pixels with its depth, the polygon of a plane clipped
// to a box, and the scene of a session in one of the spaces. The second half draws it
// with ImDrawList in the canvas's colours and shapes (+1 a blue disc, −1 an orange
// square): the points behind the plane, the plane (semi-transparent, with its normal
// as an arrow), then the points in front, each group far to near.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "app/mapping.hpp"
#include "core/lab/session/session.hpp"
#include "imgui.h"

namespace pla::app {

struct App;

struct Vec3 {
  double x = 0.0, y = 0.0, z = 0.0;
};
inline Vec3 operator+(Vec3 a, Vec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
inline Vec3 operator-(Vec3 a, Vec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline Vec3 operator*(double s, Vec3 a) { return {s * a.x, s * a.y, s * a.z}; }
inline double dot(Vec3 a, Vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline Vec3 cross(Vec3 a, Vec3 b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
double norm(Vec3 a);

// The camera orbits the centre of the scene's box. World axes: x (x1) to the right,
// y (x2) away from the viewer, z up, at yaw = pitch = 0. Yaw turns the scene about the
// vertical axis, pitch lifts the eye above the floor (radians).
struct Camera3d {
  double yaw = -0.55, pitch = 0.42;
  double distance = 5.0;   // the eye's distance from the centre, in scene radii (> 1)
  double zoom = 1.0;       // extra magnification (the wheel)
  bool perspective = true;
};
constexpr double kMaxPitch = 1.5;  // radians, just under a vertical look

// The scene's box (world coordinates) in a pixel rectangle.
struct Viewport3d {
  Vec3 lo, hi;
  Vec2d pixel_min, pixel_max;
};

// A direction in world coordinates turned into view coordinates: x to the right, y up
// the screen, z toward the viewer. A rotation: lengths and angles are kept.
Vec3 to_view(const Camera3d& cam, Vec3 world_direction);

struct Projected {
  Vec2d pixel;
  double depth = 0.0;  // toward the viewer (view z over the scene radius): larger is nearer
  double scale = 1.0;  // the perspective magnification at that depth (1 when orthographic)
};
// Where a world point is drawn: the box's centre at the rectangle's centre, the box's
// bounding sphere filling kView3dFill of the rectangle's shorter side (times zoom; with
// perspective, so that its nearest point still fits), the rest is room for the axes' names.
constexpr double kView3dFill = 0.95;
Projected project(const Camera3d& cam, const Viewport3d& vp, Vec3 world);
// The eye in world coordinates (perspective), or a far point along the view axis.
Vec3 eye_position(const Camera3d& cam, const Viewport3d& vp);
// True when p is on the viewer's side of the plane n·p + c = 0 (drawn over it).
bool in_front_of_plane(const Camera3d& cam, const Viewport3d& vp, Vec3 n, double c, Vec3 p);

// The polygon where the plane n·p + c = 0 meets the box [lo, hi], its corners in order
// around it (empty when the plane misses the box or n = 0).
std::vector<Vec3> plane_in_box(Vec3 n, double c, Vec3 lo, Vec3 hi);

// What the view draws for a session.
struct Scene3d {
  std::vector<Vec3> points;        // one per data row shown
  std::vector<std::size_t> rows;   // their data rows
  std::vector<int> labels;         // +1 / -1
  Vec3 lo, hi;                     // the box: the points (and the origin when the plane passes through it)
  bool has_plane = false;
  Vec3 normal;                     // the plane normal·p + offset = 0 (augmented: ŵ, offset 0)
  double offset = 0.0;
  bool augmented = false;          // also draw the plane z = 1 and the separating line on it
  std::string axes[3];             // the axes' names
  const char* title = "";          // catalog key of the space's title (may use {phi})
  std::string phi;                 // the lift's features, "(x1^2, x2^2, x1*x2)"
  const char* note = nullptr;      // catalog key: why nothing (or no plane) is drawn, may use {d}
};
// The scene of the session's viewed state in `space` (not View3d::Off). At most
// kMaxScenePoints rows are taken (evenly spread over the data).
constexpr std::size_t kMaxScenePoints = 4000;
Scene3d build_scene(const Session& s, View3d space);

// ---- drawing (ImGui)

// Splits the canvas's area between the canvas and the 3-D view (side by side when the
// area is wide, one above the other when it is tall): `canvas_size` shrinks, the view's
// place is returned. Does nothing (view_size 0) when the view3d setting is off.
void view3d_split(const App& app, ImVec2 area_pos, ImVec2& canvas_size, ImVec2& view_pos, ImVec2& view_size);
// The 3-D view's window at that place (drawn when view_size is not empty).
void view3d_window(App& app, ImVec2 pos, ImVec2 size);
// The view itself, filling what is left of the current window: drag or the arrow keys
// (when it has focus) rotate, the wheel zooms, a double click resets the camera.
void view3d(App& app);
// True while the 3-D view's window has the keyboard focus (its arrow keys rotate it,
// so the global arrow keys leave the perceptron alone).
bool view3d_has_focus();
// The window's name (tests read its draw list).
inline constexpr const char* kView3dWindow = "View3D";

}  // namespace pla::app
