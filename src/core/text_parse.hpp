#pragma once

// Internal to the data reader (stream.cpp, which io.cpp's readers call): the text helpers,
// the number parser and the label rules.
// Not part of the public API: include it from src/core/*.cpp only.
//
// The small helpers called per byte or per field are inline here, so they are compiled
// inside each reader (stream.cpp is built with -O3 in wasm, the rest of the core with -Os).

#include <cmath>
#include <cstddef>
#include <string>
#include <system_error>
#include <string_view>
#include <vector>

#include "core/dataset.hpp"
#include "core/status.hpp"

#include <fast_float/fast_float.h>

namespace pla::text {

// The location arguments of a message: {"file", source}, {"line", ...}, {"column", ...}
// (1-based; a line or column <= 0 is left out), rendered as "SOURCE:LINE:COLUMN: ".
MsgArgs location(const std::string& source, long long line, long long column);
// A failure at a location: `what` (a code with its own arguments) with the location
// arguments in front of them (any location `what` carried is replaced).
Status fail_at(const std::string& source, long long line, long long column, const Message& what);
Status fail_at(const std::string& source, long long line, long long column, Msg code, MsgArgs args = {});

// The offending text for a message argument ({value}, which templates put in single
// quotes), cut short (with "...") after 40 bytes.
std::string shown(std::string_view s);

inline bool is_blank_char(char c) { return c == ' ' || c == '\t'; }

inline std::string_view trim(std::string_view s) {
  while (!s.empty() && is_blank_char(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank_char(s.back())) s.remove_suffix(1);
  return s;
}

inline bool is_blank(std::string_view s) { return trim(s).empty(); }

inline char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

// ASCII case-insensitive equality.
inline bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}

inline bool ends_with_ci(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && iequals(s.substr(s.size() - suffix.size()), suffix);
}

// The outcome of parse_number.
enum class NumberParse { kOk, kNotNumber, kNotFinite, kOutOfRange, kEmpty };

// The one number parser of the readers: [+-] digits [D digits] [(e|E) [+-] digits] with at
// least one mantissa digit, D the decimal mark ('.', or ',' in a decimal-comma CSV).
// fast_float (Debian's libfast-float-dev, header-only, the same code natively and in wasm)
// converts it to the correctly rounded double, any number of digits. Values too small for a
// double round to the nearest one (possibly 0); too large ones are kOutOfRange; nan, inf and
// infinity (any case, signed) are kNotFinite; hex floats and anything else kNotNumber.
inline NumberParse parse_number(std::string_view s, double& value, char decimal = '.') {
  if (s.empty()) return NumberParse::kEmpty;
  const char* const end = s.data() + s.size();
  const char* p = s.data();
  if (*p == '+' && s.size() > 1 && s[1] != '-' && s[1] != '+') ++p;  // fast_float takes no '+'
  const fast_float::parse_options options(fast_float::chars_format::general, decimal);
  double v = 0.0;
  const fast_float::from_chars_result r = fast_float::from_chars_advanced(p, end, v, options);
  if (r.ec == std::errc() && r.ptr == end && *p != '+') {
    if (std::isfinite(v)) {
      value = v;
      return NumberParse::kOk;
    }
    // digits that overflow (1e999); "inf" and "nan" are decided below
    if (std::isinf(v) && ((*p >= '0' && *p <= '9') || *p == decimal ||
                          ((*p == '-') && p + 1 < end && ((p[1] >= '0' && p[1] <= '9') || p[1] == decimal))))
      return NumberParse::kOutOfRange;
  }
  std::string_view body = s;
  if (body[0] == '+' || body[0] == '-') body.remove_prefix(1);
  if (iequals(body, "nan") || iequals(body, "inf") || iequals(body, "infinity")) return NumberParse::kNotFinite;
  return NumberParse::kNotNumber;
}

// Labels: -1/+1 (also written 1) or 0/1, one convention per file (0 means -1). `line`
// is where a label was read (a line, or a row of a binary file), named when a later
// label mixes the conventions.
class LabelReader {
 public:
  // On success sets label to +1/-1; otherwise returns the message (without position).
  bool read(std::string_view text, long long line, int& label, Message& error) {
    if (text.size() == 1 && text[0] == '1') return accept(1.0, line, label, error);
    if (text.size() == 2 && text[0] == '-' && text[1] == '1') return accept(-1.0, line, label, error);
    if (text.size() == 1 && text[0] == '0') return accept(0.0, line, label, error);
    double v = 0.0;
    const NumberParse r = parse_number(text, v);
    if (r == NumberParse::kEmpty) {
      error = Message(Msg::label_empty);
      return false;
    }
    if (r != NumberParse::kOk || (v != 1.0 && v != -1.0 && v != 0.0)) {
      error = Message(Msg::label_unknown, {{"value", shown(text)}});
      return false;
    }
    return accept(v, line, label, error);
  }
  // A label that is already a number (a binary file); false for a value other than -1, 0, 1.
  bool accept(double v, long long line, int& label, Message& error) {
    if (v == -1.0) {
      if (zero_line_ > 0) {
        error = Message(Msg::label_mixed_minus, {{"other_line", msg_int(zero_line_)}});
        return false;
      }
      if (minus_line_ == 0) minus_line_ = line;
    } else if (v == 0.0) {
      if (minus_line_ > 0) {
        error = Message(Msg::label_mixed_zero, {{"other_line", msg_int(minus_line_)}});
        return false;
      }
      if (zero_line_ == 0) zero_line_ = line;
    } else if (v != 1.0) {
      return false;
    }
    label = v == 1.0 ? 1 : -1;
    return true;
  }

