// Perceptron Lab app: a small plotting module over ImDrawList.
//
// Usage (the contract): build a Plot with the palette of the theme, add series,
// then call draw() once, in the same frame, inside an ImGui window:
//
//   Plot p("mistakes", "Mistakes per epoch", palette(app));
//   p.x_label = "epoch";
//   p.line("mistakes", xs, ys, pal.series[1]);
//   p.hline("bound", bound, pal.bound);
//   p.draw(ImVec2(-1, 180));     // -1: the available width
//
// Axes fit the data (plus horizontal lines) unless y_min/y_max are set. The
// mapping between data and pixels is app::Mapping, the same as the data canvas.
// Background, frame, grid, ticks, legend and cursor take the palette's colours; the
// frame, series, bounds, markers, legend samples and cursor are drawn pal.thick times
// as wide (thicker in the high-contrast theme), one-point series' dots pal.point_scale.
// Hovering shows a vertical cursor and the value of every series there.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "app/format.hpp"
#include "app/mapping.hpp"
#include "app/theme.hpp"
#include "imgui.h"

namespace pla::app {

// A pixel position for ImGui, each coordinate through clamp_px (mapping.hpp).
inline ImVec2 to_im(Vec2d v) { return ImVec2(clamp_px(v.x), clamp_px(v.y)); }

class Plot {
 public:
  Plot(const char* id, std::string title, const Palette& pal = palette(Theme::Light))
      : id_(id), title_(std::move(title)), pal_(&pal) {}

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
  struct CaptionItem {
    std::string text;
    ImU32 color;
    bool key;  // a legend entry (drawn with its line sample)
    ImVec2 at;
  };
  struct Margins {
    float top = 0.0f, bottom = 0.0f, right = 10.0f;  // around the plot area (pixels)
  };
  static constexpr float kSampleW = 16.0f, kCaptionGap = 14.0f;  // a legend's line sample, between items
  // The parts of draw() (plot.cpp).
  std::vector<std::pair<const char*, const char*>> title_lines(float wrap_w) const;
  std::vector<CaptionItem> caption(float wrap_w, int& rows) const;
  void data_box(Vec2d& lo, Vec2d& hi) const;
  double fit_axes(Mapping& m, ImVec2 pos, ImVec2 size, const Margins& margin) const;
  void draw_ticks(ImDrawList* dl, const Mapping& m, ImVec2 pos, ImVec2 size, double sy) const;
  void draw_caption(ImDrawList* dl, const std::vector<CaptionItem>& items, ImVec2 cap) const;
  void draw_data(ImDrawList* dl, const Mapping& m) const;
  void hover(ImDrawList* dl, const Mapping& m) const;

  std::string id_, title_;
  const Palette* pal_;
  std::vector<Series> series_;
  std::vector<HLine> hlines_;
  std::vector<Marker> markers_;
};

// How a series is drawn: its points in pixels (in x order) become polylines for
// ImDrawList::AddPolyline. Points in the same pixel column merge: the curve enters
// the column at its first value and leaves at its last, and when the column holds
// values beyond those, a separate two-point vertical mark spans its min..max (so a
// series of any length costs a few vertices per column). The polylines have no
// repeated points, no back-tracking and no turn sharper than 120 degrees (ImGui's
// joins draw a near-reversal as a spike): a sharper turn starts a new polyline.
// `step`: each value holds until the next point's x, then the curve jumps, so
// every segment is horizontal or vertical. A series of one point gives one
// one-point polyline (drawn as a dot).
std::vector<std::vector<ImVec2>> series_polylines(const std::vector<Vec2d>& pixels, bool step);

}  // namespace pla::app
