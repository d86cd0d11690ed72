// Perceptron Lab app: the interface's commands (the command table: fit the view, sliced
// training, the language, the lessons, packages, the Lessons menu, play), and
// run_command, the one entry point of scripted commands shared with the page's JavaScript
// API: a lesson question's lock, then `set` of an interface setting, the interface's
// commands, the commands that run in slices, and the session's.

#include <string>
#include <vector>

#include "app/app_internal.hpp"

namespace pla::app {

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
         a.lang = a.session.catalogs().pick({args.begin() + 1, args.end()});
         return Status::success();
       }},
      // A guided lesson: a built-in id or the lesson's JSON text (core/lesson.hpp), from step 1
      // (lesson_open resumes a lesson the student left unfinished, lesson_review shows a
      // finished one at its end); the lesson commands are course.cpp's.
      {"lesson", "lesson ID_OR_JSON", 1, 1, cmd_lesson},
      {"lesson_open", "lesson_open ID", 1, 1, cmd_lesson_open},
      {"lesson_review", "lesson_review ID", 1, 1, cmd_lesson_review},
      {"lesson_next", "lesson_next", 0, 0, cmd_lesson_next},
      {"lesson_back", "lesson_back", 0, 0, cmd_lesson_back},
      {"lesson_cancel", "lesson_cancel", 0, 0, cmd_lesson_cancel},
      {"answer", "answer VALUE", 1, 1, cmd_answer},
      {"lesson_retry", "lesson_retry", 0, 0, cmd_lesson_retry},
      {"lesson_goto", "lesson_goto STEP", 1, 1, cmd_lesson_goto},
      {"lesson_exit", "lesson_exit", 0, 0, cmd_lesson_exit},
      {"lesson_add", "lesson_add JSON", 1, 1, cmd_lesson_add},
      // A package for a course, made by the platform (course_maker.cpp).
      {"package", "package scorm12|scorm2004|h5p|html [OPTIONS_JSON]", 1, 2, cmd_package},
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
  // The teacher's studio's rows (studio_commands.cpp) after these.
  static const std::vector<AppCommand> all = [] {
    std::vector<AppCommand> rows = table;
    rows.insert(rows.end(), studio_commands().begin(), studio_commands().end());
    return rows;
  }();
  return all;
}

const std::vector<std::string>& command_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out = Session::command_names();
    for (const AppCommand& c : app_commands()) out.emplace_back(c.name);
    return out;
  }();
  return names;
}

namespace {

Status run_now(App& app, const std::vector<std::string>& args) {
  // An open lesson question locks what would move the lab past it (core/conceal.hpp).
  if (locked(app) && question_locks(args))
    return Status::fail(Msg::lesson_locked, {{"id", app.lesson.id()},
                                             {"step", std::to_string(app.lesson.step() + 1)},
                                             {"command", args[0].substr(0, 40)}});
  // A lesson's view may keep some controls from the student (the `locked` setting).
  if (keeps(app, command_controls(args)))
    return Status::fail(Msg::lesson_control_locked, {{"id", app.lesson.id()},
                                                     {"step", std::to_string(app.lesson.step() + 1)},
                                                     {"command", args[0].substr(0, 40)}});
  if (args.size() == 3 && args[0] == "set")
    if (const UiSetting* def = find_setting(ui_settings_table(), args[1])) return setting_parse(*def, app, args[2]);
  app.reply.clear();
  if (!args.empty())
    for (const AppCommand& c : app_commands())
      if (args[0] == c.name) {
        const int n = static_cast<int>(args.size()) - 1;
        if (n < c.min_args || n > c.max_args) return Status::fail(Msg::command_usage, {{"usage", c.usage}});
        const Status st = c.run(app, args);
        studio_note(app, args, st);  // the studio's log of the lab commands run
        return st;
      }
  unsigned flags = 0;
  for (const Command& c : session_commands())
    if (!args.empty() && args[0] == c.name) flags = c.flags;
  // The commands that can run long go on in slices (the table's kCmdSliced; sliced_run.cpp).
  if (flags & kCmdSliced) {
    const Status sliced = run_sliced_command(app, args);
    studio_note(app, args, sliced);
    return sliced;
  }
  const Status st = app.session.command(args);
  studio_note(app, args, st);
  if (st && (flags & kCmdNewData)) app.view.fit_pending = true;
  if (flags & kCmdStopsRun) app.training = false;
  app.view.field.step = ~0ull;
  return st;
}

}  // namespace

// A command that needs a file not here yet waits for it (data_wait.cpp), and so do the
// commands after it: they run in order once it has come.
Status run_command(App& app, const std::vector<std::string>& args) {
  if (!app.waiting.empty()) {
    app.waiting.push_back(args);
    return Status::success();
  }
  const Status st = run_now(app, args);
  return wait_for_data(app, args, st) ? Status::success() : st;
}

Status act(App& app, const std::vector<std::string>& args) {
  const Status st = run_command(app, args);
  show_result(app, st);
  return st;
}

void show_result(App& app, const Status& st, const Message& ok_message) {
  if (!st) {
    app.message = st;
    app.message_is_error = true;
  } else if (!ok_message.empty()) {
    app.message = ok_message;
    app.message_is_error = false;
  }
  if (!st || !ok_message.empty()) {  // beside the control that caused it (panels.cpp)
    app.message_at = app.ui_section;
    app.message_revision = app.session.revision();
  }
  app.view.field.step = ~0ull;  // the hypothesis may have changed
}

}  // namespace pla::app
