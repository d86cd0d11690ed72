// Perceptron Lab core: LessonRunner, a lesson walked over a Session (the format:
// format.hpp). It loads (validates) a lesson and walks it only through Session::command (the
// commands and settings tables) and the Session's read accessors.
//
// Its code, one job per file:
//   runner.cpp          load, the walk (start, resume, next, back, go_to), answer, try_again
//   runner_work.cpp     the pending work in parts (work, finish, cancel) and the snapshots
//                       kept at step boundaries (Back, resume)
//   runner_answer.cpp   the expected answer of a question, a reply checked and recorded
//   runner_texts.cpp    the texts filled for the student (narration, question, feedback),
//                       score(), state() and the events
#pragma once
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/base/catalogs.hpp"
#include "core/base/data_files.hpp"
#include "core/base/json.hpp"
#include "core/base/status.hpp"
#include "core/lab/lesson/format.hpp"
#include "core/lab/lesson/placeholders.hpp"
#include "core/lab/lesson/progress.hpp"

namespace pla {

class Session;
struct CommandRun;

class LessonRunner {
 public:
  // A runner whose lessons may use the languages of the embedded catalogs (tools, tests).
  LessonRunner();
  // A runner that reads the session's catalogs (Session::catalogs(): the languages a
  // lesson's texts may use, the words its placeholders write): a language added to the
  // session's catalogs is one its lessons may use.
  explicit LessonRunner(const Session& s);
  // Parses and checks a lesson; on failure the runner is unchanged (its previous lesson
  // and progress stay). `source` names the lesson in messages ("mine.json").
  Status load(const std::string& json, const std::string& source);
  // load() of a built-in lesson by id (its text fetched through the session's files where
  // this build left it out: data_pending until it comes, builtin_lesson_text).
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
  // A number that changes whenever a step is shown: the session's new_id(), so no two
  // runners of one session show two steps with the same number. The interface keys
  // per-question state on it (the place_line handles).
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
  // answer_given is complete, for a learning platform's record of the interaction:
  //   {"event", "id", "question" (0-based step), "answer" (as answer() took it), "correct",
  //    "kind" (to_string), "expected" (expected_answer()), "tolerance" (number only),
  //    "prompt" (in `lang`), "prompt_en", "options" (choice only, in `lang`),
  //    "answer_text" and "expected_text" (as the student reads them, in `lang`; "none" as
  //    the catalog's "lesson.none" or, for a line, "lesson.no_line")}
  // with the texts of when the answer was given, numbers written by `fmt`.
  std::vector<Json> take_events(const std::string& lang = "en", const NumberFormat& fmt = {});

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
  // What a text is filled from: its step, the placeholder values of when the step was
  // shown (or after the question's effect) and the answer the live placeholders read.
  struct TextSource {
    std::size_t step = 0;
    const LessonVars* vars = nullptr;
    std::string expected, given;
    bool line_errors = false;  // a place_line reply's errors were measured
    double angle_error = 0.0, offset_error = 0.0;
  };
  // An answer_given event's texts, written when the event is taken (take_events).
  struct AnswerTexts {
    std::size_t event = 0;  // its index in events_
    LessonVars vars;        // the values of when its question was shown
    TextSource source;
  };

  // runner.cpp: the walk.
  QuestionKind open_kind() const;                         // question_kind(), busy or not
  void event(Json e);
  // runner_work.cpp: the pending work and the snapshots.
  void show_begin(Session& s, int group);                 // the current step: its ops queued
  void queue_step(std::size_t i, int group);              // setup + actions of step i
  std::vector<std::string> effect_command(std::size_t i) const;  // a question's effect (none: empty)
  void rebuild(Session& s, std::size_t target);
  Status run_queued(Session& s);                          // finish() unless slicing
  void begin_work(Session& s);                            // the undo point of new work
  bool run_op(Session& s, const Op& op, double seconds);  // true when the op is done
  bool run_command(Session& s, const Op& op, const std::vector<std::string>& args, const std::string& field,
                   double seconds);                       // a command in parts: true when done
  Status step_failed(const Op& op, const std::string& field, const Status& cause) const;
  void run_setup(Session& s, const Op& op);
  bool run_action(Session& s, const Op& op, double seconds);
  void show_done(const Session& s, const Op& op, bool skip);
  void replay_answer(Session& s);
  void resume_done();
  void fail_op(const Op& op, const Status& st);
  void record(const Session& s, std::size_t i);           // a snapshot at step i's boundary
  void keep_recent(const Session& s, std::size_t i);      // record(): between the spaced ones
  void mark(const Session& s);                            // the session is canonical now
  void push(Op op);
  // runner_answer.cpp: the expected answer, a reply checked and recorded.
  Status compute_expected(const Session& s);              // expected_ for the current step
  Status expect_line(const Session& s, const MsgArgs& where);  // place_line's expected line
  Status check_reply(Session& s, const std::string& value, Checked& out);
  Status check_line(Session& s, const std::string& value, const MsgArgs& bad, Checked& out);
  Status answer_now(Session& s, const std::string& value, bool* correct);
  // runner_texts.cpp: the texts.
  TextSource source(const LessonVars& v) const;           // the step shown, its answer now
  std::string reply_text(const std::string& reply, std::size_t step, const std::string& word_lang,
                         const NumberFormat& fmt) const;
  std::string fill(const LessonText& t, const TextSource& src, const std::string& lang, const NumberFormat& fmt) const;
  // A word of the interface's catalog ("lesson.none") in a language, English as the fallback.
  std::string catalog_word(const std::string& key, const std::string& lang) const;
  void complete_answer_event(Json& e, const AnswerTexts& a, const std::string& lang, const NumberFormat& fmt) const;

  Lesson lesson_;
  bool active_ = false, done_ = false;
  std::size_t step_ = 0;
  LessonVars shown_, after_;
  std::string expected_, given_;
  double expected_number_ = 0.0;
  std::vector<double> expected_line_;                     // place_line: a, b, c
  double box_cx_ = 0.0, box_cy_ = 0.0, box_diag_ = 1.0;  // place_line: the data's box
  double angle_error_ = 0.0, offset_error_ = 0.0;        // place_line: of the last reply
  bool line_errors_ = false;                             // angle_error_/offset_error_ are set
  std::uint64_t shown_serial_ = 0;                       // the session's new_id() when the step was shown
  bool answered_ = false, correct_ = false, passed_ = false;
  bool practicing_ = false, practiced_ = false, practice_correct_ = false;
  std::string practice_given_;
  std::vector<int> results_;  // per step: 0 no answer, 1 right, 2 wrong, 3 passed over
  std::vector<std::string> replies_;  // per step: the reply given (as answer() takes it)
  std::vector<Json> events_;
  std::vector<AnswerTexts> answer_texts_;  // of the answer_given events in events_
  std::shared_ptr<const Catalogs> catalogs_;  // the languages and their words
  std::shared_ptr<DataFiles> files_;          // the session's: built-in lessons fetched (may be null)
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

}  // namespace pla
