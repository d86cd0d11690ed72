// Perceptron Lab platform layer: SDL2 + OpenGL 3 (native) or WebGL2 (browser). main reads
// the flags, opens the window and its GL context, starts ImGui and the app, then runs the
// loop (browser: emscripten's main loop, which leaves main) and cleans up. The platform's
// other files: platform.hpp.
//
// Native flags: --frames N (quit after N frames), --screenshot FILE.png (save the
// last frame), --preset NAME, --size WxH, --command JSON (run a command array
// such as '["generate","moons","200"]' before the first frame; repeatable), --progress FILE
// (the student's lesson progress: read at start, written as it changes; by default, when
// not counting frames, $XDG_CONFIG_HOME/perceptron-lab/progress.json or
// ~/.config/perceptron-lab/progress.json).

#include <SDL.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "app/app.hpp"
#include "app/i18n.hpp"
#include "core/base/json.hpp"
#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_impl_sdl.h"
#include "platform/platform.hpp"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

namespace pla::platform {

Platform& the_platform() {
  static Platform platform;  // the one platform struct: every state src/platform keeps
  return platform;
}

namespace {

#ifdef __EMSCRIPTEN__
EM_JS(void, notify_app_ready, (), {
  if (Module.onAppReady) Module.onAppReady();
});
// A touch screen (a coarse pointer): every control at least 44 px high.
EM_JS(int, js_coarse_pointer, (), {
  return (window.matchMedia && window.matchMedia('(pointer: coarse)').matches) ? 1 : 0;
});
// The system asks for reduced motion: no autoplay (the user can still press Play).
EM_JS(int, js_reduced_motion, (), {
  return (window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches) ? 1 : 0;
});
#endif

// What the command line asks for (besides what it sets in the Platform).
struct Options {
  int width = 1280, height = 800;
  std::string preset;
  std::vector<std::string> commands;
  std::vector<std::string> drops;  // --drop FILE: a file dropped on the window at start (tests)
  std::string state_out;           // --state-out FILE: state() as JSON, written at exit (tests)
  std::string progress_path;       // --progress FILE
  bool told = false;               // --preset or --command say what to show
};

// The usage, the languages (--lang) as the catalogs found name them.
int usage(const char* argv0, const Platform& p) {
  std::string langs;
  for (const std::string& code : pla::app::user_languages(p.app.session.catalogs())) langs += (langs.empty() ? "" : "|") + code;
  std::fprintf(stderr,
               "usage: %s [--frames N] [--screenshot FILE.png] [--preset NAME] [--size WxH] [--lang %s]\n"
               "          [--font-scale S] [--touch] [--command JSON]... [--drop FILE]... [--state-out FILE.json]\n"
               "          [--progress FILE.json]\n",
               argv0, langs.c_str());
  return 2;
}

// The flags; false on one it does not know (or a bad value).
bool parse_flags(int argc, char** argv, Platform& p, Options& o) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--frames" && i + 1 < argc) {
      p.frames_left = std::strtol(argv[++i], nullptr, 10);
      if (p.frames_left <= 0) return false;
    } else if (a == "--screenshot" && i + 1 < argc) {
      p.screenshot_path = argv[++i];
    } else if (a == "--preset" && i + 1 < argc) {
      o.preset = argv[++i];
      o.told = true;
    } else if (a == "--command" && i + 1 < argc) {
      o.commands.push_back(argv[++i]);
      o.told = true;
    } else if (a == "--drop" && i + 1 < argc) {
      o.drops.push_back(argv[++i]);
    } else if (a == "--state-out" && i + 1 < argc) {
      o.state_out = argv[++i];
    } else if (a == "--progress" && i + 1 < argc) {
      o.progress_path = argv[++i];
    } else if (a == "--touch") {
      p.app.touch = true;
    } else if (a == "--lang" && i + 1 < argc) {
      o.commands.push_back(pla::Json::array({"set", "lang", argv[++i]}).dump());
    } else if (a == "--font-scale" && i + 1 < argc) {
      o.commands.push_back(pla::Json::array({"set", "font_scale", argv[++i]}).dump());
    } else if (a == "--size" && i + 1 < argc) {
      if (std::sscanf(argv[++i], "%dx%d", &o.width, &o.height) != 2 || o.width < 100 || o.height < 100) return false;
    } else {
      return false;
    }
  }
  return true;
}

// SDL, the window and its GL context (OpenGL 3 natively, WebGL2 in the browser, where the
// window takes the page's size); the GLSL version for ImGui's renderer, or null after
// saying what failed.
const char* open_window(Platform& p, Options& o) {
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    std::fprintf(stderr, "perceptron-lab: SDL_Init failed: %s\n", SDL_GetError());
    return nullptr;
  }
#ifdef __EMSCRIPTEN__
  const char* glsl_version = "#version 300 es";
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, 0);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
  o.width = page_width_px() > 0 ? page_width_px() : o.width;
  o.height = page_height_px() > 0 ? page_height_px() : o.height;
