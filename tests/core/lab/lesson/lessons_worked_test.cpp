// The worked-example lessons (web/lessons: textbook, customers, dual) against their own
// data: every number their texts state as a literal and every claim about the numbers
// (the same line, no point misclassified at the end, k <= 117, alpha = (2, 0, 5), the
// place_line's expected line, the growth of y(w.x + b) by eta(|x|^2 + 1), ...) is checked
// here on the built-in lesson walked by LessonRunner, against values computed here by other
// means: an integer perceptron written in this file (Li Hang's Algorithm 2.1 in the order
// x1, x2, x3, with or without the restart variant), inner products and distances by hand.
// Then the writing rules these lessons must keep in every language: at most 400 characters
// of narration + prompt, no narration that gives its question's answer, no "converged (yes)",
// no "0 mistakes", the augmented R̂ and γ̂ named as such, x⁽¹⁾ for coordinates, decimal points.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <regex>
#include <string>
#include <vector>

#include "core/lab/lesson/lesson.hpp"
#include "core/lab/session/session.hpp"
#include "core/learn/trace.hpp"

namespace pla::lessons_worked_test {
namespace {

// The interface's number format as the lab shows it (whole numbers exactly, others to 6
// significant digits) with a true minus sign, as the lesson files write literals.
const NumberFormat kMinus = [](double v) {
  char buf[40];
  if (v == std::floor(v) && std::fabs(v) < 1e15) {
    std::snprintf(buf, sizeof buf, "%.0f", v);
  } else {
    std::snprintf(buf, sizeof buf, "%.6g", v);
  }
  const std::string t = buf;
  return !t.empty() && t[0] == '-' ? "\u2212" + t.substr(1) : t;
};

#define EXPECT_HAS(text, part) EXPECT_NE((text).find(part), std::string::npos) << "missing \"" << (part) << "\" in: " << (text)
#define EXPECT_LACKS(text, part) EXPECT_EQ((text).find(part), std::string::npos) << "unexpected \"" << (part) << "\" in: " << (text)

std::string narration(const LessonRunner& r, const Session& s, const char* lang = "en") {
  return r.narration(s, lang, kMinus);
}
std::string why(const LessonRunner& r, const char* lang = "en") { return r.feedback(lang, kMinus); }

// Runs the lesson (questions skipped with next: their effects run) until step `target` (0-based).
void play_to(LessonRunner& r, Session& s, const std::string& id, std::size_t target) {
  ASSERT_TRUE(r.load_builtin(id).ok);
  ASSERT_TRUE(r.start(s).ok);
  while (r.step() < target) ASSERT_TRUE(r.next(s).ok);
}

// Answers the current question with the expected answer (it must be right).
void answer_right(LessonRunner& r, Session& s) {
  bool correct = false;
  const Status st = r.answer(s, r.expected_answer(), &correct);
  ASSERT_TRUE(st.ok) << st.error;
  ASSERT_TRUE(correct);
}

double dot(const std::vector<double>& w, const double* x) {
  double t = 0;
  for (std::size_t j = 0; j < w.size(); ++j) t += w[j] * x[j];
  return t;
}

// y(w.x + b) of data row i.
double margin_of(const Dataset& ds, std::size_t i, const std::vector<double>& w, double b) {
  return ds.y[i] * (dot(w, ds.row(i)) + b);
}

std::size_t misclassified(const Dataset& ds, const std::vector<double>& w, double b) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < ds.size(); ++i) n += margin_of(ds, i, w, b) <= 0 ? 1 : 0;
  return n;
}

double norm2(const Dataset& ds, std::size_t i) {
  double t = 0;
  for (int j = 0; j < ds.d; ++j) t += ds.row(i)[j] * ds.row(i)[j];
  return t;
}

std::vector<std::uint32_t> updates_in_trace(const Session& s) {
  std::vector<std::uint32_t> out;
  for (const TraceStep& t : s.trace().log())
    if (t.mistake) out.push_back(t.index);
  return out;
}

