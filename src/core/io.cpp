#include "core/io.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <utility>
#include <vector>

#include "core/text_parse.hpp"

namespace pla {

// The helpers shared with the streaming reader (stream.cpp).
using namespace text;

namespace {

// Decimal number: [+-] digits [. digits] [(e|E) [+-] digits], at least one mantissa
// digit. strtod does the correctly rounded conversion once the grammar is checked
// (so hex floats, "nan", "inf" never reach it).
NumberParse parse_number(std::string_view s, double& value) {
  if (s.empty()) return NumberParse::kEmpty;
  std::size_t i = 0;
  const std::size_t n = s.size();
  if (s[i] == '+' || s[i] == '-') ++i;
  std::size_t mantissa_digits = 0;
  while (i < n && s[i] >= '0' && s[i] <= '9') ++i, ++mantissa_digits;
  if (i < n && s[i] == '.') {
    ++i;
    while (i < n && s[i] >= '0' && s[i] <= '9') ++i, ++mantissa_digits;
  }
  bool ok = mantissa_digits > 0;
  if (ok && i < n && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < n && (s[i] == '+' || s[i] == '-')) ++i;
    std::size_t exponent_digits = 0;
    while (i < n && s[i] >= '0' && s[i] <= '9') ++i, ++exponent_digits;
    ok = exponent_digits > 0;
  }
  if (!ok || i != n) {
    std::string_view body = s;
    if (!body.empty() && (body[0] == '+' || body[0] == '-')) body.remove_prefix(1);
    if (iequals(body, "nan") || iequals(body, "inf") || iequals(body, "infinity")) return NumberParse::kNotFinite;
    return NumberParse::kNotNumber;
  }
  const std::string copy(s);
  char* end = nullptr;
  const double v = std::strtod(copy.c_str(), &end);
  if (end != copy.c_str() + copy.size()) return NumberParse::kNotNumber;  // e.g. a locale with decimal comma
  if (std::isinf(v)) return NumberParse::kOutOfRange;
  value = v;
  return NumberParse::kOk;
}

// Labels: -1/+1 or 0/1, one convention per file.
class LabelReader {
 public:
  // On success sets label to +1/-1; otherwise returns the message (without position).
  bool read(std::string_view text, int line, int& label, Message& error) {
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
    }
    label = v == 1.0 ? 1 : -1;
    return true;
  }

 private:
  int minus_line_ = 0;  // first line with label -1 (0: none yet)
  int zero_line_ = 0;   // first line with label 0
};

// Both classes present, or a message at the last data line.
Status check_two_classes(const Dataset& ds, const std::string& source, int last_line, int label_column) {
  const std::size_t pos = ds.count(1);
  if (pos == 0 || pos == ds.size()) {
    return fail_at(source, last_line, label_column, Msg::read_one_class,
                   {{"count", msg_uint(ds.size())}, {"label", pos == 0 ? "-1" : "+1"}});
  }
  return Status::success();
}

// Splits text into physical lines; CRLF, LF and lone CR end a line.
class Lines {
 public:
  explicit Lines(std::string_view text) : text_(text) {}
  bool next(std::string_view& line) {
    if (pos_ >= text_.size()) return false;
    // memchr, not a byte loop: a 1 GB line is found in a fraction of a second even
    // unoptimised. The next LF and CR are remembered, so each byte is searched once per
    // character and lone-CR text is not rescanned for an LF at every line.
    std::size_t end = std::min(next_of('\n', next_lf_), next_of('\r', next_cr_));
    line = text_.substr(pos_, end - pos_);
    if (end < text_.size() && text_[end] == '\r' && end + 1 < text_.size() && text_[end + 1] == '\n') ++end;
    pos_ = end + 1;
    ++number_;
    return true;
  }
  int number() const { return number_; }

