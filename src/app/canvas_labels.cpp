// Perceptron Lab app: the canvas's words. The room they may take (LabelSpace: the points, the
// axis labels and the status band are taken), the points' names x1 … xn placed beside the
// points where they cover neither a point nor another label, the run's status line along the
// canvas's top (epoch, updates, mistakes, converged: seen without scrolling on every layout;
// where Play is out of sight, with a Play button at its right), and an empty canvas's hint saying
// what a click does.

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "app/app_internal.hpp"
#include "app/canvas.hpp"

namespace pla::app {

std::string point_name(std::size_t row) { return "x" + std::to_string(row + 1); }

bool names_shown(const App& app) {
  const std::size_t n = app.session.data().size();
  return n > 0 && (n <= kNamedPoints || (app.lesson.active() && n <= kNamedLessonPoints));
}

bool LabelSpace::free(const ImVec4& b) const {
  if (b.x < bounds.x || b.y < bounds.y || b.z > bounds.z || b.w > bounds.w) return false;
  for (const ImVec4& t : taken)
    if (b.x < t.z && t.x < b.z && b.y < t.w && t.y < b.w) return false;
  return true;
}

// Right, left, above, below, then the four corners, then twice as far: the first free place.
bool LabelSpace::place(const ImVec4& near, ImVec2 size, float gap, ImVec2& at) const {
  const float cx = (near.x + near.z) * 0.5f, cy = (near.y + near.w) * 0.5f;
  for (float far : {1.0f, 2.5f}) {
    const float g = gap * far;
    const ImVec2 spots[] = {{near.z + g, cy - size.y * 0.5f},          {near.x - g - size.x, cy - size.y * 0.5f},
                            {cx - size.x * 0.5f, near.y - g - size.y}, {cx - size.x * 0.5f, near.w + g},
                            {near.z + g, near.y - g - size.y},         {near.x - g - size.x, near.y - g - size.y},
                            {near.z + g, near.w + g},                  {near.x - g - size.x, near.w + g}};
    for (const ImVec2& s : spots)
      if (free(ImVec4(s.x - 1, s.y, s.x + size.x + 1, s.y + size.y))) {
        at = s;
        return true;
      }
  }
  return false;
}

LabelSpace label_space(const App& app, ImVec2 pos, ImVec2 size) {
  LabelSpace space;
  space.bounds = ImVec4(pos.x + 2, pos.y + 2, pos.x + size.x - 2, pos.y + size.y - 2);
  const float lh = ImGui::GetTextLineHeight();
  space.taken = {ImVec4(pos.x, pos.y + size.y - lh - 6, pos.x + size.x, pos.y + size.y),  // x tick labels
                 ImVec4(pos.x, pos.y, pos.x + ImGui::CalcTextSize("−0.000").x + 10, pos.y + size.y),  // y tick labels
                 ImVec4(pos.x, pos.y, pos.x + size.x, pos.y + status_band_height(app, size.x - 16.0f))};  // the status band
  const Dataset& ds = app.session.data();
  if (ds.size() > kNamedLessonPoints) return space;
  const float r = (app.view.show_alpha ? 12.0f : 6.0f) * palette(app).point_scale + 3.0f;  // crosses reach r + 3
  for (std::size_t i = 0; i < ds.size(); ++i) {
    const ImVec2 p = to_im(data_to_pixel(app.view.map, point2(ds, i)));
    space.taken.push_back(ImVec4(p.x - r, p.y - r, p.x + r, p.y + r));
  }
  // The ring around the last step's point (draw_points: radius 6 px more than the mark, 3 px wide).
  const Session& s = app.session;
  if (s.has_last_step() && s.last_step().index < s.train_index().size()) {
    const std::size_t i = s.train_index()[s.last_step().index];
    const float ring = 6.0f * palette(app).point_scale + 8.0f;
    if (i < ds.size()) {
      const ImVec2 p = to_im(data_to_pixel(app.view.map, point2(ds, i)));
      space.taken.push_back(ImVec4(p.x - ring, p.y - ring, p.x + ring, p.y + ring));
    }
  }
  return space;
}

void draw_point_names(ImDrawList* dl, App& app, LabelSpace& space) {
  app.view.drawn.point_names.clear();
  if (!names_shown(app)) return;
  const Dataset& ds = app.session.data();
  const Palette& pal = palette(app);
  const float r = 6.0f * pal.point_scale + 1.0f;
  for (std::size_t i = 0; i < ds.size(); ++i) {
    const ImVec2 p = to_im(data_to_pixel(app.view.map, point2(ds, i)));
    const std::string name = point_name(i);
    const ImVec2 ts = ImGui::CalcTextSize(name.c_str());
    ImVec2 at;
    if (!space.place(ImVec4(p.x - r, p.y - r, p.x + r, p.y + r), ts, 4.0f, at)) continue;
    dl->AddText(at, pal.text, name.c_str());
    space.take(ImVec4(at.x - 1, at.y, at.x + ts.x + 1, at.y + ts.y));
    app.view.drawn.point_names.push_back(name);
  }
}

// The status's parts: epoch and updates, the mistakes, converged (or stopped, playing, not
// trained yet); those an open question hides are left out.
std::vector<std::string> status_parts(const App& app) {
  const Session& s = app.session;
  std::vector<std::string> parts;
  if (s.data().empty()) return parts;
  const Learner& l = s.learner();
  if (!hides(app, kCueCounts))
    parts.push_back(app.trf("canvas.status_counts", {{"epoch", std::to_string(l.epoch())}, {"k", std::to_string(l.updates())}}));
  if (!hides(app, kCueMistakes | kCueLoss) && !s.train_set().empty())
    parts.push_back(app.trf("canvas.status_mistakes", {{"j1", std::to_string(s.train_mistakes())},
                                                       {"n", std::to_string(s.train_set().size())}}));
  const StopReason why = hides(app, kCueMistakes) ? StopReason::None : s.stop_reason();
  if (why == StopReason::Converged) parts.push_back(app.tr("canvas.status_converged"));
  else if (why != StopReason::None) parts.push_back(app.trf("run.stopped", {{"reason", app.tr(("stop." + std::string(to_string(why))).c_str())}}));
  else if (s.playing() || app.training) parts.push_back(app.tr("canvas.status_playing"));
  else if (!s.need_data()) parts.push_back(app.tr("canvas.status_refused"));  // the kernel on 20,000 points
  else if (l.steps() == 0 && !locked(app)) parts.push_back(app.tr("canvas.status_start"));  // not while a question locks Play
  return parts;
}

namespace {
// Where Play is out of sight (app.view.play_in_status), a status inviting Play (or saying
// the lab plays) has a Play (Pause) button at its right, on its first line (status_play
// draws it there: it stays put while the lines change).
bool status_offers_play(const App& app) {
  if (!app.view.play_in_status || keeps(app, kControlRun)) return false;
  const std::vector<std::string> parts = status_parts(app);
  return !parts.empty() && (parts.back() == app.tr("canvas.status_start") || app.session.playing());
}

std::string status_play_label(const App& app) {
  return app.label(app.session.playing() ? "run.pause" : "run.play", "status_play");
}
// The width the button takes from the lines (0 when not offered).
float play_room(const App& app) {
  if (!status_offers_play(app)) return 0.0f;
  return ImGui::CalcTextSize(status_play_label(app).c_str(), nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2.0f + 8.0f;
}

// The width of the status's line `i`: the first leaves room for the Play button.
float line_width(const App& app, float width, std::size_t i) { return i == 0 ? std::max(40.0f, width - play_room(app)) : width; }
}  // namespace

std::vector<std::string> status_lines(const App& app, float width) {
  std::vector<std::string> lines;
  for (const std::string& part : status_parts(app)) {
    const std::string joined = lines.empty() ? part : lines.back() + "   " + part;
    if (!lines.empty() && ImGui::CalcTextSize(joined.c_str()).x <= line_width(app, width, lines.size() - 1)) lines.back() = joined;
    else lines.push_back(part);
  }
  return lines;
}

float status_band_height(const App& app, float width) {
  const std::vector<std::string> lines = status_lines(app, width);
  float h = 0.0f;
  for (std::size_t i = 0; i < lines.size(); ++i) h += ImGui::CalcTextSize(lines[i].c_str(), nullptr, false, line_width(app, width, i)).y;
  if (h > 0.0f && status_offers_play(app)) h = std::max(h, ImGui::GetFrameHeight());
  return h > 0.0f ? h + 8.0f : 0.0f;
}

void draw_canvas_status(ImDrawList* dl, App& app, ImVec2 pos, ImVec2 size, float right_reserved) {
  app.view.drawn.status.clear();
  const float width = std::max(40.0f, size.x - right_reserved - 16.0f), room = play_room(app);
  const std::vector<std::string> lines = status_lines(app, width);
  if (lines.empty()) return;
  const Palette& pal = palette(app);
  const ImU32 col = app.session.stop_reason() == StopReason::Converged && !hides(app, kCueMistakes) ? pal.ok : pal.text;
  float w = 0.0f, h = 0.0f;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const ImVec2 ts = ImGui::CalcTextSize(lines[i].c_str(), nullptr, false, line_width(app, width, i));
    w = std::max(w, ts.x);
    h += ts.y;
  }
  if (room > 0.0f) {  // the button's place, right of the first line (status_play puts it there)
    const float x1 = pos.x + 8.0f + width;
    app.view.drawn.play = {x1 - (room - 8.0f), pos.y + 4.0f, x1, pos.y + 4.0f + ImGui::GetFrameHeight()};
  }
  dl->AddRectFilled(pos, ImVec2(pos.x + w + 16.0f, pos.y + h + 8.0f), with_alpha(pal.background, 0xE0));
  float y = pos.y + 4.0f;
  for (std::size_t i = 0; i < lines.size(); ++i) {  // whole lines, wrapped at spaces when one part is wider than the canvas
    const float wrap = line_width(app, width, i);
    dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(pos.x + 8.0f, y), col, lines[i].c_str(), nullptr, wrap);
    y += ImGui::CalcTextSize(lines[i].c_str(), nullptr, false, wrap).y;
    app.view.drawn.status += (app.view.drawn.status.empty() ? "" : "   ") + lines[i];
  }
}

