// Perceptron Lab app: the teacher's studio's panel (app.hpp StudioUi; its commands are
// studio_commands.cpp's, its text fields and question studio_fields.cpp's): the lesson's id
// and title, the steps as a list (select, insert, duplicate, move, delete), "Record this
// step" with what it wrote, the selected step's texts and question, the problems of the
// lesson, and what a teacher does with it: try it as a student, save it, open or paste one,
// share a link, put it in a course. Every button runs a command of the table (act), so
// keys, the page's API and the tests reach the same actions.
//
// [SECTION] The lesson: open, save, share
// [SECTION] The steps
// [SECTION] Recording
// [SECTION] The problems
// [SECTION] The panel

#include <string>
#include <vector>

#include "app/app_internal.hpp"

namespace pla::app {

// studio_fields.cpp: the selected step's texts (per language, with their previews and the
// placeholders) and its question; the lesson's title and id.
void studio_step_fields(App& app);
void studio_lesson_fields(App& app);

namespace {

std::string index_text(std::size_t v) { return std::to_string(v); }

// A button in a row that wraps (as tall as a finger needs on a touch screen), its place kept.
bool button(Flow& row, App& app, const char* key, const char* id) {
  const bool pressed = row.button(app.label(key, id).c_str());
  studio_item(app, id);
  return pressed;
}

// -----------------------------------------------------------------------------
// [SECTION] The lesson: open, save, share
// -----------------------------------------------------------------------------

// Open a built-in lesson as a starting point: a combo of the lessons in course order.
void open_builtin(App& app) {
  const bool open = begin_combo("##studio_builtin", app.tr("studio.open_builtin"));
  studio_item(app, "studio_builtin");
  if (!open) return;
  for (const LessonRow& r : lesson_rows(app)) {
    if (own_lesson(app, r.id)) continue;
    if (ImGui::Selectable((r.title + "##studio_builtin_" + r.id).c_str())) act(app, {"studio_load", r.id});
    studio_item(app, "studio_builtin_" + r.id);
  }
  ImGui::EndCombo();
}

// Saves the lesson as a file (a download in the browser).
void save_lesson(App& app) {
  const Json& draft = app.studio.studio.draft();
  const bool named = draft.contains("id") && draft["id"].is_string() && !draft["id"].get<std::string>().empty();
  const std::string name = (named ? draft["id"].get<std::string>() : std::string("lesson")) + ".json";
  std::string where;
  if (!app.hooks.save_file) return;
  if (app.hooks.save_file(name, "application/json", app.studio.studio.export_text(), where))
    show_result(app, Status::success(), Message(Msg::ui_saved, {{"where", where}}));
  else
    show_result(app, Status::fail(Msg::ui_save_failed, {{"name", name}, {"reason", where}}));
}

// The share link: made, then copied (the page shows it and says so).
void share_link(App& app) {
  const Status st = act(app, {"studio_link"});
  if (st && app.hooks.copy_text) app.hooks.copy_text(app.reply);
}

// "For your course": the lesson among the lab's lessons (ticked), then the package dialog.
void for_course(App& app) {
  const Status st = act(app, {"lesson_add", app.studio.studio.export_text()});
  if (st && !app.course_maker.open) course_maker_open(app);
}

void lesson_row(App& app) {
  StudioUi& s = app.studio;
  Flow row;
  if (button(row, app, "studio.new", "studio_new")) act(app, {"studio_new"});
  if (app.hooks.pick_studio_file && button(row, app, "studio.open_file", "studio_open_file")) app.hooks.pick_studio_file();
  if (app.hooks.paste_studio && button(row, app, "studio.paste", "studio_paste")) app.hooks.paste_studio();
  if (app.hooks.save_file && button(row, app, "studio.save", "studio_save")) save_lesson(app);
  if (app.hooks.share_link && button(row, app, "studio.link", "studio_link")) share_link(app);
  if (app.hooks.make_package && button(row, app, "studio.course", "studio_course")) for_course(app);
  open_builtin(app);
  // Try as a student, in a language of the catalogs.
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8.0f);
  language_combo(app, "##studio_try_lang", s.try_lang);
  studio_item(app, "studio_try_lang");
  ImGui::SameLine();
  const bool try_it = ImGui::Button(app.label("studio.try", "studio_try").c_str());
  studio_item(app, "studio_try");
  if (try_it) act(app, {"studio_try", s.try_lang});
}

// -----------------------------------------------------------------------------
// [SECTION] The steps
// -----------------------------------------------------------------------------

// The problems of one step (its own count), for the list's mark.
std::size_t step_problems(const Studio& st, std::size_t step) {
  std::size_t n = 0;
  for (const StudioProblem& p : st.problems()) n += p.step == static_cast<int>(step) ? 1 : 0;
  return n;
}

void step_list(App& app) {
  const Studio& st = app.studio.studio;
  const std::vector<StudioStepInfo> infos = st.step_infos();
  const float row_h = ImGui::GetFrameHeight();
  const float list_h = std::min(static_cast<float>(infos.size()) + 0.5f, 7.5f) * (row_h + ImGui::GetStyle().ItemSpacing.y);
  ImGui::BeginChild("##studio_steps", ImVec2(0, list_h), true);
  for (std::size_t i = 0; i < infos.size(); ++i) {
    const std::size_t problems = step_problems(st, i);
    std::string label = index_text(i + 1) + ". ";
    if (infos[i].kind != QuestionKind::None)
      label += "[" + std::string(app.tr((std::string("studio.kind_") + to_string(infos[i].kind)).c_str())) + "] ";
    label += infos[i].summary.empty() ? app.tr("studio.no_narration") : infos[i].summary;
    if (problems) label = "(!) " + label;
    if (problems) ImGui::PushStyleColor(ImGuiCol_Text, palette(app).mistake);
    const bool chosen = ImGui::Selectable((label + "##studio_step_" + index_text(i)).c_str(), i == st.selected(), 0, ImVec2(0, row_h));
    studio_item(app, "studio_step_" + index_text(i));
    if (chosen && i != st.selected()) act(app, {"studio_select", index_text(i)});
    if (problems) ImGui::PopStyleColor();
  }
  ImGui::EndChild();
  const std::size_t sel = st.selected(), n = st.steps();
  Flow row;
  if (button(row, app, "studio.insert", "studio_insert")) act(app, {"studio_insert", index_text(sel + 1)});
  if (button(row, app, "studio.duplicate", "studio_duplicate")) act(app, {"studio_duplicate", index_text(sel)});
  ImGui::BeginDisabled(sel == 0);
  if (button(row, app, "studio.up", "studio_up")) act(app, {"studio_move", index_text(sel), index_text(sel - 1)});
  ImGui::EndDisabled();
  ImGui::BeginDisabled(sel + 1 >= n);
  if (button(row, app, "studio.down", "studio_down")) act(app, {"studio_move", index_text(sel), index_text(sel + 1)});
  ImGui::EndDisabled();
  ImGui::BeginDisabled(n <= 1);
  if (button(row, app, "studio.delete", "studio_delete")) act(app, {"studio_delete", index_text(sel)});
  ImGui::EndDisabled();
}

// -----------------------------------------------------------------------------
// [SECTION] Recording
// -----------------------------------------------------------------------------

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

// "Record this step", the commands it will take as actions, and what the last one wrote.
void recording(App& app) {
  const StudioUi& s = app.studio;
  std::vector<std::string> names;
  for (const StudioCommand& c : s.log) names.push_back(c.empty() ? "" : c[0]);
  if (!names.empty()) text_wrapped(app.trf("studio.actions_pending", {{"actions", joined(names)}}));
  const bool record = ImGui::Button(app.label("studio.record", "studio_record").c_str(),
                                    ImVec2(ImGui::GetContentRegionAvail().x - ImGui::GetFrameHeight() * 1.5f, 0));
  studio_item(app, "studio_record");
  HelpMarker(app.tr("studio.record_help"));
  if (record) act(app, {"studio_record"});
  if (!s.has_recorded) return;
  const StudioRecord& r = s.recorded;
  std::vector<std::string> parts;
  if (r.data) parts.emplace_back(app.tr("studio.rec_data"));
  parts.insert(parts.end(), r.settings.begin(), r.settings.end());
  parts.insert(parts.end(), r.view.begin(), r.view.end());
  text_wrapped(app.trf("studio.recorded", {{"setup", parts.empty() ? app.tr("studio.rec_nothing") : joined(parts)},
                                           {"actions", index_text(r.actions)}}));
  if (!r.ignored.empty()) text_wrapped(app.trf("studio.rec_ignored", {{"commands", joined(r.ignored)}}));
  if (!r.differs.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette(app).mistake);
    text_wrapped(app.trf("studio.rec_differs", {{"what", joined(r.differs)}}));
    ImGui::PopStyleColor();
  }
}

