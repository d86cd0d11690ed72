// "For your course" (course_maker.cpp): a teacher's lesson among the lab's lessons
// (lesson_add), the command package's options as the platform gets them, the platform's
// report in the dialog, and the dialog in every language.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/app.hpp"
#include "app/app_internal.hpp"
#include "app/fonts.hpp"
#include "core/base/json.hpp"
#include "imgui_internal.h"  // FindWindowByName, SetScrollY(window)
#include "layout_check.hpp"

namespace pla::app::course_maker_test {
namespace {

// A teacher's lesson: one question (the point of the textbook example updated first), then an end.
std::string own_lesson(const std::string& id, const std::string& title = "My lesson") {
  return R"({"format": 1, "id": ")" + id + R"(", "title": {"en": ")" + title + R"(", "vi": "Bài học của tôi"},
  "steps": [{"narration": {"en": "w = {w}"}, "setup": {"preset": "textbook", "eta": 1},
             "question": {"kind": "pick_point", "prompt": {"en": "Which point is updated first?"}}},
            {"narration": {"en": "The end."}}]})";
}

const LessonRow* row(const std::vector<LessonRow>& rows, const std::string& id) {
  for (const LessonRow& r : rows)
    if (r.id == id) return &r;
  return nullptr;
}

TEST(LessonAdd, ATeachersLessonIsListedAfterTheBuiltInOnesAndOpensByItsId) {
  App app;
  init(app);
  const std::size_t builtin = builtin_lesson_ids().size();
  ASSERT_TRUE(run_command(app, {"lesson_add", own_lesson("my-lesson")}).ok);
  std::vector<LessonRow> rows = lesson_rows(app);
  ASSERT_EQ(rows.size(), builtin + 1);
  EXPECT_EQ(rows.back().id, "my-lesson");
  EXPECT_EQ(rows.back().title, "My lesson");
  EXPECT_EQ(rows.back().questions, 1u);
  EXPECT_EQ(rows.back().steps, 2u);
  EXPECT_EQ(state(app)["lessons"].back()["id"], "my-lesson");
  // Opened by its id, as a built-in lesson is; its progress is kept under that id.
  ASSERT_TRUE(run_command(app, {"lesson_open", "my-lesson"}).ok);
  EXPECT_TRUE(app.lesson.active());
  EXPECT_EQ(app.lesson.id(), "my-lesson");
  EXPECT_EQ(app.builtin_open, "my-lesson");
  ASSERT_TRUE(run_command(app, {"answer", "0"}).ok);  // x1: the first update of the textbook example
  for (int i = 0; i < 3 && !app.lesson.done(); ++i) ASSERT_TRUE(run_command(app, {"lesson_next"}).ok);
  rows = lesson_rows(app);
  EXPECT_EQ(row(rows, "my-lesson")->right, 1u);
  EXPECT_TRUE(row(rows, "my-lesson")->done);
  // The same id again: the new text takes the old one's place (a corrected file).
  ASSERT_TRUE(run_command(app, {"lesson_add", own_lesson("my-lesson", "My lesson, corrected")}).ok);
  rows = lesson_rows(app);
  EXPECT_EQ(rows.size(), builtin + 1);
  EXPECT_EQ(rows.back().title, "My lesson, corrected");
}

TEST(LessonAdd, RefusesABuiltInIdAnIdPackagesCannotCarryAndAnInvalidLesson) {
  App app;
  init(app);
  Status st = run_command(app, {"lesson_add", own_lesson("textbook")});
  EXPECT_EQ(st.code, Msg::lesson_add_builtin) << st.error;
  st = run_command(app, {"lesson_add", own_lesson("my_lesson")});  // '_': the core takes it, a package not
  EXPECT_EQ(st.code, Msg::lesson_add_id) << st.error;
  st = run_command(app, {"lesson_add", R"({"format": 1, "id": "x", "title": {"en": "X"}, "steps": []})"});
  EXPECT_EQ(st.code, Msg::lesson_no_steps) << st.error;
  st = run_command(app, {"lesson_add", "not json"});
  EXPECT_FALSE(st.ok);
  EXPECT_EQ(lesson_rows(app).size(), builtin_lesson_ids().size());
}

