// The vectorised kernels (simd.hpp) and the fast perceptron (fast_pla.hpp) against
// independent references: the plain index-order loop and PrimalCore / pla::train for
// float64 (every bit), and a straightforward float32 implementation of the documented
// 8-lane order for float32. Every test runs at every SIMD level this machine and build
// support (scalar, SSE2, AVX2, AVX-512 natively; scalar and SIMD128 in wasm).
#include <algorithm>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "core/learn/fast_pla.hpp"
#include "core/data/generators.hpp"
#include "core/learn/learners.hpp"
#include "core/learn/perceptron.hpp"
#include "core/base/rng.hpp"
#include "core/base/simd.hpp"
#include "expect_message.hpp"
#include "simd_values.hpp"
#include "test_files.hpp"

namespace pla::simd_test {
namespace {

using test::bits;
using test::failed_with;


TEST(Simd, LevelsStartWithScalarAndEveryLevelCanBeAsked) {
  const std::vector<simd::Level> levels = simd::levels();
  ASSERT_FALSE(levels.empty());
  EXPECT_EQ(levels.front(), simd::Level::Scalar);
  EXPECT_EQ(simd::level(), levels.back());  // the default is the fastest available
  for (std::size_t k = 1; k < levels.size(); ++k) EXPECT_NE(levels[k], levels[k - 1]);
  // Any level may be asked for; one this machine or build cannot run runs the scalar code.
  Rng rng(10);
  const std::size_t d = 33, rows = 13;
  const std::vector<double> x = awkward_values(rng, rows * d);
  const std::vector<double> w = awkward_values(rng, d);
  for (simd::Level v : {simd::Level::Scalar, simd::Level::Sse2, simd::Level::Avx2, simd::Level::Avx512,
                        simd::Level::Wasm128}) {
    std::vector<double> got(rows);
    simd::scores_f64(x.data(), rows, d, w.data(), 0.5, got.data(), v);
    for (std::size_t i = 0; i < rows; ++i)
      ASSERT_EQ(bits(got[i]), bits(reference_score(x.data() + i * d, d, w, 0.5))) << simd::to_string(v);
  }
}

TEST(Simd, Float64ScoresAreTheIndexOrderSumBitForBit) {
  Rng rng(11);
  for (simd::Level level : simd::levels()) {
    for (std::size_t d : kDims) {
      for (std::size_t rows : {std::size_t{0}, std::size_t{1}, std::size_t{3}, std::size_t{4}, std::size_t{7},
                               std::size_t{13}, std::size_t{64}}) {
        const std::vector<double> x = awkward_values(rng, rows * d);
        const std::vector<double> w = awkward_values(rng, d);
        const double b = rng.uniform(-3.0, 3.0);
        std::vector<double> got(rows + 1, 42.0);
        simd::scores_f64(x.data(), rows, d, w.data(), b, got.data(), level);
        for (std::size_t i = 0; i < rows; ++i)
          ASSERT_EQ(bits(got[i]), bits(reference_score(x.data() + i * d, d, w, b)))
              << simd::to_string(level) << " d=" << d << " row " << i << " of " << rows;
        EXPECT_EQ(got[rows], 42.0) << "wrote past the rows";
        // The same scores through the shared helper of perceptron.hpp.
        for (std::size_t i = 0; i < rows; ++i) ASSERT_EQ(bits(got[i]), bits(score(w, b, x.data() + i * d)));
      }
    }
  }
}

TEST(Simd, Float64FirstViolationAndCountsMatchTheLoop) {
  Rng rng(12);
  for (simd::Level level : simd::levels()) {
    for (std::size_t d : {std::size_t{1}, std::size_t{2}, std::size_t{5}, std::size_t{32}, std::size_t{33}, std::size_t{130}}) {
      const std::size_t rows = 61;
      const std::vector<double> x = awkward_values(rng, rows * d);
      std::vector<int> y(rows);
      for (int& v : y) v = rng.below(2) ? 1 : -1;
      const std::vector<double> w = awkward_values(rng, d);
      const double b = 0.25;
      for (double tau : {0.0, 0.5, 1e9}) {
        std::size_t expected_first = rows, expected_count = 0;
        for (std::size_t i = 0; i < rows; ++i) {
          if (y[i] * reference_score(x.data() + i * d, d, w, b) <= tau) {
            if (expected_first == rows) expected_first = i;
            ++expected_count;
          }
        }
        double s = 0.0;
        const std::size_t first = simd::first_violation_f64(x.data(), y.data(), rows, d, w.data(), b, tau, &s, level);
        ASSERT_EQ(first, expected_first) << simd::to_string(level) << " d=" << d << " tau=" << tau;
        if (first < rows) {
          EXPECT_EQ(bits(s), bits(reference_score(x.data() + first * d, d, w, b)));
        }
        EXPECT_EQ(simd::count_violations_f64(x.data(), y.data(), rows, d, w.data(), b, tau, SIZE_MAX, level),
                  expected_count);
        EXPECT_EQ(simd::count_violations_f64(x.data(), y.data(), rows, d, w.data(), b, tau, 3, level),
                  std::min<std::size_t>(expected_count, 3));
        EXPECT_EQ(simd::count_violations_f64(x.data(), y.data(), rows, d, w.data(), b, tau, 0, level), 0u);
      }
    }
  }
}

// Rows of awkward values with a weight vector and bias, the reference score of every row,
// and labels that every row meets (a zero score is a mistake whatever the label).
struct ScanSet {
  std::vector<double> x, w;
  double b = 0.0;
  std::vector<double> ref;
  std::vector<int> clean;
  ScanSet(Rng& rng, std::size_t rows, std::size_t d)
      : x(awkward_values(rng, rows * d)), w(awkward_values(rng, d)), b(rng.uniform(-1.0, 1.0)), ref(rows),
        clean(rows) {
    for (std::size_t i = 0; i < rows; ++i) ref[i] = reference_score(x.data() + i * d, d, w, b);
    for (std::size_t i = 0; i < rows; ++i) clean[i] = ref[i] < 0 ? -1 : 1;
  }
};

// Long scans (wasm SIMD128 loads ahead inside the rows of a call): one mistake at every
// position from row 1000 to 2600, and several mistakes at once; the earliest row must win
// on every level, with its exact score, with the rows at a 16-byte boundary and 8 bytes
// past one.
TEST(Simd, Float64LongScansFindTheEarliestOfSeveralMistakes) {
  Rng rng(33);
  for (std::size_t d : {std::size_t{1}, std::size_t{3}, std::size_t{32}, std::size_t{33}}) {
    const std::size_t rows = 6151;
    const ScanSet set(rng, rows, d);
    const auto& [x, w, b, ref, clean] = set;
    // The rows at a 16-byte boundary and 8 bytes past one (wasm's malloc gives either).
    std::vector<double> store(2 * rows * d + 4);
    double* const at16 = store.data() + (reinterpret_cast<std::uintptr_t>(store.data()) % 16 == 0 ? 0 : 1);
    double* const at8 = at16 + (rows * d + 2) / 2 * 2 + 1;
    std::copy(x.begin(), x.end(), at16);
    std::copy(x.begin(), x.end(), at8);
    std::vector<std::vector<std::size_t>> cases;
    for (std::size_t p = 1000; p < 2600; p += d == 1 ? 1 : 7) cases.push_back({p});
    for (int t = 0; t < 300; ++t) {
      std::vector<std::size_t> c;
      const int m = 1 + static_cast<int>(rng.uniform(0.0, 3.0));
      for (int q = 0; q < m; ++q) c.push_back(static_cast<std::size_t>(rng.uniform(0.0, static_cast<double>(rows))));
      cases.push_back(c);
    }
    for (simd::Level level : simd::levels()) {
      for (const auto& c : cases) {
        std::vector<int> y = clean;
        for (std::size_t p : c) y[p] = -clean[p];
        std::size_t expected = rows;
        for (std::size_t p : c) expected = std::min(expected, p);
        for (const double* base : {at16, at8}) {
          for (std::size_t start : {std::size_t{0}, std::size_t{5}}) {
            if (start > expected) continue;
            double s = 0.0;
            const std::size_t k = simd::first_violation_f64(base + start * d, y.data() + start, rows - start, d,
                                                            w.data(), b, 0.0, &s, level);
            ASSERT_EQ(start + k, expected) << simd::to_string(level) << " d=" << d << " first mistake " << expected
                                           << " of " << c.size() << ", start " << start
                                           << (base == at8 ? ", rows 8 bytes past 16" : "");
            if (expected < rows) {
              ASSERT_EQ(bits(s), bits(ref[expected])) << simd::to_string(level) << " d=" << d;
            }
          }
        }
      }
    }
  }
}

// The blocked scans (4 rows at a time with SSE2 and AVX2, 8 with AVX-512 and wasm SIMD128,
// with loads ahead on long enough data) on the awkward shapes: row lengths around the
// vector widths, row counts that are not a multiple of a block (long enough for the loads
// ahead in wasm), calls starting anywhere (as the perceptron calls them after a mistake),
// and one mistake put at every position of the first blocks and of the last rows.
TEST(Simd, Float64BlockedScansFindEveryMistakePosition) {
  Rng rng(21);
  for (std::size_t d : {std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{7}, std::size_t{31},
                        std::size_t{32}, std::size_t{33}, std::size_t{256}}) {
    for (std::size_t rows : {std::size_t{1}, std::size_t{5}, std::size_t{9}, std::size_t{37}, std::size_t{71},
                             std::size_t{263}, std::size_t{1201}, std::size_t{2053}}) {
      if (rows * d > 300000) continue;
      const ScanSet set(rng, rows, d);
      const auto& [x, w, b, ref, clean] = set;
      auto first_from = [&](const std::vector<int>& y, std::size_t start) {
        for (std::size_t i = start; i < rows; ++i)
          if (y[i] * set.ref[i] <= 0.0) return i - start;
        return rows - start;
      };
      std::vector<std::size_t> positions;
      for (std::size_t p = 0; p < rows && p < 40; ++p) positions.push_back(p);
      for (std::size_t p = rows > 20 ? rows - 20 : 40; p < rows; ++p)
        if (p >= 40) positions.push_back(p);
      for (simd::Level level : simd::levels()) {
        std::vector<double> got(rows);
        simd::scores_f64(x.data(), rows, d, w.data(), b, got.data(), level);
        for (std::size_t i = 0; i < rows; ++i)
          ASSERT_EQ(bits(got[i]), bits(ref[i])) << simd::to_string(level) << " d=" << d << " row " << i << "/" << rows;
        for (std::size_t p : positions) {
          std::vector<int> y = clean;
          y[p] = -y[p];
          for (std::size_t start : {std::size_t{0}, std::size_t{1}, std::size_t{3}, p}) {
            if (start > p) continue;
            double s = 0.0;
            const std::size_t k = simd::first_violation_f64(x.data() + start * d, y.data() + start, rows - start, d,
                                                            w.data(), b, 0.0, &s, level);
            const std::size_t expected = first_from(y, start);
            ASSERT_EQ(k, expected) << simd::to_string(level) << " d=" << d << " rows=" << rows << " mistake at " << p
                                   << " start " << start;
            ASSERT_EQ(bits(s), bits(ref[start + k])) << simd::to_string(level) << " d=" << d << " row " << start + k;
          }
        }
        // No mistake at all: the whole range is scanned.
        double s = 0.0;
        const std::size_t none = first_from(clean, 0);
        EXPECT_EQ(simd::first_violation_f64(x.data(), clean.data(), rows, d, w.data(), b, 0.0, &s, level), none)
            << simd::to_string(level) << " d=" << d << " rows=" << rows;
      }
    }
  }
}

// The scan with a bound on |x| finds the row and score of the index-order loop: on awkward
// values (magnitudes 2^-30 to 2^30, so the bound is wide and many rows are scored in order),
// on rows put on the plane (their last value chosen so that the score is a few ulps from 0,
// where the two summation orders disagree), with thresholds 0 and 0.5, rows at a 16-byte
// boundary and 8 bytes past one, calls starting anywhere, and the bound exact, loose,
// unknown (inf) or NaN.
TEST(Simd, BoundedScanFindsTheRowAndScoreOfTheIndexOrderLoop) {
  Rng rng(71);
  for (std::size_t d : {std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{7}, std::size_t{8}, std::size_t{9},
                        std::size_t{16}, std::size_t{33}, std::size_t{256}}) {
    const std::size_t rows = 400;
    for (int kind = 0; kind < 2; ++kind) {
      std::vector<double> x(rows * d), w(d);
      if (kind == 0) {
        x = awkward_values(rng, rows * d);
        w = awkward_values(rng, d);
      } else {
        for (double& v : x) v = rng.uniform(-1.0, 1.0);
        for (double& v : w) v = rng.uniform(0.5, 1.0) * (rng.below(2) ? 1 : -1);
      }
      const double b = kind == 0 ? 0.25 : 0.0;
      if (kind == 1 && d > 1) {
        // On the plane: the last value cancels the others' sum (up to its rounding).
        for (std::size_t i = 0; i < rows; i += 2) {
          double* r = x.data() + i * d;
          double partial = 0.0;
          for (std::size_t j = 0; j + 1 < d; ++j) partial += w[j] * r[j];
          r[d - 1] = -partial / w[d - 1];
        }
      }
      double xmax = 0.0;
      for (double v : x) xmax = std::max(xmax, std::fabs(v));
      EXPECT_EQ(bits(simd::max_abs_f64(x.data(), x.size())), bits(xmax));
      std::vector<double> ref(rows);
      for (std::size_t i = 0; i < rows; ++i) ref[i] = reference_score(x.data() + i * d, d, w, b);
      std::vector<double> store(rows * d + 2);
      double* const at8 = store.data() + (reinterpret_cast<std::uintptr_t>(store.data()) % 16 == 0 ? 1 : 0);
      std::copy(x.begin(), x.end(), at8);
      for (double tau : {0.0, 0.5}) {
        // Labels that every row meets, except that every other row on the plane is a mistake
        // by a few ulps, and scores within tau (or 0) are mistakes too.
        std::vector<int> y(rows);
        for (std::size_t i = 0; i < rows; ++i) y[i] = ref[i] < 0 ? -1 : 1;
        if (kind == 1 && d > 1)
          for (std::size_t i = 0; i < rows; i += 4) y[i] = -y[i];
        std::vector<std::size_t> mistakes;
        for (std::size_t i = 0; i < rows; ++i)
          if (y[i] * ref[i] <= tau) mistakes.push_back(i);
        if (kind == 1 && d > 1) {
          ASSERT_GT(mistakes.size(), rows / 8) << "the rows on the plane must give mistakes, d=" << d;
        }
        for (simd::Level level : simd::levels()) {
          for (double bound : {xmax, 10 * xmax, std::numeric_limits<double>::infinity(),
                               std::numeric_limits<double>::quiet_NaN()}) {
            for (const double* base : {static_cast<const double*>(x.data()), static_cast<const double*>(at8)}) {
              // Walk the scan from mistake to mistake, as the perceptron would without updating.
              std::size_t start = 0, found = 0;
              while (start < rows) {
                double s = 0.0;
                const std::size_t k = simd::first_violation_f64_bounded(base + start * d, y.data() + start,
                                                                        rows - start, d, w.data(), b, tau, bound, &s,
                                                                        level);
                const std::size_t at = start + k;
                const std::size_t expected = found < mistakes.size() ? mistakes[found] : rows;
                ASSERT_EQ(at, expected) << simd::to_string(level) << " d=" << d << " kind " << kind << " tau " << tau
                                        << " bound " << bound << (base == at8 ? " (8 past 16)" : "");
                if (at == rows) break;
                ASSERT_EQ(bits(s), bits(ref[at])) << simd::to_string(level) << " d=" << d << " row " << at;
                ++found;
                start = at + 1;
              }
            }
          }
        }
      }
    }
  }
}

// The bound is what keeps the loose order honest. Rows holding 1, 2^-53, 2^-53 and -1 in
// every arrangement over 8 columns (w = 1, b = 0, label +1) score 0 or 2^-52 depending on
// the order of the additions. With the true bound (1) the scan finds the rows that the
// index-order loop finds; with a false bound of 0, a level that uses the bound must miss or
// invent some mistakes (its faster order decides them), and a level that does not, none.
TEST(Simd, BoundedScanIsExactOnlyWithATrueBound) {
  const std::size_t d = 8;
  const double tiny = std::ldexp(1.0, -53);
  std::vector<double> x;
  for (std::size_t p = 0; p < d; ++p)
    for (std::size_t q = 0; q < d; ++q)
      for (std::size_t r = 0; r < d; ++r)
        for (std::size_t s = 0; s < d; ++s) {
          if (p == q || p == r || p == s || q == r || q == s || r == s) continue;
          std::vector<double> row(d, 0.0);
          row[p] = 1.0, row[q] = tiny, row[r] = tiny, row[s] = -1.0;
          x.insert(x.end(), row.begin(), row.end());
        }
  const std::size_t rows = x.size() / d;
  const std::vector<double> w(d, 1.0);
  const std::vector<int> y(rows, 1);
  std::vector<int> expected(rows);
  std::size_t zeros = 0;
  for (std::size_t i = 0; i < rows; ++i) {
    expected[i] = reference_score(x.data() + i * d, d, w, 0.0) <= 0.0;
    zeros += static_cast<std::size_t>(expected[i]);
  }
  ASSERT_GT(zeros, 0u);
  ASSERT_LT(zeros, rows);
  auto mistakes_with = [&](double bound, simd::Level level) {
    std::vector<int> got(rows, 0);
    std::size_t start = 0;
    while (start < rows) {
      double s = 0.0;
      const std::size_t at =
          start + simd::first_violation_f64_bounded(x.data() + start * d, y.data() + start, rows - start, d,
                                                    w.data(), 0.0, 0.0, bound, &s, level);
      if (at == rows) break;
      got[at] = 1;
      start = at + 1;
    }
    return got;
  };
  for (simd::Level level : simd::levels()) {
    EXPECT_EQ(mistakes_with(1.0, level), expected) << simd::to_string(level);
    if (simd::bounded_scan_uses_xmax(level)) {
      EXPECT_NE(mistakes_with(0.0, level), expected) << simd::to_string(level);
    } else {
      EXPECT_EQ(mistakes_with(0.0, level), expected) << simd::to_string(level);
    }
  }
}

TEST(Simd, MaxAbsSkipsNaNAndKeepsInfinity) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  const std::vector<double> v = {-0.5, nan, 3.25, -7.0, 0.0};
  EXPECT_EQ(simd::max_abs_f64(v.data(), v.size()), 7.0);
  EXPECT_EQ(simd::max_abs_f64(v.data(), 3), 3.25);
  EXPECT_EQ(simd::max_abs_f64(v.data(), 0), 0.0);
  const std::vector<double> u = {1.0, -inf, nan};
  EXPECT_EQ(simd::max_abs_f64(u.data(), u.size()), inf);
}

TEST(Simd, UpdatesAreElementWiseAndReportOverflow) {
  Rng rng(14);
  // Element-wise, so the same code at every level: a few rounds of awkward values.
  for (int round = 0; round < 4; ++round) {
    const std::size_t d = 37;
    const std::vector<double> x = awkward_values(rng, d);
    std::vector<double> w = awkward_values(rng, d), expected = w;
    for (std::size_t j = 0; j < d; ++j) expected[j] += -0.3 * x[j];
    EXPECT_TRUE(simd::add_scaled_f64(w.data(), -0.3, x.data(), d));
    for (std::size_t j = 0; j < d; ++j) ASSERT_EQ(bits(w[j]), bits(expected[j]));
    std::vector<double> big(d, 1e308);
    EXPECT_FALSE(simd::add_scaled_f64(big.data(), 10.0, big.data(), d));

    std::vector<float> xf(x.begin(), x.end());
    std::vector<double> w64(d, 0.5);
    std::vector<float> w32(d);
    EXPECT_TRUE(simd::add_scaled_f32(w64.data(), w32.data(), 2.0, xf.data(), d));
    for (std::size_t j = 0; j < d; ++j) {
      ASSERT_EQ(bits(w64[j]), bits(0.5 + 2.0 * static_cast<double>(xf[j])));
      ASSERT_EQ(w32[j], static_cast<float>(w64[j]));
    }
    // A weight beyond the float range overflows the float copy: that is a divergence too.
    std::vector<double> near(d, 3e38);
    std::vector<float> one(d, 1.0f);
    EXPECT_FALSE(simd::add_scaled_f32(near.data(), w32.data(), 3e38, one.data(), d));  // 6e38 > FLT_MAX
  }
}

// ---------------------------------------------------------------- FastPerceptron against the reference learners

struct Case {
  const char* kind;
  int d;
  double margin, noise, eta, tau;
  Init init;
};

Dataset make(const Case& c, std::size_t n, std::uint64_t seed) {
  GenSpec spec;
  spec.kind = c.kind;
  spec.n = n;
  spec.d = c.d;
  spec.margin = c.margin;
  spec.noise = c.noise;
  spec.seed = seed;
  Dataset ds;
  EXPECT_TRUE(generate(spec, ds).ok);
  return ds;
}

void expect_same(const TrainResult& a, const TrainResult& b, const std::string& what) {
  ASSERT_EQ(a.w.size(), b.w.size()) << what;
  for (std::size_t j = 0; j < a.w.size(); ++j) ASSERT_EQ(bits(a.w[j]), bits(b.w[j])) << what << " w[" << j << "]";
  EXPECT_EQ(bits(a.b), bits(b.b)) << what;
  EXPECT_EQ(a.epochs, b.epochs) << what;
  EXPECT_EQ(a.updates, b.updates) << what;
  EXPECT_EQ(a.steps, b.steps) << what;
  EXPECT_EQ(a.converged, b.converged) << what;
  EXPECT_EQ(a.stop_reason, b.stop_reason) << what;
  EXPECT_EQ(a.train_mistakes, b.train_mistakes) << what;
  EXPECT_EQ(a.mistakes_per_epoch, b.mistakes_per_epoch) << what;
  EXPECT_EQ(a.message.code, b.message.code) << what;
  EXPECT_EQ(a.message.args, b.message.args) << what;
}

TEST(FastPerceptron, Float64EqualsPlaTrainBitForBitUnderEveryStopRule) {
  const Case cases[] = {
      {"separable", 2, 0.05, 0.0, 1.0, 0.0, Init::Zero},   {"separable", 7, 0.02, 0.0, 0.37, 0.0, Init::Random},
      {"noisy", 5, 0.0, 0.1, 0.25, 0.0, Init::Zero},       {"separable", 33, 0.01, 0.0, 1.0, 0.0, Init::Zero},
      {"blobs", 3, 0.0, 0.4, 0.1, 0.5, Init::Random},      {"xor", 2, 0.0, 0.1, 1.0, 0.0, Init::Zero},
      {"separable", 4, 0.1, 0.0, 2.0, 0.3, Init::Zero},
  };
  StopRules rule_sets[5];
  rule_sets[0].max_epochs = 1000;
  rule_sets[1].max_epochs = 3;
  rule_sets[2].max_epochs = 0;
  rule_sets[2].max_updates = 17;
  rule_sets[3].max_epochs = 50;
  rule_sets[3].max_updates = 40;
  rule_sets[4].max_epochs = 1;
  for (simd::Level level : simd::levels()) {
    int case_no = 0;
    for (const Case& c : cases) {
      ++case_no;
      const Dataset ds = make(c, 203, 100 + static_cast<std::uint64_t>(case_no));
      for (const char* algo : {"classic", "margin"}) {
        if (std::string(algo) == "classic" && c.tau > 0) continue;
        LearnerConfig cfg;
        ASSERT_TRUE(parse_algo(algo, cfg.algo));
        cfg.pla.eta = c.eta;
        cfg.pla.tau = c.tau;
        cfg.pla.init = c.init;
        cfg.pla.seed = 9;
        for (const StopRules& rules : rule_sets) {
          std::unique_ptr<Learner> learner;
          ASSERT_TRUE(make_learner(cfg, learner).ok);
          ASSERT_TRUE(learner->reset(ds).ok);
          TrainResult expected, got;
          ASSERT_TRUE(train(*learner, ds, rules, expected).ok);
          const Status st = fast_train(ds, cfg, rules, got, level);
          ASSERT_TRUE(st.ok) << st.error;
          expect_same(got, expected,
                      std::string(simd::to_string(level)) + " case " + std::to_string(case_no) + " " + algo +
                          " max_epochs=" + std::to_string(rules.max_epochs) +
                          " max_updates=" + std::to_string(rules.max_updates));
        }
      }
    }
  }
}

TEST(FastPerceptron, StopsOnTheUpdateThatEndsAnEpochLikePlaTrain) {
  // max_updates reached by an update on the last point: the epoch counts as completed.
  Dataset ds;  // the textbook set: the second update is on the last point
  ds.d = 2;
  ASSERT_TRUE(ds.add({3, 3}, 1).ok);
  ASSERT_TRUE(ds.add({4, 3}, 1).ok);
  ASSERT_TRUE(ds.add({1, 1}, -1).ok);
  PerceptronConfig pc;
  Perceptron ref;
  ref.reset(ds, pc);
  std::uint64_t limit = 0;
  for (int s = 0; s < 100000 && limit == 0 && !ref.converged(); ++s) {
    const StepInfo info = ref.step(ds);
    if (info.mistake && info.index + 1 == ds.size()) limit = ref.updates();
  }
  ASSERT_GT(limit, 0u) << "no update on the last point in this data";
  LearnerConfig cfg;
  StopRules rules;
  rules.max_updates = limit;
  std::unique_ptr<Learner> learner;
  ASSERT_TRUE(make_learner(cfg, learner).ok);
  ASSERT_TRUE(learner->reset(ds).ok);
  TrainResult expected, got;
  ASSERT_TRUE(train(*learner, ds, rules, expected).ok);
  ASSERT_TRUE(fast_train(ds, cfg, rules, got).ok);
  expect_same(got, expected, "limit on the last point");
  EXPECT_EQ(got.stop_reason, StopReason::MaxUpdates);
  EXPECT_EQ(got.mistakes_per_epoch.size(), got.epochs);
}

TEST(FastPerceptron, DivergenceStopsAsInPlaTrain) {
  Dataset ds;
  ds.d = 2;
  ASSERT_TRUE(ds.add({1e300, -1e300}, 1).ok);
  ASSERT_TRUE(ds.add({-1e300, 1e300}, 1).ok);
  ASSERT_TRUE(ds.add({1e300, 1e300}, -1).ok);
  LearnerConfig cfg;
  cfg.pla.eta = 1e300;
  StopRules rules;
  std::unique_ptr<Learner> learner;
  ASSERT_TRUE(make_learner(cfg, learner).ok);
  ASSERT_TRUE(learner->reset(ds).ok);
  TrainResult expected, got;
  ASSERT_TRUE(train(*learner, ds, rules, expected).ok);
  ASSERT_TRUE(fast_train(ds, cfg, rules, got).ok);
  ASSERT_EQ(expected.stop_reason, StopReason::Diverged);
  EXPECT_EQ(got.stop_reason, StopReason::Diverged);
  EXPECT_EQ(got.steps, expected.steps);
  EXPECT_EQ(got.updates, expected.updates);
  EXPECT_EQ(got.epochs, expected.epochs);
  EXPECT_EQ(got.message.code, Msg::stop_diverged);
  EXPECT_EQ(got.message.code, expected.message.code);
  EXPECT_EQ(got.message.args, expected.message.args);
}

TEST(FastPerceptron, RefusesWhatItCannotRun) {
  Dataset ds = make({"separable", 2, 0.1, 0.0, 1.0, 0.0, Init::Zero}, 20, 1);
  TrainResult r;
  StopRules rules;
  LearnerConfig cfg;
  cfg.algo = Algo::Pocket;
  EXPECT_TRUE(failed_with(fast_train(ds, cfg, rules, r), Msg::fast_path_algo, {{"algo", "pocket"}, {"algos", "classic, margin"}}));
  cfg.algo = Algo::Classic;
  cfg.pla.order = Order::Shuffle;
  EXPECT_TRUE(failed_with(fast_train(ds, cfg, rules, r), Msg::fast_path_order, {{"order", "shuffle"}}));
  cfg.pla.order = Order::Cyclic;
  cfg.pla.restart = true;
  EXPECT_TRUE(failed_with(fast_train(ds, cfg, rules, r), Msg::fast_path_restart));
  cfg.pla.restart = false;
  cfg.pla.eta = -1;
  EXPECT_TRUE(failed_with(fast_train(ds, cfg, rules, r), Msg::learner_eta));
  cfg.pla.eta = 1;
  rules.max_epochs = 0;
  EXPECT_TRUE(failed_with(fast_train(ds, cfg, rules, r), Msg::train_no_stop_rule));
  Dataset empty;
  rules.max_epochs = 5;
  EXPECT_TRUE(failed_with(fast_train(empty, cfg, rules, r), Msg::train_empty));
  // The FastPerceptron's own checks.
  FastPerceptron p;
  PerceptronConfig pc;
  EXPECT_TRUE(failed_with(p.reset(0, pc, DType::Float64), Msg::fast_bad_d));
  pc.tau = -1;
  EXPECT_TRUE(failed_with(p.reset(2, pc, DType::Float64), Msg::learner_tau));
  pc.tau = 0;
  pc.order = Order::Random;
  EXPECT_TRUE(failed_with(p.reset(2, pc, DType::Float64), Msg::fast_order, {{"order", "random"}}));
  pc.order = Order::Cyclic;
  pc.restart = true;
  EXPECT_TRUE(failed_with(p.reset(2, pc, DType::Float64), Msg::fast_restart));
  Dataset ragged = ds;
  ragged.x.pop_back();
  EXPECT_TRUE(failed_with(fast_train(ragged, cfg, rules, r), Msg::fast_malformed));
}

// A float32 run written out step by step from the contract in fast_pla.hpp.
struct Float32Reference {
  std::vector<double> w;
  std::vector<float> w32;
  double b = 0;
  std::uint64_t updates = 0, epochs = 0;
  bool converged = false;

