// Perceptron Lab core: the one data reader, row by row.
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
// The reader's files: stream_state.hpp lists them (the source and its lines, CSV, LIBSVM,
// .npy, the row loop); this header's class and whole-file loaders are data_stream.cpp.
// Training over such a file: stream_train.hpp.
// Writing large generated files: generate_stream (generators.hpp).
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/data/dataset.hpp"
#include "core/data/read/io.hpp"
#include "core/base/status.hpp"

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
// (benchmarks and tests; the caller must have the memory), as float64 or float32 rows.
Status load_stream(const std::string& path, Dataset& out, int expected_d = 0);
Status load_stream(const std::string& path, const ReadOptions& options, Dataset& out);
Status load_stream(const std::string& path, DatasetF32& out, int expected_d = 0);
Status load_stream(const std::string& path, const ReadOptions& options, DatasetF32& out);
// The rest of the current pass of an open stream, into memory (room reserved from
// estimated_rows()). No limit beyond options.max_values: the caller decides it fits.
// Fails with out unchanged.
Status read_all(DataStream& s, Dataset& out);
Status read_all(DataStream& s, DatasetF32& out);
// The same rows as plain vectors: x (row-major, d() values a row) and y, replaced.
Status read_rest(DataStream& s, std::vector<double>& x, std::vector<int>& y);
Status read_rest(DataStream& s, std::vector<float>& x, std::vector<int>& y);
// Reads bytes in memory (text or .npy) into a data set, with options.max_values as the limit.
Status load_bytes(std::string_view bytes, const std::string& name, const ReadOptions& options, Dataset& out);

}  // namespace pla
