// Perceptron Lab core: the learners (learners.hpp) and their table.
//
// [SECTION] index
//   shared helpers        all_finite, LearnerImpl (clone, assign, the binding, the history)
//   primal online         PrimalLearner<Keep>: PrimalCore + a Keep policy
//                         (KeepLast: classic, margin; KeepPocket; KeepAverage; KeepVotes)
//   batch perceptron      BatchLearner
//   dual and kernel       KernelLearner (Gram matrix, alpha)
//   the learner table     build_table(): one row per learner with its policy;
//                         learner_info, learner_params, learner_config, check_stop_rule
//   names, interface, factory, train
//
// A new learner: its Algo value, its row in build_table() (name, catalog key, parameters,
// what it can do, its policy) and its catalog key in web/i18n. Nothing else branches on it.
#include "core/learn/learners.hpp"

#include <cmath>
#include <limits>

#include "core/learn/trace.hpp"

namespace pla {

namespace {

// [SECTION] shared helpers

bool all_finite(const std::vector<double>& v) {
  for (double x : v)
    if (!std::isfinite(x)) return false;
  return true;
}

// What every implementation shares: clone() and assign(); the binding to a data set that
// reset makes (its size and dimension) and every step checks first; the updates per epoch.
template <class Derived>
class LearnerImpl : public Learner {
 public:
  std::unique_ptr<Learner> clone() const override {
    return std::make_unique<Derived>(static_cast<const Derived&>(*this));
  }
  bool assign(const Learner& other) override {
    const auto* o = dynamic_cast<const Derived*>(&other);
    if (o == nullptr || o->config().algo != config().algo) return false;
    static_cast<Derived&>(*this) = *o;
    return true;
  }
  bool bound_to(const Dataset& ds) const override { return bound_ && ds.size() == n_ && ds.d == d_; }
  const SharedLog<std::uint64_t>& mistakes_log() const override { return history_; }

 protected:
  // reset: binds to ds's size and dimension, with an empty history.
  void bind(const Dataset& ds) {
    n_ = ds.size();
    d_ = ds.d;
    bound_ = true;
    history_.clear();
  }
  void unbind() { bound_ = false; }
  // The start of every step: `info` is the step that visits nothing (index ds.size()); true
  // when there is a point to visit (bound to ds, which is not empty).
  bool can_step(const Dataset& ds, StepInfo& info) const {
    info = StepInfo();
    info.index = ds.size();
    return bound_to(ds) && n_ > 0;
  }

  std::size_t n_ = 0;
  int d_ = 0;
  bool bound_ = false;
  SharedLog<std::uint64_t> history_;  // updates per completed epoch
};

// [SECTION] primal online learners: PrimalCore + a Keep policy (what the hypothesis keeps)

// The length of a weight vector.
double norm_of(const std::vector<double>& w) {
  double s = 0.0;
  for (double v : w) s += v * v;
  return std::sqrt(s);
}

// A Keep policy is told of the reset and of every step of the PLA rule, and gives the
// hypothesis: linear ones its w and b, the vote its score (kLinear = false).
// classic and margin: the last weights.
struct KeepLast {
  static constexpr bool kLinear = true;
  void reset(const Dataset&, const PrimalCore&) {}
  void step(const Dataset&, const StepInfo&, const PrimalCore&) {}
  const std::vector<double>& w(const PrimalCore& core) const { return core.w(); }
  double b(const PrimalCore& core) const { return core.b(); }
};

// pocket: the weights with the fewest training mistakes seen.
struct KeepPocket {
  static constexpr bool kLinear = true;
  void reset(const Dataset& ds, const PrimalCore& core) {
    w_ = core.w();
    b_ = core.b();
    mistakes_ = count_mistakes(ds, w_, b_);
  }
  // Only an update changes w; count its mistakes, giving up once it cannot beat the pocket.
  void step(const Dataset& ds, const StepInfo& info, const PrimalCore& core) {
    if (!info.mistake) return;
    const std::size_t m = count_violations(ds, core.w(), core.b(), 0.0, mistakes_);
    if (m < mistakes_) {
      w_ = core.w();
      b_ = core.b();
      mistakes_ = m;
    }
  }
  const std::vector<double>& w(const PrimalCore&) const { return w_; }
  double b(const PrimalCore&) const { return b_; }

