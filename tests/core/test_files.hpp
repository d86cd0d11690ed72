// Small helpers of the core tests: the bits of a double (for bit-for-bit comparisons), files
// in the test's temporary folder (named after the test, so no two tests share one), a text
// search, a preset's data and a lesson's JSON from its steps. (The test files are compiled as
// unity builds: a helper more than one file needs lives here, once.)
#pragma once
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "core/data/presets.hpp"

namespace pla::test {

inline std::uint64_t bits(double v) {
  std::uint64_t u;
  std::memcpy(&u, &v, sizeof u);
  return u;
}

// TMP/pla_SUITE_TEST_name for the test that is running.
inline std::string temp_path(const std::string& name) {
  const ::testing::TestInfo* t = ::testing::UnitTest::GetInstance()->current_test_info();
  return ::testing::TempDir() + "pla_" + t->test_suite_name() + "_" + t->name() + "_" + name;
}

inline void write_file(const std::string& path, const std::string& bytes) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  ASSERT_NE(f, nullptr) << path;
  ASSERT_EQ(std::fwrite(bytes.data(), 1, bytes.size(), f), bytes.size());
  std::fclose(f);
}

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A preset's data set (a failure to make it fails the test).
inline Dataset preset(const std::string& name) {
  Dataset ds;
  const Status st = make_preset(name, ds);
  EXPECT_TRUE(st.ok) << name << ": " << st.error;
  return ds;
}

// A lesson's JSON text with the given id, steps (JSON text of each step object) and title.
inline std::string lesson_json(const std::string& id, const std::vector<std::string>& steps,
                               const std::string& title = R"({"en": "T"})") {
  std::string out = R"({"format": 1, "id": ")" + id + R"(", "title": )" + title + R"(, "steps": [)";
  for (std::size_t i = 0; i < steps.size(); ++i) out += (i ? ", " : "") + steps[i];
  return out + "]}";
}

}  // namespace pla::test
