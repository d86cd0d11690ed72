// Perceptron Lab app: the themes (themes(), one row each), their palettes (a table of
// colours: one row per colour, a column per theme) and ImGui's style for each.
#include "app/theme.hpp"

#include <algorithm>
#include <cmath>

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
// The high-contrast theme's classes and accents (each >= 4.5:1 on white, so also usable as
// text): a dark blue and a dark orange, a dark red, green, purple and teal.
constexpr ImU32 kDarkBlue = IM_COL32(0, 70, 160, 255);
constexpr ImU32 kDarkOrange = IM_COL32(168, 72, 0, 255);
constexpr ImU32 kDarkRed = IM_COL32(190, 0, 40, 255);
constexpr ImU32 kDarkGreen = IM_COL32(0, 110, 60, 255);
constexpr ImU32 kDarkPurple = IM_COL32(120, 30, 130, 255);
constexpr ImU32 kDarkTeal = IM_COL32(0, 100, 130, 255);

// The palettes as a table: one row per colour of the Palette, its value in each theme, in
// the order of themes(): light, dark, high contrast. The light and dark themes keep the
// Okabe-Ito classes; the high-contrast one (for projectors) is a white canvas, black text
// and lines, the classes in a dark blue and a dark orange, thick lines and large points
// (the classes keep their shapes: +1 disc, -1 square).
struct ColourRow {
  ImU32 Palette::*colour;
  ImU32 light, dark, contrast;
};
constexpr ColourRow kColourTable[] = {
    // Classes and hypothesis.
    {&Palette::pos, kBlue, kBlue, kDarkBlue},
    {&Palette::neg, kOrange, kOrange, kDarkOrange},
    {&Palette::pos_fill, IM_COL32(0, 114, 178, 38), IM_COL32(0, 114, 178, 56), IM_COL32(0, 70, 160, 34)},
    {&Palette::neg_fill, IM_COL32(230, 159, 0, 38), IM_COL32(230, 159, 0, 48), IM_COL32(168, 72, 0, 34)},
    {&Palette::mistake, kVermillion, kVermillion, kDarkRed},
    {&Palette::ok, kGreen, kGreen, kDarkGreen},
    {&Palette::star, kPurple, kPurple, kDarkPurple},
    {&Palette::bound, kVermillion, kVermillion, kDarkRed},
    {&Palette::step, kSky, kSky, kDarkTeal},
    // The data canvas.
    {&Palette::background, IM_COL32(251, 251, 253, 255), IM_COL32(28, 30, 34, 255), IM_COL32(255, 255, 255, 255)},
    {&Palette::grid, IM_COL32(0, 0, 0, 20), IM_COL32(255, 255, 255, 18), IM_COL32(0, 0, 0, 56)},
    {&Palette::axis, IM_COL32(0, 0, 0, 110), IM_COL32(255, 255, 255, 110), IM_COL32(0, 0, 0, 255)},
    {&Palette::text, IM_COL32(90, 90, 90, 255), IM_COL32(190, 190, 190, 255), IM_COL32(0, 0, 0, 255)},
    {&Palette::muted, IM_COL32(110, 110, 110, 255), IM_COL32(160, 160, 160, 255), IM_COL32(60, 60, 60, 255)},
    {&Palette::line, IM_COL32(20, 20, 20, 255), IM_COL32(240, 240, 240, 255), IM_COL32(0, 0, 0, 255)},
    {&Palette::ghost, IM_COL32(20, 20, 20, 70), IM_COL32(240, 240, 240, 80), IM_COL32(0, 0, 0, 150)},
    {&Palette::point_edge, IM_COL32(255, 255, 255, 255), IM_COL32(28, 30, 34, 255), IM_COL32(0, 0, 0, 255)},
    {&Palette::hover, IM_COL32(0, 0, 0, 160), IM_COL32(255, 255, 255, 170), IM_COL32(0, 0, 0, 255)},
    // The plots.
    {&Palette::plot_bg, IM_COL32(255, 255, 255, 255), IM_COL32(24, 26, 30, 255), IM_COL32(255, 255, 255, 255)},
    {&Palette::plot_frame, IM_COL32(0, 0, 0, 60), IM_COL32(255, 255, 255, 70), IM_COL32(0, 0, 0, 255)},
    {&Palette::plot_grid, IM_COL32(0, 0, 0, 18), IM_COL32(255, 255, 255, 20), IM_COL32(0, 0, 0, 50)},
    {&Palette::plot_text, IM_COL32(60, 60, 60, 255), IM_COL32(210, 210, 210, 255), IM_COL32(0, 0, 0, 255)},
    {&Palette::plot_label, IM_COL32(120, 120, 120, 255), IM_COL32(150, 150, 150, 255), IM_COL32(40, 40, 40, 255)},
    {&Palette::legend_bg, IM_COL32(255, 255, 255, 200), IM_COL32(24, 26, 30, 210), IM_COL32(255, 255, 255, 240)},
    {&Palette::cursor, IM_COL32(0, 0, 0, 80), IM_COL32(255, 255, 255, 90), IM_COL32(0, 0, 0, 200)},
};
// The plot series in order (the classes' colours first), per theme.
constexpr ImU32 kSeriesTable[3][8] = {
    {kBlue, kOrange, kGreen, kPurple, kSky, kVermillion, kYellow, IM_COL32(0, 0, 0, 255)},
    {kBlue, kOrange, kGreen, kPurple, kSky, kVermillion, kYellow, IM_COL32(235, 235, 235, 255)},
    {kDarkBlue, kDarkOrange, kDarkGreen, kDarkPurple, kDarkTeal, kDarkRed, IM_COL32(110, 100, 0, 255), IM_COL32(0, 0, 0, 255)},
};
// Line widths and point radii are multiplied by these, per theme.
struct SizeRow {
  float Palette::*size;
  float light, dark, contrast;
};
constexpr SizeRow kSizeTable[] = {
    {&Palette::thick, 1.0f, 1.0f, 2.0f},
    {&Palette::point_scale, 1.0f, 1.0f, 1.5f},
};

