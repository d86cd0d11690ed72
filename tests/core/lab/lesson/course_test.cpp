// The course (web/lessons/course.json: the built-in lessons in teaching order) and a
// student's progress: the record (CourseProgress's JSON) and LessonRunner::resume, which
// must rebuild a lesson at any step exactly as walking there does.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/lab/lesson/lesson.hpp"
#include "core/lab/session/session.hpp"

namespace pla::course_test {
namespace {

Json read_json(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return Json::parse(ss.str(), nullptr, false);
}

// The ids of the lesson files in web/lessons (course.json is not one), read from the source tree.
std::vector<std::string> lesson_file_ids() {
  std::vector<std::string> out;
  const std::filesystem::path dir = std::filesystem::path(PLA_SOURCE_DIR) / "web" / "lessons";
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.path().extension() != ".json" || e.path().filename() == "course.json") continue;
    const Json doc = read_json(e.path());
    EXPECT_TRUE(doc.is_object() && doc.contains("id")) << e.path();
    if (doc.is_object() && doc.contains("id")) out.push_back(doc["id"].get<std::string>());
  }
  return out;
}

std::vector<std::string> course_list(const Json& course) {
  std::vector<std::string> out;
  for (const Json& id : course["lessons"]) out.push_back(id.get<std::string>());
  return out;
}

TEST(Course, ListsEveryBuiltinLessonOnceAndNothingElse) {
  const Json course = read_json(std::filesystem::path(PLA_SOURCE_DIR) / "web" / "lessons" / "course.json");
  ASSERT_TRUE(course.is_object());
  EXPECT_EQ(course["format"], 1);
  ASSERT_TRUE(course["lessons"].is_array());
  const std::vector<std::string> listed = course_list(course);
  const std::set<std::string> once(listed.begin(), listed.end());
  EXPECT_EQ(once.size(), listed.size()) << "a lesson is listed twice";
  std::vector<std::string> files = lesson_file_ids();
  std::vector<std::string> sorted = listed;
  std::sort(files.begin(), files.end());
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, files) << "course.json must list exactly the lesson files of web/lessons";
  // The embedded course is the file, and the built-in lessons follow its order.
  EXPECT_EQ(Json::parse(builtin_course_json(), nullptr, false), course);
  EXPECT_EQ(builtin_lesson_ids(), listed);
  const std::vector<LessonInfo> infos = builtin_lesson_infos();
  ASSERT_EQ(infos.size(), listed.size());
  for (std::size_t i = 0; i < listed.size(); ++i) {
    const LessonInfo& info = infos[i];
    EXPECT_EQ(info.id, listed[i]);
    // Steps and questions counted independently, from the lesson file itself.
    const Json doc = read_json(std::filesystem::path(PLA_SOURCE_DIR) / "web" / "lessons" / (info.id + ".json"));
    std::size_t questions = 0;
    for (const Json& st : doc["steps"]) questions += st.contains("question");
    EXPECT_EQ(info.steps, doc["steps"].size()) << info.id;
    EXPECT_EQ(info.questions, questions) << info.id;
    EXPECT_EQ(info.title.en, doc["title"]["en"].get<std::string>());
    EXPECT_EQ(info.title.written("vi"), doc["title"]["vi"].get<std::string>());
    EXPECT_EQ(info.title.written("zh"), doc["title"]["zh"].get<std::string>());
  }
}

// Everything a student sees at the current step, and the session's numbers.
std::string screen(const LessonRunner& r, const Session& s) {
  std::string out = s.state().dump();
  for (const char* lang : {"en", "vi", "zh"}) {
    out += "\n" + r.narration(s, lang) + "\n" + r.question_prompt(lang);
    for (const std::string& o : r.question_options(lang)) out += "\n- " + o;
    out += "\n" + r.feedback(lang) + "\n" + r.expected_text(lang);
  }
  out += "\nanswered " + std::to_string(r.answered()) + " correct " + std::to_string(r.last_correct());
  out += "\nstep " + std::to_string(r.step()) + " done " + std::to_string(r.done());
  return out;
}

