// Perceptron Lab core: every learner behind one small interface, and the learner table.
//
// [SECTION] index
//   SharedLog           append-only history shared by copies
//   Algo, LearnerConfig the learners' names and configuration
//   the learner table   LearnerInfo (one row per learner: name, catalog key, parameters,
//                       what it can do) and LearnerParam (one row per learner parameter)
//   Learner             reset(ds)  step(ds)  run_epoch(ds)  predict(x)  w() b()
//   make_learner, train, count_mistakes, train_result
//
// Each variant is a small policy on a shared engine, not a copy:
//   classic   the PLA rule (PrimalCore): on y (w.x + b) <= 0, w += eta y x, b += eta y
//   margin    the same rule with y (w.x + b) <= tau, tau >= 0 (config.pla.tau)
//   pocket    classic, keeping the weights with the fewest training mistakes seen
//   averaged  classic, predicting with the mean of the weights after every step
//   voted     classic, predicting by the vote sum_k c_k sign(v_k.x + b_k) of every
//             weight vector v_k weighted by its survival count c_k (Freund & Schapire)
//   batch     per epoch w += eta sum_{misclassified} y x (b += eta sum y), keeping the best seen
//   dual      alpha_i = updates caused by point i, scores from the Gram matrix with the
//             linear kernel: w = sum alpha_i eta y_i x_i, b = sum alpha_i eta y_i
//   kernel    the dual with a polynomial or RBF kernel (kernels.hpp)
// A point is a mistake when y f(x) <= 0; predictions use sign(0) = +1.
//
// Adding a learner: its Algo value, its row in learner_table() (learners.cpp) with its
// policy, and the catalog key of its name. A new parameter: its LearnerParam row, its
// settings row (session_settings()) and its widget.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/data/dataset.hpp"
#include "core/learn/kernels.hpp"
#include "core/learn/perceptron.hpp"
#include "core/base/status.hpp"
#include "core/learn/stop.hpp"

namespace pla {

// [SECTION] SharedLog

// An append-only sequence whose copies share their storage: each copy reads its
// own prefix, and a copy that appends after another copy went further first takes
// its own copy of that prefix. So copying a learner (a trace snapshot) is O(1) in
// the length of its history. Not for use from several threads.
template <class T>
class SharedLog {
 public:
  std::size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  const T& operator[](std::size_t i) const { return (*data_)[i]; }
  const T& back() const { return (*data_)[n_ - 1]; }
  void push_back(const T& v) {
    if (!data_) {
      data_ = std::make_shared<std::vector<T>>();
    } else if (data_->size() != n_) {
      data_ = std::make_shared<std::vector<T>>(data_->begin(), data_->begin() + static_cast<std::ptrdiff_t>(n_));
    }
    data_->push_back(v);
    ++n_;
  }
  void clear() {
    data_.reset();
    n_ = 0;
  }
  std::vector<T> to_vector() const {
    if (!data_) return {};
    return std::vector<T>(data_->begin(), data_->begin() + static_cast<std::ptrdiff_t>(n_));
  }

