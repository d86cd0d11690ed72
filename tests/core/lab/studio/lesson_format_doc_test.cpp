// docs/lesson-format.md against the lesson loader's own tables: every placeholder, question
// kind, action, setup key and cue the loader knows is in the document's tables, and every
// name in those tables is one the loader takes (the keys of a lesson, a step and each kind
// of question as the loader lists them when it meets an unknown one).
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/lab/lesson/conceal.hpp"
#include "core/lab/lesson/lesson.hpp"
#include "core/lab/session/session.hpp"

namespace pla::lesson_format_doc_test {
namespace {

std::string read_doc() {
  std::ifstream in(std::string(PLA_SOURCE_DIR) + "/docs/lesson-format.md", std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The rows of the first table after the heading `## title` (or the table after it whose
// header starts with `first`): each row's cells, trimmed.
std::vector<std::vector<std::string>> table(const std::string& doc, const std::string& title,
                                            const std::string& first = "") {
  std::vector<std::vector<std::string>> rows;
  std::size_t at = doc.find("\n## " + title + "\n");
  if (at == std::string::npos) return rows;
  if (!first.empty()) at = doc.find("\n| " + first + " |", at);
  if (at == std::string::npos) return rows;
  at = doc.find("\n|", at);
  std::istringstream in(doc.substr(at + 1));
  std::string line;
  for (int n = 0; std::getline(in, line) && !line.empty() && line[0] == '|'; ++n) {
    if (n < 2) continue;  // the header and the separator
    std::vector<std::string> cells;
    std::stringstream cs(line.substr(1));
    std::string cell;
    while (std::getline(cs, cell, '|')) {
      cell.erase(0, cell.find_first_not_of(' '));
      cell.erase(cell.find_last_not_of(' ') + 1);
      cells.push_back(cell);
    }
    rows.push_back(cells);
  }
  return rows;
}

// The first cell's `code` of each row, braces taken off ("{k}" -> "k").
std::set<std::string> names(const std::vector<std::vector<std::string>>& rows) {
  std::set<std::string> out;
  for (const auto& r : rows) {
    const std::size_t a = r[0].find('`'), b = r[0].find('`', a + 1);
    std::string n = r[0].substr(a + 1, b - a - 1);
    if (n.size() > 2 && n.front() == '{' && n.back() == '}') n = n.substr(1, n.size() - 2);
    out.insert(n);
  }
  return out;
}

std::set<std::string> split_known(const std::string& known) {
  std::set<std::string> out;
  std::stringstream ss(known);
  std::string k;
  while (std::getline(ss, k, ',')) out.insert(k.substr(k.find_first_not_of(' ')));
  return out;
}

// Loads a one-step lesson: `step` the step's JSON object (its setup a preset).
Status load_step(const std::string& step) {
  LessonRunner r;
  return r.load(R"({"format": 1, "id": "doc", "title": {"en": "Doc"}, "steps": [)" + step + "]}", "doc.json");
}

// The keys the loader lists for an object where it meets an unknown one.
std::set<std::string> known_keys(const std::string& step) {
  const Status st = load_step(step);
  EXPECT_EQ(st.code, Msg::lesson_unknown_key) << st.error;
  const std::string* known = st.arg("known");
  return known ? split_known(*known) : std::set<std::string>{};
}

TEST(LessonFormatDoc, PlaceholdersAreTheLoaders) {
  const std::vector<std::string> all = lesson_placeholder_names();
  EXPECT_EQ(names(table(read_doc(), "Placeholders")), std::set<std::string>(all.begin(), all.end()));
}

TEST(LessonFormatDoc, ActionsAreTheLessonCommands) {
  std::set<std::string> lesson;
  for (const Command& c : session_commands())
    if (c.flags & kCmdLesson) lesson.insert(c.name);
  EXPECT_EQ(names(table(read_doc(), "Actions")), lesson);
}

TEST(LessonFormatDoc, SetupKeysAreTheSettings) {
  std::set<std::string> keys = {"preset", "data"};
  for (const auto& def : session_settings()) keys.insert(def.key);
  EXPECT_EQ(names(table(read_doc(), "Setup")), keys);
}

TEST(LessonFormatDoc, CuesAreTheConcealTable) {
  std::set<std::string> cues;
  for (const CueInfo& c : cue_table()) cues.insert(c.name);
  const std::string doc = read_doc();
  EXPECT_EQ(names(table(doc, "View", "Cue")), cues);
  EXPECT_EQ(names(table(doc, "View")), (std::set<std::string>{"conceal", "locked"}));
}

TEST(LessonFormatDoc, ControlsAreTheLockTable) {
  std::set<std::string> groups;
  for (const ControlInfo& c : control_table()) groups.insert(c.name);
  EXPECT_EQ(names(table(read_doc(), "View", "Control")), groups);
}

TEST(LessonFormatDoc, LessonAndStepKeysAreTheLoaders) {
  const std::string doc = read_doc();
  LessonRunner r;
  const Status st = r.load(R"({"format": 1, "id": "doc", "title": {"en": "Doc"}, "steps": [], "zz": 1})", "doc.json");
  ASSERT_EQ(st.code, Msg::lesson_unknown_key);
  EXPECT_EQ(names(table(doc, "A lesson")), split_known(*st.arg("known")));
  EXPECT_EQ(names(table(doc, "A step")), known_keys(R"({"narration": {"en": "a"}, "zz": 1})"));
}

TEST(LessonFormatDoc, QuestionKindsAndFieldsAreTheLoaders) {
  const std::string doc = read_doc();
  std::set<std::string> kinds;
  for (QuestionKind k : {QuestionKind::YesNo, QuestionKind::PickPoint, QuestionKind::Number, QuestionKind::Choice,
                         QuestionKind::PlaceLine})
    kinds.insert(to_string(k));
  EXPECT_EQ(names(table(doc, "Questions")), kinds);
  // Each kind's fields, as the loader lists them, against the rows naming the kind (or all).
  const auto fields = table(doc, "Questions", "Field");
  ASSERT_FALSE(fields.empty());
  for (const std::string& kind : kinds) {
    std::set<std::string> documented;
    for (const auto& row : fields)
      if (row[1] == "all" || (", " + row[1] + ",").find(" " + kind + ",") != std::string::npos)
        documented.insert(*names({row}).begin());
    const std::set<std::string> loader = known_keys(R"({"narration": {"en": "a"}, "setup": {"preset": "textbook"},
        "question": {"kind": ")" + kind + R"(", "prompt": {"en": "?"}, "zz": 1}})");
    EXPECT_EQ(documented, loader) << kind;
  }
}

TEST(LessonFormatDoc, ComputedAnswersLoad) {
  const auto rows = table(read_doc(), "Questions", "From");
  ASSERT_GE(rows.size(), 5u);
  for (const auto& row : rows) {
    const std::string from = *names({row}).begin();
    const Status st = load_step(R"({"narration": {"en": "a"}, "setup": {"preset": "textbook"},
        "question": {"kind": ")" +
                                row[1] + R"(", "prompt": {"en": "?"}, "from": ")" + from + R"("}})");
    EXPECT_TRUE(st.ok) << from << ": " << st.error;
  }
  // And one the loader refuses, so the check can fail.
  EXPECT_EQ(load_step(R"({"narration": {"en": "a"}, "setup": {"preset": "textbook"},
        "question": {"kind": "number", "prompt": {"en": "?"}, "from": "q_after"}})")
                .code,
            Msg::lesson_from_unknown);
}

}  // namespace
}  // namespace pla::lesson_format_doc_test