 private:
  static constexpr std::size_t kUnknown = static_cast<std::size_t>(-1);
  // Position of the next c at or after pos_ (text_.size() when none), cached in `at`.
  std::size_t next_of(char c, std::size_t& at) {
    if (at == kUnknown || at < pos_) {
      const void* p = std::memchr(text_.data() + pos_, c, text_.size() - pos_);
      at = p ? static_cast<std::size_t>(static_cast<const char*>(p) - text_.data()) : text_.size();
    }
    return at;
  }
  std::string_view text_;
  std::size_t pos_ = 0;
  int number_ = 0;
  std::size_t next_lf_ = kUnknown, next_cr_ = kUnknown;
};

// Strips a UTF-8 byte order mark; rejects UTF-16 text (saved by some spreadsheets).
Status strip_bom(std::string_view& text, const std::string& source) {
  if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  if (text.size() >= 2 && (text.substr(0, 2) == "\xFF\xFE" || text.substr(0, 2) == "\xFE\xFF"))
    return fail_at(source, 1, 1, Msg::read_utf16);
  return Status::success();
}

Status check_expected_d(int expected_d, const std::string& source) {
  if (expected_d < 0 || expected_d > kMaxDimension)
    return fail_at(source, 0, 0, Msg::read_expected_d_range,
                   {{"expected_d", msg_int(expected_d)}, {"limit", msg_int(kMaxDimension)}});
  return Status::success();
}

// ---------------------------------------------------------------- CSV

}  // namespace

