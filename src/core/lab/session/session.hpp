// Perceptron Lab core: a Session is one run of the lab in progress: the data, the
// learner with its trace, the settings, the theory numbers and the play state.
//
// Its vocabulary exists once, as tables a program can walk:
//   session_settings()  every setting (key, type, range or choices, what a change
//                       invalidates, its `pla train` flag): `set`, configure's change
//                       detection, settings_list(), state(), links and saved state;
//   session_commands()  every command (name, argument schema, checks, action): the
//                       interface's buttons and keys, window.perceptronLab.command and
//                       the postMessage bridge all go through `command`;
//   state()             typed JSON (what window.perceptronLab.state() returns).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/base/catalogs.hpp"
#include "core/base/data_files.hpp"
#include "core/data/dataset.hpp"
#include "core/data/generators.hpp"
#include "core/base/json.hpp"
#include "core/learn/learners.hpp"
#include "core/data/lift.hpp"
#include "core/base/settings.hpp"
#include "core/learn/stop.hpp"
#include "core/theory/margin.hpp"
#include "core/learn/metrics.hpp"
#include "core/base/status.hpp"
#include "core/learn/trace.hpp"
#include "core/base/values.hpp"

namespace pla {

// Which space the interface's 3-D view shows beside the data canvas (app/view3d.hpp):
// off; the augmented space, points (x1, x2, 1) and the plane through the origin normal to
// ŵ = (w, b); the lifted space (a lift with 3 coordinates, else (x1, x2, x1² + x2²)); or
// data with d = 3 as it is. A session setting (kView: nothing is rebuilt) so that lessons,
// links, saved state and `set view3d VALUE` reach it like any other setting.
enum class View3d { Off, Augmented, Lifted, Data };
const char* to_string(View3d v);
bool parse_view3d(const std::string& name, View3d& out);
std::vector<std::string> view3d_names();  // "off", "augmented", "lifted", "data"

struct SessionSettings {
  LearnerConfig learner;       // algo, eta, init, order, restart, seed, tau, kernel
  std::string lift;            // feature lifting spec ("x1^2,x2^2", "poly2"); empty: none
  StopRules stop;              // max_epochs, max_updates, patience
  double validation = 0.0;     // share of the points held out for validation (0 .. 0.5)
  double delta = 0.05;         // the VC bound's confidence: it holds with probability >= 1 - delta (vc.hpp)
  double speed = 4.0;          // steps per second while playing
  View3d view3d = View3d::Off; // the interface's 3-D view
};

// Where the session's data came from.
enum class DataSource { Preset, Generated, Imported, Custom };

// One series point of the proof invariants, recorded at every update k.
struct InvariantSample {
  std::uint64_t step = 0;
  std::uint64_t k = 0;
  double progress = 0.0;  // w_k . u   (augmented, u the unit max-margin vector)
  double norm2 = 0.0;     // ||w_k||^2 (augmented)
};

// Per-step curves (J1 and J on the training set after each step), kept only for
// small sets where they are cheap (N * steps bounded).
struct StepSample {
  std::uint64_t step = 0;
  std::size_t j1 = 0;
  double j = 0.0;
  std::uint64_t k = 0;
};

// Accuracy at each epoch end (train and, with a split, validation).
struct EpochSample {
  std::uint64_t epoch = 0, step = 0, k = 0;
  double train_accuracy = 0.0;
  double validation_accuracy = -1.0;  // < 0: no validation split
};

// One learning-rate comparison run: mistakes per epoch for one eta.
struct EtaRun {
  double eta = 1.0;
  std::vector<std::uint64_t> mistakes_per_epoch;
  std::uint64_t updates = 0;
  bool converged = false;
  std::vector<double> w;
  double b = 0.0;
};

// One row of the iteration table, as textbooks print it: the k-th update, on which
// point, the running weights before it, w.x + b before it, and the weights after it.
struct IterationRow {
  std::uint64_t k = 0;      // the update's number, 1-based
  std::uint64_t step = 0;   // the step that made it (seek STEP shows it)
  std::uint64_t epoch = 0;  // the epoch it belongs to, 1-based
  std::size_t index = 0;    // the point's data row, 0-based (named "x" + (index + 1))
  std::vector<double> x;    // its coordinates as drawn (input space)
  int y = 0;
  std::vector<double> w_before, w_after;  // running weights (lifted space with a lift; empty for a non-linear kernel)
  double b_before = 0.0, b_after = 0.0;
  double score = 0.0;       // w.x + b before the update
  bool chosen = false;      // the student chose the point (update_on)
};
// The iteration table keeps its newest rows only: rows.front().k > 1 says earlier ones were left out.
constexpr std::size_t kMaxIterationRows = 10000;
// Query points (grey, unlabelled, asked of the trained perceptron) at most.
constexpr std::size_t kMaxQueries = 1000;

class Session;

// One command: its name, its argument schema, the checks made before it runs and its
// action. The schema: min_args to max_args arguments, or with max_args = kArgsPerDim
// exactly min_args fixed ones plus one per coordinate of the data (d, known when the
// command runs: its action checks it); kinds[i] is the kind of argument i + 1, the last
// letter repeating ('t' text, 'n' number, 'u' whole number >= 0, 'v' any scalar).
// Session::command checks the count; the lesson loader checks a lesson's actions with
// the whole schema (count and kinds) when it loads them.
struct Command {
  const char* name;
  const char* usage;  // the schema for people, "seek STEP"
  int min_args, max_args;
  unsigned flags;     // kCmd* bits below
  Status (*run)(Session&, const std::vector<std::string>& args);
  const char* kinds = "";
};
constexpr int kArgsPerDim = -1;
enum : unsigned {
  kCmdNeedsData = 1u << 0,  // refused without training points or with a learner that cannot take them
  kCmdNewData = 1u << 1,    // replaces or edits the data (the interface refits its view)
  kCmdStopsRun = 1u << 2,   // ends a long run in progress (the interface's sliced training)
  kCmdLesson = 1u << 3,     // a lesson step may run it as one of its "actions"
  kCmdMoves = 1u << 4,      // moves the lab (the run, the data, the queries): refused while a lesson
                            // question is open (core/conceal.hpp, question_locks)
  kCmdSliced = 1u << 5,     // can run long: the interface runs it in slices over the frames, with
                            // progress and cancel (Session::start_run / run_part; src/app/sliced_run.cpp)
};

const std::vector<Setting<SessionSettings>>& session_settings();
const std::vector<Command>& session_commands();

// The learning-rate comparison (compare_etas, the "compare" command): the rates when none
// is given and the epochs each rate's run may take; and the most steps next_update looks
// ahead for a mistake.
inline constexpr double kDefaultCompareEtas[] = {1.0, 0.1, 0.01, 0.001};
constexpr std::uint64_t kCompareMaxEpochs = 200;
constexpr std::uint64_t kMaxNextUpdateSteps = 10000000;

// A long command run in parts (Session::start_run, run_part): train, epoch, next_update
// and compare reach exactly the state the command reaches at once, a bounded slice of
// time at a time; any other command runs at once in start_run. next_update() and
// compare_etas() are these runs driven to their end.
struct CommandRun {
  std::vector<std::string> args;
  bool done = true;
  Status status;
  std::uint64_t visited = 0;        // points visited so far (train, epoch, next_update)
  double fraction = 0.0;            // an estimate of the share done, 0 .. 1
  // internal
  enum class Kind { AtOnce, Train, Epoch, NextUpdate, Compare } kind = Kind::AtOnce;
  std::vector<double> etas;                     // compare: the rates
  std::uint64_t max_epochs = kCompareMaxEpochs;  // compare: the epochs of each rate's run
  std::vector<EtaRun> runs;
  std::shared_ptr<Learner> learner;  // compare: the run in progress
};

class Session {
 public:
  Session();
  // A full copy (the learners cloned; trace snapshots and histories shared, immutable).
  Session(const Session& other);
  Session& operator=(const Session& other);
  Session(Session&&) = default;
  Session& operator=(Session&&) = default;
  // Takes the whole state of `snapshot` (a copy made earlier); revision() and changes()
  // still grow, so views keyed on them refresh.
  void restore(const Session& snapshot);
  // About the bytes a copy holds (data, train/validation sets, curves, trace records).
  std::size_t memory_bytes() const;
  // Grows with every command, step, slice or play advance (anything that may change the
  // session): a caller can tell whether someone else touched it since it last looked.
  std::uint64_t changes() const { return changes_; }
  // A command in parts: start_run checks it as command() does (a failure: run.done and
  // run.status); run_part advances it for about max_seconds and says whether it is done.
  void start_run(CommandRun& run, const std::vector<std::string>& args);
  bool run_part(CommandRun& run, double max_seconds);

