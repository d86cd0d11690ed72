// Perceptron Lab core: the vector kernels' dispatch (simd.hpp): the table of each level this
// machine and build can run, found once, the fastest of them as the default, and the public
// entry points, each running the table of the level it is given. The kernels themselves are
// simd_reference.cpp (scalar), simd_x86.cpp (SSE2, AVX2, AVX-512) and simd_wasm.cpp (SIMD128).
#include "core/base/simd.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "core/base/simd_kernels.hpp"

#if PLA_SIMD_WASM
#include <wasm_simd128.h>
#endif

namespace pla {
namespace simd {

namespace {

using kernels::Kernels;

constexpr std::size_t kLevels = 5;  // the values of Level

const Kernels* table_for(Level v) {
  switch (v) {
#if PLA_SIMD_X86
    case Level::Sse2: return &kernels::kSse2;
    case Level::Avx2: return __builtin_cpu_supports("avx2") ? &kernels::kAvx2 : nullptr;
    case Level::Avx512:
      return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("avx512f") &&
                     __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq")
                 ? &kernels::kAvx512
                 : nullptr;
#endif
#if PLA_SIMD_WASM
    case Level::Wasm128: return &kernels::kWasm;
#endif
    case Level::Scalar: return &kernels::kScalar;
    default: return nullptr;
  }
}

constexpr Level kPreference[] = {Level::Sse2, Level::Avx512, Level::Avx2, Level::Wasm128};

// The table of each level this machine and build can run (null for the others), and the default.
struct Tables {
  const Kernels* of[kLevels] = {};
  const Kernels* best = &kernels::kScalar;
};

Tables probe() {
#if PLA_SIMD_X86
  __builtin_cpu_init();
#endif
  Tables t;
  t.of[static_cast<std::size_t>(Level::Scalar)] = &kernels::kScalar;
  // Slowest first, the last available wins. AVX-512 comes before AVX2: on data larger
  // than the caches (memory-bound) it measured 73-82% of one plain read against 84-91%
  // for AVX2 on an AMD EPYC (Zen 4 splits 512-bit operations in two), so AVX2 stays the
  // default there; passing Level::Avx512 chooses it.
  for (Level v : kPreference)
    if (const Kernels* k = table_for(v)) {
      t.of[static_cast<std::size_t>(v)] = k;
      t.best = k;
    }
  return t;
}

// What this machine can run does not change while the program runs: found at the first call.
const Tables& tables() {
  static const Tables t = probe();
  return t;
}

// The kernels of level `at`, the scalar ones for a level this machine or build cannot run.
const Kernels& kernels_at(Level at) {
  const auto i = static_cast<std::size_t>(at);
  const Kernels* k = i < kLevels ? tables().of[i] : nullptr;
  return k ? *k : kernels::kScalar;
}

template <class T, class Scores>
std::size_t count_violations_chunked(const T* x, const int* y, std::size_t rows, std::size_t d, const T* w, double b,
                                     double tau, std::size_t cap, Scores scores) {
  constexpr std::size_t kChunk = 256;
  double s[kChunk];
  std::size_t count = 0;
  for (std::size_t i = 0; i < rows && count < cap; i += kChunk) {
    const std::size_t m = rows - i < kChunk ? rows - i : kChunk;
    scores(x + i * d, m, d, w, b, s);
    for (std::size_t k = 0; k < m && count < cap; ++k) count += y[i + k] * s[k] <= tau;
  }
  return count;
}

}  // namespace

const char* to_string(Level v) {
  switch (v) {
    case Level::Scalar: return "scalar";
    case Level::Sse2: return "sse2";
    case Level::Avx2: return "avx2";
    case Level::Avx512: return "avx512";
    default: return "wasm-simd128";
  }
}

Level level() { return tables().best->level; }

std::vector<Level> levels() {
  std::vector<Level> out;
  out.push_back(Level::Scalar);
  for (Level v : kPreference)
    if (tables().of[static_cast<std::size_t>(v)] != nullptr) out.push_back(v);
  return out;
}

void scores_f64(const double* x, std::size_t rows, std::size_t d, const double* w, double b, double* out, Level at) {
  kernels_at(at).scores_f64(x, rows, d, w, b, out);
}

std::size_t first_violation_f64(const double* x, const int* y, std::size_t rows, std::size_t d, const double* w,
                                double b, double tau, double* score, Level at) {
  return kernels_at(at).first_violation_f64(x, y, rows, d, w, b, tau, score);
}

std::size_t first_violation_f64_bounded(const double* x, const int* y, std::size_t rows, std::size_t d,
                                        const double* w, double b, double tau, double xmax, double* score, Level at) {
  const Kernels& k = kernels_at(at);
  if (k.first_violation_f64_bounded == nullptr) return k.first_violation_f64(x, y, rows, d, w, b, tau, score);
  return k.first_violation_f64_bounded(x, y, rows, d, w, b, tau, xmax, score);
}

bool bounded_scan_uses_xmax(Level at) { return kernels_at(at).first_violation_f64_bounded != nullptr; }

double max_abs_f64(const double* x, std::size_t count) {
  double m = 0.0;
  std::size_t i = 0;
#if PLA_SIMD_WASM
  // pmax(m, a) is m < a ? a : m, lane by lane, so a NaN never wins here either.
  v128_t m0 = wasm_f64x2_splat(0.0), m1 = m0, m2 = m0, m3 = m0;
  for (; i + 8 <= count; i += 8) {
    m0 = wasm_f64x2_pmax(m0, wasm_f64x2_abs(wasm_v128_load(x + i)));
    m1 = wasm_f64x2_pmax(m1, wasm_f64x2_abs(wasm_v128_load(x + i + 2)));
    m2 = wasm_f64x2_pmax(m2, wasm_f64x2_abs(wasm_v128_load(x + i + 4)));
    m3 = wasm_f64x2_pmax(m3, wasm_f64x2_abs(wasm_v128_load(x + i + 6)));
  }
  const v128_t mm = wasm_f64x2_pmax(wasm_f64x2_pmax(m0, m1), wasm_f64x2_pmax(m2, m3));
  m = std::max(wasm_f64x2_extract_lane(mm, 0), wasm_f64x2_extract_lane(mm, 1));
#endif
  for (; i < count; ++i) {
    const double a = std::fabs(x[i]);
    m = a > m ? a : m;  // a NaN never wins
  }
  return m;
}

std::size_t count_violations_f64(const double* x, const int* y, std::size_t rows, std::size_t d, const double* w,
                                 double b, double tau, std::size_t cap, Level at) {
  return count_violations_chunked(x, y, rows, d, w, b, tau, cap, kernels_at(at).scores_f64);
}

bool add_scaled_f64(double* w, double c, const double* x, std::size_t d) {
  // x - x is 0 for a finite x and NaN for inf or NaN, so `bad` stays 0 exactly when all are finite.
  double bad = 0.0;
  for (std::size_t j = 0; j < d; ++j) {
    w[j] += c * x[j];
    bad += w[j] - w[j];
  }
  return bad == 0.0;
}

float dot_f32(const float* w, const float* x, std::size_t d, Level at) { return kernels_at(at).dot_f32(w, x, d); }

void scores_f32(const float* x, std::size_t rows, std::size_t d, const float* w, double b, double* out, Level at) {
  kernels_at(at).scores_f32(x, rows, d, w, b, out);
}

std::size_t first_violation_f32(const float* x, const int* y, std::size_t rows, std::size_t d, const float* w,
                                double b, double tau, double* score, Level at) {
  return kernels_at(at).first_violation_f32(x, y, rows, d, w, b, tau, score);
}

std::size_t count_violations_f32(const float* x, const int* y, std::size_t rows, std::size_t d, const float* w,
                                 double b, double tau, std::size_t cap, Level at) {
  return count_violations_chunked(x, y, rows, d, w, b, tau, cap, kernels_at(at).scores_f32);
}

bool add_scaled_f32(double* w, float* w32, double c, const float* x, std::size_t d) {
  double bad = 0.0;
  for (std::size_t j = 0; j < d; ++j) {
    w[j] += c * static_cast<double>(x[j]);
    w32[j] = static_cast<float>(w[j]);
    bad += w[j] - w[j];
    bad += static_cast<double>(w32[j] - w32[j]);  // beyond FLT_MAX the float copy is inf
  }
  return bad == 0.0;
}

}  // namespace simd
}  // namespace pla
