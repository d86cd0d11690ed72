// Guided lessons (core/lab/lesson/runner.hpp): the place_line question, where the student
// draws the line the next update leaves: the line expected, the score by angle and offset,
// the lesson's tolerances, "none", bad replies, and data that is not 2-D refused.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "core/lab/lesson/lesson.hpp"
#include "core/lab/session/session.hpp"
#include "expect_message.hpp"

namespace pla::lesson_place_line_test {
namespace {

using test::failed_with;

// The textbook data (x1 = (3, 3) +1, x2 = (4, 3) +1, x3 = (1, 1) -1): the first update is
// on x1, w = (3, 3), b = 1 after it. The data's box is [1, 4] x [1, 3]: centre (2.5, 2).
Json line_lesson() {
  const char* text = R"({"format": 1, "id": "line", "title": {"en": "Line"},
    "steps": [
      {"narration": {"en": "w = {w}"}, "setup": {"preset": "textbook"},
       "question": {"kind": "place_line", "prompt": {"en": "where?"},
                    "why": {"en": "{answer}; yours {given}: {angle_error} degrees off, offset {offset_error}; w = {w}, b = {b}"}}},
      {"narration": {"en": "after: w = {w}"}}
    ]})";
  const Json j = Json::parse(text, nullptr, false);
  EXPECT_FALSE(j.is_discarded());
  return j;
}

// The line (a, b, c) turned by `deg` about the point of it nearest (cx, cy).
std::string turned(double a, double b, double c, double deg, double cx, double cy) {
  const double t = (a * cx + b * cy + c) / (a * a + b * b);
  const double px = cx - t * a, py = cy - t * b;
  const double r = deg * 3.14159265358979323846 / 180.0;
  const double a2 = a * std::cos(r) - b * std::sin(r), b2 = a * std::sin(r) + b * std::cos(r);
  return msg_num(a2) + " " + msg_num(b2) + " " + msg_num(-(a2 * px + b2 * py));
}

bool reply_is_right(const std::string& reply, double* angle = nullptr) {
  Session s;
  LessonRunner r;
  EXPECT_TRUE(r.load(line_lesson().dump(), "line.json").ok);
  EXPECT_TRUE(r.start(s).ok);
  bool correct = false;
  const Status st = r.answer(s, reply, &correct);
  EXPECT_TRUE(st.ok) << reply << ": " << st.error;
  if (angle) *angle = r.angle_error();
  return correct;
}

TEST(LessonPlaceLine, ExpectsTheLineAfterTheNextUpdate) {
  Session s;
  LessonRunner r;
  ASSERT_TRUE(r.load(line_lesson().dump(), "line.json").ok);
  ASSERT_TRUE(r.start(s).ok);
  EXPECT_EQ(r.question_kind(), QuestionKind::PlaceLine);
  EXPECT_STREQ(to_string(r.question_kind()), "place_line");
  EXPECT_EQ(r.expected_answer(), "3 3 1");
  EXPECT_EQ(r.expected_line(), (std::vector<double>{3, 3, 1}));
  EXPECT_EQ(s.learner().updates(), 0u);  // simulated on a clone
  bool correct = false;
  ASSERT_TRUE(r.answer(s, "3 3 1", &correct).ok);
  EXPECT_TRUE(correct);
  EXPECT_EQ(r.angle_error(), 0.0);
  EXPECT_EQ(r.offset_error(), 0.0);
  EXPECT_EQ(r.feedback("en"), "3·x⁽¹⁾ + 3·x⁽²⁾ + 1 = 0; yours 3·x⁽¹⁾ + 3·x⁽²⁾ + 1 = 0: 0 degrees off, offset 0; w = (3, 3), b = 1");
  EXPECT_EQ(s.learner().updates(), 1u);  // the effect: next_update
}

TEST(LessonPlaceLine, ScoresByAngleAndOffset) {
  EXPECT_TRUE(reply_is_right("3 3 1"));
  EXPECT_TRUE(reply_is_right("1, 1, 0.333333"));                // the same line, scaled
  EXPECT_TRUE(reply_is_right("-3 -3 -1"));                      // (a, b, c) and (-a, -b, -c): one line
  double angle = 0;
  EXPECT_TRUE(reply_is_right(turned(3, 3, 1, 5, 2.5, 2), &angle));  // 5 degrees off
  EXPECT_NEAR(angle, 5.0, 1e-6);
  EXPECT_TRUE(reply_is_right(turned(3, 3, 1, -9.9, 2.5, 2)));
  EXPECT_FALSE(reply_is_right(turned(3, 3, 1, 30, 2.5, 2), &angle));  // 30 degrees off
  EXPECT_NEAR(angle, 30.0, 1e-6);
  EXPECT_FALSE(reply_is_right(turned(3, 3, 1, 150, 2.5, 2)));       // a 30-degree turn the other way round
  // Shifted along its normal: 0.2 (of the diagonal 3.61) is right, 2 is far.
  const double n = std::sqrt(18.0);
  EXPECT_TRUE(reply_is_right("3 3 " + msg_num(1 + 0.2 * n)));
  EXPECT_FALSE(reply_is_right("3 3 " + msg_num(1 + 2 * n)));
  EXPECT_FALSE(reply_is_right("-3 -3 " + msg_num(-1 - 2 * n)));
  EXPECT_FALSE(reply_is_right("none"));
}

