// Perceptron Lab core: training over a file read pass by pass (stream_train.hpp).
#include "core/learn/stream_train.hpp"

#include <algorithm>
#include <utility>
#include <vector>

namespace pla {

// ---------------------------------------------------------------- stream_train

namespace {

// What stream_train checks before touching the file: a learner on the streaming path, a
// stop rule, no early stopping, and the fast perceptron's own checks (eta, tau, order).
Status check_stream_run(const LearnerConfig& cfg, const StopRules& rules, DType dtype) {
  Status st = fast_supports(cfg);
  if (st && !learner_info(cfg.algo).stream)
    st = Status::fail(Msg::fast_path_algo,
                      {{"algo", to_string(cfg.algo)}, {"algos", learner_list_where(&LearnerInfo::stream)}});
  if (!st) return st;
  st = check_stop_rule(cfg.algo, rules);
  if (!st) return st;
  if (rules.patience > 0) return Status::fail(Msg::stream_no_validation);
  FastPerceptron probe;
  return probe.reset(1, learner_config(cfg).pla, dtype);
}

// A run over the rows of an open stream, batch by batch (about 1 MB of rows at a time).
template <class T>
struct StreamRun {
  StreamRun(DataStream& stream, FastPerceptron& perceptron, const StreamProgressFn& fn)
      : s(stream), p(perceptron), progress(fn) {
    batch = std::max<std::size_t>(1, (std::size_t{1} << 20) / (static_cast<std::size_t>(s.d()) * sizeof(T)));
    pr.bytes_total = s.file_size();
  }

  DataStream& s;
  FastPerceptron& p;
  const StreamProgressFn& progress;
  std::size_t batch = 1;
  std::vector<T> x;
  std::vector<int> y;
  StreamProgress pr;

  void report() {
    if (!progress) return;
    pr.bytes_done = s.position();
    pr.updates = p.updates();
    progress(pr);
  }

  // One epoch: the rows of this pass from the first, visited until the pass ends or the
  // perceptron stops (divergence, the update limit); `epoch_end` when the pass ended.
  Status epoch(bool& epoch_end) {
    pr.epoch = p.epoch() + 1;
    epoch_end = false;
    while (true) {
      Status st = s.read(batch, x, y);
      if (!st) return st;
      if (y.empty()) {
        epoch_end = true;
        return Status::success();
      }
      const std::size_t visited = p.visit(x.data(), y.data(), y.size());
      report();
      if (p.diverged() || p.update_limit_reached()) {
        if (visited == y.size()) {
          // The stop came on the last row of this batch: the epoch ended with it if no row follows.
          st = s.read(1, x, y);
          if (!st) return st;
          epoch_end = y.empty();
        }
        return Status::success();
      }
    }
  }

  // Mistakes and correct rows of the final weights over one more pass.
  Status tally(FastPerceptron::Tally& tally) {
    pr.epoch = 0;
    while (true) {
      const Status st = s.read(batch, x, y);
      if (!st) return st;
      if (y.empty()) return Status::success();
      const FastPerceptron::Tally t = p.tally(x.data(), y.data(), y.size());
      tally.mistakes += t.mistakes;
      tally.correct += t.correct;
      report();
    }
  }
};

template <class T>
Status stream_train_typed(const std::string& path, const ReadOptions& options, const LearnerConfig& cfg,
                          const StopRules& rules, DType dtype, TrainResult& out, StreamTrainStats* stats,
                          const StreamProgressFn& progress, std::size_t buffer_bytes) {
  Status st = check_stream_run(cfg, rules, dtype);
  if (!st) return st;
  const PerceptronConfig pc = learner_config(cfg).pla;  // as make_learner: tau only for a learner that takes it
  DataStream s;
  st = s.open(path, options, buffer_bytes);
  if (!st) return st;
  StreamTrainStats info;
  info.d = s.d();
  info.passes = s.format() == DataFormat::kLibsvm ? 1 : 0;
  info.format = s.format();
  FastPerceptron p;
  st = p.reset(s.d(), pc, dtype);
  if (!st) return st;
  p.set_update_limit(rules.max_updates);

  StreamRun<T> run(s, p, progress);
  StopReason reason = StopReason::None;
  for (bool first = true; reason == StopReason::None; first = false) {
    if (!first) {
      st = s.rewind();
      if (!st) return st;
    }
    ++info.passes;
    bool epoch_end = false;
    st = run.epoch(epoch_end);
    if (!st) return st;
    if (epoch_end) p.end_epoch();
    // A pass that did not end stopped on divergence or the update limit, which stop_rule names.
    reason = stop_rule(rules, progress_of(p));
  }

  // Mistakes and accuracy of the final weights: free after a clean epoch, else one more pass.
  FastPerceptron::Tally tally;
  if (p.converged()) {
    tally.mistakes = 0;
    tally.correct = static_cast<std::size_t>(s.rows_per_pass());
  } else {
    st = s.rewind();
    if (!st) return st;
    ++info.passes;
    st = run.tally(tally);
    if (!st) return st;
  }
  info.n = s.rows_per_pass();
  TrainResult r = train_result(p, reason, rules, tally.mistakes, static_cast<std::size_t>(info.n));
  info.train_accuracy = info.n == 0 ? 1.0 : static_cast<double>(tally.correct) / static_cast<double>(info.n);
  info.peak_buffer_bytes = s.buffer_capacity();
  out = std::move(r);
  if (stats) *stats = info;
  return Status::success();
}

}  // namespace

Status stream_train(const std::string& path, const LearnerConfig& cfg, const StopRules& rules, DType dtype,
                    TrainResult& out, StreamTrainStats* stats, const StreamProgressFn& progress,
                    std::size_t buffer_bytes) {
  return stream_train(path, ReadOptions(), cfg, rules, dtype, out, stats, progress, buffer_bytes);
}

Status stream_train(const std::string& path, const ReadOptions& options, const LearnerConfig& cfg,
                    const StopRules& rules, DType dtype, TrainResult& out, StreamTrainStats* stats,
                    const StreamProgressFn& progress, std::size_t buffer_bytes) {
  return dtype == DType::Float32
             ? stream_train_typed<float>(path, options, cfg, rules, dtype, out, stats, progress, buffer_bytes)
             : stream_train_typed<double>(path, options, cfg, rules, dtype, out, stats, progress, buffer_bytes);
}

}  // namespace pla
