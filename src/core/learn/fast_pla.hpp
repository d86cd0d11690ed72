// Perceptron Lab core: the classic perceptron at full speed, in float64 or float32.
//
// FastPerceptron is the PrimalCore rule (perceptron.hpp) for the cases that need
// no per-step bookkeeping: classic (tau = 0) or margin (tau > 0), cyclic order, no
// restart. It visits a run of contiguous rows with the kernels of simd.hpp: a scan
// for the first row with y (w.x + b) <= tau, the update there, the scan again from
// the next row. Rows can come in slices (a whole in-memory data set, a buffer of
// parsed rows from a file, a frame's share in the app), and the caller says where
// an epoch ends.
//
// DType::Float64 (the default): bit-identical to PrimalCore, so to the Learner
// "classic" / "margin", to pla::train and to scikit-learn's Perceptron(shuffle=False):
// same w, b, updates, epochs, every bit (tests/core/base/simd_test.cpp checks it).
//
// DType::Float32 (opt-in): the rows are stored as float (each value rounded to the
// nearest float, half the memory and memory traffic), and the score of a row is
// double(float dot product of w rounded to float and x, in the 8-lane order of
// simd.hpp) + b. The weights themselves and b stay double: an update adds eta y x
// (x the float value, widened exactly) to the double w, then refreshes the float copy.
// What may differ from a float64 run on the same file:
//   - the data: values that are not floats are rounded (relative error <= 2^-24);
//   - each score: the float rounding of w and of the 8-lane sum (relative error
//     about d * 2^-24 of sum |w_j x_j|);
//   - so a point whose float64 score is that close to the threshold can be a mistake in
//     one run and not in the other; from there the runs take different paths (other
//     updates, epoch counts, final w). On data with a margin well above that error
//     (e.g. generated with margin >= 1e-4 in [-1, 1]^d) both runs see the same
//     mistakes and differ only in the last bits of w.
// Float32 results are still the same bits natively and in wasm (fixed order).
//
// For the app (Session) a float32 classic run on a large set would hold a DatasetF32
// made once with to_float32, a FastPerceptron reset with DType::Float32, and per frame
// call visit(x + pos * d, y + pos, slice) until pos reaches n, then end_epoch().
#pragma once
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "core/data/dataset.hpp"
#include "core/learn/learners.hpp"
#include "core/learn/perceptron.hpp"
#include "core/base/simd.hpp"
#include "core/base/status.hpp"

namespace pla {

enum class DType { Float64, Float32 };
const char* to_string(DType v);                          // "float64", "float32"
bool parse_dtype(const std::string& s, DType& out);      // accepts float64|f64|double, float32|f32|float

// DatasetF32, a data set stored as float: dataset.hpp.
// Rounds every coordinate to float. Fails (out unchanged) when one is beyond the float
// range (|x| > FLT_MAX would become inf), naming the point and coordinate.
Status to_float32(const Dataset& ds, DatasetF32& out);

class FastPerceptron {
 public:
  // Binds to dimension d with cfg's eta, tau, init and seed, its visits run at SIMD level
  // `level` (simd.hpp; the same bits at every level). Fails on d < 1, eta not finite and
  // > 0, tau not finite and >= 0, an order other than cyclic, or restart.
  Status reset(int d, const PerceptronConfig& cfg, DType dtype, simd::Level level = simd::level());
  // Starts from the given weights instead (w.size() == d), e.g. a known separator.
  void set_weights(const std::vector<double>& w, double b);
  // Stop visiting right after the update that makes updates() reach `limit` (0: no limit).
  void set_update_limit(std::uint64_t limit) { update_limit_ = limit; }
  // The rows 0..n-1 of x are the ones the visits from now on read (as fast_train's whole
  // data set). Where the level's float64 scan uses a bound on |x|, takes their largest |x|
  // (a pass over the data): the scan then decides most rows with a faster sum whose rounding
  // it bounds from it (simd::first_violation_f64_bounded), and the results stay the same
  // bits. Does nothing at other levels, and for float32 rows. reset() forgets the bound.
  void bound_values_of(const double* x, std::size_t n);
  void bound_values_of(const float*, std::size_t) {}

