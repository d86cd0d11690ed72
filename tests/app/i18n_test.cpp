// The language catalogs: every catalog found in web/i18n complete, with the same placeholders
// as English, and carried by the app; rendered for core message codes; chosen by link,
// setting and browser preference.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "app/app.hpp"
#include "app/fonts.hpp"
#include "imgui.h"
#include "imgui_internal.h"  // ImTextCharFromUtf8
#include "app/i18n.hpp"
#include "core/lab/lesson/loader.hpp"

namespace pla::app::i18n_test {
namespace {

std::set<std::string> placeholders(const std::string& s) {
  std::set<std::string> out;
  static const std::regex re("\\{([a-z_0-9]+)\\}");
  for (auto it = std::sregex_iterator(s.begin(), s.end(), re); it != std::sregex_iterator(); ++it) out.insert((*it)[1]);
  return out;
}

// The catalogs found: web/i18n/CODE.json but glossary.json (a language is its catalog file),
// read from the source tree, each flattened to "a.b.c" -> text (string leaves only).
using Flat = std::map<std::string, std::string>;
void flatten_into(const nlohmann::json& j, const std::string& prefix, Flat& out) {
  if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) flatten_into(it.value(), prefix.empty() ? it.key() : prefix + "." + it.key(), out);
  } else if (j.is_string()) {
    out[prefix] = j.get<std::string>();
  }
}
std::map<std::string, Flat> catalogs_found() {
  std::map<std::string, Flat> out;
  for (const auto& e : std::filesystem::directory_iterator(std::string(PLA_SOURCE_DIR) + "/web/i18n")) {
    if (e.path().extension() != ".json" || e.path().filename() == "glossary.json") continue;
    std::ifstream f(e.path());
    std::stringstream text;
    text << f.rdbuf();
    const nlohmann::json j = nlohmann::json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
    EXPECT_TRUE(j.is_object()) << e.path() << " is not a JSON object";
    flatten_into(j, "", out[e.path().stem().string()]);
  }
  return out;
}

TEST(Catalogs, EveryCatalogFoundHasEveryEnglishKeyWithTheSamePlaceholders) {
  const auto found = catalogs_found();
  ASSERT_TRUE(found.count("en")) << "web/i18n/en.json is missing";
  ASSERT_GE(found.size(), 3u);  // en, vi, zh at least
  const Flat& en = found.at("en");
  ASSERT_GT(en.size(), 150u);
  for (const char* key : {"language.name", "language.html", "language.locale"}) EXPECT_TRUE(en.count(key)) << key;
  for (const auto& [code, cat] : found) {
    if (code == "en") continue;
    for (const auto& [key, text] : en) {
      ASSERT_TRUE(cat.count(key)) << code << ".json lacks " << key;
      EXPECT_EQ(placeholders(cat.at(key)), placeholders(text)) << code << ": " << key;
      EXPECT_FALSE(cat.at(key).empty()) << code << ": " << key;
    }
    // Nothing a translator added that English does not have (a typo in a key).
    for (const auto& kv : cat)
      if (kv.first.rfind("msg.", 0) != 0) {
        EXPECT_TRUE(en.count(kv.first)) << code << ".json has extra key " << kv.first;
      }
  }
}

// The app carries every catalog found (the build embeds the folder), as the file says.
TEST(Catalogs, TheAppHasEveryCatalogFound) {
  const App app;
  const Catalogs& catalogs = app.session.catalogs();
  EXPECT_TRUE(catalogs.errors().empty()) << catalogs.errors().front();
  for (const auto& [code, cat] : catalogs_found()) {
    ASSERT_TRUE(is_language(catalogs, code)) << code << ".json: the app does not know the language " << code;
    for (const auto& [key, text] : cat) EXPECT_EQ(catalogs.text(code, key), text) << code << ": " << key;
  }
}

TEST(Catalogs, SettingsTableLabelsAreInTheCatalog) {
  const Catalogs catalogs;
  int labelled = 0;
  for (const auto& def : session_settings()) {
    if (!def.label) continue;
    ++labelled;
    EXPECT_TRUE(catalogs.has("en", def.label)) << def.key << ": " << def.label;
    if (def.help) {
      EXPECT_TRUE(catalogs.has("en", def.help)) << def.key << ": " << def.help;
    }
  }
  EXPECT_GE(labelled, 13);
}

