#include "core/model.hpp"

#include <cmath>
#include <sstream>

#include "core/io.hpp"
#include "core/session.hpp"

namespace pla {

Status make_model(const Learner& learner, const Dataset& train, int input_d, const std::string& lift, Model& out) {
  Model m;
  m.algo = learner.config().algo;
  m.d = input_d;
  m.lift = lift;
  m.eta = learner.config().pla.eta;
  if (m.algo == "kernel" && learner.config().kernel.type != KernelType::Linear) {
    m.kernel_model = true;
    m.kernel = learner.config().kernel;
    m.b = learner.b();
    const std::vector<std::uint64_t>& alpha = learner.alpha();
    if (alpha.size() != train.size()) return Status::fail("the kernel learner has no alpha for its training set");
    for (std::size_t i = 0; i < train.size(); ++i)
      if (alpha[i] > 0)
        m.support.push_back({static_cast<double>(alpha[i]), train.y[i], std::vector<double>(train.row(i), train.row(i) + train.d)});
  } else {
    m.w = learner.w();
    m.b = learner.b();
    if (m.w.size() != static_cast<std::size_t>(train.d)) return Status::fail("the learner has no hyperplane to save");
  }
  out = std::move(m);
  return Status::success();
}

std::string write_model(const Model& m) {
  std::string s = "perceptron-lab-model 1\n";
  if (m.algo == "voted") s += "# voted perceptron saved as its averaged hyperplane\n";
  s += "algo " + m.algo + "\n";
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
  auto fail = [&](const std::string& what) {
    return Status::fail(name + ":" + std::to_string(line_no) + ": " + what);
  };
  while (std::getline(in, line)) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.size() > (1u << 24)) return fail("line too long");
    const std::vector<std::string> t = split_ws(line);
    if (t.empty() || t[0][0] == '#') continue;
    if (!header) {
      if (t.size() != 2 || t[0] != "perceptron-lab-model" || t[1] != "1")
        return fail("not a Perceptron Lab model (expected 'perceptron-lab-model 1')");
      header = true;
      continue;
    }
    const std::string& key = t[0];
    if (key == "algo") {
      if (t.size() != 2) return fail("algo takes one name");
      m.algo = t[1];
    } else if (key == "d") {
      std::uint64_t d = 0;
      if (t.size() != 2 || !parse_u64(t[1], d) || d < 1 || d > static_cast<std::uint64_t>(kMaxDimension))
        return fail("d must be a whole number in [1, " + std::to_string(kMaxDimension) + "]");
      m.d = static_cast<int>(d);
      have_d = true;
    } else if (key == "lift") {
      if (t.size() != 2) return fail("lift takes one spec without spaces");
      m.lift = t[1];
    } else if (key == "kernel") {
      if (t.size() != 2) return fail("kernel takes one spec");
      Status st = parse_kernel_spec(t[1], m.kernel);
      if (!st) return fail(st.error);
      m.kernel_model = true;
    } else if (key == "eta") {
      if (t.size() != 2 || !parse_double(t[1], m.eta) || !(m.eta > 0)) return fail("eta must be a number > 0");
    } else if (key == "w") {
      if (t.size() < 2) return fail("w needs at least one number");
      m.w.clear();
      for (std::size_t i = 1; i < t.size(); ++i) {
        double v = 0;
        if (!parse_double(t[i], v)) return fail("'" + t[i] + "' is not a finite number");
        m.w.push_back(v);
      }
      have_w = true;
      w_line = line_no;
    } else if (key == "b") {
      if (t.size() != 2 || !parse_double(t[1], m.b)) return fail("b must be a finite number");
      have_b = true;
    } else if (key == "sv") {
      if (t.size() < 4) return fail("sv needs ALPHA Y and the point");
      SupportVector v;
      if (!parse_double(t[1], v.alpha) || v.alpha < 0) return fail("sv alpha must be a number >= 0");
      if (!parse_label(t[2], v.y)) return fail("sv label must be +1 or -1");
      for (std::size_t i = 3; i < t.size(); ++i) {
        double x = 0;
        if (!parse_double(t[i], x)) return fail("'" + t[i] + "' is not a finite number");
        v.x.push_back(x);
      }
      if (feature_d >= 0 && static_cast<int>(v.x.size()) != feature_d) return fail("support points differ in size");
      feature_d = static_cast<int>(v.x.size());
      m.support.push_back(std::move(v));
      if (sv_line == 0) sv_line = line_no;
    } else {
      return fail("unknown key '" + key + "'");
    }
  }
  if (!header) return Status::fail(name + ": empty file, not a model");
  if (!have_d || !have_b) return Status::fail(name + ": incomplete model (needs d and b)");
  int expected = m.d;
  if (!m.lift.empty()) {
    Lift lf;
    Status st = parse_lift(m.lift, m.d, lf);
    if (!st) return Status::fail(name + ": " + st.error);
    expected = lf.output_d();
  }
  // Nothing is silently dropped: w belongs to linear models, sv lines to kernel models.
  if (m.kernel_model && have_w)
    return Status::fail(name + ":" + std::to_string(w_line) + ": a kernel model has no w (its hyperplane is the sv lines)");
  if (!m.kernel_model && !m.support.empty())
    return Status::fail(name + ":" + std::to_string(sv_line) + ": sv lines need a kernel line (a linear model is w and b)");
  if (m.kernel_model) {
    if (feature_d >= 0 && feature_d != expected)
      return Status::fail(name + ": support points have " + std::to_string(feature_d) + " values, expected " +
                          std::to_string(expected));
  } else {
    if (!have_w) return Status::fail(name + ": a linear model needs w");
    if (static_cast<int>(m.w.size()) != expected)
      return Status::fail(name + ": w has " + std::to_string(m.w.size()) + " values, expected " + std::to_string(expected));
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
