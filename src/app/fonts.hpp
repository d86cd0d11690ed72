// Perceptron Lab app: the interface's fonts. An outline font cut at build time from
// Debian's DejaVu Sans (Latin, every Vietnamese letter, Greek, the mathematical
// symbols) with the few CJK characters every language shows merged in (the "extra" font),
// plus a language's own fonts when its catalog names some (Chinese: WenQuanYi Micro Hei,
// cut to the Chinese catalog; src/app/fonts/make_fonts.py names them by the language's
// code), and while a teacher's text uses one of its characters the language's "more" font
// (zh-more: the common hanzi the cut one lacks). Rasterised at the device pixel ratio times
// the text size, so text is sharp at 1x, 1.5x, 2x and 3x; the glyphs are those the language's
// catalog and the teacher's texts shown use.
//
// The fonts belong to an ImGui context (its atlas), not to an App: a FontAtlas records what
// the atlas was built for and is held by whoever holds the context (the platform's one
// struct; the tests' Context).
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "app/app.hpp"
#include "imgui.h"

namespace pla::app {

// The text size before font_scale, in CSS / logical pixels.
constexpr float kBaseFontPx = 15.0f;

// Sizes of an atlas built (for the closing note and tests).
struct AtlasInfo {
  int width = 0, height = 0, glyphs = 0;
};

// The interface's fonts in an ImGui context's atlas.
struct FontAtlas {
  // Font files delivered at run time, by name ("zh"): the browser build embeds no language
  // font, the page fetches one when its language is first chosen (provide_font).
  std::map<std::string, std::string> provided;
  // What the atlas was last built for (scale 0: not yet): the language drawn, the text size,
  // the pixel ratio and the ImGui context; its sizes, and its glyph ranges (kept while it lives).
  std::string lang;
  double scale = 0.0;
  float dpr = 0.0f;
  const void* context = nullptr;
  AtlasInfo info;
  ImVector<ImWchar> ui_ranges, cjk_ranges;
  // The characters of each language's texts (its catalog and English's, the message
  // templates, the built-in lessons, every language's own name), collected when first needed.
  std::map<std::string, std::vector<unsigned>> text_chars;
  std::uint64_t files_seen = 0;  // App::files_arrived when text_chars was last emptied
  // Besides the language drawn, while the studio shows a lesson's texts in every language: the
  // other languages' own fonts merged in (a teacher's Chinese previewed in an English
  // interface), their codes as the atlas was last built ("zh,"), and the characters of the
  // studio's lesson (they only grow), collected at its revision `studio_revision`. The
  // "more" fonts merged (LANG-more: the common characters the cut font lacks) are in `also`
  // too ("zh-more,"), wanted when a teacher's text uses one of their characters.
  std::string also;
  std::vector<unsigned> studio_chars;
  std::uint64_t studio_revision = ~0ull;
  // The characters of the lesson open (a teacher's, from a file, a link or a package, in every
  // language it is written in), collected when App::progress_key names another lesson.
  std::vector<unsigned> lesson_chars;
  std::string lesson_key;
};

// Rebuilds the context's font atlas (and sizes the style) when the language drawn, the text
// size or the pixel ratio changed since the last call, or a language's font arrived. The
// language drawn is the one chosen, or English while its fonts are not at hand
// (App::applied.fonts_missing says so). Call before ImGui::NewFrame; true when the atlas
// changed (the renderer must upload it again).
bool update_fonts(FontAtlas& fonts, App& app, float device_pixel_ratio);

// The font files of a language's own (named by its code: "zh"; "zh-2", ... for more) that
// are not at hand: not embedded in this build and not yet provided. The platform asks the
// page for them.
std::vector<std::string> missing_fonts(const FontAtlas& fonts, const std::string& lang);
// The font files the interface wants and has not: those of the language chosen, and while the
// studio is open those of every language its lesson is written in; and of those languages'
// "more" fonts (zh-more) the ones a teacher's text (the studio's lesson, the lesson open) needs.
std::vector<std::string> wanted_fonts(const FontAtlas& fonts, const App& app);
// The page's delivery of a language's font file ("zh"); false for a name that is none.
bool provide_font(FontAtlas& fonts, const std::string& name, std::string bytes);

}  // namespace pla::app
