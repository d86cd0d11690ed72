// Perceptron Lab core: LessonRunner's pending work (runner.hpp): the ops a call queues (a
// step's setup and actions, a question's effect, what follows them), run a slice at a time
// or to the end, cancelled back to their undo point; and the session snapshots kept at
// step boundaries, from which Back, Go to and resume rebuild a step as a replay would.
//
// [SECTION] index
//   Queue          ops pushed, a step's ops, a question's effect, failures
//   Snapshots      kept at step boundaries (spaced, and the recent ones)
//   Work           work, finish, cancel, progress
//   Ops            each kind of op run
//   Showing        a step shown, the baseline, a step rebuilt from a snapshot
#include "core/lab/lesson/runner.hpp"

#include <algorithm>
#include <chrono>
#include <utility>

#include "core/lab/lesson/text_tools.hpp"
#include "core/lab/session/session.hpp"

namespace pla {

using namespace lesson_text;

// =============================================================================
// [SECTION] Queue
// =============================================================================

void LessonRunner::push(Op op) {
  queue_.push_back(std::move(op));
  ++ops_total_;
}

void LessonRunner::queue_step(std::size_t i, int group) {
  push(Op{Op::Setup, i, 0, group});
  for (std::size_t a = 0; a < lesson_.steps[i].actions.size(); ++a) push(Op{Op::Action, i, a, group});
}

// The command a question's effect runs (none: empty).
std::vector<std::string> LessonRunner::effect_command(std::size_t i) const {
  const LessonQuestion& q = lesson_.steps[i].question;
  if (q.kind == QuestionKind::PickPoint || q.kind == QuestionKind::PlaceLine ||
      (q.kind == QuestionKind::Number && !q.from.empty()))
    return {"next_update"};
  if (q.kind == QuestionKind::YesNo && q.from == "mistake") return {"step"};
  return {};
}

void LessonRunner::fail_op(const Op& op, const Status& st) {
  if (std::find(failed_groups_.begin(), failed_groups_.end(), op.group) == failed_groups_.end()) failed_groups_.push_back(op.group);
  if (op.counted && work_status_) work_status_ = st;
  chain_ = false;  // a failed command leaves a state no replay reaches the same way
}

void LessonRunner::mark(const Session& s) { mark_ = s.changes(); }

// =============================================================================
// [SECTION] Snapshots
// =============================================================================

// A snapshot of the session at step i's boundary, kept while they fit kSnapshotBytes; over
// it, as the trace does with its own, every other one goes and the spacing doubles (step
// 0's stays), so Back replays at most snap_every_ - 1 steps after the nearest one.
void LessonRunner::record(const Session& s, std::size_t i) {
  if (i % snap_every_ != 0) return keep_recent(s, i);
  auto it = std::lower_bound(snaps_.begin(), snaps_.end(), i,
                             [](const std::pair<std::size_t, std::shared_ptr<const Session>>& a, std::size_t v) { return a.first < v; });
  if (it != snaps_.end() && it->first == i) return;  // the same state (a replay's)
  auto snap = std::make_shared<const Session>(s);
  snap_bytes_ += snap->memory_bytes();
  snaps_.insert(it, {i, std::move(snap)});
  while (snap_bytes_ > kSnapshotBytes && snaps_.size() > 1 && snap_every_ < (std::size_t(1) << 20)) {
    snap_every_ *= 2;
    snap_bytes_ = 0;
    std::vector<std::pair<std::size_t, std::shared_ptr<const Session>>> kept;
    for (auto& p : snaps_)
      if (p.first % snap_every_ == 0) {
        snap_bytes_ += p.second->memory_bytes();
        kept.push_back(std::move(p));
      }
    snaps_ = std::move(kept);
  }
}

// A boundary between the spaced snapshots: kept among the recent ones, the lowest steps
// dropped first over kSnapshotBytes / 2.
void LessonRunner::keep_recent(const Session& s, std::size_t i) {
  using Snap = std::pair<std::size_t, std::shared_ptr<const Session>>;
  for (const Snap& p : recent_)
    if (p.first == i) return;
  auto snap = std::make_shared<const Session>(s);
  recent_bytes_ += snap->memory_bytes();
  recent_.emplace_back(i, std::move(snap));
  std::sort(recent_.begin(), recent_.end(), [](const Snap& a, const Snap& b) { return a.first < b.first; });
  while (recent_bytes_ > kSnapshotBytes / 2 && !recent_.empty()) {
    recent_bytes_ -= std::min(recent_bytes_, recent_.front().second->memory_bytes());
    recent_.erase(recent_.begin());
  }
}

// The undo point of new work (the session and the walk as they are now: cancel() goes
// back there), with slicing only: without it the work ends before the call returns.
void LessonRunner::begin_work(Session& s) {
  if (s.changes() != mark_) chain_ = false;  // touched since: no replay gives this state
  work_status_ = Status::success();
  failed_groups_.clear();
  ops_done_ = ops_total_ = 0;
  done_shown_ = 0;
  running_ = false;
  undo_session_.reset();
  undo_runner_.reset();
  if (!slicing_) return;
  undo_session_ = std::make_shared<const Session>(s);
  undo_runner_ = std::make_shared<const LessonRunner>(*this);
}

// =============================================================================
// [SECTION] Work
// =============================================================================

Status LessonRunner::run_queued(Session& s) {
  if (!slicing_) return finish(s);
  return Status::success();
}

Status LessonRunner::finish(Session& s) {
  while (!work(s, 3600.0)) {
  }
  return work_status_;
}

bool LessonRunner::work(Session& s, double max_seconds) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point t0 = Clock::now();
  bool first = true;
  while (!queue_.empty()) {
    const double left = max_seconds - std::chrono::duration<double>(Clock::now() - t0).count();
    if (!first && left <= 0.0) break;
    first = false;
    if (s.changes() != mark_) chain_ = false;  // someone else changed the session meanwhile
    const Op op = queue_.front();
    queue_.pop_front();
    const bool done = run_op(s, op, std::max(left, 0.0));
    if (done) ++ops_done_;
    else queue_.push_front(op);
    mark(s);
  }
  // Operations the work queues as it goes (a step's actions after its setup) raise the total:
  // the share shown keeps its highest value, so the bar never moves back.
  done_shown_ = work_progress().done;
  if (queue_.empty()) {
    undo_session_.reset();
    undo_runner_.reset();
    running_ = false;
    return true;
  }
  return false;
}

