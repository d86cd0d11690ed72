// CSV and LIBSVM readers and writers: exact loading, every rejection as a code with
// its location (file, line, column) and arguments, and bit-exact round trips.
#include "core/data/read/io.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "core/base/rng.hpp"
#include "expect_message.hpp"
#include "test_files.hpp"

namespace pla::io_test {
namespace {

using test::bits;
using test::failed_at;

using test::contains;

// Reads CSV text named data.csv.
Status csv(const std::string& text, int expected_d = 0) {
  Dataset ds;
  return read_csv(text, "data.csv", ds, expected_d);
}

Status svm(const std::string& text, int expected_d = 0) {
  Dataset ds;
  return read_libsvm(text, "data.libsvm", ds, expected_d);
}

// The failure must be `code` with `args` at LINE:COLUMN of data.csv / data.libsvm.
::testing::AssertionResult csv_fails(const std::string& text, int line, int column, Msg code, const MsgArgs& args = {},
                                     int expected_d = 0) {
  return failed_at(csv(text, expected_d), "data.csv", line, column, code, args);
}

::testing::AssertionResult svm_fails(const std::string& text, int line, int column, Msg code, const MsgArgs& args = {},
                                     int expected_d = 0) {
  return failed_at(svm(text, expected_d), "data.libsvm", line, column, code, args);
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
  const Status st = csv(text);
  EXPECT_TRUE(failed_at(st, "data.csv", 7, 3, Msg::number_not_number, {{"value", "abc"}}));
  EXPECT_EQ(st.args.size(), 4u);  // file, line, column, value
}

TEST(IoCsv, RaggedRows) {
  EXPECT_TRUE(csv_fails("1,2,1\n3,4\n", 2, 3, Msg::csv_row_fields,
                        {{"fields", "2"}, {"expected", "3"}, {"first_line", "1"}, {"separator", "comma"}}));
  EXPECT_TRUE(csv_fails("x,y,label\n1,2,1\n3,4,1,5\n", 3, 4, Msg::csv_row_fields, {{"fields", "4"}, {"expected", "3"}}));
}

TEST(IoCsv, NonFiniteAndOutOfRange) {
  EXPECT_TRUE(csv_fails("1,2,1\n3,nan,-1\n", 2, 2, Msg::number_not_finite, {{"value", "nan"}}));
  EXPECT_TRUE(csv_fails("1,2,1\n-Infinity,4,-1\n", 2, 1, Msg::number_not_finite, {{"value", "-Infinity"}}));
  EXPECT_TRUE(csv_fails("1,inf,1\n3,4,-1\n", 1, 2, Msg::number_not_finite, {{"value", "inf"}}));
  EXPECT_TRUE(csv_fails("1,2,1\n3,1e999,-1\n", 2, 2, Msg::number_out_of_range, {{"value", "1e999"}}));
  EXPECT_TRUE(csv_fails("1,2,1\n3,-1e400,-1\n", 2, 2, Msg::number_out_of_range));
}

TEST(IoCsv, MalformedNumbers) {
  EXPECT_TRUE(csv_fails("1,2,1\n0x1p3,4,-1\n", 2, 1, Msg::number_not_number, {{"value", "0x1p3"}}));
  EXPECT_TRUE(csv_fails("1,2,1\n1.2.3,4,-1\n", 2, 1, Msg::number_not_number));
  EXPECT_TRUE(csv_fails("1,2,1\n3,1e,-1\n", 2, 2, Msg::number_not_number, {{"value", "1e"}}));
  EXPECT_TRUE(csv_fails("1,2,1\n3,,-1\n", 2, 2, Msg::number_empty));
  EXPECT_TRUE(csv_fails("1,2,1\n3,4 5,-1\n", 2, 2, Msg::number_not_number, {{"value", "4 5"}}));
}

TEST(IoCsv, LongFieldsAreCutInTheMessage) {
  const std::string field(50, 'z');
  EXPECT_TRUE(csv_fails("1,2,1\n3," + field + ",-1\n", 2, 2, Msg::number_not_number,
                        {{"value", std::string(40, 'z') + "..."}}));
}

TEST(IoCsv, EmptyTextOrNoDataRows) {
  EXPECT_TRUE(csv_fails("", 1, 1, Msg::csv_empty));
  EXPECT_TRUE(csv_fails("\xEF\xBB\xBF\r\n  \n", 1, 1, Msg::csv_empty));
  EXPECT_TRUE(csv_fails("\nx,y,label\n\n", 2, 1, Msg::csv_no_rows_after_header));
}

TEST(IoCsv, SingleClass) {
  EXPECT_TRUE(csv_fails("1,2,1\n3,4,1\n\n", 2, 3, Msg::read_one_class, {{"count", "2"}, {"label", "+1"}}));
  EXPECT_TRUE(csv_fails("label,x\n-1,2\n-1,4\n", 3, 1, Msg::read_one_class, {{"count", "2"}, {"label", "-1"}}));
}

TEST(IoCsv, UnknownLabels) {
  EXPECT_TRUE(csv_fails("1,2,1\n3,4,2\n", 2, 3, Msg::label_unknown, {{"value", "2"}}));
  EXPECT_TRUE(csv_fails("1,2,1\n3,4,0.5\n", 2, 3, Msg::label_unknown, {{"value", "0.5"}}));
  EXPECT_TRUE(csv_fails("x,y,label\n1,2,1\n3,4,cat\n", 3, 3, Msg::label_unknown, {{"value", "cat"}}));
  EXPECT_TRUE(csv_fails("1,2,1\n3,4,\n", 2, 3, Msg::label_empty));
}

TEST(IoCsv, MixedLabelConventions) {
  EXPECT_TRUE(csv_fails("1,2,-1\n3,4,1\n5,6,0\n", 3, 3, Msg::label_mixed_zero, {{"other_line", "1"}}));
  EXPECT_TRUE(csv_fails("1,2,0\n3,4,1\n5,6,-1\n", 3, 3, Msg::label_mixed_minus, {{"other_line", "1"}}));
}

TEST(IoCsv, DimensionMismatch) {
  EXPECT_TRUE(csv_fails("\nx,y,label\n1,2,1\n3,4,-1\n", 2, 1, Msg::read_d_mismatch, {{"d", "2"}, {"expected_d", "3"}}, 3));
  EXPECT_TRUE(csv_fails("1\n-1\n", 1, 1, Msg::csv_one_column, {{"separator", "comma"}}));
  EXPECT_TRUE(csv_fails("1;2;1\n3;4\n", 2, 3, Msg::csv_row_fields, {{"separator", "semicolon"}}));
  EXPECT_TRUE(csv_fails("1\t2\t1\n3\t4\n", 2, 3, Msg::csv_row_fields, {{"separator", "tab"}}));
  EXPECT_TRUE(failed_at(csv("1\n", -1), "data.csv", 0, 0, Msg::read_expected_d_range,
                        {{"expected_d", "-1"}, {"limit", std::to_string(kMaxDimension)}}));
}

TEST(IoCsv, QuotingErrors) {
  EXPECT_TRUE(csv_fails("1,\"2,1\n3,4,-1\n", 1, 2, Msg::csv_unterminated_quote));
  EXPECT_TRUE(csv_fails("1,\"2\"x,1\n3,4,-1\n", 1, 2, Msg::csv_text_after_quote, {{"value", "x,1"}}));
}

TEST(IoCsv, FirstRowMixingNamesAndNumbersIsReportedNotSwallowed) {
  EXPECT_TRUE(csv_fails("1,abc,1\n3,4,-1\n", 1, 2, Msg::header_number_not_number, {{"value", "abc"}}));
  EXPECT_TRUE(csv_fails("1,x,cat\n3,4,-1\n", 1, 2, Msg::header_number_not_number, {{"value", "x"}}));
  EXPECT_TRUE(csv_fails("1,2,cat\n3,4,-1\n", 1, 3, Msg::header_label_unknown, {{"value", "cat"}}));
  // The same text on a later row is an ordinary error.
  EXPECT_TRUE(csv_fails("1,2,1\n1,abc,1\n", 2, 2, Msg::number_not_number, {{"value", "abc"}}));
}

TEST(IoCsv, TwoLabelColumnsAreAmbiguous) {
  EXPECT_TRUE(csv_fails("label,x,LABEL\n1,2,1\n", 1, 3, Msg::csv_duplicate_label_column,
                        {{"name", "LABEL"}, {"first", "1"}, {"second", "3"}}));
}

TEST(IoCsv, Utf16IsRejected) {
  EXPECT_TRUE(csv_fails(std::string("\xFF\xFE"
                                    "1\0,\0",
                                    6),
                        1, 1, Msg::read_utf16));
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
  EXPECT_TRUE(svm_fails("+1 1:0.5 1:2\n-1 1:1\n", 1, 10, Msg::libsvm_index_order, {{"index", "1"}, {"previous", "1"}}));
  EXPECT_TRUE(svm_fails("-1 1:1\n+1 3:1 2:1\n", 2, 8, Msg::libsvm_index_order, {{"index", "2"}, {"previous", "3"}}));
  EXPECT_TRUE(svm_fails("-1 1:1\n+1 0:1\n", 2, 4, Msg::libsvm_index_zero));
  EXPECT_TRUE(svm_fails("-1 1:1\n+1 x:1\n", 2, 4, Msg::libsvm_index_not_whole, {{"value", "x"}}));
  EXPECT_TRUE(svm_fails("-1 1:1\n+1 -2:1\n", 2, 4, Msg::libsvm_index_not_whole, {{"value", "-2"}}));
  EXPECT_TRUE(svm_fails("-1 1:1\n+1  5\n", 2, 5, Msg::libsvm_not_pair, {{"value", "5"}}));
  EXPECT_TRUE(svm_fails("-1 1:1\n+1 qid:3 1:2\n", 2, 4, Msg::libsvm_qid));
  EXPECT_TRUE(svm_fails("-1 1:1\n+1 100001:1\n", 2, 4, Msg::libsvm_index_above_limit,
                        {{"index", "100001"}, {"limit", "100000"}}));
  EXPECT_TRUE(svm_fails("-1 1:1\n+1 99999999999999999999999:1\n", 2, 4, Msg::libsvm_index_above_limit,
                        {{"index", "99999999999999999999999"}}));
}

TEST(IoLibsvm, ValueErrorsPointAfterTheColon) {
  EXPECT_TRUE(svm_fails("-1 1:1\n+1 12:abc\n", 2, 7, Msg::number_not_number, {{"value", "abc"}}));
  EXPECT_TRUE(svm_fails("-1 1:1\n+1 1:nan\n", 2, 6, Msg::number_not_finite, {{"value", "nan"}}));
  EXPECT_TRUE(svm_fails("-1 1:1\n+1 1:1e999\n", 2, 6, Msg::number_out_of_range, {{"value", "1e999"}}));
  EXPECT_TRUE(svm_fails("-1 1:1\n+1 1:\n", 2, 6, Msg::libsvm_no_value, {{"index", "1"}}));
}

TEST(IoLibsvm, LabelErrors) {
  EXPECT_TRUE(svm_fails("-1 1:1\n2 1:1\n", 2, 1, Msg::label_unknown, {{"value", "2"}}));
  EXPECT_TRUE(svm_fails("-1 1:1\n  cat 1:1\n", 2, 3, Msg::label_unknown, {{"value", "cat"}}));
  EXPECT_TRUE(svm_fails("-1 1:1\n0 1:1\n", 2, 1, Msg::label_mixed_zero, {{"other_line", "1"}}));
  EXPECT_TRUE(svm_fails("-1 1:1\n1:1 2:2\n", 2, 1, Msg::libsvm_label_first, {{"value", "1:1"}}));
}

TEST(IoLibsvm, WholeFileErrors) {
  EXPECT_TRUE(svm_fails("", 1, 1, Msg::libsvm_empty));
  EXPECT_TRUE(svm_fails("# only\n# comments\n", 1, 1, Msg::libsvm_empty));
  EXPECT_TRUE(svm_fails("\n+1\n-1\n", 2, 1, Msg::libsvm_no_pairs));
  EXPECT_TRUE(svm_fails("+1 1:1\n+1 2:1\n# end\n", 2, 1, Msg::read_one_class, {{"count", "2"}, {"label", "+1"}}));
  EXPECT_TRUE(svm_fails("-1 1:1\n+1 3:1\n", 2, 4, Msg::libsvm_index_above_expected, {{"index", "3"}, {"expected_d", "2"}}, 2));
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
  EXPECT_TRUE(failed_at(st, "upload.txt", 2, 2, Msg::number_not_number, {{"value", "x"}}));
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
  EXPECT_TRUE(test::failed_with(st, Msg::io_cannot_open, {{"path", missing}}));
  EXPECT_EQ(st.exit_code(), 1);
  const std::string bad = ::testing::TempDir() + "pla_io_bad.csv";
  std::FILE* f = std::fopen(bad.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  std::fputs("x,y,label\n1,2,1\n3,4,7\n", f);
  std::fclose(f);
  EXPECT_TRUE(failed_at(read_data_file(bad, ds), bad, 3, 3, Msg::label_unknown, {{"value", "7"}}));
  std::remove(bad.c_str());
  Dataset invalid;
  invalid.d = 0;
  const std::string never = ::testing::TempDir() + "pla_never.csv";
  const Status w = write_data_file(never, invalid);
  EXPECT_TRUE(test::failed_with(w, Msg::io_cannot_write_cause, {{"path", never}}));
  ASSERT_TRUE(w.cause);
  EXPECT_EQ(w.cause->code, Msg::dataset_bad_d);
  EXPECT_EQ(test::arg(*w.cause, "d"), "0");
}

}  // namespace
}  // namespace pla::io_test
