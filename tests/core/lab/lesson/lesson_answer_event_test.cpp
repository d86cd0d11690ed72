// The answer_given event leaves the core complete (runner.hpp, take_events): the question's
// kind, the answer expected (a number's tolerance), the prompt in the language asked for
// and in English, a choice's options, and the reply and the answer as the student reads
// them ("none" in the catalog's words), written as they were when the answer was given.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/lab/lesson/lesson.hpp"
#include "core/lab/session/session.hpp"
#include "test_files.hpp"

namespace pla::lesson_answer_event_test {
namespace {

using test::lesson_json;

// Numbers as a panel writes them here: with a marker, so the test sees the format was used.
const NumberFormat kMarked = [](double v) { return "<" + msg_num(v) + ">"; };

// The keys of an event, in order.
std::vector<std::string> keys(const Json& e) {
  std::vector<std::string> out;
  for (auto it = e.begin(); it != e.end(); ++it) out.push_back(it.key());
  return out;
}

// The one answer_given event among `events`.
Json answer_event(const std::vector<Json>& events) {
  Json found;
  int n = 0;
  for (const Json& e : events)
    if (e["event"] == "answer_given") found = e, ++n;
  EXPECT_EQ(n, 1);
  return found;
}

const std::string kLesson = lesson_json(
    "ev",
    {R"({"narration": {"en": "w = {w}"}, "setup": {"preset": "textbook"},
         "question": {"kind": "number", "prompt": {"en": "b after? now {b}", "vi": "b sau? bây giờ {b}"},
                      "from": "b_after", "tolerance": 0.5}})",
     R"({"narration": {"en": "choose"},
         "question": {"kind": "choice", "prompt": {"en": "Which?", "vi": "Cái nào?"},
                      "options": [{"en": "one", "vi": "một"}, {"en": "two", "vi": "hai"}, {"en": "k = {k}", "vi": "k = {k}"}],
                      "answer": 1}})",
     R"({"narration": {"en": "trained"}, "actions": [["train"]],
         "question": {"kind": "pick_point", "prompt": {"en": "next update?"}}})"});

TEST(LessonAnswerEvent, ANumberNamesItsKindToleranceAndTexts) {
  Session s;
  LessonRunner r(s);
  ASSERT_TRUE(r.load(kLesson, "ev.json").ok);
  ASSERT_TRUE(r.start(s).ok);
  const std::string expected = r.expected_answer();  // b after the first update: 1
  ASSERT_EQ(expected, "1");
  ASSERT_TRUE(r.answer(s, "1.25").ok);
  ASSERT_TRUE(r.next(s).ok);  // taken later: the texts are those of when it was answered
  const Json e = answer_event(r.take_events("vi", kMarked));
  EXPECT_EQ(keys(e), (std::vector<std::string>{"event", "id", "question", "answer", "correct", "kind", "expected",
                                                "tolerance", "prompt", "prompt_en", "answer_text", "expected_text"}));
  EXPECT_EQ(e["id"], "ev");
  EXPECT_EQ(e["question"], 0);
  EXPECT_EQ(e["answer"], "1.25");
  EXPECT_EQ(e["correct"], true);
  EXPECT_EQ(e["kind"], "number");
  EXPECT_EQ(e["expected"], "1");
  EXPECT_EQ(e["tolerance"], 0.5);
  EXPECT_EQ(e["prompt"], "b sau? bây giờ <0>");
  EXPECT_EQ(e["prompt_en"], "b after? now <0>");
  EXPECT_EQ(e["answer_text"], "<1.25>");
  EXPECT_EQ(e["expected_text"], "<1>");
  EXPECT_TRUE(r.take_events("vi", kMarked).empty());
}

TEST(LessonAnswerEvent, AChoiceListsItsOptionsInTheLanguage) {
  Session s;
  LessonRunner r(s);
  ASSERT_TRUE(r.load(kLesson, "ev.json").ok);
  ASSERT_TRUE(r.start(s).ok);
  ASSERT_TRUE(r.next(s).ok);
  (void)r.take_events();
  ASSERT_TRUE(r.answer(s, "0").ok);
  const Json e = answer_event(r.take_events("vi", kMarked));
  EXPECT_EQ(keys(e), (std::vector<std::string>{"event", "id", "question", "answer", "correct", "kind", "expected",
                                                "prompt", "prompt_en", "options", "answer_text", "expected_text"}));
  EXPECT_EQ(e["correct"], false);
  EXPECT_EQ(e["kind"], "choice");
  EXPECT_EQ(e["prompt"], "Cái nào?");
  EXPECT_EQ(e["prompt_en"], "Which?");
  EXPECT_EQ(e["options"], Json::array({"một", "hai", "k = <1>"}));
  EXPECT_EQ(e["answer_text"], "một");
  EXPECT_EQ(e["expected_text"], "hai");
}

TEST(LessonAnswerEvent, NoneIsTheCatalogsWord) {
  Session s;
  ASSERT_TRUE(s.catalogs().add("xx", R"({"lesson": {"none": "nichts"}})").ok);
  LessonRunner r(s);
  ASSERT_TRUE(r.load(kLesson, "ev.json").ok);
  ASSERT_TRUE(r.start(s).ok);
  ASSERT_TRUE(r.next(s).ok);
  ASSERT_TRUE(r.next(s).ok);
  ASSERT_TRUE(s.learner().converged());
  ASSERT_EQ(r.expected_answer(), "none");  // no update left after training
  (void)r.take_events();
  ASSERT_TRUE(r.answer(s, "none").ok);
  const std::vector<Json> events = r.take_events("xx", kMarked);
  const Json e = answer_event(events);
  EXPECT_EQ(e["kind"], "pick_point");
  EXPECT_EQ(e["correct"], true);
  EXPECT_EQ(e["answer_text"], "nichts");
  EXPECT_EQ(e["expected_text"], "nichts");
  EXPECT_EQ(e["prompt"], "next update?");  // no xx text: English
  // In a language whose catalog has no such word, English's.
  Session t;
  LessonRunner q(t);
  ASSERT_TRUE(q.load(kLesson, "ev.json").ok);
  ASSERT_TRUE(q.start(t).ok);
  ASSERT_TRUE(q.next(t).ok);
  ASSERT_TRUE(q.next(t).ok);
  (void)q.take_events();
  ASSERT_TRUE(q.answer(t, "none").ok);
  const Json en = answer_event(q.take_events("en"));
  EXPECT_EQ(en["answer_text"], t.catalogs().text("en", "lesson.none"));
  EXPECT_FALSE(en["answer_text"].get<std::string>().empty());
}

}  // namespace
}  // namespace pla::lesson_answer_event_test
