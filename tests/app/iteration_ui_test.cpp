// The iteration table tab, "you choose the point" (Alt+click, the tab's point buttons)
// and query points (Ctrl+click) in the headless app, and their layout in every
// language at the sizes the lab is used at.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "app/app.hpp"
#include "app/app_internal.hpp"
#include "app/fonts.hpp"
#include "app/i18n.hpp"
#include "headless.hpp"
#include "imgui.h"
#include "imgui_internal.h"  // FindWindowByName, SetScrollY
#include "layout_check.hpp"

namespace pla::app::iteration_ui_test {
namespace {

constexpr int kIterationsTab = 4;

// An ImGui context with no backend; the interface's language is put back after.
using test::Context;

void draw(App& app, float dpr = 1.0f, int frames = 3) { test::draw(app, dpr, frames); }

void click(App& app, Vec2d p, int button, bool alt, bool ctrl) {
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2(static_cast<float>(p.x), static_cast<float>(p.y));
  io.KeyAlt = alt;
  io.KeyCtrl = ctrl;
  draw(app, 1.0f, 1);
  io.MouseDown[button] = true;
  draw(app, 1.0f, 1);
  io.MouseDown[button] = false;
  draw(app, 1.0f, 1);
  io.KeyAlt = io.KeyCtrl = false;
  draw(app, 1.0f, 1);
}

// The first n characters (code points) of a UTF-8 text.
std::string first_chars(const std::string& s, int n) {
  std::size_t i = 0;
  for (int k = 0; k < n && i < s.size(); ++k) {
    ++i;
    while (i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) ++i;
  }
  return s.substr(0, i);
}

bool seen(const LayoutReport& r, const std::string& part) {
  for (const std::string& t : r.texts)
    if (t.find(part) != std::string::npos) return true;
  return false;
}

TEST(IterationUi, AltClickChoosesThePointCtrlClickAsksAQuery) {
  Context ctx(1280, 800);
  App app;
  init(app);
  ASSERT_TRUE(run_command(app, {"preset", "textbook"}).ok);
  ASSERT_TRUE(run_command(app, {"set", "eta", "1"}).ok);
  draw(app);
  const Session& s = app.session;
  ASSERT_EQ(s.learner().steps(), 0u);

  // Alt+click on x1 = (3, 3): a mistake of w = 0, so the perceptron updates on it.
  click(app, to_screen(app, 3, 3), 0, true, false);
  EXPECT_EQ(s.learner().updates(), 1u);
  EXPECT_EQ(s.learner().running_w(), (std::vector<double>{3, 3}));
  EXPECT_EQ(s.data().size(), 3u);  // no point added or moved
  // Alt+click on x2 = (4, 3): classified right (22 > 0), refused with the reason shown.
  click(app, to_screen(app, 4, 3), 0, true, false);
  EXPECT_EQ(s.learner().updates(), 1u);
  EXPECT_TRUE(app.message_is_error);
  EXPECT_EQ(app.message.code, Msg::iteration_not_mistake);
  EXPECT_EQ(*app.message.arg("point"), "x2");

  // Ctrl+click on empty space: a query point, not a data point.
  click(app, to_screen(app, 1.0, 3.5), 0, false, true);
  ASSERT_EQ(s.queries().size(), 1u);
  EXPECT_NEAR(s.queries()[0][0], 1.0, 0.05);
  EXPECT_NEAR(s.queries()[0][1], 3.5, 0.05);
  EXPECT_EQ(s.data().size(), 3u);
  const Json q = state(app)["queries"];
  ASSERT_EQ(q.size(), 1u);
  EXPECT_EQ(q[0].size(), 4u);
  // Ctrl+right click clears them.
  click(app, to_screen(app, 1.0, 3.5), 1, false, true);
  EXPECT_TRUE(s.queries().empty());
  EXPECT_EQ(s.data().size(), 3u);
}

TEST(IterationUi, TheTabListsTheUpdatesAndItsButtonsChooseThePoint) {
  Context ctx(1280, 800);
  App app;
  init(app);
  app.hooks.save_file = [](const std::string&, const std::string&, const std::string&, std::string& where) {
    where = "test";
    return true;
  };
  ASSERT_TRUE(run_command(app, {"preset", "textbook"}).ok);
  ASSERT_TRUE(run_command(app, {"set", "eta", "1"}).ok);
  app.plots.select_tab = kIterationsTab;
  draw(app);
  EXPECT_EQ(app.plots.tab, kIterationsTab);
  LayoutReport r = check_layout();
  EXPECT_TRUE(seen(r, first_chars(app.tr("plots.iter_empty"), 6))) << "the empty table explains itself";
  ASSERT_TRUE(run_command(app, {"update_on", "0"}).ok);
  ASSERT_TRUE(run_command(app, {"train"}).ok);
  draw(app);
  r = check_layout();
  EXPECT_TRUE(seen(r, app.tr("plots.iter_w_before")));
  EXPECT_TRUE(seen(r, "x3"));  // the current row
  EXPECT_EQ(app.session.iteration_table().size(), 7u);
  ASSERT_TRUE(run_command(app, {"seek", "1"}).ok);
  draw(app);
  EXPECT_TRUE(seen(check_layout(), "x1*"));  // the chosen update is marked
  EXPECT_TRUE(seen(r, app.tr("plots.iter_export")));
  EXPECT_TRUE(r.ok()) << r.to_string();
}

// The tab and the query labels in every language at the lab's sizes: nothing cut or
// overlapping (the same rules as layout_test.cpp's walk of the other tabs).
struct Size {
  const char* name;
  float w, h, dpr;
  bool touch;
  const char* font_scale;
};

TEST(IterationUi, LayoutAllLanguagesAndSizes) {
  const Size sizes[] = {
      {"1280x800", 1280, 800, 1, false, "1"},
      {"1920x1080", 1920, 1080, 1, false, "1"},
      {"390x844 phone", 390, 844, 3, true, "1"},
      {"1280x800 projector", 1280, 800, 2, false, "1.5"},
      {"1920x1080 back row", 1920, 1080, 1, false, "2.5"},
  };
  LayoutOptions options;
  const App texts;  // every language's texts, "pseudo" too
  const Catalogs& catalogs = texts.session.catalogs();
  for (const std::string& lang : language_choices(catalogs))
    for (const std::string& key : catalogs.keys(lang == kPseudo ? kEnglish : lang)) {
      const std::string t = texts.texts(lang).tr(key.c_str());
      if (t.find("\xE2\x80\xA6") != std::string::npos) options.ellipsis_ok.push_back(t);
    }
  std::map<std::string, std::string> failures;
  for (const Size& size : sizes) {
    Context ctx(size.w, size.h);
    for (const char* lang : {"en", "vi", "zh", "pseudo"}) {
      for (int scene = 0; scene < 2; ++scene) {
        App app;
        init(app);
        app.touch = size.touch;
        app.hooks.save_file = [](const std::string&, const std::string&, const std::string&, std::string&) { return true; };
        ASSERT_TRUE(run_command(app, {"set", "panels", "all"}).ok);
        ASSERT_TRUE(run_command(app, {"set", "lang", lang}).ok);
        ASSERT_TRUE(run_command(app, {"set", "font_scale", size.font_scale}).ok);
        if (scene == 0) {
          // The textbook, two updates chosen by hand, then trained; query points, two close together.
          ASSERT_TRUE(run_command(app, {"preset", "textbook"}).ok);
          ASSERT_TRUE(run_command(app, {"set", "eta", "1"}).ok);
          ASSERT_TRUE(run_command(app, {"update_on", "0"}).ok);
          ASSERT_TRUE(run_command(app, {"update_on", "2"}).ok);
          ASSERT_TRUE(run_command(app, {"train"}).ok);
          for (const auto& q : std::vector<std::vector<const char*>>{{"0", "0"}, {"5", "5"}, {"2", "2"}, {"2.05", "2.1"}, {"4.4", "1"}})
            ASSERT_TRUE(run_command(app, {"add_query", q[0], q[1]}).ok);
        } else {
          // A long table: noisy data, many updates with fractional weights.
          ASSERT_TRUE(run_command(app, {"generate", "noisy", "200", "2"}).ok);
          ASSERT_TRUE(run_command(app, {"set", "eta", "0.37"}).ok);
          ASSERT_TRUE(run_command(app, {"set", "max_epochs", "20"}).ok);
          ASSERT_TRUE(run_command(app, {"train"}).ok);
          ASSERT_GT(app.session.iteration_table().size(), 40u);
        }
        app.plots.select_tab = kIterationsTab;
        draw(app, size.dpr);
        for (int f = 0; f < 200 && app.training; ++f) draw(app, size.dpr, 1);  // the app trains in slices
        draw(app, size.dpr, 2);
        ASSERT_EQ(app.plots.tab, kIterationsTab) << size.name << " " << lang;
        // The current row (the newest update) is in view: the table follows the training.
        const std::vector<IterationRow> rows = app.session.iteration_table();
        const std::string current = "x" + std::to_string(rows.back().index + 1);
        bool rows_seen = false;
        auto check = [&](const std::string& where) {
          const LayoutReport r = check_layout(options);
          rows_seen |= seen(r, current);
          for (const LayoutProblem& p : r.problems) {
            // An ellipsis is a warning there; a text partly scrolled out of view is seen whole on another page.
            if (p.kind == LayoutProblem::Kind::Truncated || p.partial) continue;
            // The plots (the tab) and the canvas (the query labels); the control panel is layout_test.cpp's.
            if (p.window.find("Plots") == std::string::npos && p.window != "Data") continue;
            const std::string key = std::string(kind_name(p.kind)) + " | " + p.window + " | \"" + p.text + "\"" +
                                    (p.other_text.empty() ? "" : " x \"" + p.other_text + "\"") + " | " + p.detail;
            failures.emplace(key, std::string(lang) + " " + size.name + " scene " + std::to_string(scene) + where);
          }
        };
        check("");
        for (const char* name : {"Perceptron Lab", "Plots"}) {
          ImGuiWindow* w = ImGui::FindWindowByName(name);
          if (!w || !w->Active || !w->ScrollbarY) continue;
          const float page = std::max(20.0f, (w->InnerRect.Max.y - w->InnerRect.Min.y) * 0.8f);
          for (float y = page; y < w->ScrollMax.y + page; y += page) {
            ImGui::SetScrollY(w, y);
            draw(app, size.dpr, 2);
            check(std::string(" (") + name + " scrolled to " + std::to_string(static_cast<int>(y)) + ")");
          }
          ImGui::SetScrollY(w, 0.0f);
          draw(app, size.dpr, 1);
        }
        EXPECT_TRUE(rows_seen) << lang << " " << size.name << " scene " << scene << ": the current row " << current << " not seen";
      }
    }
  }
  std::string out;
  for (const auto& kv : failures) out += kv.first + " | " + kv.second + "\n";
  EXPECT_TRUE(failures.empty()) << out;
}

}  // namespace
}  // namespace pla::app::iteration_ui_test
