// Perceptron Lab core: LIBSVM rows of a DataStream (stream_state.hpp): a label, then
// index:value pairs with increasing 1-based indexes into a dense row of d values (d is the
// largest index in the file: open() finds it with a scan of every line). The common row is
// read in one scan; anything else (a comment, qid, a bad token) takes the general path,
// which finds the same row or the exact error.
#include <algorithm>

#include "core/data/read/stream_state.hpp"

namespace pla {

using namespace text;

// The common LIBSVM row, label then index:value pairs with increasing indexes, blanks
// between, parsed in one scan (out null: only checked, for the scan that finds d). False for
// anything else (a comment, qid, a bad token, a blank line), and the caller takes the
// general path below, which finds the same row or the exact error.
template <class T>
bool DataStream::Impl::fast_libsvm_row(std::string_view line, T* out, int& label) {
  if (opts.general_rows) return false;
  const char* p = line.data();
  const char* const e = p + line.size();
  const char* const limit = window() + end;  // as in fast_csv_row
  const fast_float::parse_options options(fast_float::chars_format::general, '.');
  auto blank = [](char c) { return c == ' ' || c == '\t'; };
  double lv = 0.0;
  p = stream::fast_label(p, e, options, lv, blank);
  if (p == nullptr || (p != e && !blank(*p)) || !labels.accept(lv, line_no, label, error)) return false;
  const std::size_t index_limit =
      opts.expected_d > 0 ? static_cast<std::size_t>(opts.expected_d) : static_cast<std::size_t>(kMaxDimension);
  if (out) std::fill(out, out + d, T(0));
  std::size_t previous = 0;
  while (true) {
    while (p < e && blank(*p)) ++p;
    if (p == e) return true;
    const char* const token = p;
    std::size_t index = 0;
    while (p < e && static_cast<unsigned char>(*p - '0') < 10 && p - token < 10)
      index = index * 10 + static_cast<std::size_t>(*p - '0'), ++p;
    if (p == token || p == e || *p != ':' || index == 0 || index <= previous || index > index_limit) return false;
    ++p;
    double v = 0.0;
    const char* const next = stream::fast_value(p, e, limit, options, v);
    if (next == nullptr || (next != e && !blank(*next)) || !std::isfinite(v)) return false;
    if (index > max_index) {
      max_index = index;
      max_index_line = line_no;
      max_index_column = static_cast<int>(token - line.data()) + 1;
    }
    if (out) {
      if (index > static_cast<std::size_t>(d) || !stream::store_value(v, out[index - 1])) return false;
    }
    previous = index;
    p = next;
  }
}

// One line into a dense row of d values, by the general path.
template <class T>
Status DataStream::Impl::libsvm_row(std::string_view line, T* out, int& label, bool& is_row) {
  split_tokens(strip_comment(line), tokens);
  is_row = !tokens.empty();
  if (!is_row) return Status::success();
  const int ln = line_no;
  const Token& lt = tokens[0];
  if (lt.text.find(':') != std::string_view::npos)
    return fail_at(path, ln, lt.column, Msg::libsvm_label_first, {{"value", shown(lt.text)}});
  if (!labels.read(lt.text, ln, label, error)) return fail_at(path, ln, lt.column, error);
  const std::size_t index_limit =
      opts.expected_d > 0 ? static_cast<std::size_t>(opts.expected_d) : static_cast<std::size_t>(kMaxDimension);
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
    if (index > index_limit) return fail_at(path, ln, tok.column, index_above(index_text, opts.expected_d));
    if (index <= previous)
      return fail_at(path, ln, tok.column, Msg::libsvm_index_order,
                     {{"index", msg_uint(index)}, {"previous", msg_uint(previous)}});
    previous = index;
    double value = 0.0;
    const NumberParse r = parse_number(value_text, value);
    const int value_column = tok.column + static_cast<int>(colon) + 1;
    if (r != NumberParse::kOk) return fail_at(path, ln, value_column, value_error(r, value_text, index));
    if (index > max_index) {
      max_index = index;
      max_index_line = ln;
      max_index_column = tok.column;
    }
    if (out) {
      if (index > static_cast<std::size_t>(d))
        return fail_at(path, ln, tok.column, Msg::stream_index_above_d, {{"index", msg_uint(index)}, {"d", msg_int(d)}});
      if (!stream::store_value(value, out[index - 1])) return fail_at(path, ln, value_column, stream::float_range_error(value_text));
    }
  }
  return Status::success();
}


template <class T>
Status DataStream::Impl::libsvm_next(stream::RowWriter<T>& out, int& label, stream::LineRead& got) {
  got = stream::LineRead::kSkip;
  std::string_view line;
  Status st = next_row_line(line, got);
  if (!st || got == stream::LineRead::kEnd) return st;
  bool is_row = false;
  T* const row = scanning ? nullptr : out.next();
  if (fast_libsvm_row(line, row, label)) {
    is_row = true;
  } else {
    if (std::memchr(line.data(), '\0', line.size())) {  // as for CSV: the fast path takes no NUL
      st = check_line(line);
      if (!st) return st;
    }
    st = libsvm_row(line, row, label, is_row);
    if (st && !is_row && row) out.drop();
  }
  if (!st) return st;
  if (!is_row) return Status::success();
  if (libsvm_first_line == 0) libsvm_first_line = line_no;
  if (scanning && opts.max_values > 0) {
    // n * d stays bounded while reading (d so far: the largest index, or expected_d).
    const std::size_t d_so_far = opts.expected_d > 0 ? static_cast<std::size_t>(opts.expected_d)
                                                     : std::max<std::size_t>(max_index, 1);
    if (rows + 1 > opts.max_values / d_so_far)
      return fail_at(path, line_no, 1, Msg::read_too_much_data, {{"limit", msg_uint(opts.max_values)}});
  }
  got = stream::LineRead::kRow;
  return Status::success();
}

template Status DataStream::Impl::libsvm_next<double>(stream::RowWriter<double>&, int&, stream::LineRead&);
template Status DataStream::Impl::libsvm_next<float>(stream::RowWriter<float>&, int&, stream::LineRead&);

}  // namespace pla
