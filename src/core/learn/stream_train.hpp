// Perceptron Lab core: training over data that do not fit in memory (the float32 data
// sets read from a file are data_stream.hpp's load_stream / read_all).
//
// stream_train runs the classic (or margin) perceptron over a file read by a DataStream
// (data_stream.hpp): each epoch is one pass, in file order (cyclic), with the stop rules
// of pla::train; float64 gives the same w, b, counts and message as pla::train on the file
// read into memory (the rows go through the same FastPerceptron as fast_train). Not
// available when streaming, because each needs the data in memory or random access to it:
// the shuffle and random orders, the restart rule, every other learner (pocket counts
// mistakes over all points after each update, averaged / voted / batch / dual / kernel
// keep per-point or per-step state), validation splits and early stopping (a split is
// a random subset), traces (every step), and feature lifting.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

#include "core/data/read/data_stream.hpp"
#include "core/learn/fast_pla.hpp"
#include "core/learn/learners.hpp"
#include "core/base/status.hpp"
#include "core/learn/stop.hpp"

namespace pla {

struct StreamProgress {
  std::uint64_t epoch = 0;        // 1-based epoch of the pass under way (the final count pass has epoch 0)
  std::uint64_t bytes_done = 0;   // in the current pass
  std::uint64_t bytes_total = 0;  // the file size
  std::uint64_t updates = 0;      // so far
};
using StreamProgressFn = std::function<void(const StreamProgress&)>;

struct StreamTrainStats {
  std::uint64_t n = 0;          // rows per pass
  int d = 0;
  std::uint64_t passes = 0;     // passes over the file (epochs, plus the scan of a LIBSVM file, plus a final count)
  double train_accuracy = 1.0;  // share with sign(f(x)) == y, sign(0) = +1
  std::size_t peak_buffer_bytes = 0;  // the largest the read buffer became
  DataFormat format = DataFormat::kCsv;
};

// The classic / margin perceptron over a file, one pass per epoch (see the header
// comment). Fails without training when fast_supports(cfg) fails or there is no stop
// rule. train_mistakes (and stats->train_accuracy) come from one more pass unless the
// run converged (then they are 0 and 1).
Status stream_train(const std::string& path, const LearnerConfig& cfg, const StopRules& rules, DType dtype,
                    TrainResult& out, StreamTrainStats* stats = nullptr, const StreamProgressFn& progress = {},
                    std::size_t buffer_bytes = kStreamBufferBytes);
Status stream_train(const std::string& path, const ReadOptions& options, const LearnerConfig& cfg,
                    const StopRules& rules, DType dtype, TrainResult& out, StreamTrainStats* stats = nullptr,
                    const StreamProgressFn& progress = {}, std::size_t buffer_bytes = kStreamBufferBytes);

}  // namespace pla
