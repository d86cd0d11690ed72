// Perceptron Lab core: the state of a DataStream (data_stream.hpp), shared by the files
// of the reader, each of which does one job with it:
//   stream_source.cpp   the bytes: a mapping or a buffer, refills, lines, passes
//   stream_csv.cpp      CSV: the first line (separator, header, label column), rows, fast rows
//   stream_libsvm.cpp   LIBSVM rows (fast and general)
//   stream_npy.cpp      .npy: the arrays, rows from them
//   stream_rows.cpp     reading rows (read_append), the end-of-pass checks, the format, the row estimate
//   data_stream.cpp     the public class over this state, and whole files into memory
// Internal to those files. The small helpers called per field are inline here, so they are
// compiled inside each reader (these files are built with -O3 in wasm).
#pragma once
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "core/data/read/data_stream.hpp"
#include "core/data/read/file_bytes.hpp"
#include "core/data/read/npy.hpp"
#include "core/data/read/text_parse.hpp"

namespace pla {

namespace stream {

// Stores v as T: false when T is float and v is beyond its range.
template <class T>
bool store_value(double v, T& out) {
  if (sizeof(T) == sizeof(float) && std::fabs(v) > static_cast<double>(FLT_MAX) &&
      std::isinf(static_cast<float>(v)))
    return false;
  out = static_cast<T>(v);
  return true;
}

inline Message float_range_error(std::string_view text) {
  return Message(Msg::stream_float32_range, {{"value", text::shown(text)}});
}

// The fast rows' fields (CSV and LIBSVM). A label: 1, -1 and +1 when `ends` takes the byte
// after them, else what fast_float reads; a value: the plain decimal reader, which may read
// ahead up to `limit`, else fast_float. The end of the field, or nullptr.
template <class Ends>
const char* fast_label(const char* p, const char* e, const fast_float::parse_options& options, double& v, Ends ends) {
  const char* const one = p + (p < e && (*p == '-' || *p == '+'));
  if (one < e && *one == '1' && (one + 1 == e || ends(one[1]))) {
    v = *p == '-' ? -1.0 : 1.0;
    return one + 1;
  }
  const fast_float::from_chars_result r = fast_float::from_chars_advanced(p, e, v, options);
  return r.ec == std::errc() ? r.ptr : nullptr;
}
inline const char* fast_value(const char* p, const char* e, const char* limit, const fast_float::parse_options& options,
                              double& v) {
  const char* next = text::parse_plain_decimal(p, limit, v, options.decimal_point);
  if (next != nullptr && next <= e) return next;
  const fast_float::from_chars_result r = fast_float::from_chars_advanced(p, e, v, options);
  return r.ec == std::errc() ? r.ptr : nullptr;
}

// The first line terminator (LF, CR LF or a lone CR) in the `avail` bytes at p: `len` bytes
// come before it and it is `skip` bytes long. skip 0: no whole terminator is held, and `len`
// is avail, or the place of a CR that is the last byte held (a LF may follow in the next
// read; at the end of the data, `eof`, that CR is a terminator of its own).
struct Terminator {
  std::size_t len = 0, skip = 0;
};
inline Terminator find_terminator(const char* p, std::size_t avail, bool eof) {
  const void* nl = std::memchr(p, '\n', avail);
  const std::size_t limit = nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - p) : avail;
  const void* cr = std::memchr(p, '\r', limit);
  if (cr) {
    const auto len = static_cast<std::size_t>(static_cast<const char*>(cr) - p);
    if (len + 1 < avail) return {len, std::size_t{p[len + 1] == '\n' ? 2u : 1u}};
    return {len, std::size_t{eof ? 1u : 0u}};
  }
  if (nl) return {limit, 1};
  return {avail, 0};
}

// What reading one line gave: a row, a line that holds none (blank, a comment), or the end of the pass.
enum class LineRead { kRow, kSkip, kEnd };

// The rows of a read_append call, written in place: x grows by blocks of rows and is cut
// back to the rows read when the call ends (an error included).
template <class T>
class RowWriter {
 public:
  RowWriter(std::vector<T>& x, std::size_t width, std::size_t max_rows) : x_(x), width_(width), used_(x.size()) {
    // Grown by up to 4096 rows, but never by more than 8 MB of doubles at once: a block of
    // 4096 rows of 100,000 features would be 3.2 GB (more than a wasm heap holds).
    constexpr std::size_t kMaxBlockValues = std::size_t{1} << 20;
    const std::size_t block_rows = std::max<std::size_t>(1, std::min<std::size_t>(
        std::min<std::size_t>(max_rows, 4096), kMaxBlockValues / (width ? width : 1)));
    block_ = block_rows * width;
  }
  RowWriter(const RowWriter&) = delete;
  RowWriter& operator=(const RowWriter&) = delete;
  ~RowWriter() { x_.resize(used_); }
  // Room for the next row.
  T* next() {
    if (used_ + width_ > x_.size()) x_.resize(std::max(used_ + width_, x_.size() + block_));
    used_ += width_;
    return x_.data() + used_ - width_;
  }
  // Gives back the row next() gave last (it held no row).
  void drop() { used_ -= width_; }

