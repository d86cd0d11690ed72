// Link parameters in and out (src/app/link_params.cpp, src/core/lab/session/urlstate.cpp):
// apply_params with good, bad and hostile parameters, the link builder's round
// trip through a fresh App, the query-string and saved-state codecs.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "app/app.hpp"
#include "app/app_internal.hpp"
#include "core/lab/session/urlstate.hpp"

namespace pla::app::link_params_test {
namespace {

using Strings = std::vector<std::string>;
using Notices = std::vector<Message>;

std::string setting(const App& app, const std::string& key) {
  for (const auto& kv : app.session.settings_list())
    if (kv.first == key) return kv.second;
  for (const auto& kv : ui_settings(app))
    if (kv.first == key) return kv.second;
  ADD_FAILURE() << "no setting " << key;
  return "";
}

// The ignored entry about `key` ("key: why"), or "" when the key was not ignored.
std::string ignored_about(const Notices& ignored, const std::string& key) {
  for (const Message& m : ignored) {
    const std::string s = m.english();
    if (s.rfind(key + ":", 0) == 0) return s;
  }
  return "";
}

void expect_same_data(const Dataset& a, const Dataset& b) {
  ASSERT_EQ(a.d, b.d);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a.y[i], b.y[i]) << "row " << i;
    for (int j = 0; j < a.d; ++j) EXPECT_EQ(a.row(i)[j], b.row(i)[j]) << "row " << i << " column " << j;
  }
}

// Everything a link promises to reproduce: data, every setting, the step and the hypothesis.
void expect_same_lesson(const App& a, const App& b) {
  expect_same_data(a.session.data(), b.session.data());
  EXPECT_EQ(a.session.settings_list(), b.session.settings_list());
  EXPECT_EQ(ui_settings(a), ui_settings(b));
  EXPECT_EQ(a.session.viewed_step(), b.session.viewed_step());
  EXPECT_EQ(a.session.learner().w(), b.session.learner().w());
  EXPECT_EQ(a.session.learner().b(), b.session.learner().b());
  EXPECT_EQ(a.session.preset(), b.session.preset());
}

TEST(LinkParams, GoodParametersAreAllApplied) {
  App app;
  init(app);
  Notices ignored;
  apply_params(app,
               {{"preset", "textbook"}, {"algo", "pocket"}, {"eta", "0.25"}, {"seed", "42"}, {"theme", "dark"},
                {"hull", "true"}, {"plot", "losses"}, {"panels", "data,plots"}, {"step", "2"}},
               ignored);
  EXPECT_TRUE(ignored.empty()) << ignored.front().english();
  EXPECT_EQ(app.session.preset(), "textbook");
  EXPECT_EQ(app.session.data().size(), 3u);
  EXPECT_EQ(setting(app, "algo"), "pocket");
  EXPECT_EQ(setting(app, "eta"), "0.25");
  EXPECT_EQ(setting(app, "seed"), "42");
  EXPECT_EQ(app.theme, Theme::Dark);
  EXPECT_TRUE(app.view.show_hull);
  EXPECT_EQ(app.plots.tab, 1);
  EXPECT_TRUE(app.panels.data && app.panels.plots);
  EXPECT_FALSE(app.panels.algorithm || app.panels.run || app.panels.theory);
  EXPECT_EQ(app.session.viewed_step(), 2u);
  EXPECT_TRUE(app.view.fit_pending);
}

TEST(LinkParams, InlineDataAndGeneratorsAreApplied) {
  App app;
  init(app);
  Notices ignored;
  apply_params(app, {{"data", "0,0,-1;1,2,1;2.5,-3,1"}}, ignored);
  EXPECT_TRUE(ignored.empty());
  const Dataset& ds = app.session.data();
  ASSERT_EQ(ds.size(), 3u);
  EXPECT_EQ(ds.row(2)[0], 2.5);
  EXPECT_EQ(ds.row(2)[1], -3.0);
  EXPECT_EQ(ds.y[0], -1);

  apply_params(app, {{"gen", "noisy"}, {"n", "150"}, {"d", "3"}, {"gen_seed", "9"}}, ignored);
  EXPECT_TRUE(ignored.empty()) << ignored.front().english();
  EXPECT_EQ(app.session.data().size(), 150u);
  EXPECT_EQ(app.session.data().d, 3);
}

