// Perceptron Lab core: the session (session.hpp).
//
// [SECTION] index
//   Limits                           sizes above which the session skips a measure
//   Construction and rebuilding      the learner and the sets after a change, reset
//   Stepping, scrubbing, training    step, seek, step_back, train, play, run slices, compare_etas
//   Data                             presets, generated and loaded data, points, decision
//   You choose the point, the iteration table, query points
//                                    update_on, add_query, iteration_table, iteration_csv
//   Settings: the table              session_settings()
//   Commands: the table              session_commands()
//   State                            state(), the margin's fields
#include "core/lab/session/session.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <deque>
#include <iterator>

#include "core/data/read/io.hpp"
#include "core/base/json.hpp"
#include "core/data/presets.hpp"
#include "core/learn/train_run.hpp"
#include "core/base/values.hpp"

namespace pla {

// -----------------------------------------------------------------------------
// [SECTION] Limits

namespace {
constexpr std::size_t kMaxMarginPoints = 2000000;  // exact margin above this is skipped
}  // namespace

// -----------------------------------------------------------------------------
// [SECTION] Construction and rebuilding

Session::Session() {
  Status st = make_learner(settings_.learner, learner_);
  (void)st;
  load_preset("textbook");
}

Session::Session(const Session& o) { *this = o; }

Session& Session::operator=(const Session& o) {
  if (this == &o) return *this;
  data_ = o.data_;
  train_ = o.train_;
  valid_ = o.valid_;
  train_index_ = o.train_index_;
  valid_index_ = o.valid_index_;
  lift_ = o.lift_;
  has_lift_ = o.has_lift_;
  learner_ = o.learner_ ? o.learner_->clone() : nullptr;
  viewing_ = o.viewing_ ? o.viewing_->clone() : nullptr;
  trace_ = o.trace_;
  settings_ = o.settings_;
  margin_ = o.margin_;
  margin_ok_ = o.margin_ok_;
  preset_ = o.preset_;
  source_ = o.source_;
  gen_ = o.gen_;
  playing_ = o.playing_;
  play_budget_ = o.play_budget_;
  has_last_ = o.has_last_;
  last_ = o.last_;
  prev_w_ = o.prev_w_;
  prev_b_ = o.prev_b_;
  invariants_ = o.invariants_;
  step_samples_ = o.step_samples_;
  eta_runs_ = o.eta_runs_;
  epoch_samples_ = o.epoch_samples_;
  notice_ = o.notice_;
  early_stop_ = o.early_stop_;
  revision_ = o.revision_;
  queries_ = o.queries_;
  changes_ = o.changes_;
  return *this;
}

void Session::restore(const Session& snapshot) {
  const std::uint64_t revision = std::max(revision_, snapshot.revision_) + 1;
  const std::uint64_t changes = std::max(changes_, snapshot.changes_) + 1;
  *this = snapshot;
  revision_ = revision;
  changes_ = changes;
}

std::size_t Session::memory_bytes() const {
  auto set_bytes = [](const Dataset& ds) { return ds.x.size() * sizeof(double) + ds.y.size() * sizeof(int); };
  std::size_t n = sizeof(Session) + set_bytes(data_) + set_bytes(train_) + set_bytes(valid_);
  n += (train_index_.size() + valid_index_.size()) * sizeof(std::size_t);
  n += invariants_.size() * sizeof(InvariantSample) + step_samples_.size() * sizeof(StepSample);
  n += epoch_samples_.size() * sizeof(EpochSample) + eta_runs_.size() * sizeof(EtaRun);
  for (const EtaRun& r : eta_runs_) n += r.mistakes_per_epoch.size() * sizeof(std::uint64_t);
  for (const auto& q : queries_) n += q.size() * sizeof(double) + sizeof q;
  // The trace's logs (its learner snapshots are shared with the copy it came from).
  n += trace_.log().size() * sizeof(TraceStep) + trace_.epochs().size() * sizeof(EpochSummary);
  // The learner: weights (and per-point alpha) of about the training set's size.
  n += (static_cast<std::size_t>(train_.d) + 2) * sizeof(double) + train_.size() * sizeof(std::uint64_t);
  return n;
}

const Learner& Session::learner() const { return viewing_ ? *viewing_ : *learner_; }

void Session::data_changed(Message notice) {
  if (!queries_.empty() && queries_.front().size() != static_cast<std::size_t>(data_.d)) queries_.clear();
  ++revision_;
  notice_ = std::move(notice);
  eta_runs_.clear();
  // Train / validation split (seeded by the learner's seed) and the lift, as `pla train`.
  SplitSets sets;
  const double share = data_.size() >= 4 ? settings_.validation : 0.0;
  if (!split_and_lift(data_, share, settings_.learner.pla.seed, settings_.lift, sets))
    (void)split_and_lift(data_, 0.0, settings_.learner.pla.seed, settings_.lift, sets);
  train_index_ = std::move(sets.train_index);
  valid_index_ = std::move(sets.validation_index);
  if (train_index_.empty()) {
    train_index_.resize(data_.size());
    for (std::size_t i = 0; i < data_.size(); ++i) train_index_[i] = i;
  }
  has_lift_ = sets.lifted;
  if (sets.lifted) lift_ = sets.lift;
  if (!sets.lift_status) notice_ = Status::fail(Msg::session_lift_ignored, {}, sets.lift_status);
  train_ = std::move(sets.train);
  valid_ = std::move(sets.validation);
  margin_ok_ = false;
  margin_ = MarginResult();
  if (!train_.empty() && train_.size() <= kMaxMarginPoints) margin_ok_ = compute_margin(train_, margin_).ok;
  rebuild_learner();
}

void Session::rebuild_learner() {
  std::unique_ptr<Learner> fresh;
  Status st = make_learner(settings_.learner, fresh);
  if (st) {
    learner_ = std::move(fresh);
    st = learner_->reset(train_);
  }
  if (!st) notice_ = st;
  trace_ = Trace();
  trace_.start(*learner_);
  viewing_.reset();
  has_last_ = false;
  playing_ = false;
  play_budget_ = 0.0;
  early_stop_ = StopReason::None;
  invariants_.clear();
  step_samples_.clear();
  epoch_samples_.clear();
  prev_w_ = learner_->running_w();
  prev_b_ = learner_->running_b();
  if (!train_.empty() && train_.size() <= kMaxStepMetricPoints) {
    const Metrics m = compute_losses(*learner_, train_);
    step_samples_.push_back({0, m.j1, m.j, 0});
  }
}

void Session::reset() {
  rebuild_learner();
}

// -----------------------------------------------------------------------------
// [SECTION] Stepping, scrubbing, training

bool Session::stop_rule_reached(const Learner& l) const {
  return stop_rule(settings_.stop, progress_of(l)) != StopReason::None;
}

StopReason Session::stop_reason() const {
  if (early_stop_ != StopReason::None && !scrubbed()) return early_stop_;
  return stop_rule(settings_.stop, progress_of(learner()));
}

void Session::drop_view() {
  if (!viewing_) return;
  const std::uint64_t s = viewing_->steps();
  if (trace_.rewind(s, train_, *learner_)) {
    while (!invariants_.empty() && invariants_.back().step > s) invariants_.pop_back();
    while (!step_samples_.empty() && step_samples_.back().step > s) step_samples_.pop_back();
    while (!epoch_samples_.empty() && epoch_samples_.back().step > s) epoch_samples_.pop_back();
  }
  viewing_.reset();
  early_stop_ = StopReason::None;
}

void Session::record_step(const StepInfo& s) {
  const Learner& l = *learner_;
  if (s.epoch_end && epoch_samples_.size() < kMaxCurveSamples) {
    EpochSample e;
    e.epoch = l.epoch();
    e.step = l.steps();
    e.k = l.updates();
    e.train_accuracy = accuracy(l, train_);
    if (!valid_.empty()) e.validation_accuracy = accuracy(l, valid_);
    epoch_samples_.push_back(e);
  }
  if (!s.mistake) return;
  const std::vector<double>& w = l.running_w();
  if (margin_ok_ && margin_.separable && margin_.u.size() == w.size() + 1 && invariants_.size() < kMaxCurveSamples) {
    double progress = 0.0, norm2 = 0.0;
    for (std::size_t j = 0; j < w.size(); ++j) {
      progress += w[j] * margin_.u[j];
      norm2 += w[j] * w[j];
    }
    progress += l.running_b() * margin_.u[w.size()];
    norm2 += l.running_b() * l.running_b();
    invariants_.push_back({l.steps(), l.updates(), progress, norm2});
  }
  // Per-step J and J1 cost a pass over the data per update: only for linear
  // hypotheses (O(d) per score) on small sets. Kernel and vote scores cost O(N) each.
  if (l.linear() && train_.size() <= kMaxStepMetricPoints && step_samples_.size() < kMaxCurveSamples) {
    const Metrics m = compute_losses(l, train_);
    step_samples_.push_back({l.steps(), m.j1, m.j, l.updates()});
  }
}

StepInfo Session::step() {
  ++changes_;
  drop_view();
  prev_w_ = learner_->running_w();
  prev_b_ = learner_->running_b();
  last_ = trace_.step(*learner_, train_);
  has_last_ = last_.index < train_.size();
  if (has_last_) record_step(last_);
  if (learner_->diverged()) {
    playing_ = false;
    finish_notice();
  }
  return last_;
}

Status Session::seek(std::uint64_t s) {
  const std::uint64_t live = learner_->steps();
  if (s < trace_.first_step() || s > live)
    return Status::fail(Msg::session_seek_range,
                        {{"first", msg_uint(trace_.first_step())}, {"last", msg_uint(live)}, {"value", msg_uint(s)}});
  playing_ = false;
  if (s == live) {
    viewing_.reset();
  } else {
    std::unique_ptr<Learner> at;
    Status st = trace_.state_at(s, train_, at);
    if (!st) return st;
    viewing_ = std::move(at);
  }
  recompute_view_extras();
  return Status::success();
}

void Session::recompute_view_extras() {
  // The step shown and the weights before it (for the ghost line and the update picture).
  const std::uint64_t s = learner().steps();
  has_last_ = false;
  if (s == 0 || s <= trace_.first_step()) return;
  const auto& log = trace_.log();
  if (log.empty() || s < log.front().step || s > log.back().step) return;
  const TraceStep& rec = log[static_cast<std::size_t>(s - log.front().step)];
  std::unique_ptr<Learner> before;
  if (!trace_.state_at(s - 1, train_, before)) return;
  last_.index = rec.index;
  last_.mistake = rec.mistake;
  last_.epoch_end = rec.epoch_end;
  last_.score = before->score(train_.row(rec.index));
  prev_w_ = before->running_w();
  prev_b_ = before->running_b();
  has_last_ = true;
}

void Session::step_back() {
  const std::uint64_t s = viewed_step();
  if (s > trace_.first_step()) seek(s - 1);
}

void Session::next_update() {
  CommandRun run;  // its loop is run_part's, driven to the end
  run.kind = CommandRun::Kind::NextUpdate;
  run.done = false;
  while (!run_part(run, 1e9)) {
  }
}

void Session::epoch() {
  if (train_.empty() || !learner_->bound_to(train_)) return;
  while (!step().epoch_end && !learner_->diverged()) {
  }
}

Status Session::need_data() const {
  if (train_.empty()) return Status::fail(Msg::session_no_points);
  if (!learner_->bound_to(train_)) return Status::fail(Msg::session_learner_refuses, {}, notice_);
  return Status::success();
}

Status Session::train_begin(bool& more) {
  more = false;
  Status ready = need_data();
  if (!ready) return ready;
  drop_view();
  playing_ = false;
  const bool early = settings_.stop.patience > 0 && !valid_.empty();
  const Status rule = check_stop_rule(settings_.learner.algo, settings_.stop);
  if (!rule) return rule;
  if (early) {
    TrainResult r;
    Status st = pla::train(*learner_, train_, settings_.stop, r, &valid_, &trace_);
    if (!st) return st;
    early_stop_ = r.stop_reason;
    notice_ = r.message;
    recompute_view_extras();
    return Status::success();
  }
  if (stop_rule_reached(*learner_)) finish_notice();
  else more = true;
  return Status::success();
}

Status Session::train() {
  bool more = false;
  const Status st = train_begin(more);
  if (!st || !more) return st;
  while (!stop_rule_reached(*learner_)) epoch();
  finish_notice();
  return Status::success();
}

void Session::play() {
  if (train_.empty()) return;
  if (stop_rule_reached(learner()) && !scrubbed()) return;
  playing_ = true;
  play_budget_ = 0.0;
}

void Session::finish_notice() {
  const StopReason why = stop_reason();
  if (why == StopReason::None) return;
  StopDetails details;
  details.steps = learner_->steps();
  details.train_points = train_.size();
  if (why == StopReason::MaxEpochs || why == StopReason::MaxUpdates) details.train_mistakes = count_mistakes(*learner_, train_);
  notice_ = stop_message(why, settings_.stop, progress_of(*learner_), details);
}

bool Session::run_slice(std::uint64_t max_steps, RunGoal goal, double max_cost) {
  ++changes_;
  if (train_.empty() || !learner_->bound_to(train_)) return true;
  drop_view();
  // Work is bounded per call: each step costs d, each recorded update N*d.
  const double cost_limit = max_cost;
  const double step_cost = static_cast<double>(train_.d) + 1.0;
  const bool linear = learner_->linear();
  // A non-linear score (kernel, vote) costs about N*d; a recorded update N scores.
  const double score_cost = linear ? step_cost : static_cast<double>(train_.size()) * step_cost;
  const double update_cost =
      linear && train_.size() <= kMaxStepMetricPoints ? static_cast<double>(train_.size()) * step_cost : 0.0;
  double cost = 0.0;
  bool reached = false;  // Train, Epoch: where train() or epoch() returns
  for (std::uint64_t n = 0; n < max_steps && cost < cost_limit; ++n) {
    if (goal == RunGoal::StopRule && stop_rule_reached(*learner_)) break;
    const StepInfo s = step();
    cost += score_cost + (s.mistake ? update_cost : 0.0) +
            (s.epoch_end ? static_cast<double>(train_.size()) * score_cost : 0.0);
    // epoch() ends at an epoch's end (or a divergence); train() checks the rule there.
    if (goal != RunGoal::StopRule && (s.epoch_end || learner_->diverged()) &&
        (goal == RunGoal::Epoch || stop_rule_reached(*learner_))) {
      reached = true;
      break;
    }
  }
  if (goal == RunGoal::Epoch) return reached;
  if (goal == RunGoal::Train ? reached : stop_rule_reached(*learner_)) {
    playing_ = false;
    finish_notice();
    return true;
  }
  return false;
}

void Session::advance(double dt_seconds, std::uint64_t max_steps) {
  if (!playing_ || !(dt_seconds > 0.0)) return;
  ++changes_;
  play_budget_ += dt_seconds * settings_.speed;
  const double whole = std::floor(play_budget_);
  const std::uint64_t want = whole > static_cast<double>(max_steps) ? max_steps : static_cast<std::uint64_t>(whole);
  play_budget_ -= static_cast<double>(want);
  const std::uint64_t before = learner_->steps();
  if (want > 0) run_slice(want);
  const std::uint64_t done = learner_->steps() - before;
  if (done < want) play_budget_ = 0.0;     // the slice hit its work bound: no backlog
  if (play_budget_ > 1.0) play_budget_ = 1.0;
}

Status Session::compare_etas(const std::vector<double>& etas, std::uint64_t max_epochs) {
  if (train_.empty()) return Status::fail(Msg::session_no_points);
  if (etas.empty() || etas.size() > 8) return Status::fail(Msg::session_compare_count, {{"max", "8"}});
  for (double e : etas)
    if (!(e > 0.0) || !std::isfinite(e)) return Status::fail(Msg::session_compare_eta);
  CommandRun run;  // its loop is run_part's, driven to the end
  run.kind = CommandRun::Kind::Compare;
  run.etas = etas;
  run.max_epochs = max_epochs;
  run.done = false;
  while (!run_part(run, 1e9)) {
  }
  return run.status;
}

// A command in parts. train and epoch run their command's own loop (train_begin and
// run_slice toward RunGoal::Train; epoch: RunGoal::Epoch); next_update and compare have
// their one loop here (next_update() and compare_etas() drive it to the end), so the state
// at the end is the one the command reaches at once. A command whose arguments or data the
// checks refuse runs at once (command() says why).
void Session::start_run(CommandRun& run, const std::vector<std::string>& args) {
  run = CommandRun();
  run.args = args;
  run.done = false;
  const std::string name = args.empty() ? std::string() : args[0];
  const bool bare = args.size() == 1;
  if (bare && name == "train" && need_data()) {
    ++changes_;
    bool more = false;
    run.status = train_begin(more);
    run.kind = CommandRun::Kind::Train;
    run.done = !run.status || !more;
    return;
  }
  if (bare && (name == "epoch" || name == "next_update") && need_data()) {
    ++changes_;
    run.kind = name == "epoch" ? CommandRun::Kind::Epoch : CommandRun::Kind::NextUpdate;
    return;
  }
  if (name == "compare" && args.size() <= 9 && !train_.empty()) {
    bool good = true;
    for (std::size_t i = 1; i < args.size(); ++i) {
      double e = 0;
      good = good && parse_double(args[i], e) && e > 0.0 && std::isfinite(e);
      run.etas.push_back(e);
    }
    if (good) {
      ++changes_;
      if (run.etas.empty()) run.etas.assign(std::begin(kDefaultCompareEtas), std::end(kDefaultCompareEtas));
      run.kind = CommandRun::Kind::Compare;
      return;
    }
    run.etas.clear();
  }
  run.kind = CommandRun::Kind::AtOnce;
  run.status = command(args);
  run.done = true;
}

bool Session::run_part(CommandRun& run, double max_seconds) {
  if (run.done) return true;
  ++changes_;
  using Clock = std::chrono::steady_clock;
  const Clock::time_point end = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(max_seconds));
  const double n = train_.empty() ? 1.0 : static_cast<double>(train_.size());
  auto share = [](double done, double total) { return total > 0 ? std::min(0.99, done / total) : 0.0; };
  using Kind = CommandRun::Kind;
  if (run.kind == Kind::Train || run.kind == Kind::Epoch) {
    const RunGoal goal = run.kind == Kind::Train ? RunGoal::Train : RunGoal::Epoch;
    while (!run.done) {
      const std::uint64_t before = learner_->steps();
      run.done = run_slice(4096, goal, 2e6);
      run.visited += learner_->steps() - before;
      if (Clock::now() >= end) break;
    }
    const StopRules& r = settings_.stop;
    run.fraction = run.kind == Kind::Epoch ? share(static_cast<double>(run.visited), n)
                                 : std::max(share(static_cast<double>(learner_->epoch()), static_cast<double>(r.max_epochs)),
                                            share(static_cast<double>(learner_->updates()), static_cast<double>(r.max_updates)));
  } else if (run.kind == Kind::NextUpdate) {  // bounded: a converged learner makes no more updates
    if (train_.empty() || !learner_->bound_to(train_)) run.done = true;
    while (!run.done) {
      if (run.visited >= kMaxNextUpdateSteps || (stop_rule_reached(*learner_) && !viewing_)) {
        run.done = true;
        break;
      }
      ++run.visited;
      if (step().mistake) run.done = true;
      else if (run.visited % 256 == 0 && Clock::now() >= end) break;
    }
    run.fraction = share(static_cast<double>(run.visited), n);
  } else if (run.kind == Kind::Compare) {  // one epoch of one rate's run at a time
    while (!run.done) {
      if (!run.learner) {
        if (run.runs.size() == run.etas.size()) {
          eta_runs_ = std::move(run.runs);
          run.done = true;
          break;
        }
        LearnerConfig cfg = settings_.learner;
        cfg.pla.eta = run.etas[run.runs.size()];
        std::unique_ptr<Learner> l;
        run.status = make_learner(cfg, l);
        if (run.status) run.status = l->reset(train_);
        if (!run.status) {
          run.done = true;
          break;
        }
        run.learner = std::move(l);
      }
      Learner& l = *run.learner;
      if (!l.converged() && !l.diverged() && l.epoch() < run.max_epochs) {
        l.run_epoch(train_);
      } else {
        run.runs.push_back({run.etas[run.runs.size()], l.mistakes_per_epoch(), l.updates(), l.converged(), l.w(), l.b()});
        run.learner.reset();
      }
      if (Clock::now() >= end) break;
    }
    const double epochs = run.learner && run.max_epochs ? static_cast<double>(run.learner->epoch()) / static_cast<double>(run.max_epochs) : 0.0;
    run.fraction = share(static_cast<double>(run.runs.size()) + epochs, static_cast<double>(run.etas.size()));
  } else {
    run.done = true;
  }
  if (run.done) run.fraction = 1.0;
  return run.done;
}