  std::vector<double> w_;
  double b_ = 0.0;
  std::size_t mistakes_ = 0;
};

// averaged: the mean of the weights after each of the T steps so far, sum_t w_t / T.
struct KeepAverage {
  static constexpr bool kLinear = true;
  void reset(const Dataset&, const PrimalCore& core) {
    sum_w_.assign(core.w().size(), 0.0);
    sum_b_ = 0.0;
    avg_w_ = core.w();
    avg_b_ = core.b();
  }
  void step(const Dataset&, const StepInfo&, const PrimalCore& core) { accumulate(core); }
  void accumulate(const PrimalCore& core) {
    const std::vector<double>& w = core.w();
    const double t = static_cast<double>(core.steps());
    for (std::size_t j = 0; j < w.size(); ++j) {
      sum_w_[j] += w[j];
      avg_w_[j] = sum_w_[j] / t;
    }
    sum_b_ += core.b();
    avg_b_ = sum_b_ / t;
  }
  const std::vector<double>& w(const PrimalCore&) const { return avg_w_; }
  double b(const PrimalCore&) const { return avg_b_; }

  std::vector<double> sum_w_, avg_w_;
  double sum_b_ = 0.0, avg_b_ = 0.0;
};

// voted: the vote sum_k c_k sign(v_k.x + b_k); its hyperplane is the average.
struct KeepVotes : KeepAverage {
  static constexpr bool kLinear = false;
  void reset(const Dataset& ds, const PrimalCore& core) {
    KeepAverage::reset(ds, core);
    d_ = ds.d;
    votes_wb_.clear();
    votes_c_.clear();
    vote_w_ = core.w();
    vote_b_ = core.b();
    vote_c_ = 0;
  }
  // Freund & Schapire: a correct step adds 1 to c_k; an update retires (v_k, c_k)
  // and starts v_(k+1) with c = 1. So sum_k c_k = steps and sum_k c_k v_k = sum_t w_t.
  void step(const Dataset&, const StepInfo& info, const PrimalCore& core) {
    if (info.mistake) {
      if (vote_c_ > 0) {
        for (double v : vote_w_) votes_wb_.push_back(v);
        votes_wb_.push_back(vote_b_);
        votes_c_.push_back(vote_c_);
      }
      vote_w_ = core.w();
      vote_b_ = core.b();
      vote_c_ = 1;
    } else {
      ++vote_c_;
    }
    accumulate(core);
  }
  // sum_k c_k sign(v_k.x + b_k), the retired vectors then the current one.
  double vote(const double* x) const {
    const std::size_t row = static_cast<std::size_t>(d_) + 1;
    double vote = 0.0;
    for (std::size_t k = 0; k < votes_c_.size(); ++k) {
      const double* v = &votes_wb_[k * row];
      double s = 0.0;
      for (int j = 0; j < d_; ++j) s += v[j] * x[j];
      s += v[d_];
      vote += static_cast<double>(votes_c_[k]) * (s >= 0.0 ? 1.0 : -1.0);
    }
    if (vote_c_ > 0) vote += static_cast<double>(vote_c_) * (pla::score(vote_w_, vote_b_, x) >= 0.0 ? 1.0 : -1.0);
    return vote;
  }

  int d_ = 0;
  // retired vectors (rows of w then b) with their counts, and the current one
  SharedLog<double> votes_wb_;
  SharedLog<std::uint64_t> votes_c_;
  std::vector<double> vote_w_;
  double vote_b_ = 0.0;
  std::uint64_t vote_c_ = 0;
};

template <class Keep>
class PrimalLearner final : public LearnerImpl<PrimalLearner<Keep>> {
 public:
  explicit PrimalLearner(const LearnerConfig& cfg) : cfg_(cfg) {}

  const LearnerConfig& config() const override { return cfg_; }

  Status reset(const Dataset& ds) override {
    core_.reset(ds, cfg_.pla);
    this->bind(ds);
    keep_.reset(ds, core_);
    return Status::success();
  }

