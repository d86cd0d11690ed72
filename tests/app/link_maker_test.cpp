// The link maker: its link reproduces the choices, and its dialog fits in every language.
#include <gtest/gtest.h>

#include <iterator>
#include <string>
#include <vector>

#include "app/app.hpp"
#include "app/app_internal.hpp"
#include "app/fonts.hpp"
#include "imgui_internal.h"  // FindWindowByName, SetScrollY(window)
#include "layout_check.hpp"

namespace pla::app::link_maker_test {
namespace {

TEST(LinkMaker, TheLinkReproducesTheChoices) {
  LinkMaker m;
  m.lesson = 2;  // the second built-in lesson
  m.lang = "vi";  // Tiếng Việt
  m.panels.data = m.panels.algorithm = false;
  m.theme = Theme::Dark;
  m.embed = true;
  const std::string query = link_maker_query(m);
  Params params;
  ASSERT_TRUE(parse_query(query, params).ok) << query;
  App app;
  init(app);
  std::vector<Message> ignored;
  apply_params(app, params, ignored);
  EXPECT_TRUE(ignored.empty()) << (ignored.empty() ? "" : ignored.front().english());
  EXPECT_TRUE(app.lesson.active());
  EXPECT_EQ(app.lesson.id(), builtin_lesson_ids()[1]);
  EXPECT_EQ(app.lang, "vi");
  EXPECT_EQ(app.theme, Theme::Dark);
  EXPECT_TRUE(app.embed);
  EXPECT_FALSE(app.panels.data);
  EXPECT_FALSE(app.panels.algorithm);
  EXPECT_TRUE(app.panels.plots);
}

// Every theme of the `theme` setting, the high-contrast one included, goes into the link
// as theme=NAME (light, the default, is left out) and the link reopens in that theme.
TEST(LinkMaker, TheLinkCarriesEveryTheme) {
  struct Case {
    const char* name;
    const char* in_query;  // the query's theme part, or "" when the link leaves it out
    Theme theme;
  };
  const Case cases[] = {{"light", "", Theme::Light}, {"dark", "theme=dark", Theme::Dark},
                        {"contrast", "theme=contrast", Theme::Contrast}};
  ASSERT_EQ(std::size(cases), themes().size());  // every theme of the list
  for (const Case& c : cases) {
    LinkMaker m;
    m.theme = c.theme;
    const std::string query = link_maker_query(m);
    if (*c.in_query) EXPECT_NE(query.find(c.in_query), std::string::npos) << query;
    else EXPECT_EQ(query.find("theme="), std::string::npos) << query;
    Params params;
    ASSERT_TRUE(parse_query(query, params).ok) << query;
    App app;
    init(app);
    std::vector<Message> ignored;
    apply_params(app, params, ignored);
    EXPECT_TRUE(ignored.empty()) << (ignored.empty() ? "" : ignored.front().english());
    EXPECT_EQ(app.theme, c.theme) << c.name;  // a new App is light: the link changed it
    std::string shown;
    for (const auto& kv : ui_settings(app))
      if (kv.first == "theme") shown = kv.second;
    EXPECT_EQ(shown, c.name);
  }
}

TEST(LinkMaker, TheDialogFitsInEveryLanguage) {
  for (const char* lang : {"en", "vi", "zh", "pseudo"}) {
    for (ImVec2 size : {ImVec2(1280, 800), ImVec2(390, 844)}) {
      ImGui::CreateContext();
      ImGui::GetIO().IniFilename = nullptr;
      ImGui::GetIO().DisplaySize = size;
      FontAtlas fonts;
      App app;
      init(app);
      app.touch = size.x < 500;
      ASSERT_TRUE(run_command(app, {"set", "lang", lang}).ok);
      app.maker.open = true;
      for (int i = 0; i < 4; ++i) {
        update_fonts(fonts, app, 1.0f);
        ImGui::GetIO().DeltaTime = 1.0f / 60.0f;
        ImGui::NewFrame();
        frame(app, 1.0f / 60.0f);
        ImGui::Render();
      }
      LayoutOptions options;
      options.ellipsis_ok = {"…"};
      const LayoutReport r = check_layout(options);
      bool drawn = false;
      for (const std::string& t : r.texts) drawn |= t.find("iframe") != std::string::npos;
      EXPECT_TRUE(drawn) << lang;
      std::string problems;
      for (const LayoutProblem& p : r.problems)
        if (p.window.find("link_maker") != std::string::npos && p.kind != LayoutProblem::Kind::Truncated)
          problems += std::string(kind_name(p.kind)) + " \"" + p.text + "\" " + p.detail + "\n";
      EXPECT_EQ(problems, "") << lang << " " << size.x << "x" << size.y;
      ImGui::DestroyContext();
    }
  }
}

}  // namespace
}  // namespace pla::app::link_maker_test

namespace pla::app::link_maker_test {
namespace {

// The dual lesson ends with the α column and the Gram matrix drawn, and w = Σ αᵢηyᵢxᵢ
// checked against the primal hyperplane: α = (2, 0, 5), w = (1, 1), b = −3.
TEST(DualTable, ShowsAlphaTheGramMatrixAndThePrimalCheck) {
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  ImGui::GetIO().DisplaySize = ImVec2(1280, 800);
  FontAtlas fonts;
  App app;
  init(app);
  ASSERT_TRUE(run_command(app, {"lesson", "dual"}).ok);
  for (int i = 0; i < 50 && !app.lesson.done(); ++i) ASSERT_TRUE(run_command(app, {"lesson_next"}).ok);
  ASSERT_TRUE(run_command(app, {"set", "panels", "theory"}).ok);
  EXPECT_EQ(app.session.learner().alpha(), (std::vector<std::uint64_t>{2, 0, 5}));
  for (int i = 0; i < 4; ++i) {
    update_fonts(fonts, app, 1.0f);
    ImGui::GetIO().DeltaTime = 1.0f / 60.0f;
    ImGui::NewFrame();
    frame(app, 1.0f / 60.0f);
    ImGui::Render();
    // The check is under the table (as high as its rows), at the panel's end: scrolled there.
    if (i == 1) ImGui::SetScrollY(ImGui::FindWindowByName("Perceptron Lab"), 1e6f);
  }
  const LayoutReport r = check_layout();
  std::string all;
  for (const std::string& t : r.texts) all += t + "\n";
  EXPECT_NE(all.find("= (1, 1), b = Σ αᵢηyᵢ = −3"), std::string::npos) << all.substr(0, 3000);
  EXPECT_NE(all.find("18"), std::string::npos);  // K(x1, x1) = 3·3 + 3·3
  ImGui::DestroyContext();
}

}  // namespace
}  // namespace pla::app::link_maker_test
