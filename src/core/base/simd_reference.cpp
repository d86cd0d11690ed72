// Perceptron Lab core: the portable scalar kernels (Level::Scalar, simd_kernels.hpp): plain
// C++ in the orders simd.hpp documents (index order for float64, the 8-lane order for
// float32), the reference every other level gives the same bits as, and the bounded scan's
// loose score in the 8-lane order.
#include "core/base/simd_kernels.hpp"

namespace pla {
namespace simd {
namespace kernels {

namespace {

float dot8_scalar(const float* w, const float* x, std::size_t d) { return dot8_lanes(w, x, d); }

void scores_f64_scalar(const double* x, std::size_t rows, std::size_t d, const double* w, double b, double* out) {
  for (std::size_t i = 0; i < rows; ++i) out[i] = row_score_f64(x + i * d, d, w, b);
}

// w.x + b in the 8-lane order: not the index order of row_score_f64, so it may differ
// from it in the last bits.
double loose_score_scalar(const double* x, std::size_t d, const double* w, double b) {
  return dot8_lanes(w, x, d) + b;
}

}  // namespace

const Kernels kScalar = {Level::Scalar,
                         scores_f64_scalar,
                         first_violation_f64_scalar,
                         first_violation_f64_filtered<loose_score_scalar, first_violation_f64_scalar>,
                         dot8_scalar,
                         scores_f32_rows<dot8_scalar>,
                         first_violation_f32_rows<dot8_scalar>};

}  // namespace kernels
}  // namespace simd
}  // namespace pla
