// Perceptron Lab core: the language catalogs, one object holding every language. A language
// is its catalog file, web/i18n/CODE.json (glossary.json is no catalog): nested objects whose
// leaves are strings, keyed "panel.run.step" (the dots walk the objects), plus
//   "language": {"name": "Tiếng Việt", "tags": ["vi"], "fonts": [...]}   its own name, the
//                browser language tags it answers and the font files its script needs, and
//   "msg": {...}  the templates of the core's message codes ("msg." + message_info().key);
//                English has none: the message table's own templates are English.
// The core embeds every catalog whole (src/core/embedded_text.cmake): a new file is a new
// language without C++. The web build embeds English whole and of the others only their
// "language" object (whole() is false): the page fetches a catalog ("i18n/CODE.json",
// file()) when its language is chosen and add()s it; until then its texts are English. More can be added at run time (add: a catalog the page fetched, a
// test's made-up language). English is the fallback of every other language and is always
// there. Nothing here lists languages: codes() is what was found.
//
// One Catalogs belongs to whoever holds it (the Session holds one, Session::catalogs(); the
// interface reads the session's): no process state. Each catalog is parsed once, when it
// is first read (a Session is cheap to make); a lookup is a map find.
//
//   Catalogs c;                                  the embedded catalogs
//   c.codes()                                    {"en", "vi", ...}: English first, then by code
//   c.text("vi", "panel.run.step")               "Bước" ("" when the key is missing)
//   c.msg_template("vi", Msg::lesson_word_yes)   "có" ("" : use the English template)
//   c.add("xx", text)                            a language from its catalog text
#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/base/json.hpp"
#include "core/base/status.hpp"

namespace pla {

class Catalogs {
 public:
  // The catalogs embedded at build time (each parsed when first read).
  Catalogs();

  // Adds a language, or replaces one (an embedded one too), from its catalog's JSON text.
  // `code`: 2 to 8 lower-case letters, digits or '-', starting with a letter, not "pseudo"
  // (the interface's string-length test). Fails naming the problem (catalog.bad_code,
  // catalog.not_json with the parser's reason) and changes nothing.
  // whole false: the text holds only its "language" object, the rest to come (as the web
  // build embeds the languages other than English): whole() is false until added whole.
  Status add(const std::string& code, const std::string& json_text, bool whole = true);
  // Removes a language (an embedded one too, but never English); false when it had none.
  bool remove(const std::string& code);

  // The languages found: "en" first, then the others by code.
  std::vector<std::string> codes() const;
  bool contains(const std::string& code) const;
  // False while this build carries only the language's "language" object (name, tags,
  // fonts) and not its texts: add() its catalog (file(code), fetched) to make it whole.
  // (True for a code it does not know: nothing is waited for.)
  bool whole(const std::string& code) const;
  static std::string file(const std::string& code);  // "i18n/CODE.json"
  // The language's own name ("language.name": "Tiếng Việt"), the code when it has none.
  std::string name(const std::string& code) const;
  // Its browser language tags ("language.tags", lower case: ["zh", "zh-hans"]); {code}
  // when it lists none; empty for an unknown code.
  std::vector<std::string> tags(const std::string& code) const;
  // The font files its script needs ("language.fonts"); empty when none.
  std::vector<std::string> fonts(const std::string& code) const;
  // The language whose tags best answer the browser's preferred tags, in order
  // ("vi-VN", "zh_CN.UTF-8", "en-US": case, '_' and a ".charset" do not matter; a tag
  // matches a catalog tag equal to it or to its start before a '-'); "en" when none does.
  std::string pick(const std::vector<std::string>& preferred) const;

  // The text tree, keyed "panel.run.step" (string leaves only; "language.name" is one).
  bool has(const std::string& code, const std::string& key) const;
  std::string text(const std::string& code, const std::string& key) const;  // "" when missing
  // The stored text, or null when missing: valid until that language is added again or
  // removed (the interface hands out const char* from it).
  const std::string* find(const std::string& code, const std::string& key) const;
  // Every key the catalog defines, sorted; empty for an unknown code.
  std::vector<std::string> keys(const std::string& code) const;
  // The template the catalog gives a message code ("msg." + key), "" when it gives none
  // (the English template applies), as render() takes it.
  std::string msg_template(const std::string& code, Msg m) const;

  // The embedded catalogs that are no JSON object, "CODE.json: reason" each (parses them
  // all; empty when every one is good).
  std::vector<std::string> errors() const;

 private:
  struct Language {
    std::string name;
    std::vector<std::string> tags, fonts;
    std::map<std::string, std::string> text;  // flattened "a.b.c" -> string leaf
    std::vector<std::string> keys;            // text's keys, sorted
  };
  struct Entry {
    const char* embedded = nullptr;               // the build's text (null: added)
    bool whole = true;                            // false: embedded is only its "language" object
    mutable std::shared_ptr<const Language> lang;  // parsed (null: not yet read)
    mutable std::string error;                    // why the embedded text did not parse
  };
  const Language* language(const std::string& code) const;  // parsed on first read; null: unknown
  static std::shared_ptr<const Language> make_language(const std::string& code, const Json& doc);
  std::map<std::string, Entry> entries_;
};

}  // namespace pla
