// Perceptron Lab app: what a phone needs that Dear ImGui 1.86 lacks.
//
//  - A finger dragging a panel scrolls it (ImGui scrolls only by the wheel and the
//    scrollbar, about 10 px wide). On the canvas and the 3-D view a drag keeps its own
//    meaning (move a point, pan, turn).
//  - The number question's answer field has a real text input of the page laid over it
//    (src/platform/main.cpp, web/index.html): a phone opens its keyboard only for one.
//    The field records where it is drawn and whether anything is in front of it; while
//    the page's input has the focus, the page's input writes answer_text and ImGui's
//    field only shows it (never active, so its own copy of the text never overwrites it).
//
// It reaches into imgui_internal.h (windows, scrolling, the active item) for lack of a
// public API in 1.86.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include "app/app_internal.hpp"
#include "imgui_internal.h"

namespace pla::app {

namespace {

// The canvas and the 3-D view: a drag there moves points, pans or turns.
bool drags_its_own(const ImGuiWindow* w) {
  const ImGuiWindow* root = w->RootWindow;
  return std::strcmp(root->Name, "Data") == 0 || std::strcmp(root->Name, "View3D") == 0;
}

// The window that scrolls along `axis` for a drag in `w`: w or the nearest parent that can.
ImGuiWindow* scroller(ImGuiWindow* w, int axis) {
  for (; w; w = (w->Flags & ImGuiWindowFlags_ChildWindow) ? w->ParentWindow : nullptr)
    if (w->ScrollMax[axis] > 0.0f && !(w->Flags & ImGuiWindowFlags_NoScrollWithMouse)) return w;
  return nullptr;
}

}  // namespace

// A finger's drag on a panel scrolls it: past a small threshold, mostly along one axis,
// the press no longer counts for the control under it (ImGui presses a button on release)
// and the window under it follows the finger. Runs after NewFrame, before the windows.
void swipe_scroll(App& app) {
  ImGuiContext& g = *GImGui;
  const ImGuiIO& io = g.IO;
  Swipe& s = app.swipe;
  if (!app.touch || !io.MouseDown[0]) {
    s = Swipe();
    return;
  }
  if (io.MouseClicked[0]) {
    s = Swipe();
    ImGuiWindow* w = g.HoveredWindow;
    if (w && !drags_its_own(w) && !(w->RootWindow->Flags & ImGuiWindowFlags_Popup)) s.window = w->ID;
    return;
  }
  if (s.window == 0) return;
  ImGuiWindow* w = ImGui::FindWindowByID(s.window);
  if (!w) {
    s = Swipe();
    return;
  }
  if (!s.scrolling) {
    const ImVec2 d(io.MousePos.x - io.MouseClickedPos[0].x, io.MousePos.y - io.MouseClickedPos[0].y);
    const float threshold = 10.0f * std::max(1.0f, ImGui::GetFontSize() / 13.0f);
    if (std::max(std::fabs(d.x), std::fabs(d.y)) < threshold) return;
    s.axis = std::fabs(d.y) >= std::fabs(d.x) ? 1 : 0;
    ImGuiWindow* target = scroller(w, s.axis);
    // Nothing to scroll that way, or the scrollbar itself is being dragged: not a swipe.
    if (!target || g.ActiveId == ImGui::GetWindowScrollbarID(target, static_cast<ImGuiAxis>(s.axis))) {
      s.window = 0;
      return;
    }
    s.window = target->ID;
    s.scrolling = true;
    ImGui::ClearActiveID();  // the button under the finger is not pressed on release
    w = target;
    // The whole way so far, then the finger's moves frame by frame.
    const float moved = s.axis == 1 ? d.y : d.x;
    if (s.axis == 1) ImGui::SetScrollY(w, w->Scroll.y - moved);
    else ImGui::SetScrollX(w, w->Scroll.x - moved);
    return;
  }
  if (g.ActiveId != 0) ImGui::ClearActiveID();
  if (s.axis == 1) ImGui::SetScrollY(w, w->Scroll.y - io.MouseDelta.y);
  else ImGui::SetScrollX(w, w->Scroll.x - io.MouseDelta.x);
}

// The last item drawn is a field the page lays a real input over: its place recorded; when
// the page's input has just taken the focus (tapped), the keyboard focus goes to the field,
// so Tab goes on from there. True when the field is whole in its window's view.
bool place_page_field(PageInputField& f) {
  ImGuiWindow* window = GImGui->CurrentWindow;
  f.id = ImGui::GetItemID();
  f.window = window->ID;
  const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
  f.min = {lo.x, lo.y};
  f.max = {hi.x, hi.y};
  f.active = ImGui::IsItemActive();
  if (f.focus_request) {
    ImGui::SetFocusID(f.id, window);
    f.focus_request = false;
  }
  return window->ClipRect.Contains(ImRect(lo, hi));
}

// The number answer's field (lesson_panel.cpp), `width` wide: ImGui's text field, with
// what the page's input over it needs recorded (LessonUi::AnswerField). True when Enter
// was pressed in ImGui's own field.
bool answer_number_field(App& app, float width, const std::string& label) {
  ImGuiContext& g = *GImGui;
  LessonUi::AnswerField& f = app.lesson_ui.answer;
  // The page's input has the focus: ImGui's field is not active (its copy of the text
  // would overwrite what the page writes into answer_text).
  if (f.page_focus && f.id != 0 && g.ActiveId == f.id) ImGui::ClearActiveID();
  ImGui::SetNextItemWidth(width);
  const char* hint = app.tr("lesson.your_answer");
  const bool enter = ImGui::InputTextWithHint("##answer_number", hint, app.answer_text, sizeof app.answer_text,
                                              ImGuiInputTextFlags_EnterReturnsTrue);
  f.hint = hint;
  f.label = label;
  const bool whole = place_page_field(f);
  f.shown = whole || f.page_focus || f.active;
  // Typed into (or reached) while partly out of view: brought into view.
  if ((f.page_focus || f.active) && !whole) ImGui::SetScrollHereY(0.5f);
  return enter;
}

// A field the page lays a real input over is hidden from the page when a window is in front
// of it (a dialog, a menu, a popup, the Lessons menu) or a modal dialog is open.
static bool page_field_covered(const PageInputField& f) {
  ImGuiContext& g = *GImGui;
  ImGuiWindow* w = ImGui::FindWindowByID(f.window);
  if (!w || !w->Active || ImGui::GetTopMostPopupModal()) return true;
  const ImRect field(ImVec2(static_cast<float>(f.min.x), static_cast<float>(f.min.y)),
                     ImVec2(static_cast<float>(f.max.x), static_cast<float>(f.max.y)));
  ImGuiWindow* root = w->RootWindow;
  bool above = false;  // past the field's window in display order (back to front)
  for (ImGuiWindow* o : g.Windows) {
    if (o == root) {
      above = true;
      continue;
    }
    // (ImGui's implicit "Debug" window is active until the frame ends, and never drawn here.)
    if (!o->Active || o->Hidden || o->IsFallbackWindow || (o->Flags & (ImGuiWindowFlags_ChildWindow | ImGuiWindowFlags_Tooltip)))
      continue;
    if (!above && !(o->Flags & ImGuiWindowFlags_Popup)) continue;
    if (o->Rect().Overlaps(field)) return true;
  }
  return false;
}

// At the end of the frame: the answer field and the studio's field typed in, hidden from the
// page when covered.
void answer_field_end(App& app) {
  for (PageInputField* f : {static_cast<PageInputField*>(&app.lesson_ui.answer), static_cast<PageInputField*>(&app.studio.field)})
    if (f->shown && page_field_covered(*f)) f->shown = false;
}

}  // namespace pla::app
