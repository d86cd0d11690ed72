// The teacher's studio (core/lab/studio/studio.hpp): the README's two-point lesson made by
// studio operations only, exported, loaded by the lesson runner and walked (answers right
// and wrong); edits that would break a field refused with the field named; problems listed
// with their step, field and language; every built-in lesson opened and exported again
// unchanged; the steps' order; state().studio.
#include "core/lab/studio/studio.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/lab/lesson/lesson.hpp"
#include "core/lab/session/session.hpp"
#include "expect_message.hpp"

namespace pla::studio_test {
namespace {

using test::failed_with;

// The README's "Write a lesson" example, made in the studio: the lab set up by commands,
// recorded, the texts and questions written.
void make_two_points(Studio& st) {
  ASSERT_TRUE(st.new_lesson().ok);
  ASSERT_TRUE(st.set_id("two-points").ok);
  ASSERT_TRUE(st.text(0, "title", "en", "Two points").ok);
  ASSERT_TRUE(st.text(0, "title", "vi", "Hai điểm").ok);
  ASSERT_TRUE(st.text(0, "title", "zh", "两个点").ok);
  // Step 0: the two points, recorded from the lab.
  Session lab;
  ASSERT_TRUE(lab.command({"import_csv", "x1,x2,label\n0,0,-1\n2,2,1\n", "mine.csv"}).ok);
  StudioRecord rec;
  ASSERT_TRUE(st.record(lab, {}, {}, {}, &rec).ok);
  EXPECT_TRUE(rec.data);
  ASSERT_TRUE(st.text(0, "narration", "en", "Two points and w = {w}, b = {b}. Which point gives the first update?").ok);
  ASSERT_TRUE(st.text(0, "narration", "vi", "Hai điểm, w = {w}, b = {b}. Điểm nào cho lần cập nhật đầu tiên?").ok);
  ASSERT_TRUE(st.text(0, "narration", "zh", "两个点，w = {w}，b = {b}。哪个点带来第一次更新？").ok);
  ASSERT_TRUE(st.question(0, R"({"kind": "pick_point", "prompt": {"en": "Click it."}})").ok);
  ASSERT_TRUE(st.text(0, "why", "en", "{index}: y(w·x + b) = {score} ≤ 0, so w ← w + ηyx.").ok);
  // Step 1: nothing changed in the lab; a number from the lab.
  ASSERT_TRUE(st.insert(1).ok);
  ASSERT_TRUE(st.lab_before(1, lab).ok);
  ASSERT_TRUE(st.record(lab, {}, {}, {}, &rec).ok);
  EXPECT_FALSE(rec.data);
  EXPECT_TRUE(rec.settings.empty());
  ASSERT_TRUE(st.text(1, "narration", "en", "After update {k}: w = {w}, b = {b}. What is b after the next update?").ok);
  ASSERT_TRUE(st.question(1, R"({"kind": "number", "prompt": {"en": "b ="}, "from": "b_after"})").ok);
  // Step 2: trained while recording.
  ASSERT_TRUE(st.insert(2).ok);
  ASSERT_TRUE(st.lab_before(2, lab).ok);
  ASSERT_TRUE(lab.command({"train"}).ok);
  ASSERT_TRUE(st.record(lab, {{"train"}}, {}, {}, &rec).ok);
  EXPECT_EQ(rec.actions, 1u);
  EXPECT_TRUE(rec.verified);
  EXPECT_TRUE(rec.differs.empty());
  ASSERT_TRUE(st.text(2, "narration", "en", "Trained: k = {k}, w = {w}, b = {b}.").ok);
}

TEST(Studio, MakesTheReadmeLessonByItsOperations) {
  Studio st;
  make_two_points(st);
  EXPECT_TRUE(st.problems().empty()) << (st.problems().empty() ? "" : st.problems()[0].english);
  const Json out = Json::parse(st.export_text());
  const Json readme =
      Json::parse(R"({"format": 1, "id": "two-points", "title": {"en": "Two points", "vi": "Hai điểm", "zh": "两个点"},
   "steps": [
    {"narration": {"en": "Two points and w = {w}, b = {b}. Which point gives the first update?",
                   "vi": "Hai điểm, w = {w}, b = {b}. Điểm nào cho lần cập nhật đầu tiên?",
                   "zh": "两个点，w = {w}，b = {b}。哪个点带来第一次更新？"},
     "setup": {"data": [[0, 0, -1], [2, 2, 1]]},
     "question": {"kind": "pick_point", "prompt": {"en": "Click it."},
                  "why": {"en": "{index}: y(w·x + b) = {score} ≤ 0, so w ← w + ηyx."}}},
    {"narration": {"en": "After update {k}: w = {w}, b = {b}. What is b after the next update?"},
     "question": {"kind": "number", "prompt": {"en": "b ="}, "from": "b_after"}},
    {"narration": {"en": "Trained: k = {k}, w = {w}, b = {b}."}, "actions": [["train"]]}]})");
  // The README's setup also writes eta 1 and order cyclic, the settings' defaults: the
  // studio writes only what differs from them.
  EXPECT_EQ(out, readme) << st.export_text();
}

// Walks the exported lesson with the runner: the two questions answered as `replies` says.
std::vector<bool> walk_two_points(const std::string& text, const std::vector<std::string>& replies,
                                  std::vector<std::string>& narrations) {
  LessonRunner r;
  Session s;
  std::vector<bool> right;
  EXPECT_TRUE(r.load(text, "two-points.json").ok);
  EXPECT_TRUE(r.start(s).ok);
  for (std::size_t guard = 0; !r.done() && guard < 10; ++guard) {
    narrations.push_back(r.narration(s, "en"));
    if (r.question_kind() != QuestionKind::None) {
      bool correct = false;
      EXPECT_TRUE(r.answer(s, replies.at(right.size()), &correct).ok);
      right.push_back(correct);
    }
    EXPECT_TRUE(r.next(s).ok);
  }
  return right;
}

TEST(Studio, TheExportedLessonWalksRightAndWrong) {
  Studio st;
  make_two_points(st);
  const std::string text = st.export_text();
  std::vector<std::string> said;
  // By hand: w = 0, b = 0, cyclic: x1 = (0, 0), y = -1 scores 0 <= 0: the first update is
  // on x1 (index 0), b = -1. Then x2 = (2, 2), y = +1: 0 + (-1) <= 0, so w = (2, 2), b = 0.
  EXPECT_EQ(walk_two_points(text, {"0", "0"}, said), (std::vector<bool>{true, true}));
  ASSERT_EQ(said.size(), 3u);
  EXPECT_EQ(said[0], "Two points and w = (0, 0), b = 0. Which point gives the first update?");
  EXPECT_EQ(said[1], "After update 1: w = (0, 0), b = -1. What is b after the next update?");
  // Then training: x1 scores -(0 + 0) = 0 <= 0 again: b = -1, and both points are right.
  EXPECT_EQ(said[2], "Trained: k = 3, w = (2, 2), b = -1.");
  said.clear();
  EXPECT_EQ(walk_two_points(text, {"1", "-1"}, said), (std::vector<bool>{false, false}));
}

TEST(Studio, ANewLessonListsWhatItLacks) {
  Studio st;
  ASSERT_EQ(st.steps(), 1u);
  const std::vector<StudioProblem>& p = st.problems();
  ASSERT_GE(p.size(), 3u);
  // In the order of the file: the title, then step 0's narration and its missing data.
  EXPECT_EQ(p[0].step, -1);
  EXPECT_EQ(p[0].field, "title");
  EXPECT_EQ(p[0].lang, "en");
  EXPECT_EQ(p[0].message.code, Msg::lesson_no_text);
  EXPECT_EQ(p[1].step, 0);
  EXPECT_EQ(p[1].field, "narration");
  EXPECT_EQ(p[1].lang, "en");
  EXPECT_EQ(p[2].step, 0);
  EXPECT_EQ(p[2].field, "setup");
  EXPECT_EQ(p[2].message.code, Msg::lesson_first_data);
}

TEST(Studio, ABadEditIsRefusedWithItsField) {
  Studio st;
  make_two_points(st);
  const std::uint64_t rev = st.revision();
  const std::string before = st.export_text();
  EXPECT_TRUE(failed_with(st.text(1, "narration", "en", "b = {bb}"), Msg::lesson_placeholder,
                          {{"field", "steps[2].narration.en"}, {"name", "{bb}"}}));
  EXPECT_TRUE(failed_with(st.text(1, "narration", "zh", "b = {bb}"), Msg::lesson_placeholder,
                          {{"field", "steps[2].narration.zh"}}));
  EXPECT_TRUE(
      failed_with(st.text(1, "prompt", "en", ""), Msg::lesson_no_text, {{"field", "steps[2].question.prompt"}}));
  EXPECT_TRUE(failed_with(st.question(1, R"({"kind": "number", "prompt": {"en": "b ="}, "answer": "nine"})"),
                          Msg::lesson_expected_number, {{"field", "steps[2].question.answer"}}));
  EXPECT_TRUE(failed_with(st.question(1, R"({"kind": "guess", "prompt": {"en": "?"}})"), Msg::lesson_kind_unknown,
                          {{"field", "steps[2].question.kind"}}));
  EXPECT_TRUE(failed_with(st.text(1, "options[0]", "en", "yes"), Msg::lesson_unknown_key,
                          {{"field", "steps[2].question.options"}}));
  EXPECT_TRUE(failed_with(st.question(1, "{not json"), Msg::lesson_not_json));
  EXPECT_TRUE(failed_with(st.text(7, "narration", "en", "x"), Msg::lesson_range, {{"field", "step"}, {"value", "7"}}));
  EXPECT_TRUE(failed_with(st.text(1, "narration", "fr", "x"), Msg::lesson_unknown_key, {{"field", "narration.fr"}}));
  EXPECT_TRUE(failed_with(st.text(1, "comment", "en", "x"), Msg::lesson_unknown_key, {{"field", "comment"}}));
  EXPECT_TRUE(failed_with(st.text(2, "prompt", "en", "x"), Msg::lesson_missing_key, {{"field", "steps[2].question"}}));
  EXPECT_TRUE(failed_with(st.set_id("Two Points"), Msg::lesson_bad_id, {{"field", "id"}}));
  // Nothing changed.
  EXPECT_EQ(st.revision(), rev);
  EXPECT_EQ(st.export_text(), before);
  EXPECT_TRUE(st.problems().empty());
}

TEST(Studio, TextsPerLanguageOptionsAndWhys) {
  Studio st;
  make_two_points(st);
  ASSERT_TRUE(st.question(2, R"({"kind": "choice", "prompt": {"en": "Converged?"},
                                 "options": [{"en": "yes"}, {"en": "no"}], "answer": 0})")
                  .ok);
  ASSERT_TRUE(st.text(2, "options[2]", "en", "maybe").ok);  // one more option
  ASSERT_TRUE(st.text(2, "options[1]", "vi", "không").ok);
  ASSERT_TRUE(st.text(2, "whys[1]", "en", "k = {k} updates, and no mistake is left.").ok);
  const Json& q = st.draft()["steps"][2]["question"];
  EXPECT_EQ(q["options"].size(), 3u);
  EXPECT_EQ(q["options"][1], Json::parse(R"({"en": "no", "vi": "không"})"));
  EXPECT_EQ(q["whys"], Json::parse(R"([null, {"en": "k = {k} updates, and no mistake is left."}, null])"));
  EXPECT_TRUE(failed_with(st.text(2, "whys[3]", "en", "x"), Msg::lesson_range, {{"field", "whys"}}));
  EXPECT_TRUE(failed_with(st.text(2, "options[5]", "en", "x"), Msg::lesson_range, {{"field", "options"}}));
  // An empty text takes the language out; the last why taken out takes "whys" out.
  ASSERT_TRUE(st.text(2, "options[1]", "vi", "").ok);
  EXPECT_EQ(st.draft()["steps"][2]["question"]["options"][1], Json::parse(R"({"en": "no"})"));
  ASSERT_TRUE(st.text(2, "whys[1]", "en", "").ok);
  EXPECT_FALSE(st.draft()["steps"][2]["question"].contains("whys"));
  ASSERT_TRUE(st.question(2, "null").ok);
  EXPECT_FALSE(st.draft()["steps"][2].contains("question"));
  EXPECT_TRUE(st.problems().empty());
}