bool LessonRunner::cancel(Session& s) {
  if (!busy() || !undo_runner_ || !undo_session_) return false;
  const bool canonical = undo_runner_->chain_ && undo_runner_->mark_ == undo_session_->changes();
  s.restore(*undo_session_);
  LessonRunner was = *undo_runner_;
  // What the runner learnt meanwhile stays: the snapshots (every one a replay's state),
  // the events, the counters.
  was.snaps_ = std::move(snaps_);
  was.snap_every_ = snap_every_;
  was.snap_bytes_ = snap_bytes_;
  was.recent_ = std::move(recent_);
  was.recent_bytes_ = recent_bytes_;
  was.events_ = std::move(events_);
  was.answer_texts_ = std::move(answer_texts_);
  was.steps_applied_ = steps_applied_;
  was.slicing_ = slicing_;
  *this = std::move(was);
  queue_.clear();
  running_ = false;
  undo_session_.reset();
  undo_runner_.reset();
  work_status_ = Status::success();
  chain_ = canonical;
  mark(s);
  return true;
}

LessonRunner::WorkProgress LessonRunner::work_progress() const {
  WorkProgress p;
  if (!busy()) {
    p.done = p.total;
    return p;
  }
  double f = 0.0;
  if (running_ && run_) {
    f = run_->fraction;
    p.action = run_->args.empty() ? std::string() : run_->args[0];
    p.visited = run_->visited;
  }
  const double share = ops_total_ ? (static_cast<double>(ops_done_) + f) / static_cast<double>(ops_total_) : 0.0;
  p.done = std::max(done_shown_, std::min<std::size_t>(p.total - 1, static_cast<std::size_t>(share * static_cast<double>(p.total))));
  return p;
}

// =============================================================================
// [SECTION] Ops
// =============================================================================

Status LessonRunner::step_failed(const Op& op, const std::string& field, const Status& cause) const {
  return Status::fail(Msg::lesson_step_failed, {{"id", lesson_.id}, {"step", std::to_string(op.step + 1)}, {"field", field}},
                      cause);
}

