// Perceptron Lab core: the margin and the Novikoff bound (margin.hpp).
//
// [SECTION] index
//   helpers               dot, number text
//   polytopes             the vertices of conv{y_i (x_i, 1)} and of the difference polytope
//   Wolfe's algorithm     the nearest point to the origin (affine minimiser, corral)
//   augmented margin      u and gamma_aug from Wolfe's point, the data checks
//   margin and bound      novikoff_bound, compute_margin
//   Novikoff invariants   check_novikoff_invariants over a run's updates
#include "core/theory/margin.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/base/numtext.hpp"

namespace pla {
namespace {

// [SECTION] helpers

constexpr double kInf = std::numeric_limits<double>::infinity();

double dot(const double* a, const double* b, std::size_t n) {
  double s = 0.0;
  for (std::size_t j = 0; j < n; ++j) s += a[j] * b[j];
  return s;
}


// [SECTION] polytopes

// A vertex of the polytope. Augmented: z_i = y_i (x_i, 1) (j unused). Difference: x_i - x_j, y_i = +1, y_j = -1.
struct Vertex {
  std::size_t i = 0, j = 0;
};

// conv{z_i}, z_i = y_i (x_i, 1) in R^(d+1).
class AugmentedPoints {
 public:
  explicit AugmentedPoints(const Dataset& ds) : ds_(ds), d_(static_cast<std::size_t>(ds.d)) {}
  std::size_t dim() const { return d_ + 1; }
  void coords(const Vertex& v, double* out) const {
    const double* r = ds_.row(v.i);
    const double y = ds_.y[v.i];
    for (std::size_t k = 0; k < d_; ++k) out[k] = y * r[k];
    out[d_] = y;
  }
  bool same(const Vertex& a, const Vertex& b) const { return a.i == b.i; }
  // Linear minimisation oracle: argmin_i <x, z_i> (first index on ties) and the value.
  Vertex lmo(const double* x, double& value) const {
    Vertex best;
    value = kInf;
    for (std::size_t i = 0; i < ds_.size(); ++i) {
      const double s = ds_.y[i] * (dot(x, ds_.row(i), d_) + x[d_]);
      if (s < value) {
        value = s;
        best.i = i;
      }
    }
    return best;
  }
  // Wolfe's start: the z_i of least norm.
  Vertex start() const {
    Vertex best;
    double least = kInf;
    for (std::size_t i = 0; i < ds_.size(); ++i) {
      const double s = dot(ds_.row(i), ds_.row(i), d_);
      if (s < least) {
        least = s;
        best.i = i;
      }
    }
    return best;
  }

 private:
  const Dataset& ds_;
  std::size_t d_;
};

// conv(+) - conv(-) = conv{x_i - x_j : y_i = +1, y_j = -1} in R^d, never materialised.
class DifferencePoints {
 public:
  explicit DifferencePoints(const Dataset& ds) : ds_(ds), d_(static_cast<std::size_t>(ds.d)) {}
  std::size_t dim() const { return d_; }
  void coords(const Vertex& v, double* out) const {
    const double* a = ds_.row(v.i);
    const double* b = ds_.row(v.j);
    for (std::size_t k = 0; k < d_; ++k) out[k] = a[k] - b[k];
  }
  bool same(const Vertex& a, const Vertex& b) const { return a.i == b.i && a.j == b.j; }
  // min over pairs of <x, x_i - x_j> = min_{+} <x, x_i> - max_{-} <x, x_j>: one pass, O(N d).
  Vertex lmo(const double* x, double& value) const {
    Vertex best;
    double lo = kInf, hi = -kInf;
    for (std::size_t i = 0; i < ds_.size(); ++i) {
      const double s = dot(x, ds_.row(i), d_);
      if (ds_.y[i] > 0) {
        if (s < lo) {
          lo = s;
          best.i = i;
        }
      } else if (s > hi) {
        hi = s;
        best.j = i;
      }
    }
    value = lo - hi;
    return best;
  }
  // Start from the oracle's answer along the difference of the class means (the pair most overlapping along it).
  Vertex start() const {
    std::vector<double> g(d_, 0.0);
    const double np = static_cast<double>(ds_.count(1)), nm = static_cast<double>(ds_.count(-1));
    for (std::size_t i = 0; i < ds_.size(); ++i) {
      const double c = ds_.y[i] > 0 ? 1.0 / np : -1.0 / nm;
      for (std::size_t k = 0; k < d_; ++k) g[k] += c * ds_.row(i)[k];
    }
    double value = 0.0;
    return lmo(g.data(), value);
  }

