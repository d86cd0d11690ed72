// Fuzz target: the lesson links and the browser's saved state (core/urlstate.hpp):
// parse_query, parse_inline_data and parse_saved_state over the same input. Properties:
//   - a refusal gives a message and leaves the output unchanged;
//   - accepted text encodes and parses back to the same pairs / the same points (bits).
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/lab/session/urlstate.hpp"
#include "fuzz_util.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const pla::Params sentinel = {{"sentinel", "1"}};

  pla::Params params = sentinel;
  pla::Status st = pla::parse_query(text, params);
  if (!st) {
    FUZZ_CHECK(!st.error.empty() && params == sentinel, "bad refusal of a query: " + st.error);
  } else {
    FUZZ_CHECK(params.size() <= pla::kMaxParamCount, "more parameters than the limit");
    const std::string encoded = pla::encode_query(params);
    if (encoded.size() <= pla::kMaxQueryBytes) {
      pla::Params back;
      st = pla::parse_query(encoded, back);
      FUZZ_CHECK(st.ok && back == params, "encode_query -> parse_query changed the pairs: " + st.error);
    }
  }

  pla::Params saved = sentinel;
  st = pla::parse_saved_state(text, saved);
  if (!st) {
    FUZZ_CHECK(!st.error.empty() && saved == sentinel, "bad refusal of a saved state: " + st.error);
  } else {
    pla::Params back;
    const std::string encoded = pla::encode_saved_state(saved);
    if (encoded.size() <= pla::kMaxQueryBytes) {
      st = pla::parse_saved_state(encoded, back);
      FUZZ_CHECK(st.ok && back == saved, "encode_saved_state -> parse_saved_state changed the pairs: " + st.error);
    }
  }

  pla::Dataset ds;
  ds.d = 9;
  st = pla::parse_inline_data(text, ds);
  if (!st) {
    FUZZ_CHECK(!st.error.empty() && ds.d == 9 && ds.empty(), "bad refusal of inline data: " + st.error);
  } else {
    const pla::Status valid = ds.validate();
    FUZZ_CHECK(valid.ok, valid.error);
    FUZZ_CHECK(ds.size() <= pla::kMaxInlinePoints, "more inline points than the limit");
    pla::Dataset back;
    st = pla::parse_inline_data(pla::encode_inline_data(ds), back);
    FUZZ_CHECK(st.ok && back.d == ds.d && back.y == ds.y && fuzz::same_bits(back.x, ds.x),
               "encode_inline_data -> parse_inline_data changed the points: " + st.error);
  }
  return 0;
}
