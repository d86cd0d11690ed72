// Perceptron Lab core: seeded synthetic data sets, in memory (generate) or written
// straight to a file (generate_stream).
// Every draw comes from pla::Rng and every angle goes through det_sin/det_cos, so a
// spec gives bit-identical data natively and in wasm.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/data/dataset.hpp"
#include "core/base/status.hpp"

namespace pla {

// What to generate. Which fields matter depends on kind:
//   separable  n points uniform in [-1,1]^d, labelled by a random plane (w, b) with
//              ||w|| = 1 and b uniform in [-0.25, 0.25]; every point lies at least
//              `margin` (gamma, in [0, 1]) from the plane: y (w.x + b) / ||w|| >= gamma.
//              Both classes are present.
//   noisy      separable data (same margin), then exactly round(noise * n) labels
//              flipped (noise in [0, 0.5]; round half up), the flipped points chosen by the rng.
//   xor        d = 2, four clusters (one per quadrant, |coordinates| uniform in
//              [0.1, 1]), label = sign(x1 * x2), plus Gaussian jitter of std `noise`.
//   circles    d = 2, ring of radius 0.5 (+1) inside a ring of radius 1 (-1), jitter `noise`.
//   moons      d = 2, two interleaving half circles (upper -1, lower +1), jitter `noise`.
//   blobs      any d, two Gaussian blobs of std `noise` around o +- 0.5 u (u a random
//              unit vector, o uniform in [-0.5,0.5]^d); +1 around o + 0.5 u.
//   textbook, six, and, or, customers, iris: the presets (n, d, margin, noise, seed ignored).
// Classes alternate point by point (xor cycles its four clusters), so any n >= 2 has both.
// Limits: 2 <= n <= 10,000,000, 1 <= d <= kMaxDimension, n * d <= kMaxValues,
// noise in [0, 0.5] for every kind that uses it.
struct GenSpec {
  std::string kind;
  std::size_t n = 100;
  int d = 2;
  double margin = 0.1;
  double noise = 0.1;
  std::uint64_t seed = 1;
};

// The hidden truth behind a generated set (for tests and lessons).
struct GenTruth {
  bool has_plane = false;  // separable and noisy: the labelling plane
  std::vector<double> w;   // unit normal (||w|| = 1 up to rounding)
  double b = 0.0;
  std::vector<std::size_t> flipped;  // noisy: indices whose label was flipped, ascending
};

// Names accepted by generate, in menu order.
const std::vector<std::string>& generator_kinds();
// Fills `out` (left unchanged on failure); `truth`, when given, receives the plane.
Status generate(const GenSpec& spec, Dataset& out, GenTruth* truth = nullptr);

// Writes spec.n points of kind "separable" (uniform in [-1, 1]^d, labelled by a random
// plane, at least spec.margin from it) to `path` as they are drawn, for data sets that do
// not fit in memory: LIBSVM for .libsvm/.svm/.svmlight, CSV otherwise. Each coordinate is
// a multiple of 1e-4 written with at most 4 decimals (so the file is compact, and reads
// back as exactly the values that were checked against the margin). Limits: 2 <= n <=
// 1e12, 1 <= d <= kMaxDimension, margin in [0, 1). The same spec gives the same file on
// every platform. `truth` receives the plane; `progress` is called with the rows written.
struct StreamGenStats {
  std::uint64_t rows = 0, positives = 0, bytes = 0;
};
Status generate_stream(const GenSpec& spec, const std::string& path, GenTruth* truth = nullptr,
                       StreamGenStats* stats = nullptr, const std::function<void(std::uint64_t)>& progress = {});

}  // namespace pla
