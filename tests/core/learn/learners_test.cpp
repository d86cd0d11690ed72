// Every learner of learners.hpp on small hand-checked cases, the stop rules and the factory.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "core/learn/learners.hpp"
#include "core/data/lift.hpp"
#include "core/learn/perceptron.hpp"
#include "core/base/rng.hpp"
#include "expect_message.hpp"

namespace pla::learners_test {
namespace {

using test::arg;
using test::failed_with;

Dataset rows(int d, std::initializer_list<std::pair<std::vector<double>, int>> points) {
  Dataset ds;
  ds.d = d;
  for (const auto& p : points) EXPECT_TRUE(ds.add(p.first, p.second).ok);
  return ds;
}

Dataset textbook() { return rows(2, {{{3, 3}, 1}, {{4, 3}, 1}, {{1, 1}, -1}}); }
Dataset and_set() { return rows(2, {{{0, 0}, -1}, {{0, 1}, -1}, {{1, 0}, -1}, {{1, 1}, 1}}); }
Dataset or_set() { return rows(2, {{{0, 0}, -1}, {{0, 1}, 1}, {{1, 0}, 1}, {{1, 1}, 1}}); }
Dataset xor_set() { return rows(2, {{{0, 0}, -1}, {{1, 1}, -1}, {{0, 1}, 1}, {{1, 0}, 1}}); }
Dataset six() {
  return rows(2, {{{3, 3}, 1}, {{4, 3}, 1}, {{1, 1}, -1}, {{2, 2}, -1}, {{3, 1}, -1}, {{5, 2}, 1}});
}

// Gaussian points labelled by a fixed plane, a share of the labels flipped.
Dataset noisy_plane(std::uint64_t seed, int d, std::size_t n, double flip) {
  Rng rng(seed);
  Dataset ds;
  ds.d = d;
  for (std::size_t i = 0; i < n; ++i) {
    std::vector<double> x(static_cast<std::size_t>(d));
    double s = 0.25;
    for (int j = 0; j < d; ++j) {
      x[static_cast<std::size_t>(j)] = rng.normal();
      s += (j + 1) * x[static_cast<std::size_t>(j)];
    }
    int y = s >= 0 ? 1 : -1;
    if (rng.uniform01() < flip) y = -y;
    ds.add(x, y);
  }
  return ds;
}

// Points of a disk r < 1 (+1) inside a ring 2 < r < 3 (-1): no line separates them.
Dataset disk_in_ring(std::uint64_t seed, std::size_t n) {
  Rng rng(seed);
  Dataset ds;
  for (std::size_t i = 0; i < n; ++i) {
    const bool inner = i % 2 == 0;
    const double r = inner ? rng.uniform(0.0, 1.0) : rng.uniform(2.0, 3.0);
    const double a = rng.uniform(0.0, 2.0 * kPi);
    ds.add({r * det_cos(a), r * det_sin(a)}, inner ? 1 : -1);
  }
  return ds;
}

std::unique_ptr<Learner> make(const LearnerConfig& cfg, const Dataset& ds) {
  std::unique_ptr<Learner> l;
  const Status st = make_learner(cfg, l);
  EXPECT_TRUE(st.ok) << st.error;
  if (!st) return nullptr;
  const Status rs = l->reset(ds);
  EXPECT_TRUE(rs.ok) << rs.error;
  return l;
}

LearnerConfig config(const std::string& algo, double eta = 1.0) {
  LearnerConfig cfg;
  EXPECT_TRUE(parse_algo(algo, cfg.algo)) << algo;
  cfg.pla.eta = eta;
  return cfg;
}

TrainResult run(Learner& l, const Dataset& ds, std::uint64_t max_epochs = 1000) {
  StopRules rules;
  rules.max_epochs = max_epochs;
  TrainResult r;
  const Status st = train(l, ds, rules, r);
  EXPECT_TRUE(st.ok) << st.error;
  return r;
}

// ---------------------------------------------------------------- factory

TEST(Learners, FactoryKnowsEveryNameAndNamesBadInput) {
  for (const std::string& name : learner_names()) {
    std::unique_ptr<Learner> l;
    EXPECT_TRUE(make_learner(config(name), l).ok) << name;
    ASSERT_NE(l, nullptr);
    EXPECT_EQ(to_string(l->config().algo), name);
    EXPECT_EQ(l->alpha().empty(), true);
    EXPECT_FALSE(l->bound_to(textbook()));  // not reset yet
  }
  // An unknown name never becomes an Algo; a value outside the enum is refused by name.
  Algo algo = Algo::Voted;
  EXPECT_FALSE(parse_algo("perceptronish", algo));
  EXPECT_EQ(algo, Algo::Voted);
  std::unique_ptr<Learner> l;
  LearnerConfig odd;
  odd.algo = static_cast<Algo>(99);
  Status st = make_learner(odd, l);
  EXPECT_TRUE(failed_with(st, Msg::learner_unknown, {{"algo", "99"}, {"known", learner_names_joined("|")}}));
  EXPECT_EQ(l, nullptr);
  EXPECT_TRUE(failed_with(make_learner(config("classic", 0.0), l), Msg::learner_eta));
  EXPECT_TRUE(failed_with(make_learner(config("classic", NAN), l), Msg::learner_eta));
  LearnerConfig margin = config("margin");
  margin.pla.tau = -1.0;
  st = make_learner(margin, l);
  EXPECT_TRUE(failed_with(st, Msg::learner_tau));
  LearnerConfig dual = config("dual");
  dual.pla.init = Init::Random;
  st = make_learner(dual, l);
  EXPECT_TRUE(failed_with(st, Msg::learner_dual_init, {{"algo", "dual"}}));
  LearnerConfig no_gram = config("kernel");
  no_gram.max_gram_points = 0;
  EXPECT_TRUE(failed_with(make_learner(no_gram, l), Msg::learner_max_gram_points));
  LearnerConfig rbf = config("kernel");
  rbf.kernel.type = KernelType::Rbf;
  rbf.kernel.gamma = 0.0;
  st = make_learner(rbf, l);
  EXPECT_TRUE(failed_with(st, Msg::kernel_rbf_gamma));
}

TEST(Learners, OneNameTableForTheAlgorithms) {
  const std::vector<std::string> names = {"classic", "pocket", "averaged", "voted",
                                          "batch",   "margin", "dual",     "kernel"};
  EXPECT_EQ(learner_names(), names);
  EXPECT_EQ(learner_names_joined("|"), "classic|pocket|averaged|voted|batch|margin|dual|kernel");
  const Algo all[] = {Algo::Classic, Algo::Pocket, Algo::Averaged, Algo::Voted,
                      Algo::Batch,   Algo::Margin, Algo::Dual,     Algo::Kernel};
  for (std::size_t i = 0; i < names.size(); ++i) {
    EXPECT_EQ(to_string(all[i]), names[i]);
    Algo back = Algo::Classic;
    EXPECT_TRUE(parse_algo(names[i], back)) << names[i];
    EXPECT_EQ(back, all[i]);
  }
  Algo a = Algo::Classic;
  EXPECT_FALSE(parse_algo("Classic", a));
  EXPECT_FALSE(parse_algo("", a));
}

TEST(Learners, DualRefusesTooManyPointsForTheGramMatrix) {
  LearnerConfig cfg = config("dual");
  cfg.max_gram_points = 10;
  std::unique_ptr<Learner> l;
  ASSERT_TRUE(make_learner(cfg, l).ok);
  const Dataset ds = noisy_plane(1, 2, 11, 0.0);
  const Status st = l->reset(ds);
  EXPECT_TRUE(failed_with(st, Msg::kernel_gram_too_large, {{"n", "11"}, {"limit", "10"}}));
  EXPECT_FALSE(l->bound_to(ds));
  TrainResult r;
  EXPECT_FALSE(train(*l, ds, StopRules{}, r).ok);
  EXPECT_EQ(kMaxGramPoints, 5000u);
}

// ---------------------------------------------------------------- classic and its policies

TEST(Learners, ClassicIsThePerceptronStepForStep) {
  const Dataset ds = noisy_plane(3, 3, 40, 0.1);
  for (Order order : {Order::Cyclic, Order::Shuffle, Order::Random}) {
    for (bool restart : {false, true}) {
      LearnerConfig cfg = config("classic", 0.3);
      cfg.pla.order = order;
      cfg.pla.restart = restart;
      cfg.pla.init = Init::Random;
      cfg.pla.seed = 9;
      auto l = make(cfg, ds);
      Perceptron p;
      p.reset(ds, cfg.pla);
      for (int t = 0; t < 500; ++t) {
        const StepInfo a = l->step(ds), b = p.step(ds);
        ASSERT_EQ(a.index, b.index);
        ASSERT_EQ(a.mistake, b.mistake);
        ASSERT_EQ(a.epoch_end, b.epoch_end);
      }
      EXPECT_EQ(l->w(), p.w());
      EXPECT_EQ(l->b(), p.b());
      EXPECT_EQ(l->updates(), p.updates());
      EXPECT_EQ(l->mistakes_per_epoch(), p.mistakes_per_epoch());
    }
  }
}

TEST(Learners, TextbookByTrainConverges) {
  auto l = make(config("classic", 0.5), textbook());
  const TrainResult r = run(*l, textbook());
  EXPECT_EQ(r.stop_reason, StopReason::Converged);
  EXPECT_STREQ(to_string(r.stop_reason), "converged");
  EXPECT_TRUE(r.converged);
  EXPECT_EQ(r.w, (std::vector<double>{0.5, 0.5}));
  EXPECT_EQ(r.b, -1.5);
  EXPECT_EQ(r.updates, 7u);
  EXPECT_EQ(r.train_mistakes, 0u);
  EXPECT_EQ(r.epochs, r.mistakes_per_epoch.size());
  EXPECT_EQ(r.mistakes_per_epoch.back(), 0u);
  EXPECT_EQ(r.message.code, Msg::stop_converged);
  EXPECT_EQ(arg(r.message, "epochs"), std::to_string(r.epochs));
  EXPECT_EQ(arg(r.message, "updates"), "7");
}

TEST(Learners, AndOrTextbookSixAreLearntByEveryLinearLearner) {
  for (const char* algo : {"classic", "pocket", "batch", "margin", "dual"}) {
    for (const Dataset& ds : {and_set(), or_set(), textbook(), six()}) {
      auto l = make(config(algo), ds);
      const TrainResult r = run(*l, ds);
      EXPECT_EQ(r.stop_reason, StopReason::Converged) << algo;
      EXPECT_EQ(r.train_mistakes, 0u) << algo;
      EXPECT_EQ(count_mistakes(ds, r.w, r.b), 0u) << algo;
      for (std::size_t i = 0; i < ds.size(); ++i) EXPECT_EQ(l->predict(ds.row(i)), ds.y[i]) << algo;
    }
  }
  // averaged and voted: the running (classic) weights converge; their hypothesis
  // is a mean over the whole run, judged on its own below.
  for (const char* algo : {"averaged", "voted"}) {
    auto l = make(config(algo), and_set());
    const TrainResult r = run(*l, and_set());
    EXPECT_EQ(r.stop_reason, StopReason::Converged) << algo;
    EXPECT_EQ(count_mistakes(and_set(), l->running_w(), l->running_b()), 0u) << algo;
  }
}

// Hand-computed batch run on the textbook set, eta = 1, w = 0:
// epoch 1 all three points score 0 (mistakes): w += (3,3)+(4,3)-(1,1) = (6,5), b += 1.
// Then (1,1) stays wrong for epochs 2..6 (w, b -> (5,4),0 (4,3),-1 (3,2),-2 (2,1),-3 (1,0),-4),
// epoch 7 gets (3,3) and (4,3) wrong: w = (1,0)+(7,6) = (8,6), b = -2; (1,1) then
// wrong in epochs 8..12: (7,5),-3 (6,4),-4 (5,3),-5 (4,2),-6 (3,1),-7; epoch 13 is clean.
TEST(Learners, BatchTextbookByHand) {
  auto l = make(config("batch"), textbook());
  const TrainResult r = run(*l, textbook());
  EXPECT_EQ(r.stop_reason, StopReason::Converged);
  EXPECT_EQ(r.w, (std::vector<double>{3, 1}));
  EXPECT_EQ(r.b, -7.0);
  EXPECT_EQ(r.mistakes_per_epoch, (std::vector<std::uint64_t>{3, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 0}));
  EXPECT_EQ(r.updates, 15u);
  EXPECT_EQ(r.steps, 39u);
}

TEST(Learners, BatchStepAppliesTheSumOnlyAtTheEpochEnd) {
  auto l = make(config("batch"), textbook());
  StepInfo s = l->step(textbook());
  EXPECT_TRUE(s.mistake);
  EXPECT_EQ(l->running_w(), (std::vector<double>{0, 0}));  // not yet
  l->step(textbook());
  s = l->step(textbook());
  EXPECT_TRUE(s.epoch_end);
  EXPECT_EQ(l->running_w(), (std::vector<double>{6, 5}));
  EXPECT_EQ(l->running_b(), 1.0);
}

// XOR: no line gets all four right, and one gets three (e.g. x1 + x2 - 0.5 >= 0 misses (1,1)).
// From w = 0 in cyclic order, eta = 1, the classic run is a 4-cycle through
// (w1, w2, b) = (0,0,-1), (0,1,0), (1,1,1), (1,1,0) with J1 = 2, 3, 2, 2 (ties y f = 0
// count as mistakes), so the pocket can only hold 2 there; small random start
// weights break the ties and the pocket finds the optimum of 1.
TEST(Learners, PocketFindsXorsBestOfOneMistake) {
  const Dataset ds = xor_set();
  auto zero = make(config("pocket"), ds);
  const TrainResult rz = run(*zero, ds, 50);
  EXPECT_EQ(rz.stop_reason, StopReason::MaxEpochs);
  EXPECT_EQ(rz.train_mistakes, 2u);
  EXPECT_EQ(rz.message.code, Msg::stop_max_epochs);
  EXPECT_EQ(arg(rz.message, "max_epochs"), "50");
  EXPECT_EQ(arg(rz.message, "mistakes"), "2");
  EXPECT_EQ(arg(rz.message, "points"), "4");
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    LearnerConfig cfg = config("pocket");
    cfg.pla.init = Init::Random;
    cfg.pla.order = Order::Random;
    cfg.pla.seed = seed;
    auto l = make(cfg, ds);
    const TrainResult r = run(*l, ds, 50);
    EXPECT_EQ(r.train_mistakes, 1u) << seed;
    EXPECT_EQ(count_mistakes(ds, l->w(), l->b()), 1u);
  }
}

// Batch keeps the best weights it evaluated: an epoch's mistakes are J1 of the
// weights it used, so the result is min over epochs. Points on the x1 axis:
// + at 1, 2, 3; - at -1, -2 and (noise) 2.5. The best threshold misses 1 point.
// Epoch 1 at w = 0 gets all 6 wrong: w = (1+2+3+1+2-2.5, 0) = (6.5, 0), b = 3-3 = 0,
// which misses only the noisy point: the optimum, kept whatever follows.
TEST(Learners, BatchKeepsTheBestEpochOnNonSeparableData) {
  const Dataset ds = rows(2, {{{1, 0}, 1}, {{2, 0}, 1}, {{3, 0}, 1}, {{-1, 0}, -1}, {{-2, 0}, -1}, {{2.5, 0}, -1}});
  auto l = make(config("batch"), ds);
  const TrainResult r = run(*l, ds, 60);
  EXPECT_EQ(r.stop_reason, StopReason::MaxEpochs);
  ASSERT_GE(r.mistakes_per_epoch.size(), 2u);
  EXPECT_EQ(r.mistakes_per_epoch[0], 6u);
  EXPECT_EQ(r.mistakes_per_epoch[1], 1u);
  EXPECT_EQ(r.train_mistakes, 1u);
  EXPECT_EQ(r.w, (std::vector<double>{6.5, 0}));
  EXPECT_EQ(r.b, 0.0);
  // On XOR the batch sum swings between two mirror weight vectors; it still returns the best it saw.
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    LearnerConfig cfg = config("batch");
    cfg.pla.init = Init::Random;
    cfg.pla.seed = seed;
    auto x = make(cfg, xor_set());
    const TrainResult rx = run(*x, xor_set(), 30);
    std::uint64_t best = 4;
    for (std::uint64_t m : rx.mistakes_per_epoch) best = std::min(best, m);
    EXPECT_EQ(rx.train_mistakes, best);
    EXPECT_LE(rx.train_mistakes, 2u);
  }
}

