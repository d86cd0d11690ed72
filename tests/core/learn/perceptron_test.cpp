// Classic PLA against hand-computed textbook numbers.
#include <gtest/gtest.h>

#include "test_files.hpp"

#include "core/learn/perceptron.hpp"
#include "core/data/presets.hpp"

namespace pla::perceptron_test {
namespace {

using test::preset;

Perceptron train(const Dataset& ds, PerceptronConfig cfg, int max_epochs = 100) {
  Perceptron p;
  p.reset(ds, cfg);
  for (int e = 0; e < max_epochs && !p.converged(); ++e) p.run_epoch(ds);
  return p;
}

TEST(ClassicPerceptron, TextbookEtaHalfCyclic) {
  const Dataset ds = preset("textbook");
  PerceptronConfig cfg;
  cfg.eta = 0.5;
  const Perceptron p = train(ds, cfg);
  ASSERT_TRUE(p.converged());
  EXPECT_EQ(p.w(), (std::vector<double>{0.5, 0.5}));
  EXPECT_EQ(p.b(), -1.5);
  EXPECT_EQ(p.updates(), 7u);
}

TEST(ClassicPerceptron, TextbookEtaHalfRestartRule) {
  const Dataset ds = preset("textbook");
  PerceptronConfig cfg;
  cfg.eta = 0.5;
  cfg.restart = true;
  const Perceptron p = train(ds, cfg);
  ASSERT_TRUE(p.converged());
  EXPECT_EQ(p.w(), (std::vector<double>{0.5, 0.5}));
  EXPECT_EQ(p.b(), -1.5);
  EXPECT_EQ(p.updates(), 7u);
}

TEST(ClassicPerceptron, TextbookEtaOne) {
  const Dataset ds = preset("textbook");
  const Perceptron p = train(ds, PerceptronConfig{});
  ASSERT_TRUE(p.converged());
  EXPECT_EQ(p.w(), (std::vector<double>{1.0, 1.0}));
  EXPECT_EQ(p.b(), -3.0);
  EXPECT_EQ(p.updates(), 7u);
}

// The first steps of the textbook trace, by hand: x1 is a mistake at w = 0
// (y * 0 <= 0), giving w = (1.5, 1.5), b = 0.5; x2 is fine; x3 is a mistake.
TEST(ClassicPerceptron, TextbookFirstSteps) {
  const Dataset ds = preset("textbook");
  PerceptronConfig cfg;
  cfg.eta = 0.5;
  Perceptron p;
  p.reset(ds, cfg);
  StepInfo s = p.step(ds);
  EXPECT_EQ(s.index, 0u);
  EXPECT_TRUE(s.mistake);
  EXPECT_EQ(s.score, 0.0);
  EXPECT_EQ(p.w(), (std::vector<double>{1.5, 1.5}));
  EXPECT_EQ(p.b(), 0.5);
  s = p.step(ds);
  EXPECT_EQ(s.index, 1u);
  EXPECT_FALSE(s.mistake);
  EXPECT_EQ(s.score, 4 * 1.5 + 3 * 1.5 + 0.5);
  s = p.step(ds);
  EXPECT_EQ(s.index, 2u);
  EXPECT_TRUE(s.mistake);
  EXPECT_EQ(s.score, 3.5);
  EXPECT_TRUE(s.epoch_end);
  EXPECT_EQ(p.w(), (std::vector<double>{1.0, 1.0}));
  EXPECT_EQ(p.b(), 0.0);
  EXPECT_EQ(p.epoch(), 1u);
  EXPECT_EQ(p.mistakes_per_epoch(), (std::vector<std::uint64_t>{2}));
}

TEST(ClassicPerceptron, RestartRuleGoesBackToFirstPoint) {
  const Dataset ds = preset("textbook");
  PerceptronConfig cfg;
  cfg.eta = 0.5;
  cfg.restart = true;
  Perceptron p;
  p.reset(ds, cfg);
  EXPECT_TRUE(p.step(ds).mistake);         // x1 wrong at w = 0
  EXPECT_EQ(p.step(ds).index, 0u);         // back to x1, not on to x2
}

TEST(ClassicPerceptron, SignOfZeroIsPlusOne) {
  Perceptron p;
  Dataset ds = preset("textbook");
  p.reset(ds, PerceptronConfig{});
  const double origin[2] = {0.0, 0.0};
  EXPECT_EQ(p.predict(origin), 1);
}

TEST(ClassicPerceptron, AndOrAndSixConverge) {
  for (const char* name : {"and", "or", "six"}) {
    const Dataset ds = preset(name);
    const Perceptron p = train(ds, PerceptronConfig{}, 1000);
    EXPECT_TRUE(p.converged()) << name;
    EXPECT_EQ(count_mistakes(ds, p.w(), p.b()), 0u) << name;
  }
}

TEST(ClassicPerceptron, XorNeverConverges) {
  Dataset ds;
  ds.add({0, 0}, -1);
  ds.add({1, 1}, -1);
  ds.add({0, 1}, 1);
  ds.add({1, 0}, 1);
  const Perceptron p = train(ds, PerceptronConfig{}, 200);
  EXPECT_FALSE(p.converged());
  EXPECT_EQ(p.epoch(), 200u);
  EXPECT_GT(count_mistakes(ds, p.w(), p.b()), 0u);
}

TEST(ClassicPerceptron, ShuffleAndRandomOrdersAreSeededAndConverge) {
  const Dataset ds = preset("six");
  for (Order order : {Order::Shuffle, Order::Random}) {
    PerceptronConfig cfg;
    cfg.order = order;
    cfg.seed = 11;
    const Perceptron a = train(ds, cfg, 5000), b = train(ds, cfg, 5000);
    EXPECT_TRUE(a.converged());
    EXPECT_EQ(count_mistakes(ds, a.w(), a.b()), 0u);
    EXPECT_EQ(a.w(), b.w());
    EXPECT_EQ(a.b(), b.b());
    EXPECT_EQ(a.steps(), b.steps());
  }
}

TEST(ClassicPerceptron, ShuffleVisitsEveryPointOncePerEpoch) {
  const Dataset ds = preset("six");
  PerceptronConfig cfg;
  cfg.order = Order::Shuffle;
  cfg.seed = 3;
  Perceptron p;
  p.reset(ds, cfg);
  for (int e = 0; e < 5; ++e) {
    std::vector<int> seen(ds.size(), 0);
    for (std::size_t k = 0; k < ds.size(); ++k) ++seen[p.step(ds).index];
    for (int c : seen) EXPECT_EQ(c, 1);
  }
}

TEST(ClassicPerceptron, RandomInitIsSmallAndSeeded) {
  const Dataset ds = preset("six");
  PerceptronConfig cfg;
  cfg.init = Init::Random;
  cfg.seed = 5;
  Perceptron a, b;
  a.reset(ds, cfg);
  b.reset(ds, cfg);
  EXPECT_EQ(a.w(), b.w());
  for (double v : a.w()) {
    EXPECT_NE(v, 0.0);
    EXPECT_LT(std::abs(v), 0.01);
  }
  cfg.seed = 6;
  b.reset(ds, cfg);
  EXPECT_NE(a.w(), b.w());
}

TEST(ClassicPerceptron, EmptyDataIsANoOp) {
  Dataset ds;
  Perceptron p;
  p.reset(ds, PerceptronConfig{});
  EXPECT_EQ(p.step(ds).index, 0u);
  EXPECT_EQ(p.run_epoch(ds), 0u);
  EXPECT_EQ(p.steps(), 0u);
}

}  // namespace
}  // namespace pla::perceptron_test
