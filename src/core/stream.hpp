// Perceptron Lab core: data files that do not fit in memory, read in passes.
//
// DataStream reads a CSV or LIBSVM file row by row through a fixed buffer (8 MB by
// default; a single line longer than the buffer grows it to that line), so memory
// stays O(d) plus the buffer whatever the file size. It accepts exactly what
// read_data_file accepts (io.hpp: format by extension then content, header and
// separator detection, label conventions, quoting, BOM, CRLF/CR/LF) and rejects the
// rest with the same message (code, location and arguments: "FILE:LINE:COLUMN: message"
// in English), except the n * d <= kMaxValues limit of in-memory sets, which is the
// point of streaming. Where the in-memory reader
// fails before training, a stream fails when it reaches the bad line (CSV) or while
// opening (LIBSVM, whose d is the largest index in the file: open() reads the file once
// to find it, validating every line).
//
// stream_train runs the classic (or margin) perceptron over such a file: each epoch
// is one pass, in file order (cyclic), with the stop rules of pla::train; float64 gives
// the same w, b, counts and message as pla::train on the file read into memory (the
// rows go through the same FastPerceptron as fast_train). Not available when
// streaming, because each needs the data in memory or random access to it: the
// shuffle and random orders, the restart rule, every other learner (pocket counts
// mistakes over all points after each update, averaged / voted / batch / dual / kernel
// keep per-point or per-step state), validation splits and early stopping (a split is
// a random subset), traces (every step), and feature lifting.
//
// generate_stream writes large "separable" data sets straight to a file.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/fast_pla.hpp"
#include "core/generators.hpp"
#include "core/io.hpp"
#include "core/learners.hpp"
#include "core/status.hpp"

namespace pla {

constexpr std::size_t kStreamBufferBytes = std::size_t{8} << 20;
// pla train streams files larger than this (256 MiB) without being asked.
constexpr std::uint64_t kStreamThresholdBytes = std::uint64_t{256} << 20;

class DataStream {
 public:
  DataStream();
  ~DataStream();
  DataStream(const DataStream&) = delete;
  DataStream& operator=(const DataStream&) = delete;

  // Opens `path` and starts the first pass. expected_d > 0 demands that d, as in read_data_file.
  Status open(const std::string& path, int expected_d = 0, std::size_t buffer_bytes = kStreamBufferBytes);
  // Reads up to max_rows (>= 1) rows of the current pass into x (row-major, d() values
  // each; float rows are the double values rounded to float, and a value beyond the
  // float range is an error) and y (+1/-1), replacing their contents. Empty y: the pass
  // is over and the whole file checked (both classes present, and on later passes the
  // same number of rows as the first).
  Status read(std::size_t max_rows, std::vector<double>& x, std::vector<int>& y);
  Status read(std::size_t max_rows, std::vector<float>& x, std::vector<int>& y);
  // Starts the next pass from the first line.
  Status rewind();

  int d() const;
  DataFormat format() const;
  const std::vector<std::string>& feature_names() const;  // CSV header names (empty without header)
  std::uint64_t file_size() const;
  std::uint64_t position() const;       // bytes of the file consumed in the current pass
  std::uint64_t rows() const;           // rows read in the current pass
  std::uint64_t rows_per_pass() const;  // rows of a complete pass (0 before the first one ends)
  std::size_t buffer_capacity() const;  // bytes the read buffer holds now

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Reads a whole file through a DataStream into memory, without the kMaxValues limit
// (benchmarks and tests; the caller must have the memory).
Status load_stream(const std::string& path, Dataset& out, int expected_d = 0);
Status load_stream(const std::string& path, DatasetF32& out, int expected_d = 0);

struct StreamProgress {
  std::uint64_t epoch = 0;        // 1-based epoch of the pass under way (the final count pass has epoch 0)
  std::uint64_t bytes_done = 0;   // in the current pass
  std::uint64_t bytes_total = 0;  // the file size
  std::uint64_t updates = 0;      // so far
};
using StreamProgressFn = std::function<void(const StreamProgress&)>;

struct StreamTrainStats {
  std::uint64_t n = 0;          // rows per pass
  int d = 0;
  std::uint64_t passes = 0;     // passes over the file (epochs, plus the scan of a LIBSVM file, plus a final count)
  double train_accuracy = 1.0;  // share with sign(f(x)) == y, sign(0) = +1
  std::size_t peak_buffer_bytes = 0;  // the largest the read buffer became
};

// The classic / margin perceptron over a file, one pass per epoch (see the header
// comment). Fails without training when fast_supports(cfg) fails or there is no stop
// rule. train_mistakes (and stats->train_accuracy) come from one more pass unless the
// run converged (then they are 0 and 1).
Status stream_train(const std::string& path, const LearnerConfig& cfg, const StopRules& rules, DType dtype,
                    TrainResult& out, StreamTrainStats* stats = nullptr, const StreamProgressFn& progress = {},
                    std::size_t buffer_bytes = kStreamBufferBytes);

// Writes spec.n points of kind "separable" (generators.hpp: uniform in [-1, 1]^d,
// labelled by a random plane, at least spec.margin from it) to `path` as they are drawn:
// LIBSVM for .libsvm/.svm/.svmlight, CSV otherwise. Each coordinate is a multiple of
// 1e-4 written with at most 4 decimals (so the file is compact, and reads back as
// exactly the values that were checked against the margin). Limits: 2 <= n <= 1e12,
// 1 <= d <= kMaxDimension, margin in [0, 1). The same spec gives the same file on every
// platform. `truth` receives the plane; `progress` is called with the rows written.
struct StreamGenStats {
  std::uint64_t rows = 0, positives = 0, bytes = 0;
};
Status generate_stream(const GenSpec& spec, const std::string& path, GenTruth* truth = nullptr,
                       StreamGenStats* stats = nullptr, const std::function<void(std::uint64_t)>& progress = {});

}  // namespace pla
