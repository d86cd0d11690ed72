// Perceptron Lab core: a labelled data set of N points in d dimensions.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/status.hpp"

namespace pla {

// Points are stored row-major and contiguous: x[i*d + j] is coordinate j of point i.
// Labels are +1 or -1.
struct Dataset {
  int d = 2;
  std::vector<double> x;
  std::vector<int> y;

  std::size_t size() const { return y.size(); }
  bool empty() const { return y.empty(); }
  const double* row(std::size_t i) const { return x.data() + i * static_cast<std::size_t>(d); }
  double* row(std::size_t i) { return x.data() + i * static_cast<std::size_t>(d); }

  // Appends a point; fails (and changes nothing) on a wrong dimension, a label
  // other than +1/-1, or a coordinate that is not finite.
  Status add(const std::vector<double>& point, int label);
  // Removes point i (i < size()).
  void remove(std::size_t i);
  void clear() { x.clear(); y.clear(); }
  // Number of points with label +1 and -1.
  std::size_t count(int label) const;
  // R = max ||x_i||, and R_aug = max ||(x_i, 1)||. 0 for an empty set.
  double radius() const;
  double radius_aug() const;
};

}  // namespace pla