 private:
  std::shared_ptr<std::vector<T>> data_;
  std::size_t n_ = 0;
};

// [SECTION] Algo, LearnerConfig

// The learners, named in their table (learner_table(): to_string, parse_algo, learner_names).
enum class Algo { Classic, Pocket, Averaged, Voted, Batch, Margin, Dual, Kernel };
const char* to_string(Algo v);
// A learner's name as to_string writes it; false (out unchanged) for any other text.
bool parse_algo(const std::string& s, Algo& out);
// Every name, in the order of the enum.
const std::vector<std::string>& learner_names();
// The names joined by `sep` ("classic|pocket|..."), for messages that list them.
std::string learner_names_joined(const char* sep);

struct LearnerConfig {
  Algo algo = Algo::Classic;
  // eta, init, order, restart and seed for every online learner; the learner's own
  // parameters (tau, kernel) as its row lists them, the others are reset to their defaults.
  // batch visits the points in index order (its sum does not depend on the order);
  // the dual learners start from alpha = 0, so they take init = zero only.
  PerceptronConfig pla;
  Kernel kernel;
  std::size_t max_gram_points = kMaxGramPoints;
};

class Learner;

// [SECTION] the learner table

// A stop rule as a bit of LearnerInfo::stop_rules.
constexpr unsigned stop_bit(StopReason r) { return 1u << static_cast<unsigned>(r); }
constexpr unsigned kEveryStopRule = stop_bit(StopReason::Converged) | stop_bit(StopReason::MaxEpochs) |
                                    stop_bit(StopReason::MaxUpdates) | stop_bit(StopReason::EarlyStopping) |
                                    stop_bit(StopReason::Diverged);

// One row per learner. Every "can this learner ..." question reads its row (learner_info).
struct LearnerInfo {
  Algo algo = Algo::Classic;
  const char* name = "";   // to_string / parse_algo: settings, links, model files, `pla train --algo`
  const char* label = "";  // catalog key of its name in menus ("algo.classic")
  // Its own parameters: keys of their LearnerParam rows and settings rows ("tau", "kernel").
  // A parameter it does not take is reset to its default (learner_config).
  std::vector<std::string> params;
  bool fast = false;           // fast_train: the vectorised float64 / float32 path (fast_supports)
  bool stream = false;         // stream_train: one pass over the file per epoch (on the fast path)
  bool chosen_update = false;  // the trace: an update on a point picked by hand (Trace::update_on)
  bool dual = false;           // alpha(): updates per point, from alpha = 0 (init zero only, a Gram matrix)
  bool kernel = false;         // f(x) through its kernel: a non-linear one's model keeps support vectors
  bool novikoff = false;       // the convergence theorem's plots (progress, growth) describe it
  const char* model_note = nullptr;  // a comment line for its model file
  unsigned stop_rules = kEveryStopRule;  // the rules it honours (stop_bit)
  // Its policy: builds the learner from a checked configuration.
  Status (*make)(const LearnerConfig& cfg, std::unique_ptr<Learner>& out) = nullptr;
};

// Every row, in the order of the enum.
const std::vector<LearnerInfo>& learner_table();
// The row of `a`; an empty row named "unknown" that can do nothing for a value outside the enum.
const LearnerInfo& learner_info(Algo a);
// True when the learner takes the parameter `key` (a LearnerParam key).
bool learner_takes(Algo a, const std::string& key);
// The names of the learners whose row has `can` (e.g. &LearnerInfo::fast), in table order.
std::vector<std::string> learner_names_where(bool LearnerInfo::*can);
// The same names as one text, "classic, margin" (for messages).
std::string learner_list_where(bool LearnerInfo::*can);

// One row per learner parameter (its key is the key of its settings row).
struct LearnerParam {
  const char* key = "";
  Status (*check)(const LearnerConfig& cfg) = nullptr;  // the value is valid for a learner that takes it
  void (*reset)(LearnerConfig& cfg) = nullptr;           // back to its default, for a learner that does not
};
const std::vector<LearnerParam>& learner_params();

// The configuration the learner runs: the parameters it does not take at their defaults
// (tau = 0 but for margin, the linear kernel but for kernel).
LearnerConfig learner_config(const LearnerConfig& cfg);

// The one "is there a stop rule" check of every trainer: a limit on epochs or updates that
// the learner honours (Msg::train_no_stop_rule otherwise).
Status check_stop_rule(Algo a, const StopRules& rules);

// [SECTION] Learner

class Learner {
 public:
  virtual ~Learner() = default;

  virtual const LearnerConfig& config() const = 0;
  // Binds to the data set (its size and dimension) and sets the start state.
  // Fails, leaving the learner unbound, when it cannot take ds (dual/kernel: too many points).
  virtual Status reset(const Dataset& ds) = 0;
  // True when reset bound the learner to a data set of ds's size and dimension.
  virtual bool bound_to(const Dataset& ds) const = 0;
  // Visits one point; a no-op (returns index == ds.size()) on an empty or unbound data set.
  virtual StepInfo step(const Dataset& ds) = 0;
  // Steps until the current epoch ends; returns the updates made in it.
  std::size_t run_epoch(const Dataset& ds);

  // f(x), the decision value of the learnt hypothesis: w.x + b (pocket: the
  // pocket weights, averaged: the average), the vote for voted, sum_i alpha_i eta
  // y_i K(x_i, x) + b for kernel.
  virtual double score(const double* x) const = 0;
  int predict(const double* x) const { return score(x) >= 0.0 ? 1 : -1; }
  // True when predict(x) is sign(w.x + b) (false for voted and non-linear kernels).
  virtual bool linear() const { return true; }
  // The hyperplane of the hypothesis (voted: the averaged weights; non-linear kernel: w empty).
  virtual const std::vector<double>& w() const = 0;
  virtual double b() const = 0;
  // The weights the update rule changes step by step (pocket/averaged/voted: the
  // classic weights; batch: the current ones; non-linear kernel: w empty).
  virtual const std::vector<double>& running_w() const = 0;
  virtual double running_b() const = 0;
  // The scale that turns score() into a geometric margin: ||w|| for a hyperplane,
  // ||w|| in feature space (sqrt(sum_ij c_i c_j K_ij)) for kernel, the total vote count for voted.
  virtual double score_scale() const = 0;
  // Dual and kernel: alpha_i, the number of updates point i caused (empty for the primal learners).
  virtual const std::vector<std::uint64_t>& alpha() const;

