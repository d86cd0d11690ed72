#include "core/data/read/text_parse.hpp"

#include "core/data/read/io.hpp"

#include <utility>

namespace pla::text {

MsgArgs location(const std::string& source, long long line, long long column) {
  MsgArgs args = {{"file", source}};
  if (line > 0) {
    args.emplace_back("line", msg_int(line));
    if (column > 0) args.emplace_back("column", msg_int(column));
  }
  return args;
}

Status fail_at(const std::string& source, long long line, long long column, const Message& what) {
  MsgArgs args = location(source, line, column);
  for (const auto& kv : what.args)
    if (kv.first != "file" && kv.first != "line" && kv.first != "column") args.push_back(kv);
  return what.cause ? Status::fail(what.code, std::move(args), *what.cause) : Status::fail(what.code, std::move(args));
}

Status fail_at(const std::string& source, long long line, long long column, Msg code, MsgArgs args) {
  return fail_at(source, line, column, Message(code, std::move(args)));
}

std::string shown(std::string_view s) {
  constexpr std::size_t kMax = 40;
  std::string out(s.substr(0, kMax));
  if (s.size() > kMax) out += "...";
  return out;
}

Message number_error(NumberParse r, std::string_view text) {
  switch (r) {
    case NumberParse::kEmpty: return Message(Msg::number_empty);
    case NumberParse::kNotFinite: return Message(Msg::number_not_finite, {{"value", shown(text)}});
    case NumberParse::kOutOfRange: return Message(Msg::number_out_of_range, {{"value", shown(text)}});
    default: return Message(Msg::number_not_number, {{"value", shown(text)}});
  }
}

Message index_above(std::string_view index_text, int expected_d) {
  if (expected_d > 0)
    return Message(Msg::libsvm_index_above_expected, {{"index", std::string(index_text)}, {"expected_d", msg_int(expected_d)}});
  return Message(Msg::libsvm_index_above_limit, {{"index", std::string(index_text)}, {"limit", msg_int(kMaxDimension)}});
}

Message value_error(NumberParse r, std::string_view text, std::size_t index) {
  if (r == NumberParse::kEmpty) return Message(Msg::libsvm_no_value, {{"index", msg_uint(index)}});
  return number_error(r, text);
}

Message in_header_row(const Message& m) {
  Message out = m;
  switch (m.code) {
    case Msg::number_empty: out.code = Msg::header_number_empty; break;
    case Msg::number_not_finite: out.code = Msg::header_number_not_finite; break;
    case Msg::number_out_of_range: out.code = Msg::header_number_out_of_range; break;
    case Msg::number_not_number: out.code = Msg::header_number_not_number; break;
    case Msg::label_empty: out.code = Msg::header_label_empty; break;
    case Msg::label_unknown: out.code = Msg::header_label_unknown; break;
    default: break;  // the other label messages cannot come from a file's first row
  }
  return out;
}

Status check_line(std::string_view line, std::size_t bytes, const std::string& source, int line_no) {
  if (bytes > kMaxLineBytes)
    return fail_at(source, line_no, 1, Msg::read_line_too_long,
                   {{"bytes", msg_uint(bytes)}, {"limit", msg_uint(kMaxLineBytes)}});
  const std::size_t nul = line.find('\0');
  if (nul != std::string_view::npos)
    return fail_at(source, line_no, 1, Msg::read_nul_byte, {{"byte", msg_uint(nul + 1)}});
  return Status::success();
}

Message too_many_fields() {
  return Message(Msg::csv_too_many_fields, {{"fields", msg_uint(kMaxFields)}, {"limit", msg_int(kMaxDimension)}});
}

bool split_csv_line(std::string_view line, char sep, std::vector<CsvField>& fields, Message& error,
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
        error = Message(Msg::csv_unterminated_quote);
        error_column = column;
        return false;
      }
      while (i < n && line[i] != sep && is_blank_char(line[i])) ++i;
      if (i < n && line[i] != sep) {
        error = Message(Msg::csv_text_after_quote, {{"value", shown(line.substr(i))}});
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

namespace {
bool is_digit(char c) { return c >= '0' && c <= '9'; }
}  // namespace

char detect_separator(std::string_view line) {
  int comma = 0, semicolon = 0, tab = 0;
  bool in_quotes = false;
  // Decimal commas: every comma outside quotes between two digits, at most one between
  // two semicolons.
  bool decimal_commas = true;
  int commas_in_field = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '"') in_quotes = !in_quotes;
    if (in_quotes) continue;
    comma += c == ',';
    semicolon += c == ';';
    tab += c == '\t';
    if (c == ';') commas_in_field = 0;
    if (c == ',') {
      if (++commas_in_field > 1 || i == 0 || i + 1 >= line.size() || !is_digit(line[i - 1]) || !is_digit(line[i + 1]))
        decimal_commas = false;
    }
  }
  if (semicolon > 0 && comma > 0 && decimal_commas && semicolon >= tab) return ';';
  if (semicolon > comma && semicolon >= tab) return ';';
  if (tab > comma && tab > semicolon) return '\t';
  return ',';
}

std::string separator_name(char sep) { return sep == ',' ? "comma" : sep == ';' ? "semicolon" : "tab"; }

}  // namespace pla::text