// The status band's Play (Pause) button, where draw_canvas_status left room: a window of its
// own over the canvas, as small as the button ("StatusPlay": Tab comes to it after the canvas,
// keynav.cpp), so a tap on it is never a tap on the canvas. Its label is the run panel's Play;
// its rectangle goes to state().
void status_play(App& app) {
  std::vector<float>& at = app.view.drawn.play;
  if (at.size() != 4) return;
  ImGui::SetNextWindowPos(ImVec2(at[0], at[1]));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(1, 1));
  ImGui::Begin("StatusPlay", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_AlwaysAutoResize |
                   ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing);
  const bool pressed = ImGui::Button(status_play_label(app).c_str());
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  at = {a.x, a.y, b.x, b.y};
  ImGui::End();
  ImGui::PopStyleVar(2);
  if (pressed) act(app, {"toggle_play"});
}

void draw_empty_hint(ImDrawList* dl, App& app, ImVec2 pos, ImVec2 size) {
  app.view.drawn.empty_hint = false;
  if (!app.session.data().empty() || placing_line(app)) return;
  const Palette& pal = palette(app);
  const std::string text = app.tr(app.touch ? "canvas.empty_hint_touch" : "canvas.empty_hint");
  const float wrap = std::min(size.x - 32.0f, ImGui::GetFontSize() * 24.0f);
  const ImVec2 ts = ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap);
  const ImVec2 at(pos.x + (size.x - ts.x) * 0.5f, pos.y + (size.y - ts.y) * 0.5f);
  dl->AddRectFilled(ImVec2(at.x - 12, at.y - 10), ImVec2(at.x + ts.x + 12, at.y + ts.y + 10),
                    with_alpha(pal.background, 0xE8), 6.0f);
  dl->AddRect(ImVec2(at.x - 12, at.y - 10), ImVec2(at.x + ts.x + 12, at.y + ts.y + 10), pal.muted, 6.0f);
  dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), at, pal.text, text.c_str(), nullptr, wrap);
  app.view.drawn.empty_hint = true;
}

}  // namespace pla::app
