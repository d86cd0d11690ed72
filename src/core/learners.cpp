#include "core/learners.hpp"

#include <cmath>
#include <limits>

#include "core/names.hpp"
#include "core/trace.hpp"

namespace pla {

namespace {

// [SECTION] shared helpers

bool all_finite(const std::vector<double>& v) {
  for (double x : v)
    if (!std::isfinite(x)) return false;
  return true;
}

// clone() and assign() for every implementation.
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
};

// [SECTION] primal online learners: PrimalCore + what the hypothesis keeps

// classic and margin keep the last weights; the others keep more.
enum class Keep { Last, Pocket, Average, Votes };

class PrimalLearner final : public LearnerImpl<PrimalLearner> {
 public:
  PrimalLearner(const LearnerConfig& cfg, Keep keep) : cfg_(cfg), keep_(keep) {}

  const LearnerConfig& config() const override { return cfg_; }

  Status reset(const Dataset& ds) override {
    core_.reset(ds, cfg_.pla);
    n_ = ds.size();
    d_ = ds.d;
    bound_ = true;
    history_.clear();
    const std::vector<double>& w = core_.w();
    if (keep_ == Keep::Pocket) {
      pocket_w_ = w;
      pocket_b_ = core_.b();
      pocket_mistakes_ = count_mistakes(ds, w, core_.b());
    }
    if (keep_ == Keep::Average || keep_ == Keep::Votes) {
      sum_w_.assign(w.size(), 0.0);
      sum_b_ = 0.0;
      avg_w_ = w;
      avg_b_ = core_.b();
    }
    if (keep_ == Keep::Votes) {
      votes_wb_.clear();
      votes_c_.clear();
      vote_w_ = w;
      vote_b_ = core_.b();
      vote_c_ = 0;
    }
    return Status::success();
  }

  bool bound_to(const Dataset& ds) const override { return bound_ && ds.size() == n_ && ds.d == d_; }

  StepInfo step(const Dataset& ds) override {
    if (!bound_to(ds)) return no_step(ds);
    const StepInfo info = core_.step(ds);
    if (info.index == ds.size()) return info;
    if (info.epoch_end) history_.push_back(core_.last_epoch_mistakes());
    const std::vector<double>& w = core_.w();
    const double b = core_.b();
    switch (keep_) {
      case Keep::Last: break;
      case Keep::Pocket:
        // Only an update changes w; count its mistakes, giving up once it cannot beat the pocket.
        if (info.mistake) {
          const std::size_t m = count_violations(ds, w, b, 0.0, pocket_mistakes_);
          if (m < pocket_mistakes_) {
            pocket_w_ = w;
            pocket_b_ = b;
            pocket_mistakes_ = m;
          }
        }
        break;
      case Keep::Votes:
        // Freund & Schapire: a correct step adds 1 to c_k; an update retires (v_k, c_k)
        // and starts v_(k+1) with c = 1. So sum_k c_k = steps and sum_k c_k v_k = sum_t w_t.
        if (info.mistake) {
          if (vote_c_ > 0) {
            for (double v : vote_w_) votes_wb_.push_back(v);
            votes_wb_.push_back(vote_b_);
            votes_c_.push_back(vote_c_);
          }
          vote_w_ = w;
          vote_b_ = b;
          vote_c_ = 1;
        } else {
          ++vote_c_;
        }
        accumulate_average(w, b);
        break;
      case Keep::Average: accumulate_average(w, b); break;
    }
    return info;
  }

  double score(const double* x) const override {
    if (keep_ != Keep::Votes) return pla::score(w(), b(), x);
    // sum_k c_k sign(v_k.x + b_k), the retired vectors then the current one.
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

  bool linear() const override { return keep_ != Keep::Votes; }
  const std::vector<double>& w() const override {
    switch (keep_) {
      case Keep::Pocket: return pocket_w_;
      case Keep::Average:
      case Keep::Votes: return avg_w_;
      default: return core_.w();
    }
  }
  double b() const override {
    switch (keep_) {
      case Keep::Pocket: return pocket_b_;
      case Keep::Average:
      case Keep::Votes: return avg_b_;
      default: return core_.b();
    }
  }
  const std::vector<double>& running_w() const override { return core_.w(); }
  double running_b() const override { return core_.b(); }
  double score_scale() const override {
    if (keep_ == Keep::Votes) return static_cast<double>(core_.steps());
    double s = 0.0;
    for (double v : w()) s += v * v;
    return std::sqrt(s);
  }

  std::uint64_t steps() const override { return core_.steps(); }
  std::uint64_t updates() const override { return core_.updates(); }
  std::uint64_t epoch() const override { return core_.epoch(); }
  bool converged() const override { return core_.converged(); }
  bool diverged() const override { return core_.diverged(); }
  const SharedLog<std::uint64_t>& mistakes_log() const override { return history_; }

 private:
  static StepInfo no_step(const Dataset& ds) {
    StepInfo info;
    info.index = ds.size();
    return info;
  }
  // The average of the weights after each of the T steps so far: sum_t w_t / T.
  void accumulate_average(const std::vector<double>& w, double b) {
    const double t = static_cast<double>(core_.steps());
    for (std::size_t j = 0; j < w.size(); ++j) {
      sum_w_[j] += w[j];
      avg_w_[j] = sum_w_[j] / t;
    }
    sum_b_ += b;
    avg_b_ = sum_b_ / t;
  }

  LearnerConfig cfg_;
  Keep keep_;
  PrimalCore core_;
  std::size_t n_ = 0;
  int d_ = 0;
  bool bound_ = false;
  SharedLog<std::uint64_t> history_;
  // pocket
  std::vector<double> pocket_w_;
  double pocket_b_ = 0.0;
  std::size_t pocket_mistakes_ = 0;
  // averaged and voted
  std::vector<double> sum_w_, avg_w_;
  double sum_b_ = 0.0, avg_b_ = 0.0;
  // voted: retired vectors (rows of w then b) with their counts, and the current one
  SharedLog<double> votes_wb_;
  SharedLog<std::uint64_t> votes_c_;
  std::vector<double> vote_w_;
  double vote_b_ = 0.0;
  std::uint64_t vote_c_ = 0;
};

// [SECTION] batch perceptron

class BatchLearner final : public LearnerImpl<BatchLearner> {
 public:
  explicit BatchLearner(const LearnerConfig& cfg) : cfg_(cfg) {}

