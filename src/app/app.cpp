// Perceptron Lab app: the frame (layout of the panels) and the scripted-command
// entry point shared with the page's JavaScript API.
//
// [SECTION] Start, and the interface's settings (plot tab, panels, theme, ...)
// [SECTION] Lessons and the course
// [SECTION] state()
// [SECTION] Commands
// [SECTION] The frame: layout of the windows
#include "app/app.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>

#include "app/app_internal.hpp"
#include "app/fonts.hpp"
#include "app/view3d.hpp"
#include "core/base/json.hpp"
#include "core/base/values.hpp"

namespace pla::app {

// -----------------------------------------------------------------------------
// [SECTION] Start, and the interface's settings (plot tab, panels, theme, ...)
// -----------------------------------------------------------------------------

void init(App& app) {
  run_command(app, {"preset", "six"});
  run_command(app, {"train"});
}

namespace {
std::vector<std::string> lang_names() {
  std::vector<std::string> out;
  for (Lang l : user_languages()) out.emplace_back(lang_code(l));
  out.emplace_back(lang_code(Lang::Pseudo));
  return out;
}

std::string panels_text(const App& app) { return panels_text(app.panels); }
Status set_panels(App& app, const std::string& value) { return parse_panels(value, app.panels); }

}  // namespace

std::string panels_text(const PanelFlags& shown) {
  std::string s;
  for (const PanelInfo& p : panel_list())
    if (shown.*p.shown) s += (s.empty() ? "" : ",") + std::string(p.name);
  return s.empty() ? "none" : s;
}

// A comma-separated list of the panels to show (panel_list() names, or "all", "none").
Status parse_panels(const std::string& value, PanelFlags& out) {
  PanelFlags on;
  for (const PanelInfo& p : panel_list()) on.*p.shown = false;
  std::size_t start = 0;
  while (start <= value.size()) {
    std::size_t end = value.find(',', start);
    if (end == std::string::npos) end = value.size();
    const std::string name = value.substr(start, end - start);
    bool known = name.empty() || name == "none";
    for (const PanelInfo& p : panel_list())
      if (name == p.name || name == "all") on.*p.shown = known = true;
    if (!known) return Status::fail(Msg::ui_unknown_panel, {{"value", name.substr(0, 30)}});
    start = end + 1;
  }
  out = on;
  return Status::success();
}

const std::vector<UiSetting>& ui_settings_table() {
  static const std::vector<UiSetting> table = {
      UiSetting::choice(
          "plot", kView, nullptr, plot_tab_names,
          [](const App& a) {
            const int last = static_cast<int>(plot_tabs().size()) - 1;
            return std::string(plot_tabs()[static_cast<std::size_t>(std::clamp(a.plots.tab, 0, last))].name);
          },
          [](App& a, const std::string& v) {
            for (std::size_t i = 0; i < plot_tabs().size(); ++i)
              if (v == plot_tabs()[i].name) {
                a.plots.select_tab = a.plots.tab = static_cast<int>(i);
                return Status::success();
              }
            return choice_error("plot", plot_tab_names(), v);
          }),
      UiSetting::boolean("hull", kView, nullptr, [](App& a) { return &a.view.show_hull; }),
      UiSetting::boolean("max_margin", kView, nullptr, [](App& a) { return &a.view.show_max_margin; }),
      UiSetting::boolean("mistakes", kView, nullptr, [](App& a) { return &a.view.show_mistakes; }),
      UiSetting::boolean("field", kView, nullptr, [](App& a) { return &a.view.show_field; }),
      UiSetting::boolean("update", kView, nullptr, [](App& a) { return &a.view.show_update; }),
      UiSetting::boolean("delete", kView, nullptr, [](App& a) { return &a.input.delete_mode; }),
      UiSetting::boolean("alpha", kView, nullptr, [](App& a) { return &a.view.show_alpha; }),
      UiSetting::boolean("help", kView, nullptr, [](App& a) { return &a.show_help; }),
      [] {
        UiSetting s = UiSetting::choice(
            "label", kView, nullptr, [] { return std::vector<std::string>{"+1", "-1"}; },
            [](const App& a) { return std::string(a.input.draw_label > 0 ? "1" : "-1"); },
            [](App& a, const std::string& v) {
              int label = 0;
              if (!parse_label(v, label)) return choice_error("label", {"+1", "-1"}, v);
              a.input.draw_label = label;
              return Status::success();
            });
        s.get_json = [](const App& a) { return Json(a.input.draw_label > 0 ? 1 : -1); };
        return s;
      }(),
      UiSetting::choice(
          "theme", kView, nullptr, theme_names, [](const App& a) { return std::string(theme_info(a.theme).name); },
          [](App& a, const std::string& v) {
            return parse_theme(v, a.theme) ? Status::success() : choice_error("theme", theme_names(), v);
          }),
      UiSetting::boolean("embed", kView, nullptr, [](App& a) { return &a.embed; }),
      UiSetting::boolean("lessons_menu", kView, nullptr, [](App& a) { return &a.lessons_menu; }),
      UiSetting::boolean("autoplay", kView, nullptr, [](App& a) { return &a.autoplay; }),
      UiSetting::text("panels", kView, nullptr, panels_text, set_panels),
      UiSetting::choice(
          "lang", kView, nullptr, lang_names, [](const App& a) { return std::string(lang_code(a.lang)); },
          [](App& a, const std::string& v) {
            Lang l = Lang::En;
            if (!parse_lang(v, l)) return choice_error("lang", lang_names(), v);
            a.lang = l;
            return Status::success();
          }),
      UiSetting::real("font_scale", kView, nullptr, 0.75, Bound::Closed, 2.5, [](App& a) { return &a.font_scale; }),
  };
  return table;
}

// -----------------------------------------------------------------------------
// [SECTION] Lessons and the course
// -----------------------------------------------------------------------------

namespace {
// The view settings of a lesson's steps so far (core/lesson.hpp "view"), through `set`;
// the first one refused is reported after `st` (the step itself still shows).
Status apply_lesson_view(App& a, Status st) {
  for (const auto& kv : a.lesson.view_settings()) {
    const UiSetting* def = find_setting(ui_settings_table(), kv.first);
    const Status r = def ? setting_parse(*def, a, kv.second) : unknown_setting(ui_settings_table(), kv.first);
    if (st && !r) st = r;
  }
  return st;
}
}  // namespace

namespace {
// The student's progress through the lesson open, recorded after every lesson command
// (the platform saves it when course_revision changes). "current" names a built-in lesson
// only: the page fetches a teacher's lesson again from its link.
Status note_progress(App& a, Status st) {
  if (!a.progress_key.empty() && a.lesson.active()) {
    a.course.lessons[a.progress_key] = a.lesson.progress();
    a.course.current = a.builtin_open;
    ++a.course_revision;
  }
  return st;
}

// A lesson command's status: the work it queued runs for one slice at once (a short step
// ends here); longer work goes on frame by frame (lesson_frame), its status shown then.
Status lesson_slice(App& a, Status st) {
  if (a.lesson.busy() && a.lesson.work(a.session, a.lesson_ui.budget_seconds) && st) st = a.lesson.work_status();
  return st;
}

// The progress key of a teacher's lesson: its text's FNV-1a hash, so that an edited file
// is a new lesson (its old steps and answers would not fit it).
std::string teacher_progress_key(const std::string& text) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  char buf[24];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return std::string("file:") + buf;
}

// Opens a lesson: a built-in id or a lesson's JSON text (its progress recorded from now
// on). resume: a lesson the student started and did not finish goes on where they left
// it; otherwise it starts at step 1. review: a lesson the student finished is shown at its
// end (its score, each question read-only) instead of starting again.
Status open_lesson(App& a, const std::string& what, bool resume, bool review = false) {
  const bool builtin = what.empty() || what[0] != '{';
  LessonRunner next;
  const OwnLesson* own = builtin ? own_lesson(a, what) : nullptr;
  Status st = own ? next.load(own->json, own->id + ".json") : builtin ? next.load_builtin(what) : next.load(what, "lesson");
  if (!st) return st;
  a.training = false;
  if (a.lesson.busy()) (void)a.lesson.cancel(a.session);  // the old lesson's work: nothing half-done stays
  next.set_slicing(true);
  a.lesson = std::move(next);
  a.builtin_open = builtin ? what : std::string();
  a.progress_key = builtin ? what : teacher_progress_key(what);
  const auto it = a.course.lessons.find(a.progress_key);
  if (resume && it != a.course.lessons.end() && (!it->second.done || review)) st = a.lesson.resume(a.session, it->second);
  else st = a.lesson.start(a.session);
  st = lesson_slice(a, st);
  a.view.fit_pending = true;
  a.lesson_ui.fit_when_done = a.lesson.busy();
  a.lesson_ui.scroll_to = true;  // the panel brings the lesson into view
  a.lesson_ui.embed_height = 0.0f;
  a.answer_text[0] = 0;
  return note_progress(a, apply_lesson_view(a, st));
}
}  // namespace

