// Perceptron Lab core: the lesson engine's small text helpers (text_tools.hpp).
#include "core/lab/lesson/text_tools.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <utility>

#include "core/base/values.hpp"

namespace pla::lesson_text {

bool indexed(const std::string& name, const char* prefix, std::size_t& index) {
  const std::string p = prefix;
  if (name.size() <= p.size() || name.compare(0, p.size(), p) != 0) return false;
  std::uint64_t v = 0;
  const std::string digits = name.substr(p.size());
  if (digits.size() > 6 || !parse_u64(digits, v) || v < 1 || digits[0] == '+' || digits[0] == '0') return false;
  for (char c : digits)
    if (c < '0' || c > '9') return false;
  index = static_cast<std::size_t>(v);
  return true;
}

std::string default_number(double v) {
  if (std::isfinite(v) && v == std::trunc(v) && std::fabs(v) < 1e15) return msg_num(v);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

std::string line_text(double a, double b, double c, const NumberFormat& fmt) {
  std::string out;
  const std::pair<double, const char*> terms[] = {{a, "x⁽¹⁾"}, {b, "x⁽²⁾"}, {c, ""}};
  for (const auto& t : terms) {
    if (t.first == 0.0) continue;
    const double m = std::fabs(t.first);
    const std::string value = *t.second && m == 1.0 ? t.second : *t.second ? fmt(m) + "·" + t.second : fmt(m);
    if (out.empty()) out = (t.first < 0 ? "−" : "") + value;
    else out += (t.first < 0 ? " − " : " + ") + value;
  }
  return (out.empty() ? fmt(0.0) : out) + " = 0";
}

bool parse_line(const std::string& text, std::vector<double>& out) {
  std::vector<double> v;
  std::string tok;
  auto flush = [&]() {
    if (tok.empty()) return true;
    double d = 0;
    if (!parse_double(tok, d) || !std::isfinite(d)) return false;
    v.push_back(d);
    tok.clear();
    return true;
  };
  for (char ch : text) {
    if (ch == ' ' || ch == ',' || ch == '\t') {
      if (!flush()) return false;
    } else {
      tok += ch;
    }
  }
  if (!flush() || v.size() != 3) return false;
  out = v;
  return true;
}

std::string vector_text(const std::vector<double>& v, const NumberFormat& fmt) {
  std::string out = "(";
  for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + fmt(v[i]);
  return out + ")";
}

std::string join_keys(const std::vector<std::string>& keys) {
  std::string out;
  for (const auto& k : keys) out += (out.empty() ? "" : ", ") + k;
  return out;
}

std::string word(const Catalogs& catalogs, Msg code, const std::string& lang, MsgArgs args) {
  return render(Message(code, std::move(args)), [&](Msg m) { return catalogs.msg_template(lang, m); });
}

std::string joined(const Catalogs& catalogs, Msg code, const std::string& lang, const std::string& left,
                   const std::string& right) {
  return word(catalogs, code, lang, {{"left", left}, {"right", right}});
}

}  // namespace pla::lesson_text
