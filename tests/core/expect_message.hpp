// Test helpers for failures reported as message codes (status.hpp): a test asserts the
// code, the location and the arguments of a failure, never its English wording (which
// messages_test.cpp checks once per code).
//
//   EXPECT_TRUE(failed_with(st, Msg::number_not_number, {{"value", "abc"}}));
//   EXPECT_TRUE(failed_at(st, "data.csv", 7, 3, Msg::number_not_number, {{"value", "abc"}}));
#pragma once
#include <gtest/gtest.h>

#include <string>

#include "core/base/status.hpp"

namespace pla::test {

// The argument's value, or "<no NAME>" when the message has none.
inline std::string arg(const Message& m, const std::string& name) {
  const std::string* v = m.arg(name);
  return v ? *v : "<no " + name + ">";
}

// A failure with `code` whose arguments include every (name, value) of `args`.
inline ::testing::AssertionResult failed_with(const Status& st, Msg code, const MsgArgs& args = {}) {
  if (st.ok) return ::testing::AssertionFailure() << "succeeded, expected " << message_info(code).key;
  if (st.code != code)
    return ::testing::AssertionFailure() << "code " << message_info(st.code).key << ", expected "
                                         << message_info(code).key << " (" << st.error << ")";
  for (const auto& kv : args) {
    const std::string* v = st.arg(kv.first);
    if (v == nullptr)
      return ::testing::AssertionFailure() << "no argument " << kv.first << " (" << st.error << ")";
    if (*v != kv.second)
      return ::testing::AssertionFailure() << "argument " << kv.first << " is '" << *v << "', expected '" << kv.second
                                           << "' (" << st.error << ")";
  }
  return ::testing::AssertionSuccess();
}

// The same at a location: file, and line and column when > 0 (absent when 0).
inline ::testing::AssertionResult failed_at(const Status& st, const std::string& file, long long line,
                                            long long column, Msg code, const MsgArgs& args = {}) {
  MsgArgs all = {{"file", file}};
  if (line > 0) all.emplace_back("line", std::to_string(line));
  if (column > 0) all.emplace_back("column", std::to_string(column));
  all.insert(all.end(), args.begin(), args.end());
  ::testing::AssertionResult r = failed_with(st, code, all);
  if (!r) return r;
  if (line <= 0 && st.arg("line") != nullptr)
    return ::testing::AssertionFailure() << "unexpected line " << *st.arg("line") << " (" << st.error << ")";
  if (column <= 0 && st.arg("column") != nullptr)
    return ::testing::AssertionFailure() << "unexpected column " << *st.arg("column") << " (" << st.error << ")";
  return r;
}

}  // namespace pla::test
