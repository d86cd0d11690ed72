#include "core/data/read/npy.hpp"

#include <cstring>

namespace pla {

namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr std::size_t kMagicSize = 6;

// A cursor over the header dict: {'descr': '<f8', 'fortran_order': False, 'shape': (3, 4), }
class DictParser {
 public:
  explicit DictParser(std::string_view s) : s_(s) {}
  void blanks() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
  }
  bool eat(char c) {
    blanks();
    if (i_ < s_.size() && s_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  bool peek(char c) {
    blanks();
    return i_ < s_.size() && s_[i_] == c;
  }
  bool string(std::string& out) {
    blanks();
    if (i_ >= s_.size() || (s_[i_] != '\'' && s_[i_] != '"')) return false;
    const char q = s_[i_++];
    const std::size_t start = i_;
    while (i_ < s_.size() && s_[i_] != q) {
      if (s_[i_] == '\\') return false;  // no escapes in the names and dtypes the readers take
      ++i_;
    }
    if (i_ >= s_.size()) return false;
    out.assign(s_.substr(start, i_ - start));
    ++i_;
    return true;
  }
  bool word(std::string_view w) {
    blanks();
    if (s_.substr(i_, w.size()) != w) return false;
    i_ += w.size();
    return true;
  }
  bool integer(std::uint64_t& v) {
    blanks();
    const std::size_t start = i_;
    v = 0;
    while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') {
      if (v > (UINT64_MAX - 9) / 10) return false;
      v = v * 10 + static_cast<std::uint64_t>(s_[i_++] - '0');
    }
    if (i_ < s_.size() && s_[i_] == 'L') ++i_;  // Python 2 longs
    return i_ > start;
  }
  bool at_end() {
    blanks();
    return i_ == s_.size();
  }

 private:
  std::string_view s_;
  std::size_t i_ = 0;
};

Status bad_header(const std::string& source) { return Status::fail(Msg::npy_bad_header, {{"file", source}}); }

std::uint32_t le32(const unsigned char* p) {
  return static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8 |
         static_cast<std::uint32_t>(p[2]) << 16 | static_cast<std::uint32_t>(p[3]) << 24;
}

}  // namespace

std::uint64_t NpyHeader::items() const {
  std::uint64_t n = 1;
  for (std::uint64_t s : shape) n = s != 0 && n > UINT64_MAX / s ? UINT64_MAX : n * s;
  return n;
}

bool is_npy(std::string_view bytes) { return bytes.size() >= kMagicSize && bytes.substr(0, kMagicSize) == kMagic; }

std::string npy_shape_text(const std::vector<std::uint64_t>& shape) {
  std::string s = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  if (shape.size() == 1) s += ",";
  return s + ")";
}

