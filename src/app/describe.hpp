// Perceptron Lab app: the lab in words, for screen readers. The page keeps a hidden
// HTML copy of it (headings and lists a screen reader can browse) and a polite live
// region that reads out what changed; both come from here, in the language in use,
// from the catalogs (web/i18n, keys "a11y.*") and the one number formatter (format.hpp).
//
//   describe(app)        the sections: data, hypothesis, run, lesson (when one runs)
//   step_announcement    what the last step did ("Step 5: point (1, 1), class −1, ...")
//   run_summary          one line while playing (the page reads it every few seconds)
//   cursor_announcement  where the canvas's keyboard cursor is and the point under it
//   describe_json        all of it as one JSON object (window.perceptronLab.describe())
//
// Pure functions of the App: no state is kept between calls.
#pragma once
#include <cmath>
#include <string>
#include <vector>

#include "app/app.hpp"

namespace pla::app {

struct DescriptionSection {
  std::string id;       // "data", "hypothesis", "run", "lesson": stable, for the page's markup
  std::string heading;  // in the language in use
  std::vector<std::string> items;
};

struct Description {
  std::string title;
  std::vector<DescriptionSection> sections;
};

// The description in app.lang (not the display fallback: a screen reader needs no font).
Description describe(const App& app);
// After the last step (or at the start, step 0): the point, its class, right or
// misclassified, y(w·x + b), and the update; at a stop, the stop and the final w, b.
std::string step_announcement(const App& app);
// Epoch, step, updates and mistakes: what the live region says while playing.
std::string run_summary(const App& app);
// "Cursor at (2, 1.5): point 3, (1, 1), class −1." ("" when the cursor is not shown).
std::string cursor_announcement(const App& app);
// {"lang", "title", "sections": [{"id", "heading", "items": [...]}], "step", "summary",
//  "cursor", "playing"}.
std::string describe_json(const App& app);

// The data point under the keyboard cursor (within 10 pixels), or -1.
int point_under_cursor(const App& app);

// One convention, said once: J₁ counts y·f ≤ 0 as a mistake, a prediction takes f ≥ 0 as +1.
// They differ by the points of class +1 with f = 0 exactly (at w = 0, b = 0 every point):
// their number, from J₁, the accuracy and the number of points n (the run panel and the
// description then say "run.on_line").
inline std::size_t positives_on_line(std::size_t j1, double accuracy, std::size_t n) {
  const double right = std::round(accuracy * static_cast<double>(n));
  const double ties = static_cast<double>(j1) + right - static_cast<double>(n);
  return ties > 0.0 ? static_cast<std::size_t>(ties) : 0;
}

}  // namespace pla::app
