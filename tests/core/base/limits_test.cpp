// The documented limits (README, "Limits"): every input past a limit is refused with a
// message (a code whose arguments name the limit, and the line for data text), never a
// crash, a stall or an out-of-memory; and long runs keep bounded state.
#include <gtest/gtest.h>

#include "test_files.hpp"

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "core/data/generators.hpp"
#include "core/data/read/io.hpp"
#include "core/base/json.hpp"
#include "core/data/lift.hpp"
#include "core/learn/model.hpp"
#include "core/lab/session/session.hpp"
#include "core/lab/session/urlstate.hpp"
#include "expect_message.hpp"

namespace pla::limits_test {
namespace {

using test::failed_at;
using test::failed_with;

using test::contains;

// ---------------------------------------------------------------- data text

TEST(Limits, ValuesOfTheReaderLimits) {
  EXPECT_EQ(kMaxLineBytes, 16u * 1024 * 1024);
  EXPECT_EQ(kMaxFileBytes, 1024u * 1024 * 1024);
  EXPECT_EQ(kMaxDimension, 100000);
  EXPECT_EQ(kMaxValues, 20000000u);
}

TEST(Limits, CsvLineOverTheLimitIsRefusedNamingTheLine) {
  // Line 2 is one byte over the limit (a line at the limit loads: next test).
  Dataset ds;
  Status st;
  const std::string too_long = "1,2,1\n" + std::string(kMaxLineBytes + 1, '7') + "\n-1,2,-1\n";
  st = read_csv(too_long, "long.csv", ds);
  EXPECT_TRUE(failed_at(st, "long.csv", 2, 1, Msg::read_line_too_long, {{"bytes", "16777217"}, {"limit", "16777216"}}));
  // The same for LIBSVM, and for the format guess (no extension: it must not split the line).
  st = read_libsvm("1 1:1\n" + std::string(kMaxLineBytes + 1, '7') + "\n-1 1:2\n", "long.libsvm", ds);
  EXPECT_TRUE(failed_at(st, "long.libsvm", 2, 1, Msg::read_line_too_long, {{"bytes", "16777217"}}));
  const std::string first_too_long = std::string(kMaxLineBytes + 1, ' ') + "1 1:1\n-1 1:2\n";
  EXPECT_EQ(guess_format("data", first_too_long), DataFormat::kCsv);
  st = read_data(first_too_long, "data", ds);
  EXPECT_TRUE(failed_at(st, "data", 1, 1, Msg::read_line_too_long, {{"bytes", "16777222"}}));
}

TEST(Limits, ALineAtTheLimitLoads) {
  // Two fields padded with spaces to exactly kMaxLineBytes.
  const std::string pad(kMaxLineBytes - 4, ' ');
  const std::string text = "1," + pad + "-1\n" + "2,1\n";
  ASSERT_EQ(text.find('\n'), kMaxLineBytes);
  Dataset ds;
  const Status st = read_csv(text, "edge.csv", ds);
  ASSERT_TRUE(st.ok) << st.error.substr(0, 200);
  EXPECT_EQ(ds.size(), 2u);
  EXPECT_EQ(ds.d, 1);
}

TEST(Limits, DimensionLimitLoadsAndOneMoreColumnIsRefused) {
  std::string row_plus, row_minus;
  for (int j = 0; j < kMaxDimension; ++j) {
    row_plus += "1,";
    row_minus += "0,";
  }
  Dataset ds;
  Status st = read_csv(row_plus + "1\n" + row_minus + "-1\n", "wide.csv", ds);
  ASSERT_TRUE(st.ok) << st.error;
  EXPECT_EQ(ds.d, kMaxDimension);
  EXPECT_EQ(ds.size(), 2u);
  // One more feature column: refused at that column, without splitting the rest of the line.
  std::string wider;  // a million feature columns
  for (int k = 0; k < 1000000; ++k) wider += "1,";
  wider += "1\n";
  st = read_csv(wider + "0," + row_minus + "-1\n", "wide.csv", ds);
  EXPECT_TRUE(failed_at(st, "wide.csv", 1, 100002, Msg::csv_too_many_fields, {{"fields", "100001"}, {"limit", "100000"}}));
  // LIBSVM: an index above the limit.
  st = read_libsvm("1 1:1\n-1 100001:1\n", "wide.libsvm", ds);
  EXPECT_TRUE(failed_at(st, "wide.libsvm", 2, 4, Msg::libsvm_index_above_limit, {{"index", "100001"}, {"limit", "100000"}}));
}

TEST(Limits, MoreThanMaxValuesIsRefusedWhileReading) {
  // LIBSVM rows of d = 100000 (one stored value each): row 201 makes n * d = 20,100,000.
  std::string text;
  for (int i = 0; i < 300; ++i) text += (i % 2 ? "-1" : "+1") + std::string(" 100000:1\n");
  Dataset ds;
  Status st = read_libsvm(text, "many.libsvm", ds);
  EXPECT_TRUE(failed_at(st, "many.libsvm", 201, 1, Msg::read_too_much_data, {{"limit", "20000000"}}));
  // 200 rows are exactly at the limit and load.
  std::string at_limit;
  for (int i = 0; i < 200; ++i) at_limit += (i % 2 ? "-1" : "+1") + std::string(" 100000:1\n");
  st = read_libsvm(at_limit, "many.libsvm", ds);
  ASSERT_TRUE(st.ok) << st.error;
  EXPECT_EQ(ds.x.size(), kMaxValues);
  // Rows without any feature count too (d is at least 1), so label-only text stays bounded.
  // (Generators: the same limit, refused before anything is allocated.)
  GenSpec spec;
  spec.kind = "separable";
  spec.n = 200001;
  spec.d = 100;
  st = generate(spec, ds);
  EXPECT_TRUE(failed_with(st, Msg::gen_too_many_values, {{"n", "200001"}, {"d", "100"}, {"limit", "20000000"}}));
  spec.n = 10000001;
  spec.d = 1;
  st = generate(spec, ds);
  EXPECT_TRUE(failed_with(st, Msg::gen_n_range, {{"n", "10000001"}, {"limit", "10000000"}}));
  spec.n = 10;
  spec.d = kMaxDimension + 1;
  EXPECT_TRUE(failed_with(generate(spec, ds), Msg::gen_d_range, {{"d", "100001"}, {"limit", "100000"}}));
}

TEST(Limits, HalfAMillionLinesWithLoneCrEndsLoad) {
  // Old Mac line ends (CR only) over many lines: the line splitter must stay linear
  // (a search for LF from every line start would take hours here).
  std::string text;
  for (int i = 0; i < 250000; ++i) text += "1,1\r-1,-1\r";
  Dataset ds;
  const Status st = read_csv(text, "cr.csv", ds);
  ASSERT_TRUE(st.ok) << st.error;
  EXPECT_EQ(ds.size(), 500000u);
  EXPECT_EQ(ds.count(-1), 250000u);
}

TEST(Limits, BinaryDataIsRefusedNamingTheLine) {
  Dataset ds;
  const std::string text = std::string("1,1,-1\n2,", 9) + std::string(1, '\0') + "3,1\n";
  Status st = read_csv(text, "bin.csv", ds);
  EXPECT_TRUE(failed_at(st, "bin.csv", 2, 1, Msg::read_nul_byte, {{"byte", "3"}}));
  st = read_libsvm(std::string("1 1:1\n\0", 7), "bin.libsvm", ds);
  EXPECT_TRUE(failed_at(st, "bin.libsvm", 2, 1, Msg::read_nul_byte, {{"byte", "1"}}));
}

#ifndef __EMSCRIPTEN__  // files: native only (the browser reads no files)
TEST(Limits, FileOverOneGibIsRefusedBeforeReading) {
  const std::string path = ::testing::TempDir() + "pla_limits_big.csv";
  std::FILE* f = std::fopen(path.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  // A sparse file of kMaxFileBytes + 1 bytes: no disk space, and refused without reading it.
  ASSERT_EQ(std::fseek(f, static_cast<long>(kMaxFileBytes), SEEK_SET), 0);
  ASSERT_EQ(std::fputc('\n', f), '\n');
  std::fclose(f);
  std::string text = "unchanged";
  Status st = read_text_file(path, text);
  std::remove(path.c_str());
  EXPECT_TRUE(failed_with(st, Msg::read_file_too_large, {{"path", path}, {"bytes", "1073741825"}, {"limit", "1073741824"}}));
  EXPECT_EQ(text, "unchanged");
  // A folder is not "too large": it cannot be read.
  st = read_text_file(::testing::TempDir(), text);
  ASSERT_FALSE(st.ok);
  EXPECT_TRUE(st.code == Msg::io_cannot_read || st.code == Msg::io_cannot_read_reason) << st.error;
  EXPECT_EQ(test::arg(st, "path"), ::testing::TempDir());
  EXPECT_EQ(st.kind(), MsgKind::Io);
}
#endif

// ---------------------------------------------------------------- numbers in commands and links

TEST(Limits, CommandNumbersAreWholeDecimalText) {
  std::uint64_t u = 7;
  EXPECT_FALSE(parse_u64(" -1", u));  // strtoull would wrap it to 2^64 - 1
  EXPECT_FALSE(parse_u64("-1", u));
  EXPECT_FALSE(parse_u64("+5", u));
  EXPECT_FALSE(parse_u64(" 5", u));
  EXPECT_FALSE(parse_u64("5 ", u));
  EXPECT_FALSE(parse_u64("18446744073709551616", u));  // 2^64
  EXPECT_EQ(u, 7u);
  EXPECT_TRUE(parse_u64("18446744073709551615", u));
  EXPECT_EQ(u, 18446744073709551615ULL);
  double v = 7;
  for (const char* bad : {" 1", "0x10", "1e999", "-1e999", "inf", "nan", "infinity", "1,5", "", "e5", "."})
    EXPECT_FALSE(parse_double(bad, v)) << bad;
  EXPECT_EQ(v, 7.0);
  // Underflow rounds to the nearest double, as in the data readers: what format_number
  // writes for a subnormal reads back (a link carries it exactly).
  ASSERT_TRUE(parse_double("4.9406564584124654e-324", v));
  EXPECT_EQ(v, 4.9406564584124654e-324);
  ASSERT_TRUE(parse_double("1e-400", v));
  EXPECT_EQ(v, 0.0);
  Dataset ds, back;
  ASSERT_TRUE(ds.add({4.9406564584124654e-324, -2.2250738585072014e-308}, 1).ok);
  ASSERT_TRUE(ds.add({1, 1}, -1).ok);
  ASSERT_TRUE(parse_inline_data(encode_inline_data(ds), back).ok);
  EXPECT_EQ(back.x, ds.x);
}

TEST(Limits, SessionSettingsRefuseHugeRequests) {
  Session s;
  const std::vector<std::pair<std::string, std::string>> refused = {
      {"max_epochs", "100000001"}, {"max_updates", "1000000000001"}, {"speed", "1e9"},  {"validation", "0.6"},
      {"eta", "1e309"},            {"seed", "9007199254740992"},     {"max_epochs", "-1"}, {"eta", "0"}};
  const std::string before = s.state_json();
  for (const auto& kv : refused) {
    const Status st = s.command({"set", kv.first, kv.second});
    EXPECT_FALSE(st.ok) << kv.first << " " << kv.second;
    EXPECT_FALSE(st.error.empty());
  }
  EXPECT_EQ(s.state_json(), before);
  EXPECT_TRUE(s.command({"set", "max_epochs", "100000000"}).ok);
  EXPECT_TRUE(s.command({"set", "max_updates", "1000000000000"}).ok);
  // generate: past the limits the data stays as it was.
  const std::size_t n = s.data().size();
  EXPECT_FALSE(s.command({"generate", "separable", "10000001"}).ok);
  EXPECT_FALSE(s.command({"generate", "separable", "1000", "100001"}).ok);
  EXPECT_FALSE(s.command({"generate", "blobs", "300000", "100"}).ok);
  EXPECT_EQ(s.data().size(), n);
}

TEST(Limits, LinksAndTheCommandTransportAreBounded) {
  Params p;
  EXPECT_FALSE(parse_query(std::string(kMaxQueryBytes + 1, 'a'), p).ok);
  std::string many;
  for (std::size_t i = 0; i <= kMaxParamCount; ++i) many += "k" + std::to_string(i) + "=1&";
  Status st = parse_query(many, p);
  EXPECT_TRUE(failed_with(st, Msg::link_too_many_params, {{"max", "64"}}));
  std::string points;
  for (std::size_t i = 0; i <= kMaxInlinePoints; ++i) points += i % 2 ? "1,1,-1;" : "0,0,1;";
  Dataset ds;
  st = parse_inline_data(points, ds);
  EXPECT_TRUE(failed_with(st, Msg::link_data_too_many_points, {{"max", "2000"}}));
  std::vector<std::string> items;
  std::string error;
  EXPECT_FALSE(parse_json_string_array("[1,2,3]", items, error, 2));
  EXPECT_TRUE(contains(error, "too many items")) << error;
  EXPECT_FALSE(parse_json_string_array("[\"" + std::string(100, 'x') + "\"]", items, error, 64, 50));
  EXPECT_EQ(error, "input too large");
}

TEST(Limits, ModelFilesAreBounded) {
  Model m;
  Status st = read_model("perceptron-lab-model 1\nd 100001\nw 1\nb 0\n", "big.model", m);
  EXPECT_TRUE(failed_at(st, "big.model", 2, 0, Msg::model_d, {{"limit", "100000"}}));
  st = read_model("perceptron-lab-model 1\nd 1\nw " + std::string(kMaxLineBytes, '1') + "\nb 0\n", "big.model", m);
  EXPECT_TRUE(failed_at(st, "big.model", 3, 0, Msg::model_line_too_long));
  // Nothing silently dropped: w in a kernel model, sv lines in a linear one.
  st = read_model("perceptron-lab-model 1\nd 1\nkernel rbf:1\nw 1\nb 0\n", "mixed.model", m);
  EXPECT_TRUE(failed_at(st, "mixed.model", 4, 0, Msg::model_kernel_has_w));
  st = read_model("perceptron-lab-model 1\nd 1\nw 1\nb 0\nsv 1 1 2\n", "mixed.model", m);
  EXPECT_TRUE(failed_at(st, "mixed.model", 5, 0, Msg::model_sv_without_kernel));
}

TEST(Limits, LiftingAWideDataSetIsRefusedBeforeBuildingIt) {
  // poly1 on d = 100000 would be 100000 features of 100000 powers each (40 GB) before the
  // 512-feature limit was checked; now it is counted first.
  Lift lf;
  Status st = parse_lift("poly1", kMaxDimension, lf);
  EXPECT_TRUE(failed_with(st, Msg::lift_too_many, {{"spec", "poly1"}, {"limit", "512"}}));
  st = parse_lift("poly12", 3, lf);  // C(15, 12) - 1 = 454 features: allowed
  ASSERT_TRUE(st.ok) << st.error;
  EXPECT_EQ(lf.output_d(), 454);
  EXPECT_FALSE(parse_lift("poly12", 4, lf).ok);  // C(16, 12) - 1 = 1819
  Session s;
  ASSERT_TRUE(s.command({"import_csv", "1 100000:1\n-1 1:1\n", "wide.libsvm"}).ok);
  ASSERT_EQ(s.data().d, kMaxDimension);
  st = s.command({"set", "lift", "poly1"});
  EXPECT_TRUE(failed_with(st, Msg::lift_too_many, {{"spec", "poly1"}, {"limit", "512"}}));
  Model m;
  st = read_model("perceptron-lab-model 1\nd 25012\nlift poly1\nb 1\n", "wide.model", m);
  EXPECT_TRUE(failed_at(st, "wide.model", 0, 0, Msg::lift_too_many, {{"spec", "poly1"}, {"limit", "512"}}));
}

// ---------------------------------------------------------------- long runs

TEST(Limits, AMillionSessionStepsOnNonSeparableDataKeepBoundedState) {
  Session s;
  // The same point with both labels, and one more: never converges.
  ASSERT_TRUE(s.command({"import_csv", "0,0,1\n0,0,-1\n1,1,1\n"}).ok);
  ASSERT_TRUE(s.command({"set", "max_epochs", "100000000"}).ok);
  ASSERT_FALSE(s.margin().separable);
  const std::uint64_t total = 1000000;
  while (s.live_learner().steps() < total) ASSERT_FALSE(s.run_slice(total - s.live_learner().steps()));
  ASSERT_EQ(s.live_learner().steps(), total);
  const Trace& t = s.trace();
  const TraceConfig defaults;
  EXPECT_EQ(t.log().size(), defaults.max_logged_steps);          // newest steps kept...
  EXPECT_EQ(t.dropped_steps(), total - defaults.max_logged_steps);  // ...older ones counted
  EXPECT_EQ(t.epochs().size(), defaults.max_logged_epochs);
  EXPECT_EQ(t.dropped_epochs() + t.epochs().size(), s.live_learner().epoch());
  EXPECT_LE(t.snapshot_count(), defaults.max_snapshots);
  EXPECT_LE(s.step_samples().size(), kMaxCurveSamples);
  EXPECT_LE(s.epoch_samples().size(), kMaxCurveSamples);
  EXPECT_LE(s.invariants().size(), kMaxCurveSamples);
  EXPECT_EQ(s.epoch_samples().size(), kMaxCurveSamples);  // the cap was reached, not bypassed
  // The oldest step still kept can be viewed, and the state is still one JSON object.
  ASSERT_TRUE(s.seek(t.first_step() + 1).ok);
  EXPECT_EQ(s.viewed_step(), t.first_step() + 1);
  EXPECT_FALSE(s.seek(t.first_step() + 2000000).ok);
  const std::string json = s.state_json();
  EXPECT_TRUE(contains(json, "\"last_step\":1000000")) << json.substr(0, 400);
}

}  // namespace
}  // namespace pla::limits_test
