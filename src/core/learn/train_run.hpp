// Perceptron Lab core: one training run on a data file (what `pla train` runs), and the
// validation split and lift that the session shares.
//
//   split_and_lift(data, share, seed, lift, sets)   training / validation sets, lifted
//   place_data(stream, dtype, forced)               in memory or streamed, and why
//   train_run(request, outcome)                     the whole run
//
// train_run chooses the training path:
//   streamed    the data do not fit (or TrainRequest::placement says so): stream_train, one
//               pass over the file per epoch; a learner whose row has `stream`, no split,
//               lift, trace or early stopping (they need the data in memory)
//   in memory   read once, then
//     fast      fast_train (float64 bit for bit as pla::train, or float32) when the
//               learner's row has `fast` (fast_supports) and no trace or early stopping
//     general   make_learner + pla::train, with the trace and early stopping
// float32 needs the fast path (in memory or streamed).
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/data/dataset.hpp"
#include "core/learn/fast_pla.hpp"
#include "core/data/read/io.hpp"
#include "core/learn/learners.hpp"
#include "core/data/lift.hpp"
#include "core/base/memory.hpp"
#include "core/learn/model.hpp"
#include "core/base/status.hpp"

namespace pla {

class DataStream;           // data_stream.hpp
struct StreamProgress;      // stream_train.hpp

// [SECTION] the validation split and the lift

struct SplitSets {
  Dataset train, validation;
  // The rows of the data in each set (both empty when every point trains).
  std::vector<std::size_t> train_index, validation_index;
  Lift lift;
  bool lifted = false;
  Status lift_status;  // why the lift was not applied (the sets are then unlifted)
};

// Holds out a share `validation` (0 .. 0.5) of the points, drawn by `seed` (none at 0:
// `data` is moved into the training set, not copied), then applies the lift spec (lift.hpp;
// none when empty) to both sets. Fails (out unchanged) only when the split cannot be made;
// a lift that cannot be applied leaves the sets unlifted with lift_status saying why.
Status split_and_lift(Dataset data, double validation, std::uint64_t seed, const std::string& lift, SplitSets& out);

// [SECTION] where the data go

enum class Placement { Auto, InMemory, Stream };

struct DataPlace {
  bool in_memory = true;
  Placement forced = Placement::Auto;
  std::uint64_t data_bytes = 0;  // n x (d x the value size + a label): estimated for CSV
  bool estimated = false;        // data_bytes is an estimate (CSV)
  MemoryInfo memory;
};

// In memory when the data fit (fits_in_memory: from the file's header or its first
// buffer), else streamed; `forced` decides instead when not Auto.
DataPlace place_data(const DataStream& s, DType dtype, Placement forced);

// [SECTION] the run

struct TrainRequest {
  std::string path;
  ReadOptions read;
  LearnerConfig learner;
  StopRules stop;
  double validation = 0.0;  // share held out (in memory only)
  std::string lift;         // lift spec (in memory only)
  DType dtype = DType::Float64;
  Placement placement = Placement::Auto;
  bool trace = false;       // record every step (the general learner); trace_json: JSON, else CSV
  bool trace_json = false;
  bool model = false;       // build the model file's content
  std::function<void(const StreamProgress&)> progress;  // streamed runs: called during each pass
};

// Why a run was refused before training (the Status of train_run says more when it can).
enum class RunRefusal {
  None,
  Float32NeedsFast,  // float32 without the fast path (the learner's row, order, restart, trace, patience)
  NotStreamable,     // streamed: the learner configuration has no streamed path (fast_supports)
  StreamSetting,     // streamed: `refused_setting` needs the data in memory
  BadLift,           // the lift spec does not fit the data
  DataError,         // the data file's points cannot be used (the Status says why)
  NoTrainingPoints,  // the split leaves no training point
};

struct TrainOutcome {
  TrainResult r;
  double seconds = 0.0;  // the training alone
  double train_accuracy = 1.0;
  bool has_validation = false;
  double validation_accuracy = 1.0;
  std::size_t n = 0;  // training points
  int d = 0;
  DType dtype = DType::Float64;
  bool streamed = false;
  bool fast = false;
  DataPlace place;
  std::string trace_text;  // with TrainRequest::trace
  Model model;             // with TrainRequest::model
  RunRefusal refusal = RunRefusal::None;
  const char* refused_setting = "";  // StreamSetting: "validation", "patience", "trace" or "lift"
};

// True when this learner configuration and these requests run on the fast path.
bool runs_fast(const LearnerConfig& cfg, const StopRules& stop, bool trace);

// Opens the file, places the data, picks the path and trains. On a refusal, out.refusal
// says which (the returned Status carries the core's reason when there is one).
Status train_run(const TrainRequest& req, TrainOutcome& out);

}  // namespace pla
