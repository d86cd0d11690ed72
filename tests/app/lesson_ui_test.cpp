// The guided lesson in the interface: the commands (lesson, lesson_next, lesson_back,
// answer, lesson_exit), state().lesson, the lesson link parameter, the panel drawn in
// every language, Enter as Next, and a place_line question answered by the command and
// by dragging the canvas's two handles then pressing Check.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/app.hpp"
#include "app/fonts.hpp"
#include "imgui.h"
#include "imgui_internal.h"  // ActivateItem, ImHashStr: pressing a panel button by its id

namespace pla::app {

// canvas.cpp: the handles of an open place_line question (data coordinates).
bool place_line_handles(const App& app, Vec2d& p0, Vec2d& p1);
}  // namespace pla::app

namespace pla::app::lesson_ui_test {

namespace {

struct Frames {
  Frames() {
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;
    ImGui::GetIO().DisplaySize = ImVec2(1280, 800);
    ImGui::GetIO().KeyMap[ImGuiKey_Enter] = 1;
  }
  ~Frames() { ImGui::DestroyContext(); }
  void frame(App& app) {
    update_fonts(fonts, app, 1.0f);
    ImGui::GetIO().DeltaTime = 1.0f / 60.0f;
    ImGui::NewFrame();
    pla::app::frame(app, 1.0f / 60.0f);
    ImGui::Render();
  }
  FontAtlas fonts;  // the app's fonts in this context's atlas
};

TEST(LessonUi, CommandsWalkTheTextbookLessonToItsEnd) {
  Frames f;
  App app;
  init(app);
  ASSERT_TRUE(run_command(app, {"lesson", "textbook"}).ok);
  Json s = state(app);
  ASSERT_TRUE(s.contains("lesson"));
  EXPECT_EQ(s["lesson"]["id"], "textbook");
  EXPECT_EQ(s["lesson"]["step"], 0);
  EXPECT_FALSE(s["lesson"]["done"].get<bool>());
  const int steps = s["lesson"]["steps"].get<int>();
  EXPECT_GE(steps, 5);
  EXPECT_EQ(app.session.preset(), "textbook");
  for (int i = 0; i < 200 && !app.lesson.done(); ++i) {
    f.frame(app);
    ASSERT_TRUE(run_command(app, {"lesson_next"}).ok) << "step " << app.lesson.step();
  }
  EXPECT_TRUE(app.lesson.done());
  EXPECT_TRUE(state(app)["lesson"]["done"].get<bool>());
  // Back goes to the previous step; exit ends the lesson and state() has no "lesson".
  ASSERT_TRUE(run_command(app, {"lesson_back"}).ok);
  EXPECT_FALSE(app.lesson.done());
  ASSERT_TRUE(run_command(app, {"lesson_exit"}).ok);
  EXPECT_FALSE(state(app).contains("lesson"));
}

TEST(LessonUi, AnswersThroughTheCommandAndEnterIsNext) {
  Frames f;
  App app;
  init(app);
  ASSERT_TRUE(run_command(app, {"lesson", "textbook"}).ok);
  f.frame(app);
  // The first question of the textbook lesson: which point is the first mistake (x1).
  ASSERT_EQ(app.lesson.question_kind(), QuestionKind::PickPoint);
  ASSERT_TRUE(run_command(app, {"answer", "0"}).ok);
  EXPECT_TRUE(app.lesson.answered());
  EXPECT_TRUE(app.lesson.last_correct());
  const std::size_t before = app.lesson.step();
  ImGui::GetIO().KeysDown[1] = true;  // Enter
  f.frame(app);
  ImGui::GetIO().KeysDown[1] = false;
  f.frame(app);
  EXPECT_EQ(app.lesson.step(), before + 1);
}

TEST(LessonUi, AClickOnThePointAnswersAPickQuestion) {
  Frames f;
  App app;
  init(app);
  ASSERT_TRUE(run_command(app, {"lesson", "textbook"}).ok);
  for (int i = 0; i < 3; ++i) f.frame(app);
  ASSERT_EQ(app.lesson.question_kind(), QuestionKind::PickPoint);
  const std::size_t points = app.session.data().size();
  // x3 = (1, 1) is not the first mistake (x1 is): a wrong answer, and no point is added.
  const Vec2d at = to_screen(app, 1.0, 1.0);
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2(static_cast<float>(at.x), static_cast<float>(at.y));
  f.frame(app);
  io.MouseDown[0] = true;
  f.frame(app);
  io.MouseDown[0] = false;
  f.frame(app);
  EXPECT_TRUE(app.lesson.answered());
  EXPECT_FALSE(app.lesson.last_correct());
  EXPECT_EQ(app.session.data().size(), points);
}

TEST(LessonUi, ABadLessonIsRefusedAndTheLabKeepsWorking) {
  App app;
  init(app);
  ASSERT_TRUE(run_command(app, {"lesson", "textbook"}).ok);
  const Status st = run_command(app, {"lesson", R"({"format": 1, "id": "x", "title": {"en": "x"}, "stepz": []})"});
  EXPECT_FALSE(st.ok);
  EXPECT_NE(st.error.find("step"), std::string::npos) << st.error;
  EXPECT_EQ(app.lesson.id(), "textbook");  // the lesson in progress is kept
  EXPECT_FALSE(run_command(app, {"lesson", "no-such-lesson"}).ok);
  // The lesson kept is at its first question: the lab waits for the answer, then works.
  EXPECT_EQ(run_command(app, {"step"}).code, Msg::lesson_locked);
  ASSERT_TRUE(run_command(app, {"answer", app.lesson.expected_answer()}).ok);
  EXPECT_TRUE(run_command(app, {"step"}).ok);
}

TEST(LessonUi, TheLinkParameterStartsALessonAndThePanelDrawsInEveryLanguage) {
  Frames f;
  for (const char* lang : {"en", "vi", "zh", "pseudo"}) {
    for (const std::string& id : builtin_lesson_ids()) {
      App app;
      init(app);
      std::vector<Message> ignored;
      apply_params(app, {{"lesson", id}, {"lang", lang}}, ignored);
      ASSERT_TRUE(ignored.empty()) << ignored.front().english();
      ASSERT_TRUE(app.lesson.active()) << id;
      for (int i = 0; i < 3; ++i) f.frame(app);
      EXPECT_GT(ImGui::GetDrawData()->TotalVtxCount, 0);
    }
  }
  App app;
  init(app);
  std::vector<Message> ignored;
  apply_params(app, {{"lesson", "nope"}}, ignored);
  ASSERT_EQ(ignored.size(), 1u);
  EXPECT_EQ(ignored[0].english().rfind("lesson: ", 0), 0u) << ignored[0].english();
  EXPECT_FALSE(app.lesson.active());
}

// A place_line lesson on the textbook data: after the first update (on x1 = (3, 3))
// w = (3, 3), b = 1: the line x1 + x2 = -1/3.
const char* kLineLesson = R"({"format": 1, "id": "line", "title": {"en": "Line"},
  "steps": [
    {"narration": {"en": "w = {w}"}, "setup": {"preset": "textbook", "eta": 0.1},
     "question": {"kind": "place_line", "prompt": {"en": "where?"}}},
    {"narration": {"en": "after"}}
  ]})";

