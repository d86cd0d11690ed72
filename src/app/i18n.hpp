// Perceptron Lab app: the interface's language. Every text for people lives in one
// catalog per language (web/i18n/en.json, vi.json, zh.json: nested objects whose
// leaves are strings, keyed "panel.run.step"), embedded in the binary at build time.
// English is the fallback for a key a catalog lacks (a test fails when one does).
//
//   tr("run.step")                               the text in the current language
//   trf("run.counters", {{"k", "7"}})            with named placeholders filled in
//   tr_msg(status)                               a core message code ("msg." + key)
//   label("run.step", "step")                    "Bước##step": the text plus a stable ImGui id
//
// The current language is module state, like ImGui's current context: the frame sets it
// from the App (set_language) before drawing. "pseudo" is the string-length test: every
// English string written twice, which the layout must survive like any language.
#pragma once
#include <string>
#include <vector>

#include "core/base/status.hpp"

namespace pla::app {

enum class Lang { En, Vi, Zh, Pseudo };

// "en", "vi", "zh", "pseudo".
const char* lang_code(Lang l);
bool parse_lang(const std::string& code, Lang& out);
// The languages a user can choose (pseudo excluded), in menu order, and each one's own name.
const std::vector<Lang>& user_languages();
const char* lang_name(Lang l);  // from the English catalog's "languages" (each in its own script)
// The best supported language for a list of preferred tags ("vi-VN", "zh-Hans-CN", "en-US"), else English.
Lang lang_from_preferences(const std::vector<std::string>& tags);

void set_language(Lang l);
Lang language();

const char* tr(const char* key);
std::string trf(const char* key, const MsgArgs& args);
std::string tr_msg(const Message& m);
// "text##id": the translated text with an id that does not change with the language.
std::string label(const char* key, const char* id);

// Catalog access for tests and tools.
const std::vector<std::string>& catalog_keys(Lang l);  // every key the catalog defines, sorted
bool catalog_has(Lang l, const std::string& key);
std::string catalog_text(Lang l, const std::string& key);  // "" when missing
// Parse errors of the embedded catalogs (empty when all parsed).
const std::vector<std::string>& catalog_errors();

}  // namespace pla::app
