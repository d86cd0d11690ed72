// Perceptron Lab core: the language catalogs (catalogs.hpp): the embedded ones found, each
// parsed when first read and flattened to "a.b.c" keys, and those added at run time.
#include "core/base/catalogs.hpp"

#include <algorithm>
#include <cstring>

#include "core/base/json.hpp"

namespace pla {

// web/i18n/CODE.json, each whole (src/core/embedded_text.cmake, a generated .cpp).
struct EmbeddedCatalog {
  const char* code;
  const char* text;
  int whole;  // 0: only its "language" object (the web build: fetched when chosen)
};
extern const EmbeddedCatalog kEmbeddedCatalogs[];
extern const unsigned kEmbeddedCatalogCount;

namespace {

const char kEnglish[] = "en";  // the fallback language, always there

bool good_code(const std::string& code) {
  bool good = code.size() >= 2 && code.size() <= 8 && code[0] >= 'a' && code[0] <= 'z' && code != "pseudo";
  for (char c : code) good = good && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-');
  return good;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return s;
}

// Records the parser's first error (nlohmann's SAX interface: no exceptions needed).
struct ErrorSax {
  std::string reason;
  bool null() { return true; }
  bool boolean(bool) { return true; }
  bool number_integer(Json::number_integer_t) { return true; }
  bool number_unsigned(Json::number_unsigned_t) { return true; }
  bool number_float(Json::number_float_t, const Json::string_t&) { return true; }
  bool string(Json::string_t&) { return true; }
  bool binary(Json::binary_t&) { return true; }
  bool start_object(std::size_t) { return true; }
  bool key(Json::string_t&) { return true; }
  bool end_object() { return true; }
  bool start_array(std::size_t) { return true; }
  bool end_array() { return true; }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) {
    reason = e.what();
    return false;
  }
};

// Parses a catalog's text: the tree, or the reason it is no JSON object.
bool parse_catalog(const char* text, std::size_t size, Json& out, std::string& reason) {
  out = Json::parse(text, text + size, nullptr, false);
  if (out.is_object()) return true;
  if (out.is_discarded()) {
    ErrorSax sax;
    (void)Json::sax_parse(text, text + size, &sax);
    reason = sax.reason.empty() ? "not JSON" : sax.reason;
  } else {
    reason = "not a JSON object";
  }
  return false;
}

void flatten(const Json& j, const std::string& prefix, std::map<std::string, std::string>& out) {
  if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) flatten(it.value(), prefix.empty() ? it.key() : prefix + "." + it.key(), out);
  } else if (j.is_string()) {
    out[prefix] = j.get<std::string>();
  }
}

std::vector<std::string> strings(const Json& o, const char* key) {
  std::vector<std::string> out;
  const auto it = o.find(key);
  if (it == o.end() || !it->is_array()) return out;
  for (const Json& s : *it)
    if (s.is_string()) out.push_back(s.get<std::string>());
  return out;
}

}  // namespace

Catalogs::Catalogs() {
  for (unsigned i = 0; i < kEmbeddedCatalogCount; ++i) {
    Entry& e = entries_[kEmbeddedCatalogs[i].code];
    e.embedded = kEmbeddedCatalogs[i].text;
    e.whole = kEmbeddedCatalogs[i].whole != 0;
  }
  entries_[kEnglish];  // English is the templates' own language: always there
}

// A parsed catalog as the lookups read it.
std::shared_ptr<const Catalogs::Language> Catalogs::make_language(const std::string& code, const Json& doc) {
  auto l = std::make_shared<Language>();
  flatten(doc, "", l->text);
  for (const auto& kv : l->text) l->keys.push_back(kv.first);
  const auto info = doc.find("language");
  if (info != doc.end() && info->is_object()) {
    const auto name = info->find("name");
    if (name != info->end() && name->is_string()) l->name = name->get<std::string>();
    l->tags = strings(*info, "tags");
    l->fonts = strings(*info, "fonts");
  }
  for (std::string& t : l->tags) t = lower(t);
  if (l->name.empty()) l->name = code;
  if (l->tags.empty()) l->tags = {code};
  return l;
}