TEST(Learners, PocketNeverEndsWorseThanTheClassicWeightsOfTheSameRun) {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const Dataset ds = noisy_plane(seed, 2, 60, 0.15);
    LearnerConfig cfg = config("pocket", 0.7);
    cfg.pla.order = Order::Shuffle;
    cfg.pla.seed = seed;
    auto pocket = make(cfg, ds);
    const TrainResult r = run(*pocket, ds, 30);
    Perceptron classic;
    classic.reset(ds, cfg.pla);
    for (int e = 0; e < 30 && !classic.converged(); ++e) classic.run_epoch(ds);
    ASSERT_EQ(pocket->running_w(), classic.w());  // the same run underneath
    const std::size_t last = count_mistakes(ds, classic.w(), classic.b());
    EXPECT_LE(r.train_mistakes, last) << seed;
    EXPECT_EQ(r.train_mistakes, count_mistakes(ds, pocket->w(), pocket->b()));
  }
}

// Textbook, eta = 1, one cyclic epoch. Weights after each step:
//   step 1 (3,3)+ mistake at w = 0: w1 = (3,3), b1 = 1
//   step 2 (4,3)+ scores 22, right:  w2 = (3,3), b2 = 1
//   step 3 (1,1)- scores 7, mistake: w3 = (2,2), b3 = 0
// averaged: ((3+3+2)/3, same), b = 2/3.
// voted: v = (3,3,1) survived with c = 2, v = (2,2,0) has c = 1 (the zero start has c = 0):
// at x = (-0.3, 0): 2 sign(0.1) + 1 sign(-0.6) = 1 -> +1, while the average scores
// 8/3 (-0.3) + 2/3 < 0 -> -1.
TEST(Learners, AveragedAndVotedByHandOnThreePoints) {
  const Dataset ds = textbook();
  auto avg = make(config("averaged"), ds);
  auto voted = make(config("voted"), ds);
  for (int t = 0; t < 3; ++t) {
    avg->step(ds);
    voted->step(ds);
  }
  EXPECT_EQ(avg->running_w(), (std::vector<double>{2, 2}));
  EXPECT_EQ(avg->w(), (std::vector<double>{8.0 / 3.0, 8.0 / 3.0}));
  EXPECT_EQ(avg->b(), 2.0 / 3.0);
  const double x[2] = {-0.3, 0.0};
  EXPECT_EQ(avg->predict(x), -1);
  EXPECT_TRUE(avg->linear());
  EXPECT_FALSE(voted->linear());
  EXPECT_EQ(voted->score(x), 1.0);
  EXPECT_EQ(voted->predict(x), 1);
  const double far_below[2] = {-1.0, -1.0};  // 2 sign(-5) + sign(-4) = -3
  EXPECT_EQ(voted->score(far_below), -3.0);
  EXPECT_EQ(voted->score_scale(), 3.0);  // sum of the counts = steps
  EXPECT_EQ(voted->w(), avg->w());        // voted draws as the averaged hyperplane
}

