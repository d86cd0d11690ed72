// Perceptron Lab core: a labelled data set of N points in d dimensions, and its
// seeded split into train / validation / test parts.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/base/status.hpp"

namespace pla {

// Limits shared by the readers and generators, so no input can ask for more memory
// than a browser tab has: d <= kMaxDimension, n * d <= kMaxValues (160 MB of doubles).
constexpr int kMaxDimension = 100000;
constexpr std::size_t kMaxValues = 20000000;

// Points are stored row-major and contiguous: x[i*d + j] is coordinate j of point i.
// Labels are +1 or -1. d >= 1.
struct Dataset {
  int d = 2;
  std::vector<double> x;
  std::vector<int> y;
  // Optional column names (from a CSV header or a preset): empty, or exactly d names.
  std::vector<std::string> feature_names;

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
  // Checks the invariants: d >= 1, x.size() == size() * d, labels +1/-1, finite
  // coordinates, feature_names empty or of size d. Names the first offending point.
  Status validate() const;
};

// A data set stored as float (the float32 fast path, fast_pla.hpp): x[i*d + j] is
// coordinate j of point i rounded to the nearest float. Labels +1 or -1.
struct DatasetF32 {
  int d = 2;
  std::vector<float> x;
  std::vector<int> y;
  std::size_t size() const { return y.size(); }
  bool empty() const { return y.empty(); }
  const float* row(std::size_t i) const { return x.data() + i * static_cast<std::size_t>(d); }
};

// Index sets of a split; each part is sorted ascending (original order kept),
// the three parts are disjoint and together cover 0..n-1.
struct Split {
  std::vector<std::size_t> train, validation, test;
};

// Shuffles 0..n-1 with pla::Rng(seed).shuffle, then takes round(test_fraction*n)
// indices for test, round(validation_fraction*n) for validation, the rest for train
// (round = half away from zero). Fractions must be finite, in [0, 1), sum < 1, and
// leave train non-empty. `out` is left unchanged on failure.
Status make_split(std::size_t n, double validation_fraction, double test_fraction, std::uint64_t seed, Split& out);

// The points of `ds` at `indices`, in that order (repeats allowed), with ds's d and
// feature_names. Indices >= ds.size() are a caller bug and are skipped.
Dataset subset(const Dataset& ds, const std::vector<std::size_t>& indices);

}  // namespace pla
