// Perceptron Lab app: the colours of the canvas and the plots for the light and the
// dark theme, chosen by App::dark (palette(app) in app_internal.hpp).
//
// The classes keep the colour-blind-safe Okabe-Ito colours in both themes
// (+1 blue, -1 orange, with distinct shapes); the plot series use the same set.
#pragma once
#include "imgui.h"

namespace pla::app {

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
};

// The text size the style's sizes are written for (logical pixels, before font_scale).
constexpr float kStyleFontPx = 15.0f;

// Sets ImGui's style: the light or dark look, every size scaled by `scale` (font_scale),
// and with `touch` every control at least 44 px high.
void apply_style(bool dark, float scale, bool touch);

// The palette of the light (dark = false) or the dark theme.
const Palette& palette(bool dark);

// The colour with another alpha (0..255).
inline ImU32 with_alpha(ImU32 col, unsigned alpha) {
  return (col & ~IM_COL32_A_MASK) | (static_cast<ImU32>(alpha & 255u) << IM_COL32_A_SHIFT);
}

}  // namespace pla::app
