// The studio's previews (Studio::preview, placeholders, answer): a text as the student reads
// it at its step, word for word what the lesson runner writes; a missing language shown as
// English; the placeholders with their values there; the answer the lab computes and the
// texts that would give it away.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/lab/lesson/conceal.hpp"
#include "core/lab/lesson/lesson.hpp"
#include "core/lab/session/session.hpp"
#include "core/lab/studio/studio.hpp"
#include "expect_message.hpp"

namespace pla::studio_preview_test {
namespace {

const char* const kTwoPoints = R"({"format": 1, "id": "two-points", "title": {"en": "Two points"},
 "steps": [
  {"narration": {"en": "Two points and w = {w}, b = {b}.", "vi": "Hai điểm, w = {w}, b = {b}."},
   "setup": {"data": [[0, 0, -1], [2, 2, 1]]},
   "question": {"kind": "pick_point", "prompt": {"en": "Click it."},
                "why": {"en": "{index}: y(w·x + b) = {score}, {mistake}."}}},
  {"narration": {"en": "After update {k}: w = {w}, b = {b}."},
   "question": {"kind": "number", "prompt": {"en": "b ="}, "from": "b_after"}},
  {"narration": {"en": "Trained: k = {k}, converged: {converged}."}, "actions": [["train"]]}]})";

TEST(StudioPreview, TextsAsTheStudentReadsThem) {
  Studio st;
  ASSERT_TRUE(st.load(kTwoPoints).ok);
  StudioPreview p;
  ASSERT_TRUE(st.preview(1, "narration", "en", p).ok);
  EXPECT_EQ(p.text, "After update 1: w = (0, 0), b = -1.");
  EXPECT_FALSE(p.fallback);
  // Not written in Vietnamese: the English text, with the Vietnamese words.
  ASSERT_TRUE(st.preview(2, "narration", "vi", p).ok);
  EXPECT_TRUE(p.fallback);
  EXPECT_EQ(p.text, "Trained: k = 3, converged: có.");
  ASSERT_TRUE(st.preview(0, "narration", "vi", p).ok);
  EXPECT_FALSE(p.fallback);
  EXPECT_EQ(p.text, "Hai điểm, w = (0, 0), b = 0.");
  // The why after the question's effect: the update on x1.
  ASSERT_TRUE(st.preview(0, "why", "en", p).ok);
  EXPECT_EQ(p.text.substr(0, 4), "x1: ");
  EXPECT_NE(p.text.find(", yes."), std::string::npos) << p.text;
  ASSERT_TRUE(st.preview(0, "title", "zh", p).ok);
  EXPECT_EQ(p.text, "Two points");
  EXPECT_TRUE(p.fallback);
  // A text as typed, not stored: its placeholders filled, indexed ones too.
  ASSERT_TRUE(st.preview_text(1, "narration", "en", "k = {k}, w1 = {w1}, w2 = {w2}, {what}", p).ok);
  EXPECT_EQ(p.text, "k = 1, w1 = 0, w2 = 0, {what}");
  ASSERT_TRUE(st.preview_text(1, "prompt", "en", "{w17}", p).ok);
  EXPECT_EQ(p.text, "–");
  // The interface's formatter.
  st.set_number_format([](double v) {
    return v < 0 ? "−" + std::to_string(static_cast<int>(-v)) : std::to_string(static_cast<int>(v));
  });
  ASSERT_TRUE(st.preview(1, "narration", "en", p).ok);
  EXPECT_EQ(p.text, "After update 1: w = (0, 0), b = −1.");
  EXPECT_TRUE(test::failed_with(st.preview(1, "why", "en", p), Msg::lesson_missing_key,
                                {{"field", "steps[1].question.why.en"}}));
  EXPECT_TRUE(test::failed_with(st.preview(1, "narration", "xx", p), Msg::lesson_unknown_key));
  EXPECT_TRUE(test::failed_with(st.preview(9, "narration", "en", p), Msg::lesson_range));
}

// Every text of a built-in lesson previewed as the runner writes it at its step.
TEST(StudioPreview, MatchesTheRunnerWordForWord) {
  for (const char* id : {"textbook", "dual"}) {
    Studio st;
    ASSERT_TRUE(st.load_builtin(id).ok);
    LessonRunner r;
    Session s;
    ASSERT_TRUE(r.load_builtin(id).ok);
    ASSERT_TRUE(r.start(s).ok);
    for (std::size_t i = 0; !r.done(); ++i) {
      ASSERT_EQ(r.step(), i);
      for (const char* lang : {"en", "vi", "zh"}) {
        StudioPreview p;
        ASSERT_TRUE(st.preview(i, "narration", lang, p).ok) << id << " " << i;
        EXPECT_EQ(p.text, r.narration(s, lang)) << id << " step " << i << " " << lang;
        if (r.question_kind() == QuestionKind::None) continue;
        ASSERT_TRUE(st.preview(i, "prompt", lang, p).ok);
        EXPECT_EQ(p.text, r.question_prompt(lang)) << id << " step " << i << " " << lang;
        const std::vector<std::string> options = r.question_options(lang);
        for (std::size_t k = 0; k < options.size(); ++k) {
          ASSERT_TRUE(st.preview(i, "options[" + std::to_string(k) + "]", lang, p).ok);
          EXPECT_EQ(p.text, options[k]);
        }
      }
      if (r.question_kind() != QuestionKind::None) {
        StudioAnswer a;
        ASSERT_TRUE(st.answer(i, "en", a).ok);
        EXPECT_EQ(a.expected, r.expected_answer()) << id << " step " << i;
        EXPECT_EQ(a.text, r.expected_text("en"));
        EXPECT_EQ(a.concealed, r.concealed());
        ASSERT_TRUE(r.answer(s, r.expected_answer()).ok);
        const bool own_whys = !r.lesson().steps[i].question.whys.empty();
        StudioPreview why;
        if (!r.lesson().steps[i].question.why.en.empty() && !own_whys) {
          ASSERT_TRUE(st.preview(i, "why", "en", why).ok);
          EXPECT_EQ(why.text, r.feedback("en")) << id << " step " << i;
        }
      }
      ASSERT_TRUE(r.next(s).ok);
    }
  }
}

