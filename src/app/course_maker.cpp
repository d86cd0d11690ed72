// Perceptron Lab app: "For your course", for teachers. Choose the lessons (built-in, or a
// lesson of their own opened from a file or pasted: lesson_add), the language, the pass mark,
// the theme and the panels; download a SCORM 1.2 or SCORM 2004 zip, an .h5p or the single-file
// page, made by the platform (the browser page: web/package/make_package.js, the code
// ./build.sh package runs too), and copy the embed code naming this page's own address. Each
// download is the command `package STANDARD OPTIONS` (package_options checks the options).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "app/app_internal.hpp"
#include "core/base/json.hpp"
#include "core/lab/lesson/lesson.hpp"
#include "core/base/settings.hpp"

namespace pla::app {

namespace {

const std::vector<std::string>& standards() {
  static const std::vector<std::string> names = {"scorm12", "scorm2004", "h5p", "html"};
  return names;
}

}  // namespace

bool package_id(const std::string& id) {
  bool ok = !id.empty() && id.size() <= 64 && id[0] != '-';
  for (char c : id) ok = ok && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-');
  return ok;
}

namespace {

Status options_error(const std::string& reason) { return Status::fail(Msg::package_options, {{"reason", reason}}); }

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const std::string& s : v) out += (out.empty() ? "" : ", ") + s;
  return out;
}

// One lesson of a package: a built-in id or an added lesson's id (its JSON text then), or a
// lesson's JSON text (checked as the lab loads it). Its id goes to `id`.
Status package_lesson(const App& app, const std::string& given, std::string& out, std::string& id) {
  if (!given.empty() && given[0] == '{') {
    LessonRunner r;
    Status st = r.load(given, "lesson");
    if (!st) return st;
    id = r.lesson().id;
    if (!package_id(id)) return Status::fail(Msg::lesson_add_id, {{"id", id.substr(0, 64)}});
    const std::vector<std::string>& builtin = builtin_lesson_ids();
    if (std::find(builtin.begin(), builtin.end(), id) != builtin.end()) return Status::fail(Msg::lesson_add_builtin, {{"id", id}});
    out = given;
    return Status::success();
  }
  id = given;
  if (const OwnLesson* own = own_lesson(app, given)) {
    out = own->json;
    return Status::success();
  }
  const std::vector<std::string>& builtin = builtin_lesson_ids();
  if (std::find(builtin.begin(), builtin.end(), given) == builtin.end()) {
    std::vector<std::string> known = builtin;
    for (const OwnLesson& l : app.own_lessons) known.push_back(l.id);
    return Status::fail(Msg::lesson_builtin_unknown, {{"id", given.substr(0, 64)}, {"known", join(known)}});
  }
  out = given;
  return Status::success();
}

}  // namespace

