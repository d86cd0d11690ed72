// The files a build may leave out of its binary (core/base/data_files.hpp): asked for once,
// handed to the platform once each in the order asked, then here or failed; a command
// needing one meets data_pending until it comes and data_failed (with the reason) if not.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/base/data_files.hpp"
#include "expect_message.hpp"

namespace pla::data_files_test {
namespace {

using test::failed_with;

TEST(DataFiles, AFileAskedForIsHandedOutOnceInTheOrderAsked) {
  DataFiles f;
  EXPECT_FALSE(f.pending());
  f.want("lessons/dual.json");
  f.want("i18n/vi.json");
  f.want("lessons/dual.json");  // asked again: still once
  EXPECT_TRUE(f.pending());
  EXPECT_EQ(f.find("lessons/dual.json"), nullptr);
  EXPECT_EQ(f.take_wanted(), (std::vector<std::string>{"lessons/dual.json", "i18n/vi.json"}));
  EXPECT_TRUE(f.take_wanted().empty());  // handed out already
  EXPECT_TRUE(f.pending());              // and not come yet
}

TEST(DataFiles, ACommandMeetsPendingThenTheTextOrTheReason) {
  DataFiles f;
  EXPECT_TRUE(failed_with(f.status("lessons/dual.json"), Msg::data_pending, {{"name", "lessons/dual.json"}}));
  EXPECT_EQ(f.take_wanted(), (std::vector<std::string>{"lessons/dual.json"}));  // status() asked for it
  f.provide("lessons/dual.json", "{\"id\": \"dual\"}");
  EXPECT_FALSE(f.pending());
  EXPECT_TRUE(f.status("lessons/dual.json").ok);
  ASSERT_NE(f.find("lessons/dual.json"), nullptr);
  EXPECT_EQ(*f.find("lessons/dual.json"), "{\"id\": \"dual\"}");
  EXPECT_TRUE(f.take_wanted().empty());  // here: never asked again

  EXPECT_FALSE(f.status("i18n/vi.json").ok);
  f.fail("i18n/vi.json", "the network failed");
  EXPECT_FALSE(f.pending());
  EXPECT_TRUE(failed_with(f.status("i18n/vi.json"), Msg::data_failed, {{"name", "i18n/vi.json"}, {"reason", "the network failed"}}));
  EXPECT_TRUE(f.take_wanted().empty());  // failed: not asked again by itself
  f.forget_failure("i18n/vi.json");      // a retry asks again
  EXPECT_TRUE(failed_with(f.status("i18n/vi.json"), Msg::data_pending, {{"name", "i18n/vi.json"}}));
  EXPECT_EQ(f.take_wanted(), (std::vector<std::string>{"i18n/vi.json"}));
}

TEST(DataFiles, ALateFailureKeepsATextThatCame) {
  DataFiles f;
  f.provide("i18n/zh.json", "{}");
  f.fail("i18n/zh.json", "timeout");
  EXPECT_TRUE(f.status("i18n/zh.json").ok);
}

}  // namespace
}  // namespace pla::data_files_test
