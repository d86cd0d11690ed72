#pragma once

// Internal to the data reader (data_stream.cpp, which io.cpp's readers call): the text helpers,
// the number parser and the label rules.
// Not part of the public API: include it from src/core/**/*.cpp only (and from the tests and
// fuzz targets of the number parser).
//
// The small helpers called per byte or per field are inline here, so they are compiled
// inside each reader (data_stream.cpp is built with -O3 in wasm, the rest of the core with -Os).
//
// [SECTION] index
//   locations             fail_at, shown: messages with FILE:LINE:COLUMN
//   text helpers          trim, iequals, ends_with_ci
//   number parser         parse_number (fast_float)
//   plain decimals        parse_plain_decimal: the common decimal, 8 bytes at a time
//   labels                LabelReader: -1/+1 or 0/1, one convention per file
//   messages              number_error, in_header_row, check_line
//   CSV                   fields, separators, the field limit
//   LIBSVM                tokens, index and value errors, comments

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <system_error>
#include <string_view>
#include <vector>

#include "core/data/dataset.hpp"
#include "core/base/status.hpp"

#include <fast_float/fast_float.h>

#if defined(__SSE2__) && defined(__x86_64__)
#include <emmintrin.h>
#define PLA_PLAIN_SSE2 1
#endif

namespace pla::text {

// [SECTION] locations

// The location arguments of a message: {"file", source}, {"line", ...}, {"column", ...}
// (1-based; a line or column <= 0 is left out), rendered as "SOURCE:LINE:COLUMN: ".
MsgArgs location(const std::string& source, long long line, long long column);
// A failure at a location: `what` (a code with its own arguments) with the location
// arguments in front of them (any location `what` carried is replaced).
Status fail_at(const std::string& source, long long line, long long column, const Message& what);
Status fail_at(const std::string& source, long long line, long long column, Msg code, MsgArgs args = {});

// The offending text for a message argument ({value}, which templates put in single
// quotes), cut short (with "...") after 40 bytes.
std::string shown(std::string_view s);

// [SECTION] text helpers

inline bool is_blank_char(char c) { return c == ' ' || c == '\t'; }

inline std::string_view trim(std::string_view s) {
  while (!s.empty() && is_blank_char(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank_char(s.back())) s.remove_suffix(1);
  return s;
}

inline bool is_blank(std::string_view s) { return trim(s).empty(); }

inline char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

// ASCII case-insensitive equality.
inline bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}

inline bool ends_with_ci(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && iequals(s.substr(s.size() - suffix.size()), suffix);
}

// [SECTION] number parser

// The outcome of parse_number.
enum class NumberParse { kOk, kNotNumber, kNotFinite, kOutOfRange, kEmpty };

// The one number parser of the readers: [+-] digits [D digits] [(e|E) [+-] digits] with at
// least one mantissa digit, D the decimal mark ('.', or ',' in a decimal-comma CSV).
// fast_float (Debian's libfast-float-dev, header-only, the same code natively and in wasm)
// converts it to the correctly rounded double, any number of digits. Values too small for a
// double round to the nearest one (possibly 0); too large ones are kOutOfRange; nan, inf and
// infinity (any case, signed) are kNotFinite; hex floats and anything else kNotNumber.
inline NumberParse parse_number(std::string_view s, double& value, char decimal = '.') {
  if (s.empty()) return NumberParse::kEmpty;
  const char* const end = s.data() + s.size();
  const char* p = s.data();
  if (*p == '+' && s.size() > 1 && s[1] != '-' && s[1] != '+') ++p;  // fast_float takes no '+'
  const fast_float::parse_options options(fast_float::chars_format::general, decimal);
  double v = 0.0;
  const fast_float::from_chars_result r = fast_float::from_chars_advanced(p, end, v, options);
  if (r.ec == std::errc() && r.ptr == end && *p != '+') {
    if (std::isfinite(v)) {
      value = v;
      return NumberParse::kOk;
    }
    // digits that overflow (1e999); "inf" and "nan" are decided below
    if (std::isinf(v) && ((*p >= '0' && *p <= '9') || *p == decimal ||
                          ((*p == '-') && p + 1 < end && ((p[1] >= '0' && p[1] <= '9') || p[1] == decimal))))
      return NumberParse::kOutOfRange;
  }
  std::string_view body = s;
  if (body[0] == '+' || body[0] == '-') body.remove_prefix(1);
  if (iequals(body, "nan") || iequals(body, "inf") || iequals(body, "infinity")) return NumberParse::kNotFinite;
  return NumberParse::kNotNumber;
}

// [SECTION] plain decimals
// The common decimal, read 8 bytes at a time.
//
// Most numbers in data files look alike: [-] digits [mark digits] [(e|E) [+-] digits], at
// most 19 significant digits (every double printed with %.17g, repr or %.18e is). For those,
// parse_plain_decimal finds the digit runs 8 bytes at a time (no loop that stops at a
// different digit on every number), keeps the digits as one integer w and the power of ten q,
// and converts them with fast_float's own steps: the exact path when w <= 2^53 and
// |q| <= 22, else fast_float's compute_float (Eisel-Lemire), with its to_float (for q in
// [-27, -5], decimal_fraction_to_double: the same steps less the branches that cannot be
// taken there). So the double is the one fast_float (and strtod) give. Anything else (a
// leading '+' or mark, more digits, a long exponent, a case where compute_float cannot
// decide) returns nullptr, and the caller uses fast_float's from_chars. On full-digit CSV this
// reads numbers about 1.3x as fast as from_chars does.
namespace plain {

inline std::uint64_t load8(const char* p) {
  std::uint64_t v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// How many of the 8 bytes of v (the first in memory is the lowest) are digits before the
// first byte that is not one: 0 to 8. (A carry out of a non-digit byte may mark the bytes
// after it too, which does not change where the first one is.)
inline unsigned digit_run(std::uint64_t v) {
  const std::uint64_t x = v ^ 0x3030303030303030ULL;
  const std::uint64_t not_digit = ((x + 0x7676767676767676ULL) | x) & 0x8080808080808080ULL;
  return not_digit ? static_cast<unsigned>(__builtin_ctzll(not_digit)) / 8 : 8;
}

// The value of the first n (0 to 8) digit bytes of v: they are moved to the top and the
// bytes below filled with '0', then the 8 digits are read at once (fast_float's
// parse_eight_digits_unrolled).
inline std::uint64_t digits_value(std::uint64_t v, unsigned n) {
  if (n == 0) return 0;
  if (n == 8) return fast_float::parse_eight_digits_unrolled(v);
  const unsigned k = (8 - n) * 8;  // 8 to 56
  return fast_float::parse_eight_digits_unrolled((v << k) | (0x3030303030303030ULL >> (64 - k)));
}

constexpr std::uint64_t kPow10[9] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};

// Appends the run of digits at p to w (w * 10^n + the digits) and moves p past it; false
// when the run is longer than 24 digits (three 8-byte reads).
inline bool append_digits(const char*& p, std::uint64_t& w) {
  for (int chunk = 0; chunk < 3; ++chunk) {
    const std::uint64_t v = load8(p);
    const unsigned n = digit_run(v);
    w = w * kPow10[n] + digits_value(v, n);
    p += n;
    if (n < 8) return true;
  }
  return false;
}

#ifdef PLA_PLAIN_SSE2
// SSE2 (every x86-64): the run of digits among the 16 bytes at p, read at once. Returns the
// run's length n (0 to 16) and sets v to the run's digits followed by 16 - n zeros (the
// digits as the first n of 16 decimal places, so v < 10^16). Digit bytes 0..9 are widened to
// 16 bits and combined pairwise by multiply-adds: 2, 4, then 8 digits a lane.
inline unsigned digits16(const char* p, std::uint64_t& v) {
  alignas(16) static const unsigned char kKeep[32] = {
      0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
  const __m128i t = _mm_sub_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), _mm_set1_epi8('0'));
  const __m128i nine = _mm_set1_epi8(9);
  const auto digit = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(t, nine), nine)));
  const auto n = static_cast<unsigned>(__builtin_ctz(~digit));  // bit 16 and up of ~digit are set
  // bytes n.. cleared: lane i keeps its digit when kKeep[16 - n + i] is 0xFF, i.e. i < n
  const __m128i d = _mm_and_si128(t, _mm_loadu_si128(reinterpret_cast<const __m128i*>(kKeep + 16 - n)));
  const __m128i zero = _mm_setzero_si128();
  const __m128i ten_one = _mm_set1_epi32(0x0001000A);  // 16-bit lanes 10, 1
  const __m128i pairs = _mm_packs_epi32(_mm_madd_epi16(_mm_unpacklo_epi8(d, zero), ten_one),
                                        _mm_madd_epi16(_mm_unpackhi_epi8(d, zero), ten_one));
  const __m128i fours = _mm_madd_epi16(pairs, _mm_set1_epi32(0x00010064));           // 100, 1
  const __m128i eights = _mm_madd_epi16(_mm_packs_epi32(fours, fours), _mm_set1_epi32(0x00012710));  // 10^4, 1
  const auto both = static_cast<std::uint64_t>(_mm_cvtsi128_si64(eights));
  v = (both & 0xFFFFFFFFu) * 100000000u + (both >> 32);
  return n;
}
#endif

