// Fuzz target: pla::read_libsvm. Properties checked on every input:
//   - a refusal names "SOURCE:LINE:COLUMN: ..." (its location arguments file, line and
//     column, rendered in front of st.error) and leaves the output data set unchanged;
//   - the fast row parsers and the general one agree (the same refusal or the same data);
//   - an accepted data set is valid, and write_libsvm -> read_libsvm gives back the
//     same d, labels and bit-identical coordinates.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/data/read/io.hpp"
#include "fuzz_rows.hpp"
#include "fuzz_util.hpp"

namespace {

// The location arguments the readers give a refusal: file == source, and line and
// column whole numbers >= 1 (the same location st.error starts with).
bool has_location(const pla::Status& st, const std::string& source) {
  const std::string* file = st.arg("file");
  if (file == nullptr || *file != source) return false;
  for (const char* name : {"line", "column"}) {
    const std::string* v = st.arg(name);
    if (v == nullptr || v->empty() || (*v)[0] == '0') return false;
    for (char c : *v)
      if (c < '0' || c > '9') return false;
  }
  return true;
}

void check_read(const std::string& text, const std::string& source, int expected_d) {
  pla::Dataset ds;
  ds.d = 7;
  const pla::Status st = pla::read_libsvm(text, source, ds, expected_d);
  if (!st) {
    FUZZ_CHECK(has_location(st, source), st.error);
    FUZZ_CHECK(fuzz::names_line_and_column(st.error, source), st.error);
    FUZZ_CHECK(ds.d == 7 && ds.empty() && ds.x.empty(), "refused input changed the data set");
    return;
  }
  const pla::Status valid = ds.validate();
  FUZZ_CHECK(valid.ok, valid.error);
  FUZZ_CHECK(expected_d == 0 || ds.d == expected_d, "d differs from expected_d");
  const std::string written = pla::write_libsvm(ds);
  pla::Dataset back;
  const pla::Status again = pla::read_libsvm(written, "roundtrip.libsvm", back);
  FUZZ_CHECK(again.ok, "write_libsvm output does not read back: " + again.error);
  FUZZ_CHECK(back.d == ds.d && back.y == ds.y && fuzz::same_bits(back.x, ds.x),
             "write_libsvm -> read_libsvm changed the data");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  fuzz::check_fast_rows(text, pla::DataFormat::kLibsvm);
  check_read(text, "fuzz.libsvm", 0);
  check_read(text, "fuzz.libsvm", 3);
  return 0;
}
