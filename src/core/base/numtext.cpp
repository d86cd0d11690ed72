#include "core/base/numtext.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace pla {

namespace {
// The shortest of %.15g, %.16g, %.17g that reads back as v (17 digits always do), for a
// finite v != 0.
void append_shortest(std::string& out, double v) {
  char buf[40];
  int len = 0;
  for (int precision = 15; precision <= 17; ++precision) {
    len = std::snprintf(buf, sizeof buf, "%.*g", precision, v);
    if (precision == 17 || std::strtod(buf, nullptr) == v) break;
  }
  out.append(buf, static_cast<std::size_t>(len));
}
}  // namespace

void append_number(std::string& out, double v) {
  if (std::isnan(v)) {
    out += "nan";
    return;
  }
  if (std::isinf(v)) {
    out += v > 0 ? "inf" : "-inf";
    return;
  }
  if (v == 0.0) {
    out += std::signbit(v) ? "-0" : "0";
    return;
  }
  append_shortest(out, v);
}

std::string format_number(double v) {
  std::string out;
  append_number(out, v);
  return out;
}

std::string json_number(double v) {
  if (!std::isfinite(v)) return "null";
  if (v == 0.0) return "0";  // also -0: JSON readers treat it as 0 anyway
  std::string out;
  append_shortest(out, v);
  return out;
}

std::string table_number(double v) {
  if (v == 0.0) return "0";
  return format_number(v);
}

std::string msg_num(double v) { return json_number(v); }
std::string msg_int(long long v) { return std::to_string(v); }
std::string msg_uint(unsigned long long v) { return std::to_string(v); }

std::string sig6_number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

}  // namespace pla