// -----------------------------------------------------------------------------
// [SECTION] Data

Status Session::load_preset(const std::string& name) {
  Dataset ds;
  Status st = make_preset(name, ds);
  if (!st) return st;
  data_ = std::move(ds);
  preset_ = name;
  source_ = DataSource::Preset;
  queries_.clear();
  data_changed(Message());
  return st;
}

Status Session::generate(const GenSpec& spec) {
  Dataset ds;
  Status st = pla::generate(spec, ds);
  if (!st) return st;
  data_ = std::move(ds);
  gen_ = spec;
  source_ = DataSource::Generated;
  data_changed(Message(Msg::session_generated, {{"n", msg_uint(data_.size())}, {"kind", spec.kind}}));
  return st;
}

Status Session::import_csv(const std::string& text, const std::string& source_name) {
  Dataset ds;
  Status st = read_data(text, source_name, ds);
  if (!st) {
    notice_ = Status::fail(Msg::session_import_failed, {}, st);
    return st;
  }
  data_ = std::move(ds);
  source_ = DataSource::Imported;
  data_changed(Message(Msg::session_imported, {{"n", msg_uint(data_.size())}, {"source", source_name}}));
  return st;
}

Status Session::load_data(Dataset ds, const std::string& name) {
  if (ds.d < 1) return Status::fail(Msg::data_no_coordinates, {{"source", name}});
  if (ds.x.size() != ds.size() * static_cast<std::size_t>(ds.d)) return Status::fail(Msg::data_ragged, {{"source", name}});
  for (double v : ds.x)
    if (!std::isfinite(v)) return Status::fail(Msg::data_not_finite, {{"source", name}});
  for (int y : ds.y)
    if (y != 1 && y != -1) return Status::fail(Msg::data_bad_labels, {{"source", name}});
  data_ = std::move(ds);
  source_ = DataSource::Custom;
  data_changed(Message(Msg::session_loaded, {{"n", msg_uint(data_.size())}, {"source", name}}));
  return Status::success();
}