TEST(LessonUi, APlaceLineQuestionIsAnsweredByTheCommand) {
  Frames f;
  App app;
  init(app);
  ASSERT_TRUE(run_command(app, {"lesson", kLineLesson}).ok);
  f.frame(app);
  ASSERT_EQ(app.lesson.question_kind(), QuestionKind::PlaceLine);
  EXPECT_EQ(state(app)["lesson"]["question"], "place_line");
  EXPECT_FALSE(run_command(app, {"answer", "1 2"}).ok);
  ASSERT_TRUE(run_command(app, {"answer", "-0.3 -0.3 -0.1"}).ok);
  EXPECT_TRUE(app.lesson.answered());
  EXPECT_TRUE(app.lesson.last_correct());
  EXPECT_EQ(app.session.learner().updates(), 1u);
  f.frame(app);
}

// Presses the panel button "text##id" on the next frame (tried with each window's id as
// the seed of the button's id, until `done`).
template <class Done>
bool press(Frames& f, App& app, const std::string& label, Done done) {
  std::vector<ImGuiID> seeds;
  for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows) seeds.push_back(w->ID);
  for (ImGuiID seed : seeds) {
    ImGui::ActivateItem(ImHashStr(label.c_str(), 0, seed));
    f.frame(app);
    f.frame(app);
    if (done()) return true;
  }
  return false;
}

