// Perceptron Lab core: guided lessons. A lesson is a JSON file of steps; each step sets
// the session up, drives it through its textual commands, narrates what happened with
// the live numbers and may ask the student a question. LessonRunner loads (validates)
// a lesson and walks it over a Session, only through Session::command (the commands
// and settings tables) and the Session's read accessors.
//
// [SECTION] index
//   Texts and languages  LessonText, the catalogs a text may use
//   Lesson               LessonQuestion, LessonStep, Lesson
//   Progress             LessonProgress, CourseProgress, placeholder values
//   LessonRunner         load, walk (start, next, back, resume), answer; long work in
//                        parts (work, finish, cancel); snapshots at step boundaries
//   Built-in lessons     ids, the course, placeholders' names
//
// ---------------------------------------------------------------- the lesson format (1)
//   {"format": 1, "id": "textbook",
//    "title": {"en": "...", "vi": "...", "zh": "..."},
//    "steps": [ STEP, ... ]}                       (1 to 500 steps)
// STEP:
//   {"narration": TEXT,                             (required)
//    "setup":    {"preset": "textbook"} or {"data": [[x1, x2, ..., label], ...]}
//                plus any session setting as key: value ("eta": 1, "order": "cyclic",
//                "restart": false, "algo": "dual", ...), applied in that order: the
//                data first, then the settings as written (`set KEY VALUE`);
//                the first step must load the data (preset or data); the 3-D view beside
//                the canvas is the session setting view3d, so it goes here, not in "view":
//                "view3d": "augmented" (points (x1, x2, 1), the plane through the origin
//                normal to ŵ = (w, b)) | "lifted" (a lift with 3 coordinates, else
//                (x1, x2, x1² + x2²)) | "data" (d = 3) | "off" (as every lesson starts),
//    "view":     {"plot": "rates"}: the interface's own view settings (its `set` table:
//                plot = mistakes | losses | invariants | rates | vc | ..., field, hull, ...),
//                applied by the interface when the step is shown (those of the earlier
//                steps first); the core checks only that keys are names and values scalars,
//                but "conceal": "theory alpha" (core/conceal.hpp's cue names, or "all"):
//                more cues this step's question hides until it is answered, beside those
//                the core derives from the question itself (question_conceals),
//    "actions":  [["reset"], ["step"], ["next_update"], ["epoch"], ["train"],
//                 ["seek", 3], ["update_on", 2], ["add_query", 3.5, 2], ["clear_queries"],
//                 ["compare", 1, 0.1, 0.01, 0.001] (the learning-rate comparison, 0 to 8 η),
//                 ["generate", "separable", 100, 2, 0.1, 0, 7] (KIND [N] [D] [MARGIN] [NOISE] [SEED])]
//                (run in order): the session commands whose table row (session_commands())
//                is marked kCmdLesson, checked at load with that row's argument schema (the
//                count and each argument's kind). add_query takes d numbers, d the
//                coordinates of the data: checked at load when the lesson's own setup
//                data fixes d (a command that replaces the data, generate, makes d unknown
//                again), otherwise when the step runs (lesson.action_dim_run),
//    "question": QUESTION}
// TEXT: {"en": "...", "vi": "...", "zh": "..."}: one key per language that has a catalog
//   (web/i18n/LANG.json, lesson_languages()); en required, a missing language falls back
//   to English ("pseudo" is the English doubled, the string-length test). The words a
//   placeholder writes (yes/no, the marks between list items) come from the catalog of
//   the text's language ("msg.lesson.word_yes", ...): the core holds no translated word.
//   Texts hold placeholders filled from the session when the step is shown (one table in
//   lesson.cpp, "[SECTION] Placeholders", gives each its computation and its format):
//     {k} updates made, {step} points visited, {epoch} epochs completed, {eta},
//     {w} the running weight vector "(1, 1)", {w1} {w2} ... its components, {b},
//     {prev_w} {prev_b} the weights before the last visit, {x} the last visited point,
//     {y} its label (+1 / -1), {score} y (w.x + b) of that point before its update,
//     {index} that point's name "x1".."xN", {mistake} whether that visit updated (yes/no),
//     {angle} the angle in degrees (to 0.1) between w before that update and y·x (– unless
//     that visit updated a non-zero w), {queries} the query points with the class the
//     perceptron gives each, "(1, 2) → +1; (3, 4) → −1" (– without one),
//     {converged} (yes/no), {mistakes} training points misclassified now, {points},
//     {alpha} the dual's alpha vector, {alpha1} ..., {gamma} {R} {bound} (the margin,
//     R and the Novikoff bound (R/gamma)^2 of the augmented data),
//     the proof invariants of the running ŵ = (w, b) (– unless the data is separable):
//     {w_dot_u} ŵ·u (u the unit max-margin vector), {norm_w2} ‖ŵ‖², {lower} kηγ̂, {upper} kη²R̂²,
//     {J} the perceptron criterion Σ over mistakes of −y(w·x + b), {J1} the misclassified
//     training points, {seed}, {accuracy} {validation_accuracy} (training and validation
//     accuracy in %, the latter – without a split), {validation_points},
//     the VC bound: {N} training points, {h} = d + 1 (d the learner's input dimension),
//     {delta} the `delta` setting, {train_error} (the share misclassified, R_emp),
//     {vc_bound} R_emp + √((h(ln(2N/h) + 1) − ln(δ/4)) / N) (core/vc.hpp), {test_error}
//     the share of 10,000 fresh points of the session's generator misclassified (– unless
//     the data was generated), {vc_gap} vc_bound − test_error,
//     the learning-rate comparison (after a "compare" action; – before): {eta_runs}
//     "η = 1: k = 15, w = (2, 3), b = −13; η = 0.1: ...", {eta_k} the updates per run "15, 15",
//     {answer} the expected answer and {given} the student's (after an answer; a
//     place_line answer reads "3·x⁽¹⁾ + 3·x⁽²⁾ − 1 = 0"), {angle_error} {offset_error}
//     (place_line, after an answer; "–" otherwise).
//   Numbers go through the caller's formatter (the interface's true minus sign); the
//   default writes whole numbers exactly and others to 6 significant digits.
//   Any other {name} is a load error; braces around anything but a name stay as written.
// QUESTION (with an optional "why": TEXT shown after the answer, its placeholders
// filled after the question's effect):
//   {"kind": "yes_no", "prompt": TEXT, "answer": "yes"|"no"}
//   {"kind": "yes_no", "prompt": TEXT, "from": "mistake"}     will the next visited point
//        be a mistake? (effect: one `step`); "from": "converged" (no effect)
//   {"kind": "pick_point", "prompt": TEXT}                    the point of the next update,
//        answered with its 0-based data index as text (effect: `next_update`)
//   {"kind": "number", "prompt": TEXT, "answer": 9, "tolerance": 1e-9}
//   {"kind": "number", "prompt": TEXT, "from": "b_after"}     also "w1_after", "w2_after", ...,
//        "k_after" (after the next update; effect: `next_update`)
//   {"kind": "choice", "prompt": TEXT, "options": [TEXT, TEXT, ...], "answer": 0}
//        (2 to 10 options; the answer and the student's reply are 0-based option indices),
//        optionally with "whys": [TEXT or null, ...], one per option: the feedback on the
//        option chosen (a typical mistake answered where it is made), shown before the
//        "why" after an answer with that option (null: only the "why"; passed over: the "why")
//   {"kind": "place_line", "prompt": TEXT, "angle_deg": 10, "offset": 0.1}
//        where will the separating line be after the next update? (effect: `next_update`;
//        2-D data only, without a lift: refused at load when the data the step works on is
//        known not to be 2-D, otherwise at run time with lesson.line_not_2d). Answered with
//        the line a*x1 + b*x2 + c = 0 as the text "a b c" (spaces or commas; a, b not both
//        0), or "none" when the update leaves no line (w = 0 after it; then expected).
//        With no update left the expected line is the current one. The expected answer is
//        "w1 w2 b" after the update. A reply is right when the angle between the two lines
//        is at most angle_deg degrees (default 10, 0 < angle_deg <= 90) and their distance
//        at the centre of the data's bounding box, over the box's diagonal, is at most
//        offset (default 0.1, > 0). (a, b, c) and (-a, -b, -c) are the same line and both
//        are right: the question asks where the line lies, not which side is +1 (the
//        normal w, drawn after the answer, shows that). The "why" text may also use
//        {angle_error} (degrees) and {offset_error} (the relative distance) of the reply.
// A question's effect runs when it is answered (right or wrong) or skipped with next, so
// every walk through a lesson drives the session the same way.
// Every kind also takes "retry": true (a boolean; default false): after its answer the
// question may be answered again as practice, checked and shown as practice but never
// recorded (the first answer is the one that counts, see LessonRunner::answer).
// Errors name the place as "step" (1-based) and "field", with 1-based array positions:
//   "lesson mine.json: steps[3].question.answer: expected a number".
// Unknown keys are errors (a typo is never silently ignored).
#pragma once
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/base/settings.hpp"
#include "core/base/status.hpp"

