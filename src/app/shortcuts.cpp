// Perceptron Lab app: the lab's keys (Space plays, the arrows step, letters for the rest;
// keynav.cpp moves between controls) and the help overlay that lists them.

#include <cstring>

#include "app/app_internal.hpp"
#include "app/view3d.hpp"

namespace pla::app {

void keyboard(App& app) {
  ImGuiIO& io = ImGui::GetIO();
  keyboard_nav_begin(app);  // keynav.cpp: Tab, Enter on controls; whose the arrows are
  if (io.WantTextInput) return;
  // Space, Right, Left and Enter are the lab's unless a control shows the keyboard focus;
  // on the canvas the arrows and Enter move and use its cursor (canvas.cpp).
  const bool lab = lab_keys(app), off_canvas = lab && !app.input.canvas_focused;
  if (lab && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space), false)) act(app, {"toggle_play"});
  // With the keyboard focus in the 3-D view, the arrow keys turn the view instead (view3d.cpp).
  const bool arrows = off_canvas && !view3d_has_focus();
  if (arrows && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_RightArrow))) act(app, {"step"});
  if (arrows && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_LeftArrow))) act(app, {"step_back"});
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false)) {
    act(app, {"set", "help", "false"});
    app.lessons_open = false;
  }
  if (off_canvas && app.lesson.active() && !app.lesson.done() &&
      (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false) ||
       ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter), false)))
    act(app, {"lesson_next"});
  for (ImWchar c : io.InputQueueCharacters) {
    switch (c) {
      case 'e': case 'E': act(app, {"epoch"}); break;
      case 'r': case 'R': act(app, {"reset"}); break;
      case 'n': case 'N': act(app, {"next_update"}); break;
      case 'f': case 'F': act(app, {"fit"}); break;
      case 'l': case 'L': if (lessons_menu_available(app)) act(app, {"show_lessons"}); break;
      case 's': case 'S': if (!app.embed) act(app, {app.studio.studio.is_open() ? "studio_close" : "studio_open"}); break;
      case 'h': case 'H': case '?': act(app, {"set", "help", app.show_help ? "false" : "true"}); break;
      default: break;
    }
  }
}

void help_overlay(App& app) {
  if (!app.show_help) return;
  if (begin_dialog(app, "panel.keyboard", "help", 30.0f, &app.show_help)) {
    static const char* const keys[][2] = {{"help.key_space", "help.space"}, {"help.key_right", "help.right"},
                                    {"help.key_left", "help.left"},   {"N", "help.n"},
                                    {"E", "help.e"},                  {"R", "help.r"},
                                    {"F", "help.f"},                  {"L", "help.l"},
                                    {"S", "help.s"},
                                    {"help.key_h", "help.h"},
                                    {"help.key_esc", "help.esc"},     {"help.key_tab", "help.tab"},
                                    {"help.key_activate", "help.activate"}, {"help.key_arrows", "help.arrows"},
                                    {"help.key_enter", "help.enter"}, {"help.key_shift_enter", "help.shift_enter"},
                                    {"help.key_delete", "help.delete"}};
    if (ImGui::BeginTable("keys", 2)) {
      ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthStretch, 0.35f);
      ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthStretch, 0.65f);
      for (const auto& k : keys) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        ImGui::PushStyleColor(ImGuiCol_Text, palette(app).pos);
        text_wrapped(std::strchr(k[0], '.') ? app.tr(k[0]) : k[0]);
        ImGui::PopStyleColor();
        ImGui::TableSetColumnIndex(1);
        text_wrapped(app.tr(k[1]));
      }
      ImGui::EndTable();
    }
    text_wrapped(app.tr("help.lab_keys"));
    ImGui::Separator();
    text_wrapped(app.tr(app.touch ? "help.touch" : "help.mouse"));
  }
  ImGui::End();
}

}  // namespace pla::app
