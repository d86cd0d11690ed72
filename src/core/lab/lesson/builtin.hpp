// Perceptron Lab core: the built-in lessons (builtin.cpp), the lesson files the core
// embeds (web/lessons/*.json, src/core/embedded_text.cmake) in the course's order.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/lab/lesson/format.hpp"

namespace pla {

// The lessons shipped inside the core (web/lessons/*.json), in the course order that
// web/lessons/course.json declares ({"format": 1, "lessons": [ID, ...]}, every built-in
// lesson once); a built-in lesson the course does not list comes after them (a test
// forbids it). Read from constant tables the build wrote (no JSON parsed).
std::vector<std::string> builtin_lesson_ids();
bool builtin_lesson(const std::string& id, std::string& json);
// course.json as embedded.
const char* builtin_course_json();
// Each built-in lesson in course order: its title, steps and questions (steps that ask
// one), as the build counted them (only the titles are parsed).
struct LessonInfo {
  std::string id;
  LessonText title;
  std::size_t steps = 0, questions = 0;
};
std::vector<LessonInfo> builtin_lesson_infos();

}  // namespace pla