TEST(LinkParams, BadValuesAreListedAndLeaveTheSettingAlone) {
  App app;
  init(app);
  const std::string eta = setting(app, "eta"), algo = setting(app, "algo");
  const std::size_t points = app.session.data().size();
  Notices ignored;
  apply_params(app,
               {{"eta", "nan"}, {"algo", "quantum"}, {"theme", "purple"}, {"hull", "maybe"}, {"seed", "-1"},
                {"step", "abc"}, {"max_epochs", "1e400"}},
               ignored);
  for (const char* key : {"eta", "algo", "theme", "hull", "seed", "step", "max_epochs"})
    EXPECT_NE(ignored_about(ignored, key), "") << key << " should be listed as ignored";
  EXPECT_EQ(setting(app, "eta"), eta);
  EXPECT_EQ(setting(app, "algo"), algo);
  EXPECT_NE(app.theme, Theme::Dark);
  EXPECT_FALSE(app.view.show_hull);
  EXPECT_EQ(app.session.data().size(), points);
}

TEST(LinkParams, HostileParametersCannotCostMemoryTimeOrMarkup) {
  App app;
  init(app);
  const std::size_t points = app.session.data().size();
  Notices ignored;
  // Unknown keys (markup among them), sizes far over the limits, a step of 10^12.
  apply_params(app,
               {{"<script>alert(1)</script>", "1"},
                {"foo", "bar"},
                {"gen", "separable"},
                {"n", "100000000"},
                {"d", "1000000000"},
                {"gen_seed", "99999999999999999999"},
                {"step", "1000000000000"},
                {"theme", "<script>alert(1)</script>"}},
               ignored);
  EXPECT_NE(ignored_about(ignored, "<script>alert(1)</script>"), "");
  EXPECT_NE(ignored_about(ignored, "foo"), "");
  EXPECT_NE(ignored_about(ignored, "n"), "");
  EXPECT_NE(ignored_about(ignored, "d"), "");
  EXPECT_NE(ignored_about(ignored, "gen_seed"), "");
  EXPECT_NE(ignored_about(ignored, "step"), "");
  EXPECT_NE(ignored_about(ignored, "theme"), "");
  EXPECT_NE(app.theme, Theme::Dark);
  // The generator ran with its default size, not the one asked for.
  EXPECT_LE(app.session.data().size(), 100000u);
  EXPECT_LE(app.session.data().d, 1000);
  EXPECT_LT(app.session.live_learner().steps(), 1000000000000ull);
  // A long unknown key is clipped in the notice.
  ignored.clear();
  apply_params(app, {{std::string(5000, 'k'), "1"}}, ignored);
  ASSERT_EQ(ignored.size(), 1u);
  EXPECT_LT(ignored[0].english().size(), 100u);

  // Bad inline data leaves the data as it was.
  App fresh;
  init(fresh);
  ignored.clear();
  std::string many;
  for (int i = 0; i < 2001; ++i) many += "1,2,1;";
  for (const std::string& data : {std::string("1,2,1;3,4"), std::string("nan,1,1"), std::string("1,2,7"),
                                  std::string("<script>,1,1"), many}) {
    ignored.clear();
    apply_params(fresh, {{"data", data}}, ignored);
    EXPECT_NE(ignored_about(ignored, "data"), "") << data.substr(0, 40);
    EXPECT_EQ(fresh.session.data().size(), points) << data.substr(0, 40);
  }
}

TEST(LinkParams, DataParametersWithoutTheirSourceAreListed) {
  App app;
  init(app);
  Notices ignored;
  // n without gen; preset given beside data (data wins).
  apply_params(app, {{"data", "0,0,1;1,1,-1"}, {"preset", "textbook"}, {"n", "40"}}, ignored);
  EXPECT_EQ(app.session.data().size(), 2u);
  EXPECT_NE(ignored_about(ignored, "preset"), "");
  EXPECT_NE(ignored_about(ignored, "n"), "");
}

