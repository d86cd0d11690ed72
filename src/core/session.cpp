#include "core/session.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "core/io.hpp"
#include "core/json.hpp"
#include "core/presets.hpp"

namespace pla {

// -----------------------------------------------------------------------------
// Parsing helpers

bool parse_double(const std::string& s, double& out) {
  if (s.empty() || s.size() > 64) return false;
  // Decimal text only: no leading space, hex float, "inf" or "nan" (strtod takes them all).
  const char c0 = s[0];
  if (!((c0 >= '0' && c0 <= '9') || c0 == '+' || c0 == '-' || c0 == '.')) return false;
  if (s.find_first_of("xXpP") != std::string::npos) return false;
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(s.c_str(), &end);
  // Overflow gives inf (refused); underflow (ERANGE with a finite result) rounds to the
  // nearest double, as in the data readers, so a subnormal written by format_number reads back.
  if (end != s.c_str() + s.size() || !std::isfinite(v)) return false;
  out = v;
  return true;
}

bool parse_u64(const std::string& s, std::uint64_t& out) {
  if (s.empty() || s.size() > 20) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;  // strtoull would take " -1" as 2^64 - 1
  char* end = nullptr;
  errno = 0;
  const unsigned long long v = std::strtoull(s.c_str(), &end, 10);
  if (end != s.c_str() + s.size() || errno == ERANGE) return false;
  out = v;
  return true;
}

namespace {
bool parse_bool(const std::string& s, bool& out) {
  if (s == "1" || s == "true" || s == "on" || s == "yes") out = true;
  else if (s == "0" || s == "false" || s == "off" || s == "no") out = false;
  else return false;
  return true;
}
constexpr std::uint64_t kMaxSeed = 9007199254740991ULL;  // 2^53 - 1: exact in JavaScript
constexpr std::size_t kMaxMarginPoints = 2000000;         // exact margin above this is skipped
}  // namespace

bool parse_label(const std::string& s, int& out) {
  if (s == "1" || s == "+1") out = 1;
  else if (s == "-1" || s == "0") out = -1;
  else return false;
  return true;
}

Status parse_kernel_spec(const std::string& spec, Kernel& out) {
  Kernel k;
  const std::size_t colon = spec.find(':');
  const std::string type = spec.substr(0, colon);
  const std::string arg = colon == std::string::npos ? "" : spec.substr(colon + 1);
  if (!parse_kernel_type(type, k.type)) return Status::fail("kernel must be linear, poly:P or rbf:G, got '" + spec + "'");
  if (k.type == KernelType::Poly && !arg.empty()) {
    std::uint64_t p = 0;
    if (!parse_u64(arg, p) || p < 1 || p > 20) return Status::fail("poly kernel degree must be 1..20, got '" + arg + "'");
    k.degree = static_cast<int>(p);
  } else if (k.type == KernelType::Rbf && !arg.empty()) {
    if (!parse_double(arg, k.gamma) || !(k.gamma > 0.0))
      return Status::fail("rbf kernel width gamma must be a number > 0, got '" + arg + "'");
  } else if (k.type == KernelType::Linear && !arg.empty()) {
    return Status::fail("the linear kernel takes no parameter");
  }
  Status st = check_kernel(k);
  if (st) out = k;
  return st;
}

std::string kernel_spec(const Kernel& k) {
  switch (k.type) {
    case KernelType::Poly: return "poly:" + std::to_string(k.degree);
    case KernelType::Rbf: return "rbf:" + json_number(k.gamma);
    default: return "linear";
  }
}

// -----------------------------------------------------------------------------
// Construction and rebuilding

Session::Session() {
  Status st = make_learner(settings_.learner, learner_);
  (void)st;
  load_preset("textbook");
}

const Learner& Session::learner() const { return viewing_ ? *viewing_ : *learner_; }

void Session::data_changed(const std::string& notice) {
  ++revision_;
  notice_ = notice;
  eta_runs_.clear();
  // Train / validation split (seeded by the learner's seed).
  train_index_.clear();
  valid_index_.clear();
  Split split;
  if (settings_.validation > 0.0 && data_.size() >= 4 &&
      make_split(data_.size(), settings_.validation, 0.0, settings_.learner.pla.seed, split)) {
    train_index_ = split.train;
    valid_index_ = split.validation;
  } else {
    train_index_.resize(data_.size());
    for (std::size_t i = 0; i < data_.size(); ++i) train_index_[i] = i;
  }
  Dataset tr = subset(data_, train_index_), va = subset(data_, valid_index_);
  tr.d = va.d = data_.d;
  has_lift_ = false;
  if (!settings_.lift.empty()) {
    Lift lf;
    Dataset ltr, lva;
    Status st = parse_lift(settings_.lift, data_.d, lf);
    if (st) st = lift_dataset(lf, tr, ltr);
    if (st) st = lift_dataset(lf, va, lva);
    if (st) {
      lift_ = lf;
      has_lift_ = true;
      tr = std::move(ltr);
      va = std::move(lva);
    } else {
      notice_ = "lift ignored: " + st.error;
    }
  }
  train_ = std::move(tr);
  valid_ = std::move(va);
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
  if (!st) notice_ = st.error;
  trace_ = Trace();
  trace_.start(*learner_);
  viewing_.reset();
  has_last_ = false;
  playing_ = false;
  play_budget_ = 0.0;
  stop_message_.clear();
  invariants_.clear();
  step_samples_.clear();
  epoch_samples_.clear();
  prev_w_ = learner_->running_w();
  prev_b_ = learner_->running_b();
  if (!train_.empty() && train_.size() <= kMaxStepMetricPoints) {
    const Metrics m = compute_metrics(*learner_, train_);
    step_samples_.push_back({0, m.j1, m.j, 0});
  }
}

void Session::reset() {
  rebuild_learner();
}

// -----------------------------------------------------------------------------
// Stepping, scrubbing, training

bool Session::stop_rule_reached(const Learner& l) const {
  return l.converged() || l.diverged() || (settings_.stop.max_epochs && l.epoch() >= settings_.stop.max_epochs) ||
         (settings_.stop.max_updates && l.updates() >= settings_.stop.max_updates);
}

std::string Session::stop_reason() const {
  const Learner& l = learner();
  if (!stop_message_.empty() && !scrubbed()) return stop_message_;
  if (l.diverged()) return "diverged";
  if (l.converged()) return "converged";
  if (settings_.stop.max_epochs && l.epoch() >= settings_.stop.max_epochs) return "max_epochs";
  if (settings_.stop.max_updates && l.updates() >= settings_.stop.max_updates) return "max_updates";
  return "";
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
  stop_message_.clear();
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
    const Metrics m = compute_metrics(l, train_);
    step_samples_.push_back({l.steps(), m.j1, m.j, l.updates()});
  }
}