TEST(LessonUi, DraggingTheHandlesThenCheckAnswersAPlaceLineQuestion) {
  for (bool aim_right : {true, false}) {
    Frames f;
    App app;
    init(app);
    ASSERT_TRUE(run_command(app, {"lesson", kLineLesson}).ok);
    app.view.fit_pending = true;
    for (int i = 0; i < 3; ++i) f.frame(app);
    ASSERT_EQ(app.lesson.question_kind(), QuestionKind::PlaceLine);
    Vec2d h0, h1;
    ASSERT_TRUE(place_line_handles(app, h0, h1));
    // w = 0 at the start: the handles start across the middle of the view.
    EXPECT_EQ(h0.y, h1.y);
    const std::size_t points = app.session.data().size();
    // The true line x1 + x2 = -1/3 through (2, -7/3) and (3, -10/3) is off the fitted view:
    // aim at a parallel line inside it, x1 + x2 = 5 (wrong), or drag the handles onto
    // two points of the true line after showing it (right).
    if (aim_right) {  // zoomed out around (1, 1): both the handles and the true line in view
      app.view.map.center = {1.0, 1.0};
      app.view.map.scale_x /= 3.0;
      app.view.map.scale_y /= 3.0;
      f.frame(app);
      ASSERT_TRUE(place_line_handles(app, h0, h1));
    }
    const Vec2d targets[2] = {aim_right ? Vec2d{0.5, -5.0 / 6.0} : Vec2d{2.0, 3.0},
                              aim_right ? Vec2d{-5.0 / 6.0, 0.5} : Vec2d{3.0, 2.0}};
    const Mapping view = app.view.map;
    ImGuiIO& io = ImGui::GetIO();
    const Vec2d from[2] = {h0, h1};
    for (int k = 0; k < 2; ++k) {
      const Vec2d a = to_screen(app, from[k].x, from[k].y), b = to_screen(app, targets[k].x, targets[k].y);
      io.MousePos = ImVec2(static_cast<float>(a.x), static_cast<float>(a.y));
      f.frame(app);
      io.MouseDown[0] = true;
      f.frame(app);
      for (int i = 1; i <= 6; ++i) {
        io.MousePos = ImVec2(static_cast<float>(a.x + (b.x - a.x) * i / 6.0), static_cast<float>(a.y + (b.y - a.y) * i / 6.0));
        f.frame(app);
      }
      io.MouseDown[0] = false;
      f.frame(app);
    }
    // The handles moved; no point was added, the view did not pan, nothing was answered.
    ASSERT_TRUE(place_line_handles(app, h0, h1));
    const double px = 2.0 / app.view.map.scale_x;
    EXPECT_NEAR(h0.x, targets[0].x, px);
    EXPECT_NEAR(h0.y, targets[0].y, px);
    EXPECT_NEAR(h1.x, targets[1].x, px);
    EXPECT_NEAR(h1.y, targets[1].y, px);
    EXPECT_EQ(app.session.data().size(), points);
    EXPECT_EQ(app.view.map.center.x, view.center.x);
    EXPECT_EQ(app.view.map.center.y, view.center.y);
    EXPECT_FALSE(app.lesson.answered());
    // Check sends the line through the handles.
    io.MousePos = ImVec2(-100, -100);
    ASSERT_TRUE(press(f, app, "Check##line_check", [&] { return app.lesson.answered(); }));
    EXPECT_EQ(app.lesson.last_correct(), aim_right);
    EXPECT_EQ(app.session.learner().updates(), 1u);
    EXPECT_FALSE(place_line_handles(app, h0, h1));  // closed with the question
  }
}

}  // namespace
}  // namespace pla::app::lesson_ui_test
