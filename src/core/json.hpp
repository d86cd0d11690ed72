// Perceptron Lab core: a minimal JSON writer (numbers round-trip exactly).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace pla {

// Shortest decimal text that reads back as exactly the same double; non-finite
// values are written as null (JSON has no inf or NaN).
std::string json_number(double v);
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
