// Perceptron Lab core: CSV rows of a DataStream (stream_state.hpp). The first non-blank line
// fixes the separator, the columns, whether it is a header and the label column; each row
// is read by one scan of plain numbers (the fast row) or, for anything else, split into
// fields and read field by field, which finds the same values or the exact error. Decimal
// marks: see data_stream.hpp.
#include <algorithm>

#include "core/data/read/stream_state.hpp"

namespace pla {

using namespace text;

namespace {

// Splits a line into trimmed field views: views into the line itself when it has no
// quote (the fast path), else into `storage` filled by split_csv_line.
bool split_fields(std::string_view line, char sep, std::vector<std::string_view>& fields,
                  std::vector<CsvField>& storage, Message& error, int& error_column) {
  fields.clear();
  if (std::memchr(line.data(), '"', line.size()) == nullptr) {
    const char* p = line.data();
    const std::size_t n = line.size();
    std::size_t start = 0;
    while (true) {
      const void* hit_at = std::memchr(p + start, sep, n - start);
      const std::size_t end = hit_at ? static_cast<std::size_t>(static_cast<const char*>(hit_at) - p) : n;
      fields.push_back(trim(line.substr(start, end - start)));
      if (!hit_at) return true;
      start = end + 1;
      if (fields.size() == kMaxFields) {
        error = too_many_fields();
        error_column = static_cast<int>(kMaxFields) + 1;
        return false;
      }
    }
  }
  if (!split_csv_line(line, sep, storage, error, error_column)) return false;
  for (const CsvField& f : storage) fields.emplace_back(f.text);
  return true;
}

// A field that is a number written with the decimal mark `mark` and contains it.
bool has_mark_number(std::string_view s, char mark) {
  if (s.find(mark) == std::string_view::npos) return false;
  double v;
  return parse_number(s, v, mark) == NumberParse::kOk;
}

}  // namespace

Status DataStream::Impl::start_csv() {
  std::string_view line;
  bool have = false;
  while (true) {
    Status st = next_line(line, have);
    if (!st) return st;
    if (!have) return fail_at(path, 1, 1, Msg::csv_empty);
    st = check_line(line);
    if (!st) return st;
    if (!is_blank(line)) break;
  }
  first_line = line_no;
  sep = detect_separator(line);
  if (opts.decimal == ',' && sep == ',') {
    // asked for decimal commas: the fields must be split by something else
    sep = std::memchr(line.data(), ';', line.size()) ? ';' : std::memchr(line.data(), '\t', line.size()) ? '\t' : ',';
    if (sep == ',') return fail_at(path, first_line, 1, Msg::csv_decimal_separator);
  }
  mark_forced = opts.decimal == '.' || opts.decimal == ',';
  mark = mark_forced ? opts.decimal : sep == ',' ? '.' : 0;
  mark_line = 0;
  int error_column = 0;
  if (!split_fields(line, sep, fields, field_storage, error, error_column))
    return fail_at(path, first_line, error_column, error);
  columns = fields.size();
  if (columns < 2) return fail_at(path, first_line, 1, Msg::csv_one_column, {{"separator", separator_name(sep)}});
  if (columns - 1 > static_cast<std::size_t>(kMaxDimension))
    return fail_at(path, first_line, kMaxDimension + 2, Msg::csv_too_many_columns,
                   {{"columns", msg_uint(columns - 1)}, {"limit", msg_int(kMaxDimension)}});
  bool any_number = false;
  any_name = false;
  for (std::string_view f : fields) {
    double v;
    NumberParse r = parse_number(f, v);
    if (r == NumberParse::kNotNumber && sep != ',' && parse_number(f, v, ',') == NumberParse::kOk) r = NumberParse::kOk;
    if (r == NumberParse::kNotNumber) any_name = true;
    if (r == NumberParse::kOk || r == NumberParse::kNotFinite || r == NumberParse::kOutOfRange) any_number = true;
  }
  has_header = any_name && !any_number;
  label_column = columns - 1;
  names.clear();
  if (has_header) {
    for (const char* wanted : {"label", "y"}) {
      std::size_t hits = 0, first_hit = 0;
      for (std::size_t c = 0; c < columns; ++c) {
        if (iequals(fields[c], wanted)) {
          if (hits == 1)
            return fail_at(path, first_line, static_cast<int>(c) + 1, Msg::csv_duplicate_label_column,
                           {{"name", std::string(fields[c])},
                            {"first", msg_uint(first_hit + 1)},
                            {"second", msg_uint(c + 1)}});
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
      if (c != label_column) names.emplace_back(fields[c]);
  }
  d = static_cast<int>(columns) - 1;
  if (opts.expected_d > 0 && d != opts.expected_d)
    return fail_at(path, first_line, 1, Msg::read_d_mismatch,
                   {{"d", msg_int(d)}, {"expected_d", msg_int(opts.expected_d)}});
  last_data_line = first_line;
  pending_first_row = !has_header;
  return Status::success();
}

// The decimal mark is learnt from the first field that shows one when the separator is
// ';' or tab.
bool DataStream::Impl::csv_number(std::string_view text, int line, double& v, Message& e) {
  const char want = mark ? mark : '.';
  NumberParse r = parse_number(text, v, want);
  if (r == NumberParse::kOk) {
    if (mark == 0 && text.find('.') != std::string_view::npos) {
      mark = '.';
      mark_line = line;
    }
    return true;
  }
  if (r == NumberParse::kNotNumber) {
    const char other = want == '.' ? ',' : '.';
    if (has_mark_number(text, other)) {
      if (mark == 0) {  // the first decimal comma of a ';' / tab file
        mark = ',';
        mark_line = line;
        parse_number(text, v, ',');
        return true;
      }
      const Msg code = mark_forced ? (other == ',' ? Msg::csv_decimal_want_point : Msg::csv_decimal_want_comma)
                                   : (other == ',' ? Msg::csv_decimal_mixed_point : Msg::csv_decimal_mixed_comma);
      e = Message(code, {{"value", shown(text)}});
      if (!mark_forced) e.args.emplace_back("first_line", msg_int(mark_line));
      return false;
    }
  }
  e = number_error(r, text);
  return false;
}

template <class T>
Status DataStream::Impl::csv_row(T* out, int& label, bool is_first_row) {
  const int line = line_no;
  if (fields.size() != columns) {
    const std::size_t at = std::min(fields.size(), columns) + 1;
    return fail_at(path, line, static_cast<int>(at), Msg::csv_row_fields,
                   {{"fields", msg_uint(fields.size())},
                    {"expected", msg_uint(columns)},
                    {"first_line", msg_int(first_line)},
                    {"separator", separator_name(sep)}});
  }
  const bool hint = is_first_row && any_name;
  std::size_t j = 0;
  for (std::size_t c = 0; c < columns; ++c) {
    const int column = static_cast<int>(c) + 1;
    if (c == label_column) {
      if (!labels.read(fields[c], line, label, error))
        return fail_at(path, line, column, hint ? in_header_row(error) : error);
      continue;
    }
    double v = 0.0;
    if (!csv_number(fields[c], line, v, error)) return fail_at(path, line, column, hint ? in_header_row(error) : error);
    if (!stream::store_value(v, out[j])) return fail_at(path, line, column, stream::float_range_error(fields[c]));
    ++j;
  }
  return Status::success();
}

// The common CSV row, plain unquoted numbers with the file's decimal mark, parsed in one
// scan: each number by fast_float straight from the line, which must end at the
// separator. False for anything else (quotes, blanks, a wrong field count, a bad number
// or label), and the caller takes the general path, which finds the same values or the
// exact error.
// The fields of a fast CSV row from p on, where the bytes up to e are held: the end of the
// last field (not checked), or nullptr. `line` is the row's line number.
template <class T>
const char* DataStream::Impl::fast_csv_fields(const char* p, const char* const e, T* out, int& label, int line) {
  if (mark == 0 || opts.general_rows) return nullptr;
  // The bytes held from p on, which the number reader may read ahead in (a row ends at a
  // line break or at the end of the data, where no number goes on).
  const char* const limit = window() + end;
  const fast_float::parse_options options(fast_float::chars_format::general, mark);
  // Labels take '.' in every file, as LabelReader::read does ("1,0" is no label).
  const fast_float::parse_options label_options(fast_float::chars_format::general, '.');
  const char separator = sep;
  std::size_t j = 0;
  for (std::size_t c = 0; c < columns; ++c) {
    double v = 0.0;
    if (c == label_column) {
      p = stream::fast_label(p, e, label_options, v,
                             [separator](char ch) { return ch == separator || ch == '\n' || ch == '\r'; });
      if (p == nullptr || !labels.accept(v, line, label, error)) return nullptr;
    } else {
      p = stream::fast_value(p, e, limit, options, v);
      if (p == nullptr || !std::isfinite(v) || !stream::store_value(v, out[j])) return nullptr;
      ++j;
    }
    if (c + 1 < columns) {
      if (p == e || *p != separator) return nullptr;
      ++p;
    }
  }
  return p;
}

// A row of one line, in one scan (see fast_csv_fields).
template <class T>
bool DataStream::Impl::fast_csv_row(std::string_view line, T* out, int& label) {
  return fast_csv_fields(line.data(), line.data() + line.size(), out, label, line_no) == line.data() + line.size();
}

// The next line as a fast CSV row, read with no separate search for its end: true when it
// was one, with `begin` and `line_no` moved past it as next_line moves them. False leaves
// both alone (the row buffer may hold part of the row), for next_line and the general path.
template <class T>
bool DataStream::Impl::fast_csv_line(T* out, int& label) {
  const char* const start = window() + begin;
  const char* const e = window() + end;
  const char* const p = fast_csv_fields(start, e, out, label, line_no + 1);
  if (p == nullptr) return false;
  std::size_t skip = 0;
  if (p == e) {
    if (!eof) return false;  // the row may go on past the bytes held
  } else if (*p == '\n') {
    skip = 1;
  } else if (*p == '\r') {
    if (p + 1 < e) skip = p[1] == '\n' ? 2 : 1;
    else if (eof) skip = 1;
    else return false;  // a LF may follow in the next read
  } else {
    return false;
  }
  const auto length = static_cast<std::size_t>(p - start);
  if (length > kMaxLineBytes) return false;
  begin += length + skip;
  ++line_no;
  return true;
}

template <class T>
Status DataStream::Impl::csv_next(stream::RowWriter<T>& out, int& label, stream::LineRead& got) {
  got = stream::LineRead::kRow;
  if (pending_first_row) {
    pending_first_row = false;
    const Status st = csv_row(out.next(), label, true);
    if (!st) return st;
  } else if (fast_csv_line(out.next(), label)) {
    // the common row: read in place, its end found by the reader
  } else {
    out.drop();  // the row is read again below
    std::string_view line;
    Status st = next_row_line(line, got);
    if (!st || got == stream::LineRead::kEnd) return st;
    if (line.empty() || ((line.front() == ' ' || line.front() == '\t') && is_blank(line))) {
      got = stream::LineRead::kSkip;
      return Status::success();
    }
    T* row = out.next();
    if (!fast_csv_row(line, row, label)) {
      // A row the fast path took holds no NUL byte (it reads numbers and separators
      // only), so the line is checked for one only here.
      if (std::memchr(line.data(), '\0', line.size())) {
        st = check_line(line);
        if (!st) return st;
      }
      int error_column = 0;
      if (!split_fields(line, sep, fields, field_storage, error, error_column))
        return fail_at(path, line_no, error_column, error);
      st = csv_row(row, label, false);
      if (!st) return st;
    }
  }
  const auto width = static_cast<std::size_t>(d);
  if (opts.max_values > 0 && (rows + 1) * width > opts.max_values)
    return fail_at(path, line_no, 1, Msg::read_too_much_data, {{"limit", msg_uint(opts.max_values)}});
  return Status::success();
}

template Status DataStream::Impl::csv_next<double>(stream::RowWriter<double>&, int&, stream::LineRead&);
template Status DataStream::Impl::csv_next<float>(stream::RowWriter<float>&, int&, stream::LineRead&);

}  // namespace pla