// A command in parts (Session::start_run): true when it is done (a failure: `field`).
bool LessonRunner::run_command(Session& s, const Op& op, const std::vector<std::string>& args, const std::string& field,
                               double seconds) {
  if (!running_) {
    if (!run_) run_ = std::make_shared<CommandRun>();
    s.start_run(*run_, args);
    running_ = true;
  }
  if (!s.run_part(*run_, seconds)) return false;
  running_ = false;
  if (!run_->status) fail_op(op, step_failed(op, field, run_->status));
  return true;
}

// A step's setup: its data (a preset or rows), then its settings in order.
void LessonRunner::run_setup(Session& s, const Op& op) {
  ++steps_applied_;
  const LessonStep& st = lesson_.steps[op.step];
  const std::string f = step_field(op.step);
  Status r;
  if (!st.preset.empty()) r = s.command({"preset", st.preset});
  else if (!st.data_csv.empty()) r = s.command({"import_csv", st.data_csv, lesson_.id + ".csv"});
  if (!r) return fail_op(op, step_failed(op, at(f, st.preset.empty() ? "setup.data" : "setup.preset"), r));
  for (const auto& kv : st.settings) {
    r = s.command({"set", kv.first, kv.second});
    if (!r) return fail_op(op, step_failed(op, at(f, "setup." + kv.first), r));
  }
}

// One of a step's actions; a command whose count follows d checked against the data now.
bool LessonRunner::run_action(Session& s, const Op& op, double seconds) {
  const std::vector<std::string>& args = lesson_.steps[op.step].actions[op.index];
  const std::string field = item(at(step_field(op.step), "actions"), op.index);
  if (!running_)
    for (const Command& c : session_commands())
      if (c.name == args[0] && c.max_args == kArgsPerDim) {
        const std::size_t want = static_cast<std::size_t>(c.min_args) + static_cast<std::size_t>(s.data().d);
        if (args.size() - 1 != want) {
          fail_op(op, step_failed(op, field, Status::fail(Msg::lesson_action_dim_run,
                                                          {{"name", args[0]}, {"given", std::to_string(args.size() - 1)},
                                                           {"count", std::to_string(want)}, {"d", msg_int(s.data().d)}})));
          return true;
        }
      }
  return run_command(s, op, args, field, seconds);
}

// The step shown: its expected answer, a snapshot at its boundary, its placeholders' values.
void LessonRunner::show_done(const Session& s, const Op& op, bool skip) {
  if (!skip) {
    const Status st = compute_expected(s);
    if (!st) fail_op(op, st);
    else if (chain_ && s.changes() == mark_) record(s, step_);
  }
  shown_ = placeholder_values(s);
  after_ = shown_;
  event(Json{{"event", "step_shown"}, {"id", lesson_.id}, {"step", step_}});
}

// The step's recorded answer shown read-only (no event, no result changed): the reply
// checked again for its feedback, the verdict the recorded one.
void LessonRunner::replay_answer(Session& s) {
  if (open_kind() == QuestionKind::None) return;
  const int r = results_[step_];
  if (r == 3) passed_ = true;
  if (r != 1 && r != 2) return;
  Checked c;
  answered_ = true;
  correct_ = r == 1;
  given_ = replies_[step_];
  line_errors_ = false;
  if (check_reply(s, replies_[step_], c)) {
    given_ = c.given;
    line_errors_ = c.line;
    angle_error_ = c.angle;
    offset_error_ = c.offset;
  }
}

// resume() of a finished lesson: the last step's open question passed over, as next()
// does, then the lesson finished; nothing when the rebuild failed (not done).
void LessonRunner::resume_done() {
  if (!work_status_) {
    queue_.clear();
    return;
  }
  if (open_kind() != QuestionKind::None && !closed()) {
    results_[step_] = 3;
    passed_ = true;
    const int g = next_group_++;
    push(Op{Op::Effect, step_, 0, g});
    push(Op{Op::AnswerDone, step_, 0, g});
  }
  push(Op{Op::Finish, step_, 0, next_group_++});
}

