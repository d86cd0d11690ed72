// Perceptron Lab core: when training stops, and why, in one place.
//
// Every trainer (pla::train, fast_train, stream_train, the session) asks stop_rule
// after a step whether a rule is reached, and words the outcome with stop_message, so
// the rules, their priority and the English of "converged: epoch 8 made no mistake (7
// updates in all)" exist once. Early stopping needs a validation set, so only its
// callers (pla::train) decide it; stop_message words it like the others.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/base/status.hpp"

namespace pla {

enum class StopReason { None, Converged, MaxEpochs, MaxUpdates, EarlyStopping, Diverged };
// "none", "converged", "max_epochs", "max_updates", "early_stopping", "diverged".
const char* to_string(StopReason v);
// The names of to_string; false (out unchanged) for any other text.
bool parse_stop_reason(const std::string& s, StopReason& out);

struct StopRules {
  std::uint64_t max_epochs = 1000;  // stop when the learner has completed this many epochs (0: no limit)
  std::uint64_t max_updates = 0;    // stop when it has made this many updates (0: no limit)
  // Early stopping (needs a validation set): stop after `patience` epochs without
  // fewer validation mistakes and restore the best state. 0: off.
  std::uint64_t patience = 0;
};

// A learner's counters as the stop rules read them.
struct StopProgress {
  std::uint64_t epochs = 0, updates = 0;
  bool converged = false, diverged = false;
};

// The counters of anything that counts epochs and updates (a Learner, the fast perceptron).
template <class Counter>
StopProgress progress_of(const Counter& c) {
  StopProgress p;
  p.epochs = c.epoch();
  p.updates = c.updates();
  p.converged = c.converged();
  p.diverged = c.diverged();
  return p;
}

// The rule reached, or StopReason::None. Priority: Diverged, Converged, MaxEpochs,
// MaxUpdates (a limit of 0 is no limit). Never EarlyStopping.
StopReason stop_rule(const StopRules& rules, const StopProgress& p);

// What a stop message reports besides the rules and the counters.
struct StopDetails {
  std::uint64_t steps = 0;                             // diverged: the step it happened at
  std::size_t train_mistakes = 0, train_points = 0;    // max_epochs, max_updates: J1 on the training set
  std::uint64_t best_epoch = 0, stop_epoch = 0;        // early stopping: restored and stopping epochs
  std::size_t validation_mistakes = 0, validation_points = 0;  // early stopping: J1 of the restored epoch
};

// Why training stopped, as a code with named arguments (Msg::stop_*; an empty message
// for StopReason::None). English:
//   converged       "converged: epoch {epochs} made no mistake ({updates} updates in all)"
//   max_epochs      "stopped at max_epochs = {max_epochs} without converging ({mistakes} of {points}
//                    training points wrong; the data may not be linearly separable)"
//   max_updates     "stopped at max_updates = {max_updates} ({mistakes} of {points} training points wrong)"
//   early_stopping  "early stopping: no fewer validation mistakes for {patience} epochs after epoch
//                    {best_epoch} (stopped at epoch {stop_epoch}, restored epoch {best_epoch} with
//                    {validation_mistakes} of {validation_points} validation points wrong)"
//   diverged        "diverged: w or b became inf/NaN at step {steps} (eta or the coordinates are too large)"
Message stop_message(StopReason why, const StopRules& rules, const StopProgress& p, const StopDetails& details);

}  // namespace pla
