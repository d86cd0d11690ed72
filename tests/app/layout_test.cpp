// Layout tests: no text of the interface may be cut by its window or its widget, or
// run into other text, in any language, at any of the sizes the lab is used at.
// The checker (layout_check.hpp) reads ImGui's draw data; the first tests prove it
// finds hand-made problems and keeps quiet about clean frames.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "app/app.hpp"
#include "app/fonts.hpp"
#include "app/i18n.hpp"
#include "core/lab/session/urlstate.hpp"
#include "headless.hpp"
#include "imgui.h"
#include "imgui_internal.h"  // ImGuiWindow: scrolling, tree node state
#include "layout_check.hpp"


namespace pla::app::layout_test {
namespace {

// An ImGui context with no backend (the app's fonts are built into it by update_fonts);
// the interface's language is put back after.
using test::Context;

bool has(const std::string& s, const char* part) { return s.find(part) != std::string::npos; }

const LayoutProblem* find_problem(const LayoutReport& r, LayoutProblem::Kind kind, const char* window_part, const char* text_part) {
  for (const LayoutProblem& p : r.problems)
    if (p.kind == kind && has(p.window, window_part) && (has(p.text, text_part) || has(p.other_text, text_part))) return &p;
  return nullptr;
}

// One hand-made frame: a clean window, a window that scrolls, and one with every
// kind of problem.
LayoutReport hand_made_frame(bool with_problems) {
  ImGui::NewFrame();
  ImGui::SetNextWindowPos(ImVec2(10, 10));
  ImGui::SetNextWindowSize(ImVec2(300, 120));
  ImGui::Begin("Clean", nullptr, ImGuiWindowFlags_NoSavedSettings);
  ImGui::TextUnformatted("A clean line of text");
  ImGui::TextWrapped("Wrapped text that goes on long enough to need a second and a third line here.");
  ImGui::Button("OK");
  ImGui::SameLine();
  ImGui::TextUnformatted("beside the button");
  ImGui::End();

  ImGui::SetNextWindowPos(ImVec2(10, 150));
  ImGui::SetNextWindowSize(ImVec2(200, 90));
  ImGui::Begin("Scrolls", nullptr, ImGuiWindowFlags_NoSavedSettings);
  for (int i = 0; i < 20; ++i) ImGui::Text("Line %d of a long list", i);
  ImGui::End();

  if (with_problems) {
    ImGui::SetNextWindowPos(ImVec2(330, 10));
    ImGui::SetNextWindowSize(ImVec2(300, 300));
    ImGui::Begin("Broken", nullptr, ImGuiWindowFlags_NoSavedSettings);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::TextUnformatted("Hello overlap");
    ImGui::SetCursorScreenPos(ImVec2(at.x + 25, at.y + 3));
    ImGui::TextUnformatted("World text");
    ImGui::BeginChild("narrow", ImVec2(70, 50), true);
    ImGui::TextUnformatted("Along text cut by the child window");
    ImGui::EndChild();
    ImGui::Button("Wide button label", ImVec2(60, 0));
    ImGui::BeginChild("tabs", ImVec2(180, 50), true);
    if (ImGui::BeginTabBar("bar")) {
      if (ImGui::BeginTabItem("Firstlongtablabel")) ImGui::EndTabItem();
      if (ImGui::BeginTabItem("Secondlongtablabel")) ImGui::EndTabItem();
      ImGui::EndTabBar();
    }
    ImGui::EndChild();
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + 4.0f);
    ImGui::TextWrapped("a b c d e f");
    ImGui::PopTextWrapPos();
    ImGui::End();
  }
  ImGui::Render();
  return check_layout();
}

TEST(LayoutCheck, FindsHandMadeProblems) {
  Context ctx(800, 400);
  App app;
  update_fonts(ctx.fonts, app, 2.0f);  // the app's font at twice the pixels: glyphs at half their atlas size
  LayoutReport r;
  for (int i = 0; i < 3; ++i) r = hand_made_frame(true);
  SCOPED_TRACE(r.to_string());
  EXPECT_GT(r.glyphs, 100);
  const LayoutProblem* overlap = find_problem(r, LayoutProblem::Kind::Overlap, "Broken", "Hello overlap");
  ASSERT_NE(overlap, nullptr);
  // The text is read back from the atlas, with the spaces the pen skipped.
  EXPECT_EQ(overlap->text, "Hello overlap");
  EXPECT_EQ(overlap->other_text, "World text");
  const LayoutProblem* clipped = find_problem(r, LayoutProblem::Kind::Clipped, "narrow", "Along");
  ASSERT_NE(clipped, nullptr);
  EXPECT_TRUE(has(clipped->detail, "right")) << clipped->detail;
  EXPECT_NE(find_problem(r, LayoutProblem::Kind::Cut, "Broken", "Wide"), nullptr);
  EXPECT_NE(find_problem(r, LayoutProblem::Kind::Truncated, "tabs", "Sec"), nullptr);
  const LayoutProblem* squeezed = find_problem(r, LayoutProblem::Kind::Squeezed, "Broken", "a b c");
  ASSERT_NE(squeezed, nullptr);
  EXPECT_EQ(squeezed->text, "a b c d e f");
  // Nothing else: the clean and the scrolling windows are fine.
  for (const LayoutProblem& p : r.problems) {
    EXPECT_TRUE(has(p.window, "Broken")) << p.window << ": " << p.text;
    EXPECT_FALSE(has(p.text, "clean") || has(p.text, "Wrapped") || has(p.text, "beside")) << p.text;
  }
}

TEST(LayoutCheck, CleanFrameHasNoProblems) {
  for (float dpr : {1.0f, 3.0f}) {
    Context ctx(800, 400);
    App app;
    update_fonts(ctx.fonts, app, dpr);
    LayoutReport r;
    for (int i = 0; i < 3; ++i) r = hand_made_frame(false);
    EXPECT_GT(r.glyphs, 100);
    EXPECT_TRUE(r.ok()) << "dpr " << dpr << "\n" << r.to_string();
  }
}

// ---------------------------------------------------------------------------------
// The real app, every panel and plot tab, help open and closed, a notice shown, in
// every language at the sizes it is used at.

struct Size {
  const char* name;
  float w, h, dpr;  // display size in logical pixels, device pixel ratio (font rasterisation)
  bool embed, touch;
  const char* font_scale;
};
const Size kSizes[] = {
    {"1280x800", 1280, 800, 1, false, false, "1"},
    {"1920x1080", 1920, 1080, 1, false, false, "1"},
    {"320x240 embed", 320, 240, 1, true, false, "1"},
    {"640x400 embed", 640, 400, 1, true, false, "1"},
    {"390x844 phone (touch, 3x)", 390, 844, 3, false, true, "1"},
    {"1280x800 projector (text 1.5x, 2x)", 1280, 800, 2, false, false, "1.5"},
    {"1920x1080 back row (text 2.5x)", 1920, 1080, 1, false, false, "2.5"},
};
const char* const kLangs[] = {"en", "vi", "zh", "pseudo"};

void draw(App& app, float dpr, int frames = 3) { test::draw(app, dpr, frames); }

// Opens the control panel's collapsed sections (the generator form, the explanations):
// they keep their state in the window's storage, under the id of their name (a tree
// node) or of "name/open" (panels.cpp: explain). The walk checks that their text was
// drawn, so a change of ids shows up as a failure rather than as less coverage.
void open_sections() {
  ImGuiWindow* w = ImGui::FindWindowByName("Perceptron Lab");
  if (!w) return;
  for (const char* id : {"generate", "explain_margin", "explain_bound", "explain_cycle"}) {
    w->StateStorage.SetInt(ImHashStr(id, 0, w->ID), 1);
    w->StateStorage.SetInt(ImHashStr((std::string(id) + "/open").c_str(), 0, w->ID), 1);
  }
}

std::vector<std::string> ellipsis_texts() {
  std::vector<std::string> out;
  const App texts;  // every language's texts, "pseudo" too
  const Catalogs& catalogs = texts.session.catalogs();
  for (const std::string& lang : language_choices(catalogs))
    for (const std::string& key : catalogs.keys(lang == kPseudo ? kEnglish : lang)) {
      const std::string t = texts.texts(lang).tr(key.c_str());
      if (t.find("\xE2\x80\xA6") != std::string::npos) out.push_back(t);
    }
  return out;
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

struct Found {
  LayoutProblem problem;
  std::set<std::string> scenes;
};

std::string scene_list(const std::set<std::string>& scenes) {
  std::string s;
  int n = 0;
  for (const std::string& sc : scenes) {
    if (++n > 4) {
      s += "; +" + std::to_string(scenes.size() - 4) + " more";
      break;
    }
    s += (s.empty() ? "" : "; ") + sc;
  }
  return s;
}

// One language at one size of the real app's layout walk: the problems found, deduplicated
// over the scenes they were seen in, and whether the control panel's folded sections were
// drawn open.
struct LayoutWalk {
  const Size& size;
  const char* lang;
  const LayoutOptions& options;
  App& app;
  std::map<std::string, Found> found;
  bool seen_generator = false, seen_explanation = false;

  // The layout of the last frame drawn, its problems recorded for `scene`.
  void check(const std::string& scene) {
    const LayoutReport r = check_layout(options);
    EXPECT_GT(r.glyphs, 20) << lang << " " << size.name << " " << scene << ": the checker sees no text";
    const std::string generator = first_chars(app.tr("data.gen_seed"), 6), explanation = first_chars(app.tr("theory.explain_margin"), 12);
    for (const std::string& t : r.texts) {
      seen_generator |= t.rfind(generator, 0) == 0;
      seen_explanation |= t.rfind(explanation, 0) == 0;
    }
    for (const LayoutProblem& p : r.problems) {
      const std::string key = std::string(kind_name(p.kind)) + "|" + p.window + "|" + p.text + "|" + p.other_window + "|" + p.other_text;
      Found& f = found[key];
      if (f.scenes.empty()) f.problem = p;
      f.scenes.insert(scene);
    }
  }

  // Every page of the windows that scroll (on a phone the plots are a page down).
  void check_pages(const std::string& scene) {
    for (const char* name : {"Perceptron Lab", "Plots", "###help"}) {
      ImGuiWindow* w = ImGui::FindWindowByName(name);
      if (!w || !w->Active || !w->ScrollbarY) continue;
      const float page = std::max(20.0f, (w->InnerRect.Max.y - w->InnerRect.Min.y) * 0.8f);
      for (float y = page; y < w->ScrollMax.y + page; y += page) {
        ImGui::SetScrollY(w, y);
        draw(app, size.dpr, 2);
        check(scene + " (" + (name[0] == '#' ? "help overlay" : name) + " scrolled to " + std::to_string(static_cast<int>(y)) + ")");
      }
      ImGui::SetScrollY(w, 0.0f);
      draw(app, size.dpr, 1);
    }
  }

  // Every plot tab (from the one list; embed mode has no plots), without and with the help
  // overlay, each scene the one asked for: the tab in front, the overlays drawn.
  void walk_tabs(std::map<std::string, int>& tabs_walked) {
    for (bool help : {false, true}) {
      EXPECT_TRUE(run_command(app, {"set", "help", help ? "true" : "false"}));
      const std::vector<std::string> tabs = plot_tab_names();
      for (const std::string& tab : tabs) {
        if (size.embed && tab != tabs.front()) break;
        EXPECT_TRUE(run_command(app, {"set", "plot", tab}));
        draw(app, size.dpr);
        if (!size.embed) {
          EXPECT_EQ(tabs[static_cast<std::size_t>(app.plots.tab)], tab);
          ++tabs_walked[tab];
        }
        const ImGuiWindow* overlay = ImGui::FindWindowByName("###help");
        EXPECT_EQ(overlay && overlay->Active, help);
        const ImGuiWindow* notice = ImGui::FindWindowByName("Notice");
        EXPECT_TRUE(notice && notice->Active);
        const std::string scene = (size.embed ? std::string("embed") : tab) + (help ? "+help" : "");
        check(scene);
        check_pages(scene);
      }
    }
  }

  // The 3-D view beside (or under) the canvas, in every mode of the setting (core's list),
  // "off" last so that the walk ends without it.
  void walk_view3d(std::map<std::string, int>& spaces_walked) {
    EXPECT_TRUE(run_command(app, {"set", "help", "false"}));
    std::vector<std::string> spaces = view3d_names();
    std::stable_partition(spaces.begin(), spaces.end(), [](const std::string& m) { return m != "off"; });
    for (const std::string& space : spaces) {
      EXPECT_TRUE(run_command(app, {"set", "view3d", space}));
      draw(app, size.dpr);
      const ImGuiWindow* view = ImGui::FindWindowByName("View3D");
      EXPECT_EQ(view && view->Active, space != "off") << space;
      check("view3d " + space);
      ++spaces_walked[space];
    }
  }

  // A text partly scrolled out of view is a piece of one seen whole on another page.
  void drop_pieces() {
    for (auto it = found.begin(); it != found.end();) {
      const LayoutProblem& p = it->second.problem;
      bool piece = false;
      if (p.partial)
        for (const auto& other : found)
          piece |= &other.second != &it->second && other.second.problem.kind == p.kind && other.second.problem.window == p.window &&
                   other.second.problem.text.size() > p.text.size() && has(other.second.problem.text, p.text.c_str());
      it = piece ? found.erase(it) : std::next(it);
    }
  }

  // The problems as lines of the report (a label shortened with "…" is a warning, listed
  // but not failing); the number of failures and of warnings.
  std::pair<int, int> report(const std::string& config, std::string& out, std::string& out_warnings) const {
    int failures = 0, warnings = 0;
    for (const auto& kv : found) {
      const LayoutProblem& p = kv.second.problem;
      const bool warning = p.kind == LayoutProblem::Kind::Truncated;
      (warning ? warnings : failures) += 1;
      char where[64];
      std::snprintf(where, sizeof where, "@(%.0f,%.0f)", static_cast<double>(p.x0), static_cast<double>(p.y0));
      std::string line = config + " | " + kind_name(p.kind) + " | " + p.window + " | \"" + p.text + "\"";
      if (p.kind == LayoutProblem::Kind::Overlap) line += " x [" + p.other_window + "] \"" + p.other_text + "\"";
      line += " | " + p.detail + " " + where + " | " + scene_list(kv.second.scenes) + "\n";
      (warning ? out_warnings : out) += line;
    }
    return {failures, warnings};
  }
};

// The app at `size` in `lang`, every panel shown, with a long notice (the ignored parameters
// of a link), drawn with its folded sections opened.
void set_up_walk(App& app, const Size& size, const char* lang) {
  init(app);
  app.touch = size.touch;
  EXPECT_TRUE(run_command(app, {"set", "panels", "all"}));
  EXPECT_TRUE(run_command(app, {"set", "embed", size.embed ? "true" : "false"}));
  EXPECT_TRUE(run_command(app, {"set", "lang", lang}));
  EXPECT_TRUE(run_command(app, {"set", "font_scale", size.font_scale}));
  std::vector<Message> ignored;
  apply_params(app, {{"lang", "xx"}, {"a_parameter_nobody_knows_about", "1"}}, ignored);
  EXPECT_FALSE(ignored.empty());
  app.notices.push_back(Message(Msg::notice_link_ignored));
  app.notices.insert(app.notices.end(), ignored.begin(), ignored.end());
  draw(app, size.dpr);
  open_sections();
}

// The real app. Known problems when this test was written (src/app as of the lead's
// i18n work; the test fails until they are fixed, and prints the current list):
//  - Help overlay, every language and size: the description column of the keys table
//    is one or two characters wide (squeezed: "p l a y / p a u s e" down the screen);
//    the overlay grows so tall that its title bar and first row sit above the display.
//  - Notice, at 320x240 and 640x400 (embed), on the phone and in Vietnamese at
//    1280x800: cut at the bottom (auto-resized up to a maximum height, no scrollbar).
//  - Data canvas: the topmost y tick label drawn above the canvas (a sliver shows), and
//    on the phone the rightmost x tick label cut by the right edge.
//  - Phone plots: the learning-rate list input cuts its text; in pseudo the Compare
//    button and the "bound" legend run past the right edge.
//  - Embed strip at 320x240 (pseudo): the status text runs past the right edge.
// Warnings, listed but not failing: labels ImGui or the app shortened with "…" (plot
// tabs on the phone, combo previews in pseudo).
TEST(LayoutCheck, RealAppAllLanguagesAndSizes) {
  const auto start = std::chrono::steady_clock::now();
  LayoutOptions options;
  options.ellipsis_ok = ellipsis_texts();
  int total = 0;
  std::string out;
  struct Count {
    std::string config;
    int failures, warnings;
  };
  std::vector<Count> per_config;
  std::string out_warnings;
  std::map<std::string, int> tabs_walked, spaces_walked;  // scenes drawn per plot tab, per 3-D mode
  for (const Size& size : kSizes) {
    Context ctx(size.w, size.h);
    for (const char* lang : kLangs) {
      App app;
      set_up_walk(app, size, lang);
      LayoutWalk walk{size, lang, options, app, {}};
      walk.walk_tabs(tabs_walked);
      walk.walk_view3d(spaces_walked);
      const std::string config = std::string(lang) + " " + size.name;
      if (!size.embed) {
        EXPECT_TRUE(walk.seen_generator && walk.seen_explanation) << config << ": the control panel's sections were not all walked";
      }
      walk.drop_pieces();
      const std::pair<int, int> counts = walk.report(config, out, out_warnings);
      per_config.push_back({config, counts.first, counts.second});
      total += counts.first;
    }
  }
  std::string summary = "Layout failures (and ellipsis warnings) per language and size, deduplicated over scenes:\n";
  for (const Count& c : per_config)
    summary += "  " + c.config + ": " + std::to_string(c.failures) + " (" + std::to_string(c.warnings) + ")\n";
  std::printf("%s\nFailures: language size | kind | window | text | detail | scenes\n%s", summary.c_str(), out.c_str());
  std::printf("\nWarnings (labels shortened with an ellipsis):\n%s", out_warnings.c_str());
  std::fflush(stdout);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // Printed, not asserted: a time limit fails on a loaded machine, under ASan above all
  // (4 s natively, 106 s under ASan beside other builds), and says nothing about the layout.
  std::printf("layout walk: %.1f s\n", seconds);
  EXPECT_EQ(total, 0) << summary;
  // The walk covered every plot tab of the list (VC included) and every 3-D mode.
  for (const PlotTab& t : plot_tabs()) EXPECT_GT(tabs_walked[t.name], 0) << t.name;
  EXPECT_GT(tabs_walked["vc"], 0);
  EXPECT_EQ(tabs_walked.size(), plot_tabs().size());
  for (const std::string& m : view3d_names()) EXPECT_GT(spaces_walked[m], 0) << m;
}


// ---------------------------------------------------------------------------------
// Small frames: a lesson never covers the data. In embed mode the lesson sits above the
// canvas, and in a 714x666 frame (Moodle's SCORM player) beside it; the canvas fits the
// points into the room left. Every step of the dual and textbook lessons (answered with
// the expected answer), in Vietnamese (the longest texts).

struct SmallFrame {
  const char* name;
  float w, h;
  bool embed;
};

TEST(SmallFrames, TheLessonNeverCoversTheData) {
  const SmallFrame frames[] = {{"800x500 embed", 800, 500, true}, {"714x666 embed", 714, 666, true},
                               {"714x666", 714, 666, false},      {"955x597 (Moodle's H5P)", 955, 597, false},
                               {"955x597 embed", 955, 597, true}, {"640x400 embed", 640, 400, true},
                               {"390x844 embed", 390, 844, true}};
  for (const SmallFrame& fr : frames) {
    for (const char* lesson : {"dual", "textbook"}) {
      SCOPED_TRACE(std::string(fr.name) + " " + lesson);
      Context ctx(fr.w, fr.h);
      App app;
      init(app);
      ASSERT_TRUE(run_command(app, {"set", "embed", fr.embed ? "true" : "false"}));
      ASSERT_TRUE(run_command(app, {"set", "lang", "vi"}));
      ASSERT_TRUE(run_command(app, {"lesson", lesson}));
      int steps = 0;
      for (int guard = 0; guard < 40 && app.lesson.active() && !app.lesson.done(); ++guard) {
        for (int i = 0; i < 200 && app.lesson.busy(); ++i) draw(app, 1.0f, 1);
        draw(app, 1.0f, 3);
        const ImGuiWindow* panel = ImGui::FindWindowByName(fr.embed ? "Lesson" : "Perceptron Lab");
        ASSERT_TRUE(panel && panel->Active) << "step " << app.lesson.step() + 1;
        const ImRect covered = panel->Rect();
        const Vec2d lo = app.view.canvas_min, hi = app.view.canvas_max;
        EXPECT_GE(hi.y - lo.y, 100.0) << "step " << app.lesson.step() + 1 << ": the canvas is too short";
        const Dataset& ds = app.session.data();
        for (std::size_t i = 0; ds.d == 2 && i < ds.size(); ++i) {
          const Vec2d p = to_screen(app, ds.row(i)[0], ds.row(i)[1]);
          EXPECT_TRUE(p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y)
              << "step " << app.lesson.step() + 1 << ": x" << i + 1 << " at (" << p.x << ", " << p.y << ") is off the canvas";
          EXPECT_FALSE(covered.Contains(ImVec2(static_cast<float>(p.x), static_cast<float>(p.y))))
              << "step " << app.lesson.step() + 1 << ": x" << i + 1 << " is under the lesson";
        }
        ++steps;
        if (app.lesson.question_kind() != QuestionKind::None && !app.lesson.answered())
          (void)run_command(app, {"answer", app.lesson.expected_answer()});
        for (int i = 0; i < 200 && app.lesson.busy(); ++i) draw(app, 1.0f, 1);
        draw(app, 1.0f, 2);
        ASSERT_TRUE(run_command(app, {"lesson_next"}).ok) << "step " << app.lesson.step() + 1;
      }
      EXPECT_GE(steps, 5);
    }
  }
}

// The dual form's table (α and the Gram matrix) scrolls sideways, which makes it a child
// window: given no height it took what was left of the panel's view, a bar with no rows
// when it came near the view's bottom (1280x800). It is as high as its rows wherever it is.
const ImGuiWindow* gram_table(const ImGuiWindow* panel) {
  for (const ImGuiWindow* w : GImGui->Windows)
    if (w->Active && w->ParentWindow == panel && has(w->Name, "/gram_")) return w;
  return nullptr;
}

TEST(SmallFrames, TheGramTableIsAsHighAsItsRows) {
  for (bool touch : {false, true}) {
    SCOPED_TRACE(touch ? "touch" : "mouse");
    Context ctx(1280, 800);
    App app;
    init(app);
    app.touch = touch;
    ASSERT_TRUE(run_command(app, {"preset", "textbook"}));
    ASSERT_TRUE(run_command(app, {"set", "algo", "dual"}));
    ASSERT_TRUE(run_command(app, {"train"}));
    ASSERT_TRUE(run_command(app, {"set", "panels", "all"}));
    draw(app, 1.0f, 3);
    ImGuiWindow* panel = ImGui::FindWindowByName("Perceptron Lab");
    ASSERT_TRUE(panel);
    // Find it: the panel scrolled to its end.
    ImGui::SetScrollY(panel, panel->ScrollMax.y);
    draw(app, 1.0f, 2);
    const ImGuiWindow* table = gram_table(panel);
    ASSERT_NE(table, nullptr) << "no Gram table drawn";
    const int n = static_cast<int>(app.session.data().size());
    const float rows = static_cast<float>(n + 1) * ImGui::GetTextLineHeightWithSpacing();
    // Its top at the view's bottom less a line and a half, then in the middle of the view.
    for (float room : {ImGui::GetTextLineHeight() * 1.5f, (panel->InnerRect.Max.y - panel->InnerRect.Min.y) * 0.5f}) {
      ImGui::SetScrollY(panel, panel->Scroll.y + table->Pos.y - (panel->InnerRect.Max.y - room));
      draw(app, 1.0f, 2);
      table = gram_table(panel);
      ASSERT_NE(table, nullptr) << "room " << room;
      EXPECT_GE(table->Size.y, rows) << "room " << room;
      EXPECT_EQ(table->ScrollMax.y, 0.0f) << "rows cut off, room " << room;
    }
    const LayoutReport r = check_layout();
    std::string all;
    for (const std::string& t : r.texts) all += t + "\n";
    for (int i = 1; i <= n; ++i) EXPECT_NE(all.find("x" + std::to_string(i)), std::string::npos) << all;
  }
}

}  // namespace
}  // namespace pla::app::layout_test