Status package_options(const App& app, const std::string& standard, const std::string& options, std::string& out) {
  if (std::find(standards().begin(), standards().end(), standard) == standards().end())
    return choice_error("standard", standards(), standard);
  const Json o = Json::parse(options, nullptr, false);
  if (!o.is_object()) return options_error("not a JSON object");
  Json r = Json::object();
  for (auto it = o.begin(); it != o.end(); ++it) {
    const std::string& key = it.key();
    const Json& v = it.value();
    if (key == "lessons") {
      std::vector<std::string> given;
      if (v.is_string()) given.push_back(v.get<std::string>());
      else if (v.is_array()) {
        for (const Json& x : v) {
          if (!x.is_string()) return options_error("lessons: each is a lesson's id or its JSON text");
          given.push_back(x.get<std::string>());
        }
      } else {
        return options_error("lessons: a list of lesson ids or lesson texts");
      }
      if (given.empty()) return Status::fail(Msg::package_no_lessons);
      Json lessons = Json::array();
      std::vector<std::string> ids;
      for (const std::string& g : given) {
        std::string text, id;
        Status st = package_lesson(app, g, text, id);
        if (!st) return st;
        if (std::find(ids.begin(), ids.end(), id) != ids.end()) return Status::fail(Msg::package_twice, {{"id", id}});
        ids.push_back(id);
        lessons.push_back(text);
      }
      r["lessons"] = std::move(lessons);
    } else if (key == "lang") {
      if (v.is_null()) continue;
      std::vector<std::string> codes;
      for (Lang l : user_languages()) codes.emplace_back(lang_code(l));
      if (!v.is_string() || std::find(codes.begin(), codes.end(), v.get<std::string>()) == codes.end())
        return choice_error("lang", codes, v.is_string() ? v.get<std::string>() : v.dump());
      r["lang"] = v;
    } else if (key == "pass") {
      if (v.is_null()) continue;
      if (!v.is_number() || !(v.get<double>() >= 0.0 && v.get<double>() <= 1.0))
        return Status::fail(Msg::setting_real_range, {{"key", "pass"}, {"min", "0"}, {"max", "1"}, {"value", v.dump()}});
      r["pass"] = v.get<double>();
    } else if (key == "theme") {
      if (v.is_null()) continue;
      Theme t = Theme::Light;
      if (!v.is_string() || !parse_theme(v.get<std::string>(), t))
        return choice_error("theme", theme_names(), v.is_string() ? v.get<std::string>() : v.dump());
      r["theme"] = v;
    } else if (key == "panels") {
      if (v.is_null()) continue;
      std::string text;
      if (v.is_string()) text = v.get<std::string>();
      else if (v.is_array()) {
        for (const Json& x : v) {
          if (!x.is_string()) return options_error("panels: panel names");
          text += (text.empty() ? "" : ",") + x.get<std::string>();
        }
        if (text.empty()) text = "none";
      } else {
        return options_error("panels: a list of panel names, all or none");
      }
      PanelFlags flags;
      Status st = parse_panels(text, flags);
      if (!st) return st;
      const std::string shown = panels_text(flags);
      if (shown != "data,algorithm,run,theory,plots") r["panels"] = shown;
    } else if (key == "embed") {
      if (!v.is_boolean()) return options_error("embed: true or false");
      r["embed"] = v;
    } else if (key == "title") {
      if (v.is_null()) continue;
      if (!v.is_string() || v.get<std::string>().size() > 255) return options_error("title: a text of at most 255 bytes");
      r["title"] = v;
    } else {
      return options_error("unknown option '" + key.substr(0, 40) + "'");
    }
  }
  if (!r.contains("lessons")) {  // the lesson open (built-in or added), else the first one
    std::string text, id;
    const std::string open = !app.builtin_open.empty() ? app.builtin_open : builtin_lesson_ids().front();
    Status st = package_lesson(app, open, text, id);
    if (!st) return st;
    r["lessons"] = Json::array({text});
  }
  out = r.dump(-1, ' ', false, Json::error_handler_t::replace);
  return Status::success();
}

void package_done(App& app, const std::string& standard, const std::string& name, double size_bytes, double ms,
                  const std::string& error_code, const std::string& detail) {
  CourseMaker& m = app.course_maker;
  (void)standard;
  m.making.clear();
  m.status = Message();
  m.status_args.clear();
  m.status_why.clear();
  if (error_code.empty()) {
    char kb[32], seconds[32];
    std::snprintf(kb, sizeof kb, "%.0f", std::ceil(size_bytes / 1024.0));
    std::snprintf(seconds, sizeof seconds, "%.1f", ms / 1000.0);
    m.status_key = "course.made";
    m.status_args = {{"name", name}, {"size", kb}, {"seconds", seconds}};
    m.status_error = false;
  } else {
    m.status_key = "course.failed";
    const std::string why = "course.why_" + error_code;
    if (catalog_has(Lang::En, why)) m.status_why = why;
    m.status_args = {{"reason", detail}};
    m.status_error = true;
  }
}

std::string course_status(const App& app) {
  const CourseMaker& m = app.course_maker;
  if (!m.status.empty()) return tr_msg(m.status);
  if (m.status_key.empty()) return "";
  if (m.status_why.empty()) return trf(m.status_key.c_str(), m.status_args);
  const std::string detail = m.status_args.empty() ? std::string() : m.status_args.front().second;
  return trf(m.status_key.c_str(), {{"reason", trf(m.status_why.c_str(), {{"file", detail}})}});
}

