#include "core/learn/trace.hpp"

#include <algorithm>
#include <cmath>

#include "core/base/json.hpp"
#include "core/base/numtext.hpp"

namespace pla {

void Trace::start(const Learner& learner, const TraceConfig& cfg) {
  cfg_ = cfg;
  if (cfg_.snapshot_every == 0) cfg_.snapshot_every = 1;
  if (cfg_.max_snapshots < 2) cfg_.max_snapshots = 2;
  base_step_ = last_step_ = learner.steps();
  base_epoch_ = learner.epoch();
  interval_ = cfg_.snapshot_every;
  log_.clear();
  epochs_.clear();
  dropped_steps_ = dropped_epochs_ = 0;
  snapshots_.clear();
  chosen_.clear();
  take_snapshot(learner);
}

void Trace::take_snapshot(const Learner& learner) {
  snapshots_.push_back(Snapshot{learner.steps(), std::shared_ptr<const Learner>(learner.clone())});
  if (snapshots_.size() <= cfg_.max_snapshots) return;
  // Too many: keep every other one (those on multiples of 2K) and double K.
  interval_ *= 2;
  std::vector<Snapshot> kept;
  kept.reserve(snapshots_.size() / 2 + 1);
  for (Snapshot& s : snapshots_)
    if ((s.step - base_step_) % interval_ == 0) kept.push_back(std::move(s));
  snapshots_.swap(kept);
}

StepInfo Trace::step(Learner& learner, const Dataset& ds) {
  if (!started() || learner.steps() != last_step_) start(learner, cfg_);
  const std::uint64_t epoch_before = learner.epoch();
  const StepInfo info = learner.step(ds);
  if (info.index >= ds.size()) return info;  // no step was made
  log_step(learner, ds, info, epoch_before, false);
  return info;
}

namespace {
// One step of `learner` on point i: it steps on a data set of N copies of (x_i, y_i),
// so whatever position its order is at, it visits x_i (index i in the result).
StepInfo step_on_point(Learner& learner, const Dataset& ds, std::size_t i) {
  Dataset same;
  same.d = ds.d;
  const std::size_t d = static_cast<std::size_t>(ds.d);
  same.x.resize(ds.size() * d);
  for (std::size_t r = 0; r < ds.size(); ++r) std::copy(ds.row(i), ds.row(i) + d, same.x.begin() + static_cast<std::ptrdiff_t>(r * d));
  same.y.assign(ds.size(), ds.y[i]);
  StepInfo info = learner.step(same);
  if (info.index < ds.size()) info.index = i;
  return info;
}
}  // namespace

bool Trace::chosen_update_supported(const Learner& learner) {
  return learner_info(learner.config().algo).chosen_update;
}

StepInfo Trace::update_on(Learner& learner, const Dataset& ds, std::size_t i) {
  StepInfo none;
  none.index = ds.size();
  if (i >= ds.size() || !learner.bound_to(ds) || !chosen_update_supported(learner)) return none;
  if (!started() || learner.steps() != last_step_) start(learner, cfg_);
  const std::uint64_t epoch_before = learner.epoch();
  const StepInfo info = step_on_point(learner, ds, i);
  if (info.index >= ds.size()) return info;
  chosen_.emplace_back(learner.steps(), static_cast<std::uint32_t>(i));
  log_step(learner, ds, info, epoch_before, true);
  return info;
}

StepInfo Trace::replay_step(Learner& learner, const Dataset& ds) const {
  const std::uint64_t next = learner.steps() + 1;
  auto it = std::lower_bound(chosen_.begin(), chosen_.end(), std::make_pair(next, std::uint32_t{0}));
  if (it != chosen_.end() && it->first == next && it->second < ds.size()) return step_on_point(learner, ds, it->second);
  return learner.step(ds);
}

void Trace::log_step(const Learner& learner, const Dataset& ds, const StepInfo& info, std::uint64_t epoch_before,
                     bool chosen) {
  last_step_ = learner.steps();

  TraceStep rec;
  rec.step = last_step_;
  rec.epoch = epoch_before + 1;
  rec.index = static_cast<std::uint32_t>(info.index);
  rec.mistake = info.mistake;
  rec.epoch_end = info.epoch_end;
  rec.chosen = chosen;
  log_.push_back(rec);
  if (log_.size() > cfg_.max_logged_steps) {
    log_.pop_front();
    ++dropped_steps_;
  }

  if (info.epoch_end) {
    EpochSummary e;
    e.epoch = learner.epoch();
    e.end_step = last_step_;
    const SharedLog<std::uint64_t>& history = learner.mistakes_log();
    e.mistakes = history.empty() ? 0 : history.back();
    if (cfg_.epoch_metrics) {
      for (std::size_t i = 0; i < ds.size(); ++i) {
        const double margin = ds.y[i] * learner.score(ds.row(i));
        if (margin <= 0.0) {
          ++e.j1;
          e.j -= margin;
        }
      }
    }
    epochs_.push_back(e);
    if (epochs_.size() > cfg_.max_logged_epochs) {
      epochs_.pop_front();
      ++dropped_epochs_;
    }
  }

  if ((last_step_ - base_step_) % interval_ == 0) take_snapshot(learner);
}

std::size_t Trace::run_epoch(Learner& learner, const Dataset& ds) {
  if (ds.empty() || !learner.bound_to(ds)) return 0;
  const std::uint64_t before = learner.updates();
  while (true) {
    const StepInfo info = step(learner, ds);
    if (info.epoch_end || info.index >= ds.size()) break;
  }
  return static_cast<std::size_t>(learner.updates() - before);
}

Status Trace::state_at(std::uint64_t s, const Dataset& ds, std::unique_ptr<Learner>& out) const {
  if (!started()) return Status::fail(Msg::trace_not_started);
  if (s < base_step_ || s > last_step_)
    return Status::fail(Msg::trace_out_of_range,
                        {{"step", msg_uint(s)}, {"first", msg_uint(base_step_)}, {"last", msg_uint(last_step_)}});
  // The last snapshot at or before s, then replay.
  auto it = std::upper_bound(snapshots_.begin(), snapshots_.end(), s,
                             [](std::uint64_t v, const Snapshot& snap) { return v < snap.step; });
  --it;
  std::unique_ptr<Learner> learner = it->learner->clone();
  if (!learner->bound_to(ds))
    return Status::fail(Msg::trace_other_data);
  const std::uint64_t first_logged = log_.empty() ? last_step_ + 1 : log_.front().step;
  while (learner->steps() < s) {
    const StepInfo info = replay_step(*learner, ds);
    const std::uint64_t t = learner->steps();
    bool same = info.index < ds.size();
    if (same && t >= first_logged) {
      const TraceStep& rec = log_[static_cast<std::size_t>(t - first_logged)];
      same = rec.index == info.index && rec.mistake == info.mistake;
    }
    if (!same)
      return Status::fail(Msg::trace_replay_mismatch, {{"step", msg_uint(t)}});
  }
  out = std::move(learner);
  return Status::success();
}

Status Trace::rewind(std::uint64_t s, const Dataset& ds, Learner& learner) {
  std::unique_ptr<Learner> state;
  const Status st = state_at(s, ds, state);
  if (!st) return st;
  if (!learner.assign(*state)) return Status::fail(Msg::trace_wrong_learner);
  while (!log_.empty() && log_.back().step > s) log_.pop_back();
  dropped_steps_ = (s - base_step_) - log_.size();
  while (!epochs_.empty() && epochs_.back().end_step > s) epochs_.pop_back();
  dropped_epochs_ = (learner.epoch() - base_epoch_) - epochs_.size();
  while (snapshots_.back().step > s) snapshots_.pop_back();  // the first one is at base_step_ <= s
  while (!chosen_.empty() && chosen_.back().first > s) chosen_.pop_back();
  last_step_ = s;
  return Status::success();
}

Status Trace::replay_rows(const Dataset& ds, std::vector<Row>& rows) const {
  rows.clear();
  if (log_.empty()) return Status::success();
  std::unique_ptr<Learner> learner;
  const Status st = state_at(log_.front().step - 1, ds, learner);
  if (!st) return st;
  rows.reserve(log_.size());
  for (const TraceStep& rec : log_) {
    Row row;
    row.rec = rec;
    row.w_before = learner->running_w();
    row.b_before = learner->running_b();
    const StepInfo info = replay_step(*learner, ds);
    if (info.index != rec.index || info.mistake != rec.mistake)
      return Status::fail(Msg::trace_replay_mismatch, {{"step", msg_uint(rec.step)}});
    row.y = ds.y[info.index];
    row.score = info.score;
    row.w_after = learner->running_w();
    row.b_after = learner->running_b();
    rows.push_back(std::move(row));
  }
  return Status::success();
}

Status Trace::replay(const Dataset& ds, std::uint64_t upto, const ReplayVisitor& visit) const {
  if (log_.empty()) return Status::success();
  if (upto > last_step_) upto = last_step_;
  if (upto < log_.front().step) return Status::success();
  std::unique_ptr<Learner> learner;
  const Status st = state_at(log_.front().step - 1, ds, learner);
  if (!st) return st;
  std::vector<double> w_before;
  for (const TraceStep& rec : log_) {
    if (rec.step > upto) break;
    w_before = learner->running_w();
    const double b_before = learner->running_b();
    const StepInfo info = replay_step(*learner, ds);
    if (info.index != rec.index || info.mistake != rec.mistake)
      return Status::fail(Msg::trace_replay_mismatch, {{"step", msg_uint(rec.step)}});
    visit(rec, info, w_before, b_before, *learner);
  }
  return Status::success();
}

Status Trace::to_csv(const Dataset& ds, std::string& out) const {
  std::vector<Row> rows;
  const Status st = replay_rows(ds, rows);
  if (!st) return st;
  std::size_t d = 0;
  if (started()) d = snapshots_.front().learner->running_w().size();
  std::string csv = "step,epoch,index,y,mistake,epoch_end,score,b_before";
  for (std::size_t j = 1; j <= d; ++j) csv += ",w_before_" + std::to_string(j);
  csv += ",b_after";
  for (std::size_t j = 1; j <= d; ++j) csv += ",w_after_" + std::to_string(j);
  csv += "\n";
  for (const Row& r : rows) {
    csv += std::to_string(r.rec.step) + "," + std::to_string(r.rec.epoch) + "," + std::to_string(r.rec.index) + "," +
           std::to_string(r.y) + "," + (r.rec.mistake ? "1" : "0") + "," + (r.rec.epoch_end ? "1" : "0") + "," +
           table_number(r.score) + "," + table_number(r.b_before);
    for (double v : r.w_before) csv += "," + table_number(v);
    csv += "," + table_number(r.b_after);
    for (double v : r.w_after) csv += "," + table_number(v);
    csv += "\n";
  }
  out = std::move(csv);
  return Status::success();
}

Status Trace::to_json(const Dataset& ds, std::string& out) const {
  std::vector<Row> rows;
  const Status st = replay_rows(ds, rows);
  if (!st) return st;
  std::string steps = "[";
  for (std::size_t k = 0; k < rows.size(); ++k) {
    const Row& r = rows[k];
    JsonObject o;
    o.integer("step", static_cast<std::int64_t>(r.rec.step))
        .integer("epoch", static_cast<std::int64_t>(r.rec.epoch))
        .integer("index", r.rec.index)
        .integer("y", r.y)
        .boolean("mistake", r.rec.mistake)
        .boolean("epoch_end", r.rec.epoch_end)
        .num("score", r.score)
        .array("w_before", r.w_before)
        .num("b_before", r.b_before)
        .array("w", r.w_after)
        .num("b", r.b_after);
    steps += (k ? "," : "") + o.str();
  }
  steps += "]";
  std::string epochs = "[";
  for (std::size_t k = 0; k < epochs_.size(); ++k) {
    const EpochSummary& e = epochs_[k];
    JsonObject o;
    o.integer("epoch", static_cast<std::int64_t>(e.epoch))
        .integer("end_step", static_cast<std::int64_t>(e.end_step))
        .integer("mistakes", static_cast<std::int64_t>(e.mistakes))
        .integer("j1", static_cast<std::int64_t>(e.j1))
        .num("j", e.j);
    epochs += (k ? "," : "") + o.str();
  }
  epochs += "]";
  JsonObject top;
  top.integer("first_step", static_cast<std::int64_t>(base_step_))
      .integer("last_step", static_cast<std::int64_t>(last_step_))
      .integer("dropped_steps", static_cast<std::int64_t>(dropped_steps_))
      .integer("dropped_epochs", static_cast<std::int64_t>(dropped_epochs_))
      .integer("snapshot_every", static_cast<std::int64_t>(interval_))
      .integer("snapshots", static_cast<std::int64_t>(snapshots_.size()))
      .raw("steps", steps)
      .raw("epochs", epochs);
  out = top.str();
  return Status::success();
}

std::string Trace::epochs_csv() const {
  std::string csv = "epoch,end_step,mistakes,j1,j\n";
  for (const EpochSummary& e : epochs_)
    csv += std::to_string(e.epoch) + "," + std::to_string(e.end_step) + "," + std::to_string(e.mistakes) + "," +
           std::to_string(e.j1) + "," + table_number(e.j) + "\n";
  return csv;
}

}  // namespace pla
