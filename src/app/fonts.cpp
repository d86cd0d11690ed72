// Perceptron Lab app: the interface's fonts (fonts.hpp): the font table the build cut
// (generated/fonts.cpp), the characters each language's texts use, and the atlas built from
// them for the language drawn.
#include "app/fonts.hpp"

#include <cmath>
#include <cstring>
#include <functional>
#include <set>

#include "app/app_internal.hpp"
#include "core/lab/lesson/lesson.hpp"
#include "imgui.h"
#include "imgui_internal.h"  // ImTextCharFromUtf8

namespace pla::app {

// The fonts cut by src/app/fonts/make_fonts.py (generated/fonts.cpp), one row each: "ui",
// "extra" (and "extra-2", ...), then each language's own named by its code ("zh"; "zh-2",
// ...). A font this build does not embed has no bytes (size 0): the page delivers it.
extern const char* const kFontNames[];
extern const unsigned char* const kFontBytes[];
extern const unsigned int kFontSizes[];
extern const unsigned int kFontCount;
// A "more" font's characters (zh-more: the common ones its language's cut font lacks): a bitmap
// of kFontCharCount[i] characters from kFontCharFirst[i]; null for the other fonts.
extern const unsigned char* const kFontChars[];
extern const unsigned int kFontCharFirst[];
extern const unsigned int kFontCharCount[];

namespace {

// `name` is `base` or `base-N` (a further font file of the same name).
bool font_of(const std::string& name, const std::string& base) {
  if (name == base) return true;
  if (name.size() <= base.size() + 1 || name.compare(0, base.size(), base) != 0 || name[base.size()] != '-') return false;
  for (std::size_t i = base.size() + 1; i < name.size(); ++i)
    if (name[i] < '0' || name[i] > '9') return false;
  return true;
}

// A font's bytes: embedded, or provided at run time; null when neither.
const unsigned char* font_bytes(const FontAtlas& fonts, unsigned i, int& size) {
  if (kFontSizes[i] > 0) {
    size = static_cast<int>(kFontSizes[i]);
    return kFontBytes[i];
  }
  const auto it = fonts.provided.find(kFontNames[i]);
  if (it == fonts.provided.end()) return nullptr;
  size = static_cast<int>(it->second.size());
  return reinterpret_cast<const unsigned char*>(it->second.data());
}

// What the ui font always holds: Latin-1, the Vietnamese letters, the minus sign, U+FFFD.
constexpr ImWchar kBaseRanges[] = {0x0020, 0x00FF, 0x0102, 0x0103, 0x0110, 0x0111, 0x0128, 0x0129, 0x0168, 0x0169,
                                   0x01A0, 0x01A1, 0x01AF, 0x01B0, 0x1EA0, 0x1EF9, 0x2212, 0x2212, 0xFFFD, 0xFFFD, 0};

bool is_cjk(unsigned c) { return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFF00 && c <= 0xFFEF) || (c >= 0x3000 && c <= 0x303F); }

// The characters of a language's texts: every catalog string (English's and the language's),
// every language's own name (the language menus), the message templates and the built-in
// lessons' texts in English and in the language (their titles always; the rest where this
// build carries it or its file has come). Collected once per language and atlas, and again
// when a file comes: collecting them parses every lesson (most of a font rebuild's time).
// The characters of `s` a font may draw (U+0020 to U+FFFF), added to `chars`.
void add_chars(std::set<unsigned>& chars, const std::string& s) {
  const char* p = s.c_str();
  const char* end = p + s.size();
  while (p < end) {
    unsigned int c = 0;
    const int n = ImTextCharFromUtf8(&c, p, end);
    if (n <= 0) break;
    p += n;
    if (c >= 0x20 && c <= 0xFFFF) chars.insert(c);
  }
}

const std::vector<unsigned>& text_chars(FontAtlas& fonts, const Session& session, const std::string& lang) {
  const Catalogs& catalogs = session.catalogs();
  const auto found = fonts.text_chars.find(lang);
  if (found != fonts.text_chars.end()) return found->second;
  std::set<unsigned> chars;
  auto add = [&chars](const std::string& s) { add_chars(chars, s); };
  for (const std::string& code : {kEnglish, lang})
    for (const std::string& key : catalogs.keys(code)) add(catalogs.text(code, key));
  for (const std::string& code : catalogs.codes()) add(catalogs.name(code));
  for (const MsgInfo& m : message_table()) add(m.english);
  std::function<void(const Json&)> walk = [&](const Json& j) {
    if (j.is_object()) {
      for (auto it = j.begin(); it != j.end(); ++it) {
        if ((it.key() == kEnglish || it.key() == lang) && it.value().is_string()) add(it.value().get<std::string>());
        else walk(it.value());
      }
    } else if (j.is_array()) {
      for (const Json& x : j) walk(x);
    }
  };
  for (const LessonInfo& info : builtin_lesson_infos()) {
    add(info.title.en);
    add(info.title.written(lang));
    std::string text;
    if (!builtin_lesson(info.id, text)) {
      const std::string* fetched = session.shared_files()->find(builtin_lesson_file(info.id));
      if (!fetched) continue;
      text = *fetched;
    }
    const Json j = Json::parse(text, nullptr, false);
    if (!j.is_discarded()) walk(j);
  }
  return fonts.text_chars[lang] = std::vector<unsigned>(chars.begin(), chars.end());
}

// Combining marks (the hat of x̂, R̂, γ̂): ImGui places glyphs one after the other and knows
// no mark positioning, so a mark is centred over the letter before it by its own offset
// (about 0.25 em left of the pen for the letters the notation uses, no advance) and raised a
// little so that it clears capitals as well as lower-case letters.
void place_combining_marks(ImFont* f, float px) {
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

// The table's row of the font `name`, or kFontCount.
unsigned font_row(const std::string& name) {
  unsigned i = 0;
  while (i < kFontCount && name != kFontNames[i]) ++i;
  return i;
}

// The table's row of `code`'s more font when a teacher's text (the studio's lesson, the lesson
// open) uses one of its characters; kFontCount when none does (or the language has none).
unsigned more_wanted(const FontAtlas& fonts, const std::string& code) {
  const unsigned i = font_row(code + "-more");  // its common characters beyond the cut font
  if (i == kFontCount || !kFontChars[i]) return kFontCount;
  const auto has = [i](unsigned c) {
    const unsigned at = c - kFontCharFirst[i];  // wraps below the first: past the count
    return at < kFontCharCount[i] && ((kFontChars[i][at / 8] >> (at % 8)) & 1u) != 0;
  };
  for (const std::vector<unsigned>* chars : {&fonts.studio_chars, &fonts.lesson_chars})
    for (unsigned c : *chars)
      if (has(c)) return i;
  return kFontCount;
}

// The characters of the lesson open, in every language it is written in, into
// `fonts.lesson_chars` when App::progress_key names another lesson; true when they changed.
bool collect_lesson_chars(FontAtlas& fonts, const App& app) {
  const std::string key = app.lesson.loaded() ? app.progress_key : std::string();
  if (key == fonts.lesson_key) return false;
  fonts.lesson_key = key;
  std::set<unsigned> chars;
  const auto add = [&chars](const LessonText& t) {
    add_chars(chars, t.en);
    for (const auto& [code, text] : t.translations) add_chars(chars, text);
  };
  if (!key.empty()) {
    const Lesson& lesson = app.lesson.lesson();
    add(lesson.title);
    for (const LessonStep& step : lesson.steps) {
      add(step.narration);
      add(step.question.prompt);
      add(step.question.why);
      for (const LessonText& t : step.question.options) add(t);
      for (const LessonText& t : step.question.whys) add(t);
    }
  }
  std::vector<unsigned> next(chars.begin(), chars.end());
  if (next == fonts.lesson_chars) return false;
  fonts.lesson_chars = std::move(next);
  return true;
}

// The atlas: the ui font over its ranges and the language's Latin, Vietnamese and other
// characters; merged into it, the extra fonts and then the language's own over the CJK ones.
void build_atlas(FontAtlas& fonts, const App& app, const std::string& lang, float px, float dpr) {
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  ImFontGlyphRangesBuilder ui, cjk;
  ui.AddRanges(kBaseRanges);
  for (unsigned c : text_chars(fonts, app.session, lang)) (is_cjk(c) ? cjk : ui).AddChar(static_cast<ImWchar>(c));
  for (const std::vector<unsigned>* chars : {&fonts.studio_chars, &fonts.lesson_chars})
    for (unsigned c : *chars) (is_cjk(c) ? cjk : ui).AddChar(static_cast<ImWchar>(c));
  fonts.ui_ranges.clear();
  fonts.cjk_ranges.clear();
  ui.BuildRanges(&fonts.ui_ranges);
  cjk.BuildRanges(&fonts.cjk_ranges);

  ImFontConfig cfg;
  cfg.FontDataOwnedByAtlas = false;  // the table's bytes, or FontAtlas::provided's
  cfg.OversampleH = dpr >= 2.0f ? 1 : 2;
  cfg.OversampleV = 1;
  cfg.PixelSnapH = false;
  ImFontConfig merge = cfg;
  merge.MergeMode = true;
  std::vector<std::string> groups = {"ui", "extra", lang};
  for (std::size_t at = 0, end = 0; (end = fonts.also.find(',', at)) != std::string::npos; at = end + 1)
    groups.push_back(fonts.also.substr(at, end - at));  // the studio's other languages, the more fonts
  for (const std::string& group : groups)
    for (unsigned i = 0; i < kFontCount; ++i) {
      int size = 0;
      const unsigned char* data = font_of(kFontNames[i], group) ? font_bytes(fonts, i, size) : nullptr;
      if (!data || size <= 0) continue;
      const bool first = group == "ui";
      io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(data), size, px, first ? &cfg : &merge,
                                     first ? fonts.ui_ranges.Data : fonts.cjk_ranges.Data);
    }
  io.Fonts->Build();
  io.FontGlobalScale = 1.0f / dpr;
  if (io.Fonts->Fonts.Size > 0) place_combining_marks(io.Fonts->Fonts[0], px);
}

}  // namespace

