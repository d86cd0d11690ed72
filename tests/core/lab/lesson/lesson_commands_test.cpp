// Lessons on the session's tables (lesson.hpp): a lesson's actions are checked with the
// command table's own argument schema (session_commands()), the placeholders are one
// table, and the languages a text may use are the language catalogs (a made-up fourth
// language is its catalog and its texts, nothing else).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/lab/lesson/lesson.hpp"
#include "core/lab/session/session.hpp"
#include "expect_message.hpp"
#include "test_files.hpp"

namespace pla::lesson_commands_test {
namespace {

using test::failed_with;
using test::lesson_json;


// Four separable points in 3-D (d = 3), as setup data.
const char* const kData3 = R"("data": [[1, 1, 1, 1], [2, 1, 2, 1], [-1, -1, -1, -1], [-2, -1, -1, -1]])";

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(LessonCommands, AddQueryOn3DDataTakesThreeCoordinates) {
  LessonRunner r;
  const Status loaded = r.load(
      lesson_json("cmd", {std::string(R"({"narration": {"en": "{queries}"}, "setup": {)") + kData3 +
                 R"(}, "actions": [["train"], ["add_query", 1, 2, 3]]})"}),
      "cmd.json");
  ASSERT_TRUE(loaded.ok) << loaded.error;
  Session s;
  const Status started = r.start(s);
  ASSERT_TRUE(started.ok) << started.error;
  ASSERT_EQ(s.data().d, 3);
  ASSERT_EQ(s.queries().size(), 1u);
  EXPECT_EQ(s.queries()[0], (std::vector<double>{1, 2, 3}));
  // The class the trained perceptron gives it, computed here from w and b: sign(w·q + b).
  const std::vector<double>& w = s.learner().running_w();
  ASSERT_EQ(w.size(), 3u);
  const double score = w[0] * 1 + w[1] * 2 + w[2] * 3 + s.learner().running_b();
  EXPECT_EQ(r.narration(s, "en"), std::string("(1, 2, 3) → ") + (score >= 0 ? "+1" : "-1"));
}

TEST(LessonCommands, ACountTheTableRefusesIsRefusedAtLoadWithStepAndField) {
  LessonRunner r;
  const std::string first = R"({"narration": {"en": "a"}, "setup": {"preset": "textbook"}})";
  const std::string plain = R"({"narration": {"en": "b"}})";
  // compare takes 0 to 8 values (the session's row): 9 are refused at step 3, action 1.
  Status st = r.load(lesson_json("cmd", {first, plain, R"({"narration": {"en": "c"}, "actions": [["compare", 1, 2, 3, 4, 5, 6, 7, 8, 9]]})"}),
                     "cmd.json");
  EXPECT_TRUE(failed_with(st, Msg::lesson_action_count,
                          {{"step", "3"}, {"field", "steps[3].actions[1]"}, {"name", "compare"}, {"given", "9"}, {"count", "0–8"}}));
  EXPECT_NE(st.error.find("step 3 of 3, action 1: wrong number of arguments for compare: 9"), std::string::npos) << st.error;
  // ... and none is the session's default list of η (a lesson used to refuse it).
  EXPECT_TRUE(r.load(lesson_json("cmd", {first, R"({"narration": {"en": "c"}, "actions": [["compare"]]})"}), "cmd.json").ok);
  // add_query on the lesson's own 3-D data takes 3 numbers: 2 are refused at load.
  st = r.load(lesson_json("cmd", {std::string(R"({"narration": {"en": "a"}, "setup": {)") + kData3 + "}}",
                         R"({"narration": {"en": "b"}, "actions": [["add_query", 1, 2]]})"}),
              "cmd.json");
  EXPECT_TRUE(failed_with(st, Msg::lesson_action_dim,
                          {{"step", "2"}, {"field", "steps[2].actions[1]"}, {"name", "add_query"}, {"given", "2"}, {"count", "3"}, {"d", "3"}}));
  EXPECT_NE(st.error.find("step 2 of 2, action 1: wrong number of arguments for add_query: 2 (it takes 3"), std::string::npos)
      << st.error;
}

// For every command a lesson may run with a fixed count range, the loader takes exactly
// the counts the command table's row takes (arguments of the row's kinds).
TEST(LessonCommands, TheLoaderTakesTheCountsOfEveryRow) {
  std::size_t rows = 0;
  for (const Command& c : session_commands()) {
    if (!(c.flags & kCmdLesson) || c.max_args == kArgsPerDim) continue;
    ++rows;
    const std::string kinds = c.kinds;
    for (int n = 0; n <= c.max_args + 1; ++n) {
      std::string action = std::string("[\"") + c.name + "\"";
      for (int j = 0; j < n; ++j) {
        const char kind = kinds.empty() ? 'n' : kinds[std::min<std::size_t>(static_cast<std::size_t>(j), kinds.size() - 1)];
        action += kind == 't' ? ", \"separable\"" : kind == 'u' ? ", 1" : ", 0.5";
      }
      action += "]";
      LessonRunner r;
      const Status st = r.load(lesson_json("cmd", {R"({"narration": {"en": "a"}, "setup": {"preset": "textbook"}, "actions": [)" +
                                          action + "]}"}),
                               "cmd.json");
      const bool takes = n >= c.min_args && n <= c.max_args;
      EXPECT_EQ(st.ok, takes) << action << ": " << st.error;
      if (!takes) {
        EXPECT_TRUE(failed_with(st, Msg::lesson_action_count, {{"field", "steps[1].actions[1]"}, {"name", c.name}}));
      }
    }
  }
  EXPECT_GE(rows, 9u);  // reset, step, seek, next_update, epoch, train, generate, update_on, clear_queries, compare
}

TEST(LessonCommands, AddQueryAfterNewDataIsCheckedWhenTheStepRuns) {
  // generate replaces the data: its d is known only when the step runs.
  const std::string first = R"({"narration": {"en": "a"}, "setup": {"preset": "textbook"},
      "actions": [["generate", "separable", 20, 3, 0.1, 0, 7], ["add_query", 1, 2]]})";
  LessonRunner r;
  ASSERT_TRUE(r.load(lesson_json("cmd", {first}), "cmd.json").ok);
  Session s;
  const Status st = r.start(s);
  ASSERT_TRUE(failed_with(st, Msg::lesson_step_failed, {{"id", "cmd"}, {"step", "1"}, {"field", "steps[1].actions[2]"}}));
  ASSERT_TRUE(st.cause);
  EXPECT_EQ(st.cause->code, Msg::lesson_action_dim_run);
  EXPECT_EQ(test::arg(*st.cause, "count"), "3");
  EXPECT_EQ(test::arg(*st.cause, "d"), "3");
  EXPECT_TRUE(s.queries().empty());
  // With three numbers the query lands.
  LessonRunner ok;
  std::string three = first;
  three.replace(three.find("[\"add_query\", 1, 2]"), 19, "[\"add_query\", 1, 2, 3]");
  ASSERT_TRUE(ok.load(lesson_json("cmd", {three}), "cmd.json").ok);
  Session s2;
  const Status started = ok.start(s2);
  ASSERT_TRUE(started.ok) << started.error;
  ASSERT_EQ(s2.queries().size(), 1u);
  EXPECT_EQ(s2.queries()[0], (std::vector<double>{1, 2, 3}));
}

