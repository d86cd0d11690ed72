#include "core/lab/session/urlstate.hpp"

#include "core/data/read/io.hpp"
#include "core/base/values.hpp"

namespace pla {

namespace {
int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool decode_component(const std::string& in, std::string& out) {
  out.clear();
  out.reserve(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) {
    const char c = in[i];
    if (c == '+') {
      out += ' ';
    } else if (c == '%') {
      if (i + 2 >= in.size()) return false;
      const int hi = hex_value(in[i + 1]), lo = hex_value(in[i + 2]);
      if (hi < 0 || lo < 0) return false;
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else {
      out += c;
    }
  }
  return true;
}

std::string encode_component(const std::string& in) {
  constexpr const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : in) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                       c == '_' || c == '.' || c == '~' || c == ',' || c == ';' || c == ':' || c == '^' || c == '*';
    if (plain) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}
}  // namespace

Status parse_query(const std::string& text, Params& out) {
  if (text.size() > kMaxQueryBytes) return Status::fail(Msg::link_too_long);
  std::size_t start = 0;
  if (!text.empty() && (text[0] == '?' || text[0] == '#')) start = 1;
  Params params;
  while (start <= text.size()) {
    std::size_t end = text.find('&', start);
    if (end == std::string::npos) end = text.size();
    const std::string part = text.substr(start, end - start);
    if (!part.empty()) {
      if (params.size() >= kMaxParamCount)
        return Status::fail(Msg::link_too_many_params, {{"max", msg_uint(kMaxParamCount)}});
      const std::size_t eq = part.find('=');
      std::string key, value;
      if (!decode_component(part.substr(0, eq), key))
        return Status::fail(Msg::link_bad_escape_key, {{"index", msg_uint(params.size() + 1)}});
      if (eq == std::string::npos) {
        value = "1";
      } else if (!decode_component(part.substr(eq + 1), value)) {
        return Status::fail(Msg::link_bad_escape_value, {{"key", key.substr(0, 40)}});
      }
      params.emplace_back(std::move(key), std::move(value));
    }
    start = end + 1;
  }
  out = std::move(params);
  return Status::success();
}

std::string encode_query(const Params& params) {
  std::string out;
  for (const auto& kv : params) {
    if (!out.empty()) out += '&';
    out += encode_component(kv.first) + "=" + encode_component(kv.second);
  }
  return out;
}

Status parse_inline_data(const std::string& text, Dataset& out) {
  Dataset ds;
  ds.d = 0;
  std::size_t start = 0, point = 0;
  while (start < text.size()) {
    std::size_t end = text.find(';', start);
    if (end == std::string::npos) end = text.size();
    const std::string item = text.substr(start, end - start);
    start = end + 1;
    if (item.empty()) continue;
    ++point;
    const MsgArgs at = {{"point", msg_uint(point)}};
    if (point > kMaxInlinePoints) return Status::fail(Msg::link_data_too_many_points, {{"max", msg_uint(kMaxInlinePoints)}});
    std::vector<std::string> fields;
    std::size_t f = 0;
    while (true) {
      const std::size_t comma = item.find(',', f);
      fields.push_back(item.substr(f, comma == std::string::npos ? std::string::npos : comma - f));
      if (comma == std::string::npos) break;
      f = comma + 1;
      if (fields.size() > static_cast<std::size_t>(kMaxDimension) + 1)
        return Status::fail(Msg::link_data_too_many_numbers, at);
    }
    if (fields.size() < 2) return Status::fail(Msg::link_data_needs_label, at);
    const int d = static_cast<int>(fields.size()) - 1;
    if (ds.d == 0) ds.d = d;
    if (d != ds.d)
      return Status::fail(Msg::link_data_ragged, {{"point", msg_uint(point)}, {"d", msg_int(d)}, {"first", msg_int(ds.d)}});
    std::vector<double> x(static_cast<std::size_t>(d));
    for (int j = 0; j < d; ++j)
      if (!parse_double(fields[static_cast<std::size_t>(j)], x[static_cast<std::size_t>(j)]))
        return Status::fail(Msg::link_data_not_number,
                            {{"point", msg_uint(point)}, {"value", fields[static_cast<std::size_t>(j)].substr(0, 40)}});
    int label = 0;
    if (!parse_label(fields.back(), label))
      return Status::fail(Msg::link_data_bad_label, at);
    Status st = ds.add(x, label);
    if (!st) return Status::fail(Msg::link_data_point, at, st);
  }
  if (ds.d == 0) ds.d = 2;
  out = std::move(ds);
  return Status::success();
}

std::string encode_inline_data(const Dataset& ds) {
  std::string out;
  for (std::size_t i = 0; i < ds.size(); ++i) {
    if (i) out += ';';
    for (int j = 0; j < ds.d; ++j) out += format_number(ds.row(i)[j]) + ",";
    out += ds.y[i] > 0 ? "1" : "-1";
  }
  return out;
}

std::string encode_saved_state(const Params& params) {
  return std::string(kSavedStateTag) + "&" + encode_query(params);
}

Status parse_saved_state(const std::string& text, Params& out) {
  const std::string tag = std::string(kSavedStateTag) + "&";
  if (text.compare(0, tag.size(), tag) != 0) {
    return Status::fail(text.rfind("plab", 0) == 0 ? Msg::saved_state_other_version : Msg::saved_state_not_saved_state);
  }
  return parse_query(text.substr(tag.size()), out);
}

}  // namespace pla
