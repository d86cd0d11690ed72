// Perceptron Lab core: the classic Perceptron Learning Algorithm in primal form.
//
//   h(x) = sign(w.x + b), sign(0) = +1
//   a point (x, y) is a mistake when y (w.x + b) <= 0
//   update on a mistake: w <- w + eta y x,  b <- b + eta y
//
// The dot product is summed in index order, then b is added, and the core is
// built with -ffp-contract=off, so results are bit-identical natively and in wasm
// (and to scikit-learn's Perceptron(shuffle=False) on dense float64 input).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/dataset.hpp"
#include "core/rng.hpp"
#include "core/status.hpp"

namespace pla {

enum class Init { Zero, Random };
// Cyclic: 0..N-1 every epoch. Shuffle: a new seeded permutation every epoch.
// Random: N draws with replacement per epoch.
enum class Order { Cyclic, Shuffle, Random };

const char* to_string(Init v);
const char* to_string(Order v);
bool parse_init(const std::string& s, Init& out);
bool parse_order(const std::string& s, Order& out);

struct PerceptronConfig {
  double eta = 1.0;          // learning rate, > 0
  Init init = Init::Zero;    // Random: each weight uniform in [-0.01, 0.01) from `seed`
  Order order = Order::Cyclic;
  bool restart = false;      // textbook rule: after a mistake start again at the first point
  std::uint64_t seed = 1;
};

// What one visit of one point did.
struct StepInfo {
  std::size_t index = 0;   // the point visited
  double score = 0.0;      // w.x + b before the update
  bool mistake = false;    // y * score <= 0, so w and b were updated
  bool epoch_end = false;  // this visit completed an epoch (or a pass, with restart)
};

// w.x + b, summed in index order then b added.
double score(const std::vector<double>& w, double b, const double* x);
// Number of points with y (w.x + b) <= 0 (J1).
std::size_t count_mistakes(const Dataset& ds, const std::vector<double>& w, double b);

class Perceptron {
 public:
  // Binds to a data set's dimension and size and sets w, b to the start values.
  void reset(const Dataset& ds, const PerceptronConfig& cfg);
  // Visits one point; a no-op (returns index == size) on an empty data set.
  StepInfo step(const Dataset& ds);
  // Steps until the current epoch ends; returns the mistakes made in it.
  std::size_t run_epoch(const Dataset& ds);

  const std::vector<double>& w() const { return w_; }
  double b() const { return b_; }
  int predict(const double* x) const { return score(w_, b_, x) >= 0.0 ? 1 : -1; }

  std::uint64_t steps() const { return steps_; }      // points visited
  std::uint64_t updates() const { return updates_; }  // k, the number of mistakes
  std::uint64_t epoch() const { return epoch_; }      // completed epochs (passes, with restart)
  bool converged() const { return converged_; }       // an epoch passed with no mistake
  const std::vector<std::uint64_t>& mistakes_per_epoch() const { return per_epoch_; }
  const PerceptronConfig& config() const { return cfg_; }

 private:
  void end_epoch(const Dataset& ds);

  PerceptronConfig cfg_;
  std::vector<double> w_;
  double b_ = 0.0;
  Rng order_rng_;
  std::vector<std::size_t> perm_;
  std::size_t pos_ = 0;
  std::uint64_t steps_ = 0, updates_ = 0, epoch_ = 0, epoch_mistakes_ = 0;
  bool converged_ = false;
  std::vector<std::uint64_t> per_epoch_;
};

}  // namespace pla
