// Metrics of the current weights against hand-computed numbers.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <memory>
#include <vector>

#include "core/learn/learners.hpp"
#include "core/learn/metrics.hpp"

namespace pla::metrics_test {
namespace {

Dataset textbook() {
  Dataset ds;
  ds.add({3, 3}, 1);
  ds.add({4, 3}, 1);
  ds.add({1, 1}, -1);
  return ds;
}

// Accuracy counts by blocks of rows (simd.hpp): on 10,000 rows of small whole numbers, with
// w = (1, -1, 2, 0, 1, -2, 1) and b = 0, every score is exact and about one in 7 is 0, which
// predicts +1 (sign(0) = +1): a +1 there is right and a -1 wrong. Counted here by hand.
TEST(Metrics, AccuracyOfManyRowsTakesAZeroScoreForPlusOne) {
  const std::vector<double> w = {1, -1, 2, 0, 1, -2, 1};
  Dataset ds;
  ds.d = static_cast<int>(w.size());
  std::size_t right = 0, zeros = 0;
  unsigned state = 7;
  for (int i = 0; i < 10000; ++i) {
    std::vector<double> x(w.size());
    long long s = 0;
    for (std::size_t j = 0; j < w.size(); ++j) {
      state = state * 1103515245u + 12345u;
      x[j] = static_cast<double>(static_cast<int>((state >> 16) % 5) - 2);
      s += static_cast<long long>(w[j]) * static_cast<long long>(x[j]);
    }
    const int y = (i % 3 == 0) ? -1 : 1;
    ASSERT_TRUE(ds.add(x, y).ok);
    zeros += s == 0;
    right += ((s >= 0) ? 1 : -1) == y;
  }
  ASSERT_GT(zeros, 500u);
  EXPECT_EQ(accuracy(ds, w, 0.0), static_cast<double>(right) / 10000.0);
}

// w = (1,1), b = -3: scores 3, 4, -1; y f = 3, 4, 1.
TEST(Metrics, SeparatingWeightsByHand) {
  const Metrics m = compute_metrics(textbook(), {1, 1}, -3);
  EXPECT_EQ(m.j1, 0u);
  EXPECT_EQ(m.j, 0.0);
  EXPECT_EQ(m.accuracy, 1.0);
  EXPECT_EQ(m.w_norm, std::sqrt(2.0));
  EXPECT_EQ(m.functional_margin, 1.0);
  EXPECT_EQ(m.geometric_margin, 1.0 / std::sqrt(2.0));
}

// w = (1,0), b = -3.5: scores -0.5, 0.5, -2.5; y f = -0.5, 0.5, 2.5.
TEST(Metrics, OneMistakeByHand) {
  const Metrics m = compute_metrics(textbook(), {1, 0}, -3.5);
  EXPECT_EQ(m.j1, 1u);
  EXPECT_EQ(m.j, 0.5);
  EXPECT_EQ(m.accuracy, 2.0 / 3.0);
  EXPECT_EQ(m.functional_margin, -0.5);
  EXPECT_EQ(m.geometric_margin, -0.5);
  EXPECT_EQ(perceptron_criterion(textbook(), {1, 0}, -3.5), 0.5);
  EXPECT_EQ(accuracy(textbook(), {1, 0}, -3.5), 2.0 / 3.0);
  EXPECT_EQ(weight_norm({3, 4}), 5.0);
}

// At w = 0, b = 0 every y f is 0: all three count in J1, J is 0, but predict()
// says +1 (sign(0) = +1), right for the two positive points.
TEST(Metrics, ZeroWeightsTiesAreMistakesButPredictPlusOne) {
  Metrics m = compute_metrics(textbook(), {0, 0}, 0);
  EXPECT_EQ(m.j1, 3u);
  EXPECT_EQ(m.j, 0.0);
  EXPECT_EQ(m.accuracy, 2.0 / 3.0);
  EXPECT_EQ(m.functional_margin, 0.0);
  EXPECT_EQ(m.geometric_margin, 0.0);
  m = compute_metrics(textbook(), {0, 0}, 1);  // y f = 1, 1, -1
  EXPECT_EQ(m.functional_margin, -1.0);
  EXPECT_EQ(m.geometric_margin, -std::numeric_limits<double>::infinity());
  EXPECT_EQ(m.j, 1.0);
}

TEST(Metrics, EmptySet) {
  const Metrics m = compute_metrics(Dataset{}, {1, 1}, 0);
  EXPECT_EQ(m.j1, 0u);
  EXPECT_EQ(m.accuracy, 1.0);
  EXPECT_EQ(m.functional_margin, 0.0);
}

TEST(Metrics, OfALearner) {
  const Dataset ds = textbook();
  LearnerConfig cfg;
  std::unique_ptr<Learner> l;
  ASSERT_TRUE(make_learner(cfg, l).ok);
  ASSERT_TRUE(l->reset(ds).ok);
  l->step(ds);  // w = (3,3), b = 1: y f = 19, 22, -7
  Metrics m = compute_metrics(*l, ds);
  EXPECT_EQ(m.updates, 1u);
  EXPECT_EQ(m.j1, 1u);
  EXPECT_EQ(m.j, 7.0);
  EXPECT_EQ(m.functional_margin, -7.0);
  EXPECT_EQ(m.w_norm, std::sqrt(18.0));
  EXPECT_EQ(accuracy(*l, ds), 2.0 / 3.0);

  // The dual's feature-space norm sqrt(sum c_i c_j K_ij) is ||w|| for the linear kernel.
  cfg.algo = Algo::Dual;
  cfg.pla.eta = 0.5;
  ASSERT_TRUE(make_learner(cfg, l).ok);
  ASSERT_TRUE(l->reset(ds).ok);
  for (int t = 0; t < 5; ++t) l->step(ds);
  m = compute_metrics(*l, ds);
  EXPECT_NEAR(m.w_norm, weight_norm(l->w()), 1e-12);
  EXPECT_GT(m.w_norm, 0.0);
  const Metrics plane = compute_metrics(ds, l->w(), l->b());
  EXPECT_EQ(m.j1, plane.j1);
  EXPECT_NEAR(m.geometric_margin, plane.geometric_margin, 1e-12);
}

}  // namespace
}  // namespace pla::metrics_test
