// Long work in slices (src/app/sliced_run.cpp): a train, epoch or compare command whose
// work does not fit in one slice goes on in the frames (App::training, state().run), each
// frame a bounded piece, and ends in exactly the state the command reaches at once (the
// oracle: a Session given the same commands, trained synchronously); train_cancel keeps
// what was trained; a short train still ends within the command. A link's step goes on
// in the frames too, and still says where a stop rule ended it short.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/app.hpp"
#include "app/app_internal.hpp"
#include "core/lab/session/urlstate.hpp"
#include "headless.hpp"

namespace pla::app::sliced_run_test {
namespace {

using Strings = std::vector<std::string>;

// 20000 noisy points (not separable): 20000 steps an epoch.
const Strings kNoisy = {"generate", "noisy", "20000", "2", "0.01", "0.05", "5"};
constexpr std::uint64_t kPieceSteps = 4096;  // a frame's piece with budget_ms = 0

class Sliced : public test::Headless {
 public:
  Sliced() : test::Headless(Fonts::ImGuiDefault, {}) {}
  // Frames until the run ends (at most `limit`); the most steps one frame made.
  std::uint64_t finish(int limit, int* frames = nullptr) {
    std::uint64_t most = 0;
    int n = 0;
    while (app.training && n < limit) {
      const std::uint64_t before = app.session.live_learner().steps();
      frame();
      most = std::max(most, app.session.live_learner().steps() - before);
      ++n;
    }
    if (frames) *frames = n;
    return most;
  }
};

// The oracle: a plain Session given the same commands (train, epoch run at once).
Session oracle(const std::vector<Strings>& commands) {
  Session s;
  for (const Strings& c : commands) EXPECT_TRUE(s.command(c).ok) << c[0];
  return s;
}

void expect_same(const Session& a, const Session& b) {
  EXPECT_EQ(a.live_learner().steps(), b.live_learner().steps());
  EXPECT_EQ(a.live_learner().epoch(), b.live_learner().epoch());
  EXPECT_EQ(a.live_learner().updates(), b.live_learner().updates());
  EXPECT_EQ(a.live_learner().w(), b.live_learner().w());
  EXPECT_EQ(a.live_learner().b(), b.live_learner().b());
  EXPECT_EQ(a.notice().english(), b.notice().english());
  EXPECT_EQ(a.train_mistakes(), b.train_mistakes());
}

TEST(SlicedRun, ALongTrainCommandGoesOnInTheFramesAndEndsWhereTrainEnds) {
  Sliced h;
  const std::vector<Strings> setup = {kNoisy, {"set", "max_epochs", "30"}};
  for (const Strings& c : setup) ASSERT_TRUE(run_command(h.app, c).ok);
  h.app.run.budget_ms = 0.0;  // one piece a frame
  ASSERT_TRUE(run_command(h.app, {"train"}).ok);
  ASSERT_TRUE(h.app.training);  // 600000 steps do not fit in one piece
  const Json st = state(h.app);
  ASSERT_TRUE(st.contains("run"));
  EXPECT_EQ(st["run"]["kind"], "train");
  EXPECT_TRUE(st["training"].get<bool>());
  // Progress grows, frame by frame, each frame a bounded piece.
  const std::size_t first = st["run"]["done"].get<std::size_t>();
  for (int i = 0; i < 60; ++i) h.frame();
  const Json later = state(h.app);
  EXPECT_GT(later["run"]["done"].get<std::size_t>(), first);
  EXPECT_LT(later["run"]["done"].get<std::size_t>(), 1000u);
  int frames = 0;
  const std::uint64_t most = h.finish(1000, &frames);
  ASSERT_FALSE(h.app.training);
  EXPECT_LE(most, kPieceSteps);
  EXPECT_GT(frames, 10);
  EXPECT_TRUE(h.app.run.last_finished);
  EXPECT_FALSE(state(h.app).contains("run"));
  Session want = oracle({kNoisy, {"set", "max_epochs", "30"}, {"train"}});
  EXPECT_EQ(want.live_learner().epoch(), 30u);
  expect_same(h.app.session, want);
}

// train() finishes the epoch in which max_updates is reached; the sliced run does too.
TEST(SlicedRun, MaxUpdatesMidEpochEndsAtTheEpochsEndAsTrainDoes) {
  Sliced h;
  const std::vector<Strings> setup = {kNoisy, {"set", "max_epochs", "0"}, {"set", "max_updates", "5000"}};
  for (const Strings& c : setup) ASSERT_TRUE(run_command(h.app, c).ok);
  h.app.run.budget_ms = 0.0;
  ASSERT_TRUE(run_command(h.app, {"train"}).ok);
  ASSERT_TRUE(h.app.training);
  h.finish(1000);
  ASSERT_FALSE(h.app.training);
  std::vector<Strings> all = setup;
  all.push_back({"train"});
  Session want = oracle(all);
  EXPECT_GT(want.live_learner().updates(), 5000u);  // past the rule: the epoch was finished
  EXPECT_EQ(want.live_learner().steps() % 20000u, 0u);
  expect_same(h.app.session, want);
}

TEST(SlicedRun, EpochAndCompareInSlicesEndAsTheCommandsDo) {
  Sliced h;
  ASSERT_TRUE(run_command(h.app, kNoisy).ok);
  h.app.run.budget_ms = 0.0;
  ASSERT_TRUE(run_command(h.app, {"step"}).ok);  // mid-epoch: epoch finishes this one
  ASSERT_TRUE(run_command(h.app, {"epoch"}).ok);
  ASSERT_TRUE(h.app.training);
  EXPECT_EQ(state(h.app)["run"]["kind"], "epoch");
  const std::uint64_t most = h.finish(100);
  EXPECT_LE(most, kPieceSteps);
  EXPECT_EQ(h.app.session.live_learner().steps(), 20000u);
  expect_same(h.app.session, oracle({kNoisy, {"step"}, {"epoch"}}));

  ASSERT_TRUE(run_command(h.app, {"compare", "1", "0.1"}).ok);
  if (h.app.training) h.finish(100000);
  ASSERT_FALSE(h.app.training);
  Session want = oracle({kNoisy, {"step"}, {"epoch"}, {"compare", "1", "0.1"}});
  ASSERT_EQ(h.app.session.eta_runs().size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(h.app.session.eta_runs()[i].mistakes_per_epoch, want.eta_runs()[i].mistakes_per_epoch);
    EXPECT_EQ(h.app.session.eta_runs()[i].w, want.eta_runs()[i].w);
  }
}

TEST(SlicedRun, CancelKeepsWhatWasTrained) {
  Sliced h;
  ASSERT_TRUE(run_command(h.app, kNoisy).ok);
  ASSERT_TRUE(run_command(h.app, {"set", "max_epochs", "100000"}).ok);
  h.app.run.budget_ms = 0.0;
  ASSERT_TRUE(run_command(h.app, {"train"}).ok);
  ASSERT_TRUE(h.app.training);
  for (int i = 0; i < 5; ++i) h.frame();
  const std::uint64_t steps = h.app.session.live_learner().steps();
  const std::vector<double> w = h.app.session.live_learner().w();
  ASSERT_GT(steps, kPieceSteps);
  ASSERT_TRUE(run_command(h.app, {"train_cancel"}).ok);
  EXPECT_FALSE(h.app.training);
  EXPECT_FALSE(h.app.run.last_finished);
  for (int i = 0; i < 3; ++i) h.frame();
  EXPECT_EQ(h.app.session.live_learner().steps(), steps);
  EXPECT_EQ(h.app.session.live_learner().w(), w);
  EXPECT_EQ(h.app.session.viewed_step(), steps);
  // What was trained is the run so far: stepping the oracle as far gives the same weights.
  Session want = oracle({kNoisy});
  for (std::uint64_t i = 0; i < steps; ++i) want.step();
  EXPECT_EQ(want.live_learner().w(), w);
}

TEST(SlicedRun, AShortTrainEndsWithinTheCommand) {
  Sliced h;
  h.app.run.budget_ms = 0.0;  // even a single piece is enough
  for (const char* preset : {"textbook", "six", "and"}) {
    ASSERT_TRUE(run_command(h.app, {"preset", preset}).ok);
    ASSERT_TRUE(run_command(h.app, {"train"}).ok);
    EXPECT_FALSE(h.app.training) << preset;
    expect_same(h.app.session, oracle({{"preset", preset}, {"train"}}));
    EXPECT_TRUE(h.app.session.live_learner().converged()) << preset;
  }
  // A refused train is refused at once, as before.
  ASSERT_TRUE(run_command(h.app, {"clear"}).ok);
  const Status st = run_command(h.app, {"train"});
  EXPECT_FALSE(st.ok);
  Session empty;
  empty.clear();
  EXPECT_EQ(st.error, empty.command({"train"}).error);
  EXPECT_FALSE(h.app.training);
}

// A link's step (or a saved state's) at parameters `query`, the app's frames one piece each.
void apply_link(test::Headless& h, const std::string& query, std::vector<Message>& ignored) {
  Params p;
  ASSERT_TRUE(parse_query(query, p).ok);
  h.app.run.budget_ms = 0.0;
  apply_params(h.app, p, ignored);
}

TEST(SlicedRun, ALinksStepGoesOnInTheFrames) {
  Sliced h;
  std::vector<Message> ignored;
  apply_link(h, "gen=noisy&n=20000&gen_seed=5&max_epochs=100&step=150000", ignored);
  EXPECT_TRUE(ignored.empty());
  ASSERT_TRUE(h.app.training);
  EXPECT_EQ(state(h.app)["run"]["kind"], "step");
  EXPECT_LE(h.finish(1000), kPieceSteps);
  EXPECT_EQ(h.app.session.viewed_step(), 150000u);
  EXPECT_TRUE(h.app.notices.empty());
}

TEST(SlicedRun, ALinksStepCutShortByAStopRuleSaysWhere) {
  {
    // In the frames: a notice when the run ends.
    Sliced h;
    std::vector<Message> ignored;
    apply_link(h, "gen=noisy&n=20000&gen_seed=5&max_epochs=2&step=150000", ignored);
    EXPECT_TRUE(ignored.empty());
    ASSERT_TRUE(h.app.training);
    h.finish(1000);
    EXPECT_EQ(h.app.session.viewed_step(), 40000u);  // two epochs of 20000 points
    ASSERT_EQ(h.app.notices.size(), 1u);
    EXPECT_EQ(h.app.notices[0].english(), "step: stopped at step 40000 (a stop rule or the work limit)");
  }
  {
    // Within the first slice: listed with the other parameters, as before.
    Sliced h;
    std::vector<Message> ignored;
    apply_link(h, "preset=textbook&max_epochs=1&step=50", ignored);
    EXPECT_FALSE(h.app.training);
    ASSERT_EQ(ignored.size(), 1u);
    EXPECT_EQ(ignored[0].english(), "step: stopped at step 3 (a stop rule or the work limit)");
  }
}

// Which commands run in slices is a column of the command table (kCmdSliced): every
// command the table marks goes through the sliced path (its first slice timed, as
// pla_frame_stats reports it), and no other does.
TEST(SlicedRun, TheCommandTableSaysWhichCommandsRunInSlices) {
  int sliced = 0;
  for (const Command& c : session_commands()) {
    if (c.min_args > 0) continue;
    Sliced h;
    ASSERT_TRUE(run_command(h.app, kNoisy).ok);
    h.app.run.budget_ms = 0.0;
    h.app.run.slice_ms_max = -1.0;
    (void)run_command(h.app, {c.name});
    const bool flagged = (c.flags & kCmdSliced) != 0;
    EXPECT_EQ(h.app.run.slice_ms_max >= 0.0, flagged) << c.name;
    sliced += flagged;
    if (flagged && std::string(c.name) == "epoch") {
      EXPECT_TRUE(h.app.training);  // 20000 steps do not fit in one piece
      EXPECT_EQ(state(h.app)["run"]["kind"], "epoch");
    }
  }
  EXPECT_GE(sliced, 5);  // next_update, epoch, train, run, compare
}

}  // namespace
}  // namespace pla::app::sliced_run_test
