// Tests of a place in a lesson file said in the author's terms, in each language
// (core/lab/lesson/place.hpp): the loader's errors in English, rendered again in Vietnamese
// and Chinese with every word of the place in that language (issue 38).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <string>

#include "core/base/catalogs.hpp"
#include "core/lab/lesson/loader.hpp"
#include "core/lab/lesson/place.hpp"
#include "expect_message.hpp"

namespace pla::lesson_place_test {
namespace {

using test::failed_with;

Json lesson_json() {
  const char* text = R"({"format": 1, "id": "mine", "title": {"en": "Mine"},
    "steps": [
      {"narration": {"en": "start"}, "setup": {"preset": "textbook", "eta": 1}},
      {"narration": {"en": "k"}},
      {"narration": {"en": "pick"}, "question": {"kind": "choice", "prompt": {"en": "which?"},
       "options": [{"en": "a"}, {"en": "b"}], "answer": 1}},
      {"narration": {"en": "more"}},
      {"narration": {"en": "end"}}
    ]})";
  const Json j = Json::parse(text, nullptr, false);
  EXPECT_FALSE(j.is_discarded());
  return j;
}

Status load(const Json& j, const Catalogs& c) {
  Lesson l;
  return load_lesson(j.dump(), "mine.json", c, l);
}

// The message as the interface shows it in `lang`.
std::string shown(const Message& m, const Catalogs& c, const std::string& lang) {
  return render(lesson_places_in(m, c, lang), [&](Msg code) { return c.msg_template(lang, code); });
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
  return s;
}

// The English words of a place: none may appear in a Vietnamese or Chinese rendering.
void expect_no_english_place_words(const std::string& text) {
  for (const char* w : {"step", "narration", "question", "option", "prompt", "why", "setup", "action", "row", "column", " of "})
    EXPECT_EQ(lower(text).find(w), std::string::npos) << "'" << w << "' in: " << text;
}

TEST(LessonPlace, AnErrorsPlaceReadsInTheLanguageShown) {
  const Catalogs c;
  Json j = lesson_json();
  j["steps"][1]["narration"]["en"] = "Look at {kk}.";
  const Status st = load(j, c);
  ASSERT_TRUE(failed_with(st, Msg::lesson_placeholder, {{"field", "steps[2].narration.en"}, {"steps", "5"}}));
  // English exactly as before: the CLI, the logs and the English interface.
  EXPECT_EQ(st.error, "lesson mine.json: step 2 of 5, narration, English: unknown placeholder '{kk}'");
  EXPECT_EQ(shown(st, c, "en"), st.error);
  const std::string en_name = c.name("en");
  const std::string vi = shown(st, c, "vi");
  EXPECT_NE(vi.find("bước 2/5, lời dẫn, bản " + en_name), std::string::npos) << vi;
  expect_no_english_place_words(vi);
  const std::string zh = shown(st, c, "zh");
  EXPECT_NE(zh.find("第 2 步（共 5 步），讲解，" + en_name + "版"), std::string::npos) << zh;
  expect_no_english_place_words(zh);
  // The message itself is unchanged: a code with its arguments, English "where" included.
  EXPECT_EQ(*st.arg("where"), "step 2 of 5, narration, English");
}

TEST(LessonPlace, OptionsActionsAndALanguagesOwnName) {
  const Catalogs c;
  Json j = lesson_json();
  j["steps"][2]["question"]["options"][1]["vi"] = "{kk}";
  const Status option = load(j, c);
  EXPECT_EQ(option.error, "lesson mine.json: step 3 of 5, question, option 2, Tiếng Việt: unknown placeholder '{kk}'");
  const std::string vi = shown(option, c, "vi");
  EXPECT_NE(vi.find("bước 3/5, câu hỏi, phương án 2, bản " + c.name("vi")), std::string::npos) << vi;
  expect_no_english_place_words(vi);
  const std::string zh = shown(option, c, "zh");
  EXPECT_NE(zh.find("第 3 步（共 5 步），问题，选项 2，" + c.name("vi") + "版"), std::string::npos) << zh;
  expect_no_english_place_words(zh);

  j = lesson_json();
  j["steps"][3]["actions"] = Json::parse(R"([["step"], ["seek"]])");
  const Status action = load(j, c);
  ASSERT_FALSE(action.ok);
  EXPECT_NE(action.error.find("step 4 of 5, action 2: "), std::string::npos) << action.error;
  EXPECT_NE(shown(action, c, "vi").find("bước 4/5, thao tác 2: "), std::string::npos) << shown(action, c, "vi");
  EXPECT_NE(shown(action, c, "zh").find("第 4 步（共 5 步），第 2 个操作："), std::string::npos) << shown(action, c, "zh");
}

TEST(LessonPlace, ASettingsNameAndAnUnknownKeyStayAsWritten) {
  const Catalogs c;
  Json j = lesson_json();
  j["steps"][0]["setup"]["eta"] = -1;  // wraps the setting's own failure
  const Status eta = load(j, c);
  EXPECT_EQ(eta.error, "lesson mine.json: step 1 of 5, setup, eta: eta must be a number > 0, got '-1'");
  const std::string vi = shown(eta, c, "vi");
  EXPECT_EQ(vi.find("bài học mine.json: bước 1/5, thiết lập, eta"), 0u) << vi;
  EXPECT_NE(shown(eta, c, "zh").find("第 1 步（共 5 步），设置，eta"), std::string::npos) << shown(eta, c, "zh");

  j = lesson_json();
  j["steps"][1]["why"] = 1;  // a key of the format in the wrong place: named as written
  const Status unknown = load(j, c);
  ASSERT_TRUE(failed_with(unknown, Msg::lesson_unknown_key, {{"field", "steps[2].why"}}));
  EXPECT_NE(shown(unknown, c, "vi").find("bước 2/5, why:"), std::string::npos) << shown(unknown, c, "vi");

  // The place of a whole lesson, and a path without a step count.
  EXPECT_EQ(lesson_place("", 0, &c), "the lesson");
  EXPECT_EQ(lesson_place("", 0, &c, "vi"), c.text("vi", "msg.lesson.place_whole"));
  EXPECT_EQ(lesson_place("steps[2].setup.data[3][2]", 0, &c), "step 2, setup, data row 3, column 2");
  EXPECT_EQ(lesson_place("steps[2].setup.data[3][2]", 0, &c, "zh"), "第 2 步，设置，数据第 3 行，第 2 列");
}

}  // namespace
}  // namespace pla::lesson_place_test