Status Session::add_point(const std::vector<double>& x, int label) {
  Status st = data_.add(x, label);
  if (!st) return st;
  source_ = DataSource::Custom;
  data_changed(Message(Msg::session_data_changed));
  return st;
}

Status Session::move_point(std::size_t i, const std::vector<double>& x) {
  if (i >= data_.size())
    return Status::fail(Msg::point_missing, {{"index", msg_uint(i)}, {"count", msg_uint(data_.size())}});
  if (static_cast<int>(x.size()) != data_.d)
    return Status::fail(Msg::point_size, {{"command", "move_point"}, {"d", msg_int(data_.d)}});
  for (double v : x)
    if (!std::isfinite(v)) return Status::fail(Msg::point_not_finite, {{"command", "move_point"}});
  std::copy(x.begin(), x.end(), data_.row(i));
  source_ = DataSource::Custom;
  data_changed(Message(Msg::session_point_moved));
  return Status::success();
}

Status Session::remove_point(std::size_t i) {
  if (i >= data_.size())
    return Status::fail(Msg::point_missing, {{"index", msg_uint(i)}, {"count", msg_uint(data_.size())}});
  data_.remove(i);
  source_ = DataSource::Custom;
  data_changed(Message(Msg::session_point_removed));
  return Status::success();
}

