// Perceptron Lab core: a place in a lesson file in the author's terms, in a language
// (place.hpp): the path split into its keys and indices, each said with the catalogs' words.
#include "core/lab/lesson/place.hpp"

#include <memory>
#include <utility>
#include <vector>

namespace pla {
namespace {

struct Say {
  const Catalogs* catalogs;
  const std::string& lang;
  std::string operator()(Msg code, MsgArgs args = {}) const {
    const Catalogs* c = catalogs;
    const std::string& l = lang;
    TemplateLookup lookup;
    if (c) lookup = [c, &l](Msg m) { return c->msg_template(l, m); };
    return render(Message(code, std::move(args)), lookup);
  }
};

// The format's own keys (as a message code says each in a language).
struct FieldWord {
  const char* name;
  Msg word;
};
constexpr FieldWord kFieldWords[] = {
    {"lesson", Msg::lesson_field_lesson},       {"format", Msg::lesson_field_format},
    {"id", Msg::lesson_field_id},               {"title", Msg::lesson_field_title},
    {"steps", Msg::lesson_field_steps},         {"narration", Msg::lesson_field_narration},
    {"setup", Msg::lesson_field_setup},         {"view", Msg::lesson_field_view},
    {"actions", Msg::lesson_field_actions},     {"question", Msg::lesson_field_question},
    {"kind", Msg::lesson_field_kind},           {"prompt", Msg::lesson_field_prompt},
    {"why", Msg::lesson_field_why},             {"whys", Msg::lesson_field_whys},
    {"options", Msg::lesson_field_options},     {"answer", Msg::lesson_field_answer},
    {"from", Msg::lesson_field_from},           {"tolerance", Msg::lesson_field_tolerance},
    {"retry", Msg::lesson_field_retry},         {"angle_deg", Msg::lesson_field_angle_deg},
    {"offset", Msg::lesson_field_offset},       {"preset", Msg::lesson_field_preset},
    {"data", Msg::lesson_field_data}};

// A key with an index: "steps[2]" -> "step 2 of 5"; "data[3][2]" -> "data row 3, column 2".
std::string indexed_part(const Say& say, const std::string& name, const std::vector<std::string>& idx,
                         std::size_t steps) {
  std::string out;
  if (name == "steps" && steps) out = say(Msg::lesson_place_step_of, {{"n", idx[0]}, {"count", std::to_string(steps)}});
  else if (name == "steps") out = say(Msg::lesson_place_step, {{"n", idx[0]}});
  else if (name == "options") out = say(Msg::lesson_place_option, {{"n", idx[0]}});
  else if (name == "actions") out = say(Msg::lesson_place_action, {{"n", idx[0]}});
  else if (name == "data") out = say(Msg::lesson_place_data_row, {{"n", idx[0]}});
  else if (name == "whys") out = say(Msg::lesson_place_why_n, {{"n", idx[0]}});
  else out = name + " " + idx[0];
  for (std::size_t i = 1; i < idx.size(); ++i)
    out = say(Msg::lesson_place_join,
              {{"left", out}, {"right", say(name == "data" ? Msg::lesson_place_column : Msg::lesson_place_argument, {{"n", idx[i]}})}});
  return out;
}

// A key without an index: a language by its name, a key of the format in words, a setting's
// or a view key's name (what follows "setup" or "view", but for setup's preset and data) as written.
std::string plain_part(const Say& say, const std::string& name, const std::string& parent, bool last, bool keep) {
  if (last && say.catalogs && say.catalogs->contains(name))
    return say(Msg::lesson_place_language, {{"name", say.catalogs->name(name)}});
  if (keep || ((parent == "setup" || parent == "view") && name != "preset" && name != "data")) return name;
  for (const FieldWord& w : kFieldWords)
    if (name == w.name) return say(w.word);
  return name;
}

}  // namespace

std::string lesson_place(const std::string& path, std::size_t steps, const Catalogs* catalogs, const std::string& lang,
                         bool keep_last) {
  const Say say{catalogs, lang};
  std::string out, parent;
  std::size_t start = 0;
  while (start < path.size()) {
    std::size_t end = path.find('.', start);
    if (end == std::string::npos) end = path.size();
    const std::string seg = path.substr(start, end - start);
    const std::size_t br = seg.find('[');
    const std::string name = seg.substr(0, br);
    std::vector<std::string> idx;
    for (std::size_t i = br; i != std::string::npos && i < seg.size() && seg[i] == '[';) {
      const std::size_t close = seg.find(']', i);
      if (close == std::string::npos) break;
      idx.push_back(seg.substr(i + 1, close - i - 1));
      i = close + 1;
    }
    const bool last = end == path.size();
    const std::string part = idx.empty() ? plain_part(say, name, parent, last, last && keep_last)
                                         : indexed_part(say, name, idx, steps);
    out = out.empty() ? part : say(Msg::lesson_place_join, {{"left", out}, {"right", part}});
    parent = name;
    start = end + 1;
  }
  return out.empty() ? say(Msg::lesson_place_whole) : out;
}

Message lesson_places_in(const Message& m, const Catalogs& catalogs, const std::string& lang) {
  Message out = m;
  const std::string* field = m.arg("field");
  if (field && m.arg("where")) {
    std::size_t steps = 0;
    if (const std::string* n = m.arg("steps"))
      for (char c : *n) steps = c >= '0' && c <= '9' && steps < 100000 ? steps * 10 + static_cast<std::size_t>(c - '0') : steps;
    const std::string where = lesson_place(*field, steps, &catalogs, lang, m.code == Msg::lesson_unknown_key);
    for (auto& kv : out.args)
      if (kv.first == "where") kv.second = where;
  }
  if (m.cause) out.cause = std::make_shared<const Message>(lesson_places_in(*m.cause, catalogs, lang));
  return out;
}

}  // namespace pla
