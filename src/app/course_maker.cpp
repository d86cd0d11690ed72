// Perceptron Lab app: "For your course", for teachers: a dialog to choose the lessons
// (built-in, or a lesson of their own opened from a file or pasted: lesson_add), the
// language, the pass mark, the theme and the panels; download a package (each download is
// the command `package STANDARD OPTIONS`, packages.cpp) and copy the embed code naming this
// page's own address.
#include <algorithm>
#include <string>
#include <vector>

#include "app/app_internal.hpp"
#include "core/base/json.hpp"

namespace pla::app {

namespace {

// The options of the dialog's choices, as `package` takes them.
std::string dialog_options(const CourseMaker& m) {
  Json o = Json::object();
  Json lessons = Json::array();
  for (const std::string& id : m.lessons) lessons.push_back(id);
  o["lessons"] = std::move(lessons);
  o["lang"] = m.lang;
  if (m.with_pass) o["pass"] = m.pass / 100.0;
  if (m.theme != themes().front().theme) o["theme"] = theme_info(m.theme).name;
  const std::string shown = panels_text(m.panels);
  if (shown != "data,algorithm,run,theory,plots") o["panels"] = shown;
  o["embed"] = m.embed;
  return o.dump(-1, ' ', false, Json::error_handler_t::replace);
}

// The lessons ticked, in the order of the lab's lessons (lesson_rows).
void tick(App& app, const std::string& id, bool on) {
  CourseMaker& m = app.course_maker;
  std::vector<std::string> out;
  for (const LessonRow& r : lesson_rows(app))
    if (r.id == id ? on : std::find(m.lessons.begin(), m.lessons.end(), r.id) != m.lessons.end()) out.push_back(r.id);
  m.lessons = std::move(out);
}

}  // namespace

void course_maker_open(App& app) {
  CourseMaker& m = app.course_maker;
  m.open = !m.open;
  if (m.open && !m.chosen) {  // the lesson open (else the first), the lab's language and look
    m.chosen = true;
    m.lessons = {app.builtin_open.empty() ? lesson_rows(app).front().id : app.builtin_open};
    for (const std::string& code : user_languages(app.session.catalogs()))
      if (code == app.lang) m.lang = code;
    m.theme = app.theme;
  }
}

namespace {

// The lessons to pack (every lesson of the Lessons menu, the teacher's own after them) and
// the buttons that add a teacher's lesson from a file or pasted text.
void course_lessons(App& app) {
  CourseMaker& m = app.course_maker;
  text_wrapped(app.tr("course.intro"));
  text_wrapped(app.tr("course.lessons"));
  const std::vector<LessonRow> rows = lesson_rows(app);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    bool on = std::find(m.lessons.begin(), m.lessons.end(), rows[i].id) != m.lessons.end();
    Flow line;
    if (line.checkbox((rows[i].title + "##course_lesson" + std::to_string(i)).c_str(), &on)) tick(app, rows[i].id, on);
  }
  Flow own;
  if (app.hooks.pick_lesson_file && own.button(app.label("course.own_file", "course_own_file").c_str())) app.hooks.pick_lesson_file();
  if (app.hooks.paste_lesson && own.button(app.label("course.own_paste", "course_own_paste").c_str())) app.hooks.paste_lesson();
}

// The language, pass mark, theme, embed mode and panels of the packages.
void course_form(App& app) {
  CourseMaker& m = app.course_maker;
  if (form_begin("course_form")) {
    form_row(app.tr("app.language"));
    language_combo(app, "##course_lang", m.lang);
    form_row(app.tr("course.pass"), app.tr("course.pass_help"));
    ImGui::Checkbox("##course_with_pass", &m.with_pass);
    if (m.with_pass) {
      ImGui::SameLine();
      ImGui::SetNextItemWidth(-1.0f);
      ImGui::SliderInt("##course_pass", &m.pass, 0, 100, "%d %%", ImGuiSliderFlags_AlwaysClamp);
    }
    form_row(app.tr("app.theme"));
    if (begin_combo("##course_theme", app.tr(theme_info(m.theme).label_key))) {
      for (const ThemeInfo& t : themes())
        if (ImGui::Selectable((std::string(app.tr(t.label_key)) + "##course_theme_" + t.name).c_str(), m.theme == t.theme)) m.theme = t.theme;
      ImGui::EndCombo();
    }
    form_row(app.tr("maker.embed"));
    ImGui::Checkbox("##course_embed", &m.embed);
    ImGui::EndTable();
  }
  text_wrapped(app.tr("maker.panels"));
  Flow panels;
  int k = 0;
  for (const PanelInfo& p : panel_list())
    panels.checkbox(app.label(p.label_key, ("course_panel" + std::to_string(k++)).c_str()).c_str(), &(m.panels.*p.shown));
}

// One button per package standard, and how the last package went.
void course_downloads(App& app) {
  CourseMaker& m = app.course_maker;
  ImGui::Separator();
  text_wrapped(app.tr("course.download"));
  const bool can = app.hooks.make_package && !m.lessons.empty() && m.making.empty();
  ImGui::BeginDisabled(!can);
  struct Kind {
    const char* standard;
    const char* key;
    const char* tip;
  };
  const Kind kinds[] = {{"scorm12", "course.scorm12", "course.scorm12_tip"},
                        {"scorm2004", "course.scorm2004", "course.scorm2004_tip"},
                        {"h5p", "course.h5p", "course.h5p_tip"},
                        {"html", "course.html", "course.html_tip"}};
  Flow downloads;
  for (const Kind& kind : kinds) {
    if (downloads.button(app.label(kind.key, (std::string("course_") + kind.standard).c_str()).c_str())) {
      const Status st = run_command(app, {"package", kind.standard, dialog_options(m)});
      if (!st) {
        m.status = st;
        m.status_error = true;
      }
    }
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) tooltip(app.tr(kind.tip));
  }
  ImGui::EndDisabled();
  if (!app.hooks.make_package) text_wrapped(app.msg(Message(Msg::package_unavailable)));
  else if (m.lessons.empty()) text_wrapped(app.tr("course.none_chosen"));
  if (!m.making.empty()) {
    text_wrapped(app.trf("course.making", {{"standard", m.making}}));
  } else if (!course_status(app).empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, m.status_error ? palette(app).mistake : palette(app).ok);
    text_wrapped(course_status(app));
    ImGui::PopStyleColor();
  }
}