TEST(LinkParams, TheLinkReproducesAPresetLesson) {
  App a;
  init(a);
  ASSERT_TRUE(run_command(a, {"preset", "textbook"}).ok);
  ASSERT_TRUE(run_command(a, {"set", "eta", "0.5"}).ok);
  ASSERT_TRUE(run_command(a, {"set", "algo", "averaged"}).ok);
  ASSERT_TRUE(run_command(a, {"set", "theme", "dark"}).ok);
  ASSERT_TRUE(run_command(a, {"set", "max_margin", "true"}).ok);
  for (int i = 0; i < 4; ++i) ASSERT_TRUE(run_command(a, {"step"}).ok);
  const Params p = link_params(a);

  App b;
  init(b);
  Notices ignored;
  apply_params(b, p, ignored);
  EXPECT_TRUE(ignored.empty()) << ignored.front().english();
  expect_same_lesson(a, b);
  EXPECT_EQ(link_params(b), p);
}

TEST(LinkParams, TheLinkReproducesHandDrawnAndGeneratedData) {
  App a;
  init(a);
  ASSERT_TRUE(run_command(a, {"clear"}).ok);
  for (const auto& pt : std::vector<std::vector<std::string>>{
           {"0.1", "0.2", "1"}, {"-1e-7", "3.25", "-1"}, {"123456.789", "-0.3333333333333333", "1"}, {"2", "2", "-1"}})
    ASSERT_TRUE(run_command(a, {"add_point", pt[0], pt[1], pt[2]}).ok);
  ASSERT_TRUE(run_command(a, {"set", "algo", "pocket"}).ok);
  ASSERT_TRUE(run_command(a, {"train"}).ok);
  {
    // Through the query string, as a copied link travels.
    Params p;
    ASSERT_TRUE(parse_query("?" + encode_query(link_params(a)), p).ok);
    App b;
    init(b);
    Notices ignored;
    apply_params(b, p, ignored);
    EXPECT_TRUE(ignored.empty()) << ignored.front().english();
    expect_same_lesson(a, b);
  }
  ASSERT_TRUE(run_command(a, {"generate", "noisy", "300", "2", "0.05", "0.1", "11"}).ok);
  ASSERT_TRUE(run_command(a, {"set", "max_epochs", "5"}).ok);
  ASSERT_TRUE(run_command(a, {"train"}).ok);
  {
    // Through the saved state, as the browser keeps it.
    Params p;
    ASSERT_TRUE(parse_saved_state(encode_saved_state(link_params(a)), p).ok);
    App b;
    init(b);
    Notices ignored;
    apply_params(b, p, ignored);
    EXPECT_TRUE(ignored.empty()) << ignored.front().english();
    expect_same_lesson(a, b);
  }
}

TEST(UrlState, QueryRoundTrip) {
  const Params p = {{"a", "1"},          {"space key", "x y"}, {"amp&eq=", "&=?#%"}, {"unicode", "\xE2\x88\x92 \xC3\xA9"},
                    {"empty", ""},       {"plus", "1+1"},      {"data", "1,2,1;-3,4.5,-1"}, {"nul", std::string("a\0b", 3)}};
  const std::string q = encode_query(p);
  EXPECT_EQ(q.find(' '), std::string::npos);
  Params back;
  ASSERT_TRUE(parse_query(q, back).ok);
  EXPECT_EQ(back, p);
  ASSERT_TRUE(parse_query("#" + q, back).ok);
  EXPECT_EQ(back, p);
  // A key without '=' is "1"; '+' is a space; empty parts are skipped.
  ASSERT_TRUE(parse_query("?flag&x=a+b&&", back).ok);
  EXPECT_EQ(back, (Params{{"flag", "1"}, {"x", "a b"}}));
}

