// run_command (app.hpp): the one entry point for scripted commands. Commands change
// the session and the interface; an unknown command or a bad argument is refused and
// changes nothing.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/app.hpp"

namespace pla::app::commands_test {
namespace {

std::string setting(const App& app, const std::string& key) {
  for (const auto& kv : app.session.settings_list())
    if (kv.first == key) return kv.second;
  for (const auto& kv : ui_settings(app))
    if (kv.first == key) return kv.second;
  ADD_FAILURE() << "no setting " << key;
  return "";
}

// What a refused command must leave alone.
struct Snapshot {
  std::uint64_t revision, steps;
  std::size_t points;
  std::vector<std::pair<std::string, std::string>> settings, ui;
  std::vector<double> w;
  explicit Snapshot(const App& a)
      : revision(a.session.revision()),
        steps(a.session.live_learner().steps()),
        points(a.session.data().size()),
        settings(a.session.settings_list()),
        ui(ui_settings(a)),
        w(a.session.learner().w()) {}
  bool operator==(const Snapshot& o) const {
    return revision == o.revision && steps == o.steps && points == o.points && settings == o.settings && ui == o.ui &&
           w == o.w;
  }
};

TEST(RunCommand, CommandsChangeTheSession) {
  App app;
  init(app);
  app.view.fit_pending = false;
  ASSERT_TRUE(run_command(app, {"preset", "textbook"}).ok);
  EXPECT_EQ(app.session.preset(), "textbook");
  EXPECT_EQ(app.session.data().size(), 3u);
  EXPECT_TRUE(app.view.fit_pending);  // new data refits the view
  EXPECT_EQ(app.session.live_learner().steps(), 0u);

  ASSERT_TRUE(run_command(app, {"set", "eta", "0.5"}).ok);
  EXPECT_EQ(setting(app, "eta"), "0.5");
  ASSERT_TRUE(run_command(app, {"step"}).ok);
  EXPECT_EQ(app.session.live_learner().steps(), 1u);
  ASSERT_TRUE(run_command(app, {"train"}).ok);
  EXPECT_TRUE(app.session.learner().converged());
  EXPECT_EQ(app.session.learner().w(), (std::vector<double>{0.5, 0.5}));
  EXPECT_EQ(app.session.learner().b(), -1.5);

  ASSERT_TRUE(run_command(app, {"seek", "2"}).ok);
  EXPECT_EQ(app.session.viewed_step(), 2u);
  EXPECT_TRUE(app.session.scrubbed());

  ASSERT_TRUE(run_command(app, {"add_point", "4", "-1", "-1"}).ok);
  EXPECT_EQ(app.session.data().size(), 4u);
  ASSERT_TRUE(run_command(app, {"remove_point", "0"}).ok);
  EXPECT_EQ(app.session.data().size(), 3u);

  // The interface's own settings go through the same command.
  ASSERT_TRUE(run_command(app, {"set", "theme", "dark"}).ok);
  EXPECT_EQ(app.theme, Theme::Dark);
  ASSERT_TRUE(run_command(app, {"set", "hull", "on"}).ok);
  EXPECT_TRUE(app.view.show_hull);
  ASSERT_TRUE(run_command(app, {"set", "plot", "invariants"}).ok);
  EXPECT_EQ(app.plots.tab, 2);
  EXPECT_EQ(app.plots.select_tab, 2);

  ASSERT_TRUE(run_command(app, {"clear"}).ok);
  EXPECT_TRUE(app.session.data().empty());
}

TEST(RunCommand, AnUnknownCommandIsRefusedAndChangesNothing) {
  App app;
  init(app);
  const Snapshot before(app);
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"frobnicate"}, {"Train"}, {"<script>alert(1)</script>"}, {""}, {}, {"set", "no_such_key", "1"}}) {
    const Status st = run_command(app, args);
    EXPECT_FALSE(st.ok) << (args.empty() ? "(no args)" : args[0]);
    EXPECT_FALSE(st.error.empty());
    EXPECT_TRUE(Snapshot(app) == before) << (args.empty() ? "(no args)" : args[0]);
  }
}

TEST(RunCommand, ABadArgumentIsRefusedAndChangesNothing) {
  App app;
  init(app);
  const Theme theme = app.theme;
  const Snapshot before(app);
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"set", "eta", "abc"},
           {"set", "eta", "nan"},
           {"set", "eta", "-1"},
           {"set", "algo", "quantum"},
           {"set", "theme", "purple"},
           {"set", "hull", "maybe"},
           {"set", "panels", "data,<b>"},
           {"seek", "abc"},
           {"seek", "99999999"},
           {"preset", "no_such_preset"},
           {"generate", "separable", "many"},
           {"add_point", "1", "nan", "1"},
           {"add_point", "1", "2", "7"},
           {"remove_point", "12345"},
           {"set", "eta"},
           {"step", "extra"}}) {
    const Status st = run_command(app, args);
    EXPECT_FALSE(st.ok) << args[0] << " " << (args.size() > 1 ? args[1] : "");
    EXPECT_TRUE(Snapshot(app) == before) << args[0] << " " << (args.size() > 1 ? args[1] : "");
  }
  EXPECT_EQ(app.theme, theme);
}

}  // namespace
}  // namespace pla::app::commands_test