void Session::clear() {
  const int d = data_.d;
  data_ = Dataset();
  data_.d = d >= 1 ? d : 2;
  source_ = DataSource::Custom;
  queries_.clear();
  data_changed(Message(Msg::session_cleared));
}

bool Session::in_validation(std::size_t data_row) const {
  return std::binary_search(valid_index_.begin(), valid_index_.end(), data_row);
}

double Session::decision(const double* x) const {
  if (has_lift_) {
    std::vector<double> z(static_cast<std::size_t>(lift_.output_d()));
    lift_point(lift_, x, z.data());
    return learner().score(z.data());
  }
  return learner().score(x);
}

std::size_t Session::train_mistakes() const { return count_mistakes(learner(), train_); }

std::string Session::preset() const {
  switch (source_) {
    case DataSource::Preset: return preset_;
    case DataSource::Generated: return "gen:" + gen_.kind;
    case DataSource::Imported: return "import";
    default: return "custom";
  }
}

// -----------------------------------------------------------------------------
// [SECTION] You choose the point, the iteration table, query points

namespace {
// "(4, 3)": a point's coordinates for a message.
std::string msg_point(const double* x, int d) {
  std::string out = "(";
  for (int j = 0; j < d; ++j) out += (j ? ", " : "") + msg_num(x[j]);
  return out + ")";
}
}  // namespace

