// Perceptron Lab core: kernels for the dual / kernel perceptron.
//
//   linear  K(x, z) = x.z
//   poly    K(x, z) = (x.z + c)^p        (p a whole number, by repeated products)
//   rbf     K(x, z) = exp(-gamma ||x - z||^2)   (through pla::det_exp)
//
// Sums run in index order and only +, -, *, / and det_exp are used, so a Gram
// matrix has the same bits natively and in wasm.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/data/dataset.hpp"
#include "core/base/status.hpp"

namespace pla {

enum class KernelType { Linear, Poly, Rbf };

const char* to_string(KernelType v);
bool parse_kernel_type(const std::string& s, KernelType& out);  // linear | poly | rbf

struct Kernel {
  KernelType type = KernelType::Linear;
  int degree = 2;      // p of poly, 1..20
  double coef0 = 1.0;  // c of poly, finite
  double gamma = 1.0;  // gamma of rbf, finite and > 0

  // K(x, z) for two points of d coordinates.
  double operator()(const double* x, const double* z, int d) const;
};

// Checks the parameters of the kernel's own type; the message names the bad one.
Status check_kernel(const Kernel& k);

// Kernel specs, as the CLI, the settings and model files write them: "linear", "poly:P"
// (P the degree, 1..20), "rbf:G" (G = gamma > 0). A spec without its number keeps the
// default (poly:2, rbf:1). `out` is changed only on success.
Status parse_kernel_spec(const std::string& spec, Kernel& out);
std::string kernel_spec(const Kernel& k);

// The dual learners store the N x N Gram matrix: N above this many points is
// refused (5000 points is 200 MB of doubles; 20,000 would be 3.2 GB, more than wasm can hold).
constexpr std::size_t kMaxGramPoints = 5000;

// G[i * N + j] = K(x_i, x_j) for the N points of ds. Fails, leaving `out` empty,
// when N > max_points or the kernel is invalid.
Status gram_matrix(const Dataset& ds, const Kernel& k, std::size_t max_points, std::vector<double>& out);

}  // namespace pla