TEST(Studio, ProblemsNameStepFieldAndLanguage) {
  Studio st;
  // Three mistakes in one file: each listed where it is (positions from 0).
  ASSERT_TRUE(st.load(R"({"format": 1, "id": "mine", "title": {"en": "Mine"},
    "steps": [{"narration": {"en": "a", "vi": "w = {ww}"}, "setup": {"preset": "textbook"}},
              {"narration": {"en": "b"}, "actions": [["step"], ["jump"]]},
              {"narration": {"en": "c"}, "question": {"kind": "choice", "prompt": {"en": "?"},
                "options": [{"en": "x"}, {"en": "y", "zh": "{nope}"}], "answer": 0}}]})",
                      "mine.json")
                  .ok);
  const std::vector<StudioProblem>& p = st.problems();
  ASSERT_EQ(p.size(), 3u);
  EXPECT_EQ(p[0].step, 0);
  EXPECT_EQ(p[0].field, "narration");
  EXPECT_EQ(p[0].lang, "vi");
  EXPECT_EQ(p[0].message.code, Msg::lesson_placeholder);
  EXPECT_EQ(p[1].step, 1);
  EXPECT_EQ(p[1].field, "actions[1]");
  EXPECT_EQ(p[1].lang, "");
  EXPECT_EQ(p[1].message.code, Msg::lesson_action_unknown);
  EXPECT_EQ(p[2].step, 2);
  EXPECT_EQ(p[2].field, "question.options[1]");
  EXPECT_EQ(p[2].lang, "zh");
  // The draft is kept as it was given; fixing one field takes its problem away.
  EXPECT_EQ(st.draft()["steps"][1]["actions"].size(), 2u);
  ASSERT_TRUE(st.text(0, "narration", "vi", "w = {w}").ok);
  EXPECT_EQ(st.problems().size(), 2u);
  // Steps whose problems are elsewhere still preview: step 2 walks.
  StudioPreview pv;
  EXPECT_TRUE(st.preview(2, "narration", "en", pv).ok);
  EXPECT_EQ(pv.text, "c");
  // Not JSON, or no object: refused, the draft kept.
  EXPECT_TRUE(failed_with(st.load("[1, 2]"), Msg::lesson_expected_object));
  EXPECT_TRUE(failed_with(st.load("{"), Msg::lesson_not_json));
  EXPECT_EQ(st.draft()["id"], "mine");
}

