#include "core/base/status.hpp"

#include <cinttypes>
#include <cstdio>

namespace pla {

const std::vector<MsgInfo>& message_table() {
  static const std::vector<MsgInfo> table = {
#define PLA_MSG(id, kind, key, english) {Msg::id, MsgKind::kind, key, english},
#include "core/base/messages/messages.def"
#undef PLA_MSG
  };
  return table;
}

const MsgInfo& message_info(Msg code) {
  static const MsgInfo none{Msg::none, MsgKind::Info, "none", ""};
  const auto i = static_cast<std::size_t>(code);
  const auto& t = message_table();
  return (i >= 1 && i <= t.size()) ? t[i - 1] : none;
}

bool message_from_key(const std::string& key, Msg& out) {
  for (const MsgInfo& m : message_table())
    if (key == m.key) {
      out = m.code;
      return true;
    }
  return false;
}

std::string fill_template(const std::string& tmpl, const MsgArgs& args) {
  std::string out;
  out.reserve(tmpl.size() + 32);
  for (std::size_t i = 0; i < tmpl.size();) {
    if (tmpl[i] == '{') {
      const std::size_t close = tmpl.find('}', i + 1);
      if (close != std::string::npos) {
        const std::string name = tmpl.substr(i + 1, close - i - 1);
        bool found = false;
        for (const auto& kv : args)
          if (kv.first == name) {
            out += kv.second;
            found = true;
            break;
          }
        if (found) {
          i = close + 1;
          continue;
        }
      }
    }
    out += tmpl[i++];
  }
  return out;
}

const std::string* Message::arg(const std::string& name) const {
  for (const auto& kv : args)
    if (kv.first == name) return &kv.second;
  return nullptr;
}

std::string render(const Message& m, const TemplateLookup& lookup) {
  if (m.empty()) return "";
  std::string out;
  // The location prefix: FILE:LINE:COLUMN: with the parts present.
  if (const std::string* file = m.arg("file")) {
    out += *file;
    if (const std::string* line = m.arg("line")) {
      out += ":" + *line;
      if (const std::string* column = m.arg("column")) out += ":" + *column;
    }
    out += ": ";
  }
  std::string tmpl = lookup ? lookup(m.code) : std::string();
  if (tmpl.empty()) tmpl = message_info(m.code).english;
  out += fill_template(tmpl, m.args);
  if (m.cause && !m.cause->empty()) out += ": " + render(*m.cause, lookup);
  return out;
}

std::string Message::english() const { return render(*this, nullptr); }

Status Status::fail(Msg code, MsgArgs args) {
  Status s;
  s.ok = false;
  s.code = code;
  s.args = std::move(args);
  s.error = s.english();
  return s;
}

Status Status::fail(Msg code, MsgArgs args, const Message& cause) {
  Status s;
  s.ok = false;
  s.code = code;
  s.args = std::move(args);
  s.cause = std::make_shared<const Message>(static_cast<const Message&>(cause));
  s.error = s.english();
  return s;
}

MsgKind Status::kind() const { return message_info(code).kind; }

int Status::exit_code() const {
  if (ok) return 0;
  const MsgKind k = kind();
  return (k == MsgKind::Input || k == MsgKind::Usage) ? 2 : 1;
}

}  // namespace pla
