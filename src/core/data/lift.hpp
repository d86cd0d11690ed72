// Perceptron Lab core: explicit feature lifting phi(x), for data a line cannot separate.
//
// A lift is a list of monomials of the input coordinates, named as in
// "x1^2,x2^2,x1*x2" (x1 is the first coordinate). "polyK" stands for every
// monomial of degree 1..K, in graded order: poly2 in 2-d is x1, x2, x1^2, x1*x2, x2^2.
// Tokens can be mixed ("x1,x2,x1^2*x2"). A perceptron on phi(x) draws a conic (or
// higher curve) in the input plane: lift the data set to train, lift single points
// to predict or to draw the decision field.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/data/dataset.hpp"
#include "core/base/status.hpp"

namespace pla {

struct Lift {
  int input_d = 2;
  // One row of input_d powers per output feature: powers[f * input_d + j] is the
  // power of x_(j+1) in feature f.
  std::vector<int> powers;
  std::vector<std::string> names;  // "x1^2", "x1*x2", ... one per output feature

  int output_d() const { return static_cast<int>(names.size()); }
};

constexpr int kMaxLiftDegree = 12;          // highest total degree of one feature
constexpr std::size_t kMaxLiftFeatures = 512;

// Parses a lift spec for points of input_d coordinates. Fails on an unknown token,
// a coordinate above input_d, a repeated feature, or too many features.
Status parse_lift(const std::string& spec, int input_d, Lift& out);

// phi(x) of one point: writes output_d() values to `out` (products in coordinate order).
void lift_point(const Lift& lift, const double* x, double* out);
std::vector<double> lift_point(const Lift& lift, const double* x);

// The lifted data set (same labels, d = output_d()). Fails, leaving `out`
// unchanged, on a dimension mismatch or a lifted coordinate that overflows.
Status lift_dataset(const Lift& lift, const Dataset& in, Dataset& out);

}  // namespace pla
