// Numeric safety: overflow stops training with a message naming the cause; degenerate
// data (duplicate points with opposite labels, all points identical, d = 1, N = 1, a
// single class) gets a defined answer from compute_margin, train and the Session,
// checked against values worked out by hand.
#include <gtest/gtest.h>

#include "test_files.hpp"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/learn/learners.hpp"
#include "core/theory/margin.hpp"
#include "core/lab/session/session.hpp"
#include "expect_message.hpp"

namespace pla::numeric_test {
namespace {

using test::arg;

using test::contains;

Dataset make(int d, const std::vector<std::vector<double>>& xs, const std::vector<int>& ys) {
  Dataset ds;
  ds.d = d;
  for (std::size_t i = 0; i < xs.size(); ++i) EXPECT_TRUE(ds.add(xs[i], ys[i]).ok);
  return ds;
}

TrainResult run(const Dataset& ds, const std::string& algo, double eta, std::uint64_t max_epochs = 50) {
  LearnerConfig cfg;
  EXPECT_TRUE(parse_algo(algo, cfg.algo)) << algo;
  cfg.pla.eta = eta;
  if (cfg.algo == Algo::Margin) cfg.pla.tau = 0.5;
  if (cfg.algo == Algo::Kernel) cfg.kernel.type = KernelType::Rbf;
  std::unique_ptr<Learner> l;
  EXPECT_TRUE(make_learner(cfg, l).ok);
  EXPECT_TRUE(l->reset(ds).ok);
  StopRules rules;
  rules.max_epochs = max_epochs;
  TrainResult r;
  const Status st = train(*l, ds, rules, r);
  EXPECT_TRUE(st.ok) << st.error;
  return r;
}

bool all_finite(const std::vector<double>& v) {
  for (double x : v)
    if (!std::isfinite(x)) return false;
  return true;
}

// ---------------------------------------------------------------- overflow

TEST(Numeric, HugeEtaWithHugeCoordinatesStopsAsDivergedForEveryLearner) {
  // eta * x = 1e308 * 1e300 overflows at the first update.
  const Dataset ds = make(2, {{1e300, 1e300}, {-1e300, -1e300}, {1e300, -1e300}}, {1, -1, -1});
  for (const std::string& algo : learner_names()) {
    const TrainResult r = run(ds, algo, 1e308);
    EXPECT_EQ(r.stop_reason, StopReason::Diverged) << algo;
    EXPECT_FALSE(r.converged) << algo;
    EXPECT_EQ(r.message.code, Msg::stop_diverged) << algo << ": " << r.message.english();
    EXPECT_EQ(arg(r.message, "steps"), std::to_string(r.steps)) << algo;
    EXPECT_LE(r.steps, 3u * ds.size()) << algo << ": it stopped at once, not at the epoch limit";
  }
}

TEST(Numeric, SessionStopsOnOverflowAndSaysWhy) {
  Session s;  // the textbook preset: (3,3)+1, (4,3)+1, (1,1)-1
  ASSERT_TRUE(s.command({"set", "eta", "1e308"}).ok);
  ASSERT_TRUE(s.command({"train"}).ok);
  // Step 1: w = 1e308 * (3, 3) = (inf, inf).
  EXPECT_EQ(s.live_learner().steps(), 1u);
  EXPECT_TRUE(s.live_learner().diverged());
  EXPECT_EQ(s.stop_reason(), StopReason::Diverged);
  EXPECT_EQ(s.notice().code, Msg::stop_diverged) << s.notice().english();
  EXPECT_EQ(arg(s.notice(), "steps"), "1");
  // Nothing more happens on more commands, and the state stays valid JSON for the page
  // (inf is written as null).
  ASSERT_TRUE(s.command({"train"}).ok);
  ASSERT_TRUE(s.command({"next_update"}).ok);
  EXPECT_EQ(s.live_learner().steps(), 1u);
  const std::string json = s.state_json();
  EXPECT_TRUE(contains(json, "\"w\":[null,null]")) << json;
  EXPECT_TRUE(contains(json, "\"diverged\":true")) << json;
  for (const char* bad : {":inf", ":-inf", ":nan", ",inf", ",-inf", ",nan", "[inf", "[-inf", "[nan"})
    EXPECT_FALSE(contains(json, bad)) << bad << " in " << json;
  // Stepping while playing stops the play with the same message.
  ASSERT_TRUE(s.command({"reset"}).ok);
  ASSERT_TRUE(s.command({"play"}).ok);
  s.advance(10.0);
  EXPECT_FALSE(s.playing());
  EXPECT_EQ(s.notice().code, Msg::stop_diverged) << s.notice().english();
}

// A score that overflows while w stays finite (|x| ~ 1e308) is a divergence too: the
// comparison y * score <= 0 means nothing once the score is inf. Disabled until the
// primal learners (perceptron.cpp / learners.cpp) check the score as the batch learner
// does; today classic, pocket, averaged, voted, batch and margin run to max_epochs and report
// "the data may not be linearly separable" for this separable set (averaged ends with w = -inf).
TEST(Numeric, ScoreOverflowWithFiniteWeightsStopsAsDiverged) {
  const Dataset ds = make(1, {{1e308}, {1.5e308}}, {1, -1});
  for (const std::string& algo : learner_names()) {
    if (algo == "kernel") continue;  // the RBF kernel of such points is 0 or 1: no overflow
    const TrainResult r = run(ds, algo, 1.0);
    EXPECT_EQ(r.stop_reason, StopReason::Diverged) << algo << ": " << r.message.english();
  }
}

// Squared distances of such coordinates overflow: the exact margin refuses them with a
// message instead of reporting a separable set as "hulls meet".
TEST(Numeric, MarginOfHugeCoordinatesIsRefusedNotMisreported) {
  const Dataset ds = make(1, {{1e308}, {-1e308}}, {1, -1});
  MarginResult m;
  const Status st = compute_margin(ds, m);
  EXPECT_TRUE(test::failed_with(st, Msg::margin_coordinate_too_large));
  const Dataset fine = make(1, {{1e149}, {-1e149}}, {1, -1});
  ASSERT_TRUE(compute_margin(fine, m).ok);
  EXPECT_TRUE(m.separable) << m.reason;
}

// ---------------------------------------------------------------- degenerate data

TEST(Numeric, DuplicatePointsWithOppositeLabelsAreNotSeparable) {
  const Dataset ds = make(2, {{3, 3}, {1, 2}, {1, 2}}, {1, 1, -1});
  MarginResult m;
  ASSERT_TRUE(compute_margin(ds, m).ok);
  EXPECT_FALSE(m.separable);
  EXPECT_EQ(m.gamma, 0.0);
  EXPECT_EQ(m.gamma_aug, 0.0);
  EXPECT_TRUE(std::isinf(m.bound));
  EXPECT_TRUE(contains(m.reason, "not linearly separable")) << m.reason;
  EXPECT_TRUE(contains(m.reason, "points 1 (+1) and 2 (-1) coincide")) << m.reason;
  for (const std::string& algo : learner_names()) {
    const TrainResult r = run(ds, algo, 1.0, 30);
    EXPECT_FALSE(r.converged) << algo;
    EXPECT_GE(r.train_mistakes, 1u) << algo;  // one of the twins is always wrong
    EXPECT_TRUE(all_finite(r.w) && std::isfinite(r.b)) << algo;
    if (algo != "batch") {  // batch stops when no epoch improves on its best
      EXPECT_EQ(r.stop_reason, StopReason::MaxEpochs) << algo;
      EXPECT_EQ(r.message.code, Msg::stop_max_epochs) << algo << ": " << r.message.english();
    }
  }
  Session s;
  ASSERT_TRUE(s.command({"import_csv", "3,3,1\n1,2,1\n1,2,-1\n"}).ok);
  ASSERT_TRUE(s.command({"set", "max_epochs", "40"}).ok);
  ASSERT_TRUE(s.command({"train"}).ok);
  EXPECT_EQ(s.stop_reason(), StopReason::MaxEpochs);
  EXPECT_EQ(s.notice().code, Msg::stop_max_epochs) << s.notice().english();
  EXPECT_EQ(arg(s.notice(), "max_epochs"), "40");
  EXPECT_TRUE(contains(s.state_json(), "\"separable\":false")) << s.state_json();
}

TEST(Numeric, AllPointsIdentical) {
  // Both labels on one point: not separable; the classic rule flips b forever, w stays 0.
  const Dataset both = make(2, {{5, 5}, {5, 5}, {5, 5}, {5, 5}}, {1, -1, 1, -1});
  MarginResult m;
  ASSERT_TRUE(compute_margin(both, m).ok);
  EXPECT_FALSE(m.separable);
  EXPECT_EQ(m.hull_distance, 0.0);
  TrainResult r = run(both, "classic", 1.0, 10);
  EXPECT_EQ(r.stop_reason, StopReason::MaxEpochs);
  // Step 1 (+1): w = (5, 5), b = 1; step 2 (-1, score 51): w = 0, b = 0; and so on: it
  // ends at w = 0, b = 0, where every point scores 0, a mistake on either side.
  EXPECT_EQ(r.train_mistakes, 4u);
  EXPECT_EQ(r.w, (std::vector<double>{0.0, 0.0}));
  EXPECT_EQ(r.b, 0.0);
  EXPECT_EQ(r.updates, 40u);
  // One label on one repeated point: separable with an unbounded gamma; one update.
  const Dataset one = make(2, {{5, 5}, {5, 5}, {5, 5}}, {-1, -1, -1});
  ASSERT_TRUE(compute_margin(one, m).ok);
  EXPECT_TRUE(m.separable);
  EXPECT_TRUE(std::isinf(m.gamma) && m.gamma > 0);
  EXPECT_TRUE(m.w_star.empty());
  // gamma_aug of a single distinct point x~ = (5, 5, 1): ||x~|| = sqrt(51).
  EXPECT_NEAR(m.gamma_aug, std::sqrt(51.0), 1e-12);
  r = run(one, "classic", 1.0);
  EXPECT_EQ(r.stop_reason, StopReason::Converged);
  EXPECT_EQ(r.updates, 1u);
  EXPECT_EQ(r.w, (std::vector<double>{-5.0, -5.0}));
  EXPECT_EQ(r.b, -1.0);
  // All at the origin with both labels: b flips, nothing overflows.
  const Dataset origin = make(2, {{0, 0}, {0, 0}}, {1, -1});
  ASSERT_TRUE(compute_margin(origin, m).ok);
  EXPECT_FALSE(m.separable);
  r = run(origin, "classic", 1.0, 10);
  EXPECT_EQ(r.stop_reason, StopReason::MaxEpochs);
  EXPECT_TRUE(all_finite(r.w) && std::isfinite(r.b));
}

TEST(Numeric, OneDimension) {
  // x = -1 (-1) and x = 2 (+1). By hand: gamma = (2 - (-1)) / 2 = 1.5, w* = 1, b* = -0.5;
  // augmented: z = (1, -1) and (2, 1), min-norm point (1.2, -0.6), gamma_aug = sqrt(1.8).
  const Dataset ds = make(1, {{-1}, {2}}, {-1, 1});
  MarginResult m;
  ASSERT_TRUE(compute_margin(ds, m).ok);
  ASSERT_TRUE(m.separable) << m.reason;
  EXPECT_NEAR(m.gamma, 1.5, 1e-12);
  ASSERT_EQ(m.w_star.size(), 1u);
  EXPECT_NEAR(m.w_star[0], 1.0, 1e-12);
  EXPECT_NEAR(m.b_star, -0.5, 1e-12);
  EXPECT_NEAR(m.gamma_aug, std::sqrt(1.8), 1e-12);
  EXPECT_EQ(m.R, 2.0);
  EXPECT_NEAR(m.R_aug, std::sqrt(5.0), 1e-15);
  EXPECT_NEAR(m.bound, 5.0 / 1.8, 1e-9);
  // Classic, eta 1: step 1 (x = -1) is a mistake: w = 1, b = -1; then both right.
  const TrainResult r = run(ds, "classic", 1.0);
  EXPECT_EQ(r.stop_reason, StopReason::Converged);
  EXPECT_EQ(r.w, (std::vector<double>{1.0}));
  EXPECT_EQ(r.b, -1.0);
  EXPECT_EQ(r.updates, 1u);
  EXPECT_EQ(r.epochs, 2u);
  EXPECT_LE(static_cast<double>(r.updates), m.bound);
}

TEST(Numeric, OnePoint) {
  const Dataset ds = make(2, {{3, 4}}, {1});
  MarginResult m;
  ASSERT_TRUE(compute_margin(ds, m).ok);
  EXPECT_TRUE(m.separable);
  EXPECT_TRUE(std::isinf(m.gamma));
  EXPECT_NEAR(m.gamma_aug, std::sqrt(26.0), 1e-12);  // ||(3, 4, 1)||
  EXPECT_EQ(m.R, 5.0);
  for (const std::string& algo : learner_names()) {
    const TrainResult r = run(ds, algo, 1.0);
    EXPECT_EQ(r.stop_reason, StopReason::Converged) << algo << ": " << r.message.english();
    EXPECT_EQ(r.train_mistakes, 0u) << algo;
  }
  const TrainResult r = run(ds, "classic", 1.0);
  EXPECT_EQ(r.w, (std::vector<double>{3.0, 4.0}));
  EXPECT_EQ(r.b, 1.0);
  // The Session, with the point drawn by hand.
  Session s;
  ASSERT_TRUE(s.command({"clear"}).ok);
  ASSERT_TRUE(s.command({"add_point", "3", "4", "+1"}).ok);
  ASSERT_TRUE(s.command({"train"}).ok);
  EXPECT_EQ(s.stop_reason(), StopReason::Converged);
  EXPECT_EQ(s.notice().code, Msg::stop_converged) << s.notice().english();
  EXPECT_EQ(arg(s.notice(), "updates"), "1");
  const std::string json = s.state_json();
  EXPECT_TRUE(contains(json, "\"separable\":true")) << json;
  EXPECT_TRUE(contains(json, "\"gamma\":null")) << json;  // +inf, written as null
}

TEST(Numeric, SingleClassOfDistinctPoints) {
  const Dataset ds = make(2, {{1, 0}, {0, 1}, {2, 2}}, {-1, -1, -1});
  MarginResult m;
  ASSERT_TRUE(compute_margin(ds, m).ok);
  EXPECT_TRUE(m.separable);
  EXPECT_TRUE(std::isinf(m.gamma));
  EXPECT_TRUE(std::isfinite(m.gamma_aug) && m.gamma_aug >= 1.0);
  EXPECT_TRUE(std::isfinite(m.bound));
  // Classic: step 1 w = (-1, 0), b = -1; (0, 1) scores -1 and (2, 2) scores -3: right.
  const TrainResult r = run(ds, "classic", 1.0);
  EXPECT_EQ(r.stop_reason, StopReason::Converged);
  EXPECT_EQ(r.w, (std::vector<double>{-1.0, 0.0}));
  EXPECT_EQ(r.b, -1.0);
  EXPECT_LE(static_cast<double>(r.updates), m.bound);
}

}  // namespace
}  // namespace pla::numeric_test
