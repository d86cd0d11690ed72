// The language catalogs: complete, with the same placeholders as English, rendered for
// core message codes, chosen by link, setting and browser preference.
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <string>

#include "app/app.hpp"
#include "app/fonts.hpp"
#include "imgui.h"
#include "imgui_internal.h"  // ImTextCharFromUtf8
#include "app/i18n.hpp"

namespace pla::app::i18n_test {
namespace {

std::set<std::string> placeholders(const std::string& s) {
  std::set<std::string> out;
  static const std::regex re("\\{([a-z_0-9]+)\\}");
  for (auto it = std::sregex_iterator(s.begin(), s.end(), re); it != std::sregex_iterator(); ++it) out.insert((*it)[1]);
  return out;
}

struct LangReset {
  ~LangReset() { set_language(Lang::En); }
};

TEST(Catalogs, ParseAndHaveEveryEnglishKeyWithTheSamePlaceholders) {
  EXPECT_TRUE(catalog_errors().empty()) << catalog_errors().front();
  ASSERT_GT(catalog_keys(Lang::En).size(), 150u);
  for (Lang l : {Lang::Vi, Lang::Zh}) {
    for (const std::string& key : catalog_keys(Lang::En)) {
      ASSERT_TRUE(catalog_has(l, key)) << lang_code(l) << ".json lacks " << key;
      EXPECT_EQ(placeholders(catalog_text(l, key)), placeholders(catalog_text(Lang::En, key))) << lang_code(l) << ": " << key;
      EXPECT_FALSE(catalog_text(l, key).empty()) << lang_code(l) << ": " << key;
    }
    // Nothing a translator added that English does not have (a typo in a key).
    for (const std::string& key : catalog_keys(l))
      if (key.rfind("msg.", 0) != 0) {
        EXPECT_TRUE(catalog_has(Lang::En, key)) << lang_code(l) << ".json has extra key " << key;
      }
  }
}

TEST(Catalogs, SettingsTableLabelsAreInTheCatalog) {
  int labelled = 0;
  for (const auto& def : session_settings()) {
    if (!def.label) continue;
    ++labelled;
    EXPECT_TRUE(catalog_has(Lang::En, def.label)) << def.key << ": " << def.label;
    if (def.help) {
      EXPECT_TRUE(catalog_has(Lang::En, def.help)) << def.key << ": " << def.help;
    }
  }
  EXPECT_GE(labelled, 13);
}

TEST(Catalogs, EveryMessageCodeIsTranslatedWithItsPlaceholders) {
  for (const MsgInfo& m : message_table()) {
    const std::string key = std::string("msg.") + m.key;
    for (Lang l : {Lang::Vi, Lang::Zh}) {
      ASSERT_TRUE(catalog_has(l, key)) << lang_code(l) << ".json lacks " << key;
      EXPECT_EQ(placeholders(catalog_text(l, key)), placeholders(m.english)) << lang_code(l) << ": " << key;
    }
  }
  // And no translation of a code that no longer exists.
  for (Lang l : {Lang::Vi, Lang::Zh})
    for (const std::string& key : catalog_keys(l))
      if (key.rfind("msg.", 0) == 0) {
        Msg code = Msg::none;
        EXPECT_TRUE(message_from_key(key.substr(4), code)) << lang_code(l) << ": stale " << key;
      }
}

TEST(Catalogs, CoreMessagesRenderInTheChosenLanguage) {
  LangReset reset;
  Session s;
  s.command({"clear"});
  const Status st = s.command({"step"});
  ASSERT_EQ(st.code, Msg::session_no_points);
  set_language(Lang::En);
  EXPECT_EQ(tr_msg(st), "no points to train on");
  set_language(Lang::Vi);
  const std::string vi = tr_msg(st);
  EXPECT_EQ(vi, catalog_text(Lang::Vi, "msg.session.no_points"));
  EXPECT_NE(vi, st.error);
  // A located reader error keeps FILE:LINE:COLUMN in front, the rest translated.
  const Status bad = s.import_csv("x,y,label\n1,2,1\n3,zz,-1\n", "mine.csv");
  ASSERT_FALSE(bad.ok);
  set_language(Lang::Zh);
  const std::string zh = tr_msg(bad);
  EXPECT_EQ(zh.rfind("mine.csv:3:2: ", 0), 0u) << zh;
  EXPECT_NE(zh, bad.error);
  EXPECT_NE(zh.find("zz"), std::string::npos) << zh;
}

TEST(Catalogs, PseudoLanguageDoublesEveryString) {
  LangReset reset;
  for (const std::string& key : catalog_keys(Lang::En)) {
    const std::string en = catalog_text(Lang::En, key);
    EXPECT_EQ(catalog_text(Lang::Pseudo, key), en.empty() ? en : en + " " + en) << key;
  }
  set_language(Lang::Pseudo);
  EXPECT_EQ(std::string(tr("run.step")), std::string(catalog_text(Lang::En, "run.step")) + " " + catalog_text(Lang::En, "run.step"));
}

TEST(Language, ChosenByLinkSettingAndPreference) {
  LangReset reset;
  App app;
  init(app);
  EXPECT_EQ(app.lang, Lang::En);
  ASSERT_TRUE(run_command(app, {"set", "lang", "vi"}).ok);
  EXPECT_EQ(app.lang, Lang::Vi);
  EXPECT_EQ(state(app)["lang"], "vi");
  // An unknown value is refused; through a link it is a notice and English stays.
  App b;
  init(b);
  std::vector<Message> ignored;
  apply_params(b, {{"lang", "xx"}}, ignored);
  EXPECT_EQ(b.lang, Lang::En);
  ASSERT_EQ(ignored.size(), 1u);
  EXPECT_EQ(ignored[0].english().rfind("lang: ", 0), 0u) << ignored[0].english();
  apply_params(b, {{"lang", "zh"}}, ignored);
  EXPECT_EQ(b.lang, Lang::Zh);
  // The link reproduces the language; the saved state too (same parameters).
  bool found = false;
  for (const auto& kv : link_params(b)) found |= kv.first == "lang" && kv.second == "zh";
  EXPECT_TRUE(found);
  // Browser preferences: the first supported tag wins, else English.
  EXPECT_EQ(lang_from_preferences({"vi-VN", "en-US"}), Lang::Vi);
  EXPECT_EQ(lang_from_preferences({"fr-FR", "zh-Hans-CN"}), Lang::Zh);
  EXPECT_EQ(lang_from_preferences({"zh_TW.UTF-8"}), Lang::Zh);
  EXPECT_EQ(lang_from_preferences({"fr", "de"}), Lang::En);
  EXPECT_EQ(lang_from_preferences({"pseudo"}), Lang::En);
  ASSERT_TRUE(run_command(app, {"prefer_languages", "de-DE", "zh-CN"}).ok);
  EXPECT_EQ(app.lang, Lang::Zh);
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
  for (Lang l : {Lang::En, Lang::Vi, Lang::Zh}) {
    for (float dpr : {1.0f, 2.0f, 3.0f}) {
      ImGui::CreateContext();
      App app;
      app.lang = l;
      ASSERT_TRUE(update_fonts(app, dpr));
      EXPECT_FALSE(update_fonts(app, dpr));  // nothing changed: no rebuild
      const AtlasInfo a = atlas_info();
      std::printf("atlas %s @%gx: %d x %d, %d glyphs\n", lang_code(l), static_cast<double>(dpr), a.width, a.height, a.glyphs);
      EXPECT_LE(a.width, 4096);
      EXPECT_LE(a.height, 4096);
      ImFont* font = ImGui::GetIO().Fonts->Fonts[0];
      for (const std::string& key : catalog_keys(l)) {
        const std::string text = catalog_text(l, key);
        for (const char* p = text.c_str(); *p;) {
          unsigned int c = 0;
          p += ImTextCharFromUtf8(&c, p, nullptr);
          if (c >= 0x20 && c < 0x10000) {
            EXPECT_NE(font->FindGlyphNoFallback(static_cast<ImWchar>(c)), nullptr)
                << lang_code(l) << " " << key << ": U+" << std::hex << c;
          }
        }
      }
      ImGui::DestroyContext();
    }
  }
}

}  // namespace
}  // namespace pla::app::i18n_test
