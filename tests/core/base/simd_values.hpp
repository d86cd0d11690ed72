// The values the kernel tests (simd_test.cpp, simd_float32_test.cpp) run on, and their
// references: the plain index-order float64 score and the documented float32 8-lane order.
#pragma once
#include <cmath>
#include <cstddef>
#include <vector>

#include "core/base/rng.hpp"

namespace pla::simd_test {

// Values of very different magnitudes and signs, so that the summation order shows
// in the rounding (a reordered sum would give other bits on most rows).
inline std::vector<double> awkward_values(Rng& rng, std::size_t count) {
  std::vector<double> v(count);
  for (double& x : v) {
    const double mag = std::ldexp(1.0, static_cast<int>(rng.below(60)) - 30);
    x = rng.uniform(-1.0, 1.0) * mag;
    if (rng.below(17) == 0) x = -0.0;
    if (rng.below(19) == 0) x = 0.0;
  }
  return v;
}

inline double reference_score(const double* x, std::size_t d, const std::vector<double>& w, double b) {
  double s = 0.0;
  for (std::size_t j = 0; j < d; ++j) s += w[j] * x[j];
  return s + b;
}

// The documented float32 contract, written out plainly.
inline double reference_score_f32(const float* x, std::size_t d, const float* w, double b) {
  float lane[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  for (std::size_t j = 0; j < d; ++j) {
    const float product = w[j] * x[j];
    lane[j % 8] = lane[j % 8] + product;
  }
  const float left = (lane[0] + lane[4]) + (lane[2] + lane[6]);
  const float right = (lane[1] + lane[5]) + (lane[3] + lane[7]);
  return static_cast<double>(left + right) + b;
}

inline const std::size_t kDims[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 64, 255, 256, 257};

}  // namespace pla::simd_test