TEST(Learners, MarginPerceptronEndsWithEveryMarginAboveTau) {
  for (double tau : {0.5, 2.0, 10.0}) {
    for (const Dataset& ds : {six(), noisy_plane(7, 3, 50, 0.0)}) {
      LearnerConfig cfg = config("margin", 0.5);
      cfg.pla.tau = tau;
      auto l = make(cfg, ds);
      const TrainResult r = run(*l, ds, 100000);
      ASSERT_EQ(r.stop_reason, StopReason::Converged) << tau;
      for (std::size_t i = 0; i < ds.size(); ++i) EXPECT_GT(ds.y[i] * score(r.w, r.b, ds.row(i)), tau);
    }
  }
  // The classic rule stops as soon as all are right: its last margin on six is below 2.
  auto classic = make(config("classic", 0.5), six());
  const TrainResult r = run(*classic, six());
  const Dataset ds = six();
  double min_margin = 1e300;
  for (std::size_t i = 0; i < ds.size(); ++i) min_margin = std::min(min_margin, ds.y[i] * score(r.w, r.b, ds.row(i)));
  EXPECT_LT(min_margin, 2.0);
}

// ---------------------------------------------------------------- dual == primal

void expect_dual_equals_primal(const Dataset& ds, LearnerConfig cfg, int steps, bool bitwise) {
  cfg.algo = Algo::Dual;
  auto dual = make(cfg, ds);
  Perceptron primal;
  primal.reset(ds, cfg.pla);
  double scale = 0.0;
  std::vector<std::uint64_t> caused(ds.size(), 0);  // updates per point, counted from the primal run
  for (int t = 0; t < steps; ++t) {
    const StepInfo a = dual->step(ds), b = primal.step(ds);
    caused[b.index] += b.mistake;
    ASSERT_EQ(a.index, b.index) << "step " << t;
    ASSERT_EQ(a.mistake, b.mistake) << "step " << t;
    ASSERT_EQ(a.epoch_end, b.epoch_end);
    if (bitwise) ASSERT_EQ(a.score, b.score);
    else ASSERT_NEAR(a.score, b.score, 1e-12 * (1.0 + std::fabs(b.score)));
  }
  EXPECT_EQ(dual->b(), primal.b());  // both add eta y in the same update order
  for (double v : primal.w()) scale = std::max(scale, std::fabs(v));
  ASSERT_EQ(dual->w().size(), primal.w().size());
  for (std::size_t j = 0; j < primal.w().size(); ++j) {
    if (bitwise) EXPECT_EQ(dual->w()[j], primal.w()[j]);
    else EXPECT_NEAR(dual->w()[j], primal.w()[j], 1e-12 * scale);
  }
  EXPECT_EQ(dual->updates(), primal.updates());
  EXPECT_EQ(dual->alpha(), caused);
  EXPECT_EQ(dual->mistakes_per_epoch(), primal.mistakes_per_epoch());
  EXPECT_EQ(dual->converged(), primal.converged());
}

