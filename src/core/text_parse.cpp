#include "core/text_parse.hpp"

#include "core/io.hpp"

#include <utility>

namespace pla::text {

std::string where(const std::string& source, int line, int column) {
  return source + ":" + std::to_string(line) + ":" + std::to_string(column) + ": ";
}

Status fail_at(const std::string& source, int line, int column, const std::string& what) {
  return Status::fail(where(source, line, column) + what);
}

std::string quoted(std::string_view s) {
  constexpr std::size_t kMax = 40;
  std::string shown(s.substr(0, kMax));
  if (s.size() > kMax) shown += "...";
  return "'" + shown + "'";
}

std::string number_error(NumberParse r, std::string_view text, const char* what) {
  switch (r) {
    case NumberParse::kEmpty:
      return std::string("empty field, expected ") + what;
    case NumberParse::kNotFinite:
      return quoted(text) + " is not a finite number";
    case NumberParse::kOutOfRange:
      return quoted(text) + " is out of range for a double";
    default:
      return quoted(text) + " is not a number";
  }
}

Status check_line(std::string_view line, std::size_t bytes, const std::string& source, int line_no) {
  if (bytes > kMaxLineBytes)
    return fail_at(source, line_no, 1,
                   "line " + std::to_string(line_no) + " is " + std::to_string(bytes) +
                       " bytes long, more than the limit of " + std::to_string(kMaxLineBytes) + " bytes (16 MiB) per line");
  const std::size_t nul = line.find('\0');
  if (nul != std::string_view::npos)
    return fail_at(source, line_no, 1,
                   "line " + std::to_string(line_no) + " has a NUL byte (byte " +
                       std::to_string(nul + 1) +
                       "): this is binary data, not CSV or LIBSVM text");
  return Status::success();
}

std::string too_many_fields() {
  return "more than " + std::to_string(kMaxFields) + " fields: the limit is " + std::to_string(kMaxDimension) +
         " feature columns and a label column";
}

bool split_csv_line(std::string_view line, char sep, std::vector<CsvField>& fields, std::string& error,
                    int& error_column) {
  fields.clear();
  std::size_t i = 0;
  const std::size_t n = line.size();
  while (true) {
    CsvField f;
    const int column = static_cast<int>(fields.size()) + 1;
    while (i < n && line[i] != sep && is_blank_char(line[i])) ++i;
    if (i < n && line[i] == '"') {
      f.quoted = true;
      ++i;
      bool closed = false;
      while (i < n) {
        if (line[i] == '"') {
          if (i + 1 < n && line[i + 1] == '"') {
            f.text += '"';
            i += 2;
            continue;
          }
          closed = true;
          ++i;
          break;
        }
        f.text += line[i++];
      }
      if (!closed) {
        error = "unterminated quoted field (a closing \" is missing on this line)";
        error_column = column;
        return false;
      }
      while (i < n && line[i] != sep && is_blank_char(line[i])) ++i;
      if (i < n && line[i] != sep) {
        error = "unexpected text " + quoted(line.substr(i)) + " after the closing quote";
        error_column = column;
        return false;
      }
      f.text = std::string(trim(f.text));
    } else {
      const std::size_t start = i;
      while (i < n && line[i] != sep) ++i;
      f.text = std::string(trim(line.substr(start, i - start)));
    }
    fields.push_back(std::move(f));
    if (i >= n) return true;
    ++i;  // the separator
    if (fields.size() == kMaxFields) {
      error = too_many_fields();
      error_column = static_cast<int>(kMaxFields) + 1;
      return false;
    }
  }
}

char detect_separator(std::string_view line) {
  int comma = 0, semicolon = 0, tab = 0;
  bool in_quotes = false;
  for (char c : line) {
    if (c == '"') in_quotes = !in_quotes;
    if (in_quotes) continue;
    comma += c == ',';
    semicolon += c == ';';
    tab += c == '\t';
  }
  if (semicolon > comma && semicolon >= tab) return ';';
  if (tab > comma && tab > semicolon) return '\t';
  return ',';
}

std::string separator_name(char sep) { return sep == ',' ? "comma" : sep == ';' ? "semicolon" : "tab"; }

}  // namespace pla::text
