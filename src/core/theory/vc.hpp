// Perceptron Lab core: the Vapnik–Chervonenkis bound and the test error it bounds.
//
// With probability at least 1 - delta over a training set of N points drawn at random,
// every classifier of a class of VC dimension h has a true error R at most
//   R <= R_emp + sqrt((h (ln(2N/h) + 1) - ln(delta/4)) / N),
// R_emp its error on the training set (Vapnik 1995). Linear classifiers sign(w.x + b)
// on R^d have h = d + 1. vc_curve measures what the bound speaks of: for each N of a
// list, train on N generated points and count the errors on test_n fresh points from
// the same generator (the same labelling plane), seeded, so the curve is reproducible.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/data/generators.hpp"
#include "core/learn/learners.hpp"
#include "core/base/status.hpp"
#include "core/learn/stop.hpp"

namespace pla {

// sqrt((h (ln(2N/h) + 1) - ln(delta/4)) / N): the bound's confidence term. NaN unless
// N > 0, h > 0 and 0 < delta < 1; the radicand is never negative for such arguments
// when N >= h / 2 (ln(2N/h) >= 0 and -ln(delta/4) > 0); below that it is clamped at 0.
double vc_confidence(double n, double h, double delta);
// r_emp + vc_confidence(n, h, delta).
double vc_bound(double n, double h, double delta, double r_emp);

struct VcSample {
  std::size_t n = 0;          // training points
  double train_error = 0.0;   // share of the N training points misclassified after training
  double test_error = 0.0;    // share of the test_n fresh points misclassified
  double bound = 0.0;         // vc_bound(n, h, delta, train_error)
  std::uint64_t updates = 0;  // the learner's k
  bool converged = false;
};

struct VcSpec {
  GenSpec gen;                  // kind, d, margin, noise, seed (n is ignored)
  LearnerConfig learner;        // how each training set is learnt
  std::uint64_t max_epochs = 50;  // per training set (the run also stops at convergence)
  double delta = 0.05;
  std::vector<std::size_t> ns;  // training sizes, each >= 2
  std::size_t test_n = 10000;
};

// The training sizes the interface plots: 10, 20, 50, ... up to 5000.
const std::vector<std::size_t>& vc_default_sizes();

// One pool of max(ns) + test_n points is generated from spec.gen (seeded): the last
// test_n are the test set, and the training set of size N is the pool's first N points,
// so every N is tested on the same fresh points. h = (the learner's input dimension) + 1.
Status vc_curve(const VcSpec& spec, std::vector<VcSample>& out);

// vc_curve in parts, so that the interface keeps each frame short: vc_begin generates the
// pool, then each vc_part trains for about max_seconds (whole epochs, at least one) and adds
// the sizes it finishes to `curve`, in order. The curve when done is vc_curve's, sample for
// sample.
struct VcRun {
  VcSpec spec;
  Dataset pool, test, train;
  std::size_t next = 0;              // the index in spec.ns of the size in training
  std::shared_ptr<Learner> learner;  // its learner (null between sizes)
  std::vector<VcSample> curve;       // the sizes done
  Status status;                     // a failure ends the run
  bool done = true;
  double share() const;              // 0 .. 1: the sizes done, weighted by their points
};
Status vc_begin(const VcSpec& spec, VcRun& run);
// True when the run is done (run.status says whether it failed).
bool vc_part(VcRun& run, double max_seconds);

}  // namespace pla
