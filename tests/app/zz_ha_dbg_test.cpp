#include <gtest/gtest.h>
#include <cstdio>
#include "app/app.hpp"
#include "app/fonts.hpp"
#include "imgui.h"
#include "imgui_internal.h"
namespace pla::app {
TEST(Dbg, Field) {
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  ImGui::GetIO().DisplaySize = ImVec2(1280, 800);
  App app; init(app);
  run_command(app, {"lesson", "textbook"}); run_command(app, {"answer", "0"}); run_command(app, {"lesson_next"});
  run_command(app, {"answer", "yes"}); run_command(app, {"lesson_next"});
  for (int i = 0; i < 4; ++i) { update_fonts(app, 1); ImGui::GetIO().DeltaTime = 1/60.f; ImGui::NewFrame(); frame(app, 1/60.f); ImGui::Render();
    const auto& f = app.lesson_ui.answer;
    std::printf("shown %d active %d rect %.0f %.0f %.0f %.0f win %u\n", f.shown, f.active, f.min.x, f.min.y, f.max.x, f.max.y, f.window); }
  for (ImGuiWindow* w : GImGui->Windows) std::printf("%s active %d hidden %d flags %x pos %.0f %.0f size %.0f %.0f\n", w->Name, w->Active, w->Hidden, w->Flags, w->Pos.x, w->Pos.y, w->Size.x, w->Size.y);
  ImGui::DestroyContext();
}
}