// Small-integer data and eta = 1 or 0.5: every product and sum is exact, so the
// dual's sum_i alpha_i eta y_i (x_i.x) and the primal's (sum_k eta y_k x_k).x agree to the bit.
TEST(Learners, DualLinearIsThePrimalToTheBitOnExactData) {
  for (const Dataset& ds : {textbook(), six(), and_set(), or_set(), xor_set()}) {
    for (double eta : {1.0, 0.5}) {
      for (Order order : {Order::Cyclic, Order::Shuffle, Order::Random}) {
        for (bool restart : {false, true}) {
          LearnerConfig cfg = config("dual", eta);
          cfg.pla.order = order;
          cfg.pla.restart = restart;
          cfg.pla.seed = 5;
          expect_dual_equals_primal(ds, cfg, 200, true);
        }
      }
    }
  }
}

// Real-valued data: the two sums round differently (distributivity does not hold
// in floating point), so scores and w agree to 1e-12 relative, the sequence of
// visits and mistakes exactly, and b (the same additions) to the bit.
TEST(Learners, DualLinearMatchesThePrimalOnRealData) {
  for (std::uint64_t seed : {11u, 12u}) {
    const Dataset ds = noisy_plane(seed, 5, 150, 0.05);
    for (Order order : {Order::Cyclic, Order::Shuffle, Order::Random}) {
      LearnerConfig cfg = config("dual", 0.1);
      cfg.pla.order = order;
      cfg.pla.seed = seed;
      expect_dual_equals_primal(ds, cfg, 3000, false);
    }
  }
}

