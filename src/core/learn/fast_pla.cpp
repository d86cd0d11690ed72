#include "core/learn/fast_pla.hpp"

#include <cfloat>
#include <cmath>
#include <type_traits>

#include "core/base/simd.hpp"

namespace pla {

const char* to_string(DType v) { return v == DType::Float32 ? "float32" : "float64"; }

bool parse_dtype(const std::string& s, DType& out) {
  if (s == "float64" || s == "f64" || s == "double") out = DType::Float64;
  else if (s == "float32" || s == "f32" || s == "float") out = DType::Float32;
  else return false;
  return true;
}

Status to_float32(const Dataset& ds, DatasetF32& out) {
  DatasetF32 r;
  r.d = ds.d;
  r.y = ds.y;
  r.x.resize(ds.x.size());
  const auto d = static_cast<std::size_t>(ds.d < 1 ? 1 : ds.d);
  for (std::size_t k = 0; k < ds.x.size(); ++k) {
    const double v = ds.x[k];
    if (std::isfinite(v) && std::fabs(v) > static_cast<double>(FLT_MAX)) {
      // Values just above FLT_MAX that round down to it are fine; only true overflow fails.
      const float f = static_cast<float>(v);
      if (std::isinf(f))
        return Status::fail(Msg::fast_float32_range,
                            {{"point", msg_uint(k / d + 1)}, {"coordinate", msg_uint(k % d + 1)}, {"value", std::to_string(v)}});
    }
    r.x[k] = static_cast<float>(v);
  }
  out = std::move(r);
  return Status::success();
}

// ---------------------------------------------------------------- FastPerceptron

Status FastPerceptron::reset(int d, const PerceptronConfig& cfg, DType dtype, simd::Level level) {
  if (d < 1) return Status::fail(Msg::fast_bad_d);
  if (!(cfg.eta > 0.0) || !std::isfinite(cfg.eta)) return Status::fail(Msg::learner_eta);
  if (!(cfg.tau >= 0.0) || !std::isfinite(cfg.tau)) return Status::fail(Msg::learner_tau);
  if (cfg.order != Order::Cyclic) return Status::fail(Msg::fast_order, {{"order", to_string(cfg.order)}});
  if (cfg.restart) return Status::fail(Msg::fast_restart);
  cfg_ = cfg;
  dtype_ = dtype;
  level_ = level;
  d_ = d;
  initial_weights(cfg, static_cast<std::size_t>(d), w_, b_);
  set_weights(w_, b_);
  steps_ = updates_ = epoch_ = epoch_updates_ = 0;
  converged_ = diverged_ = false;
  per_epoch_.clear();
  value_bound_ = std::numeric_limits<double>::infinity();
  return Status::success();
}

void FastPerceptron::bound_values_of(const double* x, std::size_t n) {
  if (simd::bounded_scan_uses_xmax(level_)) value_bound_ = simd::max_abs_f64(x, n * static_cast<std::size_t>(d_));
}

void FastPerceptron::set_weights(const std::vector<double>& w, double b) {
  if (w.size() != static_cast<std::size_t>(d_)) return;
  if (&w != &w_) w_ = w;
  b_ = b;
  w32_.resize(w_.size());
  for (std::size_t j = 0; j < w_.size(); ++j) w32_[j] = static_cast<float>(w_[j]);
}

template <class T>
bool FastPerceptron::update(const T* x, int y) {
  const double c = cfg_.eta * y;
  bool finite = false;
  if constexpr (std::is_same_v<T, float>) finite = simd::add_scaled_f32(w_.data(), w32_.data(), c, x, w_.size());
  else finite = simd::add_scaled_f64(w_.data(), c, x, w_.size());
  b_ += c;
  if (!finite || !std::isfinite(b_)) diverged_ = true;
  ++updates_;
  ++epoch_updates_;
  converged_ = false;
  ++steps_;
  return diverged_ || update_limit_reached();
}

template <class T, class Scan>
std::size_t FastPerceptron::visit_rows(const T* x, const int* y, std::size_t n, const T* w, Scan first_violation) {
  const auto d = static_cast<std::size_t>(d_);
  // The classic rule takes tau = 0 (as make_learner does for every algo but margin).
  const double tau = cfg_.tau;
  std::size_t i = 0;
  while (i < n) {
    double s = 0.0;
    const std::size_t k = first_violation(x + i * d, y + i, n - i, d, w, b_, tau, &s);
    steps_ += k;
    i += k;
    if (i == n) break;
    const bool stop = update(x + i * d, y[i]);
    ++i;
    if (stop) break;
  }
  return i;
}

std::size_t FastPerceptron::visit(const double* x, const int* y, std::size_t n) {
  if (dtype_ != DType::Float64 || w_.empty()) return 0;
  const double bound = value_bound_;
  const simd::Level level = level_;
  return visit_rows(x, y, n, w_.data(),
                    [bound, level](const double* rx, const int* ry, std::size_t rows, std::size_t d, const double* w,
                                   double b, double tau, double* score) {
                      return simd::first_violation_f64_bounded(rx, ry, rows, d, w, b, tau, bound, score, level);
                    });
}

std::size_t FastPerceptron::visit(const float* x, const int* y, std::size_t n) {
  if (dtype_ != DType::Float32 || w_.empty()) return 0;
  const simd::Level level = level_;
  return visit_rows(x, y, n, w32_.data(),
                    [level](const float* rx, const int* ry, std::size_t rows, std::size_t d, const float* w, double b,
                            double tau, double* score) {
                      return simd::first_violation_f32(rx, ry, rows, d, w, b, tau, score, level);
                    });
}

void FastPerceptron::end_epoch() {
  ++epoch_;
  per_epoch_.push_back(epoch_updates_);
  // Cyclic passes visit every point, so a pass without an update means every point
  // has y (w.x + b) > tau; weights that overflowed never count as converged.
  if (epoch_updates_ == 0 && !diverged_) converged_ = true;
  epoch_updates_ = 0;
}

namespace {
template <class T, class Scores>
FastPerceptron::Tally tally_rows(const T* x, const int* y, std::size_t n, std::size_t d, const T* w, double b,
                                 Scores scores) {
  FastPerceptron::Tally t;
  constexpr std::size_t kChunk = 256;
  double s[kChunk];
  for (std::size_t i = 0; i < n; i += kChunk) {
    const std::size_t m = n - i < kChunk ? n - i : kChunk;
    scores(x + i * d, m, d, w, b, s);
    for (std::size_t k = 0; k < m; ++k) {
      t.mistakes += y[i + k] * s[k] <= 0.0;
      t.correct += (s[k] >= 0.0 ? 1 : -1) == y[i + k];
    }
  }
  return t;
}
}  // namespace

FastPerceptron::Tally FastPerceptron::tally(const double* x, const int* y, std::size_t n) const {
  if (w_.empty()) return {};
  const simd::Level level = level_;
  return tally_rows(x, y, n, w_.size(), w_.data(), b_,
                    [level](const double* rx, std::size_t rows, std::size_t d, const double* w, double b, double* s) {
                      simd::scores_f64(rx, rows, d, w, b, s, level);
                    });
}

FastPerceptron::Tally FastPerceptron::tally(const float* x, const int* y, std::size_t n) const {
  if (w_.empty()) return {};
  const simd::Level level = level_;
  return tally_rows(x, y, n, w_.size(), w32_.data(), b_,
                    [level](const float* rx, std::size_t rows, std::size_t d, const float* w, double b, double* s) {
                      simd::scores_f32(rx, rows, d, w, b, s, level);
                    });
}

// ---------------------------------------------------------------- training with the stop rules of pla::train

Status fast_supports(const LearnerConfig& cfg) {
  if (!learner_info(cfg.algo).fast)
    return Status::fail(Msg::fast_path_algo, {{"algo", to_string(cfg.algo)}, {"algos", learner_list_where(&LearnerInfo::fast)}});
  if (cfg.pla.order != Order::Cyclic) return Status::fail(Msg::fast_path_order, {{"order", to_string(cfg.pla.order)}});
  if (cfg.pla.restart) return Status::fail(Msg::fast_path_restart);
  return Status::success();
}

namespace {

template <class T>
Status fast_train_rows(const T* x, const int* y, std::size_t n, int d, DType dtype, const LearnerConfig& cfg,
                       const StopRules& rules, TrainResult& out, simd::Level level) {
  Status st = fast_supports(cfg);
  if (!st) return st;
  if (n == 0) return Status::fail(Msg::train_empty);
  st = check_stop_rule(cfg.algo, rules);
  if (!st) return st;
  const PerceptronConfig pc = learner_config(cfg).pla;  // as make_learner: tau only for a learner that takes it
  FastPerceptron p;
  st = p.reset(d, pc, dtype, level);
  if (!st) return st;
  p.set_update_limit(rules.max_updates);
  p.bound_values_of(x, n);

  // The rules are read after each run of rows: visit() stops right after an update that
  // diverges or reaches the update limit, and the epoch's counters change only at its end.
  StopReason reason = StopReason::None;
  while (reason == StopReason::None) {
    if (p.visit(x, y, n) == n) p.end_epoch();
    reason = stop_rule(rules, progress_of(p));
  }

  out = train_result(p, reason, rules, p.tally(x, y, n).mistakes, n);
  return Status::success();
}

}  // namespace

Status fast_train(const Dataset& ds, const LearnerConfig& cfg, const StopRules& rules, TrainResult& out,
                  simd::Level level) {
  if (ds.x.size() != ds.size() * static_cast<std::size_t>(ds.d < 1 ? 0 : ds.d))
    return Status::fail(Msg::fast_malformed);
  return fast_train_rows(ds.x.data(), ds.y.data(), ds.size(), ds.d, DType::Float64, cfg, rules, out, level);
}

Status fast_train(const DatasetF32& ds, const LearnerConfig& cfg, const StopRules& rules, TrainResult& out,
                  simd::Level level) {
  if (ds.x.size() != ds.size() * static_cast<std::size_t>(ds.d < 1 ? 0 : ds.d))
    return Status::fail(Msg::fast_malformed);
  return fast_train_rows(ds.x.data(), ds.y.data(), ds.size(), ds.d, DType::Float32, cfg, rules, out, level);
}

}  // namespace pla
