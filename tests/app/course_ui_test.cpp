// The Lessons menu (app/lessons_menu.cpp): every built-in lesson in the course's order with
// its title, length and the student's progress, drawn (read back from the draw data) in
// every language without cut text; choosing a lesson starts it or resumes it where the
// student left it; state().lessons; the L key; hidden in embed mode unless lessons_menu.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "app/app.hpp"
#include "app/app_internal.hpp"  // link_maker_query
#include "app/i18n.hpp"
#include "headless.hpp"
#include "imgui_internal.h"  // FindWindowByName: where the Lessons dialog is
#include "layout_check.hpp"

namespace pla::app::course_ui_test {
namespace {

using test::Headless;

// A character typed (as a backend sends it), then a frame.
void type(Headless& h, char c) {
  ImGui::GetIO().AddInputCharacter(static_cast<unsigned>(c));
  h.frame();
}

// Index of the first text run at or after `from` that contains `what` (npos: none).
std::size_t find_text(const std::vector<std::string>& texts, const std::string& what, std::size_t from = 0) {
  for (std::size_t i = from; i < texts.size(); ++i)
    if (texts[i].find(what) != std::string::npos) return i;
  return std::string::npos;
}

// The draw data's texts read back as one string per run, and the layout problems of the
// Lessons dialog.
LayoutReport lessons_frame(Headless& h) {
  h.frame();
  h.frame();
  return check_layout();
}

// Walks the open lesson `nexts` steps on, answering each question with the expected reply.
void walk(App& app, std::size_t nexts) {
  for (std::size_t i = 0; i < nexts; ++i) {
    if (app.lesson.question_kind() != QuestionKind::None && !app.lesson.answered()) {
      ASSERT_TRUE(run_command(app, {"answer", app.lesson.expected_answer()}).ok);
    }
    ASSERT_TRUE(run_command(app, {"lesson_next"}).ok);
  }
}

// The Lessons menu drawn in the language in use: every lesson's number and title in course
// order, then (the next column) each one's length, then its progress (a table is drawn
// column by column): the first lesson done, the third at step 3, the others not started;
// nothing of the dialog cut or run into other text.
void check_menu(Headless& h, const std::vector<LessonInfo>& infos, const char* lang) {
  const LayoutReport r = lessons_frame(h);
  if (std::getenv("PLA_DUMP_TEXTS"))
    for (const std::string& t : r.texts) std::printf("[%s]\n", t.c_str());
  std::size_t at = 0;
  for (std::size_t i = 0; i < infos.size(); ++i) {
    const std::string title = std::to_string(i + 1) + ". " + infos[i].title.in(lang);
    // A long title wraps: its first words start the run.
    const std::size_t found = find_text(r.texts, title.substr(0, std::min<std::size_t>(title.size(), 12)), at);
    ASSERT_NE(found, std::string::npos) << title;
    at = found + 1;
  }
  for (std::size_t i = 0; i < infos.size(); ++i) {
    const std::string steps = h.app.trf("lessons.steps", {{"steps", std::to_string(infos[i].steps)}});
    const std::size_t found = find_text(r.texts, steps, at);
    ASSERT_LE(found, at + 1) << steps;  // one after the other (the column's header first)
    at = found + 1;
  }
  for (std::size_t i = 0; i < infos.size(); ++i) {
    std::string progress = h.app.tr("lessons.not_started");
    if (i == 0)
      progress = h.app.trf("lessons.done", {{"right", std::to_string(infos[0].questions)},
                                      {"questions", std::to_string(infos[0].questions)}});
    if (i == 2) progress = h.app.trf("lessons.at_step", {{"step", "3"}, {"steps", std::to_string(infos[2].steps)}});
    // The progress may wrap: its first word is where it should be; "Start over" follows a started one.
    const std::size_t found = find_text(r.texts, progress.substr(0, progress.find(' ')), at);
    ASSERT_NE(found, std::string::npos) << progress;
    EXPECT_LE(found, at + 2) << progress;
    at = found + 1;
    if (i == 0 || i == 2) {
      const std::size_t again = find_text(r.texts, h.app.tr("lessons.start_over"), at);
      EXPECT_LE(again, at + 2) << i;
      at = again + 1;
    }
  }
  // No text of the dialog is cut or runs into other text.
  for (const LayoutProblem& pr : r.problems)
    EXPECT_EQ(pr.window.find("lessons"), std::string::npos) << kind_name(pr.kind) << " " << pr.text << " " << pr.detail;
}

TEST(CourseUi, TheMenuListsEveryLessonInCourseOrderWithItsProgress) {
  Headless h(Headless::Fonts::App, {});
  App& app = h.app;
  // Progress: the first lesson finished with every answer right, the third at step 3.
  ASSERT_TRUE(run_command(app, {"lesson_open", builtin_lesson_ids()[0]}).ok);
  for (int guard = 0; guard < 600 && !app.lesson.done(); ++guard) walk(app, 1);
  ASSERT_TRUE(app.lesson.done());
  ASSERT_TRUE(run_command(app, {"lesson_open", builtin_lesson_ids()[2]}).ok);
  walk(app, 2);
  ASSERT_EQ(app.lesson.step(), 2u);
  ASSERT_TRUE(run_command(app, {"lesson_exit"}).ok);

  const std::vector<LessonInfo>& infos = builtin_lesson_infos();
  const Json lessons = state(app)["lessons"];
  ASSERT_EQ(lessons.size(), builtin_lesson_ids().size());
  for (std::size_t i = 0; i < lessons.size(); ++i) {
    EXPECT_EQ(lessons[i]["id"], builtin_lesson_ids()[i]);
    EXPECT_EQ(lessons[i]["title"], infos[i].title.en);
    EXPECT_EQ(lessons[i]["steps"], infos[i].steps);
    EXPECT_EQ(lessons[i]["questions"], infos[i].questions);
  }
  EXPECT_EQ(lessons[0]["step"], infos[0].steps);
  EXPECT_TRUE(lessons[0]["done"].get<bool>());
  EXPECT_EQ(lessons[0]["right"], infos[0].questions);  // every answer was the expected one
  EXPECT_EQ(lessons[1]["step"], 0);                     // not started
  EXPECT_EQ(lessons[2]["step"], 3);                     // 1-based: the third step
  EXPECT_FALSE(lessons[2]["done"].get<bool>());

  EXPECT_FALSE(state(app)["lessons_open"].get<bool>());
  type(h, 'l');  // the L key opens it
  EXPECT_TRUE(state(app)["lessons_open"].get<bool>());
  for (const char* lang : {"en", "vi", "zh"}) {
    SCOPED_TRACE(lang);
    ASSERT_TRUE(run_command(app, {"set", "lang", lang}).ok);
    ASSERT_NO_FATAL_FAILURE(check_menu(h, infos, lang));
  }
  // A phone held upright: one column, the length and progress under each title, nothing cut.
  ImGui::GetIO().DisplaySize = ImVec2(360, 740);
  for (const char* lang : {"en", "vi", "zh"}) {
    SCOPED_TRACE(lang);
    ASSERT_TRUE(run_command(app, {"set", "lang", lang}).ok);
    const LayoutReport r = lessons_frame(h);
    const std::string second = app.trf("lessons.steps", {{"steps", std::to_string(infos[2].steps)}}) + " · " +
                               app.trf("lessons.at_step", {{"step", "3"}, {"steps", std::to_string(infos[2].steps)}});
    EXPECT_NE(find_text(r.texts, second.substr(0, 12)), std::string::npos) << second;
    for (const LayoutProblem& pr : r.problems)
      EXPECT_EQ(pr.window.find("lessons"), std::string::npos) << kind_name(pr.kind) << " " << pr.text << " " << pr.detail;
  }
  ImGui::GetIO().DisplaySize = ImVec2(1280, 800);
  ASSERT_TRUE(run_command(app, {"set", "lang", "en"}).ok);
  // Choosing the third lesson resumes it at its third step; the menu closes.
  ASSERT_TRUE(run_command(app, {"lesson_open", builtin_lesson_ids()[2]}).ok);
  EXPECT_EQ(app.lesson.step(), 2u);
  EXPECT_EQ(app.lesson.results(), app.course.lessons[builtin_lesson_ids()[2]].results);
  EXPECT_FALSE(state(app)["lessons_open"].get<bool>());
  // A finished lesson starts again; "lesson" always starts at step 1.
  ASSERT_TRUE(run_command(app, {"lesson_open", builtin_lesson_ids()[0]}).ok);
  EXPECT_EQ(app.lesson.step(), 0u);
  EXPECT_FALSE(app.lesson.done());
  ASSERT_TRUE(run_command(app, {"lesson", builtin_lesson_ids()[2]}).ok);
  EXPECT_EQ(app.lesson.step(), 0u);
  EXPECT_EQ(state(app)["lessons"][2]["step"], 1);
}

TEST(CourseUi, ResumingShowsTheSameNumbersAsWalkingThere) {
  App walked;
  init(walked);
  ASSERT_TRUE(run_command(walked, {"lesson_open", "textbook"}).ok);
  walk(walked, 4);
  if (walked.lesson.question_kind() == QuestionKind::None) walk(walked, 1);
  ASSERT_NE(walked.lesson.question_kind(), QuestionKind::None);
  ASSERT_TRUE(run_command(walked, {"answer", walked.lesson.expected_answer()}).ok);
  // A second app with the first one's progress record (as the platform restores it).
  App resumed;
  init(resumed);
  ASSERT_TRUE(CourseProgress::from_json(walked.course.to_json(), resumed.course));
  std::vector<Message> ignored;
  apply_params(resumed, {{"lesson", "textbook"}}, ignored);
  ASSERT_TRUE(ignored.empty());
  EXPECT_EQ(resumed.lesson.step(), walked.lesson.step());
  EXPECT_EQ(resumed.lesson.answered(), walked.lesson.answered());
  EXPECT_EQ(resumed.lesson.narration(resumed.session, "en"), walked.lesson.narration(walked.session, "en"));
  EXPECT_EQ(resumed.session.state().dump(), walked.session.state().dump());
  EXPECT_EQ(state(resumed)["lessons"].dump(), state(walked)["lessons"].dump());
}

// A teacher's lesson keeps progress too, under a hash of its text: opened again (the page
// fetches the file again after a reload) it goes on where the student left it; an edited
// file is another lesson and starts at step 1; the menu lists only the built-in lessons.
TEST(CourseUi, ATeachersLessonResumesWhereTheStudentLeftIt) {
  const std::string lesson = R"({"format": 1, "id": "mine", "title": {"en": "Mine"}, "steps": [
    {"narration": {"en": "w = {w}"}, "setup": {"preset": "textbook", "eta": 1, "order": "cyclic"}},
    {"narration": {"en": "k = {k}"}, "actions": [["next_update"]],
     "question": {"kind": "number", "from": "b_after", "prompt": {"en": "b?"}}},
    {"narration": {"en": "w = {w}, b = {b}, k = {k}"}}]})";
  App first;
  init(first);
  ASSERT_TRUE(run_command(first, {"lesson_open", lesson}).ok);
  ASSERT_TRUE(run_command(first, {"lesson_next"}).ok);
  ASSERT_TRUE(run_command(first, {"answer", "7"}).ok);  // wrong: the update on x3 gives b = 0
  EXPECT_FALSE(first.lesson.last_correct());
  ASSERT_TRUE(first.course.current.empty());  // the page reopens it from its link, not from the record
  // The record, restored by a reloaded page, then the same file fetched again.
  App again;
  init(again);
  ASSERT_TRUE(CourseProgress::from_json(first.course.to_json(), again.course));
  ASSERT_TRUE(run_command(again, {"lesson_open", lesson}).ok);
  EXPECT_EQ(again.lesson.id(), "mine");
  EXPECT_EQ(again.lesson.step(), 1u);
  EXPECT_TRUE(again.lesson.answered());
  EXPECT_FALSE(again.lesson.last_correct());
  EXPECT_EQ(again.lesson.narration(again.session, "en"), first.lesson.narration(first.session, "en"));
  EXPECT_EQ(again.session.state().dump(), first.session.state().dump());
  EXPECT_EQ(state(again)["lessons"].size(), builtin_lesson_ids().size());
  // The same lesson edited: a new lesson, from step 1.
  std::string edited = lesson;
  edited.replace(edited.find("k = {k}\"}, \"actions\""), 7, "k is {k}");
  App other;
  init(other);
  ASSERT_TRUE(CourseProgress::from_json(first.course.to_json(), other.course));
  ASSERT_TRUE(run_command(other, {"lesson_open", edited}).ok);
  EXPECT_EQ(other.lesson.step(), 0u);
  // `lesson` (not lesson_open) starts over.
  ASSERT_TRUE(run_command(again, {"lesson", lesson}).ok);
  EXPECT_EQ(again.lesson.step(), 0u);
}

