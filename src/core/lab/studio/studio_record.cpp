// Perceptron Lab core: "Record this step" (Studio::record, studio.hpp). The lab as it is now
// becomes the selected step's setup, written as a difference from what the steps before it
// leave (the data, the session's settings, the interface's view), and the commands the
// teacher ran while recording become its actions. The step is then replayed from the
// lesson's start to tell the teacher whether the lesson reaches the lab they recorded.
//
// [SECTION] index
//   Actions     the commands run, as the file writes a lesson action
//   Setup       the data and the settings that differ from the state before the step
//   View        the interface's view settings that differ from the steps before
//   Replay      the step replayed against the lab
//   Record      Studio::record
#include <algorithm>
#include <map>

#include "core/base/values.hpp"
#include "core/data/presets.hpp"
#include "core/lab/session/session.hpp"
#include "core/lab/studio/studio.hpp"
#include "core/lab/studio/studio_internal.hpp"

namespace pla {
namespace {

// =============================================================================
// [SECTION] Actions
// =============================================================================

const Command* lesson_command(const std::string& name) {
  // The long commands under their other names: the session's "run" and the interface's
  // sliced training, which end where "train" ends.
  const std::string as = name == "run" || name == "train_start" ? "train" : name;
  for (const Command& c : session_commands())
    if ((c.flags & kCmdLesson) && as == c.name) return &c;
  return nullptr;
}

// A command as the file writes an action: each argument as its kind says (a number, a
// whole number or a text), the loader's reading in reverse.
Json action_json(const Command& c, const StudioCommand& args) {
  Json a = Json::array({c.name});
  const std::string kinds = c.kinds;
  for (std::size_t j = 1; j < args.size(); ++j) {
    const char kind = kinds.empty() ? 'v' : kinds[std::min(j, kinds.size()) - 1];
    double v = 0.0;
    std::uint64_t u = 0;
    if (kind == 'u' && parse_u64(args[j], u))
      a.push_back(u);
    else if ((kind == 'n' || kind == 'v') && parse_double(args[j], v))
      a.push_back(json_value(v));
    else
      a.push_back(args[j]);
  }
  return a;
}

Json generate_action(const GenSpec& g) {
  return Json::array({"generate", g.kind, g.n, g.d, json_value(g.margin), json_value(g.noise), g.seed});
}

// =============================================================================
// [SECTION] Setup
// =============================================================================

bool same_data(const Dataset& a, const Dataset& b) { return a.d == b.d && a.x == b.x && a.y == b.y; }

Json data_rows(const Dataset& ds) {
  Json rows = Json::array();
  for (std::size_t i = 0; i < ds.size(); ++i) {
    Json r = Json::array();
    for (int j = 0; j < ds.d; ++j) r.push_back(json_value(ds.row(i)[j]));
    r.push_back(ds.y[i]);
    rows.push_back(std::move(r));
  }
  return rows;
}

// A setting's value as the file writes it: numbers and flags typed, the rest as text.
Json setting_value(const Setting<SessionSettings>& def, const SessionSettings& s) {
  const std::string text = setting_text(def, s);
  double v = 0.0;
  if ((def.type == SettingType::Real || def.type == SettingType::Count) && parse_double(text, v)) return json_value(v);
  if (def.type == SettingType::Flag) return text == "true";
  return text;
}

// The session's settings that differ from `before`'s, in an order `set` takes them from
// `before` one by one (the table's, a setting refused there tried again after the others:
// one may depend on another, as dual on init).
std::vector<std::string> changed_settings(const Session& lab, Session before) {
  std::vector<std::string> left, out;
  for (const auto& def : session_settings())
    if (setting_text(def, lab.settings()) != setting_text(def, before.settings())) left.emplace_back(def.key);
  for (int pass = 0; pass < 3 && !left.empty(); ++pass) {
    std::vector<std::string> later;
    for (const std::string& key : left) {
      const auto* def = find_setting(session_settings(), key);
      if (before.command({"set", key, setting_text(*def, lab.settings())}))
        out.push_back(key);
      else
        later.push_back(key);
    }
    left = std::move(later);
  }
  out.insert(out.end(), left.begin(), left.end());
  return out;
}

// The step's setup and the actions its data needs first. The data goes in when it differs
// from `before`'s unless a recorded action replaces it: a preset by its name, a generated
// set as its generate action (so the fresh points of {test_error} come from the same
// generator), other data as its rows. The first step always loads data (the loader asks
// it to): with a recorded action replacing it, or a generate action, the textbook preset.
Json setup_of(const Session& lab, const Session& before, bool first, bool new_data_action, Json& lead_actions,
              bool& data_written) {
  Json setup = Json::object();
  data_written = false;
  if (first || (!same_data(lab.data(), before.data()) && !new_data_action)) {
    Dataset preset;
    data_written = !new_data_action;
    if (lab.source() == DataSource::Preset && make_preset(lab.preset_name(), preset) && same_data(preset, lab.data())) {
      setup["preset"] = lab.preset_name();
    } else if (new_data_action || lab.source() == DataSource::Generated) {
      if (first) setup["preset"] = "textbook";
      if (!new_data_action) lead_actions.push_back(generate_action(lab.last_generated()));
    } else {
      setup["data"] = data_rows(lab.data());
    }
  }
  Session from = before;
  if (setup.contains("preset"))
    (void)from.command({"preset", setup["preset"].get<std::string>()});
  else if (setup.contains("data"))
    (void)from.load_data(lab.data(), "studio");
  for (const std::string& key : changed_settings(lab, from))
    setup[key] = setting_value(*find_setting(session_settings(), key), lab.settings());
  return setup;
}

// =============================================================================
// [SECTION] View
// =============================================================================

std::string scalar_text(const Json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  return v.is_number() ? json_number(v.get<double>()) : json_text(v);
}

Json scalar_json(const std::string& text) {
  double v = 0.0;
  if (text == "true" || text == "false") return text == "true";
  if (parse_double(text, v)) return json_value(v);
  return text;
}

// The view keys of `view` whose values differ from the defaults with the views of the
// steps before `step` over them; the step's own "conceal" stays.
Json view_of(const Json& draft, std::size_t step, const StudioView& view, const StudioView& defaults) {
  std::map<std::string, std::string> base(defaults.begin(), defaults.end());
  for (std::size_t i = 0; i < step; ++i) {
    const Json& s = draft["steps"][i];
    if (!s.is_object() || !s.contains("view") || !s["view"].is_object()) continue;
    for (auto it = s["view"].begin(); it != s["view"].end(); ++it) base[it.key()] = scalar_text(*it);
  }
  Json out = Json::object();
  const Json& own = draft["steps"][step];
  if (own.is_object() && own.contains("view") && own["view"].is_object() && own["view"].contains("conceal"))
    out["conceal"] = own["view"]["conceal"];
  for (const auto& kv : view) {
    const auto it = base.find(kv.first);
    if (kv.first != "conceal" && (it == base.end() || it->second != kv.second)) out[kv.first] = scalar_json(kv.second);
  }
  return out;
}

// =============================================================================
// [SECTION] Replay
// =============================================================================

// What the step replayed reaches otherwise than the lab.
std::vector<std::string> replay_differs(const Session& lab, const Session& replay) {
  std::vector<std::string> out;
  if (!same_data(lab.data(), replay.data())) out.emplace_back("data");
  if (lab.settings_list() != replay.settings_list()) out.emplace_back("settings");
  if (lab.viewed_step() != replay.viewed_step() || lab.learner().running_w() != replay.learner().running_w() ||
      lab.learner().running_b() != replay.learner().running_b())
    out.emplace_back("run");
  if (lab.queries() != replay.queries()) out.emplace_back("queries");
  return out;
}

}  // namespace

// =============================================================================
// [SECTION] Record
// =============================================================================

Status Studio::lab_before(std::size_t step, Session& lab) const {
  Status st = step_index(step);
  return st ? studio::walk_before_step(runnable_, draft_, step, catalogs_, lab) : st;
}

Status Studio::lab_at(std::size_t step, Session& lab) const {
  LessonRunner runner;
  return walk_to(step, runner, lab);
}

Status Studio::record(const Session& lab, const std::vector<StudioCommand>& commands, const StudioView& view,
                      const StudioView& view_defaults, StudioRecord* report) {
  const std::size_t i = selected_;
  Status st = step_index(i);
  if (!st) return st;
  StudioRecord r;
  Json actions = Json::array();
  bool new_data_action = false;
  for (const StudioCommand& c : commands) {
    const Command* row = c.empty() ? nullptr : lesson_command(c[0]);
    if (!row) {
      if (!c.empty()) r.ignored.push_back(c[0]);
      continue;
    }
    new_data_action = new_data_action || (row->flags & kCmdNewData);
    actions.push_back(action_json(*row, c));
  }
  Session before;
  (void)studio::walk_before_step(runnable_, draft_, i, catalogs_, before);
  Json lead = Json::array();
  Json setup = setup_of(lab, before, i == 0, new_data_action, lead, r.data);
  for (auto it = setup.begin(); it != setup.end(); ++it)
    if (it.key() != "preset" && it.key() != "data") r.settings.push_back(it.key());
  actions.insert(actions.begin(), lead.begin(), lead.end());
  Json next = draft_;
  Json& s = next["steps"][i];
  if (!s.is_object()) s = Json{{"narration", Json{{"en", ""}}}};
  const Json v = view_of(draft_, i, view, view_defaults);
  for (auto it = v.begin(); it != v.end(); ++it)
    if (it.key() != "conceal") r.view.push_back(it.key());
  const std::pair<const char*, const Json*> parts[] = {{"setup", &setup}, {"view", &v}, {"actions", &actions}};
  for (const auto& part : parts) {
    if (part.second->empty())
      s.erase(part.first);
    else
      s[part.first] = *part.second;
  }
  r.actions = actions.size();
  st = edited(std::move(next), static_cast<int>(i), {"setup", "view", "actions"}, "");
  if (!st) return st;
  // The step replayed: a lab scrubbed back to an earlier step is reached with a seek.
  LessonRunner runner;
  Session replay;
  r.verified = walk_to(i, runner, replay).ok;
  if (r.verified) r.differs = replay_differs(lab, replay);
  if (r.differs == std::vector<std::string>{"run"} && lab.scrubbed() && lab.viewed_step() < replay.viewed_step()) {
    Json more = draft_;
    more["steps"][i]["actions"].push_back(Json::array({"seek", lab.viewed_step()}));
    if (edited(std::move(more), static_cast<int>(i), {"actions"}, "")) {
      ++r.actions;
      r.verified = walk_to(i, runner, replay).ok;
      r.differs = r.verified ? replay_differs(lab, replay) : std::vector<std::string>{};
    }
  }
  if (report) *report = std::move(r);
  return Status::success();
}

}  // namespace pla
