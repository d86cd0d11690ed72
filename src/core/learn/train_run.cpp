#include "core/learn/train_run.hpp"

#include <chrono>
#include <utility>

#include "core/data/read/data_stream.hpp"
#include "core/learn/metrics.hpp"
#include "core/learn/stream_train.hpp"
#include "core/learn/trace.hpp"

namespace pla {

// [SECTION] the validation split and the lift

Status split_and_lift(Dataset data, double validation, std::uint64_t seed, const std::string& lift, SplitSets& out) {
  SplitSets sets;
  const int d = data.d;
  sets.validation.d = d;
  if (validation > 0.0) {
    Split split;
    const Status st = make_split(data.size(), validation, 0.0, seed, split);
    if (!st) return st;
    sets.train = subset(data, split.train);
    sets.validation = subset(data, split.validation);
    sets.train.d = sets.validation.d = d;
    sets.train_index = std::move(split.train);
    sets.validation_index = std::move(split.validation);
  } else {
    sets.train = std::move(data);  // moved: a copy would double the memory and the time touching it
    sets.train.d = d;
  }
  if (!lift.empty()) {
    Lift lf;
    Dataset lt, lv;
    Status st = parse_lift(lift, d, lf);
    if (st) st = lift_dataset(lf, sets.train, lt);
    if (st) st = lift_dataset(lf, sets.validation, lv);
    if (st) {
      sets.lift = lf;
      sets.lifted = true;
      sets.train = std::move(lt);
      sets.validation = std::move(lv);
    } else {
      sets.lift_status = st;
    }
  }
  out = std::move(sets);
  return Status::success();
}

// [SECTION] where the data go

DataPlace place_data(const DataStream& s, DType dtype, Placement forced) {
  DataPlace p;
  p.forced = forced;
  const std::uint64_t value_bytes = dtype == DType::Float32 ? 4 : 8;
  p.data_bytes = s.estimated_rows() * (static_cast<std::uint64_t>(s.d()) * value_bytes + sizeof(int));
  p.estimated = s.format() == DataFormat::kCsv;
  p.memory = memory_info();
  p.in_memory = forced == Placement::InMemory || (forced == Placement::Auto && fits_in_memory(p.data_bytes, p.memory));
  return p;
}

// [SECTION] the run

bool runs_fast(const LearnerConfig& cfg, const StopRules& stop, bool trace) {
  // A trace (every step) and early stopping (snapshots) need the general learner.
  return fast_supports(cfg).ok && !trace && stop.patience == 0;
}

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// A linear model from a fast-path result (the fields make_model takes from a learner).
Model linear_model(const LearnerConfig& lc, const TrainResult& r, int input_d, const std::string& lift) {
  Model m;
  m.algo = lc.algo;
  m.d = input_d;
  m.lift = lift;
  m.eta = lc.pla.eta;
  m.w = r.w;
  m.b = r.b;
  return m;
}

// The share of rows a float32 scorer with the run's weights classifies right (as in training).
Status float32_accuracy(const TrainRequest& req, const TrainResult& r, const DatasetF32& ds, double& out) {
  FastPerceptron scorer;
  const Status st = scorer.reset(ds.d, req.learner.pla, DType::Float32);
  if (!st) return st;
  scorer.set_weights(r.w, r.b);
  out = ds.empty() ? 1.0
                   : static_cast<double>(scorer.tally(ds.x.data(), ds.y.data(), ds.size()).correct) /
                         static_cast<double>(ds.size());
  return Status::success();
}

Status run_streamed(const TrainRequest& req, TrainOutcome& out) {
  // Each of these needs the whole data set in memory or random access to it.
  const std::pair<bool, const char*> needs_memory[] = {{req.validation > 0.0, "validation"},
                                                       {req.stop.patience > 0, "patience"},
                                                       {req.trace, "trace"},
                                                       {!req.lift.empty(), "lift"}};
  for (const auto& [asked, key] : needs_memory)
    if (asked) {
      out.refusal = RunRefusal::StreamSetting;
      out.refused_setting = key;
      return Status::success();
    }
  Status st = fast_supports(req.learner);
  if (!st || !learner_info(req.learner.algo).stream) {
    out.refusal = RunRefusal::NotStreamable;
    return st;
  }
  out.streamed = out.fast = true;
  StreamTrainStats stats;
  const auto t0 = std::chrono::steady_clock::now();
  st = stream_train(req.path, req.read, req.learner, req.stop, req.dtype, out.r, &stats, req.progress);
  out.seconds = seconds_since(t0);
  if (!st) return st;
  out.n = static_cast<std::size_t>(stats.n);
  out.d = stats.d;
  out.train_accuracy = stats.train_accuracy;
  if (req.model) out.model = linear_model(req.learner, out.r, stats.d, "");
  return Status::success();
}

// float32 straight from the file: half the memory of float64 rows.
Status run_float32_direct(const TrainRequest& req, DataStream& stream, TrainOutcome& out) {
  DatasetF32 train32;
  Status st = read_all(stream, train32);
  if (!st) return st;
  out.fast = true;
  out.n = train32.size();
  out.d = train32.d;
  const auto t0 = std::chrono::steady_clock::now();
  st = fast_train(train32, req.learner, req.stop, out.r);
  out.seconds = seconds_since(t0);
  if (!st) return st;
  st = float32_accuracy(req, out.r, train32, out.train_accuracy);
  if (!st) return st;
  if (req.model) out.model = linear_model(req.learner, out.r, train32.d, "");
  return Status::success();
}

Status run_fast(const TrainRequest& req, const SplitSets& sets, int data_d, TrainOutcome& out) {
  out.fast = true;
  const auto t0 = std::chrono::steady_clock::now();
  if (req.dtype == DType::Float64) {
    const Status st = fast_train(sets.train, req.learner, req.stop, out.r);
    out.seconds = seconds_since(t0);
    if (!st) return st;
    out.train_accuracy = accuracy(sets.train, out.r.w, out.r.b);
    if (out.has_validation) out.validation_accuracy = accuracy(sets.validation, out.r.w, out.r.b);
  } else {
    DatasetF32 train32, valid32;
    Status st = to_float32(sets.train, train32);
    if (st) st = to_float32(sets.validation, valid32);
    if (!st) {
      out.refusal = RunRefusal::DataError;
      return st;
    }
    st = fast_train(train32, req.learner, req.stop, out.r);
    out.seconds = seconds_since(t0);
    if (!st) return st;
    st = float32_accuracy(req, out.r, train32, out.train_accuracy);
    if (st && out.has_validation) st = float32_accuracy(req, out.r, valid32, out.validation_accuracy);
    if (!st) return st;
  }
  if (req.model) out.model = linear_model(req.learner, out.r, data_d, req.lift);
  return Status::success();
}

Status run_general(const TrainRequest& req, const SplitSets& sets, int data_d, Learner& learner,
                   TrainOutcome& out) {
  Status st = learner.reset(sets.train);
  if (!st) return st;
  Trace trace;
  if (req.trace) trace.start(learner);
  const auto t0 = std::chrono::steady_clock::now();
  st = train(learner, sets.train, req.stop, out.r, sets.validation.empty() ? nullptr : &sets.validation,
             req.trace ? &trace : nullptr);
  out.seconds = seconds_since(t0);
  if (!st) return st;
  out.train_accuracy = accuracy(learner, sets.train);
  if (out.has_validation) out.validation_accuracy = accuracy(learner, sets.validation);
  if (req.trace) {
    st = req.trace_json ? trace.to_json(sets.train, out.trace_text) : trace.to_csv(sets.train, out.trace_text);
    if (!st) return st;
  }
  if (req.model) return make_model(learner, sets.train, data_d, req.lift, out.model);
  return Status::success();
}

}  // namespace