// fast_float's compute_float and to_float (Eisel-Lemire) for the numbers full-digit data are
// made of: w > 0 and q in [-27, -5] (0.xxx with 16 to 19 digits has q = -16 to -19). There
// the double w * 10^q is normal and finite, the 128-bit product holds enough bits (q >= -27,
// fast_float's safe exponents), and no value lies halfway between two doubles (w * 10^q has
// 5^5 in its denominator, so it needs fewer bits than w has), so compute_float's branches for
// zero, subnormals, infinity, short products and ties are never taken; the rest is its code,
// with the carry of the rounding into the exponent done without a branch.
inline double decimal_fraction_to_double(std::uint64_t w, std::int64_t q, bool negative) {
  using binary = fast_float::binary_format<double>;
  constexpr int kBits = binary::mantissa_explicit_bits();  // 52
  const int lz = fast_float::leading_zeroes(w);
  w <<= lz;
  const fast_float::value128 product = fast_float::compute_product_approximation<kBits + 3>(q, w);
  const int upperbit = static_cast<int>(product.high >> 63);
  std::uint64_t mantissa = product.high >> (upperbit + 64 - kBits - 3);
  const std::int64_t power2 = fast_float::detail::power(static_cast<std::int32_t>(q)) + upperbit - lz - binary::minimum_exponent();
  mantissa += mantissa & 1;  // round up (no ties here)
  mantissa >>= 1;            // 2^52 <= mantissa <= 2^53; 2^53 is the next power of two
  const std::uint64_t bits = (mantissa & ((std::uint64_t{1} << kBits) - 1)) +
                             ((static_cast<std::uint64_t>(power2) + (mantissa >> (kBits + 1))) << kBits) +
                             (static_cast<std::uint64_t>(negative) << 63);
  double d;
  std::memcpy(&d, &bits, sizeof d);
  return d;
}
constexpr std::int64_t kFractionMinQ = -27;
constexpr std::int64_t kFractionMaxQ = -5;

}  // namespace plain

