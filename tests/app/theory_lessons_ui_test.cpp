// The theory lessons in the interface: each step's view settings reach the interface (the
// plot tab it asks for), and every step of every theory lesson, with its question answered,
// and the VC plot tab, are drawn in every language at the sizes the lab is used at without
// a text of theirs cut or run into other text (the layout checker, layout_check.hpp).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/app.hpp"
#include "app/fonts.hpp"
#include "app/format.hpp"
#include "app/i18n.hpp"
#include "headless.hpp"
#include "imgui.h"
#include "layout_check.hpp"

namespace pla::app::theory_lessons_ui_test {
namespace {

const char* const kLessons[] = {"learning-rate", "novikoff", "random-start", "not-separable",
                                "averaged-early-stopping", "lifting", "vc-bound"};

// An ImGui context with no backend; the interface's language is put back after.
using test::Context;

void draw(App& app, float dpr, int frames = 2) { test::draw(app, dpr, frames); }

// The first `n` code points of a UTF-8 text.
std::string head(const std::string& s, int n) {
  std::size_t i = 0;
  for (int k = 0; k < n && i < s.size(); ++k) {
    ++i;
    while (i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) ++i;
  }
  return s.substr(0, i);
}

// The plot a lesson asks for is the one state() reports on every frame: on the first frame
// of the plot tabs (opened by link, before anything is drawn), and when the panel goes from
// a row of buttons (too narrow) to tabs, where ImGui shows its first tab for a frame before
// the one asked for.
TEST(TheoryLessonsUi, ThePlotALessonAsksForHoldsOnEveryFrame) {
  for (const char* lang : {"en", "zh"}) {
    Context ctx(1280, 800);
    App app;
    init(app);
    ASSERT_TRUE(run_command(app, {"set", "lang", lang}).ok);
    ASSERT_TRUE(run_command(app, {"lesson", "learning-rate"}).ok);
    for (int frame = 0; frame < 4; ++frame) {
      draw(app, 1.0f, 1);
      EXPECT_EQ(state(app)["plot"].get<std::string>(), "losses") << lang << ", frame " << frame;
    }
    for (const float width : {420.0f, 1280.0f, 360.0f, 1280.0f}) {
      ImGui::GetIO().DisplaySize = ImVec2(width, 800);
      for (int frame = 0; frame < 3; ++frame) {
        draw(app, 1.0f, 1);
        EXPECT_EQ(state(app)["plot"].get<std::string>(), "losses") << lang << ", width " << width << ", frame " << frame;
      }
    }
  }
}

TEST(TheoryLessonsUi, StepsSelectThePlotTheyNarrate) {
  Context ctx(1280, 800);
  App app;
  init(app);
  ASSERT_TRUE(run_command(app, {"lesson", "learning-rate"}).ok);
  draw(app, 1.0f);
  EXPECT_EQ(state(app)["plot"].get<std::string>(), "losses");
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(run_command(app, {"lesson_next"}).ok);
  draw(app, 1.0f);
  EXPECT_EQ(state(app)["plot"].get<std::string>(), "rates");
  EXPECT_EQ(app.session.eta_runs().size(), 4u);
  ASSERT_TRUE(run_command(app, {"lesson_back"}).ok);
  EXPECT_EQ(state(app)["plot"].get<std::string>(), "losses");
  ASSERT_TRUE(run_command(app, {"lesson", "vc-bound"}).ok);
  draw(app, 1.0f);
  EXPECT_EQ(state(app)["plot"].get<std::string>(), "vc");
  EXPECT_EQ(state(app)["plot"], "vc");
  // The δ of the plot is the session's: set by the lesson's step that asks for δ = 0.001.
  const std::vector<LessonStep>& steps = app.lesson.lesson().steps;
  std::size_t delta_step = 0;
  for (std::size_t i = 0; i < steps.size(); ++i)
    for (const auto& kv : steps[i].settings)
      if (kv.first == "delta" && kv.second == "0.001") delta_step = i;
  ASSERT_GT(delta_step, 0u);
  EXPECT_EQ(state(app)["delta"], 0.05);
  for (std::size_t i = 0; i < delta_step; ++i) ASSERT_TRUE(run_command(app, {"lesson_next"}).ok);
  EXPECT_EQ(state(app)["delta"], 0.001);
  // A view setting the interface does not know is reported, the step still shows.
  const std::string json = R"({"format": 1, "id": "v", "title": {"en": "v"}, "steps": [
    {"narration": {"en": "a"}, "setup": {"preset": "six"}, "view": {"no_such_view": 1}}]})";
  const Status st = run_command(app, {"lesson", json});
  EXPECT_FALSE(st.ok);
  EXPECT_TRUE(app.lesson.active());
  EXPECT_EQ(app.lesson.id(), "v");
}