// A reply to the current question: the expected one, or (every third question) a wrong one.
std::string reply_for(const LessonRunner& r, const Session& s, std::size_t n) {
  const std::string& e = r.expected_answer();
  if (n % 3 != 2) return e;
  switch (r.question_kind()) {
    case QuestionKind::YesNo: return e == "yes" ? "no" : "yes";
    case QuestionKind::Choice: return e == "0" ? "1" : "0";
    case QuestionKind::Number: return "123456";
    case QuestionKind::PickPoint: return s.data().size() > 1 && e == "0" ? "1" : "0";
    case QuestionKind::PlaceLine: return e == "none" ? "1 0 0" : "none";
    default: return e;
  }
}

TEST(Course, ResumingAtAnyStepShowsWhatWalkingThereShows) {
  for (const std::string& id : builtin_lesson_ids()) {
    SCOPED_TRACE(id);
    Session walked;
    LessonRunner w;
    ASSERT_TRUE(w.load_builtin(id).ok);
    ASSERT_TRUE(w.start(walked).ok);
    std::size_t n = 0, checked = 0;
    while (!w.done()) {
      // Before the answer: resume at this step with the record so far.
      {
        Session s;
        LessonRunner r;
        ASSERT_TRUE(r.load_builtin(id).ok);
        ASSERT_TRUE(r.resume(s, w.progress()).ok) << "step " << w.step();
        EXPECT_EQ(screen(r, s), screen(w, walked)) << "step " << w.step() + 1;
        EXPECT_EQ(r.results(), w.results());
        ++checked;
      }
      if (w.question_kind() != QuestionKind::None) {
        bool right = false;
        ASSERT_TRUE(w.answer(walked, reply_for(w, walked, n++), &right).ok);
        // After the answer: the reply and its feedback come back too.
        Session s;
        LessonRunner r;
        ASSERT_TRUE(r.load_builtin(id).ok);
        ASSERT_TRUE(r.resume(s, w.progress()).ok);
        EXPECT_TRUE(r.answered());
        EXPECT_EQ(r.last_correct(), right);
        EXPECT_EQ(screen(r, s), screen(w, walked)) << "step " << w.step() + 1 << " answered";
        EXPECT_EQ(r.results(), w.results());
        EXPECT_EQ(r.replies(), w.replies());
      }
      ASSERT_TRUE(w.next(walked).ok);
    }
    EXPECT_EQ(checked, w.steps());
    // Done: resumed on its last step, finished, with the same answers and numbers.
    Session s;
    LessonRunner r;
    ASSERT_TRUE(r.load_builtin(id).ok);
    ASSERT_TRUE(r.resume(s, w.progress()).ok);
    EXPECT_TRUE(r.done());
    EXPECT_EQ(screen(r, s), screen(w, walked));
    EXPECT_EQ(r.progress().right(), w.progress().right());
    // Every third question was answered wrongly: the count of right answers says so.
    const std::vector<std::string> ids = builtin_lesson_ids();
    const std::size_t questions =
        builtin_lesson_infos()[static_cast<std::size_t>(std::find(ids.begin(), ids.end(), id) - ids.begin())].questions;
    EXPECT_EQ(n, questions);
    EXPECT_EQ(w.progress().answered(), questions);
    EXPECT_EQ(w.progress().right(), questions - questions / 3);
  }
}

TEST(Course, ProgressRecordRoundTripsThroughItsJson) {
  LessonRunner w;
  Session s;
  ASSERT_TRUE(w.load_builtin("textbook").ok);
  ASSERT_TRUE(w.start(s).ok);
  std::size_t n = 0;
  // Three questions in: two right, one wrong.
  while (n < 3) {
    if (w.question_kind() != QuestionKind::None) {
      ASSERT_TRUE(w.answer(s, reply_for(w, s, n++)).ok);
    }
    ASSERT_TRUE(w.next(s).ok);
  }
  CourseProgress c;
  c.lessons["textbook"] = w.progress();
  c.current = "textbook";
  const std::string text = c.to_json();
  const Json doc = Json::parse(text);
  EXPECT_EQ(doc["format"], 1);
  EXPECT_EQ(doc["lessons"]["textbook"]["step"], w.step() + 1);  // 1-based
  EXPECT_EQ(doc["lessons"]["textbook"]["answers"].size(), 3u);
  CourseProgress back;
  ASSERT_TRUE(CourseProgress::from_json(text, back));
  ASSERT_EQ(back.lessons.count("textbook"), 1u);
  EXPECT_EQ(back.current, "textbook");
  const LessonProgress& p = back.lessons["textbook"];
  EXPECT_EQ(p.step, w.step());
  EXPECT_FALSE(p.done);
  EXPECT_EQ(p.right(), 2u);
  EXPECT_EQ(p.answered(), 3u);
  for (std::size_t i = 0; i <= w.step(); ++i) {
    EXPECT_EQ(p.results[i], w.results()[i]) << i;
    EXPECT_EQ(p.replies[i], w.replies()[i]) << i;
  }
  // The rebuilt lesson from the parsed record shows what the walk shows.
  Session s2;
  LessonRunner r;
  ASSERT_TRUE(r.load_builtin("textbook").ok);
  ASSERT_TRUE(r.resume(s2, p).ok);
  EXPECT_EQ(screen(r, s2), screen(w, s));
}

