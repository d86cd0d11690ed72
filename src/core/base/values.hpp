// Perceptron Lab core: the one parser for each kind of setting value. Every front end
// (settings, commands, link parameters, saved state, CLI flags) reads text through these.
#pragma once
#include <cstdint>
#include <string>

namespace pla {

// "1", "true", "on", "yes" / "0", "false", "off", "no".
bool parse_bool(const std::string& s, bool& out);
// A finite double in decimal text, the whole string (no spaces, hex, inf or nan).
bool parse_double(const std::string& s, double& out);
// A whole number in decimal digits only (no sign, no spaces), up to 2^64 - 1.
bool parse_u64(const std::string& s, std::uint64_t& out);
// A label written as +1, 1, -1 or 0 (0 means -1).
bool parse_label(const std::string& s, int& out);

// The largest seed: 2^53 - 1, exact in JavaScript.
constexpr std::uint64_t kMaxSeed = 9007199254740991ULL;

}  // namespace pla
