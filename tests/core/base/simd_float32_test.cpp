// The float32 kernels (simd.hpp) against a straightforward float32 implementation of the
// documented 8-lane order: the scores, and the scans for the first mistake wherever it is (4
// rows a block for short rows natively, one row at a time for long ones), bit for bit, at
// every SIMD level this machine and build support.
#include <gtest/gtest.h>

#include <cstddef>
#include <vector>

#include "core/base/rng.hpp"
#include "core/base/simd.hpp"
#include "simd_values.hpp"
#include "test_files.hpp"

namespace pla::simd_test {
namespace {

using test::bits;

TEST(Simd, Float32ScoresFollowTheEightLaneOrderAtEveryLevel) {
  Rng rng(13);
  for (simd::Level level : simd::levels()) {
    for (std::size_t d : kDims) {
      const std::size_t rows = 11;
      const std::vector<double> xd = awkward_values(rng, rows * d), wd = awkward_values(rng, d);
      std::vector<float> x(xd.begin(), xd.end()), w(wd.begin(), wd.end());
      const double b = -0.75;
      std::vector<double> got(rows);
      simd::scores_f32(x.data(), rows, d, w.data(), b, got.data(), level);
      for (std::size_t i = 0; i < rows; ++i) {
        const double expected = reference_score_f32(x.data() + i * d, d, w.data(), b);
        ASSERT_EQ(bits(got[i]), bits(expected)) << simd::to_string(level) << " d=" << d << " row " << i;
        ASSERT_EQ(bits(static_cast<double>(simd::dot_f32(w.data(), x.data() + i * d, d, level)) + b), bits(expected));
      }
    }
  }
}

// The float32 scans (4 rows a block for short rows, one row at a time for long ones) find
// the first mistake wherever it is, with the score of the 8-lane order, bit for bit, at
// every level, calls starting anywhere.
TEST(Simd, Float32ScansFindEveryMistakePosition) {
  Rng rng(22);
  for (std::size_t d : {std::size_t{1}, std::size_t{3}, std::size_t{8}, std::size_t{9}, std::size_t{31},
                        std::size_t{32}, std::size_t{33}, std::size_t{256}}) {
    for (std::size_t rows : {std::size_t{1}, std::size_t{3}, std::size_t{4}, std::size_t{5}, std::size_t{13},
                             std::size_t{71}}) {
      const std::vector<double> xd = awkward_values(rng, rows * d), wd = awkward_values(rng, d);
      const std::vector<float> x(xd.begin(), xd.end()), w(wd.begin(), wd.end());
      const double b = 0.25;
      std::vector<double> ref(rows);
      std::vector<int> clean(rows);
      for (std::size_t i = 0; i < rows; ++i) {
        ref[i] = reference_score_f32(x.data() + i * d, d, w.data(), b);
        clean[i] = ref[i] > 0.0 ? 1 : -1;  // no mistake unless a score is 0 or NaN
      }
      auto first_from = [&](const std::vector<int>& y, std::size_t start) {
        for (std::size_t i = start; i < rows; ++i)
          if (y[i] * ref[i] <= 0.0) return i - start;
        return rows - start;
      };
      for (simd::Level level : simd::levels()) {
        for (std::size_t p = 0; p < rows; ++p) {
          std::vector<int> y = clean;
          y[p] = -y[p];
          for (std::size_t start : {std::size_t{0}, std::size_t{1}, std::size_t{2}, p}) {
            if (start > p) continue;
            double s = 0.0;
            const std::size_t k = simd::first_violation_f32(x.data() + start * d, y.data() + start, rows - start, d,
                                                            w.data(), b, 0.0, &s, level);
            const std::size_t expected = first_from(y, start);
            ASSERT_EQ(k, expected) << simd::to_string(level) << " d=" << d << " rows=" << rows << " mistake at " << p
                                   << " start " << start;
            if (start + k < rows) {
              ASSERT_EQ(bits(s), bits(ref[start + k])) << simd::to_string(level) << " d=" << d;
            }
          }
        }
        std::size_t mistakes = 0;
        for (std::size_t i = 0; i < rows; ++i) mistakes += clean[i] * ref[i] <= 0.0;
        EXPECT_EQ(simd::count_violations_f32(x.data(), clean.data(), rows, d, w.data(), b, 0.0, rows, level), mistakes)
            << simd::to_string(level) << " d=" << d;
      }
    }
  }
}

}  // namespace
}  // namespace pla::simd_test