// ---------------------------------------------------------------- kernels and lifting

TEST(Learners, KernelPerceptronSeparatesXorAndADiskInARing) {
  Kernel poly;
  poly.type = KernelType::Poly;
  poly.degree = 2;
  poly.coef0 = 1.0;
  Kernel rbf;
  rbf.type = KernelType::Rbf;
  rbf.gamma = 1.0;
  const Dataset ring = disk_in_ring(21, 80), fresh = disk_in_ring(22, 200);
  // No line does it.
  auto classic = make(config("classic"), ring);
  EXPECT_EQ(run(*classic, ring, 200).stop_reason, StopReason::MaxEpochs);
  for (const Kernel& k : {poly, rbf}) {
    LearnerConfig cfg = config("kernel");
    cfg.kernel = k;
    auto on_xor = make(cfg, xor_set());
    const TrainResult rx = run(*on_xor, xor_set());
    EXPECT_EQ(rx.stop_reason, StopReason::Converged) << to_string(k.type);
    EXPECT_EQ(rx.train_mistakes, 0u);
    EXPECT_TRUE(rx.w.empty());
    EXPECT_FALSE(on_xor->linear());
    auto on_ring = make(cfg, ring);
    const TrainResult rr = run(*on_ring, ring);
    EXPECT_EQ(rr.stop_reason, StopReason::Converged) << to_string(k.type);
    EXPECT_EQ(rr.train_mistakes, 0u);
    std::size_t right = 0;
    for (std::size_t i = 0; i < fresh.size(); ++i) right += on_ring->predict(fresh.row(i)) == fresh.y[i];
    EXPECT_GE(right, 190u) << to_string(k.type);  // the gap 1 < r < 2 makes new points easy too
  }
}

