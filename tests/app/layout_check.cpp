// The layout check (layout_check.hpp): text glyphs found in ImGui's draw data, then
// clipping, trimming, ellipsis truncation and overlaps between text runs.
#include "layout_check.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "imgui.h"
#include "imgui_internal.h"  // ImGuiWindow (scrollbars, root window), ImDrawList::_OwnerName

#include "core/base/utf8.hpp"

namespace pla::app {

const char* kind_name(LayoutProblem::Kind k) {
  switch (k) {
    case LayoutProblem::Kind::Clipped: return "clipped";
    case LayoutProblem::Kind::Cut: return "cut";
    case LayoutProblem::Kind::Truncated: return "truncated";
    case LayoutProblem::Kind::Squeezed: return "squeezed";
    case LayoutProblem::Kind::Overlap: return "overlap";
  }
  return "?";
}

std::string LayoutReport::to_string() const {
  std::string out;
  for (const LayoutProblem& p : problems) {
    out += kind_name(p.kind);
    out += "  [" + p.window + "]  \"" + p.text + "\"";
    if (p.kind == LayoutProblem::Kind::Overlap) out += "  x  [" + p.other_window + "]  \"" + p.other_text + "\"";
    if (!p.detail.empty()) out += "  (" + p.detail + ")";
    out += "\n";
  }
  return out;
}

namespace {

struct Rect {
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  float w() const { return x1 - x0; }
  float h() const { return y1 - y0; }
  bool empty() const { return !(x1 > x0 && y1 > y0); }
  float area() const { return empty() ? 0.0f : w() * h(); }
};

Rect intersect(const Rect& a, const Rect& b) {
  return {std::max(a.x0, b.x0), std::max(a.y0, b.y0), std::min(a.x1, b.x1), std::min(a.y1, b.y1)};
}

void grow(Rect& box, const Rect& r) {
  if (box.x1 <= box.x0 && box.y1 <= box.y0) {
    box = r;
    return;
  }
  box.x0 = std::min(box.x0, r.x0);
  box.y0 = std::min(box.y0, r.y0);
  box.x1 = std::max(box.x1, r.x1);
  box.y1 = std::max(box.y1, r.y1);
}

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

std::string fmt(const char* f, double a) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, a);
  return buf;
}

// The glyphs of the atlas by texture position: a glyph quad's texture coordinates lie
// inside exactly one glyph's rectangle (glyphs are packed without overlapping).
struct GlyphRef {
  const ImFont* font;
  const ImFontGlyph* glyph;
};

class GlyphIndex {
 public:
  explicit GlyphIndex(const ImFontAtlas& atlas) : cells_(kGrid * kGrid) {
    for (const ImFont* font : atlas.Fonts)
      for (const ImFontGlyph& g : font->Glyphs) {
        if (!g.Visible || !(g.U1 > g.U0) || !(g.V1 > g.V0)) continue;
        const int id = static_cast<int>(refs_.size());
        refs_.push_back({font, &g});
        for (int cy = cell(g.V0); cy <= cell(g.V1); ++cy)
          for (int cx = cell(g.U0); cx <= cell(g.U1); ++cx) cells_[static_cast<std::size_t>(cy * kGrid + cx)].push_back(id);
      }
  }
  const GlyphRef* find(float u, float v) const {
    for (int id : cells_[static_cast<std::size_t>(cell(v) * kGrid + cell(u))]) {
      const ImFontGlyph& g = *refs_[static_cast<std::size_t>(id)].glyph;
      if (u >= g.U0 && u <= g.U1 && v >= g.V0 && v <= g.V1) return &refs_[static_cast<std::size_t>(id)];
    }
    return nullptr;
  }

 private:
  static constexpr int kGrid = 128;
  static int cell(float t) { return std::clamp(static_cast<int>(t * static_cast<float>(kGrid)), 0, kGrid - 1); }
  std::vector<std::vector<int>> cells_;
  std::vector<GlyphRef> refs_;
};