TEST(UrlState, BadQueriesAreRefusedWithTheirCode) {
  Params out = {{"kept", "1"}};
  Status st = parse_query("a=%zz", out);
  EXPECT_FALSE(st.ok);
  EXPECT_EQ(st.code, Msg::link_bad_escape_value);
  EXPECT_EQ(st.error, "malformed %-escape in the value of 'a'");
  st = parse_query("a=1&%4", out);
  EXPECT_EQ(st.code, Msg::link_bad_escape_key);
  EXPECT_EQ(st.error, "malformed %-escape in parameter 2");
  std::string many;
  for (std::size_t i = 0; i <= kMaxParamCount; ++i) many += "k" + std::to_string(i) + "=1&";
  st = parse_query(many, out);
  EXPECT_EQ(st.code, Msg::link_too_many_params);
  EXPECT_EQ(st.error, "too many parameters (at most 64)");
  st = parse_query(std::string(kMaxQueryBytes + 1, 'a'), out);
  EXPECT_EQ(st.code, Msg::link_too_long);
  EXPECT_EQ(out, (Params{{"kept", "1"}}));  // unchanged by every failure
}

TEST(UrlState, BadInlineDataNamesThePoint) {
  Dataset ds;
  Status st = parse_inline_data("1,2,1;3,4,5,1", ds);
  EXPECT_EQ(st.code, Msg::link_data_ragged);
  EXPECT_EQ(st.error, "data: point 2 has 3 coordinates, the first had 2");
  st = parse_inline_data("1,2,1;3,x,1", ds);
  EXPECT_EQ(st.code, Msg::link_data_not_number);
  EXPECT_EQ(*st.arg("value"), "x");
  EXPECT_EQ(st.error, "data: point 2: 'x' is not a finite number");
  st = parse_inline_data("1,2,2", ds);
  EXPECT_EQ(st.code, Msg::link_data_bad_label);
  EXPECT_EQ(st.error, "data: point 1: the label must be +1, -1, 1 or 0");
  st = parse_inline_data("1", ds);
  EXPECT_EQ(st.code, Msg::link_data_needs_label);
  EXPECT_EQ(st.error, "data: point 1 needs coordinates and a label");
  std::string many;
  for (std::size_t i = 0; i <= kMaxInlinePoints; ++i) many += "1,2,1;";
  st = parse_inline_data(many, ds);
  EXPECT_EQ(st.code, Msg::link_data_too_many_points);
  EXPECT_EQ(st.error, "data: more than 2000 points in a link");
  // No location prefix: "point" is not a location argument.
  EXPECT_EQ(st.arg("file"), nullptr);
}

TEST(UrlState, SavedStateRoundTripAndRefusals) {
  const Params p = {{"preset", "six"}, {"eta", "0.1"}, {"theme", "dark"}};
  const std::string text = encode_saved_state(p);
  EXPECT_EQ(text.rfind(std::string(kSavedStateTag) + "&", 0), 0u);
  Params back;
  ASSERT_TRUE(parse_saved_state(text, back).ok);
  EXPECT_EQ(back, p);

  Params out = {{"kept", "1"}};
  Status st = parse_saved_state("plab0&preset=six", out);
  EXPECT_EQ(st.code, Msg::saved_state_other_version);
  EXPECT_EQ(st.error, "saved state from another version");
  st = parse_saved_state("{\"preset\":\"six\"}", out);
  EXPECT_EQ(st.code, Msg::saved_state_not_saved_state);
  EXPECT_EQ(st.error, "not a saved state");
  st = parse_saved_state("", out);
  EXPECT_EQ(st.code, Msg::saved_state_not_saved_state);
  st = parse_saved_state(std::string(kSavedStateTag) + "&eta=%G1", out);  // corrupt body
  EXPECT_FALSE(st.ok);
  EXPECT_EQ(st.code, Msg::link_bad_escape_value);
  EXPECT_EQ(out, (Params{{"kept", "1"}}));
}

}  // namespace
}  // namespace pla::app::link_params_test
