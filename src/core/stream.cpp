#include "core/stream.hpp"

#include <algorithm>
#include <cerrno>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <utility>

#include "core/rng.hpp"
#include "core/text_parse.hpp"

namespace pla {

// The helpers shared with the in-memory reader (io.cpp).
using namespace text;

namespace {

// The grammar of io.cpp's parse_number: [+-] digits [. digits] [(e|E) [+-] digits].
// Values with at most 19 significant digits and a decimal exponent within +-22 take
// Clinger's fast path: the digits as an integer m <= 2^53 (exact in a double) times or
// divided by an exact power of ten, one correctly rounded operation, so the same double
// as strtod's correctly rounded conversion. Everything else goes to strtod, as in io.cpp.
NumberParse parse_number(std::string_view s, double& value) {
  static const double kPow10[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  if (s.empty()) return NumberParse::kEmpty;
  std::size_t i = 0;
  const std::size_t n = s.size();
  bool negative = false;
  if (s[i] == '+' || s[i] == '-') negative = s[i++] == '-';
  // All mantissa digits into m (at most 19 digits always fit in 64 bits; more take strtod).
  std::uint64_t m = 0;
  const std::size_t int_start = i;
  while (i < n && s[i] >= '0' && s[i] <= '9') m = m * 10 + static_cast<std::uint64_t>(s[i++] - '0');
  std::size_t mantissa_digits = i - int_start;
  int scale = 0;
  if (i < n && s[i] == '.') {
    const std::size_t frac_start = ++i;
    while (i < n && s[i] >= '0' && s[i] <= '9') m = m * 10 + static_cast<std::uint64_t>(s[i++] - '0');
    mantissa_digits += i - frac_start;
    scale = -static_cast<int>(i - frac_start < 1000 ? i - frac_start : 1000);
  }
  const bool fast = mantissa_digits <= 19;
  bool ok = mantissa_digits > 0;
  int exponent = 0;
  if (ok && i < n && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    bool exp_negative = false;
    if (i < n && (s[i] == '+' || s[i] == '-')) exp_negative = s[i++] == '-';
    std::size_t exponent_digits = 0;
    while (i < n && s[i] >= '0' && s[i] <= '9') {
      if (exponent < 100000) exponent = exponent * 10 + (s[i] - '0');
      ++i;
      ++exponent_digits;
    }
    if (exp_negative) exponent = -exponent;
    ok = exponent_digits > 0;
  }
  if (!ok || i != n) {
    std::string_view body = s;
    if (!body.empty() && (body[0] == '+' || body[0] == '-')) body.remove_prefix(1);
    if (iequals(body, "nan") || iequals(body, "inf") || iequals(body, "infinity")) return NumberParse::kNotFinite;
    return NumberParse::kNotNumber;
  }
  const int e10 = exponent + scale;
  if (fast && m == 0) {
    value = negative ? -0.0 : 0.0;
    return NumberParse::kOk;
  }
  if (fast && m <= (std::uint64_t{1} << 53) && e10 >= -22 && e10 <= 22) {
    double v = static_cast<double>(m);
    v = e10 >= 0 ? v * kPow10[e10] : v / kPow10[-e10];
    value = negative ? -v : v;
    return NumberParse::kOk;
  }
  char small[64];
  std::string big;
  const char* text = small;
  if (n < sizeof small) {
    std::memcpy(small, s.data(), n);
    small[n] = '\0';
  } else {
    big.assign(s);
    text = big.c_str();
  }
  char* end = nullptr;
  const double v = std::strtod(text, &end);
  if (end != text + n) return NumberParse::kNotNumber;
  if (std::isinf(v)) return NumberParse::kOutOfRange;
  value = v;
  return NumberParse::kOk;
}

class LabelReader {
 public:
  bool read(std::string_view text, int line, int& label, Message& error) {
    // The common cases first; anything else through the full number grammar.
    if (text.size() == 1 && text[0] == '1') return accept(1.0, line, label, error);
    if (text.size() == 2 && text[0] == '-' && text[1] == '1') return accept(-1.0, line, label, error);
    if (text.size() == 2 && text[0] == '+' && text[1] == '1') return accept(1.0, line, label, error);
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

 private:
  bool accept(double v, int line, int& label, Message& error) {
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

  int minus_line_ = 0;
  int zero_line_ = 0;
};

// ---------------------------------------------------------------- CSV fields

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
      std::size_t end = start;
      while (end < n && p[end] != sep) ++end;
      const bool hit = end < n;
      fields.push_back(trim(line.substr(start, end - start)));
      if (!hit) return true;
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

bool has_libsvm_extension(const std::string& path) {
  return ends_with_ci(path, ".libsvm") || ends_with_ci(path, ".svm") || ends_with_ci(path, ".svmlight");
}

template <class T>
bool store_value(double v, T& out) {
  if (sizeof(T) == sizeof(float) && std::fabs(v) > static_cast<double>(FLT_MAX) &&
      std::isinf(static_cast<float>(v)))
    return false;
  out = static_cast<T>(v);
  return true;
}

Message float_range_error(std::string_view text) { return Message(Msg::stream_float32_range, {{"value", shown(text)}}); }

}  // namespace

// ---------------------------------------------------------------- DataStream

struct DataStream::Impl {
  // ---- file and buffer
  std::string path;
  std::FILE* file = nullptr;
  std::uint64_t size = 0;
  std::vector<char> buf;
  std::size_t begin = 0, end = 0;
  std::uint64_t base = 0;  // file offset of buf[0]
  bool eof = false;
  int line_no = 0;
  std::size_t overlong = 0;  // the length of the last line when it was too long to hold

  // ---- format (fixed by open)
  DataFormat format = DataFormat::kCsv;
  int expected_d = 0;
  int d = 0;
  std::vector<std::string> names;
  // CSV
  char sep = ',';
  std::size_t columns = 0, label_column = 0;
  bool has_header = false, any_name = false;
  int first_line = 0;
  // LIBSVM: true during open()'s scan, which finds d
  bool scanning = false;
  std::size_t max_index = 0;

  // ---- the pass under way
  LabelReader labels;
  std::uint64_t rows = 0, positives = 0, first_pass_rows = 0;
  std::uint64_t passes_done = 0;
  int last_data_line = 0;
  int libsvm_first_line = 0;
  bool pending_first_row = false;  // CSV without header: the first line, already split, is data
  bool pass_done = false;

  // ---- scratch
  std::vector<std::string_view> fields;
  std::vector<CsvField> field_storage;
  std::vector<Token> tokens;
  Message error;

  ~Impl() {
    if (file) std::fclose(file);
  }

  Status io_error() const { return Status::fail(Msg::io_cannot_read, {{"path", path}}); }

  // Reads more of the file into the buffer, keeping [begin, end); grows it when full.
  Status refill() {
    if (begin > 0) {
      std::memmove(buf.data(), buf.data() + begin, end - begin);
      end -= begin;
      base += begin;
      begin = 0;
    }
    if (end == buf.size()) buf.resize(buf.size() * 2);
    const std::size_t got = std::fread(buf.data() + end, 1, buf.size() - end, file);
    if (got == 0) {
      if (std::ferror(file)) return io_error();
      eof = true;
    }
    end += got;
    return Status::success();
  }

  // The next physical line (CRLF, LF and a lone CR end a line), valid until the next call.
  Status next_line(std::string_view& line, bool& have) {
    overlong = 0;
    while (true) {
      const char* p = buf.data() + begin;
      const std::size_t avail = end - begin;
      const void* nl = std::memchr(p, '\n', avail);
      const std::size_t limit = nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - p) : avail;
      const void* cr = std::memchr(p, '\r', limit);
      std::size_t len = 0, skip = 0;
      if (cr) {
        len = static_cast<std::size_t>(static_cast<const char*>(cr) - p);
        if (len + 1 < avail) skip = p[len + 1] == '\n' ? 2 : 1;
        else if (eof) skip = 1;
      } else if (nl) {
        len = limit;
        skip = 1;
      } else if (eof) {
        if (avail == 0) {
          have = false;
          return Status::success();
        }
        len = avail;
        skip = 0;
        line = std::string_view(p, len);
        begin += len;
        ++line_no;
        have = true;
        return Status::success();
      }
      if (skip == 0) {
        if (avail > kMaxLineBytes + 1) {
          // Longer than any line the readers accept: count it without holding it.
          Status st = consume_long_line(overlong);
          if (!st) return st;
          line = std::string_view();
          ++line_no;
          have = true;
          return Status::success();
        }
        const Status st = refill();
        if (!st) return st;
        continue;
      }
      line = std::string_view(p, len);
      begin += len + skip;
      ++line_no;
      have = true;
      return Status::success();
    }
  }

  // Skips the line at `begin` (terminator included), with its length in `length`.
  Status consume_long_line(std::size_t& length) {
    length = 0;
    while (true) {
      const char* p = buf.data() + begin;
      const std::size_t avail = end - begin;
      const void* nl = std::memchr(p, '\n', avail);
      const std::size_t limit = nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - p) : avail;
      const void* cr = std::memchr(p, '\r', limit);
      if (cr) {
        const auto pos = static_cast<std::size_t>(static_cast<const char*>(cr) - p);
        if (pos + 1 < avail || eof) {
          length += pos;
          begin += pos + (pos + 1 < avail && p[pos + 1] == '\n' ? 2 : 1);
          return Status::success();
        }
        length += pos;
        begin += pos;  // keep the CR: a LF may follow in the next read
      } else if (nl) {
        length += limit;
        begin += limit + 1;
        return Status::success();
      } else {
        length += avail;
        begin = end;
        if (eof) return Status::success();
      }
      const Status st = refill();
      if (!st) return st;
    }
  }

  // The shared check_line (no line over kMaxLineBytes, no NUL byte), with the length of
  // a line too long to hold.
  Status check_line(std::string_view line) const {
    return text::check_line(line, overlong > 0 ? overlong : line.size(), path, line_no);
  }

  // Rewinds to the first byte; with `header`, a CSV pass also reads its first line.
  Status start_pass(bool header = true) {
    if (std::fseek(file, 0, SEEK_SET) != 0) return Status::fail(Msg::io_cannot_rewind, {{"path", path}});
    std::clearerr(file);
    begin = end = 0;
    base = 0;
    eof = false;
    line_no = 0;
    labels = LabelReader();
    rows = positives = 0;
    last_data_line = 0;
    libsvm_first_line = 0;
    pending_first_row = false;
    pass_done = false;
    while (end < 3 && !eof) {
      const Status st = refill();
      if (!st) return st;
    }
    if (end >= 3 && std::memcmp(buf.data(), "\xEF\xBB\xBF", 3) == 0) begin = 3;
    if (end - begin >= 2 && (std::memcmp(buf.data() + begin, "\xFF\xFE", 2) == 0 ||
                             std::memcmp(buf.data() + begin, "\xFE\xFF", 2) == 0))
      return fail_at(path, 1, 1, Msg::read_utf16);
    return header && format == DataFormat::kCsv ? start_csv() : Status::success();
  }

  // ---- CSV: the first non-blank line fixes separator, columns, header and label column.
  Status start_csv() {
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
      const NumberParse r = parse_number(f, v);
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
    if (expected_d > 0 && d != expected_d)
      return fail_at(path, first_line, 1, Msg::read_d_mismatch,
                     {{"d", msg_int(d)}, {"expected_d", msg_int(expected_d)}});
    last_data_line = first_line;
    pending_first_row = !has_header;
    return Status::success();
  }

  template <class T>
  Status csv_row(T* out, int& label, bool is_first_row) {
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
      const NumberParse r = parse_number(fields[c], v);
      if (r != NumberParse::kOk) {
        const Message e = number_error(r, fields[c]);
        return fail_at(path, line, column, hint ? in_header_row(e) : e);
      }
      if (!store_value(v, out[j])) return fail_at(path, line, column, float_range_error(fields[c]));
      ++j;
    }
    return Status::success();
  }

