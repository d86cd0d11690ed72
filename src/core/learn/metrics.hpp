// Perceptron Lab core: how good the current weights are, per step or per epoch.
//
//   J1 = #{i : y_i (w.x_i + b) <= 0}                    misclassified count
//   J  = sum over those i of -y_i (w.x_i + b)  (>= 0)    perceptron criterion
//   functional margin = min_i y_i (w.x_i + b), geometric margin = that / ||w||
//   (negative when some point is wrong)
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/data/dataset.hpp"
#include "core/learn/learners.hpp"

namespace pla {

struct Metrics {
  std::size_t j1 = 0;              // J1
  double j = 0.0;                  // J
  double accuracy = 1.0;           // share of points with predict(x) == y (sign(0) = +1); 1 on an empty set
  double w_norm = 0.0;             // ||w|| (Learner::score_scale() for a learner)
  double functional_margin = 0.0;  // min_i y_i f(x_i); 0 on an empty set
  double geometric_margin = 0.0;   // functional / ||w||; +-inf (0 if functional is 0) when ||w|| = 0
  std::uint64_t updates = 0;       // k, updates so far (learner overload only)
};

// All metrics of the hyperplane (w, b) on ds, in one pass.
Metrics compute_metrics(const Dataset& ds, const std::vector<double>& w, double b);
// The same for a learner's hypothesis f = Learner::score (so voted and kernel
// learners are measured by what they predict), with k = learner.updates().
Metrics compute_metrics(const Learner& learner, const Dataset& ds);
// J1, J and the accuracy only (no norm or geometric margin): what per-step curves need,
// without the kernel learner's O(N^2) norm.
Metrics compute_losses(const Learner& learner, const Dataset& ds);

// J alone (J1 is pla::count_mistakes).
double perceptron_criterion(const Dataset& ds, const std::vector<double>& w, double b);
// Accuracy alone (sign(0) = +1); 1 on an empty set.
double accuracy(const Dataset& ds, const std::vector<double>& w, double b);
double accuracy(const Learner& learner, const Dataset& ds);
// ||w||, summed in index order.
double weight_norm(const std::vector<double>& w);

}  // namespace pla
