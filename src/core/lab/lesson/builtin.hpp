// Perceptron Lab core: the built-in lessons (builtin.cpp), the lesson files the core
// embeds (web/lessons/*.json, src/core/embedded_text.cmake) in the course's order. Every
// build carries each lesson's id, title and counts; the web build leaves the texts out
// (fetched as "lessons/ID.json" when a lesson is opened: core/base/data_files.hpp).
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/base/data_files.hpp"
#include "core/base/status.hpp"
#include "core/lab/lesson/format.hpp"

namespace pla {

// The lessons shipped inside the core (web/lessons/*.json), in the course order that
// web/lessons/course.json declares ({"format": 1, "lessons": [ID, ...]}, every built-in
// lesson once); a built-in lesson the course does not list comes after them (a test
// forbids it). Read from constant tables the build wrote (no JSON parsed).
std::vector<std::string> builtin_lesson_ids();
// The text this build carries (false: no such lesson, or this build left its text out).
bool builtin_lesson(const std::string& id, std::string& json);
// The text of a built-in lesson: the build's own, else the one `files` was given
// (builtin_lesson_file(id)). Fails with lesson_builtin_unknown for an unknown id; when
// this build left the text out: data_pending (asked of `files`) until it comes, then
// data_failed if the fetch failed (`files` null: data_pending).
Status builtin_lesson_text(const std::string& id, DataFiles* files, std::string& json);
// The file a built-in lesson's text is fetched as: "lessons/ID.json".
std::string builtin_lesson_file(const std::string& id);
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
