// Perceptron Lab core: the one data reader (data_stream.hpp): the public DataStream over
// its state (stream_state.hpp, whose files read the bytes, the lines and each format), and
// whole files or the rest of a pass read into memory.
//
// [SECTION] index
//   DataStream            open, open_bytes, read, rewind, the counters
//   whole files           read_rest, read_all, load_stream, load_bytes (float64 and float32 sets)
#include "core/data/read/data_stream.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>

#include "core/data/read/stream_state.hpp"

namespace pla {

using namespace text;

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
  // No larger than the file (plus one byte, to see its end): a buffer grows for a line that needs it.
  std::size_t want = buffer_bytes;
  if (s.size > 0 && s.size < want) want = static_cast<std::size_t>(s.size) + 1;
  s.buf.resize(want < 4096 ? 4096 : want);
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

// read_all of a Dataset (with the CSV header's names) or a DatasetF32.
template <class Set>
Status read_all_typed(DataStream& s, Set& out) {
  Set r;
  r.d = s.d();
  if constexpr (std::is_same_v<Set, Dataset>) r.feature_names = s.feature_names();
  const Status st = read_rest(s, r.x, r.y);
  if (!st) return st;
  out = std::move(r);
  return Status::success();
}

template <class Set>
Status load_stream_typed(const std::string& path, const ReadOptions& options, Set& out) {
  DataStream s;
  Status st = s.open(path, options);
  if (!st) return st;
  return read_all_typed(s, out);
}

ReadOptions with_expected_d(int expected_d) {
  ReadOptions o;
  o.expected_d = expected_d;
  return o;
}
}  // namespace

Status read_rest(DataStream& s, std::vector<double>& x, std::vector<int>& y) { return read_rest_typed(s, x, y); }
Status read_rest(DataStream& s, std::vector<float>& x, std::vector<int>& y) { return read_rest_typed(s, x, y); }

Status read_all(DataStream& s, Dataset& out) { return read_all_typed(s, out); }
Status read_all(DataStream& s, DatasetF32& out) { return read_all_typed(s, out); }

Status load_stream(const std::string& path, Dataset& out, int expected_d) {
  return load_stream_typed(path, with_expected_d(expected_d), out);
}
Status load_stream(const std::string& path, const ReadOptions& options, Dataset& out) {
  return load_stream_typed(path, options, out);
}
Status load_stream(const std::string& path, DatasetF32& out, int expected_d) {
  return load_stream_typed(path, with_expected_d(expected_d), out);
}
Status load_stream(const std::string& path, const ReadOptions& options, DatasetF32& out) {
  return load_stream_typed(path, options, out);
}

Status load_bytes(std::string_view bytes, const std::string& name, const ReadOptions& options, Dataset& out) {
  DataStream s;
  Status st = s.open_bytes(bytes, name, options);
  if (!st) return st;
  return read_all(s, out);
}

}  // namespace pla
