// Perceptron Lab app: packages for a course. The command `package STANDARD [OPTIONS]`
// checks the options (lessons: ids or a lesson's JSON text, lang, pass, theme, panels,
// embed, title) and hands them to the platform, which makes a SCORM 1.2 or SCORM 2004 zip,
// an .h5p or the single-file page (the browser page: web/package/make_package.js, the code
// ./build.sh package runs too) and reports the end (package_done); course_status says how
// the last one went. The dialog that makes them is course_maker.cpp.
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
      const std::vector<std::string> codes = user_languages(app.session.catalogs());
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

// The command `package STANDARD [OPTIONS]`: a package for a course, made by the platform (a
// browser page: a Promise of {ok, name, base64}; see web/index.html); from the dialog's
// buttons it is downloaded.
Status cmd_package(App& a, const std::vector<std::string>& args) {
  std::string options;
  Status st = package_options(a, args[1], args.size() > 2 ? args[2] : std::string("{}"), options);
  if (!st) return st;
  if (!a.hooks.make_package || !a.hooks.make_package(args[1], options, a.lesson_ui.in_frame))
    return Status::fail(Msg::package_unavailable);
  a.course_maker.making = args[1];
  a.course_maker.status = Message();
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
    if (app.session.catalogs().has(kEnglish, why)) m.status_why = why;
    m.status_args = {{"reason", detail}};
    m.status_error = true;
  }
}

std::string course_status(const App& app) {
  const CourseMaker& m = app.course_maker;
  if (!m.status.empty()) return app.msg(m.status);
  if (m.status_key.empty()) return "";
  if (m.status_why.empty()) return app.trf(m.status_key.c_str(), m.status_args);
  const std::string detail = m.status_args.empty() ? std::string() : m.status_args.front().second;
  return app.trf(m.status_key.c_str(), {{"reason", app.trf(m.status_why.c_str(), {{"file", detail}})}});
}

}  // namespace pla::app
