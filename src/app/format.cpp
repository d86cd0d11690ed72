#include "app/format.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace pla::app {

std::string fmt_num(double v, int sig) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : std::string(kMinusSign) + "inf";
  if (v == 0.0) return "0";  // -0 too
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*g", std::clamp(sig, 1, 17), std::fabs(v));
  std::string out = v < 0 ? kMinusSign : "";
  // Copy, tidying the exponent: "e+06" -> "e6", "e-05" -> "e−5".
  for (const char* p = buf; *p; ++p) {
    if (*p != 'e') {
      out += *p;
      continue;
    }
    out += 'e';
    ++p;
    if (*p == '-') out += kMinusSign;
    if (*p == '-' || *p == '+') ++p;
    while (*p == '0' && p[1]) ++p;
    out += p;
    break;
  }
  return out;
}

std::string fmt_vec(const std::vector<double>& v, int sig, std::size_t max_items) {
  std::string out = "(";
  for (std::size_t j = 0; j < v.size() && j < max_items; ++j) {
    if (j) out += ", ";
    out += fmt_num(v[j], sig);
  }
  if (v.size() > max_items) out += ", ...";
  return out + ")";
}

std::string fmt_label(int y) { return y > 0 ? "+1" : std::string(kMinusSign) + "1"; }

}  // namespace pla::app
