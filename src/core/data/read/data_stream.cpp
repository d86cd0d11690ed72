// Perceptron Lab core: the one data reader (data_stream.hpp).
//
// [SECTION] index
//   helpers               CSV field splitting, value storage, decimal marks
//   .npy arrays           NpyArray: item (i, j) of an array in memory
//   file bytes            FileBytes: a file mapped read-only, else read
//   stream state          DataStream::Impl: the source, the buffer or mapping, lines, passes
//   CSV                   the first line (separator, header, label column), rows, fast rows
//   LIBSVM                rows (fast and general), the end-of-pass checks
//   NPY                   the header, rows from the array
//   reading rows          read_append / read, the row estimate, the format
//   DataStream            the public class over Impl
//   whole files           read_rest, read_all, load_stream, load_bytes
#include "core/data/read/data_stream.hpp"

#include <algorithm>
#include <cerrno>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string_view>
#include <utility>

#if !defined(__EMSCRIPTEN__) && defined(__unix__)
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#define PLA_HAVE_MMAP 1
#endif

#include "core/data/read/npy.hpp"
#include "core/data/read/text_parse.hpp"

namespace pla {

// The helpers shared with io.cpp's writers and format guess.
using namespace text;

namespace {

// [SECTION] helpers

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

template <class T>
bool store_value(double v, T& out) {
  if (sizeof(T) == sizeof(float) && std::fabs(v) > static_cast<double>(FLT_MAX) &&
      std::isinf(static_cast<float>(v)))
    return false;
  out = static_cast<T>(v);
  return true;
}

Message float_range_error(std::string_view text) { return Message(Msg::stream_float32_range, {{"value", shown(text)}}); }

// A field that is a number written with the decimal mark `mark` and contains it.
bool has_mark_number(std::string_view s, char mark) {
  if (s.find(mark) == std::string_view::npos) return false;
  double v;
  return parse_number(s, v, mark) == NumberParse::kOk;
}

// [SECTION] .npy arrays

// An array of a .npy file in memory (mapped or read): item (i, j) of a rows x cols matrix.
struct NpyArray {
  const unsigned char* data = nullptr;
  NpyHeader h;
  std::uint64_t rows = 0, cols = 0;
  double item(std::uint64_t i, std::uint64_t j) const {
    const std::uint64_t k = h.fortran ? j * rows + i : i * cols + j;
    const unsigned char* p = data + static_cast<std::size_t>(k) * static_cast<std::size_t>(h.item_size);
    switch (h.kind) {
      case 'f':
        if (h.item_size == 8) {
          double v;
          std::memcpy(&v, p, 8);
          return v;
        } else {
          float v;
          std::memcpy(&v, p, 4);
          return static_cast<double>(v);
        }
      case 'b': return *p ? 1.0 : 0.0;
      case 'u': {
        std::uint64_t v = 0;
        std::memcpy(&v, p, static_cast<std::size_t>(h.item_size));  // little endian
        return static_cast<double>(v);
      }
      default: {
        std::uint64_t v = 0;
        std::memcpy(&v, p, static_cast<std::size_t>(h.item_size));
        const int shift = 64 - 8 * h.item_size;
        return static_cast<double>(static_cast<std::int64_t>(v << shift) >> shift);  // sign-extend
      }
    }
  }
};

// [SECTION] file bytes

// The bytes of a file: mapped read-only where the platform can, else read into memory.
#ifdef PLA_HAVE_MMAP
// A read-only private mapping of the whole regular file open on fd, with its size; nullptr
// for anything else (an empty file, a pipe) or when mapping fails.
void* map_regular_file(int fd, std::size_t& size) {
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0) return nullptr;
  void* m = mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
  if (m == MAP_FAILED) return nullptr;
  size = static_cast<std::size_t>(st.st_size);
  return m;
}
#endif

struct FileBytes {
  const char* data = nullptr;
  std::size_t size = 0;
  std::vector<char> owned;
#ifdef PLA_HAVE_MMAP
  void* map = nullptr;
#endif
  FileBytes() = default;
  FileBytes(const FileBytes&) = delete;
  FileBytes& operator=(const FileBytes&) = delete;
  ~FileBytes() {
#ifdef PLA_HAVE_MMAP
    if (map) munmap(map, size);
#endif
  }
  Status load(const std::string& path) {
#ifdef PLA_HAVE_MMAP
    const int fd = ::open(path.c_str(), O_RDONLY);
    if (fd < 0) return Status::fail(Msg::io_cannot_open, {{"path", path}, {"reason", std::strerror(errno)}});
    map = map_regular_file(fd, size);
    ::close(fd);
    if (map) {
      data = static_cast<const char*>(map);
      return Status::success();
    }
#endif
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return Status::fail(Msg::io_cannot_open, {{"path", path}, {"reason", std::strerror(errno)}});
    char chunk[65536];
    std::size_t got = 0;
    while ((got = std::fread(chunk, 1, sizeof chunk, f)) > 0) owned.insert(owned.end(), chunk, chunk + got);
    const bool failed = std::ferror(f) != 0;
    std::fclose(f);
    if (failed) return Status::fail(Msg::io_cannot_read, {{"path", path}});
    data = owned.data();
    size = owned.size();
    return Status::success();
  }
};

}  // namespace

