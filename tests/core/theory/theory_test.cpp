// The perceptron convergence theorem (Novikoff 1962) checked on real runs of the classic PLA (cyclic, w_0 = 0):
// k <= (R_aug / gamma_aug)^2 and, at every update k, w_k.u >= k eta gamma_aug and ||w_k||^2 <= k eta^2 R_aug^2,
// w_k = (w, b) in augmented space. The only tolerance is a relative 1e-9 for floating-point rounding.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/theory/margin.hpp"
#include "core/learn/perceptron.hpp"
#include "core/data/presets.hpp"
#include "core/base/rng.hpp"

namespace pla::theory_test {
namespace {

constexpr double kRelTol = 1e-9;

struct PlaRun {
  std::vector<std::vector<double>> w_aug;  // (w, b) after each update
  bool converged = false;
};

// Trains until convergence or until `max_updates` updates (the bound, plus slack to notice a violation).
PlaRun train(const Dataset& ds, double eta, double max_updates) {
  PerceptronConfig cfg;
  cfg.eta = eta;
  cfg.init = Init::Zero;
  cfg.order = Order::Cyclic;
  Perceptron p;
  p.reset(ds, cfg);
  PlaRun run;
  while (!p.converged() && static_cast<double>(p.updates()) <= max_updates) {
    if (!p.step(ds).mistake) continue;
    std::vector<double> w = p.w();
    w.push_back(p.b());
    run.w_aug.push_back(w);
  }
  run.converged = p.converged();
  return run;
}

double dotv(const std::vector<double>& a, const std::vector<double>& b) {
  double s = 0.0;
  for (std::size_t k = 0; k < a.size(); ++k) s += a[k] * b[k];
  return s;
}

// Points uniform in [-1, 1]^d labelled by a random plane (unit w, b); points within `gap` of it are dropped.
struct Planted {
  Dataset ds;
  std::vector<double> w;
  double b = 0.0;
};

Planted random_separable(Rng& rng, int d, std::size_t n, double gap) {
  while (true) {
    Planted s;
    s.w.resize(static_cast<std::size_t>(d));
    for (double& v : s.w) v = rng.normal();
    const double nw = std::sqrt(dotv(s.w, s.w));
    for (double& v : s.w) v /= nw;
    s.b = rng.uniform(-0.3, 0.3);
    s.ds.d = d;
    while (s.ds.size() < n) {
      std::vector<double> x(s.w.size());
      for (double& v : x) v = rng.uniform(-1.0, 1.0);
      const double sc = dotv(s.w, x) + s.b;
      if (std::fabs(sc) < gap) continue;
      EXPECT_TRUE(s.ds.add(x, sc > 0 ? 1 : -1).ok);
    }
    if (s.ds.count(1) > 0 && s.ds.count(-1) > 0) return s;
  }
}

// The two inequalities of the proof, written out here independently of check_novikoff_invariants.
void expect_invariants_by_hand(const PlaRun& run, double eta, const MarginResult& m) {
  for (std::size_t k = 1; k <= run.w_aug.size(); ++k) {
    const std::vector<double>& w = run.w_aug[k - 1];
    const double kk = static_cast<double>(k);
    const double lower = kk * eta * m.gamma_aug;
    const double upper = kk * eta * eta * m.R_aug * m.R_aug;
    ASSERT_GE(dotv(w, m.u), lower * (1.0 - kRelTol)) << "update " << k;
    ASSERT_LE(dotv(w, w), upper * (1.0 + kRelTol)) << "update " << k;
  }
}

TEST(Theory, NovikoffOnHundredRandomSeparableSets) {
  Rng rng(1962);
  const int dims[] = {2, 3, 5, 10};
  const double etas[] = {0.1, 0.25, 1.0, 4.0};
  double tightest = 0.0;  // the largest k / bound seen, reported for information
  for (int set = 0; set < 100; ++set) {
    const int d = dims[set % 4];
    const std::size_t n = 10 + static_cast<std::size_t>(rng.below(80));
    const Planted s = random_separable(rng, d, n, 0.08 + 0.1 * rng.uniform01());
    MarginResult m;
    ASSERT_TRUE(compute_margin(s.ds, m).ok);
    ASSERT_TRUE(m.separable) << m.reason;
    // Independent lower bounds on the margins: the planted plane, and its augmented unit vector.
    double planted = 1e300;
    std::vector<double> u_planted(s.w);
    u_planted.push_back(s.b);
    const double nu = std::sqrt(dotv(u_planted, u_planted));
    for (double& v : u_planted) v /= nu;
    double planted_aug = 1e300;
    for (std::size_t i = 0; i < s.ds.size(); ++i) {
      std::vector<double> z(s.ds.row(i), s.ds.row(i) + d);
      planted = std::min(planted, s.ds.y[i] * (dotv(s.w, z) + s.b));
      z.push_back(1.0);
      planted_aug = std::min(planted_aug, s.ds.y[i] * dotv(u_planted, z));
    }
    EXPECT_GE(m.gamma, planted - 1e-12) << "set " << set;
    EXPECT_GE(m.gamma_aug, planted_aug - 1e-12) << "set " << set;
    ASSERT_LT(m.bound, 1e5);

    std::size_t updates_eta_one = 0;
    for (double eta : etas) {
      const PlaRun run = train(s.ds, eta, m.bound + 1.0);
      ASSERT_TRUE(run.converged) << "set " << set << " eta " << eta << ": no convergence within the bound "
                                 << m.bound;
      const std::size_t k = run.w_aug.size();
      EXPECT_LE(static_cast<double>(k), m.bound) << "set " << set << " eta " << eta;
      expect_invariants_by_hand(run, eta, m);
      const InvariantCheck check = check_novikoff_invariants(run.w_aug, eta, m.gamma_aug, m.R_aug, m.u, kRelTol);
      EXPECT_TRUE(check.ok) << check.message;
      EXPECT_EQ(check.updates, k);
      EXPECT_GE(check.min_progress, 1.0 - kRelTol);
      EXPECT_LE(check.max_growth, 1.0 + kRelTol);
      tightest = std::max(tightest, static_cast<double>(k) / m.bound);
      // From w_0 = 0 the run for eta is the run for 1 scaled by eta: same mistakes. Powers of two scale exactly.
      if (eta == 1.0) updates_eta_one = k;
      if (eta == 0.25 || eta == 4.0) {
        const PlaRun one = train(s.ds, 1.0, m.bound + 1.0);
        EXPECT_EQ(k, one.w_aug.size()) << "set " << set << " eta " << eta;
        for (std::size_t j = 0; j < k && j < one.w_aug.size(); ++j)
          for (std::size_t c = 0; c < one.w_aug[j].size(); ++c) ASSERT_EQ(run.w_aug[j][c], eta * one.w_aug[j][c]);
      }
    }
    EXPECT_GT(updates_eta_one, 0u);
  }
  EXPECT_LE(tightest, 1.0);
  RecordProperty("largest_updates_over_bound", std::to_string(tightest));
}

TEST(Theory, TextbookRunWithinBound) {
  Dataset ds;
  ASSERT_TRUE(make_preset("textbook", ds).ok);
  MarginResult m;
  ASSERT_TRUE(compute_margin(ds, m).ok);
  EXPECT_NEAR(m.bound, 117.0, 1e-10);  // 26 / (sqrt(2)/3)^2, see margin_test.cpp
  for (double eta : {0.5, 1.0}) {
    const PlaRun run = train(ds, eta, m.bound + 1.0);
    ASSERT_TRUE(run.converged);
    EXPECT_EQ(run.w_aug.size(), 7u);  // the textbook's 7 updates
    const InvariantCheck check = check_novikoff_invariants(run.w_aug, eta, m.gamma_aug, m.R_aug, m.u);
    EXPECT_TRUE(check.ok) << check.message;
    // The first update is on (3,3)+: w_1 = eta (3,3,1), so w_1.u = eta (3+3-4)/(3 sqrt 2) = eta sqrt(2)/3 exactly
    // k eta gamma_aug for k = 1 (x1 is a support point), and ||w_1||^2 = 19 eta^2 <= 26 eta^2.
    EXPECT_NEAR(check.min_progress, 1.0, 1e-12);
  }
}

TEST(Theory, OneClassConvergesWithinBound) {
  Dataset ds;
  ds.d = 2;
  ASSERT_TRUE(ds.add({-3.0, 1.0}, -1).ok);
  ASSERT_TRUE(ds.add({2.0, 2.0}, -1).ok);
  ASSERT_TRUE(ds.add({0.5, -4.0}, -1).ok);
  MarginResult m;
  ASSERT_TRUE(compute_margin(ds, m).ok);
  ASSERT_TRUE(m.separable);
  const PlaRun run = train(ds, 1.0, m.bound + 1.0);
  ASSERT_TRUE(run.converged);
  EXPECT_LE(static_cast<double>(run.w_aug.size()), m.bound);
  const InvariantCheck check = check_novikoff_invariants(run.w_aug, 1.0, m.gamma_aug, m.R_aug, m.u);
  EXPECT_TRUE(check.ok) << check.message;
}

TEST(Theory, CheckerReportsTheFirstViolation) {
  // u = (1, 0), gamma_aug = 1, R_aug = 2, eta = 1: w_k.u >= k and ||w_k||^2 <= 4k; bound = 4.
  const std::vector<double> u = {1.0, 0.0};
  InvariantCheck c = check_novikoff_invariants({{1.0, 1.0}, {2.0, -2.0}}, 1.0, 1.0, 2.0, u);
  EXPECT_TRUE(c.ok) << c.message;
  EXPECT_DOUBLE_EQ(c.min_progress, 1.0);
  EXPECT_DOUBLE_EQ(c.max_growth, 1.0);  // ||w_2||^2 = 8 = 4 * 2

  c = check_novikoff_invariants({{1.0, 0.0}, {1.5, 0.0}}, 1.0, 1.0, 2.0, u);  // w_2.u = 1.5 < 2
  EXPECT_FALSE(c.ok);
  EXPECT_EQ(c.first_violation, 2u);
  EXPECT_NE(c.message.find("w_2.u"), std::string::npos) << c.message;

  c = check_novikoff_invariants({{1.0, 0.0}, {2.0, 0.0}, {3.0, 2.5}}, 1.0, 1.0, 2.0, u);  // 9 + 6.25 > 12
  EXPECT_FALSE(c.ok);
  EXPECT_EQ(c.first_violation, 3u);
  EXPECT_NE(c.message.find("||w_3||^2"), std::string::npos) << c.message;

  // Five updates along u: w_5.u = 5 >= 5, but ||w_5||^2 = 25 > 20, as 5 updates exceed the bound 4.
  c = check_novikoff_invariants({{1, 0}, {2, 0}, {3, 0}, {4, 0}, {5, 0}}, 1.0, 1.0, 2.0, u);
  EXPECT_FALSE(c.ok);
  EXPECT_EQ(c.first_violation, 5u);

  c = check_novikoff_invariants({{1.0, 0.0}}, 1.0, 1.0, 2.0, {2.0, 0.0});  // u not a unit vector
  EXPECT_FALSE(c.ok);
  EXPECT_NE(c.message.find("unit"), std::string::npos) << c.message;

  // eta scales both sides: with eta = 0.5 the same directions at half the length still pass.
  c = check_novikoff_invariants({{0.5, 0.5}, {1.0, -1.0}}, 0.5, 1.0, 2.0, u);
  EXPECT_TRUE(c.ok) << c.message;

  c = check_novikoff_invariants({{1.0, 0.0, 0.0}}, 1.0, 1.0, 2.0, u);
  EXPECT_FALSE(c.ok);
  EXPECT_EQ(c.first_violation, 1u);
  c = check_novikoff_invariants({{1.0, 0.0}}, 1.0, 0.0, 2.0, u);  // not separable: no theorem to check
  EXPECT_FALSE(c.ok);
  EXPECT_NE(c.message.find("gamma_aug"), std::string::npos) << c.message;
}

TEST(Theory, XorHasNoBound) {
  Dataset ds;
  ds.d = 2;
  ASSERT_TRUE(ds.add({0, 0}, -1).ok);
  ASSERT_TRUE(ds.add({1, 1}, -1).ok);
  ASSERT_TRUE(ds.add({0, 1}, 1).ok);
  ASSERT_TRUE(ds.add({1, 0}, 1).ok);
  MarginResult m;
  ASSERT_TRUE(compute_margin(ds, m).ok);
  EXPECT_FALSE(m.separable);
  EXPECT_EQ(m.bound, std::numeric_limits<double>::infinity());
  // And indeed the PLA keeps making mistakes far beyond any finite number a margin would give.
  const PlaRun run = train(ds, 1.0, 1000.0);
  EXPECT_FALSE(run.converged);
}

}  // namespace
}  // namespace pla::theory_test
