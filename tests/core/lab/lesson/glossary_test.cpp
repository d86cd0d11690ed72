// One term per concept per language: web/i18n/glossary.json lists, for each concept and
// language, the term to use, the variants a text must not use ("avoid") and longer phrases
// that contain a variant but mean something else ("allow"). These tests read the glossary,
// the catalogs (web/i18n/en.json, vi.json, zh.json, and the English messages of
// src/core/base/messages/messages_*.def) and the lessons (web/lessons/*.json)
// from the source tree and fail on every avoid variant left in a text after the concept's
// allow phrases are removed, naming the file, the key or lesson field, the variant and the
// term to use. Matching ignores case, Vietnamese capitals included.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include "core/lab/lesson/lesson.hpp"
#include "core/base/settings.hpp"
#include "core/base/status.hpp"
#include "core/base/utf8.hpp"

namespace pla::glossary_test {
namespace {

const char* const kLanguages[] = {"en", "vi", "zh"};

std::string read_source_file(const std::string& relative) {
  std::ifstream in(std::string(PLA_SOURCE_DIR) + "/" + relative, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

Json read_repo_json(const std::string& relative) {
  return Json::parse(read_source_file(relative), nullptr, false);
}

// ---------------------------------------------------------------- lower case

// UTF-8 decoding and encoding: core/base/utf8.hpp (next_code_point, append_utf8).

// The lower case of the Latin letters English and Vietnamese use: A-Z, Latin-1 (À Â Ê Ô Õ
// ...), Latin Extended-A (Ă Đ Ĩ Ũ), Ơ Ư, and Latin Extended Additional (Ạ Ả Ấ ... Ỹ).
std::uint32_t lower(std::uint32_t c) {
  if (c >= 'A' && c <= 'Z') return c + 32;
  if (c >= 0xC0 && c <= 0xDE && c != 0xD7) return c + 32;
  if ((c >= 0x100 && c <= 0x137) || (c >= 0x14A && c <= 0x177)) return c | 1u;
  if ((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E)) return (c % 2 == 1) ? c + 1 : c;
  if (c == 0x1A0 || c == 0x1AF) return c + 1;  // Ơ Ư
  if ((c >= 0x1E00 && c <= 0x1E95) || (c >= 0x1EA0 && c <= 0x1EFF)) return c | 1u;
  return c;
}

bool is_latin_letter(std::uint32_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= 0xC0 && c <= 0x24F && c != 0xD7 && c != 0xF7) ||
         (c >= 0x1E00 && c <= 0x1EFF);
}

std::vector<std::uint32_t> lower_code_points(const std::string& s) {
  std::vector<std::uint32_t> out;
  for (std::size_t i = 0; i < s.size();) out.push_back(lower(next_code_point(s, i)));
  return out;
}

std::string to_lower(const std::string& s) {
  std::string out;
  for (std::uint32_t c : lower_code_points(s)) append_utf8(out, c);
  return out;
}

// ---------------------------------------------------------------- matching

// Where `phrase` occurs in `text` (both lower-cased code points) as a whole phrase: a phrase
// that begins (ends) with a letter does not match inside a longer word ("lượt" is not
// found in "lượtx"). Chinese has no word boundaries.
std::vector<std::size_t> find_phrase(const std::vector<std::uint32_t>& text, const std::vector<std::uint32_t>& phrase) {
  std::vector<std::size_t> at;
  if (phrase.empty() || phrase.size() > text.size()) return at;
  for (std::size_t i = 0; i + phrase.size() <= text.size(); ++i) {
    if (!std::equal(phrase.begin(), phrase.end(), text.begin() + static_cast<std::ptrdiff_t>(i))) continue;
    const std::size_t end = i + phrase.size();
    if (is_latin_letter(phrase.front()) && i > 0 && is_latin_letter(text[i - 1])) continue;
    if (is_latin_letter(phrase.back()) && end < text.size() && is_latin_letter(text[end])) continue;
    at.push_back(i);
  }
  return at;
}

struct Usage {
  std::string id, term;
  std::vector<std::string> avoid, allow;
};

// One language's column of the glossary.
std::vector<Usage> usages(const Json& glossary, const std::string& lang) {
  std::vector<Usage> out;
  for (const Json& c : glossary["concepts"]) {
    if (!c.contains(lang)) continue;
    const Json& e = c[lang];
    Usage u;
    u.id = c.value("id", "");
    u.term = e.value("term", "");
    if (e.contains("avoid")) u.avoid = e["avoid"].get<std::vector<std::string>>();
    if (e.contains("allow")) u.allow = e["allow"].get<std::vector<std::string>>();
    out.push_back(u);
  }
  return out;
}

// The avoid variants of `u` found in `text` once its allow phrases are blanked out.
std::vector<std::string> variants_in(const std::string& text, const Usage& u) {
  std::vector<std::uint32_t> t = lower_code_points(text);
  for (const std::string& a : u.allow) {
    const std::vector<std::uint32_t> phrase = lower_code_points(a);
    for (std::size_t i : find_phrase(t, phrase))
      std::fill(t.begin() + static_cast<std::ptrdiff_t>(i),
                t.begin() + static_cast<std::ptrdiff_t>(i + phrase.size()), std::uint32_t{0});
  }
  std::vector<std::string> found;
  for (const std::string& v : u.avoid)
    if (!find_phrase(t, lower_code_points(v)).empty()) found.push_back(v);
  return found;
}

// "FILE KEY: "VARIANT" (concept ID: use "TERM")" for every variant in text.
void check_text(const std::string& text, const std::vector<Usage>& table, const std::string& where,
                std::vector<std::string>& problems) {
  for (const Usage& u : table)
    for (const std::string& v : variants_in(text, u))
      problems.push_back(where + ": \"" + v + "\" (" + u.id + ": use \"" + u.term + "\")");
}

std::string report(const std::vector<std::string>& problems) {
  std::string out;
  for (const std::string& p : problems) out += "  " + p + "\n";
  return out;
}

void check_catalog_node(const Json& node, const std::string& key, const std::vector<Usage>& table,
                        const std::string& file, std::vector<std::string>& problems) {
  if (node.is_string()) {
    check_text(node.get<std::string>(), table, file + " " + key, problems);
  } else if (node.is_object()) {
    for (auto it = node.begin(); it != node.end(); ++it)
      check_catalog_node(it.value(), key.empty() ? it.key() : key + "." + it.key(), table, file, problems);
  } else if (node.is_array()) {
    for (std::size_t i = 0; i < node.size(); ++i)
      check_catalog_node(node[i], key + "[" + std::to_string(i) + "]", table, file, problems);
  }
}

// Every lesson file of web/lessons, sorted.
std::vector<std::string> lesson_files() {
  std::vector<std::string> out;
  const std::filesystem::path dir = std::filesystem::path(PLA_SOURCE_DIR) / "web" / "lessons";
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().extension() == ".json") out.push_back("web/lessons/" + e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

// The texts of one lesson in one language, each with its place: title, steps[i].narration,
// steps[i].question.prompt, .options[j], .whys[j], .why. A missing language (English shown) is skipped.
std::vector<std::pair<std::string, std::string>> lesson_texts(const Json& lesson, const std::string& lang) {
  std::vector<std::pair<std::string, std::string>> out;
  const auto add = [&](const Json& parent, const char* field, const std::string& where) {
    if (!parent.is_object() || !parent.contains(field)) return;
    const Json& t = parent[field];
    if (t.is_object() && t.contains(lang) && t[lang].is_string()) out.emplace_back(where, t[lang].get<std::string>());
  };
  add(lesson, "title", "title");
  if (!lesson.contains("steps") || !lesson["steps"].is_array()) return out;
  for (std::size_t i = 0; i < lesson["steps"].size(); ++i) {
    const Json& step = lesson["steps"][i];
    const std::string at = "steps[" + std::to_string(i) + "]";
    add(step, "narration", at + ".narration");
    if (!step.contains("question")) continue;
    const Json& q = step["question"];
    add(q, "prompt", at + ".question.prompt");
    add(q, "why", at + ".question.why");
    if (q.contains("options") && q["options"].is_array())
      for (std::size_t j = 0; j < q["options"].size(); ++j) {
        const Json& o = q["options"][j];
        if (o.is_object() && o.contains(lang) && o[lang].is_string())
          out.emplace_back(at + ".question.options[" + std::to_string(j) + "]", o[lang].get<std::string>());
      }
    if (q.contains("whys") && q["whys"].is_array())
      for (std::size_t j = 0; j < q["whys"].size(); ++j) {
        const Json& o = q["whys"][j];
        if (o.is_object() && o.contains(lang) && o[lang].is_string())
          out.emplace_back(at + ".question.whys[" + std::to_string(j) + "]", o[lang].get<std::string>());
      }
  }
  return out;
}

class Glossary : public ::testing::Test {
 protected:
  void SetUp() override {
    glossary_ = read_repo_json("web/i18n/glossary.json");
    ASSERT_TRUE(glossary_.is_object()) << "web/i18n/glossary.json does not parse";
    ASSERT_TRUE(glossary_.contains("concepts") && glossary_["concepts"].is_array());
  }
  Json glossary_;
};

// ---------------------------------------------------------------- the tests

TEST(GlossaryMatching, LowersVietnameseCapitalsAndKeepsWordsWhole) {
  EXPECT_EQ(to_lower("HẠT NHÂN Đảo NHÃN Ơ Ư Ă Â Ê Ô Ĩ Ũ Ý ỳ"), "hạt nhân đảo nhãn ơ ư ă â ê ô ĩ ũ ý ỳ");
  EXPECT_EQ(to_lower("感知机 Gram (3, 3) δ"), "感知机 gram (3, 3) δ");
  Usage kernel{"kernel", "hàm nhân (kernel)", {"hạt nhân"}, {}};
  EXPECT_EQ(variants_in("Hạt nhân Gram", kernel), std::vector<std::string>{"hạt nhân"});
  EXPECT_EQ(variants_in("HẠT NHÂN", kernel), std::vector<std::string>{"hạt nhân"});
  EXPECT_TRUE(variants_in("Hàm nhân (kernel) Gram", kernel).empty());
  Usage epoch{"epoch", "epoch", {"lượt"}, {"lần lượt"}};
  EXPECT_TRUE(variants_in("Lần lượt từng điểm", epoch).empty());
  EXPECT_EQ(variants_in("lần lượt, sau mỗi Lượt", epoch), std::vector<std::string>{"lượt"});
  EXPECT_TRUE(variants_in("lượtx", epoch).empty());  // not a whole word
  Usage wrong{"misclassified", "misclassified", {"classified right"}, {}};
  EXPECT_EQ(variants_in("Every point is Classified Right.", wrong), std::vector<std::string>{"classified right"});
  Usage split{"misclassified", "误分类", {"分错"}, {}};
  EXPECT_EQ(variants_in("这个点被分错了", split), std::vector<std::string>{"分错"});
}

TEST_F(Glossary, EveryConceptHasATermInEveryLanguage) {
  std::set<std::string> ids;
  for (const Json& c : glossary_["concepts"]) {
    const std::string id = c.value("id", "");
    EXPECT_FALSE(id.empty()) << c.dump();
    EXPECT_TRUE(ids.insert(id).second) << "two concepts named " << id;
    for (const char* lang : kLanguages) {
      ASSERT_TRUE(c.contains(lang) && c[lang].is_object()) << id << " has no " << lang;
      const Json& e = c[lang];
      EXPECT_TRUE(e.contains("term") && e["term"].is_string() && !e["term"].get<std::string>().empty())
          << id << " has no " << lang << " term";
      for (const char* list : {"avoid", "allow"}) {
        if (!e.contains(list)) continue;
        ASSERT_TRUE(e[list].is_array()) << id << " " << lang << " " << list;
        for (const Json& v : e[list])
          EXPECT_TRUE(v.is_string() && !v.get<std::string>().empty()) << id << " " << lang << " " << list;
      }
      EXPECT_TRUE(e.contains("avoid") || !e.contains("allow")) << id << " " << lang << ": allow without avoid";
    }
  }
  EXPECT_GE(ids.size(), 20u);
}

// A term may not contain a variant that this or another concept avoids: a text using the
// glossary's own term would then fail. An allow phrase must contain a variant it excuses.
TEST_F(Glossary, NoTermIsAVariantToAvoid) {
  for (const char* lang : kLanguages) {
    const std::vector<Usage> table = usages(glossary_, lang);
    for (const Usage& term_of : table)
      for (const Usage& u : table)
        for (const std::string& v : variants_in(term_of.term, u))
          ADD_FAILURE() << lang << ": the term of " << term_of.id << " (\"" << term_of.term << "\") contains \"" << v
                        << "\", which " << u.id << " avoids";
    for (const Usage& u : table)
      for (const std::string& a : u.allow) {
        Usage no_allow = u;
        no_allow.allow.clear();
        EXPECT_FALSE(variants_in(a, no_allow).empty())
            << lang << " " << u.id << ": the allow phrase \"" << a << "\" contains none of its avoid variants";
      }
  }
}

TEST_F(Glossary, CatalogsUseOneTermPerConcept) {
  std::vector<std::string> problems;
  for (const char* lang : kLanguages) {
    const std::string file = std::string("web/i18n/") + lang + ".json";
    const Json catalog = read_repo_json(file);
    ASSERT_TRUE(catalog.is_object()) << file << " does not parse";
    check_catalog_node(catalog, "", usages(glossary_, lang), file, problems);
  }
  // The English catalog of messages is the message table (src/core/base/messages/messages_*.def).
  const std::vector<Usage> english = usages(glossary_, "en");
  for (const MsgInfo& m : message_table())
    check_text(m.english, english, std::string("src/core/base/messages/messages_*.def msg.") + m.key, problems);
  EXPECT_TRUE(problems.empty()) << problems.size() << " catalog strings use a variant to avoid:\n" << report(problems);
}

TEST_F(Glossary, LessonsUseOneTermPerConcept) {
  const std::vector<std::string> files = lesson_files();
  // Every built-in lesson is among the files read.
  for (const std::string& id : builtin_lesson_ids())
    EXPECT_NE(std::find(files.begin(), files.end(), "web/lessons/" + id + ".json"), files.end()) << id;
  std::vector<std::string> problems;
  for (const std::string& file : files) {
    const Json lesson = read_repo_json(file);
    ASSERT_TRUE(lesson.is_object()) << file << " does not parse";
    for (const char* lang : kLanguages) {
      const std::vector<Usage> table = usages(glossary_, lang);
      for (const auto& [where, text] : lesson_texts(lesson, lang))
        check_text(text, table, file + " " + where + " (" + lang + ")", problems);
    }
  }
  EXPECT_TRUE(problems.empty()) << problems.size() << " lesson texts use a variant to avoid:\n" << report(problems);
}

}  // namespace
}  // namespace pla::glossary_test