TEST(CourseUi, AClickOnEachRowOpensItsLessonInCourseOrder) {
  Headless h(Headless::Fonts::App, {});
  App& app = h.app;
  ASSERT_TRUE(run_command(app, {"show_lessons", "true"}).ok);
  for (int i = 0; i < 3; ++i) h.frame();  // the dialog sizes itself to its content
  const ImGuiWindow* w = ImGui::FindWindowByName((std::string(app.tr("lessons.title")) + "###lessons").c_str());
  ASSERT_NE(w, nullptr);
  ASSERT_GT(w->Size.y, 200.0f);
  const float x = w->Pos.x + 40.0f, top = w->Pos.y, bottom = w->Pos.y + w->Size.y;
  // Clicks down the left of the dialog, 4 px apart: each lesson opened once, in course order.
  std::vector<std::string> opened;
  ImGuiIO& io = ImGui::GetIO();
  for (float y = top + 1.0f; y < bottom; y += 4.0f) {
    io.MousePos = ImVec2(x, y);
    h.frame();
    io.MouseDown[0] = true;
    h.frame();
    io.MouseDown[0] = false;
    h.frame();
    if (app.lesson.active()) {
      if (opened.empty() || opened.back() != app.lesson.id()) opened.push_back(app.lesson.id());
      EXPECT_FALSE(app.lessons_open);  // choosing closes the menu
      ASSERT_TRUE(run_command(app, {"lesson_exit"}).ok);
    }
    ASSERT_TRUE(run_command(app, {"show_lessons", "true"}).ok);
    h.frame();
  }
  EXPECT_EQ(opened, builtin_lesson_ids());
}

