// Perceptron Lab core: the lesson loader (loader.cpp), a lesson file's JSON text read and
// checked into a Lesson (format.hpp). LessonRunner::load calls it.
#pragma once
#include <string>

#include "core/base/catalogs.hpp"
#include "core/base/status.hpp"
#include "core/lab/lesson/format.hpp"

namespace pla {

// Parses and checks a lesson: every field against the format, the actions against the
// session's command table (session_commands(), kCmdLesson), the texts' languages against
// `catalogs` (lesson_languages()), and what it asks of the lab against the limits. Errors
// name `source`, the step and the field; on failure `out` is unchanged.
Status load_lesson(const std::string& json, const std::string& source, const Catalogs& catalogs, Lesson& out);

}  // namespace pla
