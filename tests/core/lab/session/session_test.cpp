// The Session's textual commands: the path window.perceptronLab uses.
#include <gtest/gtest.h>

#include <set>

#include "core/lab/session/session.hpp"

namespace pla::session_test {
namespace {

Status run(Session& s, std::vector<std::string> args) { return s.command(args); }

TEST(Session, CommandsDriveTheLearner) {
  Session s;
  ASSERT_TRUE(run(s, {"preset", "textbook"}).ok);
  ASSERT_TRUE(run(s, {"set", "eta", "0.5"}).ok);
  ASSERT_TRUE(run(s, {"step"}).ok);
  EXPECT_EQ(s.learner().steps(), 1u);
  EXPECT_EQ(s.learner().w(), (std::vector<double>{1.5, 1.5}));
  ASSERT_TRUE(run(s, {"run"}).ok);
  EXPECT_TRUE(s.learner().converged());
  EXPECT_EQ(s.learner().w(), (std::vector<double>{0.5, 0.5}));
  EXPECT_EQ(s.learner().b(), -1.5);
  ASSERT_TRUE(run(s, {"reset"}).ok);
  EXPECT_EQ(s.learner().steps(), 0u);
  EXPECT_EQ(s.learner().w(), (std::vector<double>{0.0, 0.0}));
}

TEST(Session, AddPointAndClear) {
  Session s;
  ASSERT_TRUE(run(s, {"clear"}).ok);
  EXPECT_EQ(s.data().size(), 0u);
  EXPECT_FALSE(run(s, {"step"}).ok);
  ASSERT_TRUE(run(s, {"add_point", "1.25", "-2", "+1"}).ok);
  ASSERT_TRUE(run(s, {"add_point", "3", "4", "0"}).ok);
  ASSERT_EQ(s.data().size(), 2u);
  EXPECT_EQ(s.data().row(0)[0], 1.25);
  EXPECT_EQ(s.data().row(0)[1], -2.0);
  EXPECT_EQ(s.data().y[0], 1);
  EXPECT_EQ(s.data().y[1], -1);
}

TEST(Session, BadCommandsAreRefusedAndChangeNothing) {
  Session s;
  ASSERT_TRUE(run(s, {"preset", "six"}).ok);
  const std::string before = s.state_json();
  for (const auto& bad : std::vector<std::vector<std::string>>{
           {},
           {"jump"},
           {"preset", "nope"},
           {"preset"},
           {"add_point", "1", "2"},
           {"add_point", "x", "2", "1"},
           {"add_point", "1", "2", "2"},
           {"add_point", "1e999", "2", "1"},
           {"add_point", "nan", "2", "1"},
           {"set", "eta", "0"},
           {"set", "eta", "-1"},
           {"set", "eta", "abc"},
           {"set", "seed", "-4"},
           {"set", "order", "sideways"},
           {"set", "algo", "magic"},
           {"set", "colour", "red"},
           {"step", "extra"},
       }) {
    const Status st = s.command(bad);
    EXPECT_FALSE(st.ok) << (bad.empty() ? "(empty)" : bad[0]);
    EXPECT_FALSE(st.error.empty());
    EXPECT_NE(st.code, Msg::none);
  }
  EXPECT_EQ(s.state_json(), before);
}

TEST(Session, StateJsonHasTheApiKeys) {
  Session s;
  run(s, {"preset", "textbook"});
  run(s, {"set", "eta", "0.5"});
  run(s, {"run"});
  const std::string j = s.state_json();
  for (const char* key : {"\"points\":3", "\"d\":2", "\"algo\":\"classic\"", "\"eta\":0.5", "\"seed\":1",
                          "\"epoch\":", "\"step\":", "\"updates\":7", "\"w\":[0.5,0.5]", "\"b\":-1.5",
                          "\"train_mistakes\":0", "\"converged\":true", "\"playing\":false",
                          "\"data\":[[3,3,1],[4,3,1],[1,1,-1]]"}) {
    EXPECT_NE(j.find(key), std::string::npos) << key << " in " << j;
  }
}

TEST(Session, PlayAdvancesBySpeedAndStopsWhenConverged) {
  Session s;
  run(s, {"preset", "textbook"});
  run(s, {"set", "speed", "10"});
  run(s, {"play"});
  EXPECT_TRUE(s.playing());
  s.advance(0.25);  // 2.5 steps of budget
  EXPECT_EQ(s.learner().steps(), 2u);
  s.advance(100.0);
  EXPECT_FALSE(s.playing());
  EXPECT_TRUE(s.learner().converged());
}

TEST(Session, ChangingTheLearnerResetsTheTrace) {
  Session s;
  run(s, {"preset", "six"});
  run(s, {"epoch"});
  EXPECT_GT(s.learner().steps(), 0u);
  run(s, {"set", "speed", "50"});
  EXPECT_GT(s.learner().steps(), 0u);  // speed is not a learner setting
  run(s, {"set", "order", "shuffle"});
  EXPECT_EQ(s.learner().steps(), 0u);
}

// From w = 0 the classic perceptron's decisions do not depend on eta: with powers
// of two the weights scale exactly, so the mistakes per epoch agree bit for bit.
TEST(Session, LearningRateComparisonPowersOfTwoAgree) {
  Session s;
  ASSERT_TRUE(run(s, {"preset", "six"}).ok);
  ASSERT_TRUE(run(s, {"compare", "1", "0.5", "0.25", "0.0009765625"}).ok);
  ASSERT_EQ(s.eta_runs().size(), 4u);
  for (const EtaRun& r : s.eta_runs()) {
    EXPECT_EQ(r.mistakes_per_epoch, s.eta_runs()[0].mistakes_per_epoch) << r.eta;
    EXPECT_TRUE(r.converged);
    for (std::size_t j = 0; j < r.w.size(); ++j) EXPECT_EQ(r.w[j], s.eta_runs()[0].w[j] * r.eta);
  }
}

TEST(Session, ImportCsvKeepsDataOnError) {
  Session s;
  ASSERT_TRUE(run(s, {"preset", "six"}).ok);
  const Status bad = s.import_csv("x,y,label\n1,2,1\n3,zz,-1\n", "mine.csv");
  EXPECT_FALSE(bad.ok);
  EXPECT_NE(bad.error.find("mine.csv:3:2"), std::string::npos) << bad.error;
  EXPECT_EQ(s.data().size(), 6u);
  EXPECT_EQ(s.preset(), "six");
  ASSERT_TRUE(s.import_csv("1,2,1\n3,4,0\n5,1,1\n", "ok.csv").ok);
  EXPECT_EQ(s.data().size(), 3u);
  EXPECT_EQ(s.data().y[1], -1);
}

TEST(Session, SeekAndStepBackShowEarlierStates) {
  Session s;
  ASSERT_TRUE(run(s, {"preset", "textbook"}).ok);
  ASSERT_TRUE(run(s, {"set", "eta", "0.5"}).ok);
  ASSERT_TRUE(run(s, {"train"}).ok);
  const std::uint64_t last = s.learner().steps();
  ASSERT_TRUE(run(s, {"seek", "1"}).ok);
  EXPECT_EQ(s.learner().w(), (std::vector<double>{1.5, 1.5}));
  EXPECT_EQ(s.learner().b(), 0.5);
  EXPECT_EQ(s.live_learner().steps(), last);
  ASSERT_TRUE(run(s, {"step_back"}).ok);
  EXPECT_EQ(s.learner().steps(), 0u);
  EXPECT_FALSE(run(s, {"seek", std::to_string(last + 1)}).ok);
  // Stepping from a scrubbed view continues from there (the later trace is dropped).
  ASSERT_TRUE(run(s, {"seek", "3"}).ok);
  ASSERT_TRUE(run(s, {"step"}).ok);
  EXPECT_EQ(s.live_learner().steps(), 4u);
  EXPECT_FALSE(s.scrubbed());
}


// ---- the vocabulary as tables

TEST(SessionTables, EverySettingRoundTripsThroughItsText) {
  Session s;
  std::set<std::string> keys;
  for (const auto& def : session_settings()) {
    EXPECT_TRUE(keys.insert(def.key).second) << "duplicate key " << def.key;
    const std::string text = setting_text(def, s.settings());
    const Status st = s.set(def.key, text);
    EXPECT_TRUE(st.ok) << def.key << " = " << text << ": " << st.error;
    EXPECT_EQ(setting_text(def, s.settings()), text) << def.key;
  }
  // settings_list and state() are walks of the same table, in its order.
  const auto list = s.settings_list();
  ASSERT_EQ(list.size(), session_settings().size());
  const Json state = s.state();
  for (std::size_t i = 0; i < list.size(); ++i) {
    EXPECT_EQ(list[i].first, session_settings()[i].key);
    EXPECT_TRUE(state.contains(list[i].first)) << list[i].first;
  }
}

TEST(SessionTables, StateValuesAreTyped) {
  Session s;
  ASSERT_TRUE(run(s, {"preset", "textbook"}).ok);
  ASSERT_TRUE(run(s, {"set", "restart", "on"}).ok);
  const Json j = s.state();
  EXPECT_TRUE(j["restart"].is_boolean());
  EXPECT_EQ(j["restart"], true);
  EXPECT_TRUE(j["eta"].is_number());
  EXPECT_TRUE(j["seed"].is_number_integer());
  EXPECT_TRUE(j["algo"].is_string());
  EXPECT_TRUE(j["kernel"].is_string());
  EXPECT_TRUE(j["lift"].is_string());
  EXPECT_TRUE(j["w"].is_array());
  EXPECT_EQ(j["data"].size(), 3u);
  EXPECT_EQ(j["stop_reason"], "");
  ASSERT_TRUE(run(s, {"train"}).ok);
  EXPECT_EQ(s.state()["stop_reason"], "converged");
  // The text form parses back to the same object.
  EXPECT_EQ(Json::parse(s.state_json()), s.state());
}

TEST(SessionTables, RefusalsAreCodesWithNamedArguments) {
  Session s;
  Status st = s.set("eta", "0");
  EXPECT_EQ(st.code, Msg::setting_real_above);
  EXPECT_EQ(*st.arg("key"), "eta");
  EXPECT_EQ(*st.arg("value"), "0");
  EXPECT_EQ(st.error, "eta must be a number > 0, got '0'");
  EXPECT_EQ(st.exit_code(), 2);

  st = s.set("validation", "0.7");
  EXPECT_EQ(st.code, Msg::setting_real_range);
  EXPECT_EQ(*st.arg("max"), "0.5");

  st = s.set("order", "sideways");
  EXPECT_EQ(st.code, Msg::setting_choice);
  EXPECT_EQ(*st.arg("choices"), "cyclic, shuffle or random");

  st = s.set("colour", "red");
  EXPECT_EQ(st.code, Msg::setting_unknown);
  EXPECT_NE(st.arg("known")->find("max_updates"), std::string::npos);

  st = s.set("max_epochs", "100000001");
  EXPECT_EQ(st.code, Msg::setting_whole_range);

  st = s.command({"teleport"});
  EXPECT_EQ(st.code, Msg::command_unknown);
  EXPECT_EQ(*st.arg("name"), "teleport");
  st = s.command({"step", "extra"});
  EXPECT_EQ(st.code, Msg::command_usage);
  EXPECT_EQ(*st.arg("usage"), "step");

  ASSERT_TRUE(run(s, {"preset", "textbook"}).ok);
  st = s.command({"seek", "99"});
  EXPECT_EQ(st.code, Msg::session_seek_range);
  EXPECT_EQ(*st.arg("value"), "99");
  EXPECT_EQ(*st.arg("last"), "0");

  ASSERT_TRUE(run(s, {"clear"}).ok);
  st = s.command({"step"});  // the table's data check
  EXPECT_EQ(st.code, Msg::session_no_points);
  EXPECT_EQ(st.error, "no points to train on");
}

TEST(SessionTables, CommandNamesComeFromTheTable) {
  std::set<std::string> names;
  for (const Command& c : session_commands()) {
    EXPECT_TRUE(names.insert(c.name).second) << c.name;
    EXPECT_NE(std::string(c.usage), "");
  }
  EXPECT_EQ(Session::command_names().size(), session_commands().size());
  Session s;
  const Status st = s.command({"nope"});
  for (const std::string& n : Session::command_names()) EXPECT_NE(st.error.find(n), std::string::npos) << n;
}

TEST(SessionTables, ChangesInvalidateWhatTheTableSays) {
  Session s;
  ASSERT_TRUE(run(s, {"preset", "six"}).ok);
  ASSERT_TRUE(run(s, {"set", "validation", "0.34"}).ok);
  const std::vector<std::size_t> split = [&] {
    std::vector<std::size_t> v;
    for (std::size_t i = 0; i < s.data().size(); ++i) v.push_back(s.in_validation(i));
    return v;
  }();
  ASSERT_EQ(s.validation_set().size(), 2u);
  run(s, {"epoch"});
  const std::uint64_t rev = s.revision();
  // max_epochs: saved with the lesson, nothing rebuilt.
  ASSERT_TRUE(run(s, {"set", "max_epochs", "50"}).ok);
  EXPECT_GT(s.learner().steps(), 0u);
  EXPECT_GT(s.revision(), rev);
  // Setting a value to what it already is changes nothing.
  const std::uint64_t rev2 = s.revision();
  ASSERT_TRUE(run(s, {"set", "eta", "1"}).ok);
  EXPECT_EQ(s.revision(), rev2);
  EXPECT_GT(s.learner().steps(), 0u);
  // The seed draws the split when there is one: a new split, a new learner.
  bool moved = false;
  for (int seed = 2; seed < 40 && !moved; ++seed) {
    ASSERT_TRUE(run(s, {"set", "seed", std::to_string(seed)}).ok);
    EXPECT_EQ(s.learner().steps(), 0u);
    for (std::size_t i = 0; i < s.data().size(); ++i) moved |= s.in_validation(i) != (split[i] != 0);
  }
  EXPECT_TRUE(moved);
}

TEST(SessionTables, StopReasonAndNoticeComeFromTheStopRule) {
  Session s;
  ASSERT_TRUE(run(s, {"preset", "textbook"}).ok);
  ASSERT_TRUE(run(s, {"train"}).ok);
  EXPECT_EQ(s.stop_reason(), StopReason::Converged);
  EXPECT_EQ(s.notice().code, Msg::stop_converged);
  EXPECT_EQ(*s.notice().arg("updates"), "7");
  ASSERT_TRUE(run(s, {"generate", "xor", "40"}).ok);
  ASSERT_TRUE(run(s, {"set", "max_epochs", "5"}).ok);
  ASSERT_TRUE(run(s, {"train"}).ok);
  EXPECT_EQ(s.stop_reason(), StopReason::MaxEpochs);
  EXPECT_EQ(s.notice().code, Msg::stop_max_epochs);
  EXPECT_EQ(*s.notice().arg("max_epochs"), "5");
}

}  // namespace
}  // namespace pla::session_test
