// Files the build leaves out (core/base/data_files.hpp, app/data_wait.cpp), as the web build
// leaves out the catalogs of the languages other than English and the lessons' texts:
// - a language known by name only is chosen at once (state().lang) and drawn in English
//   while its catalog comes (as while its fonts come); once the platform gives the file the
//   lab speaks it; a catalog that cannot come is said, naming the file;
// - a command that waits for a file keeps the commands after it waiting, in order, until
//   nothing is pending (working() meanwhile: the page's command() says running).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "app/app.hpp"
#include "core/base/json.hpp"
#include "headless.hpp"

namespace pla::app::data_wait_test {
namespace {

using test::Headless;

std::string catalog_text(const std::string& code) {
  std::ifstream f(std::string(PLA_SOURCE_DIR) + "/web/i18n/" + code + ".json");
  std::stringstream text;
  text << f.rdbuf();
  return text.str();
}

// vi known by its "language" object only, as the web build embeds it.
void name_only(App& app) {
  const Json vi = Json::parse(catalog_text("vi"));
  ASSERT_TRUE(app.session.catalogs().add("vi", Json{{"language", vi["language"]}}.dump(), false).ok);
}

std::string vi_text(const char* key) { return Json::parse(catalog_text("vi"))["panel"][key].get<std::string>(); }

TEST(DataWait, ALanguageIsChosenAtOnceAndSpokenOnceItsCatalogComes) {
  Headless h(Headless::Fonts::ImGuiDefault, {});
  App& app = h.app;
  name_only(app);
  const std::string english = app.tr("panel.run");
  ASSERT_TRUE(run_command(app, {"set", "lang", "vi"}).ok);
  EXPECT_EQ(app.lang, "vi");
  EXPECT_TRUE(working(app));  // its catalog is on its way: the page's idle() waits for it
  EXPECT_EQ(app.shown_lang(), "en");
  EXPECT_EQ(std::string(app.tr("panel.run")), english);
  h.frame();
  EXPECT_EQ(app.session.files().take_wanted(), (std::vector<std::string>{"i18n/vi.json"}));
  h.frame();
  EXPECT_EQ(app.shown_lang(), "en");  // nothing came yet
  provide_data(app, "i18n/vi.json", true, catalog_text("vi"));
  h.frame();
  EXPECT_TRUE(app.session.catalogs().whole("vi"));
  EXPECT_FALSE(working(app));
  EXPECT_EQ(app.shown_lang(), "vi");
  EXPECT_EQ(std::string(app.tr("panel.run")), vi_text("run"));
}

TEST(DataWait, TheBrowsersTagsPickALanguageKnownByNameOnly) {
  Headless h(Headless::Fonts::ImGuiDefault, {});
  App& app = h.app;
  name_only(app);
  ASSERT_TRUE(run_command(app, {"prefer_languages", "vi-VN", "en-US"}).ok);
  EXPECT_EQ(app.lang, "vi");
  h.frame();
  provide_data(app, "i18n/vi.json", true, catalog_text("vi"));
  h.frame();
  EXPECT_EQ(std::string(app.tr("panel.data")), vi_text("data"));
}

TEST(DataWait, ACatalogThatCannotComeIsSaidNamingItAndTheLabGoesOnInEnglish) {
  Headless h(Headless::Fonts::ImGuiDefault, {});
  App& app = h.app;
  name_only(app);
  ASSERT_TRUE(run_command(app, {"set", "lang", "vi"}).ok);
  h.frame();
  provide_data(app, "i18n/vi.json", false, "the network failed");
  h.frame();
  EXPECT_FALSE(working(app));  // nothing more to wait for
  EXPECT_EQ(app.shown_lang(), "en");
  EXPECT_TRUE(app.message_is_error);
  EXPECT_NE(app.message.english().find("i18n/vi.json"), std::string::npos) << app.message.english();
  EXPECT_NE(app.message.english().find("the network failed"), std::string::npos) << app.message.english();
  app.message = Message();
  h.frame();
  EXPECT_TRUE(app.message.empty());  // said once
}

TEST(DataWait, ACommandWaitingForAFileKeepsThoseAfterItWaitingInOrder) {
  Headless h(Headless::Fonts::ImGuiDefault, {});
  App& app = h.app;
  const std::string file = "lessons/mine.json";
  const Status pending = app.session.files().status(file);  // asked for, not here
  ASSERT_EQ(pending.code, Msg::data_pending);
  ASSERT_TRUE(wait_for_data(app, {"set", "eta", "0.25"}, pending));
  EXPECT_TRUE(working(app));
  ASSERT_TRUE(run_command(app, {"set", "eta", "0.5"}).ok);  // after it: waits too
  EXPECT_NE(app.session.settings().learner.pla.eta, 0.5);
  h.frame();
  EXPECT_TRUE(working(app));  // nothing came yet
  EXPECT_NE(app.session.settings().learner.pla.eta, 0.5);
  provide_data(app, file, true, "{}");
  h.frame();
  EXPECT_FALSE(working(app));
  EXPECT_EQ(app.session.settings().learner.pla.eta, 0.5);  // both ran, in order
  EXPECT_FALSE(wait_for_data(app, {"set", "eta", "1"}, Status::success()));
  EXPECT_FALSE(wait_for_data(app, {"set", "eta", "1"}, Status::fail(Msg::data_failed, {{"name", file}, {"reason", "x"}})));
}

}  // namespace
}  // namespace pla::app::data_wait_test