Status read_csv(const std::string& text, const std::string& source_name, Dataset& out, int expected_d) {
  const std::string& src = source_name;
  Status st = check_expected_d(expected_d, src);
  if (!st) return st;
  std::string_view body(text);
  st = strip_bom(body, src);
  if (!st) return st;

  Lines lines(body);
  std::string_view line;
  std::vector<CsvField> fields;
  Message error;
  int error_column = 0;

  // First non-blank line: separator, header, column count.
  bool found = false;
  while (lines.next(line)) {
    st = check_line(line, line.size(), src, lines.number());
    if (!st) return st;
    if (!is_blank(line)) {
      found = true;
      break;
    }
  }
  if (!found) return fail_at(src, 1, 1, Msg::csv_empty);
  const int first_line = lines.number();
  const char sep = detect_separator(line);
  if (!split_csv_line(line, sep, fields, error, error_column)) return fail_at(src, first_line, error_column, error);
  const std::size_t columns = fields.size();
  if (columns < 2) return fail_at(src, first_line, 1, Msg::csv_one_column, {{"separator", separator_name(sep)}});
  if (columns - 1 > static_cast<std::size_t>(kMaxDimension))
    return fail_at(src, first_line, kMaxDimension + 2, Msg::csv_too_many_columns,
                   {{"columns", msg_uint(columns - 1)}, {"limit", msg_int(kMaxDimension)}});

  bool any_number = false, any_name = false;
  for (const CsvField& f : fields) {
    double v;
    const NumberParse r = parse_number(f.text, v);
    if (r == NumberParse::kNotNumber) any_name = true;
    if (r == NumberParse::kOk || r == NumberParse::kNotFinite || r == NumberParse::kOutOfRange) any_number = true;
  }
  const bool has_header = any_name && !any_number;

  std::size_t label_column = columns - 1;  // 0-based
  std::vector<std::string> names;
  if (has_header) {
    for (const char* wanted : {"label", "y"}) {
      std::size_t hits = 0, first_hit = 0;
      for (std::size_t c = 0; c < columns; ++c) {
        if (iequals(fields[c].text, wanted)) {
          if (hits == 1)
            return fail_at(src, first_line, static_cast<int>(c) + 1, Msg::csv_duplicate_label_column,
                           {{"name", fields[c].text}, {"first", msg_uint(first_hit + 1)}, {"second", msg_uint(c + 1)}});
          if (hits == 0) first_hit = c;
          ++hits;
        }
      }
      if (hits > 0) {
        label_column = first_hit;
        break;
      }
    }
    for (std::size_t c = 0; c < columns; ++c)
      if (c != label_column) names.push_back(fields[c].text);
  }
  const int d = static_cast<int>(columns) - 1;
  if (expected_d > 0 && d != expected_d)
    return fail_at(src, first_line, 1, Msg::read_d_mismatch, {{"d", msg_int(d)}, {"expected_d", msg_int(expected_d)}});

  Dataset ds;
  ds.d = d;
  ds.feature_names = std::move(names);
  LabelReader labels;
  std::vector<double> point(static_cast<std::size_t>(d));
  int last_data_line = first_line;

  bool have_line = !has_header;  // the first line is data: parse it now
  while (have_line || lines.next(line)) {
    const int line_no = lines.number();
    if (!have_line) {
      st = check_line(line, line.size(), src, line_no);
      if (!st) return st;
      if (is_blank(line)) continue;
      if (!split_csv_line(line, sep, fields, error, error_column)) return fail_at(src, line_no, error_column, error);
    }
    const bool is_first_row = have_line;
    have_line = false;
    if (fields.size() != columns) {
      const std::size_t at = std::min(fields.size(), columns) + 1;
      return fail_at(src, line_no, static_cast<int>(at), Msg::csv_row_fields,
                     {{"fields", msg_uint(fields.size())},
                      {"expected", msg_uint(columns)},
                      {"first_line", msg_int(first_line)},
                      {"separator", separator_name(sep)}});
    }
    std::size_t j = 0;
    int label = 0;
    for (std::size_t c = 0; c < columns; ++c) {
      const int column = static_cast<int>(c) + 1;
      if (c == label_column) {
        if (!labels.read(fields[c].text, line_no, label, error))
          return fail_at(src, line_no, column, is_first_row && any_name ? in_header_row(error) : error);
        continue;
      }
      const NumberParse r = parse_number(fields[c].text, point[j]);
      if (r != NumberParse::kOk) {
        const Message e = number_error(r, fields[c].text);
        return fail_at(src, line_no, column, is_first_row && any_name ? in_header_row(e) : e);
      }
      ++j;
    }
    if ((ds.size() + 1) * static_cast<std::size_t>(d) > kMaxValues)
      return fail_at(src, line_no, 1, Msg::read_too_much_data, {{"limit", msg_uint(kMaxValues)}});
    ds.x.insert(ds.x.end(), point.begin(), point.end());
    ds.y.push_back(label);
    last_data_line = line_no;
  }
  if (ds.empty()) return fail_at(src, first_line, 1, Msg::csv_no_rows_after_header);
  st = check_two_classes(ds, src, last_data_line, static_cast<int>(label_column) + 1);
  if (!st) return st;
  out = std::move(ds);
  return Status::success();
}

// ---------------------------------------------------------------- LIBSVM

namespace {

struct SparseEntry {
  std::size_t row;
  std::size_t index;  // 1-based
  double value;
};

}  // namespace