struct Glyph {
  Rect quad;   // as drawn
  Rect full;   // before ImGui's CPU clipping trimmed it
  Rect shown;  // what the clip rectangle and the display leave visible
  unsigned cp = 0;
  int run = -1;
  float ox = 0, oy = 0, adv = 0, lh = 0;  // pen position, advance and line height (display px)
};

struct Run {
  int list = 0;
  std::string owner;
  const ImGuiWindow* window = nullptr;
  const void* group = nullptr;  // the root window: overlaps are looked for inside one group
  std::vector<int> glyphs;
  std::string text;
  // Continuity with the next glyph.
  int cmd = -1;
  unsigned idx_end = 0;
  ImU32 col = 0;
  bool scrolled = false;  // partly scrolled out of view
  int lines = 1;
};

// Whether text cut at the clip rectangle's bottom (top) edge is only scrolled out of
// view: the window shows a vertical scrollbar (and is scrolled down), or the clip edge
// is that of a parent window that does (a child window half scrolled out of its parent).
struct ScrollEdges {
  bool top = false, bottom = false;
};
ScrollEdges scroll_edges(const ImGuiWindow* window, const Rect& clip) {
  ScrollEdges e;
  for (const ImGuiWindow* w = window; w; w = (w->Flags & ImGuiWindowFlags_ChildWindow) ? w->ParentWindow : nullptr) {
    const bool own = w == window;
    if (w->ScrollbarY && (own || std::fabs(clip.y1 - w->InnerClipRect.Max.y) < 1.0f)) e.bottom = true;
    if (w->Scroll.y > 0.0f && (own || std::fabs(clip.y0 - w->InnerClipRect.Min.y) < 1.0f)) e.top = true;
  }
  return e;
}

struct SideAmounts {
  float px[4] = {0, 0, 0, 0};  // left, top, right, bottom
};

const char* const kSide[4] = {"left", "top", "right", "bottom"};

// How much of `inner` lies outside `outer`, per side (0 .. size of inner).
SideAmounts outside(const Rect& inner, const Rect& outer) {
  SideAmounts a;
  const float w = std::max(0.0f, inner.w()), h = std::max(0.0f, inner.h());
  a.px[0] = std::clamp(outer.x0 - inner.x0, 0.0f, w);
  a.px[1] = std::clamp(outer.y0 - inner.y0, 0.0f, h);
  a.px[2] = std::clamp(inner.x1 - outer.x1, 0.0f, w);
  a.px[3] = std::clamp(inner.y1 - outer.y1, 0.0f, h);
  return a;
}

struct ClipAgg {
  float worst = 0.0f;
  unsigned sides = 0;
  int glyphs = 0;
  bool display = false;
  Rect box;
};

// What the scan of the draw data found: every glyph, the text runs they form, and per run
// how it was clipped (by a window's clip rectangle or the display) and cut (by a widget).
struct Scan {
  std::vector<Glyph> glyphs;
  std::vector<Run> runs;
  std::vector<ClipAgg> clipped, cut;  // per run
};

// Where a draw list's glyphs come from: its index in the draw data, its window and group.
struct ListInfo {
  int index = 0;
  std::string owner;
  const ImGuiWindow* window = nullptr;
  const void* group = nullptr;
};

