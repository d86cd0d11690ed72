// Perceptron Lab app: the teacher's studio as commands (the command table's studio_* rows;
// app.hpp StudioUi, core/lab/studio/studio.hpp): open and close it; a lesson new, loaded or
// tried as a student; a step selected (the lab as the student finds it there), recorded,
// written, asked, inserted, duplicated, moved or deleted; the lesson's file text and its
// share link as the command's reply; and the log of the lab commands run while it is open
// (the step's actions when it is recorded).

#include <string>
#include <vector>

#include "app/app_internal.hpp"
#include "core/base/values.hpp"

namespace pla::app {

namespace {

using StudioArgs = const std::vector<std::string>&;

// The interface's view keys a step may set (its `set` table: the plot tab, the canvas's
// layers, the panels and plot tabs shown, the controls kept from the student), as record()
// compares them.
bool view_key(const std::string& key) {
  static const char* const keys[] = {"plot", "hull", "max_margin", "mistakes", "field", "update", "alpha", "panels", "tabs", "locked"};
  for (const char* k : keys)
    if (key == k) return true;
  return false;
}

Status index_arg(StudioArgs args, std::size_t i, const char* name, std::size_t& out) {
  std::uint64_t v = 0;
  if (!parse_u64(args[i], v) || v > 100000)
    return Status::fail(Msg::command_arg_whole, {{"command", args[0]}, {"arg", name}});
  out = static_cast<std::size_t>(v);
  return Status::success();
}

// The selected step's actions as the commands that ran them (the log Record starts from).
std::vector<StudioCommand> step_actions(const Studio& studio) {
  std::vector<StudioCommand> out;
  if (studio.selected() >= studio.steps()) return out;
  const Json& step = studio.draft()["steps"][studio.selected()];
  if (!step.is_object() || !step.contains("actions") || !step["actions"].is_array()) return out;
  for (const Json& action : step["actions"]) {
    if (!action.is_array()) continue;
    StudioCommand c;
    for (const Json& arg : action) c.push_back(arg.is_string() ? arg.get<std::string>() : json_text(arg));
    out.push_back(std::move(c));
  }
  return out;
}

// The lab as the student finds the selected step (its setup and actions run; else, where the
// step does not run, as before it), the log holding the step's actions: Record with nothing
// changed keeps the step as it is, and what the teacher changes and runs from here is added.
Status to_selected(App& a) {
  a.studio.log.clear();
  if (!a.studio.studio.is_open()) return Status::success();
  Session lab;
  lab.share_catalogs(a.session.shared_catalogs());
  const Studio& studio = a.studio.studio;
  const bool shown = studio.lab_at(studio.selected(), lab).ok;
  if (shown) a.studio.log = step_actions(studio);
  Status st = shown ? Status::success() : studio.lab_before(studio.selected(), lab);
  if (!st) return st;
  a.training = false;
  a.session = std::move(lab);
  a.view.fit_pending = true;
  a.view.field.step = ~0ull;
  return Status::success();
}

// An edit of the draft; the selection's lab follows when the edit moved it.
Status edited(App& a, const Status& st, bool follow) {
  if (st && follow) return to_selected(a);
  return st;
}

// The studio speaks the lab's languages (a language the page added too); told only when they
// changed (each telling checks the draft again).
void studio_catalogs(App& a) {
  if (a.studio.catalogs == a.session.shared_catalogs().get()) return;
  a.studio.catalogs = a.session.shared_catalogs().get();
  a.studio.studio.use_catalogs(a.session.shared_catalogs());
}

Status cmd_studio_open(App& a, StudioArgs) {
  if (a.lesson.active() && !a.studio.trying) (void)run_command(a, {"lesson_exit"});
  studio_catalogs(a);
  a.studio.studio.open();
  a.lessons_open = false;
  a.studio.log.clear();
  return Status::success();
}

Status cmd_studio_close(App& a, StudioArgs) {
  a.studio.studio.close();
  return Status::success();
}

Status cmd_studio_new(App& a, StudioArgs args) {
  Status st = cmd_studio_open(a, args);
  if (st) st = a.studio.studio.new_lesson();
  a.studio.has_recorded = false;
  return st;
}

// studio_load TEXT_OR_ID: a lesson file's text, or a built-in lesson's id.
Status cmd_studio_load(App& a, StudioArgs args) {
  const std::string& what = args[1];
  const bool text = what.find('{') != std::string::npos;
  Studio& s = a.studio.studio;
  studio_catalogs(a);
  Status st = text ? s.load(what, "studio") : s.load_builtin(what);
  if (!st) return st;
  a.studio.has_recorded = false;
  st = cmd_studio_open(a, args);
  return st ? to_selected(a) : st;
}

// A step operation of the Studio on the step its first argument names; the lab follows the
// selection.
Status on_step(App& a, StudioArgs args, Status (Studio::*op)(std::size_t)) {
  std::size_t step = 0;
  Status st = index_arg(args, 1, "STEP", step);
  if (st) st = (a.studio.studio.*op)(step);
  return edited(a, st, true);
}

Status cmd_studio_select(App& a, StudioArgs args) { return on_step(a, args, &Studio::select); }

Status cmd_studio_record(App& a, StudioArgs) {
  StudioView view;
  for (const auto& kv : ui_settings(a))
    if (view_key(kv.first)) view.push_back(kv);
  StudioView defaults;
  for (const auto& kv : a.studio.view_defaults)
    if (view_key(kv.first)) defaults.push_back(kv);
  StudioRecord rec;
  const Status st = a.studio.studio.record(a.session, a.studio.log, view, defaults, &rec);
  if (!st) return st;
  a.studio.recorded = rec;
  a.studio.has_recorded = true;
  a.studio.log.clear();
  return st;
}

// studio_text STEP FIELD LANG TEXT (FIELD: narration, prompt, why, options[I], whys[I], title).
Status cmd_studio_text(App& a, StudioArgs args) {
  std::size_t step = 0;
  Status st = args[2] == "title" ? Status::success() : index_arg(args, 1, "STEP", step);
  return st ? a.studio.studio.text(step, args[2], args[3], args[4]) : st;
}

Status cmd_studio_question(App& a, StudioArgs args) {
  std::size_t step = 0;
  Status st = index_arg(args, 1, "STEP", step);
  return st ? a.studio.studio.question(step, args[2]) : st;
}

Status cmd_studio_id(App& a, StudioArgs args) { return a.studio.studio.set_id(args[1]); }

Status cmd_studio_insert(App& a, StudioArgs args) {
  std::size_t at = a.studio.studio.selected() + 1;
  Status st = args.size() > 1 ? index_arg(args, 1, "AT", at) : Status::success();
  if (st) st = a.studio.studio.insert(at);
  return edited(a, st, true);
}

Status cmd_studio_duplicate(App& a, StudioArgs args) { return on_step(a, args, &Studio::duplicate); }

Status cmd_studio_move(App& a, StudioArgs args) {
  std::size_t from = 0, to = 0;
  Status st = index_arg(args, 1, "FROM", from);
  if (st) st = index_arg(args, 2, "TO", to);
  if (st) st = a.studio.studio.move(from, to);
  return edited(a, st, false);
}

Status cmd_studio_delete(App& a, StudioArgs args) { return on_step(a, args, &Studio::remove); }

Status cmd_studio_export(App& a, StudioArgs) {
  a.reply = a.studio.studio.export_text();
  return Status::success();
}

Status cmd_studio_link(App& a, StudioArgs) {
  if (!a.hooks.share_link) return Status::fail(Msg::studio_link_unavailable);
  std::string link;
  if (!a.hooks.share_link(a.studio.studio.export_text(), link))
    return Status::fail(Msg::studio_link_failed, {{"reason", link.substr(0, 200)}});
  if (link.size() > kStudioLinkMax)
    return Status::fail(Msg::studio_link_too_long,
                        {{"length", std::to_string(link.size())}, {"max", std::to_string(kStudioLinkMax)}});
  a.reply = link;
  return Status::success();
}

// studio_try LANG: the lesson opened as a student opens it, in LANG, from its first step;
// when it closes the studio opens again at the step selected (studio_frame).
Status cmd_studio_try(App& a, StudioArgs args) {
  StudioUi& s = a.studio;
  const std::string before = a.lang;
  Status st = run_command(a, {"set", "lang", args[1]});
  if (!st) return st;
  s.trying = true;  // before the lesson opens: studio_open's lesson_exit leaves it alone
  st = cmd_lesson(a, {"lesson", s.studio.export_text()});
  if (!st) {
    s.trying = false;
    a.lang = before;
    return st;
  }
  s.try_step = s.studio.selected();
  s.try_lang = args[1];
  s.lang_before = before;
  s.studio.close();
  s.log.clear();
  return st;
}

// studio_pick on|off|POINT: the pick mode (a click on a point of the canvas checks it), or
// point POINT (from 0) checked as the student's reply to the selected step's pick_point question.
Status cmd_studio_pick(App& a, StudioArgs args) {
  StudioUi& s = a.studio;
  if (args[1] == "on" || args[1] == "off") {
    s.picking = args[1] == "on";
    return Status::success();
  }
  std::size_t point = 0;
  Status st = index_arg(args, 1, "POINT", point);
  bool right = false;
  if (st) st = s.studio.try_reply(s.studio.selected(), std::to_string(point), right);
  if (!st) return st;
  s.pick_checked = static_cast<int>(point);
  s.pick_right = right;
  return st;
}

}  // namespace

bool studio_picking(const App& app) {
  const StudioUi& s = app.studio;
  if (!s.picking || !s.studio.is_open() || s.trying || app.lesson.active()) return false;
  const Json& draft = s.studio.draft();
  if (!draft.contains("steps") || s.studio.selected() >= draft["steps"].size()) return false;
  const Json& step = draft["steps"][s.studio.selected()];
  return step.contains("question") && step["question"].is_object() && step["question"].contains("kind") &&
         step["question"]["kind"] == "pick_point";
}

const std::vector<AppCommand>& studio_commands() {
  static const std::vector<AppCommand> table = {
      {"studio_open", "studio_open", 0, 0, cmd_studio_open},
      {"studio_close", "studio_close", 0, 0, cmd_studio_close},
      {"studio_new", "studio_new", 0, 0, cmd_studio_new},
      {"studio_load", "studio_load LESSON_JSON_OR_ID", 1, 1, cmd_studio_load},
      {"studio_select", "studio_select STEP", 1, 1, cmd_studio_select},
      {"studio_record", "studio_record", 0, 0, cmd_studio_record},
      {"studio_text", "studio_text STEP narration|prompt|why|options[I]|whys[I]|title LANG TEXT", 4, 4, cmd_studio_text},
      {"studio_question", "studio_question STEP QUESTION_JSON|null", 2, 2, cmd_studio_question},
      {"studio_id", "studio_id ID", 1, 1, cmd_studio_id},
      {"studio_insert", "studio_insert [AT]", 0, 1, cmd_studio_insert},
      {"studio_duplicate", "studio_duplicate STEP", 1, 1, cmd_studio_duplicate},
      {"studio_move", "studio_move FROM TO", 2, 2, cmd_studio_move},
      {"studio_delete", "studio_delete STEP", 1, 1, cmd_studio_delete},
      {"studio_export", "studio_export", 0, 0, cmd_studio_export},
      {"studio_link", "studio_link", 0, 0, cmd_studio_link},
      {"studio_try", "studio_try LANG", 1, 1, cmd_studio_try},
      {"studio_pick", "studio_pick on|off|POINT", 1, 1, cmd_studio_pick},
  };
  return table;
}

void studio_note(App& app, const std::vector<std::string>& args, const Status& st) {
  if (!st || args.empty() || !app.studio.studio.is_open()) return;
  bool logged = args[0] == "train_start" || args[0] == "run";
  for (const Command& c : session_commands())
    if (args[0] == c.name && (c.flags & kCmdLesson)) logged = true;
  if (logged) app.studio.log.push_back(args);
}

void studio_frame(App& app) {
  StudioUi& s = app.studio;
  if (!s.trying || app.lesson.active()) return;
  s.trying = false;
  app.lang = s.lang_before;
  (void)cmd_studio_open(app, {"studio_open"});
  if (s.studio.select(s.try_step)) (void)to_selected(app);
}

Json studio_state(const App& app) {
  const StudioUi& s = app.studio;
  Json o = s.studio.is_open() ? s.studio.state() : Json{{"open", false}, {"step", s.studio.selected()}};
  o["trying"] = s.trying;
  o["steps_count"] = s.studio.steps();
  o["problems_count"] = s.studio.problems().size();
  o["log"] = s.log.size();
  o["picking"] = s.picking;
  if (s.pick_checked >= 0) o["picked"] = Json{{"point", s.pick_checked}, {"right", s.pick_right}};
  if (s.has_recorded)
    o["recorded"] = Json{{"data", s.recorded.data}, {"settings", s.recorded.settings}, {"view", s.recorded.view},
                         {"actions", s.recorded.actions}, {"ignored", s.recorded.ignored},
                         {"verified", s.recorded.verified}, {"differs", s.recorded.differs}};
  return o;
}

}  // namespace pla::app
