// Perceptron Lab platform layer: the one platform struct (every state src/platform keeps,
// the App among it) and what the platform's files share. The platform layer is the only
// code that knows which platform it runs on: SDL2 + OpenGL 3 natively, WebGL2 and the page's
// JavaScript in the browser.
//
//   main.cpp           flags, setup, the loop, cleanup
//   frame.cpp          one frame: events, fonts, the app's frame, drawing; when frames are built
//   hooks.cpp          the app's platform hooks (files, PNG export, links, packages, lesson files)
//   page.cpp           what the page is told (lesson events, the description, the answer
//                      field, the saved work); natively, the progress file
//   web_api.cpp        window.perceptronLab's C functions (browser)
//   screenshot.cpp     PNG files of the frame (native)
//   batch_gl.cpp/.hpp  the canvas's batched layers drawn from buffers kept on the GPU
#pragma once
#include <SDL.h>

#include <cstdint>
#include <string>
#include <vector>

#include "app/app.hpp"
#include "app/fonts.hpp"
#include "platform/batch_gl.hpp"

namespace pla::platform {

// A PNG of a rectangle of the frame, asked for during the frame and saved after drawing.
struct PngRequest {
  std::string name;
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // display pixels
};

struct Platform {
  bool started = false;  // main has set everything up (the browser glue answers "not ready" before)
  SDL_Window* window = nullptr;
  SDL_GLContext gl = nullptr;
  pla::app::App app;
  bool done = false;
  long frames_left = -1;  // < 0: run until closed
  std::string screenshot_path;
  Uint64 last_ticks = 0;
  pla::app::FontAtlas fonts;  // the interface's fonts in ImGui's atlas (app/fonts.hpp)
  float font_dpr = 0.0f;      // the pixel ratio the renderer's font texture was made for (0: none yet)
  std::vector<std::string> fonts_requested;  // browser: the font files asked of the page
  std::vector<PngRequest> png_requests;
  std::uint64_t saved_revision = 0;  // the session revision last saved (or loaded)
  bool save_enabled = false;         // the page asked for saving (browser)
  std::string saved_lesson;          // the built-in lesson open when the work was last saved
  std::string saved_studio;          // the studio as last kept (studio_mark; "" not looked at yet)
  std::uint64_t saved_course = 0;    // the course_revision of the progress last saved (or loaded)
  std::string progress_path;         // native: the progress file (empty: none)
  // Touch: the fingers down, for pinch zoom (positions in display pixels).
  struct Finger {
    SDL_FingerID id;
    float x, y;
  };
  std::vector<Finger> fingers;
  // CPU time spent building frames (NewFrame through Render), in milliseconds.
  double frame_ms_last = 0.0, frame_ms_sum = 0.0;
  long frame_count = 0;
  // Idle: frames are built only while something changes. Every input, command, resize
  // or font arrival wakes the loop for kSettleFrames frames (what ImGui needs to settle
  // hover, focus and layout); playing, training or a held mouse button keep it awake.
  int settle_frames = 0;
  long frames_total = 0;     // frames built since the start (never reset)
  bool loop_paused = false;  // browser: the main loop is paused (idle or out of sight)
  bool visible = true;       // browser: the canvas is on screen and its tab shown
  bool first_frame_told = false;     // browser: the page was told the first frame is drawn
  bool was_working = false;          // sliced work was under way when last looked (run_ended)
  // The description last sent to the page, and when (seconds).
  std::string described;
  double described_at = -1.0;
  // The replies of the browser glue's functions: each lives until that function's next call.
  struct Replies {
    std::string command, import_file, apply_url, lesson_query, frame_stats, describe, state, to_screen, touch_tool,
        answer_submit, layout_rect, studio_item;
  } replies;
  std::string answer_field;  // browser: the answer field as last told to the page (JSON)
  std::string studio_field;  // browser: the studio's field typed in as last told to the page (JSON)
  // browser: the renderer's fragment shader was given the solid-fill branch (solid_fills.cpp)
  bool solid_fill_shader = false;
  BatchGl batch_gl;  // what the GPU keeps of the canvas's batched layers (batch_gl.cpp)
};
constexpr int kSettleFrames = 8;

// main.cpp: the one Platform of the process, made on first use. Not on main's stack: in the
// browser emscripten_set_main_loop leaves main (simulate_infinite_loop) and the frames, the
// browser glue and the page's callbacks go on using it.
Platform& the_platform();

// frame.cpp: one frame (the main loop's callback, `arg` the Platform); whether frames are
// needed (something moves on its own: playing, training, a mouse button held), and waking
// the loop for a few frames after input, a command, a resize or a font.
void frame(void* arg);
bool busy(const Platform& p);
bool needs_frames(const Platform& p);
void wake(Platform& p);
// The interface's fonts at the device's pixel density (rebuilt when the language or text
// size changes; browser: the Chinese font asked of the page when first needed).
void update_fonts(Platform& p);
#ifdef __EMSCRIPTEN__
// The page's inner size (the canvas fills the page or iframe); 0 when unknown.
int page_width_px();
int page_height_px();
#endif

// hooks.cpp: the app's platform hooks, and the PNGs asked for, saved after drawing.
void install_hooks(Platform& p);
// batch_gl.cpp: the draw callback of the canvas's batched layers (PlatformHooks::draw_batch;
// null when the GL functions it needs are missing), and the GL context lost and made anew.
ImDrawCallback batch_drawer();
void batch_gl_context_lost();
void save_png_requests(Platform& p, int fb_h);
// solid_fills.cpp: the browser's solid fills drawn without a texture read, once the renderer's
// shader has the branch for them (natively, or without it, nothing).
void mark_solid_fills(const Platform& p, ImDrawData* data);

// page.cpp: lesson events (natively dropped) and the end of sliced work, for the page.
void forward_lesson_events(Platform& p);
void tell_run_end(Platform& p);
#ifdef __EMSCRIPTEN__
// After a frame: the description when it changed, the answer field's place, the saved work.
void describe_if_changed(Platform& p);
void tell_answer_field(Platform& p);
void tell_studio_field(Platform& p);
void save_if_edited(Platform& p);
// The studio's draft revision, open or not, and step selected: what a change to keep is.
std::string studio_mark(const Platform& p);
// After a command from the page: its events and saving now, and the frames it needs.
void after_command(Platform& p);
#else
// The student's progress file: its default place ("" without a home), read at start,
// written whenever the progress changed.
std::string default_progress_path();
void load_progress_file(Platform& p);
void save_progress_file(Platform& p);
#endif

}  // namespace pla::platform
