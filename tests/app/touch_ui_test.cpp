// The lesson panel after a wrong answer (the right answer shown, with or without a "why"
// text, and said in the screen-reader description), and the canvas on a touch screen
// (App::touch): no hover box over it, and the tool row under it as the touch path for a
// −1 point, a query point and "you choose the point".
#include <gtest/gtest.h>

#include <cctype>
#include <cstdio>
#include <map>

#include <string>
#include <vector>

#include "app/app.hpp"
#include "app/describe.hpp"
#include "app/fonts.hpp"
#include "app/format.hpp"
#include "app/i18n.hpp"
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
    update_fonts(fonts, app, 1.0f);
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
  FontAtlas fonts;  // the app's fonts in this context's atlas
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
    std::string want = other.session.catalogs().text(lang, "lesson.answer_is");
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
  ASSERT_TRUE(press(f, app, app.label("canvas.tool_query", "touch_query"), [&] { return drawn_text().find("query point there") != std::string::npos; }));
  f.tap(app, to_screen(app, 2.0, 2.0));
  EXPECT_EQ(app.session.data().size(), n);
  ASSERT_EQ(app.session.queries().size(), 1u);
  EXPECT_NEAR(app.session.queries()[0][0], 2.0, px);
  // update on: a tap on x2 = (4, 3), misclassified at w = 0, b = 0 (y(w·x + b) = 0), makes
  // the perceptron update on it: w = 0 + 1·(+1)·(4, 3) = (4, 3), b = 0 + 1·(+1) = 1.
  ASSERT_EQ(app.session.learner().updates(), 0u);
  ASSERT_TRUE(press(f, app, app.label("canvas.tool_update", "touch_update"),
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


// ---------------------------------------------------------------------------------
// Answerable on a phone: lesson controls a finger high, End apart from Next, the number
// field for the page's real text input, a swipe that scrolls, the lesson brought into view.

constexpr int kTab = 9;     // the io.KeysDown index the tests map Tab to
constexpr int kSpace = 32;  // and Space (ImGui asserts it is mapped when keyboard navigation is on)

// Each Tab stop's rectangle (relative to its window's content: enough for heights and for
// controls of one window against each other), walked from the start until every id of
// `want` was reached (or `limit` stops).
std::map<ImGuiID, ImRect> tab_stops(Frames& f, App& app, const std::vector<ImGuiID>& want, int limit = 400) {
  ImGuiIO& io = ImGui::GetIO();
  io.KeyMap[ImGuiKey_Tab] = kTab;
  io.KeyMap[ImGuiKey_Space] = kSpace;
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  std::map<ImGuiID, ImRect> out;
  for (int i = 0; i < limit; ++i) {
    io.KeysDown[kTab] = true;
    f.frame(app);
    io.KeysDown[kTab] = false;
    f.frame(app);
    f.frame(app);
    const ImGuiContext& g = *GImGui;
    if (g.NavId != 0 && g.NavWindow) out[g.NavId] = g.NavWindow->NavRectRel[ImGuiNavLayer_Main];
    bool all = true;
    for (ImGuiID id : want) all = all && out.count(id);
    if (all) break;
  }
  io.ConfigFlags &= ~ImGuiConfigFlags_NavEnableKeyboard;
  return out;
}

// The id of a control "text##id" of the named window's own id stack (no PushID between).
ImGuiID control_id(const char* window, const std::string& label_text) {
  const ImGuiWindow* w = ImGui::FindWindowByName(window);
  return w ? ImHashStr(label_text.c_str(), 0, w->ID) : 0;
}

TEST(TouchLesson, EveryLessonControlIsAFingerHighAndEndingItIsApartFromNext) {
  for (bool touch : {true, false}) {
    for (int kind = 0; kind < 2; ++kind) {  // a pick_point question, then a number question
      SCOPED_TRACE(std::string(touch ? "touch " : "mouse ") + (kind == 0 ? "pick_point" : "number"));
      Phone f;
      App app;
      init(app);
      app.touch = touch;
      ASSERT_TRUE(run_command(app, {"lesson", kNoWhyLesson}).ok);
      if (kind == 1) {
        ASSERT_TRUE(run_command(app, {"answer", "0"}).ok);
        ASSERT_TRUE(run_command(app, {"lesson_next"}).ok);
        ASSERT_EQ(app.lesson.question_kind(), QuestionKind::Number);
      }
      for (int i = 0; i < 3; ++i) f.frame(app);
      std::vector<std::string> labels = {app.label("lesson.back", "lesson_back"), app.label("lesson.next", "lesson_next"),
                                         app.label("lesson.exit", "lesson_exit")};
      if (kind == 0) {
        for (int i = 0; i < 3; ++i) labels.push_back("x" + std::to_string(i + 1) + "##pick" + std::to_string(i));
        labels.push_back(app.label("lesson.none", "pick_none"));
      } else {
        labels.push_back("##answer_number");
        labels.push_back(app.label("lesson.check", "answer_check"));
        if (touch) labels.push_back("\u00B1##answer_sign");
      }
      std::vector<ImGuiID> ids;
      for (const std::string& l : labels) ids.push_back(control_id("Perceptron Lab", l));
      const std::map<ImGuiID, ImRect> stops = tab_stops(f, app, ids);
      for (std::size_t i = 0; i < ids.size(); ++i) {
        const auto it = stops.find(ids[i]);
        ASSERT_NE(it, stops.end()) << labels[i] << " was not reached by Tab";
        if (touch) {
          EXPECT_GE(it->second.GetHeight(), 44.0f - 0.5f) << labels[i];
        }
      }
      // "End the lesson" on a row of its own under Next, half a control's height further down.
      const ImRect next = stops.at(ids[1]), end = stops.at(ids[2]);
      EXPECT_GE(end.Min.y - next.Max.y, ImGui::GetFrameHeight() * 0.5f) << "End the lesson is too close to Next";
    }
  }
}

TEST(TouchLesson, TheNumberFieldIsToldToThePageAndThePageInputWritesTheAnswer) {
  Phone f;
  App app;
  init(app);
  app.touch = true;
  ASSERT_TRUE(run_command(app, {"lesson", kNoWhyLesson}).ok);
  f.frame(app);
  EXPECT_FALSE(app.lesson_ui.answer.shown);  // a pick_point question: no field
  ASSERT_TRUE(run_command(app, {"answer", "0"}).ok);
  ASSERT_TRUE(run_command(app, {"lesson_next"}).ok);
  for (int i = 0; i < 3; ++i) f.frame(app);
  const LessonUi::AnswerField& a = app.lesson_ui.answer;
  ASSERT_TRUE(a.shown);
  EXPECT_GE(a.max.y - a.min.y, 44.0 - 0.5);
  EXPECT_GT(a.max.x - a.min.x, 60.0);
  EXPECT_EQ(a.label, "b after the next update?");
  EXPECT_EQ(a.hint, app.tr("lesson.your_answer"));
  EXPECT_FALSE(a.active);
  // The field is drawn where it is told: a tap at its centre reaches ImGui's own field.
  const Vec2d centre = {(a.min.x + a.max.x) * 0.5, (a.min.y + a.max.y) * 0.5};
  f.tap(app, centre);
  EXPECT_TRUE(a.active);
  EXPECT_EQ(GImGui->ActiveId, a.id);
  // The page's input takes the focus (as the platform says): ImGui's field lets go, and the
  // keyboard focus stays on it (Tab goes on from there); what the page writes stays.
  app.lesson_ui.answer.page_focus = app.lesson_ui.answer.focus_request = true;
  std::snprintf(app.answer_text, sizeof app.answer_text, "%s", "-1");
  f.frame(app);
  f.frame(app);
  EXPECT_NE(GImGui->ActiveId, a.id);
  EXPECT_EQ(GImGui->NavId, a.id);
  EXPECT_STREQ(app.answer_text, "-1");
  std::snprintf(app.answer_text, sizeof app.answer_text, "%s", "0");
  f.frame(app);
  EXPECT_STREQ(app.answer_text, "0");
  EXPECT_TRUE(a.shown);
  // The sign button (a decimal keypad may have no minus): 0 -> -0 -> 0.
  const ImGuiID sign = control_id("Perceptron Lab", "\u00B1##answer_sign");
  ImGui::ActivateItem(sign);
  f.frame(app);
  f.frame(app);
  EXPECT_STREQ(app.answer_text, "-0");
  // A window in front of the field (the keyboard help, as tall as the phone): not shown.
  app.show_help = true;
  f.frame(app);
  f.frame(app);
  const ImGuiWindow* help = ImGui::FindWindowByName("###help");
  ASSERT_TRUE(help && help->Active);
  const ImRect field(ImVec2(static_cast<float>(a.min.x), static_cast<float>(a.min.y)), ImVec2(static_cast<float>(a.max.x), static_cast<float>(a.max.y)));
  ASSERT_TRUE(help->Rect().Overlaps(field));
  EXPECT_FALSE(a.shown);
  app.show_help = false;
  f.frame(app);
  f.frame(app);
  EXPECT_TRUE(a.shown);
  // Answered: no field any more.
  ASSERT_TRUE(run_command(app, {"answer", app.answer_text}).ok);
  f.frame(app);
  EXPECT_FALSE(a.shown);
}

// The field is told to the page in every layout (wide, phone, embed), where it is drawn.
TEST(TouchLesson, TheNumberFieldIsToldInEveryLayout) {
  struct Layout {
    float w, h;
    bool embed, touch;
    const char* window;
  };
  for (const Layout& l : {Layout{1280, 800, false, false, "Perceptron Lab"}, Layout{390, 844, false, true, "Perceptron Lab"},
                          Layout{800, 500, true, false, "Lesson"}, Layout{714, 666, false, false, "Perceptron Lab"}}) {
    SCOPED_TRACE(std::to_string(static_cast<int>(l.w)) + "x" + std::to_string(static_cast<int>(l.h)) + (l.embed ? " embed" : ""));
    Frames f(l.w, l.h);
    App app;
    init(app);
    app.touch = l.touch;
    ASSERT_TRUE(run_command(app, {"set", "embed", l.embed ? "true" : "false"}).ok);
    ASSERT_TRUE(run_command(app, {"lesson", kNoWhyLesson}).ok);
    ASSERT_TRUE(run_command(app, {"answer", "0"}).ok);
    ASSERT_TRUE(run_command(app, {"lesson_next"}).ok);
    for (int i = 0; i < 4; ++i) f.frame(app);
    const LessonUi::AnswerField& a = app.lesson_ui.answer;
    ASSERT_TRUE(a.shown);
    const ImGuiWindow* w = ImGui::FindWindowByName(l.window);
    ASSERT_TRUE(w && w->ID == a.window);
    EXPECT_TRUE(w->Rect().Contains(ImRect(ImVec2(static_cast<float>(a.min.x), static_cast<float>(a.min.y)),
                                          ImVec2(static_cast<float>(a.max.x), static_cast<float>(a.max.y)))));
  }
}

// A finger's drag (the pointer down, moved, up) from `from` by `dy` pixels, in 6 frames.
void drag(Frames& f, App& app, Vec2d from, double dx, double dy) {
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2(static_cast<float>(from.x), static_cast<float>(from.y));
  io.MouseDown[0] = true;
  f.frame(app);
  for (int i = 1; i <= 6; ++i) {
    io.MousePos = ImVec2(static_cast<float>(from.x + dx * i / 6.0), static_cast<float>(from.y + dy * i / 6.0));
    f.frame(app);
  }
  io.MouseDown[0] = false;
  f.frame(app);
  io.MousePos = ImVec2(-100, -100);
  f.frame(app);
}

TEST(TouchLesson, ASwipeScrollsThePanelsWithoutPressingAndTheCanvasKeepsItsDrags) {
  for (bool touch : {true, false}) {
    SCOPED_TRACE(touch ? "touch" : "mouse");
    Phone f;
    App app;
    init(app);
    app.touch = touch;
    for (int i = 0; i < 3; ++i) f.frame(app);
    ImGuiWindow* panel = ImGui::FindWindowByName("Perceptron Lab");
    ASSERT_TRUE(panel && panel->ScrollMax.y > 300.0f);
    ASSERT_EQ(panel->Scroll.y, 0.0f);
    // From the Lessons button (the panel's first control) up by 250 px.
    const Vec2d start = {panel->Pos.x + panel->Size.x * 0.5, panel->Pos.y + ImGui::GetFrameHeight() * 0.5 + 8.0};
    drag(f, app, start, 0.0, -250.0);
    if (touch) {
      EXPECT_NEAR(panel->Scroll.y, 250.0f, 2.0f);
    } else {
      EXPECT_EQ(panel->Scroll.y, 0.0f);  // a mouse drags no panel
    }
    EXPECT_FALSE(app.lessons_open) << "the swipe pressed the button it started on";
    // Back down, and a tap still presses.
    drag(f, app, {start.x, start.y + 100.0}, 0.0, 400.0);
    EXPECT_EQ(panel->Scroll.y, 0.0f);
    f.tap(app, start);
    EXPECT_TRUE(app.lessons_open);
    ASSERT_TRUE(run_command(app, {"show_lessons", "false"}).ok);
    // On the canvas a drag of empty space pans the view; the panel stays.
    f.frame(app);
    const Vec2d before = to_screen(app, 0.0, 0.0);
    const Vec2d empty = {app.view.map.pixel_min.x + 20.0, app.view.map.pixel_min.y + 20.0};
    drag(f, app, empty, 0.0, 60.0);
    const Vec2d after = to_screen(app, 0.0, 0.0);
    EXPECT_NEAR(after.y - before.y, 60.0, 2.0);
    EXPECT_EQ(panel->Scroll.y, 0.0f);
  }
}

TEST(TouchLesson, OpeningALessonBringsItsQuestionIntoView) {
  Phone f;
  App app;
  init(app);
  app.touch = true;
  for (int i = 0; i < 3; ++i) f.frame(app);
  ImGuiWindow* panel = ImGui::FindWindowByName("Perceptron Lab");
  ASSERT_TRUE(panel);
  ImGui::SetScrollY(panel, panel->ScrollMax.y);  // the student was reading further down
  for (int i = 0; i < 2; ++i) f.frame(app);
  ASSERT_GT(panel->Scroll.y, 300.0f);
  ASSERT_TRUE(run_command(app, {"lesson", "textbook"}).ok);
  for (int i = 0; i < 4; ++i) f.frame(app);
  const std::string text = drawn_text();
  // The step's question and the buttons are drawn (items out of view are not).
  const std::string prompt = app.lesson.question_prompt("en", [](double v) { return fmt_num(v, 6); });
  ASSERT_GT(prompt.size(), 15u);
  EXPECT_NE(text.find(prompt.substr(0, 15)), std::string::npos) << text;
  EXPECT_NE(text.find(app.tr("lesson.next")), std::string::npos) << text;
  EXPECT_LT(panel->Scroll.y, 300.0f);
}

}  // namespace
}  // namespace pla::app::touch_ui_test