StepInfo Session::step() {
  drop_view();
  prev_w_ = learner_->running_w();
  prev_b_ = learner_->running_b();
  last_ = trace_.step(*learner_, train_);
  has_last_ = last_.index < train_.size();
  if (has_last_) record_step(last_);
  if (learner_->diverged()) {
    playing_ = false;
    notice_ = "training stopped: the weights overflowed to inf or NaN (eta or the coordinates are too large)";
  }
  return last_;
}

Status Session::seek(std::uint64_t s) {
  const std::uint64_t live = learner_->steps();
  if (s < trace_.first_step() || s > live)
    return Status::fail("seek: step must be in [" + std::to_string(trace_.first_step()) + ", " + std::to_string(live) +
                        "], got " + std::to_string(s));
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
  if (train_.empty() || !learner_->bound_to(train_)) return;
  // Bounded: a converged learner makes no more updates.
  for (std::uint64_t n = 0; n < 10000000; ++n) {
    if (stop_rule_reached(*learner_) && !viewing_) return;
    if (step().mistake) return;
  }
}

void Session::epoch() {
  if (train_.empty() || !learner_->bound_to(train_)) return;
  while (!step().epoch_end && !learner_->diverged()) {
  }
}

Status Session::train() {
  if (train_.empty()) return Status::fail("no points to train on");
  if (!learner_->bound_to(train_)) return Status::fail("the learner cannot take this data: " + notice_);
  drop_view();
  playing_ = false;
  const bool early = settings_.stop.patience > 0 && !valid_.empty();
  if (!settings_.stop.max_epochs && !settings_.stop.max_updates && !early)
    return Status::fail("no stop rule: set max_epochs or max_updates");
  if (early) {
    TrainResult r;
    Status st = pla::train(*learner_, train_, settings_.stop, r, &valid_, &trace_);
    if (!st) return st;
    stop_message_ = to_string(r.stop_reason);
    notice_ = r.message;
    recompute_view_extras();
    return Status::success();
  }
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
  const std::string why = stop_reason();
  notice_ = why == "converged" ? "converged after " + std::to_string(learner_->updates()) + " updates"
            : why == "diverged" ? "stopped: the weights overflowed to inf or NaN (eta or the coordinates are too large)"
            : why == "max_epochs" ? "stopped at the epoch limit (" + std::to_string(settings_.stop.max_epochs) +
                                        "): the data may not be linearly separable"
            : why == "max_updates" ? "stopped at the update limit (" + std::to_string(settings_.stop.max_updates) + ")"
                                   : why;
}

