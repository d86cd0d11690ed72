#include "core/dataset.hpp"

#include <cmath>

namespace pla {

Status Dataset::add(const std::vector<double>& point, int label) {
  if (static_cast<int>(point.size()) != d)
    return Status::fail("point has " + std::to_string(point.size()) + " coordinates, the data set has d = " +
                        std::to_string(d));
  if (label != 1 && label != -1) return Status::fail("label must be +1 or -1, got " + std::to_string(label));
  for (double v : point)
    if (!std::isfinite(v)) return Status::fail("coordinates must be finite numbers");
  x.insert(x.end(), point.begin(), point.end());
  y.push_back(label);
  return Status::success();
}

void Dataset::remove(std::size_t i) {
  const auto dd = static_cast<std::ptrdiff_t>(d);
  x.erase(x.begin() + static_cast<std::ptrdiff_t>(i) * dd, x.begin() + static_cast<std::ptrdiff_t>(i + 1) * dd);
  y.erase(y.begin() + static_cast<std::ptrdiff_t>(i));
}

std::size_t Dataset::count(int label) const {
  std::size_t n = 0;
  for (int v : y) n += (v == label);
  return n;
}

namespace {
double max_sq_norm(const Dataset& ds) {
  double best = 0.0;
  for (std::size_t i = 0; i < ds.size(); ++i) {
    const double* r = ds.row(i);
    double s = 0.0;
    for (int j = 0; j < ds.d; ++j) s += r[j] * r[j];
    if (s > best) best = s;
  }
  return best;
}
}  // namespace

double Dataset::radius() const { return std::sqrt(max_sq_norm(*this)); }
double Dataset::radius_aug() const { return empty() ? 0.0 : std::sqrt(max_sq_norm(*this) + 1.0); }

}  // namespace pla
