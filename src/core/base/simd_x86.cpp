// Perceptron Lab core: the x86-64 kernels (simd_kernels.hpp): SSE2 (the x86-64 baseline),
// AVX2 and AVX-512 (F, VL, DQ; float64 only), the last two chosen at run time with
// __builtin_cpu_supports, so the build stays at the baseline. Each puts rows in the lanes
// (4 or 8 rows a block) so that every lane sums its row in index order: the same bits as
// the scalar kernels. Blocks prefetch the rows they read ahead of the reads.
#include "core/base/simd_kernels.hpp"

#if PLA_SIMD_X86
#include <cstdint>

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

namespace pla {
namespace simd {
namespace kernels {

namespace {

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
// The first of the 4 rows with a mistake (its score in *score), or 4.
__attribute__((target("avx2"), always_inline)) inline std::size_t first_of4_avx2(__m256d s, const int* y, __m256d tt,
                                                                               double* score) {
  const __m256d yy = _mm256_cvtepi32_pd(_mm_loadu_si128(reinterpret_cast<const __m128i*>(y)));
  const int mask = _mm256_movemask_pd(_mm256_cmp_pd(_mm256_mul_pd(yy, s), tt, _CMP_LE_OQ));
  if (mask == 0) return 4;
  double lanes[4];
  _mm256_storeu_pd(lanes, s);
  const int k = __builtin_ctz(static_cast<unsigned>(mask));
  *score = lanes[k];
  return static_cast<std::size_t>(k);
}

// A block's scores are computed before its mistakes are looked at: w changes only at a
// mistake, so the scores up to the first one are the in-order scan's own.
PLA_AVX2 std::size_t first_violation_f64_avx2(const double* x, const int* y, std::size_t rows, std::size_t d,
                                              const double* w, double b, double tau, double* score) {
  const __m256d bb = _mm256_set1_pd(b), tt = _mm256_set1_pd(tau);
  std::size_t i = 0;
  for (; i + 4 <= rows; i += 4) {
    const std::size_t k = first_of4_avx2(_mm256_add_pd(block4_f64_avx2(x + i * d, d, w), bb), y + i, tt, score);
    if (k < 4) return i + k;
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

// Rows of at most this many values go 4 at a time (a block of 4 such rows is at most 512
// contiguous bytes); longer rows one at a time, inlined (4 long rows side by side are 4
// streams, which measured slower at d = 256, with or without a prefetch ahead). On an AMD
// EPYC, best of 3 alternated runs: d = 32, 151 M rows/s against 108 for the row loop before
// (which called dot8_avx2 once per row: a call and a vzeroupper per row); d = 256, 16.6
// against 14.6.
constexpr std::size_t kBlockF32MaxD = 32;

// The 8-lane float sums of rows r, r + d, r + 2d, r + 3d (the contract's order, each row in
// its own accumulator), widened to double in lane k for row k. The reduction is the one of
// reduce8_sse2 done for the 4 rows at once: with q_k = (l0+l4, l1+l5, l2+l6, l3+l7) of row
// k, a 4x4 transpose gives column c holding element c of every q_k, and (c0 + c2) + (c1 + c3)
// is ((l0+l4) + (l2+l6)) + ((l1+l5) + (l3+l7)) of each row. Four rows a step keep four
// independent chains of adds going where one row at a time waits on its one chain and its
// reduction (native float32 at d = 32 ran at 43 M rows/s, against 58 in wasm, on an Intel Xeon).
__attribute__((target("avx2"), always_inline)) inline __m256d block4_f32_avx2(const float* r, std::size_t d,
                                                                            const float* w) {
  const float *r0 = r, *r1 = r + d, *r2 = r + 2 * d, *r3 = r + 3 * d;
  __m256 a0 = _mm256_setzero_ps(), a1 = a0, a2 = a0, a3 = a0;
  std::size_t j = 0;
  for (; j + 8 <= d; j += 8) {
    const __m256 wj = _mm256_loadu_ps(w + j);
    a0 = _mm256_add_ps(a0, _mm256_mul_ps(wj, _mm256_loadu_ps(r0 + j)));
    a1 = _mm256_add_ps(a1, _mm256_mul_ps(wj, _mm256_loadu_ps(r1 + j)));
    a2 = _mm256_add_ps(a2, _mm256_mul_ps(wj, _mm256_loadu_ps(r2 + j)));
    a3 = _mm256_add_ps(a3, _mm256_mul_ps(wj, _mm256_loadu_ps(r3 + j)));
  }
  if (j < d) {
    // As dot8_avx2: the d - j values left, +0 products in the other lanes.
    alignas(32) static const std::int32_t kMask[16] = {-1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0};
    const __m256i m = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(kMask + 8 - (d - j)));
    const __m256 wj = _mm256_maskload_ps(w + j, m);
    a0 = _mm256_add_ps(a0, _mm256_mul_ps(wj, _mm256_maskload_ps(r0 + j, m)));
    a1 = _mm256_add_ps(a1, _mm256_mul_ps(wj, _mm256_maskload_ps(r1 + j, m)));
    a2 = _mm256_add_ps(a2, _mm256_mul_ps(wj, _mm256_maskload_ps(r2 + j, m)));
    a3 = _mm256_add_ps(a3, _mm256_mul_ps(wj, _mm256_maskload_ps(r3 + j, m)));
  }
  __m128 q0 = _mm_add_ps(_mm256_castps256_ps128(a0), _mm256_extractf128_ps(a0, 1));
  __m128 q1 = _mm_add_ps(_mm256_castps256_ps128(a1), _mm256_extractf128_ps(a1, 1));
  __m128 q2 = _mm_add_ps(_mm256_castps256_ps128(a2), _mm256_extractf128_ps(a2, 1));
  __m128 q3 = _mm_add_ps(_mm256_castps256_ps128(a3), _mm256_extractf128_ps(a3, 1));
  _MM_TRANSPOSE4_PS(q0, q1, q2, q3);  // now q_c holds element c of each row's q
  return _mm256_cvtps_pd(_mm_add_ps(_mm_add_ps(q0, q2), _mm_add_ps(q1, q3)));
}

PLA_AVX2 void scores_f32_avx2(const float* x, std::size_t rows, std::size_t d, const float* w, double b,
                              double* out) {
  const __m256d bb = _mm256_set1_pd(b);
  std::size_t i = 0;
  if (d <= kBlockF32MaxD)
    for (; i + 4 <= rows; i += 4) _mm256_storeu_pd(out + i, _mm256_add_pd(block4_f32_avx2(x + i * d, d, w), bb));
  for (; i < rows; ++i) out[i] = static_cast<double>(dot8_avx2(w, x + i * d, d)) + b;
}

// As first_violation_f64_avx2, on the float32 scores (their float sums widened, then b added).
PLA_AVX2 std::size_t first_violation_f32_avx2(const float* x, const int* y, std::size_t rows, std::size_t d,
                                              const float* w, double b, double tau, double* score) {
  const __m256d bb = _mm256_set1_pd(b), tt = _mm256_set1_pd(tau);
  std::size_t i = 0;
  for (; d <= kBlockF32MaxD && i + 4 <= rows; i += 4) {
    const std::size_t k = first_of4_avx2(_mm256_add_pd(block4_f32_avx2(x + i * d, d, w), bb), y + i, tt, score);
    if (k < 4) return i + k;
  }
  for (; i < rows; ++i) {
    const double s = static_cast<double>(dot8_avx2(w, x + i * d, d)) + b;
    if (y[i] * s <= tau) {
      *score = s;
      return i;
    }
  }
  return rows;
}

#undef PLA_AVX2

// ---- AVX-512
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

}  // namespace

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
                       scores_f32_avx2,
                       first_violation_f32_avx2};
// AVX-512 changes only the float64 kernels (the float32 ones are at memory speed with AVX2).
const Kernels kAvx512 = {Level::Avx512,
                         scores_f64_avx512,
                         first_violation_f64_avx512,
                         nullptr,
                         dot8_avx2,
                         scores_f32_avx2,
                         first_violation_f32_avx2};

}  // namespace kernels
}  // namespace simd
}  // namespace pla

#endif  // PLA_SIMD_X86