bool Session::run_slice(std::uint64_t max_steps) {
  if (train_.empty() || !learner_->bound_to(train_)) return true;
  drop_view();
  // Work is bounded per call: each step costs d, each recorded update N*d.
  const double cost_limit = 3e7;
  const double step_cost = static_cast<double>(train_.d) + 1.0;
  const bool linear = learner_->linear();
  // A non-linear score (kernel, vote) costs about N*d; a recorded update N scores.
  const double score_cost = linear ? step_cost : static_cast<double>(train_.size()) * step_cost;
  const double update_cost =
      linear && train_.size() <= kMaxStepMetricPoints ? static_cast<double>(train_.size()) * step_cost : 0.0;
  double cost = 0.0;
  for (std::uint64_t n = 0; n < max_steps && cost < cost_limit; ++n) {
    if (stop_rule_reached(*learner_)) break;
    const StepInfo s = step();
    cost += score_cost + (s.mistake ? update_cost : 0.0) +
            (s.epoch_end ? static_cast<double>(train_.size()) * score_cost : 0.0);
  }
  if (stop_rule_reached(*learner_)) {
    playing_ = false;
    finish_notice();
    return true;
  }
  return false;
}

void Session::advance(double dt_seconds, std::uint64_t max_steps) {
  if (!playing_ || !(dt_seconds > 0.0)) return;
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
  if (train_.empty()) return Status::fail("no points to train on");
  if (etas.empty() || etas.size() > 8) return Status::fail("compare: give 1 to 8 learning rates");
  for (double e : etas)
    if (!(e > 0.0) || !std::isfinite(e)) return Status::fail("compare: every eta must be a number > 0");
  std::vector<EtaRun> runs;
  for (double e : etas) {
    LearnerConfig cfg = settings_.learner;
    cfg.pla.eta = e;
    std::unique_ptr<Learner> l;
    Status st = make_learner(cfg, l);
    if (st) st = l->reset(train_);
    if (!st) return st;
    while (!l->converged() && !l->diverged() && l->epoch() < max_epochs) l->run_epoch(train_);
    runs.push_back({e, l->mistakes_per_epoch(), l->updates(), l->converged(), l->w(), l->b()});
  }
  eta_runs_ = std::move(runs);
  return Status::success();
}

// -----------------------------------------------------------------------------
// Data

Status Session::load_preset(const std::string& name) {
  Dataset ds;
  Status st = make_preset(name, ds);
  if (!st) return st;
  data_ = std::move(ds);
  preset_ = name;
  data_changed("");
  return st;
}

Status Session::generate(const GenSpec& spec) {
  Dataset ds;
  Status st = pla::generate(spec, ds);
  if (!st) return st;
  data_ = std::move(ds);
  gen_ = spec;
  preset_ = "gen:" + spec.kind;
  data_changed("generated " + std::to_string(data_.size()) + " points (" + spec.kind + ")");
  return st;
}

