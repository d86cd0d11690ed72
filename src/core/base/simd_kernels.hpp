// Perceptron Lab core: the kernels of each SIMD level as a table, and the code the levels
// share (internal to the kernel files; the public entry points are simd.hpp's).
//   simd_reference.cpp  the portable scalar kernels (Level::Scalar), the reference of the others
//   simd_x86.cpp        SSE2, AVX2 and AVX-512, chosen at run time (x86-64)
//   simd_wasm.cpp       wasm SIMD128 (when compiled with -msimd128)
//   simd.cpp            dispatch: the level in use, the public entry points
// Every simd*.cpp file is compiled with -msimd128 in the wasm build, and once more without it
// for the build without SIMD (CMakeLists.txt), which then holds no wasm SIMD table.
#pragma once
#include <cmath>
#include <cstddef>
#include <limits>

#include "core/base/simd.hpp"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define PLA_SIMD_X86 1
#endif
#if defined(__wasm_simd128__)
#define PLA_SIMD_WASM 1
#endif

namespace pla {
namespace simd {
namespace kernels {

// One level's kernels.
struct Kernels {
  Level level;
  void (*scores_f64)(const double*, std::size_t, std::size_t, const double*, double, double*);
  std::size_t (*first_violation_f64)(const double*, const int*, std::size_t, std::size_t, const double*, double,
                                     double, double*);
  // The scan with a bound on |x|; null where the exact scan is at memory speed (x86).
  std::size_t (*first_violation_f64_bounded)(const double*, const int*, std::size_t, std::size_t, const double*,
                                             double, double, double, double*);
  float (*dot_f32)(const float*, const float*, std::size_t);
  void (*scores_f32)(const float*, std::size_t, std::size_t, const float*, double, double*);
  std::size_t (*first_violation_f32)(const float*, const int*, std::size_t, std::size_t, const float*, double, double,
                                     double*);
};

// The tables, one per level (each defined in its level's file).
extern const Kernels kScalar;
#if PLA_SIMD_X86
extern const Kernels kSse2, kAvx2, kAvx512;
#endif
#if PLA_SIMD_WASM
extern const Kernels kWasm;
#endif

// ---- the index-order row score and the 8-lane order, shared by every level

inline double row_score_f64(const double* x, std::size_t d, const double* w, double b) {
  double s = 0.0;
  for (std::size_t j = 0; j < d; ++j) s += w[j] * x[j];
  return s + b;
}

// The 8-lane order of simd.hpp: lane k adds w_j x_j for j = k (mod 8), then the lanes are
// added as ((l0 + l4) + (l2 + l6)) + ((l1 + l5) + (l3 + l7)). The float32 contract, and in
// double a loose order for the bounded scan.
template <class T>
T dot8_lanes(const T* w, const T* x, std::size_t d) {
  T l[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  for (std::size_t j = 0; j < d; ++j) l[j & 7] += w[j] * x[j];
  return ((l[0] + l[4]) + (l[2] + l[6])) + ((l[1] + l[5]) + (l[3] + l[7]));
}

inline std::size_t first_violation_f64_scalar(const double* x, const int* y, std::size_t rows, std::size_t d,
                                              const double* w, double b, double tau, double* score) {
  for (std::size_t i = 0; i < rows; ++i) {
    const double s = row_score_f64(x + i * d, d, w, b);
    if (y[i] * s <= tau) {
      *score = s;
      return i;
    }
  }
  return rows;
}

// ---- row loops over a level's dot product or block of rows

template <float (*Dot)(const float*, const float*, std::size_t)>
void scores_f32_rows(const float* x, std::size_t rows, std::size_t d, const float* w, double b, double* out) {
  for (std::size_t i = 0; i < rows; ++i) out[i] = static_cast<double>(Dot(w, x + i * d, d)) + b;
}

template <float (*Dot)(const float*, const float*, std::size_t)>
std::size_t first_violation_f32_rows(const float* x, const int* y, std::size_t rows, std::size_t d, const float* w,
                                     double b, double tau, double* score) {
  for (std::size_t i = 0; i < rows; ++i) {
    const double s = static_cast<double>(Dot(w, x + i * d, d)) + b;
    if (y[i] * s <= tau) {
      *score = s;
      return i;
    }
  }
  return rows;
}

// Rows are visited 4 at a time, each lane summing its own row in index order; the
// rows left over (rows % 4) go through the scalar loop, which sums in the same order.
template <void (*Block4)(const double*, std::size_t, const double*, double, double*)>
void scores_f64_blocked(const double* x, std::size_t rows, std::size_t d, const double* w, double b, double* out) {
  std::size_t i = 0;
  for (; i + 4 <= rows; i += 4) Block4(x + i * d, d, w, b, out + i);
  for (; i < rows; ++i) out[i] = row_score_f64(x + i * d, d, w, b);
}

template <void (*Block4)(const double*, std::size_t, const double*, double, double*)>
std::size_t first_violation_f64_blocked(const double* x, const int* y, std::size_t rows, std::size_t d,
                                        const double* w, double b, double tau, double* score) {
  std::size_t i = 0;
  double s[4];
  for (; i + 4 <= rows; i += 4) {
    Block4(x + i * d, d, w, b, s);
    for (std::size_t k = 0; k < 4; ++k) {
      if (y[i + k] * s[k] <= tau) {
        *score = s[k];
        return i + k;
      }
    }
  }
  const std::size_t rest = first_violation_f64_scalar(x + i * d, y + i, rows - i, d, w, b, tau, score);
  return i + rest;
}

// ---- the bounded scan: the float64 scan with a bound on |x| (a filter)

// The absolute part K of the bound on |score - loose score| for rows whose values all
// have |x_j| <= xmax (see first_violation_f64_bounded in simd.hpp); inf when the filter
// cannot be used (xmax unknown or so large that a sum could overflow).
//
// Both sums add the same d products p_j = fl(w_j x_j), the in-order one with d additions
// (the first to 0), a loose one in any tree over the products and at most 16 zeros (its
// lanes start at 0), so with at most d + 15 additions. A sum of m terms in any order is
// within gamma(m - 1) sum |terms| of the exact sum (gamma(k) = k u / (1 - k u), u = 2^-53,
// Higham, Accuracy and Stability of Numerical Algorithms, 4.2), and sum |p_j| <=
// (1 + u) ||w||_1 xmax plus 2^-1075 a product for underflow. Adding b to each sum rounds once more, which the caller's
// relative term 4u |loose score| covers (see kLooseRelative). The factors 1.01 and 1.0001
// cover the (1 + O(d u)) factors left out and the rounding of this computation, and
// 1e-300 the products that underflow.
constexpr double kUnit = 0x1p-53;
constexpr double kLooseRelative = 4 * kUnit;

inline double loose_bound(const double* w, std::size_t d, double b, double xmax) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  if (!(xmax >= 0.0 && xmax <= 1e300) || !(std::fabs(b) <= 1e300)) return kInf;
  double w1 = 0.0;
  for (std::size_t j = 0; j < d; ++j) w1 += std::fabs(w[j]);
  const double scale = w1 * xmax;
  if (!(scale <= 1e300)) return kInf;  // also NaN
  return (2.0 * static_cast<double>(d) + 16.0) * kUnit * 1.01 * scale * 1.0001 + 1e-300;
}

// The first row with y (w.x + b) <= tau, as Exact finds it, where every |x| <= xmax: a row
// whose loose score is further than the bound from the threshold is decided by it, the
// others (and the one returned) are scored in index order. NaN or inf scores are never
// decided by the loose score (the comparison fails), so they are scored in order too.
template <double (*Loose)(const double*, std::size_t, const double*, double),
          std::size_t (*Exact)(const double*, const int*, std::size_t, std::size_t, const double*, double, double,
                               double*)>
std::size_t first_violation_f64_filtered(const double* x, const int* y, std::size_t rows, std::size_t d,
                                         const double* w, double b, double tau, double xmax, double* score) {
  const double k = loose_bound(w, d, b, xmax);
  if (!(k < std::numeric_limits<double>::infinity())) return Exact(x, y, rows, d, w, b, tau, score);
  for (std::size_t i = 0; i < rows; ++i) {
    const double z = Loose(x + i * d, d, w, b);
    if (y[i] * z - tau > k + kLooseRelative * std::fabs(z)) continue;
    const double s = row_score_f64(x + i * d, d, w, b);
    if (y[i] * s <= tau) {
      *score = s;
      return i;
    }
  }
  return rows;
}

}  // namespace kernels
}  // namespace simd
}  // namespace pla
