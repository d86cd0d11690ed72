// The built-in lessons' words as a student reads them: every lesson walked in en, vi and zh
// with the expected answers, each step's texts filled with the live numbers. No narration
// gives away its own question's answer, every step fits the lesson panel, zero counts and
// numbers read one way in each language.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <regex>
#include <string>
#include <vector>

#include "core/lab/lesson/lesson.hpp"
#include "core/lab/session/session.hpp"
#include "core/base/values.hpp"

namespace pla::lesson_text_test {
namespace {

const char* const kLanguages[] = {"en", "vi", "zh"};

// One step as shown: its narration and question, and the feedback after the right answer.
struct ShownStep {
  std::string id, lang;
  std::size_t step = 0;  // 0-based
  std::string narration, prompt, why, expected;
  std::vector<std::string> options;
  LessonQuestion question;
};

std::string where(const ShownStep& s) { return s.id + " steps[" + std::to_string(s.step) + "] (" + s.lang + ")"; }

// Numbers as the interface writes them: a true minus sign.
std::string shown_number(double v) {
  std::string t = msg_num(v);
  if (!(std::isfinite(v) && v == std::trunc(v) && std::fabs(v) < 1e15)) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    t = buf;
  }
  return t[0] == '-' ? "\u2212" + t.substr(1) : t;
}

std::vector<ShownStep> walk(const std::string& id, const std::string& lang) {
  std::vector<ShownStep> out;
  Session s;
  LessonRunner r;
  EXPECT_TRUE(r.load_builtin(id).ok) << id;
  EXPECT_TRUE(r.start(s).ok) << id;
  for (std::size_t guard = 0; !r.done() && guard < 1000; ++guard) {
    ShownStep st;
    st.id = id;
    st.lang = lang;
    st.step = r.step();
    st.narration = r.narration(s, lang, shown_number);
    st.question = r.lesson().steps[r.step()].question;
    if (r.question_kind() != QuestionKind::None) {
      st.prompt = r.question_prompt(lang, shown_number);
      st.options = r.question_options(lang, shown_number);
      st.expected = r.expected_text(lang, shown_number);
      EXPECT_TRUE(r.answer(s, r.expected_answer()).ok) << where(st);
      st.why = r.feedback(lang, shown_number);
    }
    out.push_back(st);
    EXPECT_TRUE(r.next(s).ok) << where(st);
  }
  return out;
}

const std::vector<ShownStep>& all_steps() {
  static const std::vector<ShownStep> steps = [] {
    std::vector<ShownStep> v;
    for (const std::string& id : builtin_lesson_ids())
      for (const char* lang : kLanguages) {
        const std::vector<ShownStep> w = walk(id, lang);
        v.insert(v.end(), w.begin(), w.end());
      }
    return v;
  }();
  return steps;
}

std::size_t code_points(const std::string& s) {
  std::size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

// Whether `number` occurs in `text` as a whole number (not inside a longer one).
bool has_number(const std::string& text, const std::string& number) {
  auto digitish = [](char c) { return (c >= '0' && c <= '9') || c == '.'; };
  for (std::size_t at = text.find(number); at != std::string::npos; at = text.find(number, at + 1)) {
    const bool before = at > 0 && (digitish(text[at - 1]) || text[at - 1] == '-');
    const std::size_t end = at + number.size();
    const bool after = end < text.size() && (text[end] >= '0' && text[end] <= '9');
    const bool after_point = end + 1 < text.size() && text[end] == '.' && text[end + 1] >= '0' && text[end + 1] <= '9';
    const bool minus_before = at >= 3 && text.compare(at - 3, 3, "\u2212") == 0;
    if (!before && !after && !after_point && !minus_before) return true;
  }
  return false;
}

TEST(LessonText, EveryBuiltinLessonIsWalkedInEveryLanguage) {
  std::size_t questions = 0;
  for (const ShownStep& s : all_steps()) {
    EXPECT_FALSE(s.narration.empty()) << where(s);
    questions += s.question.kind != QuestionKind::None;
  }
  EXPECT_GE(all_steps().size(), builtin_lesson_ids().size() * 3 * 5);
  EXPECT_GE(questions, builtin_lesson_ids().size() * 3 * 3);
}

// The narration is printed above the question: it must not hold the answer.
TEST(LessonText, NoNarrationStatesItsOwnQuestionsFixedAnswer) {
  for (const ShownStep& s : all_steps()) {
    const LessonQuestion& q = s.question;
    // 0 and ±1 are left out: "from w = 0" or "y = +1" name no answer.
    if (q.kind == QuestionKind::Number && q.from.empty() && std::fabs(q.number) != 0.0 && std::fabs(q.number) != 1.0) {
      const std::string n = shown_number(q.number);
      EXPECT_FALSE(has_number(s.narration, n)) << where(s) << ": the answer " << n << " is in\n" << s.narration;
    }
    if (q.kind == QuestionKind::Choice) {
      EXPECT_EQ(s.narration.find(s.expected), std::string::npos)
          << where(s) << ": the right option \"" << s.expected << "\" is in\n" << s.narration;
    }
    if (q.kind == QuestionKind::YesNo && q.from == "converged") {
      const char* word = s.lang == "vi" ? "hội tụ" : s.lang == "zh" ? "收敛" : "converge";
      EXPECT_EQ(s.narration.find(word), std::string::npos)
          << where(s) << ": the narration says whether it converged before asking it:\n" << s.narration;
    }
  }
}

TEST(LessonText, NoTextPrintsAYesNoWordInBrackets) {
  // "({converged})" read "converged (yes)"; {mistake} and {converged} belong in sentences.
  for (const std::string& id : builtin_lesson_ids()) {
    LessonRunner r;
    ASSERT_TRUE(r.load_builtin(id).ok);
    for (std::size_t i = 0; i < r.lesson().steps.size(); ++i) {
      const LessonStep& st = r.lesson().steps[i];
      std::vector<const LessonText*> texts = {&st.narration, &st.question.prompt, &st.question.why};
      for (const LessonText& o : st.question.options) texts.push_back(&o);
      for (const LessonText& o : st.question.whys) texts.push_back(&o);
      for (const LessonText* t : texts)
        for (const std::string* s : {&t->en, &t->written("vi"), &t->written("zh")})
          for (const char* bad : {"({converged})", "（{converged}）", "({mistake})", "（{mistake}）"})
            EXPECT_EQ(s->find(bad), std::string::npos) << id << " steps[" << i << "]: " << *s;
    }
  }
}

// The lesson panel holds about 400 characters of English narration plus prompt.
TEST(LessonText, EveryStepFitsThePanel) {
  for (const ShownStep& s : all_steps()) {
    if (s.lang != "en") continue;
    const std::size_t n = code_points(s.narration) + code_points(s.prompt);
    EXPECT_LE(n, 400u) << where(s) << ": " << n << " characters\n" << s.narration << "\n" << s.prompt;
  }
}

std::size_t words(const std::string& s) {
  std::size_t n = 0;
  bool in_word = false;
  for (char c : s) {
    const bool space = c == ' ' || c == '\n' || c == '\t';
    n += !space && !in_word;
    in_word = !space;
  }
  return n;
}

// A step a side panel holds: its narration and prompt within 120 English words, and with its
// options and the longest feedback a student can get (a choice's own why for the option
// chosen, then the question's why) within 170.
TEST(LessonText, EveryStepIsAtMost120WordsAndWithItsFeedback170) {
  EXPECT_EQ(words("Update 1 on x1 = (3, 3):  w = (3, 3)."), 11u);
  for (const ShownStep& s : all_steps()) {
    if (s.lang != "en") continue;
    const std::size_t n = words(s.narration) + words(s.prompt);
    EXPECT_LE(n, 120u) << where(s) << ": " << n << " words\n" << s.narration << "\n" << s.prompt;
    std::size_t options = 0, own = 0;
    for (const std::string& o : s.options) options += words(o);
    for (const LessonText& t : s.question.whys) own = std::max(own, words(t.en));
    const std::size_t all = n + options + own + words(s.why);
    EXPECT_LE(all, 170u) << where(s) << ": " << all << " words with the options and the feedback\n" << s.why;
  }
}

// The course's terms where a lesson first uses them (the glossary's notes): in Vietnamese the
// first "lề" of a lesson reads "lề (margin)", in Chinese the first 学习率 after the title reads
// "学习率（步长）" (Li Hang 2.3.1: 步长，又称为学习率).
TEST(LessonText, FirstUsesCarryTheCourseTerms) {
  for (const std::string& id : builtin_lesson_ids()) {
    LessonRunner r;
    ASSERT_TRUE(r.load_builtin(id).ok);
    // The text from the first whole-word use of one of `words` in the lesson's order of texts.
    const auto first = [&](const std::string& lang, const std::vector<std::string>& words) {
      for (const LessonStep& st : r.lesson().steps) {
        std::vector<const LessonText*> texts = {&st.narration, &st.question.prompt};
        for (const LessonText& o : st.question.options) texts.push_back(&o);
        for (const LessonText& o : st.question.whys) texts.push_back(&o);
        texts.push_back(&st.question.why);
        for (const LessonText* t : texts) {
          const std::string& s = t->written(lang);
          std::size_t best = std::string::npos;
          for (const std::string& w : words)
            for (std::size_t at = s.find(w); at != std::string::npos; at = s.find(w, at + 1))
              if (at == 0 || s[at - 1] == ' ' || s[at - 1] == '(' || static_cast<unsigned char>(s[at - 1]) >= 0x80) {
                best = std::min(best, at);
                break;
              }
          if (best != std::string::npos) return s.substr(best, 40);
        }
      }
      return std::string();
    };
    const std::string le = first("vi", {"lề", "Lề"});
    if (!le.empty()) {
      EXPECT_TRUE(le.rfind("lề (margin)", 0) == 0 || le.rfind("Lề (margin)", 0) == 0) << id << ": " << le;
    }
    const std::string rate = first("zh", {"学习率"});
    if (!rate.empty()) {
      EXPECT_EQ(rate.rfind("学习率（步长）", 0), 0u) << id << ": " << rate;
    }
  }
}

TEST(LessonText, ZeroCountsReadAsWords) {
  const std::regex en(R"((^|[^0-9.])0 (mistakes?|points?|misclassified|updates?|errors?)\b)");
  const std::regex vi(R"((còn|có|Còn|Có) 0 )");
  const std::regex zh(R"((剩|有) ?0 ?个)");
  for (const ShownStep& s : all_steps())
    for (const std::string* t : {&s.narration, &s.prompt, &s.why}) {
      const std::regex& re = s.lang == "vi" ? vi : s.lang == "zh" ? zh : en;
      EXPECT_FALSE(std::regex_search(*t, re)) << where(s) << ": " << *t;
    }
}

// One way to write a number in every language, as the placeholders print it: the decimal
// point, no thousands separator. "0,1" or "1.000" beside a placeholder's "0.1" is ambiguous.
TEST(LessonText, NumbersUseTheDecimalPointInEveryLanguage) {
  const std::regex decimal_comma(R"([0-9],[0-9])");
  const std::regex thousands(R"((^|[^0-9.])[1-9][0-9]{0,2}\.000([^0-9]|$))");
  for (const ShownStep& s : all_steps()) {
    std::vector<const std::string*> texts = {&s.narration, &s.prompt, &s.why};
    for (const std::string& o : s.options) texts.push_back(&o);
    for (const std::string* t : texts) {
      EXPECT_FALSE(std::regex_search(*t, decimal_comma)) << where(s) << ": " << *t;
      EXPECT_FALSE(std::regex_search(*t, thousands)) << where(s) << ": " << *t;
    }
  }
}

// Lists inside Chinese sentences use Chinese marks ({eta_runs}, {eta_k}, {queries}).
TEST(LessonText, ListsInChineseUseFullWidthMarks) {
  const char* text = R"({"format": 1, "id": "lists", "title": {"en": "t"},
    "steps": [{"narration": {"en": "{eta_k} | {eta_runs}", "zh": "{eta_k} | {eta_runs}"},
               "setup": {"preset": "six"}, "actions": [["compare", 1, 0.5]]}]})";
  LessonRunner r;
  Session s;
  ASSERT_TRUE(r.load(text, "lists.json").ok);
  ASSERT_TRUE(r.start(s).ok);
  const std::string en = r.narration(s, "en"), zh = r.narration(s, "zh");
  EXPECT_NE(en.find(", "), std::string::npos) << en;
  EXPECT_NE(en.find("η = 1: k = "), std::string::npos) << en;
  EXPECT_NE(zh.find("、"), std::string::npos) << zh;
  EXPECT_NE(zh.find("η = 1：k = "), std::string::npos) << zh;
  EXPECT_NE(zh.find("；η = 0.5："), std::string::npos) << zh;
  // Inside the vectors the comma stays (mathematics): only the marks between items change.
  const std::string between = zh.substr(0, zh.find(" | "));
  EXPECT_EQ(between.find(", "), std::string::npos) << zh;
}