// The frame's slice of a lesson step's work; when it ends, its status is shown (as the
// command's would have been) and the progress recorded.
static void lesson_frame(App& a) {
  if (!a.lesson.busy() || !a.lesson.work(a.session, a.lesson_ui.budget_seconds)) return;
  if (a.lesson_ui.fit_when_done) a.view.fit_pending = true;
  a.lesson_ui.fit_when_done = false;
  a.view.field.step = ~0ull;
  show_result(a, note_progress(a, a.lesson.work_status()));
  if (a.lesson_ui.next_when_done && a.lesson.work_status()) act(a, {"lesson_next"});
  a.lesson_ui.next_when_done = false;
}

namespace {
}  // namespace

bool lessons_menu_available(const App& app) { return !app.embed || app.lessons_menu; }

// The built-in lesson after the open one in the course's order (builtin_lesson_ids(),
// web/lessons/course.json); empty for a teacher's lesson or the course's last.
std::string next_lesson_id(const App& app) {
  if (app.builtin_open.empty()) return "";
  std::vector<std::string> ids = builtin_lesson_ids();
  for (const OwnLesson& l : app.own_lessons) ids.push_back(l.id);
  const auto it = std::find(ids.begin(), ids.end(), app.builtin_open);
  return it == ids.end() || it + 1 == ids.end() ? std::string() : *(it + 1);
}