  StepInfo step(const Dataset& ds) override {
    StepInfo info;
    if (!this->can_step(ds, info)) return info;
    info = core_.step(ds);
    if (info.index == ds.size()) return info;
    if (info.epoch_end) this->history_.push_back(core_.last_epoch_mistakes());
    keep_.step(ds, info, core_);
    return info;
  }

  double score(const double* x) const override {
    if constexpr (Keep::kLinear) return pla::score(w(), b(), x);
    else return keep_.vote(x);
  }

  bool linear() const override { return Keep::kLinear; }
  const std::vector<double>& w() const override { return keep_.w(core_); }
  double b() const override { return keep_.b(core_); }
  const std::vector<double>& running_w() const override { return core_.w(); }
  double running_b() const override { return core_.b(); }
  double score_scale() const override {
    if constexpr (Keep::kLinear) return norm_of(w());
    else return static_cast<double>(core_.steps());
  }

  std::uint64_t steps() const override { return core_.steps(); }
  std::uint64_t updates() const override { return core_.updates(); }
  std::uint64_t epoch() const override { return core_.epoch(); }
  bool converged() const override { return core_.converged(); }
  bool diverged() const override { return core_.diverged(); }

 private:
  LearnerConfig cfg_;
  PrimalCore core_;
  Keep keep_;
};

// [SECTION] batch perceptron

class BatchLearner final : public LearnerImpl<BatchLearner> {
 public:
  explicit BatchLearner(const LearnerConfig& cfg) : cfg_(cfg) {}

  const LearnerConfig& config() const override { return cfg_; }

  Status reset(const Dataset& ds) override {
    bind(ds);
    initial_weights(cfg_.pla, static_cast<std::size_t>(ds.d), w_, b_);
    grad_w_.assign(w_.size(), 0.0);
    grad_b_ = 0.0;
    best_w_ = w_;
    best_b_ = b_;
    best_mistakes_ = count_mistakes(ds, w_, b_);
    pos_ = 0;
    steps_ = updates_ = epoch_ = epoch_mistakes_ = 0;
    converged_ = diverged_ = false;
    return Status::success();
  }

  // Visits point pos_ (index order) with the epoch's weights; a misclassified
  // point adds y x to the sum applied when the epoch ends.
  StepInfo step(const Dataset& ds) override {
    StepInfo info;
    if (!can_step(ds, info)) return info;
    const std::size_t i = pos_;
    const double* x = ds.row(i);
    const int y = ds.y[i];
    info.index = i;
    info.score = pla::score(w_, b_, x);
    if (!std::isfinite(info.score)) diverged_ = true;  // finite weights, overflowing score
    info.mistake = y * info.score <= 0.0;
    if (info.mistake) {
      for (std::size_t j = 0; j < grad_w_.size(); ++j) grad_w_[j] += y * x[j];
      grad_b_ += y;
      ++updates_;
      ++epoch_mistakes_;
    }
    ++steps_;
    if (++pos_ == n_) {
      info.epoch_end = true;
      end_epoch();
    }
    return info;
  }

  double score(const double* x) const override { return pla::score(best_w_, best_b_, x); }
  const std::vector<double>& w() const override { return best_w_; }
  double b() const override { return best_b_; }
  const std::vector<double>& running_w() const override { return w_; }
  double running_b() const override { return b_; }
  double score_scale() const override {
    double s = 0.0;
    for (double v : best_w_) s += v * v;
    return std::sqrt(s);
  }

  std::uint64_t steps() const override { return steps_; }
  std::uint64_t updates() const override { return updates_; }
  std::uint64_t epoch() const override { return epoch_; }
  bool converged() const override { return converged_; }
  bool diverged() const override { return diverged_; }

 private:
  // The epoch's mistakes are J1 of the weights it used: keep them if best, then
  // apply w += eta sum y x, b += eta sum y.
  void end_epoch() {
    pos_ = 0;
    ++epoch_;
    history_.push_back(epoch_mistakes_);
    if (epoch_mistakes_ < best_mistakes_) {
      best_w_ = w_;
      best_b_ = b_;
      best_mistakes_ = static_cast<std::size_t>(epoch_mistakes_);
    }
    if (epoch_mistakes_ == 0) {
      converged_ = !diverged_;
    } else {
      const double eta = cfg_.pla.eta;
      for (std::size_t j = 0; j < w_.size(); ++j) w_[j] += eta * grad_w_[j];
      b_ += eta * grad_b_;
      if (!all_finite(w_) || !std::isfinite(b_)) diverged_ = true;
      grad_w_.assign(w_.size(), 0.0);
      grad_b_ = 0.0;
    }
    epoch_mistakes_ = 0;
  }