Status read_libsvm(const std::string& text, const std::string& source_name, Dataset& out, int expected_d) {
  const std::string& src = source_name;
  Status st = check_expected_d(expected_d, src);
  if (!st) return st;
  std::string_view body(text);
  st = strip_bom(body, src);
  if (!st) return st;

  Lines lines(body);
  std::string_view line;
  std::vector<Token> tokens;
  std::vector<SparseEntry> entries;
  std::vector<int> labels_read;
  LabelReader labels;
  Message error;
  std::size_t max_index = 0;
  int first_line = 0, last_line = 0, max_index_line = 0, max_index_column = 0;
  const std::size_t index_limit =
      expected_d > 0 ? static_cast<std::size_t>(expected_d) : static_cast<std::size_t>(kMaxDimension);

  while (lines.next(line)) {
    const int line_no = lines.number();
    st = check_line(line, line.size(), src, line_no);
    if (!st) return st;
    split_tokens(strip_comment(line), tokens);
    if (tokens.empty()) continue;
    if (first_line == 0) first_line = line_no;
    last_line = line_no;
    int label = 0;
    const Token& lt = tokens[0];
    if (lt.text.find(':') != std::string_view::npos)
      return fail_at(src, line_no, lt.column, Msg::libsvm_label_first, {{"value", shown(lt.text)}});
    if (!labels.read(lt.text, line_no, label, error)) return fail_at(src, line_no, lt.column, error);
    const std::size_t row = labels_read.size();
    std::size_t previous = 0;
    for (std::size_t t = 1; t < tokens.size(); ++t) {
      const Token& tok = tokens[t];
      const std::size_t colon = tok.text.find(':');
      if (colon == std::string_view::npos)
        return fail_at(src, line_no, tok.column, Msg::libsvm_not_pair, {{"value", shown(tok.text)}});
      const std::string_view index_text = tok.text.substr(0, colon);
      const std::string_view value_text = tok.text.substr(colon + 1);
      if (iequals(index_text, "qid"))
        return fail_at(src, line_no, tok.column, Msg::libsvm_qid);
      std::size_t index = 0;
      bool digits_ok = !index_text.empty();
      for (char c : index_text) {
        if (c < '0' || c > '9') {
          digits_ok = false;
          break;
        }
        if (index <= index_limit) index = index * 10 + static_cast<std::size_t>(c - '0');  // saturates above limit
      }
      if (!digits_ok)
        return fail_at(src, line_no, tok.column, Msg::libsvm_index_not_whole, {{"value", shown(index_text)}});
      if (index == 0) return fail_at(src, line_no, tok.column, Msg::libsvm_index_zero);
      if (index > index_limit)
        return fail_at(src, line_no, tok.column, index_above(index_text, expected_d));
      if (index <= previous)
        return fail_at(src, line_no, tok.column, Msg::libsvm_index_order,
                       {{"index", msg_uint(index)}, {"previous", msg_uint(previous)}});
      previous = index;
      double value = 0.0;
      const NumberParse r = parse_number(value_text, value);
      const int value_column = tok.column + static_cast<int>(colon) + 1;
      if (r != NumberParse::kOk) return fail_at(src, line_no, value_column, value_error(r, value_text, index));
      if (index > max_index) {
        max_index = index;
        max_index_line = line_no;
        max_index_column = tok.column;
      }
      entries.push_back({row, index, value});
    }
    labels_read.push_back(label);
    // n * d stays bounded while reading (d so far: the largest index, or expected_d).
    const std::size_t d_so_far = expected_d > 0 ? static_cast<std::size_t>(expected_d) : std::max<std::size_t>(max_index, 1);
    if (labels_read.size() > kMaxValues / d_so_far)
      return fail_at(src, line_no, 1, Msg::read_too_much_data, {{"limit", msg_uint(kMaxValues)}});
  }
  if (labels_read.empty()) return fail_at(src, 1, 1, Msg::libsvm_empty);
  const std::size_t d = expected_d > 0 ? static_cast<std::size_t>(expected_d) : max_index;
  if (d == 0) return fail_at(src, first_line, 1, Msg::libsvm_no_pairs);
  if (labels_read.size() > kMaxValues / d)
    return fail_at(src, max_index_line > 0 ? max_index_line : last_line, max_index_column > 0 ? max_index_column : 1,
                   Msg::libsvm_too_many_rows,
                   {{"rows", msg_uint(labels_read.size())}, {"d", msg_uint(d)}, {"limit", msg_uint(kMaxValues)}});

  Dataset ds;
  ds.d = static_cast<int>(d);
  ds.x.assign(labels_read.size() * d, 0.0);
  ds.y = std::move(labels_read);
  for (const SparseEntry& e : entries) ds.x[e.row * d + (e.index - 1)] = e.value;
  st = check_two_classes(ds, src, last_line, 1);
  if (!st) return st;
  out = std::move(ds);
  return Status::success();
}