namespace pla {

class Session;
struct CommandRun;

// Formats one number for display (the interface passes one with a true minus sign).
using NumberFormat = std::function<std::string(double)>;

enum class QuestionKind { None, YesNo, PickPoint, Number, Choice, PlaceLine };
// "", "yes_no", "pick_point", "number", "choice", "place_line"
const char* to_string(QuestionKind k);

// [SECTION] Texts and languages

// A text in the lesson's languages, keyed by catalog code (lesson_languages()).
struct LessonText {
  std::string en;                                    // English: required, the fallback
  std::map<std::string, std::string> translations;  // the other languages written
  const std::string& in(const std::string& lang) const;       // falls back to en
  const std::string& written(const std::string& lang) const;  // "" when not written
};

// The languages a lesson text may be written in: one per language catalog, those embedded
// at build time (web/i18n/*.json but glossary.json) and those added at run time, sorted.
std::vector<std::string> lesson_languages();
// Adds (or replaces) the catalog of a language at run time (tests, tools): `code` as a
// text key (2 to 8 lower-case letters, digits or '-', starting with a letter) and the
// catalog's JSON text (its "msg" object is what the core reads). False, and nothing
// added, for a bad code or a text that is no JSON object.
bool add_language_catalog(const std::string& code, const std::string& catalog_json);
// Removes a catalog add_language_catalog added (the embedded ones stay).
void remove_language_catalog(const std::string& code);
// The template the catalog of `lang` gives a message code ("" when it has none: the
// English template applies), as render() takes it.
std::string catalog_template(const std::string& lang, Msg code);

// [SECTION] Lesson

struct LessonQuestion {
  QuestionKind kind = QuestionKind::None;
  LessonText prompt, why;
  std::vector<LessonText> options;  // choice
  std::vector<LessonText> whys;     // choice: one per option or none ("whys"; en empty: no own why)
  std::string from;                 // a computed answer ("mistake", "b_after", ...); empty: fixed
  std::string answer;               // fixed answer: "yes"/"no" or the choice index as text
  double number = 0.0;              // fixed number answer
  double tolerance = 1e-9;
  double angle_deg = 10.0, offset = 0.1;  // place_line tolerances
  bool retry = false;                     // practice after the answer ("retry": true)
};

struct LessonStep {
  LessonText narration;
  std::string preset;                                        // setup: a preset, or
  std::string data_csv;                                      // setup: the data as CSV (empty: none)
  std::vector<std::pair<std::string, std::string>> settings;  // setup: `set KEY VALUE`, in order
  std::vector<std::pair<std::string, std::string>> view;      // the interface's view: `set KEY VALUE`, in order
  unsigned conceal = 0;                                      // view "conceal": cues hidden while the question is open
  std::vector<std::vector<std::string>> actions;             // session commands
  LessonQuestion question;
};

struct Lesson {
  std::string id, source;
  LessonText title;
  std::vector<LessonStep> steps;
};

// [SECTION] Progress

// A student's progress through one lesson: where they are and what they answered, enough
// to rebuild the lesson there (LessonRunner::resume).
struct LessonProgress {
  std::size_t step = 0;              // the step shown (0-based; the last one when done)
  bool done = false;                 // the lesson was finished (Next on its last step)
  // Per step: 0 no answer (yet), 1 right, 2 wrong, 3 passed over with Next unanswered (it
  // counts as not answered and stays closed). The first answer of each question: Back,
  // Next and resume keep it, whatever step is shown (later steps' answers too).
  std::vector<int> results;
  std::vector<std::string> replies;  // per step: the reply given, as answer() takes it ("" none)
  std::size_t right() const;         // questions answered right
  std::size_t answered() const;      // questions answered (right or wrong)
};

// The progress through the built-in lessons, by lesson id (absent: not started). Kept with
// the student's saved work (the browser's localStorage, natively a file in the user's
// configuration folder) as the JSON text of to_json():
//   {"format": 1, "lessons": {"textbook": {"step": 3, "done": false,
//                                          "answers": [[1, "yes", true], [2, "4", false]]}}}
// ("step" 1-based; "answers": [step (1-based), reply, right] of each question answered,
// [step, "", null] of a question passed over with Next (a reader that knows only answers
// drops it); an optional "current": the lesson open when the record was saved).
struct CourseProgress {
  std::map<std::string, LessonProgress> lessons;
  std::string current;  // the lesson open (empty: none)
  std::string to_json() const;
  // False (and `out` unchanged) when the text is no progress record of this format;
  // entries that make no sense (a step out of range, a reply too long) are dropped.
  static bool from_json(const std::string& text, CourseProgress& out);
};

// One placeholder's value when a step is shown: a number, a vector or a list of rows
// (none: the placeholder writes "–"). The placeholder table (lesson.cpp) computes and
// formats it.
struct PlaceholderValue {
  bool none = false;
  double x = 0.0;
  std::vector<double> v;
  std::vector<std::vector<double>> rows;
  std::string text;
};
// The values a step's texts are filled from (a snapshot of the session): one per row of
// the placeholder table, in its order.
using LessonVars = std::vector<PlaceholderValue>;

// [SECTION] LessonRunner

class LessonRunner {
 public:
  // Parses and checks a lesson; on failure the runner is unchanged (its previous lesson
  // and progress stay). `source` names the lesson in messages ("mine.json").
  Status load(const std::string& json, const std::string& source);
  // load() of a built-in lesson by id.
  Status load_builtin(const std::string& id);
  // Starts the loaded lesson over: the session's settings back to their defaults, then step 1.
  Status start(Session& s);
  // Resumes the loaded lesson where a student left it: the answers of every step restored
  // (p.results, p.replies), the session rebuilt at p.step as a replay of the lesson gives
  // it (as back() does: an answered step shows its answer read-only), and p.done finishes
  // the lesson on its last step as next() did. A step past the end is the last step. A
  // recorded reply the step no longer takes still counts as recorded (right or wrong).
  Status resume(Session& s, const LessonProgress& p);
  // Where the student is now (what resume() takes).
  LessonProgress progress() const;
  // Moves on; past the last step the lesson is done. A question left unanswered is passed
  // over: its effect runs and it is recorded as such (results 3): it counts as not
  // answered and stays closed (the steps after it may show its answer).
  Status next(Session& s);
  // Shows the previous step (from done: the last step) as a replay of the lesson from its
  // start would: from the snapshot of the session kept at that step (or the nearest
  // earlier one, replaying the few steps after it). While work is pending (sliced), Back
  // cancels it instead (cancel()).
  // A step whose question was answered (or passed over) shows it read-only: the recorded
  // reply is replayed (answered(), last_correct() and the feedback as when it was given,
  // the question's effect run as a replay of the lesson runs it), with no answer_given
  // event and no result changed. Next from there goes on the same way.
  Status back(Session& s);
  // Shows step `target` (0-based) as back() does. Forward only over closed questions:
  // a step after an open question (the current one unanswered, or one not reached) is
  // refused (lesson.goto_open), as is a step out of range (lesson.goto_range).
  Status go_to(Session& s, std::size_t target);
  // Answers the current question (pick_point: a 0-based data index; choice: a 0-based
  // option index; yes_no: yes/no; number: a number; place_line: "a b c" or "none"). A reply that is no answer to the
  // question fails and changes nothing; otherwise *correct (if given) tells right or wrong.
  // The first answer is recorded (results, replies, the answer_given event) and counts for
  // good. Once the question is closed (answered or passed over) a reply is refused
  // (lesson.answered, lesson.passed) unless the question says "retry": true; then it is
  // practice: checked (*correct, practiced(), practice_correct()) and never recorded.
  Status answer(Session& s, const std::string& value, bool* correct = nullptr);
  // Opens a closed "retry" question for practice (answerable() again; the interface's
  // "Try again"); fails with lesson.no_retry on a question without retry.
  Status try_again();

