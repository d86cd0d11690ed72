// The name tables of the interface (app.hpp, theme.hpp): the plot tabs, the panels, the
// themes and the 3-D view's modes are each one list. These tests check that the settings,
// the link maker and the catalogs read them, and that README.md's parameter table names
// exactly what the lists hold (so the README cannot drift from the code again).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "app/app.hpp"
#include "app/app_internal.hpp"
#include "core/lab/session/urlstate.hpp"

namespace pla::app::tables_test {
namespace {

// The source tree's top folder.
std::string source_root() {
  const std::string path = __FILE__;
  const std::size_t at = path.rfind("tests/app/");
  return at == std::string::npos ? std::string("./") : path.substr(0, at);
}

// README.md at the top of the source tree (this file is tests/app/tables_test.cpp).
std::string readme() {
  std::ifstream in(source_root() + "README.md");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string trim(const std::string& s) {
  const std::size_t a = s.find_first_not_of(' '), b = s.find_last_not_of(' ');
  return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

// The names in the "values" cell of README's parameter-table row whose first cell is
// `keys` (e.g. "`plot`"): the text before any ';' or " (", without "a list of ", split at
// commas.
std::vector<std::string> readme_values(const std::string& text, const std::string& keys) {
  const std::string start = "| " + keys + " | ";
  std::size_t at = text.find("\n" + start);
  if (at == std::string::npos) return {};
  at += 1 + start.size();
  std::string cell = text.substr(at, text.find(" |", at) - at);
  cell = cell.substr(0, std::min(cell.find(';'), cell.find(" (")));
  if (cell.rfind("a list of ", 0) == 0) cell = cell.substr(10);
  std::vector<std::string> out;
  std::stringstream parts(cell);
  for (std::string part; std::getline(parts, part, ',');) out.push_back(trim(part));
  return out;
}

std::vector<std::string> panel_names() {
  std::vector<std::string> out;
  for (const PanelInfo& p : panel_list()) out.emplace_back(p.name);
  return out;
}

const UiSetting& ui_setting(const char* key) {
  const UiSetting* s = find_setting(ui_settings_table(), key);
  EXPECT_NE(s, nullptr) << key;
  return *s;
}

TEST(NameTables, ReadmeParameterTableNamesEveryTabPanelThemeAndView3dMode) {
  const std::string text = readme();
  ASSERT_FALSE(text.empty()) << "README.md not found from " << __FILE__;
  EXPECT_EQ(readme_values(text, "`plot`"), plot_tab_names());
  EXPECT_EQ(readme_values(text, "`panels`"), panel_names());
  EXPECT_EQ(readme_values(text, "`theme`, `embed`"), theme_names());
  EXPECT_EQ(readme_values(text, "`view3d`"), view3d_names());
  // The lists as the README was written when this test came (an independent count: six
  // tabs, VC and the iteration table among them; five panels; three themes).
  EXPECT_EQ(plot_tab_names(), (std::vector<std::string>{"mistakes", "losses", "invariants", "rates", "iterations", "vc"}));
  EXPECT_EQ(panel_names(), (std::vector<std::string>{"data", "algorithm", "run", "theory", "plots"}));
  EXPECT_EQ(theme_names(), (std::vector<std::string>{"light", "dark", "contrast"}));
}

// The settings take their choices from the lists, and each name selects its own row.
TEST(NameTables, SettingsReadTheLists) {
  EXPECT_EQ(ui_setting("plot").choices(), plot_tab_names());
  EXPECT_EQ(ui_setting("theme").choices(), theme_names());
  App app;
  for (std::size_t i = 0; i < plot_tabs().size(); ++i) {
    ASSERT_TRUE(run_command(app, {"set", "plot", plot_tabs()[i].name}).ok) << plot_tabs()[i].name;
    EXPECT_EQ(app.plots.tab, static_cast<int>(i));
    EXPECT_EQ(state(app)["plot"], plot_tabs()[i].name);
  }
  EXPECT_FALSE(run_command(app, {"set", "plot", "nonsense"}).ok);
  for (const ThemeInfo& t : themes()) {
    ASSERT_TRUE(run_command(app, {"set", "theme", t.name}).ok) << t.name;
    EXPECT_EQ(app.theme, t.theme);
    EXPECT_EQ(&palette(app), &palette(t.theme));
    EXPECT_EQ(state(app)["theme"], t.name);
  }
  // Each panel alone: its own flag on, every other off, and the setting writes its name.
  for (const PanelInfo& p : panel_list()) {
    ASSERT_TRUE(run_command(app, {"set", "panels", p.name}).ok) << p.name;
    for (const PanelInfo& q : panel_list()) EXPECT_EQ(app.panels.*q.shown, &q == &p) << p.name << " " << q.name;
    EXPECT_EQ(state(app)["panels"], p.name);
  }
  ASSERT_TRUE(run_command(app, {"set", "panels", "none"}).ok);
  EXPECT_EQ(state(app)["panels"], "none");
  ASSERT_TRUE(run_command(app, {"set", "panels", "all"}).ok);
  EXPECT_EQ(state(app)["panels"], "data,algorithm,run,theory,plots");
  EXPECT_FALSE(run_command(app, {"set", "panels", "data,nonsense"}).ok);
}

// The link maker writes the panels and the theme from the same lists: every panel left
// out in turn and every theme come back through the link.
TEST(NameTables, LinkMakerReadsTheLists) {
  for (const PanelInfo& p : panel_list()) {
    LinkMaker m;
    m.panels.*p.shown = false;
    Params params;
    ASSERT_TRUE(parse_query(link_maker_query(m), params).ok);
    App app;
    std::vector<Message> ignored;
    apply_params(app, params, ignored);
    EXPECT_TRUE(ignored.empty()) << p.name;
    for (const PanelInfo& q : panel_list()) EXPECT_EQ(app.panels.*q.shown, &q != &p) << p.name << " " << q.name;
  }
}

// Every source file of the app and the platform over 400 lines opens with an index of its
// sections (Dear ImGui style: "// [SECTION] name" lines in the opening comment), and the
// index lists exactly the "// [SECTION] name" markers of the file, in order.
TEST(SectionIndex, EveryLongAppFileHasOneMatchingItsMarkers) {
  int long_files = 0;
  for (const char* folder : {"src/app", "src/platform"}) {
    const std::filesystem::path dir = std::filesystem::path(source_root()) / folder;
    ASSERT_TRUE(std::filesystem::is_directory(dir)) << dir;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      const std::string ext = entry.path().extension().string();
      if (ext != ".cpp" && ext != ".hpp") continue;
      std::ifstream in(entry.path());
      std::vector<std::string> lines;
      for (std::string line; std::getline(in, line);) lines.push_back(line);
      if (lines.size() <= 400) continue;
      ++long_files;
      const std::string tag = "// [SECTION] ";
      std::vector<std::string> index, markers;
      bool opening = true;  // still in the file's opening comment
      for (const std::string& line : lines) {
        if (line.rfind("//", 0) != 0) opening = false;
        if (line.rfind(tag, 0) == 0) (opening ? index : markers).push_back(line.substr(tag.size()));
      }
      const std::string name = entry.path().filename().string();
      EXPECT_GE(index.size(), 2u) << name << ": no section index at the top";
      EXPECT_EQ(index, markers) << name;
    }
  }
  EXPECT_GE(long_files, 5);  // app.hpp, canvas_draw.cpp, charts.cpp, panels.cpp, view3d.cpp
}

// Every tab, panel and theme has its label in every catalog.
TEST(NameTables, EveryRowHasItsLabelInEveryLanguage) {
  const App app;
  const Catalogs& catalogs = app.session.catalogs();
  for (const std::string& l : user_languages(catalogs)) {
    for (const PlotTab& t : plot_tabs()) EXPECT_TRUE(catalogs.has(l, t.label_key)) << l << " " << t.label_key;
    for (const PanelInfo& p : panel_list()) EXPECT_TRUE(catalogs.has(l, p.label_key)) << l << " " << p.label_key;
    for (const ThemeInfo& t : themes()) EXPECT_TRUE(catalogs.has(l, t.label_key)) << l << " " << t.label_key;
  }
}

}  // namespace
}  // namespace pla::app::tables_test
