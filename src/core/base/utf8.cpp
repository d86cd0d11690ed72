// Perceptron Lab core: UTF-8 encoding and decoding (utf8.hpp).
#include "core/base/utf8.hpp"

namespace pla {

void append_utf8(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

std::uint32_t next_code_point(std::string_view s, std::size_t& i) {
  const auto byte = [&](std::size_t j) { return static_cast<unsigned char>(s[j]); };
  const unsigned char c = byte(i);
  std::size_t extra = 0;
  std::uint32_t cp = c;
  if (c >= 0xF0) {
    extra = 3;
    cp = c & 0x07u;
  } else if (c >= 0xE0) {
    extra = 2;
    cp = c & 0x0Fu;
  } else if (c >= 0xC0) {
    extra = 1;
    cp = c & 0x1Fu;
  }
  if (c >= 0xF8 || (c >= 0x80 && c < 0xC0) || (extra > 0 && i + extra >= s.size())) {
    ++i;
    return c;
  }
  for (std::size_t k = 1; k <= extra; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) {
      ++i;
      return c;
    }
    cp = (cp << 6) | (byte(i + k) & 0x3Fu);
  }
  i += 1 + extra;
  return cp;
}

}  // namespace pla
