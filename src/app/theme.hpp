// Perceptron Lab app: the colours of the canvas and the plots for the light, the dark
// and the high-contrast theme, chosen by App::theme (palette(app) in app_internal.hpp).
// The themes are one list, themes(): the `theme` setting, its menu and the link maker read it.
//
// The classes keep the colour-blind-safe Okabe-Ito colours in the light and dark themes
// (+1 blue, -1 orange, with distinct shapes: +1 a disc, -1 a square); the plot series
// use the same set. The high-contrast theme (for projectors and low vision) darkens
// them to reach WCAG 2.1 contrast on its white canvas (text >= 4.5:1, graphics >= 3:1,
// tests/app/theme_test.cpp measures every pair) and draws thicker lines and larger points.
#pragma once
#include <string>
#include <vector>

#include "imgui.h"

namespace pla::app {

enum class Theme { Light, Dark, Contrast };

struct Palette;
// One theme: the name the `theme` setting and links take, the catalog key of its name in
// the menus, ImGui's dark or light colours underneath, the high-contrast sizes and accents.
// Its palette is its column of theme.cpp's colour table (in the order of themes()).
struct ThemeInfo {
  Theme theme;
  const char* name;       // "light"
  const char* label_key;  // "theme.light"
  bool dark, contrast;
};
// The themes, in menu order (the first is the default: links leave it out).
const std::vector<ThemeInfo>& themes();
const ThemeInfo& theme_info(Theme theme);
// The theme named `name`; false when there is none.
bool parse_theme(const std::string& name, Theme& out);
std::vector<std::string> theme_names();

struct Palette {
  // Classes and hypothesis (Okabe-Ito; the same in both themes).
  ImU32 pos, neg;            // +1 and -1 points
  ImU32 pos_fill, neg_fill;  // the half-planes and the decision field
  ImU32 mistake;             // mistakes, errors, the scrubbed-step notice
  ImU32 ok;                  // correct points, "converged"
  ImU32 star;                // the max-margin separator (w*, b*)
  ImU32 bound;               // bounds drawn against a curve (Novikoff, invariants)
  ImU32 step;                // the update eta*y*x
  // The data canvas.
  ImU32 background, grid, axis, text, muted;
  ImU32 line, ghost;         // the separator; earlier or other hyperplanes
  ImU32 point_edge;          // the ring that lifts a point off the background
  ImU32 hover;               // the ring around the point under the mouse
  // The plots.
  ImU32 plot_bg, plot_frame, plot_grid, plot_text, plot_label, legend_bg, cursor;
  ImU32 series[8];           // series colours in order (Okabe-Ito)
  // Sizes: 1 in the light and dark themes; larger in the high-contrast theme.
  float thick = 1.0f;        // line widths are multiplied by it
  float point_scale = 1.0f;  // point radii are multiplied by it
};

// The text size the style's sizes are written for (logical pixels, before font_scale).
constexpr float kStyleFontPx = 15.0f;

// Sets ImGui's style: the light, dark or high-contrast look, every size scaled by
// `scale` (font_scale), and with `touch` every control at least 44 px high.
void apply_style(Theme theme, float scale, bool touch);

// The palette of a theme.
const Palette& palette(Theme theme);

// WCAG 2.1 contrast ratio of two opaque colours (alpha ignored): 1 .. 21.
double contrast_ratio(ImU32 a, ImU32 b);

// The colour with another alpha (0..255).
inline ImU32 with_alpha(ImU32 col, unsigned alpha) {
  return (col & ~IM_COL32_A_MASK) | (static_cast<ImU32>(alpha & 255u) << IM_COL32_A_SHIFT);
}

}  // namespace pla::app
