// Perceptron Lab core: the studio's draft and its edits (studio.hpp): new, load, the texts,
// the question, the steps' order; every edit checked by the lesson loader (studio_check.cpp)
// and kept or refused; the draft as a lesson file and as state().studio.
//
// [SECTION] index
//   Draft       new, load, the id, the selection, every edit's check
//   Texts       text(): a field in one language
//   Question    question(): any kind, as the file writes it
//   Steps       insert, duplicate, move, remove
//   Result      the lesson file's text, the step list, state()
#include "core/lab/studio/studio.hpp"

#include <algorithm>
#include <cstdint>

#include "core/base/values.hpp"
#include "core/lab/studio/studio_internal.hpp"

namespace pla {

using studio::as_status;

namespace {

Json empty_step() { return Json{{"narration", Json{{"en", ""}}}}; }

Status range_error(const std::string& source, const char* field, std::size_t value, std::size_t count) {
  const std::string range = count ? "0 to " + std::to_string(count - 1) : "no steps";
  return Status::fail(Msg::lesson_range,
                      {{"source", source}, {"field", field}, {"value", std::to_string(value)}, {"range", range}});
}

std::string step_place(std::size_t step, const std::string& field) {
  return "steps[" + std::to_string(step) + "]" + (field.empty() ? "" : "." + field);
}

}  // namespace

// =============================================================================
// [SECTION] Draft
// =============================================================================

Studio::Studio() : catalogs_(std::make_shared<Catalogs>()) { (void)new_lesson(); }

void Studio::use_catalogs(std::shared_ptr<Catalogs> catalogs) {
  if (!catalogs) return;
  catalogs_ = std::move(catalogs);
  changed();
}

std::size_t Studio::steps() const {
  const auto it = draft_.find("steps");
  return it != draft_.end() && it->is_array() ? it->size() : 0;
}

Status Studio::step_index(std::size_t step) const {
  if (!draft_.contains("steps") || !draft_["steps"].is_array())
    return Status::fail(Msg::lesson_expected_array, {{"source", source_}, {"field", "steps"}});
  return step < steps() ? Status::success() : range_error(source_, "step", step, steps());
}

void Studio::changed() {
  ++revision_;
  problems_ = studio_problems(draft_, source_, *catalogs_, &runnable_);
  if (selected_ >= steps()) selected_ = steps() ? steps() - 1 : 0;
  values_.clear();
}

// Keeps `next` unless the loader finds a problem inside one of `fields` of `step` (-1: the
// lesson's own fields; a language given: only that language's problems, or those of no
// language): then the first such problem is the refusal.
Status Studio::edited(Json next, int step, const std::vector<std::string>& fields, const std::string& lang) {
  Json runnable;
  std::vector<StudioProblem> found = studio_problems(next, source_, *catalogs_, &runnable);
  for (const StudioProblem& p : found) {
    if (p.step != step || (!lang.empty() && !p.lang.empty() && p.lang != lang)) continue;
    const bool known = std::any_of(problems_.begin(), problems_.end(), [&](const StudioProblem& q) {
      return q.step == p.step && q.field == p.field && q.lang == p.lang && q.message.code == p.message.code;
    });
    // A problem inside the field edited, or a new one around it (an option on no choice).
    for (const std::string& f : fields)
      if (studio::inside(p.field, f) || (!known && studio::inside(f, p.field))) return as_status(p.message);
  }
  draft_ = std::move(next);
  ++revision_;
  problems_ = std::move(found);
  runnable_ = std::move(runnable);
  if (selected_ >= steps()) selected_ = steps() ? steps() - 1 : 0;
  values_.clear();
  return Status::success();
}

Status Studio::new_lesson() {
  draft_ =
      Json{{"format", 1}, {"id", "my-lesson"}, {"title", Json{{"en", ""}}}, {"steps", Json::array({empty_step()})}};
  source_ = "studio";
  selected_ = 0;
  changed();
  return Status::success();
}

Status Studio::load(const std::string& text, const std::string& source) {
  Json doc = Json::parse(text, nullptr, false);
  if (doc.is_discarded()) return Status::fail(Msg::lesson_not_json, {{"source", source}});
  if (!doc.is_object()) return Status::fail(Msg::lesson_expected_object, {{"source", source}, {"field", "lesson"}});
  draft_ = std::move(doc);
  source_ = source;
  selected_ = 0;
  changed();
  return Status::success();
}

Status Studio::load_builtin(const std::string& id, DataFiles* files) {
  std::string text;
  const Status st = builtin_lesson_text(id, files, text);
  return st ? load(text, id + ".json") : st;
}

Status Studio::set_id(const std::string& id) {
  Json next = draft_;
  next["id"] = id;
  return edited(std::move(next), -1, {"id"}, "");
}

Status Studio::select(std::size_t step) {
  Status st = step_index(step);
  if (st) selected_ = step;
  return st;
}

// =============================================================================
// [SECTION] Texts
// =============================================================================

namespace {

// A text object with `lang` set to `value` (English first), or taken out when it is empty.
void set_language(Json& t, const std::string& lang, const std::string& value) {
  if (!t.is_object()) t = Json::object();
  if (value.empty()) {
    t.erase(lang);
  } else if (lang == "en" && !t.contains("en")) {
    Json ordered{{"en", value}};
    for (auto it = t.begin(); it != t.end(); ++it) ordered[it.key()] = *it;
    t = std::move(ordered);
  } else {
    t[lang] = value;
  }
}

// "options[2]" -> ("options", 2); false for anything else.
bool listed_field(const std::string& field, std::string& list, std::size_t& index) {
  const std::vector<std::string> p = studio::path_parts(field);
  std::uint64_t i = 0;
  if (p.size() != 2 || (p[0] != "options" && p[0] != "whys") || p[1][0] != '[' ||
      !parse_u64(p[1].substr(1, p[1].size() - 2), i) || i > 1000)
    return false;
  list = p[0];
  index = static_cast<std::size_t>(i);
  return true;
}

}  // namespace

Status Studio::text(std::size_t step, const std::string& field, const std::string& lang, const std::string& value) {
  const std::vector<std::string> langs = lesson_languages(*catalogs_);
  if (std::find(langs.begin(), langs.end(), lang) == langs.end())
    return Status::fail(
        Msg::lesson_unknown_key,
        {{"source", source_}, {"field", field + "." + lang.substr(0, 40)}, {"known", studio::joined(langs)}});
  Json next = draft_;
  if (field == "title") {
    set_language(next["title"], lang, value);
    return edited(std::move(next), -1, {"title"}, lang);
  }
  Status st = step_index(step);
  if (!st) return st;
  Json& s = next["steps"][step];
  if (!s.is_object())
    return Status::fail(Msg::lesson_expected_object, {{"source", source_}, {"field", step_place(step, "")}});
  std::string list;
  std::size_t index = 0;
  const bool listed = listed_field(field, list, index);
  if (field == "narration") {
    set_language(s["narration"], lang, value);
    return edited(std::move(next), static_cast<int>(step), {"narration"}, lang);
  }
  if (field != "prompt" && field != "why" && !listed)
    return Status::fail(Msg::lesson_unknown_key, {{"source", source_},
                                                  {"field", field.substr(0, 40)},
                                                  {"known", "title, narration, prompt, why, options[I], whys[I]"}});
  if (!s.contains("question") || !s["question"].is_object())
    return Status::fail(Msg::lesson_missing_key, {{"source", source_}, {"field", step_place(step, "question")}});
  Json& q = s["question"];
  const std::string place = listed ? "question." + list + "[" + std::to_string(index) + "]" : "question." + field;
  if (!listed) {
    set_language(q[field], lang, value);
    if (field == "why" && q["why"].empty()) q.erase("why");  // no why in any language
    return edited(std::move(next), static_cast<int>(step), {place}, lang);
  }
  // options[I] and whys[I]: I up to the count (one more); whys follow the options.
  const std::size_t options = q.contains("options") && q["options"].is_array() ? q["options"].size() : 0;
  if (!q.contains(list) || !q[list].is_array()) q[list] = Json::array();
  if (list == "whys")
    while (q["whys"].size() < options) q["whys"].push_back(nullptr);
  Json& items = q[list];
  if (index > items.size() || (list == "whys" && index >= options))
    return range_error(source_, list == "whys" ? "whys" : "options", index,
                       list == "whys" ? options : items.size() + 1);
  if (index == items.size()) items.push_back(Json::object());
  set_language(items[index], lang, value);
  if (list == "whys" && items[index].empty()) items[index] = nullptr;  // this option's own why taken out
  if (list == "whys" && std::all_of(items.begin(), items.end(), [](const Json& w) { return w.is_null(); }))
    q.erase("whys");
  return edited(std::move(next), static_cast<int>(step), {place}, lang);
}

// =============================================================================
// [SECTION] Question
// =============================================================================

Status Studio::question(std::size_t step, const std::string& json) {
  Status st = step_index(step);
  if (!st) return st;
  Json q = Json::parse(json, nullptr, false);
  if (q.is_discarded()) return Status::fail(Msg::lesson_not_json, {{"source", source_}});
  if (!q.is_null() && !q.is_object())
    return Status::fail(Msg::lesson_expected_object, {{"source", source_}, {"field", step_place(step, "question")}});
  Json next = draft_;
  Json& s = next["steps"][step];
  if (!s.is_object()) s = empty_step();
  if (q.is_null())
    s.erase("question");
  else
    s["question"] = std::move(q);
  return edited(std::move(next), static_cast<int>(step), {"question"}, "");
}

// =============================================================================
// [SECTION] Steps
// =============================================================================

Status Studio::insert(std::size_t at) {
  if (!draft_.contains("steps") || !draft_["steps"].is_array())
    return Status::fail(Msg::lesson_expected_array, {{"source", source_}, {"field", "steps"}});
  if (at > steps()) return range_error(source_, "step", at, steps() + 1);
  Json next = draft_;
  next["steps"].insert(next["steps"].begin() + static_cast<std::ptrdiff_t>(at), empty_step());
  selected_ = at;
  return edited(std::move(next), -2, {}, "");
}

Status Studio::duplicate(std::size_t step) {
  Status st = step_index(step);
  if (!st) return st;
  Json next = draft_;
  const Json copy = next["steps"][step];
  next["steps"].insert(next["steps"].begin() + static_cast<std::ptrdiff_t>(step) + 1, copy);
  selected_ = step + 1;
  return edited(std::move(next), -2, {}, "");
}

Status Studio::move(std::size_t from, std::size_t to) {
  Status st = step_index(from);
  if (st && to >= steps()) st = range_error(source_, "to", to, steps());
  if (!st) return st;
  Json next = draft_;
  Json& list = next["steps"];
  const Json moved = list[from];
  list.erase(from);
  list.insert(list.begin() + static_cast<std::ptrdiff_t>(to), moved);
  selected_ = to;
  return edited(std::move(next), -2, {}, "");
}

Status Studio::remove(std::size_t step) {
  Status st = step_index(step);
  if (!st) return st;
  if (steps() == 1) return Status::fail(Msg::lesson_no_steps, {{"source", source_}, {"field", "steps"}});
  Json next = draft_;
  next["steps"].erase(step);
  if (selected_ > step) --selected_;
  return edited(std::move(next), -2, {}, "");
}

// =============================================================================
// [SECTION] Result
// =============================================================================

namespace {

// A value on one line, with ", " and ": " between its parts (the built-in lessons' style).
std::string one_line(const Json& v) {
  if (v.is_object() && !v.empty()) {
    std::string out = "{";
    for (auto it = v.begin(); it != v.end(); ++it)
      out += (it == v.begin() ? "" : ", ") + json_text(Json(it.key())) + ": " + one_line(*it);
    return out + "}";
  }
  if (v.is_array() && !v.empty()) {
    std::string out = "[";
    for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + one_line(v[i]);
    return out + "]";
  }
  return json_text(v);
}

void write_value(const Json& v, std::size_t indent, std::string& out) {
  constexpr std::size_t kWidth = 100;
  const std::string line = one_line(v);
  if (!v.is_structured() || v.empty() || indent + line.size() <= kWidth) {
    out += line;
    return;
  }
  const std::string pad(indent + 2, ' ');
  out += v.is_object() ? "{\n" : "[\n";
  bool first = true;
  for (auto it = v.begin(); it != v.end(); ++it) {
    out += (first ? "" : ",\n") + pad;
    if (v.is_object()) out += json_text(Json(it.key())) + ": ";
    write_value(*it, indent + 2, out);
    first = false;
  }
  out += "\n" + std::string(indent, ' ') + (v.is_object() ? "}" : "]");
}

// The first line of the English narration, at most 80 bytes (whole UTF-8 characters).
std::string summary_of(const Json& step) {
  const Json* n = step.is_object() && step.contains("narration") ? &step["narration"] : nullptr;
  if (!n || !n->is_object() || !n->contains("en") || !(*n)["en"].is_string()) return "";
  std::string s = (*n)["en"].get<std::string>();
  s = s.substr(0, s.find('\n'));
  if (s.size() <= 80) return s;
  std::size_t cut = 80;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return s.substr(0, cut) + "…";
}

QuestionKind kind_of(const Json& step) {
  if (!step.is_object() || !step.contains("question") || !step["question"].is_object()) return QuestionKind::None;
  const Json& q = step["question"];
  const std::string name = q.contains("kind") && q["kind"].is_string() ? q["kind"].get<std::string>() : "";
  for (QuestionKind k : {QuestionKind::YesNo, QuestionKind::PickPoint, QuestionKind::Number, QuestionKind::Choice,
                         QuestionKind::PlaceLine})
    if (name == to_string(k)) return k;
  return QuestionKind::None;
}

}  // namespace

std::string lesson_file_text(const Json& lesson) {
  std::string out;
  write_value(lesson, 0, out);
  return out + "\n";
}

std::string Studio::export_text() const { return lesson_file_text(draft_); }

std::vector<StudioStepInfo> Studio::step_infos() const {
  std::vector<StudioStepInfo> out;
  for (std::size_t i = 0; i < steps(); ++i)
    out.push_back({kind_of(draft_["steps"][i]), summary_of(draft_["steps"][i])});
  return out;
}

Json Studio::state() const {
  Json problems = Json::array();
  for (const StudioProblem& p : problems_)
    problems.push_back(Json{{"step", p.step},
                            {"field", p.field},
                            {"lang", p.lang},
                            {"code", message_info(p.message.code).key},
                            {"message", p.english}});
  Json list = Json::array();
  for (const StudioStepInfo& s : step_infos())
    list.push_back(Json{{"kind", to_string(s.kind)}, {"summary", s.summary}});
  return Json{{"open", open_},
              {"lesson", draft_},
              {"step", selected_},
              {"problems", std::move(problems)},
              {"steps", std::move(list)}};
}

}  // namespace pla
