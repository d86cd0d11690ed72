// Perceptron Lab core: a place in a lesson file in the author's terms, in a language
// (place.cpp): "steps[2].question.options[3].vi" as "step 2 of 5, question, option 3, Tiếng
// Việt", "第 2 步（共 5 步），问题，选项 3，Tiếng Việt版". The loader's errors carry the
// place as written ("field"), the lesson's step count ("steps") and the place in English
// ("where": the CLI, the logs, the tests); the interface renders "where" again in the
// language it shows (lesson_places_in), so a message stays a code with its arguments.
#pragma once
#include <cstddef>
#include <string>

#include "core/base/catalogs.hpp"
#include "core/base/status.hpp"

namespace pla {

// The place `path` (1-based indices, dots between keys, a text's language last) in the words
// of `lang` (the catalogs' "msg.lesson.place_*" and "msg.lesson.field_*"; English when
// catalogs is null or gives none). steps: the lesson's step count, 0 when not known. The
// format's own keys are said in the language; a setting's or a view key's name, and the last
// key when keep_last (an unknown key), stay as written; a language is named by its catalog.
std::string lesson_place(const std::string& path, std::size_t steps, const Catalogs* catalogs,
                         const std::string& lang = "en", bool keep_last = false);

// The message with its "where" (and that of every message it wraps) said in `lang`, from its
// "field" and "steps"; a message without both "where" and "field" is kept as it is.
Message lesson_places_in(const Message& m, const Catalogs& catalogs, const std::string& lang);

}  // namespace pla