  const LearnerConfig& config() const override { return cfg_; }

  Status reset(const Dataset& ds) override {
    n_ = ds.size();
    d_ = ds.d;
    bound_ = true;
    initial_weights(cfg_.pla, static_cast<std::size_t>(ds.d), w_, b_);
    grad_w_.assign(w_.size(), 0.0);
    grad_b_ = 0.0;
    best_w_ = w_;
    best_b_ = b_;
    best_mistakes_ = count_mistakes(ds, w_, b_);
    pos_ = 0;
    steps_ = updates_ = epoch_ = epoch_mistakes_ = 0;
    converged_ = diverged_ = false;
    history_.clear();
    return Status::success();
  }

  bool bound_to(const Dataset& ds) const override { return bound_ && ds.size() == n_ && ds.d == d_; }

  // Visits point pos_ (index order) with the epoch's weights; a misclassified
  // point adds y x to the sum applied when the epoch ends.
  StepInfo step(const Dataset& ds) override {
    StepInfo info;
    info.index = ds.size();
    if (!bound_to(ds) || n_ == 0) return info;
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
  const SharedLog<std::uint64_t>& mistakes_log() const override { return history_; }

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
  std::size_t n_ = 0;
  int d_ = 0;
  bool bound_ = false;
  std::vector<double> w_, grad_w_, best_w_;
  double b_ = 0.0, grad_b_ = 0.0, best_b_ = 0.0;
  std::size_t best_mistakes_ = 0, pos_ = 0;
  std::uint64_t steps_ = 0, updates_ = 0, epoch_ = 0, epoch_mistakes_ = 0;
  bool converged_ = false, diverged_ = false;
  SharedLog<std::uint64_t> history_;
};

// [SECTION] dual and kernel perceptron

// f(x) = sum_i alpha_i eta y_i K(x_i, x) + b, b = sum alpha_i eta y_i (summed as
// updates happen, like the primal b). Training scores read row j of the Gram matrix.
class KernelLearner final : public LearnerImpl<KernelLearner> {
 public:
  explicit KernelLearner(const LearnerConfig& cfg) : cfg_(cfg) {}

  const LearnerConfig& config() const override { return cfg_; }

  Status reset(const Dataset& ds) override {
    bound_ = false;
    std::vector<double> gram;
    const Status st = gram_matrix(ds, cfg_.kernel, cfg_.max_gram_points, gram);
    if (!st) return st;
    gram_ = std::make_shared<const std::vector<double>>(std::move(gram));
    points_ = std::make_shared<const Dataset>(ds);
    n_ = ds.size();
    d_ = ds.d;
    alpha_.assign(n_, 0);
    b_ = 0.0;
    w_.assign(is_linear() ? n_dims() : 0, 0.0);
    order_.reset(n_, cfg_.pla);
    steps_ = updates_ = epoch_ = epoch_mistakes_ = 0;
    converged_ = diverged_ = false;
    history_.clear();
    bound_ = true;
    return Status::success();
  }

  bool bound_to(const Dataset& ds) const override { return bound_ && ds.size() == n_ && ds.d == d_; }