Json options(const App& app, const std::string& standard, const std::string& given, Status* status = nullptr) {
  std::string out;
  const Status st = package_options(app, standard, given, out);
  if (status) *status = st;
  return st ? Json::parse(out) : Json();
}

TEST(Package, OptionsAreCheckedAndWrittenAsThePlatformTakesThem) {
  App app;
  init(app);
  ASSERT_TRUE(run_command(app, {"lesson_add", own_lesson("mine")}).ok);
  // An added lesson goes as its JSON text, a built-in one as its id; defaults are left out.
  Json o = options(app, "scorm12", R"({"lessons": ["textbook", "mine"], "lang": "vi", "pass": 0.8,
                                       "panels": "run,data", "embed": true, "theme": "dark"})");
  ASSERT_TRUE(o.is_object());
  ASSERT_EQ(o["lessons"].size(), 2u);
  EXPECT_EQ(o["lessons"][0], "textbook");
  EXPECT_EQ(o["lessons"][1], own_lesson("mine"));
  EXPECT_EQ(o["lang"], "vi");
  EXPECT_DOUBLE_EQ(o["pass"].get<double>(), 0.8);
  EXPECT_EQ(o["panels"], "data,run");
  EXPECT_EQ(o["theme"], "dark");
  EXPECT_EQ(o["embed"], true);
  o = options(app, "h5p", R"({"panels": "all", "lessons": "dual"})");
  EXPECT_FALSE(o.contains("panels"));
  EXPECT_EQ(o["lessons"], Json::array({"dual"}));
  // No lessons given: the lesson open.
  ASSERT_TRUE(run_command(app, {"lesson_open", "threshold-neuron"}).ok);
  EXPECT_EQ(options(app, "html", "{}")["lessons"], Json::array({"threshold-neuron"}));
  // A lesson's JSON text is checked as the lab loads it.
  o = options(app, "h5p", Json{{"lessons", Json::array({own_lesson("another")})}}.dump());
  EXPECT_EQ(o["lessons"][0], own_lesson("another"));

  struct Bad {
    const char* standard;
    const char* options;
    Msg code;
  };
  const Bad bad[] = {
      {"scorm3", "{}", Msg::setting_choice},
      {"scorm12", "[1]", Msg::package_options},
      {"scorm12", R"({"colour": "red"})", Msg::package_options},
      {"scorm12", R"({"lessons": []})", Msg::package_no_lessons},
      {"scorm12", R"({"lessons": ["nosuch"]})", Msg::lesson_builtin_unknown},
      {"scorm12", R"({"lessons": ["textbook", "textbook"]})", Msg::package_twice},
      {"scorm12", R"({"lessons": [3]})", Msg::package_options},
      {"h5p", R"({"lang": "fr"})", Msg::setting_choice},
      {"h5p", R"({"pass": 1.5})", Msg::setting_real_range},
      {"h5p", R"({"pass": "0.5"})", Msg::setting_real_range},
      {"h5p", R"({"theme": "pink"})", Msg::setting_choice},
      {"h5p", R"({"panels": "data,maps"})", Msg::ui_unknown_panel},
      {"h5p", R"({"embed": 1})", Msg::package_options},
  };
  for (const Bad& b : bad) {
    Status st;
    options(app, b.standard, b.options, &st);
    EXPECT_EQ(st.code, b.code) << b.standard << " " << b.options << ": " << st.error;
  }
  Status st;
  options(app, "scorm12", Json{{"lessons", Json::array({own_lesson("textbook")})}}.dump(), &st);
  EXPECT_EQ(st.code, Msg::lesson_add_builtin) << st.error;
}

