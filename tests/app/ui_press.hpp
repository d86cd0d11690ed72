// App tests: reading what the last frames drew and pressing an item by its label, as a
// student's click would (shared by the lesson-end and language suites).
#pragma once
#include <string>
#include <vector>

#include "headless.hpp"
#include "imgui_internal.h"  // ActivateItem, ImHashStr
#include "layout_check.hpp"

namespace pla::app::test {

// The texts drawn by the next two frames, one string per run.
inline std::vector<std::string> drawn_texts(Headless& h) {
  h.frame();
  h.frame();
  return check_layout().texts;
}

inline bool drawn(const std::vector<std::string>& texts, const std::string& what) {
  for (const std::string& t : texts)
    if (t.find(what) != std::string::npos) return true;
  return false;
}

// Presses the item "text##id" (tried with each window's id as the seed of its id), until
// `done`.
template <class Done>
bool press_labelled(Headless& h, const std::string& label, Done done) {
  std::vector<ImGuiID> seeds;
  for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows) seeds.push_back(w->ID);
  for (ImGuiID seed : seeds) {
    ImGui::ActivateItem(ImHashStr(label.c_str(), 0, seed));
    h.frame();
    h.frame();
    if (done()) return true;
  }
  return false;
}

}  // namespace pla::app::test