TEST(Studio, RunThroughFindsWhatOnlyARunShows) {
  Studio st;
  make_two_points(st);
  EXPECT_TRUE(st.run_through().ok);
  // After a generate of 3-D data, a query point of 2 coordinates: the loader cannot know d,
  // the run refuses it.
  ASSERT_TRUE(st.insert(3).ok);
  ASSERT_TRUE(st.text(3, "narration", "en", "More").ok);
  Session lab;
  ASSERT_TRUE(st.lab_before(3, lab).ok);
  ASSERT_TRUE(st.record(lab, {{"generate", "separable", "20", "3"}, {"add_query", "1", "2"}}).ok);
  EXPECT_TRUE(st.problems().empty());
  StudioProblem at;
  const Status run = st.run_through(&at);
  EXPECT_TRUE(failed_with(run, Msg::lesson_step_failed, {{"step", "4"}}));
  EXPECT_EQ(at.step, 3);
  EXPECT_EQ(at.field, "actions[1]");
}

TEST(Studio, EveryBuiltinLessonOpensAndExportsUnchanged) {
  for (const std::string& id : builtin_lesson_ids()) {
    std::string original;
    ASSERT_TRUE(builtin_lesson(id, original));
    Studio st;
    ASSERT_TRUE(st.load_builtin(id).ok) << id;
    EXPECT_TRUE(st.problems().empty()) << id << ": " << st.problems()[0].english;
    EXPECT_EQ(Json::parse(st.export_text()), Json::parse(original)) << id;
    // The text exported reads back as the same text.
    Studio again;
    ASSERT_TRUE(again.load(st.export_text()).ok);
    EXPECT_EQ(again.export_text(), st.export_text()) << id;
    LessonRunner r;
    EXPECT_TRUE(r.load(st.export_text(), id + ".json").ok) << id;
  }
  Studio st;
  EXPECT_TRUE(failed_with(st.load_builtin("nope"), Msg::lesson_builtin_unknown, {{"id", "nope"}}));
}

