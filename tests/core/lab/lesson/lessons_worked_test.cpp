// The worked-example lessons (web/lessons: textbook, customers, dual) against their own
// data: every number their texts state as a literal and every claim about the numbers
// (the same line, no point misclassified at the end, k <= 117, alpha = (2, 0, 5), the
// place_line's expected line, the growth of y(w.x + b) by eta(|x|^2 + 1), ...) is checked
// on the built-in lesson walked by LessonRunner, against values computed by other means:
// an integer perceptron (worked_lessons.hpp: Li Hang's Algorithm 2.1 in the order x1, x2,
// x3, with or without the restart variant), inner products and distances by hand.
// This file: the textbook lesson. The customers lesson: lessons_worked_customers_test.cpp;
// the dual: lessons_worked_dual_test.cpp; the writing rules all three keep:
// lessons_worked_writing_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <regex>
#include <string>
#include <vector>

#include "worked_lessons.hpp"

namespace pla::lessons_worked_test {
namespace {

using namespace worked_lessons;

// ---------------------------------------------------------------- textbook

TEST(WorkedTextbook, TheDataAreLiHangsExample21) {
  Session s;
  LessonRunner r;
  play_to(r, s, "textbook", 0);
  const Dataset& ds = s.data();
  ASSERT_EQ(ds.size(), 3u);
  EXPECT_EQ(std::vector<double>(ds.x.begin(), ds.x.end()), (std::vector<double>{3, 3, 4, 3, 1, 1}));
  EXPECT_EQ(ds.y, (std::vector<int>{1, 1, -1}));
  EXPECT_HAS(narration(r, s), "x1 = (3, 3) and x2 = (4, 3) are positive (+1), x3 = (1, 1) is negative (−1)");
  EXPECT_EQ(s.settings().learner.pla.eta, 1.0);
  EXPECT_FALSE(s.settings().learner.pla.restart);
  // The worked table: x1, x3, x3, x3, x1, x3, x3 -> w = (1, 1), b = -3 (Li Hang, example 2.1).
  const OracleRun run = perceptron(ds, 1.0, false);
  EXPECT_EQ(run.updates, (std::vector<std::uint32_t>{0, 2, 2, 2, 0, 2, 2}));
  EXPECT_EQ(run.w, (std::vector<double>{1, 1}));
  EXPECT_EQ(run.b, -3.0);
}

// Steps 1 to 4 of the textbook lesson (the first epochs: updates 1 to 3, the line moved
// toward x3 without turning), each against the independent run; ends on step 5.
void check_textbook_steps_1_to_4(LessonRunner& r, Session& s, const OracleRun& run) {
  const Dataset& ds = s.data();
  // Step 1: with w = 0 every point has y(w.x + b) = 0: the first point visited, x1.
  EXPECT_EQ(r.expected_answer(), "0");
  // The tie convention: training counts y(w.x + b) = 0 as a mistake (all three here), while
  // the prediction uses sign(0) = +1, right for x1 and x2 (y = +1), wrong for x3.
  for (std::size_t i = 0; i < ds.size(); ++i) EXPECT_EQ(margin_of(ds, i, {0, 0}, 0), 0.0) << i;
  EXPECT_EQ(s.train_mistakes(), 3u);
  EXPECT_EQ(s.learner().predict(ds.row(0)), 1);
  EXPECT_EQ(s.learner().predict(ds.row(1)), 1);
  EXPECT_EQ(s.learner().predict(ds.row(2)), 1);
  EXPECT_EQ(run.updates[0], 0u);
  answer_right(r, s);
  EXPECT_HAS(why(r), "training counts y(w·x + b) = 0 as a mistake, while the prediction sign(w·x + b) uses sign(0) = +1: "
                     "at w = 0 it predicts x1 and x2 right, yet training updates on x1.");
  ASSERT_TRUE(r.next(s).ok);
  // Step 2: update 1, then x2 = (4, 3) is classified correctly: 3*4 + 3*3 + 1 = 22.
  EXPECT_HAS(narration(r, s), "Update 1 on x1 = (3, 3), y = +1: y(w·x + b) = 0 ≤ 0.");
  EXPECT_EQ(r.expected_answer(), "no");
  EXPECT_EQ(margin_of(ds, 1, run.w_after[0], run.b_after[0]), 22.0);
  answer_right(r, s);
  EXPECT_EQ(3 * 4 + 3 * 3 + 1, 22);
  EXPECT_HAS(why(r), "For x2, y(w·x + b) = 3·4 + 3·3 + 1 = 22 > 0");
  ASSERT_TRUE(r.next(s).ok);
  // Step 3: update 2 on x3 (y(w.x + b) = -7), then in the second epoch x1 and x2 are classified
  // correctly and x3 is not: b = -1.
  EXPECT_HAS(narration(r, s), "Then x3: y(w·x + b) = −7 ≤ 0, so x3 is misclassified. Update 2 on x3: w = (2, 2), b = 0.");
  EXPECT_EQ(margin_of(ds, 2, run.w_after[0], run.b_after[0]), -7.0);
  EXPECT_GT(margin_of(ds, 0, run.w_after[1], run.b_after[1]), 0.0);
  EXPECT_GT(margin_of(ds, 1, run.w_after[1], run.b_after[1]), 0.0);
  EXPECT_EQ(r.expected_answer(), "-1");
  EXPECT_EQ(run.b_after[2], -1.0);
  ASSERT_TRUE(r.next(s).ok);
  // Step 4: updates 2 and 3 moved the line towards x3 without turning it: w stays a multiple
  // of (1, 1) and the line x1 + x2 = -b / w1 goes -1/3, 0, 1 (x3 lies on x1 + x2 = 2).
  EXPECT_HAS(narration(r, s), "Update 3 was on x3: w = (1, 1), b = −1.");
  EXPECT_HAS(narration(r, s), "from x⁽¹⁾ + x⁽²⁾ = −1/3 to x⁽¹⁾ + x⁽²⁾ = 0, then to x⁽¹⁾ + x⁽²⁾ = 1");
  const double levels[] = {-1.0 / 3.0, 0.0, 1.0};
  for (std::size_t k = 0; k < 3; ++k) {
    EXPECT_EQ(run.w_after[k][0], run.w_after[k][1]) << k;
    EXPECT_NEAR(-run.b_after[k] / run.w_after[k][0], levels[k], 1e-12) << k;
  }
  EXPECT_EQ(run.updates[1], 2u);
  EXPECT_EQ(run.updates[2], 2u);
  EXPECT_EQ(s.learner().running_w(), (std::vector<double>{1, 1}));
  EXPECT_EQ(s.learner().running_b(), -1.0);
  EXPECT_EQ(r.expected_answer(), "2");
  answer_right(r, s);
  EXPECT_HAS(why(r), "x3 still has y(w·x + b) = −1 ≤ 0");
  ASSERT_TRUE(r.next(s).ok);
}

// Steps 5 to 9 (w back at 0, updates 4 to 7, the place_line step, the last clean pass and
// the line of example 2.1), each against the independent run.
void check_textbook_steps_5_to_9(LessonRunner& r, Session& s, const OracleRun& run) {
  const Dataset& ds = s.data();
  // Step 5: w is back at (0, 0), b = -2: no line; every point has w.x + b = -2. The new epoch
  // begins with x1; x2 would be misclassified too (-2), x3 is not (+2).
  EXPECT_EQ(s.learner().running_w(), (std::vector<double>{0, 0}));
  EXPECT_EQ(s.learner().running_b(), -2.0);
  EXPECT_HAS(narration(r, s), "The weight vector is back at (0, 0), but b is not");
  EXPECT_EQ(r.expected_answer(), "0");
  EXPECT_EQ(run.updates[3], 2u);  // update 4 was on x3, the last point of its epoch
  EXPECT_EQ(margin_of(ds, 0, {0, 0}, -2), -2.0);
  EXPECT_LE(margin_of(ds, 1, {0, 0}, -2), 0.0);
  EXPECT_GT(margin_of(ds, 2, {0, 0}, -2), 0.0);
  answer_right(r, s);
  EXPECT_HAS(why(r), "x1: a new epoch begins with x1, and with w = 0 every point has w·x + b = b = −2, so x1 has "
                     "y(w·x + b) = −2 ≤ 0 (x2 would be misclassified too, x3 is not).");
  ASSERT_TRUE(r.next(s).ok);
  // Step 6: w1 after update 6 (on x3, y(w.x + b) = -5): (3, 3) - (1, 1) = (2, 2).
  EXPECT_HAS(narration(r, s), "Update 5 on x1 = (3, 3): w = (3, 3), b = −1.");
  EXPECT_EQ(r.expected_answer(), "2");
  EXPECT_EQ(margin_of(ds, 2, run.w_after[4], run.b_after[4]), -5.0);
  ASSERT_TRUE(r.next(s).ok);
  // Step 7: the place_line question (tested on its own below).
  EXPECT_EQ(r.question_kind(), QuestionKind::PlaceLine);
  ASSERT_TRUE(r.next(s).ok);
  // Step 8: update 7 gives the line x1 + x2 - 3 = 0; the updates fell on x1, x3, x3, x3, x1,
  // x3, x3; the next pass makes no update: y(w.x + b) = 3, 4 and 1, no point misclassified.
  EXPECT_HAS(narration(r, s), "Update 7 on x3: w = (1, 1), b = −3, the line x⁽¹⁾ + x⁽²⁾ − 3 = 0.");
  EXPECT_HAS(narration(r, s), "The updates fell on x1, x3, x3, x3, x1, x3, x3.");
  EXPECT_EQ(updates_in_trace(s), run.updates);
  const std::vector<double> w = s.learner().running_w();
  const double b = s.learner().running_b();
  EXPECT_EQ(margin_of(ds, 0, w, b), 3.0);
  EXPECT_EQ(margin_of(ds, 1, w, b), 4.0);
  EXPECT_EQ(margin_of(ds, 2, w, b), 1.0);
  EXPECT_EQ(misclassified(ds, w, b), 0u);  // "No point is misclassified"
  EXPECT_EQ(r.question_kind(), QuestionKind::YesNo);
  EXPECT_EQ(r.expected_answer(), "no");
  answer_right(r, s);
  EXPECT_HAS(why(r), "No: y(w·x + b) is 3 for x1, 4 for x2 and 1 for x3, all > 0. No point is misclassified");
  ASSERT_TRUE(r.next(s).ok);
  // Step 9: the next epoch made no update: k = 7, the line of example 2.1.
  EXPECT_TRUE(s.learner().converged());
  EXPECT_EQ(s.learner().updates(), 7u);
  EXPECT_EQ(updates_in_trace(s), run.updates);
  EXPECT_EQ(s.learner().w(), (std::vector<double>{1, 1}));
  EXPECT_EQ(s.learner().b(), -3.0);
  EXPECT_EQ(misclassified(ds, s.learner().w(), s.learner().b()), 0u);
  EXPECT_HAS(narration(r, s), "k = 7 updates, w = (1, 1), b = −3, the line of Li Hang's example 2.1");
}

TEST(WorkedTextbook, EveryStepNarratesTheNumbersOfTheWorkedTable) {
  Session s;
  LessonRunner r;
  play_to(r, s, "textbook", 0);
  const OracleRun run = perceptron(s.data(), 1.0, false);
  ASSERT_NO_FATAL_FAILURE(check_textbook_steps_1_to_4(r, s, run));
  ASSERT_EQ(r.step(), 4u);
  check_textbook_steps_5_to_9(r, s, run);
}

// The place_line question: the next update (the 7th, on x3) moves the line parallel from
// x1 + x2 = 1 to x1 + x2 = 3, past x3 (on x1 + x2 = 2); leaving the line where it is, is wrong.
TEST(WorkedTextbook, PlaceLineExpectsTheVisibleMoveOfUpdate7) {
  for (const bool leave_it : {false, true}) {
    Session s;
    LessonRunner r;
    play_to(r, s, "textbook", 6);
    ASSERT_EQ(r.question_kind(), QuestionKind::PlaceLine);
    EXPECT_EQ(s.learner().running_w(), (std::vector<double>{2, 2}));  // the line x1 + x2 = 1
    EXPECT_EQ(s.learner().running_b(), -2.0);
    EXPECT_EQ(r.expected_answer(), "1 1 -3");
    EXPECT_EQ(r.expected_line(), (std::vector<double>{1, 1, -3}));  // x1 + x2 = 3, not "none"
    const double x3_level = s.data().row(2)[0] + s.data().row(2)[1];
    EXPECT_EQ(x3_level, 2.0);
    EXPECT_GT(x3_level, 1.0);
    EXPECT_LT(x3_level, 3.0);
    bool correct = true;
    ASSERT_TRUE(r.answer(s, leave_it ? "2 2 -2" : "1 1 -3", &correct).ok);
    EXPECT_EQ(correct, !leave_it);
    if (leave_it) {
      EXPECT_LT(r.angle_error(), 1e-3);  // the same direction: only the move is missed,
      EXPECT_GT(r.offset_error(), 0.1);  // and it is larger than the lesson's tolerance
      continue;
    }
    EXPECT_HAS(why(r), "The next update is on x3 (y(w·x + b) = −2): w = (2, 2) − (1, 1) = (1, 1), b = −2 − 1 = −3.");
    EXPECT_HAS(why(r), "moves from x⁽¹⁾ + x⁽²⁾ = 1 to x⁽¹⁾ + x⁽²⁾ = 3, past x3 (on x⁽¹⁾ + x⁽²⁾ = 2)");
    EXPECT_LT(margin_of(s.data(), 2, {2, 2}, -2), 0.0);  // x3 was on the positive side
    EXPECT_EQ(s.learner().running_w(), (std::vector<double>{1, 1}));
    EXPECT_EQ(s.learner().running_b(), -3.0);
    EXPECT_LT(dot(s.learner().running_w(), s.data().row(2)) + s.learner().running_b(), 0.0);  // now negative
  }
}

// Novikoff: R̂² = ‖(4, 3, 1)‖² = 26, γ̂ = √2/3 (the augmented margin of x1 + x2 - 4 = 0,
// (1, 1, -4)/√18: 2/√18 for x1 and x3, which lie 2√2 apart, so no hyperplane does better),
// (R̂/γ̂)² = 26 · 9/2 = 117 >= k = 7; the points themselves have R = 5 and γ = √2 = 1.41.
TEST(WorkedTextbook, NovikoffNamesTheAugmentedQuantities) {
  Session s;
  LessonRunner r;
  play_to(r, s, "textbook", 8);
  const Dataset& ds = s.data();
  double r2 = 0, plain = 0;
  for (std::size_t i = 0; i < ds.size(); ++i) {
    r2 = std::max(r2, norm2(ds, i) + 1);
    plain = std::max(plain, std::sqrt(norm2(ds, i)));
  }
  EXPECT_EQ(r2, 26.0);
  EXPECT_EQ(plain, 5.0);
  EXPECT_EQ(msg_num(std::round(std::sqrt(2.0) * 100) / 100), "1.41");
  // γ = √2 in the plane: x1 + x2 = 4 keeps every point √2 away, and no line can do better
  // than half the distance between x1 and x3 (2√2).
  double gamma_plain = 1e9;
  for (std::size_t i = 0; i < ds.size(); ++i)
    gamma_plain = std::min(gamma_plain, margin_of(ds, i, {1, 1}, -4) / std::sqrt(2.0));
  EXPECT_NEAR(gamma_plain, std::sqrt(2.0), 1e-12);
  EXPECT_NEAR(std::hypot(ds.row(0)[0] - ds.row(2)[0], ds.row(0)[1] - ds.row(2)[1]) / 2, std::sqrt(2.0), 1e-12);
  double gamma_hat = 1e9;
  for (std::size_t i = 0; i < ds.size(); ++i)
    gamma_hat = std::min(gamma_hat, margin_of(ds, i, {1, 1}, -4) / std::sqrt(18.0));
  EXPECT_NEAR(gamma_hat, std::sqrt(2.0) / 3, 1e-12);
  EXPECT_NEAR(r2 / (gamma_hat * gamma_hat), 117.0, 1e-9);
  EXPECT_EQ(r.question_kind(), QuestionKind::Number);
  EXPECT_EQ(r.expected_answer(), "26");
  EXPECT_LACKS(narration(r, s), "26");
  answer_right(r, s);
  const std::string w = why(r);
  EXPECT_HAS(w, "x̂2 = (4, 3, 1): R̂² = 16 + 9 + 1 = 26, R̂ = " + kMinus(std::sqrt(26.0)) + ".");
  EXPECT_HAS(w, "the farthest point is x2 = (4, 3) itself, at R = 5");
  // The narration defines R̂ = max ‖x̂ᵢ‖ and γ̂ as the best margin of a unit ŵ: no unit vector
  // reaches more than √2/3 on these points (a few thousand directions tried).
  EXPECT_HAS(narration(r, s), "R̂ = max ‖x̂ᵢ‖, and γ̂ is the largest min yᵢ(ŵ·x̂ᵢ) over unit vectors ŵ.");
  for (int a = 0; a < 90; ++a)
    for (int e = -44; e <= 44; ++e) {
      const double th = a * 4.0 * 3.14159265358979 / 180, ph = e * 2.0 * 3.14159265358979 / 180;
      const std::vector<double> u = {std::cos(ph) * std::cos(th), std::cos(ph) * std::sin(th)};
      double m = 1e9;
      for (std::size_t i = 0; i < ds.size(); ++i) m = std::min(m, margin_of(ds, i, u, std::sin(ph)));
      EXPECT_LE(m, std::sqrt(2.0) / 3 + 1e-12);
    }
  // Step 10: u = (1, 1, -4)/√18 gives y(u.x̂) = 2, 3, 2 over √18, so γ̂ = 2/√18 = √2/3 and
  // the bound 26 · 18/4 = 117 >= k = 7. The plain points: R = 5, γ = √2, (R/γ)² = 12.5 > 7.
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(r.step(), 9u);
  EXPECT_HAS(narration(r, s), "u = (1, 1, −4)/√18, the line x⁽¹⁾ + x⁽²⁾ − 4 = 0");
  const double scores[] = {2, 3, 2};
  for (std::size_t i = 0; i < ds.size(); ++i) EXPECT_EQ(margin_of(ds, i, {1, 1}, -4), scores[i]) << i;
  EXPECT_NEAR(2 / std::sqrt(18.0), std::sqrt(2.0) / 3, 1e-15);
  EXPECT_EQ(26.0 * 18 / 4, 117.0);
  EXPECT_EQ(r.expected_answer(), "117");
  EXPECT_LACKS(narration(r, s), "117");
  answer_right(r, s);
  const std::string w10 = why(r);
  EXPECT_HAS(w10, "is 2/√18 for x1, 3/√18 for x2 and 2/√18 for x3, so γ̂ = " + kMinus(std::sqrt(2.0) / 3) +
                      ", that is 2/√18 = √2/3, and (R̂/γ̂)² = 117, that is 26 · 18/4; the run needed k = 7.");
  EXPECT_NEAR(plain * plain / (gamma_plain * gamma_plain), 12.5, 1e-12);
  EXPECT_GT(12.5, 7.0);
  EXPECT_HAS(w10, "R = 5 and γ = √2: their ratio (R/γ)² = 12.5 also exceeds k here, but it is no bound: on the six points of "
                  "the Novikoff lesson it is 58 while k = 96.");
}

// The plain ratio is no bound: on the six points of the learning-rate and novikoff lessons,
// R = ‖(5, 2)‖ = √29 and the widest margin of a line in the plane is γ = 1/√2 (x⁽¹⁾ + x⁽²⁾ = 5,
// no direction does better), so (R/γ)² = 58, while the classic perceptron from w = 0 makes
// k = 96 updates (an integer perceptron run here).
TEST(WorkedTextbook, OnTheSixPointsThePlainRatio58IsBelowK96) {
  Session s;
  ASSERT_TRUE(s.load_preset("six").ok);
  const Dataset& ds = s.data();
  ASSERT_EQ(ds.size(), 6u);
  double r2 = 0;
  for (std::size_t i = 0; i < ds.size(); ++i) r2 = std::max(r2, norm2(ds, i));
  EXPECT_EQ(r2, 29.0);
  // The best margin over lines: for a unit normal n, (min over +1 of n.x - max over -1 of n.x)/2.
  double best = -1e9;
  for (int a = 0; a < 36000; ++a) {
    const double th = a * 3.14159265358979323846 / 18000;
    const std::vector<double> n = {std::cos(th), std::sin(th)};
    double lo = 1e9, hi = -1e9;
    for (std::size_t i = 0; i < ds.size(); ++i) {
      const double v = dot(n, ds.row(i));
      if (ds.y[i] > 0) lo = std::min(lo, v);
      else hi = std::max(hi, v);
    }
    best = std::max(best, (lo - hi) / 2);
  }
  EXPECT_NEAR(best, 1 / std::sqrt(2.0), 1e-12);
  double g45 = 1e9;
  for (std::size_t i = 0; i < ds.size(); ++i) g45 = std::min(g45, margin_of(ds, i, {1, 1}, -5) / std::sqrt(2.0));
  EXPECT_NEAR(g45, 1 / std::sqrt(2.0), 1e-15);
  EXPECT_NEAR(r2 / (g45 * g45), 58.0, 1e-12);
  const OracleRun run = perceptron(ds, 1.0, false);
  EXPECT_EQ(run.updates.size(), 96u);
  EXPECT_LT(58u, run.updates.size());
}

// Step 11: the order x1, x3, x3, x3, x2, x3, x3, x3, x1, x3, x3 (each misclassified when chosen:
// update_on refuses any other) ends at 2x1 + x2 - 5 = 0: x1 twice, x2 once, x3 eight times. The
// question is asked from w = 0 (the canvas shows no answer); step 12 makes the updates.
TEST(WorkedTextbook, TheStudentsOrderEndsAtTheOtherLine) {
  Session s;
  LessonRunner r;
  play_to(r, s, "textbook", 10);
  EXPECT_TRUE(updates_in_trace(s).empty());
  EXPECT_EQ(s.learner().running_w(), (std::vector<double>{0, 0}));
  EXPECT_EQ(s.learner().running_b(), 0.0);
  const std::string n = narration(r, s);
  EXPECT_HAS(n, "From w = (0, 0), b = 0, update on x1, x3, x3, x3, x2, x3, x3, x3, x1, x3, x3 in this order");
  EXPECT_LACKS(n, "(2, 1)");  // the answer is not in the narration
  EXPECT_LACKS(n, "− 5 = 0");
  // The student's own updates (Alt+click is update_on) reach the answer from here.
  Session t;
  ASSERT_TRUE(t.load_data(s.data(), "textbook").ok);
  for (const char* kv : {"algo classic", "eta 1", "order cyclic", "init zero"}) {
    const std::string text(kv);
    ASSERT_TRUE(t.set(text.substr(0, text.find(' ')), text.substr(text.find(' ') + 1)).ok) << kv;
  }
  t.reset();
  for (const char* i : {"0", "2", "2", "2", "1", "2", "2", "2", "0", "2", "2"})
    ASSERT_TRUE(t.command({"update_on", i}).ok) << "update " << updates_in_trace(t).size() + 1 << " on " << i;
  EXPECT_EQ(t.learner().running_w(), (std::vector<double>{2, 1}));
  EXPECT_EQ(t.learner().running_b(), -5.0);
  EXPECT_EQ(r.expected_answer(), "1");
  EXPECT_EQ(r.question_options("en")[1], "2x⁽¹⁾ + x⁽²⁾ − 5 = 0");
  EXPECT_HAS(r.question_prompt("en"), "these 11 updates");
  answer_right(r, s);
  // 2*(3, 3) + (4, 3) - 8*(1, 1) = (2, 1), b = 2 + 1 - 8 = -5.
  EXPECT_EQ(2 * 3 + 4 - 8, 2);
  EXPECT_EQ(2 * 3 + 3 - 8, 1);
  EXPECT_EQ(2 + 1 - 8, -5);
  EXPECT_HAS(why(r), "w = 2·(3, 3) + (4, 3) − 8·(1, 1) = (2, 1) and b = 2 + 1 − 8 = −5");
  // The first option is where the order x1, x2, x3 ended (updates x1, x3, x3, x3, x1, x3, x3).
  const OracleRun cyclic = perceptron(s.data(), 1.0, false);
  EXPECT_EQ(cyclic.updates, (std::vector<std::uint32_t>{0, 2, 2, 2, 0, 2, 2}));
  EXPECT_EQ(cyclic.w, (std::vector<double>{1, 1}));
  EXPECT_EQ(cyclic.b, -3.0);
  EXPECT_EQ(r.question_options("en")[0], "x⁽¹⁾ + x⁽²⁾ − 3 = 0");
  EXPECT_HAS(why(r), "x⁽¹⁾ + x⁽²⁾ − 3 = 0 was the result of the order x1, x2, x3, whose updates fell on x1, x3, x3, x3, x1, x3, x3.");
  ASSERT_TRUE(r.next(s).ok);
  // Step 12: the lab makes them; the line separates the points: y(w.x + b) = 4, 6 and 2.
  EXPECT_EQ(updates_in_trace(s), (std::vector<std::uint32_t>{0, 2, 2, 2, 1, 2, 2, 2, 0, 2, 2}));
  EXPECT_EQ(updates_in_trace(s), updates_in_trace(t));
  const std::vector<double> w = s.learner().running_w();
  const double b = s.learner().running_b();
  EXPECT_EQ(w, (std::vector<double>{2, 1}));
  EXPECT_EQ(b, -5.0);
  EXPECT_EQ(margin_of(s.data(), 0, w, b), 4.0);
  EXPECT_EQ(margin_of(s.data(), 1, w, b), 6.0);
  EXPECT_EQ(margin_of(s.data(), 2, w, b), 2.0);
  EXPECT_EQ(misclassified(s.data(), w, b), 0u);
  EXPECT_NE(w, (std::vector<double>{1, 1}));  // another separating line than the cyclic order's
  EXPECT_EQ(r.question_kind(), QuestionKind::None);
  EXPECT_HAS(narration(r, s), "The lab made these 11 updates: w = (2, 1), b = −5, the line 2x⁽¹⁾ + x⁽²⁾ − 5 = 0.");
  EXPECT_HAS(narration(r, s), "y(w·x + b) is 4 for x1, 6 for x2 and 2 for x3.");
}

// Steps 13-16: η alone (0.5: the same updates, w and b halved, the same line), then the
// restart variant alone (the same updates and line; 20 visits instead of 18).
TEST(WorkedTextbook, LearningRateAndRestartAreChangedOneAtATime) {
  Session s;
  LessonRunner r;
  play_to(r, s, "textbook", 12);
  const Dataset& ds = s.data();
  const OracleRun one = perceptron(ds, 1.0, false), half = perceptron(ds, 0.5, false),
                  restart = perceptron(ds, 0.5, true);
  // Step 13: only η changes.
  EXPECT_EQ(s.settings().learner.pla.eta, 0.5);
  EXPECT_FALSE(s.settings().learner.pla.restart);
  EXPECT_EQ(s.learner().updates(), 0u);
  EXPECT_HAS(narration(r, s), "from w = (0, 0), b = 0. Only the learning rate changes: η = 0.5 instead of 1.");
  EXPECT_EQ(r.expected_answer(), "-1.5");
  EXPECT_EQ(half.b, 0.5 * one.b);
  EXPECT_EQ(half.updates, one.updates);
  for (std::size_t k = 0; k < one.updates.size(); ++k) {
    EXPECT_EQ(half.b_after[k], 0.5 * one.b_after[k]);
    EXPECT_EQ(half.w_after[k], (std::vector<double>{0.5 * one.w_after[k][0], 0.5 * one.w_after[k][1]}));
  }
  answer_right(r, s);
  EXPECT_HAS(why(r), "the same 7 updates on the same points, and b = 0.5 · (−3) = −1.5");
  ASSERT_TRUE(r.next(s).ok);
  // Step 14: trained with η = 0.5.
  EXPECT_EQ(updates_in_trace(s), one.updates);
  EXPECT_EQ(s.learner().w(), (std::vector<double>{0.5, 0.5}));
  EXPECT_EQ(s.learner().b(), -1.5);
  EXPECT_EQ(half.visits.size(), 18u);
  EXPECT_EQ(half.passes, 6u);
  EXPECT_EQ(s.learner().steps(), 18u);
  EXPECT_HAS(narration(r, s), "k = 7 updates on the same points, w = (0.5, 0.5), b = −1.5, half of w = (1, 1), b = −3");
  EXPECT_HAS(narration(r, s), "The algorithm made 18 visits: 6 epochs of 3 points.");
  EXPECT_EQ(r.question_kind(), QuestionKind::None);
  ASSERT_TRUE(r.next(s).ok);
  // Step 15: only the order rule changes (η stays 0.5).
  EXPECT_EQ(s.settings().learner.pla.eta, 0.5);
  EXPECT_TRUE(s.settings().learner.pla.restart);
  EXPECT_EQ(s.learner().updates(), 0u);
  EXPECT_EQ(r.expected_answer(), "no");
  EXPECT_EQ(restart.updates, one.updates);
  EXPECT_EQ(restart.w, half.w);
  EXPECT_EQ(restart.b, half.b);
  // η(‖x1‖² + 1) = 0.5 · 19 = 9.5, and x1 is classified correctly after each of its updates.
  EXPECT_EQ(0.5 * (norm2(ds, 0) + 1), 9.5);
  for (std::size_t k = 0; k < restart.updates.size(); ++k)
    if (restart.updates[k] == 0) {
      EXPECT_GT(margin_of(ds, 0, restart.w_after[k], restart.b_after[k]), 0.0) << k;
    }
  answer_right(r, s);
  EXPECT_HAS(why(r), "Here an update on x1 raises its y(w·x + b) by η(‖x1‖² + 1) = 9.5, enough to leave x1 classified correctly");
  EXPECT_HAS(why(r), "The updates fall on the same points, x1, x3, x3, x3, x1, x3, x3.");
  ASSERT_TRUE(r.next(s).ok);
  // Step 16: trained with the restart rule.
  EXPECT_EQ(updates_in_trace(s), one.updates);
  EXPECT_EQ(s.learner().w(), (std::vector<double>{0.5, 0.5}));
  EXPECT_EQ(s.learner().b(), -1.5);
  EXPECT_EQ(restart.visits.size(), 20u);
  EXPECT_EQ(s.learner().steps(), 20u);
  std::size_t x1_updates = 0;
  for (std::uint32_t i : restart.updates) x1_updates += i == 0 ? 1 : 0;
  EXPECT_EQ(x1_updates, 2u);
  EXPECT_EQ(restart.visits.size(), half.visits.size() + x1_updates);
  EXPECT_HAS(narration(r, s), "k = 7 updates, w = (0.5, 0.5), b = −1.5, the same line. Only the visits changed: 20 instead of 18");
}

}  // namespace
}  // namespace pla::lessons_worked_test
