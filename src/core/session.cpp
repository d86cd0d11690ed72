#include "core/session.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "core/json.hpp"
#include "core/presets.hpp"

namespace pla {

bool parse_double(const std::string& s, double& out) {
  if (s.empty()) return false;
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size() || errno == ERANGE || !std::isfinite(v)) return false;
  out = v;
  return true;
}

namespace {
bool parse_u64(const std::string& s, std::uint64_t& out) {
  if (s.empty() || s[0] == '-' || s[0] == '+') return false;
  char* end = nullptr;
  errno = 0;
  const unsigned long long v = std::strtoull(s.c_str(), &end, 10);
  if (end != s.c_str() + s.size() || errno == ERANGE) return false;
  out = v;
  return true;
}
bool parse_bool(const std::string& s, bool& out) {
  if (s == "1" || s == "true" || s == "on" || s == "yes") out = true;
  else if (s == "0" || s == "false" || s == "off" || s == "no") out = false;
  else return false;
  return true;
}
}  // namespace

bool parse_label(const std::string& s, int& out) {
  if (s == "1" || s == "+1") out = 1;
  else if (s == "-1" || s == "0") out = -1;
  else return false;
  return true;
}

Session::Session() {
  load_preset("textbook");
}

void Session::reset() {
  learner_.reset(data_, settings_.pla);
  has_last_ = false;
  playing_ = false;
  play_budget_ = 0.0;
}

StepInfo Session::step() {
  last_ = learner_.step(data_);
  has_last_ = last_.index < data_.size();
  return last_;
}

void Session::epoch() {
  if (data_.empty()) return;
  while (!step().epoch_end) {
  }
}

bool Session::stop_rule_reached() const {
  return learner_.converged() || learner_.epoch() >= settings_.max_epochs;
}

void Session::run() {
  if (data_.empty()) return;
  while (!stop_rule_reached()) epoch();
  notice_ = learner_.converged()
                ? "converged after " + std::to_string(learner_.updates()) + " updates"
                : "stopped at the epoch limit (" + std::to_string(settings_.max_epochs) +
                      "): the data may not be linearly separable";
}

void Session::play() {
  if (data_.empty()) return;
  playing_ = true;
  play_budget_ = 0.0;
}

void Session::advance(double dt_seconds) {
  if (!playing_) return;
  if (!(dt_seconds > 0.0)) return;
  play_budget_ += dt_seconds * settings_.speed;
  // Never more than a bounded amount of work per call, so a frame stays short.
  std::uint64_t n = 0;
  while (play_budget_ >= 1.0 && n < 100000) {
    play_budget_ -= 1.0;
    const StepInfo s = step();
    ++n;
    if (s.epoch_end && stop_rule_reached()) {
      playing_ = false;
      notice_ = learner_.converged() ? "converged" : "stopped at the epoch limit";
      break;
    }
  }
  if (play_budget_ > 1.0) play_budget_ = 1.0;  // do not build up a backlog
}

Status Session::load_preset(const std::string& name) {
  Dataset ds;
  Status st = make_preset(name, ds);
  if (!st) return st;
  data_ = std::move(ds);
  preset_ = name;
  notice_.clear();
  reset();
  return st;
}

Status Session::add_point(const std::vector<double>& x, int label) {
  Status st = data_.add(x, label);
  if (!st) return st;
  preset_ = "custom";
  reset();
  notice_ = "data changed: training restarted";
  return st;
}

void Session::clear() {
  data_.clear();
  preset_ = "custom";
  reset();
  notice_ = "data cleared";
}

Status Session::set(const std::string& key, const std::string& value) {
  SessionSettings s = settings_;
  bool ok = true;
  if (key == "eta") {
    ok = parse_double(value, s.pla.eta) && s.pla.eta > 0.0;
    if (!ok) return Status::fail("eta must be a number > 0, got '" + value + "'");
  } else if (key == "seed") {
    // Seeds stay within 2^53 so JavaScript numbers carry them exactly.
    ok = parse_u64(value, s.pla.seed) && s.pla.seed <= 9007199254740991ULL;
    if (!ok) return Status::fail("seed must be a whole number in [0, 2^53), got '" + value + "'");
  } else if (key == "order") {
    if (!parse_order(value, s.pla.order)) return Status::fail("order must be cyclic, shuffle or random");
  } else if (key == "init") {
    if (!parse_init(value, s.pla.init)) return Status::fail("init must be zero or random");
  } else if (key == "restart") {
    if (!parse_bool(value, s.pla.restart)) return Status::fail("restart must be true or false");
  } else if (key == "algo") {
    s.algo = value;
  } else if (key == "speed") {
    ok = parse_double(value, s.speed) && s.speed > 0.0 && s.speed <= 1e7;
    if (!ok) return Status::fail("speed must be steps per second in (0, 1e7], got '" + value + "'");
  } else if (key == "max_epochs") {
    ok = parse_u64(value, s.max_epochs) && s.max_epochs > 0;
    if (!ok) return Status::fail("max_epochs must be a whole number > 0");
  } else {
    return Status::fail("unknown setting '" + key + "' (known: eta, seed, order, init, restart, algo, speed, max_epochs)");
  }
  return configure(s);
}