bool LessonRunner::run_op(Session& s, const Op& op, double seconds) {
  const bool skip = std::find(failed_groups_.begin(), failed_groups_.end(), op.group) != failed_groups_.end();
  switch (op.kind) {
    case Op::Setup:
      if (!skip) run_setup(s, op);
      return true;
    case Op::Action: return skip || run_action(s, op, seconds);
    case Op::Effect: {
      if (skip || (op.replay && !closed())) return true;
      const std::vector<std::string> cmd = effect_command(op.step);
      return cmd.empty() || run_command(s, op, cmd, at(step_field(op.step), "question"), seconds);
    }
    case Op::Record:
      if (!skip && chain_ && s.changes() == mark_) record(s, op.step);
      return true;
    case Op::ShowDone: show_done(s, op, skip); return true;
    case Op::Replay:
      if (!skip) replay_answer(s);
      return true;
    case Op::AnswerDone:
      if (!op.replay || closed()) after_ = placeholder_values(s);
      return true;
    case Op::Finish: {
      done_ = true;
      if (op.index == 0) return true;
      const Score sc = score();
      event(Json{{"event", "lesson_finished"}, {"id", lesson_.id}, {"answered", sc.answered}, {"correct", sc.right},
                 {"questions", sc.questions}});
      return true;
    }
    case Op::ResumeDone: resume_done(); return true;
  }
  return true;
}

// =============================================================================
// [SECTION] Showing
// =============================================================================

// The current step shown: its flags cleared now, its setup and actions queued (none when
// the session was restored from the step's own snapshot), then ShowDone.
void LessonRunner::show_begin(Session& s, int group) {
  shown_serial_ = s.new_id();
  answered_ = correct_ = line_errors_ = passed_ = false;
  practicing_ = practiced_ = practice_correct_ = false;
  practice_given_.clear();
  given_.clear();
  expected_.clear();
  expected_line_.clear();
  const int g = group >= 0 ? group : next_group_++;
  if (group < 0) queue_step(step_, g);
  push(Op{Op::ShowDone, step_, 0, g});
  // A question answered (or passed over) before: shown read-only, its effect run as the
  // replay of the lesson runs it (the recorded answer's, or the Next that passed it).
  if (step_ < results_.size() && results_[step_] != 0 && lesson_.steps[step_].question.kind != QuestionKind::None) {
    push(Op{Op::Replay, step_, 0, g});
    Op effect{Op::Effect, step_, 0, g};
    effect.counted = false;
    effect.replay = true;
    push(effect);
    Op done{Op::AnswerDone, step_, 0, g};
    done.replay = true;
    push(done);
  }
}

namespace {
// Every setting back to its default (through `set`: two passes, as one setting's value
// can depend on another's: dual takes init = zero only), and no query points: a step's
// data setup keeps the queries of data of the same dimension, so without this Back
// (which replays the lesson) would show an earlier step with a later step's queries.
Status baseline(Session& s) {
  const SessionSettings defaults;
  Status last;
  for (int pass = 0; pass < 2; ++pass) {
    last = Status::success();
    for (const auto& def : session_settings()) {
      Status r = s.command({"set", def.key, setting_text(def, defaults)});
      if (!r) last = r;
    }
  }
  Status r = s.command({"clear_queries"});
  if (!r) last = r;
  return last;
}
}  // namespace

// The session at step `target` as a replay of the lesson from its start gives it: from
// the nearest snapshot at or before the target (none: from the baseline and step 1),
// replaying the steps after it (setup, actions, the question's effect) and then the
// target's own setup and actions (not when the snapshot is the target's).
void LessonRunner::rebuild(Session& s, std::size_t target) {
  const int g = next_group_++;
  const std::pair<std::size_t, std::shared_ptr<const Session>>* from = nullptr;
  for (const auto& p : snaps_)
    if (p.first <= target) from = &p;
  for (const auto& p : recent_)
    if (p.first <= target && (!from || p.first > from->first)) from = &p;
  std::size_t first = 0;
  if (from) {
    s.restore(*from->second);
    chain_ = true;
    first = from->first;
  } else {
    const Status b = baseline(s);
    chain_ = true;
    if (!b) fail_op(Op{Op::Setup, 0, 0, g}, b);
  }
  mark(s);
  step_ = target;
  done_ = false;
  const bool restored = from && first == target;
  if (from && first < target) push(Op{Op::Effect, first, 0, g});
  for (std::size_t i = from ? first + 1 : 0; i < target; ++i) {
    queue_step(i, g);
    push(Op{Op::Record, i, 0, g});
    push(Op{Op::Effect, i, 0, g});
  }
  show_begin(s, restored ? next_group_++ : -1);
}

}  // namespace pla
