// Perceptron Lab app: one frame of the interface. First what runs before the windows (a
// lesson step's and a long run's slices, the style, the keys), then where each window goes
// in the three layouts (wide, narrow, embed) and the windows themselves: the control panel,
// the canvas and the 3-D view, the plots, the embed strip, an embedded lesson, the notices,
// then the dialogs over them.
//
// [SECTION] Before the windows
// [SECTION] The layout
// [SECTION] The windows
// [SECTION] The embed strip and the notices
// [SECTION] The frame

#include <algorithm>
#include <cmath>

#include "app/app_internal.hpp"
#include "app/view3d.hpp"

namespace pla::app {

// touch_input.cpp: a finger's drag scrolls the panels (before the windows); the number
// answer's field hidden from the page when something is in front of it (after them).
void swipe_scroll(App& app);
void answer_field_end(App& app);

namespace {

// -----------------------------------------------------------------------------
// [SECTION] Before the windows
// -----------------------------------------------------------------------------

// The lesson's and the run's slices (nothing plays past an open lesson question, however
// the run was started before it), the style when the look changed, and the keys.
void begin_frame(App& app, float dt) {
  Session& s = app.session;
  app.plots.vc.computing = false;  // the VC tab sets it again while its curve is unfinished
  lesson_frame(app);
  studio_frame(app);  // back from "Try as a student"
  if (locked(app)) {
    if (s.playing()) s.pause();
    app.training = false;
  }
  if (app.training) {
    advance_run(app);
  } else {
    s.advance(static_cast<double>(dt));
  }
  Applied& done = app.applied;
  if (app.theme != done.theme || app.font_scale != done.style_scale || app.touch != done.touch) {
    apply_style(app.theme, static_cast<float>(app.font_scale), app.touch);
    done.theme = app.theme;
    done.style_scale = app.font_scale;
    done.touch = app.touch;
  }
  keyboard(app);
  swipe_scroll(app);
  app.lesson_ui.answer.shown = app.lesson_ui.answer.active = false;  // lesson_panel sets them when drawn
  app.studio.field.shown = app.studio.field.active = false;  // studio_fields sets them when drawn
  if (!app.lesson.active()) app.lesson_ui.embed_height = 0.0f;
}

// -----------------------------------------------------------------------------
// [SECTION] The layout
// -----------------------------------------------------------------------------

// Where the windows go this frame (display pixels; a zero size: not shown).
struct Layout {
  bool narrow = false;   // a phone held upright: one scrolling column under the canvas
  bool any_panel = false;  // a side panel is shown (setting panels)
  float panel = 0.0f;    // the control panel's width (wide)
  float plots_h = 0.0f;  // the plots' height under the canvas (wide)
  float strip_h = 0.0f;  // the embed strip's height
  float lesson_h = 0.0f;  // an embedded lesson's height above the canvas
  float studio = 0.0f;   // the teacher's studio's width on the right (wide)
  ImVec2 canvas_pos, canvas_size;
};

// Three layouts: embed (canvas plus a control strip), narrow (a phone held upright: the
// canvas on top, the panels and plots stacked under it in one scrolling column) and wide
// (panels left, canvas right, plots under the canvas).
Layout plan_layout(const App& app) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float fs = static_cast<float>(app.font_scale);
  Layout at;
  for (const PanelInfo& p : panel_list()) at.any_panel |= p.side && app.panels.*p.shown;
  at.narrow = !app.embed && (vp->WorkSize.x < 600.0f * std::min(fs, 1.5f) || vp->WorkSize.x < vp->WorkSize.y * 0.75f);
  at.canvas_pos = vp->WorkPos;
  at.canvas_size = vp->WorkSize;
  if (app.embed) {
    at.strip_h = std::min(vp->WorkSize.y * 0.5f, app.strip_height > 0.0f ? app.strip_height
                                                                         : ImGui::GetFrameHeightWithSpacing() +
                                                                               ImGui::GetStyle().WindowPadding.y * 2);
    at.canvas_size.y -= at.strip_h;
    // A lesson goes above the canvas, never over the data: as high as the steps shown so
    // far (up to half the room; then it scrolls), the canvas under it.
    if (app.lesson.active()) {
      at.lesson_h = std::min(at.canvas_size.y * 0.5f,
                             app.lesson_ui.embed_height > 0.0f ? app.lesson_ui.embed_height : at.canvas_size.y);
      at.canvas_pos.y += at.lesson_h;
      at.canvas_size.y -= at.lesson_h;
    }
  } else if (at.narrow) {
    at.canvas_size.y = std::min(vp->WorkSize.x, vp->WorkSize.y * 0.45f);
  } else {
    if (at.any_panel)
      at.panel = std::min(vp->WorkSize.x * 0.45f, std::clamp(vp->WorkSize.x * 0.3f, 250.0f * fs, 380.0f * fs));
    if (app.panels.plots)
      at.plots_h = std::min(vp->WorkSize.y * 0.5f, std::clamp(vp->WorkSize.y * 0.32f, 150.0f * fs, 320.0f * fs));
    if (app.studio.studio.is_open())
      at.studio = std::min(vp->WorkSize.x * 0.4f, std::clamp(vp->WorkSize.x * 0.32f, 300.0f * fs, 480.0f * fs));
    at.canvas_pos.x += at.panel;
    at.canvas_size = ImVec2(vp->WorkSize.x - at.panel - at.studio, vp->WorkSize.y - at.plots_h);
  }
  return at;
}

// -----------------------------------------------------------------------------
// [SECTION] The windows
// -----------------------------------------------------------------------------

constexpr ImGuiWindowFlags kFixed = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;

// Wide: the control panel on the left.
void panel_window(App& app, const Layout& at) {
  if (at.panel <= 0.0f) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->WorkPos);
  ImGui::SetNextWindowSize(ImVec2(at.panel, vp->WorkSize.y));
  ImGui::Begin("Perceptron Lab", nullptr, kFixed);
  control_panel(app);
  ImGui::End();
}