Status parse_npy_header(std::string_view bytes, const std::string& source, NpyHeader& out) {
  if (!is_npy(bytes)) return Status::fail(Msg::npy_bad_magic, {{"file", source}});
  if (bytes.size() < kMagicSize + 4) return Status::fail(Msg::npy_truncated_header, {{"file", source}});
  const auto* u = reinterpret_cast<const unsigned char*>(bytes.data());
  NpyHeader h;
  h.major = u[6];
  h.minor = u[7];
  if (h.minor != 0 || h.major < 1 || h.major > 3)
    return Status::fail(Msg::npy_version,
                        {{"file", source}, {"version", std::to_string(h.major) + "." + std::to_string(h.minor)}});
  std::size_t length = 0, start = 0;
  if (h.major == 1) {
    length = static_cast<std::size_t>(u[8]) | static_cast<std::size_t>(u[9]) << 8;
    start = 10;
  } else {
    if (bytes.size() < 12) return Status::fail(Msg::npy_truncated_header, {{"file", source}});
    length = le32(u + 8);
    start = 12;
  }
  if (length > (std::size_t{1} << 16) || bytes.size() < start + length)
    return Status::fail(Msg::npy_truncated_header, {{"file", source}});
  std::string_view dict = bytes.substr(start, length);
  if (dict.find('\0') != std::string_view::npos) return bad_header(source);

  DictParser p(dict);
  bool have_descr = false, have_order = false, have_shape = false;
  if (!p.eat('{')) return bad_header(source);
  while (!p.eat('}')) {
    std::string key;
    if (!p.string(key) || !p.eat(':')) return bad_header(source);
    if (key == "descr" && !have_descr) {
      if (!p.string(h.descr)) {
        // a list of fields: a structured array
        return Status::fail(Msg::npy_dtype, {{"file", source}, {"descr", "structured"}});
      }
      have_descr = true;
    } else if (key == "fortran_order" && !have_order) {
      if (p.word("True")) h.fortran = true;
      else if (p.word("False")) h.fortran = false;
      else return bad_header(source);
      have_order = true;
    } else if (key == "shape" && !have_shape) {
      if (!p.eat('(')) return bad_header(source);
      while (!p.eat(')')) {
        std::uint64_t v = 0;
        if (!p.integer(v)) return bad_header(source);
        h.shape.push_back(v);
        if (h.shape.size() > 32) return bad_header(source);
        if (!p.eat(',') && !p.peek(')')) return bad_header(source);
      }
      have_shape = true;
    } else {
      return bad_header(source);
    }
    if (!p.eat(',') && !p.peek('}')) return bad_header(source);
  }
  if (!p.at_end() || !have_descr || !have_order || !have_shape) return bad_header(source);

  // dtype: byte order, kind, size
  const std::string& d = h.descr;
  if (d.size() < 3) return Status::fail(Msg::npy_dtype, {{"file", source}, {"descr", d}});
  const char order = d[0];
  h.kind = d[1];
  int size = 0;
  for (std::size_t i = 2; i < d.size(); ++i) {
    if (d[i] < '0' || d[i] > '9' || size > 100) return Status::fail(Msg::npy_dtype, {{"file", source}, {"descr", d}});
    size = size * 10 + (d[i] - '0');
  }
  h.item_size = size;
  const bool known = (h.kind == 'f' && (size == 4 || size == 8)) ||
                     ((h.kind == 'i' || h.kind == 'u') && (size == 1 || size == 2 || size == 4 || size == 8)) ||
                     (h.kind == 'b' && size == 1);
  if (!known) return Status::fail(Msg::npy_dtype, {{"file", source}, {"descr", d}});
  if (order == '>' && size > 1) return Status::fail(Msg::npy_big_endian, {{"file", source}, {"descr", d}});
  if (order != '<' && order != '|' && order != '=') return Status::fail(Msg::npy_dtype, {{"file", source}, {"descr", d}});
  if (order == '|' && size > 1) return Status::fail(Msg::npy_dtype, {{"file", source}, {"descr", d}});
  h.data_offset = start + length;
  out = std::move(h);
  return Status::success();
}

Status npy_array(std::string_view bytes, const std::string& source, NpyArray& a) {
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

std::string write_npy(const Dataset& ds) {
  const auto d = static_cast<std::size_t>(ds.d < 0 ? 0 : ds.d);
  const std::size_t n = ds.size();
  std::string dict = "{'descr': '<f8', 'fortran_order': False, 'shape': (" + std::to_string(n) + ", " +
                     std::to_string(d + 1) + "), }";
  // Magic (6) + version (2) + length (2) + dict + padding + '\n', a multiple of 64.
  std::size_t total = 10 + dict.size() + 1;
  const std::size_t padded = (total + 63) / 64 * 64;
  dict.append(padded - total, ' ');
  dict += '\n';
  std::string out(kMagic, kMagicSize);
  out += '\x01';
  out += '\x00';
  const std::size_t len = dict.size();
  out += static_cast<char>(len & 0xFF);
  out += static_cast<char>((len >> 8) & 0xFF);
  out += dict;
  std::vector<double> row(d + 1);
  out.reserve(out.size() + n * (d + 1) * sizeof(double));
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < d; ++j) row[j] = ds.x[i * d + j];
    row[d] = ds.y[i] > 0 ? 1.0 : -1.0;
    // The native and wasm targets are little endian, as the file.
    out.append(reinterpret_cast<const char*>(row.data()), row.size() * sizeof(double));
  }
  return out;
}

}  // namespace pla
