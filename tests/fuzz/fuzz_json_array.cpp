// Fuzz target: pla::parse_json_string_array, the transport of the page's commands
// (window.perceptronLab.command(name, ...args) arrives as one JSON array). Properties:
//   - a refusal gives a message and leaves the output unchanged;
//   - accepted items, written back as JSON strings (json_string), parse to the same items;
//   - the item limit holds.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/base/json.hpp"
#include "fuzz_util.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::vector<std::string> items = {"sentinel"};
  std::string error;
  const std::size_t max_items = 1 + (size % 8);  // small limits get exercised too
  if (!pla::parse_json_string_array(text, items, error, max_items)) {
    FUZZ_CHECK(!error.empty(), "refusal without a message");
    FUZZ_CHECK(items.size() == 1 && items[0] == "sentinel", "refused input changed the output");
    return 0;
  }
  FUZZ_CHECK(items.size() <= max_items, "more items than the limit");
  std::string again = "[";
  for (std::size_t i = 0; i < items.size(); ++i) again += (i ? "," : "") + pla::json_string(items[i]);
  again += "]";
  FUZZ_CHECK(fuzz::json_valid(again), "json_string wrote invalid JSON: " + again);
  std::vector<std::string> back;
  FUZZ_CHECK(pla::parse_json_string_array(again, back, error, max_items), error);
  FUZZ_CHECK(back == items, "json_string -> parse_json_string_array changed the items");
  return 0;
}