const OwnLesson* own_lesson(const App& app, const std::string& id) {
  for (const OwnLesson& l : app.own_lessons)
    if (l.id == id) return &l;
  return nullptr;
}

namespace {
// lesson_add: a teacher's lesson (its JSON text) among the lab's lessons, after the built-in
// ones; one with the same id as an added lesson takes its place (a corrected file).
Status add_lesson(App& a, const std::string& text) {
  LessonRunner r;
  Status st = r.load(text, "lesson");
  if (!st) return st;
  const std::string& id = r.lesson().id;
  if (!package_id(id)) return Status::fail(Msg::lesson_add_id, {{"id", id.substr(0, 64)}});
  const std::vector<std::string>& builtin = builtin_lesson_ids();
  if (std::find(builtin.begin(), builtin.end(), id) != builtin.end()) return Status::fail(Msg::lesson_add_builtin, {{"id", id}});
  OwnLesson l;
  l.id = id;
  l.json = text;
  l.info.id = id;
  l.info.title = r.lesson().title;
  l.info.steps = r.steps();
  for (const LessonStep& step : r.lesson().steps) l.info.questions += step.question.kind != QuestionKind::None;
  a.course_maker.added = id;
  for (OwnLesson& old : a.own_lessons)
    if (old.id == id) {
      old = std::move(l);
      return Status::success();
    }
  a.own_lessons.push_back(std::move(l));
  return Status::success();
}
}  // namespace

