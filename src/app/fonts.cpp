#include "app/fonts.hpp"

#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <vector>

#include "app/app_internal.hpp"
#include "imgui.h"
#include "core/lab/lesson/lesson.hpp"
#include "imgui_internal.h"  // ImTextCharFromUtf8

namespace pla::app {

// The fonts cut by src/app/fonts/make_fonts.py (generated/fonts.cpp); zh is empty in
// the browser build, where the page delivers it through provide_font.
extern const unsigned char kFont_ui[];
extern const unsigned int kFont_ui_size;
extern const unsigned char kFont_extra[];
extern const unsigned int kFont_extra_size;
extern const unsigned char kFont_zh[];
extern const unsigned int kFont_zh_size;

namespace {

// The fonts belong to the ImGui context (its atlas), not to an App: what the atlas was
// built for (one context at a time: g_built names it) and the Chinese font the platform
// provided (the same file for the whole process) live here, at file level.
std::string g_provided_zh;
std::string& provided_zh() { return g_provided_zh; }

struct Built {
  Lang lang = Lang::En;
  double scale = 0.0;
  float dpr = 0.0f;
  bool zh = false;
  const void* context = nullptr;  // the ImGui context whose atlas this is
  AtlasInfo info;
  ImVector<ImWchar> ui_ranges, cjk_ranges;  // the atlas's glyph ranges (kept while it lives)
};
Built g_built;

bool is_cjk(unsigned c) { return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFF00 && c <= 0xFFEF) || (c >= 0x3000 && c <= 0x303F); }

// The characters of a language's texts: every catalog string (English's and the
// language's), the message templates and the built-in lessons' texts in English and in the
// language. Collected once per language and kept for the process: the catalogs, messages
// and lessons are embedded constants, the same for every App, and collecting them parses
// every lesson (most of a font rebuild's time when it was done each time).
std::map<Lang, std::vector<unsigned>> g_text_chars;

const std::vector<unsigned>& text_chars(Lang l) {
  const auto found = g_text_chars.find(l);
  if (found != g_text_chars.end()) return found->second;
  std::set<unsigned> chars;
  auto add = [&chars](const std::string& s) {
    const char* p = s.c_str();
    const char* end = p + s.size();
    while (p < end) {
      unsigned int c = 0;
      const int n = ImTextCharFromUtf8(&c, p, end);
      if (n <= 0) break;
      p += n;
      if (c >= 0x20 && c <= 0xFFFF) chars.insert(c);
    }
  };
  for (Lang each : {Lang::En, l}) {
    for (const std::string& key : catalog_keys(each)) add(catalog_text(each, key));
  }
  for (const MsgInfo& m : message_table()) add(m.english);
  const std::string code = lang_code(l);
  std::function<void(const Json&)> walk = [&](const Json& j) {
    if (j.is_object()) {
      for (auto it = j.begin(); it != j.end(); ++it) {
        if ((it.key() == "en" || it.key() == code) && it.value().is_string()) add(it.value().get<std::string>());
        else walk(it.value());
      }
    } else if (j.is_array()) {
      for (const Json& x : j) walk(x);
    }
  };
  for (const std::string& id : builtin_lesson_ids()) {
    std::string text;
    if (!builtin_lesson(id, text)) continue;
    const Json j = Json::parse(text, nullptr, false);
    if (!j.is_discarded()) walk(j);
  }
  return g_text_chars[l] = std::vector<unsigned>(chars.begin(), chars.end());
}

// Adds the characters of the language's texts, split into the ui font's and the CJK ones.
void add_catalog_text(Lang l, ImFontGlyphRangesBuilder& ui, ImFontGlyphRangesBuilder& cjk) {
  for (unsigned c : text_chars(l)) (is_cjk(c) ? cjk : ui).AddChar(static_cast<ImWchar>(c));
}

}  // namespace

bool font_available(Lang l) { return l != Lang::Zh || kFont_zh_size > 0 || !provided_zh().empty(); }

bool provide_font(const std::string& name, std::string bytes) {
  if (name != "zh" || bytes.size() < 12) return false;
  provided_zh() = std::move(bytes);
  return true;
}

Lang display_language(const App& app) { return font_available(app.lang) ? app.lang : Lang::En; }