Status Session::update_on(std::size_t i) {
  Status ready = need_data();
  if (!ready) return ready;
  if (i >= data_.size())
    return Status::fail(Msg::point_missing, {{"index", msg_uint(i)}, {"count", msg_uint(data_.size())}});
  const std::string name = "x" + std::to_string(i + 1);
  const Learner& l = learner();
  if (!Trace::chosen_update_supported(l)) return Status::fail(Msg::iteration_algo, {{"algo", to_string(l.config().algo)}, {"algos", learner_list_where(&LearnerInfo::chosen_update)}});
  const auto at = std::find(train_index_.begin(), train_index_.end(), i);
  if (at == train_index_.end()) return Status::fail(Msg::iteration_validation_point, {{"point", name}});
  if (l.diverged()) return Status::fail(Msg::iteration_diverged);
  const std::size_t t = static_cast<std::size_t>(at - train_index_.begin());
  const double value = train_.y[t] * pla::score(l.running_w(), l.running_b(), train_.row(t));
  const double tau = l.config().pla.tau;
  if (!(value <= tau)) {
    MsgArgs args = {{"point", name}, {"x", msg_point(data_.row(i), data_.d)}, {"value", msg_num(value)}};
    if (tau > 0.0) {
      args.emplace_back("tau", msg_num(tau));
      return Status::fail(Msg::iteration_not_margin_mistake, args);
    }
    return Status::fail(Msg::iteration_not_mistake, args);
  }
  drop_view();
  prev_w_ = learner_->running_w();
  prev_b_ = learner_->running_b();
  last_ = trace_.update_on(*learner_, train_, t);
  has_last_ = last_.index < train_.size();
  if (has_last_) record_step(last_);
  if (learner_->diverged()) {
    playing_ = false;
    finish_notice();
  }
  return Status::success();
}

Status Session::add_query(const std::vector<double>& x) {
  if (static_cast<int>(x.size()) != data_.d)
    return Status::fail(Msg::point_size, {{"command", "add_query"}, {"d", msg_int(data_.d)}});
  for (double v : x)
    if (!std::isfinite(v)) return Status::fail(Msg::point_not_finite, {{"command", "add_query"}});
  if (queries_.size() >= kMaxQueries) return Status::fail(Msg::query_limit, {{"max", msg_uint(kMaxQueries)}});
  queries_.push_back(x);
  return Status::success();
}

std::vector<IterationRow> Session::iteration_table() const {
  std::deque<IterationRow> rows;
  const Status st = trace_.replay(
      train_, viewed_step(),
      [&](const TraceStep& rec, const StepInfo& info, const std::vector<double>& w_before, double b_before,
          const Learner& after) {
        if (!info.mistake) return;
        IterationRow r;
        r.k = after.updates();
        r.step = rec.step;
        r.epoch = rec.epoch;
        r.index = rec.index < train_index_.size() ? train_index_[rec.index] : rec.index;
        if (r.index < data_.size()) r.x.assign(data_.row(r.index), data_.row(r.index) + data_.d);
        r.y = train_.y[rec.index];
        r.w_before = w_before;
        r.b_before = b_before;
        r.score = info.score;
        r.w_after = after.running_w();
        r.b_after = after.running_b();
        r.chosen = rec.chosen;
        rows.push_back(std::move(r));
        if (rows.size() > kMaxIterationRows) rows.pop_front();
      });
  if (!st) return {};
  return std::vector<IterationRow>(std::make_move_iterator(rows.begin()), std::make_move_iterator(rows.end()));
}

Status Session::iteration_csv(std::string& out) const {
  const std::vector<IterationRow> rows = iteration_table();
  const std::size_t d = static_cast<std::size_t>(data_.d);
  const std::size_t wd = rows.empty() ? learner().running_w().size() : rows.front().w_before.size();
  std::string csv = "k,step,epoch,point,index";
  for (std::size_t j = 1; j <= d; ++j) csv += ",x_" + std::to_string(j);
  csv += ",y,b_before";
  for (std::size_t j = 1; j <= wd; ++j) csv += ",w_before_" + std::to_string(j);
  csv += ",score,y_score,b_after";
  for (std::size_t j = 1; j <= wd; ++j) csv += ",w_after_" + std::to_string(j);
  csv += ",chosen\n";
  for (const IterationRow& r : rows) {
    csv += std::to_string(r.k) + "," + std::to_string(r.step) + "," + std::to_string(r.epoch) + ",x" +
           std::to_string(r.index + 1) + "," + std::to_string(r.index);
    for (double v : r.x) csv += "," + table_number(v);
    csv += "," + std::to_string(r.y) + "," + table_number(r.b_before);
    for (double v : r.w_before) csv += "," + table_number(v);
    csv += "," + table_number(r.score) + "," + table_number(r.y * r.score) + "," + table_number(r.b_after);
    for (double v : r.w_after) csv += "," + table_number(v);
    csv += r.chosen ? ",1\n" : ",0\n";
  }
  out = std::move(csv);
  return Status::success();
}

// -----------------------------------------------------------------------------
// [SECTION] Settings: the table

namespace {
using S = SessionSettings;
using SessionSetting = Setting<SessionSettings>;
constexpr const char* kView3dNames[] = {"off", "augmented", "lifted", "data"};
}  // namespace

const char* to_string(View3d v) { return kView3dNames[static_cast<int>(v)]; }