  // Visits rows 0..n-1 of x (row-major, d values each; float64 rows for Float64,
  // float32 rows for Float32, anything else visits nothing and returns 0) in order.
  // Returns the rows visited: n, or fewer when it stopped right after an update that
  // reached the update limit or made w or b inf/NaN (diverged()).
  std::size_t visit(const double* x, const int* y, std::size_t n);
  std::size_t visit(const float* x, const int* y, std::size_t n);
  // The caller's rows of this epoch are all visited: count the epoch, record its
  // updates, converged() if it had none (and w, b are finite).
  void end_epoch();

  // Points of x with y f(x) <= 0 (mistakes) and with sign(f(x)) == y (sign(0) = +1),
  // f scored as in training (the dtype's arithmetic).
  struct Tally {
    std::size_t mistakes = 0, correct = 0;
  };
  Tally tally(const double* x, const int* y, std::size_t n) const;
  Tally tally(const float* x, const int* y, std::size_t n) const;

  DType dtype() const { return dtype_; }
  simd::Level level() const { return level_; }
  int d() const { return d_; }
  const PerceptronConfig& config() const { return cfg_; }
  const std::vector<double>& w() const { return w_; }
  double b() const { return b_; }
  std::uint64_t steps() const { return steps_; }
  std::uint64_t updates() const { return updates_; }
  std::uint64_t epoch() const { return epoch_; }
  std::uint64_t epoch_updates() const { return epoch_updates_; }  // updates in the current epoch so far
  bool converged() const { return converged_; }
  bool diverged() const { return diverged_; }
  bool update_limit_reached() const { return update_limit_ > 0 && updates_ >= update_limit_; }
  const std::vector<std::uint64_t>& mistakes_per_epoch() const { return per_epoch_; }

 private:
  // The update on row x (float64 or float32): w += eta y x, b += eta y; true when the visit stops there.
  template <class T>
  bool update(const T* x, int y);
  // Scans rows with `first_violation` (the SIMD kernel of T) and updates on each violation.
  template <class T, class Scan>
  std::size_t visit_rows(const T* x, const int* y, std::size_t n, const T* w, Scan first_violation);

  PerceptronConfig cfg_;
  DType dtype_ = DType::Float64;
  simd::Level level_ = simd::Level::Scalar;
  int d_ = 0;
  std::vector<double> w_;
  std::vector<float> w32_;  // Float32: w rounded to float
  double b_ = 0.0;
  double value_bound_ = std::numeric_limits<double>::infinity();
  std::uint64_t steps_ = 0, updates_ = 0, epoch_ = 0, epoch_updates_ = 0, update_limit_ = 0;
  bool converged_ = false, diverged_ = false;
  std::vector<std::uint64_t> per_epoch_;
};

// Whether fast_train / stream_train can run this learner configuration: a learner whose
// row has `fast` (learner_info: classic, margin), order cyclic, no restart. The error says
// which setting is not supported.
Status fast_supports(const LearnerConfig& cfg);

// The stop rules of pla::train (stop_rule) applied to a FastPerceptron run from its reset
// state, after every update that diverges or reaches max_updates and at every epoch end.
// Float64 gives every field pla::train gives for the same learner (message included);
// validation_mistakes stays empty (no validation set here).
// Fails without training when fast_supports(cfg) fails or on the errors of pla::train.
// `level`: the SIMD level of the visits (tests and benchmarks pass each one).
Status fast_train(const Dataset& ds, const LearnerConfig& cfg, const StopRules& rules, TrainResult& out,
                  simd::Level level = simd::level());
Status fast_train(const DatasetF32& ds, const LearnerConfig& cfg, const StopRules& rules, TrainResult& out,
                  simd::Level level = simd::level());

// fast_train and stream_train build their TrainResult as pla::train does (train_result,
// learners.hpp), with the counters the stop rules read (progress_of, stop.hpp).

}  // namespace pla
