// Perceptron Lab core: the trace of a training run, able to rewind to any step.
//
// Every step is logged compactly (point index, mistake and epoch-end flags); each
// completed epoch gets a summary (its mistakes, and J, J1 of the hypothesis on the
// training set at its end). Weights are not stored per step: the trace keeps a
// snapshot of the whole learner (w, b, rng state, position, ...) every K steps and
// rebuilds any step by replaying from the snapshot before it. Memory stays
// bounded on long runs: the step and epoch logs keep their newest records only
// (older ones are counted), and when the snapshots exceed their cap every other
// one is dropped and K doubles, so a rewind never replays more than K steps.
#pragma once
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/data/dataset.hpp"
#include "core/learn/learners.hpp"
#include "core/base/status.hpp"

namespace pla {

struct TraceConfig {
  std::uint64_t snapshot_every = 256;        // K at the start, >= 1
  std::size_t max_snapshots = 64;            // >= 2; K doubles when exceeded
  std::size_t max_logged_steps = 100000;     // newest per-step records kept
  std::size_t max_logged_epochs = 10000;     // newest epoch summaries kept
  bool epoch_metrics = true;                 // J and J1 at each epoch end (one pass over the data)
};

struct TraceStep {
  std::uint64_t step = 0;   // 1-based: the learner's steps() after this step
  std::uint64_t epoch = 0;  // 1-based epoch the step belongs to
  std::uint32_t index = 0;  // the point visited
  bool mistake = false;     // it caused an update
  bool epoch_end = false;   // it completed its epoch
  bool chosen = false;      // an update on a point chosen by hand (Trace::update_on)
};

struct EpochSummary {
  std::uint64_t epoch = 0;     // 1-based
  std::uint64_t end_step = 0;  // the step that completed it
  std::uint64_t mistakes = 0;  // updates made during it
  std::size_t j1 = 0;          // J1 at its end: training points with y f(x) <= 0 (0 if epoch_metrics is off)
  double j = 0.0;              // J at its end: sum of -y f(x) over those points
};

class Trace {
 public:
  // Starts recording from the learner's current state (normally right after reset).
  void start(const Learner& learner, const TraceConfig& cfg = TraceConfig());
  bool started() const { return !snapshots_.empty(); }

  // learner.step(ds) or run_epoch(ds), recorded. A learner that was stepped outside
  // the trace (or not started) restarts the trace from its current state first.
  StepInfo step(Learner& learner, const Dataset& ds);
  std::size_t run_epoch(Learner& learner, const Dataset& ds);
  // An update on point i chosen by hand ("you choose the point"), recorded as a step:
  // the learner visits x_i instead of the point its order gives next (its visiting
  // position still moves on by one, and a restart rule starts the pass again). The
  // caller checks that x_i is a mistake of the running weights and that the learner's
  // step uses nothing but the visited point (chosen_update_supported).
  StepInfo update_on(Learner& learner, const Dataset& ds, std::size_t i);
  // Learners whose step depends on the visited point only: their row's chosen_update
  // (learner_info: classic, margin, averaged, voted).
  static bool chosen_update_supported(const Learner& learner);
  // Replays the steps from the first logged one up to step `upto` (at most last_step()),
  // calling `visit` with each step's record, what it did, the running weights before it
  // and the learner right after it.
  using ReplayVisitor = std::function<void(const TraceStep& rec, const StepInfo& info, const std::vector<double>& w_before,
                                           double b_before, const Learner& after)>;
  Status replay(const Dataset& ds, std::uint64_t upto, const ReplayVisitor& visit) const;

  std::uint64_t first_step() const { return base_step_; }  // learner.steps() at start
  std::uint64_t last_step() const { return last_step_; }
  const std::deque<TraceStep>& log() const { return log_; }
  std::uint64_t dropped_steps() const { return dropped_steps_; }
  const std::deque<EpochSummary>& epochs() const { return epochs_; }
  std::uint64_t dropped_epochs() const { return dropped_epochs_; }
  std::size_t snapshot_count() const { return snapshots_.size(); }
  std::uint64_t snapshot_every() const { return interval_; }
  // Records held: logged steps + epoch summaries + snapshots.
  std::size_t stored_records() const { return log_.size() + epochs_.size() + snapshots_.size(); }

  // A new learner in the state right after step s (first_step() <= s <= last_step()),
  // rebuilt from the nearest snapshot. Fails if s is out of range or the replay
  // does not match the log (the data set changed).
  Status state_at(std::uint64_t s, const Dataset& ds, std::unique_ptr<Learner>& out) const;
  // Puts `learner` in that state and forgets the steps after s, so recording can go on from there.
  Status rewind(std::uint64_t s, const Dataset& ds, Learner& learner);

  // The logged steps, replayed for their weights. CSV columns:
  //   step,epoch,index,y,mistake,epoch_end,score,b_before,w_before_1..d,b_after,w_after_1..d
  // (index is 0-based, score = f(x) before the step, running weights; a non-linear
  // kernel has no w columns). JSON: {"first_step", "last_step", "dropped_steps",
  // "dropped_epochs", "snapshot_every", "snapshots", "steps": [...], "epochs": [...]}.
  Status to_csv(const Dataset& ds, std::string& out) const;
  Status to_json(const Dataset& ds, std::string& out) const;
  std::string epochs_csv() const;  // epoch,end_step,mistakes,j1,j

 private:
  struct Snapshot {
    std::uint64_t step = 0;
    std::shared_ptr<const Learner> learner;
  };
  struct Row {
    TraceStep rec;
    int y = 0;
    double score = 0.0;
    double b_before = 0.0, b_after = 0.0;
    std::vector<double> w_before, w_after;
  };
  void take_snapshot(const Learner& learner);
  // Logs the step just made (its epoch summary, a snapshot when due).
  void log_step(const Learner& learner, const Dataset& ds, const StepInfo& info, std::uint64_t epoch_before, bool chosen);
  // The learner's next step as the trace recorded it: a chosen update or learner.step(ds).
  StepInfo replay_step(Learner& learner, const Dataset& ds) const;
  // Replays the logged steps; fails if the replay disagrees with the log.
  Status replay_rows(const Dataset& ds, std::vector<Row>& rows) const;

  TraceConfig cfg_;
  std::uint64_t base_step_ = 0, base_epoch_ = 0, last_step_ = 0, interval_ = 1;
  std::deque<TraceStep> log_;
  std::deque<EpochSummary> epochs_;
  std::uint64_t dropped_steps_ = 0, dropped_epochs_ = 0;
  std::vector<Snapshot> snapshots_;  // ascending steps, the first at base_step_
  // (step, point) of every chosen update, ascending; never dropped (replays need them).
  std::vector<std::pair<std::uint64_t, std::uint32_t>> chosen_;
};

}  // namespace pla