TEST(Course, ProgressRecordRefusesOtherTextAndDropsNonsense) {
  CourseProgress c;
  c.lessons["x"].step = 4;
  EXPECT_FALSE(CourseProgress::from_json("", c));
  EXPECT_FALSE(CourseProgress::from_json("plab1&data=1", c));
  EXPECT_FALSE(CourseProgress::from_json("{\"format\": 2, \"lessons\": {}}", c));
  EXPECT_FALSE(CourseProgress::from_json("{\"format\": 1, \"lessons\": []}", c));
  EXPECT_EQ(c.lessons.at("x").step, 4u);  // unchanged by a refused text
  ASSERT_TRUE(CourseProgress::from_json(
      R"({"format": 1, "lessons": {"a": {"step": 0}, "b": {"step": 501}, "c": "x",
          "d": {"step": 2, "done": true, "answers": [[1, "yes", true], [3, "no", false], [0, "1", true], [2, 5, true],
                                                    [4, "x", null], [501, "no", true], [5, "no", "true"]]}}})",
      c));
  EXPECT_EQ(c.lessons.size(), 1u);
  const LessonProgress& d = c.lessons.at("d");
  EXPECT_EQ(d.step, 1u);
  EXPECT_TRUE(d.done);
  // Step 3's answer is after the step shown (Back keeps it); step 4 was passed over with
  // Next (null: no reply kept); 0, 501 (past the limit), "5" and "true" make no sense.
  EXPECT_EQ(d.results, (std::vector<int>{1, 0, 2, 3}));
  EXPECT_EQ(d.replies, (std::vector<std::string>{"yes", "", "no", ""}));
  EXPECT_EQ(d.right(), 1u);
  EXPECT_EQ(d.answered(), 2u);  // a pass is no answer
  // And back to the same JSON entries.
  CourseProgress again;
  again.lessons["d"] = d;
  EXPECT_EQ(Json::parse(again.to_json())["lessons"]["d"]["answers"],
            Json::parse(R"([[1, "yes", true], [3, "no", false], [4, "", null]])"));
}

TEST(Course, ResumePastTheEndOrWithAStaleReplyStillShowsALesson) {
  LessonProgress p;
  p.step = 10000;
  Session s;
  LessonRunner r;
  ASSERT_TRUE(r.load_builtin("textbook").ok);
  ASSERT_TRUE(r.resume(s, p).ok);
  EXPECT_TRUE(r.active());
  EXPECT_EQ(r.step(), r.steps() - 1);
  EXPECT_FALSE(r.done());
  // A recorded reply the question does not take (a lesson changed since) still counts as
  // recorded: the question stays closed with the recorded verdict.
  LessonRunner q;
  ASSERT_TRUE(q.load_builtin("textbook").ok);
  std::size_t ask = 0;
  while (q.lesson().steps[ask].question.kind == QuestionKind::None) ++ask;
  LessonProgress stale;
  stale.step = ask;
  stale.results.assign(ask + 1, 0);
  stale.replies.assign(ask + 1, "");
  stale.results[ask] = 1;
  stale.replies[ask] = "not a reply";
  Session s2;
  ASSERT_TRUE(q.resume(s2, stale).ok);
  EXPECT_EQ(q.step(), ask);
  EXPECT_TRUE(q.answered());
  EXPECT_TRUE(q.last_correct());
  EXPECT_EQ(q.results()[ask], 1);
  const Status again = q.answer(s2, q.expected_answer());
  EXPECT_FALSE(again.ok);
  EXPECT_EQ(again.code, Msg::lesson_answered);
  LessonRunner none;
  EXPECT_FALSE(none.resume(s2, stale).ok);
}

}  // namespace
}  // namespace pla::course_test
