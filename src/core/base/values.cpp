#include "core/base/values.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace pla {

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

bool parse_bool(const std::string& s, bool& out) {
  if (s == "1" || s == "true" || s == "on" || s == "yes") out = true;
  else if (s == "0" || s == "false" || s == "off" || s == "no") out = false;
  else return false;
  return true;
}

bool parse_label(const std::string& s, int& out) {
  if (s == "1" || s == "+1") out = 1;
  else if (s == "-1" || s == "0") out = -1;
  else return false;
  return true;
}

}  // namespace pla
