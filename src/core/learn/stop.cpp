#include "core/learn/stop.hpp"

#include "core/base/names.hpp"

namespace pla {

namespace {

constexpr EnumName<StopReason> kStopNames[] = {
    {StopReason::None, "none"},
    {StopReason::Converged, "converged"},
    {StopReason::MaxEpochs, "max_epochs"},
    {StopReason::MaxUpdates, "max_updates"},
    {StopReason::EarlyStopping, "early_stopping"},
    {StopReason::Diverged, "diverged"},
};

}  // namespace

const char* to_string(StopReason v) { return enum_name(kStopNames, v); }
bool parse_stop_reason(const std::string& s, StopReason& out) { return enum_parse(kStopNames, s, out); }

StopReason stop_rule(const StopRules& rules, const StopProgress& p) {
  if (p.diverged) return StopReason::Diverged;
  if (p.converged) return StopReason::Converged;
  if (rules.max_epochs > 0 && p.epochs >= rules.max_epochs) return StopReason::MaxEpochs;
  if (rules.max_updates > 0 && p.updates >= rules.max_updates) return StopReason::MaxUpdates;
  return StopReason::None;
}

Message stop_message(StopReason why, const StopRules& rules, const StopProgress& p, const StopDetails& details) {
  switch (why) {
    case StopReason::Converged:
      return Message(Msg::stop_converged, {{"epochs", msg_uint(p.epochs)}, {"updates", msg_uint(p.updates)}});
    case StopReason::MaxEpochs:
      return Message(Msg::stop_max_epochs, {{"max_epochs", msg_uint(rules.max_epochs)},
                                            {"mistakes", msg_uint(details.train_mistakes)},
                                            {"points", msg_uint(details.train_points)}});
    case StopReason::MaxUpdates:
      return Message(Msg::stop_max_updates, {{"max_updates", msg_uint(rules.max_updates)},
                                             {"mistakes", msg_uint(details.train_mistakes)},
                                             {"points", msg_uint(details.train_points)}});
    case StopReason::EarlyStopping:
      return Message(Msg::stop_early, {{"patience", msg_uint(rules.patience)},
                                       {"best_epoch", msg_uint(details.best_epoch)},
                                       {"stop_epoch", msg_uint(details.stop_epoch)},
                                       {"validation_mistakes", msg_uint(details.validation_mistakes)},
                                       {"validation_points", msg_uint(details.validation_points)}});
    case StopReason::Diverged: return Message(Msg::stop_diverged, {{"steps", msg_uint(details.steps)}});
    default: return Message();
  }
}

}  // namespace pla
