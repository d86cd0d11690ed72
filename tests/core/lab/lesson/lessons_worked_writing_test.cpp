// The writing rules the worked-example lessons (textbook, customers, dual) keep in every
// language: at most 400 characters of narration + prompt, no narration that gives its
// question's answer, no "converged (yes)", no "0 mistakes", the augmented R̂ and γ̂ named as
// such, x⁽¹⁾ for coordinates, decimal points.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <regex>
#include <string>
#include <vector>

#include "worked_lessons.hpp"

namespace pla::lessons_worked_writing_test {
namespace {

using namespace worked_lessons;

// ---------------------------------------------------------------- the writing rules

// Every rendered text of the three lessons in every language, walked with right answers.
struct Rendered {
  std::string lang, where, text;
};

std::vector<Rendered> render_all(const std::string& id) {
  std::vector<Rendered> out;
  Session s;
  LessonRunner r;
  EXPECT_TRUE(r.load_builtin(id).ok);
  EXPECT_TRUE(r.start(s).ok);
  for (std::size_t guard = 0; !r.done() && guard < 100; ++guard) {
    const std::string at = id + " step " + std::to_string(r.step() + 1);
    for (const char* lang : {"en", "vi", "zh"}) {
      out.push_back({lang, at + " narration", r.narration(s, lang, kMinus)});
      if (r.question_kind() != QuestionKind::None) {
        out.push_back({lang, at + " prompt", r.question_prompt(lang, kMinus)});
        for (const std::string& o : r.question_options(lang, kMinus)) out.push_back({lang, at + " option", o});
      }
    }
    if (r.question_kind() != QuestionKind::None) {
      bool correct = false;
      EXPECT_TRUE(r.answer(s, r.expected_answer(), &correct).ok);
      for (const char* lang : {"en", "vi", "zh"}) out.push_back({lang, at + " why", r.feedback(lang, kMinus)});
    }
    EXPECT_TRUE(r.next(s).ok);
  }
  return out;
}

std::size_t code_points(const std::string& s) {
  std::size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

const char* const kWorked[] = {"textbook", "customers", "dual"};

TEST(WorkedLessons, NarrationAndPromptFitThePanel) {
  for (const char* id : kWorked) {
    Session s;
    LessonRunner r;
    ASSERT_TRUE(r.load_builtin(id).ok);
    ASSERT_TRUE(r.start(s).ok);
    for (std::size_t guard = 0; !r.done() && guard < 100; ++guard) {
      const std::string text = r.narration(s, "en", kMinus) +
                               (r.question_kind() != QuestionKind::None ? r.question_prompt("en", kMinus) : "");
      EXPECT_LE(code_points(text), 400u) << id << " step " << r.step() + 1 << ": " << text;
      ASSERT_TRUE(r.next(s).ok);
    }
  }
}

TEST(WorkedLessons, NoNarrationGivesItsAnswerAndNoCountReadsZero) {
  for (const char* id : kWorked) {
    LessonRunner r;
    ASSERT_TRUE(r.load_builtin(id).ok);
    for (std::size_t i = 0; i < r.lesson().steps.size(); ++i) {
      const LessonStep& st = r.lesson().steps[i];
      for (const std::string* t : {&st.narration.en, &st.narration.written("vi"), &st.narration.written("zh"), &st.question.why.en,
                                   &st.question.why.written("vi"), &st.question.why.written("zh")})
        EXPECT_LACKS(*t, "{converged}");
      if (st.question.kind != QuestionKind::None) {
        EXPECT_LACKS(st.narration.en, "converged");
        EXPECT_LACKS(st.narration.written("vi"), "hội tụ");
        EXPECT_LACKS(st.narration.written("zh"), "收敛");
      }
    }
    for (const Rendered& t : render_all(id)) {
      static const std::regex zero_en("\\b0 (mistake|customer|point)s?\\b");
      EXPECT_FALSE(std::regex_search(t.text, zero_en)) << t.where << ": " << t.text;
      EXPECT_LACKS(t.text, "còn 0");
      EXPECT_LACKS(t.text, "Có 0");
      EXPECT_LACKS(t.text, "还剩 0");
      EXPECT_LACKS(t.text, " 0 位");
      EXPECT_LACKS(t.text, "答案是");
      EXPECT_LACKS(t.text, "顾客");
      EXPECT_LACKS(t.text, "分错");
      EXPECT_LACKS(t.text, "错分");
      EXPECT_LACKS(t.text, "(yes)");
    }
  }
}

TEST(WorkedLessons, NotationNumbersAndAugmentedQuantities) {
  for (const char* id : kWorked) {
    LessonRunner r;
    ASSERT_TRUE(r.load_builtin(id).ok);
    const auto texts = [&](const LessonText& t) { return std::vector<std::string>{t.en, t.written("vi"), t.written("zh")}; };
    for (const LessonStep& st : r.lesson().steps)
      for (const LessonText* lt : {&st.narration, &st.question.prompt, &st.question.why})
        for (const std::string& t : texts(*lt)) {
          // {gamma}, {R} and {bound} are the augmented γ̂, R̂ and (R̂/γ̂)².
          for (const auto& [name, symbol] : std::vector<std::pair<std::string, std::string>>{
                   {"{gamma}", "γ̂ = "}, {"{R}", "R̂ = "}, {"{bound}", "(R̂/γ̂)² = "}}) {
            for (std::size_t at = t.find(name); at != std::string::npos; at = t.find(name, at + 1)) {
              ASSERT_GE(at, symbol.size()) << t;
              EXPECT_EQ(t.substr(at - symbol.size(), symbol.size()), symbol) << t;
            }
          }
          // The plain ratio (R/γ)² only beside the augmented one it is contrasted with.
          if (t.find("(R/γ)") != std::string::npos) {
            EXPECT_HAS(t, "(R̂/γ̂)²");
          }
          // Coordinates are x⁽¹⁾, w⁽¹⁾: never x₁ or w₂.
          EXPECT_FALSE(std::regex_search(t, std::regex("[xw](₁|₂|₃)"))) << t;
        }
    for (const Rendered& t : render_all(id)) {
      if (t.lang == "vi") {
        EXPECT_FALSE(std::regex_search(t.text, std::regex("[0-9],[0-9]"))) << t.where << ": " << t.text;
      }
    }
  }
}

}  // namespace
}  // namespace pla::lessons_worked_writing_test
