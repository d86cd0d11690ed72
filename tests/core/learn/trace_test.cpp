// The trace: its log by hand, rewinding equals a fresh run, bounded memory, export.
#include <gtest/gtest.h>

#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "core/learn/learners.hpp"
#include "core/learn/perceptron.hpp"
#include "core/base/rng.hpp"
#include "core/learn/trace.hpp"
#include "expect_message.hpp"

namespace pla::trace_test {
namespace {

using test::failed_with;

Dataset textbook() {
  Dataset ds;
  ds.add({3, 3}, 1);
  ds.add({4, 3}, 1);
  ds.add({1, 1}, -1);
  return ds;
}

Dataset xor_set() {
  Dataset ds;
  ds.add({0, 0}, -1);
  ds.add({1, 1}, -1);
  ds.add({0, 1}, 1);
  ds.add({1, 0}, 1);
  return ds;
}

Dataset noisy(std::uint64_t seed, std::size_t n) {
  Rng rng(seed);
  Dataset ds;
  for (std::size_t i = 0; i < n; ++i) {
    const double a = rng.normal(), b = rng.normal();
    int y = a + 0.5 * b >= 0.1 ? 1 : -1;
    if (rng.uniform01() < 0.2) y = -y;
    ds.add({a, b}, y);
  }
  return ds;
}

std::unique_ptr<Learner> make(const LearnerConfig& cfg, const Dataset& ds) {
  std::unique_ptr<Learner> l;
  EXPECT_TRUE(make_learner(cfg, l).ok);
  EXPECT_TRUE(l->reset(ds).ok);
  return l;
}

// Textbook, eta = 0.5: step 1 (3,3)+ mistake -> w = (1.5,1.5), b = 0.5; step 2 (4,3)+ scores 11, right;
// step 3 (1,1)- scores 3.5, mistake -> w = (1,1), b = 0, ending epoch 1 with 2 mistakes.
// At its end the scores are 6, 7, 2: only (1,1) is wrong, J1 = 1, J = 2.
TEST(Trace, LogAndEpochSummaryByHand) {
  const Dataset ds = textbook();
  LearnerConfig cfg;
  cfg.pla.eta = 0.5;
  auto l = make(cfg, ds);
  Trace trace;
  trace.start(*l);
  EXPECT_EQ(trace.run_epoch(*l, ds), 2u);
  ASSERT_EQ(trace.log().size(), 3u);
  const TraceStep& s1 = trace.log()[0];
  EXPECT_EQ(s1.step, 1u);
  EXPECT_EQ(s1.epoch, 1u);
  EXPECT_EQ(s1.index, 0u);
  EXPECT_TRUE(s1.mistake);
  EXPECT_FALSE(trace.log()[1].mistake);
  EXPECT_TRUE(trace.log()[2].mistake);
  EXPECT_TRUE(trace.log()[2].epoch_end);
  ASSERT_EQ(trace.epochs().size(), 1u);
  const EpochSummary& e = trace.epochs()[0];
  EXPECT_EQ(e.epoch, 1u);
  EXPECT_EQ(e.end_step, 3u);
  EXPECT_EQ(e.mistakes, 2u);
  EXPECT_EQ(e.j1, 1u);
  EXPECT_EQ(e.j, 2.0);
  trace.step(*l, ds);
  EXPECT_EQ(trace.log().back().epoch, 2u);

  std::string csv;
  ASSERT_TRUE(trace.to_csv(ds, csv).ok);
  const std::string header =
      "step,epoch,index,y,mistake,epoch_end,score,b_before,w_before_1,w_before_2,b_after,w_after_1,w_after_2\n";
  ASSERT_EQ(csv.substr(0, header.size()), header);
  const std::string rows = csv.substr(header.size());
  EXPECT_EQ(rows,
            "1,1,0,1,1,0,0,0,0,0,0.5,1.5,1.5\n"
            "2,1,1,1,0,0,11,0.5,1.5,1.5,0.5,1.5,1.5\n"
            "3,1,2,-1,1,1,3.5,0.5,1.5,1.5,0,1,1\n"
            "4,2,0,1,0,0,6,0,1,1,0,1,1\n");
  EXPECT_EQ(trace.epochs_csv(), "epoch,end_step,mistakes,j1,j\n1,3,2,1,2\n");
  std::string json;
  ASSERT_TRUE(trace.to_json(ds, json).ok);
  EXPECT_NE(json.find("\"last_step\":4"), std::string::npos) << json;
  EXPECT_NE(json.find("{\"step\":3,\"epoch\":1,\"index\":2,\"y\":-1,\"mistake\":true,\"epoch_end\":true,\"score\":3.5,"
                      "\"w_before\":[1.5,1.5],\"b_before\":0.5,\"w\":[1,1],\"b\":0}"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("\"epochs\":[{\"epoch\":1,\"end_step\":3,\"mistakes\":2,\"j1\":1,\"j\":2}]"), std::string::npos);
}

// Rewinding to step s gives exactly the w, b of a fresh Perceptron run of s steps.
TEST(Trace, RewindEqualsAFreshRunForEveryOrder) {
  const Dataset ds = noisy(5, 25);
  for (Order order : {Order::Cyclic, Order::Shuffle, Order::Random}) {
    for (bool restart : {false, true}) {
      LearnerConfig cfg;
      cfg.pla.eta = 0.3;
      cfg.pla.order = order;
      cfg.pla.restart = restart;
      cfg.pla.init = Init::Random;
      cfg.pla.seed = 17;
      auto l = make(cfg, ds);
      Trace trace;
      TraceConfig tc;
      tc.snapshot_every = 7;
      tc.max_snapshots = 8;  // forces thinning: K grows to 7 * 2^k
      trace.start(*l, tc);
      for (int t = 0; t < 400; ++t) trace.step(*l, ds);
      EXPECT_LE(trace.snapshot_count(), 8u);
      EXPECT_GT(trace.snapshot_every(), 7u);
      for (std::uint64_t s : {0u, 1u, 6u, 7u, 8u, 55u, 56u, 57u, 199u, 399u, 400u}) {
        std::unique_ptr<Learner> at;
        ASSERT_TRUE(trace.state_at(s, ds, at).ok) << s;
        Perceptron fresh;
        fresh.reset(ds, cfg.pla);
        for (std::uint64_t k = 0; k < s; ++k) fresh.step(ds);
        EXPECT_EQ(at->w(), fresh.w()) << to_string(order) << " s=" << s;
        EXPECT_EQ(at->b(), fresh.b()) << to_string(order) << " s=" << s;
        EXPECT_EQ(at->steps(), s);
        EXPECT_EQ(at->updates(), fresh.updates());
        EXPECT_EQ(at->mistakes_per_epoch(), fresh.mistakes_per_epoch());
        // ... and the next steps continue like the fresh run.
        for (int k = 0; k < 10; ++k) ASSERT_EQ(at->step(ds).index, fresh.step(ds).index);
      }
    }
  }
}

// Rewinding the learner in place and stepping on reproduces the same run and the same log.
TEST(Trace, RewindInPlaceThenContinueRetracesTheRun) {
  const Dataset ds = noisy(6, 20);
  for (const char* algo : {"pocket", "voted", "dual", "batch"}) {
    LearnerConfig cfg;
    ASSERT_TRUE(parse_algo(algo, cfg.algo));
    cfg.pla.order = Order::Shuffle;
    cfg.pla.seed = 3;
    auto l = make(cfg, ds);
    Trace trace;
    TraceConfig tc;
    tc.snapshot_every = 16;
    trace.start(*l, tc);
    for (int t = 0; t < 300; ++t) trace.step(*l, ds);
    const std::deque<TraceStep> log = trace.log();
    const std::deque<EpochSummary> epochs = trace.epochs();
    const std::vector<double> w = l->w(), running = l->running_w();
    const std::vector<std::uint64_t> history = l->mistakes_per_epoch();
    std::vector<double> scores;
    for (std::size_t i = 0; i < ds.size(); ++i) scores.push_back(l->score(ds.row(i)));

    ASSERT_TRUE(trace.rewind(123, ds, *l).ok) << algo;
    EXPECT_EQ(l->steps(), 123u);
    EXPECT_EQ(trace.last_step(), 123u);
    EXPECT_EQ(trace.log().size(), 123u);
    for (int t = 0; t < 177; ++t) trace.step(*l, ds);
    EXPECT_EQ(l->w(), w) << algo;
    EXPECT_EQ(l->running_w(), running) << algo;
    EXPECT_EQ(l->mistakes_per_epoch(), history) << algo;
    for (std::size_t i = 0; i < ds.size(); ++i) EXPECT_EQ(l->score(ds.row(i)), scores[i]) << algo;
    ASSERT_EQ(trace.log().size(), log.size());
    for (std::size_t k = 0; k < log.size(); ++k) {
      EXPECT_EQ(trace.log()[k].index, log[k].index);
      EXPECT_EQ(trace.log()[k].epoch, log[k].epoch);
    }
    ASSERT_EQ(trace.epochs().size(), epochs.size());
    for (std::size_t k = 0; k < epochs.size(); ++k) EXPECT_EQ(trace.epochs()[k].j, epochs[k].j);
  }
}

TEST(Trace, MemoryStaysBoundedOnAMillionSteps) {
  const Dataset ds = xor_set();  // never converges
  LearnerConfig cfg;
  cfg.pla.order = Order::Random;
  cfg.pla.init = Init::Random;
  cfg.pla.seed = 2;
  auto l = make(cfg, ds);
  Trace trace;
  TraceConfig tc;
  tc.snapshot_every = 64;
  tc.max_snapshots = 32;
  tc.max_logged_steps = 1000;
  tc.max_logged_epochs = 500;
  trace.start(*l, tc);
  const std::uint64_t total = 1000000;
  for (std::uint64_t t = 0; t < total; ++t) trace.step(*l, ds);
  EXPECT_EQ(trace.last_step(), total);
  EXPECT_LE(trace.stored_records(), 1000u + 500u + 32u);
  EXPECT_EQ(trace.log().size(), 1000u);
  EXPECT_EQ(trace.dropped_steps(), total - 1000);
  EXPECT_EQ(trace.epochs().size(), 500u);
  EXPECT_EQ(trace.dropped_epochs() + 500u, l->epoch());
  EXPECT_LE(trace.snapshot_count(), 32u);
  EXPECT_GE(trace.snapshot_every() * 32, total / 2);  // K grew so 32 snapshots span the run
  for (std::uint64_t s : {123457u, 999999u}) {
    std::unique_ptr<Learner> at;
    ASSERT_TRUE(trace.state_at(s, ds, at).ok);
    Perceptron fresh;
    fresh.reset(ds, cfg.pla);
    for (std::uint64_t k = 0; k < s; ++k) fresh.step(ds);
    EXPECT_EQ(at->w(), fresh.w()) << s;
    EXPECT_EQ(at->b(), fresh.b()) << s;
  }
}

TEST(Trace, RefusesOutOfRangeStepsAndChangedData) {
  Dataset ds = noisy(8, 10);
  auto l = make(LearnerConfig{}, ds);
  Trace trace;
  std::unique_ptr<Learner> at;
  EXPECT_TRUE(failed_with(trace.state_at(0, ds, at), Msg::trace_not_started));
  trace.start(*l);
  for (int t = 0; t < 30; ++t) trace.step(*l, ds);
  Status st = trace.state_at(31, ds, at);
  EXPECT_TRUE(failed_with(st, Msg::trace_out_of_range, {{"step", "31"}, {"first", "0"}, {"last", "30"}}));
  // Move one point across: the replay no longer makes the logged steps.
  // (Flipping every label would not show: from w = 0 the run is mirrored, w -> -w.)
  Dataset changed = ds;
  changed.y[0] = -changed.y[0];
  changed.x[0] += 5.0;
  st = trace.state_at(30, changed, at);
  EXPECT_TRUE(failed_with(st, Msg::trace_replay_mismatch));
  EXPECT_NE(st.arg("step"), nullptr);
  Dataset other = noisy(9, 11);
  EXPECT_TRUE(failed_with(trace.state_at(30, other, at), Msg::trace_other_data));
  auto batch = make([] { LearnerConfig c; c.algo = Algo::Batch; return c; }(), ds);
  EXPECT_TRUE(failed_with(trace.rewind(10, ds, *batch), Msg::trace_wrong_learner));  // a learner of another kind
  EXPECT_EQ(trace.last_step(), 30u);
}

TEST(Trace, StepsTakenOutsideTheTraceRestartIt) {
  const Dataset ds = textbook();
  auto l = make(LearnerConfig{}, ds);
  Trace trace;
  trace.start(*l);
  trace.step(*l, ds);
  l->step(ds);  // behind the trace's back
  trace.step(*l, ds);
  EXPECT_EQ(trace.first_step(), 2u);
  EXPECT_EQ(trace.last_step(), 3u);
  EXPECT_EQ(trace.log().size(), 1u);
}

TEST(Trace, TrainRecordsEveryStepAndEarlyStoppingRewindsTheTrace) {
  const Dataset tr = noisy(10, 80), val = noisy(11, 60);
  StopRules rules;
  rules.patience = 2;
  auto plain = make(LearnerConfig{}, tr), traced = make(LearnerConfig{}, tr);
  TrainResult a, b;
  ASSERT_TRUE(train(*plain, tr, rules, a, &val).ok);
  Trace trace;
  trace.start(*traced);
  ASSERT_TRUE(train(*traced, tr, rules, b, &val, &trace).ok);
  ASSERT_EQ(a.stop_reason, StopReason::EarlyStopping);
  EXPECT_EQ(b.stop_reason, StopReason::EarlyStopping);
  EXPECT_EQ(a.w, b.w);
  EXPECT_EQ(a.b, b.b);
  EXPECT_EQ(a.best_epoch, b.best_epoch);
  EXPECT_EQ(trace.last_step(), traced->steps());
  EXPECT_EQ(trace.epochs().size(), b.best_epoch);
}

}  // namespace
}  // namespace pla::trace_test
