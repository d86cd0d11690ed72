// The reader fuzz targets' comparison of the fast row parsers (data_stream.cpp's one-scan CSV and
// LIBSVM rows) with the general parser on the same bytes: the same refusal, or the same d,
// labels and bit-identical coordinates.
#pragma once
#include <string>

#include "core/data/read/io.hpp"
#include "core/data/read/data_stream.hpp"
#include "fuzz_util.hpp"

namespace fuzz {

inline void check_fast_rows(const std::string& text, pla::DataFormat format) {
  pla::ReadOptions fast, general;
  fast.has_format = general.has_format = true;
  fast.format = general.format = format;
  general.general_rows = true;
  pla::Dataset a, b;
  const pla::Status sa = pla::load_bytes(text, "rows", fast, a);
  const pla::Status sb = pla::load_bytes(text, "rows", general, b);
  FUZZ_CHECK(sa.ok == sb.ok, "fast rows: " + (sa.ok ? std::string("accepted") : sa.error) + ", general rows: " +
                                 (sb.ok ? std::string("accepted") : sb.error));
  if (!sa.ok) {
    FUZZ_CHECK(sa.error == sb.error, "fast rows: " + sa.error + " / general rows: " + sb.error);
    return;
  }
  FUZZ_CHECK(a.d == b.d && a.y == b.y && same_bits(a.x, b.x), "the fast rows read other data than the general ones");
}

}  // namespace fuzz