TEST(CourseUi, EmbedModeHidesTheMenuUnlessTheLinkAsksForIt) {
  Headless h(Headless::Fonts::ImGuiDefault, {});
  App& app = h.app;
  ASSERT_TRUE(run_command(app, {"set", "embed", "true"}).ok);
  EXPECT_FALSE(lessons_menu_available(app));
  type(h, 'l');
  h.frame();
  EXPECT_FALSE(state(app)["lessons_open"].get<bool>());
  ASSERT_TRUE(run_command(app, {"show_lessons", "true"}).ok);
  h.frame();
  EXPECT_FALSE(state(app)["lessons_open"].get<bool>());  // asked for, still not shown
  EXPECT_EQ(find_text(check_layout().texts, "Lessons"), std::string::npos);
  ASSERT_TRUE(run_command(app, {"show_lessons", "false"}).ok);
  // lessons_menu=1 in the link: the strip has the button and the menu opens.
  std::vector<Message> ignored;
  apply_params(app, {{"embed", "1"}, {"lessons_menu", "1"}}, ignored);
  ASSERT_TRUE(ignored.empty());
  EXPECT_TRUE(lessons_menu_available(app));
  h.frame();
  EXPECT_NE(find_text(check_layout().texts, "Lessons"), std::string::npos);  // the strip's button
  type(h, 'l');
  h.frame();
  EXPECT_TRUE(state(app)["lessons_open"].get<bool>());
  EXPECT_NE(find_text(check_layout().texts, builtin_lesson_infos().back().title.en.substr(0, 10)), std::string::npos);
  // The link maker offers it with compact mode.
  LinkMaker m;
  m.embed = true;
  m.lessons_menu = true;
  EXPECT_NE(link_maker_query(m).find("lessons_menu=1"), std::string::npos);
  m.embed = false;
  EXPECT_EQ(link_maker_query(m).find("lessons_menu"), std::string::npos);
}

}  // namespace
}  // namespace pla::app::course_ui_test