  // The common CSV row, plain unquoted numbers, parsed in one scan without splitting
  // first. False for anything else (quotes, a wrong field count, a bad number or label),
  // and the caller takes the general path, which finds the same values or the exact error.
  template <class T>
  bool fast_csv_row(std::string_view line, T* out, int& label) {
    const char* p = line.data();
    const char* const e = p + line.size();
    std::size_t j = 0;
    for (std::size_t c = 0; c < columns; ++c) {
      const char* f = p;
      while (p < e && *p != sep) ++p;
      const std::string_view field = trim(std::string_view(f, static_cast<std::size_t>(p - f)));
      if (c + 1 < columns) {
        if (p == e) return false;
        ++p;
      } else if (p != e) {
        return false;
      }
      if (c == label_column) {
        if (!labels.read(field, line_no, label, error)) return false;
        continue;
      }
      double v = 0.0;
      if (parse_number(field, v) != NumberParse::kOk || !store_value(v, out[j])) return false;
      ++j;
    }
    return true;
  }

  // ---- LIBSVM: one line into a dense row of d values (out null: only checked, for the scan).
  template <class T>
  Status libsvm_row(std::string_view line, T* out, int& label, bool& is_row) {
    split_tokens(strip_comment(line), tokens);
    is_row = !tokens.empty();
    if (!is_row) return Status::success();
    const int ln = line_no;
    const Token& lt = tokens[0];
    if (lt.text.find(':') != std::string_view::npos)
      return fail_at(path, ln, lt.column, Msg::libsvm_label_first, {{"value", shown(lt.text)}});
    if (!labels.read(lt.text, ln, label, error)) return fail_at(path, ln, lt.column, error);
    const std::size_t index_limit =
        expected_d > 0 ? static_cast<std::size_t>(expected_d) : static_cast<std::size_t>(kMaxDimension);
    if (out) std::fill(out, out + d, T(0));
    std::size_t previous = 0;
    for (std::size_t t = 1; t < tokens.size(); ++t) {
      const Token& tok = tokens[t];
      const std::size_t colon = tok.text.find(':');
      if (colon == std::string_view::npos)
        return fail_at(path, ln, tok.column, Msg::libsvm_not_pair, {{"value", shown(tok.text)}});
      const std::string_view index_text = tok.text.substr(0, colon);
      const std::string_view value_text = tok.text.substr(colon + 1);
      if (iequals(index_text, "qid")) return fail_at(path, ln, tok.column, Msg::libsvm_qid);
      std::size_t index = 0;
      bool digits_ok = !index_text.empty();
      for (char c : index_text) {
        if (c < '0' || c > '9') {
          digits_ok = false;
          break;
        }
        if (index <= index_limit) index = index * 10 + static_cast<std::size_t>(c - '0');
      }
      if (!digits_ok)
        return fail_at(path, ln, tok.column, Msg::libsvm_index_not_whole, {{"value", shown(index_text)}});
      if (index == 0) return fail_at(path, ln, tok.column, Msg::libsvm_index_zero);
      if (index > index_limit) return fail_at(path, ln, tok.column, index_above(index_text, expected_d));
      if (index <= previous)
        return fail_at(path, ln, tok.column, Msg::libsvm_index_order,
                       {{"index", msg_uint(index)}, {"previous", msg_uint(previous)}});
      previous = index;
      double value = 0.0;
      const NumberParse r = parse_number(value_text, value);
      const int value_column = tok.column + static_cast<int>(colon) + 1;
      if (r != NumberParse::kOk) return fail_at(path, ln, value_column, value_error(r, value_text, index));
      if (index > max_index) max_index = index;
      if (out) {
        if (index > static_cast<std::size_t>(d))
          return fail_at(path, ln, tok.column, Msg::stream_index_above_d, {{"index", msg_uint(index)}, {"d", msg_int(d)}});
        if (!store_value(value, out[index - 1])) return fail_at(path, ln, value_column, float_range_error(value_text));
      }
    }
    return Status::success();
  }