TEST(Package, TheCommandHandsTheCheckedOptionsToThePlatform) {
  App app;
  init(app);
  Status st = run_command(app, {"package", "scorm12", "{}"});
  EXPECT_EQ(st.code, Msg::package_unavailable) << "no platform hook: " << st.error;
  struct Call {
    std::string standard, options;
    bool download;
  };
  std::vector<Call> calls;
  app.hooks.make_package = [&](const std::string& s, const std::string& o, bool d) {
    calls.push_back({s, o, d});
    return true;
  };
  ASSERT_TRUE(run_command(app, {"package", "h5p", R"({"lessons": ["textbook"], "pass": 0.5})"}).ok);
  ASSERT_EQ(calls.size(), 1u);
  EXPECT_EQ(calls[0].standard, "h5p");
  EXPECT_EQ(Json::parse(calls[0].options)["pass"], 0.5);
  EXPECT_FALSE(calls[0].download);  // a script gets the bytes, no download
  EXPECT_EQ(app.course_maker.making, "h5p");
  EXPECT_FALSE(run_command(app, {"package", "h5p", R"({"pass": 2})"}).ok);
  EXPECT_EQ(calls.size(), 1u);  // refused options never reach the platform
  app.lesson_ui.in_frame = true;  // the dialog's buttons (in the frame): a download
  ASSERT_TRUE(run_command(app, {"package", "scorm2004"}).ok);
  app.lesson_ui.in_frame = false;
  ASSERT_EQ(calls.size(), 2u);
  EXPECT_TRUE(calls[1].download);
  EXPECT_EQ(Json::parse(calls[1].options)["lessons"], Json::array({"textbook"}));
  app.hooks.make_package = [](const std::string&, const std::string&, bool) { return false; };
  EXPECT_EQ(run_command(app, {"package", "html"}).code, Msg::package_unavailable);
}

TEST(Package, ThePlatformsReportIsShownInTheLanguageInUse) {
  App app;
  init(app);
  app.course_maker.making = "scorm12";
  package_done(app, "scorm12", "perceptron-lab-textbook-scorm12.zip", 1198256, 812, "", "");
  const CourseMaker& m = app.course_maker;
  EXPECT_TRUE(m.making.empty());
  EXPECT_FALSE(m.status_error);
  EXPECT_EQ(course_status(app), "perceptron-lab-textbook-scorm12.zip (1171 KB) made in 0.8 s.");
  package_done(app, "h5p", "", 0, 0, "offline", "could not read perceptron-lab.html");
  EXPECT_TRUE(m.status_error);
  app.lang = "vi";  // shown in the language in use when drawn
  EXPECT_EQ(course_status(app), "Không tạo được gói: " + app.session.catalogs().text("vi", "course.why_offline"));
  package_done(app, "h5p", "", 0, 0, "files", "package/fflate.js");
  EXPECT_NE(course_status(app).find("package/fflate.js"), std::string::npos) << course_status(app);
  // A reason the catalogs have no words for: the packager's own.
  package_done(app, "h5p", "", 0, 0, "internal", "x is undefined");
  app.lang = "en";
  EXPECT_EQ(course_status(app), "The package could not be made: x is undefined");
  // A refused option: the core's message.
  app.course_maker.status = Status::fail(Msg::package_no_lessons);
  EXPECT_EQ(course_status(app), "package: choose at least one lesson");
}

// Draws frames of the dialog; returns the texts drawn and the layout problems in it.
struct Drawn {
  std::vector<std::string> texts;
  std::string problems;
};
// The dialog at its top, then scrolled to its end (where it is taller than the display).
Drawn draw_dialog(FontAtlas& fonts, App& app, ImVec2 size) {
  ImGui::GetIO().DisplaySize = size;
  Drawn d;
  for (int pass = 0; pass < 2; ++pass) {
    for (int i = 0; i < 4; ++i) {
      update_fonts(fonts, app, 1.0f);
      ImGui::GetIO().DeltaTime = 1.0f / 60.0f;
      ImGui::NewFrame();
      frame(app, 1.0f / 60.0f);
      ImGui::Render();
      if (pass == 1 && i == 0)
        if (ImGuiWindow* w = ImGui::FindWindowByName("###course_maker")) ImGui::SetScrollY(w, w->ScrollMax.y);
    }
    LayoutOptions options;
    options.ellipsis_ok = {"…"};
    const LayoutReport r = check_layout(options);
    d.texts.insert(d.texts.end(), r.texts.begin(), r.texts.end());
    for (const LayoutProblem& p : r.problems)
      if (p.window.find("course_maker") != std::string::npos && p.kind != LayoutProblem::Kind::Truncated && !p.partial)
        d.problems += std::string(kind_name(p.kind)) + " \"" + p.text + "\" " + p.detail + "\n";
  }
  return d;
}
bool has(const Drawn& d, const std::string& s) {
  for (const std::string& t : d.texts)
    if (t.find(s) != std::string::npos) return true;
  return false;
}

