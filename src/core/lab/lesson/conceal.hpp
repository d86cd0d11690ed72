// Perceptron Lab core: what an open lesson question hides, and what it locks, until it is
// answered. A question is a fair test only when its answer is on no screen before the
// student gives it, and nothing moves the lab past it. The core derives both from what
// the question asks (its kind, `from` and whether its answer is fixed in the file), with
// one table of rules, so a lesson needs no hand list (a step's "view" may add cues with
// "conceal"). Every front end reads the result: the canvas, the panels, the plots and the
// screen-reader description draw nothing of a concealed cue, and the interface refuses
// the locked commands (question_locks).
//
// [SECTION] Cues       the things the lab can show that may give an answer away
// [SECTION] Rules      which cues each kind of question conceals
// [SECTION] Locks      which commands would move the lab past an open question
#pragma once
#include <string>
#include <vector>

#include "core/base/status.hpp"

namespace pla {

struct LessonQuestion;

// [SECTION] Cues

enum Cue : unsigned {
  kCueMistakes = 1u << 0,  // which training points are misclassified: the crosses, the hover box's
                           // y(w·x + b) and verdict, per-point words, the count of mistakes, the
                           // accuracy, whether the run converged
  kCueRegions = 1u << 1,   // the shaded decision regions (half-planes, a non-linear field)
  kCueLoss = 1u << 2,      // J and J₁ (the run panel, the losses plot)
  kCueTheory = 1u << 3,    // R, R̂, γ, γ̂, the Novikoff bound, k / bound, the margin of w, separable
                           // or not, the proof invariants
  kCueAlpha = 1u << 4,     // α: as point size, the α column and the Gram table
  kCueTrace = 1u << 5,     // the iteration table and the mistakes per epoch
  kCueQueries = 1u << 6,   // the class the perceptron gives each query point
  kCueHull = 1u << 7,      // the convex hulls of the classes
  kCueVc = 1u << 8,        // the VC bound's figures (h, the bound, the test error)
  kCueCounts = 1u << 9,    // the counters: k updates, the epoch, the points visited
  kCueAll = (1u << 10) - 1,
};

struct CueInfo {
  Cue bit;
  const char* name;  // "mistakes": the lesson file's and state()'s word
};
// Every cue, in the order above.
const std::vector<CueInfo>& cue_table();
// The names of the cues set in `cues`, in table order.
std::vector<std::string> cue_names(unsigned cues);
// A list of cue names ("theory alpha", commas or spaces; "all") as bits; false on an
// unknown name (`bad` names it).
bool parse_cues(const std::string& text, unsigned& out, std::string& bad);
// The names joined for a message ("mistakes, regions, ...").
std::string cue_names_joined();

// [SECTION] Rules

// The cues a question conceals until it is answered, from what it asks.
unsigned question_conceals(const LessonQuestion& q);

// [SECTION] Locks

// The student's controls, in groups: what an open question locks (all of them), and what a
// lesson's view may keep locked from a step on (the interface's `locked` setting).
enum Control : unsigned {
  kControlRun = 1u << 0,       // running the lab along: step, next update, epoch, train, play, the
                               // scrubber, reset, an update on a point of the student's choosing,
                               // the learning-rate comparison
  kControlData = 1u << 1,      // the data and the query points: add, move, remove, a preset,
                               // generate, import
  kControlSettings = 1u << 2,  // the settings that change the run (the learner, η, the order, ...)
  kControlAll = (1u << 3) - 1,
};

struct ControlInfo {
  Control bit;
  const char* name;  // "run": the lesson file's and state()'s word
};
// Every group, in the order above.
const std::vector<ControlInfo>& control_table();
// The group of controls `args` (a command as the JavaScript API takes it: a session command or
// one of the interface's) belongs to: 0 for view-only commands and settings, answers and the
// lesson's own commands.
unsigned command_controls(const std::vector<std::string>& args);
// The groups set in `controls`, joined by commas ("run,data"), or "none".
std::string control_names(unsigned controls);
// A list of group names ("run data", commas or spaces; "all", "none") as bits; false on an
// unknown name (`bad` names it).
bool parse_controls(const std::string& text, unsigned& out, std::string& bad);

// True when `args` would move the lab past an open question: a step, an update, an epoch,
// training, playing, the scrubber, the student's own update, an edit of the data or the
// queries, or a setting that changes the run (what the settings table says it
// invalidates): every group of controls above.
bool question_locks(const std::vector<std::string>& args);

}  // namespace pla
