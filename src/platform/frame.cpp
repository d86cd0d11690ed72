// Perceptron Lab platform layer: one frame. SDL's events (a key pressed and released
// between two frames is held for one; two fingers pinch-zoom; a dropped file is imported),
// the fonts, the app's frame, drawing, the PNGs asked for, then what the page is told; and
// whether frames are built at all (idle: none until input, a command, a resize or a font).

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "app/app.hpp"
#include "app/fonts.hpp"
#include "core/data/read/io.hpp"
#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_impl_sdl.h"
#include "platform/platform.hpp"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#include <emscripten/html5.h>
#include <SDL_opengles2.h>
#else
#include <SDL_opengl.h>

#include "platform/screenshot.hpp"
#endif

namespace pla::platform {

#ifdef __EMSCRIPTEN__
namespace {
// The canvas fills the page (or iframe): follow the window's inner size.
EM_JS(int, page_width, (), { return window.innerWidth | 0; });
EM_JS(int, page_height, (), { return window.innerHeight | 0; });
EM_JS(void, notify_first_frame, (), {
  if (Module.onFirstFrame) Module.onFirstFrame();
});

// Asks the page for a font file the wasm does not embed (the Chinese font, fetched
// only when Chinese is chosen); the page answers through pla_provide_font.
EM_JS(void, js_request_font, (const char* name), {
  if (Module.onFontRequest) Module.onFontRequest(UTF8ToString(name));
});
// Asks the page for a file this build left out (core/base/data_files.hpp: "lessons/ID.json",
// "i18n/CODE.json"); the page answers through pla_provide_data.
EM_JS(void, js_request_data, (const char* name), {
  if (Module.onDataRequest) Module.onDataRequest(UTF8ToString(name));
});
}  // namespace

int page_width_px() { return page_width(); }
int page_height_px() { return page_height(); }
#endif

// Something moves on its own: playing, training, or a mouse button held (ImGui repeats).
bool busy(const Platform& p) {
  return p.app.session.playing() || pla::app::working(p.app) || p.app.plots.vc.computing || !p.png_requests.empty() ||
         ImGui::IsAnyMouseDown();
}
bool needs_frames(const Platform& p) { return p.settle_frames > 0 || busy(p); }

// Input, a command, a resize or a font: build frames again (browser: at once, when on screen).
void wake(Platform& p) {
  p.settle_frames = kSettleFrames;
#ifdef __EMSCRIPTEN__
  if (p.loop_paused && p.visible) {
    p.loop_paused = false;
    p.last_ticks = 0;  // a paused run continues from where it was, without a jump
    emscripten_resume_main_loop();
  }
#endif
}

namespace {

float device_pixel_ratio() {
#ifdef __EMSCRIPTEN__
  return static_cast<float>(emscripten_get_device_pixel_ratio());
#else
  return 1.0f;
#endif
}

#ifdef __EMSCRIPTEN__
void follow_page_size(Platform& p) {
  int w = 0, h = 0;
  SDL_GetWindowSize(p.window, &w, &h);
  const int pw = page_width(), ph = page_height();
  if (pw > 0 && ph > 0 && (pw != w || ph != h)) SDL_SetWindowSize(p.window, pw, ph);
}
#endif

// Two fingers pinch-zoom the canvas about their midpoint (one finger acts as the mouse).
void handle_finger(Platform& p, const SDL_Event& e) {
  const ImVec2 size = ImGui::GetIO().DisplaySize;
  const float x = e.tfinger.x * size.x, y = e.tfinger.y * size.y;
  auto it = std::find_if(p.fingers.begin(), p.fingers.end(), [&](const Platform::Finger& f) { return f.id == e.tfinger.fingerId; });
  // A finger on the screen (not a trackpad): a touch screen in use, even where the main
  // pointer is a mouse (a laptop's touch screen): large controls and the canvas's tool row.
  if (e.type == SDL_FINGERDOWN && SDL_GetTouchDeviceType(e.tfinger.touchId) == SDL_TOUCH_DEVICE_DIRECT) p.app.touch = true;
  if (e.type == SDL_FINGERUP) {
    if (it != p.fingers.end()) p.fingers.erase(it);
    return;
  }
  if (it == p.fingers.end()) {
    p.fingers.push_back({e.tfinger.fingerId, x, y});
    return;
  }
  if (p.fingers.size() == 2) {
    const Platform::Finger& other = p.fingers[it == p.fingers.begin() ? 1 : 0];
    const double before = std::hypot(it->x - other.x, it->y - other.y);
    const double after = std::hypot(x - other.x, y - other.y);
    if (before > 4.0 && after > 4.0)
      pla::app::zoom_at(p.app.view.map, {(x + other.x) * 0.5, (y + other.y) * 0.5}, after / before);
  }
  it->x = x;
  it->y = y;
}

// A file dropped on the window (SDL_DROPFILE: CSV, LIBSVM or .npy, the format from its
// content and name) loads as if imported, the result in the message line.
void import_dropped_file(Platform& p, const char* path) {
  std::string bytes;
  const pla::Status st = pla::read_text_file(path, bytes);
  if (st) pla::app::act(p.app, {"import_csv", bytes, path});
  else std::fprintf(stderr, "%s\n", st.error.c_str());
  wake(p);
}

}  // namespace

// The interface's fonts (app/fonts.hpp), rasterised at the device's pixel density so
// text stays sharp on high-DPI screens; rebuilt when the language or text size changes.
void update_fonts(Platform& p) {
#ifdef __EMSCRIPTEN__
  for (const std::string& name : p.app.session.files().take_wanted()) js_request_data(name.c_str());
  for (const std::string& name : pla::app::wanted_fonts(p.fonts, p.app))
    if (std::find(p.fonts_requested.begin(), p.fonts_requested.end(), name) == p.fonts_requested.end()) {
      js_request_font(name.c_str());
      p.fonts_requested.push_back(name);
    }
#endif
  const float dpr = device_pixel_ratio();
  if (!pla::app::update_fonts(p.fonts, p.app, dpr)) return;
  if (p.font_dpr != 0.0f) {
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
  }
  p.font_dpr = dpr;
}

void frame(void* arg) {
  Platform& p = *static_cast<Platform*>(arg);
#ifdef __EMSCRIPTEN__
  follow_page_size(p);
#endif
  SDL_Event event;
  // A key pressed and released between two frames (likely once the loop sleeps when idle)
  // would never be seen down by ImGui 1.86, which keeps no input queue: its release waits
  // for the next frame.
  std::vector<SDL_Scancode> pressed;
  std::vector<SDL_Event> later;
  while (SDL_PollEvent(&event)) {
    if (event.type == SDL_KEYDOWN) pressed.push_back(event.key.keysym.scancode);
    if (event.type == SDL_KEYUP &&
        std::find(pressed.begin(), pressed.end(), event.key.keysym.scancode) != pressed.end()) {
      later.push_back(event);
      continue;
    }
    if (event.type == SDL_FINGERDOWN || event.type == SDL_FINGERMOTION || event.type == SDL_FINGERUP) handle_finger(p, event);
    ImGui_ImplSDL2_ProcessEvent(&event);
    if (event.type == SDL_QUIT) p.done = true;
    if (event.type == SDL_DROPFILE && event.drop.file) {
      import_dropped_file(p, event.drop.file);
      SDL_free(event.drop.file);
    }
    if (event.type == SDL_WINDOWEVENT && event.window.event == SDL_WINDOWEVENT_CLOSE &&
        event.window.windowID == SDL_GetWindowID(p.window))
      p.done = true;
  }
  for (SDL_Event& e : later) SDL_PushEvent(&e);
  if (!later.empty()) wake(p);
  update_fonts(p);
  const Uint64 now = SDL_GetPerformanceCounter();
  const double dt =
      p.last_ticks ? static_cast<double>(now - p.last_ticks) / static_cast<double>(SDL_GetPerformanceFrequency()) : 0.0;
  p.last_ticks = now;

  const Uint64 build_start = SDL_GetPerformanceCounter();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  ImGui::NewFrame();
  pla::app::frame(p.app, static_cast<float>(dt < 0.25 ? dt : 0.25));
  ImGui::Render();
  forward_lesson_events(p);
  tell_run_end(p);
  p.frame_ms_last = 1000.0 * static_cast<double>(SDL_GetPerformanceCounter() - build_start) /
                    static_cast<double>(SDL_GetPerformanceFrequency());
  p.frame_ms_sum += p.frame_ms_last;
  ++p.frame_count;
  ++p.frames_total;
  if (busy(p)) p.settle_frames = kSettleFrames;
  else if (p.settle_frames > 0) --p.settle_frames;

  const ImGuiIO& io = ImGui::GetIO();
  const int fb_w = static_cast<int>(io.DisplaySize.x * io.DisplayFramebufferScale.x);
  const int fb_h = static_cast<int>(io.DisplaySize.y * io.DisplayFramebufferScale.y);
  glViewport(0, 0, fb_w, fb_h);
  glClearColor(0.94f, 0.94f, 0.95f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  mark_solid_fills(p, ImGui::GetDrawData());
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  if (!p.png_requests.empty()) save_png_requests(p, fb_h);

#ifdef __EMSCRIPTEN__
  if (!p.first_frame_told) {
    p.first_frame_told = true;
    notify_first_frame();
  }
  save_if_edited(p);
  describe_if_changed(p);
  tell_answer_field(p);
  tell_studio_field(p);
  // Idle or out of sight: no more frames until wake() (input, a command, pla_set_visible).
  if (!p.loop_paused && (!p.visible || !needs_frames(p))) {
    p.loop_paused = true;
    emscripten_pause_main_loop();
  }
#else
  if (p.frames_left > 0 && --p.frames_left == 0) {
    if (!p.screenshot_path.empty()) {
      std::string error;
      if (!pla::platform::save_framebuffer_png(p.screenshot_path, fb_w, fb_h, error))
        std::fprintf(stderr, "perceptron-lab: screenshot failed: %s\n", error.c_str());
      else
        std::printf("screenshot saved to %s (%dx%d)\n", p.screenshot_path.c_str(), fb_w, fb_h);
    }
    p.done = true;
  }
#endif
  SDL_GL_SwapWindow(p.window);
}

}  // namespace pla::platform
