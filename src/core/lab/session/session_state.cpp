// Perceptron Lab core: the session's state as typed JSON (state(), what
// window.perceptronLab.state() returns) and the margin's fields it shares with the CLI.
#include "core/lab/session/session.hpp"

#include "core/base/json.hpp"

namespace pla {

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
  for (const Setting<SessionSettings>& def : session_settings()) o[def.key] = setting_json(def, settings_);
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