TEST(Studio, StepsInsertDuplicateMoveRemove) {
  Studio st;
  make_two_points(st);
  ASSERT_EQ(st.steps(), 3u);
  ASSERT_TRUE(st.duplicate(1).ok);
  EXPECT_EQ(st.steps(), 4u);
  EXPECT_EQ(st.selected(), 2u);
  EXPECT_EQ(st.draft()["steps"][2], st.draft()["steps"][1]);
  ASSERT_TRUE(st.remove(2).ok);
  EXPECT_EQ(st.steps(), 3u);
  // The first step moved after the second: the lesson keeps it, and says the first step
  // must now load the data.
  ASSERT_TRUE(st.move(0, 1).ok);
  EXPECT_EQ(st.selected(), 1u);
  ASSERT_FALSE(st.problems().empty());
  EXPECT_EQ(st.problems()[0].step, 0);
  EXPECT_EQ(st.problems()[0].field, "setup");
  EXPECT_EQ(st.problems()[0].message.code, Msg::lesson_first_data);
  ASSERT_TRUE(st.move(1, 0).ok);
  EXPECT_TRUE(st.problems().empty());
  ASSERT_TRUE(st.insert(3).ok);
  EXPECT_EQ(st.selected(), 3u);
  EXPECT_EQ(st.problems().size(), 1u);  // its narration
  EXPECT_EQ(st.problems()[0].step, 3);
  ASSERT_TRUE(st.select(0).ok);
  EXPECT_TRUE(failed_with(st.select(4), Msg::lesson_range));
  EXPECT_TRUE(failed_with(st.insert(5), Msg::lesson_range));
  EXPECT_TRUE(failed_with(st.move(0, 4), Msg::lesson_range));
  Studio one;
  EXPECT_TRUE(failed_with(one.remove(0), Msg::lesson_no_steps));
}

TEST(Studio, StateForTheInterface) {
  Studio st;
  make_two_points(st);
  EXPECT_EQ(st.state()["open"], false);
  st.open();
  ASSERT_TRUE(st.select(1).ok);
  const Json s = st.state();
  EXPECT_EQ(s["open"], true);
  EXPECT_EQ(s["step"], 1);
  EXPECT_EQ(s["lesson"], st.draft());
  EXPECT_EQ(s["problems"], Json::array());
  ASSERT_EQ(s["steps"].size(), 3u);
  EXPECT_EQ(s["steps"][0]["kind"], "pick_point");
  EXPECT_EQ(s["steps"][1]["kind"], "number");
  EXPECT_EQ(s["steps"][2]["kind"], "");
  EXPECT_EQ(s["steps"][2]["summary"], "Trained: k = {k}, w = {w}, b = {b}.");
  st.close();
  Studio fresh;
  const Json p = fresh.state()["problems"][0];
  EXPECT_EQ(p["step"], -1);
  EXPECT_EQ(p["field"], "title");
  EXPECT_EQ(p["lang"], "en");
  EXPECT_EQ(p["code"], "lesson.no_text");
}

}  // namespace
}  // namespace pla::studio_test
