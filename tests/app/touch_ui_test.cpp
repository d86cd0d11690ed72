// The lesson panel after a wrong answer (the right answer shown, with or without a "why"
// text, and said in the screen-reader description), and the canvas on a touch screen
// (App::touch): no hover box over it, and the tool row under it as the touch path for a
// −1 point, a query point and "you choose the point".
#include <gtest/gtest.h>

#include <cctype>

#include <string>
#include <vector>

#include "app/app.hpp"
#include "app/describe.hpp"
#include "app/fonts.hpp"
#include "app/format.hpp"
#include "imgui.h"
#include "imgui_internal.h"  // ActivateItem, ImHashStr, the window list
#include "layout_check.hpp"

namespace pla::app {

// canvas.cpp: the handles of an open place_line question (data coordinates).
bool place_line_handles(const App& app, Vec2d& p0, Vec2d& p1);
}  // namespace pla::app

namespace pla::app::touch_ui_test {

namespace {

struct Frames {
  explicit Frames(float w = 1280, float h = 800) {
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;
    ImGui::GetIO().DisplaySize = ImVec2(w, h);
  }
  ~Frames() { ImGui::DestroyContext(); }
  void frame(App& app) {
    update_fonts(app, 1.0f);
    ImGui::GetIO().DeltaTime = 1.0f / 60.0f;
    ImGui::NewFrame();
    pla::app::frame(app, 1.0f / 60.0f);
    ImGui::Render();
  }
  // A tap (or click) at display pixel `at`: the pointer there, down for a frame, up.
  void tap(App& app, Vec2d at) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = ImVec2(static_cast<float>(at.x), static_cast<float>(at.y));
    io.MouseDown[0] = true;
    frame(app);
    io.MouseDown[0] = false;
    frame(app);
  }
};

// Presses the button or radio "text##id" (tried with each window's id as the seed of its
// id, until `done`).
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

// Every text run of the last frame, one after the other.
std::string drawn_text() {
  std::string all;
  for (const std::string& t : check_layout().texts) all += t + "\n";
  return all;
}

// Whether a tooltip window was drawn in the last frame.
bool tooltip_shown() {
  for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows)
    if ((w->Flags & ImGuiWindowFlags_Tooltip) && w->Active) return true;
  return false;
}

// A teacher's lesson without any "why" text on the textbook data (x1 = (3, 3) and
// x2 = (4, 3) are +1, x3 = (1, 1) is −1), η = 1, visited in order from w = 0, b = 0:
// the first update is on x1 (y(w·x + b) = 0 ≤ 0): w = (3, 3), b = 1; then x2 gives
// 1·(12 + 9 + 1) = 22 > 0 and x3 gives −1·(3 + 3 + 1) = −7 ≤ 0: w = (2, 2), b = 1 − 1 = 0.
const char* kNoWhyLesson = R"({"format": 1, "id": "no-why", "title": {"en": "No why"},
  "steps": [
    {"narration": {"en": "w = {w}"}, "setup": {"preset": "textbook", "eta": 1, "order": "cyclic"},
     "question": {"kind": "pick_point", "prompt": {"en": "Which point?"}}},
    {"narration": {"en": "w = {w}, b = {b}"},
     "question": {"kind": "number", "prompt": {"en": "b after the next update?"}, "from": "b_after"}},
    {"narration": {"en": "a choice"},
     "question": {"kind": "choice", "prompt": {"en": "Which?"},
                  "options": [{"en": "alpha"}, {"en": "beta"}], "answer": 1}},
    {"narration": {"en": "the end"}}
  ]})";

std::string lesson_items(const App& app) {
  std::string all;
  for (const DescriptionSection& sec : describe(app).sections)
    if (sec.id == "lesson")
      for (const std::string& item : sec.items) all += item + "\n";
  return all;
}

