// Perceptron Lab core: NumPy's .npy format (numpy/lib/format.py), versions 1.0 to 3.0.
//
// A file is the magic "\x93NUMPY", the version (major, minor), the header length (2 bytes
// little endian in 1.0, 4 in 2.0 and 3.0), then a Python dict literal padded with spaces
// and ending in '\n': {'descr': '<f8', 'fortran_order': False, 'shape': (1000, 33), }.
// The data follow, item after item, in C (row-major) or Fortran (column-major) order.
// The readers (data_stream.hpp's DataStream) take float64 / float32 little-endian data
// ('<f8', '<f4'); a separate label vector may also be whole numbers or booleans.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/data/dataset.hpp"
#include "core/base/status.hpp"

namespace pla {

struct NpyHeader {
  int major = 1, minor = 0;
  std::string descr;        // as written, e.g. "<f8"
  char kind = 'f';          // 'f' float, 'i' signed, 'u' unsigned, 'b' bool
  int item_size = 8;        // bytes per item
  bool fortran = false;     // column-major
  std::vector<std::uint64_t> shape;
  std::size_t data_offset = 0;  // where the data start
  std::uint64_t items() const;  // product of the shape (1 for shape ())
};

// True when the bytes start with the .npy magic.
bool is_npy(std::string_view bytes);

// Parses the header at the start of `bytes` (the file's first bytes; 64 KiB hold any header
// the readers accept). Refuses a bad magic, version, length or dict, and a big-endian or
// non-numeric dtype, with an npy_* message naming `source`. Does not check the data size.
Status parse_npy_header(std::string_view bytes, const std::string& source, NpyHeader& out);

// "(1000, 33)" as Python writes a shape.
std::string npy_shape_text(const std::vector<std::uint64_t>& shape);

// The data set as a 2-D float64 array (n, d + 1), C order, the label (+1/-1) in the last
// column: what `pla gen --out FILE.npy` writes and numpy.load reads back.
std::string write_npy(const Dataset& ds);

}  // namespace pla