 private:
  long long minus_line_ = 0;  // first line with label -1 (0: none yet)
  long long zero_line_ = 0;   // first line with label 0
};

// The message (without position) for a failed parse of `text` where a number was expected.
Message number_error(NumberParse r, std::string_view text);

// The same message as read in a CSV first row taken for data because it mixes names and
// numbers: the codes that say "(a header row must contain only column names)" too.
Message in_header_row(const Message& m);

// A line longer than kMaxLineBytes (its length is `bytes`, which the streaming reader knows
// even when it did not hold the line) or holding a NUL byte is refused.
Status check_line(std::string_view line, std::size_t bytes, const std::string& source, int line_no);

// ---------------------------------------------------------------- CSV

struct CsvField {
  std::string text;  // unquoted and trimmed
  bool quoted = false;
};

// The most fields a CSV line may have: kMaxDimension feature columns and a label column.
constexpr std::size_t kMaxFields = static_cast<std::size_t>(kMaxDimension) + 1;

// The message for a line with more than kMaxFields fields.
Message too_many_fields();

// Splits one line into fields, honouring double quotes ("" inside quotes is a quote).
// On error sets error (without position) and error_column (1-based field number). A line
// of more than kMaxFields fields is refused as soon as the field after them starts.
bool split_csv_line(std::string_view line, char sep, std::vector<CsvField>& fields, Message& error,
                    int& error_column);

// ';' when the line has semicolons and each comma outside quotes stands between two
// digits, at most one per field (decimal commas: 3,5;2,25;1); else the most frequent of
// ',', ';', tab outside quotes, ties going to the comma.
char detect_separator(std::string_view line);

// "comma", "semicolon" or "tab" (the {separator} argument of the CSV messages).
std::string separator_name(char sep);

// ---------------------------------------------------------------- LIBSVM

struct Token {
  std::string_view text;
  int column;  // 1-based byte column
};

// Blank-separated tokens, at most max_tokens (the rest of the line is not split): a LIBSVM
// line of more than kMaxDimension + 1 tokens is an error within its first kMaxDimension + 2
// tokens anyway (the indices must increase and stay <= kMaxDimension).
inline void split_tokens(std::string_view line, std::vector<Token>& tokens,
                         std::size_t max_tokens = static_cast<std::size_t>(kMaxDimension) + 2) {
  tokens.clear();
  std::size_t i = 0;
  while (i < line.size() && tokens.size() < max_tokens) {
    while (i < line.size() && is_blank_char(line[i])) ++i;
    const std::size_t start = i;
    while (i < line.size() && !is_blank_char(line[i])) ++i;
    if (i > start) tokens.push_back({line.substr(start, i - start), static_cast<int>(start) + 1});
  }
}

// A LIBSVM feature index (as written) above expected_d when that is > 0, else above kMaxDimension.
Message index_above(std::string_view index_text, int expected_d);

// A LIBSVM value after "index:" that is not a number (empty: the feature has no value).
Message value_error(NumberParse r, std::string_view text, std::size_t index);

// The line up to its first '#'.
inline std::string_view strip_comment(std::string_view line) {
  const std::size_t hash = line.find('#');
  return hash == std::string_view::npos ? line : line.substr(0, hash);
}

}  // namespace pla::text