// The palette of the theme in column `c` of the tables (its place in themes()).
constexpr Palette palette_of(int c) {
  Palette p{};
  for (const ColourRow& r : kColourTable) p.*r.colour = c == 0 ? r.light : c == 1 ? r.dark : r.contrast;
  for (int i = 0; i < 8; ++i) p.series[i] = kSeriesTable[c][i];
  for (const SizeRow& r : kSizeTable) p.*r.size = c == 0 ? r.light : c == 1 ? r.dark : r.contrast;
  return p;
}
constexpr Palette kPalettes[3] = {palette_of(0), palette_of(1), palette_of(2)};

double channel(unsigned v) {
  const double c = static_cast<double>(v) / 255.0;
  return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}
double luminance(ImU32 c) {
  return 0.2126 * channel((c >> IM_COL32_R_SHIFT) & 255u) + 0.7152 * channel((c >> IM_COL32_G_SHIFT) & 255u) +
         0.0722 * channel((c >> IM_COL32_B_SHIFT) & 255u);
}
}  // namespace

double contrast_ratio(ImU32 a, ImU32 b) {
  const double la = luminance(a), lb = luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

const std::vector<ThemeInfo>& themes() {
  static const std::vector<ThemeInfo> table = {
      {Theme::Light, "light", "theme.light", false, false},
      {Theme::Dark, "dark", "theme.dark", true, false},
      {Theme::Contrast, "contrast", "theme.contrast", false, true},
  };
  return table;
}

const ThemeInfo& theme_info(Theme theme) {
  for (const ThemeInfo& t : themes())
    if (t.theme == theme) return t;
  return themes().front();
}

bool parse_theme(const std::string& name, Theme& out) {
  for (const ThemeInfo& t : themes())
    if (name == t.name) {
      out = t.theme;
      return true;
    }
  return false;
}

std::vector<std::string> theme_names() {
  std::vector<std::string> out;
  for (const ThemeInfo& t : themes()) out.emplace_back(t.name);
  return out;
}

void apply_style(Theme theme, float scale, bool touch) {
  const bool dark = theme_info(theme).dark, contrast = theme_info(theme).contrast;
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
  if (contrast) {
    // Black on white, black borders on every control, a strong blue accent, thick frames.
    style.FrameBorderSize = 1.5f;
    style.WindowBorderSize = 1.5f;
    style.TabBorderSize = 1.0f;
    c[ImGuiCol_WindowBg] = ImVec4(1, 1, 1, 1);
    c[ImGuiCol_ChildBg] = ImVec4(1, 1, 1, 1);
    c[ImGuiCol_PopupBg] = ImVec4(1, 1, 1, 1);
    c[ImGuiCol_FrameBg] = ImVec4(1, 1, 1, 1);
    c[ImGuiCol_Border] = ImVec4(0, 0, 0, 1);
    c[ImGuiCol_Text] = ImVec4(0, 0, 0, 1);
    c[ImGuiCol_TextDisabled] = ImVec4(0.30f, 0.30f, 0.30f, 1);
    c[ImGuiCol_Header] = ImVec4(0.85f, 0.90f, 1.0f, 1);
  }
  const ImVec4 accent = contrast ? ImVec4(0.0f, 0.27f, 0.63f, 1.0f)
                        : dark   ? ImVec4(0.34f, 0.62f, 0.86f, 1.0f)
                                 : ImVec4(0.0f, 0.447f, 0.698f, 1.0f);  // Okabe-Ito blue
  if (contrast) {
  } else if (dark) {
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
  if (contrast) {
    // Solid buttons with black text stay >= 4.5:1; the keyboard focus is a thick magenta ring.
    c[ImGuiCol_Button] = ImVec4(0.88f, 0.92f, 1.0f, 1.0f);
    c[ImGuiCol_ButtonHovered] = ImVec4(0.75f, 0.84f, 1.0f, 1.0f);
    c[ImGuiCol_ButtonActive] = ImVec4(0.62f, 0.75f, 1.0f, 1.0f);
    c[ImGuiCol_HeaderHovered] = ImVec4(0.75f, 0.84f, 1.0f, 1.0f);
    c[ImGuiCol_HeaderActive] = ImVec4(0.62f, 0.75f, 1.0f, 1.0f);
    c[ImGuiCol_Tab] = ImVec4(0.88f, 0.92f, 1.0f, 1.0f);
    c[ImGuiCol_TabHovered] = ImVec4(0.75f, 0.84f, 1.0f, 1.0f);
    c[ImGuiCol_TabActive] = ImVec4(0.62f, 0.75f, 1.0f, 1.0f);
    c[ImGuiCol_NavHighlight] = ImVec4(0.75f, 0.0f, 0.55f, 1.0f);
  }
  c[ImGuiCol_TabActive] = ImVec4(accent.x, accent.y, accent.z, dark ? 0.55f : 0.30f);
  c[ImGuiCol_TabHovered] = ImVec4(accent.x, accent.y, accent.z, 0.40f);
  c[ImGuiCol_Tab] = ImVec4(accent.x, accent.y, accent.z, dark ? 0.18f : 0.10f);
  if (touch) {
    style.FramePadding = ImVec2(10, style.FramePadding.y);
    style.ItemSpacing = ImVec2(10, 8);
    style.ScrollbarSize = 18;
    style.GrabMinSize = 24;
    style.TouchExtraPadding = ImVec2(4, 4);
  }
  style.ScaleAllSizes(scale);
  // At least 44 px for a finger: frame height = font size + 2 * padding.y, set once scaled
  // (ScaleAllSizes rounds the padding down: 14.5 would give 43 px).
  if (touch) style.FramePadding.y = std::max(style.FramePadding.y, (44.0f - kStyleFontPx * scale) * 0.5f);
  ImGui::GetStyle() = style;
}

const Palette& palette(Theme theme) {
  for (std::size_t i = 0; i < themes().size(); ++i)
    if (themes()[i].theme == theme) return kPalettes[i];
  return kPalettes[0];
}

}  // namespace pla::app