std::vector<LessonRow> lesson_rows(const App& app) {
  std::vector<LessonRow> out;
  const std::string lang = lang_code(app.lang);
  std::vector<const LessonInfo*> infos;
  for (const LessonInfo& info : builtin_lesson_infos()) infos.push_back(&info);
  for (const OwnLesson& l : app.own_lessons) infos.push_back(&l.info);
  for (const LessonInfo* each : infos) {
    const LessonInfo& info = *each;
    LessonRow r;
    r.id = info.id;
    r.title = lang == "pseudo" ? info.title.en + " " + info.title.en : info.title.in(lang);
    r.steps = info.steps;
    r.questions = info.questions;
    const auto it = app.course.lessons.find(info.id);
    if (it != app.course.lessons.end()) {
      r.step = std::min(it->second.step + 1, info.steps);
      r.done = it->second.done;
      r.right = it->second.right();
    }
    out.push_back(std::move(r));
  }
  return out;
}

// -----------------------------------------------------------------------------
// [SECTION] state()
// -----------------------------------------------------------------------------

std::vector<std::pair<std::string, std::string>> ui_settings(const App& app) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const UiSetting& def : ui_settings_table()) out.emplace_back(def.key, setting_text(def, app));
  return out;
}

Json state(const App& app) {
  Json o = app.session.state();
  for (const UiSetting& def : ui_settings_table()) o[def.key] = setting_json(def, app);
  o["training"] = app.training;
  if (app.training) o["run"] = run_progress(app);
  if (app.lesson.active()) {
    o["lesson"] = app.lesson.state();
    o["lesson"]["next_lesson"] = next_lesson_id(app);  // "Next lesson" at the end ("" none)
  }
  // What the canvas drew in the last frame of the cues a lesson question may hide.
  const CanvasView::Cues& c = app.view.drawn;
  o["cues"] = Json{{"crosses", c.crosses},       {"query_labels", c.query_labels}, {"regions", c.regions},
                   {"alpha_size", c.alpha_size}, {"hull", c.hull},                 {"max_margin", c.max_margin},
                   {"hover_verdict", c.hover_verdict}};
  Json lessons = Json::array();
  for (const LessonRow& r : lesson_rows(app))
    lessons.push_back(Json{{"id", r.id}, {"title", r.title}, {"steps", r.steps}, {"step", r.step}, {"done", r.done},
                           {"right", r.right}, {"questions", r.questions}});
  o["lessons"] = std::move(lessons);
  o["lessons_open"] = app.lessons_open && lessons_menu_available(app);
  Json notices = Json::array();
  for (const Message& m : app.notices) notices.push_back(m.english());
  o["notices"] = std::move(notices);
  return o;
}

std::string state_json(const App& app) { return state(app).dump(-1, ' ', false, Json::error_handler_t::replace); }

// -----------------------------------------------------------------------------
// [SECTION] Commands
// -----------------------------------------------------------------------------

// Commands: the session's table plus the interface's own.

