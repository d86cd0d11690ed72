// Perceptron Lab app: a small plotting module over ImDrawList.
//
// Usage (the contract): build a Plot, add series, then call draw() once, in the
// same frame, inside an ImGui window:
//
//   Plot p("mistakes", "Mistakes per epoch");
//   p.x_label = "epoch";
//   p.line("mistakes", xs, ys, kBlue);
//   p.hline("bound", bound, kRed);
//   p.draw(ImVec2(-1, 180));     // -1: the available width
//
// Axes fit the data (plus horizontal lines) unless y_min/y_max are set. The
// mapping between data and pixels is app::Mapping, the same as the data canvas.
// Hovering shows a vertical cursor and the value of every series there.
#pragma once
#include <string>
#include <vector>

#include "app/mapping.hpp"
#include "imgui.h"

namespace pla::app {

class Plot {
 public:
  Plot(const char* id, std::string title) : id_(id), title_(std::move(title)) {}

  std::string x_label, y_label;
  double y_min = 0.0, y_max = 0.0;  // a fixed y range when y_max > y_min
  bool y_from_zero = true;          // include 0 in the automatic y range
  bool step_lines = false;          // draw series as steps (counts per epoch)

  void line(const std::string& label, std::vector<double> x, std::vector<double> y, ImU32 color, float thickness = 1.6f);
  void hline(const std::string& label, double y, ImU32 color);
  // A vertical marker (the current step on a scrubbed trace).
  void marker(double x, ImU32 color) { markers_.push_back({x, color}); }

  // Draws into the current window; returns the mapping used (for tests and links).
  Mapping draw(ImVec2 size);

 private:
  struct Series {
    std::string label;
    std::vector<double> x, y;
    ImU32 color;
    float thickness;
  };
  struct HLine {
    std::string label;
    double y;
    ImU32 color;
  };
  struct Marker {
    double x;
    ImU32 color;
  };
  std::string id_, title_;
  std::vector<Series> series_;
  std::vector<HLine> hlines_;
  std::vector<Marker> markers_;
};

// Formats an axis or read-out number compactly (1.5k, 2e-05, ...).
std::string format_number(double v);

}  // namespace pla::app
