// Kernels, Gram matrices and explicit feature lifts against hand-computed values.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/learn/kernels.hpp"
#include "core/data/lift.hpp"
#include "core/base/rng.hpp"
#include "expect_message.hpp"

namespace pla::kernels_test {
namespace {

using test::failed_with;

TEST(Kernels, ValuesByHand) {
  const double x[2] = {1, 2}, z[2] = {3, 4};
  Kernel k;
  EXPECT_EQ(k(x, z, 2), 11.0);  // 1*3 + 2*4
  k.type = KernelType::Poly;
  k.degree = 2;
  k.coef0 = 1.0;
  EXPECT_EQ(k(x, z, 2), 144.0);  // (11 + 1)^2
  k.degree = 3;
  k.coef0 = 0.0;
  EXPECT_EQ(k(x, z, 2), 1331.0);  // 11^3
  k.type = KernelType::Rbf;
  k.gamma = 0.5;
  // ||x - z||^2 = 8, exp(-4) = 0.01831563888873418029...
  EXPECT_NEAR(k(x, z, 2), 0.018315638888734180, 4e-18);
  EXPECT_EQ(k(x, x, 2), 1.0);
}

// The homogeneous quadratic kernel is the dot product of the lift
// phi(x) = (x1^2, x2^2, sqrt(2) x1 x2): (x.z)^2 = phi(x).phi(z).
TEST(Kernels, QuadraticKernelIsTheDotProductOfTheLift) {
  Kernel k;
  k.type = KernelType::Poly;
  k.degree = 2;
  k.coef0 = 0.0;
  Lift lift;
  ASSERT_TRUE(parse_lift("x1^2,x2^2,x1*x2", 2, lift).ok);
  Rng rng(3);
  for (int t = 0; t < 50; ++t) {
    const double x[2] = {rng.uniform(-3, 3), rng.uniform(-3, 3)}, z[2] = {rng.uniform(-3, 3), rng.uniform(-3, 3)};
    const std::vector<double> px = lift_point(lift, x), pz = lift_point(lift, z);
    const double dot = px[0] * pz[0] + px[1] * pz[1] + 2.0 * px[2] * pz[2];
    EXPECT_NEAR(k(x, z, 2), dot, 1e-12 * (1.0 + std::fabs(dot)));
  }
}

TEST(Kernels, ParametersAreChecked) {
  Kernel k;
  k.type = KernelType::Poly;
  k.degree = 0;
  Status st = check_kernel(k);
  EXPECT_TRUE(failed_with(st, Msg::kernel_poly_degree, {{"degree", "0"}}));
  k.degree = 21;
  EXPECT_TRUE(failed_with(check_kernel(k), Msg::kernel_poly_degree, {{"degree", "21"}}));
  k.degree = 3;
  k.coef0 = INFINITY;
  EXPECT_TRUE(failed_with(check_kernel(k), Msg::kernel_poly_coef0));
  k.type = KernelType::Rbf;
  k.gamma = -1.0;
  st = check_kernel(k);
  EXPECT_TRUE(failed_with(st, Msg::kernel_rbf_gamma));
  k.gamma = 2.0;
  EXPECT_TRUE(check_kernel(k).ok);
  KernelType t;
  EXPECT_TRUE(parse_kernel_type("rbf", t));
  EXPECT_EQ(t, KernelType::Rbf);
  EXPECT_STREQ(to_string(KernelType::Poly), "poly");
  EXPECT_FALSE(parse_kernel_type("sigmoid", t));
  // One name table: every type reads back from its name.
  for (KernelType v : {KernelType::Linear, KernelType::Poly, KernelType::Rbf}) {
    KernelType back = KernelType::Linear;
    EXPECT_TRUE(parse_kernel_type(to_string(v), back)) << to_string(v);
    EXPECT_EQ(back, v);
  }
}

TEST(Kernels, GramMatrixIsSymmetricAndCapped) {
  Dataset ds;
  ds.add({1, 0}, 1);
  ds.add({0, 2}, -1);
  ds.add({1, 1}, 1);
  Kernel k;
  std::vector<double> g;
  ASSERT_TRUE(gram_matrix(ds, k, 100, g).ok);
  EXPECT_EQ(g, (std::vector<double>{1, 0, 1, 0, 4, 2, 1, 2, 2}));
  ds.add({3, 3}, -1);
  const Status st = gram_matrix(ds, k, 3, g);
  EXPECT_TRUE(failed_with(st, Msg::kernel_gram_too_large, {{"n", "4"}, {"megabytes", "0"}, {"limit", "3"}}));
  EXPECT_TRUE(g.empty());
}

TEST(Lift, NamedFeaturesByHand) {
  Lift lift;
  ASSERT_TRUE(parse_lift("x1^2, x2^2 ,x1*x2,x1^2*x2", 2, lift).ok);
  EXPECT_EQ(lift.output_d(), 4);
  EXPECT_EQ(lift.names, (std::vector<std::string>{"x1^2", "x2^2", "x1*x2", "x1^2*x2"}));
  const double x[2] = {2, 3};
  EXPECT_EQ(lift_point(lift, x), (std::vector<double>{4, 9, 6, 12}));
  // x2*x1 is the same monomial as x1*x2 and is named in coordinate order.
  ASSERT_TRUE(parse_lift("x2*x1,x1*x1", 2, lift).ok);
  EXPECT_EQ(lift.names, (std::vector<std::string>{"x1*x2", "x1^2"}));
}

TEST(Lift, PolyKIsEveryMonomialUpToDegreeK) {
  Lift lift;
  ASSERT_TRUE(parse_lift("poly2", 2, lift).ok);
  EXPECT_EQ(lift.names, (std::vector<std::string>{"x1", "x2", "x1^2", "x1*x2", "x2^2"}));
  const double x[2] = {2, 3};
  EXPECT_EQ(lift_point(lift, x), (std::vector<double>{2, 3, 4, 6, 9}));
  // poly3 in 3-d: C(3+3, 3) - 1 = 19 monomials of degree 1..3.
  ASSERT_TRUE(parse_lift("poly3", 3, lift).ok);
  EXPECT_EQ(lift.output_d(), 19);
  // Mixing: poly1 then a cubic.
  ASSERT_TRUE(parse_lift("poly1,x1^3", 2, lift).ok);
  EXPECT_EQ(lift.names, (std::vector<std::string>{"x1", "x2", "x1^3"}));
}

TEST(Lift, BadSpecsNameTheProblem) {
  Lift lift;
  struct Bad {
    const char* spec;
    Msg code;
    MsgArgs args;
  };
  const Bad bad[] = {
      {"x3", Msg::lift_no_variable, {{"feature", "x3"}, {"index", "3"}, {"d", "2"}}},
      {"x1^0", Msg::lift_bad_power, {{"feature", "x1^0"}, {"factor", "x1^0"}}},
      {"y1", Msg::lift_bad_factor, {{"feature", "y1"}, {"factor", "y1"}}},
      {"", Msg::lift_empty_feature, {{"spec", ""}}},
      {"x1,,x2", Msg::lift_empty_feature, {{"spec", "x1,,x2"}}},
      {"x1*x2,x2*x1", Msg::lift_duplicate, {{"spec", "x1*x2,x2*x1"}, {"feature", "x1*x2"}}},
      {"poly0", Msg::lift_poly_degree, {{"feature", "poly0"}, {"limit", "12"}}},
      {"poly", Msg::lift_poly_degree, {{"feature", "poly"}}},
      {"x1^13", Msg::lift_degree, {{"feature", "x1^13"}, {"degree", "13"}, {"limit", "12"}}}};
  for (const Bad& b : bad) EXPECT_TRUE(failed_with(parse_lift(b.spec, 2, lift), b.code, b.args)) << b.spec;
  EXPECT_TRUE(failed_with(parse_lift("x1", 0, lift), Msg::lift_no_coordinates));
  // poly6 in 8-d would be C(14, 6) - 1 = 3002 features.
  const Status st = parse_lift("poly6", 8, lift);
  EXPECT_TRUE(failed_with(st, Msg::lift_too_many, {{"spec", "poly6"}, {"limit", "512"}}));
}

TEST(Lift, DatasetKeepsLabelsAndChecksDimensionAndOverflow) {
  Dataset ds;
  ds.add({1, -2}, 1);
  ds.add({-3, 0.5}, -1);
  Lift lift;
  ASSERT_TRUE(parse_lift("x1^2,x2^2", 2, lift).ok);
  Dataset out;
  ASSERT_TRUE(lift_dataset(lift, ds, out).ok);
  EXPECT_EQ(out.d, 2);
  EXPECT_EQ(out.y, ds.y);
  EXPECT_EQ(out.x, (std::vector<double>{1, 4, 9, 0.25}));
  Dataset three;
  three.d = 3;
  three.add({1, 2, 3}, 1);
  EXPECT_TRUE(failed_with(lift_dataset(lift, three, out), Msg::lift_wrong_d, {{"lift_d", "2"}, {"d", "3"}}));
  EXPECT_EQ(out.d, 2);  // unchanged on failure
  Dataset huge;
  huge.add({1e200, 1}, 1);
  const Status st = lift_dataset(lift, huge, out);
  EXPECT_TRUE(failed_with(st, Msg::lift_overflow, {{"point", "1"}, {"feature", "x1^2"}}));
}

}  // namespace
}  // namespace pla::kernels_test
