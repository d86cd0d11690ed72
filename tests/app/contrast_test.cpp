// The high-contrast theme draws the plots' lines thicker: a chart drawn headlessly in the
// light and in the contrast theme, its series line and its frame measured in the vertices
// ImGui emits for them.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "app/plot.hpp"
#include "app/theme.hpp"
#include "imgui.h"

namespace pla::app::contrast_test {
namespace {

struct Widths {
  float series = 0.0f;  // the horizontal series line, across (y extent)
  float frame = 0.0f;   // the frame's left edge, across (x extent)
};

// The extent across a line of the untextured vertices (not text) of colour `col` (its
// opaque core and its transparent anti-aliasing fringe) inside the box lo..hi, along x
// (`along_x`) or y.
float extent(const ImDrawData* dd, ImU32 col, ImVec2 lo, ImVec2 hi, bool along_x) {
  const ImVec2 white = ImGui::GetIO().Fonts->TexUvWhitePixel;
  const ImU32 fringe = col & ~IM_COL32_A_MASK;
  float mn = 1e9f, mx = -1e9f;
  for (int l = 0; l < dd->CmdListsCount; ++l)
    for (const ImDrawVert& v : dd->CmdLists[l]->VtxBuffer) {
      if ((v.col != col && v.col != fringe) || v.uv.x != white.x || v.uv.y != white.y) continue;
      if (v.pos.x < lo.x || v.pos.x > hi.x || v.pos.y < lo.y || v.pos.y > hi.y) continue;
      const float c = along_x ? v.pos.x : v.pos.y;
      mn = std::min(mn, c);
      mx = std::max(mx, c);
    }
  return mx >= mn ? mx - mn : -1.0f;
}

// One frame with one chart: a horizontal series at y = 1 over x 0.3 .. 9.7 (no x tick
// at the frame's left edge, so no grid line runs along it), y fixed to 0 .. 2.
Widths draw_chart(const Palette& pal) {
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.DisplaySize = ImVec2(800, 600);
  io.DeltaTime = 1.0f / 60.0f;
  io.Fonts->AddFontDefault();
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  ImGui::GetStyle().AntiAliasedLinesUseTex = false;  // every line as geometry, thin ones too
  ImGui::NewFrame();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(600, 400));
  ImGui::Begin("chart");
  Plot p("p", "Mistakes", pal);
  p.y_min = 0.0;
  p.y_max = 2.0;
  p.line("series", {0.3, 9.7}, {1.0, 1.0}, pal.series[0]);
  const Mapping m = p.draw(ImVec2(500, 300));
  ImGui::End();
  ImGui::Render();
  const ImDrawData* dd = ImGui::GetDrawData();
  const ImVec2 a = to_im(m.pixel_min), b = to_im(m.pixel_max);
  const float line_y = to_im(data_to_pixel(m, {5.0, 1.0})).y;
  Widths r;
  // A polyline has vertices at its points only: the series' two ends, the frame's corners
  // (the left ones, for its left edge; a right-angle join keeps the width along x).
  r.series = extent(dd, pal.series[0], ImVec2(a.x - 5, line_y - 10), ImVec2(b.x + 5, line_y + 10), false);
  r.frame = extent(dd, pal.plot_frame, ImVec2(a.x - 5, a.y - 5), ImVec2(a.x + 5, b.y + 5), true);
  ImGui::DestroyContext();
  return r;
}

TEST(ContrastTheme, ChartLinesAreThicker) {
  const Palette& light = palette(Theme::Light);
  const Palette& contrast = palette(Theme::Contrast);
  ASSERT_EQ(light.thick, 1.0f);
  ASSERT_GT(contrast.thick, 1.0f);
  const Widths l = draw_chart(light), c = draw_chart(contrast);
  // ImGui's anti-aliased line of width t spans t + 1 px: an opaque core t - 1 px wide
  // (none for t <= 1) and a 1 px fringe fading out on either side.
  // The series is asked for at 1.6 px, the frame at 1 px, both times the theme's factor.
  EXPECT_NEAR(l.series, 1.6f + 1.0f, 0.05f);
  EXPECT_NEAR(c.series, 1.6f * contrast.thick + 1.0f, 0.05f);
  EXPECT_NEAR(l.frame, 1.0f + 1.0f, 0.05f);
  EXPECT_NEAR(c.frame, contrast.thick + 1.0f, 0.05f);
  EXPECT_GT(c.series, l.series + 1.0f);
  EXPECT_GT(c.frame, l.frame + 0.5f);
}

}  // namespace
}  // namespace pla::app::contrast_test