TEST(LessonFeedback, AWrongAnswerShowsTheRightOneWithoutAWhyText) {
  Frames f;
  App app;
  init(app);
  ASSERT_TRUE(run_command(app, {"lesson", kNoWhyLesson}).ok);
  for (int i = 0; i < 3; ++i) f.frame(app);
  // pick_point: x3 is wrong, x1 is the answer.
  ASSERT_EQ(app.lesson.question_kind(), QuestionKind::PickPoint);
  ASSERT_TRUE(run_command(app, {"answer", "2"}).ok);
  ASSERT_FALSE(app.lesson.last_correct());
  EXPECT_TRUE(app.lesson.feedback("en").empty());  // no "why" in this lesson
  f.frame(app);
  std::string text = drawn_text();
  EXPECT_NE(text.find("Not quite."), std::string::npos) << text;
  EXPECT_NE(text.find("The right answer: x1"), std::string::npos) << text;
  EXPECT_NE(lesson_items(app).find("Not quite. The right answer: x1\n"), std::string::npos) << lesson_items(app);
  // number: b after the update on x3 is 0; 5 is wrong.
  ASSERT_TRUE(run_command(app, {"lesson_next"}).ok);
  f.frame(app);
  ASSERT_EQ(app.lesson.question_kind(), QuestionKind::Number);
  ASSERT_TRUE(run_command(app, {"answer", "5"}).ok);
  ASSERT_FALSE(app.lesson.last_correct());
  f.frame(app);
  text = drawn_text();
  EXPECT_NE(text.find("The right answer: 0"), std::string::npos) << text;
  EXPECT_EQ(app.session.learner().b(), 0.0);
  // choice: the option's text.
  ASSERT_TRUE(run_command(app, {"lesson_next"}).ok);
  f.frame(app);
  ASSERT_TRUE(run_command(app, {"answer", "0"}).ok);
  f.frame(app);
  text = drawn_text();
  EXPECT_NE(text.find("The right answer: beta"), std::string::npos) << text;
  EXPECT_NE(lesson_items(app).find("The right answer: beta"), std::string::npos) << lesson_items(app);
}

TEST(LessonFeedback, ARightAnswerNeedsNoAnswerLineAndOtherLanguagesSayIt) {
  Frames f;
  App app;
  init(app);
  ASSERT_TRUE(run_command(app, {"lesson", kNoWhyLesson}).ok);
  f.frame(app);
  ASSERT_TRUE(run_command(app, {"answer", "0"}).ok);  // x1: right
  ASSERT_TRUE(app.lesson.last_correct());
  f.frame(app);
  std::string text = drawn_text();
  EXPECT_NE(text.find("Right!"), std::string::npos) << text;
  EXPECT_EQ(text.find("The right answer"), std::string::npos) << text;
  EXPECT_EQ(lesson_items(app).find("The right answer"), std::string::npos);
  // The same wrong answer in Vietnamese and Chinese: the catalog's sentence with x1.
  for (const char* lang : {"vi", "zh"}) {
    App other;
    init(other);
    ASSERT_TRUE(run_command(other, {"set", "lang", lang}).ok);
    ASSERT_TRUE(run_command(other, {"lesson", kNoWhyLesson}).ok);
    f.frame(other);
    ASSERT_TRUE(run_command(other, {"answer", "1"}).ok);
    f.frame(other);
    const Lang l = std::string(lang) == "vi" ? Lang::Vi : Lang::Zh;
    std::string want = catalog_text(l, "lesson.answer_is");
    want.replace(want.find("{answer}"), 8, "x1");
    EXPECT_NE(lesson_items(other).find(want), std::string::npos) << lang << ": " << lesson_items(other);
  }
}

// A phone held upright (390 x 844) with a touch screen.
struct Phone : Frames {
  Phone() : Frames(390, 844) {}
};

