// The interface's small shared pieces, without a frame: the number formatter
// (format.hpp), the palettes (theme.hpp) and the geometry of plotted series
// (series_polylines in plot.hpp).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "app/format.hpp"
#include "app/plot.hpp"
#include "app/theme.hpp"

namespace pla::app::plot_test {
namespace {

const std::string kMinus = "\xE2\x88\x92";  // U+2212

TEST(Format, SignificantDigitsAndATrueMinus) {
  EXPECT_EQ(fmt_num(0.0), "0");
  EXPECT_EQ(fmt_num(-0.0), "0");  // never "-0"
  EXPECT_EQ(fmt_num(1.5), "1.5");
  EXPECT_EQ(fmt_num(-2.0), kMinus + "2");
  EXPECT_EQ(fmt_num(0.1 + 0.2), "0.3");
  EXPECT_EQ(fmt_num(1234.5678), "1235");
  EXPECT_EQ(fmt_num(1234.5678, 6), "1234.57");
  EXPECT_EQ(fmt_num(-0.25, 1), kMinus + "0.2");
  EXPECT_EQ(fmt_num(2e6), "2e6");
  EXPECT_EQ(fmt_num(12346.0), "1.235e4");
  EXPECT_EQ(fmt_num(1.5e-5), "1.5e" + kMinus + "5");
  EXPECT_EQ(fmt_num(-1e-300), kMinus + "1e" + kMinus + "300");
  EXPECT_EQ(fmt_num(1e100), "1e100");
  EXPECT_EQ(fmt_num(std::numeric_limits<double>::quiet_NaN()), "nan");
  EXPECT_EQ(fmt_num(std::numeric_limits<double>::infinity()), "inf");
  EXPECT_EQ(fmt_num(-std::numeric_limits<double>::infinity()), kMinus + "inf");
  EXPECT_EQ(fmt_num(0.001, 0), "0.001");  // sig is clamped to 1..17
  EXPECT_EQ(fmt_num(1.0 / 3.0, 40), "0.33333333333333331");
  // No ASCII hyphen-minus ever, whatever the value.
  for (double v : {-1.0, -1e-5, -123456789.0, -4.9e-324, -1.7976931348623157e308})
    EXPECT_EQ(fmt_num(v).find('-'), std::string::npos) << v;
}

TEST(Format, VectorsAndLabels) {
  EXPECT_EQ(fmt_vec({}), "()");
  EXPECT_EQ(fmt_vec({1.0, -2.5, 0.0}), "(1, " + kMinus + "2.5, 0)");
  EXPECT_EQ(fmt_vec({1.0 / 3.0}, 2), "(0.33)");
  EXPECT_EQ(fmt_vec(std::vector<double>(9, 1.0)), "(1, 1, 1, 1, 1, 1, 1, 1, ...)");
  EXPECT_EQ(fmt_vec({1.0, 2.0, 3.0}, 4, 2), "(1, 2, ...)");
  EXPECT_EQ(fmt_label(1), "+1");
  EXPECT_EQ(fmt_label(-1), kMinus + "1");
}

TEST(Palette, ThemesShareTheClassColoursAndDifferInTheBackground) {
  const Palette& light = palette(Theme::Light);
  const Palette& dark = palette(Theme::Dark);
  EXPECT_EQ(light.pos, IM_COL32(0, 114, 178, 255));  // Okabe-Ito blue
  EXPECT_EQ(light.neg, IM_COL32(230, 159, 0, 255));  // Okabe-Ito orange
  EXPECT_EQ(dark.pos, light.pos);
  EXPECT_EQ(dark.neg, light.neg);
  for (int i = 0; i < 7; ++i) EXPECT_EQ(dark.series[i], light.series[i]) << i;
  EXPECT_NE(dark.series[7], light.series[7]);  // black would vanish on the dark plots
  EXPECT_NE(dark.background, light.background);
  EXPECT_NE(dark.plot_bg, light.plot_bg);
  EXPECT_NE(dark.plot_text, light.plot_text);
  EXPECT_NE(dark.line, light.line);
  // Text reads on its background: light text on the dark theme, dark on the light one.
  auto lum = [](ImU32 c) { return ((c >> IM_COL32_R_SHIFT) & 255) + ((c >> IM_COL32_G_SHIFT) & 255) + ((c >> IM_COL32_B_SHIFT) & 255); };
  EXPECT_GT(lum(dark.plot_text), lum(dark.plot_bg) + 300);
  EXPECT_GT(lum(light.plot_bg), lum(light.plot_text) + 300);
  EXPECT_GT(lum(dark.text), lum(dark.background) + 300);
  EXPECT_GT(lum(dark.line), lum(dark.background) + 300);
  EXPECT_EQ(with_alpha(light.pos, 0x18), IM_COL32(0, 114, 178, 0x18));
}

TEST(PixelClamp, FiniteAndBounded) {
  EXPECT_EQ(clamp_px(12.5), 12.5f);
  EXPECT_EQ(clamp_px(1e300), 1e7f);
  EXPECT_EQ(clamp_px(-std::numeric_limits<double>::infinity()), -1e7f);
  EXPECT_TRUE(std::isfinite(clamp_px(std::numeric_limits<double>::quiet_NaN())));
  const ImVec2 p = to_im({1e308, -1e308});
  EXPECT_EQ(p.x, 1e7f);
  EXPECT_EQ(p.y, -1e7f);
}

// ---- series_polylines

bool horizontal_or_vertical(ImVec2 a, ImVec2 b) { return a.x == b.x || a.y == b.y; }

// A small deterministic generator for noisy levels.
std::uint32_t next(std::uint32_t& s) {
  s = s * 1664525u + 1013904223u;
  return s >> 8;
}

// Checks what every polyline must satisfy: no repeated point, no back-tracking
// (consecutive segments never point against each other), no turn sharper than 120°.
void expect_no_spikes(const std::vector<std::vector<ImVec2>>& lines) {
  for (const auto& l : lines)
    for (std::size_t i = 1; i < l.size(); ++i) {
      const float dx = l[i].x - l[i - 1].x, dy = l[i].y - l[i - 1].y;
      ASSERT_GT(dx * dx + dy * dy, 0.0f) << "repeated point " << i;
      if (i >= 2) {
        const float px = l[i - 1].x - l[i - 2].x, py = l[i - 1].y - l[i - 2].y;
        const float dot = px * dx + py * dy;
        const float lens = std::sqrt((px * px + py * py) * (dx * dx + dy * dy));
        ASSERT_GE(dot, -0.5f * lens) << "a turn sharper than 120 degrees at point " << i;
      }
    }
}

TEST(SeriesPolylines, ASparseStepIsHorizontalThenVertical) {
  // Pixels (y down): the value holds until the next x, then jumps.
  const auto lines = series_polylines({{0, 100}, {10, 80}, {20, 80}, {30, 50}}, true);
  ASSERT_EQ(lines.size(), 1u);
  const std::vector<ImVec2>& l = lines[0];
  const std::vector<ImVec2> expected = {{0, 100}, {10, 100}, {10, 80}, {30, 80}, {30, 50}};
  ASSERT_EQ(l.size(), expected.size());
  for (std::size_t i = 0; i < l.size(); ++i) {
    EXPECT_EQ(l[i].x, expected[i].x) << i;
    EXPECT_EQ(l[i].y, expected[i].y) << i;
  }
  // Without steps: the points themselves, the straight run merged.
  const auto plain = series_polylines({{0, 100}, {10, 80}, {20, 60}, {30, 50}}, false);
  ASSERT_EQ(plain.size(), 1u);
  EXPECT_EQ(plain[0].size(), 3u);
}

TEST(SeriesPolylines, ALongMonotoneStepCurveStaysMonotoneWithoutSpikes) {
  // 5000 steps over 300 pixels, the value never decreasing (pixel y never increasing):
  // the min/max decimation this replaces went down and up again in each column.
  std::vector<Vec2d> px;
  for (int i = 0; i < 5000; ++i) px.push_back({10.0 + i * 0.06, 400.0 - std::floor(i / 37.0) * 2.0});
  const auto lines = series_polylines(px, true);
  ASSERT_EQ(lines.size(), 1u);  // one polyline: nothing to mark beside it
  const std::vector<ImVec2>& l = lines[0];
  EXPECT_LE(l.size(), 3u * 301u);  // a few points per pixel column
  EXPECT_EQ(l.front().y, 400.0f);
  EXPECT_EQ(l.back().y, static_cast<float>(px.back().y));
  for (std::size_t i = 1; i < l.size(); ++i) {
    EXPECT_TRUE(horizontal_or_vertical(l[i - 1], l[i])) << i;
    EXPECT_GE(l[i].x, l[i - 1].x) << i;
    EXPECT_LE(l[i].y, l[i - 1].y) << i;  // monotone where the data is
  }
  expect_no_spikes(lines);
}

TEST(SeriesPolylines, ANoisyStepCurveKeepsItsRangeWithoutSpikes) {
  std::uint32_t seed = 7;
  std::vector<Vec2d> px;
  float lo = 1e9f, hi = -1e9f;
  for (int i = 0; i < 4000; ++i) {
    const double y = 50.0 + static_cast<double>(next(seed) % 21) * 5.0;
    px.push_back({i * 0.07, y});
    lo = std::min(lo, static_cast<float>(y));
    hi = std::max(hi, static_cast<float>(y));
  }
  const auto lines = series_polylines(px, true);
  std::size_t points = 0;
  float out_lo = 1e9f, out_hi = -1e9f;
  for (const auto& l : lines) {
    points += l.size();
    for (std::size_t i = 0; i < l.size(); ++i) {
      if (i) {
        EXPECT_TRUE(horizontal_or_vertical(l[i - 1], l[i]));
      }
      out_lo = std::min(out_lo, l[i].y);
      out_hi = std::max(out_hi, l[i].y);
    }
  }
  EXPECT_EQ(out_lo, lo);  // the extremes are drawn, none beyond
  EXPECT_EQ(out_hi, hi);
  EXPECT_LE(points, 6u * 281u);
  expect_no_spikes(lines);
}

TEST(SeriesPolylines, AZigZagLineIsSplitAtItsReversals) {
  std::vector<Vec2d> px;
  for (int i = 0; i < 3000; ++i) px.push_back({i * 0.1, (i % 2) ? 10.0 : 110.0});
  const auto dense = series_polylines(px, false);
  expect_no_spikes(dense);
  px.clear();
  for (int i = 0; i < 20; ++i) px.push_back({i * 15.0, (i % 2) ? 10.0 : 110.0});
  const auto sparse = series_polylines(px, false);
  EXPECT_GT(sparse.size(), 1u);
  expect_no_spikes(sparse);
}

TEST(SeriesPolylines, EmptyAndSinglePoints) {
  EXPECT_TRUE(series_polylines({}, true).empty());
  const auto one = series_polylines({{5, 5}}, true);
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].size(), 1u);
  const auto same = series_polylines({{5, 5}, {5, 5}, {5.0001, 5}}, false);
  ASSERT_EQ(same.size(), 1u);
  EXPECT_EQ(same[0].size(), 1u);
}

}  // namespace
}  // namespace pla::app::plot_test
