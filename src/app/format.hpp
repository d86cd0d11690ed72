// Perceptron Lab app: the one number formatter of the interface (plots, canvas,
// tooltips, panels). Not for files: data files and links write numbers with
// core format_number / json_number, exact and ASCII.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace pla::app {

// U+2212 MINUS SIGN, the sign of every negative number the interface shows.
inline constexpr const char* kMinusSign = "\xE2\x88\x92";

// `sig` significant digits (1..17), trailing zeros dropped, as %g chooses between
// fixed and scientific notation; negatives with a true minus sign (U+2212), never
// "-0"; exponents without '+' or leading zeros (1.5e−5, 2e6); "inf", "−inf", "nan".
std::string fmt_num(double v, int sig = 4);
// "(1.5, −2, 0.25)": at most `max_items` entries, then ", ...".
std::string fmt_vec(const std::vector<double>& v, int sig = 4, std::size_t max_items = 8);
// A class label: "+1" or "−1".
std::string fmt_label(int y);
// A point's name as the lessons, the canvas, the hover box and the tables say it: data row
// `row` (0-based) is "x" + (row + 1) (canvas_labels.cpp).
std::string point_name(std::size_t row);

}  // namespace pla::app