TEST(StudioPreview, PlaceholdersWithTheirValues) {
  Studio st;
  ASSERT_TRUE(st.load(kTwoPoints).ok);
  std::vector<StudioPlaceholder> list;
  ASSERT_TRUE(st.placeholders(1, "en", list).ok);
  ASSERT_EQ(list.size(), lesson_placeholder_names().size());
  auto value = [&](const std::string& name) {
    for (const StudioPlaceholder& p : list)
      if (p.name == name) return p.value;
    return std::string("<none>");
  };
  EXPECT_EQ(value("{k}"), "1");
  EXPECT_EQ(value("{b}"), "-1");
  EXPECT_EQ(value("{w}"), "(0, 0)");
  EXPECT_EQ(value("{points}"), "2");
  EXPECT_EQ(value("{index}"), "x1");
  EXPECT_EQ(value("{answer}"), "0");  // b after the next update
  ASSERT_TRUE(st.placeholders(2, "zh", list).ok);
  EXPECT_EQ(value("{k}"), "3");
  EXPECT_EQ(value("{converged}"), "是");
}

TEST(StudioPreview, TheAnswerAndWhatGivesItAway) {
  Studio st;
  ASSERT_TRUE(st.load(kTwoPoints).ok);
  StudioAnswer a;
  ASSERT_TRUE(st.answer(0, "en", a).ok);
  EXPECT_EQ(a.kind, QuestionKind::PickPoint);
  EXPECT_TRUE(a.computed);
  EXPECT_EQ(a.expected, "0");
  EXPECT_EQ(a.text, "x1");
  LessonQuestion pick;
  pick.kind = QuestionKind::PickPoint;
  EXPECT_EQ(a.concealed, question_conceals(pick));
  EXPECT_TRUE(a.giveaways.empty());
  ASSERT_TRUE(st.answer(1, "en", a).ok);
  EXPECT_EQ(a.expected, "0");
  ASSERT_TRUE(st.answer(2, "en", a).ok);
  EXPECT_EQ(a.kind, QuestionKind::None);
  // The teacher's click checked as the student's would be.
  bool right = false;
  ASSERT_TRUE(st.try_reply(0, "0", right).ok);
  EXPECT_TRUE(right);
  ASSERT_TRUE(st.try_reply(0, "1", right).ok);
  EXPECT_FALSE(right);
  EXPECT_TRUE(test::failed_with(st.try_reply(2, "0", right), Msg::lesson_no_question));
  // {answer} in the narration, {mistakes} in a Vietnamese prompt: the pick_point question
  // hides the mistakes, and the answer is the answer.
  ASSERT_TRUE(st.text(0, "narration", "en", "It is {answer}; w = {w}.").ok);
  ASSERT_TRUE(st.text(0, "prompt", "vi", "{mistakes} điểm sai. Điểm nào?").ok);
  ASSERT_TRUE(st.answer(0, "en", a).ok);
  ASSERT_EQ(a.giveaways.size(), 2u);
  EXPECT_EQ(a.giveaways[0].field, "narration");
  EXPECT_EQ(a.giveaways[0].lang, "en");
  EXPECT_EQ(a.giveaways[0].placeholder, "{answer}");
  EXPECT_EQ(a.giveaways[0].cue, "answer");
  EXPECT_EQ(a.giveaways[1].field, "question.prompt");
  EXPECT_EQ(a.giveaways[1].lang, "vi");
  EXPECT_EQ(a.giveaways[1].cue, "mistakes");
  // {k} is no giveaway for a pick_point (the counters stay), but is for a fixed number.
  ASSERT_TRUE(st.text(1, "narration", "en", "k = {k}").ok);
  ASSERT_TRUE(st.answer(1, "en", a).ok);
  EXPECT_TRUE(a.giveaways.empty());
  ASSERT_TRUE(st.question(1, R"({"kind": "number", "prompt": {"en": "k ="}, "answer": 1})").ok);
  ASSERT_TRUE(st.answer(1, "en", a).ok);
  EXPECT_FALSE(a.computed);
  EXPECT_EQ(a.expected, "1");
  ASSERT_EQ(a.giveaways.size(), 1u);
  EXPECT_EQ(a.giveaways[0].cue, "counts");
}

TEST(StudioPreview, EveryPlaceholderHasItsCues) {
  for (const std::string& name : lesson_placeholder_names()) {
    unsigned cues = 0;
    EXPECT_TRUE(studio_placeholder_cues(name, cues)) << name;
  }
  unsigned cues = 0;
  EXPECT_TRUE(studio_placeholder_cues("alpha3", cues));
  EXPECT_EQ(cues, unsigned(kCueAlpha));
  EXPECT_TRUE(studio_placeholder_cues("mistakes", cues));
  EXPECT_EQ(cues, unsigned(kCueMistakes));
  EXPECT_FALSE(studio_placeholder_cues("nope", cues));
  EXPECT_FALSE(studio_placeholder_cues("k2", cues));
}

}  // namespace
}  // namespace pla::studio_preview_test