TEST(LessonPlaceholders, EveryRowIsKnownAndDocumented) {
  const std::string header = read_file(std::string(PLA_SOURCE_DIR) + "/src/core/lab/lesson/format.hpp");
  ASSERT_FALSE(header.empty());
  ASSERT_GE(lesson_placeholder_names().size(), 40u);
  for (const std::string& name : lesson_placeholder_names()) {
    EXPECT_TRUE(lesson_placeholder_known(name)) << name;
    EXPECT_NE(header.find("{" + name + "}"), std::string::npos) << "format.hpp does not document {" << name << "}";
  }
  EXPECT_TRUE(lesson_placeholder_known("w12"));
  EXPECT_TRUE(lesson_placeholder_known("alpha3"));
  EXPECT_FALSE(lesson_placeholder_known("w0"));
  EXPECT_FALSE(lesson_placeholder_known("x1"));  // {x} is not indexed
  EXPECT_FALSE(lesson_placeholder_known("kk"));
}

// The languages are the session's catalogs: those of web/i18n (glossary.json is no language).
TEST(LessonLanguages, AreTheCatalogsOfWebI18n) {
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(std::string(PLA_SOURCE_DIR) + "/web/i18n")) {
    const std::string name = e.path().filename().string();
    if (e.path().extension() == ".json" && name != "glossary.json") files.push_back(e.path().stem().string());
  }
  std::sort(files.begin(), files.end());
  const Session s;
  EXPECT_EQ(lesson_languages(s.catalogs()), files);
  // The words the placeholders write are the catalog's, not the core's: vi.json on disk.
  const Json vi = Json::parse(read_file(std::string(PLA_SOURCE_DIR) + "/web/i18n/vi.json"), nullptr, false);
  ASSERT_TRUE(vi.is_object());
  const std::string yes = vi["msg"]["lesson"]["word_yes"].get<std::string>();
  LessonRunner r(s);
  ASSERT_TRUE(r.load(lesson_json("yes", {R"({"narration": {"en": "{converged}"}, "setup": {"preset": "textbook"},
                                            "actions": [["train"]]})"}),
                     "yes.json").ok);
  Session run;
  ASSERT_TRUE(r.start(run).ok);
  EXPECT_EQ(r.narration(run, "vi"), yes);
  EXPECT_EQ(r.narration(run, "en"), "yes");  // English: the message table's own
}

