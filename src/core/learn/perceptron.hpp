// Perceptron Lab core: the classic Perceptron Learning Algorithm in primal form.
//
//   h(x) = sign(w.x + b), sign(0) = +1
//   a point (x, y) is a mistake when y (w.x + b) <= 0
//   update on a mistake: w <- w + eta y x,  b <- b + eta y
//
// The dot product is summed in index order, then b is added, and the core is
// built with -ffp-contract=off, so results are bit-identical natively and in wasm
// (and to scikit-learn's Perceptron(shuffle=False) on dense float64 input).
//
// The pieces are shared with the other learners (learners.hpp): VisitOrder is the
// visiting order, PrimalCore the primal update rule (with the margin perceptron's
// tau), and Perceptron is PrimalCore plus its per-epoch history.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/data/dataset.hpp"
#include "core/base/rng.hpp"
#include "core/base/status.hpp"

namespace pla {

enum class Init { Zero, Random };
// Cyclic: 0..N-1 every epoch. Shuffle: a new seeded permutation every epoch.
// Random: N draws with replacement per epoch.
enum class Order { Cyclic, Shuffle, Random };

const char* to_string(Init v);
const char* to_string(Order v);
bool parse_init(const std::string& s, Init& out);
bool parse_order(const std::string& s, Order& out);
std::vector<std::string> init_names();   // every name parse_init takes, in menu order
std::vector<std::string> order_names();

struct PerceptronConfig {
  double eta = 1.0;          // learning rate, > 0
  Init init = Init::Zero;    // Random: each weight uniform in [-0.01, 0.01) from `seed`
  Order order = Order::Cyclic;
  bool restart = false;      // textbook rule: after a mistake start again at the first point
  std::uint64_t seed = 1;
  double tau = 0.0;          // update when y (w.x + b) <= tau: 0 is the classic rule, > 0 the margin perceptron
};

// What one visit of one point did.
struct StepInfo {
  std::size_t index = 0;   // the point visited
  double score = 0.0;      // w.x + b before the update
  bool mistake = false;    // y * score <= tau (0 for the classic rule), so w and b were updated
  bool epoch_end = false;  // this visit completed an epoch (or a pass, with restart)
};

// w.x + b, summed in index order then b added.
double score(const std::vector<double>& w, double b, const double* x);
// Number of points with y (w.x + b) <= 0 (J1).
std::size_t count_mistakes(const Dataset& ds, const std::vector<double>& w, double b);
// Number of points with y (w.x + b) <= tau, counting stops at `cap` (pass SIZE_MAX for all).
std::size_t count_violations(const Dataset& ds, const std::vector<double>& w, double b, double tau, std::size_t cap);
// The start weights of `cfg` in d dimensions: zero, or seeded uniform in [-0.01, 0.01).
void initial_weights(const PerceptronConfig& cfg, std::size_t d, std::vector<double>& w, double& b);

// The order in which an online learner visits the N points. Per visit call
// next() once (the point to visit), then advance(mistake).
class VisitOrder {
 public:
  void reset(std::size_t n, const PerceptronConfig& cfg);
  std::size_t size() const { return n_; }
  std::size_t next();
  // True when the visit just made completed an epoch: the pass is over, or it was
  // a mistake under the restart rule.
  bool advance(bool mistake);

 private:
  Order order_ = Order::Cyclic;
  bool restart_ = false;
  Rng rng_;
  std::size_t n_ = 0;
  std::vector<std::size_t> perm_;  // Shuffle only (so copies of cyclic/random learners stay O(d))
  std::size_t pos_ = 0;
};

// The primal update rule without any history: w, b, the visiting order and the counters.
class PrimalCore {
 public:
  void reset(const Dataset& ds, const PerceptronConfig& cfg);
  // Visits one point; a no-op (returns index == size) on an empty data set or one
  // of another size or dimension than the one given to reset.
  StepInfo step(const Dataset& ds);

  const std::vector<double>& w() const { return w_; }
  double b() const { return b_; }
  std::uint64_t steps() const { return steps_; }
  std::uint64_t updates() const { return updates_; }
  std::uint64_t epoch() const { return epoch_; }
  bool converged() const { return converged_; }
  bool diverged() const { return diverged_; }  // w or b is inf or NaN
  // Updates made in the epoch completed last.
  std::uint64_t last_epoch_mistakes() const { return last_epoch_mistakes_; }
  const PerceptronConfig& config() const { return cfg_; }

 private:
  void end_epoch(const Dataset& ds);

  PerceptronConfig cfg_;
  std::vector<double> w_;
  double b_ = 0.0;
  VisitOrder order_;
  std::uint64_t steps_ = 0, updates_ = 0, epoch_ = 0, epoch_mistakes_ = 0, last_epoch_mistakes_ = 0;
  bool converged_ = false;
  bool diverged_ = false;
};

class Perceptron {
 public:
  // Binds to a data set's dimension and size and sets w, b to the start values.
  void reset(const Dataset& ds, const PerceptronConfig& cfg);
  // Visits one point; a no-op (returns index == size) on an empty data set.
  StepInfo step(const Dataset& ds);
  // Steps until the current epoch ends; returns the mistakes made in it.
  std::size_t run_epoch(const Dataset& ds);

  const std::vector<double>& w() const { return core_.w(); }
  double b() const { return core_.b(); }
  int predict(const double* x) const { return score(core_.w(), core_.b(), x) >= 0.0 ? 1 : -1; }

  std::uint64_t steps() const { return core_.steps(); }      // points visited
  std::uint64_t updates() const { return core_.updates(); }  // k, the number of mistakes
  std::uint64_t epoch() const { return core_.epoch(); }      // completed epochs (passes, with restart)
  bool converged() const { return core_.converged(); }       // an epoch passed with no mistake
  bool diverged() const { return core_.diverged(); }         // w or b became inf or NaN
  const std::vector<std::uint64_t>& mistakes_per_epoch() const { return per_epoch_; }
  const PerceptronConfig& config() const { return core_.config(); }

 private:
  PrimalCore core_;
  std::vector<std::uint64_t> per_epoch_;
};

}  // namespace pla