// The glyph drawn by the quad at index k of the command, or null: two triangles (b, b+1, b+2)
// (b, b+2, b+3) over the corners top-left, top-right, bottom-right, bottom-left
// (ImFont::RenderText, PrimRectUV), axis-aligned, of one colour, textured inside a glyph.
const GlyphRef* glyph_quad(const ImDrawList* dl, const ImDrawCmd& cmd, unsigned k, const GlyphIndex& index,
                           const ImDrawVert*& v) {
  const ImGuiIO& io = ImGui::GetIO();
  const ImDrawIdx* idx = dl->IdxBuffer.Data;
  const unsigned b = idx[k];
  const bool quad_shape = idx[k + 1] == b + 1 && idx[k + 2] == b + 2 && idx[k + 3] == b && idx[k + 4] == b + 2 &&
                          idx[k + 5] == b + 3 && b + cmd.VtxOffset + 3 < static_cast<unsigned>(dl->VtxBuffer.Size);
  if (!quad_shape) return nullptr;
  v = dl->VtxBuffer.Data + cmd.VtxOffset + b;
  const bool axis_aligned = v[0].pos.y == v[1].pos.y && v[1].pos.x == v[2].pos.x && v[2].pos.y == v[3].pos.y &&
                            v[3].pos.x == v[0].pos.x && v[0].uv.y == v[1].uv.y && v[1].uv.x == v[2].uv.x &&
                            v[2].uv.y == v[3].uv.y && v[3].uv.x == v[0].uv.x && v[2].pos.x > v[0].pos.x &&
                            v[2].pos.y > v[0].pos.y && v[2].uv.x > v[0].uv.x && v[2].uv.y > v[0].uv.y &&
                            v[0].col == v[1].col && v[0].col == v[2].col && v[0].col == v[3].col;
  if (!axis_aligned || (v[0].uv.x == io.Fonts->TexUvWhitePixel.x && v[0].uv.y == io.Fonts->TexUvWhitePixel.y)) return nullptr;
  return index.find(0.5f * (v[0].uv.x + v[2].uv.x), 0.5f * (v[0].uv.y + v[2].uv.y));
}

// The glyph of a quad: as drawn, whole (before ImGui's CPU clipping trimmed it), what stays
// in view, and its pen position, advance and line height.
Glyph make_glyph(const GlyphRef& ref, const ImDrawVert* v, const Rect& clip, const Rect& display) {
  const ImFontGlyph& g = *ref.glyph;
  Glyph gl;
  gl.cp = g.Codepoint;
  gl.quad = {v[0].pos.x, v[0].pos.y, v[2].pos.x, v[2].pos.y};
  // Display pixels per texture unit, the same before and after trimming.
  const float kx = gl.quad.w() / (v[2].uv.x - v[0].uv.x), ky = gl.quad.h() / (v[2].uv.y - v[0].uv.y);
  gl.full = {gl.quad.x0 - (v[0].uv.x - g.U0) * kx, gl.quad.y0 - (v[0].uv.y - g.V0) * ky,
             gl.quad.x1 + (g.U1 - v[2].uv.x) * kx, gl.quad.y1 + (g.V1 - v[2].uv.y) * ky};
  const float scale = g.X1 > g.X0 ? gl.full.w() / (g.X1 - g.X0) : g.Y1 > g.Y0 ? gl.full.h() / (g.Y1 - g.Y0) : 1.0f;
  gl.ox = gl.full.x0 - g.X0 * scale;
  gl.oy = gl.full.y0 - g.Y0 * scale;
  gl.adv = g.AdvanceX * scale;
  gl.lh = ref.font->FontSize * scale;
  gl.shown = intersect(intersect(gl.quad, clip), display);
  return gl;
}

// The run the glyph belongs to: the one the previous glyph of this command belongs to, if
// this glyph continues it (on the same line, or on the next: wrapped text), else a new one.
Run& run_of(Scan& s, const Glyph& gl, const GlyphRef& ref, const ListInfo& list, int ci, unsigned k, ImU32 col) {
  Run* run = s.runs.empty() ? nullptr : &s.runs.back();
  bool same = run && run->list == list.index && run->cmd == ci && run->idx_end == k && run->col == col;
  bool space = false, newline = false;
  if (same) {
    const Glyph& p = s.glyphs[static_cast<std::size_t>(run->glyphs.back())];
    const float pen = p.ox + p.adv;
    const bool dots = gl.cp == static_cast<unsigned>(ref.font->DotChar) && p.cp == gl.cp;
    if (std::fabs(gl.oy - p.oy) <= 0.5f) {
      same = (gl.ox >= pen - 0.5f || (dots && gl.ox > p.ox)) && gl.ox <= pen + 1.5f * p.lh;
      space = gl.ox > pen + 0.15f * p.lh;
    } else {
      const float dy = gl.oy - p.oy;
      same = dy >= 0.8f * p.lh && dy <= 1.3f * p.lh && gl.ox < pen;
      newline = true;
    }
  }
  if (!same) {
    s.runs.emplace_back();
    run = &s.runs.back();
    run->list = list.index;
    run->owner = list.owner;
    run->window = list.window;
    run->group = list.group;
    run->cmd = ci;
    run->col = col;
    s.clipped.emplace_back();
    s.cut.emplace_back();
  } else if (space || newline) {
    run->text += ' ';
    run->lines += newline ? 1 : 0;
  }
  return *run;
}

