// The teacher's studio in the interface (app/studio_commands.cpp, studio_panel.cpp,
// studio_fields.cpp): a lesson made by the command table's studio_* rows (steps from 0),
// the lab commands run while it is open recorded as a step's actions, state().studio, the
// file text and the share link as replies, "Try as a student" and the way back, and the
// panel drawn and pressed in English, Vietnamese and Chinese.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/app.hpp"
#include "headless.hpp"
#include "ui_press.hpp"

namespace pla::app::studio_ui_test {
namespace {

using test::drawn;
using test::drawn_texts;
using test::Headless;
using test::press_labelled;

const char* const kNumber = R"({"kind": "number", "prompt": {"en": "b ="}, "from": "b_after"})";

// README's two-point lesson, made by commands: step 0 the data, step 1 a number question.
void two_points(App& app) {
  ASSERT_TRUE(run_command(app, {"studio_new"}).ok);
  ASSERT_TRUE(run_command(app, {"import_csv", "0,0,-1\n2,2,1"}).ok) << "the data";
  ASSERT_TRUE(run_command(app, {"studio_record"}).ok);
  ASSERT_TRUE(run_command(app, {"studio_text", "0", "title", "en", "Two points"}).ok);
  ASSERT_TRUE(run_command(app, {"studio_id", "two-points"}).ok);
  ASSERT_TRUE(run_command(app, {"studio_text", "0", "narration", "en", "Two points, w = {w}, b = {b}."}).ok);
  ASSERT_TRUE(run_command(app, {"studio_insert", "1"}).ok);
  ASSERT_TRUE(run_command(app, {"next_update"}).ok);
  ASSERT_TRUE(run_command(app, {"studio_record"}).ok);
  ASSERT_TRUE(run_command(app, {"studio_text", "1", "narration", "en", "After update {k}: w = {w}, b = {b}."}).ok);
  ASSERT_TRUE(run_command(app, {"studio_question", "1", kNumber}).ok);
}

TEST(StudioUi, ALessonMadeByCommands) {
  App app;
  init(app);
  EXPECT_FALSE(state(app)["studio"]["open"].get<bool>());
  two_points(app);
  const Json st = state(app)["studio"];
  EXPECT_TRUE(st["open"].get<bool>());
  EXPECT_EQ(st["step"], 1);
  EXPECT_EQ(st["problems"], Json::array()) << st["problems"].dump();
  const Json& lesson = st["lesson"];
  EXPECT_EQ(lesson["id"], "two-points");
  EXPECT_EQ(lesson["steps"][0]["setup"]["data"], Json::parse("[[0, 0, -1], [2, 2, 1]]"));
  EXPECT_EQ(lesson["steps"][1]["actions"], Json::parse(R"([["next_update"]])"));  // run while recording
  EXPECT_EQ(lesson["steps"][1]["question"]["from"], "b_after");
  EXPECT_EQ(st["recorded"]["actions"], 1);
  // The file's text as the reply; it opens as a lesson.
  ASSERT_TRUE(run_command(app, {"studio_export"}).ok);
  EXPECT_EQ(Json::parse(app.reply), lesson);
  const std::string text = app.reply;
  ASSERT_TRUE(run_command(app, {"lesson", text}).ok);
  EXPECT_EQ(app.lesson.steps(), 2u);
}

TEST(StudioUi, StepsMoveAndAreDeletedAndBadArgumentsAreRefused) {
  App app;
  init(app);
  two_points(app);
  // Moved first, the question step has no data before it: kept, and the problem listed.
  ASSERT_TRUE(run_command(app, {"studio_move", "1", "0"}).ok);
  Json st = state(app)["studio"];
  EXPECT_EQ(st["steps"][0]["kind"], "number");
  ASSERT_FALSE(st["problems"].empty());
  EXPECT_EQ(st["problems"][0]["step"], 0);
  ASSERT_TRUE(run_command(app, {"studio_move", "0", "1"}).ok);
  EXPECT_TRUE(state(app)["studio"]["problems"].empty());
  ASSERT_TRUE(run_command(app, {"studio_duplicate", "1"}).ok);
  EXPECT_EQ(state(app)["studio"]["steps"].size(), 3u);
  ASSERT_TRUE(run_command(app, {"studio_delete", "2"}).ok);
  EXPECT_EQ(state(app)["studio"]["steps"].size(), 2u);
  const std::uint64_t revision = app.studio.studio.revision();
  EXPECT_FALSE(run_command(app, {"studio_delete", "7"}).ok);
  EXPECT_FALSE(run_command(app, {"studio_move", "x", "0"}).ok);
  EXPECT_FALSE(run_command(app, {"studio_text", "0", "narration", "en", "{nonsense}"}).ok);
  EXPECT_FALSE(run_command(app, {"studio_question", "1", "{\"kind\": \"riddle\"}"}).ok);
  EXPECT_FALSE(run_command(app, {"studio_load", "no-such-lesson"}).ok);
  EXPECT_FALSE(run_command(app, {"studio_text", "0", "narration"}).ok);  // usage
  EXPECT_EQ(app.studio.studio.revision(), revision);
}

TEST(StudioUi, ABuiltInLessonOpensAsAStartAndSelectingAStepSetsTheLabUp) {
  App app;
  init(app);
  ASSERT_TRUE(run_command(app, {"studio_load", "textbook"}).ok) << "a built-in lesson";
  const Json st = state(app)["studio"];
  EXPECT_TRUE(st["open"].get<bool>());
  EXPECT_EQ(st["lesson"]["id"], "textbook");
  ASSERT_GE(st["steps"].size(), 2u);
  ASSERT_TRUE(run_command(app, {"studio_select", "1"}).ok);
  Session shown;
  ASSERT_TRUE(app.studio.studio.lab_at(1, shown).ok);
  EXPECT_EQ(app.session.data().x, shown.data().x);
  EXPECT_EQ(app.session.learner().w(), shown.learner().w());
  // The log starts with the step's actions: Record with nothing changed keeps the step.
  const Json step = app.studio.studio.draft()["steps"][1];
  const std::size_t actions = step.contains("actions") ? step["actions"].size() : 0;
  EXPECT_EQ(state(app)["studio"]["log"], actions);
  ASSERT_TRUE(run_command(app, {"studio_record"}).ok);
  EXPECT_EQ(app.studio.studio.draft()["steps"][1], step);
  // Step 0 selected: its own data (the textbook's), not the lab's defaults, kept by Record (the
  // settings it wrote at their defaults are left out: the same lab).
  ASSERT_TRUE(run_command(app, {"studio_select", "0"}).ok);
  EXPECT_EQ(app.session.data().size(), 3u);
  const Json first = app.studio.studio.draft()["steps"][0];
  ASSERT_TRUE(run_command(app, {"studio_record"}).ok);
  const Json& now = app.studio.studio.draft()["steps"][0];
  EXPECT_EQ(now["setup"], Json::parse(R"({"preset": "textbook"})"));
  EXPECT_EQ(now["question"], first["question"]);
  EXPECT_EQ(now["narration"], first["narration"]);
}

TEST(StudioUi, TheShareLinkIsTheReplyWithinItsLimit) {
  App app;
  init(app);
  two_points(app);
  EXPECT_FALSE(run_command(app, {"studio_link"}).ok);  // no platform to compress it
  std::string given;
  app.hooks.share_link = [&given](const std::string& lesson, std::string& link) {
    given = lesson;
    link = "https://lab.example/#lesson-data=" + std::string(lesson.size() / 4, 'x');
    return true;
  };
  ASSERT_TRUE(run_command(app, {"studio_link"}).ok);
  EXPECT_EQ(Json::parse(given), app.studio.studio.draft());
  EXPECT_EQ(app.reply.rfind("https://lab.example/#lesson-data=", 0), 0u);
  app.hooks.share_link = [](const std::string&, std::string& link) {
    link = std::string(kStudioLinkMax + 1, 'x');
    return true;
  };
  const Status st = run_command(app, {"studio_link"});
  ASSERT_FALSE(st.ok);
  EXPECT_EQ(st.code, Msg::studio_link_too_long);
  EXPECT_TRUE(app.reply.empty());
}

TEST(StudioUi, TryAsAStudentAndBackToTheStep) {
  Headless h(Headless::Fonts::App, {});
  App& app = h.app;
  two_points(app);
  ASSERT_TRUE(run_command(app, {"studio_text", "0", "narration", "vi", "Hai điểm, w = {w}."}).ok);
  ASSERT_TRUE(run_command(app, {"studio_select", "0"}).ok);
  ASSERT_TRUE(run_command(app, {"studio_try", "vi"}).ok);
  h.frame();
  EXPECT_TRUE(app.lesson.active());
  EXPECT_EQ(app.lang, "vi");
  EXPECT_FALSE(state(app)["studio"]["open"].get<bool>());
  EXPECT_TRUE(state(app)["studio"]["trying"].get<bool>());
  EXPECT_EQ(app.lesson.step(), 0u);
  EXPECT_TRUE(drawn(drawn_texts(h), "Hai điểm, w = (0, 0)."));
  ASSERT_TRUE(run_command(app, {"lesson_exit"}).ok);
  h.frame();
  const Json st = state(app)["studio"];
  EXPECT_TRUE(st["open"].get<bool>());
  EXPECT_FALSE(st["trying"].get<bool>());
  EXPECT_EQ(st["step"], 0);
  EXPECT_EQ(app.lang, "en");
}

TEST(StudioUi, ThePanelInEveryLanguageAndItsButtons) {
  Headless h(Headless::Fonts::App, {});
  App& app = h.app;
  ASSERT_TRUE(run_command(app, {"studio_new"}).ok);
  for (const std::string& lang : lesson_languages(app.session.catalogs())) {
    ASSERT_TRUE(run_command(app, {"set", "lang", lang}).ok);
    const std::vector<std::string> texts = drawn_texts(h);
    for (const char* key : {"studio.title", "studio.new", "studio.record", "studio.try", "studio.steps"})
      EXPECT_TRUE(drawn(texts, app.tr(key))) << lang << " " << key;
  }
  ASSERT_TRUE(run_command(app, {"set", "lang", "en"}).ok);
  // "Record this step" pressed: the lab's data becomes step 0's setup.
  ASSERT_TRUE(press_labelled(h, app.label("studio.record", "studio_record"),
                             [&] { return app.studio.studio.draft()["steps"][0].contains("setup"); }));
  EXPECT_TRUE(state(app)["studio"]["recorded"]["data"].get<bool>());
  // A text's field, and under it the text as the student reads it there (the live numbers).
  ASSERT_TRUE(run_command(app, {"studio_text", "0", "narration", "en", "Six points, w = {w}."}).ok);
  std::vector<std::string> texts = drawn_texts(h);
  EXPECT_TRUE(drawn(texts, app.tr("studio.narration")));
  EXPECT_TRUE(drawn(texts, "Six points, w = (0, 0).")) << [&] { std::string all; for (const std::string& t : texts) all += t + " | "; return all; }();
  // "Insert a step": a second step, selected.
  ASSERT_TRUE(press_labelled(h, app.label("studio.insert", "studio_insert"),
                             [&] { return app.studio.studio.steps() == 2; }));
  EXPECT_EQ(app.studio.studio.selected(), 1u);
  // The problems are listed with their place: the empty narrations.
  EXPECT_TRUE(drawn(drawn_texts(h), app.trf("studio.problems", {{"count", std::to_string(app.studio.studio.problems().size())}})));
  // Closed by its button; the key S opens it again.
  ASSERT_TRUE(press_labelled(h, app.label("studio.close", "studio_close"), [&] { return !app.studio.studio.is_open(); }));
  ImGui::GetIO().AddInputCharacter('s');
  h.frame();
  h.frame();
  EXPECT_TRUE(app.studio.studio.is_open());
}

// Keyboard only: Tab reaches the studio's column after the lab's windows, and Space presses
// "Record this step" there.
TEST(StudioUi, TabReachesTheStudioAndSpacePressesRecord) {
  constexpr int kTab = 9, kSpace = 32;
  Headless h(Headless::Fonts::ImGuiDefault, {{ImGuiKey_Tab, kTab}, {ImGuiKey_Space, kSpace}},
             ImGuiConfigFlags_NavEnableKeyboard);
  App& app = h.app;
  ASSERT_TRUE(run_command(app, {"studio_new"}).ok);
  h.frame();
  const ImGuiWindow* studio = ImGui::FindWindowByName("Studio");
  ASSERT_NE(studio, nullptr);
  const ImGuiID record = ImHashStr(app.label("studio.record", "studio_record").c_str(), 0, studio->ID);
  bool reached = false;
  for (int i = 0; i < 400 && !reached; ++i) {
    h.key(kTab);
    reached = GImGui->NavId == record;
  }
  ASSERT_TRUE(reached) << "Tab never reached Record this step";
  h.key(kSpace);
  h.frame();
  EXPECT_TRUE(app.studio.studio.draft()["steps"][0].contains("setup"));
}

// The studio's column scrolled to its end (the question's editor is under the texts).
void studio_to_end(Headless& h) {
  for (int i = 0; i < 3; ++i) {
    ImGuiWindow* w = ImGui::FindWindowByName("Studio");
    ASSERT_NE(w, nullptr);
    ImGui::SetScrollY(w, w->ScrollMax.y);
    h.frame();
  }
}

// A left click at a place of the canvas (the pointer moved there first, so the point under it
// is known).
void click_at(Headless& h, Vec2d p) {
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2(static_cast<float>(p.x), static_cast<float>(p.y));
  h.frame();
  io.MouseDown[0] = true;
  h.frame();
  io.MouseDown[0] = false;
  h.frame();
  h.frame();
}

// pick_point by pointing: with the pick mode on (its checkbox), a click on a point of the canvas
// is checked as the student's reply, and the studio says whether it is the lab's answer; the
// data is not edited by the click.
TEST(StudioUi, PickPointByClickingTheExpectedPointOnTheCanvas) {
  Headless h(Headless::Fonts::App, {});
  App& app = h.app;
  ASSERT_TRUE(run_command(app, {"studio_load", R"({"format": 1, "id": "pick", "title": {"en": "Pick"}, "steps": [
    {"narration": {"en": "Three points."}, "setup": {"preset": "textbook"},
     "question": {"kind": "pick_point", "prompt": {"en": "Which point is updated first?"}}}]})"}).ok);
  ASSERT_TRUE(run_command(app, {"studio_select", "0"}).ok);
  h.frame();
  studio_to_end(h);
  StudioAnswer ans;
  ASSERT_TRUE(app.studio.studio.answer(0, "en", ans).ok);
  ASSERT_EQ(ans.kind, QuestionKind::PickPoint);
  const Dataset& ds = app.session.data();
  ASSERT_EQ(ds.size(), 3u);
  const int right = std::stoi(ans.expected), wrong = right == 0 ? 1 : 0;
  EXPECT_TRUE(drawn(drawn_texts(h), app.trf("studio.answer_now", {{"answer", ans.text.empty() ? ans.expected : ans.text}})));
  ASSERT_TRUE(press_labelled(h, app.label("studio.pick_on_canvas", "studio_pick_mode"), [&] { return app.studio.picking; }));
  studio_to_end(h);
  EXPECT_TRUE(drawn(drawn_texts(h), app.tr("studio.pick_canvas_hint")));
  const auto at = [&](int i) { return to_screen(app, ds.row(static_cast<std::size_t>(i))[0], ds.row(static_cast<std::size_t>(i))[1]); };
  click_at(h, at(wrong));
  studio_to_end(h);
  EXPECT_EQ(app.studio.pick_checked, wrong);
  EXPECT_FALSE(app.studio.pick_right);
  EXPECT_TRUE(drawn(drawn_texts(h), app.trf("studio.pick_wrong", {{"point", "x" + std::to_string(wrong + 1)}})));
  click_at(h, at(right));
  studio_to_end(h);
  EXPECT_EQ(app.studio.pick_checked, right);
  EXPECT_TRUE(app.studio.pick_right);
  EXPECT_TRUE(drawn(drawn_texts(h), app.trf("studio.pick_right", {{"point", "x" + std::to_string(right + 1)}})));
  const Json st = state(app)["studio"];
  EXPECT_TRUE(st["picking"].get<bool>());
  EXPECT_EQ(st["picked"]["point"], right);
  EXPECT_EQ(ds.size(), 3u);  // the clicks edited nothing
  EXPECT_FALSE(run_command(app, {"studio_pick", "x"}).ok);
  ASSERT_TRUE(run_command(app, {"studio_pick", "off"}).ok);
  EXPECT_FALSE(state(app)["studio"]["picking"].get<bool>());
}

// The page's text box over the field typed in (Vietnamese and Chinese from an input method reach
// only a real one): the field taking the keyboard is reported with its place; while the page's
// box has the focus ImGui's field is not active, and the box's text becomes the field's.
TEST(StudioUi, TheFieldTypedInIsReportedAndThePagesTextGoesToIt) {
  Headless h(Headless::Fonts::App, {});
  App& app = h.app;
  ASSERT_TRUE(run_command(app, {"studio_new"}).ok);
  h.frame();
  h.frame();
  EXPECT_FALSE(app.studio.field.shown);
  ASSERT_EQ(app.studio.items.count("studio_text_0|narration|en"), 1u);
  const auto item = app.studio.items.at("studio_text_0|narration|en");
  click_at(h, {(item[0] + item[2]) / 2.0, (item[1] + item[3]) / 2.0});  // a click on ImGui's field
  const StudioUi::PageField& f = app.studio.field;
  EXPECT_TRUE(f.shown);
  EXPECT_TRUE(f.multiline);
  EXPECT_EQ(f.field, "narration");
  EXPECT_EQ(f.lang, "en");
  EXPECT_EQ(f.step, 0u);
  EXPECT_TRUE(f.active);
  EXPECT_FLOAT_EQ(static_cast<float>(f.min.x), item[0]);
  EXPECT_FLOAT_EQ(static_cast<float>(f.max.y), item[3]);
  studio_field_focus(app, true);
  h.frame();
  h.frame();
  EXPECT_FALSE(f.active);  // ImGui's field gave up the keyboard to the page's box
  EXPECT_TRUE(f.shown);
  studio_field_input(app, "Điểm x3 bị phân loại sai");
  h.frame();
  EXPECT_EQ(app.studio.studio.draft()["steps"][0]["narration"]["en"], "Điểm x3 bị phân loại sai");
  EXPECT_TRUE(drawn(drawn_texts(h), "Điểm x3 bị phân loại sai"));
  EXPECT_EQ(state(app)["studio"].dump().find("Điểm x3") != std::string::npos, true);
  studio_field_focus(app, false);
  h.frame();
  h.frame();
  EXPECT_FALSE(f.shown);  // the box is hidden again
}

// The lesson's title is the lesson's, once per language above the steps; a teacher's Chinese
// shows in Chinese glyphs while the interface is in English (the Chinese font merged in while the
// studio shows it), in the title and in the preview of a step's Chinese text.
TEST(StudioUi, TitlesPerLanguageAndChineseDrawnInAnEnglishInterface) {
  Headless h(Headless::Fonts::App, {});
  App& app = h.app;
  ASSERT_TRUE(run_command(app, {"studio_new"}).ok);
  ASSERT_TRUE(run_command(app, {"studio_record"}).ok);
  ASSERT_TRUE(run_command(app, {"studio_insert", "1"}).ok);
  ASSERT_TRUE(run_command(app, {"studio_select", "0"}).ok);
  ASSERT_TRUE(run_command(app, {"studio_text", "0", "title", "zh", "感知机的学习算法"}).ok);
  ASSERT_TRUE(run_command(app, {"studio_text", "0", "narration", "zh", "权重向量 w = {w}"}).ok);
  for (const char* step : {"0", "1"})  // (the preview walks the lesson: its English must be there)
    ASSERT_TRUE(run_command(app, {"studio_text", step, "narration", "en", "w = {w}"}).ok);
  ASSERT_TRUE(run_command(app, {"studio_text", "0", "title", "en", "Learning"}).ok);
  std::vector<std::string> texts = drawn_texts(h);
  const auto all = [&] { std::string out; for (const std::string& t : texts) out += t + " | "; return out; };
  EXPECT_TRUE(drawn(texts, "感知机的学习算法")) << all();
  EXPECT_TRUE(drawn(texts, std::string(app.tr("studio.lesson_title")) + " (" + app.session.catalogs().name("zh") + ")")) << all();
  // The title is not a field of the step's language tab: one field per language in all.
  int titles = 0;
  for (const auto& kv : app.studio.items) titles += kv.first.rfind("studio_text_-|title|", 0) == 0 ? 1 : 0;
  EXPECT_EQ(titles, static_cast<int>(lesson_languages(app.session.catalogs()).size()));
  // The Chinese tab of the step's texts pressed (its id is seeded by the tab bar's).
  const ImGuiWindow* studio = ImGui::FindWindowByName("Studio");
  ASSERT_NE(studio, nullptr);
  ImGui::ActivateItem(ImHashStr("###studio_lang_zh", 0, ImHashStr("##studio_langs", 0, studio->ID)));
  texts = drawn_texts(h);
  EXPECT_TRUE(drawn(texts, "→ 权重向量 w = (0, 0)")) << all();
  EXPECT_EQ(app.lang, "en");
}

}  // namespace
}  // namespace pla::app::studio_ui_test
