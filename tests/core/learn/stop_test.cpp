// The one stop rule (stop.hpp): which rule a learner's counters reach, in which order,
// and the names of the reasons; pla::train, fast_train and stream_train decide with it.
#include "core/learn/stop.hpp"

#include <gtest/gtest.h>

#include <string>

namespace pla::stop_test {
namespace {

StopProgress progress(std::uint64_t epochs, std::uint64_t updates, bool converged = false, bool diverged = false) {
  StopProgress p;
  p.epochs = epochs;
  p.updates = updates;
  p.converged = converged;
  p.diverged = diverged;
  return p;
}

StopRules rules(std::uint64_t max_epochs, std::uint64_t max_updates) {
  StopRules r;
  r.max_epochs = max_epochs;
  r.max_updates = max_updates;
  return r;
}

TEST(StopRule, NoneUntilALimitIsReached) {
  EXPECT_EQ(stop_rule(rules(10, 100), progress(9, 99)), StopReason::None);
  EXPECT_EQ(stop_rule(rules(10, 100), progress(10, 99)), StopReason::MaxEpochs);
  EXPECT_EQ(stop_rule(rules(10, 100), progress(9, 100)), StopReason::MaxUpdates);
  EXPECT_EQ(stop_rule(rules(10, 100), progress(11, 0)), StopReason::MaxEpochs);
}

TEST(StopRule, ZeroIsNoLimit) {
  EXPECT_EQ(stop_rule(rules(0, 0), progress(1000000, 1000000)), StopReason::None);
  EXPECT_EQ(stop_rule(rules(0, 5), progress(1000000, 4)), StopReason::None);
  EXPECT_EQ(stop_rule(rules(0, 5), progress(0, 5)), StopReason::MaxUpdates);
  EXPECT_EQ(stop_rule(rules(3, 0), progress(3, 1000000)), StopReason::MaxEpochs);
}

TEST(StopRule, PriorityDivergedConvergedMaxEpochsMaxUpdates) {
  const StopRules r = rules(5, 5);
  EXPECT_EQ(stop_rule(r, progress(5, 5, true, true)), StopReason::Diverged);
  EXPECT_EQ(stop_rule(r, progress(0, 0, false, true)), StopReason::Diverged);
  EXPECT_EQ(stop_rule(r, progress(5, 5, true, false)), StopReason::Converged);
  EXPECT_EQ(stop_rule(r, progress(0, 0, true, false)), StopReason::Converged);
  EXPECT_EQ(stop_rule(r, progress(5, 5)), StopReason::MaxEpochs);
  EXPECT_EQ(stop_rule(r, progress(4, 5)), StopReason::MaxUpdates);
  // Early stopping needs a validation set: stop_rule never decides it.
  StopRules early = r;
  early.patience = 1;
  EXPECT_EQ(stop_rule(early, progress(1, 1)), StopReason::None);
}

TEST(StopRule, NamesReadBack) {
  const StopReason all[] = {StopReason::None,       StopReason::Converged,     StopReason::MaxEpochs,
                            StopReason::MaxUpdates, StopReason::EarlyStopping, StopReason::Diverged};
  const char* names[] = {"none", "converged", "max_epochs", "max_updates", "early_stopping", "diverged"};
  for (std::size_t i = 0; i < 6; ++i) {
    EXPECT_STREQ(to_string(all[i]), names[i]);
    StopReason back = StopReason::Diverged;
    EXPECT_TRUE(parse_stop_reason(names[i], back)) << names[i];
    EXPECT_EQ(back, all[i]);
  }
  StopReason r = StopReason::Converged;
  EXPECT_FALSE(parse_stop_reason("Converged", r));
  EXPECT_FALSE(parse_stop_reason("", r));
  EXPECT_EQ(r, StopReason::Converged);
}

TEST(StopRule, MessageCodesFollowTheReason) {
  const StopRules r = rules(5, 7);
  const StopProgress p = progress(5, 7);
  StopDetails d;
  EXPECT_EQ(stop_message(StopReason::Converged, r, p, d).code, Msg::stop_converged);
  EXPECT_EQ(stop_message(StopReason::MaxEpochs, r, p, d).code, Msg::stop_max_epochs);
  EXPECT_EQ(stop_message(StopReason::MaxUpdates, r, p, d).code, Msg::stop_max_updates);
  EXPECT_EQ(stop_message(StopReason::EarlyStopping, r, p, d).code, Msg::stop_early);
  EXPECT_EQ(stop_message(StopReason::Diverged, r, p, d).code, Msg::stop_diverged);
  EXPECT_EQ(stop_message(StopReason::None, r, p, d).code, Msg::none);
  const Message m = stop_message(StopReason::MaxUpdates, r, p, d);
  ASSERT_NE(m.arg("max_updates"), nullptr);
  EXPECT_EQ(*m.arg("max_updates"), "7");
}

}  // namespace
}  // namespace pla::stop_test