  LearnerConfig cfg_;
  std::vector<double> w_, grad_w_, best_w_;
  double b_ = 0.0, grad_b_ = 0.0, best_b_ = 0.0;
  std::size_t best_mistakes_ = 0, pos_ = 0;
  std::uint64_t steps_ = 0, updates_ = 0, epoch_ = 0, epoch_mistakes_ = 0;
  bool converged_ = false, diverged_ = false;
};

// [SECTION] dual and kernel perceptron

// f(x) = sum_i alpha_i eta y_i K(x_i, x) + b, b = sum alpha_i eta y_i (summed as
// updates happen, like the primal b). Training scores read row j of the Gram matrix.
class KernelLearner final : public LearnerImpl<KernelLearner> {
 public:
  explicit KernelLearner(const LearnerConfig& cfg) : cfg_(cfg) {}

  const LearnerConfig& config() const override { return cfg_; }

  Status reset(const Dataset& ds) override {
    unbind();
    std::vector<double> gram;
    const Status st = gram_matrix(ds, cfg_.kernel, cfg_.max_gram_points, gram);
    if (!st) return st;
    gram_ = std::make_shared<const std::vector<double>>(std::move(gram));
    points_ = std::make_shared<const Dataset>(ds);
    bind(ds);
    alpha_.assign(n_, 0);
    b_ = 0.0;
    w_.assign(is_linear() ? n_dims() : 0, 0.0);
    order_.reset(n_, cfg_.pla);
    steps_ = updates_ = epoch_ = epoch_mistakes_ = 0;
    converged_ = diverged_ = false;
    return Status::success();
  }

  StepInfo step(const Dataset& ds) override {
    StepInfo info;
    if (!can_step(ds, info)) return info;
    const std::size_t i = order_.next();
    const int y = ds.y[i];
    info.index = i;
    info.score = train_score(i);
    info.mistake = y * info.score <= 0.0;
    if (info.mistake) {
      ++alpha_[i];
      b_ += cfg_.pla.eta * y;
      if (is_linear()) recover_w();
      ++updates_;
      ++epoch_mistakes_;
      converged_ = false;
    }
    if (!std::isfinite(info.score) || !std::isfinite(b_) || !all_finite(w_)) diverged_ = true;
    ++steps_;
    if (order_.advance(info.mistake)) {
      info.epoch_end = true;
      end_epoch();
    }
    return info;
  }

  double score(const double* x) const override {
    if (is_linear()) return pla::score(w_, b_, x);
    if (!points_) return b_;
    double s = 0.0;
    for (std::size_t i = 0; i < n_; ++i)
      if (alpha_[i] != 0) s += coef(i) * cfg_.kernel(points_->row(i), x, d_);
    return s + b_;
  }

  bool linear() const override { return is_linear(); }
  const std::vector<std::uint64_t>& alpha() const override { return alpha_; }
  const std::vector<double>& w() const override { return w_; }
  double b() const override { return b_; }
  const std::vector<double>& running_w() const override { return w_; }
  double running_b() const override { return b_; }
  // ||w|| in feature space: sqrt(sum_ij c_i c_j K(x_i, x_j)), c_i = alpha_i eta y_i.
  double score_scale() const override {
    if (!gram_) return 0.0;
    double s = 0.0;
    for (std::size_t i = 0; i < n_; ++i) {
      if (alpha_[i] == 0) continue;
      const double* g = gram_->data() + i * n_;
      double row = 0.0;
      for (std::size_t j = 0; j < n_; ++j)
        if (alpha_[j] != 0) row += coef(j) * g[j];
      s += coef(i) * row;
    }
    return s > 0.0 ? std::sqrt(s) : 0.0;
  }