  // ---- long work in parts. With slicing on (the interface), start, resume, next, back and
  // answer queue the work of the steps they run (setup, actions, a question's effect, the
  // replay after a snapshot) and return at once; work() advances it a slice at a time and
  // the status those calls would have returned is work_status() once busy() is false.
  // With slicing off (the default: the CLI, tests) they run the work to the end first.
  // A call that starts new work while some is pending finishes the pending work first.
  void set_slicing(bool on) { slicing_ = on; }
  bool slicing() const { return slicing_; }
  bool busy() const { return !queue_.empty(); }
  // Advances the pending work for about max_seconds (at least one bounded piece); true
  // when none is left.
  bool work(Session& s, double max_seconds);
  // Runs the pending work to the end; its status.
  Status finish(Session& s);
  const Status& work_status() const { return work_status_; }
  // Stops the pending work: the session and the lesson back to where they were before
  // the call that queued it (nothing half-done stays). False when nothing was pending.
  bool cancel(Session& s);
  // The pending work's progress: done of total (thousandths; done < total while busy),
  // the command running ("train", "epoch", "compare", ... or "" between commands) and the
  // points it visited so far.
  struct WorkProgress {
    std::size_t done = 0, total = 1000;
    std::string action;
    std::uint64_t visited = 0;
  };
  WorkProgress work_progress() const;
  // Test hooks: steps whose setup and actions ran (each once per replay), and the
  // session snapshots kept at step boundaries (bounded: kSnapshotBytes).
  std::uint64_t steps_applied() const { return steps_applied_; }
  std::size_t snapshot_count() const { return snaps_.size(); }
  std::size_t snapshot_every() const { return snap_every_; }
  static constexpr std::size_t kSnapshotBytes = std::size_t(64) << 20;