// -----------------------------------------------------------------------------
// [SECTION] The problems
// -----------------------------------------------------------------------------

// Every problem of the lesson, each with its place; a click selects its step.
void problems(App& app) {
  const Studio& st = app.studio.studio;
  if (st.problems().empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette(app).ok);
    text_wrapped(app.tr("studio.no_problems"));
    ImGui::PopStyleColor();
    return;
  }
  text_wrapped(app.trf("studio.problems", {{"count", index_text(st.problems().size())}}));
  ImGui::PushStyleColor(ImGuiCol_Text, palette(app).mistake);
  std::size_t i = 0;
  for (const StudioProblem& p : st.problems()) {
    std::string place = p.step >= 0 ? app.trf("studio.step_n", {{"n", index_text(static_cast<std::size_t>(p.step) + 1)}}) : "";
    if (!p.field.empty()) place += (place.empty() ? "" : ", ") + p.field;
    if (!p.lang.empty()) place += " (" + app.session.catalogs().name(p.lang) + ")";
    const std::string line = (place.empty() ? "" : place + ": ") + app.msg(p.message);
    if (ImGui::Selectable((line + "##studio_problem_" + index_text(i++)).c_str(), false) && p.step >= 0)
      act(app, {"studio_select", index_text(static_cast<std::size_t>(p.step))});
  }
  ImGui::PopStyleColor();
}

}  // namespace