// The canvas, and the 3-D view (setting view3d) sharing its area: beside it, or under it
// when tall (the canvas's size shrinks to what is left: the windows after it go by it).
void canvas_windows(App& app, Layout& at) {
  ImVec2 view3d_pos, view3d_size;
  view3d_split(app, at.canvas_pos, at.canvas_size, view3d_pos, view3d_size);
  ImGui::SetNextWindowPos(at.canvas_pos);
  ImGui::SetNextWindowSize(at.canvas_size);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  const bool canvas_colour = canvas_window_is_canvas_colour(app);
  if (canvas_colour) ImGui::PushStyleColor(ImGuiCol_WindowBg, palette(app).background);
  ImGui::Begin("Data", nullptr, kFixed | ImGuiWindowFlags_NoDecoration);
  if (canvas_colour) ImGui::PopStyleColor();
  canvas(app);
  ImGui::End();
  ImGui::PopStyleVar();
  view3d_window(app, view3d_pos, view3d_size);
}

// Narrow: everything else in one column under the canvas, scrolled by touch or wheel.
void narrow_column(App& app, const Layout& at) {
  if (!at.narrow) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x, vp->WorkPos.y + at.canvas_size.y));
  ImGui::SetNextWindowSize(ImVec2(vp->WorkSize.x, vp->WorkSize.y - at.canvas_size.y));
  ImGui::Begin("Perceptron Lab", nullptr, kFixed | ImGuiWindowFlags_NoTitleBar);
  if (at.any_panel) control_panel(app);
  if (app.panels.plots && ImGui::CollapsingHeader(app.label("panel.plots", "plots").c_str(), ImGuiTreeNodeFlags_DefaultOpen)) {
    ImGui::BeginChild("Plots", ImVec2(0, std::max(260.0f * static_cast<float>(app.font_scale), vp->WorkSize.y * 0.55f)), false);
    plots_panel(app);
    ImGui::EndChild();
  }
  ImGui::End();
}

// Wide: the plots under the canvas.
void plots_window(App& app, const Layout& at) {
  if (at.plots_h <= 0.0f) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + at.panel, vp->WorkPos.y + vp->WorkSize.y - at.plots_h));
  ImGui::SetNextWindowSize(ImVec2(vp->WorkSize.x - at.panel - at.studio, at.plots_h));
  ImGui::Begin("Plots", nullptr, kFixed | ImGuiWindowFlags_NoTitleBar);
  plots_panel(app);
  ImGui::End();
}

// The teacher's studio: wide, a column on the right, full height; narrow or embedded, a
// window over the lower half (it scrolls).
void studio_window(App& app, const Layout& at) {
  if (!app.studio.studio.is_open()) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  if (at.studio > 0.0f) {
    ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x - at.studio, vp->WorkPos.y));
    ImGui::SetNextWindowSize(ImVec2(at.studio, vp->WorkSize.y));
  } else {
    ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x, vp->WorkPos.y + vp->WorkSize.y * 0.5f));
    ImGui::SetNextWindowSize(ImVec2(vp->WorkSize.x, vp->WorkSize.y * 0.5f));
  }
  ImGui::Begin("Studio", nullptr, kFixed | ImGuiWindowFlags_NoTitleBar);
  studio_panel(app);
  ImGui::End();
}

// Embedded: the compact controls under the canvas, as high as their rows (they wrap when
// narrow or long): next frame's height.
void strip_window(App& app, const Layout& at) {
  if (at.strip_h <= 0.0f) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x, vp->WorkPos.y + vp->WorkSize.y - at.strip_h));
  ImGui::SetNextWindowSize(ImVec2(vp->WorkSize.x, at.strip_h));
  ImGui::Begin("Controls", nullptr, kFixed | ImGuiWindowFlags_NoDecoration);
  embed_strip(app);
  app.strip_height = ImGui::GetCursorPosY() - ImGui::GetStyle().ItemSpacing.y + ImGui::GetStyle().WindowPadding.y;
  ImGui::End();
}

