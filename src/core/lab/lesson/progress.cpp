// Perceptron Lab core: a student's progress (progress.hpp): the counts of a lesson's
// answers, and the course's progress record as JSON (to_json, from_json).
#include "core/lab/lesson/progress.hpp"

#include <algorithm>
#include <cstdint>
#include <utility>

#include "core/base/json.hpp"
#include "core/lab/lesson/format.hpp"

namespace pla {

std::size_t LessonProgress::right() const {
  return static_cast<std::size_t>(std::count(results.begin(), results.end(), 1));
}
std::size_t LessonProgress::answered() const {
  return static_cast<std::size_t>(std::count_if(results.begin(), results.end(), [](int r) { return r == 1 || r == 2; }));
}

std::string CourseProgress::to_json() const {
  Json all = Json::object();
  for (const auto& [id, p] : lessons) {
    Json answers = Json::array();
    for (std::size_t i = 0; i < p.results.size(); ++i)
      if (p.results[i] == 1 || p.results[i] == 2)
        answers.push_back(Json::array({i + 1, i < p.replies.size() ? p.replies[i] : std::string(), p.results[i] == 1}));
      else if (p.results[i] == 3)
        answers.push_back(Json::array({i + 1, std::string(), nullptr}));  // passed over
    all[id] = Json{{"step", p.step + 1}, {"done", p.done}, {"answers", std::move(answers)}};
  }
  Json doc = Json{{"format", 1}, {"lessons", std::move(all)}};
  if (!current.empty()) doc["current"] = current;
  return doc.dump(-1, ' ', false, Json::error_handler_t::replace);
}

bool CourseProgress::from_json(const std::string& text, CourseProgress& out) {
  const Json doc = Json::parse(text, nullptr, false);
  if (!doc.is_object() || !doc.contains("format") || doc["format"] != 1 || !doc.contains("lessons") ||
      !doc["lessons"].is_object())
    return false;
  CourseProgress c;
  for (const auto& [id, e] : doc["lessons"].items()) {
    if (id.empty() || id.size() > 64 || !e.is_object() || !e.contains("step") || !e["step"].is_number_unsigned()) continue;
    const std::uint64_t step = e["step"].get<std::uint64_t>();
    if (step < 1 || step > kMaxLessonSteps) continue;
    LessonProgress p;
    p.step = static_cast<std::size_t>(step - 1);
    p.done = e.contains("done") && e["done"].is_boolean() && e["done"].get<bool>();
    p.results.assign(p.step + 1, 0);
    p.replies.assign(p.step + 1, "");
    // Answers at any step of the lesson (after Back the step shown is before later answers).
    if (e.contains("answers") && e["answers"].is_array())
      for (const Json& a : e["answers"]) {
        if (!a.is_array() || a.size() != 3 || !a[0].is_number_unsigned() || !a[1].is_string() ||
            !(a[2].is_boolean() || a[2].is_null()))
          continue;
        const std::uint64_t at = a[0].get<std::uint64_t>();
        const std::string reply = a[1].get<std::string>();
        if (at < 1 || at > kMaxLessonSteps || reply.size() > 200) continue;
        const std::size_t i = static_cast<std::size_t>(at - 1);
        if (i >= p.results.size()) {
          p.results.resize(i + 1, 0);
          p.replies.resize(i + 1);
        }
        p.results[i] = a[2].is_null() ? 3 : a[2].get<bool>() ? 1 : 2;
        p.replies[i] = a[2].is_null() ? std::string() : reply;
      }
    c.lessons[id] = std::move(p);
  }
  if (doc.contains("current") && doc["current"].is_string() && doc["current"].get<std::string>().size() <= 64)
    c.current = doc["current"].get<std::string>();
  out = std::move(c);
  return true;
}

}  // namespace pla
