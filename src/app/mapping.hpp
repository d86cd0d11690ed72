// Perceptron Lab app: the one mapping between data space and pixels, shared by
// the data canvas and every plot (like ImPlot's PlotToPixels / PixelsToPlot).
// Pure functions, no ImGui state.
#pragma once

namespace pla::app {

struct Vec2d {
  double x = 0.0, y = 0.0;
};

// A view of data space inside a pixel rectangle, y pointing up. The data canvas
// keeps scale_x == scale_y (so the normal vector w looks perpendicular to the
// line); plots scale each axis on its own.
struct Mapping {
  Vec2d pixel_min, pixel_max;  // the rectangle in display pixels
  Vec2d center;                // data point drawn at the rectangle's centre
  double scale_x = 40.0;       // pixels per data unit
  double scale_y = 40.0;
};

// A pixel coordinate kept finite and within +-1e7 px, as float for ImGui: its path
// code misbehaves on inf or NaN, which extreme data (1e308) or huge weights would
// give. NaN becomes -1e7. The one clamp of the app (to_im in plot.hpp uses it).
inline float clamp_px(double v) { return v >= -1e7 && v <= 1e7 ? static_cast<float>(v) : (v > 0 ? 1e7f : -1e7f); }

inline Vec2d data_to_pixel(const Mapping& m, Vec2d p) {
  const double cx = 0.5 * (m.pixel_min.x + m.pixel_max.x), cy = 0.5 * (m.pixel_min.y + m.pixel_max.y);
  return {cx + (p.x - m.center.x) * m.scale_x, cy - (p.y - m.center.y) * m.scale_y};
}

inline Vec2d pixel_to_data(const Mapping& m, Vec2d q) {
  const double cx = 0.5 * (m.pixel_min.x + m.pixel_max.x), cy = 0.5 * (m.pixel_min.y + m.pixel_max.y);
  return {m.center.x + (q.x - cx) / m.scale_x, m.center.y - (q.y - cy) / m.scale_y};
}

// The data box visible in the rectangle.
inline void visible_box(const Mapping& m, Vec2d& lo, Vec2d& hi) {
  lo = pixel_to_data(m, {m.pixel_min.x, m.pixel_max.y});
  hi = pixel_to_data(m, {m.pixel_max.x, m.pixel_min.y});
}

// Equal scales: the data box [lo, hi] fits the rectangle with a margin (canvas).
void fit(Mapping& m, Vec2d lo, Vec2d hi, double margin_fraction = 0.12);
// Independent scales: [lo, hi] fills the rectangle exactly (plots).
void fit_stretch(Mapping& m, Vec2d lo, Vec2d hi);
// Zooms by `factor` (> 1 zooms in) keeping the data point under `pixel` fixed.
void zoom_at(Mapping& m, Vec2d pixel, double factor);
// Moves the view by a pixel offset (dragging the canvas by `delta`).
void pan(Mapping& m, Vec2d delta);

// A "nice" tick step (1, 2 or 5 times a power of ten) for about `target_pixels`.
double nice_step(double pixels_per_unit, double target_pixels);

}  // namespace pla::app