bool parse_view3d(const std::string& name, View3d& out) {
  for (int i = 0; i < 4; ++i)
    if (name == kView3dNames[i]) {
      out = static_cast<View3d>(i);
      return true;
    }
  return false;
}

std::vector<std::string> view3d_names() { return {std::begin(kView3dNames), std::end(kView3dNames)}; }

const std::vector<SessionSetting>& session_settings() {
  static const std::vector<SessionSetting> table = {
      SessionSetting::choice(
          "algo", kLearner, "algo", [] { return learner_names(); },
          [](const S& s) { return std::string(to_string(s.learner.algo)); },
          [](S& s, const std::string& v) {
            return parse_algo(v, s.learner.algo) ? Status::success() : choice_error("algo", learner_names(), v);
          })
          .labelled("algo.algorithm", "algo.help"),
      SessionSetting::real("eta", kLearner, "eta", 0.0, Bound::Open, kInf, [](S& s) { return &s.learner.pla.eta; })
          .labelled("algo.eta", "algo.eta_help"),
      SessionSetting::whole("seed", kLearner | kSplitSeed, "seed", static_cast<double>(kMaxSeed),
                            [](S& s) { return &s.learner.pla.seed; })
          .labelled("algo.seed"),
      SessionSetting::choice(
          "order", kLearner, "order", order_names,
          [](const S& s) { return std::string(to_string(s.learner.pla.order)); },
          [](S& s, const std::string& v) {
            return parse_order(v, s.learner.pla.order) ? Status::success() : choice_error("order", order_names(), v);
          })
          .labelled("algo.order"),
      SessionSetting::choice(
          "init", kLearner, "init", init_names,
          [](const S& s) { return std::string(to_string(s.learner.pla.init)); },
          [](S& s, const std::string& v) {
            return parse_init(v, s.learner.pla.init) ? Status::success() : choice_error("init", init_names(), v);
          })
          .labelled("algo.start"),
      SessionSetting::boolean("restart", kLearner, "restart", [](S& s) { return &s.learner.pla.restart; })
          .labelled("algo.restart", "algo.restart_help"),
      SessionSetting::real("tau", kLearner, "tau", 0.0, Bound::Closed, kInf, [](S& s) { return &s.learner.pla.tau; })
          .labelled("algo.tau"),
      SessionSetting::text(
          "kernel", kLearner, "kernel", [](const S& s) { return kernel_spec(s.learner.kernel); },
          [](S& s, const std::string& v) { return parse_kernel_spec(v, s.learner.kernel); })
          .labelled("algo.kernel_type")
          .cli_arg("poly:P|rbf:G"),
      // The lift is checked against the data's dimension in configure.
      SessionSetting::text(
          "lift", kData, "lift", [](const S& s) { return s.lift; },
          [](S& s, const std::string& v) {
            s.lift = v == "none" ? "" : v;
            return Status::success();
          })
          .labelled("algo.lift", "algo.lift_help")
          .cli_arg("NAMES"),
      SessionSetting::whole("max_epochs", kSaved, "epochs", 1e8, [](S& s) { return &s.stop.max_epochs; })
          .labelled("algo.max_epochs"),
      SessionSetting::whole("max_updates", kSaved, "max-updates", 1e12, [](S& s) { return &s.stop.max_updates; })
          .labelled("algo.max_updates", "algo.max_updates_help"),
      SessionSetting::whole("patience", kLearner, "patience", kInf, [](S& s) { return &s.stop.patience; })
          .labelled("algo.patience", "algo.patience_help"),
      SessionSetting::real("validation", kData, "validation", 0.0, Bound::Closed, 0.5, [](S& s) { return &s.validation; })
          .labelled("algo.validation"),
      SessionSetting::real("delta", kSaved, nullptr, 0.0, Bound::Open, 0.5, [](S& s) { return &s.delta; })
          .labelled("theory.delta", "theory.delta_help"),
      SessionSetting::real("speed", kSaved, nullptr, 0.0, Bound::Open, 1e8, [](S& s) { return &s.speed; })
          .labelled("run.speed"),
      SessionSetting::choice(
          "view3d", kView, nullptr, view3d_names, [](const S& s) { return std::string(to_string(s.view3d)); },
          [](S& s, const std::string& v) {
            return parse_view3d(v, s.view3d) ? Status::success() : choice_error("view3d", view3d_names(), v);
          })
          .labelled("view3d.label", "view3d.help"),
  };
  return table;
}

Status Session::set(const std::string& key, const std::string& value) {
  const SessionSetting* def = find_setting(session_settings(), key);
  if (!def) return unknown_setting(session_settings(), key);
  SessionSettings s = settings_;
  Status st = setting_parse(*def, s, value);
  if (!st) return st;
  return configure(s);
}

Status Session::configure(const SessionSettings& s) {
  unsigned changed = 0;
  bool any = false;
  for (const SessionSetting& def : session_settings()) {
    Status st = setting_check(def, s);
    if (!st) return st;
    if (setting_json(def, s) != setting_json(def, settings_)) {
      changed |= def.invalidates;
      any = true;
    }
  }
  std::unique_ptr<Learner> probe;
  Status st = make_learner(s.learner, probe);  // checks the algo, the kernel and the learner's own rules
  if (!st) return st;
  if (!s.lift.empty()) {
    Lift lf;
    st = parse_lift(s.lift, data_.d, lf);
    if (!st) return st;
  }
  // The seed draws the split only when there is one.
  const bool data_side = (changed & kData) || ((changed & kSplitSeed) && s.validation > 0.0);
  settings_ = s;
  if (any) ++revision_;
  if (data_side) data_changed(notice_);
  else if (changed & kLearner) rebuild_learner();  // a new learner configuration starts a new trace
  return Status::success();
}

std::vector<std::pair<std::string, std::string>> Session::settings_list() const {
  std::vector<std::pair<std::string, std::string>> out;
  for (const SessionSetting& def : session_settings()) out.emplace_back(def.key, setting_text(def, settings_));
  return out;
}

// -----------------------------------------------------------------------------
// [SECTION] Commands: the table