TEST(LessonText, TheExpectedAnswerReadsAsTheStudentSeesIt) {
  // Li Hang's example 2.1: x1 = (3, 3), x2 = (4, 3) positive, x3 = (1, 1) negative, from w = 0.
  const char* text = R"({"format": 1, "id": "answers", "title": {"en": "t"}, "steps": [
    {"narration": {"en": "n"}, "setup": {"preset": "textbook", "algo": "classic", "eta": 1, "order": "cyclic"},
     "question": {"kind": "pick_point", "prompt": {"en": "p"}}},
    {"narration": {"en": "n"}, "question": {"kind": "yes_no", "from": "mistake", "prompt": {"en": "p"}}},
    {"narration": {"en": "n"}, "question": {"kind": "number", "from": "b_after", "prompt": {"en": "p"}}},
    {"narration": {"en": "n"}, "question": {"kind": "choice", "answer": 1, "prompt": {"en": "p"},
     "options": [{"en": "one", "zh": "一"}, {"en": "two", "vi": "hai", "zh": "二"}]}},
    {"narration": {"en": "n"}, "question": {"kind": "place_line", "prompt": {"en": "p"}}}]})";
  Session s;
  LessonRunner r;
  ASSERT_TRUE(r.load(text, "answers.json").ok);
  ASSERT_TRUE(r.start(s).ok);
  EXPECT_EQ(r.expected_text("en"), "x1");  // every point scores 0 from w = 0: the first one visited
  ASSERT_TRUE(r.answer(s, "1").ok);        // wrong; the update on x1 runs: w = (3, 3), b = 1
  EXPECT_EQ(r.expected_text("zh"), "x1");
  ASSERT_TRUE(r.next(s).ok);
  // x2: 3·4 + 3·3 + 1 = 22 > 0, no mistake.
  EXPECT_EQ(r.expected_text("en"), "no");
  EXPECT_EQ(r.expected_text("vi"), "không");
  EXPECT_EQ(r.expected_text("zh"), "否");
  ASSERT_TRUE(r.next(s).ok);  // the visit of x2
  // x3: −(3 + 3 + 1) < 0, a mistake: b = 1 − 1 = 0 after it; x1 next: 3·2 + 3·2 + 0 > 0, then x3 again.
  EXPECT_EQ(r.expected_text("en"), "0");
  ASSERT_TRUE(r.next(s).ok);
  EXPECT_EQ(r.expected_text("en"), "two");
  EXPECT_EQ(r.expected_text("vi"), "hai");
  EXPECT_EQ(r.expected_text("zh"), "二");
  ASSERT_TRUE(r.next(s).ok);
  // After w = (2, 2), b = 0: x1 and x2 are right, x3 scores −4: w = (1, 1), b = −1.
  EXPECT_EQ(r.expected_text("en", shown_number), "x⁽¹⁾ + x⁽²⁾ \u2212 1 = 0");
}

}  // namespace
}  // namespace pla::lesson_text_test
