#include "core/kernels.hpp"

#include <cmath>

#include "core/rng.hpp"

namespace pla {

const char* to_string(KernelType v) {
  switch (v) {
    case KernelType::Linear: return "linear";
    case KernelType::Poly: return "poly";
    default: return "rbf";
  }
}

bool parse_kernel_type(const std::string& s, KernelType& out) {
  if (s == "linear") out = KernelType::Linear;
  else if (s == "poly") out = KernelType::Poly;
  else if (s == "rbf") out = KernelType::Rbf;
  else return false;
  return true;
}

double Kernel::operator()(const double* x, const double* z, int d) const {
  if (type == KernelType::Rbf) {
    double sq = 0.0;
    for (int j = 0; j < d; ++j) {
      const double diff = x[j] - z[j];
      sq += diff * diff;
    }
    return det_exp(-gamma * sq);
  }
  double dot = 0.0;
  for (int j = 0; j < d; ++j) dot += x[j] * z[j];
  if (type == KernelType::Linear) return dot;
  const double base = dot + coef0;
  double v = base;
  for (int p = 1; p < degree; ++p) v *= base;
  return v;
}

Status check_kernel(const Kernel& k) {
  if (k.type == KernelType::Poly) {
    if (k.degree < 1 || k.degree > 20)
      return Status::fail("poly kernel degree must be a whole number in 1..20, got " + std::to_string(k.degree));
    if (!std::isfinite(k.coef0)) return Status::fail("poly kernel coef0 (c) must be a finite number");
  } else if (k.type == KernelType::Rbf) {
    if (!(k.gamma > 0.0) || !std::isfinite(k.gamma))
      return Status::fail("rbf kernel gamma must be a finite number > 0");
  }
  return Status::success();
}

Status gram_matrix(const Dataset& ds, const Kernel& k, std::size_t max_points, std::vector<double>& out) {
  out.clear();
  const Status st = check_kernel(k);
  if (!st) return st;
  const std::size_t n = ds.size();
  if (n > max_points) {
    const double megabytes = static_cast<double>(n) * static_cast<double>(n) * 8.0 / 1e6;
    return Status::fail("the dual/kernel perceptron stores an N x N Gram matrix: N = " + std::to_string(n) +
                        " points would take " + std::to_string(static_cast<long long>(megabytes)) +
                        " MB, above the limit of " + std::to_string(max_points) +
                        " points; use fewer points, a primal learner, or a feature lift");
  }
  out.resize(n * n);
  // K is symmetric to the bit (x.z and z.x round the same products in the same order).
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i; j < n; ++j) {
      const double v = k(ds.row(i), ds.row(j), ds.d);
      out[i * n + j] = v;
      out[j * n + i] = v;
    }
  }
  return Status::success();
}

}  // namespace pla
