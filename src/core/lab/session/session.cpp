// Perceptron Lab core: the session (session.hpp): making, copying and restoring one, and
// rebuilding its training sets, margin and learner after the data or a setting changed.
// Its other jobs have a file each: session_run.cpp (stepping, training, runs in slices),
// session_data.cpp (the data), session_iteration.cpp (update by hand, the iteration table,
// query points), session_settings.cpp (the settings table), session_commands.cpp (the
// command table) and session_state.cpp (state()).
#include "core/lab/session/session.hpp"

#include <algorithm>

#include "core/learn/train_run.hpp"

namespace pla {

namespace {
constexpr std::size_t kMaxMarginPoints = 2000000;  // exact margin above this is skipped
}  // namespace

Session::Session() : catalogs_(std::make_shared<Catalogs>()), files_(std::make_shared<DataFiles>()) {
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
  notice_refusal_ = o.notice_refusal_;
  early_stop_ = o.early_stop_;
  revision_ = o.revision_;
  queries_ = o.queries_;
  changes_ = o.changes_;
  catalogs_ = o.catalogs_;
  files_ = o.files_;
  ids_ = o.ids_;
  return *this;
}

void Session::restore(const Session& snapshot) {
  const std::uint64_t revision = std::max(revision_, snapshot.revision_) + 1;
  const std::uint64_t changes = std::max(changes_, snapshot.changes_) + 1;
  const std::uint64_t ids = std::max(ids_, snapshot.ids_);
  *this = snapshot;
  ids_ = ids;
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
  notice_refusal_ = false;  // a new notice replaced any refusal
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
  else if (notice_refusal_) notice_ = Message();  // a refusal no longer holds
  notice_refusal_ = !st;
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

}  // namespace pla
