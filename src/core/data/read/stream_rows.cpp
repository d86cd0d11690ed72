// Perceptron Lab core: reading rows of a DataStream (stream_state.hpp): the row loop every
// format shares (read_append: CSV and LIBSVM a line at a time through their readers, .npy
// from its array), the checks at the end of a pass, the format of a new stream and the first
// pass it starts, and the estimate of the rows per pass.
#include <algorithm>

#include "core/data/read/stream_state.hpp"

namespace pla {

using namespace text;

// Checks at the end of a pass: rows present, both classes, the same rows as before.
Status DataStream::Impl::finish_pass() {
  pass_done = true;
  if (format == DataFormat::kCsv) {
    if (rows == 0) return fail_at(path, first_line, 1, Msg::csv_no_rows_after_header);
  } else if (format == DataFormat::kLibsvm) {
    if (rows == 0) return fail_at(path, 1, 1, Msg::libsvm_empty);
    const std::size_t dd = opts.expected_d > 0 ? static_cast<std::size_t>(opts.expected_d) : max_index;
    if (dd == 0) return fail_at(path, libsvm_first_line, 1, Msg::libsvm_no_pairs);
    if (opts.max_values > 0 && rows > opts.max_values / dd)
      return fail_at(path, max_index_line > 0 ? max_index_line : last_data_line,
                     max_index_column > 0 ? max_index_column : 1, Msg::libsvm_too_many_rows,
                     {{"rows", msg_uint(rows)}, {"d", msg_uint(dd)}, {"limit", msg_uint(opts.max_values)}});
  }
  if (positives == 0 || positives == rows) {
    const int column = format == DataFormat::kCsv ? static_cast<int>(label_column) + 1 : 1;
    return fail_at(path, format == DataFormat::kNpy ? 0 : last_data_line, format == DataFormat::kNpy ? 0 : column,
                   Msg::read_one_class, {{"count", msg_uint(rows)}, {"label", positives == 0 ? "-1" : "+1"}});
  }
  if (passes_done > 0 && rows != first_pass_rows)
    return fail_at(path, 0, 0, Msg::stream_file_changed,
                   {{"first_rows", msg_uint(first_pass_rows)}, {"rows", msg_uint(rows)}});
  if (passes_done == 0) first_pass_rows = rows;
  ++passes_done;
  return Status::success();
}

template <class T>
Status DataStream::Impl::read_append(std::size_t max_rows, std::vector<T>& x, std::vector<int>& y) {
  if (pass_done || (file == nullptr && mem == nullptr && format != DataFormat::kNpy)) return Status::success();
  if (max_rows == 0) max_rows = 1;
  if (format == DataFormat::kNpy) return npy_read(max_rows, x, y);
  const std::size_t start = y.size();
  stream::RowWriter<T> out(x, static_cast<std::size_t>(d), max_rows);
  while (y.size() - start < max_rows) {
    int label = 0;
    stream::LineRead got = stream::LineRead::kRow;
    const Status st = format == DataFormat::kCsv ? csv_next(out, label, got) : libsvm_next(out, label, got);
    if (!st) return st;
    if (got == stream::LineRead::kEnd) return finish_pass();
    if (got == stream::LineRead::kSkip) continue;
    y.push_back(label);
    positives += label > 0;
    ++rows;
    last_data_line = line_no;
    if ((rows & 255) == 0) release_read();
  }
  release_read();
  return Status::success();
}

template Status DataStream::Impl::read_append<double>(std::size_t, std::vector<double>&, std::vector<int>&);
template Status DataStream::Impl::read_append<float>(std::size_t, std::vector<float>&, std::vector<int>&);

// Rows per pass from the first window of a text file: its size over the mean length of
// the lines seen so far (exact when the whole file is in the window).
void DataStream::Impl::estimate_rows() {
  const char* w = window();
  // A mapped file is sampled over its first kStreamBufferBytes, as a read one would be.
  std::size_t stop = end;
#ifdef PLA_HAVE_MMAP
  if (text_map) stop = std::min<std::size_t>(end, begin + kStreamBufferBytes);
#endif
  std::size_t lines = 0;
  for (const char* p = w + begin; p < w + stop;) {
    const void* nl = std::memchr(p, '\n', static_cast<std::size_t>(w + stop - p));
    if (!nl) break;
    ++lines;
    p = static_cast<const char*>(nl) + 1;
  }
  const std::uint64_t seen = stop - begin;
  const std::uint64_t rest = size > base + begin ? size - (base + begin) : 0;
  const std::uint64_t first = pending_first_row ? 1 : 0;  // the first line, already read, is data
  if (stop == end && (eof || (size > 0 && base + end >= size))) {  // the whole file is in the window
    const bool open_end = end > begin && w[end - 1] != '\n' && w[end - 1] != '\r';
    estimate = first + lines + (open_end ? 1 : 0);
  } else if (lines == 0) {
    estimate = first + (rest > 0 ? 1 : 0);
  } else {
    estimate = first + static_cast<std::uint64_t>(static_cast<double>(rest) * static_cast<double>(lines) /
                                                  static_cast<double>(seen)) + 1;
  }
}

// Format from the options, the extension, then the content, as guess_format.
Status DataStream::Impl::detect_and_start(std::size_t prefix_bytes) {
  const std::string_view head(window(), prefix_bytes);
  if (opts.has_format) {
    format = opts.format;
  } else if (ends_with_ci(path, ".npy") || is_npy(head)) {
    format = DataFormat::kNpy;
  } else {
    std::size_t prefix = prefix_bytes;
    while (prefix > 0 && window()[prefix - 1] != '\n' && window()[prefix - 1] != '\r' && !eof) --prefix;
    if (prefix == 0) prefix = prefix_bytes;
    format = guess_format(path, std::string(window(), prefix));
  }
  if (!opts.labels_path.empty() && format != DataFormat::kNpy)
    return Status::fail(Msg::npy_labels_need_npy, {{"file", path}});
  if (format == DataFormat::kNpy) {
    npy_labels = !opts.labels_path.empty();
    if (mem) return open_npy(mem, static_cast<std::size_t>(size));
    std::fclose(file);
    file = nullptr;
    Status st = npy_file.load(path);
    if (!st) return st;
    size = npy_file.size;
    return open_npy(npy_file.data, npy_file.size);
  }
  Status st = start_pass();
  if (!st) return st;
  if (format == DataFormat::kLibsvm) {
    // One pass to find d (the largest index) and check every line.
    scanning = true;
    std::vector<double> x;
    std::vector<int> y;
    do {
      st = read(std::size_t{1} << 16, x, y);
      if (!st) return st;
    } while (!y.empty());
    scanning = false;
    d = opts.expected_d > 0 ? opts.expected_d : static_cast<int>(max_index);
    estimate = first_pass_rows;
    return start_pass();  // the scan was the first complete pass: later ones must match its row count
  }
  estimate_rows();
  return Status::success();
}

}  // namespace pla
