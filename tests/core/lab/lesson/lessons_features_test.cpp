// The numbers and comparisons the lessons `lifting` and `threshold-neuron` state, checked on
// the lessons' own data as LessonRunner builds them. Every claim is recomputed here by other
// means: separability in one feature by sorting, non-separability in the plane by a
// certificate (a point in both convex hulls, rebuilt from the reported convex combinations),
// the feature map behind K(x, z) = (x·z + 1)² by writing φ out, the perceptron's weights
// by an integer perceptron run by hand.
#include <gtest/gtest.h>

#include "test_files.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "core/learn/kernels.hpp"
#include "core/lab/lesson/lesson.hpp"
#include "core/data/lift.hpp"
#include "core/theory/margin.hpp"
#include "core/lab/session/session.hpp"
#include "core/base/values.hpp"

namespace pla::lessons_features_test {
namespace {

void play_to(LessonRunner& r, Session& s, const std::string& id, std::size_t target) {
  ASSERT_TRUE(r.load_builtin(id).ok);
  ASSERT_TRUE(r.start(s).ok);
  while (r.step() < target) ASSERT_TRUE(r.next(s).ok);
}

using test::contains;

// Numbers as the interface writes them: whole numbers exactly, others to 6 significant
// digits, with a true minus sign (the formatter passed to the runner below).
std::string shown(double v) {
  std::string t = msg_num(v);
  if (v != std::trunc(v)) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    t = buf;
  }
  return t[0] == '-' ? "\u2212" + t.substr(1) : t;
}

std::string shown_vector(const std::vector<double>& v) {
  std::string t = "(";
  for (std::size_t i = 0; i < v.size(); ++i) t += (i ? ", " : "") + shown(v[i]);
  return t + ")";
}

// Some threshold on one feature separates the classes (one class entirely below the other).
bool separable_1d(const std::vector<double>& f, const std::vector<int>& y) {
  double min_pos = INFINITY, max_pos = -INFINITY, min_neg = INFINITY, max_neg = -INFINITY;
  for (std::size_t i = 0; i < f.size(); ++i) {
    if (y[i] > 0) {
      min_pos = std::min(min_pos, f[i]);
      max_pos = std::max(max_pos, f[i]);
    } else {
      min_neg = std::min(min_neg, f[i]);
      max_neg = std::max(max_neg, f[i]);
    }
  }
  return max_pos < min_neg || max_neg < min_pos;
}

// No line separates the data: a convex combination of the +1 points equals (to rounding) one
// of the -1 points. The combinations come from compute_margin; the test rebuilds both points
// from the data and checks the weights, so it does not trust the reported distance.
void expect_no_line_separates(const Dataset& ds) {
  MarginResult m;
  ASSERT_TRUE(compute_margin(ds, m).ok);
  EXPECT_FALSE(m.separable) << m.reason;
  ASSERT_FALSE(m.combo_plus.empty());
  ASSERT_FALSE(m.combo_minus.empty());
  const auto point = [&](const std::vector<WeightedIndex>& combo, int label) {
    std::vector<double> p(static_cast<std::size_t>(ds.d), 0.0);
    double total = 0.0;
    for (const WeightedIndex& c : combo) {
      EXPECT_EQ(ds.y[c.index], label);
      EXPECT_GE(c.weight, 0.0);
      total += c.weight;
      for (int j = 0; j < ds.d; ++j) p[static_cast<std::size_t>(j)] += c.weight * ds.row(c.index)[j];
    }
    EXPECT_NEAR(total, 1.0, 1e-9);
    return p;
  };
  const std::vector<double> a = point(m.combo_plus, 1), b = point(m.combo_minus, -1);
  double dist2 = 0.0;
  for (std::size_t j = 0; j < a.size(); ++j) dist2 += (a[j] - b[j]) * (a[j] - b[j]);
  EXPECT_LT(std::sqrt(dist2), 1e-6);  // the points lie within about 1 of the origin
}

std::vector<int> labels(const Dataset& ds) { return std::vector<int>(ds.y.begin(), ds.y.end()); }

// ---------------------------------------------------------------- lifting

TEST(LiftingLessonNumbers, XorIsSeparableByTheProductAloneAndByNoLine) {
  Session s;
  LessonRunner r;
  play_to(r, s, "lifting", 0);
  const Dataset& ds = s.data();
  ASSERT_EQ(ds.size(), 40u);  // "40 points"
  ASSERT_EQ(ds.d, 2);
  // "+1 where x(1) and x(2) have the same sign and -1 otherwise"
  std::vector<double> product, sum, square;
  for (std::size_t i = 0; i < ds.size(); ++i) {
    const double x1 = ds.row(i)[0], x2 = ds.row(i)[1];
    ASSERT_NE(x1 * x2, 0.0);
    EXPECT_EQ(ds.y[i], x1 * x2 > 0 ? 1 : -1) << "point " << i;
    product.push_back(x1 * x2);
    sum.push_back(x1 + x2);
    square.push_back(x1 * x1);
  }
  expect_no_line_separates(ds);  // "No line separates them"
  EXPECT_EQ(s.learner().epoch(), 50u);
  EXPECT_GT(s.train_mistakes(), 0u);  // "still misclassifies"
  EXPECT_TRUE(contains(r.narration(s, "en"), "after 50 epochs the classic perceptron still misclassifies " +
                                                 std::to_string(s.train_mistakes()) + " of the 40 points"))
      << r.narration(s, "en");
  // The question: x(1)x(2) (option 1) alone separates with the threshold 0; x(1) + x(2) and
  // (x(1))² do not.
  EXPECT_EQ(r.expected_answer(), "1");
  EXPECT_EQ(r.expected_text("en"), "φ(x) = x⁽¹⁾x⁽²⁾");
  EXPECT_TRUE(separable_1d(product, labels(ds)));
  EXPECT_FALSE(separable_1d(sum, labels(ds)));
  EXPECT_FALSE(separable_1d(square, labels(ds)));
}

TEST(LiftingLessonNumbers, TheProductsHyperplaneIsTheTwoAxesInThePlane) {
  Session s;
  LessonRunner r;
  play_to(r, s, "lifting", 1);
  ASSERT_NE(s.lift(), nullptr);
  ASSERT_EQ(s.lift()->output_d(), 1);
  EXPECT_EQ(s.lift()->names[0], "x1*x2");
  EXPECT_TRUE(s.learner().converged());
  EXPECT_EQ(s.train_mistakes(), 0u);  // "no point is misclassified"
  EXPECT_TRUE(contains(r.narration(s, "en"), "no point is misclassified")) << r.narration(s, "en");
  // "w != 0 and b = 0": the hyperplane of the 1-D feature space is the point phi = 0, and
  // w > 0 puts the +1 side where x(1)x(2) > 0.
  ASSERT_EQ(s.learner().w().size(), 1u);
  EXPECT_GT(s.learner().w()[0], 0.0);
  EXPECT_EQ(s.learner().b(), 0.0);
  // In the plane the boundary is both axes (two lines), and nothing else.
  for (const double t : {-0.9, -0.3, 0.2, 0.7}) {
    const double on_x2_axis[2] = {0.0, t}, on_x1_axis[2] = {t, 0.0};
    EXPECT_EQ(s.decision(on_x2_axis), 0.0);
    EXPECT_EQ(s.decision(on_x1_axis), 0.0);
    const double off[2] = {t, 0.5};
    EXPECT_NE(s.decision(off), 0.0);
  }
  EXPECT_EQ(r.expected_answer(), "2");
  EXPECT_TRUE(contains(r.question_options("en")[2], "two lines"));
}

TEST(LiftingLessonNumbers, TheCirclesAreSeparatedByTheSquaredRadiusHalf) {
  Session s;
  LessonRunner r;
  play_to(r, s, "lifting", 2);
  const Dataset& ds = s.data();
  ASSERT_EQ(ds.size(), 60u);
  std::size_t inner = 0, outer = 0;
  double max_inner_r2 = 0.0, min_outer_r2 = INFINITY;
  std::vector<double> product;
  for (std::size_t i = 0; i < ds.size(); ++i) {
    const double x1 = ds.row(i)[0], x2 = ds.row(i)[1], r2 = x1 * x1 + x2 * x2;
    product.push_back(x1 * x2);
    if (ds.y[i] > 0) {
      ++inner;
      EXPECT_NEAR(std::sqrt(r2), 0.5, 0.2) << "point " << i;  // "near the circle of radius 0.5 (+1)"
      max_inner_r2 = std::max(max_inner_r2, r2);
    } else {
      ++outer;
      EXPECT_NEAR(std::sqrt(r2), 1.0, 0.2) << "point " << i;  // "near the circle of radius 1 (-1)"
      min_outer_r2 = std::min(min_outer_r2, r2);
    }
  }
  EXPECT_EQ(inner, 30u);
  EXPECT_EQ(outer, 30u);
  // "the inner circle lies lower" in (x(1), x(2), r²), and the why's plane r² = 0.5 separates.
  EXPECT_LT(max_inner_r2, 0.5);
  EXPECT_GT(min_outer_r2, 0.5);
  EXPECT_EQ(s.settings().view3d, View3d::Lifted);
  EXPECT_EQ(s.lift(), nullptr);
  EXPECT_EQ(s.learner().epoch(), 50u);
  EXPECT_GT(s.train_mistakes(), 0u);
  // The why: the plain data admit no line; x(1)x(2) alone admits no threshold.
  expect_no_line_separates(ds);
  EXPECT_FALSE(separable_1d(product, labels(ds)));
  EXPECT_EQ(r.expected_answer(), "0");
  // The other options' whys, each option with a square but none separating:
  // (x(1), (x(2))²): most inner images lie inside a triangle of three outer images, and no line
  // of that plane separates (a certificate from the margin code, rebuilt here);
  // (x(1) + x(2))²: the two classes' values overlap; near 0 for some outer points.
  Dataset half;
  half.d = 2;
  std::vector<double> sum2;
  for (std::size_t i = 0; i < ds.size(); ++i) {
    const double x1 = ds.row(i)[0], x2 = ds.row(i)[1];
    half.x.push_back(x1);
    half.x.push_back(x2 * x2);
    half.y.push_back(ds.y[i]);
    sum2.push_back((x1 + x2) * (x1 + x2));
  }
  expect_no_line_separates(half);
  const auto cross = [](const double* o, const double* a, const double* b) {
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  };
  std::size_t inside = 0;
  for (std::size_t p = 0; p < half.size(); ++p) {
    if (half.y[p] < 0) continue;
    bool found = false;
    for (std::size_t a = 0; a < half.size() && !found; ++a)
      for (std::size_t b = a + 1; b < half.size() && !found; ++b)
        for (std::size_t c = b + 1; c < half.size() && !found; ++c) {
          if (half.y[a] > 0 || half.y[b] > 0 || half.y[c] > 0) continue;
          const double d1 = cross(half.row(a), half.row(b), half.row(p)), d2 = cross(half.row(b), half.row(c), half.row(p)),
                       d3 = cross(half.row(c), half.row(a), half.row(p));
          found = (d1 > 0 && d2 > 0 && d3 > 0) || (d1 < 0 && d2 < 0 && d3 < 0);
        }
    inside += found;
  }
  EXPECT_GT(inside, inner / 2);  // "most inner points"
  EXPECT_FALSE(separable_1d(sum2, labels(ds)));
  double min_outer_sum2 = INFINITY;
  for (std::size_t i = 0; i < ds.size(); ++i)
    if (ds.y[i] < 0) min_outer_sum2 = std::min(min_outer_sum2, sum2[i]);
  EXPECT_LT(min_outer_sum2, 0.05);  // "near 0 for the outer points near the line x(2) = −x(1)"
  EXPECT_EQ(r.question_options("en")[1], "φ(x) = (x⁽¹⁾, (x⁽²⁾)²)");
  EXPECT_EQ(r.question_options("en")[2], "φ(x) = (x⁽¹⁾ + x⁽²⁾)²");
  EXPECT_EQ(r.question_options("en")[3], "φ(x) = x⁽¹⁾x⁽²⁾");
}

TEST(LiftingLessonNumbers, ThreeFeaturesGiveAPlaneWhoseTraceIsAnEllipse) {
  Session s;
  LessonRunner r;
  play_to(r, s, "lifting", 3);
  ASSERT_NE(s.lift(), nullptr);
  ASSERT_EQ(s.lift()->output_d(), 3);
  EXPECT_EQ(s.lift()->names, (std::vector<std::string>{"x1^2", "x2^2", "x1*x2"}));
  EXPECT_TRUE(s.margin().separable);  // linearly separable in feature space
  EXPECT_TRUE(s.learner().converged());
  EXPECT_EQ(s.train_mistakes(), 0u);
  EXPECT_TRUE(contains(r.narration(s, "en"), "no point is misclassified")) << r.narration(s, "en");
  const std::vector<double> w = s.learner().w();
  const double b = s.learner().b();
  ASSERT_EQ(w.size(), 3u);
  // The question: Novikoff's theorem bounds k, with R̂ and γ̂ of the augmented mapped points
  // (φ(x), 1): R̂ is recomputed here from φ written out, γ̂ checked against the unit u found.
  EXPECT_EQ(r.expected_answer(), "yes");
  {
    const Dataset& pts = s.data();
    const MarginResult& m = s.margin();
    ASSERT_EQ(m.u.size(), 4u);
    double r_hat = 0.0, gamma_hat = INFINITY;
    for (std::size_t i = 0; i < pts.size(); ++i) {
      const double x1 = pts.row(i)[0], x2 = pts.row(i)[1];
      const double z[4] = {x1 * x1, x2 * x2, x1 * x2, 1.0};
      r_hat = std::max(r_hat, std::sqrt(z[0] * z[0] + z[1] * z[1] + z[2] * z[2] + 1.0));
      gamma_hat = std::min(gamma_hat, pts.y[i] * (m.u[0] * z[0] + m.u[1] * z[1] + m.u[2] * z[2] + m.u[3] * z[3]));
    }
    EXPECT_NEAR(m.R_aug, r_hat, 1e-12);
    EXPECT_NEAR(m.gamma_aug, gamma_hat, 1e-9);
    EXPECT_GT(gamma_hat, 0.0);
    const double bound = (r_hat / gamma_hat) * (r_hat / gamma_hat);
    EXPECT_NEAR(m.bound, bound, 1e-6 * bound);
    EXPECT_LE(static_cast<double>(s.learner().updates()), bound);
    ASSERT_TRUE(r.answer(s, "yes").ok);
    EXPECT_TRUE(contains(r.feedback("en", shown), "here k = " + std::to_string(s.learner().updates()) +
                                                      " ≤ (R̂/γ̂)² = " + shown(m.bound) + "."))
        << r.feedback("en", shown);
  }
  // Every point on its side of the hyperplane w·phi(x) + b = 0, phi written out here.
  const Dataset& ds = s.data();
  for (std::size_t i = 0; i < ds.size(); ++i) {
    const double x1 = ds.row(i)[0], x2 = ds.row(i)[1];
    const double f = w[0] * x1 * x1 + w[1] * x2 * x2 + w[2] * x1 * x2 + b;
    EXPECT_GT(ds.y[i] * f, 0.0) << "point " << i;
  }
  ASSERT_TRUE(r.next(s).ok);  // the trace in the plane
  EXPECT_EQ(s.learner().w(), w);
  EXPECT_EQ(r.expected_answer(), "1");  // the ellipse
  EXPECT_TRUE(contains(r.expected_text("en"), "ellipse")) << r.expected_text("en");
  EXPECT_TRUE(contains(r.narration(s, "en", shown), "where w = " + shown_vector(w) + " and b = " + shown(b)))
      << r.narration(s, "en", shown);
  // The why: w(1), w(2) < 0, 4 w(1) w(2) > (w(3))², b > 0: a real ellipse centred at 0.
  EXPECT_LT(w[0], 0.0);
  EXPECT_LT(w[1], 0.0);
  EXPECT_GT(4.0 * w[0] * w[1], w[2] * w[2]);
  EXPECT_GT(b, 0.0);
  EXPECT_GT(s.decision(std::vector<double>{0.0, 0.0}.data()), 0.0);  // the centre is inside, class +1
}

// phi with the sqrt(2) weights, and the two maps the question offers beside it.
std::vector<double> phi_sqrt2(const double* x) {
  const double r2 = std::sqrt(2.0);
  return {1.0, r2 * x[0], r2 * x[1], x[0] * x[0], x[1] * x[1], r2 * x[0] * x[1]};
}
std::vector<double> phi_plain(const double* x) { return {1.0, x[0], x[1], x[0] * x[0], x[1] * x[1], x[0] * x[1]}; }
std::vector<double> phi_three(const double* x) { return {x[0] * x[0], x[1] * x[1], x[0] * x[1]}; }
double dot(const std::vector<double>& a, const std::vector<double>& b) {
  double s = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;
}

TEST(LiftingLessonNumbers, TheKernelIsTheInnerProductOfTheSqrt2FeatureMap) {
  Session s;
  LessonRunner r;
  play_to(r, s, "lifting", 5);
  EXPECT_EQ(r.expected_answer(), "1");
  EXPECT_TRUE(contains(r.expected_text("en"), "√2x⁽¹⁾x⁽²⁾")) << r.expected_text("en");
  const Dataset& ds = s.data();  // the circles
  ASSERT_EQ(ds.size(), 60u);
  Kernel k;
  k.type = KernelType::Poly;
  k.degree = 2;
  k.coef0 = 1.0;
  double worst = 0.0, plain_gap = 0.0, three_gap = 0.0;
  for (std::size_t i = 0; i < ds.size(); ++i)
    for (std::size_t j = 0; j < ds.size(); ++j) {
      const double* x = ds.row(i);
      const double* z = ds.row(j);
      const double xz = x[0] * z[0] + x[1] * z[1];
      const double K = (xz + 1.0) * (xz + 1.0);
      worst = std::max(worst, std::fabs(dot(phi_sqrt2(x), phi_sqrt2(z)) - K));
      EXPECT_NEAR(k(x, z, 2), K, 1e-12);  // the lab's poly kernel is this K
      plain_gap = std::max(plain_gap, std::fabs(dot(phi_plain(x), phi_plain(z)) - K));
      three_gap = std::max(three_gap, std::fabs(dot(phi_three(x), phi_three(z)) - K));
    }
  EXPECT_LT(worst, 1e-12);  // K is at most about 6 on these points: equal up to rounding
  EXPECT_GT(plain_gap, 0.1);  // without the sqrt(2) the inner product is another function
  EXPECT_GT(three_gap, 0.1);
  // The next step trains the kernel perceptron with exactly this kernel, without a lift.
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(s.settings().learner.algo, Algo::Kernel);
  EXPECT_EQ(s.settings().learner.kernel.type, KernelType::Poly);
  EXPECT_EQ(s.settings().learner.kernel.degree, 2);
  EXPECT_EQ(s.settings().learner.kernel.coef0, 1.0);
  EXPECT_EQ(s.lift(), nullptr);
  EXPECT_TRUE(s.learner().converged());
  EXPECT_EQ(s.train_mistakes(), 0u);
  EXPECT_TRUE(contains(r.narration(s, "en"), "after k = " + std::to_string(s.learner().updates()) +
                                                 " updates no point is misclassified"))
      << r.narration(s, "en");
  // "One count alpha_i per training point": 60 counts adding up to k.
  const std::vector<std::uint64_t>& alpha = s.learner().alpha();
  ASSERT_EQ(alpha.size(), 60u);
  std::uint64_t total = 0;
  for (std::uint64_t a : alpha) total += a;
  EXPECT_EQ(total, s.learner().updates());
  EXPECT_EQ(r.expected_answer(), "2");
  EXPECT_EQ(r.expected_text("en"), "One count αᵢ per training point");
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_TRUE(r.done());
}

// ---------------------------------------------------------------- threshold-neuron

struct HandRun {
  std::vector<double> w;
  double b = 0.0;
  std::uint64_t k = 0;
};

// The classic perceptron by hand: w = 0, b = 0, eta = 1, points in index order, update
// when y (w·x + b) <= 0, until an epoch without an update.
HandRun perceptron_by_hand(const std::vector<std::vector<double>>& xs, const std::vector<int>& ys) {
  HandRun run;
  run.w.assign(xs[0].size(), 0.0);
  for (bool updated = true; updated;) {
    updated = false;
    for (std::size_t i = 0; i < xs.size(); ++i) {
      double f = run.b;
      for (std::size_t j = 0; j < run.w.size(); ++j) f += run.w[j] * xs[i][j];
      if (ys[i] * f <= 0) {
        for (std::size_t j = 0; j < run.w.size(); ++j) run.w[j] += ys[i] * xs[i][j];
        run.b += ys[i];
        ++run.k;
        updated = true;
      }
    }
  }
  return run;
}

double affine(const std::vector<double>& w, double b, const std::vector<double>& x) {
  double f = b;
  for (std::size_t j = 0; j < w.size(); ++j) f += w[j] * x[j];
  return f;
}

TEST(ThresholdNeuronLessonNumbers, TheHandSetNeuronGivesT9AndTheLearntWeightsDiffer) {
  Session s;
  LessonRunner r;
  play_to(r, s, "threshold-neuron", 0);
  const std::vector<double> x1 = {1, 0, 1, 0, 1}, x2 = {1, 1, 1, 1, 1};
  const std::vector<double> hand_w = {1, 2, 3, 4, 5};
  const double t = 10;
  ASSERT_EQ(s.data().size(), 2u);
  ASSERT_EQ(s.data().d, 5);
  EXPECT_EQ(std::vector<double>(s.data().row(0), s.data().row(0) + 5), x1);
  EXPECT_EQ(std::vector<double>(s.data().row(1), s.data().row(1) + 5), x2);
  EXPECT_EQ(s.data().y[0], -1);  // T = 9 < 10: does not fire
  EXPECT_EQ(s.data().y[1], 1);   // T = 15 >= 10: fires
  const double T1 = affine(hand_w, 0, x1), T2 = affine(hand_w, 0, x2);
  EXPECT_EQ(T1, 9.0);
  EXPECT_EQ(T2, 15.0);
  EXPECT_LT(T1, t);
  EXPECT_GE(T2, t);
  EXPECT_EQ(r.expected_answer(), msg_num(T1));
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(r.expected_answer(), T1 >= t ? "yes" : "no");
  ASSERT_TRUE(r.next(s).ok);
  // The bias trick: the weight of the constant input is -t (option 1), not t or T.
  EXPECT_EQ(r.expected_answer(), "1");
  EXPECT_EQ(r.expected_text("en"), "w⁽⁶⁾ = −t = −10");
  EXPECT_FALSE(contains(r.narration(s, "en"), "−10"));  // not given away before the question
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(r.expected_answer(), msg_num(affine(hand_w, -t, x1)));  // T - t = -1
  EXPECT_EQ(affine(hand_w, -t, x1), -1.0);
  EXPECT_EQ(affine(hand_w, -t, x2), 5.0);  // "the hand-set ones give -1 and 5"

  // Asked before the run: the perceptron has not trained yet.
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(s.learner().updates(), 0u);
  EXPECT_EQ(r.expected_answer(), "no");
  const HandRun run = perceptron_by_hand({x1, x2}, {-1, 1});
  EXPECT_EQ(run.w, (std::vector<double>{-1, 3, -1, 3, -1}));
  EXPECT_EQ(run.b, -1.0);
  EXPECT_EQ(run.k, 7u);
  EXPECT_NE(run.w, hand_w);
  EXPECT_NE(run.b, -t);
  // The why: x1 and x2 agree in coordinates 1, 3 and 5, so updates ±x̂ from zero keep
  // w(1) = w(3) = w(5); the hand-set w differs there.
  for (const std::size_t j : {0u, 2u, 4u}) {
    EXPECT_EQ(x1[j], x2[j]);
    EXPECT_EQ(run.w[j], run.w[0]);
  }
  EXPECT_NE(hand_w[0], hand_w[2]);
  EXPECT_NE(hand_w[2], hand_w[4]);
  // Both weight vectors separate the two points; the why's numbers.
  EXPECT_EQ(affine(run.w, run.b, x1), -4.0);
  EXPECT_EQ(affine(run.w, run.b, x2), 2.0);
  ASSERT_TRUE(r.answer(s, "no").ok);
  const std::string why = r.feedback("en");
  EXPECT_TRUE(contains(why, "so w⁽¹⁾ = w⁽³⁾ = w⁽⁵⁾ all along")) << why;

  // The run: the lab's perceptron ends where the hand run does; the narration's numbers.
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_TRUE(s.learner().converged());
  EXPECT_EQ(s.train_mistakes(), 0u);
  EXPECT_EQ(s.learner().w(), run.w);
  EXPECT_EQ(s.learner().b(), run.b);
  EXPECT_EQ(s.learner().updates(), run.k);
  const std::string n = r.narration(s, "en", shown);
  EXPECT_TRUE(contains(n, "after k = 7 updates the perceptron stops at w = (−1, 3, −1, 3, −1), b = −1, and no point is misclassified")) << n;
  EXPECT_TRUE(contains(n, "w·x1 + b = " + shown(affine(run.w, run.b, x1)) + " < 0")) << n;
  EXPECT_TRUE(contains(n, "w·x2 + b = " + shown(affine(run.w, run.b, x2)) + " > 0")) << n;
  EXPECT_TRUE(contains(n, "the hand-set weights give " + shown(affine(hand_w, -t, x1)) + " and " + shown(affine(hand_w, -t, x2))))
      << n;
}

TEST(ThresholdNeuronLessonNumbers, AndIsLearntFromZeroAsByHand) {
  Session s;
  LessonRunner r;
  play_to(r, s, "threshold-neuron", 6);
  EXPECT_EQ(s.settings().view3d, View3d::Augmented);
  const HandRun run = perceptron_by_hand({{0, 0}, {0, 1}, {1, 0}, {1, 1}}, {-1, -1, -1, 1});
  EXPECT_EQ(s.learner().w(), run.w);
  EXPECT_EQ(s.learner().b(), run.b);
  EXPECT_EQ(s.learner().updates(), run.k);
  EXPECT_TRUE(s.learner().converged());
  EXPECT_TRUE(contains(r.narration(s, "en", shown), "ŵ = (w, b) = " + shown_vector({run.w[0], run.w[1], run.b}) +
                                                        " after k = " + std::to_string(run.k) + " updates"))
      << r.narration(s, "en", shown);
  // The line w·x + b = 0 is where the plane ŵ·(x(1), x(2), z) = 0 meets z = 1: on the four
  // inputs the plane's value at height 1 is the decision value, and only (1, 1) fires.
  const double inputs[4][2] = {{0, 0}, {0, 1}, {1, 0}, {1, 1}};
  for (int i = 0; i < 4; ++i) {
    const double plane = run.w[0] * inputs[i][0] + run.w[1] * inputs[i][1] + run.b * 1.0;
    EXPECT_EQ(s.decision(inputs[i]), plane);
    EXPECT_EQ(plane >= 0, i == 3);
  }
  // Step 8: without the constant input (b = 0) no neuron computes AND: the input (0, 0)
  // scores w·0 = 0 for every w, so it fires (sign(0) = +1) where AND outputs 0 (label -1),
  // and training counts y(w·x) = 0 <= 0 as a mistake there for every w.
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(r.expected_answer(), "no");
  const Dataset& ds = s.data();
  ASSERT_EQ(ds.row(0)[0], 0.0);
  ASSERT_EQ(ds.row(0)[1], 0.0);
  EXPECT_EQ(ds.y[0], -1);
  for (const std::vector<double>& w : {std::vector<double>{1, 1}, {-3, 2}, {0.5, -7}, run.w}) {
    const double f = affine(w, 0, {0, 0});
    EXPECT_EQ(f, 0.0);
    EXPECT_LE(ds.y[0] * f, 0.0);
    EXPECT_EQ(f >= 0 ? 1 : -1, 1);
  }
  EXPECT_NE(run.b, 0.0);  // the learnt AND neuron does need its bias
  ASSERT_TRUE(r.answer(s, "no").ok);
  EXPECT_TRUE(contains(r.feedback("en"), "the input (0, 0) gets w·x = 0")) << r.feedback("en");
}

}  // namespace
}  // namespace pla::lessons_features_test