  // ---- actions (one path for every front end)
  void reset();                        // learner back to its start, trace restarted
  StepInfo step();                     // visit one point (from the viewed step: the later trace is dropped)
  void step_back();                    // view the step before the viewed one
  Status seek(std::uint64_t step);     // view the state right after `step`
  void next_update();                  // step until the next update (or a stop rule)
  void epoch();                        // finish the current epoch
  Status train();                      // until a stop rule (early stopping included)
  void play();
  void pause() { playing_ = false; }
  Status load_preset(const std::string& name);
  Status generate(const GenSpec& spec);
  // A file's bytes: CSV, LIBSVM or NumPy .npy (read_data picks the format by content and name).
  Status import_csv(const std::string& text, const std::string& source_name = "import.csv");
  // Replaces the data with `ds` (checked: finite coordinates, labels +1/-1, d >= 1).
  Status load_data(Dataset ds, const std::string& name);
  Status add_point(const std::vector<double>& x, int label);
  Status move_point(std::size_t i, const std::vector<double>& x);
  Status remove_point(std::size_t i);
  void clear();
  Status set(const std::string& key, const std::string& value);  // parses, then configure()
  // Applies new settings after checking them; a changed learner setting resets it.
  Status configure(const SessionSettings& s);
  // Advances a playing session by dt seconds of wall time (speed steps per second,
  // at most max_steps per call so a frame stays short).
  void advance(double dt_seconds, std::uint64_t max_steps = 200000);
  // Runs up to max_steps steps (and at most max_cost work: a step costs about d, a kernel
  // score N*d) toward the goal; returns true when it is reached. For long runs driven frame
  // by frame. StopRule: a stop rule, checked at every step (Train to the end, play).
  // Train: where train() returns (the stop rule checked at epoch ends, as train() does;
  // call train_begin() first). Epoch: where epoch() returns (the end of the epoch).
  // A train or an epoch run in slices makes exactly the steps of train() or epoch().
  enum class RunGoal { StopRule, Train, Epoch };
  bool run_slice(std::uint64_t max_steps, RunGoal goal = RunGoal::StopRule, double max_cost = 3e7);
  // What train() does before its epochs (the checks; early stopping, which restores the
  // best epoch, runs whole, at once); `more`: steps remain for run_slice(n, RunGoal::Train).
  Status train_begin(bool& more);
  // Trains a copy of the learner once per eta (same data, order and seed),
  // up to `max_epochs` each, for the learning-rate comparison.
  Status compare_etas(const std::vector<double>& etas, std::uint64_t max_epochs = kCompareMaxEpochs);
  // "You choose the point": an update on data row i (0-based), which must be a training
  // point misclassified by the viewed running weights (y(w.x + b) <= 0; margin: <= tau).
  // Recorded in the trace like any step (seek, step_back and the iteration table see it);
  // continues from the viewed step. Classic, margin, averaged and voted learners only.
  Status update_on(std::size_t i);
  // Query points: unlabelled points asked of the hypothesis, not training data. They
  // survive training and setting changes; clear, a preset or a new dimension drops them.
  Status add_query(const std::vector<double>& x);
  void clear_queries() { queries_.clear(); }
  const std::vector<std::vector<double>>& queries() const { return queries_; }
  // The updates of the trace up to the viewed step, one row each (the newest
  // kMaxIterationRows; steps older than the trace's log are not listed either).
  std::vector<IterationRow> iteration_table() const;
  // The same as CSV: a header row, then one row per update (numbers in full digits):
  //   k,step,epoch,point,index,x_1..x_d,y,b_before,w_before_1..,score,y_score,b_after,w_after_1..,chosen
  Status iteration_csv(std::string& out) const;

