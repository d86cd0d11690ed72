#include "app/theme.hpp"

#include <algorithm>

namespace pla::app {

namespace {
// Okabe-Ito.
constexpr ImU32 kBlue = IM_COL32(0, 114, 178, 255);
constexpr ImU32 kOrange = IM_COL32(230, 159, 0, 255);
constexpr ImU32 kGreen = IM_COL32(0, 158, 115, 255);
constexpr ImU32 kPurple = IM_COL32(204, 121, 167, 255);
constexpr ImU32 kSky = IM_COL32(86, 180, 233, 255);
constexpr ImU32 kVermillion = IM_COL32(213, 94, 0, 255);
constexpr ImU32 kYellow = IM_COL32(240, 228, 66, 255);

Palette make_light() {
  Palette p{};
  p.pos = kBlue;
  p.neg = kOrange;
  p.pos_fill = IM_COL32(0, 114, 178, 38);
  p.neg_fill = IM_COL32(230, 159, 0, 38);
  p.mistake = kVermillion;
  p.ok = kGreen;
  p.star = kPurple;
  p.bound = kVermillion;
  p.step = kSky;
  p.background = IM_COL32(251, 251, 253, 255);
  p.grid = IM_COL32(0, 0, 0, 20);
  p.axis = IM_COL32(0, 0, 0, 110);
  p.text = IM_COL32(90, 90, 90, 255);
  p.muted = IM_COL32(110, 110, 110, 255);
  p.line = IM_COL32(20, 20, 20, 255);
  p.ghost = IM_COL32(20, 20, 20, 70);
  p.point_edge = IM_COL32(255, 255, 255, 255);
  p.hover = IM_COL32(0, 0, 0, 160);
  p.plot_bg = IM_COL32(255, 255, 255, 255);
  p.plot_frame = IM_COL32(0, 0, 0, 60);
  p.plot_grid = IM_COL32(0, 0, 0, 18);
  p.plot_text = IM_COL32(60, 60, 60, 255);
  p.plot_label = IM_COL32(120, 120, 120, 255);
  p.legend_bg = IM_COL32(255, 255, 255, 200);
  p.cursor = IM_COL32(0, 0, 0, 80);
  const ImU32 series[8] = {kBlue, kOrange, kGreen, kPurple, kSky, kVermillion, kYellow, IM_COL32(0, 0, 0, 255)};
  std::copy(series, series + 8, p.series);
  return p;
}

Palette make_dark() {
  Palette p = make_light();
  p.pos_fill = IM_COL32(0, 114, 178, 56);
  p.neg_fill = IM_COL32(230, 159, 0, 48);
  p.background = IM_COL32(28, 30, 34, 255);
  p.grid = IM_COL32(255, 255, 255, 18);
  p.axis = IM_COL32(255, 255, 255, 110);
  p.text = IM_COL32(190, 190, 190, 255);
  p.muted = IM_COL32(160, 160, 160, 255);
  p.line = IM_COL32(240, 240, 240, 255);
  p.ghost = IM_COL32(240, 240, 240, 80);
  p.point_edge = IM_COL32(28, 30, 34, 255);
  p.hover = IM_COL32(255, 255, 255, 170);
  p.plot_bg = IM_COL32(24, 26, 30, 255);
  p.plot_frame = IM_COL32(255, 255, 255, 70);
  p.plot_grid = IM_COL32(255, 255, 255, 20);
  p.plot_text = IM_COL32(210, 210, 210, 255);
  p.plot_label = IM_COL32(150, 150, 150, 255);
  p.legend_bg = IM_COL32(24, 26, 30, 210);
  p.cursor = IM_COL32(255, 255, 255, 90);
  p.series[7] = IM_COL32(235, 235, 235, 255);
  return p;
}
}  // namespace

const Palette& palette(bool dark) {
  static const Palette light = make_light(), night = make_dark();
  return dark ? night : light;
}

}  // namespace pla::app
