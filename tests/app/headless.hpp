// The headless harness of the app tests (and the frame benchmark): an ImGui context
// with no backend, in which the app's frames run at a fixed frame time and keys and
// the mouse go through ImGuiIO the way a backend would send them. Header-only.
#pragma once

#include <initializer_list>
#include <utility>

#include "app/app.hpp"
#include "app/fonts.hpp"
#include "imgui.h"

namespace pla::app::test {

constexpr float kDt = 1.0f / 60.0f;  // the frame time: 60 frames a second

// An ImGui context with no backend: no ini file, a display of w x h; with it, the app's fonts
// built into its atlas (update_fonts(context_fonts(), app, dpr): the context's user data
// points to them).
class Context {
 public:
  Context(float w, float h) {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(w, h);
    io.UserData = &fonts;
  }
  ~Context() { ImGui::DestroyContext(); }
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  FontAtlas fonts;
};

// Builds ImGui's own default font into the atlas, as a backend does before the first
// frame (for frames drawn without the app's fonts).
inline void build_default_font() {
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
}

// One frame of the app: NewFrame, the whole interface, Render. Returns the number of
// vertices drawn.
inline int run_frame(App& app, float dt = kDt) {
  ImGui::GetIO().DeltaTime = dt;
  ImGui::NewFrame();
  pla::app::frame(app, dt);
  ImGui::Render();
  return ImGui::GetDrawData()->TotalVtxCount;
}

// The app's fonts of the current ImGui context (a Context's).
inline FontAtlas& context_fonts() {
  FontAtlas* fonts = static_cast<FontAtlas*>(ImGui::GetIO().UserData);
  IM_ASSERT(fonts && "the current ImGui context is a test::Context's");
  return *fonts;
}

// `frames` frames, each after update_fonts (the app's fonts at the device pixel ratio
// `dpr`, in the current context's atlas; rebuilt only when something changed).
inline void draw(App& app, float dpr, int frames) {
  for (int i = 0; i < frames; ++i) {
    update_fonts(context_fonts(), app, dpr);
    run_frame(app);
  }
}

// The app in a 1280 x 800 context: init() and two frames run.
class Headless {
 public:
  // ImGui's default font built once, or the app's fonts (update_fonts(fonts(), app, 1))
  // before every frame.
  enum class Fonts { ImGuiDefault, App };
  // `keys`: the io.KeyMap entries a backend sets (ImGuiKey_ -> index into io.KeysDown);
  // `flags` are added to io.ConfigFlags.
  Headless(Fonts fonts, std::initializer_list<std::pair<ImGuiKey, int>> keys, ImGuiConfigFlags flags = 0)
      : context_(1280, 800), fonts_(fonts) {
    ImGuiIO& io = ImGui::GetIO();
    if (fonts_ == Fonts::ImGuiDefault) build_default_font();
    for (const auto& k : keys) io.KeyMap[k.first] = k.second;
    io.ConfigFlags |= flags;
    init(app);
    frame();
    frame();
  }
  Headless(const Headless&) = delete;
  Headless& operator=(const Headless&) = delete;

  // One frame; returns the number of vertices drawn.
  int frame(float dt = kDt) {
    if (fonts_ == Fonts::App) update_fonts(context_.fonts, app, 1.0f);
    return run_frame(app, dt);
  }
  // Key `k` (an index into io.KeysDown) down for one frame, then up for one.
  void key(int k) {
    ImGuiIO& io = ImGui::GetIO();
    io.KeysDown[k] = true;
    frame();
    io.KeysDown[k] = false;
    frame();
  }

  App app;  // before the context: made before it, destroyed after it

 private:
  Context context_;
  Fonts fonts_;
};

}  // namespace pla::app::test