Status Session::import_csv(const std::string& text, const std::string& source_name) {
  Dataset ds;
  Status st = read_data(text, source_name, ds);
  if (!st) {
    notice_ = "import failed, data unchanged: " + st.error;
    return st;
  }
  data_ = std::move(ds);
  preset_ = "import";
  data_changed("imported " + std::to_string(data_.size()) + " points from " + source_name);
  return st;
}

Status Session::load_data(Dataset ds, const std::string& name) {
  if (ds.d < 1) return Status::fail(name + ": the data needs at least one coordinate");
  if (ds.x.size() != ds.size() * static_cast<std::size_t>(ds.d)) return Status::fail(name + ": ragged data");
  for (double v : ds.x)
    if (!std::isfinite(v)) return Status::fail(name + ": coordinates must be finite numbers");
  for (int y : ds.y)
    if (y != 1 && y != -1) return Status::fail(name + ": labels must be +1 or -1");
  data_ = std::move(ds);
  preset_ = "custom";
  data_changed("loaded " + std::to_string(data_.size()) + " points from " + name);
  return Status::success();
}

Status Session::add_point(const std::vector<double>& x, int label) {
  Status st = data_.add(x, label);
  if (!st) return st;
  preset_ = "custom";
  data_changed("data changed: training restarted");
  return st;
}

Status Session::move_point(std::size_t i, const std::vector<double>& x) {
  if (i >= data_.size())
    return Status::fail("no point " + std::to_string(i) + " (there are " + std::to_string(data_.size()) + ")");
  if (static_cast<int>(x.size()) != data_.d)
    return Status::fail("move_point: the point needs " + std::to_string(data_.d) + " coordinates");
  for (double v : x)
    if (!std::isfinite(v)) return Status::fail("move_point: coordinates must be finite numbers");
  std::copy(x.begin(), x.end(), data_.row(i));
  preset_ = "custom";
  data_changed("point moved: training restarted");
  return Status::success();
}

Status Session::remove_point(std::size_t i) {
  if (i >= data_.size())
    return Status::fail("no point " + std::to_string(i) + " (there are " + std::to_string(data_.size()) + ")");
  data_.remove(i);
  preset_ = "custom";
  data_changed("point removed: training restarted");
  return Status::success();
}

