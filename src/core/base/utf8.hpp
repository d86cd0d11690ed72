// Perceptron Lab core: UTF-8, one code point at a time: the project's one encoder and one
// decoder (JSON's \u escapes, and the tests that read the catalogs' text and the app's
// drawn glyphs).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace pla {

// Appends code point cp (at most 0x10FFFF) as 1 to 4 bytes of UTF-8.
void append_utf8(std::string& out, std::uint32_t cp);

// The code point at s[i] (i < s.size()), with i moved past it. A byte that does not start
// a whole sequence (a continuation byte, 0xF8 and above, a sequence cut short by the end of
// s or by a byte that is not a continuation) reads as itself, one byte long.
std::uint32_t next_code_point(std::string_view s, std::size_t& i);

}  // namespace pla
