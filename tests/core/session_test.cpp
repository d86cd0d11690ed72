// The Session's textual commands: the path window.perceptronLab uses.
#include <gtest/gtest.h>

#include "core/session.hpp"

namespace pla {
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

}  // namespace
}  // namespace pla