TEST(CourseMaker, TheDialogFitsInEveryLanguageAndNamesThisPagesAddress) {
  for (const char* lang : {"en", "vi", "zh", "pseudo"}) {
    for (ImVec2 size : {ImVec2(1280, 800), ImVec2(390, 844)}) {
      ImGui::CreateContext();
      ImGui::GetIO().IniFilename = nullptr;
      FontAtlas fonts;
      App app;
      init(app);
      app.touch = size.x < 500;
      app.hooks.make_package = [](const std::string&, const std::string&, bool) { return true; };
      app.hooks.pick_lesson_file = [] {};
      app.hooks.paste_lesson = [] {};
      app.hooks.copy_text = [](const std::string&) {};
      app.hooks.page_address = [] { return std::string("https://school.example/labs/pla/index.html"); };
      ASSERT_TRUE(run_command(app, {"set", "lang", lang}).ok);
      course_maker_open(app);
      app.course_maker.with_pass = true;
      const Drawn d = draw_dialog(fonts, app, size);
      EXPECT_TRUE(has(d, "SCORM 1.2")) << lang;
      EXPECT_TRUE(has(d, "iframe")) << lang;
      // The embed code names this page's own address (not an assumed folder) and the lesson.
      EXPECT_TRUE(has(d, "school.example")) << lang;
      if (size.x > 1000) {
        EXPECT_TRUE(has(d, "https://school.example/labs/pla/index.html?lesson=textbook")) << lang;
      }
      EXPECT_EQ(d.problems, "") << lang << " " << size.x << "x" << size.y;
      ImGui::DestroyContext();
    }
  }
}

TEST(CourseMaker, ALessonAddedIsTickedAndWithoutAnAddressTheDialogSaysWhy) {
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  FontAtlas fonts;
  App app;
  init(app);
  app.hooks.make_package = [](const std::string&, const std::string&, bool) { return true; };
  course_maker_open(app);
  EXPECT_EQ(app.course_maker.lessons, std::vector<std::string>{"textbook"});  // nothing open: the first
  ASSERT_TRUE(run_command(app, {"lesson_add", own_lesson("mine")}).ok);
  Drawn d = draw_dialog(fonts, app, ImVec2(1280, 800));
  EXPECT_EQ(app.course_maker.lessons, (std::vector<std::string>{"textbook", "mine"}));
  EXPECT_EQ(app.course_maker.status_key, "course.added");
  EXPECT_TRUE(has(d, "My lesson"));
  EXPECT_TRUE(has(d, app.session.catalogs().text("en", "course.no_address").substr(0, 30)));  // no page address (a file, or native)
  // The teacher's lesson first: the embed code cannot carry it, and the dialog says what to do.
  app.hooks.page_address = [] { return std::string("https://school.example/pla/"); };
  app.course_maker.lessons = {"mine", "textbook"};
  d = draw_dialog(fonts, app, ImVec2(1280, 800));
  EXPECT_TRUE(has(d, app.session.catalogs().text("en", "course.iframe_own").substr(0, 30)));
  EXPECT_FALSE(has(d, "<iframe"));
  ImGui::DestroyContext();
}

}  // namespace
}  // namespace pla::app::course_maker_test