TEST(Catalogs, EveryMessageCodeIsTranslatedWithItsPlaceholders) {
  for (const auto& [code, cat] : catalogs_found()) {
    if (code == "en") continue;  // English: the message table's own templates
    for (const MsgInfo& m : message_table()) {
      const std::string key = std::string("msg.") + m.key;
      ASSERT_TRUE(cat.count(key)) << code << ".json lacks " << key;
      EXPECT_EQ(placeholders(cat.at(key)), placeholders(m.english)) << code << ": " << key;
    }
    // And no translation of a code that no longer exists.
    for (const auto& kv : cat)
      if (kv.first.rfind("msg.", 0) == 0) {
        Msg m = Msg::none;
        EXPECT_TRUE(message_from_key(kv.first.substr(4), m)) << code << ": stale " << kv.first;
      }
  }
}

TEST(Catalogs, CoreMessagesRenderInTheChosenLanguage) {
  App app;
  Session& s = app.session;
  s.command({"clear"});
  const Status st = s.command({"step"});
  ASSERT_EQ(st.code, Msg::session_no_points);
  EXPECT_EQ(app.msg(st), "no points to train on");
  app.lang = "vi";
  const std::string vi = app.msg(st);
  EXPECT_EQ(vi, s.catalogs().text("vi", "msg.session.no_points"));
  EXPECT_NE(vi, st.error);
  // A located reader error keeps FILE:LINE:COLUMN in front, the rest translated.
  const Status bad = s.import_csv("x,y,label\n1,2,1\n3,zz,-1\n", "mine.csv");
  ASSERT_FALSE(bad.ok);
  app.lang = "zh";
  const std::string zh = app.msg(bad);
  EXPECT_EQ(zh.rfind("mine.csv:3:2: ", 0), 0u) << zh;
  EXPECT_NE(zh, bad.error);
  EXPECT_NE(zh.find("zz"), std::string::npos) << zh;
}

// A lesson file's error names its place in the language shown (issue 38): the message keeps
// the place as written and its English; the interface says it again in its language.
TEST(Catalogs, ALessonFilesPlaceIsSaidInTheChosenLanguage) {
  App app;
  Lesson l;
  const char* text = R"({"format": 1, "id": "mine", "title": {"en": "Mine"}, "steps": [
    {"narration": {"en": "s"}, "setup": {"preset": "textbook"}}, {"narration": {"en": "Look at {kk}."}}]})";
  const Status st = load_lesson(text, "mine.json", app.session.catalogs(), l);
  ASSERT_EQ(st.error, "lesson mine.json: step 2 of 2, narration, English: unknown placeholder '{kk}'");
  EXPECT_EQ(app.msg(st), st.error);
  app.lang = "vi";
  const std::string vi = app.msg(st);
  EXPECT_NE(vi.find("bước 2/2, lời dẫn, bản English"), std::string::npos) << vi;
  EXPECT_EQ(vi.find("narration"), std::string::npos) << vi;
  app.lang = "zh";
  const std::string zh = app.msg(st);
  EXPECT_NE(zh.find("第 2 步（共 2 步），讲解"), std::string::npos) << zh;
  EXPECT_EQ(zh.find("step"), std::string::npos) << zh;
}

TEST(Catalogs, PseudoLanguageDoublesEveryString) {
  App app;
  const Catalogs& catalogs = app.session.catalogs();
  const Texts pseudo = app.texts(kPseudo);
  for (const std::string& key : catalogs.keys("en")) {
    const std::string en = catalogs.text("en", key);
    EXPECT_EQ(std::string(pseudo.tr(key.c_str())), en.empty() ? en : en + " " + en) << key;
  }
  ASSERT_TRUE(run_command(app, {"set", "lang", "pseudo"}).ok);
  EXPECT_EQ(std::string(app.tr("run.step")), catalogs.text("en", "run.step") + " " + catalogs.text("en", "run.step"));
  // Messages too: the English template written twice.
  EXPECT_EQ(app.msg(Status::fail(Msg::session_no_points)), "no points to train on no points to train on");
}

