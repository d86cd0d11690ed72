// Fuzz target: pla::Session::command, the one entry point of the page's JavaScript API
// and the app. The input is a script: one argument per line ('\n'), a blank line ends
// a command (so "set\neta\n0.5\n\nstep\n" is two commands), at most 64 commands.
// After every command the session advances a little (advance(0.05 s, 50 steps)); at the
// end state_json() must be valid JSON and the data set valid.
//
// Bounded work (so a slow input is a real stall, not a big request): the harness
// starts with `set max_epochs 20`, and skips (does not run) a command that asks for
// much work by its numbers:
//   generate with N > 300 or D > 10;  set max_epochs 0 or > 20;  set max_updates > 5000;
//   set patience > 10;  import_csv / add_point are bounded by the input size (libFuzzer's
//   -max_len, 4096 bytes by default).
// Skipped commands are legal requests the core bounds itself (N <= 10^7, n*d <= 2*10^7,
// max_epochs <= 10^8); limits_test.cpp checks those limits directly.
// Also skipped: stepping (step, next_update, epoch, train, run, play and the advance after
// each command) with a non-linear learner (voted, kernel) on more than 20 points or N * d > 200.
// Known stall, found by this target: Session::record_step computes J and J1 on the whole
// training set after every mistake, which costs O(N * votes * d) for voted and
// O(N * support) + O(support^2) for kernel, so `train` grows like N^3 (release build:
// voted, 1000 noisy points, 20 epochs: 234 s, where pla::train takes 0.03 s). Drop this
// guard once the per-step metrics are bounded by cost; regression/fuzz_session/ keeps the input.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/lab/session/session.hpp"
#include "fuzz_util.hpp"

namespace {

bool number_above(const std::string& s, std::uint64_t cap) {
  std::uint64_t v = 0;
  return pla::parse_u64(s, v) && v > cap;
}

bool too_much_work(const std::vector<std::string>& a) {
  if (a.empty()) return false;
  if (a[0] == "generate") return (a.size() > 2 && number_above(a[2], 300)) || (a.size() > 3 && number_above(a[3], 10));
  if (a[0] == "set" && a.size() == 3) {
    std::uint64_t v = 0;
    if (a[1] == "max_epochs") return !pla::parse_u64(a[2], v) ? false : (v == 0 || v > 20);
    if (a[1] == "max_updates") return number_above(a[2], 5000);
    if (a[1] == "patience") return number_above(a[2], 10);
  }
  return false;
}

bool is_stepping(const std::string& name) {
  return name == "step" || name == "next_update" || name == "epoch" || name == "train" || name == "run" ||
         name == "play";
}

bool stepping_is_cheap(const pla::Session& s) {
  if (s.live_learner().linear()) return true;
  const std::size_t n = s.train_set().size(), d = static_cast<std::size_t>(s.train_set().d);
  return n <= 20 && n * d <= 200;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::vector<std::vector<std::string>> script(1);
  std::size_t start = 0;
  while (start <= text.size() && script.size() <= 64) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string arg = text.substr(start, end - start);
    if (arg.empty()) {
      if (!script.back().empty()) script.emplace_back();
    } else {
      script.back().push_back(std::move(arg));
    }
    start = end + 1;
  }

  pla::Session s;
  FUZZ_CHECK(s.set("max_epochs", "20").ok, "cannot set max_epochs");
  for (const auto& args : script) {
    if (args.empty() || too_much_work(args)) continue;
    if (is_stepping(args[0]) && !stepping_is_cheap(s)) continue;
    const pla::Status st = s.command(args);
    FUZZ_CHECK(st.ok || !st.error.empty(), "a refused command without a message: " + args[0]);
    if (stepping_is_cheap(s)) s.advance(0.05, 50);
  }
  const pla::Status valid = s.data().validate();
  FUZZ_CHECK(valid.ok, valid.error);
  FUZZ_CHECK(s.viewed_step() <= s.live_learner().steps(), "viewing a step after the live one");
  const std::string state = s.state_json();
  FUZZ_CHECK(fuzz::json_valid(state), "state_json is not valid JSON: " + state.substr(0, 2000));
  return 0;
}
