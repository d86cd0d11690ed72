#include "core/learn/model.hpp"

#include <cmath>
#include <sstream>

#include "core/data/read/io.hpp"
#include "core/data/read/text_parse.hpp"
#include "core/base/values.hpp"

namespace pla {

using text::fail_at;

Status make_model(const Learner& learner, const Dataset& train, int input_d, const std::string& lift, Model& out) {
  Model m;
  m.algo = learner.config().algo;
  m.d = input_d;
  m.lift = lift;
  m.eta = learner.config().pla.eta;
  if (learner_info(m.algo).kernel && learner.config().kernel.type != KernelType::Linear) {
    m.kernel_model = true;
    m.kernel = learner.config().kernel;
    m.b = learner.b();
    const std::vector<std::uint64_t>& alpha = learner.alpha();
    if (alpha.size() != train.size()) return Status::fail(Msg::model_no_alpha);
    for (std::size_t i = 0; i < train.size(); ++i)
      if (alpha[i] > 0)
        m.support.push_back({static_cast<double>(alpha[i]), train.y[i], std::vector<double>(train.row(i), train.row(i) + train.d)});
  } else {
    m.w = learner.w();
    m.b = learner.b();
    if (m.w.size() != static_cast<std::size_t>(train.d)) return Status::fail(Msg::model_no_hyperplane);
  }
  out = std::move(m);
  return Status::success();
}

std::string write_model(const Model& m) {
  std::string s = "perceptron-lab-model 1\n";
  if (const char* note = learner_info(m.algo).model_note) s += "# " + std::string(note) + "\n";
  s += "algo " + std::string(to_string(m.algo)) + "\n";
  s += "d " + std::to_string(m.d) + "\n";
  if (!m.lift.empty()) s += "lift " + m.lift + "\n";
  if (m.kernel_model) {
    s += "kernel " + kernel_spec(m.kernel) + "\n";
    s += "eta " + format_number(m.eta) + "\n";
  } else {
    s += "w";
    for (double v : m.w) s += " " + format_number(v);
    s += "\n";
  }
  s += "b " + format_number(m.b) + "\n";
  for (const SupportVector& v : m.support) {
    s += "sv " + format_number(v.alpha) + " " + std::to_string(v.y);
    for (double x : v.x) s += " " + format_number(x);
    s += "\n";
  }
  return s;
}

namespace {
std::vector<std::string> split_ws(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in(line);
  std::string t;
  while (in >> t) out.push_back(t);
  return out;
}
}  // namespace

Status read_model(const std::string& text, const std::string& name, Model& out) {
  Model m;
  bool header = false, have_d = false, have_b = false, have_w = false;
  int feature_d = -1;  // the dimension of w or of the support points (lifted)
  std::size_t w_line = 0, sv_line = 0;  // where w and the first sv line are (0: none)
  std::istringstream in(text);
  std::string line;
  std::size_t line_no = 0;
  auto fail = [&](Msg code, MsgArgs args = {}) {
    return fail_at(name, static_cast<long long>(line_no), 0, code, std::move(args));
  };
  while (std::getline(in, line)) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.size() > (1u << 24)) return fail(Msg::model_line_too_long);
    const std::vector<std::string> t = split_ws(line);
    if (t.empty() || t[0][0] == '#') continue;
    if (!header) {
      if (t.size() != 2 || t[0] != "perceptron-lab-model" || t[1] != "1")
        return fail(Msg::model_not_model);
      header = true;
      continue;
    }
    const std::string& key = t[0];
    if (key == "algo") {
      if (t.size() != 2) return fail(Msg::model_algo_arity);
      if (!parse_algo(t[1], m.algo))
        return fail(Msg::learner_unknown, {{"algo", t[1]}, {"known", learner_names_joined("|")}});
    } else if (key == "d") {
      std::uint64_t d = 0;
      if (t.size() != 2 || !parse_u64(t[1], d) || d < 1 || d > static_cast<std::uint64_t>(kMaxDimension))
        return fail(Msg::model_d, {{"limit", msg_int(kMaxDimension)}});
      m.d = static_cast<int>(d);
      have_d = true;
    } else if (key == "lift") {
      if (t.size() != 2) return fail(Msg::model_lift_arity);
      m.lift = t[1];
    } else if (key == "kernel") {
      if (t.size() != 2) return fail(Msg::model_kernel_arity);
      Status st = parse_kernel_spec(t[1], m.kernel);
      if (!st) return fail_at(name, static_cast<long long>(line_no), 0, st);
      m.kernel_model = true;
    } else if (key == "eta") {
      if (t.size() != 2 || !parse_double(t[1], m.eta) || !(m.eta > 0)) return fail(Msg::model_eta);
    } else if (key == "w") {
      if (t.size() < 2) return fail(Msg::model_w_empty);
      m.w.clear();
      for (std::size_t i = 1; i < t.size(); ++i) {
        double v = 0;
        if (!parse_double(t[i], v)) return fail(Msg::model_not_finite, {{"value", t[i]}});
        m.w.push_back(v);
      }
      have_w = true;
      w_line = line_no;
    } else if (key == "b") {
      if (t.size() != 2 || !parse_double(t[1], m.b)) return fail(Msg::model_b);
      have_b = true;
    } else if (key == "sv") {
      if (t.size() < 4) return fail(Msg::model_sv_arity);
      SupportVector v;
      if (!parse_double(t[1], v.alpha) || v.alpha < 0) return fail(Msg::model_sv_alpha);
      if (!parse_label(t[2], v.y)) return fail(Msg::model_sv_label);
      for (std::size_t i = 3; i < t.size(); ++i) {
        double x = 0;
        if (!parse_double(t[i], x)) return fail(Msg::model_not_finite, {{"value", t[i]}});
        v.x.push_back(x);
      }
      if (feature_d >= 0 && static_cast<int>(v.x.size()) != feature_d) return fail(Msg::model_sv_sizes);
      feature_d = static_cast<int>(v.x.size());
      m.support.push_back(std::move(v));
      if (sv_line == 0) sv_line = line_no;
    } else {
      return fail(Msg::model_unknown_key, {{"key", key}});
    }
  }
  if (!header) return fail_at(name, 0, 0, Msg::model_empty);
  if (!have_d || !have_b) return fail_at(name, 0, 0, Msg::model_incomplete);
  int expected = m.d;
  if (!m.lift.empty()) {
    Lift lf;
    Status st = parse_lift(m.lift, m.d, lf);
    if (!st) return fail_at(name, 0, 0, st);
    expected = lf.output_d();
  }
  // Nothing is silently dropped: w belongs to linear models, sv lines to kernel models.
  if (m.kernel_model && have_w)
    return fail_at(name, static_cast<long long>(w_line), 0, Msg::model_kernel_has_w);
  if (!m.kernel_model && !m.support.empty())
    return fail_at(name, static_cast<long long>(sv_line), 0, Msg::model_sv_without_kernel);
  if (m.kernel_model) {
    if (feature_d >= 0 && feature_d != expected)
      return fail_at(name, 0, 0, Msg::model_sv_d, {{"values", msg_int(feature_d)}, {"expected", msg_int(expected)}});
  } else {
    if (!have_w) return fail_at(name, 0, 0, Msg::model_needs_w);
    if (static_cast<int>(m.w.size()) != expected)
      return fail_at(name, 0, 0, Msg::model_w_d, {{"values", msg_uint(m.w.size())}, {"expected", msg_int(expected)}});
  }
  out = std::move(m);
  return Status::success();
}

double model_score(const Model& m, const double* x) {
  std::vector<double> lifted;
  const double* z = x;
  int zd = m.d;
  if (!m.lift.empty()) {
    Lift lf;
    if (!parse_lift(m.lift, m.d, lf)) return NAN;
    lifted = lift_point(lf, x);
    z = lifted.data();
    zd = lf.output_d();
  }
  if (m.kernel_model) {
    double s = 0.0;
    for (const SupportVector& v : m.support) s += v.alpha * m.eta * v.y * m.kernel(v.x.data(), z, zd);
    return s + m.b;
  }
  double s = 0.0;
  for (int j = 0; j < zd; ++j) s += m.w[static_cast<std::size_t>(j)] * z[j];
  return s + m.b;
}

}  // namespace pla
