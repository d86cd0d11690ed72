// Perceptron Lab core: the geometry behind the perceptron convergence theorem.
//
//   gamma      the affine geometric margin: half the distance between conv{x_i : y_i = +1} and conv{x_i : y_i = -1},
//              achieved by the max-margin separator (w*, b*), ||w*|| = 1, y_i (w*.x_i + b*) >= gamma for all i.
//   gamma_aug  the margin through the origin in augmented space x~ = (x, 1) with ||(w, b)|| = 1: the distance from 0 to
//              conv{z_i = y_i x~_i}, achieved by u = p / ||p|| (p the min-norm point of that hull).
//   R = max ||x_i||,  R_aug = max ||x~_i|| = max sqrt(||x_i||^2 + 1).
//   Novikoff: the classic PLA started at w = 0 makes k <= (R_aug / gamma_aug)^2 updates, whatever eta, because at
//   every update k:  w_k.u >= k eta gamma_aug  and  ||w_k||^2 <= k eta^2 R_aug^2  (w_k the augmented (w, b)).
//
// Method: Wolfe's min-norm-point algorithm (P. Wolfe 1976, "Finding the nearest point in a polytope"), finite in exact
// arithmetic, run twice:
//   - gamma: over the Minkowski difference conv(+) - conv(-), never materialised: its linear minimisation oracle picks
//     argmin_{y=+1} w.x_i and argmax_{y=-1} w.x_j separately, so a major iteration costs O(N d);
//   - gamma_aug: over conv{z_i}, O(N (d+1)) per major iteration.
// A corral holds at most m+1 affinely independent points (m the dimension); its affine minimiser is a small Householder
// least-squares solve. Same operations in the same order natively and in wasm (only +, -, *, /, sqrt).
//
// Tolerances (floating point, so stated; the reported numbers are certified, not just approximations):
//   - Wolfe stops when the duality gap in distance, ||p|| - min_v <p, v> / ||p||, is <= kMarginGapTolerance * scale
//     (scale = the diagonal of the data's bounding box for gamma, R_aug for gamma_aug), when ||p|| is negligible
//     (<= 0.01 kMarginTouchTolerance * scale), when rounding stops strict progress, or after 1000 + 200 m major
//     iterations (then converged = false; the bounds below still hold).
//   - gamma and gamma_aug are the margins the reported (w*, b*) and u actually achieve on every point (evaluated), so
//     they are lower bounds of the true margins; gamma_upper = ||c_plus - c_minus|| / 2 and gamma_aug_upper = ||p|| are
//     distances to points of the hulls, so upper bounds. The true value lies in [gamma, gamma_upper].
//   - Two classes whose hulls are closer than kMarginTouchTolerance * scale are reported as not separable ("touching").
//
// Special cases (documented choices):
//   - empty data set: a Status error;
//   - one class only (this includes N = 1): separable = true, gamma = +inf (any plane far enough away works, so the
//     margin is unbounded), w_star empty; gamma_aug is finite (>= 1, as u = (0, y) achieves 1) and so is the bound;
//   - not separable (hulls intersect or touch): gamma = gamma_aug = 0, w_star and u empty, bound = +inf, and the
//     evidence is c_plus ~ c_minus: a point of conv(+) and a point of conv(-) at distance hull_distance <= tolerance,
//     each given as a convex combination of data points (combo_plus, combo_minus).
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/data/dataset.hpp"
#include "core/base/status.hpp"

namespace pla {

constexpr double kMaxMarginCoordinate = 1e150;  // larger coordinates are refused (squares overflow)
constexpr double kMarginGapTolerance = 1e-12;    // relative: Wolfe's stopping gap, in distance / scale
constexpr double kMarginTouchTolerance = 1e-10;  // relative: hull distance / scale below which classes "touch"

// One term of a convex combination: weight * x_index.
struct WeightedIndex {
  std::size_t index = 0;
  double weight = 0.0;
};

struct MarginResult {
  bool separable = false;
  std::string reason;  // one line: why (not) separable, or which special case applies

