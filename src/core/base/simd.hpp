// Perceptron Lab core: the vectorised inner loops (dot products, mistake scans,
// updates) behind the fast classic perceptron (fast_pla.hpp) and the counts of
// perceptron.hpp.
//
// Two storage types, two summation contracts:
//
//   float64 (the default everywhere): a score is w.x + b with the dot product summed
//     in index order, ((0 + w0 x0) + w1 x1) + ..., then b added: exactly score() of
//     perceptron.hpp. The vector code keeps that order by putting ROWS in the lanes
//     (each lane sums its own row in index order; 4 rows at a time with SSE2 and AVX2, 8
//     with AVX-512 and in wasm), so every level below gives the same bits as the plain
//     loop, and the same as scikit-learn. A scan for the first mistake scores a whole
//     block before looking at it (w changes only at a mistake, so nothing is lost).
//     The bounded scan (first_violation_f64_bounded, what fast_train runs) may decide a
//     row from a sum in another order, only when a proven bound on the difference of
//     the two orders shows that the decision is the same; its results are the same bits.
//
//   float32 (opt-in, --dtype float32): the data and a copy of w rounded to float;
//     the dot product is summed in float in a fixed 8-lane order: lane k adds the
//     products w_j x_j with j = k (mod 8) in index order, then the lanes are added
//     as ((l0 + l4) + (l2 + l6)) + ((l1 + l5) + (l3 + l7)); the result is widened to
//     double and b (a double) added. Every level (scalar, SSE2, AVX2, wasm SIMD128)
//     implements that same order, so float32 results are also the same bits natively
//     and in wasm; they differ from float64 results in the rounding (see fast_pla.hpp).
//
// Levels: the portable scalar code, SSE2 (the x86-64 baseline), AVX2 and AVX-512 (F, VL,
// DQ; float64 kernels only, the float32 ones stay AVX2), both chosen at run time with
// __builtin_cpu_supports, so the binary runs on any x86-64, and wasm SIMD128 (when the
// kernels are compiled with -msimd128). No FMA anywhere: a fused multiply-add rounds once
// where the contract rounds twice. Every kernel runs at the level it is given, by default
// the fastest (level()); tests and benchmarks pass each level of levels() in turn. There is
// no level to set: nothing here changes while the program runs.
//
// The files: simd.cpp (dispatch, these entry points) over the kernels of each level
// (simd_kernels.hpp: simd_reference.cpp, simd_x86.cpp, simd_wasm.cpp).
#pragma once
#include <cstddef>
#include <vector>

namespace pla {
namespace simd {

enum class Level { Scalar, Sse2, Avx2, Avx512, Wasm128 };
const char* to_string(Level v);

// The level the kernels use when none is given: the fastest this machine and build support.
Level level();
// The levels this machine and build can run, slowest first (always starts with Scalar; AVX-512,
// measured slower than AVX2 on memory-bound data, comes before it, so AVX2 stays the default).
// A kernel given a level not in this list runs the scalar code.
std::vector<Level> levels();

// ---- float64, index-order sums (bit-identical to the sequential loop at every level)

// out[i] = w.x_i + b for the `rows` rows of x (row-major, d values each).
void scores_f64(const double* x, std::size_t rows, std::size_t d, const double* w, double b, double* out,
                Level at = level());
// The first row i with y_i * (w.x_i + b) <= tau, its score in *score; `rows` when there is none.
std::size_t first_violation_f64(const double* x, const int* y, std::size_t rows, std::size_t d, const double* w,
                                double b, double tau, double* score, Level at = level());
// As first_violation_f64 (the same row and score, every bit) for rows whose values all have
// |x| <= xmax, a bound the caller knows (max_abs_f64 of the data; inf when unknown). Where
// the in-order scan is slower than memory (the scalar code and wasm), a row is first scored
// with its products added in another, faster order; when that score is further from the
// threshold than the two orders' roundings can differ (a bound from d, ||w||_1, xmax and
// the score), it decides the row, and the other rows are scored in index order.
std::size_t first_violation_f64_bounded(const double* x, const int* y, std::size_t rows, std::size_t d,
                                        const double* w, double b, double tau, double xmax, double* score,
                                        Level at = level());
// Whether first_violation_f64_bounded uses xmax at the current level (if not, callers need not compute it).
bool bounded_scan_uses_xmax(Level at = level());
// The largest |x_i| of the `count` values (NaN values are skipped; 0 when there are none).
double max_abs_f64(const double* x, std::size_t count);
// Rows with y_i * (w.x_i + b) <= tau, counting stops at `cap`.
std::size_t count_violations_f64(const double* x, const int* y, std::size_t rows, std::size_t d, const double* w,
                                 double b, double tau, std::size_t cap, Level at = level());
// w += c x (element-wise, so the same bits at every level); false if some w_j is now inf or NaN.
bool add_scaled_f64(double* w, double c, const double* x, std::size_t d);

// ---- float32, the 8-lane order

// The 8-lane float sum of w_j x_j described above.
float dot_f32(const float* w, const float* x, std::size_t d, Level at = level());
void scores_f32(const float* x, std::size_t rows, std::size_t d, const float* w, double b, double* out,
                Level at = level());
std::size_t first_violation_f32(const float* x, const int* y, std::size_t rows, std::size_t d, const float* w,
                                double b, double tau, double* score, Level at = level());
std::size_t count_violations_f32(const float* x, const int* y, std::size_t rows, std::size_t d, const float* w,
                                 double b, double tau, std::size_t cap, Level at = level());
// w += c x with x widened to double, then w32 = w rounded to float; false if some w_j or w32_j is now inf
// or NaN (a weight beyond FLT_MAX overflows the float copy).
bool add_scaled_f32(double* w, float* w32, double c, const float* x, std::size_t d);

}  // namespace simd
}  // namespace pla
