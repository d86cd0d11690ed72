// The worked-example lesson "dual" against its own data (as lessons_worked_test.cpp checks
// the textbook lesson): the Gram matrix and alpha its texts state, x2 never updated, the run
// ending with alpha = (2, 0, 5) like the primal form, and the order x2, x1, x3.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <regex>
#include <string>
#include <vector>

#include "worked_lessons.hpp"

namespace pla::lessons_worked_dual_test {
namespace {

using namespace worked_lessons;

// ---------------------------------------------------------------- dual

TEST(WorkedDual, GramMatrixAndAlphaAreTheLessons) {
  Session s;
  LessonRunner r;
  play_to(r, s, "dual", 0);
  const Dataset& ds = s.data();
  std::vector<std::vector<double>> G(3, std::vector<double>(3));
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t j = 0; j < 3; ++j) G[i][j] = dot(std::vector<double>(ds.row(i), ds.row(i) + 2), ds.row(j));
  EXPECT_EQ(G, (std::vector<std::vector<double>>{{18, 21, 6}, {21, 25, 7}, {6, 7, 2}}));
  // Step 1 asks G13 = x1.x3 = 6: the narration does not show G.
  EXPECT_EQ(r.expected_answer(), "6");
  EXPECT_LACKS(narration(r, s), "[[");
  EXPECT_LACKS(narration(r, s), "18");
  answer_right(r, s);
  EXPECT_HAS(why(r), "x1·x3 = 3·1 + 3·1 = 6. The whole Gram matrix is G = [[18, 21, 6], [21, 25, 7], [6, 7, 2]].");
  EXPECT_HAS(why(r), "In formulas xᵢ is the lab's point xi and yᵢ its label: y₂ is the label of x2.");
  ASSERT_TRUE(r.next(s).ok);
  // Step 2: the rule; the first update is on x1 (α = (1, 0, 0), b = 1), after which x2
  // has y2(α1 η y1 G12 + b) = 21 + 1 = 22. The question has no effect: step 3 makes the update.
  EXPECT_EQ(s.settings().learner.pla.eta, 1.0);  // "their α agree only at η = 1, as here"
  EXPECT_HAS(narration(r, s), "their α agree only at η = 1, as here");
  EXPECT_EQ(r.question_kind(), QuestionKind::Number);
  EXPECT_EQ(r.expected_answer(), "22");
  for (const char* lang : {"en", "vi", "zh"}) EXPECT_LACKS(narration(r, s, lang), "22");
  EXPECT_EQ(ds.y[0], 1);
  EXPECT_EQ(ds.y[1], 1);
  EXPECT_EQ(1 * (1 * 1 * 1 * G[0][1] + 1), 22.0);
  answer_right(r, s);
  EXPECT_EQ(s.learner().updates(), 0u);
  EXPECT_HAS(why(r), "so x1, the first point visited, is misclassified: α = (1, 0, 0), b = 1. Then y₂(α₁ηy₁G₁₂ + b) = "
                     "1·(1·1·1·21 + 1) = 22 > 0");
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(updates_in_trace(s), (std::vector<std::uint32_t>{0}));  // step 3's action: x1
  EXPECT_EQ(s.learner().alpha(), (std::vector<std::uint64_t>{1, 0, 0}));
  EXPECT_EQ(s.learner().running_b(), 1.0);
  // Step 3: α = (1, 0, 0), b = 1 is w = (3, 3); x2 scores y2(α1 η y1 G12 + b) = 21 + 1 = 22, x3 -7.
  EXPECT_HAS(narration(r, s), "After update 1 on x1: α = (1, 0, 0), b = 1, which is w = (3, 3).");
  EXPECT_EQ(1 * (1 * 1 * 1 * G[0][1] + 1), 22.0);
  EXPECT_EQ(-1 * (1 * 1 * 1 * G[0][2] + 1), -7.0);
  EXPECT_EQ(r.expected_answer(), "0");
  answer_right(r, s);
  EXPECT_EQ(s.learner().running_b(), 1.0 + s.settings().learner.pla.eta * s.data().y[2]);  // b = 1 + ηy₃
  EXPECT_EQ(s.learner().running_b(), 0.0);
  EXPECT_HAS(why(r), "x2 has y₂(α₁ηy₁G₁₂ + b) = 1·(1·1·1·21 + 1) = 22 > 0, but x3 has y₃(α₁ηy₁G₁₃ + b) = "
                     "−1·(1·1·1·6 + 1) = −7 ≤ 0: α₃ becomes 1 and b = 1 + ηy₃ = 0, so α = (1, 0, 1).");
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(s.learner().alpha(), (std::vector<std::uint64_t>{1, 0, 1}));
}

// Step 4's why: w stays c(1, 1) with c >= 0 (c = 3, 2, 1, 0, 3, 2, 1), x2 is visited right
// after x1, which is then classified correctly (6c + b > 0), so 7c + b > 0: x2 never updates.
// The feedback does not list the updates (that would answer step 5's α₃ = 5), and a wrong
// option has its own why: x1 caused update 1, x3 update 2 (y₃(α₁ηy₁G₁₃ + b) = -7).
TEST(WorkedDual, X2NeverUpdatesForTheReasonGiven) {
  Session s;
  LessonRunner r;
  play_to(r, s, "dual", 3);
  const Dataset& ds = s.data();
  EXPECT_EQ(r.expected_answer(), "1");
  const OracleRun run = perceptron(ds, 1.0, false);
  std::vector<double> cs;
  for (const std::vector<double>& w : run.w_after) {
    EXPECT_EQ(w[0], w[1]);
    EXPECT_GE(w[0], 0.0);
    cs.push_back(w[0]);
  }
  EXPECT_EQ(cs, (std::vector<double>{3, 2, 1, 0, 3, 2, 1}));
  std::size_t x2_visits = 0;
  for (std::size_t v = 0; v < run.visits.size(); ++v) {
    if (run.visits[v].index != 1) continue;
    ++x2_visits;
    ASSERT_GT(v, 0u);
    EXPECT_EQ(run.visits[v - 1].index, 0u);  // right after x1
    const double c = run.visits[v].w[0], b = run.visits[v].b;
    EXPECT_EQ(margin_of(ds, 0, run.visits[v].w, b), 6 * c + b);
    EXPECT_GT(6 * c + b, 0.0);               // x1 classified correctly by then
    EXPECT_GT(margin_of(ds, 1, run.visits[v].w, b), 0.0);
    EXPECT_EQ(margin_of(ds, 1, run.visits[v].w, b), 7 * c + b);
  }
  EXPECT_EQ(x2_visits, 6u);
  EXPECT_EQ(run.updates[0], 0u);
  EXPECT_EQ(run.updates[1], 2u);
  EXPECT_EQ(margin_of(ds, 2, run.w_after[0], run.b_after[0]), -7.0);
  for (const char* reply : {"0", "2"}) {
    Session t;
    LessonRunner q;
    play_to(q, t, "dual", 3);
    ASSERT_TRUE(q.answer(t, reply).ok);
    for (const char* lang : {"en", "vi", "zh"}) EXPECT_LACKS(why(q, lang), "5");
    EXPECT_HAS(why(q), reply[0] == '0' ? "Not x1: it caused update 1 already, since at α = 0 every yᵢ(Σⱼ αⱼηyⱼGⱼᵢ + b) is 0."
                                       : "Not x3: it caused update 2 already (y₃(α₁ηy₁G₁₃ + b) = −7).");
    EXPECT_HAS(why(q), "So w·x2 + b = 7c + b ≥ 6c + b > 0.");
  }
  answer_right(r, s);
  EXPECT_HAS(why(r), "As long as x2 is not updated, w = α₁·(3, 3) − α₃·(1, 1) = c·(1, 1), and in this run c stays ≥ 0.");
  EXPECT_HAS(why(r), "w·x1 + b = 6c + b > 0. So w·x2 + b = 7c + b ≥ 6c + b > 0.");
  EXPECT_LACKS(why(r), "Not x");
  for (const char* lang : {"en", "vi", "zh"}) EXPECT_LACKS(why(r, lang), "5");
  ASSERT_TRUE(r.next(s).ok);  // step 5: trained
  for (std::uint32_t i : updates_in_trace(s)) EXPECT_NE(i, 1u);
}

TEST(WorkedDual, TheRunEndsWithAlpha205LikeThePrimalForm) {
  Session s;
  LessonRunner r;
  play_to(r, s, "dual", 4);
  EXPECT_EQ(s.learner().alpha(), (std::vector<std::uint64_t>{2, 0, 5}));
  EXPECT_EQ(s.learner().updates(), 7u);
  EXPECT_EQ(s.learner().w(), (std::vector<double>{1, 1}));
  EXPECT_EQ(s.learner().b(), -3.0);
  EXPECT_TRUE(s.learner().converged());
  // The narration asks α3 without showing α or k, from w, b and α₂ = 0: with η = 1,
  // b = α₁ − α₃ = −3 and w = α₁(3, 3) − α₃(1, 1) = (1, 1), so 3α₁ − α₃ = 1: α₁ = 2, α₃ = 5.
  const std::string n = narration(r, s);
  EXPECT_LACKS(n, "(2, 0, 5)");
  EXPECT_LACKS(n, "7");
  EXPECT_LACKS(n, "5");
  EXPECT_HAS(n, "The run ends with w = (1, 1), b = −3, and x2 was never updated: α₂ = 0.");
  EXPECT_EQ(r.expected_answer(), "5");
  const double a1 = ((1.0) - (-3.0)) / (3.0 - 1.0), a3 = a1 + 3.0;  // subtract b's equation from w's
  EXPECT_EQ(a1, 2.0);
  EXPECT_EQ(a3, 5.0);
  EXPECT_EQ(a1 * 3 - a3, 1.0);
  EXPECT_EQ(a1 - a3, -3.0);
  // Update for update the same as the primal form: the same points, the same (w, b).
  const OracleRun primal = perceptron(s.data(), 1.0, false);
  EXPECT_EQ(updates_in_trace(s), primal.updates);
  Session p;
  LessonRunner pr;
  play_to(pr, p, "textbook", 8);  // the primal form trained on the same data
  EXPECT_EQ(updates_in_trace(p), updates_in_trace(s));
  EXPECT_EQ(p.learner().w(), s.learner().w());
  EXPECT_EQ(p.learner().b(), s.learner().b());
  answer_right(r, s);
  EXPECT_HAS(why(r), "b = α₁ − α₃ = −3 and w = α₁·(3, 3) − α₃·(1, 1), so 3α₁ − α₃ = 1. Hence α₁ = 2 and α₃ = 5: "
                     "α = (2, 0, 5), k = Σ αᵢ = 7. These are the updates of the primal form (x1, x3, x3, x3, x1, x3, x3)");
}

// A large αᵢ, a point near the hyperplane: distances |x1 + x2 - 3|/√2 are 1/√2 = 0.71 (x3),
// 3/√2 = 2.12 (x1), 4/√2 = 2.83 (x2), in the order of α3 = 5 > α1 = 2 > α2 = 0.
TEST(WorkedDual, TheLargestAlphaIsTheNearestPoint) {
  Session s;
  LessonRunner r;
  play_to(r, s, "dual", 5);
  const Dataset& ds = s.data();
  const std::vector<std::uint64_t>& alpha = s.learner().alpha();
  std::vector<double> dist;
  for (std::size_t i = 0; i < 3; ++i)
    dist.push_back(std::fabs(dot(s.learner().w(), ds.row(i)) + s.learner().b()) / std::sqrt(2.0));
  const char* shown[] = {"2.12", "2.83", "0.71"};
  for (std::size_t i = 0; i < 3; ++i) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%.2f", dist[i]);
    EXPECT_EQ(std::string(buf), shown[i]) << i;
  }
  EXPECT_LT(dist[2], dist[0]);
  EXPECT_LT(dist[0], dist[1]);
  EXPECT_GT(alpha[2], alpha[0]);
  EXPECT_GT(alpha[0], alpha[1]);
  EXPECT_EQ(r.expected_answer(), "2");
  EXPECT_LACKS(narration(r, s), "(2, 0, 5)");  // the counts would prime "more updates, nearer"
  EXPECT_LACKS(narration(r, s), "x3");  // the answer
  answer_right(r, s);
  EXPECT_HAS(why(r), "0.71 for x3, 2.12 for x1 and 2.83 for x2, in the order of α₃ = 5 > α₁ = 2 > α₂ = 0");
  EXPECT_HAS(why(r), "In this run the counts agree with it");
  EXPECT_EQ(std::fabs(3 + 3 - 3.0) / std::sqrt(2.0), dist[0]);
  EXPECT_EQ(std::fabs(4 + 3 - 3.0) / std::sqrt(2.0), dist[1]);
  for (const char* reply : {"0", "1"}) {
    Session t;
    LessonRunner q;
    play_to(q, t, "dual", 5);
    ASSERT_TRUE(q.answer(t, reply).ok);
    EXPECT_HAS(why(q), reply[0] == '0' ? "Not x1: it lies |3 + 3 − 3|/√2 = 2.12 from the line."
                                       : "Not x2: it is the farthest, at |4 + 3 − 3|/√2 = 2.83.");
  }
}

