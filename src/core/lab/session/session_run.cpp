// Perceptron Lab core: the session's runs (session.hpp): stepping, scrubbing back and
// forth through the trace, training to a stop rule, play, runs in slices bounded by work,
// the learning-rate comparison, and the commands that run in parts (start_run, run_part).
#include "core/lab/session/session.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iterator>

namespace pla {

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

}  // namespace pla