// [SECTION] stream state

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
  LabelReader labels;
  std::uint64_t rows = 0, positives = 0, first_pass_rows = 0;
  std::uint64_t passes_done = 0;
  int last_data_line = 0;
  int libsvm_first_line = 0;
  bool pending_first_row = false;  // CSV without header: the first line, already split, is data
  bool pass_done = false;
  std::uint64_t estimate = 0;  // rows per pass, estimated when the file was opened

  // ---- scratch
  std::vector<std::string_view> fields;
  std::vector<CsvField> field_storage;
  std::vector<Token> tokens;
  Message error;

#ifdef PLA_HAVE_MMAP
  // A regular file is mapped and read in place, with no copy into `buf`. The pages a pass
  // has read are handed back every kReleaseBytes, so that a pass holds little of the file
  // (they stay in the page cache for the next pass).
  static constexpr std::size_t kReleaseBytes = std::size_t{4} << 20;
  void* text_map = nullptr;
  std::size_t released = 0;
#endif

  ~Impl() {
    if (file) std::fclose(file);
#ifdef PLA_HAVE_MMAP
    if (text_map) munmap(text_map, static_cast<std::size_t>(size));
#endif
  }

  // Maps the open file when it is a regular file (natively); false leaves it to `buf`.
  bool map_file() {
#ifdef PLA_HAVE_MMAP
    std::size_t bytes = 0;
    void* const m = map_regular_file(fileno(file), bytes);
    if (m == nullptr) return false;
    if (bytes != size) {  // changed since open measured it: read it through the buffer
      munmap(m, bytes);
      return false;
    }
    madvise(m, bytes, MADV_SEQUENTIAL);
    text_map = m;
    mem = static_cast<const char*>(m);
    end = static_cast<std::size_t>(size);
    eof = true;
    std::fclose(file);
    file = nullptr;
    return true;
#else
    return false;
#endif
  }

  // Hands back the mapped pages before `begin` (see text_map).
  void release_read() {
#ifdef PLA_HAVE_MMAP
    if (!text_map || begin < released + kReleaseBytes) return;
    const std::size_t upto = begin / 65536 * 65536;
    madvise(static_cast<char*>(text_map) + released, upto - released, MADV_DONTNEED);
    released = upto;
#endif
  }

  const char* window() const { return mem ? mem : buf.data(); }

  Status io_error() const { return Status::fail(Msg::io_cannot_read, {{"path", path}}); }

  // Reads more of the file into the buffer, keeping [begin, end); grows it when full.
  Status refill() {
    if (mem) {
      eof = true;
      return Status::success();
    }
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
      const char* p = window() + begin;
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
      const char* p = window() + begin;
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
    labels = LabelReader();
    rows = positives = 0;
    last_data_line = 0;
    libsvm_first_line = 0;
    pending_first_row = false;
    pass_done = false;
    npy_row_of_minus = npy_row_of_zero = 0;
    if (!mark_forced) {
      mark = sep == ',' ? '.' : 0;
      mark_line = 0;
    }
    if (format == DataFormat::kNpy && header) return Status::success();
    line_no = 0;
    eof = false;
    begin = 0;
    base = 0;
#ifdef PLA_HAVE_MMAP
    released = 0;
#endif
    if (mem) {
      end = static_cast<std::size_t>(size);
      eof = true;
    } else {
      if (std::fseek(file, 0, SEEK_SET) != 0) return Status::fail(Msg::io_cannot_rewind, {{"path", path}});
      std::clearerr(file);
      end = 0;
      while (end < 3 && !eof) {
        const Status st = refill();
        if (!st) return st;
      }
    }
    const char* w = window();
    if (end >= 3 && std::memcmp(w, "\xEF\xBB\xBF", 3) == 0) begin = 3;
    if (end - begin >= 2 && (std::memcmp(w + begin, "\xFF\xFE", 2) == 0 || std::memcmp(w + begin, "\xFE\xFF", 2) == 0))
      return fail_at(path, 1, 1, Msg::read_utf16);
    return header && format == DataFormat::kCsv ? start_csv() : Status::success();
  }

  // [SECTION] CSV
  // The first non-blank line fixes separator, columns, header and label column.
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

  // A feature field of a CSV row, with the file's decimal mark (learnt from the first
  // field that shows one when the separator is ';' or tab).
  bool csv_number(std::string_view text, int line, double& v, Message& e) {
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
      if (!csv_number(fields[c], line, v, error)) return fail_at(path, line, column, hint ? in_header_row(error) : error);
      if (!store_value(v, out[j])) return fail_at(path, line, column, float_range_error(fields[c]));
      ++j;
    }
    return Status::success();
  }

  // The common CSV row, plain unquoted numbers with the file's decimal mark, parsed in one
  // scan: each number by fast_float straight from the line, which must end at the
  // separator. False for anything else (quotes, blanks, a wrong field count, a bad number
  // or label), and the caller takes the general path, which finds the same values or the
  // exact error.
  // The fast rows' fields. A label: 1, -1 and +1 when `ends` takes the byte after them,
  // else what fast_float reads; a value: the plain decimal reader, which may read ahead up
  // to `limit`, else fast_float. The end of the field, or nullptr.
  template <class Ends>
  static const char* fast_label(const char* p, const char* e, const fast_float::parse_options& options, double& v,
                                Ends ends) {
    const char* const one = p + (p < e && (*p == '-' || *p == '+'));
    if (one < e && *one == '1' && (one + 1 == e || ends(one[1]))) {
      v = *p == '-' ? -1.0 : 1.0;
      return one + 1;
    }
    const fast_float::from_chars_result r = fast_float::from_chars_advanced(p, e, v, options);
    return r.ec == std::errc() ? r.ptr : nullptr;
  }
  static const char* fast_value(const char* p, const char* e, const char* limit,
                                const fast_float::parse_options& options, double& v) {
    const char* next = text::parse_plain_decimal(p, limit, v, options.decimal_point);
    if (next != nullptr && next <= e) return next;
    const fast_float::from_chars_result r = fast_float::from_chars_advanced(p, e, v, options);
    return r.ec == std::errc() ? r.ptr : nullptr;
  }

  // The fields of a fast CSV row from p on, where the bytes up to e are held: the end of the
  // last field (not checked), or nullptr. `line` is the row's line number.
  template <class T>
  const char* fast_csv_fields(const char* p, const char* const e, T* out, int& label, int line) {
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
        p = fast_label(p, e, label_options, v, [separator](char ch) { return ch == separator || ch == '\n' || ch == '\r'; });
        if (p == nullptr || !labels.accept(v, line, label, error)) return nullptr;
      } else {
        p = fast_value(p, e, limit, options, v);
        if (p == nullptr || !std::isfinite(v) || !store_value(v, out[j])) return nullptr;
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
  bool fast_csv_row(std::string_view line, T* out, int& label) {
    return fast_csv_fields(line.data(), line.data() + line.size(), out, label, line_no) == line.data() + line.size();
  }

  // The next line as a fast CSV row, read with no separate search for its end: true when it
  // was one, with `begin` and `line_no` moved past it as next_line moves them. False leaves
  // both alone (the row buffer may hold part of the row), for next_line and the general path.
  template <class T>
  bool fast_csv_line(T* out, int& label) {
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

  // [SECTION] LIBSVM

  // The common LIBSVM row, label then index:value pairs with increasing indexes, blanks
  // between, parsed in one scan (out null: only checked, for the scan that finds d). False for
  // anything else (a comment, qid, a bad token, a blank line), and the caller takes the
  // general path below, which finds the same row or the exact error.
  template <class T>
  bool fast_libsvm_row(std::string_view line, T* out, int& label) {
    if (opts.general_rows) return false;
    const char* p = line.data();
    const char* const e = p + line.size();
    const char* const limit = window() + end;  // as in fast_csv_row
    const fast_float::parse_options options(fast_float::chars_format::general, '.');
    auto blank = [](char c) { return c == ' ' || c == '\t'; };
    double lv = 0.0;
    p = fast_label(p, e, options, lv, blank);
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
      const char* const next = fast_value(p, e, limit, options, v);
      if (next == nullptr || (next != e && !blank(*next)) || !std::isfinite(v)) return false;
      if (index > max_index) {
        max_index = index;
        max_index_line = line_no;
        max_index_column = static_cast<int>(token - line.data()) + 1;
      }
      if (out) {
        if (index > static_cast<std::size_t>(d) || !store_value(v, out[index - 1])) return false;
      }
      previous = index;
      p = next;
    }
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

  // [SECTION] NPY

  Status open_npy(const char* bytes, std::size_t n_bytes) {
    Status st = npy_array(std::string_view(bytes, n_bytes), path, npy_x);
    if (!st) return st;
    const std::vector<std::uint64_t>& shape = npy_x.h.shape;
    const std::string shape_text = npy_shape_text(shape);
    if (npy_x.h.kind != 'f') return Status::fail(Msg::npy_data_kind, {{"file", path}, {"descr", npy_x.h.descr}});
    if (npy_labels) {
      if (shape.size() != 2 || shape[0] == 0 || shape[1] == 0)
        return Status::fail(Msg::npy_shape_labels, {{"file", path}, {"shape", shape_text}});
      st = labels_file.load(opts.labels_path);
      if (!st) return st;
      st = npy_array(std::string_view(labels_file.data, labels_file.size), opts.labels_path, npy_y);
      if (!st) return st;
      const std::vector<std::uint64_t>& ys = npy_y.h.shape;
      if (!((ys.size() == 1 && ys[0] == shape[0]) || (ys.size() == 2 && ys[0] == shape[0] && ys[1] == 1)))
        return Status::fail(Msg::npy_labels_shape,
                            {{"file", opts.labels_path}, {"shape", npy_shape_text(ys)}, {"n", msg_uint(shape[0])}});
      d = shape[1] > static_cast<std::uint64_t>(kMaxDimension) ? kMaxDimension + 1 : static_cast<int>(shape[1]);
    } else {
      if (shape.size() != 2 || shape[0] == 0 || shape[1] < 2)
        return Status::fail(Msg::npy_shape, {{"file", path}, {"shape", shape_text}});
      d = shape[1] - 1 > static_cast<std::uint64_t>(kMaxDimension) ? kMaxDimension + 1 : static_cast<int>(shape[1] - 1);
    }
    if (d > kMaxDimension)
      return fail_at(path, 0, 0, Msg::csv_too_many_columns,
                     {{"columns", msg_uint(npy_labels ? shape[1] : shape[1] - 1)}, {"limit", msg_int(kMaxDimension)}});
    if (opts.expected_d > 0 && d != opts.expected_d)
      return fail_at(path, 0, 0, Msg::read_d_mismatch, {{"d", msg_int(d)}, {"expected_d", msg_int(opts.expected_d)}});
    if (opts.max_values > 0 && shape[0] > opts.max_values / static_cast<std::uint64_t>(d))
      return fail_at(path, 0, 0, Msg::read_too_much_data, {{"limit", msg_uint(opts.max_values)}});
    estimate = shape[0];
    return Status::success();
  }

  // One array of a .npy file whose bytes are `bytes`: header, and the data all there.
  static Status npy_array(std::string_view bytes, const std::string& source, NpyArray& a) {
    Status st = parse_npy_header(bytes, source, a.h);
    if (!st) return st;
    const std::vector<std::uint64_t>& shape = a.h.shape;
    a.rows = shape.empty() ? 1 : shape[0];
    a.cols = shape.size() >= 2 ? shape[1] : 1;
    const std::uint64_t items = a.h.items();
    const std::uint64_t have = bytes.size() - a.h.data_offset;
    const std::uint64_t need = items > UINT64_MAX / 8 ? UINT64_MAX : items * static_cast<std::uint64_t>(a.h.item_size);
    if (have < need)
      return Status::fail(Msg::npy_truncated, {{"file", source},
                                              {"bytes", msg_uint(have)},
                                              {"shape", npy_shape_text(shape)},
                                              {"needed", msg_uint(need)}});
    a.data = reinterpret_cast<const unsigned char*>(bytes.data()) + a.h.data_offset;
    return Status::success();
  }

  template <class T>
  Status npy_read(std::size_t max_rows, std::vector<T>& x, std::vector<int>& y) {
    const auto width = static_cast<std::size_t>(d);
    const std::uint64_t n = npy_x.rows;
    const std::uint64_t stop = std::min<std::uint64_t>(n, rows + max_rows);
    if (rows >= n) return finish_pass();
    const std::size_t at = x.size();
    x.resize(at + static_cast<std::size_t>(stop - rows) * width);
    T* out = x.data() + at;
    const bool c64 = npy_x.h.kind == 'f' && npy_x.h.item_size == 8 && !npy_x.h.fortran;
    for (std::uint64_t i = rows; i < stop; ++i, out += width) {
      if (c64) {
        // C order float64: the row's values are contiguous
        const unsigned char* src = npy_x.data + static_cast<std::size_t>(i * npy_x.cols) * 8;
        for (std::size_t j = 0; j < width; ++j) {
          double v;
          std::memcpy(&v, src + j * 8, 8);
          if (!std::isfinite(v) || !store_value(v, out[j])) return npy_value_error(i, j, v);
        }
      } else {
        for (std::size_t j = 0; j < width; ++j) {
          const double v = npy_x.item(i, j);
          if (!std::isfinite(v) || !store_value(v, out[j])) return npy_value_error(i, j, v);
        }
      }
      const double lv = npy_labels ? npy_y.item(i, 0) : npy_x.item(i, width);
      int label = 0;
      const long long row = static_cast<long long>(i) + 1;
      if (lv == 1.0) label = 1;
      else if (lv == -1.0 || lv == 0.0) {
        long long& mine = lv == -1.0 ? npy_row_of_minus : npy_row_of_zero;
        const long long other = lv == -1.0 ? npy_row_of_zero : npy_row_of_minus;
        if (other > 0)
          return fail_at(npy_labels ? opts.labels_path : path, 0, 0, Msg::npy_label_mixed,
                         {{"row", msg_int(row)},
                          {"value", format_number(lv)},
                          {"other_row", msg_int(other)},
                          {"other", lv == -1.0 ? "0" : "-1"}});
        if (mine == 0) mine = row;
        label = -1;
      } else {
        return fail_at(npy_labels ? opts.labels_path : path, 0, 0, Msg::npy_label_unknown,
                       {{"row", msg_int(row)}, {"value", format_number(lv)}});
      }
      y.push_back(label);
      positives += label > 0;
    }
    rows = stop;
    return Status::success();
  }

  Status npy_value_error(std::uint64_t i, std::size_t j, double v) const {
    const MsgArgs where = {{"row", msg_uint(i + 1)}, {"feature", msg_uint(j + 1)}, {"value", format_number(v)}};
    return fail_at(path, 0, 0, std::isfinite(v) ? Msg::npy_float32_range : Msg::npy_not_finite, where);
  }

  // [SECTION] reading rows

  // Reads up to max_rows rows, appended to x and y.
  template <class T>
  Status read_append(std::size_t max_rows, std::vector<T>& x, std::vector<int>& y) {
    if (pass_done || (file == nullptr && mem == nullptr && format != DataFormat::kNpy)) return Status::success();
    if (max_rows == 0) max_rows = 1;
    if (format == DataFormat::kNpy) return npy_read(max_rows, x, y);
    const auto width = static_cast<std::size_t>(d);
    const std::size_t start = y.size();
    // Rows are written in place: x grows by blocks of rows and is cut back to the rows read.
    std::size_t used = x.size();
    struct Trim {
      std::vector<T>& v;
      const std::size_t& used;
      ~Trim() { v.resize(used); }
    } trim{x, used};
    // Grown by up to 4096 rows, but never by more than 8 MB of doubles at once: a block of
    // 4096 rows of 100,000 features would be 3.2 GB (more than a wasm heap holds).
    constexpr std::size_t kMaxBlockValues = std::size_t{1} << 20;
    const std::size_t block_rows = std::max<std::size_t>(1, std::min<std::size_t>(
        std::min<std::size_t>(max_rows, 4096), kMaxBlockValues / (width ? width : 1)));
    const std::size_t block = block_rows * width;
    auto next_row = [&]() -> T* {
      if (used + width > x.size()) x.resize(std::max(used + width, x.size() + block));
      used += width;
      return x.data() + used - width;
    };
    std::string_view line;
    bool have = false;
    while (y.size() - start < max_rows) {
      int label = 0;
      if (format == DataFormat::kCsv) {
        if (pending_first_row) {
          pending_first_row = false;
          const Status st = csv_row(next_row(), label, true);
          if (!st) return st;
        } else if (fast_csv_line(next_row(), label)) {
          // the common row: read in place, its end found by the reader
        } else {
          used -= width;  // the row is read again below
          Status st = next_line(line, have);
          if (!st) return st;
          if (!have) return finish_pass();
          if (overlong > 0 || line.size() > kMaxLineBytes) {
            st = check_line(line);
            if (!st) return st;
          }
          if (line.empty() || ((line.front() == ' ' || line.front() == '\t') && is_blank(line))) continue;
          T* row = next_row();
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
        if (opts.max_values > 0 && (rows + 1) * width > opts.max_values)
          return fail_at(path, line_no, 1, Msg::read_too_much_data, {{"limit", msg_uint(opts.max_values)}});
      } else {
        Status st = next_line(line, have);
        if (!st) return st;
        if (!have) return finish_pass();
        if (overlong > 0 || line.size() > kMaxLineBytes) {
          st = check_line(line);
          if (!st) return st;
        }
        bool is_row = false;
        T* const row = scanning ? nullptr : next_row();
        if (fast_libsvm_row(line, row, label)) {
          is_row = true;
        } else {
          if (std::memchr(line.data(), '\0', line.size())) {  // as for CSV: the fast path takes no NUL
            st = check_line(line);
            if (!st) return st;
          }
          st = libsvm_row(line, row, label, is_row);
          if (st && !is_row && row) used -= width;
        }
        if (!st) return st;
        if (!is_row) continue;
        if (libsvm_first_line == 0) libsvm_first_line = line_no;
        if (scanning && opts.max_values > 0) {
          // n * d stays bounded while reading (d so far: the largest index, or expected_d).
          const std::size_t d_so_far = opts.expected_d > 0 ? static_cast<std::size_t>(opts.expected_d)
                                                           : std::max<std::size_t>(max_index, 1);
          if (rows + 1 > opts.max_values / d_so_far)
            return fail_at(path, line_no, 1, Msg::read_too_much_data, {{"limit", msg_uint(opts.max_values)}});
        }
      }
      y.push_back(label);
      positives += label > 0;
      ++rows;
      last_data_line = line_no;
      if ((rows & 255) == 0) release_read();
    }
    release_read();
    return Status::success();
  }

  template <class T>
  Status read(std::size_t max_rows, std::vector<T>& x, std::vector<int>& y) {
    x.clear();
    y.clear();
    return read_append(max_rows, x, y);
  }

  // Rows per pass from the first window of a text file: its size over the mean length of
  // the lines seen so far (exact when the whole file is in the window).
  void estimate_rows() {
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
  Status detect_and_start(std::size_t prefix_bytes) {
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
};

// [SECTION] DataStream

DataStream::DataStream() : impl_(std::make_unique<Impl>()) {}
DataStream::~DataStream() = default;

Status DataStream::open(const std::string& path, int expected_d, std::size_t buffer_bytes) {
  ReadOptions o;
  o.expected_d = expected_d;
  return open(path, o, buffer_bytes);
}

Status DataStream::open(const std::string& path, const ReadOptions& options, std::size_t buffer_bytes) {
  impl_ = std::make_unique<Impl>();
  Impl& s = *impl_;
  s.path = path;
  s.opts = options;
  if (options.expected_d < 0 || options.expected_d > kMaxDimension)
    return fail_at(path, 0, 0, Msg::read_expected_d_range,
                   {{"expected_d", msg_int(options.expected_d)}, {"limit", msg_int(kMaxDimension)}});
  s.file = std::fopen(path.c_str(), "rb");
  if (!s.file) return Status::fail(Msg::io_cannot_open, {{"path", path}, {"reason", std::strerror(errno)}});
  if (std::fseek(s.file, 0, SEEK_END) == 0) {
    const long at = std::ftell(s.file);
    if (at > 0) s.size = static_cast<std::uint64_t>(at);
  }
  std::rewind(s.file);
  // Mapped unless the caller asked for a smaller window (the tests of the window's edges).
  if (buffer_bytes >= kStreamBufferBytes && s.map_file()) return s.detect_and_start(std::min<std::size_t>(s.end, kStreamBufferBytes));
  s.buf.resize(buffer_bytes < 4096 ? 4096 : buffer_bytes);
  // The first window of the file, for the format.
  while (s.end < s.buf.size() && !s.eof) {
    const std::size_t got = std::fread(s.buf.data() + s.end, 1, s.buf.size() - s.end, s.file);
    if (got == 0) {
      if (std::ferror(s.file)) return s.io_error();
      s.eof = true;
    }
    s.end += got;
  }
  return s.detect_and_start(s.end);
}

Status DataStream::open_bytes(std::string_view bytes, const std::string& name, const ReadOptions& options) {
  impl_ = std::make_unique<Impl>();
  Impl& s = *impl_;
  s.path = name;
  s.opts = options;
  s.opts.labels_path.clear();
  if (options.expected_d < 0 || options.expected_d > kMaxDimension)
    return fail_at(name, 0, 0, Msg::read_expected_d_range,
                   {{"expected_d", msg_int(options.expected_d)}, {"limit", msg_int(kMaxDimension)}});
  s.mem = bytes.data();
  s.size = bytes.size();
  s.end = bytes.size();
  s.eof = true;
  return s.detect_and_start(std::min<std::size_t>(bytes.size(), kStreamBufferBytes));
}

Status DataStream::read(std::size_t max_rows, std::vector<double>& x, std::vector<int>& y) {
  return impl_->read(max_rows, x, y);
}
Status DataStream::read(std::size_t max_rows, std::vector<float>& x, std::vector<int>& y) {
  return impl_->read(max_rows, x, y);
}
Status DataStream::read_append(std::size_t max_rows, std::vector<double>& x, std::vector<int>& y) {
  return impl_->read_append(max_rows, x, y);
}
Status DataStream::read_append(std::size_t max_rows, std::vector<float>& x, std::vector<int>& y) {
  return impl_->read_append(max_rows, x, y);
}
Status DataStream::rewind() {
  if (impl_->file == nullptr && impl_->mem == nullptr && impl_->format != DataFormat::kNpy)
    return Status::fail(Msg::stream_not_open);
  return impl_->start_pass();
}
int DataStream::d() const { return impl_->d; }
DataFormat DataStream::format() const { return impl_->format; }
char DataStream::decimal_mark() const { return impl_->mark ? impl_->mark : '.'; }
const std::vector<std::string>& DataStream::feature_names() const { return impl_->names; }
std::uint64_t DataStream::file_size() const { return impl_->size; }
std::uint64_t DataStream::position() const {
  if (impl_->format == DataFormat::kNpy)
    return impl_->npy_x.rows == 0 ? impl_->size : impl_->size * impl_->rows / impl_->npy_x.rows;
  return impl_->base + impl_->begin;
}
std::uint64_t DataStream::rows() const { return impl_->rows; }
std::uint64_t DataStream::rows_per_pass() const { return impl_->passes_done > 0 ? impl_->first_pass_rows : 0; }
std::uint64_t DataStream::estimated_rows() const {
  return impl_->passes_done > 0 ? impl_->first_pass_rows : impl_->estimate;
}
std::size_t DataStream::buffer_capacity() const { return impl_->buf.size(); }

// [SECTION] whole files

namespace {
template <class T>
Status read_rest_typed(DataStream& s, std::vector<T>& x_out, std::vector<int>& y_out) {
  std::vector<T> x;
  std::vector<int> y;
  // In ordinary 4 KB pages: no transparent huge pages are asked for. On a VM that hands free
  // memory back to its host (virtio-balloon free page reporting), a 2 MB page taken after a
  // pause is backed by the host again on first touch: 264 MB took 0.4-0.8 s of system time
  // that way, against a steady 0.12 s in 4 KB pages (huge pages were faster, 0.03 s, only
  // right after another process had freed them). Epochs ran at the same speed on either.
  // Room for the estimated rows (a little more for a text file, whose count is a guess).
  const std::uint64_t est = s.estimated_rows();
  const std::uint64_t room = s.format() == DataFormat::kCsv ? est + est / 16 + 16 : est;
  const auto d = static_cast<std::uint64_t>(s.d());
  // Reserved only when it is addressable here (a 32-bit wasm heap holds at most 4 GB; a guess
  // beyond that is left to grow as rows arrive, and memory runs out with a message then).
  const std::uint64_t addressable = std::min<std::uint64_t>(std::uint64_t{1} << 40,
      static_cast<std::uint64_t>(std::numeric_limits<std::size_t>::max() / 4 / sizeof(T)));
  if (room > 0 && room < addressable / (d ? d : 1)) {
    x.reserve(static_cast<std::size_t>(room * d));
    y.reserve(static_cast<std::size_t>(room));
  }
  while (true) {
    const std::size_t before = y.size();
    Status st = s.read_append(std::size_t{1} << 16, x, y);
    if (!st) return st;
    if (y.size() == before) break;
  }
  x_out = std::move(x);
  y_out = std::move(y);
  return Status::success();
}
}  // namespace

Status read_rest(DataStream& s, std::vector<double>& x, std::vector<int>& y) { return read_rest_typed(s, x, y); }
Status read_rest(DataStream& s, std::vector<float>& x, std::vector<int>& y) { return read_rest_typed(s, x, y); }

Status read_all(DataStream& s, Dataset& out) {
  Dataset r;
  r.d = s.d();
  r.feature_names = s.feature_names();
  const Status st = read_rest(s, r.x, r.y);
  if (!st) return st;
  out = std::move(r);
  return Status::success();
}

Status load_stream(const std::string& path, Dataset& out, int expected_d) {
  ReadOptions o;
  o.expected_d = expected_d;
  return load_stream(path, o, out);
}
Status load_stream(const std::string& path, const ReadOptions& options, Dataset& out) {
  DataStream s;
  Status st = s.open(path, options);
  if (!st) return st;
  return read_all(s, out);
}
Status load_bytes(std::string_view bytes, const std::string& name, const ReadOptions& options, Dataset& out) {
  DataStream s;
  Status st = s.open_bytes(bytes, name, options);
  if (!st) return st;
  return read_all(s, out);
}

}  // namespace pla
