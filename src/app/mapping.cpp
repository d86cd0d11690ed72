#include "app/mapping.hpp"

#include <algorithm>

namespace pla::app {

void fit(Mapping& m, Vec2d lo, Vec2d hi, double margin_fraction) {
  double wx = hi.x - lo.x, wy = hi.y - lo.y;
  if (wx <= 0.0) wx = 1.0;
  if (wy <= 0.0) wy = 1.0;
  const double pw = std::max(1.0, m.pixel_max.x - m.pixel_min.x);
  const double ph = std::max(1.0, m.pixel_max.y - m.pixel_min.y);
  const double k = 1.0 + 2.0 * margin_fraction;
  m.scale = std::min(pw / (wx * k), ph / (wy * k));
  m.center = {0.5 * (lo.x + hi.x), 0.5 * (lo.y + hi.y)};
}

}  // namespace pla::app
