// Streaming (data_stream.hpp, stream_train.hpp, generate_stream) against the in-memory readers and trainers it must equal:
// every accepted file gives the same bits as read_data_file, every rejected one the
// same message (code, location FILE:LINE:COLUMN and arguments), with small buffers that
// split lines and line ends;
// stream_train gives pla::train's result; the streamed generator keeps its margin.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "core/learn/fast_pla.hpp"
#include "core/data/generators.hpp"
#include "core/data/read/io.hpp"
#include "core/learn/learners.hpp"
#include "core/learn/metrics.hpp"
#include "core/base/rng.hpp"
#include "core/data/read/data_stream.hpp"
#include "core/learn/stream_train.hpp"
#include "expect_message.hpp"
#include "test_files.hpp"

namespace pla::stream_test {
namespace {

using test::bits;
using test::failed_at;
using test::failed_with;
using test::temp_path;
using test::write_file;

struct Outcome {
  bool ok = false;
  Status status;  // the failure: code and arguments (status.error in English, for the log)
  Dataset ds;
};

Outcome in_memory(const std::string& path, int expected_d = 0) {
  Outcome o;
  const Status st = read_data_file(path, o.ds, expected_d);
  o.ok = st.ok;
  o.status = st;
  return o;
}

Outcome streamed(const std::string& path, std::size_t buffer, std::size_t batch, int expected_d = 0) {
  Outcome o;
  DataStream s;
  Status st = s.open(path, expected_d, buffer);
  if (st) {
    o.ds.d = s.d();
    o.ds.feature_names = s.feature_names();
    std::vector<double> x;
    std::vector<int> y;
    while (true) {
      st = s.read(batch, x, y);
      if (!st || y.empty()) break;
      o.ds.x.insert(o.ds.x.end(), x.begin(), x.end());
      o.ds.y.insert(o.ds.y.end(), y.begin(), y.end());
    }
  }
  o.ok = st.ok;
  o.status = st;
  return o;
}

void expect_same(const Outcome& got, const Outcome& want, const std::string& what) {
  ASSERT_EQ(got.ok, want.ok) << what << "\n streamed: " << got.status.error << "\n in memory: " << want.status.error;
  if (!want.ok) {
    EXPECT_EQ(got.status.code, want.status.code) << what << "\n streamed: " << got.status.error
                                                 << "\n in memory: " << want.status.error;
    EXPECT_EQ(got.status.args, want.status.args) << what;
    return;
  }
  EXPECT_EQ(got.ds.d, want.ds.d) << what;
  EXPECT_EQ(got.ds.y, want.ds.y) << what;
  EXPECT_EQ(got.ds.feature_names, want.ds.feature_names) << what;
  ASSERT_EQ(got.ds.x.size(), want.ds.x.size()) << what;
  for (std::size_t k = 0; k < got.ds.x.size(); ++k)
    ASSERT_EQ(bits(got.ds.x[k]), bits(want.ds.x[k])) << what << " value " << k;
}

void check_text(const std::string& name, const std::string& text, int expected_d = 0) {
  const std::string path = temp_path(name);
  write_file(path, text);
  const Outcome want = in_memory(path, expected_d);
  for (std::size_t buffer : {std::size_t{4096}, kStreamBufferBytes})
    for (std::size_t batch : {std::size_t{1}, std::size_t{3}, std::size_t{100000}})
      expect_same(streamed(path, buffer, batch, expected_d), want,
                  name + " [" + text.substr(0, 60) + "] buffer " + std::to_string(buffer) + " batch " +
                      std::to_string(batch));
  std::remove(path.c_str());
}

TEST(DataStream, AcceptsAndRejectsExactlyAsTheInMemoryReader) {
  const std::vector<std::pair<std::string, std::string>> corpus = {
      // CSV that reads
      {"a.csv", "1,2,1\n3,4,-1\n"},
      {"b.csv", "x1,x2,label\n1,2,1\n3,4,-1\n"},
      {"c.csv", "label,x1,x2\n1,2,1\n-1,4,-1\n"},
      {"d.csv", "a;b;y\n1,5;2;1\n3;4;0\n"},
      {"e.csv", "a\tb\tlabel\n1\t2\t1\n3\t4\t0\n"},
      {"f.csv", "\xEF\xBB\xBF" "x,label\r\n0.5,1\r\n\r\n-0.25,-1\r\n"},
      {"g.csv", "x,label\r0.5,1\r-0.25,-1\r"},
      {"h.csv", "\"x 1\",\"label\"\n\"1.5\",1\n \" 2 \" , -1 \n\"3\"\"\",1\n"},
      {"i.csv", "\n\n  \n1,2,1\n\n3,4,-1"},
      {"j.csv", "1e-400,-0,+.5,1\n5.,1E+3,-2.5e-3,-1\n00012.3400,123456789012345678901234567890,1e22,1\n"},
      {"k.csv", "0.1,0.2,0.3,1\n1e-7,9007199254740993,4.9e-324,-1\n1.7976931348623157e308,2.2250738585072014e-308,1,1\n"},
      // CSV that does not
      {"m.csv", ""},
      {"n.csv", "x1,x2,label\n"},
      {"o.csv", "1,2,1\n3,4\n"},
      {"p.csv", "1,2,1\n3,4,2\n"},
      {"q.csv", "1,2,1\n3,nan,-1\n"},
      {"r.csv", "1,2,1\n3,inf,-1\n"},
      {"s.csv", "1,2,1\n3,1e999,-1\n"},
      {"t.csv", "1,2,1\n3,,-1\n"},
      {"u.csv", "1,2,1\n\"3,4,-1\n"},
      {"v.csv", "1,2,1\n\"3\"x,4,-1\n"},
      {"w.csv", "justone\n1\n"},
      {"x.csv", "1,2,1\n3,4,1\n"},
      {"y.csv", "1,2,-1\n3,4,0\n"},
      {"z.csv", "x,abc,1\n1,2,1\n"},
      {"aa.csv", "label,y,Label\n1,2,1\n"},
      {"ab.csv", "1,2,1\n3,0x10,-1\n"},
      {"ac.csv", "1,2,1\n3,--1,-1\n"},
      {"ad.csv", "1,2,1\n3,1e,-1\n"},
      {"ae.csv", "1,2,1\n3,.e1,-1\n"},
      {"af.csv", std::string("1,2,1\n3,\0,-1\n", 13)},
      {"ag.csv", "\xFF\xFE" "1,2,1\n"},
      {"ah.csv", "1,2,cat\n"},
      {"ai.csv", "1,2,\n"},
      // LIBSVM that reads
      {"a.libsvm", "+1 1:0.5 3:2\n-1 2:1.5 # comment\n\n# only a comment\n1 1:1e-3\n"},
      {"b.libsvm", "0 1:1\n1 2:1\n"},
      {"c.txt", "1 1:2 2:3\n-1 1:-2 2:-3\n"},
      {"d.svm", "1 1:1\r\n-1 2:1\r\n"},
      // LIBSVM that does not
      {"e.libsvm", "1 1:2\n-1 2:1 qid:3\n"},
      {"f.libsvm", "1 0:2\n-1 2:1\n"},
      {"g.libsvm", "1 2:2 1:1\n-1 2:1\n"},
      {"h.libsvm", "1 1:\n-1 2:1\n"},
      {"i.libsvm", "1 a:1\n-1 2:1\n"},
      {"j.libsvm", "1:1 2:3\n"},
      {"k.libsvm", "1 1:1\n1 2:1\n"},
      {"l.libsvm", "1\n-1\n"},
      {"m.libsvm", "# nothing\n\n"},
      {"n.libsvm", "1 1:1 2\n-1 2:1\n"},
      {"o.libsvm", "1 1:nan\n-1 2:1\n"},
      {"p.libsvm", "1 100001:1\n-1 2:1\n"},
      {"q.libsvm", "2 1:1\n-1 2:1\n"},
  };
  for (const auto& [name, text] : corpus) check_text(name, text);
  check_text("expect.csv", "1,2,1\n3,4,-1\n", 3);
  check_text("expect.libsvm", "1 1:1 5:2\n-1 2:1\n", 3);
  check_text("expect2.libsvm", "1 1:1\n-1 2:1\n", 7);
}

TEST(DataStream, NumbersParseToTheSameBitsAsStrtod) {
  // Random values in many printed forms: the fast decimal path must give strtod's double.
  Rng rng(5);
  std::string text;
  const char* forms[] = {"%.17g", "%.3e", "%.9g", "%.6f", "%.20g", "%.1f", "%.25e", "%g"};
  for (int row = 0; row < 1500; ++row) {
    for (int j = 0; j < 5; ++j) {
      const double mag = std::pow(10.0, static_cast<double>(rng.below(61)) - 30.0);
      const double v = rng.uniform(-1.0, 1.0) * mag;
      char buf[64];
      std::snprintf(buf, sizeof buf, forms[rng.below(8)], v);
      std::string s = buf;
      if (rng.below(9) == 0 && s[0] != '-') s = "+" + s;
      if (rng.below(11) == 0 && s[0] >= '0' && s[0] <= '9') s = "000" + s;
      text += s + ",";
    }
    text += row % 2 ? "1\n" : "-1\n";
  }
  check_text("numbers.csv", text);
}

TEST(DataStream, LineEndsSplitAcrossBufferRefills) {
  // Rows of random lengths with LF, CRLF and lone CR ends, read with a 4 KB buffer.
  Rng rng(6);
  std::string text = "a,b,c,label\r\n";
  const char* ends[] = {"\n", "\r\n", "\r", "\r\n\r\n", "\n  \n"};
  for (int row = 0; row < 3000; ++row) {
    for (int j = 0; j < 3; ++j) {
      const int digits = static_cast<int>(rng.below(12));
      std::string v = std::to_string(rng.below(1000000));
      v = v.substr(0, static_cast<std::size_t>(1 + digits % static_cast<int>(v.size())));
      text += v + (j == 2 ? "," : ",");
    }
    text += row % 3 ? "1" : "-1";
    text += ends[rng.below(5)];
  }
  check_text("ends.csv", text);
}

// The fast CSV rows find their own line end (no separate search), also where a row, a
// number or a CR LF is cut by the end of a small buffer: full-digit and short numbers, the
// three line ends, the label last or first (then a number ends the row), streamed through
// 4 KB and in memory, against the general parser; then the same with a bad last row, whose
// message names its line.
TEST(DataStream, FastRowsAcrossBufferEdgesReadWhatTheGeneralParserReads) {
  Rng rng(29);
  const char* forms[] = {"%.17g", "%.4f", "%.0f", "%.3e"};
  const char* breaks[] = {"\n", "\r\n", "\r"};
  for (const char* ending : {"\n", "\r\n", "\r", ""}) {
    for (const bool label_first : {false, true}) {
      std::string text = label_first ? "label,a,b,c,d,e\n" : "";
      for (int row = 0; row < 1500; ++row) {
        std::string values;
        for (int j = 0; j < 5; ++j) {
          char buf[64];
          std::snprintf(buf, sizeof buf, forms[rng.below(4)], rng.uniform(-3.0, 3.0));
          values += std::string(j ? "," : "") + buf;
        }
        const std::string label = rng.below(2) ? "1" : "-1";
        text += label_first ? label + "," + values : values + "," + label;
        text += *ending ? ending : breaks[rng.below(3)];
      }
      for (const bool bad_row : {false, true}) {
        // Without the bad row, the last row ends at the end of the file, or at a lone CR of
        // a CR LF.
        const std::string bytes = bad_row ? text + "0,0,0,0,0,7\n" : text.substr(0, text.size() - 1);
        const std::string path = temp_path("edges.csv");
        write_file(path, bytes);
        ReadOptions general;
        general.general_rows = true;
        Outcome want;
        want.status = load_bytes(bytes, path, general, want.ds);
        want.ok = want.status.ok;
        ASSERT_EQ(want.ok, !bad_row) << want.status.error;
        if (want.ok) {
          ASSERT_EQ(want.ds.size(), 1500u);
        }
        const std::string what = std::string("ending ") + (*ending ? std::to_string(*ending) : "mixed") +
                                 (label_first ? ", label first" : "") + (bad_row ? ", bad row" : "");
        for (std::size_t buffer : {std::size_t{4096}, kStreamBufferBytes})
          for (std::size_t batch : {std::size_t{1}, std::size_t{700}})
            expect_same(streamed(path, buffer, batch), want,
                        what + ", buffer " + std::to_string(buffer) + ", batch " + std::to_string(batch));
        expect_same(in_memory(path), want, what + ", in memory");
        std::remove(path.c_str());
      }
    }
  }
}

TEST(DataStream, OverlongLinesAreRefusedLikeTheInMemoryReader) {
  std::string text = "1,2,1\n";
  text += std::string(kMaxLineBytes + 10, '7') + ",1\n";
  check_text("long.csv", text);
  std::string many = "1";
  for (int j = 0; j < kMaxDimension + 1; ++j) many += ",1";
  check_text("wide.csv", many + "\n");
}

TEST(DataStream, RewindsAndNoticesAFileThatChanged) {
  const std::string path = temp_path("data.csv");
  write_file(path, "x,label\n1,1\n2,-1\n3,1\n");
  DataStream s;
  ASSERT_TRUE(s.open(path, 0, 4096).ok);
  EXPECT_EQ(s.d(), 1);
  EXPECT_EQ(s.feature_names(), std::vector<std::string>{"x"});
  std::vector<float> x;
  std::vector<int> y;
  for (int pass = 0; pass < 3; ++pass) {
    ASSERT_TRUE(s.read(10, x, y).ok);
    EXPECT_EQ(x, (std::vector<float>{1, 2, 3}));
    EXPECT_EQ(y, (std::vector<int>{1, -1, 1}));
    ASSERT_TRUE(s.read(10, x, y).ok);
    EXPECT_TRUE(y.empty());
    EXPECT_EQ(s.rows_per_pass(), 3u);
    EXPECT_EQ(s.position(), s.file_size());
    ASSERT_TRUE(s.rewind().ok);
  }
  write_file(path, "x,label\n1,1\n2,-1\n3,1\n4,1\n");
  ASSERT_TRUE(s.rewind().ok);
  Status st = s.read(10, x, y);  // the pass ends within this batch
  if (st.ok) st = s.read(10, x, y);
  EXPECT_TRUE(failed_at(st, path, 0, 0, Msg::stream_file_changed, {{"first_rows", "3"}, {"rows", "4"}}));
  std::remove(path.c_str());
}

TEST(DataStream, FloatRowsRefuseValuesBeyondTheFloatRange) {
  const std::string path = temp_path("big.csv");
  write_file(path, "1,2,1\n3,1e39,-1\n");
  DataStream s;
  ASSERT_TRUE(s.open(path).ok);
  std::vector<float> xf;
  std::vector<int> y;
  const Status st = s.read(10, xf, y);
  EXPECT_TRUE(failed_at(st, path, 2, 2, Msg::stream_float32_range, {{"value", "1e39"}}));
  Dataset ds;
  EXPECT_TRUE(load_stream(path, ds).ok);  // fine as double
  std::remove(path.c_str());
}

// ---------------------------------------------------------------- stream_train

void expect_same_result(const TrainResult& a, const TrainResult& b, const std::string& what) {
  ASSERT_EQ(a.w.size(), b.w.size()) << what;
  for (std::size_t j = 0; j < a.w.size(); ++j) ASSERT_EQ(bits(a.w[j]), bits(b.w[j])) << what;
  EXPECT_EQ(bits(a.b), bits(b.b)) << what;
  EXPECT_EQ(a.epochs, b.epochs) << what;
  EXPECT_EQ(a.updates, b.updates) << what;
  EXPECT_EQ(a.steps, b.steps) << what;
  EXPECT_EQ(a.converged, b.converged) << what;
  EXPECT_EQ(a.stop_reason, b.stop_reason) << what;
  EXPECT_EQ(a.train_mistakes, b.train_mistakes) << what;
  EXPECT_EQ(a.mistakes_per_epoch, b.mistakes_per_epoch) << what;
  EXPECT_EQ(a.message.code, b.message.code) << what;
  EXPECT_EQ(a.message.args, b.message.args) << what;
}

TEST(StreamTrain, EqualsPlaTrainOnTheFileReadIntoMemory) {
  for (const char* ext : {".csv", ".libsvm"}) {
    for (const char* kind : {"separable", "noisy"}) {
      GenSpec spec;
      spec.kind = kind;
      spec.n = 400;
      spec.d = 5;
      spec.margin = 0.02;
      spec.noise = 0.05;
      spec.seed = 21;
      Dataset gen;
      ASSERT_TRUE(generate(spec, gen).ok);
      const std::string path = temp_path(std::string(kind) + ext);
      ASSERT_TRUE(write_data_file(path, gen).ok);
      Dataset ds;
      ASSERT_TRUE(read_data_file(path, ds).ok);
      StopRules rule_sets[3];
      rule_sets[1].max_epochs = 4;
      rule_sets[2].max_epochs = 0;
      rule_sets[2].max_updates = 23;
      for (const StopRules& rules : rule_sets) {
        LearnerConfig cfg;
        cfg.pla.eta = 0.5;
        cfg.pla.init = Init::Random;
        std::unique_ptr<Learner> learner;
        ASSERT_TRUE(make_learner(cfg, learner).ok);
        ASSERT_TRUE(learner->reset(ds).ok);
        TrainResult want, got;
        ASSERT_TRUE(train(*learner, ds, rules, want).ok);
        StreamTrainStats stats;
        const Status st = stream_train(path, cfg, rules, DType::Float64, got, &stats, {}, 4096);
        ASSERT_TRUE(st.ok) << st.error;
        const std::string what = path + " max_epochs=" + std::to_string(rules.max_epochs);
        expect_same_result(got, want, what);
        EXPECT_EQ(stats.n, ds.size()) << what;
        EXPECT_EQ(stats.d, ds.d) << what;
        EXPECT_EQ(stats.train_accuracy, accuracy(*learner, ds)) << what;
      }
      std::remove(path.c_str());
    }
  }
}

TEST(StreamTrain, ManyBatchesFloat64AndFloat32EqualTheInMemoryFastPath) {
  GenSpec spec;
  spec.kind = "separable";
  spec.n = 150000;  // more rows than one batch (65536 at d = 2)
  spec.d = 2;
  spec.margin = 0.001;
  spec.seed = 4;
  const std::string path = temp_path("many.csv");
  StreamGenStats gs;
  ASSERT_TRUE(generate_stream(spec, path, nullptr, &gs).ok);
  EXPECT_EQ(gs.rows, spec.n);
  Dataset ds;
  ASSERT_TRUE(load_stream(path, ds).ok);
  DatasetF32 f;
  ASSERT_TRUE(load_stream(path, f).ok);
  ASSERT_EQ(ds.size(), spec.n);
  LearnerConfig cfg;
  StopRules rules;
  rules.max_epochs = 6;
  for (DType dtype : {DType::Float64, DType::Float32}) {
    TrainResult want, got;
    ASSERT_TRUE((dtype == DType::Float64 ? fast_train(ds, cfg, rules, want) : fast_train(f, cfg, rules, want)).ok);
    StreamTrainStats stats;
    std::uint64_t calls = 0;
    const Status st =
        stream_train(path, cfg, rules, dtype, got, &stats, [&](const StreamProgress&) { ++calls; });
    ASSERT_TRUE(st.ok) << st.error;
    expect_same_result(got, want, to_string(dtype));
    EXPECT_GT(calls, got.epochs);  // several batches per pass
    EXPECT_LE(stats.peak_buffer_bytes, kStreamBufferBytes);  // the buffer never grew
  }
  std::remove(path.c_str());
}

TEST(StreamTrain, UpdateLimitOnTheLastRowEndsTheEpoch) {
  const std::string path = temp_path("textbook.csv");
  write_file(path, "3,3,1\n4,3,1\n1,1,-1\n");
  Dataset ds;
  ASSERT_TRUE(read_data_file(path, ds).ok);
  LearnerConfig cfg;
  StopRules rules;
  rules.max_updates = 2;  // the second update is on the last row
  std::unique_ptr<Learner> learner;
  ASSERT_TRUE(make_learner(cfg, learner).ok);
  ASSERT_TRUE(learner->reset(ds).ok);
  TrainResult want, got;
  ASSERT_TRUE(train(*learner, ds, rules, want).ok);
  ASSERT_TRUE(stream_train(path, cfg, rules, DType::Float64, got).ok);
  expect_same_result(got, want, "limit on the last row");
  EXPECT_EQ(got.epochs, 1u);
  std::remove(path.c_str());
}

TEST(StreamTrain, RefusesWhatNeedsTheDataInMemory) {
  const std::string path = temp_path("t.csv");
  write_file(path, "1,2,1\n3,4,-1\n");
  TrainResult r;
  LearnerConfig cfg;
  StopRules rules;
  cfg.algo = Algo::Pocket;
  EXPECT_TRUE(failed_with(stream_train(path, cfg, rules, DType::Float64, r), Msg::fast_path_algo, {{"algo", "pocket"}}));
  cfg.algo = Algo::Classic;
  cfg.pla.order = Order::Random;
  EXPECT_TRUE(failed_with(stream_train(path, cfg, rules, DType::Float64, r), Msg::fast_path_order, {{"order", "random"}}));
  cfg.pla.order = Order::Cyclic;
  rules.patience = 3;
  EXPECT_TRUE(failed_with(stream_train(path, cfg, rules, DType::Float64, r), Msg::stream_no_validation));
  rules.patience = 0;
  rules.max_epochs = 0;
  EXPECT_TRUE(failed_with(stream_train(path, cfg, rules, DType::Float64, r), Msg::train_no_stop_rule));
  rules.max_epochs = 1000;
  const std::string missing_path = temp_path("missing.csv");
  const Status missing = stream_train(missing_path, cfg, rules, DType::Float64, r);
  EXPECT_TRUE(failed_with(missing, Msg::io_cannot_open, {{"path", missing_path}}));
  EXPECT_EQ(missing.exit_code(), 1);
  write_file(path, "1,2,1\n3,4,1\n");
  const Status one_class = stream_train(path, cfg, rules, DType::Float64, r);
  EXPECT_TRUE(failed_at(one_class, path, 2, 3, Msg::read_one_class, {{"count", "2"}, {"label", "+1"}}));
  std::remove(path.c_str());
}

// ---------------------------------------------------------------- generate_stream

TEST(GenerateStream, SeparatedByItsPlaneWithTheMarginInBothFormats) {
  GenSpec spec;
  spec.kind = "separable";
  spec.n = 3000;
  spec.d = 7;
  spec.margin = 0.05;
  spec.seed = 12;
  const std::string csv = temp_path("g.csv"), svm = temp_path("g.libsvm"), again = temp_path("g2.csv");
  GenTruth truth;
  StreamGenStats stats;
  ASSERT_TRUE(generate_stream(spec, csv, &truth, &stats).ok);
  ASSERT_TRUE(generate_stream(spec, svm).ok);
  ASSERT_TRUE(generate_stream(spec, again).ok);
  std::string a, b;
  ASSERT_TRUE(read_text_file(csv, a).ok);
  ASSERT_TRUE(read_text_file(again, b).ok);
  EXPECT_EQ(a, b);  // deterministic
  EXPECT_EQ(stats.bytes, a.size());
  Dataset from_csv, from_svm;
  ASSERT_TRUE(read_data_file(csv, from_csv).ok);  // the in-memory reader takes it as it is
  ASSERT_TRUE(read_data_file(svm, from_svm).ok);
  EXPECT_EQ(from_csv.x, from_svm.x);
  EXPECT_EQ(from_csv.y, from_svm.y);
  ASSERT_EQ(from_csv.size(), spec.n);
  EXPECT_EQ(from_csv.count(1), stats.positives);
  EXPECT_GT(from_csv.count(1), 0u);
  EXPECT_GT(from_csv.count(-1), 0u);
  ASSERT_TRUE(truth.has_plane);
  double norm = 0;
  for (double v : truth.w) norm += v * v;
  EXPECT_NEAR(norm, 1.0, 1e-12);
  for (std::size_t i = 0; i < from_csv.size(); ++i) {
    const double* x = from_csv.row(i);
    double s = truth.b;
    for (int j = 0; j < spec.d; ++j) {
      s += truth.w[static_cast<std::size_t>(j)] * x[j];
      EXPECT_EQ(std::round(x[j] * 10000.0) / 10000.0, x[j]);  // 4 decimals
      EXPECT_LE(std::fabs(x[j]), 1.0);
    }
    ASSERT_GE(from_csv.y[i] * s, spec.margin - 1e-12) << "point " << i;
  }
  for (const std::string& p : {csv, svm, again}) std::remove(p.c_str());
  spec.kind = "moons";
  EXPECT_TRUE(failed_with(generate_stream(spec, csv), Msg::stream_gen_kind, {{"kind", "moons"}}));
  spec.kind = "separable";
  spec.d = 0;
  EXPECT_TRUE(failed_with(generate_stream(spec, csv), Msg::stream_gen_d, {{"limit", "100000"}}));
  spec.d = 2;
  spec.n = 1;
  EXPECT_TRUE(failed_with(generate_stream(spec, csv), Msg::stream_gen_n));
  spec.n = 10;
  spec.margin = 1.0;
  EXPECT_TRUE(failed_with(generate_stream(spec, csv), Msg::stream_gen_margin));
  spec.margin = 0.999;
  spec.d = 1;  // the plane is within 0.25 of 0: one side has no point 0.999 away in [-1, 1]
  EXPECT_TRUE(failed_with(generate_stream(spec, csv), Msg::stream_gen_separable, {{"n", "10"}, {"margin", "0.999"}}));
  std::remove(csv.c_str());
  const std::string nowhere = "/nonexistent-dir/pla_stream.csv";
  spec.margin = 0.0;
  const Status st = generate_stream(spec, nowhere);
  EXPECT_TRUE(failed_with(st, Msg::io_cannot_open_write, {{"path", nowhere}}));
  EXPECT_EQ(st.kind(), MsgKind::Io);
}

}  // namespace
}  // namespace pla::stream_test