void Session::clear() {
  const int d = data_.d;
  data_ = Dataset();
  data_.d = d >= 1 ? d : 2;
  preset_ = "custom";
  data_changed("data cleared");
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

// -----------------------------------------------------------------------------
// Settings

Status Session::set(const std::string& key, const std::string& value) {
  SessionSettings s = settings_;
  PerceptronConfig& p = s.learner.pla;
  if (key == "eta") {
    if (!parse_double(value, p.eta) || !(p.eta > 0.0)) return Status::fail("eta must be a number > 0, got '" + value + "'");
  } else if (key == "seed") {
    if (!parse_u64(value, p.seed) || p.seed > kMaxSeed)
      return Status::fail("seed must be a whole number in [0, 2^53), got '" + value + "'");
  } else if (key == "order") {
    if (!parse_order(value, p.order)) return Status::fail("order must be cyclic, shuffle or random, got '" + value + "'");
  } else if (key == "init") {
    if (!parse_init(value, p.init)) return Status::fail("init must be zero or random, got '" + value + "'");
  } else if (key == "restart") {
    if (!parse_bool(value, p.restart)) return Status::fail("restart must be true or false, got '" + value + "'");
  } else if (key == "tau") {
    if (!parse_double(value, p.tau) || p.tau < 0.0) return Status::fail("tau must be a number >= 0, got '" + value + "'");
  } else if (key == "algo") {
    s.learner.algo = value;
  } else if (key == "kernel") {
    Status st = parse_kernel_spec(value, s.learner.kernel);
    if (!st) return st;
  } else if (key == "lift") {
    s.lift = (value == "none") ? "" : value;
  } else if (key == "speed") {
    if (!parse_double(value, s.speed)) return Status::fail("speed must be a number of steps per second, got '" + value + "'");
  } else if (key == "max_epochs") {
    if (!parse_u64(value, s.stop.max_epochs)) return Status::fail("max_epochs must be a whole number >= 0, got '" + value + "'");
  } else if (key == "max_updates") {
    if (!parse_u64(value, s.stop.max_updates)) return Status::fail("max_updates must be a whole number >= 0, got '" + value + "'");
  } else if (key == "patience") {
    if (!parse_u64(value, s.stop.patience)) return Status::fail("patience must be a whole number >= 0, got '" + value + "'");
  } else if (key == "validation") {
    if (!parse_double(value, s.validation)) return Status::fail("validation must be a share in [0, 0.5], got '" + value + "'");
  } else {
    std::string keys;
    for (const auto& kv : settings_list()) keys += (keys.empty() ? "" : ", ") + kv.first;
    return Status::fail("unknown setting '" + key + "' (known: " + keys + ")");
  }
  return configure(s);
}

Status Session::configure(const SessionSettings& s) {
  const PerceptronConfig& a = s.learner.pla;
  if (!(a.eta > 0.0) || !std::isfinite(a.eta)) return Status::fail("eta must be a finite number > 0");
  if (!(a.tau >= 0.0) || !std::isfinite(a.tau)) return Status::fail("tau must be a finite number >= 0");
  if (a.seed > kMaxSeed) return Status::fail("seed must be below 2^53");
  if (!(s.speed > 0.0) || s.speed > 1e8) return Status::fail("speed must be in (0, 1e8] steps per second");
  if (!(s.validation >= 0.0) || s.validation > 0.5) return Status::fail("validation must be a share in [0, 0.5]");
  if (s.stop.max_epochs > 100000000 || s.stop.max_updates > 1000000000000ULL)
    return Status::fail("max_epochs must be <= 1e8 and max_updates <= 1e12");
  std::unique_ptr<Learner> probe;
  Status st = make_learner(s.learner, probe);  // checks algo, kernel and the learner's own rules
  if (!st) return st;
  if (!s.lift.empty()) {
    Lift lf;
    st = parse_lift(s.lift, data_.d, lf);
    if (!st) return st;
  }
  const PerceptronConfig& b = settings_.learner.pla;
  const bool data_side = s.lift != settings_.lift || s.validation != settings_.validation ||
                         (s.validation > 0.0 && a.seed != b.seed);
  const bool learner_side = a.eta != b.eta || a.init != b.init || a.order != b.order || a.restart != b.restart ||
                            a.seed != b.seed || a.tau != b.tau || s.learner.algo != settings_.learner.algo ||
                            kernel_spec(s.learner.kernel) != kernel_spec(settings_.learner.kernel) ||
                            s.stop.patience != settings_.stop.patience;
  const bool speed_side = s.speed != settings_.speed || s.stop.max_epochs != settings_.stop.max_epochs ||
                          s.stop.max_updates != settings_.stop.max_updates;
  settings_ = s;
  if (learner_side || speed_side) ++revision_;
  if (data_side) data_changed(notice_);
  else if (learner_side) rebuild_learner();  // a new learner configuration starts a new trace
  return Status::success();
}

std::vector<std::pair<std::string, std::string>> Session::settings_list() const {
  const PerceptronConfig& p = settings_.learner.pla;
  return {{"algo", settings_.learner.algo},
          {"eta", json_number(p.eta)},
          {"seed", std::to_string(p.seed)},
          {"order", to_string(p.order)},
          {"init", to_string(p.init)},
          {"restart", p.restart ? "true" : "false"},
          {"tau", json_number(p.tau)},
          {"kernel", kernel_spec(settings_.learner.kernel)},
          {"lift", settings_.lift},
          {"max_epochs", std::to_string(settings_.stop.max_epochs)},
          {"max_updates", std::to_string(settings_.stop.max_updates)},
          {"patience", std::to_string(settings_.stop.patience)},
          {"validation", json_number(settings_.validation)},
          {"speed", json_number(settings_.speed)}};
}

// -----------------------------------------------------------------------------
// Commands

const std::vector<std::string>& Session::command_names() {
  static const std::vector<std::string> names = {
      "reset", "step", "step_back", "seek", "next_update", "epoch", "train", "run", "play", "pause", "preset",
      "generate", "import_csv", "add_point", "move_point", "remove_point", "clear", "set", "compare"};
  return names;
}

Status Session::command(const std::vector<std::string>& args) {
  if (args.empty()) return Status::fail("empty command");
  const std::string& name = args[0];
  const std::size_t n = args.size() - 1;
  auto usage = [](const char* u) { return Status::fail(std::string("usage: ") + u); };
  auto need_data = [&]() {
    if (train_.empty()) return Status::fail("no points to train on");
    if (!learner_->bound_to(train_)) return Status::fail("the learner cannot take this data: " + notice_);
    return Status::success();
  };
  Status st;
  if (name == "reset") {
    if (n) return usage("reset");
    reset();
  } else if (name == "step") {
    if (n) return usage("step");
    if (!(st = need_data())) return st;
    step();
  } else if (name == "step_back") {
    if (n) return usage("step_back");
    step_back();
  } else if (name == "seek") {
    std::uint64_t s = 0;
    if (n != 1 || !parse_u64(args[1], s)) return usage("seek STEP (a whole number)");
    return seek(s);
  } else if (name == "next_update") {
    if (n) return usage("next_update");
    if (!(st = need_data())) return st;
    next_update();
  } else if (name == "epoch") {
    if (n) return usage("epoch");
    if (!(st = need_data())) return st;
    epoch();
  } else if (name == "train" || name == "run") {
    if (n) return usage("train");
    return train();
  } else if (name == "play") {
    if (n) return usage("play");
    if (!(st = need_data())) return st;
    play();
  } else if (name == "pause") {
    if (n) return usage("pause");
    pause();
  } else if (name == "preset") {
    if (n != 1) return usage("preset NAME");
    return load_preset(args[1]);
  } else if (name == "generate") {
    if (n < 1 || n > 6) return usage("generate KIND [N] [D] [MARGIN] [NOISE] [SEED]");
    GenSpec spec;
    spec.kind = args[1];
    std::uint64_t v = 0;
    if (n >= 2) {
      if (!parse_u64(args[2], v)) return Status::fail("generate: N must be a whole number");
      spec.n = static_cast<std::size_t>(v);
    }
    if (n >= 3) {
      if (!parse_u64(args[3], v) || v > 100000) return Status::fail("generate: D must be a whole number <= 100000");
      spec.d = static_cast<int>(v);
    }
    if (n >= 4 && !parse_double(args[4], spec.margin)) return Status::fail("generate: MARGIN must be a number");
    if (n >= 5 && !parse_double(args[5], spec.noise)) return Status::fail("generate: NOISE must be a number");
    if (n >= 6 && (!parse_u64(args[6], spec.seed) || spec.seed > kMaxSeed))
      return Status::fail("generate: SEED must be a whole number below 2^53");
    return generate(spec);
  } else if (name == "import_csv") {
    if (n < 1 || n > 2) return usage("import_csv TEXT [NAME]");
    return import_csv(args[1], n == 2 ? args[2] : "import.csv");
  } else if (name == "add_point") {
    if (n != static_cast<std::size_t>(data_.d) + 1) {
      return data_.d == 2 ? usage("add_point X Y LABEL")
                          : Status::fail("add_point needs " + std::to_string(data_.d) + " coordinates and a label");
    }
    std::vector<double> x(static_cast<std::size_t>(data_.d));
    int label = 0;
    for (std::size_t j = 0; j < x.size(); ++j)
      if (!parse_double(args[1 + j], x[j])) return Status::fail("add_point: coordinates must be finite numbers");
    if (!parse_label(args[n], label)) return Status::fail("add_point: LABEL must be +1, -1, 1 or 0");
    return add_point(x, label);
  } else if (name == "move_point") {
    std::uint64_t i = 0;
    if (n != static_cast<std::size_t>(data_.d) + 1 || !parse_u64(args[1], i)) return usage("move_point INDEX X Y");
    std::vector<double> x(static_cast<std::size_t>(data_.d));
    for (std::size_t j = 0; j < x.size(); ++j)
      if (!parse_double(args[2 + j], x[j])) return Status::fail("move_point: coordinates must be finite numbers");
    return move_point(static_cast<std::size_t>(i), x);
  } else if (name == "remove_point") {
    std::uint64_t i = 0;
    if (n != 1 || !parse_u64(args[1], i)) return usage("remove_point INDEX");
    return remove_point(static_cast<std::size_t>(i));
  } else if (name == "clear") {
    if (n) return usage("clear");
    clear();
  } else if (name == "set") {
    if (n != 2) return usage("set KEY VALUE");
    return set(args[1], args[2]);
  } else if (name == "compare") {
    std::vector<double> etas;
    for (std::size_t i = 1; i <= n; ++i) {
      double e = 0;
      if (!parse_double(args[i], e)) return Status::fail("compare: '" + args[i] + "' is not a number");
      etas.push_back(e);
    }
    if (etas.empty()) etas = {1.0, 0.1, 0.01, 0.001};
    return compare_etas(etas);
  } else {
    std::string list;
    for (const auto& c : command_names()) list += (list.empty() ? "" : ", ") + c;
    return Status::fail("unknown command '" + name + "' (known: " + list + ")");
  }
  return Status::success();
}

// -----------------------------------------------------------------------------
// State

void append_margin_json(JsonObject& o, const MarginResult& m) {
  o.boolean("separable", m.separable)
      .text("separable_reason", m.reason)
      .num("R", m.R)
      .num("R_aug", m.R_aug)
      .num("gamma", m.gamma)
      .num("gamma_aug", m.gamma_aug)
      .num("bound", m.bound)
      .array("w_star", m.w_star)
      .num("b_star", m.b_star)
      .array("u", m.u);
}

std::string Session::state_json() const {
  const Learner& l = learner();
  JsonObject o;
  o.integer("points", static_cast<std::int64_t>(data_.size())).integer("d", data_.d);
  for (const auto& kv : settings_list()) {
    double v = 0;
    const bool numeric = kv.first != "algo" && kv.first != "order" && kv.first != "init" && kv.first != "kernel" &&
                         kv.first != "lift" && kv.first != "restart" && parse_double(kv.second, v);
    if (kv.first == "restart") o.boolean(kv.first, settings_.learner.pla.restart);
    else if (numeric) o.raw(kv.first, kv.second);
    else o.text(kv.first, kv.second);
  }
  const Metrics m = compute_metrics(l, train_);
  o.text("preset", preset_)
      .integer("train_points", static_cast<std::int64_t>(train_.size()))
      .integer("validation_points", static_cast<std::int64_t>(valid_.size()))
      .integer("epoch", static_cast<std::int64_t>(l.epoch()))
      .integer("step", static_cast<std::int64_t>(l.steps()))
      .integer("last_step", static_cast<std::int64_t>(learner_->steps()))
      .integer("first_step", static_cast<std::int64_t>(trace_.first_step()))
      .integer("updates", static_cast<std::int64_t>(l.updates()))
      .array("w", l.w())
      .num("b", l.b())
      .array("running_w", l.running_w())
      .num("running_b", l.running_b())
      .integer("train_mistakes", static_cast<std::int64_t>(m.j1))
      .num("J", m.j)
      .num("train_accuracy", m.accuracy)
      .num("w_norm", m.w_norm)
      .num("margin_w", m.geometric_margin)
      .boolean("converged", l.converged())
      .boolean("diverged", l.diverged())
      .text("stop_reason", stop_reason())
      .boolean("playing", playing_)
      .boolean("scrubbed", scrubbed());
  if (!valid_.empty()) o.num("validation_accuracy", accuracy(l, valid_));
  if (margin_ok_) append_margin_json(o, margin_);
  o.text("notice", notice_);
  if (has_last_) {
    const std::size_t row = last_.index < train_index_.size() ? train_index_[last_.index] : last_.index;
    o.integer("last_index", static_cast<std::int64_t>(row)).boolean("last_mistake", last_.mistake);
  }
  // The points themselves, for small sets (tests and link sharing read them).
  constexpr std::size_t kMaxListed = 5000;
  if (data_.size() <= kMaxListed) {
    std::string pts = "[";
    std::vector<double> row;
    for (std::size_t i = 0; i < data_.size(); ++i) {
      row.assign(data_.row(i), data_.row(i) + data_.d);
      row.push_back(data_.y[i]);
      pts += (i ? "," : "") + json_array(row);
    }
    o.raw("data", pts + "]");
  }
  return o.str();
}

}  // namespace pla