// Embedded: the lesson above the canvas, scrolling when long. Its content's height
// (measured here) sets the next frame's: it grows to the tallest step shown.
void lesson_window(App& app, const Layout& at) {
  if (at.lesson_h <= 0.0f) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->WorkPos);
  ImGui::SetNextWindowSize(ImVec2(at.canvas_size.x, at.lesson_h));
  ImGui::Begin("Lesson", nullptr, kFixed | ImGuiWindowFlags_NoTitleBar);
  lesson_panel(app);
  const float content = ImGui::GetCursorPosY() - ImGui::GetStyle().ItemSpacing.y + ImGui::GetStyle().WindowPadding.y;
  ImGui::End();
  app.lesson_ui.embed_height = std::max(app.lesson_ui.embed_height, std::ceil(content));
}

// The notices over the canvas's corner: as wide as the canvas allows (up to 34 em), as high
// as the notices, then it scrolls.
void notice_window(App& app, const Layout& at) {
  if (app.notices.empty()) return;
  const float width = std::min(at.canvas_size.x - 16.0f, ImGui::GetFontSize() * 34.0f);
  const float max_h = std::max(ImGui::GetFrameHeightWithSpacing() * 3.0f, at.canvas_size.y - 16.0f);
  ImGui::SetNextWindowPos(ImVec2(at.canvas_pos.x + 8, at.canvas_pos.y + 8));
  ImGui::SetNextWindowSize(ImVec2(width, 0.0f));
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0.0f), ImVec2(width, max_h));
  ImGui::SetNextWindowBgAlpha(0.95f);
  ImGui::Begin("Notice", nullptr,
               ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoMove);
  notices_bar(app);
  ImGui::End();
}

}  // namespace

// -----------------------------------------------------------------------------
// [SECTION] The embed strip and the notices
// -----------------------------------------------------------------------------

// The compact controls of embed mode: play, step, epoch, reset, the Lessons menu, and a
// status line.
void embed_strip(App& app) {
  Session& s = app.session;
  Flow row;
  ImGui::BeginDisabled(keeps(app, kControlRun));
  if (row.button((std::string(app.tr(s.playing() ? "run.pause" : "run.play")) + "##play").c_str(), true)) act(app, {"toggle_play"});
  if (row.button(app.label("run.step", "step").c_str(), true)) act(app, {"step"});
  if (row.button(app.label("run.epoch", "epoch").c_str(), true)) act(app, {"epoch"});
  if (row.button(app.label("run.reset", "reset").c_str(), true)) act(app, {"reset"});
  ImGui::EndDisabled();
  if (lessons_menu_available(app) && row.button(app.label("lessons.button", "lessons_menu").c_str(), true)) act(app, {"show_lessons"});
  const Learner& l = s.learner();
  std::string status = hides(app, kCueMistakes | kCueLoss | kCueCounts)
                           ? app.tr("conceal.loss")
                           : app.trf("embed.status", {{"k", std::to_string(l.updates())}, {"j1", std::to_string(s.train_mistakes())}});
  if (l.converged() && !hides(app, kCueMistakes)) status += std::string("  ") + app.tr("embed.converged");
  same_line_or_wrap(std::min(ImGui::CalcTextSize(status.c_str()).x, ImGui::GetContentRegionMax().x * 0.5f));
  text_wrapped(status);
}

// The notices (ignored link parameters, ...), in the language in use, and Dismiss.
void notices_bar(App& app) {
  ImGui::PushStyleColor(ImGuiCol_Text, palette(app).mistake);
  for (const Message& n : app.notices) text_wrapped(app.msg(n));
  ImGui::PopStyleColor();
  if (ImGui::SmallButton(app.label("run.dismiss", "dismiss").c_str())) app.notices.clear();
}

// -----------------------------------------------------------------------------
// [SECTION] The frame
// -----------------------------------------------------------------------------

void frame(App& app, float dt) {
  struct InFrame {
    bool& flag;
    ~InFrame() { flag = false; }
  } in_frame{app.lesson_ui.in_frame};
  in_frame.flag = true;
  data_frame(app);
  begin_frame(app, dt);
  Layout at = plan_layout(app);
  app.view.play_in_status = at.narrow;  // the run panel is far down the column
  panel_window(app, at);
  canvas_windows(app, at);
  status_play(app);
  narrow_column(app, at);
  plots_window(app, at);
  strip_window(app, at);
  lesson_window(app, at);
  studio_window(app, at);
  notice_window(app, at);
  help_overlay(app);
  lessons_menu(app);
  link_maker(app);
  course_maker(app);
  keyboard_nav_end(app);
  answer_field_end(app);
}

}  // namespace pla::app