TEST(Touch, NoHoverBoxOverTheCanvas) {
  for (bool touch : {false, true}) {
    Phone f;
    App app;
    init(app);
    app.touch = touch;
    ASSERT_TRUE(run_command(app, {"preset", "textbook"}).ok);
    for (int i = 0; i < 3; ++i) f.frame(app);
    // The pointer where a page load leaves it on the canvas (empty space), then on a point.
    const Vec2d empty = {app.view.map.pixel_min.x + 30, app.view.map.pixel_min.y + 30};
    ImGui::GetIO().MousePos = ImVec2(static_cast<float>(empty.x), static_cast<float>(empty.y));
    for (int i = 0; i < 3; ++i) f.frame(app);
    EXPECT_EQ(tooltip_shown(), !touch) << "touch " << touch;
    const std::string text = drawn_text();
    EXPECT_EQ(text.find("right click") != std::string::npos, !touch) << text;
    const Vec2d x1 = to_screen(app, 3.0, 3.0);
    ImGui::GetIO().MousePos = ImVec2(static_cast<float>(x1.x), static_cast<float>(x1.y));
    for (int i = 0; i < 3; ++i) f.frame(app);
    EXPECT_EQ(tooltip_shown(), !touch) << "touch " << touch;
    EXPECT_EQ(app.input.hovered_point >= 0, !touch);
    // The touch screen's hint line speaks of taps.
    if (touch) {
      EXPECT_NE(text.find("Tap empty space: add a +1 point."), std::string::npos) << text;
    }
  }
}

// On a touch screen no text of the panels or the help speaks of clicks or of keys held with a
// click; with a mouse the same texts do.
TEST(Touch, ThePanelsAndTheHelpSpeakOfTaps) {
  for (bool touch : {false, true}) {
    Phone f;
    App app;
    init(app);
    app.touch = touch;
    app.show_help = true;
    for (int i = 0; i < 4; ++i) f.frame(app);
    std::string text = drawn_text();
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    EXPECT_EQ(text.find("click") != std::string::npos, !touch) << text;
    EXPECT_EQ(text.find("alt+") != std::string::npos, !touch) << text;
    EXPECT_EQ(text.find("a tap adds:") != std::string::npos, touch) << text;
    EXPECT_EQ(text.find("touch: a tap on empty space") != std::string::npos, touch) << text;
  }
}

TEST(Touch, TheToolRowAddsAMinusOnePointAQueryAndChoosesTheUpdatePoint) {
  Phone f;
  App app;
  init(app);
  app.touch = true;
  ASSERT_TRUE(run_command(app, {"preset", "textbook"}).ok);
  ASSERT_TRUE(run_command(app, {"set", "eta", "1"}).ok);
  for (int i = 0; i < 3; ++i) f.frame(app);
  ImGui::GetIO().MousePos = ImVec2(-100, -100);
  // −1: a tap on empty space adds a −1 point there.
  ASSERT_TRUE(press(f, app, fmt_label(-1) + "##touch_neg", [&] { return app.input.draw_label < 0; }));
  std::string text = drawn_text();
  EXPECT_NE(text.find("Tap empty space: add a " + fmt_label(-1) + " point."), std::string::npos) << text;
  const std::size_t n = app.session.data().size();
  f.tap(app, to_screen(app, 1.0, 3.0));
  ASSERT_EQ(app.session.data().size(), n + 1);
  const Dataset& ds = app.session.data();
  EXPECT_EQ(ds.y[n], -1);
  const double px = 2.0 / app.view.map.scale_x;
  EXPECT_NEAR(ds.row(n)[0], 1.0, px);
  EXPECT_NEAR(ds.row(n)[1], 3.0, px);
  ASSERT_TRUE(run_command(app, {"remove_point", std::to_string(n)}).ok);
  // query: a tap adds a query point, no data point.
  ASSERT_TRUE(press(f, app, label("canvas.tool_query", "touch_query"), [&] { return drawn_text().find("query point there") != std::string::npos; }));
  f.tap(app, to_screen(app, 2.0, 2.0));
  EXPECT_EQ(app.session.data().size(), n);
  ASSERT_EQ(app.session.queries().size(), 1u);
  EXPECT_NEAR(app.session.queries()[0][0], 2.0, px);
  // update on: a tap on x2 = (4, 3), misclassified at w = 0, b = 0 (y(w·x + b) = 0), makes
  // the perceptron update on it: w = 0 + 1·(+1)·(4, 3) = (4, 3), b = 0 + 1·(+1) = 1.
  ASSERT_EQ(app.session.learner().updates(), 0u);
  ASSERT_TRUE(press(f, app, label("canvas.tool_update", "touch_update"),
                    [&] { return drawn_text().find("Tap a misclassified point") != std::string::npos; }));
  f.tap(app, to_screen(app, 4.0, 3.0));
  ASSERT_EQ(app.session.learner().updates(), 1u);
  EXPECT_EQ(app.session.learner().w(), (std::vector<double>{4.0, 3.0}));
  EXPECT_EQ(app.session.learner().b(), 1.0);
  EXPECT_EQ(app.session.data().size(), n);  // no point added or moved
  EXPECT_EQ(ds.row(1)[0], 4.0);
  // The mouse keeps its ways: without touch a click adds the selected class (−1 still).
  app.touch = false;
  f.frame(app);
  f.tap(app, to_screen(app, 1.0, 3.0));
  ASSERT_EQ(app.session.data().size(), n + 1);
  EXPECT_EQ(app.session.data().y[n], -1);
}

