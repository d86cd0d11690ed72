// Perceptron Lab app: the one mapping between data space and pixels, shared by
// the data canvas and (later) every plot. Pure functions, no ImGui state.
#pragma once

namespace pla::app {

struct Vec2d {
  double x = 0.0, y = 0.0;
};

// A view of data space inside a pixel rectangle, equal scale on both axes
// (so the normal vector w looks perpendicular to the line), y pointing up.
struct Mapping {
  Vec2d pixel_min, pixel_max;  // the canvas rectangle in display pixels
  Vec2d center;                // data point drawn at the rectangle's centre
  double scale = 40.0;         // pixels per data unit
};

inline Vec2d data_to_pixel(const Mapping& m, Vec2d p) {
  const double cx = 0.5 * (m.pixel_min.x + m.pixel_max.x), cy = 0.5 * (m.pixel_min.y + m.pixel_max.y);
  return {cx + (p.x - m.center.x) * m.scale, cy - (p.y - m.center.y) * m.scale};
}

inline Vec2d pixel_to_data(const Mapping& m, Vec2d q) {
  const double cx = 0.5 * (m.pixel_min.x + m.pixel_max.x), cy = 0.5 * (m.pixel_min.y + m.pixel_max.y);
  return {m.center.x + (q.x - cx) / m.scale, m.center.y - (q.y - cy) / m.scale};
}

// Chooses centre and scale so the data box [lo, hi] fills the rectangle with a margin.
void fit(Mapping& m, Vec2d lo, Vec2d hi, double margin_fraction = 0.12);

}  // namespace pla::app