  // Textual command: args[0] is the name (session_commands()); the arguments are
  // checked against the table before the action runs.
  Status command(const std::vector<std::string>& args);
  static const std::vector<std::string>& command_names();
  // Refuses an action on a session with no training points or a learner that cannot take them.
  Status need_data() const;

  // The state as one typed JSON object (window.perceptronLab.state()).
  Json state() const;
  std::string state_json() const { return json_text(state()); }
  // Every setting as key -> text, with the same keys as `set` and state_json.
  std::vector<std::pair<std::string, std::string>> settings_list() const;

  // ---- read access for views
  const Dataset& data() const { return data_; }          // the points as drawn (input space)
  const Dataset& train_set() const { return train_; }     // training points (lifted when a lift is set)
  const Dataset& validation_set() const { return valid_; }
  const std::vector<std::size_t>& train_index() const { return train_index_; }  // train_ row -> data_ row
  const Learner& learner() const;                         // the viewed state (== live unless scrubbed back)
  const Learner& live_learner() const { return *learner_; }
  const Trace& trace() const { return trace_; }
  std::uint64_t viewed_step() const { return learner().steps(); }
  bool scrubbed() const { return viewing_ != nullptr; }
  const SessionSettings& settings() const { return settings_; }
  const MarginResult& margin() const { return margin_; }  // of the training set (lifted space if lifted)
  bool margin_ok() const { return margin_ok_; }
  const Lift* lift() const { return has_lift_ ? &lift_ : nullptr; }
  bool playing() const { return playing_; }
  // The data's origin as state() names it: a preset's name, "gen:KIND", "import" or "custom".
  std::string preset() const;
  DataSource source() const { return source_; }
  const std::string& preset_name() const { return preset_; }  // with DataSource::Preset
  const GenSpec& last_generated() const { return gen_; }
  // The step shown (the last one visited up to the viewed step), if any.
  bool has_last_step() const { return has_last_; }
  const StepInfo& last_step() const { return last_; }
  // The running weights before the last step (for the ghost line and the update picture).
  const std::vector<double>& previous_w() const { return prev_w_; }
  double previous_b() const { return prev_b_; }
  Metrics train_metrics() const { return compute_metrics(learner(), train_); }
  std::size_t train_mistakes() const;
  StopReason stop_reason() const;
  const std::vector<InvariantSample>& invariants() const { return invariants_; }
  const std::vector<StepSample>& step_samples() const { return step_samples_; }
  const std::vector<EtaRun>& eta_runs() const { return eta_runs_; }
  const std::vector<EpochSample>& epoch_samples() const { return epoch_samples_; }
  // Why training stopped or what changed last (for a status line), may be empty.
  const Message& notice() const { return notice_; }
  // Grows whenever the data or a setting changes (what a saved lesson holds).
  std::uint64_t revision() const { return revision_; }
  // The language catalogs the lab speaks (core/base/catalogs.hpp): the embedded ones unless
  // shared from elsewhere; copies of the session share them.
  Catalogs& catalogs() { return *catalogs_; }
  const Catalogs& catalogs() const { return *catalogs_; }
  const std::shared_ptr<Catalogs>& shared_catalogs() const { return catalogs_; }
  void share_catalogs(std::shared_ptr<Catalogs> c) {
    if (c) catalogs_ = std::move(c);
  }
  // The text files this build left out and fetches when wanted (core/base/data_files.hpp:
  // the built-in lessons' texts, the catalogs of other languages); copies share them.
  DataFiles& files() { return *files_; }
  const std::shared_ptr<DataFiles>& shared_files() const { return files_; }
  // A number this session never gave before (nor the sessions it was restored from): the
  // ids of what its users show (a lesson step shown, LessonRunner::shown_serial).
  std::uint64_t new_id() { return ++ids_; }
  // The decision value f(x) of the viewed hypothesis at an input-space point (lifts it first).
  double decision(const double* x) const;
  // Where the rows of data_ went: +1 train, 0 validation.
  bool in_validation(std::size_t data_row) const;

