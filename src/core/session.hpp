// Perceptron Lab core: a Session is one lesson in progress: the data, the
// learner, its settings and the play state. The ImGui interface and the page's
// JavaScript API (window.perceptronLab) both drive it through these methods, and
// `command` maps the textual commands onto the very same methods.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/dataset.hpp"
#include "core/perceptron.hpp"
#include "core/status.hpp"

namespace pla {

struct SessionSettings {
  std::string algo = "classic";
  PerceptronConfig pla;
  double speed = 4.0;                // steps per second while playing
  std::uint64_t max_epochs = 1000;   // stop rule for play and `run`
};

class Session {
 public:
  Session();

  // ---- actions (one path for every front end)
  void reset();                                  // learner back to its start
  StepInfo step();                               // visit one point
  void epoch();                                  // finish the current epoch
  void run();                                    // train until converged or max_epochs
  void play();
  void pause() { playing_ = false; }
  Status load_preset(const std::string& name);
  Status add_point(const std::vector<double>& x, int label);
  void clear();
  Status set(const std::string& key, const std::string& value);  // parses, then configure()
  // Applies new settings after checking them; a changed learner setting resets it.
  Status configure(const SessionSettings& s);
  // Advances a playing session by dt seconds of wall time (speed steps per second).
  void advance(double dt_seconds);

  // Textual command: args[0] is the name (reset, step, epoch, run, play, pause,
  // preset NAME, add_point X Y LABEL, clear, set KEY VALUE).
  Status command(const std::vector<std::string>& args);

  // The state as one JSON object (the keys of window.perceptronLab.state()).
  std::string state_json() const;

  // ---- read access for views
  const Dataset& data() const { return data_; }
  const Perceptron& learner() const { return learner_; }
  const SessionSettings& settings() const { return settings_; }
  bool playing() const { return playing_; }
  const std::string& preset() const { return preset_; }
  bool has_last_step() const { return has_last_; }
  const StepInfo& last_step() const { return last_; }
  std::size_t train_mistakes() const { return count_mistakes(data_, learner_.w(), learner_.b()); }
  // Why training stopped or what changed last (for a status line), may be empty.
  const std::string& notice() const { return notice_; }

 private:
  bool stop_rule_reached() const;

  Dataset data_;
  Perceptron learner_;
  SessionSettings settings_;
  std::string preset_;
  bool playing_ = false;
  double play_budget_ = 0.0;
  bool has_last_ = false;
  StepInfo last_;
  std::string notice_;
};

// Parses a label written as +1, 1, -1 or 0 (0 means -1).
bool parse_label(const std::string& s, int& out);
// Parses a finite double, the whole string.
bool parse_double(const std::string& s, double& out);

}  // namespace pla