std::vector<std::string> missing_fonts(const FontAtlas& fonts, const std::string& lang) {
  std::vector<std::string> out;
  for (unsigned i = 0; i < kFontCount; ++i) {
    int size = 0;
    if (lang != "ui" && lang != "extra" && font_of(kFontNames[i], lang) && !font_bytes(fonts, i, size)) out.emplace_back(kFontNames[i]);
  }
  return out;
}

namespace {
// The languages whose texts the interface shows besides `lang`: while the studio is open, every
// language its lesson may be written in.
std::vector<std::string> also_drawn(const App& app, const std::string& lang) {
  std::vector<std::string> out;
  if (!app.studio.studio.is_open()) return out;
  for (const std::string& code : lesson_languages(app.session.catalogs()))
    if (code != lang && code != kEnglish) out.push_back(code);
  return out;
}

// The characters of the studio's lesson, added to `fonts.studio_chars` when its revision moved;
// true when one is new.
bool collect_studio_chars(FontAtlas& fonts, const App& app) {
  const Studio& studio = app.studio.studio;
  if (!studio.is_open() || fonts.studio_revision == studio.revision()) return false;
  fonts.studio_revision = studio.revision();
  std::set<unsigned> chars(fonts.studio_chars.begin(), fonts.studio_chars.end());
  const std::size_t before = chars.size();
  std::function<void(const Json&)> walk = [&](const Json& j) {
    if (j.is_string()) {
      add_chars(chars, j.get_ref<const std::string&>());
    } else if (j.is_structured()) {
      for (const Json& x : j) walk(x);
    }
  };
  walk(studio.draft());
  if (chars.size() == before) return false;
  fonts.studio_chars.assign(chars.begin(), chars.end());
  return true;
}
}  // namespace