  // ---- affine margin
  double gamma = 0.0;          // min_i y_i (w*.x_i + b*); +inf with one class; 0 when not separable
  double gamma_upper = 0.0;    // hull_distance / 2 (+inf with one class): the true gamma is in [gamma, gamma_upper]
  std::vector<double> w_star;  // unit normal, size d; empty with one class or when not separable
  double b_star = 0.0;         // equalises the two sides: -(min_{+} w*.x + max_{-} w*.x) / 2, the bisector at optimum
  double hull_distance = 0.0;  // ||c_plus - c_minus||
  std::vector<double> c_plus, c_minus;          // nearest points of conv(+) and conv(-) (empty with one class)
  std::vector<WeightedIndex> combo_plus, combo_minus;  // c_plus = sum weight x_index; weights > 0, sum 1
  std::vector<std::size_t> support;             // sorted indices used by combo_plus and combo_minus

  // ---- augmented margin (w, b) in R^(d+1)
  double gamma_aug = 0.0;        // min_i y_i (u . x~_i); 0 when not separable
  double gamma_aug_upper = 0.0;  // ||p||, p the min-norm point found: the true gamma_aug is in [gamma_aug, this]
  std::vector<double> u;         // (w_u, b_u), size d+1, ||u|| = 1; empty when not separable
  std::vector<std::size_t> support_aug;  // sorted indices i with positive weight in p = sum lambda_i z_i

  double R = 0.0, R_aug = 0.0;
  double bound = 0.0;  // novikoff_bound(R_aug, gamma_aug); +inf when not separable

  std::string method;      // the algorithm used, in words
  double tolerance = kMarginGapTolerance;  // Wolfe's relative stopping gap (see the header comment)
  double touch_tolerance = kMarginTouchTolerance;
  std::size_t iterations = 0;  // Wolfe major iterations, both runs together
  bool converged = true;       // false if a run stopped on its iteration cap before reaching the gap tolerance
};

// Computes everything above. Fails (leaving `out` cleared) on an empty or malformed data set.
Status compute_margin(const Dataset& ds, MarginResult& out);

// (R_aug / gamma_aug)^2; +inf when gamma_aug <= 0.
double novikoff_bound(double R_aug, double gamma_aug);

// Result of checking the two invariants of Novikoff's proof along a PLA run started at w = 0.
struct InvariantCheck {
  bool ok = true;
  std::size_t updates = 0;          // K, the number of updates checked
  std::size_t first_violation = 0;  // the update k (1-based) where an inequality first failed; 0 when none did
  std::string message;              // which check failed, with the numbers; empty when ok
  double min_progress = 0.0;        // min_k (w_k.u) / (k eta gamma_aug): >= 1 by the proof
  double max_growth = 0.0;          // max_k ||w_k||^2 / (k eta^2 R_aug^2): <= 1 by the proof
};

// w_after_update[k-1] is the augmented (w, b) after the k-th update (k = 1..K) of a run from w_0 = 0 with rate eta.
// Checks, for every k, w_k.u >= k eta gamma_aug and ||w_k||^2 <= k eta^2 R_aug^2 (together they give
// k eta gamma_aug <= w_k.u <= ||w_k|| <= sqrt(k) eta R_aug, i.e. K <= the bound). An inequality a >= b counts as held
// when a >= b - rel_tol |b| (rel_tol only absorbs floating-point rounding). Wrong sizes, a u that is not a unit
// vector (to 1e-12), or eta, gamma_aug, R_aug <= 0 give ok = false with a message and first_violation = 0.
InvariantCheck check_novikoff_invariants(const std::vector<std::vector<double>>& w_after_update, double eta,
                                         double gamma_aug, double R_aug, const std::vector<double>& u,
                                         double rel_tol = 1e-9);

}  // namespace pla
