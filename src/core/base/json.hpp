// Perceptron Lab core: JSON, in one place. Two systems stay, each for what the other
// does badly, and this header is the only place they meet:
//
//   Json (nlohmann::ordered_json, header-only, Debian's nlohmann-json3-dev): a tree, for
//     documents that are built piece by piece or read: state() and the app's state, saved
//     state, the lessons, the catalogs, the JavaScript API's replies. Objects keep their
//     keys in insertion order (state() reads like the settings table). Its parser is the
//     one for untrusted JSON (lessons, links). Numbers go in through json_value (whole
//     numbers as integers, non-finite as null) and come out as json_text writes them.
//   JsonObject / json_array / json_string (below, about 200 lines): flat records written
//     straight to text, with numbers as numtext.hpp's json_number (the shortest text that
//     reads back as the same double): the CLI's --json reports and the trace files, where
//     a vector of 10^5 weights or 10^6 steps would be a tree of as many nodes, and the
//     output must not depend on another library's number printing. parse_json_string_array
//     is the bounded reader of the JavaScript API's command arrays (["set", "eta", 0.5]),
//     which keeps every number's source text.
//
// The bridge: json_text is the one way a Json tree becomes text, and JsonObject::merge
// writes a Json object's fields into a JsonObject (as `pla margin --json` reuses state()'s
// margin fields).
#pragma once
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/numtext.hpp"

namespace pla {

// Objects keep their keys in insertion order (state() reads like the table).
using Json = nlohmann::ordered_json;

// A double as JSON: null when not finite, written without a fraction when it is a whole
// number below 2^53 (3, not 3.0), else the shortest text that reads back the same.
inline Json json_value(double v) {
  if (!std::isfinite(v)) return Json(nullptr);
  if (v == std::trunc(v) && std::fabs(v) < 9007199254740992.0) return Json(static_cast<std::int64_t>(v));
  return Json(v);
}

// A tree as compact text (no spaces), invalid UTF-8 in strings replaced by U+FFFD.
std::string json_text(const Json& j);

std::string json_string(const std::string& s);

// Builds one JSON object: w.key("a").num(1); ... w.str().
class JsonObject {
 public:
  JsonObject& num(const std::string& key, double v);
  JsonObject& integer(const std::string& key, std::int64_t v);
  JsonObject& boolean(const std::string& key, bool v);
  JsonObject& text(const std::string& key, const std::string& v);
  JsonObject& array(const std::string& key, const std::vector<double>& v);
  JsonObject& raw(const std::string& key, const std::string& json);  // pre-formatted JSON
  JsonObject& merge(const Json& object);  // each field of a Json object, as json_text writes it
  std::string str() const { return "{" + body_ + "}"; }

 private:
  void key(const std::string& k);
  std::string body_;
};

std::string json_array(const std::vector<double>& v);

// Parses a JSON array whose items are strings or numbers (numbers are kept as
// their source text), e.g. ["add_point", 1.5, "2", "+1"]. Fails on anything else
// (nesting, objects, bad escapes, more than max_items items or max_bytes of input).
bool parse_json_string_array(const std::string& text, std::vector<std::string>& out, std::string& error,
                             std::size_t max_items = 64, std::size_t max_bytes = 64u << 20);

}  // namespace pla
