// UTF-8 one code point at a time (core/base/utf8.hpp): the encoder's bytes for each length,
// the decoder reading them back, and the decoder's rule for bytes that start no whole sequence.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "core/base/utf8.hpp"

namespace pla::utf8_test {
namespace {

TEST(Utf8, EncodesEachLength) {
  std::string s;
  append_utf8(s, 0x41);     // A
  append_utf8(s, 0xE9);     // é
  append_utf8(s, 0x1EA1);   // ạ
  append_utf8(s, 0x1F600);  // an emoji, 4 bytes
  EXPECT_EQ(s, "A\xC3\xA9\xE1\xBA\xA1\xF0\x9F\x98\x80");
}

TEST(Utf8, DecodesWhatItEncodes) {
  const std::vector<std::uint32_t> points = {0x0, 0x7F, 0x80, 0x7FF, 0x800, 0x4E2D, 0xFFFF, 0x10000, 0x10FFFF};
  std::string s;
  for (std::uint32_t cp : points) append_utf8(s, cp);
  std::vector<std::uint32_t> back;
  for (std::size_t i = 0; i < s.size();) back.push_back(next_code_point(s, i));
  EXPECT_EQ(back, points);
}

TEST(Utf8, ABrokenSequenceReadsAsItsFirstByte) {
  // A continuation byte alone, 0xF8, sequences cut by a byte that is not a continuation.
  const std::string s = "\x80" "\xF8" "a\xE4\xB8" "\xC3" "b";
  std::vector<std::uint32_t> got;
  for (std::size_t i = 0; i < s.size();) got.push_back(next_code_point(s, i));
  const std::vector<std::uint32_t> want = {0x80, 0xF8, 'a', 0xE4, 0xB8, 0xC3, 'b'};
  EXPECT_EQ(got, want);
  // A sequence cut short by the end of the text.
  const std::string cut = "x\xE4\xB8";
  std::size_t i = 1;
  EXPECT_EQ(next_code_point(cut, i), 0xE4u);
  EXPECT_EQ(i, 2u);
  EXPECT_EQ(next_code_point(cut, i), 0xB8u);
  EXPECT_EQ(i, 3u);
}

}  // namespace
}  // namespace pla::utf8_test
