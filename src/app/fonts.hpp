// Perceptron Lab app: the interface's fonts. An outline font cut at build time from
// Debian's DejaVu Sans (Latin, every Vietnamese letter, Greek, the mathematical
// symbols) with the few CJK characters every language shows merged in, plus the
// Chinese font (WenQuanYi Micro Hei, cut to the Chinese catalog) when the language is
// Chinese. Rasterised at the device pixel ratio times the text size, so text is sharp
// at 1x, 1.5x, 2x and 3x; the glyphs are those the language's catalog uses.
#pragma once
#include <string>

#include "app/app.hpp"

namespace pla::app {

// The text size before font_scale, in CSS / logical pixels.
constexpr float kBaseFontPx = 15.0f;

// Rebuilds ImGui's font atlas (and sizes the style) when the language, the text size or
// the pixel ratio changed since the last call, or the Chinese font arrived. Call before
// ImGui::NewFrame; true when the atlas changed (the renderer must upload it again).
bool update_fonts(App& app, float device_pixel_ratio);

// The language the interface is drawn in: the chosen one, or English while the
// Chinese font is not yet available (the browser fetches it on demand).
Lang display_language(const App& app);

// Whether the font a language needs is at hand (Chinese: embedded natively, fetched in
// the browser), and the page's delivery of a font file ("zh").
bool font_available(Lang l);
bool provide_font(const std::string& name, std::string bytes);

// Sizes of the last atlas built (for the closing note and tests).
struct AtlasInfo {
  int width = 0, height = 0, glyphs = 0;
};
AtlasInfo atlas_info();

}  // namespace pla::app
