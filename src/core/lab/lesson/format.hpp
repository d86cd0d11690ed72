// Perceptron Lab core: the lesson format. A lesson is a JSON file of steps; each step sets
// the session up, drives it through its textual commands, narrates what happened with
// the live numbers and may ask the student a question. This header is the format's
// documentation and the types a loaded lesson is (loader.cpp reads the file into them;
// runner.hpp walks them over a Session).
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
//   placeholders.cpp, kPlaceholderTable, gives each its computation and its format):
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
// Errors name the place as "step" (1-based), "field" as in the file, with 1-based array
// positions ("steps[3].question.answer"), and "where" in the author's terms (the message):
//   "lesson mine.json: step 3 of 5, question, answer: expected a number".
// Unknown keys are errors (a typo is never silently ignored).
#pragma once
#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/base/catalogs.hpp"

namespace pla {

// Formats one number for display (the interface passes one with a true minus sign).
using NumberFormat = std::function<std::string(double)>;

enum class QuestionKind { None, YesNo, PickPoint, Number, Choice, PlaceLine };
// "", "yes_no", "pick_point", "number", "choice", "place_line"
const char* to_string(QuestionKind k);

constexpr std::size_t kMaxLessonSteps = 500;  // steps per lesson

// A text in the lesson's languages, keyed by catalog code (lesson_languages()).
struct LessonText {
  std::string en;                                    // English: required, the fallback
  std::map<std::string, std::string> translations;  // the other languages written
  const std::string& in(const std::string& lang) const;       // falls back to en
  const std::string& written(const std::string& lang) const;  // "" when not written
};

// The languages a lesson text may be written in: one per language catalog of `catalogs`
// (the session's, Session::catalogs(): those embedded at build time, web/i18n/*.json but
// glossary.json, and those added at run time), sorted by code.
std::vector<std::string> lesson_languages(const Catalogs& catalogs);

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

// The placeholder names a lesson text may use (validation and documentation): the rows
// of the placeholder table (placeholders.cpp), an indexed one ({w}, {alpha}) also as
// {w1}, {w2}, ...
bool lesson_placeholder_known(const std::string& name);
std::vector<std::string> lesson_placeholder_names();  // the table's names, in order

}  // namespace pla