TEST(Learners, LiftingSquaresMakesTheRingLinearlySeparable) {
  const Dataset ring = disk_in_ring(31, 80), fresh = disk_in_ring(32, 200);
  Lift lift;
  ASSERT_TRUE(parse_lift("x1^2,x2^2", 2, lift).ok);
  Dataset lifted;
  ASSERT_TRUE(lift_dataset(lift, ring, lifted).ok);
  auto l = make(config("classic"), lifted);
  const TrainResult r = run(*l, lifted);
  EXPECT_EQ(r.stop_reason, StopReason::Converged);
  std::size_t right = 0;
  for (std::size_t i = 0; i < fresh.size(); ++i) {
    const std::vector<double> phi = lift_point(lift, fresh.row(i));
    right += l->predict(phi.data()) == fresh.y[i];
  }
  EXPECT_GE(right, 190u);
  // The learnt curve is w1 x1^2 + w2 x2^2 + b = 0 with b > 0 > w1, w2: an ellipse around the disk.
  EXPECT_LT(r.w[0], 0.0);
  EXPECT_LT(r.w[1], 0.0);
  EXPECT_GT(r.b, 0.0);
}

// ---------------------------------------------------------------- stop rules

TEST(Learners, MaxEpochsAndMaxUpdatesStopXor) {
  auto l = make(config("classic"), xor_set());
  StopRules rules;
  rules.max_epochs = 17;
  TrainResult r;
  ASSERT_TRUE(train(*l, xor_set(), rules, r).ok);
  EXPECT_EQ(r.stop_reason, StopReason::MaxEpochs);
  EXPECT_EQ(r.epochs, 17u);
  EXPECT_FALSE(r.converged);
  EXPECT_GT(r.train_mistakes, 0u);

  l = make(config("classic"), xor_set());
  rules.max_epochs = 0;
  rules.max_updates = 5;
  ASSERT_TRUE(train(*l, xor_set(), rules, r).ok);
  EXPECT_EQ(r.stop_reason, StopReason::MaxUpdates);
  EXPECT_STREQ(to_string(r.stop_reason), "max_updates");
  EXPECT_EQ(r.updates, 5u);
  // train continues from the current state: 5 more updates.
  rules.max_updates = 10;
  ASSERT_TRUE(train(*l, xor_set(), rules, r).ok);
  EXPECT_EQ(r.updates, 10u);
}

