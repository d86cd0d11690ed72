#include "app/i18n.hpp"

#include <algorithm>
#include <map>

#include <nlohmann/json.hpp>

namespace pla::app {

// The catalogs' text, embedded by CMake (generated/catalogs.cpp).
extern const char kCatalogEn[];
extern const char kCatalogVi[];
extern const char kCatalogZh[];

namespace {

struct Catalog {
  std::map<std::string, std::string> text;
  std::vector<std::string> keys;
};

void flatten(const nlohmann::json& j, const std::string& prefix, Catalog& out) {
  if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) flatten(it.value(), prefix.empty() ? it.key() : prefix + "." + it.key(), out);
  } else if (j.is_string()) {
    out.text[prefix] = j.get<std::string>();
  }
}

std::vector<std::string>& errors() {
  static std::vector<std::string> e;
  return e;
}

Catalog load(const char* name, const char* text) {
  Catalog c;
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) {
    errors().push_back(std::string(name) + ": not a JSON object");
    return c;
  }
  flatten(j, "", c);
  for (const auto& kv : c.text) c.keys.push_back(kv.first);
  return c;
}

// "Step" -> "Step Step": the string-length test. Placeholders and the "##" id part stay whole.
std::string doubled(const std::string& s) { return s.empty() ? s : s + " " + s; }

Catalog make_pseudo(const Catalog& en) {
  Catalog c;
  for (const auto& kv : en.text) c.text[kv.first] = doubled(kv.second);
  c.keys = en.keys;
  return c;
}

const Catalog& catalog(Lang l) {
  static const Catalog en = load("en.json", kCatalogEn);
  static const Catalog vi = load("vi.json", kCatalogVi);
  static const Catalog zh = load("zh.json", kCatalogZh);
  static const Catalog pseudo = make_pseudo(en);
  switch (l) {
    case Lang::Vi: return vi;
    case Lang::Zh: return zh;
    case Lang::Pseudo: return pseudo;
    default: return en;
  }
}

Lang g_lang = Lang::En;

}  // namespace

const char* lang_code(Lang l) {
  switch (l) {
    case Lang::Vi: return "vi";
    case Lang::Zh: return "zh";
    case Lang::Pseudo: return "pseudo";
    default: return "en";
  }
}

bool parse_lang(const std::string& code, Lang& out) {
  for (Lang l : {Lang::En, Lang::Vi, Lang::Zh, Lang::Pseudo})
    if (code == lang_code(l)) {
      out = l;
      return true;
    }
  return false;
}

const std::vector<Lang>& user_languages() {
  static const std::vector<Lang> langs = {Lang::En, Lang::Vi, Lang::Zh};
  return langs;
}

const char* lang_name(Lang l) {
  // Each language is named in its own script, whatever the language in use.
  const Catalog& en = catalog(Lang::En);
  auto it = en.text.find(std::string("languages.") + lang_code(l));
  return it == en.text.end() ? lang_code(l) : it->second.c_str();
}

Lang lang_from_preferences(const std::vector<std::string>& tags) {
  for (const std::string& tag : tags) {
    std::string primary = tag.substr(0, tag.find_first_of("-_."));
    std::transform(primary.begin(), primary.end(), primary.begin(),
                   [](char c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c); });
    Lang l = Lang::En;
    if (primary != "pseudo" && parse_lang(primary, l)) return l;
  }
  return Lang::En;
}

void set_language(Lang l) { g_lang = l; }
Lang language() { return g_lang; }

const char* tr(const char* key) {
  for (Lang l : {g_lang, Lang::En}) {
    const Catalog& c = catalog(l);
    auto it = c.text.find(key);
    if (it != c.text.end()) return it->second.c_str();
  }
  return key;  // a missing key shows itself (and the catalog test fails)
}

std::string trf(const char* key, const MsgArgs& args) { return fill_template(tr(key), args); }

std::string tr_msg(const Message& m) {
  return render(m, [](Msg code) {
    const std::string key = std::string("msg.") + message_info(code).key;
    const Catalog& c = catalog(g_lang);
    auto it = c.text.find(key);
    if (it != c.text.end()) return it->second;
    if (g_lang == Lang::Pseudo) return doubled(message_info(code).english);
    return std::string();  // English from the code's own template
  });
}

std::string label(const char* key, const char* id) { return std::string(tr(key)) + "##" + id; }

const std::vector<std::string>& catalog_keys(Lang l) { return catalog(l).keys; }
bool catalog_has(Lang l, const std::string& key) { return catalog(l).text.count(key) > 0; }
std::string catalog_text(Lang l, const std::string& key) {
  auto it = catalog(l).text.find(key);
  return it == catalog(l).text.end() ? std::string() : it->second;
}
const std::vector<std::string>& catalog_errors() {
  for (Lang l : {Lang::En, Lang::Vi, Lang::Zh}) catalog(l);
  return errors();
}

}  // namespace pla::app
