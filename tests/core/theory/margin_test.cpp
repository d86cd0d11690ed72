// Margins against hand-computed numbers and independent oracles: a brute-force enumeration of the faces of a small
// polytope (solving each face's KKT system by Gaussian elimination), an angular search in 2-D, and weak duality
// (no unit w does better than half the distance of any point of conv(+) to any point of conv(-)).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "core/theory/margin.hpp"
#include "core/base/rng.hpp"
#include "expect_message.hpp"

namespace pla::margin_test {
namespace {

using test::failed_with;

const double kInf = std::numeric_limits<double>::infinity();

Dataset make(int d, const std::vector<std::vector<double>>& rows) {  // each row: coordinates then the label
  Dataset ds;
  ds.d = d;
  for (const auto& r : rows) {
    std::vector<double> x(r.begin(), r.begin() + d);
    EXPECT_TRUE(ds.add(x, static_cast<int>(r[static_cast<std::size_t>(d)])).ok);
  }
  return ds;
}

MarginResult margin_of(const Dataset& ds) {
  MarginResult m;
  const Status st = compute_margin(ds, m);
  EXPECT_TRUE(st.ok) << st.error;
  return m;
}

double dotv(const std::vector<double>& a, const std::vector<double>& b) {
  double s = 0.0;
  for (std::size_t k = 0; k < a.size(); ++k) s += a[k] * b[k];
  return s;
}

// ---- oracle 1: distance from 0 to conv(points) by enumerating all subsets of at most m points (m = dimension),
// solving min ||sum a_k s_k|| s.t. sum a_k = 1 through its KKT system [G 1; 1' 0], keeping solutions with a >= 0.
// Valid when 0 is outside the hull (the nearest point then lies on a face spanned by <= m points).
bool solve_small(std::vector<std::vector<double>> A, std::vector<double> b, std::vector<double>& x) {
  const std::size_t n = b.size();
  for (std::size_t c = 0; c < n; ++c) {
    std::size_t piv = c;
    for (std::size_t r = c + 1; r < n; ++r)
      if (std::fabs(A[r][c]) > std::fabs(A[piv][c])) piv = r;
    if (std::fabs(A[piv][c]) < 1e-12) return false;
    std::swap(A[piv], A[c]);
    std::swap(b[piv], b[c]);
    for (std::size_t r = c + 1; r < n; ++r) {
      const double f = A[r][c] / A[c][c];
      for (std::size_t k = c; k < n; ++k) A[r][k] -= f * A[c][k];
      b[r] -= f * b[c];
    }
  }
  x.assign(n, 0.0);
  for (std::size_t c = n; c-- > 0;) {
    double s = b[c];
    for (std::size_t k = c + 1; k < n; ++k) s -= A[c][k] * x[k];
    x[c] = s / A[c][c];
  }
  return true;
}

double face_enumeration_distance(const std::vector<std::vector<double>>& pts) {
  const std::size_t n = pts.size(), m = pts[0].size();
  double best = kInf;
  std::vector<std::size_t> idx;
  // Recursively pick increasing index subsets of size 1..m.
  auto visit = [&](auto&& self, std::size_t from) -> void {
    if (!idx.empty()) {
      const std::size_t k = idx.size();
      std::vector<std::vector<double>> A(k + 1, std::vector<double>(k + 1, 0.0));
      std::vector<double> rhs(k + 1, 0.0), sol;
      for (std::size_t r = 0; r < k; ++r) {
        for (std::size_t c = 0; c < k; ++c) A[r][c] = dotv(pts[idx[r]], pts[idx[c]]);
        A[r][k] = A[k][r] = 1.0;
      }
      rhs[k] = 1.0;
      if (solve_small(A, rhs, sol)) {
        bool inside = true;
        for (std::size_t r = 0; r < k; ++r) inside = inside && sol[r] >= -1e-12;
        if (inside) {
          std::vector<double> p(m, 0.0);
          for (std::size_t r = 0; r < k; ++r)
            for (std::size_t j = 0; j < m; ++j) p[j] += sol[r] * pts[idx[r]][j];
          best = std::min(best, std::sqrt(dotv(p, p)));
        }
      }
    }
    if (idx.size() == m) return;
    for (std::size_t i = from; i < n; ++i) {
      idx.push_back(i);
      self(self, i + 1);
      idx.pop_back();
    }
  };
  visit(visit, 0);
  return best;
}

std::vector<std::vector<double>> augmented_points(const Dataset& ds) {  // z_i = y_i (x_i, 1)
  std::vector<std::vector<double>> z;
  for (std::size_t i = 0; i < ds.size(); ++i) {
    std::vector<double> v(ds.row(i), ds.row(i) + ds.d);
    v.push_back(1.0);
    for (double& c : v) c *= ds.y[i];
    z.push_back(v);
  }
  return z;
}

std::vector<std::vector<double>> difference_points(const Dataset& ds) {  // every x_i - x_j, y_i = +1, y_j = -1
  std::vector<std::vector<double>> z;
  for (std::size_t i = 0; i < ds.size(); ++i)
    for (std::size_t j = 0; j < ds.size(); ++j) {
      if (ds.y[i] != 1 || ds.y[j] != -1) continue;
      std::vector<double> v(static_cast<std::size_t>(ds.d));
      for (std::size_t k = 0; k < v.size(); ++k) v[k] = ds.row(i)[k] - ds.row(j)[k];
      z.push_back(v);
    }
  return z;
}

// ---- oracle 2 (2-D): gamma = max over unit w of (min_{+} w.x - max_{-} w.x) / 2 by a grid over the angle, then a
// ternary search: on the arc where the value is positive it is a minimum of positive sinusoids, hence concave.
double angular_value(const Dataset& ds, double theta) {
  const double c = det_cos(theta), s = det_sin(theta);
  double lo = kInf, hi = -kInf;
  for (std::size_t i = 0; i < ds.size(); ++i) {
    const double v = c * ds.row(i)[0] + s * ds.row(i)[1];
    if (ds.y[i] > 0) lo = std::min(lo, v);
    else hi = std::max(hi, v);
  }
  return (lo - hi) / 2.0;
}

double angular_gamma(const Dataset& ds) {
  const int steps = 4000;
  double best = -kInf, best_t = 0.0;
  const double h = 2.0 * kPi / steps;
  for (int k = 0; k < steps; ++k) {
    const double t = k * h, v = angular_value(ds, t);
    if (v > best) {
      best = v;
      best_t = t;
    }
  }
  double a = best_t - h, b = best_t + h;
  for (int it = 0; it < 200; ++it) {
    const double m1 = a + (b - a) / 3.0, m2 = b - (b - a) / 3.0;
    if (angular_value(ds, m1) < angular_value(ds, m2)) a = m1;
    else b = m2;
  }
  return std::max(best, angular_value(ds, (a + b) / 2.0));
}

// A random set in [-1, 1]^d labelled by a random plane, points closer than `gap` to it dropped; both classes present.
Dataset random_separable(Rng& rng, int d, std::size_t n, double gap) {
  while (true) {
    std::vector<double> w(static_cast<std::size_t>(d));
    double nw = 0.0;
    for (double& v : w) {
      v = rng.normal();
      nw += v * v;
    }
    nw = std::sqrt(nw);
    const double b = rng.uniform(-0.3, 0.3);
    Dataset ds;
    ds.d = d;
    while (ds.size() < n) {
      std::vector<double> x(w.size());
      for (double& v : x) v = rng.uniform(-1.0, 1.0);
      const double s = dotv(w, x) / nw + b;
      if (std::fabs(s) < gap) continue;
      EXPECT_TRUE(ds.add(x, s > 0 ? 1 : -1).ok);
    }
    if (ds.count(1) > 0 && ds.count(-1) > 0) return ds;
  }
}

// Checks everything a correct answer must satisfy, with oracles that do not use the solver.
void expect_certified(const Dataset& ds, const MarginResult& m, double scale) {
  ASSERT_TRUE(m.separable) << m.reason;
  const std::size_t d = static_cast<std::size_t>(ds.d);
  // (w*, b*) is a unit normal achieving gamma, and the minimum is attained on both sides.
  ASSERT_EQ(m.w_star.size(), d);
  EXPECT_NEAR(std::sqrt(dotv(m.w_star, m.w_star)), 1.0, 1e-12);
  double min_plus = kInf, min_minus = kInf;
  for (std::size_t i = 0; i < ds.size(); ++i) {
    const std::vector<double> x(ds.row(i), ds.row(i) + d);
    const double v = ds.y[i] * (dotv(m.w_star, x) + m.b_star);
    EXPECT_GE(v, m.gamma - 1e-12 * scale) << "point " << i;
    (ds.y[i] > 0 ? min_plus : min_minus) = std::min(ds.y[i] > 0 ? min_plus : min_minus, v);
  }
  EXPECT_NEAR(min_plus, m.gamma, 1e-12 * scale);
  EXPECT_NEAR(min_minus, m.gamma, 1e-12 * scale);
  // c_plus, c_minus are convex combinations of the right classes, recomputed here; weak duality then gives
  // true gamma <= ||c_plus - c_minus|| / 2, so a small gap proves (w*, b*) optimal.
  std::vector<double> cp(d, 0.0), cm(d, 0.0);
  double sp = 0.0, sm = 0.0;
  for (const WeightedIndex& t : m.combo_plus) {
    EXPECT_EQ(ds.y[t.index], 1);
    EXPECT_GT(t.weight, 0.0);
    sp += t.weight;
    for (std::size_t k = 0; k < d; ++k) cp[k] += t.weight * ds.row(t.index)[k];
  }
  for (const WeightedIndex& t : m.combo_minus) {
    EXPECT_EQ(ds.y[t.index], -1);
    EXPECT_GT(t.weight, 0.0);
    sm += t.weight;
    for (std::size_t k = 0; k < d; ++k) cm[k] += t.weight * ds.row(t.index)[k];
  }
  EXPECT_NEAR(sp, 1.0, 1e-12);
  EXPECT_NEAR(sm, 1.0, 1e-12);
  double dist2 = 0.0;
  for (std::size_t k = 0; k < d; ++k) dist2 += (cp[k] - cm[k]) * (cp[k] - cm[k]);
  const double upper = std::sqrt(dist2) / 2.0;
  EXPECT_LE(m.gamma, upper + 1e-12 * scale);
  EXPECT_LE(upper - m.gamma, 1e-9 * scale) << "duality gap too large";
  EXPECT_NEAR(m.gamma_upper, upper, 1e-12 * scale);
  // At the optimum the equalising b* is the perpendicular bisector of c_plus and c_minus.
  std::vector<double> mid(d);
  for (std::size_t k = 0; k < d; ++k) mid[k] = (cp[k] + cm[k]) / 2.0;
  EXPECT_NEAR(m.b_star, -dotv(m.w_star, mid), 1e-9 * scale);
  // u achieves gamma_aug on every point.
  ASSERT_EQ(m.u.size(), d + 1);
  EXPECT_NEAR(std::sqrt(dotv(m.u, m.u)), 1.0, 1e-12);
  double least = kInf;
  for (const auto& z : augmented_points(ds)) least = std::min(least, dotv(m.u, z));
  EXPECT_NEAR(least, m.gamma_aug, 1e-12 * m.R_aug);
  EXPECT_LE(m.gamma_aug, m.gamma_aug_upper + 1e-12 * m.R_aug);
  EXPECT_DOUBLE_EQ(m.bound, (m.R_aug / m.gamma_aug) * (m.R_aug / m.gamma_aug));
}

TEST(Margin, TwoPointsByHand) {
  // (0,0) -1 and (2,0) +1: the bisector x = 1. Augmented: z = (0,0,-1), (2,0,1); the nearest point of that segment
  // to 0 is t = 1/4 along it: p = (1/2, 0, -1/2), ||p|| = 1/sqrt(2).
  const Dataset ds = make(2, {{0, 0, -1}, {2, 0, 1}});
  const MarginResult m = margin_of(ds);
  ASSERT_TRUE(m.separable) << m.reason;
  EXPECT_NEAR(m.gamma, 1.0, 1e-15);
  EXPECT_NEAR(m.gamma_upper, 1.0, 1e-15);
  EXPECT_NEAR(m.w_star[0], 1.0, 1e-15);
  EXPECT_NEAR(m.w_star[1], 0.0, 1e-15);
  EXPECT_NEAR(m.b_star, -1.0, 1e-15);
  EXPECT_EQ(m.support, (std::vector<std::size_t>{0, 1}));
  const double r = 1.0 / std::sqrt(2.0);
  EXPECT_NEAR(m.gamma_aug, r, 1e-15);
  ASSERT_EQ(m.u.size(), 3u);
  EXPECT_NEAR(m.u[0], r, 1e-15);
  EXPECT_NEAR(m.u[1], 0.0, 1e-15);
  EXPECT_NEAR(m.u[2], -r, 1e-15);
  EXPECT_DOUBLE_EQ(m.R, 2.0);
  EXPECT_DOUBLE_EQ(m.R_aug, std::sqrt(5.0));
  EXPECT_NEAR(m.bound, 10.0, 1e-12);
}

TEST(Margin, TextbookByHand) {
  // (3,3)+, (4,3)+, (1,1)-: the nearest point of segment (3,3)-(4,3) to (1,1) is (3,3), 2 sqrt(2) away.
  // Augmented: on segment (3,3,1)-(-1,-1,-1) the nearest point to 0 is t = 5/18: p = (1,1,-4)/9, ||p|| = sqrt(2)/3,
  // and p.(4,3,1) = 1/3 >= ||p||^2 = 2/9, so it is the nearest point of the whole triangle.
  const Dataset ds = make(2, {{3, 3, 1}, {4, 3, 1}, {1, 1, -1}});
  const MarginResult m = margin_of(ds);
  ASSERT_TRUE(m.separable) << m.reason;
  const double s2 = std::sqrt(2.0);
  EXPECT_NEAR(m.gamma, s2, 1e-14);
  EXPECT_NEAR(m.w_star[0], 1.0 / s2, 1e-15);
  EXPECT_NEAR(m.w_star[1], 1.0 / s2, 1e-15);
  EXPECT_NEAR(m.b_star, -2.0 * s2, 1e-14);
  EXPECT_EQ(m.support, (std::vector<std::size_t>{0, 2}));
  ASSERT_EQ(m.c_plus.size(), 2u);
  EXPECT_NEAR(m.c_plus[0], 3.0, 1e-14);
  EXPECT_NEAR(m.c_minus[1], 1.0, 1e-14);
  EXPECT_NEAR(m.hull_distance, 2.0 * s2, 1e-14);
  EXPECT_NEAR(m.gamma_aug, s2 / 3.0, 1e-15);
  const double n = 3.0 * s2;
  EXPECT_NEAR(m.u[0], 1.0 / n, 1e-15);
  EXPECT_NEAR(m.u[1], 1.0 / n, 1e-15);
  EXPECT_NEAR(m.u[2], -4.0 / n, 1e-15);
  EXPECT_EQ(m.support_aug, (std::vector<std::size_t>{0, 2}));
  EXPECT_DOUBLE_EQ(m.R_aug, std::sqrt(26.0));
  EXPECT_NEAR(m.bound, 117.0, 1e-10);  // 26 / (2/9)
  EXPECT_TRUE(m.converged);
  expect_certified(ds, m, 3.0);
}

TEST(Margin, OneDimension) {
  // -2, -1 (-1) and 1, 3 (+1): gamma = 1 at the plane x = 0. Augmented: z = (2,-1), (1,-1), (1,1), (3,1): the
  // segment (1,-1)-(1,1) passes through (1,0), and (1,0).z >= 1 for all z, so gamma_aug = 1 and u = (1, 0).
  const Dataset ds = make(1, {{-2, -1}, {-1, -1}, {1, 1}, {3, 1}});
  const MarginResult m = margin_of(ds);
  ASSERT_TRUE(m.separable) << m.reason;
  EXPECT_NEAR(m.gamma, 1.0, 1e-15);
  EXPECT_NEAR(m.w_star[0], 1.0, 1e-15);
  EXPECT_NEAR(m.b_star, 0.0, 1e-15);
  EXPECT_NEAR(m.gamma_aug, 1.0, 1e-15);
  EXPECT_NEAR(m.u[0], 1.0, 1e-15);
  EXPECT_NEAR(m.u[1], 0.0, 1e-15);
  EXPECT_NEAR(m.bound, 10.0, 1e-12);  // R_aug^2 = 9 + 1
  EXPECT_EQ(m.support, (std::vector<std::size_t>{1, 2}));
}

TEST(Margin, GammaAugMatchesFaceEnumeration) {
  Rng rng(20240601);
  for (int trial = 0; trial < 40; ++trial) {
    const int d = trial % 2 == 0 ? 2 : 3;
    const Dataset ds = random_separable(rng, d, 5 + static_cast<std::size_t>(rng.below(6)), 0.05);
    const MarginResult m = margin_of(ds);
    ASSERT_TRUE(m.separable) << m.reason;
    const double oracle = face_enumeration_distance(augmented_points(ds));
    EXPECT_NEAR(m.gamma_aug, oracle, 1e-10) << "trial " << trial;
    EXPECT_NEAR(m.gamma_aug_upper, oracle, 1e-10) << "trial " << trial;
    // The affine margin is half the distance from 0 to the hull of all differences x_i - x_j.
    EXPECT_NEAR(m.gamma, face_enumeration_distance(difference_points(ds)) / 2.0, 1e-10) << "trial " << trial;
    expect_certified(ds, m, 2.0 * std::sqrt(d));
  }
}

TEST(Margin, MatchesAngularSearchIn2D) {
  Rng rng(7);
  for (int trial = 0; trial < 40; ++trial) {
    const std::size_t n = 3 + static_cast<std::size_t>(rng.below(40));
    const Dataset ds = random_separable(rng, 2, n, 0.02 + 0.1 * rng.uniform01());
    const MarginResult m = margin_of(ds);
    expect_certified(ds, m, 3.0);
    const double brute = angular_gamma(ds);
    EXPECT_LE(brute, m.gamma_upper + 1e-12);  // no direction beats the weak-duality bound
    EXPECT_NEAR(m.gamma, brute, 1e-9) << "trial " << trial;
  }
}

TEST(Margin, CertifiedInHigherDimensions) {
  Rng rng(99);
  for (int d : {4, 7, 12}) {
    for (int trial = 0; trial < 5; ++trial) {
      const Dataset ds = random_separable(rng, d, 200, 0.05);
      const MarginResult m = margin_of(ds);
      expect_certified(ds, m, 2.0 * std::sqrt(d));
      EXPECT_TRUE(m.converged);
      EXPECT_LE(m.support.size(), static_cast<std::size_t>(d + 1));
    }
  }
}

TEST(Margin, AffineMarginIgnoresTranslation) {
  Rng rng(3);
  Dataset ds = random_separable(rng, 3, 60, 0.1);
  const MarginResult a = margin_of(ds);
  for (double& v : ds.x) v += 100.0;
  const MarginResult b = margin_of(ds);
  ASSERT_TRUE(b.separable);
  EXPECT_NEAR(a.gamma, b.gamma, 1e-10);
  for (std::size_t k = 0; k < 3; ++k) EXPECT_NEAR(a.w_star[k], b.w_star[k], 1e-10);
  EXPECT_NEAR(b.b_star, a.b_star - 100.0 * (a.w_star[0] + a.w_star[1] + a.w_star[2]), 1e-8);
  EXPECT_LT(b.gamma_aug, a.gamma_aug);  // the augmented margin is not translation invariant
}

TEST(Margin, ManyPointsStayCertified) {
  Rng rng(5);
  const Dataset ds = random_separable(rng, 2, 3000, 0.01);
  const MarginResult m = margin_of(ds);
  expect_certified(ds, m, 3.0);
  EXPECT_GE(m.gamma, 0.01);  // the planted plane already has margin >= 0.01
}

// ---- one class, special sizes

TEST(Margin, SinglePointIsOneClass) {
  // z = (1,1,1): gamma_aug = sqrt(3), u = z / sqrt(3), bound = R_aug^2 / gamma_aug^2 = 1.
  const Dataset ds = make(2, {{1, 1, 1}});
  const MarginResult m = margin_of(ds);
  EXPECT_TRUE(m.separable);
  EXPECT_EQ(m.gamma, kInf);
  EXPECT_TRUE(m.w_star.empty());
  EXPECT_NE(m.reason.find("one class"), std::string::npos);
  EXPECT_NEAR(m.gamma_aug, std::sqrt(3.0), 1e-15);
  for (double v : m.u) EXPECT_NEAR(v, 1.0 / std::sqrt(3.0), 1e-15);
  EXPECT_NEAR(m.bound, 1.0, 1e-14);
}

TEST(Margin, IdenticalPointsOneClass) {
  // Three copies of (2,0) with label -1: z = (-2, 0, -1) each, gamma_aug = sqrt(5).
  const Dataset ds = make(2, {{2, 0, -1}, {2, 0, -1}, {2, 0, -1}});
  const MarginResult m = margin_of(ds);
  EXPECT_TRUE(m.separable);
  EXPECT_EQ(m.gamma, kInf);
  EXPECT_NEAR(m.gamma_aug, std::sqrt(5.0), 1e-15);
  EXPECT_NEAR(m.u[0], -2.0 / std::sqrt(5.0), 1e-15);
  EXPECT_NEAR(m.u[2], -1.0 / std::sqrt(5.0), 1e-15);
}

TEST(Margin, OneClassSpreadOut) {
  // +1 at x = -3 and x = 2 (d = 1): z = (-3, 1), (2, 1); nearest point of that segment to 0 is (0, 1), so u = (0, 1)
  // and gamma_aug = 1, R_aug^2 = 10.
  const Dataset ds = make(1, {{-3, 1}, {2, 1}});
  const MarginResult m = margin_of(ds);
  EXPECT_TRUE(m.separable);
  EXPECT_NEAR(m.gamma_aug, 1.0, 1e-15);
  EXPECT_NEAR(m.u[0], 0.0, 1e-15);
  EXPECT_NEAR(m.bound, 10.0, 1e-13);
}

// ---- not separable

void expect_overlap_witness(const Dataset& ds, const MarginResult& m, const std::vector<double>& where, double tol) {
  EXPECT_FALSE(m.separable);
  EXPECT_EQ(m.gamma, 0.0);
  EXPECT_EQ(m.gamma_aug, 0.0);
  EXPECT_EQ(m.bound, kInf);
  EXPECT_TRUE(m.u.empty());
  EXPECT_TRUE(m.w_star.empty());
  EXPECT_NE(m.reason.find("not linearly separable"), std::string::npos) << m.reason;
  // Recompute the witness points from the convex combinations.
  const std::size_t d = static_cast<std::size_t>(ds.d);
  std::vector<double> cp(d, 0.0), cm(d, 0.0);
  double sp = 0.0, sm = 0.0;
  for (const WeightedIndex& t : m.combo_plus) {
    EXPECT_EQ(ds.y[t.index], 1);
    EXPECT_GT(t.weight, 0.0);
    sp += t.weight;
    for (std::size_t k = 0; k < d; ++k) cp[k] += t.weight * ds.row(t.index)[k];
  }
  for (const WeightedIndex& t : m.combo_minus) {
    EXPECT_EQ(ds.y[t.index], -1);
    EXPECT_GT(t.weight, 0.0);
    sm += t.weight;
    for (std::size_t k = 0; k < d; ++k) cm[k] += t.weight * ds.row(t.index)[k];
  }
  EXPECT_NEAR(sp, 1.0, 1e-12);
  EXPECT_NEAR(sm, 1.0, 1e-12);
  for (std::size_t k = 0; k < d; ++k) {
    EXPECT_NEAR(cp[k], cm[k], tol);
    EXPECT_NEAR(m.c_plus[k], cp[k], 1e-12);
    if (!where.empty()) {
      EXPECT_NEAR(cp[k], where[k], tol);
    }
  }
  EXPECT_LE(m.hull_distance, tol);
}

TEST(Margin, XorIsNotSeparable) {
  // The diagonals (0,0)-(1,1) and (0,1)-(1,0) cross at (1/2, 1/2) only.
  const Dataset ds = make(2, {{0, 0, 1}, {1, 1, 1}, {0, 1, -1}, {1, 0, -1}});
  const MarginResult m = margin_of(ds);
  expect_overlap_witness(ds, m, {0.5, 0.5}, 1e-12);
  EXPECT_EQ(m.support, (std::vector<std::size_t>{0, 1, 2, 3}));
}

TEST(Margin, DuplicateWithOppositeLabels) {
  const Dataset ds = make(2, {{5, 5, 1}, {6, 5, 1}, {1, 2, 1}, {0, 0, -1}, {-1, 0, -1}, {1, 2, -1}});
  const MarginResult m = margin_of(ds);
  expect_overlap_witness(ds, m, {}, 1e-12);
  EXPECT_EQ(m.hull_distance, 0.0);
}

TEST(Margin, IdenticalPointsBothLabels) {
  const Dataset ds = make(3, {{1, 1, 1, 1}, {1, 1, 1, -1}, {1, 1, 1, 1}});
  const MarginResult m = margin_of(ds);
  expect_overlap_witness(ds, m, {1, 1, 1}, 0.0);
  EXPECT_NE(m.reason.find("coincide"), std::string::npos) << m.reason;
}

TEST(Margin, TouchingHullsAreNotSeparable) {
  // (1,0) with label -1 lies on the segment (0,0)-(2,0) of the +1 class.
  const Dataset ds = make(2, {{0, 0, 1}, {2, 0, 1}, {1, 0, -1}, {1, 1, -1}});
  const MarginResult m = margin_of(ds);
  expect_overlap_witness(ds, m, {1, 0}, 1e-12);
}

TEST(Margin, DeepOverlapInSeveralDimensions) {
  // Random labels on a cloud: the hulls overlap; the answer must come with a valid witness, not a loop.
  Rng rng(17);
  for (int d : {1, 2, 5, 9}) {
    Dataset ds;
    ds.d = d;
    for (int i = 0; i < 300; ++i) {
      std::vector<double> x(static_cast<std::size_t>(d));
      for (double& v : x) v = rng.uniform(-1.0, 1.0);
      ASSERT_TRUE(ds.add(x, rng.below(2) == 0 ? 1 : -1).ok);
    }
    const MarginResult m = margin_of(ds);
    expect_overlap_witness(ds, m, {}, 1e-9);
  }
}

TEST(Margin, ErrorsNameTheProblem) {
  MarginResult m;
  Dataset empty;
  Status st = compute_margin(empty, m);
  EXPECT_TRUE(failed_with(st, Msg::margin_empty));

  Dataset bad_label = make(2, {{1, 1, 1}});
  bad_label.y[0] = 0;
  st = compute_margin(bad_label, m);
  EXPECT_TRUE(failed_with(st, Msg::margin_label, {{"point", "0"}, {"label", "0"}}));

  Dataset short_x = make(2, {{1, 1, 1}, {2, 2, -1}});
  short_x.x.pop_back();
  st = compute_margin(short_x, m);
  EXPECT_TRUE(failed_with(st, Msg::margin_size_mismatch, {{"values", "3"}, {"points", "2"}, {"d", "2"}}));

  Dataset nan_x = make(2, {{1, 1, 1}, {2, 2, -1}});
  nan_x.x[3] = std::nan("");
  st = compute_margin(nan_x, m);
  EXPECT_TRUE(failed_with(st, Msg::margin_not_finite, {{"coordinate", "1"}, {"point", "1"}}));

  Dataset zero_d;
  zero_d.d = 0;
  zero_d.y = {1};
  st = compute_margin(zero_d, m);
  EXPECT_TRUE(failed_with(st, Msg::margin_bad_d, {{"d", "0"}}));
}

TEST(Margin, NovikoffBoundFormula) {
  EXPECT_DOUBLE_EQ(novikoff_bound(3.0, 0.5), 36.0);
  EXPECT_EQ(novikoff_bound(3.0, 0.0), kInf);
  EXPECT_EQ(novikoff_bound(3.0, -1.0), kInf);
}

}  // namespace
}  // namespace pla::margin_test