// How far parse_plain_decimal may read: it decides only where `limit` is this many bytes on.
constexpr std::ptrdiff_t kPlainDecimalReach = 96;

// Reads the decimal at p, which may read (not use) bytes up to `limit`; the end of the
// number, or nullptr (nothing decided: call fast_float).
inline const char* parse_plain_decimal(const char* p, const char* limit, double& out, char mark = '.') {
  using namespace plain;
  if (limit - p < kPlainDecimalReach) return nullptr;  // room for every read below
  const bool negative = *p == '-';
  p += negative;
  const char* const integer = p;
  std::uint64_t w = 0;
  if (p[0] == '0' && p[1] == mark) {
    ++p;  // 0.xxx, as every value in (-1, 1) is written: no integer digits to read
  } else if (!append_digits(p, w)) {
    return nullptr;
  }
  const auto int_digits = static_cast<unsigned>(p - integer);
  if (int_digits == 0 || int_digits > 19) return nullptr;
  const bool zero_integer = w == 0;
  unsigned digits = int_digits;
  std::int64_t q = 0;
  if (*p == mark) {
    const char* const fraction = ++p;
#ifdef PLA_PLAIN_SSE2
    if (w < 1844) {  // w * 10^16 + a run of 16 digits stays below 2^64
      std::uint64_t v16 = 0;
      const unsigned n = digits16(p, v16);
      if (n == 0) return nullptr;
      p += n;
      w = w * 10000000000000000u + v16;  // the run and 16 - n zeros: 16 places
      q = -16;
      if (n == 16) {  // up to 7 more digits (the check below keeps w exact), often 1 or 2
        const unsigned m = digit_run(load8(p));
        if (m == 8) return nullptr;
        for (unsigned i = 0; i < m; ++i) w = w * 10 + static_cast<unsigned char>(p[i] - '0');
        p += m;
        q -= m;
      }
    } else
#endif
    {
      if (!append_digits(p, w) || p == fraction) return nullptr;
      q = fraction - p;
    }
    digits += static_cast<unsigned>(p - fraction);
    if (digits > 19) {
      // Zeros in front of the first nonzero digit do not count (0.000123...).
      if (!zero_integer || int_digits != 1) return nullptr;
      const char* s = fraction;
      while (*s == '0') ++s;
      if (digits - 1 - static_cast<unsigned>(s - fraction) > 19) return nullptr;
    }
  }
  if ((*p | 0x20) == 'e') {
    const char* e = p + 1;
    const bool negative_exponent = *e == '-';
    e += (*e == '-' || *e == '+');
    const std::uint64_t v = load8(e);
    const unsigned n = digit_run(v);
    if (n == 0 || n > 4) return nullptr;
    const auto exponent = static_cast<std::int64_t>(digits_value(v, n));
    q += negative_exponent ? -exponent : exponent;
    p = e + n;
  }
  if (w == 0) {
    out = negative ? -0.0 : 0.0;
    return p;
  }
  if (w <= (std::uint64_t{1} << 53) && q >= -22 && q <= 22) {
    double d = static_cast<double>(w);
    d = q < 0 ? d / fast_float::binary_format<double>::exact_power_of_ten(-q)
              : d * fast_float::binary_format<double>::exact_power_of_ten(q);
    out = negative ? -d : d;
    return p;
  }
  if (q >= kFractionMinQ && q <= kFractionMaxQ) {
    out = decimal_fraction_to_double(w, q, negative);
    return p;
  }
  const fast_float::adjusted_mantissa am = fast_float::compute_float<fast_float::binary_format<double>>(q, w);
  if (am.power2 < 0) return nullptr;
  fast_float::to_float(negative, am, out);
  return p;
}

