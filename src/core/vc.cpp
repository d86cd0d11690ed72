#include "core/vc.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include "core/metrics.hpp"

namespace pla {

double vc_confidence(double n, double h, double delta) {
  if (!(n > 0.0) || !(h > 0.0) || !(delta > 0.0) || !(delta < 1.0) || !std::isfinite(n) || !std::isfinite(h))
    return std::numeric_limits<double>::quiet_NaN();
  const double radicand = h * (std::log(2.0 * n / h) + 1.0) - std::log(delta / 4.0);
  return std::sqrt(std::max(0.0, radicand) / n);
}

double vc_bound(double n, double h, double delta, double r_emp) { return r_emp + vc_confidence(n, h, delta); }

const std::vector<std::size_t>& vc_default_sizes() {
  static const std::vector<std::size_t> ns = {10, 20, 50, 100, 200, 500, 1000, 2000, 5000};
  return ns;
}

namespace {

// The first n points of `pool` (from row `first`).
Dataset rows(const Dataset& pool, std::size_t first, std::size_t n) {
  Dataset out;
  out.d = pool.d;
  const std::size_t d = static_cast<std::size_t>(pool.d);
  out.x.assign(pool.x.begin() + static_cast<std::ptrdiff_t>(first * d),
               pool.x.begin() + static_cast<std::ptrdiff_t>((first + n) * d));
  out.y.assign(pool.y.begin() + static_cast<std::ptrdiff_t>(first), pool.y.begin() + static_cast<std::ptrdiff_t>(first + n));
  return out;
}

}  // namespace

Status vc_curve(const VcSpec& spec, std::vector<VcSample>& out) {
  std::size_t most = 0;
  for (std::size_t n : spec.ns) most = std::max(most, n);
  GenSpec g = spec.gen;
  g.n = most + spec.test_n;
  Dataset pool;
  Status st = generate(g, pool);
  if (!st) return st;
  // A preset ignores n: it cannot give fresh points.
  if (pool.size() != g.n) return Status::fail(Msg::lesson_vc_generator, {{"kind", spec.gen.kind}});
  const Dataset test = rows(pool, most, spec.test_n);
  const double h = static_cast<double>(pool.d) + 1.0;
  std::vector<VcSample> curve;
  for (std::size_t n : spec.ns) {
    const Dataset train = rows(pool, 0, n);
    std::unique_ptr<Learner> l;
    st = make_learner(spec.learner, l);
    if (st) st = l->reset(train);
    if (!st) return st;
    while (!l->converged() && !l->diverged() && l->epoch() < spec.max_epochs) l->run_epoch(train);
    VcSample s;
    s.n = n;
    s.train_error = 1.0 - accuracy(*l, train);
    s.test_error = 1.0 - accuracy(*l, test);
    s.bound = vc_bound(static_cast<double>(n), h, spec.delta, s.train_error);
    s.updates = l->updates();
    s.converged = l->converged();
    curve.push_back(s);
  }
  out = std::move(curve);
  return Status::success();
}

}  // namespace pla
