// Perceptron Lab core: reading and writing data sets as CSV and LIBSVM text and NumPy .npy.
//
// The readers work on bytes in memory (the browser has no file system); the *_file
// helpers wrap them for native use. All of them are data_stream.hpp's DataStream (the one
// parser) loading into a Dataset with the in-memory limits. Every rejected input gets one message: a code
// (messages_data.def) with the location arguments file, line and column and the
// arguments of what is wrong, which reads in English (Status::error)
//   "SOURCE:LINE:COLUMN: what is wrong"
// with LINE and COLUMN 1-based. LINE counts physical lines (blank ones included;
// CRLF, LF and lone CR all end a line). COLUMN is, for CSV, the field number (1 =
// first field), and for LIBSVM the byte column where the offending token (or, for a
// bad value, the text after the ':') starts. Errors about the whole file (no data
// rows, one class only) point at the first or last data line. On failure the output
// Dataset is left unchanged; nothing is silently dropped.
//
// Labels: -1/+1 (also written 1) or 0/1, one convention per file (0 means -1).
// Any other label (2, 0.5, cat) is an error, and so is a file with only one class.
// Numbers: decimal with optional sign, fraction and exponent (1, -2.5, .5, 3e-7), each the
// correctly rounded double of its text (fast_float); in a ';' or tab separated CSV the
// decimal mark may be a comma (3,5), one mark per file (data_stream.hpp).
// NaN, inf and values that overflow a double (1e999) are errors; values too small
// for a double round to the nearest double (possibly 0), as any reader would.
#pragma once
#include <cstddef>
#include <string>

#include "core/data/dataset.hpp"
#include "core/base/numtext.hpp"
#include "core/base/status.hpp"

namespace pla {

// Limits of the readers, so no file can stall or exhaust memory: a longer line or a
// larger file is refused with a message (naming the line, for a long line).
constexpr std::size_t kMaxLineBytes = std::size_t{16} << 20;  // 16 MiB per CSV / LIBSVM line
constexpr std::size_t kMaxFileBytes = std::size_t{1} << 30;   // 1 GiB per file (read_text_file)

// CSV. Separator: comma, or ';' / tab when the first row uses them more than commas, or
// ';' when each of the first row's commas sits between digits, one per field (3,5;2,25;1).
// Header: optional, detected when no field of the first row is a number (a first row
// mixing names and numbers is read as data, so a typo in it is reported, not
// swallowed). Label column: the header column named label (else y), case-insensitive;
// otherwise the last column. Fields may be quoted ("1.5", "a ""b"""), padded with
// spaces. A UTF-8 byte order mark is skipped; blank lines are skipped.
// expected_d > 0 demands that many feature columns; 0 takes d from the file.
// Header names of the feature columns go to out.feature_names (empty without header).
Status read_csv(const std::string& text, const std::string& source_name, Dataset& out, int expected_d = 0);

// LIBSVM / svmlight: "label index:value index:value ... # comment", indices 1-based
// and strictly increasing, missing features are 0. d = the largest index in the file,
// or expected_d when > 0 (then an index above it is an error). '#' starts a comment.
// 'qid:' tokens (ranking) are rejected.
Status read_libsvm(const std::string& text, const std::string& source_name, Dataset& out, int expected_d = 0);

enum class DataFormat { kCsv, kLibsvm, kNpy };
// .npy by extension or by its magic bytes; then by extension (.csv/.tsv -> CSV;
// .libsvm/.svm/.svmlight -> LIBSVM), else by content: a first data line "label i:v ..."
// means LIBSVM, anything else CSV.
DataFormat guess_format(const std::string& source_name, const std::string& text);
// A LIBSVM file name: ends with .libsvm, .svm or .svmlight (any case).
bool has_libsvm_extension(const std::string& path);
// How to read: all optional.
struct ReadOptions {
  int expected_d = 0;          // > 0: demand that d, as read_data_file
  char decimal = 0;            // CSV decimal mark: 0 detects, '.' or ',' forces it
  std::string labels_path;     // a .npy label vector for a .npy data file (files only)
  std::size_t max_values = 0;  // refuse more than this many values n * d (0: no limit)
  bool has_format = false;     // true: read as `format`, whatever the name or content
  DataFormat format = DataFormat::kCsv;
  bool general_rows = false;  // true: every row through the general parser, not the fast row
                              // paths (for the tests that compare the two)
};

// Reads bytes in any format, chosen by guess_format (e.g. an uploaded file's name + bytes).
Status read_data(const std::string& text, const std::string& source_name, Dataset& out, int expected_d = 0);

// Writers: numbers as the shortest text that reads back as the same double
// (numtext.hpp's format_number), so write -> read gives bit-identical x and y.
// CSV: header x1..xd (or ds.feature_names when they are plain names) then label; labels 1/-1.
std::string write_csv(const Dataset& ds);
// LIBSVM: labels +1/-1, zero features omitted except feature d of the first row, which
// is always written so the reader recovers d.
std::string write_libsvm(const Dataset& ds);

// Native file helpers. read_data_file names errors after `path` and reads the file through
// a DataStream (any size up to kMaxValues values). read_text_file refuses a file over
// kMaxFileBytes (by its size, before reading it).
Status read_text_file(const std::string& path, std::string& out);
Status read_data_file(const std::string& path, Dataset& out, int expected_d = 0);
// .npy (npy.hpp: float64, label last) for .npy, LIBSVM for .libsvm/.svm/.svmlight, CSV
// otherwise. Fails on an invalid data set.
Status write_data_file(const std::string& path, const Dataset& ds);

}  // namespace pla
