// The language catalogs (core/base/catalogs.hpp): the embedded ones are the files of
// web/i18n (glossary.json aside), each read as the file says (its name, tags and texts);
// a made-up language is its catalog text alone; bad text is refused, naming the problem.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/base/catalogs.hpp"
#include "core/base/json.hpp"
#include "expect_message.hpp"

namespace pla::catalogs_test {
namespace {

using test::failed_with;

const std::string kI18n = std::string(PLA_SOURCE_DIR) + "/web/i18n";

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The catalog files' codes: English first, then by code (as codes() lists them).
std::vector<std::string> file_codes() {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(kI18n))
    if (e.path().extension() == ".json" && e.path().filename() != "glossary.json") out.push_back(e.path().stem().string());
  std::sort(out.begin(), out.end());
  const auto en = std::find(out.begin(), out.end(), "en");
  if (en != out.end()) std::rotate(out.begin(), en, en + 1);
  return out;
}

// English's catalog made into a fourth language: its own name and tags, two texts its
// own, the yes/no words of the lesson placeholders; everything else as English says it.
std::string made_up_catalog() {
  Json doc = Json::parse(read_file(kI18n + "/en.json"), nullptr, false);
  doc["language"] = Json{{"name", "Xxish"}, {"tags", Json::array({"xx", "XX-Test"})}, {"fonts", Json::array()}};
  doc["app"]["language"] = "Xx language";
  doc["msg"] = Json{{"lesson", {{"word_yes", "ja"}}}};
  doc["made_up"] = Json{{"only", "here"}};
  return doc.dump();
}

TEST(Catalogs, AreTheFilesOfWebI18nEnglishFirst) {
  const Catalogs c;
  EXPECT_EQ(c.codes(), file_codes());
  EXPECT_TRUE(c.errors().empty()) << c.errors().front();
  EXPECT_TRUE(c.contains("en"));
  EXPECT_FALSE(c.contains("glossary"));
}

TEST(Catalogs, ReadEachFileAsItSays) {
  const Catalogs c;
  for (const std::string& code : c.codes()) {
    const Json doc = Json::parse(read_file(kI18n + "/" + code + ".json"), nullptr, false);
    ASSERT_TRUE(doc.is_object()) << code;
    EXPECT_EQ(c.name(code), doc["language"]["name"].get<std::string>()) << code;
    EXPECT_EQ(c.tags(code), doc["language"]["tags"].get<std::vector<std::string>>()) << code;
    EXPECT_EQ(c.fonts(code), doc["language"]["fonts"].get<std::vector<std::string>>()) << code;
    EXPECT_EQ(c.text(code, "app.language"), doc["app"]["language"].get<std::string>()) << code;
    EXPECT_EQ(c.text(code, "language.name"), c.name(code));
    // Every key once, sorted, and each one's text found by has/find/text alike.
    const std::vector<std::string> keys = c.keys(code);
    EXPECT_TRUE(std::is_sorted(keys.begin(), keys.end())) << code;
    EXPECT_GT(keys.size(), 100u) << code;
    for (const std::string& k : keys) {
      ASSERT_TRUE(c.has(code, k));
      ASSERT_NE(c.find(code, k), nullptr);
      EXPECT_EQ(*c.find(code, k), c.text(code, k));
    }
  }
  EXPECT_FALSE(c.has("en", "app"));  // an object, not a text
  EXPECT_EQ(c.text("en", "no.such.key"), "");
  EXPECT_EQ(c.find("en", "no.such.key"), nullptr);
  EXPECT_TRUE(c.keys("qq").empty());
  EXPECT_TRUE(c.tags("qq").empty());
  EXPECT_EQ(c.name("qq"), "qq");
}

TEST(Catalogs, MessageTemplatesAreTheCatalogsMsgObjects) {
  const Catalogs c;
  const Json vi = Json::parse(read_file(kI18n + "/vi.json"), nullptr, false);
  ASSERT_TRUE(vi.is_object());
  EXPECT_EQ(c.msg_template("vi", Msg::lesson_word_yes), vi["msg"]["lesson"]["word_yes"].get<std::string>());
  EXPECT_EQ(c.msg_template("vi", Msg::lesson_word_no), vi["msg"]["lesson"]["word_no"].get<std::string>());
  EXPECT_EQ(c.msg_template("en", Msg::lesson_word_yes), "");  // English: the message table's own
  EXPECT_EQ(c.msg_template("qq", Msg::lesson_word_yes), "");  // no such language: English
}

TEST(Catalogs, AMadeUpLanguageIsItsCatalogText) {
  Catalogs c;
  const Status added = c.add("xx", made_up_catalog());
  ASSERT_TRUE(added.ok) << added.error;
  std::vector<std::string> want = file_codes();
  want.push_back("xx");
  std::sort(want.begin() + 1, want.end());
  EXPECT_EQ(c.codes(), want);
  EXPECT_EQ(c.name("xx"), "Xxish");
  EXPECT_EQ(c.tags("xx"), (std::vector<std::string>{"xx", "xx-test"}));  // lower case
  EXPECT_EQ(c.text("xx", "app.language"), "Xx language");
  EXPECT_EQ(c.text("xx", "made_up.only"), "here");
  EXPECT_EQ(c.text("xx", "panel.run.step"), c.text("en", "panel.run.step"));
  EXPECT_EQ(c.msg_template("xx", Msg::lesson_word_yes), "ja");
  EXPECT_EQ(c.msg_template("xx", Msg::lesson_word_no), "");
  EXPECT_EQ(c.pick({"xx-YY"}), "xx");
  // Added again: replaced, not listed twice.
  ASSERT_TRUE(c.add("xx", R"({"app": {"language": "again"}})").ok);
  EXPECT_EQ(c.codes(), want);
  EXPECT_EQ(c.text("xx", "app.language"), "again");
  EXPECT_EQ(c.name("xx"), "xx");  // no "language" object: the code
  EXPECT_EQ(c.tags("xx"), (std::vector<std::string>{"xx"}));
  EXPECT_TRUE(c.remove("xx"));
  EXPECT_FALSE(c.remove("xx"));
  EXPECT_EQ(c.codes(), file_codes());
  EXPECT_FALSE(c.remove("en"));  // English stays: it is every language's fallback
  EXPECT_TRUE(c.contains("en"));
}

// The web build's way: a language known by its "language" object alone (its menu entry),
// English until its catalog is added whole.
TEST(Catalogs, ALanguageKnownByNameOnlyIsEnglishUntilAddedWhole) {
  Catalogs c;
  const std::string vi = read_file(kI18n + "/vi.json");
  const Json doc = Json::parse(vi);
  ASSERT_TRUE(c.add("vi", Json{{"language", doc["language"]}}.dump(), false).ok);
  EXPECT_TRUE(c.contains("vi"));
  EXPECT_FALSE(c.whole("vi"));
  EXPECT_TRUE(c.whole("en"));
  EXPECT_EQ(c.name("vi"), doc["language"]["name"].get<std::string>());
  EXPECT_EQ(c.pick({"vi-VN"}), "vi");
  EXPECT_FALSE(c.has("vi", "panel.run"));
  EXPECT_EQ(Catalogs::file("vi"), "i18n/vi.json");
  ASSERT_TRUE(c.add("vi", vi).ok);
  EXPECT_TRUE(c.whole("vi"));
  EXPECT_EQ(c.text("vi", "panel.run"), doc["panel"]["run"].get<std::string>());
  EXPECT_TRUE(c.add("en", "{}", false).ok);
  EXPECT_TRUE(c.whole("en"));  // English is always whole: the fallback
}

TEST(Catalogs, BadTextOrCodeIsRefusedNamingTheProblem) {
  Catalogs c;
  const Status bad_json = c.add("xx", R"({"app": {"language": "Xx",}})");
  EXPECT_TRUE(failed_with(bad_json, Msg::catalog_not_json, {{"code", "xx"}}));
  EXPECT_NE(bad_json.error.find("syntax error"), std::string::npos) << bad_json.error;
  EXPECT_TRUE(failed_with(c.add("xx", "[1, 2]"), Msg::catalog_not_json, {{"code", "xx"}, {"reason", "not a JSON object"}}));
  EXPECT_TRUE(failed_with(c.add("Bad code", "{}"), Msg::catalog_bad_code, {{"code", "Bad code"}}));
  EXPECT_TRUE(failed_with(c.add("x", "{}"), Msg::catalog_bad_code));
  EXPECT_TRUE(failed_with(c.add("pseudo", "{}"), Msg::catalog_bad_code));
  EXPECT_EQ(c.codes(), file_codes());  // nothing changed
  // A good language stays as it was when its replacement is refused.
  ASSERT_TRUE(c.add("xx", made_up_catalog()).ok);
  EXPECT_FALSE(c.add("xx", "{").ok);
  EXPECT_EQ(c.name("xx"), "Xxish");
}

TEST(Catalogs, PickAnswersTheBrowsersPreferredTags) {
  const Catalogs c;
  for (const std::string& code : c.codes()) {
    const std::string tag = c.tags(code).front();
    EXPECT_EQ(c.pick({tag}), code);
    EXPECT_EQ(c.pick({"qq", tag + "-Region"}), code);  // the first tag that matches
    std::string upper = tag;
    for (char& ch : upper) ch = static_cast<char>(ch >= 'a' && ch <= 'z' ? ch - 'a' + 'A' : ch);
    EXPECT_EQ(c.pick({upper + "_XY.UTF-8"}), code);
  }
  EXPECT_EQ(c.pick({}), "en");
  EXPECT_EQ(c.pick({"qq-QQ", "pseudo"}), "en");
}

}  // namespace
}  // namespace pla::catalogs_test