// ---------------------------------------------------------------- an independent perceptron

struct Visit {
  std::size_t index;
  std::vector<double> w;  // before the visit
  double b;
};

struct OracleRun {
  std::vector<std::uint32_t> updates;           // the points updated on, in order
  std::vector<std::vector<double>> w_after;      // w after each update
  std::vector<double> b_after;                   // b after each update
  std::vector<Visit> visits;                     // every visit, the final clean pass included
  std::vector<double> w;
  double b = 0;
  std::uint64_t passes = 0;
};

// Li Hang's Algorithm 2.1 from w = 0, b = 0, visiting x1, x2, ... in turn until a whole
// pass makes no update; restart: after each update the pass starts again from x1.
OracleRun perceptron(const Dataset& ds, double eta, bool restart) {
  OracleRun run;
  run.w.assign(static_cast<std::size_t>(ds.d), 0.0);
  for (int guard = 0; guard < 100000; ++guard) {
    ++run.passes;
    bool clean = true;
    for (std::size_t i = 0; i < ds.size(); ++i) {
      run.visits.push_back({i, run.w, run.b});
      if (margin_of(ds, i, run.w, run.b) > 0) continue;
      for (int j = 0; j < ds.d; ++j) run.w[static_cast<std::size_t>(j)] += eta * ds.y[i] * ds.row(i)[j];
      run.b += eta * ds.y[i];
      run.updates.push_back(static_cast<std::uint32_t>(i));
      run.w_after.push_back(run.w);
      run.b_after.push_back(run.b);
      clean = false;
      if (restart) break;
    }
    if (clean) break;
  }
  return run;
}

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