  bool loaded() const { return !lesson_.steps.empty(); }
  bool active() const { return active_; }
  const std::string& id() const { return lesson_.id; }
  std::size_t step() const { return step_; }  // 0-based
  std::size_t steps() const { return lesson_.steps.size(); }
  bool done() const { return done_; }
  const Lesson& lesson() const { return lesson_; }
  // The interface's view settings of the steps up to the current one, in order (a later
  // step's value for a key comes later): the interface applies them with `set KEY VALUE`.
  std::vector<std::pair<std::string, std::string>> view_settings() const;
  std::string title(const std::string& lang) const;
  // The current step's narration filled with the numbers of when the step was shown.
  std::string narration(const Session& s, const std::string& lang, const NumberFormat& fmt = {}) const;
  QuestionKind question_kind() const;
  std::string question_prompt(const std::string& lang, const NumberFormat& fmt = {}) const;
  std::vector<std::string> question_options(const std::string& lang, const NumberFormat& fmt = {}) const;
  // The answer the engine expects, as answer() takes it (pick_point: "none" when no update
  // is left; place_line: "w1 w2 b" after the next update, "none" when w = 0 after it).
  const std::string& expected_answer() const { return expected_; }
  // The expected answer as the student reads it ("x3", "yes" in the language, the option's
  // text, "−1.5", the line "x⁽¹⁾ + x⁽²⁾ − 3 = 0"); empty when no question is open.
  std::string expected_text(const std::string& lang, const NumberFormat& fmt = {}) const;
  // The recorded reply of the question shown as the student reads it (as expected_text
  // writes the expected answer); empty when it has none.
  std::string given_text(const std::string& lang, const NumberFormat& fmt = {}) const;
  // place_line: the expected line (a, b, c) (empty for "none" and other kinds), and the
  // errors of the last reply (angle in degrees, offset over the data box's diagonal).
  const std::vector<double>& expected_line() const { return expected_line_; }
  double angle_error() const { return angle_error_; }
  double offset_error() const { return offset_error_; }
  // A number that changes whenever a step is shown (by any runner in the process): the
  // interface keys per-question state on it (the place_line handles).
  std::uint64_t shown_serial() const { return shown_serial_; }
  // The question shown has its recorded answer (given now, or replayed: Back, resume).
  bool answered() const { return answered_; }
  // The question shown was passed over with Next unanswered (results 3): closed, no answer.
  bool passed() const { return passed_; }
  // Closed: answered or passed over (read-only; a "retry" question still takes practice).
  bool closed() const { return answered_ || passed_; }
  // A question is open: shown, not answered, its work done (the lab is locked, core/conceal.hpp).
  bool question_open() const { return question_kind() != QuestionKind::None && !closed(); }
  // The question shown takes a reply now: open, or closed and opened for practice (try_again).
  bool answerable() const { return question_kind() != QuestionKind::None && (!closed() || practicing_); }
  // Practice on a closed "retry" question: opened (try_again), and the last practice reply
  // checked (practiced(): right or wrong, as the student reads it). Cleared when a step is shown.
  bool retry() const { return question_kind() != QuestionKind::None && lesson_.steps[step_].question.retry; }
  bool practicing() const { return practicing_; }
  bool practiced() const { return practiced_; }
  bool practice_correct() const { return practice_correct_; }
  const std::string& practice_reply() const { return practice_given_; }
  // The cues (core/conceal.hpp, Cue bits) the open question hides: question_conceals() of
  // its question plus its step's view "conceal"; 0 when no question is open.
  unsigned concealed() const;
  bool last_correct() const { return correct_; }
  // Per step: 0 no answer, 1 right, 2 wrong, 3 passed over; and the replies given ("" none).
  const std::vector<int>& results() const { return results_; }
  const std::vector<std::string>& replies() const { return replies_; }
  // The feedback on the closed question (answered or passed over; empty while it is open or
  // without one): a choice's "whys" entry for the option replied, then the "why" text.
  std::string feedback(const std::string& lang, const NumberFormat& fmt = {}) const;
  // The score so far: questions answered right of the lesson's questions, and the steps
  // (0-based) of those answered wrong and of those passed over (when done: every question
  // not answered).
  struct Score {
    std::size_t right = 0, answered = 0, questions = 0;
    std::vector<std::size_t> wrong, unanswered;
  };
  Score score() const;
  // {"id", "step", "steps", "done"} (+ "active", "answered", "passed", "correct",
  // "question", "retry" and with it "practice": {"open", "answer", "correct"} once closed),
  // "score": {"right", "answered", "questions", "wrong", "unanswered"} (1-based steps), and
  // while work is pending "work": {"done", "total", "action", "visited"} (work_progress()).
  Json state() const;
  // lesson_started, step_shown, answer_given (a question's first answer only),
  // lesson_finished {"answered", "correct", "questions"} (in order), then cleared.
  std::vector<Json> take_events();

