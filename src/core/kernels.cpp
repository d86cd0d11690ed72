#include "core/kernels.hpp"

#include <cmath>

#include "core/names.hpp"
#include "core/rng.hpp"

namespace pla {

namespace {

// The one name table of the kernel types.
constexpr EnumName<KernelType> kKernelNames[] = {
    {KernelType::Linear, "linear"},
    {KernelType::Poly, "poly"},
    {KernelType::Rbf, "rbf"},
};

}  // namespace

const char* to_string(KernelType v) { return enum_name(kKernelNames, v); }
bool parse_kernel_type(const std::string& s, KernelType& out) { return enum_parse(kKernelNames, s, out); }

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
      return Status::fail(Msg::kernel_poly_degree, {{"degree", msg_int(k.degree)}});
    if (!std::isfinite(k.coef0)) return Status::fail(Msg::kernel_poly_coef0);
  } else if (k.type == KernelType::Rbf) {
    if (!(k.gamma > 0.0) || !std::isfinite(k.gamma))
      return Status::fail(Msg::kernel_rbf_gamma);
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
    return Status::fail(Msg::kernel_gram_too_large, {{"n", msg_uint(n)},
                                                     {"megabytes", msg_int(static_cast<long long>(megabytes))},
                                                     {"limit", msg_uint(max_points)}});
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
