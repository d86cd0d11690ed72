#include "app/theme.hpp"

#include <algorithm>

#include "imgui.h"

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

void apply_style(bool dark, float scale, bool touch) {
  ImGuiStyle style;
  dark ? ImGui::StyleColorsDark(&style) : ImGui::StyleColorsLight(&style);
  // Spacing and shapes of a figure in a course text: roomy rows, soft corners, thin borders.
  style.WindowPadding = ImVec2(12, 10);
  style.FramePadding = ImVec2(8, 4);
  style.ItemSpacing = ImVec2(8, 6);
  style.ItemInnerSpacing = ImVec2(6, 4);
  style.CellPadding = ImVec2(4, 3);
  style.IndentSpacing = 16;
  style.ScrollbarSize = 12;
  style.GrabMinSize = 10;
  style.WindowRounding = 0;
  style.ChildRounding = 4;
  style.FrameRounding = 4;
  style.PopupRounding = 4;
  style.GrabRounding = 4;
  style.TabRounding = 4;
  style.ScrollbarRounding = 6;
  style.WindowBorderSize = 1;
  style.FrameBorderSize = dark ? 0.0f : 1.0f;
  style.TabBorderSize = 0;
  ImVec4* c = style.Colors;
  const ImVec4 accent = dark ? ImVec4(0.34f, 0.62f, 0.86f, 1.0f) : ImVec4(0.0f, 0.447f, 0.698f, 1.0f);  // Okabe-Ito blue
  if (dark) {
    c[ImGuiCol_WindowBg] = ImVec4(0.13f, 0.14f, 0.16f, 1.0f);
    c[ImGuiCol_ChildBg] = ImVec4(0.11f, 0.12f, 0.14f, 1.0f);
    c[ImGuiCol_FrameBg] = ImVec4(0.20f, 0.22f, 0.25f, 1.0f);
    c[ImGuiCol_Text] = ImVec4(0.92f, 0.92f, 0.93f, 1.0f);
    c[ImGuiCol_TextDisabled] = ImVec4(0.62f, 0.63f, 0.66f, 1.0f);
    c[ImGuiCol_Header] = ImVec4(0.20f, 0.26f, 0.33f, 1.0f);
  } else {
    c[ImGuiCol_WindowBg] = ImVec4(0.975f, 0.977f, 0.982f, 1.0f);
    c[ImGuiCol_ChildBg] = ImVec4(1.0f, 1.0f, 1.0f, 1.0f);
    c[ImGuiCol_FrameBg] = ImVec4(1.0f, 1.0f, 1.0f, 1.0f);
    c[ImGuiCol_Border] = ImVec4(0.0f, 0.0f, 0.0f, 0.14f);
    c[ImGuiCol_Text] = ImVec4(0.10f, 0.11f, 0.13f, 1.0f);
    c[ImGuiCol_TextDisabled] = ImVec4(0.40f, 0.41f, 0.44f, 1.0f);
    c[ImGuiCol_Header] = ImVec4(0.89f, 0.92f, 0.96f, 1.0f);
  }
  c[ImGuiCol_HeaderHovered] = ImVec4(accent.x, accent.y, accent.z, 0.22f);
  c[ImGuiCol_HeaderActive] = ImVec4(accent.x, accent.y, accent.z, 0.35f);
  c[ImGuiCol_Button] = ImVec4(accent.x, accent.y, accent.z, dark ? 0.30f : 0.12f);
  c[ImGuiCol_ButtonHovered] = ImVec4(accent.x, accent.y, accent.z, dark ? 0.45f : 0.25f);
  c[ImGuiCol_ButtonActive] = ImVec4(accent.x, accent.y, accent.z, dark ? 0.60f : 0.40f);
  c[ImGuiCol_CheckMark] = accent;
  c[ImGuiCol_SliderGrab] = accent;
  c[ImGuiCol_SliderGrabActive] = accent;
  c[ImGuiCol_PlotHistogram] = accent;
  c[ImGuiCol_NavHighlight] = dark ? ImVec4(1.0f, 0.85f, 0.2f, 1.0f) : ImVec4(0.84f, 0.37f, 0.0f, 1.0f);
  c[ImGuiCol_TabActive] = ImVec4(accent.x, accent.y, accent.z, dark ? 0.55f : 0.30f);
  c[ImGuiCol_TabHovered] = ImVec4(accent.x, accent.y, accent.z, 0.40f);
  c[ImGuiCol_Tab] = ImVec4(accent.x, accent.y, accent.z, dark ? 0.18f : 0.10f);
  if (touch) {
    // At least 44 px for a finger: frame height = font size + 2 * padding.y.
    const float pad = std::max(style.FramePadding.y, (44.0f / scale - kStyleFontPx) * 0.5f);
    style.FramePadding = ImVec2(10, pad);
    style.ItemSpacing = ImVec2(10, 8);
    style.ScrollbarSize = 18;
    style.GrabMinSize = 24;
    style.TouchExtraPadding = ImVec2(4, 4);
  }
  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
}

const Palette& palette(bool dark) {
  static const Palette light = make_light(), night = make_dark();
  return dark ? night : light;
}

}  // namespace pla::app