// -----------------------------------------------------------------------------
// [SECTION] The panel
// -----------------------------------------------------------------------------

void studio_item(App& app, const std::string& id) {
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  app.studio.items[id] = {a.x, a.y, b.x, b.y};
}

void studio_panel(App& app) {
  app.studio.items.clear();
  ImGui::TextUnformatted(app.tr("studio.title"));
  ImGui::SameLine(ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize(app.tr("studio.close")).x -
                  ImGui::GetStyle().FramePadding.x * 2);
  const bool close = ImGui::Button(app.label("studio.close", "studio_close").c_str());
  studio_item(app, "studio_close");
  if (close) act(app, {"studio_close"});
  lesson_row(app);
  if (!app.message.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, app.message_is_error ? palette(app).mistake : palette(app).ok);
    text_wrapped(app.msg(app.message));
    ImGui::PopStyleColor();
  }
  ImGui::Separator();
  studio_lesson_fields(app);
  if (ImGui::CollapsingHeader(app.label("studio.steps", "studio_steps").c_str(), ImGuiTreeNodeFlags_DefaultOpen))
    step_list(app);
  if (ImGui::CollapsingHeader(app.label("studio.check", "studio_check").c_str(), ImGuiTreeNodeFlags_DefaultOpen))
    problems(app);
  const std::string step = app.trf("studio.step_n", {{"n", index_text(app.studio.studio.selected() + 1)}});
  if (ImGui::CollapsingHeader((step + "##studio_step").c_str(), ImGuiTreeNodeFlags_DefaultOpen)) {
    recording(app);
    ImGui::Separator();
    studio_step_fields(app);
  }
}

}  // namespace pla::app
