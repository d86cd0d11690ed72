// A language is its catalog (app/i18n.hpp, core/base/catalogs.hpp): a made-up language "xx",
// added at run time from a catalog file's text alone, is in the language menu and the
// `lang` setting's choices, can be chosen (by the menu, a link, the browser's preferred
// tags), draws and describes the lab in its texts (English for a key it lacks), and its
// lessons, written in no language but English, fall back to English.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "app/app.hpp"
#include "app/describe.hpp"
#include "app/format.hpp"
#include "app/i18n.hpp"
#include "core/base/json.hpp"
#include "headless.hpp"
#include "imgui_internal.h"  // ActivateItem, ImHashStr, FindWindowByName
#include "layout_check.hpp"
#include "ui_press.hpp"

namespace pla::app::languages_test {
namespace {

using test::Headless;

// The "xx" catalog: en.json with its own name and tags, every text of the run panel
// rewritten, and one key left out (English stands in for it).
std::string xx_catalog() {
  std::ifstream f(std::string(PLA_SOURCE_DIR) + "/web/i18n/en.json");
  std::stringstream text;
  text << f.rdbuf();
  Json j = Json::parse(text.str());
  j["language"] = Json{{"name", "Xx-lang"}, {"tags", Json::array({"xx"})}, {"html", "xx"}, {"locale", "xx-XX"}, {"fonts", Json::array()}};
  for (auto it = j["run"].begin(); it != j["run"].end(); ++it)
    if (it.value().is_string()) it.value() = "xx " + it.value().get<std::string>();
  j["a11y"]["title"] = "xx lab";
  j["run"].erase("reset");
  return j.dump();
}

using test::drawn;
using test::drawn_texts;
using test::press_labelled;

TEST(Languages, AMadeUpLanguageFromItsCatalogAloneIsOneOfTheLabs) {
  Headless h(Headless::Fonts::ImGuiDefault, {});
  App& app = h.app;
  Catalogs& catalogs = app.session.catalogs();
  EXPECT_FALSE(run_command(app, {"set", "lang", "xx"}).ok);  // no such language yet
  ASSERT_TRUE(catalogs.add("xx", xx_catalog()).ok);

  // The menu lists it, named as its catalog names itself, and the setting takes it.
  const std::vector<std::string> langs = user_languages(catalogs);
  EXPECT_NE(std::find(langs.begin(), langs.end(), "xx"), langs.end());
  EXPECT_EQ(catalogs.name("xx"), "Xx-lang");
  const Status refused = run_command(app, {"set", "lang", "qq"});
  EXPECT_NE(refused.error.find("xx"), std::string::npos) << refused.error;  // among the choices
  // Chosen in the language menu (the view settings' combo at the panel's end, opened, then
  // its row).
  ImGuiWindow* panel = ImGui::FindWindowByName("Perceptron Lab");
  ASSERT_NE(panel, nullptr);
  ImGui::SetScrollY(panel, panel->ScrollMax.y);
  h.frame();
  h.frame();
  ImGui::ActivateItem(ImHashStr("##lang", 0, ImHashStr("view_form", 0, panel->ID)));
  std::vector<std::string> texts = drawn_texts(h);
  EXPECT_TRUE(drawn(texts, "Xx-lang")) << "the language menu lists the new language";
  ASSERT_TRUE(press_labelled(h, "Xx-lang##lang_xx", [&] { return app.lang == "xx"; }));
  EXPECT_EQ(state(app)["lang"], "xx");

  // Its texts, drawn and described; English for the key it lacks.
  texts = drawn_texts(h);
  EXPECT_TRUE(drawn(texts, std::string("xx ") + catalogs.text("en", "run.step"))) << "the run panel in xx";
  EXPECT_TRUE(drawn(texts, "Xx-lang")) << "the menu's preview names it";
  EXPECT_EQ(std::string(app.tr("run.reset")), catalogs.text("en", "run.reset"));
  EXPECT_EQ(describe(app).title, "xx lab");
  EXPECT_EQ(Json::parse(describe_json(app))["lang"], "xx");

  // Its lessons: written in English only, they read in English.
  ASSERT_TRUE(run_command(app, {"lesson", "textbook"}).ok);
  texts = drawn_texts(h);
  const NumberFormat number = [](double v) { return fmt_num(v, 6); };
  const std::string title = app.lesson.title("en");
  EXPECT_EQ(app.lesson.title("xx"), title);
  EXPECT_EQ(state(app)["lessons"][0]["title"], builtin_lesson_infos()[0].title.en);
  EXPECT_EQ(app.lesson.narration(app.session, "xx", number), app.lesson.narration(app.session, "en", number));
  EXPECT_TRUE(drawn(texts, title.substr(0, 12))) << title;
  EXPECT_TRUE(drawn(texts, app.lesson.narration(app.session, "en", number).substr(0, 12)));

  // A link and the browser's preferred tags choose it too; packages take it.
  App other;
  other.session.share_catalogs(app.session.shared_catalogs());
  std::vector<Message> ignored;
  apply_params(other, {{"lang", "xx"}}, ignored);
  EXPECT_TRUE(ignored.empty());
  EXPECT_EQ(other.lang, "xx");
  ASSERT_TRUE(run_command(other, {"set", "lang", "en"}).ok);
  ASSERT_TRUE(run_command(other, {"prefer_languages", "fr-FR", "xx-YY"}).ok);
  EXPECT_EQ(other.lang, "xx");
  std::string options;
  EXPECT_TRUE(package_options(other, "html", R"({"lessons": ["textbook"], "lang": "xx"})", options).ok);
  EXPECT_EQ(Json::parse(options)["lang"], "xx");
}

}  // namespace
}  // namespace pla::app::languages_test
