// Perceptron Lab core: the text files a build may leave out of its binary to keep the
// download small, by name: "lessons/ID.json" (a built-in lesson), "i18n/CODE.json" (a
// language's catalog). The web build leaves out every built-in lesson's text and the
// catalogs of the languages other than English (the page fetches each when it is first
// wanted); the native builds, the single-file page and the packages carry them all.
//
// The core asks (want) and reads (find); the platform takes the names asked for
// (take_wanted), fetches each and gives its text (provide) or why it could not (fail).
// A command that needs a file not here yet fails with Msg::data_pending naming it; the
// interface runs it again once nothing is pending (app: waiting commands).
//
//   DataFiles f;
//   f.want("lessons/dual.json");    f.pending() == true
//   f.take_wanted()                 {"lessons/dual.json"} (each name handed out once)
//   f.provide("lessons/dual.json", text);   f.find(...) == &text, pending() == false
//
// One DataFiles belongs to whoever holds it (a Session holds one; its copies share it).
#pragma once
#include <map>
#include <string>
#include <vector>

#include "core/base/status.hpp"

namespace pla {

class DataFiles {
 public:
  // The file's text once given; null when it has not come (or failed).
  const std::string* find(const std::string& name) const;
  // Asks for a file (nothing when it is here, asked already or failed).
  void want(const std::string& name);
  // The files asked for and not yet handed out, in the order asked; each is handed out once.
  std::vector<std::string> take_wanted();
  // A file's text, fetched: find() returns it from now on.
  void provide(const std::string& name, std::string text);
  // Why a file could not be fetched (the page's sentence): status() fails with it.
  void fail(const std::string& name, std::string reason);
  // True while a file asked for has neither come nor failed.
  bool pending() const;
  // What a command needing this file meets now: success when it is here; data_pending
  // (asking for it) while it is on its way; data_failed with the reason once it failed.
  Status status(const std::string& name);
  // Forgets a failure, so that the next want() asks again (a retry).
  void forget_failure(const std::string& name);

 private:
  enum class State { Wanted, HandedOut, Here, Failed };
  struct File {
    State state = State::Wanted;
    std::string text;  // Here: the text; Failed: the reason
    std::size_t order = 0;
  };
  std::map<std::string, File> files_;
  std::size_t asked_ = 0;
};

}  // namespace pla