// Clipping. ImGui trims a glyph itself (CPU clipping) to the intersection of the widget's
// frame and the clip rectangle: a side trimmed at the clip rectangle's edge is the window's
// doing (clipped), elsewhere the widget's (cut). Text cut at an edge that scrolls is a
// scroll away.
void note_clipping(Scan& s, Run& run, const Glyph& gl, const Rect& clip, const Rect& display, const ImGuiWindow* window,
                   float tol) {
  SideAmounts trim;  // full -> as drawn
  trim.px[0] = gl.quad.x0 - gl.full.x0;
  trim.px[1] = gl.quad.y0 - gl.full.y0;
  trim.px[2] = gl.full.x1 - gl.quad.x1;
  trim.px[3] = gl.full.y1 - gl.quad.y1;
  const float quad_edge[4] = {gl.quad.x0, gl.quad.y0, gl.quad.x1, gl.quad.y1};
  const float clip_edge[4] = {clip.x0, clip.y0, clip.x1, clip.y1};
  const SideAmounts scissor = outside(gl.quad, clip);
  const SideAmounts screen = outside(intersect(gl.quad, clip), display);  // what the clip rectangle leaves
  const ScrollEdges scroll = scroll_edges(window, clip);
  for (int side = 0; side < 4; ++side) {
    float by_window = scissor.px[side];
    float by_widget = trim.px[side];
    if (by_widget > 0.0f && std::fabs(quad_edge[side] - clip_edge[side]) < 0.5f) {
      by_window += by_widget;
      by_widget = 0.0f;
    }
    if ((side == 3 && scroll.bottom) || (side == 1 && scroll.top)) {  // a scroll away
      if (by_window > tol) run.scrolled = true;
      by_window = 0.0f;
    }
    if (by_widget > tol) {
      ClipAgg& a = s.cut.back();
      a.worst = std::max(a.worst, by_widget);
      a.sides |= 1u << side;
      ++a.glyphs;
      grow(a.box, gl.full);
    }
    const bool off_screen = screen.px[side] > tol;
    if (by_window > tol || off_screen) {
      ClipAgg& a = s.clipped.back();
      a.worst = std::max(a.worst, std::max(by_window, screen.px[side]));
      a.sides |= 1u << side;
      a.display |= off_screen;
      ++a.glyphs;
      grow(a.box, gl.full);
    }
  }
}

// The glyphs of one draw list, into runs, with their clipping.
void scan_list(Scan& s, const ListInfo& list, const ImDrawList* dl, const GlyphIndex& index, const Rect& display, float tol) {
  const ImGuiIO& io = ImGui::GetIO();
  for (int ci = 0; ci < dl->CmdBuffer.Size; ++ci) {
    const ImDrawCmd& cmd = dl->CmdBuffer[ci];
    if (cmd.UserCallback || cmd.TextureId != io.Fonts->TexID) continue;
    const Rect clip{cmd.ClipRect.x, cmd.ClipRect.y, cmd.ClipRect.z, cmd.ClipRect.w};
    const unsigned end = cmd.IdxOffset + cmd.ElemCount;
    for (unsigned k = cmd.IdxOffset; k + 6 <= end;) {
      const ImDrawVert* v = nullptr;
      const GlyphRef* ref = glyph_quad(dl, cmd, k, index, v);
      if (!ref) {
        k += 3;
        continue;
      }
      const Glyph gl = make_glyph(*ref, v, clip, display);
      const int gi = static_cast<int>(s.glyphs.size());
      Run& run = run_of(s, gl, *ref, list, ci, k, v[0].col);
      run.idx_end = k + 6;
      append_utf8(run.text, gl.cp);
      run.glyphs.push_back(gi);
      note_clipping(s, run, gl, clip, display, list.window, tol);
      s.glyphs.push_back(gl);
      s.glyphs.back().run = static_cast<int>(s.runs.size()) - 1;
      k += 6;
    }
  }
}

