// Perceptron Lab app: the keyboard as the only input. ImGui 1.86's own keyboard
// navigation (ImGuiConfigFlags_NavEnableKeyboard: arrows move the focus, Space presses,
// Enter types into a field, Esc leaves) plus what it lacks for a page:
//
//  - Tab / Shift+Tab visit every control, not only text fields (1.86 tabs through
//    "inputable" items only), and leave a window at its last control for the next
//    window in reading order: the panel, the canvas (one stop), the plots; in embed
//    mode the canvas and the control strip; a lesson or notice overlay first. An open
//    dialog (keyboard help, link maker) keeps Tab inside itself.
//  - Enter presses the focused button, checkbox or header like Space does.
//  - The lab's single keys (Space play/pause, Right step, Left step back, Enter Next in a
//    lesson) are the lab's when no control shows the keyboard focus (after the page
//    loads, after a mouse click, after Esc) and, for Space, when the canvas has it; then
//    the arrows do not summon the focus. When a control has the focus they are the
//    control's. Letters (N, E, R, F, H) work whenever no text is being typed.
//
// It reaches into imgui_internal.h (the navigation request of the frame) because 1.86
// has no public API for either: keyboard_nav_begin runs right after NewFrame (the
// request was just made), keyboard_nav_end after the last window (the request was
// scored, not yet applied).
#include <algorithm>
#include <cstring>
#include <vector>

#include "app/app_internal.hpp"
#include "imgui_internal.h"

