#include "core/learn/metrics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/learn/perceptron.hpp"
#include "core/base/simd.hpp"

namespace pla {

namespace {

// One pass over ds with scores from `f`.
template <class ScoreFn>
Metrics measure(const Dataset& ds, ScoreFn f, double norm) {
  Metrics m;
  m.w_norm = norm;
  std::size_t right = 0;
  double min_margin = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < ds.size(); ++i) {
    const double s = f(ds.row(i));
    const double margin = ds.y[i] * s;
    if (margin <= 0.0) {
      ++m.j1;
      m.j -= margin;
    }
    right += ((s >= 0.0 ? 1 : -1) == ds.y[i]);
    if (margin < min_margin || margin != margin) min_margin = margin;
  }
  if (ds.empty()) return m;
  m.accuracy = static_cast<double>(right) / static_cast<double>(ds.size());
  m.functional_margin = min_margin;
  if (norm > 0.0) {
    m.geometric_margin = min_margin / norm;
  } else if (min_margin != 0.0) {
    m.geometric_margin = min_margin > 0.0 ? std::numeric_limits<double>::infinity()
                                          : -std::numeric_limits<double>::infinity();
  }
  return m;
}

}  // namespace

double weight_norm(const std::vector<double>& w) {
  double s = 0.0;
  for (double v : w) s += v * v;
  return std::sqrt(s);
}

Metrics compute_metrics(const Dataset& ds, const std::vector<double>& w, double b) {
  return measure(ds, [&](const double* x) { return score(w, b, x); }, weight_norm(w));
}

Metrics compute_metrics(const Learner& learner, const Dataset& ds) {
  Metrics m = measure(ds, [&](const double* x) { return learner.score(x); }, learner.score_scale());
  m.updates = learner.updates();
  return m;
}

Metrics compute_losses(const Learner& learner, const Dataset& ds) {
  // The scale (||w||, or the kernel's feature-space norm, O(N^2)) is not needed for J and J1.
  Metrics m = measure(ds, [&](const double* x) { return learner.score(x); }, 0.0);
  m.updates = learner.updates();
  return m;
}

double perceptron_criterion(const Dataset& ds, const std::vector<double>& w, double b) {
  double j = 0.0;
  for (std::size_t i = 0; i < ds.size(); ++i) {
    const double margin = ds.y[i] * score(w, b, ds.row(i));
    if (margin <= 0.0) j -= margin;
  }
  return j;
}

double accuracy(const Dataset& ds, const std::vector<double>& w, double b) {
  if (ds.empty()) return 1.0;
  std::size_t right = 0;
  if (w.size() == static_cast<std::size_t>(ds.d) && ds.x.size() == ds.size() * w.size()) {
    // The scores by blocks of rows through simd.hpp's kernel (the bits of score(), several
    // rows at a time).
    std::vector<double> s(std::min<std::size_t>(ds.size(), 4096));
    for (std::size_t i = 0; i < ds.size(); i += s.size()) {
      const std::size_t rows = std::min(s.size(), ds.size() - i);
      simd::scores_f64(ds.row(i), rows, w.size(), w.data(), b, s.data());
      for (std::size_t k = 0; k < rows; ++k) right += ((s[k] >= 0.0 ? 1 : -1) == ds.y[i + k]);
    }
  } else {
    for (std::size_t i = 0; i < ds.size(); ++i) right += ((score(w, b, ds.row(i)) >= 0.0 ? 1 : -1) == ds.y[i]);
  }
  return static_cast<double>(right) / static_cast<double>(ds.size());
}

double accuracy(const Learner& learner, const Dataset& ds) {
  if (ds.empty()) return 1.0;
  std::size_t right = 0;
  for (std::size_t i = 0; i < ds.size(); ++i) right += (learner.predict(ds.row(i)) == ds.y[i]);
  return static_cast<double>(right) / static_cast<double>(ds.size());
}

}  // namespace pla