  std::uint64_t steps() const override { return steps_; }
  std::uint64_t updates() const override { return updates_; }
  std::uint64_t epoch() const override { return epoch_; }
  bool converged() const override { return converged_; }
  bool diverged() const override { return diverged_; }

 private:
  bool is_linear() const { return cfg_.kernel.type == KernelType::Linear; }
  std::size_t n_dims() const { return static_cast<std::size_t>(d_); }
  // c_i = alpha_i eta y_i
  double coef(std::size_t i) const { return static_cast<double>(alpha_[i]) * (cfg_.pla.eta * points_->y[i]); }

  // sum_i c_i K(x_i, x_j) + b, in index order.
  double train_score(std::size_t j) const {
    const double* g = gram_->data() + j * n_;
    double s = 0.0;
    for (std::size_t i = 0; i < n_; ++i)
      if (alpha_[i] != 0) s += coef(i) * g[i];
    return s + b_;
  }

  // Linear kernel: w = sum_i c_i x_i, in index order.
  void recover_w() {
    w_.assign(n_dims(), 0.0);
    for (std::size_t i = 0; i < n_; ++i) {
      if (alpha_[i] == 0) continue;
      const double c = coef(i);
      const double* x = points_->row(i);
      for (std::size_t j = 0; j < w_.size(); ++j) w_[j] += c * x[j];
    }
  }

  void end_epoch() {
    ++epoch_;
    history_.push_back(epoch_mistakes_);
    // As in PrimalCore: random draws may miss points, so a clean epoch is checked.
    if (epoch_mistakes_ == 0 && !diverged_) {
      bool all_right = true;
      if (cfg_.pla.order == Order::Random)
        for (std::size_t j = 0; j < n_ && all_right; ++j) all_right = points_->y[j] * train_score(j) > 0.0;
      converged_ = all_right;
    }
    epoch_mistakes_ = 0;
  }