// The embed code: this page's own address with the first lesson and the choices (none for
// a teacher's own lesson, or where the page has no address a course page could use); and
// Close, beside the copy button.
void course_embed_code(App& app) {
  CourseMaker& m = app.course_maker;
  ImGui::Separator();
  const std::string address = app.hooks.page_address ? app.hooks.page_address() : std::string();
  const bool own_first = !m.lessons.empty() && own_lesson(app, m.lessons.front()) != nullptr;
  Flow buttons;
  if (address.empty()) {
    text_wrapped(app.tr("course.no_address"));
  } else if (own_first) {
    text_wrapped(app.tr("course.iframe_own"));
  } else {
    Params p;
    if (!m.lessons.empty()) p.emplace_back("lesson", m.lessons.front());
    p.emplace_back("lang", m.lang);
    const std::string shown = panels_text(m.panels);
    if (shown != "data,algorithm,run,theory,plots") p.emplace_back("panels", shown);
    if (m.theme != themes().front().theme) p.emplace_back("theme", theme_info(m.theme).name);
    if (m.embed) p.emplace_back("embed", "1");
    const std::string snippet = "<iframe src=\"" + address + "?" + encode_query(p) +
                                "\" width=\"800\" height=\"600\" title=\"Perceptron Lab\"></iframe>";
    text_wrapped(app.tr("course.iframe"));
    text_wrapped(snippet);
    if (app.hooks.copy_text && buttons.button(app.label("maker.copy_iframe", "course_copy_iframe").c_str())) app.hooks.copy_text(snippet);
  }
  if (buttons.button(app.label("maker.close", "course_close").c_str())) m.open = false;
}

}  // namespace

void course_maker(App& app) {
  CourseMaker& m = app.course_maker;
  if (!m.open) return;
  // A lesson added since (a file opened or pasted) is ticked, and said so.
  if (!m.added.empty()) {
    if (own_lesson(app, m.added)) {
      tick(app, m.added, true);
      m.status = Message();
      m.status_why.clear();
      m.status_key = "course.added";
      m.status_args = {{"id", m.added}};
      m.status_error = false;
    }
    m.added.clear();
  }
  if (begin_dialog(app, "course.title", "course_maker", 36.0f, &m.open)) {
    course_lessons(app);
    course_form(app);
    course_downloads(app);
    course_embed_code(app);
  }
  ImGui::End();
}

}  // namespace pla::app