// Li Hang's Algorithm 2.2 in exact arithmetic, visiting the points in `order` again and again
// from alpha = 0 until a whole pass makes no update (eta = 1): alpha, w and b at the end.
struct DualRun {
  std::vector<int> alpha;
  std::vector<double> w;
  double b = 0;
  bool clean = false;
};
DualRun dual_in_order(const Dataset& ds, const std::vector<std::size_t>& order) {
  DualRun run;
  run.alpha.assign(ds.size(), 0);
  for (int pass = 0; pass < 1000 && !run.clean; ++pass) {
    run.clean = true;
    for (std::size_t i : order) {
      double f = 0;  // sum_j alpha_j y_j G_ji + b
      for (std::size_t j = 0; j < ds.size(); ++j) f += run.alpha[j] * ds.y[j] * dot(std::vector<double>(ds.row(j), ds.row(j) + ds.d), ds.row(i));
      double b = 0;
      for (std::size_t j = 0; j < ds.size(); ++j) b += run.alpha[j] * ds.y[j];
      if (ds.y[i] * (f + b) > 0) continue;
      ++run.alpha[i];
      run.clean = false;
    }
  }
  run.w.assign(static_cast<std::size_t>(ds.d), 0.0);
  for (std::size_t j = 0; j < ds.size(); ++j) {
    for (int c = 0; c < ds.d; ++c) run.w[static_cast<std::size_t>(c)] += run.alpha[j] * ds.y[j] * ds.row(j)[c];
    run.b += run.alpha[j] * ds.y[j];
  }
  return run;
}