  LearnerConfig cfg_;
  std::shared_ptr<const std::vector<double>> gram_;  // N x N, shared by copies
  std::shared_ptr<const Dataset> points_;            // the training points, for predictions
  std::vector<std::uint64_t> alpha_;
  double b_ = 0.0;
  std::vector<double> w_;  // linear kernel only
  VisitOrder order_;
  std::uint64_t steps_ = 0, updates_ = 0, epoch_ = 0, epoch_mistakes_ = 0;
  bool converged_ = false, diverged_ = false;
};

// [SECTION] the learner table: rows and policies

template <class Keep>
Status make_primal(const LearnerConfig& cfg, std::unique_ptr<Learner>& out) {
  out = std::make_unique<PrimalLearner<Keep>>(cfg);
  return Status::success();
}

Status make_batch(const LearnerConfig& cfg, std::unique_ptr<Learner>& out) {
  out = std::make_unique<BatchLearner>(cfg);
  return Status::success();
}

Status make_kernel(const LearnerConfig& cfg, std::unique_ptr<Learner>& out) {
  out = std::make_unique<KernelLearner>(cfg);
  return Status::success();
}

LearnerInfo row(Algo algo, const char* name, std::vector<std::string> params,
                Status (*make)(const LearnerConfig&, std::unique_ptr<Learner>&)) {
  LearnerInfo r;
  r.algo = algo;
  r.name = name;
  r.params = std::move(params);
  r.make = make;
  return r;
}

std::vector<LearnerInfo> build_table() {
  std::vector<LearnerInfo> t;
  LearnerInfo r = row(Algo::Classic, "classic", {}, make_primal<KeepLast>);
  r.label = "algo.classic", r.fast = r.stream = r.chosen_update = r.novikoff = true;
  t.push_back(r);
  r = row(Algo::Pocket, "pocket", {}, make_primal<KeepPocket>);
  r.label = "algo.pocket";
  t.push_back(r);
  r = row(Algo::Averaged, "averaged", {}, make_primal<KeepAverage>);
  r.label = "algo.averaged", r.chosen_update = true;
  t.push_back(r);
  r = row(Algo::Voted, "voted", {}, make_primal<KeepVotes>);
  r.label = "algo.voted", r.chosen_update = true, r.model_note = "voted perceptron saved as its averaged hyperplane";
  t.push_back(r);
  r = row(Algo::Batch, "batch", {}, make_batch);
  r.label = "algo.batch";
  t.push_back(r);
  r = row(Algo::Margin, "margin", {"tau"}, make_primal<KeepLast>);
  r.label = "algo.margin", r.fast = r.stream = r.chosen_update = true;
  t.push_back(r);
  r = row(Algo::Dual, "dual", {}, make_kernel);
  r.label = "algo.dual", r.dual = true;
  t.push_back(r);
  r = row(Algo::Kernel, "kernel", {"kernel"}, make_kernel);
  r.label = "algo.kernel", r.dual = r.kernel = true;
  t.push_back(r);
  return t;
}

}  // namespace

// [SECTION] the learner table: lookups, parameters, stop rule

const std::vector<LearnerInfo>& learner_table() {
  static const std::vector<LearnerInfo> table = build_table();
  return table;
}

const LearnerInfo& learner_info(Algo a) {
  for (const LearnerInfo& r : learner_table())
    if (r.algo == a) return r;
  static const LearnerInfo unknown = [] {
    LearnerInfo r;
    r.name = "unknown";
    r.stop_rules = 0;
    return r;
  }();
  return unknown;
}

bool learner_takes(Algo a, const std::string& key) {
  for (const std::string& p : learner_info(a).params)
    if (p == key) return true;
  return false;
}

std::vector<std::string> learner_names_where(bool LearnerInfo::*can) {
  std::vector<std::string> names;
  for (const LearnerInfo& r : learner_table())
    if (r.*can) names.emplace_back(r.name);
  return names;
}

std::string learner_list_where(bool LearnerInfo::*can) {
  std::string out;
  for (const std::string& name : learner_names_where(can)) out += (out.empty() ? "" : ", ") + name;
  return out;
}

const std::vector<LearnerParam>& learner_params() {
  static const std::vector<LearnerParam> params = {
      {"tau",
       [](const LearnerConfig& c) {
         return c.pla.tau >= 0.0 && std::isfinite(c.pla.tau) ? Status::success() : Status::fail(Msg::learner_tau);
       },
       [](LearnerConfig& c) { c.pla.tau = 0.0; }},
      {"kernel", [](const LearnerConfig& c) { return check_kernel(c.kernel); },
       [](LearnerConfig& c) { c.kernel = Kernel{}; }},  // the linear kernel
  };
  return params;
}

LearnerConfig learner_config(const LearnerConfig& cfg) {
  LearnerConfig c = cfg;
  for (const LearnerParam& p : learner_params())
    if (!learner_takes(c.algo, p.key)) p.reset(c);
  return c;
}

Status check_stop_rule(Algo a, const StopRules& rules) {
  const unsigned honoured = learner_info(a).stop_rules;
  const bool epochs = rules.max_epochs > 0 && (honoured & stop_bit(StopReason::MaxEpochs));
  const bool updates = rules.max_updates > 0 && (honoured & stop_bit(StopReason::MaxUpdates));
  return epochs || updates ? Status::success() : Status::fail(Msg::train_no_stop_rule);
}

// [SECTION] names, interface, factory, train

const char* to_string(Algo v) { return learner_info(v).name; }

bool parse_algo(const std::string& s, Algo& out) {
  for (const LearnerInfo& r : learner_table())
    if (s == r.name) {
      out = r.algo;
      return true;
    }
  return false;
}

const std::vector<std::string>& learner_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (const LearnerInfo& r : learner_table()) n.emplace_back(r.name);
    return n;
  }();
  return names;
}

std::string learner_names_joined(const char* sep) {
  std::string list;
  for (const std::string& n : learner_names()) list += (list.empty() ? "" : sep) + n;
  return list;
}

const std::vector<std::uint64_t>& Learner::alpha() const {
  static const std::vector<std::uint64_t> none;
  return none;
}

std::size_t Learner::run_epoch(const Dataset& ds) {
  if (ds.empty() || !bound_to(ds)) return 0;
  const std::uint64_t before = updates();
  while (!step(ds).epoch_end) {
  }
  return static_cast<std::size_t>(updates() - before);
}

std::size_t count_mistakes(const Learner& learner, const Dataset& ds) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < ds.size(); ++i) n += (ds.y[i] * learner.score(ds.row(i)) <= 0.0);
  return n;
}