 private:
  std::vector<T>& x_;
  std::size_t width_, block_ = 0, used_;
};

}  // namespace stream

struct DataStream::Impl {
  // ---- source: a file read through `buf`, or bytes in memory (`mem`, not owned)
  std::string path;
  std::FILE* file = nullptr;
  const char* mem = nullptr;
  std::uint64_t size = 0;
  std::vector<char> buf;
  std::size_t begin = 0, end = 0;
  std::uint64_t base = 0;  // source offset of byte 0 of the window
  bool eof = false;
  int line_no = 0;
  std::size_t overlong = 0;  // the length of the last line when it was too long to hold

  // ---- options and format (fixed by open)
  ReadOptions opts;
  DataFormat format = DataFormat::kCsv;
  int d = 0;
  std::vector<std::string> names;
  // CSV
  char sep = ',';
  std::size_t columns = 0, label_column = 0;
  bool has_header = false, any_name = false;
  int first_line = 0;
  // decimal mark: '.' or ',' once known, 0 while a ';' / tab file has not shown one
  char mark = '.';
  bool mark_forced = false;
  int mark_line = 0;  // the line that showed the mark
  // LIBSVM: true during open()'s scan, which finds d
  bool scanning = false;
  std::size_t max_index = 0;
  int max_index_line = 0, max_index_column = 0;
  // NPY
  FileBytes npy_file, labels_file;
  NpyArray npy_x, npy_y;
  bool npy_labels = false;  // labels in their own array
  long long npy_row_of_minus = 0, npy_row_of_zero = 0;

  // ---- the pass under way
  text::LabelReader labels;
  std::uint64_t rows = 0, positives = 0, first_pass_rows = 0;
  std::uint64_t passes_done = 0;
  int last_data_line = 0;
  int libsvm_first_line = 0;
  bool pending_first_row = false;  // CSV without header: the first line, already split, is data
  bool pass_done = false;
  std::uint64_t estimate = 0;  // rows per pass, estimated when the file was opened

  // ---- scratch
  std::vector<std::string_view> fields;
  std::vector<text::CsvField> field_storage;
  std::vector<text::Token> tokens;
  Message error;

#ifdef PLA_HAVE_MMAP
  // A regular file is mapped and read in place, with no copy into `buf`. The pages a pass
  // has read are handed back every kReleaseBytes, so that a pass holds little of the file
  // (they stay in the page cache for the next pass).
  static constexpr std::size_t kReleaseBytes = std::size_t{4} << 20;
  void* text_map = nullptr;
  std::size_t released = 0;
#endif

  ~Impl();

