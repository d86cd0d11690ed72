// Perceptron Lab core: the wasm SIMD128 kernels (simd_kernels.hpp), the browser's: rows
// in the lanes (4 or 8 rows a block, each lane summing its row in index order: the same bits
// as the scalar kernels), with loads ahead of the reads in place of a prefetch; the bounded
// scan's loose score; the float32 8-lane dot product. Compiled only with -msimd128 (the
// build without SIMD holds no table of this level).
#include "core/base/simd_kernels.hpp"

#if PLA_SIMD_WASM
#include <cstdint>

#include <wasm_simd128.h>

namespace pla {
namespace simd {
namespace kernels {

namespace {

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
// (see kPrefetchBytes in simd_x86.cpp), and wasm has no prefetch instruction: in its place plain
// 8-byte loads, one per 64-byte line, kTouchAheadBytes ahead of the rows being read. The
// loads feed only `touched`, kept once per call (keep_loads) so that they are not dropped, and are
// made only where they stay inside the data (the last blocks of a call go without). For
// short rows (a block of at most kSmoothMaxBlockBytes) each step of a block loads the lines
// it reads, in address order, ahead (one steady stream); for longer rows all the lines of
// a block are loaded at its start. Measured under Node on an AMD EPYC: 73-76% of one plain
// read (in wasm) at d = 32 against 50-55% with the loads at the block's start, and the
// other way round at d = 256 (69-70% against 44-48%).
constexpr std::size_t kTouchAheadBytes = 8192;
constexpr std::size_t kSmoothMaxBlockBytes = 4096;

// Keeps the loads ahead, whose only use is `touched`, from being dropped as dead code: its
// lane 0 (where each load went) is handed to an empty asm statement, which the compiler must
// take as reading it.
inline void keep_loads(v128_t touched) {
  const auto v = static_cast<std::uint64_t>(wasm_i64x2_extract_lane(touched, 0));
  __asm__ volatile("" : : "r"(v));
}

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
  keep_loads(touched);
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
  keep_loads(touched);
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

}  // namespace

const Kernels kWasm = {Level::Wasm128,
                       scores_f64_wasm,
                       first_violation_f64_wasm,
                       first_violation_f64_filtered<loose_score_wasm, first_violation_f64_wasm>,
                       dot8_wasm,
                       scores_f32_rows<dot8_wasm>,
                       first_violation_f32_rows<dot8_wasm>};

}  // namespace kernels
}  // namespace simd
}  // namespace pla

#endif  // PLA_SIMD_WASM