TEST(WorkedTextbook, EveryStepNarratesTheNumbersOfTheWorkedTable) {
  Session s;
  LessonRunner r;
  play_to(r, s, "textbook", 0);
  const Dataset& ds = s.data();
  const OracleRun run = perceptron(ds, 1.0, false);
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

// ---------------------------------------------------------------- customers

// Step 1 asks how many customers the first update leaves misclassified: from w = 0 it is on
// x1 = (8, 85), y = +1, so w = (8, 85), b = 1; every customer has positive coordinates, so
// w.x + b > 0 for all 20 and exactly the 10 small ones are misclassified. The update itself
// is step 2's action, so the later steps see the same session as before.
TEST(WorkedCustomers, TheFirstUpdatePutsEveryCustomerOnTheBigSide) {
  Session s;
  LessonRunner r;
  play_to(r, s, "customers", 0);
  const Dataset& ds = s.data();
  EXPECT_EQ(s.learner().updates(), 0u);
  EXPECT_EQ(r.question_kind(), QuestionKind::Number);
  EXPECT_EQ(r.expected_answer(), "10");
  std::size_t small = 0;
  for (std::size_t i = 0; i < ds.size(); ++i) {
    EXPECT_GT(ds.row(i)[0], 0.0) << i;  // "a positive price and quantity"
    EXPECT_GT(ds.row(i)[1], 0.0) << i;
    small += ds.y[i] < 0 ? 1 : 0;
  }
  EXPECT_EQ(small, 10u);
  EXPECT_EQ(ds.y[0], 1);  // x1 = (8, 85) is a big customer
  EXPECT_EQ(ds.row(0)[0], 8.0);
  EXPECT_EQ(ds.row(0)[1], 85.0);
  const std::vector<double> w{8, 85};
  for (std::size_t i = 0; i < ds.size(); ++i) EXPECT_GT(dot(w, ds.row(i)) + 1.0, 0.0) << i;
  EXPECT_EQ(misclassified(ds, w, 1.0), 10u);
  answer_right(r, s);
  EXPECT_EQ(s.learner().updates(), 0u);  // the question has no effect
  for (const char* lang : {"en", "vi", "zh"}) EXPECT_LACKS(narration(r, s, lang), "10");
  EXPECT_HAS(why(r), "10, all the small customers.");
  EXPECT_HAS(why(r), "the first update is on x1 = (8, 85), a big customer: w = (8, 85), b = 1.");
  EXPECT_HAS(why(r), "so w·x + b > 0 for all 20");
  ASSERT_TRUE(r.next(s).ok);
  // Step 2's action makes that update, on x1.
  EXPECT_EQ(updates_in_trace(s), (std::vector<std::uint32_t>{0}));
  EXPECT_EQ(s.learner().running_w(), w);
  EXPECT_EQ(s.learner().running_b(), 1.0);
  EXPECT_EQ(s.train_mistakes(), 10u);
}

TEST(WorkedCustomers, AnUpdateRaisesYScoreByEtaTimesNormSquaredPlusOne) {
  Session s;
  LessonRunner r;
  play_to(r, s, "customers", 1);
  const Dataset& ds = s.data();
  ASSERT_EQ(ds.size(), 20u);
  EXPECT_EQ(ds.feature_names, (std::vector<std::string>{"price", "quantity"}));  // x⁽¹⁾ price, x⁽²⁾ quantity
  const std::vector<double> w1 = s.learner().running_w();
  const double b1 = s.learner().running_b();
  EXPECT_EQ(w1, (std::vector<double>{8, 85}));
  EXPECT_EQ(b1, 1.0);
  // Step 2: the next update is on x2 = (30, 12), y = -1, y(w.x + b) = -1261; ‖x2‖² + 1 = 1045.
  EXPECT_EQ(ds.row(1)[0], 30.0);
  EXPECT_EQ(ds.row(1)[1], 12.0);
  EXPECT_EQ(ds.y[1], -1);
  EXPECT_EQ(margin_of(ds, 1, w1, b1), -1261.0);
  EXPECT_EQ(norm2(ds, 1) + 1, 1045.0);
  EXPECT_HAS(narration(r, s), "the next update is on x2 = (30, 12), a small customer (y = −1), with y(w·x + b) = −1261.");
  EXPECT_EQ(r.expected_answer(), "-216");
  answer_right(r, s);
  EXPECT_HAS(why(r), "‖x2‖² + 1 = 900 + 144 + 1 = 1045, so y(w·x + b) goes from −1261 to −1261 + 1045 = −216");
  ASSERT_TRUE(r.next(s).ok);
  // Step 3: after the update x2 is still misclassified at -216.
  EXPECT_EQ(updates_in_trace(s), (std::vector<std::uint32_t>{0, 1}));
  EXPECT_EQ(margin_of(ds, 1, s.learner().running_w(), s.learner().running_b()), -216.0);
  // The same identity on every update of the whole run, on the lesson's data.
  Session t;
  ASSERT_TRUE(t.load_data(ds, "customers").ok);
  for (const char* kv : {"algo classic", "eta 1", "order cyclic", "init zero"}) {
    const std::string text(kv);
    ASSERT_TRUE(t.set(text.substr(0, text.find(' ')), text.substr(text.find(' ') + 1)).ok) << kv;
  }
  t.reset();
  for (int k = 0; k < 100 && !t.learner().converged(); ++k) {
    const std::vector<double> w = t.learner().running_w();
    const double b = t.learner().running_b();
    const std::uint64_t before = t.learner().updates();
    t.next_update();
    if (t.learner().updates() == before) break;
    const std::size_t i = updates_in_trace(t).back();
    EXPECT_EQ(margin_of(ds, i, t.learner().running_w(), t.learner().running_b()) - margin_of(ds, i, w, b),
              1.0 * (norm2(ds, i) + 1))
        << "update " << k + 1;
  }
  EXPECT_TRUE(t.learner().converged());
  EXPECT_EQ(t.learner().updates(), 14u);
}

TEST(WorkedCustomers, TheAngleAndTheCountsAreTheLessons) {
  Session s;
  LessonRunner r;
  play_to(r, s, "customers", 2);
  const Dataset& ds = s.data();
  const std::vector<double> w = s.learner().running_w();
  EXPECT_EQ(w, (std::vector<double>{-22, 73}));
  EXPECT_EQ(s.learner().running_b(), 0.0);
  // yx = (-30, -12); the angle from w = (8, 85) was 117.2°, from (-22, 73) it is 95.0°.
  const double yx[] = {-30, -12};
  const auto angle = [&](double a, double b) {
    return std::acos((a * yx[0] + b * yx[1]) / (std::hypot(a, b) * std::hypot(yx[0], yx[1]))) * 180.0 /
           3.14159265358979323846;
  };
  EXPECT_NEAR(angle(8, 85), 117.2, 0.05);
  EXPECT_NEAR(angle(-22, 73), 95.0, 0.05);
  EXPECT_LT(angle(-22, 73), angle(8, 85));
  const std::string n = narration(r, s);
  EXPECT_HAS(n, "Update 2 on x2 = (30, 12): w = (−22, 73), b = 0; 7 of 20 customers are misclassified.");
  EXPECT_HAS(n, "yx = (−30, −12): the angle between w and yx fell from 117.2° to 95.0°.");
  EXPECT_EQ(misclassified(ds, w, 0.0), 7u);
  // x3 = (10, 72) is classified correctly: 5036.
  EXPECT_EQ(margin_of(ds, 2, w, 0.0), 5036.0);
  EXPECT_EQ(r.expected_answer(), "no");
  answer_right(r, s);
  EXPECT_EQ(ds.y[2], 1);
  EXPECT_EQ(-22 * 10 + 73 * 72 + 0, 5036);
  EXPECT_HAS(why(r), "x3 = (10, 72) is a big customer (y = +1): y(w·x + b) = (−22)·10 + 73·72 + 0 = 5036 > 0");
  ASSERT_TRUE(r.next(s).ok);
  // Step 4: trained; no customer is misclassified and the last epoch made no update.
  EXPECT_TRUE(s.learner().converged());
  EXPECT_EQ(s.learner().updates(), 14u);
  EXPECT_EQ(s.learner().epoch(), 4u);
  EXPECT_EQ(misclassified(ds, s.learner().w(), s.learner().b()), 0u);
  const auto& log = s.trace().log();
  ASSERT_GE(log.size(), 20u);
  for (std::size_t i = log.size() - 20; i < log.size(); ++i) {
    EXPECT_FALSE(log[i].mistake) << i;
    EXPECT_EQ(log[i].epoch, 4u);
  }
  EXPECT_HAS(narration(r, s), "k = 14 updates in 4 epochs, w = (−116, 63), b = −4.");
  EXPECT_EQ(r.expected_answer(), "yes");
  answer_right(r, s);
  const std::string w4 = why(r);
  EXPECT_HAS(w4, "Yes: no customer is misclassified, and the last epoch made no update.");
  // R̂ = max ‖(x, 1)‖ = ‖(12, 90, 1)‖ = √8245.
  double r2 = 0;
  for (std::size_t i = 0; i < ds.size(); ++i) r2 = std::max(r2, norm2(ds, i) + 1);
  EXPECT_EQ(r2, 8245.0);
  EXPECT_HAS(w4, "R̂ = " + kMinus(std::sqrt(r2)) + " and γ̂ = ");
  const std::smatch m = [&] {
    std::smatch out;
    std::regex_search(w4, out, std::regex("\\(R̂/γ̂\\)² = ([0-9.]+), with R̂ = ([0-9.]+) and γ̂ = ([0-9.]+)"));
    return out;
  }();
  ASSERT_EQ(m.size(), 4u) << w4;
  const double bound = std::stod(m[1]), R = std::stod(m[2]), gamma = std::stod(m[3]);
  EXPECT_NEAR(bound, (R / gamma) * (R / gamma), 1e-3 * bound);
  EXPECT_GT(bound, 100.0 * 14);  // "far below"
  // γ̂ is a margin of the augmented points: the final (w, b) normalised reaches at most it.
  double reached = 1e18;
  const double norm_hat = std::sqrt(dot(s.learner().w(), s.learner().w().data()) + s.learner().b() * s.learner().b());
  for (std::size_t i = 0; i < ds.size(); ++i)
    reached = std::min(reached, margin_of(ds, i, s.learner().w(), s.learner().b()) / norm_hat);
  EXPECT_LE(reached, gamma + 1e-5);
  // "Why so large?": the widest margin of the points in the plane is about 6.5 (over unit
  // normals n, (min over +1 of n.x − max over −1 of n.x)/2), far above γ̂, and its line lies
  // far from the origin (the midpoint (lo + hi)/2 of n.x).
  double best = -1e9, offset = 0;
  for (int a = 0; a < 360000; ++a) {
    const double th = a * 3.14159265358979323846 / 180000;
    const std::vector<double> unit = {std::cos(th), std::sin(th)};
    double lo = 1e9, hi = -1e9;
    for (std::size_t i = 0; i < ds.size(); ++i) {
      const double v = dot(unit, ds.row(i));
      if (ds.y[i] > 0) lo = std::min(lo, v);
      else hi = std::max(hi, v);
    }
    if ((lo - hi) / 2 > best) best = (lo - hi) / 2, offset = std::fabs(lo + hi) / 2;
  }
  EXPECT_NEAR(best, 6.5, 0.05);
  EXPECT_GT(best, 5 * gamma);
  EXPECT_GT(offset, 10.0);
  EXPECT_HAS(w4, "γ̂ is far below the widest margin of the points in the plane, about 6.5.");
}

TEST(WorkedCustomers, TheQueryQuestionIsAPrediction) {
  Session s;
  LessonRunner r;
  play_to(r, s, "customers", 4);
  ASSERT_EQ(s.queries().size(), 3u);
  EXPECT_EQ(s.queries()[0], (std::vector<double>{12, 60}));
  EXPECT_EQ(s.queries()[1], (std::vector<double>{40, 10}));
  EXPECT_EQ(s.queries()[2], (std::vector<double>{30, 50}));
  // None of them is a training point ("new customers").
  for (const std::vector<double>& q : s.queries())
    for (std::size_t i = 0; i < s.data().size(); ++i)
      EXPECT_FALSE(s.data().row(i)[0] == q[0] && s.data().row(i)[1] == q[1]) << i;
  const std::vector<double>& w = s.learner().w();
  const double b = s.learner().b();
  EXPECT_EQ(w, (std::vector<double>{-116, 63}));
  EXPECT_EQ(b, -4.0);
  EXPECT_EQ(dot(w, s.queries()[0].data()) + b, 2384.0);
  EXPECT_EQ(dot(w, s.queries()[1].data()) + b, -4014.0);
  EXPECT_EQ(dot(w, s.queries()[2].data()) + b, -334.0);
  EXPECT_EQ(-116 * 30 + 63 * 50 - 4, -334);
  EXPECT_EQ(-116 * 40 + 63 * 10 - 4, -4014);
  EXPECT_EQ(-116 * 12 + 63 * 60 - 4, 2384);
  char ratio[16];
  std::snprintf(ratio, sizeof ratio, "%.2f", -w[0] / w[1]);  // w.x + b >= 0 is q >= (116p + 4)/63
  EXPECT_EQ(std::string(ratio), "1.84");
  EXPECT_EQ(s.learner().predict(s.queries()[2].data()), -1);
  for (std::size_t q = 0; q < 3; ++q)
    EXPECT_EQ(s.decision(s.queries()[q].data()) > 0, q == 0) << q;
  const std::string n = narration(r, s);
  EXPECT_HAS(n, "(12, 60), (40, 10) and (30, 50)");
  EXPECT_HAS(n, "gives a new customer x the class sign(w·x + b), +1 when w·x + b ≥ 0.");
  EXPECT_LACKS(n, "→");  // the classes come after the answer
  EXPECT_EQ(r.expected_answer(), "0");
  EXPECT_EQ(r.question_options("en")[0], "(12, 60) only");
  answer_right(r, s);
  EXPECT_HAS(why(r), "w·x + b is 2384 for (12, 60), −4014 for (40, 10) and −334 for (30, 50)");
  for (const char* reply : {"1", "2", "3"}) {
    Session t;
    LessonRunner q;
    play_to(q, t, "customers", 4);
    ASSERT_TRUE(q.answer(t, reply).ok);
    EXPECT_HAS(why(q), reply[0] == '1'   ? "(30, 50) buys 50 units, but at 30 EUR: −116·30 + 63·50 − 4 = −334 < 0."
                       : reply[0] == '2' ? "(40, 10) buys few units at a high price: −116·40 + 63·10 − 4 = −4014."
                                         : "(12, 60) is on the big side: −116·12 + 63·60 − 4 = 2384 > 0.");
  }
  EXPECT_HAS(why(r), "(12, 60) → +1");
  EXPECT_HAS(why(r), "Only (12, 60), many units at a low price, is classified as a big customer; (30, 50) pays too much for its quantity.");
  EXPECT_LT(s.queries()[0][0], s.queries()[1][0]);  // a lower price than (40, 10) and (25, 35)
  EXPECT_LT(s.queries()[0][0], s.queries()[2][0]);
  EXPECT_GT(s.queries()[0][1], s.queries()[1][1]);  // and more units
  EXPECT_GT(s.queries()[0][1], s.queries()[2][1]);
}

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

// ---------------------------------------------------------------- the writing rules

// Every rendered text of the three lessons in every language, walked with right answers.
struct Rendered {
  std::string lang, where, text;
};

std::vector<Rendered> render_all(const std::string& id) {
  std::vector<Rendered> out;
  Session s;
  LessonRunner r;
  EXPECT_TRUE(r.load_builtin(id).ok);
  EXPECT_TRUE(r.start(s).ok);
  for (std::size_t guard = 0; !r.done() && guard < 100; ++guard) {
    const std::string at = id + " step " + std::to_string(r.step() + 1);
    for (const char* lang : {"en", "vi", "zh"}) {
      out.push_back({lang, at + " narration", r.narration(s, lang, kMinus)});
      if (r.question_kind() != QuestionKind::None) {
        out.push_back({lang, at + " prompt", r.question_prompt(lang, kMinus)});
        for (const std::string& o : r.question_options(lang, kMinus)) out.push_back({lang, at + " option", o});
      }
    }
    if (r.question_kind() != QuestionKind::None) {
      bool correct = false;
      EXPECT_TRUE(r.answer(s, r.expected_answer(), &correct).ok);
      for (const char* lang : {"en", "vi", "zh"}) out.push_back({lang, at + " why", r.feedback(lang, kMinus)});
    }
    EXPECT_TRUE(r.next(s).ok);
  }
  return out;
}

std::size_t code_points(const std::string& s) {
  std::size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

const char* const kWorked[] = {"textbook", "customers", "dual"};

TEST(WorkedLessons, NarrationAndPromptFitThePanel) {
  for (const char* id : kWorked) {
    Session s;
    LessonRunner r;
    ASSERT_TRUE(r.load_builtin(id).ok);
    ASSERT_TRUE(r.start(s).ok);
    for (std::size_t guard = 0; !r.done() && guard < 100; ++guard) {
      const std::string text = r.narration(s, "en", kMinus) +
                               (r.question_kind() != QuestionKind::None ? r.question_prompt("en", kMinus) : "");
      EXPECT_LE(code_points(text), 400u) << id << " step " << r.step() + 1 << ": " << text;
      ASSERT_TRUE(r.next(s).ok);
    }
  }
}

TEST(WorkedLessons, NoNarrationGivesItsAnswerAndNoCountReadsZero) {
  for (const char* id : kWorked) {
    LessonRunner r;
    ASSERT_TRUE(r.load_builtin(id).ok);
    for (std::size_t i = 0; i < r.lesson().steps.size(); ++i) {
      const LessonStep& st = r.lesson().steps[i];
      for (const std::string* t : {&st.narration.en, &st.narration.written("vi"), &st.narration.written("zh"), &st.question.why.en,
                                   &st.question.why.written("vi"), &st.question.why.written("zh")})
        EXPECT_LACKS(*t, "{converged}");
      if (st.question.kind != QuestionKind::None) {
        EXPECT_LACKS(st.narration.en, "converged");
        EXPECT_LACKS(st.narration.written("vi"), "hội tụ");
        EXPECT_LACKS(st.narration.written("zh"), "收敛");
      }
    }
    for (const Rendered& t : render_all(id)) {
      static const std::regex zero_en("\\b0 (mistake|customer|point)s?\\b");
      EXPECT_FALSE(std::regex_search(t.text, zero_en)) << t.where << ": " << t.text;
      EXPECT_LACKS(t.text, "còn 0");
      EXPECT_LACKS(t.text, "Có 0");
      EXPECT_LACKS(t.text, "还剩 0");
      EXPECT_LACKS(t.text, " 0 位");
      EXPECT_LACKS(t.text, "答案是");
      EXPECT_LACKS(t.text, "顾客");
      EXPECT_LACKS(t.text, "分错");
      EXPECT_LACKS(t.text, "错分");
      EXPECT_LACKS(t.text, "(yes)");
    }
  }
}

TEST(WorkedLessons, NotationNumbersAndAugmentedQuantities) {
  for (const char* id : kWorked) {
    LessonRunner r;
    ASSERT_TRUE(r.load_builtin(id).ok);
    const auto texts = [&](const LessonText& t) { return std::vector<std::string>{t.en, t.written("vi"), t.written("zh")}; };
    for (const LessonStep& st : r.lesson().steps)
      for (const LessonText* lt : {&st.narration, &st.question.prompt, &st.question.why})
        for (const std::string& t : texts(*lt)) {
          // {gamma}, {R} and {bound} are the augmented γ̂, R̂ and (R̂/γ̂)².
          for (const auto& [name, symbol] : std::vector<std::pair<std::string, std::string>>{
                   {"{gamma}", "γ̂ = "}, {"{R}", "R̂ = "}, {"{bound}", "(R̂/γ̂)² = "}}) {
            for (std::size_t at = t.find(name); at != std::string::npos; at = t.find(name, at + 1)) {
              ASSERT_GE(at, symbol.size()) << t;
              EXPECT_EQ(t.substr(at - symbol.size(), symbol.size()), symbol) << t;
            }
          }
          // The plain ratio (R/γ)² only beside the augmented one it is contrasted with.
          if (t.find("(R/γ)") != std::string::npos) {
            EXPECT_HAS(t, "(R̂/γ̂)²");
          }
          // Coordinates are x⁽¹⁾, w⁽¹⁾: never x₁ or w₂.
          EXPECT_FALSE(std::regex_search(t, std::regex("[xw](₁|₂|₃)"))) << t;
        }
    for (const Rendered& t : render_all(id)) {
      if (t.lang == "vi") {
        EXPECT_FALSE(std::regex_search(t.text, std::regex("[0-9],[0-9]"))) << t.where << ": " << t.text;
      }
    }
  }
}

}  // namespace
}  // namespace pla::lessons_worked_test
