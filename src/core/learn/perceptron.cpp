#include "core/learn/perceptron.hpp"

#include <cmath>
#include <cstdint>

#include "core/base/names.hpp"
#include "core/base/simd.hpp"

namespace pla {

namespace {
constexpr EnumName<Init> kInitNames[] = {{Init::Zero, "zero"}, {Init::Random, "random"}};
constexpr EnumName<Order> kOrderNames[] = {{Order::Cyclic, "cyclic"}, {Order::Shuffle, "shuffle"}, {Order::Random, "random"}};
}  // namespace

const char* to_string(Init v) { return enum_name(kInitNames, v); }
const char* to_string(Order v) { return enum_name(kOrderNames, v); }
bool parse_init(const std::string& s, Init& out) { return enum_parse(kInitNames, s, out); }
bool parse_order(const std::string& s, Order& out) { return enum_parse(kOrderNames, s, out); }
std::vector<std::string> init_names() { return enum_names(kInitNames); }
std::vector<std::string> order_names() { return enum_names(kOrderNames); }

double score(const std::vector<double>& w, double b, const double* x) {
  double s = 0.0;
  for (std::size_t j = 0; j < w.size(); ++j) s += w[j] * x[j];
  return s + b;
}

// Both counts go through the row-blocked kernels of simd.hpp, which give every score
// the same bits as score() (index-order sums); the plain loops remain for a w whose
// size is not the data set's d.
std::size_t count_mistakes(const Dataset& ds, const std::vector<double>& w, double b) {
  if (w.size() == static_cast<std::size_t>(ds.d) && ds.x.size() == ds.size() * w.size())
    return simd::count_violations_f64(ds.x.data(), ds.y.data(), ds.size(), w.size(), w.data(), b, 0.0, SIZE_MAX);
  std::size_t n = 0;
  for (std::size_t i = 0; i < ds.size(); ++i) n += (ds.y[i] * score(w, b, ds.row(i)) <= 0.0);
  return n;
}

std::size_t count_violations(const Dataset& ds, const std::vector<double>& w, double b, double tau, std::size_t cap) {
  if (w.size() == static_cast<std::size_t>(ds.d) && ds.x.size() == ds.size() * w.size())
    return simd::count_violations_f64(ds.x.data(), ds.y.data(), ds.size(), w.size(), w.data(), b, tau, cap);
  std::size_t n = 0;
  for (std::size_t i = 0; i < ds.size() && n < cap; ++i) n += (ds.y[i] * score(w, b, ds.row(i)) <= tau);
  return n;
}

void initial_weights(const PerceptronConfig& cfg, std::size_t d, std::vector<double>& w, double& b) {
  w.assign(d, 0.0);
  b = 0.0;
  if (cfg.init == Init::Random) {
    Rng init_rng(cfg.seed);
    for (double& v : w) v = init_rng.uniform(-0.01, 0.01);
    b = init_rng.uniform(-0.01, 0.01);
  }
}

// ---------------------------------------------------------------- VisitOrder

void VisitOrder::reset(std::size_t n, const PerceptronConfig& cfg) {
  order_ = cfg.order;
  restart_ = cfg.restart;
  // A separate stream for the visiting order, so the order does not depend on init.
  rng_.reseed(cfg.seed ^ 0x6F72646572ULL);
  n_ = n;
  perm_.clear();
  if (order_ == Order::Shuffle) {
    perm_.resize(n);
    for (std::size_t i = 0; i < n; ++i) perm_[i] = i;
  }
  pos_ = 0;
}

std::size_t VisitOrder::next() {
  switch (order_) {
    case Order::Cyclic: return pos_;
    case Order::Random: return static_cast<std::size_t>(rng_.below(n_));
    default:
      if (pos_ == 0) rng_.shuffle(perm_);
      return perm_[pos_];
  }
}

bool VisitOrder::advance(bool mistake) {
  ++pos_;
  if ((restart_ && mistake) || pos_ == n_) {
    pos_ = 0;
    return true;
  }
  return false;
}

// ---------------------------------------------------------------- PrimalCore

void PrimalCore::reset(const Dataset& ds, const PerceptronConfig& cfg) {
  cfg_ = cfg;
  initial_weights(cfg, static_cast<std::size_t>(ds.d), w_, b_);
  order_.reset(ds.size(), cfg);
  steps_ = updates_ = epoch_ = epoch_mistakes_ = last_epoch_mistakes_ = 0;
  converged_ = false;
  diverged_ = false;
}

StepInfo PrimalCore::step(const Dataset& ds) {
  const std::size_t n = ds.size();
  StepInfo info;
  info.index = n;
  if (n == 0 || order_.size() != n || w_.size() != static_cast<std::size_t>(ds.d)) return info;

  const std::size_t i = order_.next();
  const double* x = ds.row(i);
  const int y = ds.y[i];
  info.index = i;
  info.score = score(w_, b_, x);
  // A score that overflows (finite weights, huge coordinates) is divergence too.
  if (!std::isfinite(info.score)) diverged_ = true;
  info.mistake = y * info.score <= cfg_.tau;
  if (info.mistake) {
    const double c = cfg_.eta * y;
    bool finite = true;
    for (std::size_t j = 0; j < w_.size(); ++j) {
      w_[j] += c * x[j];
      finite = finite && std::isfinite(w_[j]);
    }
    b_ += c;
    if (!finite || !std::isfinite(b_)) diverged_ = true;
    ++updates_;
    ++epoch_mistakes_;
    converged_ = false;
  }
  ++steps_;
  if (order_.advance(info.mistake)) {
    info.epoch_end = true;
    end_epoch(ds);
  }
  return info;
}

void PrimalCore::end_epoch(const Dataset& ds) {
  ++epoch_;
  last_epoch_mistakes_ = epoch_mistakes_;
  // Cyclic, shuffled and restart passes visit every point, so a clean pass means
  // every point is classified correctly; random draws may miss some, so check.
  // Weights that overflowed never count as converged (NaN scores compare false).
  if (epoch_mistakes_ == 0 && !diverged_)
    converged_ = cfg_.order != Order::Random || count_violations(ds, w_, b_, cfg_.tau, 1) == 0;
  epoch_mistakes_ = 0;
}

// ---------------------------------------------------------------- Perceptron

void Perceptron::reset(const Dataset& ds, const PerceptronConfig& cfg) {
  core_.reset(ds, cfg);
  per_epoch_.clear();
}

StepInfo Perceptron::step(const Dataset& ds) {
  const StepInfo info = core_.step(ds);
  if (info.epoch_end) per_epoch_.push_back(core_.last_epoch_mistakes());
  return info;
}

std::size_t Perceptron::run_epoch(const Dataset& ds) {
  if (ds.empty()) return 0;
  const std::uint64_t before = core_.updates();
  while (true) {
    const StepInfo info = step(ds);
    if (info.epoch_end || info.index == ds.size()) break;  // a data set of another size is a no-op
  }
  return static_cast<std::size_t>(core_.updates() - before);
}

}  // namespace pla
