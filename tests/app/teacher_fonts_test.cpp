// A teacher's Chinese drawn (app/fonts.cpp, src/app/fonts/make_fonts.py): the Chinese font is
// cut to the catalogs and the built-in lessons, and a character beyond them that a teacher
// writes (a lesson opened from a file or a link, the studio's lesson) comes from the "more"
// font (zh-more: GB2312's common hanzi), merged only while such a text is shown.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/app.hpp"
#include "core/lab/lesson/builtin.hpp"
#include "headless.hpp"
#include "imgui_internal.h"  // ActivateItem, ImHashStr
#include "ui_press.hpp"

namespace pla::app::teacher_fonts_test {
namespace {

using test::context_fonts;
using test::drawn;
using test::drawn_texts;
using test::Headless;

// 门 (in 入门, "getting started"): a common character used by no catalog and no built-in lesson.
const char* const kMen = "门";
const char* const kTitle = "感知机入门";

// The character is in no text the cut Chinese font was made for: the zh catalog, English's
// (an untranslated key falls back to it) and the built-in lessons.
void assert_not_in_the_cut_font(const App& app) {
  const Catalogs& catalogs = app.session.catalogs();
  for (const char* code : {"zh", "en"})
    for (const std::string& key : catalogs.keys(code))
      ASSERT_EQ(catalogs.text(code, key).find(kMen), std::string::npos) << code << ".json: " << key;
  for (const std::string& id : builtin_lesson_ids()) {
    std::string text;
    ASSERT_TRUE(builtin_lesson(id, text)) << id;
    ASSERT_EQ(text.find(kMen), std::string::npos) << "lesson " << id;
  }
}

std::string lesson_with(const std::string& zh_title, const std::string& zh_narration) {
  return R"({"format": 1, "id": "mine", "title": {"en": "Perceptron basics", "zh": ")" + zh_title +
         R"("}, "steps": [{"narration": {"en": "Start: w = {w}", "zh": ")" + zh_narration +
         R"("}, "setup": {"preset": "textbook"}}]})";
}

std::string all(const std::vector<std::string>& texts) {
  std::string out;
  for (const std::string& t : texts) out += t + " | ";
  return out;
}

TEST(TeacherFonts, ALessonsCommonChineseCharacterIsDrawnInAChineseInterface) {
  Headless h(Headless::Fonts::App, {});
  App& app = h.app;
  assert_not_in_the_cut_font(app);
  ASSERT_TRUE(run_command(app, {"set", "lang", "zh"}).ok);
  (void)drawn_texts(h);
  EXPECT_EQ(context_fonts().also, "") << "no teacher's text: no more font";
  // A lesson whose Chinese uses only the cut font's characters wants no more font either.
  ASSERT_TRUE(run_command(app, {"lesson", lesson_with("感知机", "感知机的学习算法")}).ok);
  (void)drawn_texts(h);
  EXPECT_EQ(context_fonts().also, "");
  ASSERT_TRUE(run_command(app, {"lesson", lesson_with(kTitle, std::string(kTitle) + "：w = {w}")}).ok);
  const std::vector<std::string> texts = drawn_texts(h);
  EXPECT_EQ(context_fonts().also, "zh-more,");
  EXPECT_TRUE(drawn(texts, std::string(kTitle) + "：w = (0, 0)")) << all(texts);
  EXPECT_FALSE(drawn(texts, "感知机入?")) << all(texts);
  // The lesson closed: the more font is merged no longer.
  ASSERT_TRUE(run_command(app, {"lesson_exit"}).ok);
  (void)drawn_texts(h);
  EXPECT_EQ(context_fonts().also, "");
}

TEST(TeacherFonts, TheStudiosCommonChineseCharacterIsDrawnInAnEnglishInterface) {
  Headless h(Headless::Fonts::App, {});
  App& app = h.app;
  assert_not_in_the_cut_font(app);
  ASSERT_TRUE(run_command(app, {"studio_new"}).ok);
  ASSERT_TRUE(run_command(app, {"studio_record"}).ok);
  ASSERT_TRUE(run_command(app, {"studio_text", "0", "narration", "en", "w = {w}"}).ok);
  ASSERT_TRUE(run_command(app, {"studio_text", "0", "narration", "zh", std::string(kTitle) + "：w = {w}"}).ok);
  // The Chinese tab of the step's texts pressed (its id is seeded by the tab bar's).
  (void)drawn_texts(h);
  const ImGuiWindow* studio = ImGui::FindWindowByName("Studio");
  ASSERT_NE(studio, nullptr);
  ImGui::ActivateItem(ImHashStr("###studio_lang_zh", 0, ImHashStr("##studio_langs", 0, studio->ID)));
  const std::vector<std::string> texts = drawn_texts(h);
  EXPECT_NE(context_fonts().also.find("zh,zh-more,"), std::string::npos) << context_fonts().also;
  EXPECT_TRUE(drawn(texts, std::string("→ ") + kTitle + "：w = (0, 0)")) << all(texts);
  EXPECT_EQ(app.lang, "en");
}

}  // namespace
}  // namespace pla::app::teacher_fonts_test