struct Size {
  const char* name;
  float w, h, dpr;
  bool embed, touch;
  const char* font_scale;
};

// Every step of every theory lesson (answered), and the VC tab, in every language and size:
// no problem in a text of the lesson (its narration, question, options, feedback) or of the
// VC plot.
TEST(TheoryLessonsUi, LessonTextsAndTheVcPlotFitEveryLanguageAndSize) {
  const Size sizes[] = {
      {"1280x800", 1280, 800, 1, false, false, "1"},
      {"640x400 embed", 640, 400, 1, true, false, "1"},
      {"390x844 phone", 390, 844, 3, false, true, "1"},
      {"1920x1080 text 2.5x", 1920, 1080, 1, false, false, "2.5"},
  };
  LayoutOptions options;
  int steps_seen = 0;
  for (const Size& size : sizes) {
    Context ctx(size.w, size.h);
    for (const char* lang : {"en", "vi", "zh", "pseudo"}) {
      App app;
      init(app);
      app.touch = size.touch;
      ASSERT_TRUE(run_command(app, {"set", "embed", size.embed ? "true" : "false"}).ok);
      ASSERT_TRUE(run_command(app, {"set", "lang", lang}).ok);
      ASSERT_TRUE(run_command(app, {"set", "font_scale", size.font_scale}).ok);
      for (const char* id : kLessons) {
        ASSERT_TRUE(run_command(app, {"lesson", id}).ok) << id;
        for (int guard = 0; guard < 50 && !app.lesson.done(); ++guard) {
          if (app.lesson.question_kind() != QuestionKind::None) {
            ASSERT_TRUE(run_command(app, {"answer", app.lesson.expected_answer()}).ok);
          }
          // A step's work runs in slices over the frames (the panel shows its progress
          // meanwhile): its texts are checked once it has ended, as a student reads them.
          for (int f = 0; f < 1000 && app.lesson.busy(); ++f) draw(app, size.dpr);
          ASSERT_FALSE(app.lesson.busy()) << id;
          draw(app, size.dpr);
          // The texts of this step, as the panel shows them.
          std::vector<std::string> ours;
          const NumberFormat fmt = [](double v) { return fmt_num(v, 6); };
          const std::string l = app.shown_lang();
          ours.push_back(app.lesson.narration(app.session, l, fmt));
          ours.push_back(app.lesson.question_prompt(l, fmt));
          ours.push_back(app.lesson.feedback(l, fmt));
          for (const std::string& o : app.lesson.question_options(l, fmt)) ours.push_back(o);
          for (const char* key : {"plots.vc_title", "plots.vc_axis", "plots.vc_bound", "plots.vc_test", "plots.vc_train",
                                  "theory.delta"})
            ours.push_back(app.tr(key));
          const LayoutReport r = check_layout(options);
          EXPECT_GT(r.glyphs, 20) << size.name << " " << lang << " " << id << ": the checker sees no text";
          bool narration_drawn = false;  // the narration's first words are on screen
          for (const std::string& t : r.texts) narration_drawn = narration_drawn || ours[0].find(head(t, 8)) == 0;
          EXPECT_TRUE(narration_drawn || size.embed) << size.name << " " << lang << " " << id << " step " << app.lesson.step() + 1;
          for (const LayoutProblem& p : r.problems) {
            if (p.partial || p.kind == LayoutProblem::Kind::Truncated) continue;  // scrolled away; tab names
            // A text of ours: the problem's text is a piece of it (a wrapped line) or the reverse.
            bool mine = false;
            for (const std::string& t : ours) {
              const std::string piece = head(p.text, 12);
              mine = mine || (piece.size() >= 6 && !t.empty() && t.find(piece) != std::string::npos);
            }
            EXPECT_FALSE(mine) << size.name << " " << lang << " " << id << " step " << app.lesson.step() + 1 << ": "
                               << kind_name(p.kind) << " in " << p.window << ": \"" << p.text << "\" " << p.detail;
          }
          ++steps_seen;
          ASSERT_TRUE(run_command(app, {"lesson_next"}).ok);
        }
      }
    }
  }
  EXPECT_GT(steps_seen, 4 * 4 * 30);
}

}  // namespace
}  // namespace pla::app::theory_lessons_ui_test
