#pragma once

// Internal to the data readers (io.cpp and stream.cpp): the text helpers both share, so
// the in-memory reader and the streaming reader apply the same rules and messages.
// Not part of the public API: include it from src/core/*.cpp only.
//
// The small helpers called per byte or per field are inline here, so they are compiled
// inside each reader (stream.cpp is built with -O3 in wasm, the rest of the core with -Os).

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/dataset.hpp"
#include "core/status.hpp"

namespace pla::text {

// "SOURCE:LINE:COLUMN: " (1-based line and column).
std::string where(const std::string& source, int line, int column);
Status fail_at(const std::string& source, int line, int column, const std::string& what);

// The offending text for a message in single quotes, cut short (with "...") after 40 bytes.
std::string quoted(std::string_view s);

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

// The outcome of a reader's parse_number (each reader keeps its own parser: io.cpp converts
// with strtod, stream.cpp has a fast path; both accept the same grammar).
enum class NumberParse { kOk, kNotNumber, kNotFinite, kOutOfRange, kEmpty };

// The message (without position) for a failed parse of `text`; `what` names what was expected.
std::string number_error(NumberParse r, std::string_view text, const char* what);

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
std::string too_many_fields();

// Splits one line into fields, honouring double quotes ("" inside quotes is a quote).
// On error sets error and error_column (1-based field number). A line of more than
// kMaxFields fields is refused as soon as the field after them starts.
bool split_csv_line(std::string_view line, char sep, std::vector<CsvField>& fields, std::string& error,
                    int& error_column);

// Most frequent of ',', ';', tab outside quotes; ties go to the comma.
char detect_separator(std::string_view line);

// "comma", "semicolon" or "tab".
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

// The line up to its first '#'.
inline std::string_view strip_comment(std::string_view line) {
  const std::size_t hash = line.find('#');
  return hash == std::string_view::npos ? line : line.substr(0, hash);
}

}  // namespace pla::text
