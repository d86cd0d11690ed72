// Perceptron Lab core: error reporting without exceptions.
// The core never throws: the same code runs natively and in WebAssembly (where
// exception catching is off), so every fallible call returns a Status.
#pragma once
#include <string>
#include <utility>

namespace pla {

struct Status {
  bool ok = true;
  std::string error;  // human-readable, names the input at fault

  static Status success() { return {}; }
  static Status fail(std::string message) { return Status{false, std::move(message)}; }
  explicit operator bool() const { return ok; }
};

}  // namespace pla
