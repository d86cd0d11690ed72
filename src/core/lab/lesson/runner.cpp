// Perceptron Lab core: LessonRunner's walk (runner.hpp): a lesson loaded, started or resumed,
// Next, Back and Go to, an answer and Try again. Each call queues its work (runner_work.cpp)
// and runs it to the end unless slicing is on.
#include "core/lab/lesson/runner.hpp"

#include <algorithm>
#include <utility>

#include "core/lab/lesson/builtin.hpp"
#include "core/lab/lesson/loader.hpp"
#include "core/lab/lesson/text_tools.hpp"
#include "core/lab/session/session.hpp"

namespace pla {

LessonRunner::LessonRunner() : catalogs_(std::make_shared<const Catalogs>()) {}

LessonRunner::LessonRunner(const Session& s) : catalogs_(s.shared_catalogs()), files_(s.shared_files()) {}

Status LessonRunner::load(const std::string& json, const std::string& source) {
  Lesson l;
  Status st = load_lesson(json, source, *catalogs_, l);
  if (!st) return st;
  lesson_ = std::move(l);
  // The snapshots and any pending work were the previous lesson's.
  snaps_.clear();
  recent_.clear();
  snap_every_ = 1;
  snap_bytes_ = recent_bytes_ = 0;
  queue_.clear();
  running_ = chain_ = false;
  undo_session_.reset();
  undo_runner_.reset();
  active_ = done_ = answered_ = correct_ = passed_ = false;
  practicing_ = practiced_ = practice_correct_ = false;
  practice_given_.clear();
  step_ = 0;
  expected_.clear();
  given_.clear();
  results_.assign(lesson_.steps.size(), 0);
  replies_.assign(lesson_.steps.size(), "");
  return st;
}

Status LessonRunner::load_builtin(const std::string& id) {
  std::string json;
  const Status st = builtin_lesson_text(id, files_.get(), json);
  return st ? load(json, id + ".json") : st;
}

void LessonRunner::event(Json e) { events_.push_back(std::move(e)); }

Status LessonRunner::start(Session& s) {
  if (busy()) (void)finish(s);
  if (!loaded()) return Status::fail(Msg::lesson_not_loaded);
  begin_work(s);
  active_ = true;
  results_.assign(lesson_.steps.size(), 0);
  replies_.assign(lesson_.steps.size(), "");
  event(Json{{"event", "lesson_started"}, {"id", lesson_.id}});
  rebuild(s, 0);
  return run_queued(s);
}

Status LessonRunner::resume(Session& s, const LessonProgress& p) {
  if (busy()) (void)finish(s);
  if (!loaded()) return Status::fail(Msg::lesson_not_loaded);
  begin_work(s);
  const std::size_t n = lesson_.steps.size();
  const std::size_t target = std::min(p.step, n - 1);
  active_ = true;
  results_.assign(n, 0);
  replies_.assign(n, "");
  // The answers of every step (those after the target too: Back keeps them); a step
  // shown with one replays it (show_begin).
  for (std::size_t i = 0; i < n && i < p.results.size(); ++i) {
    const int r = p.results[i];
    if (lesson_.steps[i].question.kind == QuestionKind::None || r < 1 || r > 3) continue;
    results_[i] = r;
    if (r != 3 && i < p.replies.size()) replies_[i] = p.replies[i];
  }
  event(Json{{"event", "lesson_started"}, {"id", lesson_.id}, {"step", target}});
  rebuild(s, target);
  // p.done finishes the lesson on its last step as next() did.
  if (p.done && target + 1 == n) push(Op{Op::ResumeDone, target, 0, next_group_++});
  return run_queued(s);
}

LessonProgress LessonRunner::progress() const {
  LessonProgress p;
  p.step = step_;
  p.done = done_;
  p.results = results_;
  p.replies = replies_;
  return p;
}

QuestionKind LessonRunner::open_kind() const {
  if (!active_ || done_ || step_ >= lesson_.steps.size()) return QuestionKind::None;
  return lesson_.steps[step_].question.kind;
}

Status LessonRunner::next(Session& s) {
  if (busy()) (void)finish(s);
  if (!active_) return Status::fail(Msg::lesson_not_active);
  if (done_) return Status::fail(Msg::lesson_finished, {{"id", lesson_.id}});
  begin_work(s);
  if (open_kind() != QuestionKind::None && !closed()) {  // passed over: closed for good
    results_[step_] = 3;
    replies_[step_].clear();
    passed_ = true;
    const int g = next_group_++;
    push(Op{Op::Effect, step_, 0, g});
    push(Op{Op::AnswerDone, step_, 0, g});
  }
  if (step_ + 1 >= lesson_.steps.size()) {
    push(Op{Op::Finish, step_, 1, next_group_++});
    return run_queued(s);
  }
  ++step_;
  show_begin(s, -1);
  return run_queued(s);
}

Status LessonRunner::back(Session& s) {
  if (busy() && slicing_ && cancel(s)) return Status::success();  // Back while work runs: cancel it
  if (busy()) (void)finish(s);
  if (!active_) return Status::fail(Msg::lesson_not_active);
  if (!done_ && step_ == 0) return Status::fail(Msg::lesson_at_start, {{"id", lesson_.id}});
  begin_work(s);
  rebuild(s, done_ ? step_ : step_ - 1);
  return run_queued(s);
}

Status LessonRunner::go_to(Session& s, std::size_t target) {
  if (busy()) (void)finish(s);
  if (!active_) return Status::fail(Msg::lesson_not_active);
  const std::size_t n = lesson_.steps.size();
  if (target >= n)
    return Status::fail(Msg::lesson_goto_range, {{"id", lesson_.id}, {"step", std::to_string(target + 1)}, {"steps", std::to_string(n)}});
  // Forward only over closed questions: the current one (unless done) and those between.
  if (!done_)
    for (std::size_t i = step_; i < target; ++i) {
      if (lesson_.steps[i].question.kind == QuestionKind::None) continue;
      if (i == step_ ? !closed() : results_[i] == 0)
        return Status::fail(Msg::lesson_goto_open, {{"id", lesson_.id}, {"step", std::to_string(i + 1)}});
    }
  begin_work(s);
  rebuild(s, target);
  return run_queued(s);
}

Status LessonRunner::answer(Session& s, const std::string& value, bool* correct) {
  if (busy()) (void)finish(s);
  begin_work(s);
  const Status st = answer_now(s, value, correct);
  if (!st || !busy()) {  // refused, or practice: no work queued, nothing to undo
    undo_session_.reset();
    undo_runner_.reset();
    return st;
  }
  return run_queued(s);
}

Status LessonRunner::try_again() {
  if (!active_) return Status::fail(Msg::lesson_not_active);
  if (done_) return Status::fail(Msg::lesson_finished, {{"id", lesson_.id}});
  const MsgArgs where = {{"id", lesson_.id}, {"step", std::to_string(step_ + 1)}};
  if (open_kind() == QuestionKind::None) return Status::fail(Msg::lesson_no_question, where);
  if (!lesson_.steps[step_].question.retry) return Status::fail(Msg::lesson_no_retry, where);
  if (closed()) {
    practicing_ = true;
    practiced_ = practice_correct_ = false;
    practice_given_.clear();
  }
  return Status::success();
}

}  // namespace pla