namespace {

Status parse_point(const std::vector<std::string>& args, std::size_t first, int d, const char* command,
                   std::vector<double>& x) {
  x.assign(static_cast<std::size_t>(d), 0.0);
  for (std::size_t j = 0; j < x.size(); ++j)
    if (!parse_double(args[first + j], x[j])) return Status::fail(Msg::point_not_finite, {{"command", command}});
  return Status::success();
}

Status parse_generate(const std::vector<std::string>& a, GenSpec& spec) {
  const std::size_t n = a.size() - 1;
  spec.kind = a[1];
  std::uint64_t v = 0;
  if (n >= 2) {
    if (!parse_u64(a[2], v)) return Status::fail(Msg::command_arg_whole, {{"command", "generate"}, {"arg", "N"}});
    spec.n = static_cast<std::size_t>(v);
  }
  if (n >= 3) {
    if (!parse_u64(a[3], v) || v > 100000)
      return Status::fail(Msg::command_arg_whole_max, {{"command", "generate"}, {"arg", "D"}, {"max", "100000"}});
    spec.d = static_cast<int>(v);
  }
  if (n >= 4 && !parse_double(a[4], spec.margin))
    return Status::fail(Msg::command_arg_number, {{"command", "generate"}, {"arg", "MARGIN"}});
  if (n >= 5 && !parse_double(a[5], spec.noise))
    return Status::fail(Msg::command_arg_number, {{"command", "generate"}, {"arg", "NOISE"}});
  if (n >= 6 && (!parse_u64(a[6], spec.seed) || spec.seed > kMaxSeed))
    return Status::fail(Msg::command_arg_whole_max, {{"command", "generate"}, {"arg", "SEED"}, {"max", "2^53 - 1"}});
  return Status::success();
}

Status done() { return Status::success(); }

}  // namespace

const std::vector<Command>& session_commands() {
  using A = const std::vector<std::string>&;
  static const std::vector<Command> table = {
      {"reset", "reset", 0, 0, kCmdStopsRun | kCmdLesson | kCmdMoves, [](Session& s, A) { return s.reset(), done(); }},
      {"step", "step", 0, 0, kCmdNeedsData | kCmdLesson | kCmdMoves, [](Session& s, A) { return s.step(), done(); }},
      {"step_back", "step_back", 0, 0, kCmdMoves, [](Session& s, A) { return s.step_back(), done(); }},
      {"seek", "seek STEP (a whole number)", 1, 1, kCmdLesson | kCmdMoves,
       [](Session& s, A a) {
         std::uint64_t step = 0;
         if (!parse_u64(a[1], step)) return Status::fail(Msg::command_usage, {{"usage", "seek STEP (a whole number)"}});
         return s.seek(step);
       },
       "u"},
      {"next_update", "next_update", 0, 0, kCmdNeedsData | kCmdLesson | kCmdMoves, [](Session& s, A) { return s.next_update(), done(); }},
      {"epoch", "epoch", 0, 0, kCmdNeedsData | kCmdLesson | kCmdMoves, [](Session& s, A) { return s.epoch(), done(); }},
      {"train", "train", 0, 0, kCmdLesson | kCmdMoves, [](Session& s, A) { return s.train(); }},
      {"run", "train", 0, 0, kCmdMoves, [](Session& s, A) { return s.train(); }},
      {"play", "play", 0, 0, kCmdNeedsData | kCmdMoves, [](Session& s, A) { return s.play(), done(); }},
      {"pause", "pause", 0, 0, 0, [](Session& s, A) { return s.pause(), done(); }},
      {"preset", "preset NAME", 1, 1, kCmdNewData | kCmdStopsRun | kCmdMoves, [](Session& s, A a) { return s.load_preset(a[1]); }, "t"},
      {"generate", "generate KIND [N] [D] [MARGIN] [NOISE] [SEED]", 1, 6, kCmdNewData | kCmdLesson | kCmdMoves,
       [](Session& s, A a) {
         GenSpec spec;
         Status st = parse_generate(a, spec);
         return st ? s.generate(spec) : st;
       },
       "tuunnu"},
      {"import_csv", "import_csv TEXT [NAME]", 1, 2, kCmdNewData | kCmdMoves,
       [](Session& s, A a) { return s.import_csv(a[1], a.size() == 3 ? a[2] : "import.csv"); }, "t"},
      // The number of coordinates follows the data's dimension d: checked by the action.
      {"add_point", "add_point X Y LABEL", 1, kArgsPerDim, kCmdMoves,
       [](Session& s, A a) {
         const int d = s.data().d;
         if (a.size() != static_cast<std::size_t>(d) + 2)
           return d == 2 ? Status::fail(Msg::command_usage, {{"usage", "add_point X Y LABEL"}})
                         : Status::fail(Msg::point_size, {{"command", "add_point"}, {"d", msg_int(d)}});
         std::vector<double> x;
         Status st = parse_point(a, 1, d, "add_point", x);
         if (!st) return st;
         int label = 0;
         if (!parse_label(a.back(), label)) return Status::fail(Msg::point_label, {{"command", "add_point"}});
         return s.add_point(x, label);
       },
       "n"},
      {"move_point", "move_point INDEX X Y", 1, kArgsPerDim, kCmdMoves,
       [](Session& s, A a) {
         const int d = s.data().d;
         std::uint64_t i = 0;
         if (a.size() != static_cast<std::size_t>(d) + 2 || !parse_u64(a[1], i))
           return Status::fail(Msg::command_usage, {{"usage", "move_point INDEX X Y"}});
         std::vector<double> x;
         Status st = parse_point(a, 2, d, "move_point", x);
         return st ? s.move_point(static_cast<std::size_t>(i), x) : st;
       },
       "un"},
      {"remove_point", "remove_point INDEX", 1, 1, kCmdMoves,
       [](Session& s, A a) {
         std::uint64_t i = 0;
         if (!parse_u64(a[1], i)) return Status::fail(Msg::command_usage, {{"usage", "remove_point INDEX"}});
         return s.remove_point(static_cast<std::size_t>(i));
       },
       "u"},
      {"clear", "clear", 0, 0, kCmdNewData | kCmdStopsRun | kCmdMoves, [](Session& s, A) { return s.clear(), done(); }},
      {"update_on", "update_on INDEX", 1, 1, kCmdNeedsData | kCmdLesson | kCmdMoves,
       [](Session& s, A a) {
         std::uint64_t i = 0;
         if (!parse_u64(a[1], i)) return Status::fail(Msg::command_usage, {{"usage", "update_on INDEX"}});
         return s.update_on(static_cast<std::size_t>(i));
       },
       "u"},
      {"add_query", "add_query X Y", 0, kArgsPerDim, kCmdLesson | kCmdMoves,
       [](Session& s, A a) {
         const int d = s.data().d;
         if (a.size() != static_cast<std::size_t>(d) + 1)
           return d == 2 ? Status::fail(Msg::command_usage, {{"usage", "add_query X Y"}})
                         : Status::fail(Msg::point_size, {{"command", "add_query"}, {"d", msg_int(d)}});
         std::vector<double> x;
         Status st = parse_point(a, 1, d, "add_query", x);
         return st ? s.add_query(x) : st;
       },
       "n"},
      {"clear_queries", "clear_queries", 0, 0, kCmdLesson | kCmdMoves, [](Session& s, A) { return s.clear_queries(), done(); }},
      {"set", "set KEY VALUE", 2, 2, 0, [](Session& s, A a) { return s.set(a[1], a[2]); }, "tv"},
      {"compare", "compare [ETA ...]", 0, 8, kCmdLesson | kCmdMoves,
       [](Session& s, A a) {
         std::vector<double> etas;
         for (std::size_t i = 1; i < a.size(); ++i) {
           double e = 0;
           if (!parse_double(a[i], e))
             return Status::fail(Msg::session_compare_not_number, {{"value", a[i].substr(0, 40)}});
           etas.push_back(e);
         }
         if (etas.empty()) etas.assign(std::begin(kDefaultCompareEtas), std::end(kDefaultCompareEtas));
         return s.compare_etas(etas);
       },
       "n"},
  };
  return table;
}