const std::vector<AppCommand>& app_commands() {
  using A = const std::vector<std::string>&;
  static const std::vector<AppCommand> table = {
      {"fit", "fit", 0, 0, [](App& a, A) {
         a.view.fit_pending = true;
         return Status::success();
       }},
      // Train to a stop rule in slices, frame by frame (cancellable, with progress).
      {"train_start", "train_start", 0, 0, [](App& a, A) {
         Status st = a.session.need_data();
         if (!st) return st;
         begin_run(a, "train_start");
         return Status::success();
       }},
      {"train_cancel", "train_cancel", 0, 0, [](App& a, A) {
         a.training = false;
         return Status::success();
       }},
      // The best supported language for the user's preferred language tags ("vi-VN", "zh-Hans", ...).
      {"prefer_languages", "prefer_languages TAG...", 1, 16, [](App& a, A args) {
         a.lang = lang_from_preferences({args.begin() + 1, args.end()});
         return Status::success();
       }},
      // A guided lesson: a built-in id or the lesson's JSON text (core/lesson.hpp).
      // (from step 1; lesson_open resumes a lesson the student left unfinished).
      {"lesson", "lesson ID_OR_JSON", 1, 1, [](App& a, A args) { return open_lesson(a, args[1], false); }},
      {"lesson_open", "lesson_open ID", 1, 1, [](App& a, A args) {
         a.lessons_open = false;
         return open_lesson(a, args[1], true);
       }},
      // A learning platform's review of a finished attempt: as lesson_open, but a lesson the
      // student finished is shown at its end with its answers (read-only) instead of anew.
      {"lesson_review", "lesson_review ID", 1, 1, [](App& a, A args) {
         a.lessons_open = false;
         return open_lesson(a, args[1], true, true);
       }},
      {"lesson_next", "lesson_next", 0, 0, [](App& a, A) {
         if (a.lesson.busy() && a.lesson_ui.in_frame) {  // pressed: waits for the step's work (lesson_frame)
           a.lesson_ui.next_when_done = true;
           return Status::success();
         }
         a.answer_text[0] = 0;
         return note_progress(a, apply_lesson_view(a, lesson_slice(a, a.lesson.next(a.session))));
       }},
      {"lesson_back", "lesson_back", 0, 0, [](App& a, A) {
         a.lesson_ui.next_when_done = false;
         a.answer_text[0] = 0;
         return note_progress(a, apply_lesson_view(a, lesson_slice(a, a.lesson.back(a.session))));
       }},
      // Stops a lesson step's work in slices: the lesson and the lab back to before it.
      {"lesson_cancel", "lesson_cancel", 0, 0, [](App& a, A) {
         a.lesson_ui.next_when_done = false;
         if (a.lesson.cancel(a.session)) a.view.field.step = ~0ull;
         return note_progress(a, apply_lesson_view(a, Status::success()));
       }},
      {"answer", "answer VALUE", 1, 1, [](App& a, A args) {
         return note_progress(a, lesson_slice(a, a.lesson.answer(a.session, args[1])));
       }},
      // Practice on an answered question that allows it ("retry": true): its inputs again;
      // a practice answer is checked and never recorded.
      {"lesson_retry", "lesson_retry", 0, 0, [](App& a, A) {
         if (a.lesson.busy()) (void)a.lesson.finish(a.session);
         a.answer_text[0] = 0;
         return a.lesson.try_again();
       }},
      // A step of the open lesson (1-based), shown as Back shows it (an answered question
      // read-only); forward only over questions already answered or passed.
      {"lesson_goto", "lesson_goto STEP", 1, 1, [](App& a, A args) {
         std::uint64_t n = 0;
         if (!parse_u64(args[1], n) || n == 0) return Status::fail(Msg::command_usage, {{"usage", "lesson_goto STEP"}});
         a.lesson_ui.next_when_done = false;
         a.answer_text[0] = 0;
         const std::size_t step = static_cast<std::size_t>(std::min<std::uint64_t>(n - 1, 1u << 30));
         return note_progress(a, apply_lesson_view(a, lesson_slice(a, a.lesson.go_to(a.session, step))));
       }},
      {"lesson_exit", "lesson_exit", 0, 0, [](App& a, A) {
         if (a.lesson.busy()) (void)a.lesson.cancel(a.session);  // nothing half-done stays
         a.lesson = LessonRunner();
         a.builtin_open.clear();
         a.progress_key.clear();
         a.course.current.clear();
         ++a.course_revision;
         return Status::success();
       }},
      // A teacher's lesson (its JSON text) among the lab's lessons: listed after the built-in
      // ones (state().lessons, the Lessons menu) and opened by its id (lesson_open ID).
      {"lesson_add", "lesson_add JSON", 1, 1, [](App& a, A args) { return add_lesson(a, args[1]); }},
      // A package for a course, made by the platform (a browser page: a Promise of
      // {ok, name, base64}; see web/index.html); from the dialog's buttons it is downloaded.
      {"package", "package scorm12|scorm2004|h5p|html [OPTIONS_JSON]", 1, 2, [](App& a, A args) {
         std::string options;
         Status st = package_options(a, args[1], args.size() > 2 ? args[2] : std::string("{}"), options);
         if (!st) return st;
         if (!a.hooks.make_package || !a.hooks.make_package(args[1], options, a.lesson_ui.in_frame))
           return Status::fail(Msg::package_unavailable);
         a.course_maker.making = args[1];
         a.course_maker.status = Message();
         return Status::success();
       }},
      // The Lessons menu: open (true), closed (false) or the other way round (no argument).
      {"show_lessons", "show_lessons [true|false]", 0, 1, [](App& a, A args) {
         bool open = !a.lessons_open;
         if (args.size() == 2 && !parse_bool(args[1], open)) return Status::fail(Msg::command_usage, {{"usage", "show_lessons [true|false]"}});
         a.lessons_open = open;
         return Status::success();
       }},
      {"toggle_play", "toggle_play", 0, 0, [](App& a, A) {
         return run_command(a, {a.session.playing() ? "pause" : "play"});
       }},
  };
  return table;
}

