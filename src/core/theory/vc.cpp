#include "core/theory/vc.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <memory>

#include "core/learn/metrics.hpp"

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

Status vc_begin(const VcSpec& spec, VcRun& run) {
  run = VcRun();
  run.spec = spec;
  run.done = false;
  std::size_t most = 0;
  for (std::size_t n : spec.ns) most = std::max(most, n);
  GenSpec g = spec.gen;
  g.n = most + spec.test_n;
  Status st = generate(g, run.pool);
  // A preset ignores n: it cannot give fresh points.
  if (st && run.pool.size() != g.n) st = Status::fail(Msg::lesson_vc_generator, {{"kind", spec.gen.kind}});
  if (!st) {
    run.status = st;
    run.done = true;
    return st;
  }
  run.test = rows(run.pool, most, spec.test_n);
  return st;
}

bool vc_part(VcRun& run, double max_seconds) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point end = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(max_seconds));
  const double h = static_cast<double>(run.pool.d) + 1.0;
  if (run.next == run.spec.ns.size()) run.done = true;  // no sizes
  while (!run.done) {
    const std::size_t n = run.spec.ns[run.next];
    if (!run.learner) {
      run.train = rows(run.pool, 0, n);
      std::unique_ptr<Learner> l;
      Status st = make_learner(run.spec.learner, l);
      if (st) st = l->reset(run.train);
      if (!st) {
        run.status = st;
        run.done = true;
        break;
      }
      run.learner = std::move(l);
    }
    Learner& l = *run.learner;
    if (!l.converged() && !l.diverged() && l.epoch() < run.spec.max_epochs) {
      l.run_epoch(run.train);
    } else {
      VcSample s;
      s.n = n;
      s.train_error = 1.0 - accuracy(l, run.train);
      s.test_error = 1.0 - accuracy(l, run.test);
      s.bound = vc_bound(static_cast<double>(n), h, run.spec.delta, s.train_error);
      s.updates = l.updates();
      s.converged = l.converged();
      run.curve.push_back(s);
      run.learner.reset();
      if (++run.next == run.spec.ns.size()) run.done = true;
    }
    if (Clock::now() >= end) break;
  }
  return run.done;
}

double VcRun::share() const {
  if (done) return 1.0;
  double all = 0.0, finished = 0.0;
  for (std::size_t i = 0; i < spec.ns.size(); ++i) {
    all += static_cast<double>(spec.ns[i]);
    if (i < next) finished += static_cast<double>(spec.ns[i]);
  }
  return all > 0.0 ? finished / all : 0.0;
}

Status vc_curve(const VcSpec& spec, std::vector<VcSample>& out) {
  VcRun run;
  Status st = vc_begin(spec, run);
  if (!st) return st;
  while (!vc_part(run, 1e9)) {
  }
  if (!run.status) return run.status;
  out = std::move(run.curve);
  return Status::success();
}

}  // namespace pla