  void run(const DatasetF32& ds, double eta, int max_epochs) {
    const auto d = static_cast<std::size_t>(ds.d);
    w.assign(d, 0.0);
    w32.assign(d, 0.0f);
    for (int e = 0; e < max_epochs && !converged; ++e) {
      std::uint64_t mistakes = 0;
      for (std::size_t i = 0; i < ds.size(); ++i) {
        const double s = reference_score_f32(ds.row(i), d, w32.data(), b);
        if (ds.y[i] * s <= 0.0) {
          const double c = eta * ds.y[i];
          for (std::size_t j = 0; j < d; ++j) {
            w[j] = w[j] + c * static_cast<double>(ds.row(i)[j]);
            w32[j] = static_cast<float>(w[j]);
          }
          b += c;
          ++updates;
          ++mistakes;
        }
      }
      ++epochs;
      converged = mistakes == 0;
    }
  }
};

TEST(FastPerceptron, Float32FollowsItsContractAtEveryLevel) {
  const Dataset ds = make({"noisy", 19, 0.0, 0.05, 0.5, 0.0, Init::Zero}, 301, 77);
  DatasetF32 f;
  ASSERT_TRUE(to_float32(ds, f).ok);
  for (std::size_t k = 0; k < ds.x.size(); ++k) ASSERT_EQ(f.x[k], static_cast<float>(ds.x[k]));
  Float32Reference ref;
  ref.run(f, 0.5, 7);
  for (simd::Level level : simd::levels()) {
    LearnerConfig cfg;
    cfg.pla.eta = 0.5;
    StopRules rules;
    rules.max_epochs = 7;
    TrainResult r;
    ASSERT_TRUE(fast_train(f, cfg, rules, r, level).ok);
    EXPECT_EQ(r.updates, ref.updates) << simd::to_string(level);
    EXPECT_EQ(r.epochs, ref.epochs);
    for (std::size_t j = 0; j < r.w.size(); ++j) ASSERT_EQ(bits(r.w[j]), bits(ref.w[j])) << simd::to_string(level);
    EXPECT_EQ(bits(r.b), bits(ref.b));
  }
}

TEST(FastPerceptron, Float32AgreesWithFloat64WhenTheMarginIsWide) {
  // The documented expectation: with a margin far above float rounding both runs make
  // the same mistakes, so the same updates and epochs, and w differs in low bits only.
  const Dataset ds = make({"separable", 32, 0.05, 0.0, 1.0, 0.0, Init::Zero}, 2000, 3);
  DatasetF32 f;
  ASSERT_TRUE(to_float32(ds, f).ok);
  LearnerConfig cfg;
  StopRules rules;
  TrainResult r64, r32;
  ASSERT_TRUE(fast_train(ds, cfg, rules, r64).ok);
  ASSERT_TRUE(fast_train(f, cfg, rules, r32).ok);
  ASSERT_TRUE(r64.converged);
  EXPECT_TRUE(r32.converged);
  EXPECT_EQ(r32.updates, r64.updates);
  EXPECT_EQ(r32.epochs, r64.epochs);
  EXPECT_EQ(r32.mistakes_per_epoch, r64.mistakes_per_epoch);
  double norm = 0;
  for (double v : r64.w) norm += v * v;
  norm = std::sqrt(norm);
  for (std::size_t j = 0; j < r64.w.size(); ++j) EXPECT_NEAR(r32.w[j], r64.w[j], 1e-5 * norm);
  EXPECT_EQ(r32.train_mistakes, 0u);
}

TEST(FastPerceptron, SlicedVisitsEqualOneVisitAndKnownWeightsStartClean) {
  const Dataset ds = make({"separable", 6, 0.02, 0.0, 1.0, 0.0, Init::Zero}, 500, 8);
  PerceptronConfig pc;
  FastPerceptron whole, sliced;
  ASSERT_TRUE(whole.reset(ds.d, pc, DType::Float64).ok);
  ASSERT_TRUE(sliced.reset(ds.d, pc, DType::Float64).ok);
  const auto d = static_cast<std::size_t>(ds.d);
  for (int e = 0; e < 4; ++e) {
    ASSERT_EQ(whole.visit(ds.x.data(), ds.y.data(), ds.size()), ds.size());
    whole.end_epoch();
    for (std::size_t pos = 0; pos < ds.size();) {
      const std::size_t m = std::min<std::size_t>(37, ds.size() - pos);
      ASSERT_EQ(sliced.visit(ds.x.data() + pos * d, ds.y.data() + pos, m), m);
      pos += m;
    }
    sliced.end_epoch();
  }
  EXPECT_EQ(sliced.w(), whole.w());
  EXPECT_EQ(sliced.b(), whole.b());
  EXPECT_EQ(sliced.mistakes_per_epoch(), whole.mistakes_per_epoch());
  // A float32 visit of float64 rows visits nothing.
  FastPerceptron f32;
  ASSERT_TRUE(f32.reset(ds.d, pc, DType::Float32).ok);
  EXPECT_EQ(f32.visit(ds.x.data(), ds.y.data(), ds.size()), 0u);
  // Started at a separating plane, an epoch makes no update.
  GenTruth truth;
  GenSpec spec;
  spec.kind = "separable";
  spec.n = 300;
  spec.d = 6;
  spec.margin = 0.02;
  Dataset sep;
  ASSERT_TRUE(generate(spec, sep, &truth).ok);
  FastPerceptron warm;
  ASSERT_TRUE(warm.reset(sep.d, pc, DType::Float64).ok);
  warm.set_weights(truth.w, truth.b);
  EXPECT_EQ(warm.visit(sep.x.data(), sep.y.data(), sep.size()), sep.size());
  warm.end_epoch();
  EXPECT_EQ(warm.updates(), 0u);
  EXPECT_TRUE(warm.converged());
}

TEST(FastPerceptron, Float32ConversionRefusesOverflow) {
  Dataset ds;
  ds.d = 2;
  ASSERT_TRUE(ds.add({1.0, 2.0}, 1).ok);
  ASSERT_TRUE(ds.add({1e39, 2.0}, -1).ok);
  DatasetF32 f;
  f.d = 7;
  const Status st = to_float32(ds, f);
  EXPECT_TRUE(failed_with(st, Msg::fast_float32_range, {{"point", "2"}, {"coordinate", "1"}}));
  EXPECT_EQ(f.d, 7);  // unchanged
  DType t;
  EXPECT_TRUE(parse_dtype("float32", t) && t == DType::Float32);
  EXPECT_TRUE(parse_dtype("float64", t) && t == DType::Float64);
  EXPECT_FALSE(parse_dtype("float16", t));
}

}  // namespace
}  // namespace pla::simd_test