const std::vector<std::string>& command_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out = Session::command_names();
    for (const AppCommand& c : app_commands()) out.emplace_back(c.name);
    return out;
  }();
  return names;
}

Status run_command(App& app, const std::vector<std::string>& args) {
  // An open lesson question locks what would move the lab past it (core/conceal.hpp).
  if (locked(app) && question_locks(args))
    return Status::fail(Msg::lesson_locked, {{"id", app.lesson.id()},
                                             {"step", std::to_string(app.lesson.step() + 1)},
                                             {"command", args[0].substr(0, 40)}});
  if (args.size() == 3 && args[0] == "set")
    if (const UiSetting* def = find_setting(ui_settings_table(), args[1])) return setting_parse(*def, app, args[2]);
  if (!args.empty())
    for (const AppCommand& c : app_commands())
      if (args[0] == c.name) {
        const int n = static_cast<int>(args.size()) - 1;
        if (n < c.min_args || n > c.max_args) return Status::fail(Msg::command_usage, {{"usage", c.usage}});
        return c.run(app, args);
      }
  // The commands that can run long go on in slices (sliced_run.cpp).
  if (args.size() == 1 && (args[0] == "train" || args[0] == "run" || args[0] == "epoch" || args[0] == "next_update"))
    return run_sliced_command(app, args);
  if (!args.empty() && args[0] == "compare") return run_sliced_command(app, args);
  unsigned flags = 0;
  for (const Command& c : session_commands())
    if (!args.empty() && args[0] == c.name) flags = c.flags;
  const Status st = app.session.command(args);
  if (st && (flags & kCmdNewData)) app.view.fit_pending = true;
  if (flags & kCmdStopsRun) app.training = false;
  app.view.field.step = ~0ull;
  return st;
}

Status act(App& app, const std::vector<std::string>& args) {
  const Status st = run_command(app, args);
  show_result(app, st);
  return st;
}

// -----------------------------------------------------------------------------
// [SECTION] The frame: layout of the windows
// -----------------------------------------------------------------------------

// touch_input.cpp: a finger's drag scrolls the panels (before the windows); the number
// answer's field hidden from the page when something is in front of it (after them).
void swipe_scroll(App& app);
void answer_field_end(App& app);

