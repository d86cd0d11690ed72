#include "app/mapping.hpp"

#include <algorithm>
#include <cmath>

namespace pla::app {

void fit(Mapping& m, Vec2d lo, Vec2d hi, double margin_fraction) {
  // Halves first: the span of data near +-1e308 overflows to inf.
  double wx = 2.0 * (0.5 * hi.x - 0.5 * lo.x), wy = 2.0 * (0.5 * hi.y - 0.5 * lo.y);
  if (!(wx > 0.0) || !std::isfinite(wx)) wx = std::isfinite(wx) ? 1.0 : 1.7e308;
  if (!(wy > 0.0) || !std::isfinite(wy)) wy = std::isfinite(wy) ? 1.0 : 1.7e308;
  const double pw = std::max(1.0, m.pixel_max.x - m.pixel_min.x);
  const double ph = std::max(1.0, m.pixel_max.y - m.pixel_min.y);
  const double k = 1.0 + 2.0 * margin_fraction;
  m.scale_x = m.scale_y = std::clamp(std::min(pw / wx / k, ph / wy / k), 1e-300, 1e300);
  m.center = {0.5 * lo.x + 0.5 * hi.x, 0.5 * lo.y + 0.5 * hi.y};
}

void fit_stretch(Mapping& m, Vec2d lo, Vec2d hi) {
  double wx = hi.x - lo.x, wy = hi.y - lo.y;
  if (!(wx > 0.0)) wx = 1.0;
  if (!(wy > 0.0)) wy = 1.0;
  m.scale_x = std::max(1.0, m.pixel_max.x - m.pixel_min.x) / wx;
  m.scale_y = std::max(1.0, m.pixel_max.y - m.pixel_min.y) / wy;
  m.center = {0.5 * (lo.x + hi.x), 0.5 * (lo.y + hi.y)};
}

void zoom_at(Mapping& m, Vec2d pixel, double factor) {
  if (!(factor > 0.0)) return;
  const Vec2d before = pixel_to_data(m, pixel);
  m.scale_x = std::clamp(m.scale_x * factor, 1e-9, 1e12);
  m.scale_y = std::clamp(m.scale_y * factor, 1e-9, 1e12);
  const Vec2d after = pixel_to_data(m, pixel);
  m.center.x += before.x - after.x;
  m.center.y += before.y - after.y;
}

void pan(Mapping& m, Vec2d delta) {
  m.center.x -= delta.x / m.scale_x;
  m.center.y += delta.y / m.scale_y;
}

double nice_step(double pixels_per_unit, double target_pixels) {
  const double raw = target_pixels / pixels_per_unit;
  if (!(raw > 0.0) || !std::isfinite(raw)) return 1.0;
  const double p = std::pow(10.0, std::floor(std::log10(raw)));
  for (double k : {1.0, 2.0, 5.0})
    if (k * p >= raw) return k * p;
  return 10.0 * p;
}

}  // namespace pla::app