 private:
  void data_changed(Message notice);  // rebuild train/validation sets, margin, learner
  void rebuild_learner();
  bool stop_rule_reached(const Learner& l) const;
  void drop_view();  // continue from the viewed step: forget the later trace
  void record_step(const StepInfo& s);
  void recompute_view_extras();
  void finish_notice();

  Dataset data_, train_, valid_;
  std::vector<std::size_t> train_index_, valid_index_;
  Lift lift_;
  bool has_lift_ = false;
  std::unique_ptr<Learner> learner_;
  std::unique_ptr<Learner> viewing_;  // non-null while scrubbed back
  Trace trace_;
  SessionSettings settings_;
  MarginResult margin_;
  bool margin_ok_ = false;
  std::string preset_;
  DataSource source_ = DataSource::Preset;
  GenSpec gen_;
  bool playing_ = false;
  double play_budget_ = 0.0;
  bool has_last_ = false;
  StepInfo last_;
  std::vector<double> prev_w_;
  double prev_b_ = 0.0;
  std::vector<InvariantSample> invariants_;
  std::vector<StepSample> step_samples_;
  std::vector<EtaRun> eta_runs_;
  std::vector<EpochSample> epoch_samples_;
  Message notice_;
  bool notice_refusal_ = false;  // notice_ says why the learner refused the data (cleared once it takes them)
  StopReason early_stop_ = StopReason::None;  // set by an early-stopping train(), until the view moves
  std::uint64_t revision_ = 0;
  std::vector<std::vector<double>> queries_;  // query points (input space, d coordinates each)
  std::uint64_t changes_ = 0;
  std::shared_ptr<Catalogs> catalogs_;
  std::shared_ptr<DataFiles> files_;
  std::uint64_t ids_ = 0;  // the last new_id()
};


// The margin's numbers as JSON fields (state() and `pla margin --json` share them).
void add_margin_state(Json& o, const MarginResult& m);
void append_margin_json(JsonObject& o, const MarginResult& m);

// Largest sizes the session keeps per-step curves for.
constexpr std::size_t kMaxCurveSamples = 200000;
constexpr std::size_t kMaxStepMetricPoints = 5000;  // per-step J/J1 only when N <= this

}  // namespace pla