// ---------------------------------------------------------------- format choice

DataFormat guess_format(const std::string& source_name, const std::string& text) {
  if (ends_with_ci(source_name, ".csv") || ends_with_ci(source_name, ".tsv")) return DataFormat::kCsv;
  if (ends_with_ci(source_name, ".libsvm") || ends_with_ci(source_name, ".svm") ||
      ends_with_ci(source_name, ".svmlight"))
    return DataFormat::kLibsvm;
  // Content: the first line that is not blank or a '#' comment.
  std::string_view body(text);
  if (body.size() >= 3 && body.substr(0, 3) == "\xEF\xBB\xBF") body.remove_prefix(3);
  Lines lines(body);
  std::string_view line;
  std::vector<Token> tokens;
  while (lines.next(line)) {
    if (line.size() > kMaxLineBytes) return DataFormat::kCsv;  // the CSV reader refuses it, naming the line
    const std::string_view content = trim(line);
    if (content.empty() || content.front() == '#') continue;
    split_tokens(strip_comment(line), tokens);
    if (tokens.size() < 2 || tokens[0].text.find(':') != std::string_view::npos ||
        tokens[0].text.find(',') != std::string_view::npos || tokens[0].text.find(';') != std::string_view::npos)
      return DataFormat::kCsv;
    for (std::size_t t = 1; t < tokens.size(); ++t)
      if (tokens[t].text.find(':') == std::string_view::npos) return DataFormat::kCsv;
    return DataFormat::kLibsvm;
  }
  return DataFormat::kCsv;
}

Status read_data(const std::string& text, const std::string& source_name, Dataset& out, int expected_d) {
  return guess_format(source_name, text) == DataFormat::kLibsvm ? read_libsvm(text, source_name, out, expected_d)
                                                                : read_csv(text, source_name, out, expected_d);
}

// ---------------------------------------------------------------- writers

namespace {
// Appends the shortest of %.15g, %.16g, %.17g that reads back as v (17 digits always
// do), the same text as json_number but without temporaries: writers call it per value.
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
  char buf[40];
  int len = 0;
  for (int precision = 15; precision <= 17; ++precision) {
    len = std::snprintf(buf, sizeof buf, "%.*g", precision, v);
    if (precision == 17 || std::strtod(buf, nullptr) == v) break;
  }
  out.append(buf, static_cast<std::size_t>(len));
}
}  // namespace

std::string format_number(double v) {
  std::string out;
  append_number(out, v);
  return out;
}

namespace {
// A header name the CSV reader gives back unchanged and never takes for a number or the label.
bool plain_name(const std::string& name) {
  if (name.empty() || iequals(name, "label") || iequals(name, "y")) return false;
  if (trim(name).size() != name.size()) return false;
  // A byte order mark (UTF-8, or UTF-16's FF FE / FE FF) at the start of the file would be
  // stripped or refused by the reader.
  for (std::string_view bom : {std::string_view("\xEF\xBB\xBF"), std::string_view("\xFF\xFE"), std::string_view("\xFE\xFF")})
    if (std::string_view(name).substr(0, bom.size()) == bom) return false;
  for (char c : name)
    if (c == ',' || c == ';' || c == '\t' || c == '"' || c == '\n' || c == '\r' || c == '#') return false;
  double v;
  return parse_number(name, v) == NumberParse::kNotNumber;
}
}  // namespace

std::string write_csv(const Dataset& ds) {
  const auto d = static_cast<std::size_t>(ds.d < 0 ? 0 : ds.d);
  bool use_names = ds.feature_names.size() == d;
  for (const std::string& name : ds.feature_names) use_names = use_names && plain_name(name);
  std::string out;
  for (std::size_t j = 0; j < d; ++j) out += (use_names ? ds.feature_names[j] : "x" + std::to_string(j + 1)) + ",";
  out += "label\n";
  for (std::size_t i = 0; i < ds.size(); ++i) {
    const double* r = ds.row(i);
    for (std::size_t j = 0; j < d; ++j) {
      append_number(out, r[j]);
      out += ',';
    }
    out += ds.y[i] > 0 ? "1\n" : "-1\n";
  }
  return out;
}