TEST(LessonPlaceLine, TolerancesAreTheLessons) {
  Json j = line_lesson();
  j["steps"][0]["question"]["angle_deg"] = 40;
  j["steps"][0]["question"]["offset"] = 0.5;
  Session s;
  LessonRunner r;
  ASSERT_TRUE(r.load(j.dump(), "line.json").ok);
  ASSERT_TRUE(r.start(s).ok);
  bool correct = false;
  ASSERT_TRUE(r.answer(s, turned(3, 3, 1, 30, 2.5, 2), &correct).ok);
  EXPECT_TRUE(correct);
}

TEST(LessonPlaceLine, NextAlonePerformsTheUpdate) {
  Session s;
  LessonRunner r;
  ASSERT_TRUE(r.load(line_lesson().dump(), "line.json").ok);
  ASSERT_TRUE(r.start(s).ok);
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(s.learner().updates(), 1u);
  EXPECT_EQ(s.learner().running_w(), (std::vector<double>{3, 3}));
  EXPECT_EQ(s.learner().running_b(), 1.0);
  EXPECT_EQ(r.narration(s, "en"), "after: w = (3, 3)");
}

TEST(LessonPlaceLine, NoLineAfterTheUpdateExpectsNone) {
  // Three updates: (3, 3) 1, (2, 2) 0, (1, 1) -1; the fourth leaves w = (0, 0), b = -2.
  Json j = line_lesson();
  j["steps"][0]["actions"] = Json::parse(R"([["next_update"], ["next_update"], ["next_update"]])");
  Session s;
  LessonRunner r;
  ASSERT_TRUE(r.load(j.dump(), "line.json").ok);
  ASSERT_TRUE(r.start(s).ok);
  EXPECT_EQ(r.expected_answer(), "none");
  bool correct = false;
  ASSERT_TRUE(r.answer(s, " None ", &correct).ok);
  EXPECT_TRUE(correct);
  EXPECT_EQ(r.feedback("en").find("{"), std::string::npos);
}

TEST(LessonPlaceLine, BadRepliesChangeNothing) {
  Session s;
  LessonRunner r;
  ASSERT_TRUE(r.load(line_lesson().dump(), "line.json").ok);
  ASSERT_TRUE(r.start(s).ok);
  for (const char* bad : {"", "1 2", "1 2 3 4", "0 0 1", "a b c", "1 2 inf"})
    EXPECT_TRUE(failed_with(r.answer(s, bad), Msg::lesson_reply_line, {{"id", "line"}, {"step", "1"}})) << bad;
  EXPECT_FALSE(r.answered());
  EXPECT_EQ(s.learner().updates(), 0u);
}

TEST(LessonPlaceLine, NonPlanarLessonsAreRefused) {
  // 3-D data: refused at load, naming the step and the field.
  Json j = line_lesson();
  j["steps"][0]["setup"] = Json::parse(R"({"data": [[1, 2, 3, 1], [-1, -2, -3, -1]]})");
  LessonRunner r;
  EXPECT_TRUE(failed_with(r.load(j.dump(), "line.json"), Msg::lesson_line_data,
                          {{"step", "1"}, {"field", "steps[1].question.kind"}, {"d", "3"}}));
  // A later step on data loaded earlier.
  j = line_lesson();
  j["steps"][0]["setup"] = Json::parse(R"({"data": [[1, 2, 3, 1], [-1, -2, -3, -1]]})");
  j["steps"][1]["question"] = j["steps"][0]["question"];
  j["steps"][0].erase("question");
  EXPECT_TRUE(failed_with(r.load(j.dump(), "line.json"), Msg::lesson_line_data,
                          {{"step", "2"}, {"field", "steps[2].question.kind"}}));
  // Bad tolerances.
  j = line_lesson();
  j["steps"][0]["question"]["angle_deg"] = 0;
  EXPECT_TRUE(failed_with(r.load(j.dump(), "line.json"), Msg::lesson_range, {{"field", "steps[1].question.angle_deg"}}));
  j["steps"][0]["question"]["angle_deg"] = "10";
  EXPECT_TRUE(failed_with(r.load(j.dump(), "line.json"), Msg::lesson_expected_number, {{"field", "steps[1].question.angle_deg"}}));
  j = line_lesson();
  j["steps"][0]["question"]["offset"] = -1;
  EXPECT_TRUE(failed_with(r.load(j.dump(), "line.json"), Msg::lesson_range, {{"field", "steps[1].question.offset"}}));
  // A lift makes the weights 3-D: refused when the step is shown, with a run-time code.
  j = line_lesson();
  j["steps"][0]["setup"]["lift"] = "x1,x2,x1*x2";
  const Status loaded = r.load(j.dump(), "line.json");
  ASSERT_TRUE(loaded.ok) << loaded.error;
  Session s;
  EXPECT_TRUE(failed_with(r.start(s), Msg::lesson_line_not_2d,
                          {{"id", "line"}, {"step", "1"}, {"field", "steps[1].question.kind"}, {"d", "3"}}));
  EXPECT_TRUE(failed_with(r.answer(s, "3 3 1"), Msg::lesson_line_not_2d));
  EXPECT_FALSE(r.answered());
}

}  // namespace
}  // namespace pla::lesson_place_line_test
