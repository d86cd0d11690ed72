// Perceptron Lab core: numbers as text, in one place. Every number the core writes as
// text (data and model files, JSON, messages, CSV exports) is one of these forms; a caller
// picks the form, never its own printf. All are the same bytes natively and in wasm.
//
//   format_number   the shortest of %.15g, %.16g, %.17g that reads back as exactly v
//                   ("0.1", "1e-07", "-0"; "nan", "inf", "-inf", which no reader
//                   accepts): data files (io.hpp's writers) and model files
//   json_number     format_number, except 0 for -0 and null for non-finite values
//                   (JSON has neither): the JSON writer (json.hpp), settings' values
//   table_number    format_number, except 0 for -0 ("nan", "inf" stay): the CSV
//                   tables the session and the trace export
//   msg_num         a double as a message argument (json_number's text)
//   msg_int/uint    whole numbers, exactly
//   sig6_number     printf's %.6g ("0.836329", "1e-07"): short readings for people
//   write_fixed4    k / 10^4 with at most 4 decimals, write_uint: into a char buffer,
//                   for the generator that writes files of 10^9 rows
#pragma once
#include <cstdint>
#include <string>

namespace pla {

std::string format_number(double v);
// format_number(v) appended to out, without a temporary (writers call it per value).
void append_number(std::string& out, double v);
std::string json_number(double v);
std::string table_number(double v);
std::string msg_num(double v);
std::string msg_int(long long v);
std::string msg_uint(unsigned long long v);
std::string sig6_number(double v);

// k / 10^4 (|k| <= 10^4) with at most 4 decimals and no trailing zeros: "-0.1234", "0.05",
// "1", "0". Writes at most 7 characters at p and returns the end.
inline char* write_fixed4(char* p, int k) {
  if (k < 0) {
    *p++ = '-';
    k = -k;
  }
  *p++ = static_cast<char>('0' + k / 10000);
  int frac = k % 10000;
  if (frac == 0) return p;
  *p++ = '.';
  int div = 1000;
  while (frac != 0) {
    *p++ = static_cast<char>('0' + frac / div);
    frac %= div;
    div /= 10;
  }
  return p;
}

// v in decimal digits (at most 20 characters at p); returns the end.
inline char* write_uint(char* p, std::uint64_t v) {
  char tmp[24];
  int n = 0;
  do {
    tmp[n++] = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v != 0);
  while (n > 0) *p++ = tmp[--n];
  return p;
}

}  // namespace pla
