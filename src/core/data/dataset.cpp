#include "core/data/dataset.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "core/data/read/io.hpp"
#include "core/base/rng.hpp"

namespace pla {

Status Dataset::add(const std::vector<double>& point, int label) {
  if (static_cast<int>(point.size()) != d)
    return Status::fail(Msg::dataset_point_size, {{"coordinates", msg_uint(point.size())}, {"d", msg_int(d)}});
  if (label != 1 && label != -1) return Status::fail(Msg::dataset_label, {{"label", msg_int(label)}});
  for (double v : point)
    if (!std::isfinite(v)) return Status::fail(Msg::dataset_not_finite);
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

Status Dataset::validate() const {
  if (d < 1) return Status::fail(Msg::dataset_bad_d, {{"d", msg_int(d)}});
  const auto dd = static_cast<std::size_t>(d);
  if (x.size() != y.size() * dd)
    return Status::fail(Msg::dataset_size_mismatch,
                        {{"values", msg_uint(x.size())}, {"points", msg_uint(size())}, {"d", msg_int(d)}});
  if (!feature_names.empty() && feature_names.size() != dd)
    return Status::fail(Msg::dataset_names, {{"names", msg_uint(feature_names.size())}, {"d", msg_int(d)}});
  for (std::size_t i = 0; i < size(); ++i) {
    if (y[i] != 1 && y[i] != -1)
      return Status::fail(Msg::dataset_point_label, {{"point", msg_uint(i)}, {"label", msg_int(y[i])}});
    for (std::size_t j = 0; j < dd; ++j)
      if (!std::isfinite(x[i * dd + j]))
        return Status::fail(Msg::dataset_point_not_finite, {{"point", msg_uint(i)}, {"coordinate", msg_uint(j)}});
  }
  return Status::success();
}

namespace {
// round(f * n), half away from zero; f in [0, 1) so the result is in [0, n].
std::size_t rounded_count(double fraction, std::size_t n) {
  return static_cast<std::size_t>(std::floor(fraction * static_cast<double>(n) + 0.5));
}
bool valid_fraction(double f) { return std::isfinite(f) && f >= 0.0 && f < 1.0; }
}  // namespace

Status make_split(std::size_t n, double validation_fraction, double test_fraction, std::uint64_t seed, Split& out) {
  if (!valid_fraction(validation_fraction))
    return Status::fail(Msg::split_validation_fraction, {{"value", format_number(validation_fraction)}});
  if (!valid_fraction(test_fraction))
    return Status::fail(Msg::split_test_fraction, {{"value", format_number(test_fraction)}});
  if (validation_fraction + test_fraction >= 1.0)
    return Status::fail(Msg::split_fraction_sum,
                        {{"validation", format_number(validation_fraction)}, {"test", format_number(test_fraction)}});
  const std::size_t n_test = rounded_count(test_fraction, n);
  const std::size_t n_val = rounded_count(validation_fraction, n);
  if (n_test + n_val >= n)
    return Status::fail(Msg::split_no_training,
                        {{"n", msg_uint(n)}, {"validation", msg_uint(n_val)}, {"test", msg_uint(n_test)}});
  std::vector<std::size_t> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = i;
  Rng rng(seed);
  rng.shuffle(order);
  Split s;
  const auto test_end = order.begin() + static_cast<std::ptrdiff_t>(n_test);
  const auto val_end = test_end + static_cast<std::ptrdiff_t>(n_val);
  s.test.assign(order.begin(), test_end);
  s.validation.assign(test_end, val_end);
  s.train.assign(val_end, order.end());
  std::sort(s.train.begin(), s.train.end());
  std::sort(s.validation.begin(), s.validation.end());
  std::sort(s.test.begin(), s.test.end());
  out = std::move(s);
  return Status::success();
}

Dataset subset(const Dataset& ds, const std::vector<std::size_t>& indices) {
  Dataset out;
  out.d = ds.d;
  out.feature_names = ds.feature_names;
  if (ds.d < 1) return out;
  const auto dd = static_cast<std::size_t>(ds.d);
  out.x.reserve(indices.size() * dd);
  out.y.reserve(indices.size());
  for (std::size_t i : indices) {
    if (i >= ds.size()) continue;
    out.x.insert(out.x.end(), ds.row(i), ds.row(i) + dd);
    out.y.push_back(ds.y[i]);
  }
  return out;
}

}  // namespace pla