  // Checks at the end of a pass: rows present, both classes, the same rows as before.
  Status finish_pass() {
    pass_done = true;
    if (format == DataFormat::kCsv) {
      if (rows == 0) return fail_at(path, first_line, 1, Msg::csv_no_rows_after_header);
    } else {
      if (rows == 0) return fail_at(path, 1, 1, Msg::libsvm_empty);
      if ((expected_d > 0 ? static_cast<std::size_t>(expected_d) : max_index) == 0)
        return fail_at(path, libsvm_first_line, 1, Msg::libsvm_no_pairs);
    }
    if (positives == 0 || positives == rows) {
      const int column = format == DataFormat::kCsv ? static_cast<int>(label_column) + 1 : 1;
      return fail_at(path, last_data_line, column, Msg::read_one_class,
                     {{"count", msg_uint(rows)}, {"label", positives == 0 ? "-1" : "+1"}});
    }
    if (passes_done > 0 && rows != first_pass_rows)
      return fail_at(path, 0, 0, Msg::stream_file_changed,
                     {{"first_rows", msg_uint(first_pass_rows)}, {"rows", msg_uint(rows)}});
    if (passes_done == 0) first_pass_rows = rows;
    ++passes_done;
    return Status::success();
  }

  template <class T>
  Status read(std::size_t max_rows, std::vector<T>& x, std::vector<int>& y) {
    x.clear();
    y.clear();
    if (pass_done || file == nullptr) return Status::success();
    if (max_rows == 0) max_rows = 1;
    const auto width = static_cast<std::size_t>(d);
    std::string_view line;
    bool have = false;
    while (y.size() < max_rows) {
      int label = 0;
      if (format == DataFormat::kCsv) {
        if (pending_first_row) {
          pending_first_row = false;
          x.resize(x.size() + width);
          const Status st = csv_row(x.data() + x.size() - width, label, true);
          if (!st) return st;
        } else {
          Status st = next_line(line, have);
          if (!st) return st;
          if (!have) return finish_pass();
          st = check_line(line);
          if (!st) return st;
          if (is_blank(line)) continue;
          x.resize(x.size() + width);
          T* row = x.data() + x.size() - width;
          if (!fast_csv_row(line, row, label)) {
            int error_column = 0;
            if (!split_fields(line, sep, fields, field_storage, error, error_column))
              return fail_at(path, line_no, error_column, error);
            st = csv_row(row, label, false);
            if (!st) return st;
          }
        }
      } else {
        Status st = next_line(line, have);
        if (!st) return st;
        if (!have) return finish_pass();
        st = check_line(line);
        if (!st) return st;
        bool is_row = false;
        if (scanning) {
          st = libsvm_row<T>(line, nullptr, label, is_row);
        } else {
          x.resize(x.size() + width);
          st = libsvm_row(line, x.data() + x.size() - width, label, is_row);
          if (st && !is_row) x.resize(x.size() - width);
        }
        if (!st) return st;
        if (!is_row) continue;
        if (libsvm_first_line == 0) libsvm_first_line = line_no;
      }
      y.push_back(label);
      positives += label > 0;
      ++rows;
      last_data_line = line_no;
    }
    return Status::success();
  }
};

DataStream::DataStream() : impl_(std::make_unique<Impl>()) {}
DataStream::~DataStream() = default;

Status DataStream::open(const std::string& path, int expected_d, std::size_t buffer_bytes) {
  impl_ = std::make_unique<Impl>();
  Impl& s = *impl_;
  s.path = path;
  if (expected_d < 0 || expected_d > kMaxDimension)
    return fail_at(path, 0, 0, Msg::read_expected_d_range,
                   {{"expected_d", msg_int(expected_d)}, {"limit", msg_int(kMaxDimension)}});
  s.expected_d = expected_d;
  s.file = std::fopen(path.c_str(), "rb");
  if (!s.file) return Status::fail(Msg::io_cannot_open, {{"path", path}, {"reason", std::strerror(errno)}});
  if (std::fseek(s.file, 0, SEEK_END) == 0) {
    const long at = std::ftell(s.file);
    if (at > 0) s.size = static_cast<std::uint64_t>(at);
  }
  s.buf.resize(buffer_bytes < 4096 ? 4096 : buffer_bytes);

  // Format: by extension, else by the content of the first buffer (whole lines), as guess_format.
  Status st = s.start_pass(false);
  if (!st) return st;
  std::size_t prefix = s.end;
  while (prefix > 0 && s.buf[prefix - 1] != '\n' && s.buf[prefix - 1] != '\r' && !s.eof) --prefix;
  if (prefix == 0) prefix = s.end;
  s.format = guess_format(path, std::string(s.buf.data(), prefix));
  st = s.start_pass();
  if (!st) return st;
  if (s.format == DataFormat::kLibsvm) {
    // One pass to find d (the largest index) and check every line.
    s.scanning = true;
    std::vector<double> x;
    std::vector<int> y;
    do {
      st = s.read(std::size_t{1} << 16, x, y);
      if (!st) return st;
    } while (!y.empty());
    s.scanning = false;
    s.d = expected_d > 0 ? expected_d : static_cast<int>(s.max_index);
    st = s.start_pass();  // the scan was the first complete pass: later ones must match its row count
    if (!st) return st;
  }
  return Status::success();
}

Status DataStream::read(std::size_t max_rows, std::vector<double>& x, std::vector<int>& y) {
  return impl_->read(max_rows, x, y);
}
Status DataStream::read(std::size_t max_rows, std::vector<float>& x, std::vector<int>& y) {
  return impl_->read(max_rows, x, y);
}
Status DataStream::rewind() {
  if (impl_->file == nullptr) return Status::fail(Msg::stream_not_open);
  return impl_->start_pass();
}
int DataStream::d() const { return impl_->d; }
DataFormat DataStream::format() const { return impl_->format; }
const std::vector<std::string>& DataStream::feature_names() const { return impl_->names; }
std::uint64_t DataStream::file_size() const { return impl_->size; }
std::uint64_t DataStream::position() const { return impl_->base + impl_->begin; }
std::uint64_t DataStream::rows() const { return impl_->rows; }
std::uint64_t DataStream::rows_per_pass() const { return impl_->passes_done > 0 ? impl_->first_pass_rows : 0; }
std::size_t DataStream::buffer_capacity() const { return impl_->buf.size(); }

// ---------------------------------------------------------------- whole files

namespace {
template <class D, class T>
Status load_into(const std::string& path, D& out, int expected_d) {
  DataStream s;
  Status st = s.open(path, expected_d);
  if (!st) return st;
  D r;
  r.d = s.d();
  if (s.rows_per_pass() > 0) {  // LIBSVM: known from the scan, so no reallocation on the way
    r.x.reserve(static_cast<std::size_t>(s.rows_per_pass()) * static_cast<std::size_t>(s.d()));
    r.y.reserve(static_cast<std::size_t>(s.rows_per_pass()));
  }
  std::vector<T> x;
  std::vector<int> y;
  while (true) {
    st = s.read(std::size_t{1} << 16, x, y);
    if (!st) return st;
    if (y.empty()) break;
    r.x.insert(r.x.end(), x.begin(), x.end());
    r.y.insert(r.y.end(), y.begin(), y.end());
  }
  out = std::move(r);
  return Status::success();
}
}  // namespace

Status load_stream(const std::string& path, Dataset& out, int expected_d) {
  return load_into<Dataset, double>(path, out, expected_d);
}
Status load_stream(const std::string& path, DatasetF32& out, int expected_d) {
  return load_into<DatasetF32, float>(path, out, expected_d);
}

// ---------------------------------------------------------------- stream_train

namespace {

template <class T>
Status stream_train_typed(const std::string& path, const LearnerConfig& cfg, const StopRules& rules, DType dtype,
                          TrainResult& out, StreamTrainStats* stats, const StreamProgressFn& progress,
                          std::size_t buffer_bytes) {
  Status st = fast_supports(cfg);
  if (!st) return st;
  if (rules.max_epochs == 0 && rules.max_updates == 0) return Status::fail(Msg::train_no_stop_rule);
  if (rules.patience > 0) return Status::fail(Msg::stream_no_validation);
  PerceptronConfig pc = cfg.pla;
  if (cfg.algo != Algo::Margin) pc.tau = 0.0;
  FastPerceptron probe;
  st = probe.reset(1, pc, dtype);  // eta / tau / order checks before touching the file
  if (!st) return st;

  DataStream s;
  st = s.open(path, 0, buffer_bytes);
  if (!st) return st;
  StreamTrainStats info;
  info.d = s.d();
  info.passes = s.format() == DataFormat::kLibsvm ? 1 : 0;
  FastPerceptron p;
  st = p.reset(s.d(), pc, dtype);
  if (!st) return st;
  p.set_update_limit(rules.max_updates);

  // About 1 MB of rows per batch (at least one row).
  const auto d = static_cast<std::size_t>(s.d());
  const std::size_t batch = std::max<std::size_t>(1, (std::size_t{1} << 20) / (d * sizeof(T)));
  std::vector<T> x;
  std::vector<int> y;
  StreamProgress pr;
  pr.bytes_total = s.file_size();
  auto report = [&]() {
    if (!progress) return;
    pr.bytes_done = s.position();
    pr.updates = p.updates();
    progress(pr);
  };

  StopReason reason = StopReason::None;
  bool first = true;
  while (reason == StopReason::None) {
    if (!first) {
      st = s.rewind();
      if (!st) return st;
    }
    first = false;
    ++info.passes;
    pr.epoch = p.epoch() + 1;
    bool epoch_end = false;
    while (true) {
      st = s.read(batch, x, y);
      if (!st) return st;
      if (y.empty()) {
        epoch_end = true;
        break;
      }
      const std::size_t visited = p.visit(x.data(), y.data(), y.size());
      report();
      if (p.diverged() || p.update_limit_reached()) {
        if (visited == y.size()) {
          // The stop came on the last row of this batch: the epoch ended with it if no row follows.
          st = s.read(1, x, y);
          if (!st) return st;
          epoch_end = y.empty();
        }
        break;
      }
    }
    if (epoch_end) p.end_epoch();
    // A pass that did not end stopped on divergence or the update limit, which stop_rule names.
    reason = stop_rule(rules, progress_of(p));
  }

  // Mistakes and accuracy of the final weights: free after a clean epoch, else one more pass.
  FastPerceptron::Tally tally;
  if (p.converged()) {
    info.n = s.rows_per_pass();
    tally.mistakes = 0;
    tally.correct = static_cast<std::size_t>(info.n);
  } else {
    st = s.rewind();
    if (!st) return st;
    ++info.passes;
    pr.epoch = 0;
    while (true) {
      st = s.read(batch, x, y);
      if (!st) return st;
      if (y.empty()) break;
      const FastPerceptron::Tally t = p.tally(x.data(), y.data(), y.size());
      tally.mistakes += t.mistakes;
      tally.correct += t.correct;
      report();
    }
    info.n = s.rows_per_pass();
  }
  TrainResult r = fast_result(p, reason, rules, tally.mistakes, static_cast<std::size_t>(info.n));
  info.train_accuracy = info.n == 0 ? 1.0 : static_cast<double>(tally.correct) / static_cast<double>(info.n);
  info.peak_buffer_bytes = s.buffer_capacity();
  out = std::move(r);
  if (stats) *stats = info;
  return Status::success();
}

}  // namespace

Status stream_train(const std::string& path, const LearnerConfig& cfg, const StopRules& rules, DType dtype,
                    TrainResult& out, StreamTrainStats* stats, const StreamProgressFn& progress,
                    std::size_t buffer_bytes) {
  return dtype == DType::Float32
             ? stream_train_typed<float>(path, cfg, rules, dtype, out, stats, progress, buffer_bytes)
             : stream_train_typed<double>(path, cfg, rules, dtype, out, stats, progress, buffer_bytes);
}

// ---------------------------------------------------------------- generate_stream

namespace {

// k / 10^4 (|k| <= 10^4) with at most 4 decimals and no trailing zeros: "-0.1234", "0.05", "1", "0".
char* write_fixed4(char* p, int k) {
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

char* write_uint(char* p, std::uint64_t v) {
  char tmp[24];
  int n = 0;
  do {
    tmp[n++] = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v != 0);
  while (n > 0) *p++ = tmp[--n];
  return p;
}

}  // namespace

Status generate_stream(const GenSpec& spec, const std::string& path, GenTruth* truth, StreamGenStats* stats,
                       const std::function<void(std::uint64_t)>& progress) {
  if (spec.kind != "separable") return Status::fail(Msg::stream_gen_kind, {{"kind", spec.kind}});
  if (spec.n < 2 || static_cast<std::uint64_t>(spec.n) > 1000000000000ULL) return Status::fail(Msg::stream_gen_n);
  if (spec.d < 1 || spec.d > kMaxDimension) return Status::fail(Msg::stream_gen_d, {{"limit", msg_int(kMaxDimension)}});
  if (!(spec.margin >= 0.0) || !(spec.margin < 1.0)) return Status::fail(Msg::stream_gen_margin);
  const auto d = static_cast<std::size_t>(spec.d);
  const bool libsvm = has_libsvm_extension(path);

  Rng rng(spec.seed);
  // The plane: a random unit normal (normal coordinates, normalised), b uniform in [-0.25, 0.25).
  std::vector<double> w(d);
  double norm_sq = 0.0;
  while (norm_sq == 0.0) {
    norm_sq = 0.0;
    for (double& v : w) {
      v = rng.normal();
      norm_sq += v * v;
    }
  }
  const double norm = std::sqrt(norm_sq);
  for (double& v : w) v /= norm;
  const double b = rng.uniform(-0.25, 0.25);
  norm_sq = 0.0;
  for (double v : w) norm_sq += v * v;
  const double threshold = spec.margin * std::sqrt(norm_sq) * (1.0 + 1e-12);

  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return Status::fail(Msg::io_cannot_open_write, {{"path", path}, {"reason", std::strerror(errno)}});
  std::vector<char> out(std::size_t{4} << 20);
  std::size_t used = 0;
  std::uint64_t bytes = 0;
  bool write_ok = true;
  auto flush = [&]() {
    if (used > 0 && std::fwrite(out.data(), 1, used, f) != used) write_ok = false;
    bytes += used;
    used = 0;
  };
  if (!libsvm) {
    std::string header;
    for (std::size_t j = 0; j < d; ++j) header += "x" + std::to_string(j + 1) + ",";
    header += "label\n";
    if (std::fwrite(header.data(), 1, header.size(), f) != header.size()) write_ok = false;
    bytes += header.size();
  }
  // The longest row: d values of up to 7 characters, d indices and separators, a label.
  const std::size_t row_max = d * (libsvm ? 16 : 8) + 8;
  if (out.size() < 2 * row_max) out.resize(2 * row_max);

  std::vector<int> k(d);
  std::vector<double> x(d);
  const std::uint64_t budget = 1000 + 200 * static_cast<std::uint64_t>(spec.n);
  std::uint64_t draws = 0, positives = 0;
  for (std::size_t i = 0; i < spec.n && write_ok; ++i) {
    const int needed = (i + 1 == spec.n) ? (positives == 0 ? 1 : positives == i ? -1 : 0) : 0;
    int label = 0;
    while (true) {
      if (draws++ >= budget) {
        std::fclose(f);
        return Status::fail(Msg::stream_gen_separable, {{"n", msg_uint(spec.n)}, {"margin", format_number(spec.margin)}});
      }
      double s = 0.0;
      for (std::size_t j = 0; j < d; ++j) {
        k[j] = static_cast<int>(rng.below(20001)) - 10000;
        x[j] = k[j] / 10000.0;  // correctly rounded: the double the text reads back as
        s += w[j] * x[j];
      }
      s += b;
      if (std::fabs(s) < threshold || s == 0.0) continue;
      label = s > 0.0 ? 1 : -1;
      if (needed != 0 && label != needed) continue;
      break;
    }
    positives += label > 0;
    if (out.size() - used < row_max) flush();
    char* p = out.data() + used;
    if (libsvm) {
      *p++ = label > 0 ? '+' : '-';
      *p++ = '1';
      for (std::size_t j = 0; j < d; ++j) {
        *p++ = ' ';
        p = write_uint(p, j + 1);
        *p++ = ':';
        p = write_fixed4(p, k[j]);
      }
    } else {
      for (std::size_t j = 0; j < d; ++j) {
        p = write_fixed4(p, k[j]);
        *p++ = ',';
      }
      if (label < 0) *p++ = '-';
      *p++ = '1';
    }
    *p++ = '\n';
    used = static_cast<std::size_t>(p - out.data());
    if (progress && (i & 0xFFFF) == 0xFFFF) progress(i + 1);
  }
  flush();
  const bool closed = std::fclose(f) == 0;
  if (!write_ok || !closed) return Status::fail(Msg::io_cannot_write, {{"path", path}});
  if (progress) progress(spec.n);
  if (truth) {
    truth->has_plane = true;
    truth->w = w;
    truth->b = b;
    truth->flipped.clear();
  }
  if (stats) {
    stats->rows = spec.n;
    stats->positives = positives;
    stats->bytes = bytes;
  }
  return Status::success();
}

}  // namespace pla