Status Session::configure(const SessionSettings& s) {
  if (!(s.pla.eta > 0.0) || !std::isfinite(s.pla.eta)) return Status::fail("eta must be a finite number > 0");
  if (!(s.speed > 0.0) || s.speed > 1e7) return Status::fail("speed must be in (0, 1e7] steps per second");
  if (s.max_epochs == 0) return Status::fail("max_epochs must be > 0");
  if (s.algo != "classic") return Status::fail("algo '" + s.algo + "' is not available (available: classic)");
  const PerceptronConfig& a = s.pla;
  const PerceptronConfig& b = settings_.pla;
  const bool learner_changed = a.eta != b.eta || a.init != b.init || a.order != b.order ||
                               a.restart != b.restart || a.seed != b.seed || s.algo != settings_.algo;
  settings_ = s;
  if (learner_changed) reset();  // a new learner configuration starts a new trace
  return Status::success();
}

Status Session::command(const std::vector<std::string>& args) {
  if (args.empty()) return Status::fail("empty command");
  const std::string& name = args[0];
  auto want = [&](std::size_t n, const char* usage) -> Status {
    if (args.size() != n + 1) return Status::fail(std::string("usage: ") + usage);
    return Status::success();
  };
  Status st;
  if (name == "reset") {
    if (!(st = want(0, "reset"))) return st;
    reset();
  } else if (name == "step") {
    if (!(st = want(0, "step"))) return st;
    if (data_.empty()) return Status::fail("no points to train on");
    step();
  } else if (name == "epoch") {
    if (!(st = want(0, "epoch"))) return st;
    if (data_.empty()) return Status::fail("no points to train on");
    epoch();
  } else if (name == "run") {
    if (!(st = want(0, "run"))) return st;
    if (data_.empty()) return Status::fail("no points to train on");
    run();
  } else if (name == "play") {
    if (!(st = want(0, "play"))) return st;
    if (data_.empty()) return Status::fail("no points to train on");
    play();
  } else if (name == "pause") {
    if (!(st = want(0, "pause"))) return st;
    pause();
  } else if (name == "preset") {
    if (!(st = want(1, "preset NAME"))) return st;
    return load_preset(args[1]);
  } else if (name == "add_point") {
    if (data_.d != 2) return Status::fail("add_point needs a 2-D data set");
    if (!(st = want(3, "add_point X Y LABEL"))) return st;
    double x = 0, y = 0;
    int label = 0;
    if (!parse_double(args[1], x) || !parse_double(args[2], y))
      return Status::fail("add_point: X and Y must be finite numbers");
    if (!parse_label(args[3], label)) return Status::fail("add_point: LABEL must be +1, -1, 1 or 0");
    return add_point({x, y}, label);
  } else if (name == "clear") {
    if (!(st = want(0, "clear"))) return st;
    clear();
  } else if (name == "set") {
    if (!(st = want(2, "set KEY VALUE"))) return st;
    return set(args[1], args[2]);
  } else {
    return Status::fail("unknown command '" + name +
                        "' (known: reset, step, epoch, run, play, pause, preset, add_point, clear, set)");
  }
  return Status::success();
}

std::string Session::state_json() const {
  JsonObject o;
  o.integer("points", static_cast<std::int64_t>(data_.size()))
      .integer("d", data_.d)
      .text("algo", settings_.algo)
      .num("eta", settings_.pla.eta)
      .integer("seed", static_cast<std::int64_t>(settings_.pla.seed))
      .text("order", to_string(settings_.pla.order))
      .text("init", to_string(settings_.pla.init))
      .boolean("restart", settings_.pla.restart)
      .num("speed", settings_.speed)
      .integer("max_epochs", static_cast<std::int64_t>(settings_.max_epochs))
      .text("preset", preset_)
      .integer("epoch", static_cast<std::int64_t>(learner_.epoch()))
      .integer("step", static_cast<std::int64_t>(learner_.steps()))
      .integer("updates", static_cast<std::int64_t>(learner_.updates()))
      .array("w", learner_.w())
      .num("b", learner_.b())
      .integer("train_mistakes", static_cast<std::int64_t>(train_mistakes()))
      .boolean("converged", learner_.converged())
      .boolean("playing", playing_)
      .text("notice", notice_);
  if (has_last_) o.integer("last_index", static_cast<std::int64_t>(last_.index)).boolean("last_mistake", last_.mistake);
  // The points themselves, for small sets (tests and link sharing read them).
  constexpr std::size_t kMaxListed = 5000;
  if (data_.size() <= kMaxListed) {
    std::string pts = "[";
    for (std::size_t i = 0; i < data_.size(); ++i) {
      std::vector<double> row(data_.row(i), data_.row(i) + data_.d);
      row.push_back(data_.y[i]);
      pts += (i ? "," : "") + json_array(row);
    }
    o.raw("data", pts + "]");
  }
  return o.str();
}

}  // namespace pla