std::vector<std::string> wanted_fonts(const FontAtlas& fonts, const App& app) {
  std::vector<std::string> out = missing_fonts(fonts, app.lang);
  std::vector<std::string> codes = also_drawn(app, app.lang);
  for (const std::string& code : codes)
    for (const std::string& name : missing_fonts(fonts, code)) out.push_back(name);
  codes.push_back(app.lang);
  int size = 0;
  for (const std::string& code : codes) {
    const unsigned i = more_wanted(fonts, code);
    if (i < kFontCount && !font_bytes(fonts, i, size)) out.push_back(kFontNames[i]);
  }
  return out;
}

bool provide_font(FontAtlas& fonts, const std::string& name, std::string bytes) {
  if (bytes.size() < 12 || name == "ui" || font_of(name, "extra")) return false;
  for (unsigned i = 0; i < kFontCount; ++i)
    if (name == kFontNames[i]) {
      fonts.provided[name] = std::move(bytes);
      return true;
    }
  return false;
}

bool update_fonts(FontAtlas& fonts, App& app, float dpr) {
  if (!(dpr > 0.0f)) dpr = 1.0f;
  const bool at_hand = missing_fonts(fonts, app.lang).empty();
  app.applied.fonts_missing = at_hand ? std::string() : app.lang;
  const std::string lang = app.shown_lang();
  if (fonts.files_seen != app.files_arrived) {  // a lesson's or a catalog's text came: its characters
    fonts.text_chars.clear();
    fonts.files_seen = app.files_arrived;
    fonts.scale = 0.0;
  }
  const bool new_studio_chars = collect_studio_chars(fonts, app);
  const bool new_chars = collect_lesson_chars(fonts, app) || new_studio_chars;
  // The studio's other languages whose fonts are at hand, and the more fonts at hand that a
  // teacher's text needs (the language drawn's and theirs).
  std::string also;
  std::vector<std::string> codes = also_drawn(app, lang);
  codes.insert(codes.begin(), lang);
  int size = 0;
  for (const std::string& code : codes) {
    if (code != lang && !missing_fonts(fonts, code).empty()) continue;
    if (code != lang) also += code + ",";
    const unsigned i = more_wanted(fonts, code);
    if (i < kFontCount && font_bytes(fonts, i, size)) also += std::string(kFontNames[i]) + ",";
  }
  if (fonts.context == ImGui::GetCurrentContext() && fonts.dpr == dpr && fonts.lang == lang && fonts.scale == app.font_scale &&
      app.applied.font_scale == app.font_scale && fonts.also == also && !new_chars)
    return false;
  fonts.also = also;
  const float px = std::round(kBaseFontPx * static_cast<float>(app.font_scale) * dpr);
  build_atlas(fonts, app, lang, px, dpr);
  const ImGuiIO& io = ImGui::GetIO();
  fonts.dpr = dpr;
  fonts.lang = lang;
  fonts.scale = app.font_scale;
  fonts.info = {io.Fonts->TexWidth, io.Fonts->TexHeight, io.Fonts->Fonts.Size > 0 ? io.Fonts->Fonts[0]->Glyphs.Size : 0};
  fonts.context = ImGui::GetCurrentContext();
  app.applied.font_scale = app.font_scale;
  return true;
}

}  // namespace pla::app