Status Catalogs::add(const std::string& code, const std::string& json_text, bool whole) {
  if (!good_code(code)) return Status::fail(Msg::catalog_bad_code, {{"code", code.substr(0, 40)}});
  Json doc;
  std::string reason;
  if (!parse_catalog(json_text.data(), json_text.size(), doc, reason))
    return Status::fail(Msg::catalog_not_json, {{"code", code}, {"reason", reason}});
  Entry e;
  e.whole = whole || code == kEnglish;
  e.lang = make_language(code, doc);
  entries_[code] = std::move(e);
  return Status::success();
}

bool Catalogs::remove(const std::string& code) {
  const auto it = entries_.find(code);
  if (it == entries_.end() || code == kEnglish) return false;
  entries_.erase(it);
  return true;
}

const Catalogs::Language* Catalogs::language(const std::string& code) const {
  const auto it = entries_.find(code);
  if (it == entries_.end()) return nullptr;
  const Entry& e = it->second;
  if (!e.lang) {
    Json doc = Json::object();
    if (e.embedded) {
      if (!parse_catalog(e.embedded, std::strlen(e.embedded), doc, e.error)) doc = Json::object();
    }
    e.lang = make_language(code, doc);
  }
  return e.lang.get();
}

std::vector<std::string> Catalogs::codes() const {
  std::vector<std::string> out = {kEnglish};
  for (const auto& kv : entries_)
    if (kv.first != kEnglish) out.push_back(kv.first);  // the map's order: by code
  return out;
}

bool Catalogs::contains(const std::string& code) const { return entries_.count(code) > 0; }

bool Catalogs::whole(const std::string& code) const {
  const auto it = entries_.find(code);
  return it == entries_.end() || it->second.whole;
}

std::string Catalogs::file(const std::string& code) { return "i18n/" + code + ".json"; }

std::string Catalogs::name(const std::string& code) const {
  const Language* l = language(code);
  return l ? l->name : code;
}

std::vector<std::string> Catalogs::tags(const std::string& code) const {
  const Language* l = language(code);
  return l ? l->tags : std::vector<std::string>();
}

std::vector<std::string> Catalogs::fonts(const std::string& code) const {
  const Language* l = language(code);
  return l ? l->fonts : std::vector<std::string>();
}

std::string Catalogs::pick(const std::vector<std::string>& preferred) const {
  for (const std::string& given : preferred) {
    std::string tag = lower(given.substr(0, given.find('.')));
    std::replace(tag.begin(), tag.end(), '_', '-');
    for (const std::string& code : codes())
      for (const std::string& t : tags(code))
        if (!t.empty() && (tag == t || (tag.size() > t.size() && tag.compare(0, t.size(), t) == 0 && tag[t.size()] == '-')))
          return code;
  }
  return kEnglish;
}

const std::string* Catalogs::find(const std::string& code, const std::string& key) const {
  const Language* l = language(code);
  if (!l) return nullptr;
  const auto it = l->text.find(key);
  return it == l->text.end() ? nullptr : &it->second;
}

bool Catalogs::has(const std::string& code, const std::string& key) const { return find(code, key) != nullptr; }

std::string Catalogs::text(const std::string& code, const std::string& key) const {
  const std::string* t = find(code, key);
  return t ? *t : std::string();
}

std::vector<std::string> Catalogs::keys(const std::string& code) const {
  const Language* l = language(code);
  return l ? l->keys : std::vector<std::string>();
}

std::string Catalogs::msg_template(const std::string& code, Msg m) const {
  return text(code, std::string("msg.") + message_info(m).key);
}

std::vector<std::string> Catalogs::errors() const {
  std::vector<std::string> out;
  for (const auto& kv : entries_) {
    (void)language(kv.first);
    if (!kv.second.error.empty()) out.push_back(kv.first + ".json: " + kv.second.error);
  }
  return out;
}

}  // namespace pla