TEST(Language, ChosenByLinkSettingAndPreference) {
  App app;
  init(app);
  EXPECT_EQ(app.lang, "en");
  ASSERT_TRUE(run_command(app, {"set", "lang", "vi"}).ok);
  EXPECT_EQ(app.lang, "vi");
  EXPECT_EQ(state(app)["lang"], "vi");
  // An unknown value is refused; through a link it is a notice and English stays.
  App b;
  init(b);
  std::vector<Message> ignored;
  apply_params(b, {{"lang", "xx"}}, ignored);
  EXPECT_EQ(b.lang, "en");
  ASSERT_EQ(ignored.size(), 1u);
  EXPECT_EQ(ignored[0].english().rfind("lang: ", 0), 0u) << ignored[0].english();
  apply_params(b, {{"lang", "zh"}}, ignored);
  EXPECT_EQ(b.lang, "zh");
  // The link reproduces the language; the saved state too (same parameters).
  bool found = false;
  for (const auto& kv : link_params(b)) found |= kv.first == "lang" && kv.second == "zh";
  EXPECT_TRUE(found);
  // Browser preferences: the first supported tag wins, else English.
  auto preferred = [&app](std::vector<std::string> tags) {
    tags.insert(tags.begin(), "prefer_languages");
    EXPECT_TRUE(run_command(app, tags).ok);
    return app.lang;
  };
  EXPECT_EQ(preferred({"vi-VN", "en-US"}), "vi");
  EXPECT_EQ(preferred({"fr-FR", "zh-Hans-CN"}), "zh");
  EXPECT_EQ(preferred({"zh_TW.UTF-8"}), "zh");
  EXPECT_EQ(preferred({"fr", "de"}), "en");
  EXPECT_EQ(preferred({"pseudo"}), "en");
  ASSERT_TRUE(run_command(app, {"prefer_languages", "de-DE", "zh-CN"}).ok);
  EXPECT_EQ(app.lang, "zh");
  // Switching language keeps the lab as it was.
  run_command(app, {"preset", "textbook"});
  run_command(app, {"train"});
  const Json before = app.session.state();
  ASSERT_TRUE(run_command(app, {"set", "lang", "en"}).ok);
  EXPECT_EQ(app.session.state(), before);
}

TEST(Language, FontScaleIsASettingWithItsRange) {
  App app;
  init(app);
  ASSERT_TRUE(run_command(app, {"set", "font_scale", "2"}).ok);
  EXPECT_EQ(app.font_scale, 2.0);
  EXPECT_EQ(state(app)["font_scale"], 2);
  EXPECT_FALSE(run_command(app, {"set", "font_scale", "3"}).ok);
  EXPECT_FALSE(run_command(app, {"set", "font_scale", "0.5"}).ok);
  EXPECT_EQ(app.font_scale, 2.0);
}

// The font atlas of each language at 1x, 2x and 3x: every glyph the catalog uses is in
// it, and the texture stays within what every WebGL2 device can hold (4096 px).
TEST(Fonts, AtlasPerLanguageAndPixelRatio) {
  for (const std::string l : {"en", "vi", "zh"}) {
    for (float dpr : {1.0f, 2.0f, 3.0f}) {
      ImGui::CreateContext();
      FontAtlas fonts;
      App app;
      app.lang = l;
      ASSERT_TRUE(update_fonts(fonts, app, dpr));
      EXPECT_FALSE(update_fonts(fonts, app, dpr));  // nothing changed: no rebuild
      const AtlasInfo a = fonts.info;
      std::printf("atlas %s @%gx: %d x %d, %d glyphs\n", l.c_str(), static_cast<double>(dpr), a.width, a.height, a.glyphs);
      EXPECT_LE(a.width, 4096);
      EXPECT_LE(a.height, 4096);
      ImFont* font = ImGui::GetIO().Fonts->Fonts[0];
      auto expect_glyphs = [&](const std::string& text, const std::string& what) {
        for (const char* p = text.c_str(); *p;) {
          unsigned int c = 0;
          p += ImTextCharFromUtf8(&c, p, nullptr);
          if (c >= 0x20 && c < 0x10000) {
            EXPECT_NE(font->FindGlyphNoFallback(static_cast<ImWchar>(c)), nullptr) << l << " " << what << ": U+" << std::hex << c;
          }
        }
      };
      const Catalogs& catalogs = app.session.catalogs();
      for (const std::string& key : catalogs.keys(l)) expect_glyphs(catalogs.text(l, key), key);
      // Every language's own name: the language menu shows them all, in any language.
      for (const std::string& code : catalogs.codes()) expect_glyphs(catalogs.name(code), "the name of " + code);
      ImGui::DestroyContext();
    }
  }
}

}  // namespace
}  // namespace pla::app::i18n_test