void add_problem(LayoutReport& report, LayoutProblem::Kind kind, const Run& r, const Rect& box, std::string detail) {
  LayoutProblem p;
  p.kind = kind;
  p.window = r.owner;
  p.text = r.text;
  p.detail = std::move(detail);
  p.partial = r.scrolled;
  p.x0 = box.x0;
  p.y0 = box.y0;
  p.x1 = box.x1;
  p.y1 = box.y1;
  report.problems.push_back(std::move(p));
}

std::string sides_text(const ClipAgg& a) {
  std::string s;
  for (int side = 0; side < 4; ++side)
    if (a.sides & (1u << side)) s += std::string(s.empty() ? "" : "+") + kSide[side];
  return s + " " + fmt("%.1f px", static_cast<double>(a.worst)) + ", " + std::to_string(a.glyphs) + " glyph side" +
         (a.glyphs == 1 ? "" : "s") + (a.display ? ", display edge" : "");
}

// Ellipsis: the font's ellipsis character last, or three dots closer (or further) apart
// than the font's advance (RenderTextEllipsis places them itself).
bool ends_in_ellipsis(const Scan& s, const Run& r) {
  const ImGuiIO& io = ImGui::GetIO();
  const Glyph& last = s.glyphs[static_cast<std::size_t>(r.glyphs.back())];
  const ImFont* font = io.Fonts->Fonts.Size > 0 ? io.Fonts->Fonts[0] : nullptr;
  bool ellipsis = font && font->EllipsisChar != static_cast<ImWchar>(-1) && last.cp == static_cast<unsigned>(font->EllipsisChar);
  if (!ellipsis && font && r.glyphs.size() >= 3) {
    const Glyph& a = s.glyphs[static_cast<std::size_t>(r.glyphs[r.glyphs.size() - 3])];
    const Glyph& b = s.glyphs[static_cast<std::size_t>(r.glyphs[r.glyphs.size() - 2])];
    const unsigned dot = static_cast<unsigned>(font->DotChar);
    ellipsis = a.cp == dot && b.cp == dot && last.cp == dot &&
               (std::fabs(b.ox - a.ox - a.adv) > 0.05f || std::fabs(last.ox - b.ox - b.adv) > 0.05f);
  }
  return ellipsis;
}

// The problems of each run on its own: clipped, cut, squeezed, truncated.
void run_problems(LayoutReport& report, const Scan& s, const LayoutOptions& opt) {
  for (std::size_t ri = 0; ri < s.runs.size(); ++ri) {
    const Run& r = s.runs[ri];
    if (s.clipped[ri].glyphs > 0) add_problem(report, LayoutProblem::Kind::Clipped, r, s.clipped[ri].box, sides_text(s.clipped[ri]));
    if (s.cut[ri].glyphs > 0) add_problem(report, LayoutProblem::Kind::Cut, r, s.cut[ri].box, sides_text(s.cut[ri]));
    // Squeezed: three lines or more of fewer than three characters on average.
    const int count = static_cast<int>(r.glyphs.size());
    if (r.lines >= 3 && count < 3 * r.lines) {
      Rect box;
      for (int gi : r.glyphs) grow(box, s.glyphs[static_cast<std::size_t>(gi)].quad);
      add_problem(report, LayoutProblem::Kind::Squeezed, r, box,
                  std::to_string(r.lines) + " lines of " + fmt("%.1f", static_cast<double>(count) / r.lines) + " characters");
    }
    if (ends_in_ellipsis(s, r) && !r.scrolled) {  // (a run partly scrolled away is seen whole on another page)
      bool on_purpose = false;
      for (const std::string& ok : opt.ellipsis_ok)
        on_purpose |= !ok.empty() && ends_with(r.text, ok);
      if (!on_purpose) {
        Rect box;
        for (int gi : r.glyphs) grow(box, s.glyphs[static_cast<std::size_t>(gi)].quad);
        add_problem(report, LayoutProblem::Kind::Truncated, r, box, "ellipsis");
      }
    }
  }
}

