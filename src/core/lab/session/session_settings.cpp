// Perceptron Lab core: the session's settings (session.hpp): the table of every setting
// (session_settings()), setting one, checking and applying new settings, listing them.
#include "core/lab/session/session.hpp"

#include <iterator>

#include "core/base/values.hpp"

namespace pla {

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

}  // namespace pla
