// Perceptron Lab core: the bytes of a DataStream (stream_state.hpp): a file mapped
// read-only (natively) or read through a fixed buffer that grows to the longest line, or
// bytes in memory; the lines of the current pass (CRLF, LF and a lone CR end a line), a line
// too long to hold counted without holding it, and the start of each pass (a UTF-8 byte
// order mark skipped, UTF-16 refused).
#include "core/data/read/stream_state.hpp"

#ifdef PLA_HAVE_MMAP
#include <sys/mman.h>
#endif

namespace pla {

using namespace text;

DataStream::Impl::~Impl() {
  if (file) std::fclose(file);
#ifdef PLA_HAVE_MMAP
  if (text_map) munmap(text_map, static_cast<std::size_t>(size));
#endif
}

bool DataStream::Impl::map_file() {
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

void DataStream::Impl::release_read() {
#ifdef PLA_HAVE_MMAP
  if (!text_map || begin < released + kReleaseBytes) return;
  const std::size_t upto = begin / 65536 * 65536;
  madvise(static_cast<char*>(text_map) + released, upto - released, MADV_DONTNEED);
  released = upto;
#endif
}

Status DataStream::Impl::refill() {
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

Status DataStream::Impl::next_line(std::string_view& line, bool& have) {
  overlong = 0;
  while (true) {
    const char* p = window() + begin;
    const std::size_t avail = end - begin;
    const stream::Terminator t = stream::find_terminator(p, avail, eof);
    if (t.skip == 0 && eof) {  // the last line, with no terminator
      if (avail == 0) {
        have = false;
        return Status::success();
      }
      line = std::string_view(p, avail);
      begin += avail;
      ++line_no;
      have = true;
      return Status::success();
    }
    if (t.skip == 0) {
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
    line = std::string_view(p, t.len);
    begin += t.len + t.skip;
    ++line_no;
    have = true;
    return Status::success();
  }
}

Status DataStream::Impl::next_row_line(std::string_view& line, stream::LineRead& got) {
  bool have = false;
  Status st = next_line(line, have);
  if (!st) return st;
  if (!have) {
    got = stream::LineRead::kEnd;
    return Status::success();
  }
  if (overlong > 0 || line.size() > kMaxLineBytes) return check_line(line);
  return Status::success();
}

Status DataStream::Impl::consume_long_line(std::size_t& length) {
  length = 0;
  while (true) {
    const stream::Terminator t = stream::find_terminator(window() + begin, end - begin, eof);
    length += t.len;
    if (t.skip > 0) {
      begin += t.len + t.skip;
      return Status::success();
    }
    begin += t.len;  // all of it, or up to a CR that a LF may follow in the next read
    if (eof) return Status::success();
    const Status st = refill();
    if (!st) return st;
  }
}

Status DataStream::Impl::start_pass(bool header) {
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

}  // namespace pla
