// Perceptron Lab core: settings as a table. Each setting is one entry (key, type,
// range or choices, what a change invalidates, the CLI flag that maps to it) and
// every front end walks the table: `set KEY VALUE`, the session's change detection,
// state(), link parameters and saved state, `pla train` flags and the widgets' labels
// (catalog keys in the entry). The session has one table (SessionSettings) and the
// interface another (its own view settings), both of this shape.
//
//   Setting<SessionSettings>::real("eta", kLearner, "eta", 0.0, Bound::Open, kInf,
//                                  [](SessionSettings& s) { return &s.learner.pla.eta; })
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "core/base/json.hpp"
#include "core/base/status.hpp"
#include "core/base/values.hpp"

namespace pla {

// Json, json_value (a setting's number in state()): json.hpp.

enum class SettingType : std::uint8_t { Real, Count, Flag, Choice, Text };

// What a change of the setting invalidates (bits).
enum : unsigned {
  kSaved = 0,            // nothing is rebuilt; the lesson's revision still moves (saved state, links)
  kLearner = 1u << 0,    // a new learner and trace
  kData = 1u << 1,       // the training / validation sets (and margin), then the learner
  kSplitSeed = 1u << 2,  // the split, when there is one (the seed draws it)
  kView = 1u << 3,       // the interface's view only
};

enum class Bound : std::uint8_t { Closed, Open };
constexpr double kInf = std::numeric_limits<double>::infinity();

template <class Owner>
struct Setting {
  const char* key = "";
  SettingType type = SettingType::Text;
  unsigned invalidates = kSaved;
  const char* cli = nullptr;  // `pla train --FLAG` mapped to this setting, or null (the CLI's flags, parsing and usage)
  const char* cli_value = nullptr;  // the value's name in the usage, when not its choices or its type's (X, N)
  // Real and Count: the allowed range (lo may be open)
  double lo = 0.0, hi = kInf;
  Bound lo_bound = Bound::Closed;
  double* (*real_field)(Owner&) = nullptr;
  std::uint64_t* (*count_field)(Owner&) = nullptr;
  bool* (*flag_field)(Owner&) = nullptr;
  // Choice and Text: the value as text, out and in (set_text validates and reports with codes)
  std::string (*get_text)(const Owner&) = nullptr;
  Status (*set_text)(Owner&, const std::string&) = nullptr;
  std::vector<std::string> (*choices)() = nullptr;  // Choice: every accepted name
  Json (*get_json)(const Owner&) = nullptr;           // optional: state() value when not the text
  // The widget's label and help text, as catalog keys (the interface's language catalogs).
  const char* label = nullptr;
  const char* help = nullptr;

  Setting labelled(const char* label_key, const char* help_key = nullptr) const {
    Setting s = *this;
    s.label = label_key, s.help = help_key;
    return s;
  }
  Setting cli_arg(const char* value_name) const {
    Setting s = *this;
    s.cli_value = value_name;
    return s;
  }