namespace {

// The options of the dialog's choices, as `package` takes them.
std::string dialog_options(const CourseMaker& m) {
  Json o = Json::object();
  Json lessons = Json::array();
  for (const std::string& id : m.lessons) lessons.push_back(id);
  o["lessons"] = std::move(lessons);
  o["lang"] = lang_code(user_languages()[static_cast<std::size_t>(m.lang)]);
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
    for (std::size_t i = 0; i < user_languages().size(); ++i)
      if (user_languages()[i] == app.lang) m.lang = static_cast<int>(i);
    m.theme = app.theme;
  }
}

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
  if (begin_dialog("course.title", "course_maker", 36.0f, &m.open)) {
    text_wrapped(tr("course.intro"));
    text_wrapped(tr("course.lessons"));
    const std::vector<LessonRow> rows = lesson_rows(app);
    for (std::size_t i = 0; i < rows.size(); ++i) {
      bool on = std::find(m.lessons.begin(), m.lessons.end(), rows[i].id) != m.lessons.end();
      Flow line;
      if (line.checkbox((rows[i].title + "##course_lesson" + std::to_string(i)).c_str(), &on)) tick(app, rows[i].id, on);
    }
    Flow own;
    if (app.hooks.pick_lesson_file && own.button(label("course.own_file", "course_own_file").c_str())) app.hooks.pick_lesson_file();
    if (app.hooks.paste_lesson && own.button(label("course.own_paste", "course_own_paste").c_str())) app.hooks.paste_lesson();
    if (form_begin("course_form")) {
      form_row(tr("app.language"));
      if (begin_combo("##course_lang", lang_name(user_languages()[static_cast<std::size_t>(m.lang)]))) {
        for (int i = 0; i < static_cast<int>(user_languages().size()); ++i)
          if (ImGui::Selectable((std::string(lang_name(user_languages()[static_cast<std::size_t>(i)])) + "##course_lang" +
                                 std::to_string(i)).c_str(), m.lang == i))
            m.lang = i;
        ImGui::EndCombo();
      }
      form_row(tr("course.pass"), tr("course.pass_help"));
      ImGui::Checkbox("##course_with_pass", &m.with_pass);
      if (m.with_pass) {
        ImGui::SameLine();
        ImGui::SetNextItemWidth(-1.0f);
        ImGui::SliderInt("##course_pass", &m.pass, 0, 100, "%d %%", ImGuiSliderFlags_AlwaysClamp);
      }
      form_row(tr("app.theme"));
      if (begin_combo("##course_theme", tr(theme_info(m.theme).label_key))) {
        for (const ThemeInfo& t : themes())
          if (ImGui::Selectable((std::string(tr(t.label_key)) + "##course_theme_" + t.name).c_str(), m.theme == t.theme)) m.theme = t.theme;
        ImGui::EndCombo();
      }
      form_row(tr("maker.embed"));
      ImGui::Checkbox("##course_embed", &m.embed);
      ImGui::EndTable();
    }
    text_wrapped(tr("maker.panels"));
    Flow panels;
    int k = 0;
    for (const PanelInfo& p : panel_list())
      panels.checkbox(label(p.label_key, ("course_panel" + std::to_string(k++)).c_str()).c_str(), &(m.panels.*p.shown));

    ImGui::Separator();
    text_wrapped(tr("course.download"));
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
      if (downloads.button(label(kind.key, (std::string("course_") + kind.standard).c_str()).c_str())) {
        const Status st = run_command(app, {"package", kind.standard, dialog_options(m)});
        if (!st) {
          m.status = st;
          m.status_error = true;
        }
      }
      if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) tooltip(tr(kind.tip));
    }
    ImGui::EndDisabled();
    if (!app.hooks.make_package) text_wrapped(tr_msg(Message(Msg::package_unavailable)));
    else if (m.lessons.empty()) text_wrapped(tr("course.none_chosen"));
    if (!m.making.empty()) {
      text_wrapped(trf("course.making", {{"standard", m.making}}));
    } else if (!course_status(app).empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, m.status_error ? palette(app).mistake : palette(app).ok);
      text_wrapped(course_status(app));
      ImGui::PopStyleColor();
    }

    // The embed code: this page's own address with the first lesson and the choices.
    ImGui::Separator();
    const std::string address = app.hooks.page_address ? app.hooks.page_address() : std::string();
    const bool own_first = !m.lessons.empty() && own_lesson(app, m.lessons.front()) != nullptr;
    Flow buttons;
    if (address.empty()) {
      text_wrapped(tr("course.no_address"));
    } else if (own_first) {
      text_wrapped(tr("course.iframe_own"));
    } else {
      Params p;
      if (!m.lessons.empty()) p.emplace_back("lesson", m.lessons.front());
      p.emplace_back("lang", lang_code(user_languages()[static_cast<std::size_t>(m.lang)]));
      const std::string shown = panels_text(m.panels);
      if (shown != "data,algorithm,run,theory,plots") p.emplace_back("panels", shown);
      if (m.theme != themes().front().theme) p.emplace_back("theme", theme_info(m.theme).name);
      if (m.embed) p.emplace_back("embed", "1");
      const std::string snippet = "<iframe src=\"" + address + "?" + encode_query(p) +
                                  "\" width=\"800\" height=\"600\" title=\"Perceptron Lab\"></iframe>";
      text_wrapped(tr("course.iframe"));
      text_wrapped(snippet);
      if (app.hooks.copy_text && buttons.button(label("maker.copy_iframe", "course_copy_iframe").c_str())) app.hooks.copy_text(snippet);
    }
    if (buttons.button(label("maker.close", "course_close").c_str())) m.open = false;
  }
  ImGui::End();
}

}  // namespace pla::app
