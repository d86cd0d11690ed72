// Perceptron Lab core: the lesson format's small pieces (format.hpp): question kinds by
// name, a text in a language, and the languages a text may use.
#include "core/lab/lesson/format.hpp"

#include <algorithm>

namespace pla {
namespace {
const std::string kNotWritten;  // LessonText::written of a language not written
}  // namespace

const char* to_string(QuestionKind k) {
  switch (k) {
    case QuestionKind::YesNo: return "yes_no";
    case QuestionKind::PickPoint: return "pick_point";
    case QuestionKind::Number: return "number";
    case QuestionKind::Choice: return "choice";
    case QuestionKind::PlaceLine: return "place_line";
    default: return "";
  }
}

const std::string& LessonText::in(const std::string& lang) const {
  const std::string& t = written(lang);
  return t.empty() ? en : t;
}

const std::string& LessonText::written(const std::string& lang) const {
  if (lang == "en") return en;
  const auto it = translations.find(lang);
  return it == translations.end() ? kNotWritten : it->second;
}

std::vector<std::string> lesson_languages(const Catalogs& catalogs) {
  std::vector<std::string> out = catalogs.codes();
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace pla
