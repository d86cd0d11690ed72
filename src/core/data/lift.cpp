#include "core/data/lift.hpp"

#include <cctype>
#include <cmath>

namespace pla {

namespace {

std::string trim_spaces(const std::string& s) {
  std::size_t a = 0, e = s.size();
  while (a < e && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (e > a && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(a, e - a);
}

// Parses a whole decimal number of 1..4 digits; false otherwise.
bool parse_small_int(const std::string& s, int& out) {
  if (s.empty() || s.size() > 4) return false;
  int v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  out = v;
  return true;
}

std::string monomial_name(const std::vector<int>& p) {
  std::string name;
  for (std::size_t j = 0; j < p.size(); ++j) {
    if (p[j] == 0) continue;
    if (!name.empty()) name += "*";
    name += "x" + std::to_string(j + 1);
    if (p[j] > 1) name += "^" + std::to_string(p[j]);
  }
  return name;
}

// Parses "x1^2*x2" into powers; the message names the bad part.
Status parse_monomial(const std::string& token, int input_d, std::vector<int>& p) {
  p.assign(static_cast<std::size_t>(input_d), 0);
  std::size_t start = 0;
  while (true) {
    const std::size_t star = token.find('*', start);
    const std::string factor = trim_spaces(token.substr(start, star == std::string::npos ? std::string::npos : star - start));
    const std::size_t caret = factor.find('^');
    const std::string var = trim_spaces(factor.substr(0, caret));
    int index = 0, power = 1;
    if (var.size() < 2 || (var[0] != 'x' && var[0] != 'X') || !parse_small_int(var.substr(1), index))
      return Status::fail(Msg::lift_bad_factor, {{"feature", token}, {"factor", factor}});
    if (index < 1 || index > input_d)
      return Status::fail(Msg::lift_no_variable, {{"feature", token}, {"index", msg_int(index)}, {"d", msg_int(input_d)}});
    if (caret != std::string::npos && (!parse_small_int(trim_spaces(factor.substr(caret + 1)), power) || power < 1))
      return Status::fail(Msg::lift_bad_power, {{"feature", token}, {"factor", factor}});
    p[static_cast<std::size_t>(index - 1)] += power;
    if (star == std::string::npos) break;
    start = star + 1;
  }
  int degree = 0;
  for (int v : p) degree += v;
  if (degree > kMaxLiftDegree)
    return Status::fail(Msg::lift_degree, {{"feature", token}, {"degree", msg_int(degree)}, {"limit", msg_int(kMaxLiftDegree)}});
  return Status::success();
}

// Every monomial of total degree `degree` in graded lexicographic order
// (higher powers of x1 first): x1^2, x1*x2, x2^2.
void monomials_of_degree(int input_d, int degree, std::size_t j, std::vector<int>& p,
                         std::vector<std::vector<int>>& out) {
  if (j + 1 == static_cast<std::size_t>(input_d)) {
    p[j] = degree;
    out.push_back(p);
    p[j] = 0;
    return;
  }
  for (int k = degree; k >= 0; --k) {
    p[j] = k;
    monomials_of_degree(input_d, degree - k, j + 1, p, out);
  }
  p[j] = 0;
}

}  // namespace

Status parse_lift(const std::string& spec, int input_d, Lift& out) {
  if (input_d < 1) return Status::fail(Msg::lift_no_coordinates);
  Lift lift;
  lift.input_d = input_d;
  std::vector<std::vector<int>> features;
  std::size_t start = 0;
  while (start <= spec.size()) {
    const std::size_t comma = spec.find(',', start);
    const std::string token = trim_spaces(spec.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (token.empty())
      return Status::fail(Msg::lift_empty_feature, {{"spec", spec}});
    int degree = 0;
    if (token.size() >= 4 && token.compare(0, 4, "poly") == 0) {
      if (!parse_small_int(token.substr(4), degree) || degree < 1 || degree > kMaxLiftDegree)
        return Status::fail(Msg::lift_poly_degree, {{"feature", token}, {"limit", msg_int(kMaxLiftDegree)}});
      // Count first (poly K in d variables has C(d + K, K) - 1 monomials of d powers each),
      // so a wide data set is refused before gigabytes of monomials are built.
      std::size_t count = 0, term = 1;  // term = C(d + k - 1, k), the monomials of degree k
      for (int k = 1; k <= degree && features.size() + count <= kMaxLiftFeatures; ++k) {
        term = term * static_cast<std::size_t>(input_d + k - 1) / static_cast<std::size_t>(k);
        count += term;
      }
      if (features.size() + count > kMaxLiftFeatures)
        return Status::fail(Msg::lift_too_many, {{"spec", spec}, {"limit", msg_uint(kMaxLiftFeatures)}});
      std::vector<int> p(static_cast<std::size_t>(input_d), 0);
      for (int k = 1; k <= degree; ++k) {
        monomials_of_degree(input_d, k, 0, p, features);
        if (features.size() > kMaxLiftFeatures) break;
      }
    } else {
      std::vector<int> p;
      const Status st = parse_monomial(token, input_d, p);
      if (!st) return st;
      features.push_back(p);
    }
    if (features.size() > kMaxLiftFeatures)
      return Status::fail(Msg::lift_too_many, {{"spec", spec}, {"limit", msg_uint(kMaxLiftFeatures)}});
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  for (const std::vector<int>& p : features) {
    const std::string name = monomial_name(p);
    for (const std::string& seen : lift.names)
      if (seen == name) return Status::fail(Msg::lift_duplicate, {{"spec", spec}, {"feature", name}});
    lift.names.push_back(name);
    lift.powers.insert(lift.powers.end(), p.begin(), p.end());
  }
  out = std::move(lift);
  return Status::success();
}

void lift_point(const Lift& lift, const double* x, double* out) {
  const std::size_t d = static_cast<std::size_t>(lift.input_d);
  for (std::size_t f = 0; f < lift.names.size(); ++f) {
    const int* p = lift.powers.data() + f * d;
    double v = 1.0;
    for (std::size_t j = 0; j < d; ++j)
      for (int k = 0; k < p[j]; ++k) v *= x[j];
    out[f] = v;
  }
}

std::vector<double> lift_point(const Lift& lift, const double* x) {
  std::vector<double> out(lift.names.size());
  lift_point(lift, x, out.data());
  return out;
}

Status lift_dataset(const Lift& lift, const Dataset& in, Dataset& out) {
  if (in.d != lift.input_d)
    return Status::fail(Msg::lift_wrong_d, {{"lift_d", msg_int(lift.input_d)}, {"d", msg_int(in.d)}});
  if (lift.names.empty()) return Status::fail(Msg::lift_none);
  Dataset lifted;
  lifted.d = lift.output_d();
  lifted.y = in.y;
  lifted.x.resize(in.size() * lift.names.size());
  for (std::size_t i = 0; i < in.size(); ++i) {
    double* row = lifted.row(i);
    lift_point(lift, in.row(i), row);
    for (int f = 0; f < lifted.d; ++f)
      if (!std::isfinite(row[f]))
        return Status::fail(Msg::lift_overflow, {{"point", msg_uint(i + 1)}, {"feature", lift.names[static_cast<std::size_t>(f)]}});
  }
  out = std::move(lifted);
  return Status::success();
}

}  // namespace pla
