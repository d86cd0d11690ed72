// CSV and LIBSVM readers and writers: exact loading, every rejection with
// "FILE:LINE:COLUMN: ..." and bit-exact round trips.
#include "core/io.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "core/rng.hpp"

namespace pla {
namespace {

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// Reads CSV text named data.csv; returns the error ("" on success).
std::string csv_error(const std::string& text, int expected_d = 0) {
  Dataset ds;
  const Status st = read_csv(text, "data.csv", ds, expected_d);
  return st.ok ? "" : st.error;
}

std::string svm_error(const std::string& text, int expected_d = 0) {
  Dataset ds;
  const Status st = read_libsvm(text, "data.libsvm", ds, expected_d);
  return st.ok ? "" : st.error;
}

// The error must start with the position and contain the description.
void expect_error(const std::string& error, const std::string& position, const std::string& what) {
  EXPECT_EQ(error.substr(0, position.size()), position) << error;
  EXPECT_TRUE(contains(error, what)) << error << "\n  should contain: " << what;
}

std::uint64_t bits(double v) {
  std::uint64_t b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}

void expect_same_bits(const Dataset& a, const Dataset& b) {
  ASSERT_EQ(a.d, b.d);
  ASSERT_EQ(a.y, b.y);
  ASSERT_EQ(a.x.size(), b.x.size());
  for (std::size_t i = 0; i < a.x.size(); ++i) EXPECT_EQ(bits(a.x[i]), bits(b.x[i])) << "coordinate " << i;
}

// ---------------------------------------------------------------- CSV: good input

TEST(IoCsv, PlainRowsWithoutHeader) {
  Dataset ds;
  ASSERT_TRUE(read_csv("1,2,1\n3,4,-1\n", "data.csv", ds).ok);
  EXPECT_EQ(ds.d, 2);
  EXPECT_EQ(ds.x, (std::vector<double>{1, 2, 3, 4}));
  EXPECT_EQ(ds.y, (std::vector<int>{1, -1}));
  EXPECT_TRUE(ds.feature_names.empty());
}

TEST(IoCsv, BomCrlfHeaderQuotedScientificSpacesBlankLines) {
  Dataset ds;
  const std::string text =
      "\xEF\xBB\xBFx1,x2,label\r\n"
      " 1.5 , \"2e-3\" ,+1\r\n"
      "\r\n"
      "   \r\n"
      "-3.25E2,\" 0.1 \",-1\r\n"
      ".5,5.,1";  // no final newline
  const Status st = read_csv(text, "data.csv", ds);
  ASSERT_TRUE(st.ok) << st.error;
  EXPECT_EQ(ds.d, 2);
  EXPECT_EQ(ds.x, (std::vector<double>{1.5, 0.002, -325.0, 0.1, 0.5, 5.0}));
  EXPECT_EQ(ds.y, (std::vector<int>{1, -1, 1}));
  EXPECT_EQ(ds.feature_names, (std::vector<std::string>{"x1", "x2"}));
}

TEST(IoCsv, LabelColumnFirstByNameWithZeroOneLabels) {
  Dataset ds;
  ASSERT_TRUE(read_csv("Label,a,b\n1,5,6\n0,7,8\n", "data.csv", ds).ok);
  EXPECT_EQ(ds.x, (std::vector<double>{5, 6, 7, 8}));
  EXPECT_EQ(ds.y, (std::vector<int>{1, -1}));
  EXPECT_EQ(ds.feature_names, (std::vector<std::string>{"a", "b"}));
}

TEST(IoCsv, ColumnNamedYInTheMiddle) {
  Dataset ds;
  ASSERT_TRUE(read_csv("a,Y,b\n5,-1,6\n7,1,8\n", "data.csv", ds).ok);
  EXPECT_EQ(ds.x, (std::vector<double>{5, 6, 7, 8}));
  EXPECT_EQ(ds.y, (std::vector<int>{-1, 1}));
}

TEST(IoCsv, SemicolonAndTabSeparators) {
  Dataset a, b;
  ASSERT_TRUE(read_csv("x;y;label\n1;2;1\n3;4;-1\n", "data.csv", a).ok);
  EXPECT_EQ(a.x, (std::vector<double>{1, 2, 3, 4}));
  ASSERT_TRUE(read_csv("1\t2\t1\n3\t4\t0\n", "data.tsv", b).ok);
  EXPECT_EQ(b.x, (std::vector<double>{1, 2, 3, 4}));
  EXPECT_EQ(b.y, (std::vector<int>{1, -1}));
}

TEST(IoCsv, QuotedSeparatorInHeaderAndLoneCrLineEnds) {
  Dataset ds;
  ASSERT_TRUE(read_csv("\"price, EUR\",\"say \"\"hi\"\"\",label\r1,2,1\r3,4,-1\r", "data.csv", ds).ok);
  EXPECT_EQ(ds.feature_names, (std::vector<std::string>{"price, EUR", "say \"hi\""}));
  EXPECT_EQ(ds.x, (std::vector<double>{1, 2, 3, 4}));
}

TEST(IoCsv, OneFeatureAndTinyValuesRoundToNearestDouble) {
  Dataset ds;
  ASSERT_TRUE(read_csv("1e-400,1\n-4.9e-324,-1\n", "data.csv", ds).ok);
  EXPECT_EQ(ds.d, 1);
  EXPECT_EQ(ds.x[0], 0.0);
  EXPECT_EQ(ds.x[1], -std::numeric_limits<double>::denorm_min());
}

TEST(IoCsv, ExpectedDimensionAccepted) {
  Dataset ds;
  EXPECT_TRUE(read_csv("1,2,3,1\n4,5,6,-1\n", "data.csv", ds, 3).ok);
  EXPECT_EQ(ds.d, 3);
}

// ---------------------------------------------------------------- CSV: rejections

TEST(IoCsv, NotANumberNamesFileLineColumn) {
  const std::string text = "a,b,c,label\n1,2,3,1\n\n4,5,6,-1\n1,1,1,1\n2,2,2,1\n3,3,abc,-1\n";
  EXPECT_EQ(csv_error(text), "data.csv:7:3: 'abc' is not a number");
}

TEST(IoCsv, RaggedRows) {
  expect_error(csv_error("1,2,1\n3,4\n"), "data.csv:2:3: ", "row has 2 fields, expected 3 (as on line 1");
  expect_error(csv_error("x,y,label\n1,2,1\n3,4,1,5\n"), "data.csv:3:4: ", "row has 4 fields, expected 3");
}

TEST(IoCsv, NonFiniteAndOutOfRange) {
  expect_error(csv_error("1,2,1\n3,nan,-1\n"), "data.csv:2:2: ", "'nan' is not a finite number");
  expect_error(csv_error("1,2,1\n-Infinity,4,-1\n"), "data.csv:2:1: ", "'-Infinity' is not a finite number");
  expect_error(csv_error("1,inf,1\n3,4,-1\n"), "data.csv:1:2: ", "'inf' is not a finite number");
  expect_error(csv_error("1,2,1\n3,1e999,-1\n"), "data.csv:2:2: ", "'1e999' is out of range");
  expect_error(csv_error("1,2,1\n3,-1e400,-1\n"), "data.csv:2:2: ", "out of range");
}

TEST(IoCsv, MalformedNumbers) {
  expect_error(csv_error("1,2,1\n0x1p3,4,-1\n"), "data.csv:2:1: ", "'0x1p3' is not a number");
  expect_error(csv_error("1,2,1\n1.2.3,4,-1\n"), "data.csv:2:1: ", "is not a number");
  expect_error(csv_error("1,2,1\n3,1e,-1\n"), "data.csv:2:2: ", "'1e' is not a number");
  expect_error(csv_error("1,2,1\n3,,-1\n"), "data.csv:2:2: ", "empty field");
  expect_error(csv_error("1,2,1\n3,4 5,-1\n"), "data.csv:2:2: ", "'4 5' is not a number");
}

TEST(IoCsv, EmptyTextOrNoDataRows) {
  expect_error(csv_error(""), "data.csv:1:1: ", "no data rows");
  expect_error(csv_error("\xEF\xBB\xBF\r\n  \n"), "data.csv:1:1: ", "no data rows");
  expect_error(csv_error("\nx,y,label\n\n"), "data.csv:2:1: ", "no data rows after the header");
}

TEST(IoCsv, SingleClass) {
  expect_error(csv_error("1,2,1\n3,4,1\n\n"), "data.csv:2:3: ", "all 2 labels are +1");
  expect_error(csv_error("label,x\n-1,2\n-1,4\n"), "data.csv:3:1: ", "all 2 labels are -1");
}

TEST(IoCsv, UnknownLabels) {
  expect_error(csv_error("1,2,1\n3,4,2\n"), "data.csv:2:3: ", "unknown label '2'");
  expect_error(csv_error("1,2,1\n3,4,0.5\n"), "data.csv:2:3: ", "unknown label '0.5'");
  expect_error(csv_error("x,y,label\n1,2,1\n3,4,cat\n"), "data.csv:3:3: ", "unknown label 'cat'");
  expect_error(csv_error("1,2,1\n3,4,\n"), "data.csv:2:3: ", "empty label");
}

TEST(IoCsv, MixedLabelConventions) {
  EXPECT_EQ(csv_error("1,2,-1\n3,4,1\n5,6,0\n"),
            "data.csv:3:3: label 0 mixes conventions: line 1 uses -1/+1 labels (use -1/+1 or 0/1 throughout)");
  expect_error(csv_error("1,2,0\n3,4,1\n5,6,-1\n"), "data.csv:3:3: ", "label -1 mixes conventions: line 1");
}

TEST(IoCsv, DimensionMismatch) {
  expect_error(csv_error("\nx,y,label\n1,2,1\n3,4,-1\n", 3),
               "data.csv:2:1: ", "the file has d = 2 feature columns, expected d = 3");
  expect_error(csv_error("1\n-1\n"), "data.csv:1:1: ", "only one column");
}

TEST(IoCsv, QuotingErrors) {
  expect_error(csv_error("1,\"2,1\n3,4,-1\n"), "data.csv:1:2: ", "unterminated quoted field");
  expect_error(csv_error("1,\"2\"x,1\n3,4,-1\n"), "data.csv:1:2: ", "after the closing quote");
}

TEST(IoCsv, FirstRowMixingNamesAndNumbersIsReportedNotSwallowed) {
  expect_error(csv_error("1,abc,1\n3,4,-1\n"),
               "data.csv:1:2: ", "'abc' is not a number (a header row must contain only column names)");
}

TEST(IoCsv, TwoLabelColumnsAreAmbiguous) {
  expect_error(csv_error("label,x,LABEL\n1,2,1\n"), "data.csv:1:3: ", "two columns are named 'LABEL'");
}

TEST(IoCsv, Utf16IsRejected) {
  expect_error(csv_error(std::string("\xFF\xFE"
                                     "1\0,\0",
                                     6)),
               "data.csv:1:1: ", "UTF-16");
}

TEST(IoCsv, OutputUnchangedOnFailure) {
  Dataset ds;
  ds.d = 1;
  ds.x = {42.0};
  ds.y = {1};
  EXPECT_FALSE(read_csv("1,2,1\n3,x,-1\n", "data.csv", ds).ok);
  EXPECT_EQ(ds.d, 1);
  EXPECT_EQ(ds.x, (std::vector<double>{42.0}));
  EXPECT_EQ(ds.y, (std::vector<int>{1}));
}

// ---------------------------------------------------------------- LIBSVM

TEST(IoLibsvm, SparseRowsBecomeDenseWithZeros) {
  Dataset ds;
  const Status st = read_libsvm("# a comment\n+1 1:0.5 3:2  # tail\r\n\n-1\t2:-1e-3\n", "data.libsvm", ds);
  ASSERT_TRUE(st.ok) << st.error;
  EXPECT_EQ(ds.d, 3);
  EXPECT_EQ(ds.x, (std::vector<double>{0.5, 0, 2, 0, -0.001, 0}));
  EXPECT_EQ(ds.y, (std::vector<int>{1, -1}));
}

TEST(IoLibsvm, CallersDimensionPadsAndZeroOneLabels) {
  Dataset ds;
  ASSERT_TRUE(read_libsvm("1 2:7\n0 1:3\n", "data.libsvm", ds, 4).ok);
  EXPECT_EQ(ds.d, 4);
  EXPECT_EQ(ds.x, (std::vector<double>{0, 7, 0, 0, 3, 0, 0, 0}));
  EXPECT_EQ(ds.y, (std::vector<int>{1, -1}));
}

TEST(IoLibsvm, IndexErrorsNameByteColumn) {
  // "+1 1:0.5 1:2": the second pair starts at byte column 10.
  EXPECT_EQ(svm_error("+1 1:0.5 1:2\n-1 1:1\n"),
            "data.libsvm:1:10: feature index 1 does not follow the previous index 1 (indices must increase)");
  expect_error(svm_error("-1 1:1\n+1 3:1 2:1\n"), "data.libsvm:2:8: ", "feature index 2 does not follow");
  expect_error(svm_error("-1 1:1\n+1 0:1\n"), "data.libsvm:2:4: ", "indices start at 1");
  expect_error(svm_error("-1 1:1\n+1 x:1\n"), "data.libsvm:2:4: ", "'x' is not a positive whole number");
  expect_error(svm_error("-1 1:1\n+1 -2:1\n"), "data.libsvm:2:4: ", "not a positive whole number");
  expect_error(svm_error("-1 1:1\n+1  5\n"), "data.libsvm:2:5: ", "'5' is not an index:value pair");
  expect_error(svm_error("-1 1:1\n+1 qid:3 1:2\n"), "data.libsvm:2:4: ", "qid");
  expect_error(svm_error("-1 1:1\n+1 100001:1\n"), "data.libsvm:2:4: ", "above the limit");
  expect_error(svm_error("-1 1:1\n+1 99999999999999999999999:1\n"), "data.libsvm:2:4: ", "above the limit");
}

TEST(IoLibsvm, ValueErrorsPointAfterTheColon) {
  expect_error(svm_error("-1 1:1\n+1 12:abc\n"), "data.libsvm:2:7: ", "'abc' is not a number");
  expect_error(svm_error("-1 1:1\n+1 1:nan\n"), "data.libsvm:2:6: ", "not a finite number");
  expect_error(svm_error("-1 1:1\n+1 1:1e999\n"), "data.libsvm:2:6: ", "out of range");
  expect_error(svm_error("-1 1:1\n+1 1:\n"), "data.libsvm:2:6: ", "feature 1 has no value");
}

TEST(IoLibsvm, LabelErrors) {
  expect_error(svm_error("-1 1:1\n2 1:1\n"), "data.libsvm:2:1: ", "unknown label '2'");
  expect_error(svm_error("-1 1:1\n  cat 1:1\n"), "data.libsvm:2:3: ", "unknown label 'cat'");
  expect_error(svm_error("-1 1:1\n0 1:1\n"), "data.libsvm:2:1: ", "label 0 mixes conventions: line 1");
  expect_error(svm_error("-1 1:1\n1:1 2:2\n"), "data.libsvm:2:1: ", "expected a label first");
}

TEST(IoLibsvm, WholeFileErrors) {
  expect_error(svm_error(""), "data.libsvm:1:1: ", "no data rows");
  expect_error(svm_error("# only\n# comments\n"), "data.libsvm:1:1: ", "no data rows");
  expect_error(svm_error("\n+1\n-1\n"), "data.libsvm:2:1: ", "d is unknown");
  expect_error(svm_error("+1 1:1\n+1 2:1\n# end\n"), "data.libsvm:2:1: ", "all 2 labels are +1");
  expect_error(svm_error("-1 1:1\n+1 3:1\n", 2), "data.libsvm:2:4: ", "feature index 3 is above the expected d = 2");
}

TEST(IoLibsvm, OutputUnchangedOnFailure) {
  Dataset ds;
  ds.d = 1;
  ds.x = {42.0};
  ds.y = {1};
  EXPECT_FALSE(read_libsvm("+1 1:1\n-1 1:x\n", "data.libsvm", ds).ok);
  EXPECT_EQ(ds.x, (std::vector<double>{42.0}));
}

// ---------------------------------------------------------------- writers, round trips

Dataset tricky_dataset() {
  Dataset ds;
  ds.d = 4;  // the last column is all zeros: LIBSVM must still give d = 4 back
  const double values[] = {0.1,
                           1.0 / 3.0,
                           -0.0,
                           std::numeric_limits<double>::denorm_min(),
                           std::numeric_limits<double>::max(),
                           -std::numeric_limits<double>::max(),
                           std::numeric_limits<double>::min(),
                           -2.5e-300,
                           123456789.123456789,
                           1e21,
                           -7.0,
                           0.30000000000000004};
  for (std::size_t i = 0; i < 6; ++i) {
    const double a = values[2 * i], b = values[2 * i + 1];
    EXPECT_TRUE(ds.add({a, b, i % 2 ? 0.0 : a * 0.5, 0.0}, i % 3 ? 1 : -1).ok);
  }
  return ds;
}

TEST(IoWrite, CsvRoundTripIsBitExact) {
  const Dataset ds = tricky_dataset();
  Dataset back;
  const Status st = read_csv(write_csv(ds), "w.csv", back);
  ASSERT_TRUE(st.ok) << st.error;
  expect_same_bits(ds, back);
}

TEST(IoWrite, LibsvmRoundTripIsBitExactAndKeepsD) {
  const Dataset ds = tricky_dataset();
  const std::string text = write_libsvm(ds);
  EXPECT_TRUE(contains(text, "\n+1 1:-0 2:")) << text;  // negative zero survives
  Dataset back;
  const Status st = read_libsvm(text, "w.libsvm", back);
  ASSERT_TRUE(st.ok) << st.error;
  expect_same_bits(ds, back);
}

TEST(IoWrite, RandomDataRoundTrips) {
  Rng rng(77);
  Dataset ds;
  ds.d = 5;
  for (int i = 0; i < 200; ++i) {
    std::vector<double> p(5);
    for (double& v : p) v = rng.normal() * 1e3 * rng.uniform01();
    p[static_cast<std::size_t>(i % 5)] = 0.0;
    ASSERT_TRUE(ds.add(p, i % 2 ? 1 : -1).ok);
  }
  Dataset a, b;
  ASSERT_TRUE(read_csv(write_csv(ds), "r.csv", a).ok);
  ASSERT_TRUE(read_libsvm(write_libsvm(ds), "r.libsvm", b).ok);
  expect_same_bits(ds, a);
  expect_same_bits(ds, b);
}

TEST(IoWrite, CsvTextAndNames) {
  Dataset ds;
  ds.d = 2;
  ASSERT_TRUE(ds.add({0.5, -2}, 1).ok);
  ASSERT_TRUE(ds.add({1e-7, 3}, -1).ok);
  EXPECT_EQ(write_csv(ds), "x1,x2,label\n0.5,-2,1\n1e-07,3,-1\n");
  EXPECT_EQ(write_libsvm(ds), "+1 1:0.5 2:-2\n-1 1:1e-07 2:3\n");
  ds.feature_names = {"price", "quantity"};
  Dataset back;
  ASSERT_TRUE(read_csv(write_csv(ds), "n.csv", back).ok);
  EXPECT_EQ(back.feature_names, ds.feature_names);
  // Names the reader would misread (a number, the label column, a separator) fall back to x1..xd.
  for (const char* bad : {"2017", "Label", "a,b", ""}) {
    ds.feature_names = {"price", bad};
    EXPECT_EQ(write_csv(ds).substr(0, 12), "x1,x2,label\n") << bad;
  }
}

TEST(IoWrite, FormatNumberShortestRoundTrip) {
  EXPECT_EQ(format_number(0.1), "0.1");
  EXPECT_EQ(format_number(-0.0), "-0");
  EXPECT_EQ(format_number(0.0), "0");
  EXPECT_EQ(format_number(1.0 / 3.0), "0.3333333333333333");
  EXPECT_EQ(format_number(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(format_number(std::numeric_limits<double>::quiet_NaN()), "nan");
  EXPECT_EQ(format_number(-std::numeric_limits<double>::infinity()), "-inf");
}

// ---------------------------------------------------------------- format choice, files

TEST(IoFormat, GuessByExtensionThenContent) {
  EXPECT_EQ(guess_format("a.CSV", "+1 1:2\n"), DataFormat::kCsv);
  EXPECT_EQ(guess_format("a.svm", "1,2,1\n"), DataFormat::kLibsvm);
  EXPECT_EQ(guess_format("a.svmlight", ""), DataFormat::kLibsvm);
  EXPECT_EQ(guess_format("a.libsvm", ""), DataFormat::kLibsvm);
  EXPECT_EQ(guess_format("a.txt", "# c\n\n+1 1:2 3:4\n"), DataFormat::kLibsvm);
  EXPECT_EQ(guess_format("a.txt", "1,2,1\n"), DataFormat::kCsv);
  EXPECT_EQ(guess_format("a.txt", "x y label\n"), DataFormat::kCsv);
  EXPECT_EQ(guess_format("upload", "\xEF\xBB\xBF-1 2:1\n"), DataFormat::kLibsvm);
  Dataset ds;
  ASSERT_TRUE(read_data("+1 2:1\n-1 1:1\n", "upload", ds).ok);
  EXPECT_EQ(ds.x, (std::vector<double>{0, 1, 1, 0}));
  const Status st = read_data("1,2,1\n1,x,-1\n", "upload.txt", ds);
  EXPECT_EQ(st.error, "upload.txt:2:2: 'x' is not a number");
}

TEST(IoFile, WriteThenReadBothFormats) {
  const Dataset ds = tricky_dataset();
  for (const char* name : {"pla_io_test.csv", "pla_io_test.libsvm"}) {
    const std::string path = ::testing::TempDir() + name;
    const Status w = write_data_file(path, ds);
    ASSERT_TRUE(w.ok) << w.error;
    Dataset back;
    const Status r = read_data_file(path, back);
    ASSERT_TRUE(r.ok) << r.error;
    expect_same_bits(ds, back);
    std::string text;
    ASSERT_TRUE(read_text_file(path, text).ok);
    EXPECT_EQ(text, contains(name, ".csv") ? write_csv(ds) : write_libsvm(ds));
    std::remove(path.c_str());
  }
}

TEST(IoFile, ErrorsNameThePath) {
  Dataset ds;
  const std::string missing = ::testing::TempDir() + "pla_no_such_file.csv";
  const Status st = read_data_file(missing, ds);
  EXPECT_FALSE(st.ok);
  EXPECT_TRUE(contains(st.error, missing)) << st.error;
  const std::string bad = ::testing::TempDir() + "pla_io_bad.csv";
  std::FILE* f = std::fopen(bad.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  std::fputs("x,y,label\n1,2,1\n3,4,7\n", f);
  std::fclose(f);
  EXPECT_EQ(read_data_file(bad, ds).error, bad + ":3:3: unknown label '7' (labels must be -1/+1 or 0/1)");
  std::remove(bad.c_str());
  Dataset invalid;
  invalid.d = 0;
  EXPECT_FALSE(write_data_file(::testing::TempDir() + "pla_never.csv", invalid).ok);
}

}  // namespace
}  // namespace pla
