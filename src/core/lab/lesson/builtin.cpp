// Perceptron Lab core: the built-in lessons (builtin.hpp), read from the tables the build
// wrote (src/core/embedded_text.cmake): each lesson's id, title, counts and text, in the
// course's order.
#include "core/lab/lesson/builtin.hpp"

#include "core/base/json.hpp"
#include "core/lab/lesson/text_tools.hpp"

namespace pla {

// web/lessons/*.json in the course's order, and web/lessons/course.json (a generated .cpp).
struct EmbeddedLesson {
  const char* id;
  const char* title;  // JSON
  unsigned steps, questions;
  const char* text;
};
extern const EmbeddedLesson kEmbeddedLessons[];
extern const unsigned kEmbeddedLessonCount;
extern const char kEmbeddedCourse[];

const char* builtin_course_json() { return kEmbeddedCourse; }

std::vector<std::string> builtin_lesson_ids() {
  std::vector<std::string> out;
  for (unsigned i = 0; i < kEmbeddedLessonCount; ++i) out.emplace_back(kEmbeddedLessons[i].id);
  return out;
}

namespace {

const EmbeddedLesson* find_lesson(const std::string& id) {
  for (unsigned i = 0; i < kEmbeddedLessonCount; ++i)
    if (id == kEmbeddedLessons[i].id) return &kEmbeddedLessons[i];
  return nullptr;
}

}  // namespace

bool builtin_lesson(const std::string& id, std::string& json) {
  const EmbeddedLesson* l = find_lesson(id);
  if (!l || !l->text) return false;
  json = l->text;
  return true;
}

std::string builtin_lesson_file(const std::string& id) { return "lessons/" + id + ".json"; }

Status builtin_lesson_text(const std::string& id, DataFiles* files, std::string& json) {
  const EmbeddedLesson* l = find_lesson(id);
  if (!l)
    return Status::fail(Msg::lesson_builtin_unknown,
                        {{"id", id.substr(0, 64)}, {"known", lesson_text::join_keys(builtin_lesson_ids())}});
  if (l->text) {
    json = l->text;
    return Status::success();
  }
  const std::string name = builtin_lesson_file(id);
  if (!files) return Status::fail(Msg::data_pending, {{"name", name}});
  Status st = files->status(name);
  if (st) json = *files->find(name);
  return st;
}

std::vector<LessonInfo> builtin_lesson_infos() {
  std::vector<LessonInfo> out;
  for (unsigned i = 0; i < kEmbeddedLessonCount; ++i) {
    const EmbeddedLesson& l = kEmbeddedLessons[i];
    LessonInfo info;
    info.id = l.id;
    info.steps = l.steps;
    info.questions = l.questions;
    const Json title = Json::parse(l.title, nullptr, false);
    if (title.is_object())
      for (auto it = title.begin(); it != title.end(); ++it) {
        if (!it->is_string()) continue;
        if (it.key() == "en") info.title.en = it->get<std::string>();
        else info.title.translations[it.key()] = it->get<std::string>();
      }
    out.push_back(std::move(info));
  }
  return out;
}

}  // namespace pla
