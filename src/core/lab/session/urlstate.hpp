// Perceptron Lab core: link parameters as text, for links and for the browser's saved state.
//
// The data, settings and step in use travel as a query string of key=value pairs whose keys are the keys of
// state() and `set` (one vocabulary): "preset=textbook&eta=0.25&seed=42&algo=pocket".
// Small hand-drawn sets travel inline: data=x,y,label;x,y,label;... (2-D or any d: the
// last number of each point is its label). The browser's saved state is the same text
// behind a version tag: "plab1&" + query.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/data/dataset.hpp"
#include "core/base/status.hpp"

namespace pla {

using Params = std::vector<std::pair<std::string, std::string>>;

// Limits that keep a hostile link from costing memory or time. Failures are the
// link_* and saved_state_* codes (core/messages_link.def).
constexpr std::size_t kMaxQueryBytes = 1u << 20;      // 1 MB of query text
constexpr std::size_t kMaxParamCount = 64;
constexpr std::size_t kMaxInlinePoints = 2000;        // data=... holds at most this many points
constexpr std::size_t kMaxLinkPoints = 500;           // "Copy link" puts data inline up to this size
// Data generated from a link (gen=..., n=..., d=...); a lesson's generate action has the
// same limits (lesson/loader.cpp).
constexpr std::uint64_t kMaxLinkGenPoints = 100000;
constexpr std::uint64_t kMaxLinkGenDim = 1000;

// Decodes "?a=1&b=x%20y" or "#a=1&b" (a leading '?' or '#' is optional; '+' is a space;
// a key without '=' has the value "1"). Fails on malformed percent-escapes, text over
// kMaxQueryBytes or more than kMaxParamCount pairs, leaving `out` unchanged.
Status parse_query(const std::string& text, Params& out);
// Percent-encodes pairs as a query string without the leading '?'.
std::string encode_query(const Params& params);

// Inline data: "x1,x2,...,label;..." with labels +1/-1 (or 1/0). Fails, naming the
// point, on a bad number, a bad label, ragged points or more than kMaxInlinePoints.
Status parse_inline_data(const std::string& text, Dataset& out);
std::string encode_inline_data(const Dataset& ds);

// Saved state: "plab1&" + query. Fails on another version or a malformed query.
constexpr const char* kSavedStateTag = "plab1";
std::string encode_saved_state(const Params& params);
Status parse_saved_state(const std::string& text, Params& out);

}  // namespace pla