 private:
  // One piece of pending work: a step's setup or one of its actions, a question's effect,
  // or what follows them (the step shown, the answer's feedback, a snapshot, ...). A
  // failed command skips the rest of its group (a step's actions, a replay).
  struct Op {
    enum Kind { Setup, Action, Effect, Record, ShowDone, Replay, AnswerDone, Finish, ResumeDone };
    Op() = default;
    Op(Kind k, std::size_t i, std::size_t n, int g) : kind(k), step(i), index(n), group(g) {}
    Kind kind = Setup;
    std::size_t step = 0, index = 0;
    int group = 0;
    bool counted = true;  // a failure is the work's status
    bool replay = false;  // Effect, AnswerDone: only when the Replay before closed the question
  };
  // A reply checked against the question shown (nothing changed): right or wrong, the
  // reply as recorded, and a place_line reply's errors.
  struct Checked {
    bool right = false, line = false;
    std::string given;
    double angle = 0.0, offset = 0.0;
  };
  void show_begin(Session& s, int group);                 // the current step: its ops queued
  void queue_step(std::size_t i, int group);              // setup + actions of step i
  Status effect_command(std::size_t i, std::vector<std::string>& cmd) const;
  Status compute_expected(const Session& s);              // expected_ for the current step
  void rebuild(Session& s, std::size_t target);
  Status check_reply(Session& s, const std::string& value, Checked& out);
  Status answer_now(Session& s, const std::string& value, bool* correct);
  Status run_queued(Session& s);                          // finish() unless slicing
  void begin_work(Session& s);                            // the undo point of new work
  bool run_op(Session& s, const Op& op, double seconds);  // true when the op is done
  void fail_op(const Op& op, const Status& st);
  void record(const Session& s, std::size_t i);           // a snapshot at step i's boundary
  void mark(const Session& s);                            // the session is canonical now
  void push(Op op);
  QuestionKind open_kind() const;                         // question_kind(), busy or not
  std::string reply_text(const std::string& reply, const std::string& word_lang, const NumberFormat& fmt) const;
  std::string fill(const LessonText& t, const LessonVars& v, const std::string& lang, const NumberFormat& fmt) const;
  void event(Json e);

