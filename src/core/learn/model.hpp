// Perceptron Lab core: a trained model saved to text and read back for `pla predict`.
//
// Format (one item per line, '#' starts a comment):
//   perceptron-lab-model 1
//   algo classic
//   d 2                      input dimension (before lifting)
//   lift x1^2,x2^2           optional feature lifting
//   w 0.5 0.5                the hyperplane (linear models)
//   b -1.5
//   kernel poly:2            kernel models: the kernel, eta and one line per support point:
//   eta 1
//   sv ALPHA Y X1 .. XD      alpha_i, y_i and the (lifted) point x_i
// A kernel model scores f(x) = sum alpha_i eta y_i K(x_i, x) + b. The voted
// perceptron is saved as its averaged hyperplane (a vote needs every weight
// vector), which the file says in a comment.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/learn/kernels.hpp"
#include "core/learn/learners.hpp"
#include "core/data/lift.hpp"
#include "core/base/status.hpp"

namespace pla {

struct SupportVector {
  double alpha = 0.0;
  int y = 1;
  std::vector<double> x;
};

struct Model {
  Algo algo = Algo::Classic;  // the file's "algo" line (any other name is refused)
  int d = 0;                 // input dimension
  std::string lift;          // lifting spec, empty for none
  std::vector<double> w;     // linear models (in lifted space when lifted)
  double b = 0.0;
  bool kernel_model = false;
  Kernel kernel;
  double eta = 1.0;
  std::vector<SupportVector> support;
};

// Captures a trained learner. `train` is the data it was trained on (lifted if lifted).
Status make_model(const Learner& learner, const Dataset& train, int input_d, const std::string& lift, Model& out);
std::string write_model(const Model& m);
// Fails with "NAME:LINE: what" (the location arguments file and line) on a malformed
// file, leaving `out` unchanged.
Status read_model(const std::string& text, const std::string& source_name, Model& out);
// f(x) for an input point of m.d coordinates; predict with f >= 0 -> +1.
double model_score(const Model& m, const double* x);

}  // namespace pla