// [SECTION] labels

// Labels: -1/+1 (also written 1) or 0/1, one convention per file (0 means -1). `line`
// is where a label was read (a line, or a row of a binary file), named when a later
// label mixes the conventions.
class LabelReader {
 public:
  // On success sets label to +1/-1; otherwise returns the message (without position).
  bool read(std::string_view text, long long line, int& label, Message& error) {
    if (text.size() == 1 && text[0] == '1') return accept(1.0, line, label, error);
    if (text.size() == 2 && text[0] == '-' && text[1] == '1') return accept(-1.0, line, label, error);
    if (text.size() == 1 && text[0] == '0') return accept(0.0, line, label, error);
    double v = 0.0;
    const NumberParse r = parse_number(text, v);
    if (r == NumberParse::kEmpty) {
      error = Message(Msg::label_empty);
      return false;
    }
    if (r != NumberParse::kOk || (v != 1.0 && v != -1.0 && v != 0.0)) {
      error = Message(Msg::label_unknown, {{"value", shown(text)}});
      return false;
    }
    return accept(v, line, label, error);
  }
  // A label that is already a number (a binary file); false for a value other than -1, 0, 1.
  bool accept(double v, long long line, int& label, Message& error) {
    if (v == -1.0) {
      if (zero_line_ > 0) {
        error = Message(Msg::label_mixed_minus, {{"other_line", msg_int(zero_line_)}});
        return false;
      }
      if (minus_line_ == 0) minus_line_ = line;
    } else if (v == 0.0) {
      if (minus_line_ > 0) {
        error = Message(Msg::label_mixed_zero, {{"other_line", msg_int(minus_line_)}});
        return false;
      }
      if (zero_line_ == 0) zero_line_ = line;
    } else if (v != 1.0) {
      return false;
    }
    label = v == 1.0 ? 1 : -1;
    return true;
  }