 private:
  const Dataset& ds_;
  std::size_t d_;
};

// [SECTION] Wolfe's algorithm

// Affine minimiser of the corral S (k rows of length m): alpha with sum alpha = 1 minimising ||sum alpha_r s_r||,
// via Householder least squares on min ||s_0 + D beta||, D = [s_1 - s_0, ..., s_{k-1} - s_0]. Returns false when
// the points are (numerically) affinely dependent.
bool affine_minimizer(const std::vector<double>& S, std::size_t k, std::size_t m, std::vector<double>& alpha) {
  alpha.assign(k, 0.0);
  if (k == 1) {
    alpha[0] = 1.0;
    return true;
  }
  const std::size_t r = k - 1;
  if (r > m) return false;
  std::vector<double> A(m * r), rhs(m);  // A column-major: A[c*m + i]
  double max_col = 0.0;
  for (std::size_t c = 0; c < r; ++c) {
    for (std::size_t i = 0; i < m; ++i) A[c * m + i] = S[(c + 1) * m + i] - S[i];
    max_col = std::max(max_col, std::sqrt(dot(&A[c * m], &A[c * m], m)));
  }
  for (std::size_t i = 0; i < m; ++i) rhs[i] = -S[i];
  std::vector<double> v(m);
  for (std::size_t c = 0; c < r; ++c) {
    double* col = &A[c * m];
    double norm2 = 0.0;
    for (std::size_t i = c; i < m; ++i) norm2 += col[i] * col[i];
    const double norm = std::sqrt(norm2);
    if (!(norm > 1e-13 * max_col)) return false;
    const double diag = col[c] > 0.0 ? -norm : norm;
    for (std::size_t i = c; i < m; ++i) v[i] = col[i];
    v[c] -= diag;
    double vv = 0.0;
    for (std::size_t i = c; i < m; ++i) vv += v[i] * v[i];
    // Reflect the remaining columns and the right-hand side: a <- a - 2 v (v.a) / (v.v).
    for (std::size_t c2 = c + 1; c2 < r; ++c2) {
      double* a = &A[c2 * m];
      double va = 0.0;
      for (std::size_t i = c; i < m; ++i) va += v[i] * a[i];
      const double f = 2.0 * va / vv;
      for (std::size_t i = c; i < m; ++i) a[i] -= f * v[i];
    }
    double vb = 0.0;
    for (std::size_t i = c; i < m; ++i) vb += v[i] * rhs[i];
    const double f = 2.0 * vb / vv;
    for (std::size_t i = c; i < m; ++i) rhs[i] -= f * v[i];
    col[c] = diag;
  }
  // Back substitution R beta = (Q^T rhs)[0..r).
  std::vector<double> beta(r);
  for (std::size_t c = r; c-- > 0;) {
    double s = rhs[c];
    for (std::size_t c2 = c + 1; c2 < r; ++c2) s -= A[c2 * m + c] * beta[c2];
    beta[c] = s / A[c * m + c];
  }
  double sum = 0.0;
  for (std::size_t c = 0; c < r; ++c) {
    alpha[c + 1] = beta[c];
    sum += beta[c];
  }
  alpha[0] = 1.0 - sum;
  return true;
}

struct WolfeRun {
  std::vector<Vertex> corral;
  std::vector<double> lambda;  // x = sum lambda_r v_r, lambda > 0, sum 1
  std::vector<double> x;
  double norm = 0.0;
  std::size_t iterations = 0;
  bool capped = false;
};

// Wolfe's algorithm: nearest point to the origin of the polytope P. Stops at the gap tolerance, when ||x|| is
// negligible (the origin is in P), when rounding prevents progress, or at max_iter major iterations.
template <class Points>
WolfeRun wolfe(const Points& P, double scale, std::size_t max_iter) {
  const std::size_t m = P.dim();
  const double zero_tol = 0.01 * kMarginTouchTolerance * scale;
  const double gap_tol = kMarginGapTolerance * scale;
  WolfeRun run;
  std::vector<double> S(m), alpha;
  run.corral.push_back(P.start());
  P.coords(run.corral[0], S.data());
  run.lambda.assign(1, 1.0);
  run.x = S;
  auto recompute_x = [&](WolfeRun& r) {
    for (std::size_t i = 0; i < m; ++i) {
      double s = 0.0;
      for (std::size_t k = 0; k < r.corral.size(); ++k) s += r.lambda[k] * S[k * m + i];
      r.x[i] = s;
    }
  };
  while (true) {
    const double nx2 = dot(run.x.data(), run.x.data(), m);
    run.norm = std::sqrt(nx2);
    if (run.norm <= zero_tol) break;
    if (run.iterations >= max_iter) {
      run.capped = true;
      break;
    }
    ++run.iterations;
    double value = 0.0;
    const Vertex v = P.lmo(run.x.data(), value);
    // The plane <x, .> = value supports P, so value / ||x|| <= dist(0, P) <= ||x||.
    if (run.norm - value / run.norm <= gap_tol) break;
    bool known = false;
    for (const Vertex& c : run.corral) known = known || P.same(c, v);
    if (known) break;  // rounding: the oracle returns a corral point

    const WolfeRun saved = run;
    const std::vector<double> saved_S = S;
    run.corral.push_back(v);
    run.lambda.push_back(0.0);
    S.resize(S.size() + m);
    P.coords(v, &S[S.size() - m]);
    bool stuck = false;
    while (true) {  // minor cycles: each removes at least one corral point
      const std::size_t k = run.corral.size();
      if (!affine_minimizer(S, k, m, alpha)) {
        stuck = true;
        break;
      }
      bool inside = true;
      for (double a : alpha) inside = inside && a > 0.0;
      if (inside) {
        run.lambda = alpha;
        break;
      }
      // Move from lambda towards alpha until the first weight reaches 0.
      double theta = 1.0;
      std::size_t first = k;
      for (std::size_t r = 0; r < k; ++r) {
        if (alpha[r] > 0.0) continue;
        const double t = run.lambda[r] > 0.0 ? run.lambda[r] / (run.lambda[r] - alpha[r]) : 0.0;
        if (first == k || t < theta) {
          theta = t;
          first = r;
        }
      }
      for (std::size_t r = 0; r < k; ++r) run.lambda[r] = (1.0 - theta) * run.lambda[r] + theta * alpha[r];
      run.lambda[first] = 0.0;
      std::size_t keep = 0;
      double sum = 0.0;
      for (std::size_t r = 0; r < k; ++r) {
        if (!(run.lambda[r] > 0.0)) continue;
        run.corral[keep] = run.corral[r];
        run.lambda[keep] = run.lambda[r];
        for (std::size_t i = 0; i < m; ++i) S[keep * m + i] = S[r * m + i];
        sum += run.lambda[r];
        ++keep;
      }
      run.corral.resize(keep);
      run.lambda.resize(keep);
      S.resize(keep * m);
      for (double& l : run.lambda) l /= sum;
    }
    if (!stuck) {
      recompute_x(run);
      if (dot(run.x.data(), run.x.data(), m) < nx2) continue;
    }
    // No strict progress (affinely dependent corral or rounding): keep the previous point and stop.
    const std::size_t iterations = run.iterations;
    run = saved;
    run.iterations = iterations;
    S = saved_S;
    break;
  }
  run.norm = std::sqrt(dot(run.x.data(), run.x.data(), m));
  return run;
}

std::size_t max_iterations(std::size_t m) { return 1000 + 200 * m; }

// [SECTION] augmented margin

// min_i y_i (u . (x_i, 1)): the augmented margin u achieves.
double aug_margin(const Dataset& ds, const std::vector<double>& u) {
  const std::size_t d = static_cast<std::size_t>(ds.d);
  double least = kInf;
  for (std::size_t i = 0; i < ds.size(); ++i)
    least = std::min(least, ds.y[i] * (dot(u.data(), ds.row(i), d) + u[d]));
  return least;
}

// Fills the augmented part: u from Wolfe's p, or `fallback` (a unit vector) when that achieves more.
void fill_augmented(const Dataset& ds, const std::vector<double>& fallback, MarginResult& out) {
  const AugmentedPoints P(ds);
  const WolfeRun run = wolfe(P, out.R_aug, max_iterations(P.dim()));
  out.iterations += run.iterations;
  out.converged = out.converged && !run.capped;
  out.gamma_aug_upper = run.norm;
  double best = -kInf;
  if (run.norm > 0.0) {
    out.u = run.x;
    for (double& v : out.u) v /= run.norm;
    best = aug_margin(ds, out.u);
    for (std::size_t k = 0; k < run.corral.size(); ++k) out.support_aug.push_back(run.corral[k].i);
    std::sort(out.support_aug.begin(), out.support_aug.end());
  }
  if (!fallback.empty()) {
    const double other = aug_margin(ds, fallback);
    if (other > best) {
      best = other;
      out.u = fallback;
    }
  }
  out.gamma_aug = best;
  out.bound = novikoff_bound(out.R_aug, out.gamma_aug);
}

void add_weight(std::vector<WeightedIndex>& combo, std::size_t index, double weight) {
  for (WeightedIndex& t : combo)
    if (t.index == index) {
      t.weight += weight;
      return;
    }
  combo.push_back({index, weight});
}

std::vector<double> combine(const Dataset& ds, const std::vector<WeightedIndex>& combo) {
  std::vector<double> c(static_cast<std::size_t>(ds.d), 0.0);
  for (const WeightedIndex& t : combo)
    for (std::size_t k = 0; k < c.size(); ++k) c[k] += t.weight * ds.row(t.index)[k];
  return c;
}

Status check_data(const Dataset& ds) {
  if (ds.d < 1)
    return Status::fail(Msg::margin_bad_d, {{"d", msg_int(ds.d)}});
  if (ds.empty()) return Status::fail(Msg::margin_empty);
  if (ds.x.size() != ds.size() * static_cast<std::size_t>(ds.d))
    return Status::fail(Msg::margin_size_mismatch,
                        {{"values", msg_uint(ds.x.size())}, {"points", msg_uint(ds.size())}, {"d", msg_int(ds.d)}});
  for (std::size_t i = 0; i < ds.size(); ++i)
    if (ds.y[i] != 1 && ds.y[i] != -1)
      return Status::fail(Msg::margin_label, {{"point", msg_uint(i)}, {"label", msg_int(ds.y[i])}});
  for (std::size_t k = 0; k < ds.x.size(); ++k)
    if (!std::isfinite(ds.x[k]))
      return Status::fail(Msg::margin_not_finite, {{"coordinate", msg_uint(k % static_cast<std::size_t>(ds.d))},
                                                   {"point", msg_uint(k / static_cast<std::size_t>(ds.d))}});
  return Status::success();
}

}  // namespace

// [SECTION] margin and bound

double novikoff_bound(double R_aug, double gamma_aug) {
  if (!(gamma_aug > 0.0)) return kInf;
  const double ratio = R_aug / gamma_aug;
  return ratio * ratio;
}

namespace {

// Only one class: any far-away plane separates, so gamma is unbounded; u = (0, y) gives the
// augmented margin.
void one_class_margin(const Dataset& ds, int y, MarginResult& out) {
  const std::size_t d = static_cast<std::size_t>(ds.d);
  out.separable = true;
  out.gamma = out.gamma_upper = kInf;
  out.reason = std::string("only one class (label ") + (y > 0 ? "+1" : "-1") +
               "): any far-away plane separates, so gamma is unbounded (+inf); gamma_aug and the bound are finite";
  std::vector<double> e(d + 1, 0.0);  // u = (0, y) achieves y_i u.x~_i = 1 for every point
  e[d] = y;
  fill_augmented(ds, e, out);
}

// The diagonal of the data's bounding box: >= max ||x_i - x_j||.
double bounding_diagonal(const Dataset& ds) {
  const std::size_t d = static_cast<std::size_t>(ds.d);
  std::vector<double> lo(d, kInf), hi(d, -kInf);
  for (std::size_t i = 0; i < ds.size(); ++i)
    for (std::size_t k = 0; k < d; ++k) {
      lo[k] = std::min(lo[k], ds.row(i)[k]);
      hi[k] = std::max(hi[k], ds.row(i)[k]);
    }
  double diag2 = 0.0;
  for (std::size_t k = 0; k < d; ++k) diag2 += (hi[k] - lo[k]) * (hi[k] - lo[k]);
  return std::sqrt(diag2);
}

// The nearest points c_plus, c_minus of the two hulls found by the run: their combinations
// of data points, the support points, their distance and the upper bound on gamma.
void nearest_hull_points(const Dataset& ds, const WolfeRun& run, MarginResult& out) {
  const std::size_t d = static_cast<std::size_t>(ds.d);
  for (std::size_t k = 0; k < run.corral.size(); ++k) {
    add_weight(out.combo_plus, run.corral[k].i, run.lambda[k]);
    add_weight(out.combo_minus, run.corral[k].j, run.lambda[k]);
  }
  auto by_index = [](const WeightedIndex& a, const WeightedIndex& b) { return a.index < b.index; };
  std::sort(out.combo_plus.begin(), out.combo_plus.end(), by_index);
  std::sort(out.combo_minus.begin(), out.combo_minus.end(), by_index);
  for (const WeightedIndex& t : out.combo_plus) out.support.push_back(t.index);
  for (const WeightedIndex& t : out.combo_minus) out.support.push_back(t.index);
  std::sort(out.support.begin(), out.support.end());
  out.c_plus = combine(ds, out.combo_plus);
  out.c_minus = combine(ds, out.combo_minus);
  double dist2 = 0.0;
  for (std::size_t k = 0; k < d; ++k) dist2 += (out.c_plus[k] - out.c_minus[k]) * (out.c_plus[k] - out.c_minus[k]);
  out.hull_distance = std::sqrt(dist2);
  out.gamma_upper = out.hull_distance / 2.0;
}

// Candidate separator w = p / ||p||, b equalising the two sides; its margin gamma is
// evaluated on every point (-inf when the run's p is 0).
void candidate_separator(const Dataset& ds, const WolfeRun& run, std::vector<double>& w, double& gamma, double& b) {
  const std::size_t d = static_cast<std::size_t>(ds.d);
  gamma = -kInf;
  b = 0.0;
  w.clear();
  if (!(run.norm > 0.0)) return;
  w = run.x;
  for (double& v : w) v /= run.norm;
  double min_plus = kInf, max_minus = -kInf;
  for (std::size_t i = 0; i < ds.size(); ++i) {
    const double s = dot(w.data(), ds.row(i), d);
    if (ds.y[i] > 0) min_plus = std::min(min_plus, s);
    else max_minus = std::max(max_minus, s);
  }
  gamma = (min_plus - max_minus) / 2.0;
  b = -(min_plus + max_minus) / 2.0;
}

// No strictly separating plane: the margins are 0 and the reason says whether the hulls meet.
void not_separable(const WolfeRun& run, double touch, MarginResult& out) {
  out.separable = false;
  out.gamma = out.gamma_upper = 0.0;
  out.gamma_aug = out.gamma_aug_upper = 0.0;
  out.bound = kInf;
  if (out.hull_distance <= touch) {
    out.reason = "not linearly separable: the convex hulls of the two classes meet (c_plus and c_minus are " +
                 sig6_number(out.hull_distance) + " apart, tolerance " + sig6_number(touch) + ")";
    if (out.combo_plus.size() == 1 && out.combo_minus.size() == 1 && out.hull_distance == 0.0)
      out.reason += "; points " + std::to_string(out.combo_plus[0].index) + " (+1) and " +
                    std::to_string(out.combo_minus[0].index) + " (-1) coincide";
  } else {
    out.reason = "not shown separable: no strictly separating plane found and the hulls are " +
                 sig6_number(out.hull_distance) + " apart (solver stopped after " + std::to_string(run.iterations) +
                 " iterations)";
  }
}

}  // namespace

Status compute_margin(const Dataset& ds, MarginResult& out) {
  out = MarginResult{};
  Status st = check_data(ds);
  if (!st) return st;
  // Squared distances of coordinates beyond 1e150 overflow: refuse rather than misreport.
  for (double v : ds.x)
    if (std::fabs(v) > kMaxMarginCoordinate)
      return Status::fail(Msg::margin_coordinate_too_large);
  const std::size_t d = static_cast<std::size_t>(ds.d);
  out.R = ds.radius();
  out.R_aug = ds.radius_aug();
  out.method =
      "Wolfe's min-norm-point algorithm (1976): gamma over conv(+) - conv(-) with a split oracle, gamma_aug over "
      "conv{y_i (x_i, 1)}";
  const std::size_t n_plus = ds.count(1), n_minus = ds.count(-1);
  if (n_plus == 0 || n_minus == 0) {
    one_class_margin(ds, n_plus > 0 ? 1 : -1, out);
    return Status::success();
  }

  // ---- affine margin: nearest points of conv(+) and conv(-)
  const double scale = bounding_diagonal(ds);  // >= max ||x_i - x_j||
  const DifferencePoints P(ds);
  const WolfeRun run = wolfe(P, scale, max_iterations(P.dim()));
  out.iterations = run.iterations;
  out.converged = !run.capped;
  nearest_hull_points(ds, run, out);

  double gamma = -kInf, b = 0.0;
  std::vector<double> w;
  candidate_separator(ds, run, w, gamma, b);
  const double touch = kMarginTouchTolerance * scale;
  if (!(2.0 * gamma > touch)) {
    not_separable(run, touch, out);
    return Status::success();
  }
  out.separable = true;
  out.gamma = gamma;
  out.w_star = w;
  out.b_star = b;
  out.reason = "linearly separable: gamma = " + sig6_number(gamma) + ", attained on both sides by the support points";
  // The max-margin plane, scaled to ||(w, b)|| = 1, is a fallback u with margin gamma / ||(w*, b*)||.
  std::vector<double> fallback(w);
  fallback.push_back(b);
  const double n = std::sqrt(dot(fallback.data(), fallback.data(), d + 1));
  for (double& v : fallback) v /= n;
  fill_augmented(ds, fallback, out);
  return Status::success();
}

// [SECTION] Novikoff invariants

InvariantCheck check_novikoff_invariants(const std::vector<std::vector<double>>& w_after_update, double eta,
                                         double gamma_aug, double R_aug, const std::vector<double>& u,
                                         double rel_tol) {
  InvariantCheck c;
  c.updates = w_after_update.size();
  auto fail = [&c](std::size_t k, std::string message) {
    c.ok = false;
    c.first_violation = k;
    c.message = std::move(message);
    return c;
  };
  if (!(eta > 0.0)) return fail(0, "eta must be > 0, got " + sig6_number(eta));
  if (!(gamma_aug > 0.0)) return fail(0, "gamma_aug must be > 0 (separable data), got " + sig6_number(gamma_aug));
  if (!(R_aug > 0.0)) return fail(0, "R_aug must be > 0, got " + sig6_number(R_aug));
  if (u.empty()) return fail(0, "u is empty: the data is not separable");
  const double unorm = std::sqrt(dot(u.data(), u.data(), u.size()));
  if (!(std::fabs(unorm - 1.0) <= 1e-12)) return fail(0, "u must be a unit vector, ||u|| = " + sig6_number(unorm));
  c.min_progress = kInf;
  for (std::size_t k = 1; k <= w_after_update.size(); ++k) {
    const std::vector<double>& w = w_after_update[k - 1];
    if (w.size() != u.size())
      return fail(k, "w_" + std::to_string(k) + " has " + std::to_string(w.size()) + " entries, u has " +
                         std::to_string(u.size()));
    const double kk = static_cast<double>(k);
    const double progress = dot(w.data(), u.data(), u.size());
    const double progress_min = kk * eta * gamma_aug;
    const double norm2 = dot(w.data(), w.data(), w.size());
    const double norm2_max = kk * eta * eta * R_aug * R_aug;
    c.min_progress = std::min(c.min_progress, progress / progress_min);
    c.max_growth = std::max(c.max_growth, norm2 / norm2_max);
    if (progress < progress_min - rel_tol * progress_min)
      return fail(k, "w_" + std::to_string(k) + ".u = " + sig6_number(progress) + " < k eta gamma_aug = " + sig6_number(progress_min));
    if (norm2 > norm2_max + rel_tol * norm2_max)
      return fail(k, "||w_" + std::to_string(k) + "||^2 = " + sig6_number(norm2) + " > k eta^2 R_aug^2 = " + sig6_number(norm2_max));
  }
  if (c.updates == 0) c.min_progress = 0.0;
  return c;
}

}  // namespace pla