  // ---- the source (stream_source.cpp)
  // Maps the open file when it is a regular file (natively); false leaves it to `buf`.
  bool map_file();
  // Hands back the mapped pages before `begin` (see text_map).
  void release_read();
  const char* window() const { return mem ? mem : buf.data(); }
  Status io_error() const { return Status::fail(Msg::io_cannot_read, {{"path", path}}); }
  // Reads more of the file into the buffer, keeping [begin, end); grows it when full.
  Status refill();
  // The next physical line (CRLF, LF and a lone CR end a line), valid until the next call.
  Status next_line(std::string_view& line, bool& have);
  // The next line of rows (CSV and LIBSVM): next_line, with a line too long to hold or over
  // kMaxLineBytes refused by check_line; `got` becomes kEnd past the last line (else stays).
  Status next_row_line(std::string_view& line, stream::LineRead& got);
  // Skips the line at `begin` (terminator included), with its length in `length`.
  Status consume_long_line(std::size_t& length);
  // The shared check_line (no line over kMaxLineBytes, no NUL byte), with the length of
  // a line too long to hold.
  Status check_line(std::string_view line) const {
    return text::check_line(line, overlong > 0 ? overlong : line.size(), path, line_no);
  }
  // Rewinds to the first byte; with `header`, a CSV pass also reads its first line.
  Status start_pass(bool header = true);

  // ---- CSV (stream_csv.cpp)
  // The first non-blank line fixes separator, columns, header and label column.
  Status start_csv();
  // A feature field of a CSV row, with the file's decimal mark.
  bool csv_number(std::string_view text, int line, double& v, Message& e);
  // The fields (split already) of the row on line line_no into out (d values) and label.
  template <class T>
  Status csv_row(T* out, int& label, bool is_first_row);
  // The next CSV line as a row into `out`, or a blank line, or the end of the pass.
  template <class T>
  Status csv_next(stream::RowWriter<T>& out, int& label, stream::LineRead& got);
  // The fast rows (see stream_csv.cpp).
  template <class T>
  const char* fast_csv_fields(const char* p, const char* e, T* out, int& label, int line);
  template <class T>
  bool fast_csv_row(std::string_view line, T* out, int& label);
  template <class T>
  bool fast_csv_line(T* out, int& label);

  // ---- LIBSVM (stream_libsvm.cpp); out null: only checked, for the scan that finds d
  template <class T>
  bool fast_libsvm_row(std::string_view line, T* out, int& label);
  template <class T>
  Status libsvm_row(std::string_view line, T* out, int& label, bool& is_row);
  // The next LIBSVM line as a row into `out` (none while scanning), or a line with no
  // row (blank, a comment), or the end of the pass.
  template <class T>
  Status libsvm_next(stream::RowWriter<T>& out, int& label, stream::LineRead& got);

  // ---- NPY (stream_npy.cpp)
  Status open_npy(const char* bytes, std::size_t n_bytes);
  template <class T>
  Status npy_read(std::size_t max_rows, std::vector<T>& x, std::vector<int>& y);
  Status npy_value_error(std::uint64_t i, std::size_t j, double v) const;

  // ---- reading rows (stream_rows.cpp)
  // Checks at the end of a pass: rows present, both classes, the same rows as before.
  Status finish_pass();
  // Reads up to max_rows rows, appended to x and y.
  template <class T>
  Status read_append(std::size_t max_rows, std::vector<T>& x, std::vector<int>& y);
  template <class T>
  Status read(std::size_t max_rows, std::vector<T>& x, std::vector<int>& y) {
    x.clear();
    y.clear();
    return read_append(max_rows, x, y);
  }
  // Rows per pass from the first window of a text file.
  void estimate_rows();
  // Format from the options, the extension, then the content, as guess_format; then the
  // first pass starts (LIBSVM: after a scan that finds d).
  Status detect_and_start(std::size_t prefix_bytes);
};

}  // namespace pla
