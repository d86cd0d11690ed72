// Perceptron Lab core: the small text helpers the lesson engine's files share (text_tools.cpp):
// {name} scanning, the default number format, lines and vectors as text, field names for
// messages, and the words a lesson writes from the catalogs (yes/no, list marks).
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/base/catalogs.hpp"
#include "core/base/status.hpp"
#include "core/lab/lesson/format.hpp"

namespace pla::lesson_text {

inline bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Calls f(name, begin, end) for every {name} of t (name: letters, digits, '_', not empty).
template <class F>
void for_each_placeholder(const std::string& t, F f) {
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] != '{') continue;
    std::size_t j = i + 1;
    while (j < t.size() && is_name_char(t[j])) ++j;
    if (j < t.size() && t[j] == '}' && j > i + 1) {
      f(t.substr(i + 1, j - i - 1), i, j + 1);
      i = j;
    }
  }
}

// "w12" -> prefix "w", index 12 (>= 1).
bool indexed(const std::string& name, const char* prefix, std::size_t& index);
// Whole numbers exactly, others to 6 significant digits ("0.836329").
std::string default_number(double v);
// The line a*x1 + b*x2 + c = 0 in the lessons' notation (coordinates x⁽¹⁾, x⁽²⁾):
// "3·x⁽¹⁾ + 3·x⁽²⁾ − 1 = 0", "x⁽¹⁾ − x⁽²⁾ = 0"; a coefficient 1 is not written, nor a zero term.
std::string line_text(double a, double b, double c, const NumberFormat& fmt);
// "a b c" (spaces and/or commas) as three finite numbers.
bool parse_line(const std::string& text, std::vector<double>& out);
// "(1, 2.5)".
std::string vector_text(const std::vector<double>& v, const NumberFormat& fmt);

// A field's name in a message: "steps[3].question" + "answer", "steps" + item 2 -> "steps[3]"
// (1-based), and a list of names "a, b, c".
inline std::string at(const std::string& field, const std::string& key) { return field.empty() ? key : field + "." + key; }
inline std::string item(const std::string& field, std::size_t i) { return field + "[" + std::to_string(i + 1) + "]"; }
inline std::string step_field(std::size_t i) { return item("steps", i); }
std::string join_keys(const std::vector<std::string>& keys);

// The word of a message code in a language (the catalog's template, else English).
std::string word(const Catalogs& catalogs, Msg code, const std::string& lang, MsgArgs args = {});
// Two parts joined by a language's mark ("{left}; {right}", "{left}；{right}").
std::string joined(const Catalogs& catalogs, Msg code, const std::string& lang, const std::string& left,
                   const std::string& right);

}  // namespace pla::lesson_text
