// The guided lesson in the interface: the commands (lesson, lesson_next, lesson_back,
// answer, lesson_exit), state().lesson, the lesson link parameter, the panel drawn in
// every language, and Enter as Next.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/app.hpp"
#include "app/fonts.hpp"
#include "imgui.h"

namespace pla::app {
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
    update_fonts(app, 1.0f);
    ImGui::GetIO().DeltaTime = 1.0f / 60.0f;
    ImGui::NewFrame();
    pla::app::frame(app, 1.0f / 60.0f);
    ImGui::Render();
  }
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

}  // namespace
}  // namespace pla::app
