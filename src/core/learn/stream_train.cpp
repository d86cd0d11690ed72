#include "core/learn/stream_train.hpp"

#include <algorithm>
#include <utility>
#include <vector>

namespace pla {

// ---------------------------------------------------------------- float32 data sets

Status read_all(DataStream& s, DatasetF32& out) {
  DatasetF32 r;
  r.d = s.d();
  const Status st = read_rest(s, r.x, r.y);
  if (!st) return st;
  out = std::move(r);
  return Status::success();
}

Status load_stream(const std::string& path, DatasetF32& out, int expected_d) {
  ReadOptions o;
  o.expected_d = expected_d;
  return load_stream(path, o, out);
}
Status load_stream(const std::string& path, const ReadOptions& options, DatasetF32& out) {
  DataStream s;
  Status st = s.open(path, options);
  if (!st) return st;
  return read_all(s, out);
}

// ---------------------------------------------------------------- stream_train

namespace {

template <class T>
Status stream_train_typed(const std::string& path, const ReadOptions& options, const LearnerConfig& cfg, const StopRules& rules, DType dtype,
                          TrainResult& out, StreamTrainStats* stats, const StreamProgressFn& progress,
                          std::size_t buffer_bytes) {
  Status st = fast_supports(cfg);
  if (st && !learner_info(cfg.algo).stream) st = Status::fail(Msg::fast_path_algo, {{"algo", to_string(cfg.algo)}, {"algos", learner_list_where(&LearnerInfo::stream)}});
  if (!st) return st;
  st = check_stop_rule(cfg.algo, rules);
  if (!st) return st;
  if (rules.patience > 0) return Status::fail(Msg::stream_no_validation);
  const PerceptronConfig pc = learner_config(cfg).pla;  // as make_learner: tau only for a learner that takes it
  FastPerceptron probe;
  st = probe.reset(1, pc, dtype);  // eta / tau / order checks before touching the file
  if (!st) return st;

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

  // About 1 MB of rows per batch (at least one row).
  const auto d = static_cast<std::size_t>(s.d());
  const std::size_t batch = std::max<std::size_t>(1, (std::size_t{1} << 20) / (d * sizeof(T)));
  std::vector<T> x;
  std::vector<int> y;
  StreamProgress pr;
  pr.bytes_total = s.file_size();
  auto report = [&]() {
    if (!progress) return;
    pr.bytes_done = s.position();
    pr.updates = p.updates();
    progress(pr);
  };

  StopReason reason = StopReason::None;
  bool first = true;
  while (reason == StopReason::None) {
    if (!first) {
      st = s.rewind();
      if (!st) return st;
    }
    first = false;
    ++info.passes;
    pr.epoch = p.epoch() + 1;
    bool epoch_end = false;
    while (true) {
      st = s.read(batch, x, y);
      if (!st) return st;
      if (y.empty()) {
        epoch_end = true;
        break;
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
        break;
      }
    }
    if (epoch_end) p.end_epoch();
    // A pass that did not end stopped on divergence or the update limit, which stop_rule names.
    reason = stop_rule(rules, progress_of(p));
  }

  // Mistakes and accuracy of the final weights: free after a clean epoch, else one more pass.
  FastPerceptron::Tally tally;
  if (p.converged()) {
    info.n = s.rows_per_pass();
    tally.mistakes = 0;
    tally.correct = static_cast<std::size_t>(info.n);
  } else {
    st = s.rewind();
    if (!st) return st;
    ++info.passes;
    pr.epoch = 0;
    while (true) {
      st = s.read(batch, x, y);
      if (!st) return st;
      if (y.empty()) break;
      const FastPerceptron::Tally t = p.tally(x.data(), y.data(), y.size());
      tally.mistakes += t.mistakes;
      tally.correct += t.correct;
      report();
    }
    info.n = s.rows_per_pass();
  }
  TrainResult r = fast_result(p, reason, rules, tally.mistakes, static_cast<std::size_t>(info.n));
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