// Overlaps: a sweep over the glyphs of each group, sorted by left edge; one problem per pair
// of runs, with the worst share and where.
void overlap_problems(LayoutReport& report, const Scan& s, const LayoutOptions& opt) {
  const std::vector<Glyph>& glyphs = s.glyphs;
  std::map<const void*, std::vector<int>> groups;
  for (std::size_t gi = 0; gi < glyphs.size(); ++gi)
    if (!glyphs[gi].shown.empty()) groups[s.runs[static_cast<std::size_t>(glyphs[gi].run)].group].push_back(static_cast<int>(gi));
  std::map<std::pair<int, int>, std::pair<float, Rect>> pairs;  // run pair -> worst share, where
  for (auto& kv : groups) {
    std::vector<int>& ids = kv.second;
    std::sort(ids.begin(), ids.end(), [&](int a, int b) {
      return glyphs[static_cast<std::size_t>(a)].shown.x0 < glyphs[static_cast<std::size_t>(b)].shown.x0;
    });
    for (std::size_t i = 0; i < ids.size(); ++i) {
      const Glyph& a = glyphs[static_cast<std::size_t>(ids[i])];
      for (std::size_t j = i + 1; j < ids.size(); ++j) {
        const Glyph& b = glyphs[static_cast<std::size_t>(ids[j])];
        if (b.shown.x0 >= a.shown.x1) break;
        if (a.run == b.run) continue;
        const Rect both = intersect(a.shown, b.shown);
        if (both.empty()) continue;
        const float share = both.area() / std::min(a.shown.area(), b.shown.area());
        if (share <= opt.overlap_share) continue;
        const std::pair<int, int> key(std::min(a.run, b.run), std::max(a.run, b.run));
        auto it = pairs.find(key);
        if (it == pairs.end()) {
          Rect box = a.shown;
          grow(box, b.shown);
          pairs[key] = {share, box};
        } else {
          it->second.first = std::max(it->second.first, share);
          grow(it->second.second, a.shown);
          grow(it->second.second, b.shown);
        }
      }
    }
  }
  for (const auto& kv : pairs) {
    const Run& a = s.runs[static_cast<std::size_t>(kv.first.first)];
    const Run& b = s.runs[static_cast<std::size_t>(kv.first.second)];
    add_problem(report, LayoutProblem::Kind::Overlap, a, kv.second.second,
                fmt("%.0f%% of a glyph", 100.0 * static_cast<double>(std::min(1.0f, kv.second.first))));
    report.problems.back().other_window = b.owner;
    report.problems.back().other_text = b.text;
  }
}

}  // namespace

LayoutReport check_layout(const LayoutOptions& opt) {
  LayoutReport report;
  const ImDrawData* dd = ImGui::GetDrawData();
  if (!dd || !dd->Valid) return report;
  const ImGuiIO& io = ImGui::GetIO();
  const GlyphIndex index(*io.Fonts);
  const Rect display{dd->DisplayPos.x, dd->DisplayPos.y, dd->DisplayPos.x + dd->DisplaySize.x, dd->DisplayPos.y + dd->DisplaySize.y};
  Scan s;
  for (int li = 0; li < dd->CmdListsCount; ++li) {
    const ImDrawList* dl = dd->CmdLists[li];
    ListInfo list;
    list.index = li;
    list.owner = dl->_OwnerName ? dl->_OwnerName : "?";
    list.window = dl->_OwnerName ? ImGui::FindWindowByName(dl->_OwnerName) : nullptr;
    list.group = list.window && list.window->RootWindow ? static_cast<const void*>(list.window->RootWindow)
                                                        : static_cast<const void*>(dl);
    scan_list(s, list, dl, index, display, opt.tolerance_px);
  }
  report.glyphs = static_cast<int>(s.glyphs.size());
  report.runs = static_cast<int>(s.runs.size());
  for (const Run& r : s.runs) report.texts.push_back(r.text);
  run_problems(report, s, opt);
  overlap_problems(report, s, opt);
  return report;
}

}  // namespace pla::app
