#include "core/base/settings.hpp"

namespace pla {

std::string join_choices(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i) out += i + 1 == names.size() ? " or " : ", ";
    out += names[i];
  }
  return out;
}

Status choice_error(const char* key, const std::vector<std::string>& names, const std::string& value) {
  return Status::fail(Msg::setting_choice, {{"key", key}, {"choices", join_choices(names)}, {"value", value.substr(0, 40)}});
}

Status setting_range_error(const char* key, SettingType type, double lo, Bound lb, double hi, const std::string& value) {
  MsgArgs args = {{"key", key}, {"min", json_number(lo)}, {"max", json_number(hi)}, {"value", value.substr(0, 40)}};
  if (type == SettingType::Count) return Status::fail(std::isinf(hi) ? Msg::setting_whole : Msg::setting_whole_range, args);
  if (std::isinf(hi)) return Status::fail(lb == Bound::Open ? Msg::setting_real_above : Msg::setting_real_at_least, args);
  return Status::fail(lb == Bound::Open ? Msg::setting_real_range_open : Msg::setting_real_range, args);
}

}  // namespace pla