  Lesson lesson_;
  bool active_ = false, done_ = false;
  std::size_t step_ = 0;
  LessonVars shown_, after_;
  std::string expected_, given_;
  double expected_number_ = 0.0;
  std::vector<double> expected_line_;                     // place_line: a, b, c
  double box_cx_ = 0.0, box_cy_ = 0.0, box_diag_ = 1.0;  // place_line: the data's box
  double angle_error_ = 0.0, offset_error_ = 0.0;        // place_line: of the last reply
  bool line_errors_ = false;
  std::uint64_t shown_serial_ = 0;                              // angle_error_/offset_error_ are set
  bool answered_ = false, correct_ = false, passed_ = false;
  bool practicing_ = false, practiced_ = false, practice_correct_ = false;
  std::string practice_given_;
  std::vector<int> results_;  // per step: 0 no answer, 1 right, 2 wrong, 3 passed over
  std::vector<std::string> replies_;  // per step: the reply given (as answer() takes it)
  std::vector<Json> events_;
  // Pending work and its undo point.
  bool slicing_ = false;
  std::deque<Op> queue_;
  std::shared_ptr<CommandRun> run_;                       // the op's command in progress
  bool running_ = false;
  Status work_status_;
  std::vector<int> failed_groups_;
  int next_group_ = 0;
  std::size_t ops_done_ = 0, ops_total_ = 0;
  std::size_t done_shown_ = 0;  // the highest work_progress().done shown: progress never goes back
  std::shared_ptr<const Session> undo_session_;
  std::shared_ptr<const LessonRunner> undo_runner_;
  // Snapshots at step boundaries: the session right after step i's setup and actions, as
  // a replay from the start gives it (only states known to be that: `chain_`).
  std::vector<std::pair<std::size_t, std::shared_ptr<const Session>>> snaps_;
  std::size_t snap_every_ = 1, snap_bytes_ = 0;
  // Between them, the boundaries met last (a replay after a snapshot, the latest Nexts),
  // the lowest steps dropped first over kSnapshotBytes / 2: Back after Back is a restore.
  std::vector<std::pair<std::size_t, std::shared_ptr<const Session>>> recent_;
  std::size_t recent_bytes_ = 0;
  bool chain_ = false;         // the session is canonical (the replay's) at mark_
  std::uint64_t mark_ = 0;     // its changes() then
  std::uint64_t steps_applied_ = 0;
};

// [SECTION] Built-in lessons

// The lessons shipped inside the core (web/lessons/*.json), in the course order that
// web/lessons/course.json declares ({"format": 1, "lessons": [ID, ...]}, every built-in
// lesson once); a built-in lesson the course does not list comes after them (a test
// forbids it).
const std::vector<std::string>& builtin_lesson_ids();
bool builtin_lesson(const std::string& id, std::string& json);
// course.json as embedded.
const char* builtin_course_json();
// Each built-in lesson in course order: its title, steps and questions (steps that ask one).
struct LessonInfo {
  std::string id;
  LessonText title;
  std::size_t steps = 0, questions = 0;
};
const std::vector<LessonInfo>& builtin_lesson_infos();

// The placeholder names a lesson text may use (validation and documentation): the rows
// of the placeholder table, an indexed one ({w}, {alpha}) also as {w1}, {w2}, ...
bool lesson_placeholder_known(const std::string& name);
const std::vector<std::string>& lesson_placeholder_names();  // the table's names, in order

}  // namespace pla