AtlasInfo atlas_info() { return g_built.info; }

bool update_fonts(App& app, float dpr) {
  if (!(dpr > 0.0f)) dpr = 1.0f;
  const Lang lang = display_language(app);
  const bool zh = lang == Lang::Zh;
  if (g_built.context == ImGui::GetCurrentContext() && g_built.dpr == dpr && g_built.lang == lang && g_built.scale == app.font_scale && g_built.zh == zh &&
      app.applied.font_scale == app.font_scale)
    return false;

  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  const float px = std::round(kBaseFontPx * static_cast<float>(app.font_scale) * dpr);

  ImVector<ImWchar>& ui_ranges = g_built.ui_ranges;
  ImVector<ImWchar>& cjk_ranges = g_built.cjk_ranges;
  ImFontGlyphRangesBuilder ui, cjk;
  static const ImWchar base[] = {0x0020, 0x00FF, 0x0102, 0x0103, 0x0110, 0x0111, 0x0128, 0x0129, 0x0168, 0x0169,
                                 0x01A0, 0x01A1, 0x01AF, 0x01B0, 0x1EA0, 0x1EF9, 0x2212, 0x2212, 0xFFFD, 0xFFFD, 0};
  ui.AddRanges(base);
  add_catalog_text(lang, ui, cjk);
  ui_ranges.clear();
  cjk_ranges.clear();
  ui.BuildRanges(&ui_ranges);
  cjk.BuildRanges(&cjk_ranges);

  ImFontConfig cfg;
  cfg.FontDataOwnedByAtlas = false;  // static data
  cfg.OversampleH = dpr >= 2.0f ? 1 : 2;
  cfg.OversampleV = 1;
  cfg.PixelSnapH = false;
  io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(kFont_ui), static_cast<int>(kFont_ui_size), px, &cfg,
                                 ui_ranges.Data);
  ImFontConfig merge = cfg;
  merge.MergeMode = true;
  if (kFont_extra_size > 0)
    io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(kFont_extra), static_cast<int>(kFont_extra_size), px, &merge,
                                   cjk_ranges.Data);
  if (zh) {
    const unsigned char* data = kFont_zh_size > 0 ? kFont_zh : reinterpret_cast<const unsigned char*>(provided_zh().data());
    const int size = kFont_zh_size > 0 ? static_cast<int>(kFont_zh_size) : static_cast<int>(provided_zh().size());
    io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(data), size, px, &merge, cjk_ranges.Data);
  }
  io.Fonts->Build();
  io.FontGlobalScale = 1.0f / dpr;
  // Combining marks (the hat of x̂, R̂, γ̂): ImGui places glyphs one after the other and
  // knows no mark positioning, so a mark is centred over the letter before it by its own
  // offset (about 0.25 em left of the pen for the letters the notation uses, no advance)
  // and raised a little so that it clears capitals as well as lower-case letters.
  if (io.Fonts->Fonts.Size > 0) {
    ImFont* f = io.Fonts->Fonts[0];
    for (ImFontGlyph& g : f->Glyphs) {
      if (g.Codepoint < 0x0300 || g.Codepoint > 0x036F) continue;
      const float w = g.X1 - g.X0, centre = -0.25f * px, raise = 0.12f * px;
      g.X0 = centre - 0.5f * w;
      g.X1 = centre + 0.5f * w;
      g.Y0 -= raise;  // clear a capital's top too (R̂), not only the x-height (x̂, γ̂)
      g.Y1 -= raise;
      g.AdvanceX = 0.0f;
      if (g.Codepoint < static_cast<unsigned>(f->IndexAdvanceX.Size)) f->IndexAdvanceX[static_cast<int>(g.Codepoint)] = 0.0f;
    }
  }

  g_built.dpr = dpr;
  g_built.lang = lang;
  g_built.scale = app.font_scale;
  g_built.zh = zh;
  g_built.info = {io.Fonts->TexWidth, io.Fonts->TexHeight, io.Fonts->Fonts.Size > 0 ? io.Fonts->Fonts[0]->Glyphs.Size : 0};
  g_built.context = ImGui::GetCurrentContext();
  app.applied.font_scale = app.font_scale;
  return true;
}

}  // namespace pla::app
