#include "core/data/read/io.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <utility>
#include <vector>

#include "core/data/read/npy.hpp"
#include "core/data/read/data_stream.hpp"
#include "core/data/read/text_parse.hpp"

namespace pla {

// The text helpers of the reader (data_stream.cpp).
using namespace text;

namespace {

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

}  // namespace

// ---------------------------------------------------------------- readers: one DataStream over the text

namespace {
Status read_as(const std::string& text, const std::string& source_name, Dataset& out, int expected_d,
               bool has_format, DataFormat format) {
  ReadOptions o;
  o.expected_d = expected_d;
  o.max_values = kMaxValues;
  o.has_format = has_format;
  o.format = format;
  Dataset ds;
  const Status st = load_bytes(text, source_name, o, ds);
  if (!st) return st;
  out = std::move(ds);
  return Status::success();
}
}  // namespace

Status read_csv(const std::string& text, const std::string& source_name, Dataset& out, int expected_d) {
  return read_as(text, source_name, out, expected_d, true, DataFormat::kCsv);
}

Status read_libsvm(const std::string& text, const std::string& source_name, Dataset& out, int expected_d) {
  return read_as(text, source_name, out, expected_d, true, DataFormat::kLibsvm);
}

// ---------------------------------------------------------------- format choice

bool has_libsvm_extension(const std::string& path) {
  return ends_with_ci(path, ".libsvm") || ends_with_ci(path, ".svm") || ends_with_ci(path, ".svmlight");
}

DataFormat guess_format(const std::string& source_name, const std::string& text) {
  if (ends_with_ci(source_name, ".npy") || is_npy(text)) return DataFormat::kNpy;
  if (ends_with_ci(source_name, ".csv") || ends_with_ci(source_name, ".tsv")) return DataFormat::kCsv;
  if (has_libsvm_extension(source_name)) return DataFormat::kLibsvm;
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
  return read_as(text, source_name, out, expected_d, true, guess_format(source_name, text));
}

// ---------------------------------------------------------------- writers

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
  return parse_number(name, v) == NumberParse::kNotNumber && parse_number(name, v, ',') == NumberParse::kNotNumber;
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
  ReadOptions o;
  o.expected_d = expected_d;
  o.max_values = kMaxValues;
  Dataset ds;
  const Status st = load_stream(path, o, ds);
  if (!st) return st;
  out = std::move(ds);
  return Status::success();
}

Status write_data_file(const std::string& path, const Dataset& ds) {
  Status st = ds.validate();
  if (!st) return Status::fail(Msg::io_cannot_write_cause, {{"path", path}}, st);
  const bool libsvm = has_libsvm_extension(path);
  const std::string text = ends_with_ci(path, ".npy") ? write_npy(ds) : libsvm ? write_libsvm(ds) : write_csv(ds);
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return Status::fail(Msg::io_cannot_open_write, {{"path", path}, {"reason", std::strerror(errno)}});
  const bool wrote = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  const bool closed = std::fclose(f) == 0;
  if (!wrote || !closed) return Status::fail(Msg::io_cannot_write, {{"path", path}});
  return Status::success();
}

}  // namespace pla