Status train_run(const TrainRequest& req, TrainOutcome& out) {
  out = TrainOutcome();
  out.dtype = req.dtype;
  DataStream stream;
  Status st = stream.open(req.path, req.read);
  if (!st) return st;
  out.place = place_data(stream, req.dtype, req.placement);
  if (!out.place.in_memory) return run_streamed(req, out);

  const bool fast = runs_fast(req.learner, req.stop, req.trace);
  if (req.dtype == DType::Float32 && fast && req.validation == 0.0 && req.lift.empty())
    return run_float32_direct(req, stream, out);

  Dataset data;
  st = read_all(stream, data);
  if (!st) return st;
  const int data_d = data.d;
  SplitSets sets;
  st = split_and_lift(std::move(data), req.validation, req.learner.pla.seed, req.lift, sets);
  if (!st) return st;
  if (!sets.lift_status) {
    // A spec that does not parse for the data's dimension is the caller's; a lift that
    // cannot be applied to the points is the data's.
    Lift probe;
    if (!parse_lift(req.lift, data_d, probe)) out.refusal = RunRefusal::BadLift;
    return sets.lift_status;
  }
  if (sets.train.empty()) {
    out.refusal = RunRefusal::NoTrainingPoints;
    return Status::success();
  }
  if (req.dtype == DType::Float32 && !fast) {
    out.refusal = RunRefusal::Float32NeedsFast;
    return Status::success();
  }
  out.n = sets.train.size();
  out.d = sets.train.d;
  out.has_validation = !sets.validation.empty();
  std::unique_ptr<Learner> learner;
  st = make_learner(req.learner, learner);
  if (!st) return st;
  return fast ? run_fast(req, sets, data_d, out) : run_general(req, sets, data_d, *learner, out);
}

}  // namespace pla
