// Fuzz target: reading NumPy .npy bytes (pla::read_data with a .npy name, the browser's
// import path). Properties checked on every input:
//   - a refusal names the source (its file argument, rendered in front of st.error) and
//     leaves the output data set unchanged;
//   - an accepted data set is valid, and write_npy -> read_data gives back the same d,
//     labels and bit-identical coordinates.
// Inputs are taken as they come and, second, behind a valid magic and version 1.0 header
// length, so the dict parser and the data checks see most of the inputs.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/data/read/io.hpp"
#include "core/data/read/npy.hpp"
#include "fuzz_util.hpp"

namespace {

void check_read(const std::string& bytes, const std::string& source, int expected_d) {
  pla::Dataset ds;
  ds.d = 7;
  const pla::Status st = pla::read_data(bytes, source, ds, expected_d);
  if (!st) {
    const std::string* file = st.arg("file");
    FUZZ_CHECK(file != nullptr && *file == source, st.error);
    FUZZ_CHECK(st.error.rfind(source + ":", 0) == 0, st.error);
    FUZZ_CHECK(ds.d == 7 && ds.empty() && ds.x.empty(), "refused input changed the data set");
    return;
  }
  const pla::Status valid = ds.validate();
  FUZZ_CHECK(valid.ok, valid.error);
  FUZZ_CHECK(expected_d == 0 || ds.d == expected_d, "d differs from expected_d");
  const std::string written = pla::write_npy(ds);
  pla::Dataset back;
  const pla::Status again = pla::read_data(written, "roundtrip.npy", back);
  FUZZ_CHECK(again.ok, "write_npy output does not read back: " + again.error);
  FUZZ_CHECK(back.d == ds.d && back.y == ds.y && fuzz::same_bits(back.x, ds.x), "write_npy -> read_data changed the data");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  check_read(bytes, "fuzz.npy", 0);
  check_read(bytes, "fuzz.npy", 2);
  // The same bytes as the header dict (and data) of a version 1.0 file.
  std::string framed("\x93NUMPY\x01\x00", 8);
  const std::size_t len = size < 0xFFFF ? size : 0xFFFF;
  framed += static_cast<char>(len & 0xFF);
  framed += static_cast<char>((len >> 8) & 0xFF);
  framed += bytes;
  check_read(framed, "framed.npy", 0);
  return 0;
}
