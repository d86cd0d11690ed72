#include "core/learn/kernels.hpp"

#include <cmath>
#include <cstdint>

#include "core/base/names.hpp"
#include "core/base/numtext.hpp"
#include "core/base/rng.hpp"
#include "core/base/values.hpp"

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

// ---------------------------------------------------------------- specs

Status parse_kernel_spec(const std::string& spec, Kernel& out) {
  Kernel k;
  const std::size_t colon = spec.find(':');
  const std::string type = spec.substr(0, colon);
  const std::string arg = colon == std::string::npos ? "" : spec.substr(colon + 1);
  if (!parse_kernel_type(type, k.type)) return Status::fail(Msg::kernel_spec_bad, {{"value", spec.substr(0, 40)}});
  if (k.type == KernelType::Poly && !arg.empty()) {
    std::uint64_t p = 0;
    if (!parse_u64(arg, p) || p < 1 || p > 20) return Status::fail(Msg::kernel_degree_bad, {{"value", arg.substr(0, 40)}});
    k.degree = static_cast<int>(p);
  } else if (k.type == KernelType::Rbf && !arg.empty()) {
    if (!parse_double(arg, k.gamma) || !(k.gamma > 0.0))
      return Status::fail(Msg::kernel_gamma_bad, {{"value", arg.substr(0, 40)}});
  } else if (k.type == KernelType::Linear && !arg.empty()) {
    return Status::fail(Msg::kernel_linear_param);
  }
  Status st = check_kernel(k);
  if (st) out = k;
  return st;
}

std::string kernel_spec(const Kernel& k) {
  switch (k.type) {
    case KernelType::Poly: return "poly:" + std::to_string(k.degree);
    case KernelType::Rbf: return "rbf:" + json_number(k.gamma);
    default: return "linear";
  }
}

}  // namespace pla
