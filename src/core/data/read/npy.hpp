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
#include <cstring>
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

// An array of a .npy file in memory (mapped or read): item (i, j) of a rows x cols matrix
// (a 1-D array is a column).
struct NpyArray {
  const unsigned char* data = nullptr;
  NpyHeader h;
  std::uint64_t rows = 0, cols = 0;
  double item(std::uint64_t i, std::uint64_t j) const {
    const std::uint64_t k = h.fortran ? j * rows + i : i * cols + j;
    const unsigned char* p = data + static_cast<std::size_t>(k) * static_cast<std::size_t>(h.item_size);
    switch (h.kind) {
      case 'f':
        if (h.item_size == 8) {
          double v;
          std::memcpy(&v, p, 8);
          return v;
        } else {
          float v;
          std::memcpy(&v, p, 4);
          return static_cast<double>(v);
        }
      case 'b': return *p ? 1.0 : 0.0;
      case 'u': {
        std::uint64_t v = 0;
        std::memcpy(&v, p, static_cast<std::size_t>(h.item_size));  // little endian
        return static_cast<double>(v);
      }
      default: {
        std::uint64_t v = 0;
        std::memcpy(&v, p, static_cast<std::size_t>(h.item_size));
        const int shift = 64 - 8 * h.item_size;
        return static_cast<double>(static_cast<std::int64_t>(v << shift) >> shift);  // sign-extend
      }
    }
  }
};

// One array of a .npy file whose bytes are `bytes` (which must outlive it): the header, and
// the data all there (npy_truncated otherwise, naming `source`).
Status npy_array(std::string_view bytes, const std::string& source, NpyArray& a);

// The data set as a 2-D float64 array (n, d + 1), C order, the label (+1/-1) in the last
// column: what `pla gen --out FILE.npy` writes and numpy.load reads back.
std::string write_npy(const Dataset& ds);

}  // namespace pla