void frame(App& app, float dt) {
  Session& s = app.session;
  struct InFrame {
    bool& flag;
    ~InFrame() { flag = false; }
  } in_frame{app.lesson_ui.in_frame};
  in_frame.flag = true;
  app.plots.vc.computing = false;  // the VC tab sets it again while its curve is unfinished
  lesson_frame(app);
  // Nothing plays past an open lesson question (however the run was started before it).
  if (locked(app)) {
    if (s.playing()) s.pause();
    app.training = false;
  }
  if (app.training) {
    advance_run(app);
  } else {
    s.advance(static_cast<double>(dt));
  }
  set_language(display_language(app));
  Applied& done = app.applied;
  if (app.theme != done.theme || app.font_scale != done.style_scale || app.touch != done.touch) {
    apply_style(app.theme, static_cast<float>(app.font_scale), app.touch);
    done.theme = app.theme;
    done.style_scale = app.font_scale;
    done.touch = app.touch;
  }
  keyboard(app);
  swipe_scroll(app);
  app.lesson_ui.answer.shown = app.lesson_ui.answer.active = false;  // lesson_panel sets them when drawn
  if (!app.lesson.active()) app.lesson_ui.embed_height = 0.0f;

  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const ImGuiWindowFlags fixed = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
  const float fs = static_cast<float>(app.font_scale);
  bool any_panel = false;
  for (const PanelInfo& p : panel_list()) any_panel |= p.side && app.panels.*p.shown;
  // Three layouts: embed (canvas plus a control strip), narrow (a phone held upright:
  // the canvas on top, the panels and plots stacked under it in one scrolling column)
  // and wide (panels left, canvas right, plots under the canvas).
  const bool narrow = !app.embed && (vp->WorkSize.x < 600.0f * std::min(fs, 1.5f) || vp->WorkSize.x < vp->WorkSize.y * 0.75f);
  float panel = 0.0f, plots_h = 0.0f, strip_h = 0.0f, lesson_h = 0.0f;
  ImVec2 canvas_pos = vp->WorkPos, canvas_size = vp->WorkSize;
  if (app.embed) {
    strip_h = std::min(vp->WorkSize.y * 0.5f, app.strip_height > 0.0f ? app.strip_height
                                                                      : ImGui::GetFrameHeightWithSpacing() +
                                                                            ImGui::GetStyle().WindowPadding.y * 2);
    canvas_size.y -= strip_h;
    // A lesson goes above the canvas, never over the data: as high as the steps shown so
    // far (up to half the room; then it scrolls), the canvas under it.
    if (app.lesson.active()) {
      lesson_h = std::min(canvas_size.y * 0.5f, app.lesson_ui.embed_height > 0.0f ? app.lesson_ui.embed_height : canvas_size.y);
      canvas_pos.y += lesson_h;
      canvas_size.y -= lesson_h;
    }
  } else if (narrow) {
    canvas_size.y = std::min(vp->WorkSize.x, vp->WorkSize.y * 0.45f);
  } else {
    if (any_panel) panel = std::min(vp->WorkSize.x * 0.45f, std::clamp(vp->WorkSize.x * 0.3f, 250.0f * fs, 380.0f * fs));
    if (app.panels.plots) plots_h = std::min(vp->WorkSize.y * 0.5f, std::clamp(vp->WorkSize.y * 0.32f, 150.0f * fs, 320.0f * fs));
    canvas_pos.x += panel;
    canvas_size = ImVec2(vp->WorkSize.x - panel, vp->WorkSize.y - plots_h);
  }

  if (panel > 0.0f) {
    ImGui::SetNextWindowPos(vp->WorkPos);
    ImGui::SetNextWindowSize(ImVec2(panel, vp->WorkSize.y));
    ImGui::Begin("Perceptron Lab", nullptr, fixed);
    control_panel(app);
    ImGui::End();
  }

  // The 3-D view (setting view3d) shares the canvas's area: beside it, or under it when tall.
  ImVec2 view3d_pos, view3d_size;
  view3d_split(app, canvas_pos, canvas_size, view3d_pos, view3d_size);
  ImGui::SetNextWindowPos(canvas_pos);
  ImGui::SetNextWindowSize(canvas_size);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::Begin("Data", nullptr, fixed | ImGuiWindowFlags_NoDecoration);
  canvas(app);
  ImGui::End();
  ImGui::PopStyleVar();
  view3d_window(app, view3d_pos, view3d_size);

  if (narrow) {
    // Everything else in one column under the canvas, scrolled by touch or wheel.
    ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x, vp->WorkPos.y + canvas_size.y));
    ImGui::SetNextWindowSize(ImVec2(vp->WorkSize.x, vp->WorkSize.y - canvas_size.y));
    ImGui::Begin("Perceptron Lab", nullptr, fixed | ImGuiWindowFlags_NoTitleBar);
    if (any_panel) control_panel(app);
    if (app.panels.plots && ImGui::CollapsingHeader(label("panel.plots", "plots").c_str(), ImGuiTreeNodeFlags_DefaultOpen)) {
      ImGui::BeginChild("Plots", ImVec2(0, std::max(260.0f * fs, vp->WorkSize.y * 0.55f)), false);
      plots_panel(app);
      ImGui::EndChild();
    }
    ImGui::End();
  }
  if (plots_h > 0.0f) {
    ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + panel, vp->WorkPos.y + vp->WorkSize.y - plots_h));
    ImGui::SetNextWindowSize(ImVec2(vp->WorkSize.x - panel, plots_h));
    ImGui::Begin("Plots", nullptr, fixed | ImGuiWindowFlags_NoTitleBar);
    plots_panel(app);
    ImGui::End();
  }
  if (strip_h > 0.0f) {
    ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x, vp->WorkPos.y + vp->WorkSize.y - strip_h));
    ImGui::SetNextWindowSize(ImVec2(vp->WorkSize.x, strip_h));
    ImGui::Begin("Controls", nullptr, fixed | ImGuiWindowFlags_NoDecoration);
    embed_strip(app);
    // The strip is as high as its rows (they wrap when narrow or long): next frame's height.
    app.strip_height = ImGui::GetCursorPosY() - ImGui::GetStyle().ItemSpacing.y + ImGui::GetStyle().WindowPadding.y;
    ImGui::End();
  }
  if (lesson_h > 0.0f) {
    // Embedded: the lesson above the canvas, scrolling when long. Its content's height
    // (measured here) sets the next frame's: it grows to the tallest step shown.
    ImGui::SetNextWindowPos(vp->WorkPos);
    ImGui::SetNextWindowSize(ImVec2(canvas_size.x, lesson_h));
    ImGui::Begin("Lesson", nullptr, fixed | ImGuiWindowFlags_NoTitleBar);
    lesson_panel(app);
    const float content = ImGui::GetCursorPosY() - ImGui::GetStyle().ItemSpacing.y + ImGui::GetStyle().WindowPadding.y;
    ImGui::End();
    app.lesson_ui.embed_height = std::max(app.lesson_ui.embed_height, std::ceil(content));
  }
  if (!app.notices.empty()) {
    // As wide as the canvas allows (up to 34 em), as high as the notices, then it scrolls.
    const float width = std::min(canvas_size.x - 16.0f, ImGui::GetFontSize() * 34.0f);
    const float max_h = std::max(ImGui::GetFrameHeightWithSpacing() * 3.0f, canvas_size.y - 16.0f);
    ImGui::SetNextWindowPos(ImVec2(canvas_pos.x + 8, canvas_pos.y + 8));
    ImGui::SetNextWindowSize(ImVec2(width, 0.0f));
    ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0.0f), ImVec2(width, max_h));
    ImGui::SetNextWindowBgAlpha(0.95f);
    ImGui::Begin("Notice", nullptr,
                 ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoMove);
    notices_bar(app);
    ImGui::End();
  }
  help_overlay(app);
  lessons_menu(app);
  link_maker(app);
  course_maker(app);
  keyboard_nav_end(app);
  answer_field_end(app);
}

}  // namespace pla::app
