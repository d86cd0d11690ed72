// Perceptron Lab app: the texts of a language (i18n.hpp), read from the session's catalogs,
// and the languages a user can choose (the catalogs found).
#include "app/i18n.hpp"

#include <algorithm>

#include "core/lab/lesson/place.hpp"

namespace pla::app {

namespace {

// "Step" -> "Step Step": the string-length test. Placeholders and the "##" id part stay whole.
std::string doubled(const std::string& s) { return s.empty() ? s : s + " " + s; }

}  // namespace

const char* Texts::tr(const char* key) const {
  if (lang_ == kPseudo) {
    const std::string* en = catalogs_->find(kEnglish, key);
    if (!en) return key;
    const auto it = pseudo_->text.emplace(key, doubled(*en)).first;
    return it->second.c_str();
  }
  const std::string k = key;
  if (const std::string* t = catalogs_->find(lang_, k)) return t->c_str();
  if (const std::string* t = catalogs_->find(kEnglish, k)) return t->c_str();
  return key;  // a missing key shows itself (and the catalog test fails)
}

std::string Texts::trf(const char* key, const MsgArgs& args) const { return fill_template(tr(key), args); }

std::string Texts::msg(const Message& m) const {
  // A lesson file's place ("where") in this language too (the pseudo language keeps English).
  const Message shown = lang_ == kPseudo ? m : lesson_places_in(m, *catalogs_, lang_);
  return render(shown, [this](Msg code) {
    if (lang_ == kPseudo) return doubled(message_info(code).english);
    return catalogs_->msg_template(lang_, code);  // "": English from the code's own template
  });
}

std::string Texts::label(const char* key, const char* id) const { return std::string(tr(key)) + "##" + id; }

std::vector<std::string> user_languages(const Catalogs& catalogs) { return catalogs.codes(); }

std::vector<std::string> language_choices(const Catalogs& catalogs) {
  std::vector<std::string> out = user_languages(catalogs);
  out.push_back(kPseudo);
  return out;
}

bool is_language(const Catalogs& catalogs, const std::string& code) { return code == kPseudo || catalogs.contains(code); }

}  // namespace pla::app
