// Perceptron Lab app: the interface's languages and texts. A language is its catalog
// (web/i18n/CODE.json; core/base/catalogs.hpp): every catalog found is a language, its
// "language" object gives its own name (the menus) and the browser tags it answers. The
// session holds the catalogs (Session::catalogs(): more may be added at run time) and the
// App the language chosen (App::lang); the App's tr and its kin read the catalog of the
// language drawn, English for a key it lacks (a test fails when one does). "pseudo" is the
// string-length test: every English string written twice, which the layout must survive
// like any language.
//
//   app.tr("run.step")                           the text in the language drawn
//   app.trf("run.counters", {{"k", "7"}})        with named placeholders filled in
//   app.msg(status)                              a core message code ("msg." + key)
//   app.label("run.step", "step")                "Bước##step": the text plus a stable ImGui id
//   app.texts("vi").tr("run.step")               in a language given (the screen reader's)
#pragma once
#include <map>
#include <string>
#include <vector>

#include "core/base/catalogs.hpp"
#include "core/base/status.hpp"

namespace pla::app {

// English, the language every other falls back to; "pseudo", the string-length test
// language made from it.
inline const std::string kEnglish = "en";
inline const std::string kPseudo = "pseudo";

// The texts of "pseudo", made from English's as they are first asked for (tr hands out
// const char*); the App keeps them (App::pseudo_texts).
struct PseudoTexts {
  std::map<std::string, std::string> text;  // key -> the English text written twice
};

// The texts of one language: its catalog's, English's for a key it lacks (a key no catalog
// has shows itself). A view: it keeps the catalogs and the pseudo texts by reference.
class Texts {
 public:
  Texts(const Catalogs& catalogs, std::string lang, PseudoTexts& pseudo)
      : catalogs_(&catalogs), lang_(std::move(lang)), pseudo_(&pseudo) {}
  const std::string& lang() const { return lang_; }
  const char* tr(const char* key) const;
  std::string trf(const char* key, const MsgArgs& args) const;
  // A message (a core message code, "msg." + key), its arguments filled in.
  std::string msg(const Message& m) const;
  // "text##id": the translated text with an id that does not change with the language.
  std::string label(const char* key, const char* id) const;

 private:
  const Catalogs* catalogs_;
  std::string lang_;
  PseudoTexts* pseudo_;
};

// The languages a user can choose: every catalog found, English first, then by code
// (pseudo aside); the `lang` setting takes these and "pseudo".
std::vector<std::string> user_languages(const Catalogs& catalogs);
std::vector<std::string> language_choices(const Catalogs& catalogs);
bool is_language(const Catalogs& catalogs, const std::string& code);

}  // namespace pla::app
