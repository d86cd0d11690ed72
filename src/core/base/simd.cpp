// Perceptron Lab core: the vector kernels (simd.hpp), one table of them per level.
//
// [SECTION] index
//   scalar reference      the 8-lane order, row scores, the first mistake, in plain C++
//   bounded scan          the float64 scan with a bound on |x| (a filter, proven exact)
//   x86-64                SSE2 baseline and AVX2 chosen at run time: scores, mistakes, prefetch
//   AVX-512               8 rows per block (F, VL, DQ, chosen at run time)
//   wasm SIMD128          the browser's kernels, with loads ahead
//   dispatch              the Kernels tables, the level in use, the public entry points
#include "core/base/simd.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <limits>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define PLA_SIMD_X86 1
// GCC 12 warns of the deliberately undefined source of _mm512_undefined_pd() inside its
// own AVX-512 intrinsics (reported at the header's lines) when they are inlined.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>
#pragma GCC diagnostic pop
#else
#include <immintrin.h>
#endif
#endif
#if defined(__wasm_simd128__)
#define PLA_SIMD_WASM 1
#include <wasm_simd128.h>
#endif

namespace pla {
namespace simd {

namespace {

// [SECTION] scalar reference

double row_score_f64(const double* x, std::size_t d, const double* w, double b) {
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

float dot8_scalar(const float* w, const float* x, std::size_t d) { return dot8_lanes(w, x, d); }

void scores_f64_scalar(const double* x, std::size_t rows, std::size_t d, const double* w, double b, double* out) {
  for (std::size_t i = 0; i < rows; ++i) out[i] = row_score_f64(x + i * d, d, w, b);
}

std::size_t first_violation_f64_scalar(const double* x, const int* y, std::size_t rows, std::size_t d,
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

// [SECTION] bounded scan
// The float64 scan with a bound on |x| (a filter).

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

double loose_bound(const double* w, std::size_t d, double b, double xmax) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  if (!(xmax >= 0.0 && xmax <= 1e300) || !(std::fabs(b) <= 1e300)) return kInf;
  double w1 = 0.0;
  for (std::size_t j = 0; j < d; ++j) w1 += std::fabs(w[j]);
  const double scale = w1 * xmax;
  if (!(scale <= 1e300)) return kInf;  // also NaN
  return (2.0 * static_cast<double>(d) + 16.0) * kUnit * 1.01 * scale * 1.0001 + 1e-300;
}

// w.x + b in the 8-lane order: not the index order of row_score_f64, so it may differ
// from it in the last bits.
double loose_score_scalar(const double* x, std::size_t d, const double* w, double b) {
  return dot8_lanes(w, x, d) + b;
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

// [SECTION] x86-64
// SSE2 baseline, AVX2 at run time.

#if PLA_SIMD_X86

// The float64 kernels are bound by memory, not by the adds: at every level one block of
// rows is summed 2 to 3 times faster from the caches than memory delivers it. What decides
// the speed is how the rows reach the caches. A block reads its rows side by side (4 or 8
// interleaved streams), which the hardware prefetchers follow poorly, so each step of a
// block prefetches, into L2, the bytes it reads, in address order, kPrefetchBytes ahead:
// one steady stream in front of the reads. Measured on an AMD EPYC (N = 1,000,000 d = 32
// and N = 200,000 d = 256): 80-100% of one plain read, against 40-70% with a burst of
// prefetches at the start of each block or none, and against more rows per block (8 or
// 16 rows in 2 or 4 chains), which measured slower (more streams) although it is faster
// on data in cache. The float32 kernel reads one row after the other, which the hardware
// prefetchers follow well on their own.
constexpr std::uintptr_t kPrefetchBytes = 24576;

// Prefetch the `bytes` bytes that are kPrefetchBytes ahead of `at` (its block's start plus
// what the block has read so far). Integer arithmetic on the address: prefetching past
// the end of the data is harmless (a prefetch never faults), pointer arithmetic past it
// would not be valid C++.
#define PLA_PREFETCH_STEP(at, bytes)                                                          \
  do {                                                                                        \
    const std::uintptr_t pla_ahead_ = (at) + kPrefetchBytes;                                  \
    for (std::uintptr_t pla_a_ = pla_ahead_; pla_a_ < pla_ahead_ + (bytes); pla_a_ += 64)     \
      _mm_prefetch(reinterpret_cast<const char*>(pla_a_), _MM_HINT_T1);                       \
  } while (0)

void block4_f64_sse2(const double* r, std::size_t d, const double* w, double b, double* s) {
  const double *r0 = r, *r1 = r + d, *r2 = r + 2 * d, *r3 = r + 3 * d;
  const auto base = reinterpret_cast<std::uintptr_t>(r);
  __m128d a01 = _mm_setzero_pd(), a23 = _mm_setzero_pd();
  std::size_t j = 0;
  for (; j + 2 <= d; j += 2) {
    if ((j & 3) == 0) PLA_PREFETCH_STEP(base + 4 * j * sizeof(double), 4 * 4 * sizeof(double));
    const __m128d x0 = _mm_loadu_pd(r0 + j), x1 = _mm_loadu_pd(r1 + j);
    const __m128d x2 = _mm_loadu_pd(r2 + j), x3 = _mm_loadu_pd(r3 + j);
    const __m128d w0 = _mm_set1_pd(w[j]), w1 = _mm_set1_pd(w[j + 1]);
    a01 = _mm_add_pd(a01, _mm_mul_pd(w0, _mm_unpacklo_pd(x0, x1)));
    a23 = _mm_add_pd(a23, _mm_mul_pd(w0, _mm_unpacklo_pd(x2, x3)));
    a01 = _mm_add_pd(a01, _mm_mul_pd(w1, _mm_unpackhi_pd(x0, x1)));
    a23 = _mm_add_pd(a23, _mm_mul_pd(w1, _mm_unpackhi_pd(x2, x3)));
  }
  if (j < d) {
    const __m128d w0 = _mm_set1_pd(w[j]);
    a01 = _mm_add_pd(a01, _mm_mul_pd(w0, _mm_set_pd(r1[j], r0[j])));
    a23 = _mm_add_pd(a23, _mm_mul_pd(w0, _mm_set_pd(r3[j], r2[j])));
  }
  const __m128d bb = _mm_set1_pd(b);
  _mm_storeu_pd(s, _mm_add_pd(a01, bb));
  _mm_storeu_pd(s + 2, _mm_add_pd(a23, bb));
}

inline float reduce8_sse2(__m128 lo, __m128 hi) {
  const __m128 q = _mm_add_ps(lo, hi);                    // l0+l4, l1+l5, l2+l6, l3+l7
  const __m128 q2 = _mm_add_ps(q, _mm_movehl_ps(q, q));   // (l0+l4)+(l2+l6), (l1+l5)+(l3+l7)
  return _mm_cvtss_f32(_mm_add_ss(q2, _mm_shuffle_ps(q2, q2, 1)));
}

float dot8_sse2(const float* w, const float* x, std::size_t d) {
  __m128 lo = _mm_setzero_ps(), hi = _mm_setzero_ps();
  std::size_t j = 0;
  for (; j + 8 <= d; j += 8) {
    lo = _mm_add_ps(lo, _mm_mul_ps(_mm_loadu_ps(w + j), _mm_loadu_ps(x + j)));
    hi = _mm_add_ps(hi, _mm_mul_ps(_mm_loadu_ps(w + j + 4), _mm_loadu_ps(x + j + 4)));
  }
  if (j < d) {
    // Zero padding: +0 products leave a lane unchanged (a lane is never -0).
    float tw[8] = {0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
    float tx[8] = {0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
    for (std::size_t k = 0; j + k < d; ++k) {
      tw[k] = w[j + k];
      tx[k] = x[j + k];
    }
    lo = _mm_add_ps(lo, _mm_mul_ps(_mm_loadu_ps(tw), _mm_loadu_ps(tx)));
    hi = _mm_add_ps(hi, _mm_mul_ps(_mm_loadu_ps(tw + 4), _mm_loadu_ps(tx + 4)));
  }
  return reduce8_sse2(lo, hi);
}

#define PLA_AVX2 __attribute__((target("avx2")))

// The 4 scores (without b) of rows r, r + d, r + 2d, r + 3d: lane k sums row k in index order.
__attribute__((target("avx2"), always_inline)) inline __m256d block4_f64_avx2(const double* r, std::size_t d,
                                                                            const double* w) {
  const double *r0 = r, *r1 = r + d, *r2 = r + 2 * d, *r3 = r + 3 * d;
  const auto base = reinterpret_cast<std::uintptr_t>(r);
  __m256d acc = _mm256_setzero_pd();
  std::size_t j = 0;
  for (; j + 4 <= d; j += 4) {
    // (The prefetch written out by the macro: a function of another target inlined here,
    // GCC 12 dropped it.)
    PLA_PREFETCH_STEP(base + 4 * j * sizeof(double), 4 * 4 * sizeof(double));
    // Transpose the 4x4 block so that column c holds x_{row k, j+c} in lane k.
    const __m256d x0 = _mm256_loadu_pd(r0 + j), x1 = _mm256_loadu_pd(r1 + j);
    const __m256d x2 = _mm256_loadu_pd(r2 + j), x3 = _mm256_loadu_pd(r3 + j);
    const __m256d t0 = _mm256_unpacklo_pd(x0, x1), t1 = _mm256_unpackhi_pd(x0, x1);
    const __m256d t2 = _mm256_unpacklo_pd(x2, x3), t3 = _mm256_unpackhi_pd(x2, x3);
    const __m256d c0 = _mm256_permute2f128_pd(t0, t2, 0x20), c1 = _mm256_permute2f128_pd(t1, t3, 0x20);
    const __m256d c2 = _mm256_permute2f128_pd(t0, t2, 0x31), c3 = _mm256_permute2f128_pd(t1, t3, 0x31);
    acc = _mm256_add_pd(acc, _mm256_mul_pd(_mm256_broadcast_sd(w + j), c0));
    acc = _mm256_add_pd(acc, _mm256_mul_pd(_mm256_broadcast_sd(w + j + 1), c1));
    acc = _mm256_add_pd(acc, _mm256_mul_pd(_mm256_broadcast_sd(w + j + 2), c2));
    acc = _mm256_add_pd(acc, _mm256_mul_pd(_mm256_broadcast_sd(w + j + 3), c3));
  }
  for (; j < d; ++j)
    acc = _mm256_add_pd(acc, _mm256_mul_pd(_mm256_broadcast_sd(w + j), _mm256_set_pd(r3[j], r2[j], r1[j], r0[j])));
  return acc;
}

PLA_AVX2 void scores_f64_avx2(const double* x, std::size_t rows, std::size_t d, const double* w, double b,
                              double* out) {
  const __m256d bb = _mm256_set1_pd(b);
  std::size_t i = 0;
  for (; i + 4 <= rows; i += 4) _mm256_storeu_pd(out + i, _mm256_add_pd(block4_f64_avx2(x + i * d, d, w), bb));
  for (; i < rows; ++i) out[i] = row_score_f64(x + i * d, d, w, b);
}

// The mistake test y * score <= tau on 4 lanes at once: y widened exactly to double, the
// same product and the same ordered comparison (NaN is never a mistake) as the scalar test.
// A block's scores are computed before its mistakes are looked at: w changes only at a
// mistake, so the scores up to the first one are the in-order scan's own.
PLA_AVX2 std::size_t first_violation_f64_avx2(const double* x, const int* y, std::size_t rows, std::size_t d,
                                              const double* w, double b, double tau, double* score) {
  const __m256d bb = _mm256_set1_pd(b), tt = _mm256_set1_pd(tau);
  std::size_t i = 0;
  for (; i + 4 <= rows; i += 4) {
    const __m256d s = _mm256_add_pd(block4_f64_avx2(x + i * d, d, w), bb);
    const __m256d yy = _mm256_cvtepi32_pd(_mm_loadu_si128(reinterpret_cast<const __m128i*>(y + i)));
    const int mask = _mm256_movemask_pd(_mm256_cmp_pd(_mm256_mul_pd(yy, s), tt, _CMP_LE_OQ));
    if (mask != 0) {
      double lanes[4];
      _mm256_storeu_pd(lanes, s);
      const int k = __builtin_ctz(static_cast<unsigned>(mask));
      *score = lanes[k];
      return i + static_cast<std::size_t>(k);
    }
  }
  return i + first_violation_f64_scalar(x + i * d, y + i, rows - i, d, w, b, tau, score);
}

PLA_AVX2 float dot8_avx2(const float* w, const float* x, std::size_t d) {
  __m256 acc = _mm256_setzero_ps();
  std::size_t j = 0;
  for (; j + 8 <= d; j += 8) acc = _mm256_add_ps(acc, _mm256_mul_ps(_mm256_loadu_ps(w + j), _mm256_loadu_ps(x + j)));
  if (j < d) {
    // Masked loads read only the d - j values left; the other lanes get +0 products.
    alignas(32) static const std::int32_t kMask[16] = {-1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0};
    const __m256i m = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(kMask + 8 - (d - j)));
    acc = _mm256_add_ps(acc, _mm256_mul_ps(_mm256_maskload_ps(w + j, m), _mm256_maskload_ps(x + j, m)));
  }
  return reduce8_sse2(_mm256_castps256_ps128(acc), _mm256_extractf128_ps(acc, 1));
}

#undef PLA_AVX2

// [SECTION] AVX-512
// AVX-512 (F, VL, DQ; chosen at run time): 8 rows per block, lane l sums one row in
// index order. A step reads 4 values of each of the 8 rows: rows k and k + 4 share a 512-bit
// register, and two unpacks and a 128-bit shuffle give the 4 columns with the rows in the
// lanes in the order 0 1 4 5 2 3 6 7 (put back in order at the end: that order is its own
// inverse). Same prefetch as above (2 or 4 blocks of 8 rows side by side measured slower).
#define PLA_AVX512 __attribute__((target("avx512f,avx512vl,avx512dq")))

// The 8 scores (without b) of rows r, r + d, ..., r + 7d.
__attribute__((target("avx512f,avx512vl,avx512dq"), always_inline)) inline __m512d block8_f64_avx512(
    const double* r, std::size_t d, const double* w) {
  const auto base = reinterpret_cast<std::uintptr_t>(r);
  __m512d acc = _mm512_setzero_pd();
  std::size_t j = 0;
  for (; j + 4 <= d; j += 4) {
    PLA_PREFETCH_STEP(base + 8 * j * sizeof(double), 8 * 4 * sizeof(double));
    const double* q = r + j;
    const __m512d z0 = _mm512_insertf64x4(_mm512_castpd256_pd512(_mm256_loadu_pd(q)), _mm256_loadu_pd(q + 4 * d), 1);
    const __m512d z1 =
        _mm512_insertf64x4(_mm512_castpd256_pd512(_mm256_loadu_pd(q + d)), _mm256_loadu_pd(q + 5 * d), 1);
    const __m512d z2 =
        _mm512_insertf64x4(_mm512_castpd256_pd512(_mm256_loadu_pd(q + 2 * d)), _mm256_loadu_pd(q + 6 * d), 1);
    const __m512d z3 =
        _mm512_insertf64x4(_mm512_castpd256_pd512(_mm256_loadu_pd(q + 3 * d)), _mm256_loadu_pd(q + 7 * d), 1);
    const __m512d t0 = _mm512_unpacklo_pd(z0, z1), t1 = _mm512_unpackhi_pd(z0, z1);
    const __m512d t2 = _mm512_unpacklo_pd(z2, z3), t3 = _mm512_unpackhi_pd(z2, z3);
    acc = _mm512_add_pd(acc, _mm512_mul_pd(_mm512_set1_pd(w[j]), _mm512_shuffle_f64x2(t0, t2, 0x88)));
    acc = _mm512_add_pd(acc, _mm512_mul_pd(_mm512_set1_pd(w[j + 1]), _mm512_shuffle_f64x2(t1, t3, 0x88)));
    acc = _mm512_add_pd(acc, _mm512_mul_pd(_mm512_set1_pd(w[j + 2]), _mm512_shuffle_f64x2(t0, t2, 0xDD)));
    acc = _mm512_add_pd(acc, _mm512_mul_pd(_mm512_set1_pd(w[j + 3]), _mm512_shuffle_f64x2(t1, t3, 0xDD)));
  }
  for (; j < d; ++j) {
    const double* q = r + j;
    const __m512d c = _mm512_setr_pd(q[0], q[d], q[4 * d], q[5 * d], q[2 * d], q[3 * d], q[6 * d], q[7 * d]);
    acc = _mm512_add_pd(acc, _mm512_mul_pd(_mm512_set1_pd(w[j]), c));
  }
  return _mm512_permutexvar_pd(_mm512_setr_epi64(0, 1, 4, 5, 2, 3, 6, 7), acc);
}

PLA_AVX512 void scores_f64_avx512(const double* x, std::size_t rows, std::size_t d, const double* w, double b,
                                  double* out) {
  const __m512d bb = _mm512_set1_pd(b);
  std::size_t i = 0;
  for (; i + 8 <= rows; i += 8) _mm512_storeu_pd(out + i, _mm512_add_pd(block8_f64_avx512(x + i * d, d, w), bb));
  for (; i < rows; ++i) out[i] = row_score_f64(x + i * d, d, w, b);
}

// As first_violation_f64_avx2, 8 rows at a time.
PLA_AVX512 std::size_t first_violation_f64_avx512(const double* x, const int* y, std::size_t rows, std::size_t d,
                                                  const double* w, double b, double tau, double* score) {
  const __m512d bb = _mm512_set1_pd(b), tt = _mm512_set1_pd(tau);
  std::size_t i = 0;
  for (; i + 8 <= rows; i += 8) {
    const __m512d s = _mm512_add_pd(block8_f64_avx512(x + i * d, d, w), bb);
    const __m512d yy = _mm512_cvtepi32_pd(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(y + i)));
    const auto mask = static_cast<unsigned>(_mm512_cmp_pd_mask(_mm512_mul_pd(yy, s), tt, _CMP_LE_OQ));
    if (mask != 0) {
      double lanes[8];
      _mm512_storeu_pd(lanes, s);
      const int k = __builtin_ctz(mask);
      *score = lanes[k];
      return i + static_cast<std::size_t>(k);
    }
  }
  return i + first_violation_f64_scalar(x + i * d, y + i, rows - i, d, w, b, tau, score);
}

#undef PLA_AVX512
#undef PLA_PREFETCH_STEP

#endif  // PLA_SIMD_X86

// [SECTION] wasm SIMD128

#if PLA_SIMD_WASM

void block4_f64_wasm(const double* r, std::size_t d, const double* w, double b, double* s) {
  const double *r0 = r, *r1 = r + d, *r2 = r + 2 * d, *r3 = r + 3 * d;
  v128_t a01 = wasm_f64x2_splat(0.0), a23 = wasm_f64x2_splat(0.0);
  std::size_t j = 0;
  for (; j + 2 <= d; j += 2) {
    const v128_t x0 = wasm_v128_load(r0 + j), x1 = wasm_v128_load(r1 + j);
    const v128_t x2 = wasm_v128_load(r2 + j), x3 = wasm_v128_load(r3 + j);
    const v128_t w0 = wasm_f64x2_splat(w[j]), w1 = wasm_f64x2_splat(w[j + 1]);
    a01 = wasm_f64x2_add(a01, wasm_f64x2_mul(w0, wasm_i64x2_shuffle(x0, x1, 0, 2)));
    a23 = wasm_f64x2_add(a23, wasm_f64x2_mul(w0, wasm_i64x2_shuffle(x2, x3, 0, 2)));
    a01 = wasm_f64x2_add(a01, wasm_f64x2_mul(w1, wasm_i64x2_shuffle(x0, x1, 1, 3)));
    a23 = wasm_f64x2_add(a23, wasm_f64x2_mul(w1, wasm_i64x2_shuffle(x2, x3, 1, 3)));
  }
  if (j < d) {
    const v128_t w0 = wasm_f64x2_splat(w[j]);
    a01 = wasm_f64x2_add(a01, wasm_f64x2_mul(w0, wasm_f64x2_make(r0[j], r1[j])));
    a23 = wasm_f64x2_add(a23, wasm_f64x2_mul(w0, wasm_f64x2_make(r2[j], r3[j])));
  }
  const v128_t bb = wasm_f64x2_splat(b);
  wasm_v128_store(s, wasm_f64x2_add(a01, bb));
  wasm_v128_store(s + 2, wasm_f64x2_add(a23, bb));
}

// 8 rows per block (4 independent chains). Memory, not the adds, bounds the speed here too
// (see kPrefetchBytes above), and wasm has no prefetch instruction: in its place plain
// 8-byte loads, one per 64-byte line, kTouchAheadBytes ahead of the rows being read. The
// loads feed only `touched`, stored once per call so that they are not dropped, and are
// made only where they stay inside the data (the last blocks of a call go without). For
// short rows (a block of at most kSmoothMaxBlockBytes) each step of a block loads the lines
// it reads, in address order, ahead (one steady stream); for longer rows all the lines of
// a block are loaded at its start. Measured under Node on an AMD EPYC: 73-76% of one plain
// read (in wasm) at d = 32 against 50-55% with the loads at the block's start, and the
// other way round at d = 256 (69-70% against 44-48%).
constexpr std::size_t kTouchAheadBytes = 8192;
constexpr std::size_t kSmoothMaxBlockBytes = 4096;
volatile std::uint64_t g_touched = 0;

template <bool Touch>
inline void block8_f64_wasm(const double* r, std::size_t d, const double* w, double b, double* s, v128_t& touched) {
  const auto* ahead = reinterpret_cast<const char*>(r) + kTouchAheadBytes;
  v128_t a0 = wasm_f64x2_splat(0.0), a1 = a0, a2 = a0, a3 = a0;
  std::size_t j = 0;
  for (; j + 2 <= d; j += 2) {
    if (Touch) {
      // 8 rows x 2 values = 128 bytes a step: 2 lines.
      const char* t = ahead + j * 8 * sizeof(double);
      touched = wasm_v128_or(touched, wasm_v128_load64_zero(t));
      touched = wasm_v128_or(touched, wasm_v128_load64_zero(t + 64));
    }
    const v128_t w0 = wasm_f64x2_splat(w[j]), w1 = wasm_f64x2_splat(w[j + 1]);
    const v128_t x0 = wasm_v128_load(r + j), x1 = wasm_v128_load(r + d + j);
    const v128_t x2 = wasm_v128_load(r + 2 * d + j), x3 = wasm_v128_load(r + 3 * d + j);
    const v128_t x4 = wasm_v128_load(r + 4 * d + j), x5 = wasm_v128_load(r + 5 * d + j);
    const v128_t x6 = wasm_v128_load(r + 6 * d + j), x7 = wasm_v128_load(r + 7 * d + j);
    a0 = wasm_f64x2_add(a0, wasm_f64x2_mul(w0, wasm_i64x2_shuffle(x0, x1, 0, 2)));
    a1 = wasm_f64x2_add(a1, wasm_f64x2_mul(w0, wasm_i64x2_shuffle(x2, x3, 0, 2)));
    a2 = wasm_f64x2_add(a2, wasm_f64x2_mul(w0, wasm_i64x2_shuffle(x4, x5, 0, 2)));
    a3 = wasm_f64x2_add(a3, wasm_f64x2_mul(w0, wasm_i64x2_shuffle(x6, x7, 0, 2)));
    a0 = wasm_f64x2_add(a0, wasm_f64x2_mul(w1, wasm_i64x2_shuffle(x0, x1, 1, 3)));
    a1 = wasm_f64x2_add(a1, wasm_f64x2_mul(w1, wasm_i64x2_shuffle(x2, x3, 1, 3)));
    a2 = wasm_f64x2_add(a2, wasm_f64x2_mul(w1, wasm_i64x2_shuffle(x4, x5, 1, 3)));
    a3 = wasm_f64x2_add(a3, wasm_f64x2_mul(w1, wasm_i64x2_shuffle(x6, x7, 1, 3)));
  }
  if (j < d) {
    const v128_t w0 = wasm_f64x2_splat(w[j]);
    a0 = wasm_f64x2_add(a0, wasm_f64x2_mul(w0, wasm_f64x2_make(r[j], r[d + j])));
    a1 = wasm_f64x2_add(a1, wasm_f64x2_mul(w0, wasm_f64x2_make(r[2 * d + j], r[3 * d + j])));
    a2 = wasm_f64x2_add(a2, wasm_f64x2_mul(w0, wasm_f64x2_make(r[4 * d + j], r[5 * d + j])));
    a3 = wasm_f64x2_add(a3, wasm_f64x2_mul(w0, wasm_f64x2_make(r[6 * d + j], r[7 * d + j])));
  }
  const v128_t bb = wasm_f64x2_splat(b);
  wasm_v128_store(s, wasm_f64x2_add(a0, bb));
  wasm_v128_store(s + 2, wasm_f64x2_add(a1, bb));
  wasm_v128_store(s + 4, wasm_f64x2_add(a2, bb));
  wasm_v128_store(s + 6, wasm_f64x2_add(a3, bb));
}

// One load of each line of the `bytes` bytes kTouchAheadBytes ahead of r.
inline v128_t touch_block(const double* r, std::size_t bytes, v128_t touched) {
  const auto* ahead = reinterpret_cast<const char*>(r) + kTouchAheadBytes;
  for (std::size_t off = 0; off < bytes; off += 64) touched = wasm_v128_or(touched, wasm_v128_load64_zero(ahead + off));
  return touched;
}

// A block of 8 rows with the loads ahead that fit its row length (see above).
inline void block8_touch_f64_wasm(const double* r, std::size_t d, const double* w, double b, double* s,
                                  v128_t& touched) {
  const std::size_t block = 8 * d * sizeof(double);
  if (block <= kSmoothMaxBlockBytes) {
    block8_f64_wasm<true>(r, d, w, b, s, touched);
  } else {
    touched = touch_block(r, block, touched);
    block8_f64_wasm<false>(r, d, w, b, s, touched);
  }
}

// The rows (a multiple of 8) from the start whose blocks may load ahead: every such load of
// a block (less than kTouchAheadBytes + 8 d values past its start) stays inside the `rows`
// rows of the call.
inline std::size_t touch_rows(std::size_t rows, std::size_t d) {
  const std::size_t bytes = rows * d * sizeof(double);
  const std::size_t block = 8 * d * sizeof(double);
  if (bytes < kTouchAheadBytes + block + 128) return 0;
  const std::size_t last_start = bytes - kTouchAheadBytes - block - 128;  // a block may start here at the latest
  return (last_start / block + 1) * 8;
}

void scores_f64_wasm(const double* x, std::size_t rows, std::size_t d, const double* w, double b, double* out) {
  v128_t touched = wasm_i64x2_splat(0);
  const std::size_t safe = touch_rows(rows, d);
  std::size_t i = 0;
  for (; i + 8 <= safe; i += 8) block8_touch_f64_wasm(x + i * d, d, w, b, out + i, touched);
  for (; i + 8 <= rows; i += 8) block8_f64_wasm<false>(x + i * d, d, w, b, out + i, touched);
  for (; i + 4 <= rows; i += 4) block4_f64_wasm(x + i * d, d, w, b, out + i);
  for (; i < rows; ++i) out[i] = row_score_f64(x + i * d, d, w, b);
  g_touched = static_cast<std::uint64_t>(wasm_i64x2_extract_lane(touched, 0));
}

// The first mistake among the 8 scores in s (an index below 8), or 8.
inline std::size_t first_of8(const double* s, const int* y, double tau) {
  for (std::size_t k = 0; k < 8; ++k)
    if (y[k] * s[k] <= tau) return k;
  return 8;
}

// The first mistake among `rows` rows read in blocks of 8 (with loads ahead where they stay
// inside the rows), then of 4, then one by one; `rows` if there is none. This exact scan
// is what first_violation_f64 runs; fast_train runs the bounded scan, whose loose score
// (below) read from memory at 65-95% of a plain read in four bench runs, where this one
// gave 50-66%.
std::size_t first_violation_f64_wasm(const double* x, const int* y, std::size_t rows, std::size_t d,
                                     const double* w, double b, double tau, double* score) {
  v128_t touched = wasm_i64x2_splat(0);
  const std::size_t safe = touch_rows(rows, d);
  std::size_t i = 0, k = 8;
  double s[8];
  for (; i + 8 <= safe && k == 8; i += 8) {
    block8_touch_f64_wasm(x + i * d, d, w, b, s, touched);
    k = first_of8(s, y + i, tau);
  }
  for (; i + 8 <= rows && k == 8; i += 8) {
    block8_f64_wasm<false>(x + i * d, d, w, b, s, touched);
    k = first_of8(s, y + i, tau);
  }
  g_touched = static_cast<std::uint64_t>(wasm_i64x2_extract_lane(touched, 0));
  if (k < 8) {
    *score = s[k];
    return i - 8 + k;
  }
  for (; i + 4 <= rows; i += 4) {
    block4_f64_wasm(x + i * d, d, w, b, s);
    for (k = 0; k < 4; ++k) {
      if (y[i + k] * s[k] <= tau) {
        *score = s[k];
        return i + k;
      }
    }
  }
  return i + first_violation_f64_scalar(x + i * d, y + i, rows - i, d, w, b, tau, score);
}

// The loose score of the bounded scan (first_violation_f64_filtered): w.x + b with the
// products added in 4 vectors of 2 lanes, then the lanes added; one row after the other,
// which the hardware prefetchers follow best. (Taking the first product alone where a row
// starts 8 bytes past a 16-byte boundary, so that no load straddles two lines, measured
// the same.)
double loose_score_wasm(const double* x, std::size_t d, const double* w, double b) {
  std::size_t j = 0;
  v128_t a0 = wasm_f64x2_splat(0.0), a1 = a0, a2 = a0, a3 = a0;
  for (; j + 8 <= d; j += 8) {
    a0 = wasm_f64x2_add(a0, wasm_f64x2_mul(wasm_v128_load(w + j), wasm_v128_load(x + j)));
    a1 = wasm_f64x2_add(a1, wasm_f64x2_mul(wasm_v128_load(w + j + 2), wasm_v128_load(x + j + 2)));
    a2 = wasm_f64x2_add(a2, wasm_f64x2_mul(wasm_v128_load(w + j + 4), wasm_v128_load(x + j + 4)));
    a3 = wasm_f64x2_add(a3, wasm_f64x2_mul(wasm_v128_load(w + j + 6), wasm_v128_load(x + j + 6)));
  }
  for (; j + 2 <= d; j += 2) a0 = wasm_f64x2_add(a0, wasm_f64x2_mul(wasm_v128_load(w + j), wasm_v128_load(x + j)));
  const v128_t a = wasm_f64x2_add(wasm_f64x2_add(a0, a1), wasm_f64x2_add(a2, a3));
  const double tail = j < d ? w[j] * x[j] : 0.0;
  return ((wasm_f64x2_extract_lane(a, 0) + wasm_f64x2_extract_lane(a, 1)) + tail) + b;
}

float dot8_wasm(const float* w, const float* x, std::size_t d) {
  v128_t lo = wasm_f32x4_splat(0.0f), hi = wasm_f32x4_splat(0.0f);
  std::size_t j = 0;
  for (; j + 8 <= d; j += 8) {
    lo = wasm_f32x4_add(lo, wasm_f32x4_mul(wasm_v128_load(w + j), wasm_v128_load(x + j)));
    hi = wasm_f32x4_add(hi, wasm_f32x4_mul(wasm_v128_load(w + j + 4), wasm_v128_load(x + j + 4)));
  }
  if (j < d) {
    // The d - j (< 8) values left, zero-padded (+0 products leave a lane unchanged).
    v128_t tw[2] = {wasm_f32x4_splat(0.0f), wasm_f32x4_splat(0.0f)};
    v128_t tx[2] = {tw[0], tw[0]};
    for (std::size_t k = 0; j + k < d; ++k) {
      switch (k) {
        case 0: tw[0] = wasm_f32x4_replace_lane(tw[0], 0, w[j]); tx[0] = wasm_f32x4_replace_lane(tx[0], 0, x[j]); break;
        case 1: tw[0] = wasm_f32x4_replace_lane(tw[0], 1, w[j + 1]); tx[0] = wasm_f32x4_replace_lane(tx[0], 1, x[j + 1]); break;
        case 2: tw[0] = wasm_f32x4_replace_lane(tw[0], 2, w[j + 2]); tx[0] = wasm_f32x4_replace_lane(tx[0], 2, x[j + 2]); break;
        case 3: tw[0] = wasm_f32x4_replace_lane(tw[0], 3, w[j + 3]); tx[0] = wasm_f32x4_replace_lane(tx[0], 3, x[j + 3]); break;
        case 4: tw[1] = wasm_f32x4_replace_lane(tw[1], 0, w[j + 4]); tx[1] = wasm_f32x4_replace_lane(tx[1], 0, x[j + 4]); break;
        case 5: tw[1] = wasm_f32x4_replace_lane(tw[1], 1, w[j + 5]); tx[1] = wasm_f32x4_replace_lane(tx[1], 1, x[j + 5]); break;
        default: tw[1] = wasm_f32x4_replace_lane(tw[1], 2, w[j + 6]); tx[1] = wasm_f32x4_replace_lane(tx[1], 2, x[j + 6]); break;
      }
    }
    lo = wasm_f32x4_add(lo, wasm_f32x4_mul(tw[0], tx[0]));
    hi = wasm_f32x4_add(hi, wasm_f32x4_mul(tw[1], tx[1]));
  }
  const v128_t q = wasm_f32x4_add(lo, hi);
  const v128_t q2 = wasm_f32x4_add(q, wasm_i32x4_shuffle(q, q, 2, 3, 2, 3));
  return wasm_f32x4_extract_lane(q2, 0) + wasm_f32x4_extract_lane(q2, 1);
}

#endif  // PLA_SIMD_WASM

// [SECTION] dispatch

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

const Kernels kScalar = {Level::Scalar,
                         scores_f64_scalar,
                         first_violation_f64_scalar,
                         first_violation_f64_filtered<loose_score_scalar, first_violation_f64_scalar>,
                         dot8_scalar,
                         scores_f32_rows<dot8_scalar>,
                         first_violation_f32_rows<dot8_scalar>};
#if PLA_SIMD_X86
const Kernels kSse2 = {Level::Sse2,
                       scores_f64_blocked<block4_f64_sse2>,
                       first_violation_f64_blocked<block4_f64_sse2>,
                       nullptr,
                       dot8_sse2,
                       scores_f32_rows<dot8_sse2>,
                       first_violation_f32_rows<dot8_sse2>};
const Kernels kAvx2 = {Level::Avx2,
                       scores_f64_avx2,
                       first_violation_f64_avx2,
                       nullptr,
                       dot8_avx2,
                       scores_f32_rows<dot8_avx2>,
                       first_violation_f32_rows<dot8_avx2>};
// AVX-512 changes only the float64 kernels (the float32 ones are at memory speed with AVX2).
const Kernels kAvx512 = {Level::Avx512,
                         scores_f64_avx512,
                         first_violation_f64_avx512,
                         nullptr,
                         dot8_avx2,
                         scores_f32_rows<dot8_avx2>,
                         first_violation_f32_rows<dot8_avx2>};
#endif
#if PLA_SIMD_WASM
const Kernels kWasm = {Level::Wasm128,
                       scores_f64_wasm,
                       first_violation_f64_wasm,
                       first_violation_f64_filtered<loose_score_wasm, first_violation_f64_wasm>,
                       dot8_wasm,
                       scores_f32_rows<dot8_wasm>,
                       first_violation_f32_rows<dot8_wasm>};
#endif

const Kernels* table_for(Level v) {
  switch (v) {
#if PLA_SIMD_X86
    case Level::Sse2: return &kSse2;
    case Level::Avx2: return __builtin_cpu_supports("avx2") ? &kAvx2 : nullptr;
    case Level::Avx512:
      return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("avx512f") &&
                     __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq")
                 ? &kAvx512
                 : nullptr;
#endif
#if PLA_SIMD_WASM
    case Level::Wasm128: return &kWasm;
#endif
    case Level::Scalar: return &kScalar;
    default: return nullptr;
  }
}

constexpr Level kPreference[] = {Level::Sse2, Level::Avx512, Level::Avx2, Level::Wasm128};

const Kernels* best_table() {
#if PLA_SIMD_X86
  __builtin_cpu_init();
#endif
  // Slowest first, the last available wins. AVX-512 comes before AVX2: on data larger
  // than the caches (memory-bound) it measured 73-82% of one plain read against 84-91%
  // for AVX2 on an AMD EPYC (Zen 4 splits 512-bit operations in two), so AVX2 stays the
  // default there; set_level(Level::Avx512) chooses it.
  const Kernels* best = &kScalar;
  for (Level v : kPreference)
    if (const Kernels* k = table_for(v)) best = k;
  return best;
}

std::atomic<const Kernels*> g_override{nullptr};

const Kernels& active() {
  if (const Kernels* k = g_override.load(std::memory_order_relaxed)) return *k;
  static const Kernels* const best = best_table();
  return *best;
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

Level level() { return active().level; }

std::vector<Level> levels() {
#if PLA_SIMD_X86
  __builtin_cpu_init();
#endif
  std::vector<Level> out;
  out.push_back(Level::Scalar);
  for (Level v : kPreference)
    if (table_for(v) != nullptr) out.push_back(v);
  return out;
}

bool set_level(Level v) {
#if PLA_SIMD_X86
  __builtin_cpu_init();
#endif
  const Kernels* k = table_for(v);
  if (k == nullptr) return false;
  g_override.store(k, std::memory_order_relaxed);
  return true;
}

void scores_f64(const double* x, std::size_t rows, std::size_t d, const double* w, double b, double* out) {
  active().scores_f64(x, rows, d, w, b, out);
}

std::size_t first_violation_f64(const double* x, const int* y, std::size_t rows, std::size_t d, const double* w,
                                double b, double tau, double* score) {
  return active().first_violation_f64(x, y, rows, d, w, b, tau, score);
}

std::size_t first_violation_f64_bounded(const double* x, const int* y, std::size_t rows, std::size_t d,
                                        const double* w, double b, double tau, double xmax, double* score) {
  const Kernels& k = active();
  if (k.first_violation_f64_bounded == nullptr) return k.first_violation_f64(x, y, rows, d, w, b, tau, score);
  return k.first_violation_f64_bounded(x, y, rows, d, w, b, tau, xmax, score);
}

bool bounded_scan_uses_xmax() { return active().first_violation_f64_bounded != nullptr; }

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
                                 double b, double tau, std::size_t cap) {
  return count_violations_chunked(x, y, rows, d, w, b, tau, cap, active().scores_f64);
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

float dot_f32(const float* w, const float* x, std::size_t d) { return active().dot_f32(w, x, d); }

void scores_f32(const float* x, std::size_t rows, std::size_t d, const float* w, double b, double* out) {
  active().scores_f32(x, rows, d, w, b, out);
}

std::size_t first_violation_f32(const float* x, const int* y, std::size_t rows, std::size_t d, const float* w,
                                double b, double tau, double* score) {
  return active().first_violation_f32(x, y, rows, d, w, b, tau, score);
}

std::size_t count_violations_f32(const float* x, const int* y, std::size_t rows, std::size_t d, const float* w,
                                 double b, double tau, std::size_t cap) {
  return count_violations_chunked(x, y, rows, d, w, b, tau, cap, active().scores_f32);
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
