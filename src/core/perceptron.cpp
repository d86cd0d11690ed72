#include "core/perceptron.hpp"

namespace pla {

const char* to_string(Init v) { return v == Init::Zero ? "zero" : "random"; }
const char* to_string(Order v) {
  switch (v) {
    case Order::Cyclic: return "cyclic";
    case Order::Shuffle: return "shuffle";
    default: return "random";
  }
}
bool parse_init(const std::string& s, Init& out) {
  if (s == "zero") out = Init::Zero;
  else if (s == "random") out = Init::Random;
  else return false;
  return true;
}
bool parse_order(const std::string& s, Order& out) {
  if (s == "cyclic") out = Order::Cyclic;
  else if (s == "shuffle") out = Order::Shuffle;
  else if (s == "random") out = Order::Random;
  else return false;
  return true;
}

double score(const std::vector<double>& w, double b, const double* x) {
  double s = 0.0;
  for (std::size_t j = 0; j < w.size(); ++j) s += w[j] * x[j];
  return s + b;
}

std::size_t count_mistakes(const Dataset& ds, const std::vector<double>& w, double b) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < ds.size(); ++i) n += (ds.y[i] * score(w, b, ds.row(i)) <= 0.0);
  return n;
}

void Perceptron::reset(const Dataset& ds, const PerceptronConfig& cfg) {
  cfg_ = cfg;
  w_.assign(static_cast<std::size_t>(ds.d), 0.0);
  b_ = 0.0;
  if (cfg.init == Init::Random) {
    Rng init_rng(cfg.seed);
    for (double& v : w_) v = init_rng.uniform(-0.01, 0.01);
    b_ = init_rng.uniform(-0.01, 0.01);
  }
  // A separate stream for the visiting order, so the order does not depend on init.
  order_rng_.reseed(cfg.seed ^ 0x6F72646572ULL);
  perm_.resize(ds.size());
  for (std::size_t i = 0; i < perm_.size(); ++i) perm_[i] = i;
  pos_ = 0;
  steps_ = updates_ = epoch_ = epoch_mistakes_ = 0;
  converged_ = false;
  per_epoch_.clear();
}

StepInfo Perceptron::step(const Dataset& ds) {
  const std::size_t n = ds.size();
  StepInfo info;
  info.index = n;
  if (n == 0 || perm_.size() != n) return info;
  if (pos_ == 0 && cfg_.order == Order::Shuffle) order_rng_.shuffle(perm_);

  const std::size_t i = cfg_.order == Order::Random ? static_cast<std::size_t>(order_rng_.below(n)) : perm_[pos_];
  const double* x = ds.row(i);
  const int y = ds.y[i];
  info.index = i;
  info.score = score(w_, b_, x);
  info.mistake = y * info.score <= 0.0;
  if (info.mistake) {
    const double c = cfg_.eta * y;
    for (std::size_t j = 0; j < w_.size(); ++j) w_[j] += c * x[j];
    b_ += c;
    ++updates_;
    ++epoch_mistakes_;
    converged_ = false;
  }
  ++steps_;
  ++pos_;
  if ((cfg_.restart && info.mistake) || pos_ == n) {
    info.epoch_end = true;
    end_epoch(ds);
  }
  return info;
}

void Perceptron::end_epoch(const Dataset& ds) {
  pos_ = 0;
  ++epoch_;
  per_epoch_.push_back(epoch_mistakes_);
  // Cyclic, shuffled and restart passes visit every point, so a clean pass means
  // every point is classified correctly; random draws may miss some, so check.
  if (epoch_mistakes_ == 0)
    converged_ = cfg_.order != Order::Random || count_mistakes(ds, w_, b_) == 0;
  epoch_mistakes_ = 0;
}

std::size_t Perceptron::run_epoch(const Dataset& ds) {
  if (ds.empty()) return 0;
  const std::uint64_t before = updates_;
  while (!step(ds).epoch_end) {
  }
  return static_cast<std::size_t>(updates_ - before);
}

}  // namespace pla