  StepInfo step(const Dataset& ds) override {
    StepInfo info;
    info.index = ds.size();
    if (!bound_to(ds) || n_ == 0) return info;
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
  const SharedLog<std::uint64_t>& mistakes_log() const override { return history_; }

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
  std::size_t n_ = 0;
  int d_ = 0;
  bool bound_ = false;
  std::vector<std::uint64_t> alpha_;
  double b_ = 0.0;
  std::vector<double> w_;  // linear kernel only
  VisitOrder order_;
  std::uint64_t steps_ = 0, updates_ = 0, epoch_ = 0, epoch_mistakes_ = 0;
  bool converged_ = false, diverged_ = false;
  SharedLog<std::uint64_t> history_;
};

// The one name table of the learners, in the order of the enum.
constexpr EnumName<Algo> kAlgoNames[] = {
    {Algo::Classic, "classic"}, {Algo::Pocket, "pocket"}, {Algo::Averaged, "averaged"}, {Algo::Voted, "voted"},
    {Algo::Batch, "batch"},     {Algo::Margin, "margin"}, {Algo::Dual, "dual"},         {Algo::Kernel, "kernel"},
};

}  // namespace

// [SECTION] names, interface, factory, train

const char* to_string(Algo v) {
  const char* name = enum_name(kAlgoNames, v);
  return *name ? name : "unknown";
}

bool parse_algo(const std::string& s, Algo& out) { return enum_parse(kAlgoNames, s, out); }

const std::vector<std::string>& learner_names() {
  static const std::vector<std::string> names = enum_names(kAlgoNames);
  return names;
}

std::string learner_names_joined(const char* sep) {
  std::string list;
  for (const auto& n : kAlgoNames) list += (list.empty() ? "" : sep) + std::string(n.name);
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
  LearnerConfig c = cfg;
  if (!(c.pla.eta > 0.0) || !std::isfinite(c.pla.eta)) return Status::fail(Msg::learner_eta);
  if (c.algo == Algo::Margin) {
    if (!(c.pla.tau >= 0.0) || !std::isfinite(c.pla.tau)) return Status::fail(Msg::learner_tau);
  } else {
    c.pla.tau = 0.0;  // only the margin perceptron uses tau
  }
  Keep keep = Keep::Last;
  switch (c.algo) {
    case Algo::Dual:
    case Algo::Kernel: {
      if (c.algo == Algo::Dual) c.kernel = Kernel{};  // the linear kernel
      if (c.pla.init != Init::Zero) return Status::fail(Msg::learner_dual_init, {{"algo", to_string(c.algo)}});
      if (c.max_gram_points == 0) return Status::fail(Msg::learner_max_gram_points);
      const Status st = check_kernel(c.kernel);
      if (!st) return st;
      out = std::make_unique<KernelLearner>(c);
      return Status::success();
    }
    case Algo::Batch: out = std::make_unique<BatchLearner>(c); return Status::success();
    case Algo::Classic:
    case Algo::Margin: keep = Keep::Last; break;
    case Algo::Pocket: keep = Keep::Pocket; break;
    case Algo::Averaged: keep = Keep::Average; break;
    case Algo::Voted: keep = Keep::Votes; break;
    default:
      return Status::fail(Msg::learner_unknown,
                          {{"algo", msg_int(static_cast<int>(c.algo))}, {"known", learner_names_joined("|")}});
  }
  out = std::make_unique<PrimalLearner>(c, keep);
  return Status::success();
}

Status train(Learner& learner, const Dataset& train_set, const StopRules& rules, TrainResult& out,
             const Dataset* validation, Trace* trace) {
  if (train_set.empty()) return Status::fail(Msg::train_empty);
  if (!learner.bound_to(train_set)) return Status::fail(Msg::train_unbound);
  if (rules.max_epochs == 0 && rules.max_updates == 0) return Status::fail(Msg::train_no_stop_rule);
  if (rules.patience > 0 && (validation == nullptr || validation->empty()))
    return Status::fail(Msg::train_patience_needs_validation);
  if (validation != nullptr && !validation->empty() && validation->d != train_set.d)
    return Status::fail(Msg::train_validation_d, {{"validation_d", msg_int(validation->d)}, {"d", msg_int(train_set.d)}});
  const bool validate = validation != nullptr && !validation->empty();

  TrainResult r;
  std::size_t best_val = std::numeric_limits<std::size_t>::max();
  std::uint64_t best_step = learner.steps(), since_best = 0;
  std::unique_ptr<Learner> best;
  auto score_validation = [&]() {
    const std::size_t m = count_mistakes(learner, *validation);
    r.validation_mistakes.push_back(m);
    if (m < best_val) {
      best_val = m;
      r.best_epoch = learner.epoch();
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
    const Status st = trace != nullptr ? trace->rewind(best_step, train_set, learner)
                                       : (learner.assign(*best) ? Status::success()
                                                                : Status::fail(Msg::train_restore_failed));
    if (!st) return st;
  }

  r.w = learner.w();
  r.b = learner.b();
  r.epochs = learner.epoch();
  r.updates = learner.updates();
  r.steps = learner.steps();
  r.converged = learner.converged();
  r.stop_reason = reason;
  r.train_mistakes = count_mistakes(learner, train_set);
  r.mistakes_per_epoch = learner.mistakes_per_epoch();
  StopDetails details;
  details.steps = r.steps;
  details.train_mistakes = r.train_mistakes;
  details.train_points = train_set.size();
  if (reason == StopReason::EarlyStopping) {
    details.best_epoch = r.best_epoch;
    details.stop_epoch = stop_epoch;
    details.validation_mistakes = best_val;
    details.validation_points = validation->size();
  }
  r.message = stop_message(reason, rules, progress_of(learner), details);
  out = std::move(r);
  return Status::success();
}

}  // namespace pla
