// Fuzz target: pla::read_csv (and read_data, whose format guess runs without a file
// extension). Properties checked on every input:
//   - a refusal names "SOURCE:LINE:COLUMN: ..." (its location arguments file, line and
//     column, rendered in front of st.error) and leaves the output data set unchanged;
//   - the fast row parsers and the general one agree (the same refusal or the same data);
//   - an accepted data set is valid (Dataset::validate), and write_csv -> read_csv
//     gives back the same d, labels and bit-identical coordinates;
//   - the reader's plain-decimal parser (text_parse.hpp), started at each of the first
//     bytes with the input as all it may read, either leaves the number to fast_float or
//     ends where strtod ends with strtod's double, bit for bit.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "core/data/read/io.hpp"
#include "core/data/read/text_parse.hpp"
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
  ds.d = 7;  // a sentinel: a refusal must leave it alone
  const pla::Status st = pla::read_csv(text, source, ds, expected_d);
  if (!st) {
    FUZZ_CHECK(has_location(st, source), st.error);
    FUZZ_CHECK(fuzz::names_line_and_column(st.error, source), st.error);
    FUZZ_CHECK(ds.d == 7 && ds.empty() && ds.x.empty(), "refused input changed the data set");
    return;
  }
  const pla::Status valid = ds.validate();
  FUZZ_CHECK(valid.ok, valid.error);
  FUZZ_CHECK(ds.count(1) > 0 && ds.count(-1) > 0, "accepted a data set with one class");
  FUZZ_CHECK(expected_d == 0 || ds.d == expected_d, "d differs from expected_d");
  const std::string written = pla::write_csv(ds);
  pla::Dataset back;
  const pla::Status again = pla::read_csv(written, "roundtrip.csv", back);
  FUZZ_CHECK(again.ok, "write_csv output does not read back: " + again.error);
  FUZZ_CHECK(back.d == ds.d && back.y == ds.y && fuzz::same_bits(back.x, ds.x), "write_csv -> read_csv changed the data");
  // Names come back as they were, or as x1..xd when the writer could not keep them.
  std::vector<std::string> generic;
  for (int j = 1; j <= ds.d; ++j) generic.push_back("x" + std::to_string(j));
  FUZZ_CHECK(back.feature_names == ds.feature_names || back.feature_names == generic,
             "write_csv -> read_csv changed the column names");
}

void check_plain_decimals(const std::string& text) {
  const char* const limit = text.data() + text.size();
  for (std::size_t at = 0; at < text.size() && at < 64; ++at) {
    double v = 0.0;
    const char* end = pla::text::parse_plain_decimal(text.data() + at, limit, v);
    if (end == nullptr) continue;
    FUZZ_CHECK(end > text.data() + at && end <= limit, "plain decimal ended outside the bytes");
    if (end < limit && (*end == 'x' || *end == 'X')) continue;  // strtod would read a hex float
    const std::string copy = text.substr(at);  // NUL-terminated for strtod
    char* want_end = nullptr;
    const double want = std::strtod(copy.c_str(), &want_end);
    FUZZ_CHECK(end - (text.data() + at) == want_end - copy.c_str(), "plain decimal ended where strtod does not");
    FUZZ_CHECK(std::memcmp(&v, &want, sizeof v) == 0, "plain decimal differs from strtod");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  fuzz::check_fast_rows(text, pla::DataFormat::kCsv);
  check_plain_decimals(text);
  check_read(text, "fuzz.csv", 0);
  check_read(text, "fuzz.csv", 2);
  pla::Dataset any;
  const pla::Status st = pla::read_data(text, "fuzz", any);  // no extension: guess_format decides
  if (!st) {
    if (text.compare(0, 6, "\x93NUMPY") == 0) {
      // Content with NumPy's magic is read as .npy (fuzz_read_npy covers it): a refusal names
      // the file, and rows/features rather than lines and columns.
      const std::string* file = st.arg("file");
      FUZZ_CHECK(file != nullptr && *file == "fuzz", st.error);
      FUZZ_CHECK(st.error.compare(0, 6, "fuzz: ") == 0, st.error);
    } else {
      FUZZ_CHECK(has_location(st, "fuzz"), st.error);
      FUZZ_CHECK(fuzz::names_line_and_column(st.error, "fuzz"), st.error);
    }
  }
  return 0;
}
