// Perceptron Lab core: the one data reader, row by row, and training over data that do
// not fit in memory.
//
// DataStream reads CSV, LIBSVM and NumPy .npy data row by row. Text comes from a file
// through a fixed buffer (8 MB by default; a single line longer than the buffer grows it to
// that line), or from bytes in memory; .npy data are memory-mapped where the platform can.
// Memory stays O(d) plus the buffer whatever the file size. It is the only parser:
// read_csv / read_libsvm / read_data / read_data_file (io.hpp) are a DataStream over the
// text loaded into a Dataset with the n * d <= kMaxValues limit of in-memory sets, so
// accepting, refusing and the "FILE:LINE:COLUMN: message" of every failure are one code
// path. Where loading fails before training, a stream fails when it reaches the bad line
// (CSV, .npy) or while opening (LIBSVM, whose d is the largest index in the file: open()
// reads the file once to find it, validating every line).
//
// CSV decimal marks: a ',' separated file writes 3.5; a ';' or tab separated file may
// write 3,5 (spreadsheets in most European languages and Vietnamese): the first field
// with a decimal mark decides, and a later field with the other mark is refused naming
// its line and the line that decided. ReadOptions::decimal forces one.
//
// .npy (npy.hpp): a 2-D float64 / float32 array (n, d + 1) with the label last, or (n, d)
// with ReadOptions::labels_path naming a label vector (n,) or (n, 1); C or Fortran order.
// NaN / inf values and labels other than -1/+1 or 0/1 are refused naming row and column.
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
#include <string_view>
#include <vector>

#include "core/fast_pla.hpp"
#include "core/generators.hpp"
#include "core/io.hpp"
#include "core/learners.hpp"
#include "core/status.hpp"

namespace pla {

constexpr std::size_t kStreamBufferBytes = std::size_t{8} << 20;

class DataStream {
 public:
  DataStream();
  ~DataStream();
  DataStream(const DataStream&) = delete;
  DataStream& operator=(const DataStream&) = delete;

  // Opens `path` and starts the first pass. expected_d > 0 demands that d, as in read_data_file.
  Status open(const std::string& path, int expected_d = 0, std::size_t buffer_bytes = kStreamBufferBytes);
  Status open(const std::string& path, const ReadOptions& options, std::size_t buffer_bytes = kStreamBufferBytes);
  // Reads `bytes` (text or .npy, which must outlive the stream), naming errors after `name`.
  Status open_bytes(std::string_view bytes, const std::string& name, const ReadOptions& options = {});
  // Reads up to max_rows (>= 1) rows of the current pass into x (row-major, d() values
  // each; float rows are the double values rounded to float, and a value beyond the
  // float range is an error) and y (+1/-1), replacing their contents. Empty y: the pass
  // is over and the whole file checked (both classes present, and on later passes the
  // same number of rows as the first).
  Status read(std::size_t max_rows, std::vector<double>& x, std::vector<int>& y);
  Status read(std::size_t max_rows, std::vector<float>& x, std::vector<int>& y);
  // The same, appending to x and y instead of replacing them; nothing appended: the pass is over.
  Status read_append(std::size_t max_rows, std::vector<double>& x, std::vector<int>& y);
  Status read_append(std::size_t max_rows, std::vector<float>& x, std::vector<int>& y);
  // Starts the next pass from the first line.
  Status rewind();

  int d() const;
  DataFormat format() const;
  char decimal_mark() const;  // CSV: '.' or ',' (as far as the pass has seen)
  const std::vector<std::string>& feature_names() const;  // CSV header names (empty without header)
  std::uint64_t file_size() const;
  std::uint64_t position() const;       // bytes of the file consumed in the current pass
  std::uint64_t rows() const;           // rows read in the current pass
  std::uint64_t rows_per_pass() const;  // rows of a complete pass (0 before the first one ends)
  // Rows per pass: exact after a pass and for LIBSVM and .npy; for CSV, from the file size
  // and the mean length of the lines of the first buffer.
  std::uint64_t estimated_rows() const;
  std::size_t buffer_capacity() const;  // bytes the read buffer holds now

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Reads a whole file through a DataStream into memory, without the kMaxValues limit
// (benchmarks and tests; the caller must have the memory).
Status load_stream(const std::string& path, Dataset& out, int expected_d = 0);
Status load_stream(const std::string& path, DatasetF32& out, int expected_d = 0);
Status load_stream(const std::string& path, const ReadOptions& options, Dataset& out);
Status load_stream(const std::string& path, const ReadOptions& options, DatasetF32& out);
// The rest of the current pass of an open stream, into memory (room reserved from
// estimated_rows()). No limit beyond options.max_values: the caller decides it fits.
Status read_all(DataStream& s, Dataset& out);
Status read_all(DataStream& s, DatasetF32& out);
// Reads bytes in memory (text or .npy) into a data set, with options.max_values as the limit.
Status load_bytes(std::string_view bytes, const std::string& name, const ReadOptions& options, Dataset& out);

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
  DataFormat format = DataFormat::kCsv;
};

// The classic / margin perceptron over a file, one pass per epoch (see the header
// comment). Fails without training when fast_supports(cfg) fails or there is no stop
// rule. train_mistakes (and stats->train_accuracy) come from one more pass unless the
// run converged (then they are 0 and 1).
Status stream_train(const std::string& path, const LearnerConfig& cfg, const StopRules& rules, DType dtype,
                    TrainResult& out, StreamTrainStats* stats = nullptr, const StreamProgressFn& progress = {},
                    std::size_t buffer_bytes = kStreamBufferBytes);
Status stream_train(const std::string& path, const ReadOptions& options, const LearnerConfig& cfg,
                    const StopRules& rules, DType dtype, TrainResult& out, StreamTrainStats* stats = nullptr,
                    const StreamProgressFn& progress = {}, std::size_t buffer_bytes = kStreamBufferBytes);

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
