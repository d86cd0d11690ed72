// A layout check over ImGui's draw data: finds text that is visibly cut or that runs
// into other text, in whatever the last ImGui::Render() produced. It needs no help
// from the code that drew the frame: text glyphs are recognised in the vertex buffers
// as quads whose texture coordinates fall inside a glyph of the font atlas, and the
// glyph found says which character it is (so the report can quote the text).
//
//   ImGui::NewFrame(); ...draw...; ImGui::Render();
//   LayoutReport r = check_layout();
//   if (!r.ok()) std::cout << r.to_string();
//
// What counts as a problem (LayoutProblem::Kind):
//   clipped    a glyph partly hidden by its draw command's clip rectangle (a window, a
//              child window, a table column) or by the edge of the display. A glyph cut
//              at the bottom (top) edge of a window that shows a vertical scrollbar (and
//              is scrolled) is not a problem: the rest is a scroll away.
//   cut        a glyph trimmed by ImGui's own CPU clipping (RenderTextClipped: a button,
//              combo, slider, tab or title bar too small for its label), seen as a quad
//              whose texture coordinates cover only part of the glyph.
//   truncated  a label that ImGui shortened with an ellipsis (tab labels, table
//              headers: RenderTextEllipsis), unless the text ends with "…" on purpose
//              (LayoutOptions::ellipsis_ok).
//   squeezed   wrapped text with a couple of characters per line (a column far too
//              narrow for it: "p / l / a / y" down the screen).
//   overlap    glyphs of two different text runs of the same window (a window and its
//              child windows) covering each other by more than a quarter of the smaller
//              glyph. Text of overlapping top-level windows (popups, overlays) is not
//              compared: the window in front hides what is behind it.
// A text run is a sequence of glyphs drawn one after another in the same command and
// colour, each starting where the previous one ended on the same line (or on the next
// line: wrapped text). Spaces are not drawn; the report puts one back where the pen
// skipped.
#pragma once
#include <string>
#include <vector>

namespace pla::app {

struct LayoutProblem {
  enum class Kind { Clipped, Cut, Truncated, Squeezed, Overlap };
  Kind kind = Kind::Clipped;
  std::string window;        // the window whose draw list holds the text (ImDrawList::_OwnerName)
  std::string text;          // the text run, as far as it was drawn
  std::string other_window;  // overlap: the other text
  std::string other_text;
  std::string detail;        // "right 12.5 px", "31% of a glyph", ...
  bool partial = false;      // the text is partly scrolled out of view (seen whole on another page)
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // the affected glyphs (display pixels)
};

const char* kind_name(LayoutProblem::Kind k);

struct LayoutReport {
  std::vector<LayoutProblem> problems;
  int glyphs = 0;  // glyph quads found
  int runs = 0;    // text runs
  std::vector<std::string> texts;  // every text run, in drawing order
  bool ok() const { return problems.empty(); }
  // One line per problem: "kind  window  "text"  detail".
  std::string to_string() const;
};

struct LayoutOptions {
  float tolerance_px = 1.0f;     // a glyph may lose this much on a side (its box has blank padding)
  float overlap_share = 0.25f;   // overlap: this share of the smaller glyph's area
  // Texts that end with an ellipsis on purpose ("Import CSV…"): a run that ends with
  // one of these whole is not truncated.
  std::vector<std::string> ellipsis_ok;
};

// Checks the draw data of the last ImGui::Render() of the current context.
LayoutReport check_layout(const LayoutOptions& options = LayoutOptions());

}  // namespace pla::app
