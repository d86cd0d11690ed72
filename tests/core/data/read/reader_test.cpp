// The one data reader (data_stream.hpp's DataStream, behind io.hpp's readers): numbers equal
// to strtod's correctly rounded double, decimal commas, NumPy .npy (hand-built bytes:
// versions, orders, dtypes, a separate label vector, every refusal), the row estimate
// that decides in memory or streamed, and the session's import of .npy bytes.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "core/data/read/io.hpp"
#include "core/base/memory.hpp"
#include "core/data/read/npy.hpp"
#include "core/base/rng.hpp"
#include "core/lab/session/session.hpp"
#include "core/data/read/data_stream.hpp"
#include "core/learn/stream_train.hpp"
#include "core/data/read/text_parse.hpp"
#include "expect_message.hpp"
#include "test_files.hpp"

namespace pla::reader_test {
namespace {

using test::bits;
using test::failed_at;
using test::failed_with;
using test::temp_path;
using test::write_file;

// ---------------------------------------------------------------- numbers

TEST(Reader, NumbersAreStrtodsDoubleInEveryForm) {
  // Random values printed in many forms, full digits included: each field must read as
  // the double strtod (the C library's correctly rounded conversion) gives its text.
  Rng rng(11);
  const char* forms[] = {"%.17g", "%.18e", "%.3e", "%.9g", "%.6f", "%.25g", "%.1f", "%.40e", "%g", "%a"};
  std::string text;
  std::vector<double> want;
  for (int row = 0; row < 2000; ++row) {
    for (int j = 0; j < 4; ++j) {
      const double mag = std::pow(10.0, static_cast<double>(rng.below(617)) - 324.0);
      const double v = rng.uniform(-1.0, 1.0) * mag;
      char buf[96];
      std::snprintf(buf, sizeof buf, forms[rng.below(9)], v);  // not %a: hex floats are refused
      std::string s = buf;
      if (rng.below(9) == 0 && s[0] != '-') s = "+" + s;
      text += s + ",";
      want.push_back(std::strtod(s.c_str(), nullptr));
    }
    text += row % 2 ? "1\n" : "-1\n";
  }
  Dataset ds;
  ASSERT_TRUE(read_csv(text, "n.csv", ds).ok);
  ASSERT_EQ(ds.x.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) ASSERT_EQ(bits(ds.x[i]), bits(want[i])) << i;
}

// The reader's own path for common decimals (text_parse.hpp's parse_plain_decimal, read
// 8 or 16 bytes at a time): where it decides, the end and the double are strtod's, bit for bit;
// where it does not (nullptr), fast_float's from_chars reads the number. Random values in
// the forms data files use, with random digits after the separator (the parser reads ahead
// of the number and must stop at its end), and the edges: 2^53 and past it, the exact
// powers of ten and the first inexact one, 19 and 20 significant digits, zeros in front,
// subnormal halfway cases, overflow, a decimal comma.
TEST(Reader, PlainDecimalsAreStrtodsDoubleOrLeftToFastFloat) {
  Rng rng(12);
  std::vector<std::string> cases = {
      "0", "-0", "0.0", "-0.0", "00.5", "7", "9007199254740992", "9007199254740993", "9007199254740992.5",
      "1e22", "1e23", "1E22", "1e+22", "1e-22", "1e-23", "123456789012345678.9", "1234567890123456789",
      "12345678901234567890", "0.1234567890123456789", "0.12345678901234567891", "0.000000000000123456789012345678",
      "0.0000000000001234567890123456789012", "1.7976931348623157e308", "1.7976931348623159e308", "1e309",
      "4.9406564584124654e-324", "2.4703282292062327e-324", "2.4703282292062328e-324", "1e-400",
      "2.2250738585072011e-308", "2.2250738585072012e-308", ".5", "5.", "+1", "1e", "1e+", "1e-", "1ee5",
      "-", "--1", "1e12345", "0.5e-3", "12345678.12345678", "-99999999.999999999"};
  const char* forms[] = {"%.17g", "%.18e", "%.15g", "%.6f", "%.3e", "%.20f", "%.1f", "%.0f", "%.12e"};
  for (int i = 0; i < 20000; ++i) {
    const double mag = std::pow(10.0, static_cast<double>(rng.below(40)) - 20.0);
    char buf[96];
    std::snprintf(buf, sizeof buf, forms[rng.below(9)], rng.uniform(-1.0, 1.0) * mag);
    cases.push_back(buf);
  }
  const char ends[] = {',', '\n', '\r', ';', ' '};
  std::size_t decided = 0, full_digits = 0, full_digits_decided = 0;
  for (const std::string& c : cases) {
    for (const char mark : {'.', ','}) {
      std::string text = c;
      if (mark == ',')
        for (char& ch : text)
          if (ch == '.') ch = ',';
      std::string bytes = text + ends[rng.below(5)];
      while (bytes.size() < text.size() + text::kPlainDecimalReach) bytes += static_cast<char>('0' + rng.below(10));
      double v = 0.0;
      const char* end = text::parse_plain_decimal(bytes.data(), bytes.data() + bytes.size(), v, mark);
      // A plain decimal of 17 to 19 significant digits (what %.17g and repr print).
      const std::size_t first = c.find_first_not_of("-0.");
      const std::size_t significant =
          first == std::string::npos ? 0 : c.size() - first - (c.find('.', first) == std::string::npos ? 0 : 1);
      const bool counted = mark == '.' && c.find_first_of("eE+") == std::string::npos && c[0] != '.' &&
                           significant >= 17 && significant <= 19 && c.size() <= 24;
      full_digits += counted;
      if (end == nullptr) continue;
      ++decided;
      full_digits_decided += counted;
      char* want_end = nullptr;
      const double want = std::strtod(c.c_str(), &want_end);
      ASSERT_EQ(end - bytes.data(), want_end - c.c_str()) << "'" << text << "'";
      ASSERT_EQ(bits(v), bits(want)) << "'" << text << "': " << v << " against " << want;
    }
  }
  // It decides most numbers, and nearly every full-digit decimal without an exponent.
  EXPECT_GT(decided, cases.size());
  EXPECT_GT(full_digits_decided * 100, full_digits * 95) << full_digits_decided << " of " << full_digits;
  // Never decided: text it does not take, which from_chars reads or refuses.
  for (const char* c : {".5", "5.", "+1", "1e", "1ee5", "-", "12345678901234567890", "1e12345"}) {
    std::string bytes = std::string(c) + ",";
    bytes.resize(text::kPlainDecimalReach + 16, '7');
    double v = 0.0;
    EXPECT_EQ(text::parse_plain_decimal(bytes.data(), bytes.data() + bytes.size(), v), nullptr) << c;
  }
  // Nor near the end of the bytes it may read.
  const std::string near = "0.5,1\n";
  double v = 0.0;
  EXPECT_EQ(text::parse_plain_decimal(near.data(), near.data() + near.size(), v), nullptr);
}

// The conversion the plain reader uses for w * 10^q with q in [-27, -5] (most full-digit
// decimals): strtod's double for the text "<w>e<q>", and fast_float's compute_float's, bit for
// bit, for random w of every length and every q there, and for the w nearest to every power
// of two w * 10^q can reach (where the rounding carries into the exponent, as 19 nines after
// "0." round to 1).
TEST(Reader, DecimalFractionsConvertAsStrtodDoes) {
  using binary = fast_float::binary_format<double>;
  std::vector<std::pair<std::uint64_t, int>> cases;
  Rng rng(15);
  for (int i = 0; i < 400000; ++i) {
    const std::uint64_t w = rng.next_u64() >> rng.below(64);
    cases.emplace_back(w ? w : 1, -5 - static_cast<int>(rng.below(23)));
  }
  for (int k = 5; k <= 27; ++k) {
    // w near 2^e * 10^k for every e that keeps w in [1, 2^64) (exact in long double: 10^27 =
    // 2^27 * 5^27 and 5^27 < 2^63)
    const long double ten = std::pow(10.0L, k);
    for (int e = -100; e <= 64; ++e) {
      const long double near = std::floor(std::ldexp(ten, e));
      if (near >= std::ldexp(1.0L, 64)) break;
      for (int delta = -3; delta <= 3; ++delta) {
        const long double w = near + delta;
        if (w >= 1 && w < std::ldexp(1.0L, 64)) cases.emplace_back(static_cast<std::uint64_t>(w), -k);
      }
    }
    cases.emplace_back(~std::uint64_t{0}, -k);
  }
  std::size_t carries = 0;
  for (const auto& [w, q] : cases) {
    for (const bool negative : {false, true}) {
      const double got = text::plain::decimal_fraction_to_double(w, q, negative);
      char buf[48];
      std::snprintf(buf, sizeof buf, "%s%llue%d", negative ? "-" : "", static_cast<unsigned long long>(w), q);
      ASSERT_EQ(bits(got), bits(std::strtod(buf, nullptr))) << buf;
      double want = 0.0;
      fast_float::to_float(negative, fast_float::compute_float<binary>(q, w), want);
      ASSERT_EQ(bits(got), bits(want)) << buf;
      // a carry: the value is a power of two that w * 10^q is not
      int exponent = 0;
      carries += !negative && std::frexp(got, &exponent) == 0.5 &&
                 static_cast<long double>(w) != std::ldexp(1.0L, exponent - 1) * std::pow(10.0L, -q);
    }
  }
  EXPECT_GT(carries, 100u);
  EXPECT_GE(text::plain::kFractionMinQ, -27);  // fast_float's safe exponents
  EXPECT_LE(text::plain::kFractionMaxQ, binary::min_exponent_round_to_even() - 1);  // no ties
}

// Reads bytes with the fast rows and with the general parser only, and expects the same
// refusal or the same d, labels and bit-identical coordinates; the rows read (0: refused).
std::size_t expect_same_rows(const std::string& bytes, DataFormat format, ReadOptions fast = {}) {
  fast.has_format = true;
  fast.format = format;
  ReadOptions general = fast;
  general.general_rows = true;
  Dataset a, b;
  const Status sa = load_bytes(bytes, "rows", fast, a), sb = load_bytes(bytes, "rows", general, b);
  EXPECT_EQ(sa.ok, sb.ok) << sa.error << " / " << sb.error;
  if (!sa.ok || !sb.ok) {
    EXPECT_EQ(sa.error, sb.error);
    return 0;
  }
  EXPECT_EQ(a.d, b.d);
  EXPECT_EQ(a.y, b.y);
  EXPECT_EQ(a.x.size(), b.x.size());
  for (std::size_t i = 0; i < a.x.size() && i < b.x.size(); ++i)
    if (bits(a.x[i]) != bits(b.x[i])) {
      ADD_FAILURE() << "coordinate " << i << ": " << a.x[i] << " / " << b.x[i];
      break;
    }
  return a.size();
}

// The fast row paths (one scan per CSV or LIBSVM row) against the general parser on the
// same bytes: full-digit and short numbers, every label form, CRLF, tabs, trailing blanks,
// comments, blank lines and missing LIBSVM features; then a file with a bad row, which
// both refuse with the same message.
TEST(Reader, FastRowsReadWhatTheGeneralParserReads) {
  Rng rng(13);
  const char* labels_pm[] = {"1", "+1", "-1", "1.0", "-1.000"};
  std::string csv = "a,b,c,label\n", svm;
  for (int row = 0; row < 600; ++row) {
    const bool minus = row % 2 == 0;
    for (int j = 0; j < 3; ++j) {
      char buf[64];
      std::snprintf(buf, sizeof buf, rng.below(2) ? "%.17g" : "%.4f", rng.uniform(-9.0, 9.0));
      csv += std::string(buf) + ",";
      if (rng.below(4) != 0) svm += std::string(j == 0 ? "" : (rng.below(2) ? " " : "\t")) + std::to_string(j + 1) + ":" + buf;
    }
    const std::string label = minus ? labels_pm[2 + rng.below(3) % 2 * 2] : labels_pm[rng.below(3) == 0 ? 3 : rng.below(2)];
    csv += label + (rng.below(5) == 0 ? "\r\n" : "\n");
    svm = svm.substr(0, svm.rfind('\n') + 1) + label + " " + svm.substr(svm.rfind('\n') + 1);
    if (rng.below(7) == 0) svm += "  ";
    if (rng.below(11) == 0) svm += " # a comment";
    svm += rng.below(5) == 0 ? "\r\n" : "\n";
    if (rng.below(13) == 0) svm += "\n";
  }
  for (const auto& [text, format] : {std::pair{csv, DataFormat::kCsv}, std::pair{svm, DataFormat::kLibsvm}}) {
    for (const std::string& bytes : {text, text + (format == DataFormat::kCsv ? "0.5,x,1,1\n" : "1 1:0.5 1:0.7\n")}) {
      const std::size_t rows = expect_same_rows(bytes, format);
      if (rows > 0) {
        EXPECT_EQ(rows, 600u);
      }
    }
  }
}

// Decimal-comma files (';' or tab between fields): the labels are read as in any other file
// ("1,0" is not a label there either), whatever the fast rows do with the values.
TEST(Reader, FastRowsReadDecimalCommaFilesAsTheGeneralParserDoes) {
  const std::string head = "0,25;1,5;1\n-2;3,75;-1\n";
  for (const char* label : {"1", "-1", "+1", "1,0", "-1,00", "0,0", "1.0", "-1.0", "0,5", "1e0"}) {
    for (const char* sep : {";", "\t"}) {
      std::string text = head + "0,5;2,125;" + label + "\n7;8;1\n";
      for (char& c : text)
        if (c == ';') c = *sep;
      SCOPED_TRACE(text);
      expect_same_rows(text, DataFormat::kCsv);
      // and with the mark asked for
      ReadOptions comma;
      comma.decimal = ',';
      expect_same_rows(text, DataFormat::kCsv, comma);
    }
  }
}

TEST(Reader, NumberGrammarEdges) {
  double v = 0.0;
  using text_ok = std::pair<const char*, double>;
  for (const text_ok& c : {text_ok{"1", 1.0}, text_ok{"-0", -0.0}, text_ok{"+.5", 0.5}, text_ok{"5.", 5.0},
                           text_ok{"1E+3", 1000.0}, text_ok{"1e-400", 0.0}, text_ok{"4.9e-324", 4.9e-324},
                           text_ok{"00012.5", 12.5}}) {
    Dataset ds;
    ASSERT_TRUE(read_csv(std::string(c.first) + ",1\n2,-1\n", "g.csv", ds).ok) << c.first;
    EXPECT_EQ(bits(ds.x[0]), bits(c.second)) << c.first;
  }
  (void)v;
  struct Bad {
    const char* text;
    Msg code;
  };
  for (const Bad& b : {Bad{"0x10", Msg::number_not_number}, Bad{"1e", Msg::number_not_number},
                       Bad{"+-1", Msg::number_not_number}, Bad{".", Msg::number_not_number},
                       Bad{"nan", Msg::number_not_finite}, Bad{"-Infinity", Msg::number_not_finite},
                       Bad{"1e999", Msg::number_out_of_range}, Bad{"-.5e999", Msg::number_out_of_range},
                       Bad{"1,5", Msg::csv_row_fields}}) {
    Dataset ds;
    const Status st = read_csv(std::string("1,1\n") + b.text + ",-1\n", "b.csv", ds);
    EXPECT_TRUE(failed_with(st, b.code)) << b.text << ": " << st.error;
  }
}

// ---------------------------------------------------------------- decimal commas

TEST(Reader, DecimalCommaIsDetectedAndReadAsThePointFile) {
  Dataset comma, point;
  ASSERT_TRUE(read_csv("3,5;2,25;1\n-1,5;0,75;-1\n1e-3;-2,5e2;1\n", "c.csv", comma).ok);
  ASSERT_TRUE(read_csv("3.5,2.25,1\n-1.5,0.75,-1\n1e-3,-2.5e2,1\n", "p.csv", point).ok);
  EXPECT_EQ(comma.x, point.x);
  EXPECT_EQ(comma.y, point.y);
  // A header, quoted fields and tabs; whole numbers first, the comma shows on line 3.
  ASSERT_TRUE(read_csv("a\tb\tlabel\n1\t2\t1\n\"0,5\"\t3\t-1\n", "t.csv", comma).ok);
  EXPECT_EQ(comma.x, (std::vector<double>{1, 2, 0.5, 3}));
  // The browser import reads it the same way.
  Session s;
  ASSERT_TRUE(s.import_csv("x;y;label\n3,5;2;1\n0;-1,25;-1\n", "komma.csv").ok);
  EXPECT_EQ(s.data().x, (std::vector<double>{3.5, 2, 0, -1.25}));
}

TEST(Reader, MixedDecimalMarksAreRefusedNamingTheLines) {
  Dataset ds;
  EXPECT_TRUE(failed_at(read_csv("3,5;2;1\n1;1;-1\n0.5;2;1\n", "m.csv", ds), "m.csv", 3, 1,
                        Msg::csv_decimal_mixed_comma, {{"value", "0.5"}, {"first_line", "1"}}));
  EXPECT_TRUE(failed_at(read_csv("x;y;label\n1;2.5;1\n3;4;-1\n1;2,5;1\n", "m.csv", ds), "m.csv", 4, 2,
                        Msg::csv_decimal_mixed_point, {{"value", "2,5"}, {"first_line", "2"}}));
  // In a comma-separated file "1,5" is two fields, as always.
  EXPECT_TRUE(failed_with(read_csv("1,2,1\n1,5,2,-1\n", "c.csv", ds), Msg::csv_row_fields));
}

TEST(Reader, ForcedDecimalMark) {
  const std::string path = temp_path("f.csv");
  write_file(path, "1;2;1\n3;4,5;-1\n");
  ReadOptions o;
  o.decimal = '.';
  Dataset ds;
  EXPECT_TRUE(failed_at(load_stream(path, o, ds), path, 2, 2, Msg::csv_decimal_want_point, {{"value", "4,5"}}));
  o.decimal = ',';
  ASSERT_TRUE(load_stream(path, o, ds).ok);
  EXPECT_EQ(ds.x, (std::vector<double>{1, 2, 3, 4.5}));
  write_file(path, "1;2.5;1\n3;4;-1\n");
  EXPECT_TRUE(failed_at(load_stream(path, o, ds), path, 1, 2, Msg::csv_decimal_want_comma, {{"value", "2.5"}}));
  write_file(path, "1,2,1\n3,4,-1\n");
  EXPECT_TRUE(failed_at(load_stream(path, o, ds), path, 1, 1, Msg::csv_decimal_separator));
  std::remove(path.c_str());
}

// ---------------------------------------------------------------- .npy

// A .npy file by hand: magic, version, header length, dict padded to 64 bytes, data.
std::string npy(int major, const std::string& dict, const std::string& data) {
  std::string body = dict;
  const std::size_t head = major == 1 ? 10 : 12;
  while ((head + body.size() + 1) % 64 != 0) body += ' ';
  body += '\n';
  std::string out("\x93NUMPY", 6);
  out += static_cast<char>(major);
  out += '\0';
  const std::size_t n = body.size();
  for (std::size_t i = 0; i < (major == 1 ? 2u : 4u); ++i) out += static_cast<char>((n >> (8 * i)) & 0xFF);
  return out + body + data;
}

template <class T>
std::string raw(const std::vector<T>& v) {
  return std::string(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
}

std::string dict(const std::string& descr, bool fortran, const std::string& shape) {
  return "{'descr': '" + descr + "', 'fortran_order': " + (fortran ? "True" : "False") + ", 'shape': " + shape + ", }";
}

TEST(Npy, VersionsOrdersAndDtypesReadTheSameData) {
  // Points (0.5, 1), (2, -1.25), (-3, 0) with labels 1, -1, 1: the matrix [x | y] is 3 x 3.
  const std::vector<double> c = {0.5, 1, 1, 2, -1.25, -1, -3, 0, 1};  // C order
  const std::vector<double> f = {0.5, 2, -3, 1, -1.25, 0, 1, -1, 1};  // Fortran order
  const std::vector<float> cf(c.begin(), c.end());
  for (int major : {1, 2, 3}) {
    for (const std::string& bytes : {npy(major, dict("<f8", false, "(3, 3)"), raw(c)),
                                     npy(major, dict("<f8", true, "(3, 3)"), raw(f)),
                                     npy(major, dict("<f4", false, "(3, 3)"), raw(cf))}) {
      Dataset ds;
      const Status st = read_data(bytes, "a.npy", ds);
      ASSERT_TRUE(st.ok) << st.error;
      EXPECT_EQ(ds.d, 2);
      EXPECT_EQ(ds.x, (std::vector<double>{0.5, 1, 2, -1.25, -3, 0}));
      EXPECT_EQ(ds.y, (std::vector<int>{1, -1, 1}));
    }
  }
  // The magic decides even under another name (a file dropped on the page).
  Dataset ds;
  ASSERT_TRUE(read_data(npy(1, dict("<f8", false, "(3, 3)"), raw(c)), "data.csv", ds).ok);
}

TEST(Npy, WriteThenReadIsBitExact) {
  Dataset ds;
  ds.d = 3;
  Rng rng(3);
  for (int i = 0; i < 50; ++i) {
    for (int j = 0; j < 3; ++j) ds.x.push_back(rng.uniform(-1e3, 1e3) * std::pow(10.0, static_cast<double>(rng.below(40)) - 20.0));
    ds.y.push_back(i % 3 ? 1 : -1);
  }
  ds.x[4] = -0.0;
  const std::string bytes = write_npy(ds);
  EXPECT_EQ(bytes.size() % 8, 0u);
  NpyHeader h;
  ASSERT_TRUE(parse_npy_header(bytes, "w.npy", h).ok);
  EXPECT_EQ(h.data_offset % 64, 0u);
  EXPECT_EQ(h.shape, (std::vector<std::uint64_t>{50, 4}));
  Dataset back;
  ASSERT_TRUE(read_data(bytes, "w.npy", back).ok);
  ASSERT_EQ(back.x.size(), ds.x.size());
  for (std::size_t i = 0; i < ds.x.size(); ++i) EXPECT_EQ(bits(back.x[i]), bits(ds.x[i]));
  EXPECT_EQ(back.y, ds.y);
  const std::string path = temp_path("w.npy");
  ASSERT_TRUE(write_data_file(path, ds).ok);
  ASSERT_TRUE(read_data_file(path, back).ok);
  EXPECT_EQ(back.y, ds.y);
  std::remove(path.c_str());
}

TEST(Npy, SeparateLabelsOfEveryKind) {
  const std::string xp = temp_path("x.npy"), yp = temp_path("y.npy");
  write_file(xp, npy(1, dict("<f8", true, "(3, 2)"), raw(std::vector<double>{0.5, 2, -3, 1, -1.25, 0})));
  struct Labels {
    std::string descr, data;
    std::string shape;
  };
  const std::vector<Labels> kinds = {
      {"<i8", raw(std::vector<std::int64_t>{1, 0, 1}), "(3,)"},
      {"|u1", raw(std::vector<std::uint8_t>{1, 0, 1}), "(3, 1)"},
      {"|b1", raw(std::vector<std::uint8_t>{1, 0, 1}), "(3,)"},
      {"<i2", raw(std::vector<std::int16_t>{1, -1, 1}), "(3,)"},
      {"<f4", raw(std::vector<float>{1, -1, 1}), "(3,)"},
  };
  for (const Labels& k : kinds) {
    write_file(yp, npy(1, dict(k.descr, false, k.shape), k.data));
    ReadOptions o;
    o.labels_path = yp;
    Dataset ds;
    const Status st = load_stream(xp, o, ds);
    ASSERT_TRUE(st.ok) << k.descr << ": " << st.error;
    EXPECT_EQ(ds.x, (std::vector<double>{0.5, 1, 2, -1.25, -3, 0})) << k.descr;
    EXPECT_EQ(ds.y, (std::vector<int>{1, -1, 1})) << k.descr;
  }
  write_file(yp, npy(1, dict("<f8", false, "(2,)"), raw(std::vector<double>{1, -1})));
  ReadOptions o;
  o.labels_path = yp;
  Dataset ds;
  EXPECT_TRUE(failed_with(load_stream(xp, o, ds), Msg::npy_labels_shape,
                          {{"file", yp}, {"shape", "(2,)"}, {"n", "3"}}));
  std::remove(xp.c_str());
  std::remove(yp.c_str());
}

TEST(Npy, RefusalsNameTheFileAndWhatIsWrong) {
  const std::string ok_dict = dict("<f8", false, "(2, 3)");
  const std::string data = raw(std::vector<double>{0.5, 1, 1, 2, -1, -1});
  struct Case {
    std::string bytes;
    Msg code;
    MsgArgs args;
  };
  std::string bad_version = npy(1, ok_dict, data);
  bad_version[6] = 4;
  const double nan = std::nan("");
  const std::vector<Case> cases = {
      {"not an npy", Msg::npy_bad_magic, {}},
      {std::string("\x93NUMPY\x01", 7), Msg::npy_truncated_header, {}},
      {bad_version, Msg::npy_version, {{"version", "4.0"}}},
      {npy(1, "{'descr': '<f8', 'shape': (2, 3), }", data), Msg::npy_bad_header, {}},
      {npy(1, "{'descr': '<f8', 'fortran_order': Maybe, 'shape': (2, 3), }", data), Msg::npy_bad_header, {}},
      {npy(1, ok_dict + "x", data), Msg::npy_bad_header, {}},
      {npy(1, dict(">f8", false, "(2, 3)"), data), Msg::npy_big_endian, {{"descr", ">f8"}}},
      {npy(1, dict("<c16", false, "(2, 3)"), data), Msg::npy_dtype, {{"descr", "<c16"}}},
      {npy(1, "{'descr': [('a', '<f8')], 'fortran_order': False, 'shape': (2,), }", data), Msg::npy_dtype, {}},
      {npy(1, dict("<i8", false, "(2, 3)"), data), Msg::npy_data_kind, {{"descr", "<i8"}}},
      {npy(1, dict("<f8", false, "(6,)"), data), Msg::npy_shape, {{"shape", "(6,)"}}},
      {npy(1, dict("<f8", false, "(1, 2, 3)"), data), Msg::npy_shape, {{"shape", "(1, 2, 3)"}}},
      {npy(1, dict("<f8", false, "(6, 1)"), data), Msg::npy_shape, {{"shape", "(6, 1)"}}},
      {npy(1, ok_dict, data.substr(8)), Msg::npy_truncated, {{"bytes", "40"}, {"shape", "(2, 3)"}, {"needed", "48"}}},
      {npy(1, ok_dict, raw(std::vector<double>{0.5, 1, 1, 2, nan, -1})), Msg::npy_not_finite,
       {{"row", "2"}, {"feature", "2"}, {"value", "nan"}}},
      {npy(1, ok_dict, raw(std::vector<double>{0.5, 1, 1, 2, -1, 0.5})), Msg::npy_label_unknown,
       {{"row", "2"}, {"value", "0.5"}}},
      {npy(1, ok_dict, raw(std::vector<double>{0.5, 1, 0, 2, -1, -1})), Msg::npy_label_mixed,
       {{"row", "2"}, {"value", "-1"}, {"other_row", "1"}, {"other", "0"}}},
      {npy(1, ok_dict, raw(std::vector<double>{0.5, 1, 1, 2, -1, 1})), Msg::read_one_class, {{"count", "2"}}},
  };
  for (const Case& c : cases) {
    Dataset ds;
    ds.d = 7;
    const Status st = read_data(c.bytes, "bad.npy", ds);
    MsgArgs args = c.args;
    args.insert(args.begin(), {"file", "bad.npy"});
    EXPECT_TRUE(failed_with(st, c.code, args)) << message_info(c.code).key << ": " << st.error;
    EXPECT_EQ(st.arg("line"), nullptr) << st.error;
    EXPECT_EQ(ds.d, 7);  // unchanged
  }
  Dataset ds;
  EXPECT_TRUE(failed_with(read_data(npy(1, ok_dict, data), "x.npy", ds, 3), Msg::read_d_mismatch,
                          {{"d", "2"}, {"expected_d", "3"}}));
  // float32 rows refuse values beyond the float range.
  const std::string path = temp_path("big.npy");
  write_file(path, npy(1, ok_dict, raw(std::vector<double>{0.5, 1, 1, 2, 1e39, -1})));
  DataStream s;
  ASSERT_TRUE(s.open(path).ok);
  std::vector<float> xf;
  std::vector<int> y;
  EXPECT_TRUE(failed_with(s.read(10, xf, y), Msg::npy_float32_range, {{"row", "2"}, {"feature", "2"}}));
  std::remove(path.c_str());
}

TEST(Npy, StreamedPassesAndTrainingEqualTheInMemoryRun) {
  // A generated separable set as .npy: stream_train (one pass per epoch over the mapping)
  // equals fast_train on the data loaded into memory.
  GenSpec spec;
  spec.kind = "separable";
  spec.n = 500;
  spec.d = 4;
  spec.seed = 9;
  Dataset ds;
  ASSERT_TRUE(generate(spec, ds).ok);
  const std::string path = temp_path("g.npy");
  ASSERT_TRUE(write_data_file(path, ds).ok);
  LearnerConfig cfg;
  StopRules rules;
  rules.max_epochs = 30;
  TrainResult a, b;
  ASSERT_TRUE(fast_train(ds, cfg, rules, a).ok);
  StreamTrainStats stats;
  ASSERT_TRUE(stream_train(path, cfg, rules, DType::Float64, b, &stats).ok);
  EXPECT_EQ(a.w, b.w);
  EXPECT_EQ(a.b, b.b);
  EXPECT_EQ(a.updates, b.updates);
  EXPECT_EQ(stats.n, 500u);
  EXPECT_EQ(stats.format, DataFormat::kNpy);
  std::remove(path.c_str());
}

TEST(Npy, SessionImportTakesTheBytes) {
  Dataset ds;
  ds.d = 2;
  ds.x = {1, 2, -1, -2};
  ds.y = {1, -1};
  Session s;
  ASSERT_TRUE(s.import_csv(write_npy(ds), "dropped.npy").ok);
  EXPECT_EQ(s.data().x, ds.x);
  EXPECT_EQ(s.data().y, ds.y);
  const Status bad = s.import_csv(std::string("\x93NUMPY\x09\x00", 8), "x.npy");
  EXPECT_TRUE(failed_with(bad, Msg::npy_truncated_header));
  EXPECT_EQ(s.data().x, ds.x);  // unchanged
}

// ---------------------------------------------------------------- in memory or streamed

TEST(Reader, EstimatedRowsFromTheFirstBuffer) {
  const std::string path = temp_path("e.csv");
  std::string text = "x1,x2,label\n";
  for (int i = 0; i < 20000; ++i) text += std::to_string(i % 97) + ".25," + std::to_string(i % 13) + ".5," + (i % 2 ? "1\n" : "-1\n");
  write_file(path, text);
  DataStream whole;
  ASSERT_TRUE(whole.open(path).ok);
  EXPECT_EQ(whole.estimated_rows(), 20000u);  // the whole file fits the buffer: exact
  DataStream part;
  ASSERT_TRUE(part.open(path, 0, 4096).ok);  // a 4 KB window: from the mean line length
  const double est = static_cast<double>(part.estimated_rows());
  EXPECT_NEAR(est, 20000.0, 20000.0 * 0.2);
  std::remove(path.c_str());
}

TEST(Reader, MemoryInfoAndTheFitRule) {
  MemoryInfo m;
  EXPECT_TRUE(fits_in_memory(std::uint64_t{1} << 40, m));  // unknown memory: load
  m.available = 1000;
  EXPECT_TRUE(fits_in_memory(750, m));
  EXPECT_FALSE(fits_in_memory(751, m));
  m.cgroup_limit = 600;
  m.cgroup_used = 200;
  EXPECT_EQ(m.usable(), 400u);
  EXPECT_FALSE(fits_in_memory(301, m));
  const MemoryInfo here = memory_info();
  EXPECT_LE(here.available, here.physical);
}

}  // namespace
}  // namespace pla::reader_test