#else
  const char* glsl_version = "#version 130";
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, 0);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
#endif
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
  SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 8);
  const auto flags = static_cast<SDL_WindowFlags>(SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  p.window = SDL_CreateWindow("Perceptron Lab", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, o.width, o.height, flags);
  if (!p.window) {
    std::fprintf(stderr, "perceptron-lab: cannot open a window: %s\n", SDL_GetError());
    return nullptr;
  }
  p.gl = SDL_GL_CreateContext(p.window);
  if (!p.gl) {
    std::fprintf(stderr, "perceptron-lab: cannot create an OpenGL context: %s\n", SDL_GetError());
    return nullptr;
  }
  SDL_GL_MakeCurrent(p.window, p.gl);
  SDL_GL_SetSwapInterval(p.frames_left > 0 ? 0 : 1);
  return glsl_version;
}

// ImGui and its SDL2 + OpenGL3 backends, every control reachable from the keyboard
// (app/keynav.cpp), and the fonts.
void start_imgui(Platform& p, const char* glsl_version) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  ImGui_ImplSDL2_InitForOpenGL(p.window, p.gl);
  ImGui_ImplOpenGL3_Init(glsl_version);
  update_fonts(p);
}

// The app: its hooks, the first lesson, what the platform knows of the user (a touch
// screen, reduced motion, the language), the student's progress (native), then the
// command line's commands. False (after saying why) when a command fails.
bool start_app(Platform& p, Options& o) {
  install_hooks(p);
  pla::app::init(p.app);
#ifdef __EMSCRIPTEN__
  p.app.touch = js_coarse_pointer() != 0;
  p.app.reduced_motion = js_reduced_motion() != 0;
#else
  // The language: --lang, else the environment's (LANGUAGE, LC_ALL, LANG), else English.
  for (const char* var : {"LANGUAGE", "LC_ALL", "LANG"}) {
    const char* v = std::getenv(var);
    if (v && *v) {
      pla::app::run_command(p.app, {"prefer_languages", v});
      break;
    }
  }
  // The student's progress (before the commands, which may open lessons).
  p.progress_path = !o.progress_path.empty() ? o.progress_path : p.frames_left < 0 ? default_progress_path() : "";
  load_progress_file(p);
#endif
  if (!o.preset.empty()) o.commands.insert(o.commands.begin(), "[\"preset\",\"" + o.preset + "\"]");
  for (const std::string& c : o.commands) {
    std::vector<std::string> args;
    std::string error;
    pla::Status st = pla::parse_json_string_array(c, args, error) ? pla::app::run_command(p.app, args)
                                                                  : pla::Status::fail(pla::Msg::command_bad_json, {{"reason", error}});
    if (!st) {
      std::fprintf(stderr, "perceptron-lab: %s\n", st.error.c_str());
      return false;
    }
  }
  return true;
}

#ifndef __EMSCRIPTEN__
// The native loop: the files given with --drop (through SDL's queue as real drop events,
// as from a file manager), then frames until the window closes (idle, and not counting
// frames for a screenshot: asleep until an event arrives); the progress and --state-out
// written, and everything closed.
void run_native(Platform& p, const Options& o) {
  for (const std::string& path : o.drops) {
    SDL_Event drop{};
    drop.type = SDL_DROPFILE;
    drop.drop.file = SDL_strdup(path.c_str());
    drop.drop.windowID = SDL_GetWindowID(p.window);
    if (SDL_PushEvent(&drop) != 1) SDL_free(drop.drop.file);
  }
  wake(p);
  while (!p.done) {
    if (p.frames_left < 0 && !needs_frames(p)) {
      if (SDL_WaitEventTimeout(nullptr, 1000)) wake(p);
      continue;
    }
    frame(&p);
    save_progress_file(p);
  }
  save_progress_file(p);
  if (!o.state_out.empty()) {
    std::FILE* f = std::fopen(o.state_out.c_str(), "wb");
    if (!f) {
      std::fprintf(stderr, "perceptron-lab: cannot write %s\n", o.state_out.c_str());
    } else {
      const std::string text = pla::app::state(p.app).dump(-1, ' ', false, pla::Json::error_handler_t::replace);
      std::fwrite(text.data(), 1, text.size(), f);
      std::fclose(f);
    }
  }
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
  SDL_GL_DeleteContext(p.gl);
  SDL_DestroyWindow(p.window);
  SDL_Quit();
}
#endif

}  // namespace

}  // namespace pla::platform

int main(int argc, char** argv) {
  using namespace pla::platform;
  Platform& p = the_platform();
  p.started = true;
  Options o;
  if (!parse_flags(argc, argv, p, o)) return usage(argv[0], p);
  const char* glsl_version = open_window(p, o);
  if (!glsl_version) return 1;
  start_imgui(p, glsl_version);
  if (!start_app(p, o)) return 2;
#ifdef __EMSCRIPTEN__
  (void)o.told;        // the page says what to show (its link or the saved work)
  notify_app_ready();  // the page applies its lesson (URL or saved work) now
  emscripten_set_main_loop_arg(frame, &p, 0, 1);
#else
  // The lesson open when the lab was last closed goes on where the student left it (unless
  // the command line says what to show).
  if (!o.told && !p.app.course.current.empty()) pla::app::run_command(p.app, {"lesson_open", p.app.course.current});
  run_native(p, o);
#endif
  return 0;
}
