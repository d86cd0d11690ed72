// Perceptron Lab app: long work in slices (App::run, App::training). A command that can
// run long (the command table's kCmdSliced: train, run, epoch, next_update, compare), the
// panel's "Train to the end" and a link's or saved state's step all run here, a slice of
// about SlicedRun::budget_ms per frame, with progress (state().run, the run panel's bar)
// and cancel (train_cancel).
// A command run this way ends in exactly the state the command reaches at once
// (Session::start_run / run_part repeat its own loop).
#include <algorithm>
#include <chrono>
#include <cmath>

#include "app/app_internal.hpp"
#include "core/base/json.hpp"

namespace pla::app {

namespace {

using Clock = std::chrono::steady_clock;

// A piece of a run to a stop rule: at most this many steps (Session::run_slice bounds the
// work of costly steps on its own: max_cost), then the clock is read again.
constexpr std::uint64_t kPieceSteps = 4096;
constexpr double kPieceCost = 2e6;

bool is_command_run(const SlicedRun& r) { return r.kind != "train_start" && r.kind != "step"; }

// train_start and a link's step: to a stop rule (or the step), for about budget_ms.
bool run_to_stop(App& app) {
  Session& s = app.session;
  SlicedRun& r = app.run;
  const Clock::time_point end =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::milli>(r.budget_ms));
  for (;;) {
    std::uint64_t piece = kPieceSteps;
    if (r.kind == "step") {
      const std::uint64_t at = s.live_learner().steps();
      if (at >= r.to_step) return true;
      piece = std::min(piece, r.to_step - at);
    }
    if (s.run_slice(piece, Session::RunGoal::StopRule, kPieceCost)) return true;
    if (Clock::now() >= end) return false;
  }
}

// One slice of the run in progress, timed (SlicedRun::slice_ms_max); true when it
// reached its goal.
bool slice(App& app) {
  SlicedRun& r = app.run;
  const Clock::time_point t0 = Clock::now();
  const bool done = is_command_run(r) ? app.session.run_part(r.command, r.budget_ms / 1000.0) : run_to_stop(app);
  r.slice_ms_max = std::max(r.slice_ms_max, std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
  return done;
}

// The run reached its goal: what it leaves to say.
void finished(App& app) {
  SlicedRun& r = app.run;
  Session& s = app.session;
  app.training = false;
  r.last_finished = true;
  app.view.field.step = ~0ull;
  if (is_command_run(r)) {
    if (!r.command.status) show_result(app, r.command.status);
  } else if (r.kind == "step" && s.live_learner().steps() < r.to_step && !s.live_learner().converged()) {
    app.notices.push_back(Message(Msg::link_param_stopped_at, {{"step", std::to_string(s.live_learner().steps())}}));
  }
}

}  // namespace

void begin_run(App& app, const std::string& kind, std::uint64_t to_step) {
  SlicedRun& r = app.run;
  r.kind = kind;
  r.command = CommandRun();
  r.to_step = to_step;
  r.start_step = app.session.live_learner().steps();
  r.last_finished = false;
  app.session.pause();
  app.training = true;
}

bool advance_run(App& app) {
  if (!app.training) return false;
  if (slice(app)) {
    finished(app);
    return false;
  }
  return true;
}

Status run_sliced_command(App& app, const std::vector<std::string>& args) {
  Session& s = app.session;
  SlicedRun& r = app.run;
  CommandRun run;
  s.start_run(run, args.size() == 1 && args[0] == "run" ? std::vector<std::string>{"train"} : args);
  app.view.field.step = ~0ull;
  if (run.done) return run.status;
  // Its first slice now: a short run ends here, as it always did.
  const Clock::time_point t0 = Clock::now();
  const bool done = s.run_part(run, r.budget_ms / 1000.0);
  r.slice_ms_max = std::max(r.slice_ms_max, std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
  if (done) return run.status;
  begin_run(app, run.args[0]);
  r.command = std::move(run);
  return Status::success();
}

bool working(const App& app) {
  // (a command waiting for a file, or the catalog of the language in use on its way: data_wait.cpp)
  const bool catalog_coming = !app.session.catalogs().whole(app.lang) && app.lang != app.lang_failed;
  return app.training || app.lesson.busy() || !app.waiting.empty() || catalog_coming;
}

Json run_progress(const App& app) {
  const SlicedRun& r = app.run;
  const Session& s = app.session;
  const Learner& l = s.live_learner();
  double share = 0.0;
  std::uint64_t visited = 0;
  if (is_command_run(r)) {
    share = r.command.fraction;
    visited = r.command.visited;
  } else {
    visited = l.steps() - std::min(l.steps(), r.start_step);
    const StopRules& stop = s.settings().stop;
    if (r.kind == "step" && r.to_step > 0) share = static_cast<double>(l.steps()) / static_cast<double>(r.to_step);
    if (stop.max_epochs > 0) share = std::max(share, static_cast<double>(l.epoch()) / static_cast<double>(stop.max_epochs));
    if (stop.max_updates > 0) share = std::max(share, static_cast<double>(l.updates()) / static_cast<double>(stop.max_updates));
  }
  const std::size_t done = static_cast<std::size_t>(std::clamp(std::floor(share * 1000.0), 0.0, 999.0));
  return Json{{"kind", r.kind}, {"done", done}, {"total", 1000}, {"visited", visited},
              {"step", l.steps()}, {"epoch", l.epoch()}, {"updates", l.updates()}};
}

}  // namespace pla::app
