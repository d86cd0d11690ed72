// What the lessons learning-rate, novikoff and random-start state, checked on their own data:
// every number they write as a literal and every comparison they make ("the same updates",
// "k grows", "more than"), walked with LessonRunner over a Session as the student sees them.
// The oracles are independent of the lab where one exists: the integer perceptron on the six
// points (exact arithmetic), a plain double perceptron written here, the max-margin vector
// found by hand, the generator called directly.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "core/data/generators.hpp"
#include "core/lab/lesson/lesson.hpp"
#include "core/learn/metrics.hpp"
#include "core/lab/session/session.hpp"
#include "core/learn/trace.hpp"

namespace pla::lessons_theory_test {
namespace {

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

void open_step(LessonRunner& r, Session& s, const std::string& id, std::size_t target) {
  ASSERT_TRUE(r.load_builtin(id).ok);
  ASSERT_TRUE(r.start(s).ok);
  while (r.step() < target) ASSERT_TRUE(r.next(s).ok);
}

// The six points of the lessons: x1..x6 = (3,3)+, (4,3)+, (1,1)-, (2,2)-, (3,1)-, (5,2)+.
const int kSix[6][3] = {{3, 3, 1}, {4, 3, 1}, {1, 1, -1}, {2, 2, -1}, {3, 1, -1}, {5, 2, 1}};

// The classic perceptron, cyclic, η = 1 from w = 0 in integers (exact arithmetic): the weights
// after each update.
struct IntState {
  long long w1, w2, b;
};
std::vector<IntState> exact_weights() {
  long long w1 = 0, w2 = 0, b = 0;
  std::vector<IntState> out;
  for (std::size_t t = 0, clean = 0; clean < 6 && t < 60000; ++t) {
    const int* x = kSix[t % 6];
    if (x[2] * (w1 * x[0] + w2 * x[1] + b) <= 0) {
      w1 += x[2] * x[0], w2 += x[2] * x[1], b += x[2];
      out.push_back({w1, w2, b});
      clean = 0;
    } else {
      ++clean;
    }
  }
  return out;
}

// A trained run of the six points: the updates as (step, point) pairs.
using Updates = std::vector<std::pair<std::uint64_t, std::uint32_t>>;
Updates updates_of(const Session& s) {
  Updates out;
  for (const TraceStep& t : s.trace().log())
    if (t.mistake) out.emplace_back(t.step, t.index);
  return out;
}
Session six(double eta, bool random_start) {
  Session s;
  EXPECT_TRUE(s.load_preset("six").ok);
  EXPECT_TRUE(s.set("eta", msg_num(eta)).ok);
  if (random_start) {
    EXPECT_TRUE(s.set("init", "random").ok);
    EXPECT_TRUE(s.set("seed", "1").ok);
  }
  return s;
}
Session trained_six(double eta, bool random_start) {
  Session s = six(eta, random_start);
  EXPECT_TRUE(s.train().ok);
  EXPECT_TRUE(s.learner().converged()) << eta;
  return s;
}

// A plain perceptron in doubles on the six points (cyclic) from any start: the updates.
struct DoubleRun {
  std::vector<std::size_t> visits;  // 0-based visit numbers that updated
  double w1 = 0, w2 = 0, b = 0;
};
DoubleRun double_run(double eta, double w1, double w2, double b) {
  DoubleRun r;
  for (std::size_t t = 0, clean = 0; clean < 6 && t < 600000; ++t) {
    const int* x = kSix[t % 6];
    if (x[2] * (w1 * x[0] + w2 * x[1] + b) <= 0) {
      w1 += eta * x[2] * x[0], w2 += eta * x[2] * x[1], b += eta * x[2];
      r.visits.push_back(t);
      clean = 0;
    } else {
      ++clean;
    }
  }
  r.w1 = w1, r.w2 = w2, r.b = b;
  return r;
}

// ---------------------------------------------------------------- learning-rate

TEST(LessonsTheoryLearningRate, ThePlaceLineQuestionAsksForTheLineOfTheSixthUpdate) {
  const std::vector<IntState> exact = exact_weights();
  ASSERT_GE(exact.size(), 6u);
  // By hand (η = 1): the fifth update is on x3 (w = (4, 1), b = −1), the sixth on x4: w = (2, −1), b = −2.
  EXPECT_EQ(exact[4].w1, 4);
  EXPECT_EQ(exact[4].w2, 1);
  EXPECT_EQ(exact[4].b, -1);
  EXPECT_EQ(exact[5].w1, 2);
  EXPECT_EQ(exact[5].w2, -1);
  EXPECT_EQ(exact[5].b, -2);
  Session s;
  LessonRunner r;
  open_step(r, s, "learning-rate", 2);
  ASSERT_EQ(r.question_kind(), QuestionKind::PlaceLine);
  EXPECT_EQ(s.settings().learner.pla.eta, 0.1);
  EXPECT_EQ(s.learner().updates(), 5u);
  ASSERT_TRUE(s.has_last_step());
  EXPECT_EQ(s.last_step().index, 2u);  // the last update was on x3 = (1, 1)
  EXPECT_TRUE(has(r.narration(s, "en"), "the last one on x3 = (1, 1), w = (0.4, 0.1) and b = -0.1")) << r.narration(s, "en");
  // The expected line: 0.1 times (2, −1, −2), and x4 = (2, 2) lies on it.
  const std::vector<double>& line = r.expected_line();
  ASSERT_EQ(line.size(), 3u);
  EXPECT_NEAR(line[0], 0.2, 1e-12);
  EXPECT_NEAR(line[1], -0.1, 1e-12);
  EXPECT_NEAR(line[2], -0.2, 1e-12);
  EXPECT_NEAR(2 * line[0] + 2 * line[1] + line[2], 0.0, 1e-12);
  // The student who draws 2x⁽¹⁾ − x⁽²⁾ − 2 = 0 (the line of η = 1) is right.
  bool correct = false;
  ASSERT_TRUE(r.answer(s, "2 -1 -2", &correct).ok);
  EXPECT_TRUE(correct);
  EXPECT_EQ(s.last_step().index, 3u);  // the next visit is x4 = (2, 2), y = −1
  EXPECT_TRUE(s.last_step().mistake);
  EXPECT_EQ(s.learner().updates(), 6u);
  const std::string why = r.feedback("en");
  EXPECT_TRUE(has(why, "y(w·x4 + b) = -0.9 ≤ 0")) << why;
  EXPECT_TRUE(has(why, "w = (0.2, -0.1), b = -0.2")) << why;
}

TEST(LessonsTheoryLearningRate, FromZeroTheRatesPartFromEtaOneAfter13_88And34Updates) {
  std::vector<Updates> runs;
  std::vector<std::uint64_t> k;
  for (double eta : {1.0, 0.1, 0.01, 0.001}) {
    runs.push_back(updates_of(trained_six(eta, false)));
    k.push_back(runs.back().size());
  }
  EXPECT_EQ(k, (std::vector<std::uint64_t>{96, 98, 101, 83}));
  EXPECT_LT(k[3], k[0]);  // η = 0.001 ends with fewer updates than η = 1
  EXPECT_GT(k[2], k[0]);  // η = 0.01 with more
  std::size_t common = 0;
  while (common < runs[0].size() &&
         std::all_of(runs.begin(), runs.end(), [&](const Updates& u) { return common < u.size() && u[common] == runs[0][common]; }))
    ++common;
  EXPECT_EQ(common, 13u);
  // Each run against η = 1: the same first 13 (η = 0.1), 88 (0.01) and 34 (0.001) updates, then
  // a different one.
  std::vector<std::size_t> same;
  for (std::size_t i = 1; i < runs.size(); ++i) {
    std::size_t c = 0;
    while (c < runs[0].size() && c < runs[i].size() && runs[i][c] == runs[0][c]) ++c;
    EXPECT_LT(c, std::min(runs[0].size(), runs[i].size()));  // they do part
    same.push_back(c);
  }
  EXPECT_EQ(same, (std::vector<std::size_t>{13, 88, 34}));
  // The rounding error the lesson quotes.
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", 0.1 * 3);
  EXPECT_STREQ(buf, "0.30000000000000004");
  Session s;
  LessonRunner r;
  open_step(r, s, "learning-rate", 4);
  EXPECT_TRUE(has(r.narration(s, "en"),
                  "η = 0.1 repeats the first 13 updates of η = 1, η = 0.01 the first 88, η = 0.001 the first 34; then each run "
                  "parts from it. In all the four runs make 96, 98, 101, 83 updates"))
      << r.narration(s, "en");
  EXPECT_EQ(s.settings().learner.pla.order, Order::Cyclic);  // "every run visits x1, …, x6 in the same order"
  EXPECT_EQ(r.expected_answer(), "0");
  for (const char* reply : {"1", "2"}) {
    Session t;
    LessonRunner q;
    open_step(q, t, "learning-rate", 4);
    ASSERT_TRUE(q.answer(t, reply).ok);
    EXPECT_TRUE(has(q.feedback("en"), reply[0] == '1' ? "η = 0.001 even ends with fewer updates."
                                                     : "Every run visits x1, …, x6 in the same cyclic order."))
        << q.feedback("en");
  }
}

TEST(LessonsTheoryLearningRate, FromZeroPowersOfTwoGiveOneRunScaledBitForBit) {
  const double etas[] = {1.0, std::ldexp(1.0, -4), std::ldexp(1.0, -7), std::ldexp(1.0, -10)};
  const Session one = trained_six(1.0, false);
  const Updates ref = updates_of(one);
  ASSERT_EQ(ref.size(), 96u);
  for (double eta : etas) {
    const Session s = trained_six(eta, false);
    EXPECT_EQ(updates_of(s), ref) << eta;
    const std::vector<double>& w = s.learner().running_w();
    for (std::size_t j = 0; j < 2; ++j) EXPECT_EQ(w[j], eta * one.learner().running_w()[j]) << eta;
    EXPECT_EQ(s.learner().running_b(), eta * one.learner().running_b()) << eta;
  }
  // The lesson's comparison: the same k and w, b exactly η times those of η = 1.
  Session s;
  LessonRunner r;
  open_step(r, s, "learning-rate", 5);
  ASSERT_EQ(s.eta_runs().size(), 4u);
  for (std::size_t i = 0; i < 4; ++i) {
    const EtaRun& run = s.eta_runs()[i];
    EXPECT_EQ(run.eta, etas[i]);
    EXPECT_EQ(run.updates, 96u);
    EXPECT_EQ(run.w, (std::vector<double>{6 * etas[i], 3 * etas[i]}));
    EXPECT_EQ(run.b, -24 * etas[i]);
  }
  EXPECT_EQ(r.expected_answer(), "yes");
}

TEST(LessonsTheoryLearningRate, FromTheRandomStartRatesAbove0023RunAlikeAndSmallerOnesDiffer) {
  Session s;
  LessonRunner r;
  open_step(r, s, "learning-rate", 6);
  EXPECT_EQ(s.settings().learner.pla.init, Init::Random);
  const std::vector<double> w0 = s.learner().running_w();
  const double b0 = s.learner().running_b();
  ASSERT_EQ(w0.size(), 2u);
  // |ŵ₀·x̂ᵢ| < 0.023 for every point, and ŵ₀·x̂ᵢ ≠ 0 (ŵ₀ breaks every tie).
  double largest = 0.0;
  for (const auto& x : kSix) {
    const double v = w0[0] * x[0] + w0[1] * x[1] + b0;
    EXPECT_NE(v, 0.0);
    largest = std::max(largest, std::fabs(v));
  }
  EXPECT_LT(largest, 0.023);
  EXPECT_GT(largest, std::ldexp(1.0, -6));  // 2⁻⁶ is below it: the argument says nothing there
  // The comparison: 94, 94, 99, 90.
  ASSERT_EQ(s.eta_runs().size(), 4u);
  std::vector<std::uint64_t> k;
  for (const EtaRun& run : s.eta_runs()) k.push_back(run.updates);
  EXPECT_EQ(k, (std::vector<std::uint64_t>{94, 94, 99, 90}));
  EXPECT_EQ(s.eta_runs()[1].eta, std::ldexp(1.0, -4));
  EXPECT_EQ(s.eta_runs()[2].eta, std::ldexp(1.0, -7));
  EXPECT_EQ(s.eta_runs()[3].eta, std::ldexp(1.0, -10));
  EXPECT_EQ(r.expected_answer(), "0");
  ASSERT_TRUE(r.answer(s, "0").ok);
  EXPECT_TRUE(has(r.feedback("en"), "The runs make 94, 94, 99, 90 updates")) << r.feedback("en");
  EXPECT_TRUE(has(r.feedback("en"), "η = 1 and 2⁻⁴ make the same 94 updates (96 from w = 0, where ties count as mistakes)"))
      << r.feedback("en");
  EXPECT_LT(std::ldexp(1.0, -7), 0.023);  // "2⁻⁷ and 2⁻¹⁰ are below 0.023"
  EXPECT_LT(std::ldexp(1.0, -10), 0.023);
  // Every η above 0.023 makes the same updates as η = 1: the powers of two 1 … 2⁻⁵ and others.
  const Updates ref = updates_of(trained_six(1.0, true));
  ASSERT_EQ(ref.size(), 94u);
  for (double eta : {0.75, 0.5, 0.25, 0.125, 0.1, 0.0625, 0.03125, 0.025}) EXPECT_EQ(updates_of(trained_six(eta, true)), ref) << eta;
  // 2⁻⁷ and 2⁻¹⁰ take other paths (not only other counts).
  EXPECT_NE(updates_of(trained_six(std::ldexp(1.0, -7), true)), ref);
  EXPECT_NE(updates_of(trained_six(std::ldexp(1.0, -10), true)), ref);
  // The start breaks the ties: 94 updates, not the 96 from w = 0.
  EXPECT_EQ(updates_of(trained_six(1.0, false)).size(), 96u);
  // The lab's runs agree with a perceptron written here from the same start.
  EXPECT_EQ(double_run(1.0, w0[0], w0[1], b0).visits.size(), 94u);
  EXPECT_EQ(double_run(std::ldexp(1.0, -7), w0[0], w0[1], b0).visits.size(), 99u);
  EXPECT_EQ(double_run(std::ldexp(1.0, -10), w0[0], w0[1], b0).visits.size(), 90u);
}

TEST(LessonsTheoryLearningRate, TheRunWithEtaIsEtaTimesTheRunOfOneFromTheStartOverEta) {
  // With a power of two the identity holds bit for bit on the computer too.
  Session s = six(1.0, true);
  const std::vector<double> w0 = s.learner().running_w();
  const double b0 = s.learner().running_b();
  for (int n : {4, 7, 10}) {
    const double eta = std::ldexp(1.0, -n);
    const DoubleRun small = double_run(eta, w0[0], w0[1], b0);
    const DoubleRun big = double_run(1.0, w0[0] / eta, w0[1] / eta, b0 / eta);
    EXPECT_EQ(small.visits, big.visits) << n;
    EXPECT_EQ(small.w1, eta * big.w1);
    EXPECT_EQ(small.w2, eta * big.w2);
    EXPECT_EQ(small.b, eta * big.b);
  }
}

TEST(LessonsTheoryLearningRate, TheLastStepQuotesTheRandomStartCountsAndTheCapFromTheStart) {
  Session s;
  LessonRunner r;
  open_step(r, s, "learning-rate", 7);
  EXPECT_TRUE(has(r.narration(s, "en"), "the runs above needed 94, 94, 99, 90 updates as η shrank")) << r.narration(s, "en");
  EXPECT_EQ(r.expected_answer(), "0");  // from ŵ₀/η (TheRunWithEtaIsEtaTimesTheRunOfOneFromTheStartOverEta)
  // "k depends on η here" although (R̂/γ̂)² has none; the proof from ŵ₀ (progress ≥ kηγ̂ − ‖ŵ₀‖,
  // growth ≤ ‖ŵ₀‖² + kη²R̂²) gives kγ̂ ≤ 2‖ŵ₀‖/η + √k·R̂, i.e. √k ≤ (R̂ + √(R̂² + 8γ̂‖ŵ₀‖/η))/(2γ̂):
  // a cap above (R̂/γ̂)² that grows as η shrinks, and every run stays within its own.
  const Session start = six(1.0, true);
  const std::vector<double>& w0 = start.learner().running_w();
  const double n0 = std::sqrt(w0[0] * w0[0] + w0[1] * w0[1] + start.learner().running_b() * start.learner().running_b());
  const double R = std::sqrt(30.0), g = 1 / std::sqrt(27.0);
  ASSERT_EQ(s.eta_runs().size(), 4u);
  double last_cap = (R / g) * (R / g);
  std::vector<std::uint64_t> k;
  for (const EtaRun& run : s.eta_runs()) {
    const double root = (R + std::sqrt(R * R + 8 * g * n0 / run.eta)) / (2 * g);
    EXPECT_GT(root * root, last_cap) << run.eta;
    last_cap = root * root;
    EXPECT_LE(static_cast<double>(run.updates), last_cap) << run.eta;
    k.push_back(run.updates);
  }
  EXPECT_NE(k[2], k[0]);
  ASSERT_TRUE(r.answer(s, "0").ok);
  EXPECT_TRUE(has(r.feedback("en"), "from ŵ₀ the same proof gives a cap that grows with ‖ŵ₀‖/η")) << r.feedback("en");
}

// The margin perceptron on the six points in exact integer arithmetic (cyclic, from w = 0,
// η = 1): update while y(w·x + b) <= tau; the updates made until a clean pass.
std::size_t exact_margin_updates(long long tau, long long* w1_out = nullptr, long long* w2_out = nullptr,
                                 long long* b_out = nullptr) {
  long long w1 = 0, w2 = 0, b = 0;
  std::size_t k = 0;
  for (std::size_t t = 0, clean = 0; clean < 6 && t < 600000; ++t) {
    const int* x = kSix[t % 6];
    if (x[2] * (w1 * x[0] + w2 * x[1] + b) <= tau) {
      w1 += x[2] * x[0], w2 += x[2] * x[1], b += x[2];
      ++k;
      clean = 0;
    } else {
      ++clean;
    }
  }
  if (w1_out) *w1_out = w1, *w2_out = w2, *b_out = b;
  return k;
}

// Step 9: where η does matter. The margin perceptron (τ = 1) from w = 0 with η is η times the
// run of η = 1 with the threshold τ/η: η = 1, 0.5, 0.25 are the integer runs with τ = 1, 2,
// 4 scaled, 115, 128 and 160 updates: the smaller η, the wider the margin asked, the more updates.
TEST(LessonsTheoryLearningRate, TheMarginPerceptronsRunWithEtaIsTheRunOfOneWithTauOverEta) {
  Session s;
  LessonRunner r;
  open_step(r, s, "learning-rate", 8);
  EXPECT_EQ(s.settings().learner.algo, Algo::Margin);
  EXPECT_EQ(s.settings().learner.pla.tau, 1.0);
  EXPECT_EQ(s.settings().learner.pla.init, Init::Zero);
  ASSERT_EQ(s.eta_runs().size(), 3u);
  const double etas[] = {1.0, 0.5, 0.25};
  std::vector<std::uint64_t> k;
  for (std::size_t i = 0; i < 3; ++i) {
    long long w1 = 0, w2 = 0, b = 0;
    const std::size_t exact = exact_margin_updates(static_cast<long long>(1 / etas[i]), &w1, &w2, &b);
    const EtaRun& run = s.eta_runs()[i];
    EXPECT_EQ(run.eta, etas[i]);
    EXPECT_EQ(run.updates, exact) << etas[i];
    EXPECT_EQ(run.w, (std::vector<double>{etas[i] * static_cast<double>(w1), etas[i] * static_cast<double>(w2)})) << etas[i];
    EXPECT_EQ(run.b, etas[i] * static_cast<double>(b)) << etas[i];
    k.push_back(run.updates);
  }
  EXPECT_EQ(k, (std::vector<std::uint64_t>{115, 128, 160}));
  EXPECT_LT(k[0], k[1]);
  EXPECT_LT(k[1], k[2]);
  EXPECT_EQ(exact_margin_updates(0), 96u);  // τ = 0 is the classic perceptron: η only scales
  EXPECT_TRUE(has(r.narration(s, "en"), "With τ = 1, from w = 0 on the same points, η = 1, 0.5 and 0.25 make 115, 128, 160 updates."))
      << r.narration(s, "en");
  EXPECT_EQ(r.expected_answer(), "0");
  ASSERT_TRUE(r.answer(s, "0").ok);
  EXPECT_TRUE(has(r.feedback("en"), "the run of η = 1 with the threshold τ/η. A smaller η asks for a wider margin and more updates."))
      << r.feedback("en");
}

// ---------------------------------------------------------------- novikoff

TEST(LessonsTheoryNovikoff, TheBoundQuestionNeedsRHatAndGammaHatByHand) {
  // By hand: ‖x̂ᵢ‖² = 19, 26, 3, 9, 11, 30: R̂² = 30 at x6. yᵢ(x⁽¹⁾ + x⁽²⁾ − 5) = 1, 2, 3, 1, 1, 2.
  int r2 = 0, smallest = 1000;
  std::vector<int> margins;
  for (const auto& x : kSix) {
    r2 = std::max(r2, x[0] * x[0] + x[1] * x[1] + 1);
    margins.push_back(x[2] * (x[0] + x[1] - 5));
    smallest = std::min(smallest, margins.back());
  }
  EXPECT_EQ(r2, 30);
  EXPECT_EQ(margins, (std::vector<int>{1, 2, 3, 1, 1, 2}));
  EXPECT_EQ(smallest, 1);
  EXPECT_EQ(1 * 1 + 1 * 1 + 5 * 5, 27);  // u = (1, 1, −5)/√27 is a unit vector
  Session s;
  LessonRunner r;
  open_step(r, s, "novikoff", 0);
  EXPECT_EQ(r.question_kind(), QuestionKind::None);  // the theorem first, the question with the points
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(r.expected_answer(), "810");
  EXPECT_NEAR(s.margin().R_aug * s.margin().R_aug, 30.0, 1e-9);
  EXPECT_NEAR(s.margin().gamma_aug, 1 / std::sqrt(27.0), 1e-9);
  ASSERT_EQ(s.margin().u.size(), 3u);
  EXPECT_NEAR(s.margin().u[2], -5 / std::sqrt(27.0), 1e-9);
}

TEST(LessonsTheoryNovikoff, GrowthUsesTheMisclassifiedPointAndTheTrainedRunEndsClean) {
  Session s;
  LessonRunner r;
  open_step(r, s, "novikoff", 2);
  EXPECT_EQ(r.expected_answer(), "0");
  // Every update of the η = 1 run: 2ηyᵢ(ŵₖ₋₁·x̂ᵢ) ≤ 0, so ‖ŵₖ‖² − ‖ŵₖ₋₁‖² ≤ η²‖x̂ᵢ‖².
  long long w1 = 0, w2 = 0, b = 0;
  for (std::size_t t = 0, clean = 0; clean < 6; ++t) {
    const int* x = kSix[t % 6];
    const long long score = x[2] * (w1 * x[0] + w2 * x[1] + b);
    if (score <= 0) {
      const long long before = w1 * w1 + w2 * w2 + b * b;
      w1 += x[2] * x[0], w2 += x[2] * x[1], b += x[2];
      EXPECT_EQ(w1 * w1 + w2 * w2 + b * b - before, 2 * score + x[0] * x[0] + x[1] * x[1] + 1);
      clean = 0;
    } else {
      ++clean;
    }
  }
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(s.learner().updates(), 5u);
  ASSERT_TRUE(r.next(s).ok);  // trained to the end
  EXPECT_EQ(s.learner().updates(), 96u);
  EXPECT_EQ(s.train_mistakes(), 0u);  // "no point is misclassified"
  EXPECT_LT(static_cast<double>(s.learner().updates()), s.margin().bound);
}

TEST(LessonsTheoryNovikoff, GrowthGivesAwayTheMostRoomOnTheTrainedRun) {
  // The integer run (η = 1 from 0): over its updates Σ‖x̂ᵢ‖² = 1479 (not 96 · 30 = 2880) and the
  // middle terms Σ 2yᵢ(ŵₖ₋₁·x̂ᵢ) = −858, so ‖ŵ‖² = 621; progress Σ yᵢ(x⁽¹⁾ + x⁽²⁾ − 5) = 129
  // (√27 ŵ·u), against k = 96 (√27 kηγ̂).
  long long w1 = 0, w2 = 0, b = 0, norms = 0, middle = 0, progress = 0, k = 0;
  for (std::size_t t = 0, clean = 0; clean < 6; ++t) {
    const int* x = kSix[t % 6];
    const long long score = x[2] * (w1 * x[0] + w2 * x[1] + b);
    if (score <= 0) {
      norms += x[0] * x[0] + x[1] * x[1] + 1;
      middle += 2 * score;
      progress += x[2] * (x[0] + x[1] - 5);
      w1 += x[2] * x[0], w2 += x[2] * x[1], b += x[2];
      ++k, clean = 0;
    } else {
      ++clean;
    }
  }
  EXPECT_EQ(k, 96);
  EXPECT_EQ(norms, 1479);
  EXPECT_EQ(middle, -858);
  EXPECT_EQ(w1 * w1 + w2 * w2 + b * b, 621);
  EXPECT_EQ(progress, 129);
  // The chain kηγ̂ ≤ ŵ·u ≤ ‖ŵ‖ ≤ √k·ηR̂: the growth step gives away the most, progress less,
  // Cauchy–Schwarz almost nothing.
  const double growth = std::sqrt(96.0 * 30.0) / std::sqrt(621.0), prog = 129.0 / 96.0,
               cs = std::sqrt(621.0) / (129.0 / std::sqrt(27.0));
  EXPECT_GT(growth, prog);
  EXPECT_GT(prog, cs);
  EXPECT_GT(cs, 1.0);
  // The lab's trained run is this one, and the why quotes it.
  Session s;
  LessonRunner r;
  open_step(r, s, "novikoff", 4);
  EXPECT_EQ(s.learner().updates(), 96u);
  EXPECT_EQ(s.learner().running_w(), (std::vector<double>{static_cast<double>(w1), static_cast<double>(w2)}));
  EXPECT_EQ(s.learner().running_b(), static_cast<double>(b));
  EXPECT_EQ(r.expected_answer(), "0");
  ASSERT_TRUE(r.answer(s, "0").ok);
  const std::string why = r.feedback("en");
  EXPECT_TRUE(has(why, "add up to 1479, not kη²R̂² = 2880, and the middle terms to −858, so ‖ŵ‖² = 621")) << why;
  EXPECT_TRUE(has(why, "This run needed k = 96, the theorem allows 810.")) << why;
  // A wrong option's own why: the theorem holds here too.
  Session t;
  LessonRunner q;
  open_step(q, t, "novikoff", 4);
  ASSERT_TRUE(q.answer(t, "1").ok);
  EXPECT_TRUE(has(q.feedback("en"), "The theorem is proved: it holds here too, with k = 96 ≤ 810.")) << q.feedback("en");
}

// Step 3's wrong options and step 4: the prompt gives both invariants but not what joins
// them (‖u‖ = 1 with Cauchy–Schwarz); option 2's why quotes ‖ŵ‖² = 621 at the end of the run.
TEST(LessonsTheoryNovikoff, TheJoiningStepIsAskedNotGiven) {
  for (const char* reply : {"1", "2"}) {
    Session s;
    LessonRunner r;
    open_step(r, s, "novikoff", 2);
    ASSERT_TRUE(r.answer(s, reply).ok);
    EXPECT_TRUE(has(r.feedback("en"), reply[0] == '1' ? "‖u‖ = 1 is used where the two invariants are joined, not here."
                                                      : "η can be any positive number"))
        << r.feedback("en");
  }
  Session s;
  LessonRunner r;
  open_step(r, s, "novikoff", 3);
  ASSERT_EQ(r.question_kind(), QuestionKind::Choice);
  const std::string prompt = r.question_prompt("en");
  EXPECT_FALSE(has(prompt, "≤ ‖ŵₖ‖")) << prompt;  // the chain's middle link is the answer
  EXPECT_FALSE(has(prompt, "Cauchy")) << prompt;
  EXPECT_FALSE(has(r.narration(s, "en"), "Cauchy"));
  EXPECT_EQ(r.expected_answer(), "0");
  long long w1 = 0, w2 = 0, b = 0;  // the integer run's last weights: ‖ŵ‖² = 621 > R̂² = 30
  for (const IntState& st : exact_weights()) w1 = st.w1, w2 = st.w2, b = st.b;
  EXPECT_EQ(w1 * w1 + w2 * w2 + b * b, 621);
  Session t;
  LessonRunner q;
  open_step(q, t, "novikoff", 3);
  ASSERT_TRUE(q.answer(t, "1").ok);
  EXPECT_TRUE(has(q.feedback("en"), "at the end of this run ‖ŵ‖² = 621 > R̂² = 30.")) << q.feedback("en");
  ASSERT_TRUE(r.answer(s, "0").ok);
  EXPECT_TRUE(has(r.feedback("en"), "gives √k ≤ R̂/γ̂, so k ≤ (R̂/γ̂)² = 810, whatever the order of the points")) << r.feedback("en");
}

// Step 6: the plain ratio on the six points. R² = max ‖x‖² = 29 (x6), the widest margin of a
// line in the plane is γ = 1/√2 (x⁽¹⁾ + x⁽²⁾ = 5; no direction does better), (R/γ)² = 58 < k = 96.
// That line as a unit ŵ = (1, 1, −5)/√27 keeps γ̂ = 1/√27 on the augmented points.
TEST(LessonsTheoryNovikoff, ThePlainRatio58IsBelowK96) {
  int r2 = 0;
  for (const auto& x : kSix) r2 = std::max(r2, x[0] * x[0] + x[1] * x[1]);
  EXPECT_EQ(r2, 29);
  double best = -1e9;
  for (int a = 0; a < 36000; ++a) {
    const double th = a * 3.14159265358979323846 / 18000, c = std::cos(th), sn = std::sin(th);
    double lo = 1e9, hi = -1e9;
    for (const auto& x : kSix) {
      const double v = c * x[0] + sn * x[1];
      if (x[2] > 0) lo = std::min(lo, v);
      else hi = std::max(hi, v);
    }
    best = std::max(best, (lo - hi) / 2);
  }
  EXPECT_NEAR(best, 1 / std::sqrt(2.0), 1e-12);
  EXPECT_NEAR(r2 / (best * best), 58.0, 1e-9);
  EXPECT_EQ(exact_weights().size(), 96u);
  double gamma_hat = 1e9;  // the plane's best line x1 + x2 - 5 = 0: w = (1, 1)/√2, b = -5/√2
  for (const auto& x : kSix)
    gamma_hat = std::min(gamma_hat, x[2] * (x[0] + x[1] - 5) / std::sqrt(2.0) / std::sqrt(1 + 12.5));
  EXPECT_NEAR(gamma_hat, 1 / std::sqrt(27.0), 1e-12);
  Session s;
  LessonRunner r;
  open_step(r, s, "novikoff", 5);
  EXPECT_EQ(s.learner().updates(), 96u);
  EXPECT_TRUE(has(r.narration(s, "en"), "the plain ratio (R/γ)² is 58, below the k = 96 updates of this run")) << r.narration(s, "en");
  EXPECT_EQ(r.expected_answer(), "0");
  for (const char* reply : {"1", "2"}) {
    Session t;
    LessonRunner q;
    open_step(q, t, "novikoff", 5);
    ASSERT_TRUE(q.answer(t, reply).ok);
    EXPECT_TRUE(has(q.feedback("en"), reply[0] == '1' ? "With η = 1 on integer points every number is whole"
                                                      : "(R̂/γ̂)² = 810 holds for every order."))
        << q.feedback("en");
  }
  ASSERT_TRUE(r.answer(s, "0").ok);
  EXPECT_TRUE(has(r.feedback("en"), "has b = −5/√2 beside ‖w‖ = 1: as a unit ŵ it keeps only γ̂ = 1/√27, and (R̂/γ̂)² = 810 ≥ k."))
      << r.feedback("en");
}

TEST(LessonsTheoryNovikoff, EtaAQuarterScalesBothInvariantsAndKeepsK) {
  Session s;
  LessonRunner r;
  open_step(r, s, "novikoff", 4);
  const std::vector<double> w1 = s.learner().running_w();
  const double b1 = s.learner().running_b();
  const std::uint64_t k1 = s.learner().updates();
  ASSERT_TRUE(r.next(s).ok);  // step 6: the plain ratio, nothing run
  EXPECT_EQ(s.learner().updates(), k1);
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(s.settings().learner.pla.eta, 0.25);
  EXPECT_EQ(s.learner().updates(), k1);  // k = 96 as with η = 1
  EXPECT_EQ(k1, 96u);
  const std::vector<double>& w = s.learner().running_w();
  EXPECT_EQ(w[0], 0.25 * w1[0]);
  EXPECT_EQ(w[1], 0.25 * w1[1]);
  EXPECT_EQ(s.learner().running_b(), 0.25 * b1);
  // ŵ·u and kηγ̂ are multiplied by η, ‖ŵ‖² and kη²R̂² by η² (the narrated numbers).
  const std::vector<double>& u = s.margin().u;
  const double wu1 = w1[0] * u[0] + w1[1] * u[1] + b1 * u[2];
  const double n1 = w1[0] * w1[0] + w1[1] * w1[1] + b1 * b1;
  char buf[300];
  std::snprintf(buf, sizeof buf, "ŵ·u = %.6g ≥ kηγ̂ = %.6g, ‖ŵ‖² = %.6g ≤ kη²R̂² = %.6g", 0.25 * wu1,
                0.25 * 96 * s.margin().gamma_aug, n1 / 16, 96 * s.margin().R_aug * s.margin().R_aug / 16);
  EXPECT_TRUE(has(r.narration(s, "en"), buf)) << r.narration(s, "en") << "\n" << buf;
  // The question: the bound the chain gives with η = 0.25 is 810 again (η cancels).
  ASSERT_EQ(r.question_kind(), QuestionKind::Number);
  EXPECT_EQ(r.expected_answer(), "810");
  EXPECT_NEAR(s.margin().bound, 810.0, 1e-6);
  bool correct = true;
  ASSERT_TRUE(r.answer(s, "50.625", &correct).ok);  // 810/16: η² not cancelled
  EXPECT_FALSE(correct);
  EXPECT_TRUE(has(r.feedback("en"), "810, as with η = 1: η cancels")) << r.feedback("en");
}

TEST(LessonsTheoryNovikoff, TheNarrowMarginMakesMoreUpdatesAndBothStayWithinTheBound) {
  Session s;
  LessonRunner r;
  open_step(r, s, "novikoff", 7);
  // The wide set: 100 points at least 0.2 from the generator's line, seed 8.
  const Dataset wide = s.data();
  EXPECT_EQ(wide.size(), 100u);
  EXPECT_EQ(s.last_generated().seed, 8u);
  EXPECT_EQ(s.settings().learner.pla.eta, 1.0);
  const MarginResult mw = s.margin();
  const std::uint64_t k_wide = s.learner().updates();
  EXPECT_TRUE(s.learner().converged());
  EXPECT_EQ(k_wide, 8u);
  EXPECT_LE(static_cast<double>(k_wide), mw.bound);
  // γ̂ is above 0.2, and so is the widest margin of the drawn points (which bounds γ̂ from above).
  EXPECT_GT(mw.gamma_aug, 0.2);
  EXPECT_GT(mw.gamma, 0.2);
  EXPECT_GE(mw.gamma, mw.gamma_aug);  // "γ̂ never exceeds it": the margin found in the plane is at least γ̂
  const std::string n = r.narration(s, "en");
  EXPECT_TRUE(has(n, "the perceptron made k = 8 updates")) << n;
  ASSERT_TRUE(r.next(s).ok);
  // The narrow set: the same seed and line, at least 0.02.
  const MarginResult mn = s.margin();
  const std::uint64_t k_narrow = s.learner().updates();
  EXPECT_TRUE(s.learner().converged());
  EXPECT_EQ(k_narrow, 161u);
  EXPECT_GT(k_narrow, k_wide);  // the narrow margin makes more updates
  EXPECT_LE(static_cast<double>(k_narrow), mn.bound);
  EXPECT_LT(mn.gamma_aug, mw.gamma_aug);
  EXPECT_GT(mn.bound, mw.bound);
  EXPECT_GT(mn.gamma_aug, 0.02);
  EXPECT_GE(mn.gamma, mn.gamma_aug);
  EXPECT_EQ(mn.R_aug, mw.R_aug);  // "R̂ is unchanged"
  GenSpec g = s.last_generated();
  EXPECT_EQ(g.seed, 8u);
  EXPECT_EQ(g.margin, 0.02);
  GenTruth t_narrow, t_wide;
  Dataset d;
  ASSERT_TRUE(generate(g, d, &t_narrow).ok);
  EXPECT_EQ(d.x, s.data().x);
  g.margin = 0.2;
  ASSERT_TRUE(generate(g, d, &t_wide).ok);
  EXPECT_EQ(d.x, wide.x);
  EXPECT_EQ(t_narrow.w, t_wide.w);  // the same line
  EXPECT_EQ(t_narrow.b, t_wide.b);
  EXPECT_EQ(r.expected_answer(), "0");
  ASSERT_TRUE(r.answer(s, "0").ok);
  EXPECT_TRUE(has(r.feedback("en"), "k = 161 updates, against 8 with the wider margin")) << r.feedback("en");
}

// ---------------------------------------------------------------- random-start

TEST(LessonsTheoryRandomStart, StartsAreSmallAndTheRunsEndWithNoPointMisclassified) {
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    Session s;
    ASSERT_TRUE(s.load_preset("six").ok);
    ASSERT_TRUE(s.set("init", "random").ok);
    ASSERT_TRUE(s.set("seed", std::to_string(seed)).ok);
    for (double v : s.learner().running_w()) EXPECT_LE(std::fabs(v), 0.01);
    EXPECT_LE(std::fabs(s.learner().running_b()), 0.01);
    EXPECT_NE(s.learner().running_b(), 0.0);
  }
  Session s;
  LessonRunner r;
  open_step(r, s, "random-start", 0);
  EXPECT_EQ(s.train_mistakes(), 0u);
  EXPECT_TRUE(has(r.narration(s, "en"), "and no point is misclassified")) << r.narration(s, "en");
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(s.train_mistakes(), 0u);
  EXPECT_EQ(r.expected_answer(), "0");
}

TEST(LessonsTheoryRandomStart, JIsTheSummedDistanceOfTheMisclassifiedPointsTimesNormW) {
  Session s;
  LessonRunner r;
  open_step(r, s, "random-start", 2);
  EXPECT_EQ(r.expected_answer(), "0");
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(s.settings().learner.pla.seed, 3u);
  EXPECT_EQ(r.expected_answer(), "0");
  // Along the seed-3 run: J = ‖w‖ · Σ (distance of each misclassified point to the line), and J
  // is not always below J₁ (option C is wrong on these very numbers).
  bool j_above_j1 = false;
  std::size_t checked = 0;
  ASSERT_TRUE(s.seek(0).ok);
  const std::uint64_t steps = s.trace().log().size();
  for (std::uint64_t t = 1; t <= steps; ++t) {
    ASSERT_TRUE(s.seek(t).ok);
    const std::vector<double>& w = s.learner().running_w();
    const double b = s.learner().running_b();
    const double norm = std::hypot(w[0], w[1]);
    double distances = 0.0;
    std::size_t wrong = 0;
    for (const auto& x : kSix) {
      const double f = w[0] * x[0] + w[1] * x[1] + b;
      if (x[2] * f <= 0) distances += std::fabs(f) / norm, ++wrong;
    }
    const Metrics m = compute_losses(s.learner(), s.train_set());
    EXPECT_EQ(m.j1, wrong);
    EXPECT_NEAR(m.j, norm * distances, 1e-9 * (1 + m.j));
    if (m.j > static_cast<double>(m.j1)) j_above_j1 = true;
    ++checked;
  }
  EXPECT_GT(checked, 20u);
  EXPECT_TRUE(j_above_j1);
}

TEST(LessonsTheoryRandomStart, AtZeroJIsZeroWhileEveryPointIsMisclassified) {
  Session s;
  LessonRunner r;
  open_step(r, s, "random-start", 4);
  const Metrics m = compute_losses(s.learner(), s.train_set());
  EXPECT_EQ(m.j, 0.0);
  EXPECT_EQ(m.j1, 6u);
  EXPECT_EQ(r.expected_answer(), "0");
  // The two conventions where they meet: training counts the six ties as mistakes, while the
  // prediction sign(0) = +1 is right for the three +1 points (x1, x2, x6).
  int plus = 0, predicted_right = 0;
  for (const auto& x : kSix) {
    const double point[2] = {static_cast<double>(x[0]), static_cast<double>(x[1])};
    plus += x[2] > 0;
    predicted_right += s.learner().predict(point) == x[2];
    EXPECT_EQ(s.learner().predict(point), 1);
  }
  EXPECT_EQ(plus, 3);
  EXPECT_EQ(predicted_right, 3);
  EXPECT_TRUE(has(r.question_prompt("en"), "(J₁ = 6: training counts y(w·x + b) ≤ 0 as a mistake, ties included, although the "
                                           "prediction sign(0) = +1 would be right for the three +1 points.)"))
      << r.question_prompt("en");
}

// Step 2: the answer is the first separating line reached, not any line nor the widest; step 4:
// J₁ against J, a point far on the wrong side adds more than 1 to J.
TEST(LessonsTheoryRandomStart, WrongOptionsHaveTheirOwnWhy) {
  Session s;
  LessonRunner r;
  open_step(r, s, "random-start", 1);
  EXPECT_EQ(r.question_options("en")[0], "Whichever separating line it reaches first: the start and the order decide");
  ASSERT_TRUE(r.answer(s, "1").ok);
  EXPECT_TRUE(has(r.feedback("en"), "Seeds 1 and 2 already gave two different lines")) << r.feedback("en");
  // Seeds 1 and 2 end on different lines (SeedsEndOnDifferentSeparatingLines checks it too).
  Session a = six(1.0, true), b = six(1.0, true);
  ASSERT_TRUE(a.set("order", "shuffle").ok);
  ASSERT_TRUE(b.set("order", "shuffle").ok);
  ASSERT_TRUE(b.set("seed", "2").ok);
  ASSERT_TRUE(a.train().ok);
  ASSERT_TRUE(b.train().ok);
  EXPECT_NE(a.learner().w(), b.learner().w());
  Session t;
  LessonRunner q;
  open_step(q, t, "random-start", 3);
  ASSERT_TRUE(q.answer(t, "2").ok);
  EXPECT_TRUE(has(q.feedback("en"), "A point far on the wrong side adds more than 1 to J, only 1 to J₁.")) << q.feedback("en");
  // That J can exceed J₁ along this very run: JIsTheSummedDistanceOfTheMisclassifiedPointsTimesNormW.
}

// ---------------------------------------------------------------- the texts

TEST(LessonsTheoryTexts, ShortStepsNoConvergedFlagAndOneDecimalMark) {
  for (const char* id : {"learning-rate", "novikoff", "random-start"}) {
    Session s;
    LessonRunner r;
    ASSERT_TRUE(r.load_builtin(id).ok);
    ASSERT_TRUE(r.start(s).ok);
    auto chars = [](const std::string& t) {  // code points
      return static_cast<std::size_t>(std::count_if(t.begin(), t.end(), [](char c) { return (c & 0xC0) != 0x80; }));
    };
    while (!r.done()) {
      const std::string en = r.narration(s, "en") + r.question_prompt("en");
      EXPECT_LE(chars(en), 400u) << id << " step " << r.step() + 1 << ": " << en;
      for (const char* lang : {"en", "vi", "zh"}) {
        const std::string all = r.narration(s, lang) + r.question_prompt(lang);
        for (const char* bad : {"(yes)", "(no)", "(có)", "(không)", "（是）", "（否）", " 0 mistakes", "còn 0 điểm", " 0 điểm sai",
                                "剩 0 个", "有 0 个", "误分类点 0 个"})
          EXPECT_FALSE(has(all, bad)) << id << " " << lang << ": " << all;
        for (std::size_t i = 1; i + 1 < all.size(); ++i)  // no decimal comma: a digit, a comma, a digit
          EXPECT_FALSE(all[i] == ',' && std::isdigit(static_cast<unsigned char>(all[i - 1])) &&
                       std::isdigit(static_cast<unsigned char>(all[i + 1])))
              << id << " " << lang << ": " << all;
      }
      const LessonStep& st = r.lesson().steps[r.step()];
      for (const std::string* t : {&st.narration.en, &st.narration.written("vi"), &st.narration.written("zh"), &st.question.prompt.en,
                                   &st.question.why.en, &st.question.why.written("vi"), &st.question.why.written("zh")})
        EXPECT_FALSE(has(*t, "{converged}")) << id << ": " << *t;
      if (r.question_kind() != QuestionKind::None) {
        ASSERT_TRUE(r.answer(s, r.expected_answer()).ok);
      }
      ASSERT_TRUE(r.next(s).ok);
    }
  }
}

}  // namespace
}  // namespace pla::lessons_theory_test
