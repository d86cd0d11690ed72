// Perceptron Lab app: lessons and the course: a lesson opened (built-in or a teacher's;
// from step 1, resumed or reviewed), its steps' work in slices, the student's progress
// recorded after every lesson command, a teacher's lessons added (lesson_add), and the
// Lessons menu's rows. The lesson commands of the command table (commands.cpp) are here.
//
// [SECTION] Opening a lesson
// [SECTION] The lesson commands
// [SECTION] The course: the lessons and the student's progress

#include <algorithm>
#include <cstdint>
#include <cstdio>

#include "app/app_internal.hpp"

namespace pla::app {

// -----------------------------------------------------------------------------
// [SECTION] Opening a lesson
// -----------------------------------------------------------------------------

namespace {
// The view settings of a lesson's steps so far (core/lesson.hpp "view"), through `set`;
// the first one refused is reported after `st` (the step itself still shows). The controls
// kept from the student are those of these steps only (none before the first that says).
Status apply_lesson_view(App& a, Status st) {
  a.locked_controls = 0;
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
  LessonRunner next(a.session);  // the session's languages
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
void lesson_frame(App& a) {
  if (!a.lesson.busy() || !a.lesson.work(a.session, a.lesson_ui.budget_seconds)) return;
  if (a.lesson_ui.fit_when_done) a.view.fit_pending = true;
  a.lesson_ui.fit_when_done = false;
  a.view.field.step = ~0ull;
  show_result(a, note_progress(a, a.lesson.work_status()));
  if (a.lesson_ui.next_when_done && a.lesson.work_status()) act(a, {"lesson_next"});
  a.lesson_ui.next_when_done = false;
}

// -----------------------------------------------------------------------------
// [SECTION] The lesson commands
// -----------------------------------------------------------------------------

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

// A guided lesson: a built-in id or the lesson's JSON text (core/lesson.hpp), from step 1;
// lesson_open resumes a lesson the student left unfinished.
Status cmd_lesson(App& a, const std::vector<std::string>& args) { return open_lesson(a, args[1], false); }

Status cmd_lesson_open(App& a, const std::vector<std::string>& args) {
  a.lessons_open = false;
  return open_lesson(a, args[1], true);
}

// A learning platform's review of a finished attempt: as lesson_open, but a lesson the
// student finished is shown at its end with its answers (read-only) instead of anew.
Status cmd_lesson_review(App& a, const std::vector<std::string>& args) {
  a.lessons_open = false;
  return open_lesson(a, args[1], true, true);
}

Status cmd_lesson_next(App& a, const std::vector<std::string>&) {
  if (a.lesson.busy() && a.lesson_ui.in_frame) {  // pressed: waits for the step's work (lesson_frame)
    a.lesson_ui.next_when_done = true;
    return Status::success();
  }
  a.answer_text[0] = 0;
  return note_progress(a, apply_lesson_view(a, lesson_slice(a, a.lesson.next(a.session))));
}

Status cmd_lesson_back(App& a, const std::vector<std::string>&) {
  a.lesson_ui.next_when_done = false;
  a.answer_text[0] = 0;
  return note_progress(a, apply_lesson_view(a, lesson_slice(a, a.lesson.back(a.session))));
}

// Stops a lesson step's work in slices: the lesson and the lab back to before it.
Status cmd_lesson_cancel(App& a, const std::vector<std::string>&) {
  a.lesson_ui.next_when_done = false;
  if (a.lesson.cancel(a.session)) a.view.field.step = ~0ull;
  return note_progress(a, apply_lesson_view(a, Status::success()));
}

Status cmd_answer(App& a, const std::vector<std::string>& args) {
  return note_progress(a, lesson_slice(a, a.lesson.answer(a.session, args[1])));
}

// Practice on an answered question that allows it ("retry": true): its inputs again; a
// practice answer is checked and never recorded.
Status cmd_lesson_retry(App& a, const std::vector<std::string>&) {
  if (a.lesson.busy()) (void)a.lesson.finish(a.session);
  a.answer_text[0] = 0;
  return a.lesson.try_again();
}

// A step of the open lesson (1-based), shown as Back shows it (an answered question
// read-only); forward only over questions already answered or passed.
Status cmd_lesson_goto(App& a, const std::vector<std::string>& args) {
  std::uint64_t n = 0;
  if (!parse_u64(args[1], n) || n == 0) return Status::fail(Msg::command_usage, {{"usage", "lesson_goto STEP"}});
  a.lesson_ui.next_when_done = false;
  a.answer_text[0] = 0;
  const std::size_t step = static_cast<std::size_t>(std::min<std::uint64_t>(n - 1, 1u << 30));
  return note_progress(a, apply_lesson_view(a, lesson_slice(a, a.lesson.go_to(a.session, step))));
}

Status cmd_lesson_exit(App& a, const std::vector<std::string>&) {
  if (a.lesson.busy()) (void)a.lesson.cancel(a.session);  // nothing half-done stays
  a.lesson = LessonRunner();
  a.builtin_open.clear();
  a.progress_key.clear();
  a.course.current.clear();
  ++a.course_revision;
  return Status::success();
}

// A teacher's lesson (its JSON text) among the lab's lessons: listed after the built-in ones
// (state().lessons, the Lessons menu) and opened by its id (lesson_open ID).
Status cmd_lesson_add(App& a, const std::vector<std::string>& args) { return add_lesson(a, args[1]); }

// -----------------------------------------------------------------------------
// [SECTION] The course: the lessons and the student's progress
// -----------------------------------------------------------------------------

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

std::vector<LessonRow> lesson_rows(const App& app) {
  std::vector<LessonRow> out;
  const std::string& lang = app.lang;
  const std::vector<LessonInfo> builtin = builtin_lesson_infos();  // by value: kept while the rows are made
  std::vector<const LessonInfo*> infos;
  for (const LessonInfo& info : builtin) infos.push_back(&info);
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

}  // namespace pla::app
