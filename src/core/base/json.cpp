#include "core/base/json.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/base/utf8.hpp"

namespace pla {

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20 || c == '<' || c == '>' || c == '&') {  // also keeps markup out of pages
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

std::string json_array(const std::vector<double>& v) {
  std::string out = "[";
  for (std::size_t i = 0; i < v.size(); ++i) out += (i ? "," : "") + json_number(v[i]);
  return out + "]";
}

namespace {
bool hex4(const std::string& t, std::size_t i, unsigned& v) {
  if (i + 4 > t.size()) return false;
  v = 0;
  for (std::size_t k = i; k < i + 4; ++k) {
    const char c = t[k];
    v <<= 4;
    if (c >= '0' && c <= '9') v |= static_cast<unsigned>(c - '0');
    else if (c >= 'a' && c <= 'f') v |= static_cast<unsigned>(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F') v |= static_cast<unsigned>(c - 'A' + 10);
    else return false;
  }
  return true;
}
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
}  // namespace

bool parse_json_string_array(const std::string& t, std::vector<std::string>& out, std::string& error,
                             std::size_t max_items, std::size_t max_bytes) {
  std::vector<std::string> items;
  if (t.size() > max_bytes) {
    error = "input too large";
    return false;
  }
  std::size_t i = 0;
  auto skip = [&]() {
    while (i < t.size() && is_space(t[i])) ++i;
  };
  auto fail = [&](const std::string& what) {
    error = what + " at offset " + std::to_string(i);
    return false;
  };
  skip();
  if (i >= t.size() || t[i] != '[') return fail("expected '['");
  ++i;
  skip();
  if (i < t.size() && t[i] == ']') {
    ++i;
  } else {
    while (true) {
      skip();
      if (i >= t.size()) return fail("unexpected end");
      if (items.size() >= max_items) return fail("too many items");
      std::string item;
      if (t[i] == '"') {
        ++i;
        while (true) {
          if (i >= t.size()) return fail("unterminated string");
          const char c = t[i++];
          if (c == '"') break;
          if (static_cast<unsigned char>(c) < 0x20) return fail("control character in string");
          if (c != '\\') {
            item += c;
            continue;
          }
          if (i >= t.size()) return fail("bad escape");
          const char e = t[i++];
          switch (e) {
            case '"': item += '"'; break;
            case '\\': item += '\\'; break;
            case '/': item += '/'; break;
            case 'b': item += '\b'; break;
            case 'f': item += '\f'; break;
            case 'n': item += '\n'; break;
            case 'r': item += '\r'; break;
            case 't': item += '\t'; break;
            case 'u': {
              unsigned cp = 0;
              if (!hex4(t, i, cp)) return fail("bad \\u escape");
              i += 4;
              if (cp >= 0xD800 && cp <= 0xDBFF) {
                unsigned lo = 0;
                if (i + 6 > t.size() || t[i] != '\\' || t[i + 1] != 'u' || !hex4(t, i + 2, lo) || lo < 0xDC00 ||
                    lo > 0xDFFF)
                  return fail("bad surrogate pair");
                i += 6;
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
              } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                return fail("bad surrogate pair");
              }
              append_utf8(item, cp);
              break;
            }
            default: return fail("bad escape");
          }
        }
      } else if (t[i] == '-' || (t[i] >= '0' && t[i] <= '9')) {
        const std::size_t start = i;
        while (i < t.size() && (t[i] == '-' || t[i] == '+' || t[i] == '.' || t[i] == 'e' || t[i] == 'E' ||
                                (t[i] >= '0' && t[i] <= '9')))
          ++i;
        item = t.substr(start, i - start);
      } else if (t.compare(i, 4, "true") == 0 || t.compare(i, 5, "false") == 0) {
        item = t[i] == 't' ? "true" : "false";
        i += item.size();
      } else {
        return fail("expected a string or a number");
      }
      items.push_back(std::move(item));
      skip();
      if (i < t.size() && t[i] == ',') {
        ++i;
        continue;
      }
      if (i < t.size() && t[i] == ']') {
        ++i;
        break;
      }
      return fail("expected ',' or ']'");
    }
  }
  skip();
  if (i != t.size()) return fail("trailing characters");
  out = std::move(items);
  return true;
}

void JsonObject::key(const std::string& k) {
  if (!body_.empty()) body_ += ",";
  body_ += json_string(k) + ":";
}
JsonObject& JsonObject::num(const std::string& k, double v) {
  key(k);
  body_ += json_number(v);
  return *this;
}
JsonObject& JsonObject::integer(const std::string& k, std::int64_t v) {
  key(k);
  body_ += std::to_string(v);
  return *this;
}
JsonObject& JsonObject::boolean(const std::string& k, bool v) {
  key(k);
  body_ += v ? "true" : "false";
  return *this;
}
JsonObject& JsonObject::text(const std::string& k, const std::string& v) {
  key(k);
  body_ += json_string(v);
  return *this;
}
JsonObject& JsonObject::array(const std::string& k, const std::vector<double>& v) {
  key(k);
  body_ += json_array(v);
  return *this;
}
JsonObject& JsonObject::raw(const std::string& k, const std::string& json) {
  key(k);
  body_ += json;
  return *this;
}

JsonObject& JsonObject::merge(const Json& object) {
  for (const auto& item : object.items()) raw(item.key(), json_text(item.value()));
  return *this;
}

std::string json_text(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

}  // namespace pla