TEST(Learners, TrainRefusesWhatCannotStop) {
  auto l = make(config("classic"), xor_set());
  StopRules none;
  none.max_epochs = 0;
  TrainResult r;
  Status st = train(*l, xor_set(), none, r);
  EXPECT_TRUE(failed_with(st, Msg::train_no_stop_rule));
  EXPECT_TRUE(failed_with(train(*l, Dataset{}, StopRules{}, r), Msg::train_empty));
  EXPECT_TRUE(failed_with(train(*l, six(), StopRules{}, r), Msg::train_unbound));  // bound to xor, not six
  StopRules early;
  early.patience = 2;
  st = train(*l, xor_set(), early, r);
  EXPECT_TRUE(failed_with(st, Msg::train_patience_needs_validation));
  Dataset three_d;
  three_d.d = 3;
  three_d.add({1, 2, 3}, 1);
  EXPECT_TRUE(failed_with(train(*l, xor_set(), early, r, &three_d), Msg::train_validation_d,
                          {{"validation_d", "3"}, {"d", "2"}}));
  EXPECT_EQ(l->steps(), 0u);
}

TEST(Learners, DivergesOnHugeEtaAndCoordinates) {
  const Dataset ds = rows(2, {{{1e10, 1e10}, 1}, {{-1e10, -2e10}, -1}, {{1e10, -1e10}, 1}});
  for (const std::string& algo : learner_names()) {
    LearnerConfig cfg = config(algo, 1e308);
    cfg.kernel.type = KernelType::Poly;
    auto l = make(cfg, ds);
    const TrainResult r = run(*l, ds);
    EXPECT_EQ(r.stop_reason, StopReason::Diverged) << algo;
    EXPECT_FALSE(r.converged) << algo;
    EXPECT_TRUE(l->diverged()) << algo;
    EXPECT_EQ(r.message.code, Msg::stop_diverged) << algo;
    EXPECT_EQ(arg(r.message, "steps"), std::to_string(r.steps)) << algo;
  }
  // The bare Perceptron no longer calls NaN weights converged either.
  Perceptron p;
  PerceptronConfig pc;
  pc.eta = 1e308;
  p.reset(ds, pc);
  for (int e = 0; e < 5; ++e) p.run_epoch(ds);
  EXPECT_TRUE(p.diverged());
  EXPECT_FALSE(p.converged());
}