  static Setting real(const char* key, unsigned inv, const char* cli, double lo, Bound lb, double hi,
                      double* (*field)(Owner&)) {
    Setting s;
    s.key = key, s.type = SettingType::Real, s.invalidates = inv, s.cli = cli;
    s.lo = lo, s.hi = hi, s.lo_bound = lb, s.real_field = field;
    return s;
  }
  static Setting whole(const char* key, unsigned inv, const char* cli, double hi, std::uint64_t* (*field)(Owner&)) {
    Setting s;
    s.key = key, s.type = SettingType::Count, s.invalidates = inv, s.cli = cli, s.hi = hi, s.count_field = field;
    return s;
  }
  static Setting boolean(const char* key, unsigned inv, const char* cli, bool* (*field)(Owner&)) {
    Setting s;
    s.key = key, s.type = SettingType::Flag, s.invalidates = inv, s.cli = cli, s.flag_field = field;
    return s;
  }
  static Setting choice(const char* key, unsigned inv, const char* cli, std::vector<std::string> (*names)(),
                        std::string (*get)(const Owner&), Status (*set)(Owner&, const std::string&)) {
    Setting s;
    s.key = key, s.type = SettingType::Choice, s.invalidates = inv, s.cli = cli;
    s.choices = names, s.get_text = get, s.set_text = set;
    return s;
  }
  static Setting text(const char* key, unsigned inv, const char* cli, std::string (*get)(const Owner&),
                      Status (*set)(Owner&, const std::string&)) {
    Setting s;
    s.key = key, s.type = SettingType::Text, s.invalidates = inv, s.cli = cli, s.get_text = get, s.set_text = set;
    return s;
  }
};

// Joins names as "a, b or c" for messages.
std::string join_choices(const std::vector<std::string>& names);

// The failure of a Choice value that is none of `names`.
Status choice_error(const char* key, const std::vector<std::string>& names, const std::string& value);
// The failure of a Real or Count value outside its range (or not a number).
Status setting_range_error(const char* key, SettingType type, double lo, Bound lb, double hi, const std::string& value);

template <class Owner>
const Setting<Owner>* find_setting(const std::vector<Setting<Owner>>& table, const std::string& key) {
  for (const auto& s : table)
    if (key == s.key) return &s;
  return nullptr;
}

template <class Owner>
bool setting_in_range(const Setting<Owner>& s, double v) {
  if (!std::isfinite(v)) return false;
  if (s.lo_bound == Bound::Open ? !(v > s.lo) : !(v >= s.lo)) return false;
  return v <= s.hi;
}

// The value as text: what `set` takes back, links and saved state hold.
template <class Owner>
std::string setting_text(const Setting<Owner>& s, const Owner& o) {
  Owner& m = const_cast<Owner&>(o);  // the accessors only read here
  switch (s.type) {
    case SettingType::Real: return json_number(*s.real_field(m));
    case SettingType::Count: return std::to_string(*s.count_field(m));
    case SettingType::Flag: return *s.flag_field(m) ? "true" : "false";
    default: return s.get_text(o);
  }
}

// The value as typed JSON: what state() shows.
template <class Owner>
Json setting_json(const Setting<Owner>& s, const Owner& o) {
  Owner& m = const_cast<Owner&>(o);
  if (s.get_json) return s.get_json(o);
  switch (s.type) {
    case SettingType::Real: return json_value(*s.real_field(m));
    case SettingType::Count: return Json(*s.count_field(m));
    case SettingType::Flag: return Json(*s.flag_field(m));
    default: return Json(s.get_text(o));
  }
}

// Parses and checks `value`, writing it into `o` only when valid.
template <class Owner>
Status setting_parse(const Setting<Owner>& s, Owner& o, const std::string& value) {
  switch (s.type) {
    case SettingType::Real: {
      double v = 0;
      if (!parse_double(value, v) || !setting_in_range(s, v))
        return setting_range_error(s.key, s.type, s.lo, s.lo_bound, s.hi, value);
      *s.real_field(o) = v;
      return Status::success();
    }
    case SettingType::Count: {
      std::uint64_t v = 0;
      if (!parse_u64(value, v) || static_cast<double>(v) > s.hi)
        return setting_range_error(s.key, s.type, s.lo, s.lo_bound, s.hi, value);
      *s.count_field(o) = v;
      return Status::success();
    }
    case SettingType::Flag: {
      bool v = false;
      if (!parse_bool(value, v)) return Status::fail(Msg::setting_not_bool, {{"key", s.key}, {"value", value}});
      *s.flag_field(o) = v;
      return Status::success();
    }
    default: return s.set_text(o, value);
  }
}

// Checks a value already in `o` (set by a widget): the range of Real and Count settings.
template <class Owner>
Status setting_check(const Setting<Owner>& s, const Owner& o) {
  Owner& m = const_cast<Owner&>(o);
  if (s.type == SettingType::Real && !setting_in_range(s, *s.real_field(m)))
    return setting_range_error(s.key, s.type, s.lo, s.lo_bound, s.hi, json_number(*s.real_field(m)));
  if (s.type == SettingType::Count && static_cast<double>(*s.count_field(m)) > s.hi)
    return setting_range_error(s.key, s.type, s.lo, s.lo_bound, s.hi, std::to_string(*s.count_field(m)));
  return Status::success();
}

// The unknown-key failure, listing the known keys.
template <class Owner>
Status unknown_setting(const std::vector<Setting<Owner>>& table, const std::string& key) {
  std::vector<std::string> keys;
  for (const auto& s : table) keys.push_back(s.key);
  return Status::fail(Msg::setting_unknown, {{"key", key.substr(0, 40)}, {"known", join_choices(keys)}});
}

}  // namespace pla
