// Perceptron Lab app: declarations shared by the app's source files.
#pragma once
#include <string>

#include "app/app.hpp"
#include "imgui.h"

namespace pla::app {

// Colour-blind-safe palette (Okabe-Ito): blue / orange classes plus distinct shapes.
inline const ImU32 kPosColor = IM_COL32(0, 114, 178, 255);
inline const ImU32 kNegColor = IM_COL32(230, 159, 0, 255);
inline const ImU32 kPosFill = IM_COL32(0, 114, 178, 38);
inline const ImU32 kNegFill = IM_COL32(230, 159, 0, 38);
inline const ImU32 kLineColor = IM_COL32(20, 20, 20, 255);
inline const ImU32 kGhostColor = IM_COL32(20, 20, 20, 70);
inline const ImU32 kMistakeColor = IM_COL32(213, 94, 0, 255);
inline const ImU32 kOkColor = IM_COL32(0, 158, 115, 255);
inline const ImU32 kStarColor = IM_COL32(204, 121, 167, 255);
inline const ImU32 kBoundColor = IM_COL32(213, 94, 0, 255);
inline const ImU32 kGreyText = IM_COL32(110, 110, 110, 255);

// Canvas colours for the light and the dark theme.
struct CanvasTheme {
  ImU32 background, grid, axis, text, line, ghost;
};
inline const CanvasTheme& canvas_theme(const App& app) {
  static const CanvasTheme light = {IM_COL32(251, 251, 253, 255), IM_COL32(0, 0, 0, 20),  IM_COL32(0, 0, 0, 110),
                                    IM_COL32(90, 90, 90, 255),    IM_COL32(20, 20, 20, 255), IM_COL32(20, 20, 20, 70)};
  static const CanvasTheme dark = {IM_COL32(28, 30, 34, 255),      IM_COL32(255, 255, 255, 18),
                                   IM_COL32(255, 255, 255, 110),   IM_COL32(190, 190, 190, 255),
                                   IM_COL32(240, 240, 240, 255),   IM_COL32(240, 240, 240, 80)};
  return app.dark ? dark : light;
}

// Pixel coordinates for ImGui, kept finite and within +-1e7 px: ImGui's path code
// misbehaves on inf or NaN, which extreme data (1e308) or huge weights would give.
inline float clamp_px(double v) { return v >= -1e7 && v <= 1e7 ? static_cast<float>(v) : (v > 0 ? 1e7f : -1e7f); }
inline ImVec2 to_im(Vec2d v) { return ImVec2(clamp_px(v.x), clamp_px(v.y)); }

void HelpMarker(const char* text);
std::string format_vector(const std::vector<double>& v, int precision = 4);

void canvas(App& app);           // canvas.cpp
void control_panel(App& app);    // panels.cpp
void plots_panel(App& app);      // charts.cpp
void help_overlay(App& app);     // panels.cpp
void keyboard(App& app);         // panels.cpp
void fit_view_to_data(App& app); // canvas.cpp
void show_result(App& app, const Status& st, const std::string& ok_message = "");
void embed_strip(App& app);      // panels.cpp: the compact controls of embed mode
void notices_bar(App& app);      // panels.cpp

}  // namespace pla::app