 private:
  long long minus_line_ = 0;  // first line with label -1 (0: none yet)
  long long zero_line_ = 0;   // first line with label 0
};

// [SECTION] messages

// The message (without position) for a failed parse of `text` where a number was expected.
Message number_error(NumberParse r, std::string_view text);

// The same message as read in a CSV first row taken for data because it mixes names and
// numbers: the codes that say "(a header row must contain only column names)" too.
Message in_header_row(const Message& m);

// A line longer than kMaxLineBytes (its length is `bytes`, which the streaming reader knows
// even when it did not hold the line) or holding a NUL byte is refused.
Status check_line(std::string_view line, std::size_t bytes, const std::string& source, int line_no);

// [SECTION] CSV

struct CsvField {
  std::string text;  // unquoted and trimmed
  bool quoted = false;
};

// The most fields a CSV line may have: kMaxDimension feature columns and a label column.
constexpr std::size_t kMaxFields = static_cast<std::size_t>(kMaxDimension) + 1;

// The message for a line with more than kMaxFields fields.
Message too_many_fields();

// Splits one line into fields, honouring double quotes ("" inside quotes is a quote).
// On error sets error (without position) and error_column (1-based field number). A line
// of more than kMaxFields fields is refused as soon as the field after them starts.
bool split_csv_line(std::string_view line, char sep, std::vector<CsvField>& fields, Message& error,
                    int& error_column);

// ';' when the line has semicolons and each comma outside quotes stands between two
// digits, at most one per field (decimal commas: 3,5;2,25;1); else the most frequent of
// ',', ';', tab outside quotes, ties going to the comma.
char detect_separator(std::string_view line);

// "comma", "semicolon" or "tab" (the {separator} argument of the CSV messages).
std::string separator_name(char sep);

// [SECTION] LIBSVM

struct Token {
  std::string_view text;
  int column;  // 1-based byte column
};

// Blank-separated tokens, at most max_tokens (the rest of the line is not split): a LIBSVM
// line of more than kMaxDimension + 1 tokens is an error within its first kMaxDimension + 2
// tokens anyway (the indices must increase and stay <= kMaxDimension).
inline void split_tokens(std::string_view line, std::vector<Token>& tokens,
                         std::size_t max_tokens = static_cast<std::size_t>(kMaxDimension) + 2) {
  tokens.clear();
  std::size_t i = 0;
  while (i < line.size() && tokens.size() < max_tokens) {
    while (i < line.size() && is_blank_char(line[i])) ++i;
    const std::size_t start = i;
    while (i < line.size() && !is_blank_char(line[i])) ++i;
    if (i > start) tokens.push_back({line.substr(start, i - start), static_cast<int>(start) + 1});
  }
}

// A LIBSVM feature index (as written) above expected_d when that is > 0, else above kMaxDimension.
Message index_above(std::string_view index_text, int expected_d);

// A LIBSVM value after "index:" that is not a number (empty: the feature has no value).
Message value_error(NumberParse r, std::string_view text, std::size_t index);

// The line up to its first '#'.
inline std::string_view strip_comment(std::string_view line) {
  const std::size_t hash = line.find('#');
  return hash == std::string_view::npos ? line : line.substr(0, hash);
}

}  // namespace pla::text