std::string write_libsvm(const Dataset& ds) {
  const auto d = static_cast<std::size_t>(ds.d < 0 ? 0 : ds.d);
  std::string out;
  for (std::size_t i = 0; i < ds.size(); ++i) {
    const double* r = ds.row(i);
    out += ds.y[i] > 0 ? "+1" : "-1";
    for (std::size_t j = 0; j < d; ++j) {
      const bool positive_zero = r[j] == 0.0 && !std::signbit(r[j]);
      if (positive_zero && !(i == 0 && j + 1 == d)) continue;
      out += ' ';
      out += std::to_string(j + 1);
      out += ':';
      append_number(out, r[j]);
    }
    out += "\n";
  }
  return out;
}

// ---------------------------------------------------------------- files

Status read_text_file(const std::string& path, std::string& out) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return Status::fail(Msg::io_cannot_open, {{"path", path}, {"reason", std::strerror(errno)}});
  std::string text;
  // A regular file's size is known up front (a directory's is not: its first read fails).
  long size = -1;
  if (std::fseek(f, 0, SEEK_END) == 0) size = std::ftell(f);
  std::rewind(f);
  char buf[65536];
  errno = 0;
  std::size_t got = std::fread(buf, 1, sizeof buf, f);
  bool failed = std::ferror(f) != 0;
  int read_errno = failed ? errno : 0;
  if (!failed && size > 0 && static_cast<unsigned long>(size) > kMaxFileBytes) {
    std::fclose(f);
    return Status::fail(Msg::read_file_too_large,
                        {{"path", path}, {"bytes", msg_int(size)}, {"limit", msg_uint(kMaxFileBytes)}});
  }
  if (!failed && size > 0) text.reserve(static_cast<std::size_t>(size));
  while (!failed && got > 0) {
    if (text.size() + got > kMaxFileBytes) {  // a pipe, or a file that grew while read
      std::fclose(f);
      return Status::fail(Msg::read_file_over_limit, {{"path", path}, {"limit", msg_uint(kMaxFileBytes)}});
    }
    text.append(buf, got);
    errno = 0;
    got = std::fread(buf, 1, sizeof buf, f);
    failed = std::ferror(f) != 0;
    if (failed) read_errno = errno;
  }
  std::fclose(f);
  if (failed)
    return read_errno ? Status::fail(Msg::io_cannot_read_reason, {{"path", path}, {"reason", std::strerror(read_errno)}})
                      : Status::fail(Msg::io_cannot_read, {{"path", path}});
  out = std::move(text);
  return Status::success();
}

Status read_data_file(const std::string& path, Dataset& out, int expected_d) {
  std::string text;
  Status st = read_text_file(path, text);
  if (!st) return st;
  return read_data(text, path, out, expected_d);
}

Status write_data_file(const std::string& path, const Dataset& ds) {
  Status st = ds.validate();
  if (!st) return Status::fail(Msg::io_cannot_write_cause, {{"path", path}}, st);
  const bool libsvm = ends_with_ci(path, ".libsvm") || ends_with_ci(path, ".svm") || ends_with_ci(path, ".svmlight");
  const std::string text = libsvm ? write_libsvm(ds) : write_csv(ds);
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return Status::fail(Msg::io_cannot_open_write, {{"path", path}, {"reason", std::strerror(errno)}});
  const bool wrote = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  const bool closed = std::fclose(f) == 0;
  if (!wrote || !closed) return Status::fail(Msg::io_cannot_write, {{"path", path}});
  return Status::success();
}

}  // namespace pla