const std::vector<std::string>& Session::command_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const Command& c : session_commands()) out.emplace_back(c.name);
    return out;
  }();
  return names;
}

Status Session::command(const std::vector<std::string>& args) {
  ++changes_;
  if (args.empty()) return Status::fail(Msg::command_empty);
  const Command* cmd = nullptr;
  for (const Command& c : session_commands())
    if (args[0] == c.name) cmd = &c;
  if (!cmd)
    return Status::fail(Msg::command_unknown, {{"name", args[0].substr(0, 40)}, {"known", join_choices(command_names())}});
  const int n = static_cast<int>(args.size()) - 1;
  if (cmd->max_args >= 0 && (n < cmd->min_args || n > cmd->max_args))
    return Status::fail(Msg::command_usage, {{"usage", cmd->usage}});
  if (cmd->flags & kCmdNeedsData) {
    Status st = need_data();
    if (!st) return st;
  }
  return cmd->run(*this, args);
}

// -----------------------------------------------------------------------------
// [SECTION] State

namespace {
Json number(double v) { return json_value(v); }
Json numbers(const std::vector<double>& v) {
  Json a = Json::array();
  for (double x : v) a.push_back(number(x));
  return a;
}
}  // namespace

void add_margin_state(Json& o, const MarginResult& m) {
  o["separable"] = m.separable;
  o["separable_reason"] = m.reason;
  o["R"] = number(m.R);
  o["R_aug"] = number(m.R_aug);
  o["gamma"] = number(m.gamma);
  o["gamma_aug"] = number(m.gamma_aug);
  o["bound"] = number(m.bound);
  o["w_star"] = numbers(m.w_star);
  o["b_star"] = number(m.b_star);
  o["u"] = numbers(m.u);
}

void append_margin_json(JsonObject& o, const MarginResult& m) {
  Json j = Json::object();
  add_margin_state(j, m);
  o.merge(j);
}

Json Session::state() const {
  const Learner& l = learner();
  Json o = Json::object();
  o["points"] = data_.size();
  o["d"] = data_.d;
  for (const SessionSetting& def : session_settings()) o[def.key] = setting_json(def, settings_);
  const Metrics m = compute_metrics(l, train_);
  const StopReason why = stop_reason();
  o["preset"] = preset();
  o["train_points"] = train_.size();
  o["validation_points"] = valid_.size();
  o["epoch"] = l.epoch();
  o["step"] = l.steps();
  o["last_step"] = learner_->steps();
  o["first_step"] = trace_.first_step();
  o["updates"] = l.updates();
  o["w"] = numbers(l.w());
  o["b"] = number(l.b());
  o["running_w"] = numbers(l.running_w());
  o["running_b"] = number(l.running_b());
  o["train_mistakes"] = m.j1;
  o["J"] = number(m.j);
  o["train_accuracy"] = number(m.accuracy);
  o["w_norm"] = number(m.w_norm);
  o["margin_w"] = number(m.geometric_margin);
  o["converged"] = l.converged();
  o["diverged"] = l.diverged();
  o["stop_reason"] = why == StopReason::None ? "" : to_string(why);
  o["playing"] = playing_;
  o["scrubbed"] = scrubbed();
  if (!valid_.empty()) o["validation_accuracy"] = number(accuracy(l, valid_));
  if (margin_ok_) add_margin_state(o, margin_);
  o["notice"] = notice_.english();
  if (has_last_) {
    const std::size_t row = last_.index < train_index_.size() ? train_index_[last_.index] : last_.index;
    o["last_index"] = row;
    o["last_mistake"] = last_.mistake;
  }
  // The points themselves, for small sets (tests and link sharing read them).
  constexpr std::size_t kMaxListed = 5000;
  if (data_.size() <= kMaxListed) {
    Json pts = Json::array();
    for (std::size_t i = 0; i < data_.size(); ++i) {
      Json row = Json::array();
      for (int j = 0; j < data_.d; ++j) row.push_back(number(data_.row(i)[j]));
      row.push_back(data_.y[i]);
      pts.push_back(std::move(row));
    }
    o["data"] = std::move(pts);
  }
  // Query points: [x..., score, class] with the viewed hypothesis.
  Json qs = Json::array();
  for (const std::vector<double>& q : queries_) {
    Json row = Json::array();
    for (double v : q) row.push_back(number(v));
    const double f = decision(q.data());
    row.push_back(number(f));
    row.push_back(f >= 0.0 ? 1 : -1);
    qs.push_back(std::move(row));
  }
  o["queries"] = std::move(qs);
  return o;
}

}  // namespace pla