Status make_learner(const LearnerConfig& cfg, std::unique_ptr<Learner>& out) {
  const LearnerInfo& info = learner_info(cfg.algo);
  if (!(cfg.pla.eta > 0.0) || !std::isfinite(cfg.pla.eta)) return Status::fail(Msg::learner_eta);
  if (info.make == nullptr)
    return Status::fail(Msg::learner_unknown,
                        {{"algo", msg_int(static_cast<int>(cfg.algo))}, {"known", learner_names_joined("|")}});
  const LearnerConfig c = learner_config(cfg);
  if (info.dual) {
    if (c.pla.init != Init::Zero) return Status::fail(Msg::learner_dual_init, {{"algo", info.name}});
    if (c.max_gram_points == 0) return Status::fail(Msg::learner_max_gram_points);
  }
  for (const LearnerParam& p : learner_params())
    if (learner_takes(c.algo, p.key)) {
      const Status st = p.check(c);
      if (!st) return st;
    }
  return info.make(c, out);
}

Status train(Learner& learner, const Dataset& train_set, const StopRules& rules, TrainResult& out,
             const Dataset* validation, Trace* trace) {
  if (train_set.empty()) return Status::fail(Msg::train_empty);
  if (!learner.bound_to(train_set)) return Status::fail(Msg::train_unbound);
  Status st = check_stop_rule(learner.config().algo, rules);
  if (!st) return st;
  if (rules.patience > 0 && (validation == nullptr || validation->empty()))
    return Status::fail(Msg::train_patience_needs_validation);
  if (validation != nullptr && !validation->empty() && validation->d != train_set.d)
    return Status::fail(Msg::train_validation_d, {{"validation_d", msg_int(validation->d)}, {"d", msg_int(train_set.d)}});
  const bool validate = validation != nullptr && !validation->empty();

  std::vector<std::size_t> validation_mistakes;
  std::uint64_t best_epoch = 0;
  std::size_t best_val = std::numeric_limits<std::size_t>::max();
  std::uint64_t best_step = learner.steps(), since_best = 0;
  std::unique_ptr<Learner> best;
  auto score_validation = [&]() {
    const std::size_t m = count_mistakes(learner, *validation);
    validation_mistakes.push_back(m);
    if (m < best_val) {
      best_val = m;
      best_epoch = learner.epoch();
      best_step = learner.steps();
      if (trace == nullptr) best = learner.clone();
      since_best = 0;
      return true;
    }
    ++since_best;
    return false;
  };

  if (validate) score_validation();
  StopReason reason = stop_rule(rules, progress_of(learner));

  while (reason == StopReason::None) {
    const StepInfo info = trace != nullptr ? trace->step(learner, train_set) : learner.step(train_set);
    if (info.index == train_set.size()) return Status::fail(Msg::train_no_step);
    reason = stop_rule(rules, progress_of(learner));
    // Validation is scored at the end of an epoch that neither converged nor diverged
    // nor reached the update limit; early stopping goes before the epoch limit.
    if (info.epoch_end && validate && (reason == StopReason::None || reason == StopReason::MaxEpochs) &&
        !score_validation() && rules.patience > 0 && since_best >= rules.patience)
      reason = StopReason::EarlyStopping;
  }

  const std::uint64_t stop_epoch = learner.epoch();
  if (reason == StopReason::EarlyStopping) {
    st = trace != nullptr ? trace->rewind(best_step, train_set, learner)
                          : (learner.assign(*best) ? Status::success() : Status::fail(Msg::train_restore_failed));
    if (!st) return st;
  }

  StopDetails details;
  if (reason == StopReason::EarlyStopping) {
    details.best_epoch = best_epoch;
    details.stop_epoch = stop_epoch;
    details.validation_mistakes = best_val;
    details.validation_points = validation->size();
  }
  TrainResult r = train_result(learner, reason, rules, count_mistakes(learner, train_set), train_set.size(), details);
  r.validation_mistakes = std::move(validation_mistakes);
  r.best_epoch = best_epoch;
  out = std::move(r);
  return Status::success();
}

}  // namespace pla
