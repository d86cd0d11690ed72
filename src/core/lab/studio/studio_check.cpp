// Perceptron Lab core: the studio's checks (studio.hpp): the lesson loader run on the draft,
// each failure turned into a place (step, field, language), and the faulty part taken out
// of a copy so that the loader goes on to the next one.
//
// The loader names a place as "steps[3].question.options[2].vi", its array positions from
// 1 (lesson.hpp, "Errors name the place"); the studio names it as step 2, field
// "question.options[1]", language "vi", positions from 0 as in the file.
#include <algorithm>
#include <cstdint>

#include "core/base/values.hpp"
#include "core/lab/lesson/loader.hpp"
#include "core/lab/studio/studio.hpp"
#include "core/lab/studio/studio_internal.hpp"

namespace pla {
namespace studio {

// =============================================================================
// [SECTION] Places
// =============================================================================

std::vector<std::string> path_parts(const std::string& field) {
  std::vector<std::string> out;
  std::string key;
  for (std::size_t i = 0; i < field.size(); ++i) {
    const char c = field[i];
    if (c == '.' || c == '[') {
      if (!key.empty()) out.push_back(key);
      key.clear();
      if (c == '[') {
        const std::size_t end = field.find(']', i);
        if (end == std::string::npos) break;
        out.push_back(field.substr(i, end - i + 1));
        i = end;
      }
      continue;
    }
    key += c;
  }
  if (!key.empty()) out.push_back(key);
  return out;
}

const Json* find_at(const Json& root, const std::string& field) {
  const Json* at = &root;
  for (const std::string& part : path_parts(field)) {
    if (part[0] == '[') {
      std::uint64_t i = 0;
      if (!at->is_array() || !parse_u64(part.substr(1, part.size() - 2), i) || i >= at->size()) return nullptr;
      at = &(*at)[static_cast<std::size_t>(i)];
    } else {
      const auto it = at->find(part);
      if (!at->is_object() || it == at->end()) return nullptr;
      at = &*it;
    }
  }
  return at;
}

bool is_text_field(const std::string& field) {
  const std::vector<std::string> p = path_parts(field);
  if (p.size() == 1) return p[0] == "narration" || p[0] == "title";
  if (p.size() == 2) return p[0] == "question" && (p[1] == "prompt" || p[1] == "why");
  return p.size() == 3 && p[0] == "question" && (p[1] == "options" || p[1] == "whys") && p[2][0] == '[';
}

bool inside(const std::string& field, const std::string& outer) {
  if (outer.empty() || field == outer) return true;
  return field.size() > outer.size() && field.compare(0, outer.size(), outer) == 0 &&
         (field[outer.size()] == '.' || field[outer.size()] == '[');
}

Status as_status(const Message& m) {
  return m.cause ? Status::fail(m.code, m.args, *m.cause) : Status::fail(m.code, m.args);
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

namespace {

// "options[2][3]" -> "options[1][2]": the loader's positions (from 1) as the file's (from 0).
std::string from_zero(const std::string& loader_field) {
  std::string out;
  for (std::size_t i = 0; i < loader_field.size(); ++i) {
    const std::size_t end = loader_field[i] == '[' ? loader_field.find(']', i) : std::string::npos;
    std::uint64_t n = 0;
    if (end != std::string::npos && parse_u64(loader_field.substr(i + 1, end - i - 1), n) && n >= 1) {
      out += "[" + std::to_string(n - 1) + "]";
      i = end;
    } else {
      out += loader_field[i];
    }
  }
  return out;
}

}  // namespace

// =============================================================================
// [SECTION] Problems
// =============================================================================

StudioProblem problem_of(const Status& st, const std::vector<std::string>& langs) {
  StudioProblem p;
  p.message = st;
  p.english = st.error;
  const std::string* arg = st.arg("field");
  std::string field = arg ? *arg : "";
  if (field == "lesson") field.clear();  // the document itself
  if (field.compare(0, 6, "steps[") == 0) {
    const std::size_t end = field.find(']');
    std::uint64_t n = 0;
    if (end != std::string::npos && parse_u64(field.substr(6, end - 6), n) && n >= 1) {
      p.step = static_cast<int>(n - 1);
      field = field.substr(end + 1);
      if (!field.empty() && field[0] == '.') field.erase(0, 1);
    }
  }
  p.field = from_zero(field);
  const std::size_t dot = p.field.rfind('.');
  const std::string parent = dot == std::string::npos ? "" : p.field.substr(0, dot);
  const std::string last = dot == std::string::npos ? p.field : p.field.substr(dot + 1);
  if (st.code == Msg::lesson_step_text) {
    const std::string* lang = st.arg("lang");
    p.lang = lang ? *lang : "";
  } else if (st.code == Msg::lesson_no_text) {
    p.lang = "en";
  } else if (is_text_field(parent) &&
             (std::find(langs.begin(), langs.end(), last) != langs.end() || st.code == Msg::lesson_unknown_key)) {
    p.lang = last;  // a text in one language, or a language no catalog has
    p.field = parent;
  }
  return p;
}

namespace {

// A text that loads: English "-".
Json stand_in_text() { return Json{{"en", "-"}}; }

// A text's `lang` taken out (English: "-").
void clear_text(Json& t, const std::string& lang) {
  if (!t.is_object() || !t.contains(lang)) return;
  if (lang == "en")
    t["en"] = "-";
  else
    t.erase(lang);
}

// Every text of a step written in `lang` taken out.
void clear_language(Json& step, const std::string& lang) {
  for (const char* f : {"narration", "question.prompt", "question.why"})
    if (Json* t = find_at(step, f)) clear_text(*t, lang);
  for (const char* list : {"question.options", "question.whys"}) {
    Json* a = find_at(step, list);
    if (a && a->is_array())
      for (Json& t : *a) clear_text(t, lang);
  }
}

// Takes the lesson-level part at fault out of `lesson`; false when it cannot.
bool take_out_lesson_part(Json& lesson, const StudioProblem& p) {
  const std::vector<std::string> parts = path_parts(p.field);
  const std::string top = parts.empty() ? "" : parts[0];
  if (top == "format")
    lesson["format"] = 1;
  else if (top == "id")
    lesson["id"] = "studio";
  else if (top == "title")
    lesson["title"] = stand_in_text();
  else if (p.message.code == Msg::lesson_unknown_key && !top.empty() && top != "steps" && lesson.contains(top))
    lesson.erase(top);
  else
    return false;
  return true;
}

// Takes the part of step p.step at fault out of `lesson` (a stand-in where the step needs
// one: a text "-", the first step's data the textbook preset); false when it cannot.
bool take_out(Json& lesson, const StudioProblem& p) {
  if (p.step < 0) return take_out_lesson_part(lesson, p);
  Json* steps = find_at(lesson, "steps");
  if (!steps || !steps->is_array() || static_cast<std::size_t>(p.step) >= steps->size()) return false;
  Json& step = (*steps)[static_cast<std::size_t>(p.step)];
  const std::vector<std::string> parts = path_parts(p.field);
  const std::string top = parts.empty() ? "" : parts[0];
  const Json before = step;
  if (p.message.code == Msg::lesson_step_text && !p.lang.empty()) {
    clear_language(step, p.lang);
  } else if (!step.is_object() || top.empty()) {
    step = Json{{"narration", stand_in_text()}};
  } else if (!p.lang.empty() && is_text_field(p.field)) {
    Json* t = find_at(step, p.field);
    if (t && !t->is_object())
      *t = stand_in_text();
    else if (t && p.lang != "en" && t->contains(p.lang))
      t->erase(p.lang);
    else if (t)
      (*t)["en"] = "-";
  } else if (top == "narration") {
    step["narration"] = stand_in_text();
  } else if ((top == "setup" || top == "view") && parts.size() > 1 && step[top].is_object()) {
    step[top].erase(parts[1]);
  } else if (top == "actions" && parts.size() > 1 && step[top].is_array()) {
    std::uint64_t i = 0;
    if (parse_u64(parts[1].substr(1, parts[1].size() - 2), i) && i < step[top].size())
      step[top].erase(static_cast<std::size_t>(i));
  } else if (step.contains(top)) {
    step.erase(top);  // setup, view, actions or question as a whole, or a key no step has
  }
  // The first step loads its data: a stand-in when its own was taken out (or was the fault).
  const auto loads = [](const Json& s) {
    const Json* setup = find_at(s, "setup");
    return setup && setup->is_object() && (setup->contains("preset") || setup->contains("data"));
  };
  if (p.step == 0 && step.is_object() && !loads(step) && (loads(before) || p.message.code == Msg::lesson_first_data)) {
    Json& setup = step["setup"];
    if (!setup.is_object()) setup = Json::object();
    setup["preset"] = "textbook";
  }
  return step != before;
}

bool same_place(const StudioProblem& a, const StudioProblem& b) {
  return a.step == b.step && a.field == b.field && a.lang == b.lang && a.message.code == b.message.code;
}

}  // namespace
}  // namespace studio

std::vector<StudioProblem> studio_problems(const Json& lesson, const std::string& source, const Catalogs& catalogs,
                                           Json* runnable) {
  constexpr int kMaxProblems = 64;
  std::vector<StudioProblem> out;
  const std::vector<std::string> langs = lesson_languages(catalogs);
  Json scratch = lesson;
  if (runnable) *runnable = Json(nullptr);
  for (int round = 0; round <= kMaxProblems; ++round) {
    Lesson loaded;
    const Status st = load_lesson(json_text(scratch), source, catalogs, loaded);
    if (st) {
      if (runnable) *runnable = std::move(scratch);
      break;
    }
    StudioProblem p = studio::problem_of(st, langs);
    const bool again =
        std::any_of(out.begin(), out.end(), [&](const StudioProblem& q) { return studio::same_place(p, q); });
    if (!again) out.push_back(p);
    if (round == kMaxProblems || !studio::take_out(scratch, p)) break;
  }
  // In the order of the file: the lesson's own fields, then step by step.
  std::stable_sort(out.begin(), out.end(),
                   [](const StudioProblem& a, const StudioProblem& b) { return a.step < b.step; });
  return out;
}

}  // namespace pla