TEST(Learners, EarlyStoppingRestoresTheBestValidationEpoch) {
  const Dataset tr = noisy_plane(41, 2, 120, 0.2), val = noisy_plane(42, 2, 80, 0.0);
  auto l = make(config("classic", 1.0), tr);
  StopRules rules;
  rules.patience = 3;
  TrainResult r;
  ASSERT_TRUE(train(*l, tr, rules, r, &val).ok);
  ASSERT_EQ(r.stop_reason, StopReason::EarlyStopping);
  // validation_mistakes[0] is the start, [e] after epoch e.
  const std::vector<std::size_t>& v = r.validation_mistakes;
  std::size_t best = 0;
  for (std::size_t e = 1; e < v.size(); ++e)
    if (v[e] < v[best]) best = e;
  EXPECT_EQ(r.best_epoch, best);
  EXPECT_EQ(v.size(), best + 1 + rules.patience);  // stopped `patience` epochs after the best
  EXPECT_EQ(r.epochs, best);                        // the learner is back at that epoch
  EXPECT_EQ(l->epoch(), best);
  EXPECT_EQ(count_mistakes(*l, val), v[best]);
  // The restored weights are the classic weights after `best` epochs.
  Perceptron p;
  p.reset(tr, l->config().pla);
  for (std::size_t e = 0; e < best; ++e) p.run_epoch(tr);
  EXPECT_EQ(r.w, p.w());
  EXPECT_EQ(r.b, p.b());
  EXPECT_EQ(r.message.code, Msg::stop_early);
  EXPECT_EQ(arg(r.message, "patience"), "3");
  EXPECT_EQ(arg(r.message, "best_epoch"), std::to_string(best));
  EXPECT_EQ(arg(r.message, "stop_epoch"), std::to_string(best + rules.patience));
  EXPECT_EQ(arg(r.message, "validation_mistakes"), std::to_string(v[best]));
  EXPECT_EQ(arg(r.message, "validation_points"), "80");
}

// ---------------------------------------------------------------- determinism and plumbing

TEST(Learners, SameSeedSameResultForEveryLearner) {
  const Dataset ds = noisy_plane(51, 3, 50, 0.1);
  for (const std::string& algo : learner_names()) {
    LearnerConfig cfg = config(algo, 0.3);
    cfg.pla.order = Order::Shuffle;
    cfg.pla.seed = 77;
    cfg.pla.tau = cfg.algo == Algo::Margin ? 0.5 : 0.0;
    auto a = make(cfg, ds), b = make(cfg, ds);
    const TrainResult ra = run(*a, ds, 40), rb = run(*b, ds, 40);
    EXPECT_EQ(ra.w, rb.w) << algo;
    EXPECT_EQ(ra.b, rb.b) << algo;
    EXPECT_EQ(ra.mistakes_per_epoch, rb.mistakes_per_epoch) << algo;
    for (std::size_t i = 0; i < ds.size(); ++i) EXPECT_EQ(a->score(ds.row(i)), b->score(ds.row(i))) << algo;
  }
}

TEST(Learners, CloneAndAssignCopyTheWholeState) {
  const Dataset ds = noisy_plane(61, 2, 30, 0.2);
  for (const std::string& algo : learner_names()) {
    LearnerConfig cfg = config(algo);
    cfg.pla.order = Order::Random;
    auto l = make(cfg, ds);
    for (int t = 0; t < 45; ++t) l->step(ds);
    auto copy = l->clone();
    for (int t = 0; t < 100; ++t) {
      const StepInfo a = l->step(ds), b = copy->step(ds);
      ASSERT_EQ(a.index, b.index) << algo;
    }
    EXPECT_EQ(l->w(), copy->w()) << algo;
    EXPECT_EQ(l->mistakes_per_epoch(), copy->mistakes_per_epoch()) << algo;
  }
  auto classic = make(config("classic"), ds), batch = make(config("batch"), ds);
  EXPECT_FALSE(classic->assign(*batch));
  auto pocket = make(config("pocket"), ds);
  EXPECT_FALSE(classic->assign(*pocket));  // same engine, another algo
  auto classic2 = make(config("classic"), ds);
  classic2->step(ds);
  EXPECT_TRUE(classic->assign(*classic2));
  EXPECT_EQ(classic->steps(), 1u);
}

TEST(Learners, UnboundOrEmptyDataIsANoOp) {
  auto l = make(config("pocket"), textbook());
  EXPECT_EQ(l->step(six()).index, six().size());  // another size: nothing happens
  EXPECT_EQ(l->run_epoch(six()), 0u);
  EXPECT_EQ(l->steps(), 0u);
  Dataset empty;
  for (const std::string& algo : learner_names()) {
    auto e = make(config(algo), empty);
    EXPECT_EQ(e->step(empty).index, 0u) << algo;
    EXPECT_EQ(e->run_epoch(empty), 0u);
    const double origin[2] = {0, 0};
    EXPECT_EQ(e->predict(origin), 1) << algo;  // f = 0 and sign(0) = +1
  }
}

}  // namespace
}  // namespace pla::learners_test
