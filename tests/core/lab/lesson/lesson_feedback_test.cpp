// Feedback that answers the option chosen: a choice question's optional "whys", one text (or
// null) per option, shown before the question's "why" after an answer with that option; a
// question passed over shows only the "why". The loader checks the list: an array of exactly
// one entry per option, each a text or null, and only on a choice.
#include <gtest/gtest.h>

#include <string>

#include "core/lab/lesson/lesson.hpp"
#include "core/lab/session/session.hpp"
#include "expect_message.hpp"

namespace pla::lesson_feedback_test {
namespace {

using test::failed_with;

// Li Hang's three points; one choice question with a why per wrong option, placeholders
// filled after the answer ({k}: no effect, still 0; {answer}, {given}: the options' texts).
const char* const kLesson = R"({"format": 1, "id": "whys", "title": {"en": "t"}, "steps": [
  {"narration": {"en": "n"}, "setup": {"preset": "textbook", "algo": "classic"},
   "question": {"kind": "choice", "answer": 1, "prompt": {"en": "Which?"},
     "options": [{"en": "one"}, {"en": "two"}, {"en": "three"}],
     "whys": [{"en": "Not {given}: k = {k}.", "vi": "Không phải {given}."}, null, {"en": "Three is a typical slip."}],
     "why": {"en": "It is {answer}.", "vi": "Đó là {answer}."}}},
  {"narration": {"en": "end"}}]})";

std::string feedback_after(const std::string& reply, const std::string& lang) {
  Session s;
  LessonRunner r;
  EXPECT_TRUE(r.load(kLesson, "whys.json").ok);
  EXPECT_TRUE(r.start(s).ok);
  EXPECT_TRUE(r.feedback(lang).empty());  // open: nothing yet
  bool correct = true;
  EXPECT_TRUE(r.answer(s, reply, &correct).ok);
  EXPECT_EQ(correct, reply == "1");
  return r.feedback(lang);
}

TEST(LessonFeedback, TheChosenOptionsWhyComesBeforeTheQuestionsWhy) {
  EXPECT_EQ(feedback_after("0", "en"), "Not one: k = 0. It is two.");
  EXPECT_EQ(feedback_after("2", "en"), "Three is a typical slip. It is two.");
  EXPECT_EQ(feedback_after("1", "en"), "It is two.");  // null: the why alone
  // Another language: its own text, English where an option's why has none.
  EXPECT_EQ(feedback_after("0", "vi"), "Không phải one. Đó là two.");
  EXPECT_EQ(feedback_after("2", "vi"), "Three is a typical slip. Đó là two.");
  // After a Chinese full stop no space.
  EXPECT_EQ(feedback_after("0", "zh"), "Not one: k = 0. It is two.");  // no zh texts: English
}

TEST(LessonFeedback, ChineseJoinsWithoutASpace) {
  std::string text = kLesson;
  const std::string en_why = R"({"en": "Three is a typical slip."})";
  text.replace(text.find(en_why), en_why.size(), R"({"en": "Three is a typical slip.", "zh": "三是常见的错误。"})");
  const std::string why = R"("why": {"en": "It is {answer}.", "vi": "Đó là {answer}."})";
  text.replace(text.find(why), why.size(), R"("why": {"en": "It is {answer}.", "zh": "是 {answer}。"})");
  Session s;
  LessonRunner r;
  ASSERT_TRUE(r.load(text, "whys.json").ok);
  ASSERT_TRUE(r.start(s).ok);
  ASSERT_TRUE(r.answer(s, "2").ok);
  EXPECT_EQ(r.feedback("zh"), "三是常见的错误。是 two。");
  EXPECT_EQ(r.feedback("en"), "Three is a typical slip. It is two.");
}

TEST(LessonFeedback, PassedOverShowsOnlyTheQuestionsWhy) {
  Session s;
  LessonRunner r;
  ASSERT_TRUE(r.load(kLesson, "whys.json").ok);
  ASSERT_TRUE(r.start(s).ok);
  ASSERT_TRUE(r.next(s).ok);  // passed over
  ASSERT_TRUE(r.back(s).ok);
  EXPECT_TRUE(r.passed());
  EXPECT_EQ(r.feedback("en"), "It is two.");
}

TEST(LessonFeedback, WhysAreLoadedOnePerOption) {
  LessonRunner r;
  ASSERT_TRUE(r.load(kLesson, "whys.json").ok);
  const LessonQuestion& q = r.lesson().steps[0].question;
  ASSERT_EQ(q.whys.size(), 3u);
  EXPECT_EQ(q.whys[0].en, "Not {given}: k = {k}.");
  EXPECT_TRUE(q.whys[1].en.empty());
  EXPECT_EQ(q.whys[2].written("vi"), "");
}

TEST(LessonFeedback, TheLoaderNamesABadWhysList) {
  const std::string base = kLesson;
  const std::string list = R"([{"en": "Not {given}: k = {k}.", "vi": "Không phải {given}."}, null, {"en": "Three is a typical slip."}])";
  ASSERT_NE(base.find(list), std::string::npos);
  const auto with = [&](const std::string& replacement) {
    std::string t = base;
    t.replace(t.find(list), list.size(), replacement);
    return t;
  };
  LessonRunner r;
  EXPECT_TRUE(failed_with(r.load(with(R"({"en": "x"})"), "w.json"), Msg::lesson_expected_array,
                          {{"step", "1"}, {"field", "steps[1].question.whys"}}));
  EXPECT_TRUE(failed_with(r.load(with(R"([null, null])"), "w.json"), Msg::lesson_missing_key,
                          {{"field", "steps[1].question.whys[3]"}}));
  EXPECT_TRUE(failed_with(r.load(with(R"([null, null, null, null])"), "w.json"), Msg::lesson_too_long,
                          {{"field", "steps[1].question.whys"}, {"max", "3"}}));
  EXPECT_TRUE(failed_with(r.load(with(R"([null, 7, null])"), "w.json"), Msg::lesson_expected_object,
                          {{"field", "steps[1].question.whys[2]"}}));
  EXPECT_TRUE(failed_with(r.load(with(R"([null, {"en": "{nope}"}, null])"), "w.json"), Msg::lesson_placeholder,
                          {{"field", "steps[1].question.whys[2].en"}, {"name", "{nope}"}}));
  // Only a choice has options to explain.
  const char* yes_no = R"({"format": 1, "id": "w", "title": {"en": "t"}, "steps": [
    {"narration": {"en": "n"}, "setup": {"preset": "textbook"},
     "question": {"kind": "yes_no", "answer": "no", "prompt": {"en": "p"}, "whys": [null, null]}}]})";
  EXPECT_TRUE(failed_with(r.load(yes_no, "w.json"), Msg::lesson_unknown_key, {{"field", "steps[1].question.whys"}}));
}

}  // namespace
}  // namespace pla::lesson_feedback_test