TEST(LessonLanguages, AFourthLanguageIsItsCatalogAndItsTexts) {
  const std::string lesson = lesson_json("cmd", 
      {R"({"narration": {"en": "converged: {converged}", "xx": "xx converged: {converged}"},
           "setup": {"preset": "textbook"},
           "question": {"kind": "yes_no", "prompt": {"en": "converged?", "xx": "xx converged?"}, "from": "converged"}})",
       R"({"narration": {"en": "{queries}", "xx": "xx {queries} / {converged}"},
           "actions": [["train"], ["add_query", 4, 4], ["add_query", 0, 0]]})"},
      R"({"en": "Title", "xx": "Title xx"})");
  Session s;
  LessonRunner r(s);
  // No catalog for xx: its texts are an unknown key, the known ones named.
  EXPECT_TRUE(failed_with(r.load(lesson, "cmd.json"), Msg::lesson_unknown_key, {{"field", "title.xx"}}));
  // Its catalog, added to the session's: the words its texts write (list_item, list_field
  // and list_colon not given: English's).
  ASSERT_TRUE(s.catalogs().add(
      "xx", R"({"lesson": {"yes": "Yes"}, "msg": {"lesson": {"word_yes": "ja", "word_no": "nee", "list_group": "{left} | {right}"}}})").ok);
  const std::vector<std::string> langs = lesson_languages(s.catalogs());
  EXPECT_NE(std::find(langs.begin(), langs.end(), "xx"), langs.end());
  // A runner of another session (its own catalogs) still refuses it.
  const Session other;
  LessonRunner elsewhere(other);
  EXPECT_TRUE(failed_with(elsewhere.load(lesson, "cmd.json"), Msg::lesson_unknown_key, {{"field", "title.xx"}}));
  const Status loaded = r.load(lesson, "cmd.json");
  ASSERT_TRUE(loaded.ok) << loaded.error;
  ASSERT_TRUE(r.start(s).ok);
  EXPECT_EQ(r.title("xx"), "Title xx");
  EXPECT_EQ(r.narration(s, "xx"), "xx converged: nee");
  EXPECT_EQ(r.narration(s, "en"), "converged: no");
  EXPECT_EQ(r.question_prompt("xx"), "xx converged?");
  EXPECT_EQ(r.expected_text("xx"), "nee");
  ASSERT_TRUE(r.answer(s, "no").ok);
  ASSERT_TRUE(r.next(s).ok);
  // The textbook data is separable: trained, it has converged. The classes of the two
  // queries, from w and b by hand: sign(w·q + b).
  ASSERT_TRUE(s.learner().converged());
  const std::vector<double>& w = s.learner().running_w();
  const double b = s.learner().running_b();
  const std::string c1 = w[0] * 4 + w[1] * 4 + b >= 0 ? "+1" : "-1", c2 = b >= 0 ? "+1" : "-1";
  EXPECT_EQ(r.narration(s, "xx"), "xx (4, 4) → " + c1 + " | (0, 0) → " + c2 + " / ja");
  EXPECT_EQ(r.narration(s, "en"), "(4, 4) → " + c1 + "; (0, 0) → " + c2);
  // A language whose catalog lacks the words writes English's; a text it lacks is English.
  ASSERT_TRUE(s.catalogs().add("yy", "{}").ok);
  EXPECT_EQ(r.narration(s, "yy"), "(4, 4) → " + c1 + "; (0, 0) → " + c2);
  EXPECT_FALSE(s.catalogs().add("Bad code", "{}").ok);
  EXPECT_FALSE(s.catalogs().add("zz", "[1]").ok);
  EXPECT_TRUE(s.catalogs().remove("xx"));
  EXPECT_TRUE(s.catalogs().remove("yy"));
  const std::vector<std::string> after = lesson_languages(s.catalogs());
  EXPECT_EQ(std::find(after.begin(), after.end(), "xx"), after.end());
}

// The made-up language "xx", from a catalog text: a lesson whose texts have no "xx" is
// written in English, with xx's words where its catalog has them.
TEST(LessonLanguages, TextsWithoutTheLanguageFallBackToEnglish) {
  Session s;
  ASSERT_TRUE(s.catalogs().add("xx", R"({"language": {"name": "Xxish", "tags": ["xx"]},
                                         "msg": {"lesson": {"word_no": "nee"}}})").ok);
  LessonRunner r(s);
  ASSERT_TRUE(r.load_builtin("textbook").ok);
  ASSERT_TRUE(r.start(s).ok);
  EXPECT_EQ(r.title("xx"), r.title("en"));
  EXPECT_EQ(r.narration(s, "xx"), r.narration(s, "en"));
  EXPECT_FALSE(r.narration(s, "en").empty());
  const std::string lesson = lesson_json("fallback", {R"({"narration": {"en": "converged: {converged}"},
      "setup": {"preset": "textbook"}})"});
  LessonRunner words(s);
  ASSERT_TRUE(words.load(lesson, "fallback.json").ok);
  ASSERT_TRUE(words.start(s).ok);
  EXPECT_EQ(words.narration(s, "xx"), "converged: nee");  // the English text, xx's word
  EXPECT_EQ(words.narration(s, "en"), "converged: no");
}

}  // namespace
}  // namespace pla::lesson_commands_test
