// Perceptron Lab core: error reporting without exceptions, as message codes.
// The core never throws: the same code runs natively and in WebAssembly (where
// exception catching is off), so every fallible call returns a Status.
//
// A failure is a code (Msg) with named arguments ({"file", "data.csv"}, {"line", "3"},
// ...), never a sentence built in code. The English rendering of every code lives in
// the messages_*.def tables (one line per code); the interface renders the same code
// through its language catalog ("msg." + key), so an import error reads in the
// student's language while the CLI, the logs and the tests read English.
//
//   return Status::fail(Msg::csv_not_number, {{"file", src}, {"line", "3"}, {"column", "7"}, {"value", "abc"}});
//   if (st.code == Msg::csv_not_number && *st.arg("line") == "3") ...
//
// The arguments "file", "line" and "column" are a location: every rendering puts
// "FILE:LINE:COLUMN: " in front of the message (only the parts present), so the
// templates never repeat it. A status may wrap the failure it was caused by
// (Status::fail(code, args, cause)); it renders as "outer: inner".
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/base/numtext.hpp"

namespace pla {

// What a code reports; decides the command-line tool's exit status.
enum class MsgKind : std::uint8_t {
  Input,    // bad input data or a bad argument value (exit 2)
  Usage,    // a command or option used wrongly (exit 2)
  Io,       // a file could not be opened, read or written (exit 1)
  Runtime,  // a limit or a state that refuses the action (exit 1)
  Info,     // not a failure: a notice (what changed, why training stopped)
};

enum class Msg : std::uint16_t {
  none = 0,
#define PLA_MSG(id, kind, key, english) id,
#include "core/base/messages/messages.def"
#undef PLA_MSG
  count_
};

struct MsgInfo {
  Msg code;
  MsgKind kind;
  const char* key;      // stable dotted name, "csv.not_a_number"; the catalog key is "msg." + key
  const char* english;  // the template, with {named} placeholders
};

// Every code in declaration order (message_table()[i].code == Msg(i + 1)).
const std::vector<MsgInfo>& message_table();
const MsgInfo& message_info(Msg code);
bool message_from_key(const std::string& key, Msg& out);

using MsgArgs = std::vector<std::pair<std::string, std::string>>;

// Fills the {name} placeholders of a template from args; a placeholder without an
// argument is left as written.
std::string fill_template(const std::string& tmpl, const MsgArgs& args);

// A code with its arguments: what a Status carries and what a notice is.
struct Message {
  Msg code = Msg::none;
  MsgArgs args;
  std::shared_ptr<const Message> cause;  // the message this one wraps, rendered after ": "

  Message() = default;
  Message(Msg c, MsgArgs a = {}) : code(c), args(std::move(a)) {}  // NOLINT: implicit by design
  bool empty() const { return code == Msg::none; }
  // The argument's value, or null when the message has no such argument (the cause's are not searched).
  const std::string* arg(const std::string& name) const;
  // The English rendering (location prefix, template, then ": " and the cause's).
  std::string english() const;
};

// Renders a message with the templates `lookup` gives (the interface: its catalog;
// lookup returns an empty string to fall back to English for a code).
using TemplateLookup = std::function<std::string(Msg)>;
std::string render(const Message& m, const TemplateLookup& lookup);

struct Status : Message {
  bool ok = true;
  std::string error;  // the English rendering (CLI, logs, tests); empty when ok

  static Status success() { return {}; }
  static Status fail(Msg code, MsgArgs args = {});
  static Status fail(Msg code, MsgArgs args, const Message& cause);
  explicit operator bool() const { return ok; }
  MsgKind kind() const;
  // 0 when ok; 2 for Input and Usage codes; 1 for the rest.
  int exit_code() const;
};

// The text of a number for a message argument: msg_num, msg_int, msg_uint (numtext.hpp).

}  // namespace pla