namespace pla::app {

namespace {

bool pressed(ImGuiKey key, bool repeat = true) {
  const int index = ImGui::GetKeyIndex(key);
  return index >= 0 && ImGui::IsKeyPressed(index, repeat);
}

// The windows Tab walks through, in reading order: overlays first, then by column and row.
std::vector<ImGuiWindow*> tab_ring() {
  static const char* const names[] = {"Lesson", "Notice", "Perceptron Lab", "Data", "StatusPlay", "View3D", "Controls", "Plots", "Studio"};
  std::vector<ImGuiWindow*> ring;
  for (const char* name : names) {
    ImGuiWindow* w = ImGui::FindWindowByName(name);
    if (w && w->Active && !w->Hidden) ring.push_back(w);
  }
  // The status's Play over the canvas (canvas_labels.cpp) comes right after the canvas.
  const ImGuiWindow* data = ImGui::FindWindowByName("Data");
  const auto at = [data](const ImGuiWindow* w) { return data && std::strcmp(w->Name, "StatusPlay") == 0 ? data->Pos : w->Pos; };
  std::stable_sort(ring.begin(), ring.end(), [&at](const ImGuiWindow* a, const ImGuiWindow* b) {
    const bool oa = std::strcmp(a->Name, "Lesson") == 0 || std::strcmp(a->Name, "Notice") == 0;
    const bool ob = std::strcmp(b->Name, "Lesson") == 0 || std::strcmp(b->Name, "Notice") == 0;
    if (oa != ob) return oa;
    if (oa) return false;
    const ImVec2 pa = at(a), pb = at(b);
    if (pa.x != pb.x) return pa.x < pb.x;
    return pa.y < pb.y;
  });
  return ring;
}

}  // namespace

bool keyboard_focus_shown() {
  const ImGuiContext& g = *GImGui;
  return g.NavId != 0 && !g.NavDisableHighlight;
}

bool lab_keys(const App& app) {
  if (ImGui::GetIO().WantTextInput) return false;
  return app.input.canvas_focused || !keyboard_focus_shown();
}

void keyboard_nav_begin(App& app) {
  ImGuiContext& g = *GImGui;
  // ImGuiConfigFlags_NavEnableKeyboard is the platform's to set (src/platform/main.cpp), with
  // the key map of its backend; without it this widening has nothing to widen.
  KeyNav& t = app.keynav;
  t.dir = 0;
  t.entering = 0;
  t.fresh = false;
  const bool tabbing = g.NavMoveSubmitted && (g.NavMoveFlags & ImGuiNavMoveFlags_Tabbing) != 0;
  if (t.pending != 0 && g.NavWindow) {
    // Enter the window Tab moved to: its first control (forward) or its last (backward).
    ImGui::SetNavID(0, ImGuiNavLayer_Main, 0, ImRect());
    ImGui::NavMoveRequestSubmit(ImGuiDir_None, t.pending > 0 ? ImGuiDir_Down : ImGuiDir_Up,
                                ImGuiNavMoveFlags_Tabbing | ImGuiNavMoveFlags_FocusApi,
                                ImGuiScrollFlags_KeepVisibleEdgeX | ImGuiScrollFlags_KeepVisibleEdgeY);
    g.NavTabbingDir = t.pending;
    g.NavTabbingCounter = -1;
    g.NavTabbingResultFirst.Clear();
    t.entering = t.pending;
    t.pending = 0;
  } else if (tabbing) {
    // Every control is a Tab stop, and Tab always moves on (1.86 "inits" when nothing is active).
    t.dir = g.IO.KeyShift ? -1 : +1;
    t.fresh = g.NavId == 0;
    g.NavMoveFlags |= ImGuiNavMoveFlags_FocusApi;
    g.NavTabbingDir = t.dir;
    g.NavTabbingCounter = -1;
    g.NavTabbingResultFirst.Clear();
  }
  const bool focus = keyboard_focus_shown();
  // The arrows belong to the lab (or the canvas cursor) unless a control shows the focus.
  if (!g.IO.WantTextInput && (app.input.canvas_focused || !focus) && g.NavMoveSubmitted && g.NavMoveDir != ImGuiDir_None) {
    ImGui::NavMoveRequestCancel();
    g.NavInitRequest = g.NavInitRequestFromMove = false;
    if (!app.input.canvas_focused) g.NavDisableHighlight = true;
  }
  // Enter presses the focused control as Space does (text fields keep Enter for typing).
  if (focus && !app.input.canvas_focused && g.ActiveId == 0 && !g.IO.WantTextInput &&
      (pressed(ImGuiKey_Enter, false) || pressed(ImGuiKey_KeyPadEnter, false))) {
    g.NavActivateId = g.NavActivateDownId = g.NavActivatePressedId = g.NavId;
    g.NavActivateFlags = ImGuiActivateFlags_None;
  }
}

void keyboard_nav_end(App& app) {
  ImGuiContext& g = *GImGui;
  KeyNav& t = app.keynav;
  const bool live = g.NavMoveSubmitted && (g.NavMoveFlags & ImGuiNavMoveFlags_Tabbing) != 0;
  if (t.entering != 0) {
    if (live && t.entering > 0) g.NavTabbingCounter = 1;  // take the window's first control
    if (live) g.NavDisableHighlight = false;
    t.entering = 0;
    return;
  }
  if (t.dir == 0 || !live || !g.NavMoveScoringItems) return;  // no Tab, or it found the next control
  // Tab ran off the end (or start) of the window: on to the next window in the ring.
  const std::vector<ImGuiWindow*> ring = tab_ring();
  ImGuiWindow* here = g.NavWindow ? g.NavWindow->RootWindow : nullptr;
  const auto at = std::find(ring.begin(), ring.end(), here);
  if (ring.empty() || (at == ring.end() && here && !t.fresh)) {
    // A dialog or a popup: Tab wraps inside it.
    if (t.dir > 0) g.NavTabbingCounter = 1;
    return;
  }
  const int n = static_cast<int>(ring.size());
  const int i = static_cast<int>(at - ring.begin());
  ImGuiWindow* target = (t.fresh || at == ring.end()) ? (t.dir > 0 ? ring.front() : ring.back())
                                                      : ring[static_cast<std::size_t>(((i + t.dir) % n + n) % n)];
  ImGui::NavMoveRequestCancel();
  ImGui::FocusWindow(target);
  g.NavDisableHighlight = false;
  t.pending = t.dir;
}

}  // namespace pla::app