// Step 7: the order x2, x1, x3 gives α = (0, 1, 3) and the line x1 = 2: x2 is the farthest
// (|x1 − 2| = 2) yet α₂ = 1 > α₁ = 0 (x1 at 1). In the order x1, x2, x3 both updates on x1
// came at w = 0. Step 8: the cost of the dual form (a 3 × 3 Gram matrix here, 10⁶ entries
// for 1000 points, against d + 1 = 3 numbers; (x·z + 1)² has 6 features in the plane).
TEST(WorkedDual, TheOrderX2X1X3GivesAlpha013AndTheLineX1Is2) {
  Session s;
  LessonRunner r;
  play_to(r, s, "dual", 6);
  const Dataset& ds = s.data();
  const DualRun cyclic = dual_in_order(ds, {0, 1, 2}), other = dual_in_order(ds, {1, 0, 2});
  EXPECT_EQ(cyclic.alpha, (std::vector<int>{2, 0, 5}));
  EXPECT_TRUE(other.clean);
  EXPECT_EQ(other.alpha, (std::vector<int>{0, 1, 3}));
  EXPECT_EQ(other.w, (std::vector<double>{1, 0}));
  EXPECT_EQ(other.b, -2.0);
  // The lab made the same updates (x2, x3, x3, x3) and every point is classified correctly.
  EXPECT_EQ(updates_in_trace(s), (std::vector<std::uint32_t>{1, 2, 2, 2}));
  EXPECT_EQ(s.learner().running_w(), other.w);
  EXPECT_EQ(s.learner().running_b(), other.b);
  EXPECT_EQ(misclassified(ds, other.w, other.b), 0u);
  EXPECT_EQ(s.train_mistakes(), 0u);
  const std::string n = narration(r, s);
  EXPECT_HAS(n, "x2 once, x3 three times. So α = (0, 1, 3), w = (1, 0), b = −2: the line x⁽¹⁾ = 2, with every point "
                "classified correctly.");
  // Distances to x1 = 2: 1, 2, 1.
  const double dist[] = {std::fabs(ds.row(0)[0] - 2), std::fabs(ds.row(1)[0] - 2), std::fabs(ds.row(2)[0] - 2)};
  EXPECT_EQ(dist[0], 1.0);
  EXPECT_EQ(dist[1], 2.0);
  EXPECT_EQ(dist[2], 1.0);
  EXPECT_GT(dist[1], dist[0]);
  EXPECT_GT(other.alpha[1], other.alpha[0]);
  // In the order x1, x2, x3, both updates on x1 came at w = 0.
  const OracleRun primal = perceptron(ds, 1.0, false);
  std::size_t on_x1 = 0;
  for (std::size_t k = 0; k < primal.updates.size(); ++k) {
    if (primal.updates[k] != 0) continue;
    ++on_x1;
    const std::vector<double> before = k == 0 ? std::vector<double>{0, 0} : primal.w_after[k - 1];
    EXPECT_EQ(before, (std::vector<double>{0, 0})) << k;
  }
  EXPECT_EQ(on_x1, 2u);
  EXPECT_EQ(r.expected_answer(), "0");
  for (const char* reply : {"1", "2"}) {
    Session t;
    LessonRunner q;
    play_to(q, t, "dual", 6);
    ASSERT_TRUE(q.answer(t, reply).ok);
    EXPECT_HAS(why(q), reply[0] == '1' ? "x3 has α₃ = 3, but x1, as near (distance 1), has α₁ = 0, and x2, the farthest, α₂ = 1."
                                       : "α was (2, 0, 5) in the order x1, x2, x3; now it is (0, 1, 3).");
  }
  answer_right(r, s);
  EXPECT_HAS(why(r), "Distances to x⁽¹⁾ = 2: 1 for x1, 2 for x2, 1 for x3.");
  EXPECT_HAS(why(r), "in the order x1, x2, x3, x1 came first, so both its updates came at w = 0.");
  // Step 8: back to the dual form, trained: the lesson ends with its α and 3 × 3 Gram matrix.
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(s.settings().learner.algo, Algo::Dual);
  EXPECT_EQ(s.learner().alpha(), (std::vector<std::uint64_t>{2, 0, 5}));
  EXPECT_HAS(narration(r, s), "an n × n Gram matrix (3 × 3 here)");
  EXPECT_EQ(ds.size(), 3u);
  EXPECT_EQ(ds.d + 1, 3);
  EXPECT_EQ(1000.0 * 1000.0, 1e6);
  std::size_t monomials = 0;  // x1^a x2^b with a + b <= 2
  for (int a = 0; a <= 2; ++a)
    for (int b = 0; a + b <= 2; ++b) ++monomials;
  EXPECT_EQ(monomials, 6u);
  EXPECT_EQ(r.expected_answer(), "0");
  Session t;
  LessonRunner q;
  play_to(q, t, "dual", 7);
  ASSERT_TRUE(q.answer(t, "1").ok);
  EXPECT_HAS(why(q), "Here α and G hold 3 + 9 numbers, w and b 3; for 1000 points G has a million entries.");
  answer_right(r, s);
  EXPECT_HAS(why(r), "with (x·z + 1)², φ has 6 coordinates in the plane");
}

}  // namespace
}  // namespace pla::lessons_worked_dual_test