  virtual std::uint64_t steps() const = 0;    // points visited
  virtual std::uint64_t updates() const = 0;  // k: points that caused an update (batch: misclassified visits)
  virtual std::uint64_t epoch() const = 0;    // completed epochs (passes, with restart)
  virtual bool converged() const = 0;         // an epoch passed with no update, all points right
  virtual bool diverged() const = 0;          // w, b or a score became inf or NaN
  virtual const SharedLog<std::uint64_t>& mistakes_log() const = 0;  // updates per completed epoch
  std::vector<std::uint64_t> mistakes_per_epoch() const { return mistakes_log().to_vector(); }

  // A full copy (cheap: histories and Gram matrices are shared).
  virtual std::unique_ptr<Learner> clone() const = 0;
  // Takes the whole state of `other` if it is the same algo (false and no change otherwise).
  virtual bool assign(const Learner& other) = 0;
};

// [SECTION] make_learner, train, count_mistakes

// Builds an unbound learner (call reset(ds) next). Fails, leaving `out` unchanged,
// on a bad parameter (or an Algo value outside the enum), with a message naming it.
Status make_learner(const LearnerConfig& cfg, std::unique_ptr<Learner>& out);

// StopReason, StopRules, stop_rule and stop_message: stop.hpp.

struct TrainResult {
  std::vector<double> w;  // the hypothesis hyperplane, as Learner::w()
  double b = 0.0;
  std::uint64_t epochs = 0, updates = 0, steps = 0;  // the learner's counters at the end (after a restore)
  bool converged = false;
  StopReason stop_reason = StopReason::None;
  Message message;                 // why it stopped (stop_message; message.english() in words)
  std::size_t train_mistakes = 0;  // J1 of the hypothesis on the training set: y f(x) <= 0
  std::vector<std::uint64_t> mistakes_per_epoch;
  // With a validation set: J1 on it at the start and after each epoch of this call.
  std::vector<std::size_t> validation_mistakes;
  std::uint64_t best_epoch = 0;  // the epoch with the fewest validation mistakes (restored on early stopping)
};

// The TrainResult of a run stopped for `reason`, as every trainer builds it (pla::train,
// fast_train, stream_train): the hypothesis and counters of `c` (a Learner or a
// FastPerceptron), J1 = train_mistakes of its n training points, and the stop message
// (stop_message) with `details`' early-stopping fields. validation_mistakes and best_epoch
// are left to the caller.
template <class Counter>
TrainResult train_result(const Counter& c, StopReason reason, const StopRules& rules, std::size_t train_mistakes,
                         std::size_t n, StopDetails details = {}) {
  TrainResult r;
  r.w = c.w();
  r.b = c.b();
  r.epochs = c.epoch();
  r.updates = c.updates();
  r.steps = c.steps();
  r.converged = c.converged();
  r.stop_reason = reason;
  r.train_mistakes = train_mistakes;
  r.mistakes_per_epoch = c.mistakes_per_epoch();
  details.steps = r.steps;
  details.train_mistakes = train_mistakes;
  details.train_points = n;
  r.message = stop_message(reason, rules, progress_of(c), details);
  return r;
}

class Trace;

// Runs a learner already reset on `train_set` until a stop rule fires, continuing
// from its current state. `validation` (may be null) is scored after each epoch;
// with rules.patience > 0 it drives early stopping. With a trace, every step is
// recorded in it (start it after the reset) and early stopping rewinds through it.
// Fails without stepping on an empty or unbound training set, no stop rule, or a
// missing / mismatched validation set.
Status train(Learner& learner, const Dataset& train_set, const StopRules& rules, TrainResult& out,
             const Dataset* validation = nullptr, Trace* trace = nullptr);

// J1 of the learner's hypothesis on a data set: points with y f(x) <= 0.
std::size_t count_mistakes(const Learner& learner, const Dataset& ds);

}  // namespace pla