TEST(Touch, ATapOnAPointAnswersAPickQuestion) {
  Phone f;
  App app;
  init(app);
  app.touch = true;
  ASSERT_TRUE(run_command(app, {"lesson", "textbook"}).ok);
  for (int i = 0; i < 3; ++i) f.frame(app);
  ASSERT_EQ(app.lesson.question_kind(), QuestionKind::PickPoint);
  EXPECT_NE(drawn_text().find("Tap the point"), std::string::npos);
  const std::size_t points = app.session.data().size();
  // x1 = (3, 3) is the first mistake (w = 0): a tap a few pixels off it still reaches it.
  const Vec2d at = to_screen(app, 3.0, 3.0);
  f.tap(app, {at.x + 12.0, at.y - 8.0});
  EXPECT_TRUE(app.lesson.answered());
  EXPECT_TRUE(app.lesson.last_correct());
  EXPECT_EQ(app.session.data().size(), points);
}

// A place_line question on the textbook data (as in lesson_ui_test.cpp).
const char* kLineLesson = R"({"format": 1, "id": "line", "title": {"en": "Line"},
  "steps": [
    {"narration": {"en": "w = {w}"}, "setup": {"preset": "textbook", "eta": 0.1},
     "question": {"kind": "place_line", "prompt": {"en": "where?"}}},
    {"narration": {"en": "after"}}
  ]})";

// A finger lands less precisely than a pointer: on a touch screen a handle is caught 20
// pixels away (a mouse must come within 12), and the canvas's hint speaks of the handles.
TEST(Touch, AFingerCatchesAPlaceLineHandleFromFurtherAway) {
  for (bool touch : {false, true}) {
    Phone f;
    App app;
    init(app);
    app.touch = touch;
    ASSERT_TRUE(run_command(app, {"lesson", kLineLesson}).ok);
    for (int i = 0; i < 3; ++i) f.frame(app);
    ASSERT_EQ(app.lesson.question_kind(), QuestionKind::PlaceLine);
    if (touch) {
      EXPECT_NE(drawn_text().find("Drag the two handles"), std::string::npos);
    }
    Vec2d h0, h1;
    ASSERT_TRUE(place_line_handles(app, h0, h1));
    const Vec2d a = to_screen(app, h0.x, h0.y);
    const Vec2d from = {a.x, a.y + 20.0}, to = {a.x, a.y + 60.0};
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = ImVec2(static_cast<float>(from.x), static_cast<float>(from.y));
    io.MouseDown[0] = true;
    f.frame(app);
    for (int i = 1; i <= 4; ++i) {
      io.MousePos = ImVec2(static_cast<float>(from.x), static_cast<float>(from.y + (to.y - from.y) * i / 4.0));
      f.frame(app);
    }
    io.MouseDown[0] = false;
    f.frame(app);
    Vec2d g0, g1;
    ASSERT_TRUE(place_line_handles(app, g0, g1));
    const Vec2d b = to_screen(app, g0.x, g0.y);
    if (touch) {  // the handle followed the finger (and the view stayed)
      EXPECT_NEAR(b.y, to.y, 1.0);
      EXPECT_NE(g0.y, h0.y);
    } else {  // out of a pointer's reach: the handle stays where it was in the data (the view pans)
      EXPECT_EQ(g0.x, h0.x);
      EXPECT_EQ(g0.y, h0.y);
    }
  }
}

}  // namespace
}  // namespace pla::app::touch_ui_test
