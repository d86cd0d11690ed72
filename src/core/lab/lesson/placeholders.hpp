// Perceptron Lab core: the placeholders of a lesson's texts ({k}, {w}, {answer}, ...): the
// values a step's texts are filled from and the filling (placeholders.cpp, whose table
// gives each placeholder its computation and its format).
#pragma once
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "core/base/catalogs.hpp"
#include "core/lab/lesson/format.hpp"

namespace pla {

class Session;

// One placeholder's value when a step is shown: a number, a vector or a list of rows
// (none: the placeholder writes "–"). The placeholder table computes and formats it.
struct PlaceholderValue {
  bool none = false;
  double x = 0.0;
  std::vector<double> v;
  std::vector<std::vector<double>> rows;
  std::string text;
};
// The values a step's texts are filled from (a snapshot of the session): one per row of
// the placeholder table, in its order.
using LessonVars = std::vector<PlaceholderValue>;

// The values of the rows computed when a step is shown (the live rows keep an empty value).
LessonVars placeholder_values(const Session& s);

// What the live rows read when a text is filled: the runner's answer state.
struct LiveProbe {
  const std::string& expected;  // the expected answer, as answer() takes it
  const std::string& given;     // the reply given
  bool line_errors;             // a place_line reply was measured
  double angle_error, offset_error;
};

// How a text is being filled: its language's number format, words and marks.
struct FillContext {
  NumberFormat fmt;
  std::string lang;                                      // the catalog whose words are written
  const Catalogs* catalogs = nullptr;                    // the words (yes/no, list marks)
  std::function<std::string(const std::string&)> reply;  // an answer as the student reads it
};

// `text` with each {name} written from the table: the values of `v` (computed when the step
// was shown) or, for a live row, `live`. Braces around anything but a known name stay.
std::string fill_placeholders(const std::string& text, const LessonVars& v, const LiveProbe& live, const FillContext& c);

}  // namespace pla
