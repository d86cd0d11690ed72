// Perceptron Lab platform layer: SDL2 + OpenGL 3 (native) or WebGL2 (browser).
// The only file that knows which platform it runs on: setup, main loop, cleanup,
// the platform hooks of the app (files, PNG export) and the browser glue behind
// window.perceptronLab.
//
// Native flags: --frames N (quit after N frames), --screenshot FILE.png (save the
// last frame), --preset NAME, --size WxH, --command JSON (run a command array
// such as '["generate","moons","200"]' before the first frame; repeatable), --progress FILE
// (the student's lesson progress: read at start, written as it changes; by default, when
// not counting frames, $XDG_CONFIG_HOME/perceptron-lab/progress.json or
// ~/.config/perceptron-lab/progress.json).
//
// [SECTION] The platform's state
// [SECTION] The page's JavaScript side (browser)
// [SECTION] The app's hooks, touch, fonts, saving
// [SECTION] One frame
// [SECTION] main: flags, setup, the loop
// [SECTION] Browser glue: window.perceptronLab

#include <SDL.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "app/app.hpp"
#include "app/describe.hpp"
#include "app/fonts.hpp"
#include "app/format.hpp"
#include "app/i18n.hpp"
#include "core/data/read/io.hpp"
#include "core/base/json.hpp"
#include "core/lab/session/urlstate.hpp"
#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_internal.h"  // FindWindowByName (pla_layout_rect)
#include "imgui_impl_sdl.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#include <emscripten/html5.h>
#include <SDL_opengles2.h>
#else
#include <SDL_opengl.h>

#include "platform/screenshot.hpp"
#endif

namespace pla::app {
// app/canvas.cpp: the centre of a touch tool button as drawn last (browser tests).
bool touch_tool_centre(const App& app, const std::string& name, Vec2d& at);
// app/lesson_panel.cpp: the expected answer of the question as the student reads it.
std::string lesson_answer_text(const App& app);
}  // namespace pla::app

namespace {

// -----------------------------------------------------------------------------
// [SECTION] The platform's state
// -----------------------------------------------------------------------------

struct PngRequest {
  std::string name;
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // display pixels
};

struct Platform {
  SDL_Window* window = nullptr;
  SDL_GLContext gl = nullptr;
  pla::app::App app;
  bool done = false;
  long frames_left = -1;  // < 0: run until closed
  std::string screenshot_path;
  Uint64 last_ticks = 0;
  float font_dpr = 0.0f;
  bool font_requested = false;  // the Chinese font was asked of the page
  std::vector<PngRequest> png_requests;
  std::uint64_t saved_revision = 0;  // the session revision last saved (or loaded)
  bool save_enabled = false;         // the page asked for saving (browser)
  std::string saved_lesson;          // the built-in lesson open when the work was last saved
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
        answer_submit, layout_rect;
  } replies;
  std::string answer_field;  // browser: the answer field as last told to the page (JSON)
};
constexpr int kSettleFrames = 8;

Platform* g_platform = nullptr;  // the single instance, for the browser glue

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

float device_pixel_ratio() {
#ifdef __EMSCRIPTEN__
  return static_cast<float>(emscripten_get_device_pixel_ratio());
#else
  return 1.0f;
#endif
}

// -----------------------------------------------------------------------------
// [SECTION] The page's JavaScript side (browser)
// -----------------------------------------------------------------------------

#ifdef __EMSCRIPTEN__
// The canvas fills the page (or iframe): follow the window's inner size.
EM_JS(int, page_width, (), { return window.innerWidth | 0; });
EM_JS(int, page_height, (), { return window.innerHeight | 0; });
EM_JS(void, notify_app_ready, (), {
  if (Module.onAppReady) Module.onAppReady();
});
EM_JS(void, notify_first_frame, (), {
  if (Module.onFirstFrame) Module.onFirstFrame();
});
EM_JS(void, js_download, (const char* name, const char* mime, const char* data, int size), {
  const bytes = HEAPU8.slice(data, data + size);
  const blob = new Blob([bytes], {type: UTF8ToString(mime)});
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = UTF8ToString(name);
  document.body.appendChild(a);
  a.click();
  setTimeout(function() { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
});
EM_JS(void, js_pick_file, (), {
  const input = document.getElementById('file-input');
  if (input) input.click();
});
// Crops the WebGL canvas right after drawing (the buffer is still valid in this task).
EM_JS(void, js_save_canvas_region, (const char* name, double x0, double y0, double x1, double y1), {
  const src = Module.canvas, r = window.devicePixelRatio || 1;
  const w = Math.max(1, Math.round((x1 - x0) * r)), h = Math.max(1, Math.round((y1 - y0) * r));
  const c = document.createElement('canvas');
  c.width = w; c.height = h;
  c.getContext('2d').drawImage(src, Math.round(x0 * r), Math.round(y0 * r), w, h, 0, 0, w, h);
  const file = UTF8ToString(name);
  c.toBlob(function(blob) {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = file;
    document.body.appendChild(a);
    a.click();
    setTimeout(function() { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  }, 'image/png');
});

// Asks the page for a font file the wasm does not embed (the Chinese font, fetched
// only when Chinese is chosen); the page answers through pla_provide_font.
EM_JS(void, js_request_font, (const char* name), {
  if (Module.onFontRequest) Module.onFontRequest(UTF8ToString(name));
});
// A lesson event (JSON) for the page, which passes it on to the host page.
EM_JS(void, js_lesson_event, (const char* json), {
  if (Module.onLessonEvent) Module.onLessonEvent(JSON.parse(UTF8ToString(json)));
});
// A touch screen (a coarse pointer): every control at least 44 px high.
EM_JS(int, js_coarse_pointer, (), {
  return (window.matchMedia && window.matchMedia('(pointer: coarse)').matches) ? 1 : 0;
});
EM_JS(void, js_copy_text, (const char* text), {
  if (Module.onCopyText) Module.onCopyText(UTF8ToString(text));
});
EM_JS(void, js_copy_link, (const char* query), {
  if (Module.onCopyLink) Module.onCopyLink(UTF8ToString(query));
});
EM_JS(void, js_reset_to_lesson, (), {
  if (Module.onResetToLesson) Module.onResetToLesson();
});
// "For your course" (app/course_maker.cpp): a package made by the page (it reports the end
// through pla_package_done), a lesson file picked or pasted (then lesson_add), this page's
// address for the embed code ("" where it has none a course page could use: a file, a blob).
EM_JS(int, js_make_package, (const char* standard, const char* options, int download), {
  if (!Module.onMakePackage) return 0;
  Module.onMakePackage(UTF8ToString(standard), UTF8ToString(options), download !== 0);
  return 1;
});
EM_JS(void, js_pick_lesson_file, (), {
  if (Module.onPickLessonFile) Module.onPickLessonFile();
});
EM_JS(void, js_paste_lesson, (), {
  if (Module.onPasteLesson) Module.onPasteLesson();
});
EM_JS(int, js_page_address, (char* out, int size), {
  var p = location.protocol;
  var a = p === "http:" || p === "https:" ? location.href.split("#")[0].split("?")[0] : "";
  if (lengthBytesUTF8(a) >= size) a = "";
  stringToUTF8(a, out, size);
  return a.length;
});
EM_JS(void, js_save_state, (const char* text), {
  if (Module.onSaveState) Module.onSaveState(UTF8ToString(text));
});
// The student's progress through the lessons (CourseProgress's JSON), kept by the page.
EM_JS(void, js_save_progress, (const char* text), {
  if (Module.onSaveProgress) Module.onSaveProgress(UTF8ToString(text));
});
// The lab in words (app/describe.hpp) for the page's hidden description and live region.
EM_JS(void, js_describe, (const char* json), {
  if (Module.onDescribe) Module.onDescribe(UTF8ToString(json));
});
// The system asks for reduced motion: no autoplay (the user can still press Play).
EM_JS(int, js_reduced_motion, (), {
  return (window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches) ? 1 : 0;
});

// Sends the description when it changed, from the frames that draw (at most every
// 0.25 s while the lab plays or trains: it counts the training mistakes).
void describe_if_changed(Platform& p) {
  const double now = emscripten_get_now() / 1000.0;
  if (busy(p) && p.described_at >= 0.0 && now - p.described_at < 0.25) return;
  std::string text = pla::app::describe_json(p.app);
  p.described_at = now;
  if (text == p.described) return;
  p.described = std::move(text);
  js_describe(p.described.c_str());
}

// The number question's answer field for the page's real text input over it (a phone's
// keyboard opens only for a real input): {"shown", "x", "y", "w", "h" (CSS px from the
// canvas's corner), "active" (ImGui's field took the keyboard focus: Tab reached it),
// "text", "hint", "label", "font", "pad", "radius" (CSS px), "bg", "fg", "muted" (CSS colours)}.
EM_JS(void, js_answer_field, (const char* json), {
  if (Module.onAnswerField) Module.onAnswerField(JSON.parse(UTF8ToString(json)));
});

std::string css_colour(const ImVec4& c) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "rgb(%d,%d,%d)", static_cast<int>(c.x * 255.0f + 0.5f), static_cast<int>(c.y * 255.0f + 0.5f),
                static_cast<int>(c.z * 255.0f + 0.5f));
  return buf;
}

// Tells the page where the answer field is when that changed (after each frame).
void tell_answer_field(Platform& p) {
  const pla::app::LessonUi::AnswerField& f = p.app.lesson_ui.answer;
  pla::Json o{{"shown", f.shown}};
  if (f.shown) {
    const ImGuiStyle& st = ImGui::GetStyle();
    // The field's colour as drawn: the frame's background over the window's.
    const ImVec4 win = st.Colors[ImGuiCol_WindowBg], fr = st.Colors[ImGuiCol_FrameBg];
    const ImVec4 bg(fr.x * fr.w + win.x * (1.0f - fr.w), fr.y * fr.w + win.y * (1.0f - fr.w), fr.z * fr.w + win.z * (1.0f - fr.w), 1.0f);
    o["x"] = f.min.x;
    o["y"] = f.min.y;
    o["w"] = f.max.x - f.min.x;
    o["h"] = f.max.y - f.min.y;
    o["active"] = f.active;
    o["text"] = std::string(p.app.answer_text);
    o["hint"] = f.hint;
    o["label"] = f.label;
    o["font"] = ImGui::GetFontSize();
    o["pad"] = st.FramePadding.x;
    o["radius"] = st.FrameRounding;
    o["bg"] = css_colour(bg);
    o["fg"] = css_colour(st.Colors[ImGuiCol_Text]);
    o["muted"] = css_colour(st.Colors[ImGuiCol_TextDisabled]);
  }
  std::string text = o.dump(-1, ' ', false, pla::Json::error_handler_t::replace);
  if (text == p.answer_field) return;
  p.answer_field = std::move(text);
  js_answer_field(p.answer_field.c_str());
}

void follow_page_size(Platform& p) {
  int w = 0, h = 0;
  SDL_GetWindowSize(p.window, &w, &h);
  const int pw = page_width(), ph = page_height();
  if (pw > 0 && ph > 0 && (pw != w || ph != h)) SDL_SetWindowSize(p.window, pw, ph);
}
#endif

// -----------------------------------------------------------------------------
// [SECTION] The app's hooks, touch, fonts, saving
// -----------------------------------------------------------------------------

void install_hooks(Platform& p) {
  pla::app::PlatformHooks& h = p.app.hooks;
#ifdef __EMSCRIPTEN__
  h.save_file = [](const std::string& name, const std::string& mime, const std::string& bytes, std::string& where) {
    js_download(name.c_str(), mime.c_str(), bytes.data(), static_cast<int>(bytes.size()));
    where = name + " (download)";
    return true;
  };
  h.pick_data_file = [] { js_pick_file(); };
  h.copy_link = [](const std::string& query) { js_copy_link(query.c_str()); };
  h.copy_text = [](const std::string& text) { js_copy_text(text.c_str()); };
  h.reset_to_lesson = [] { js_reset_to_lesson(); };
  h.make_package = [](const std::string& standard, const std::string& options, bool download) {
    return js_make_package(standard.c_str(), options.c_str(), download ? 1 : 0) == 1;
  };
  h.pick_lesson_file = [] { js_pick_lesson_file(); };
  h.paste_lesson = [] { js_paste_lesson(); };
  h.page_address = [] {
    std::vector<char> buf(4096);
    js_page_address(buf.data(), static_cast<int>(buf.size()));
    return std::string(buf.data());
  };
#else
  h.save_file = [](const std::string& name, const std::string&, const std::string& bytes, std::string& where) {
    std::ofstream out(name, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out) {
      where = "cannot write " + name;
      return false;
    }
    where = name;
    return true;
  };
#endif
  h.save_png = [&p](const std::string& name, float x0, float y0, float x1, float y1) {
    p.png_requests.push_back({name, x0, y0, x1, y1});
  };
}

void save_png_requests(Platform& p, int fb_h) {
  for (const PngRequest& r : p.png_requests) {
#ifdef __EMSCRIPTEN__
    (void)fb_h;
    js_save_canvas_region(r.name.c_str(), r.x0, r.y0, r.x1, r.y1);
#else
    const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
    std::string error;
    const int x = static_cast<int>(r.x0 * scale.x), y = static_cast<int>(r.y0 * scale.y);
    const int w = static_cast<int>((r.x1 - r.x0) * scale.x), h = static_cast<int>((r.y1 - r.y0) * scale.y);
    if (pla::platform::save_framebuffer_region_png(r.name, fb_h, x, y, w, h, error))
      p.app.message = pla::Message(pla::Msg::ui_saved, {{"where", r.name}}), p.app.message_is_error = false;
    else
      p.app.message = pla::Status::fail(pla::Msg::ui_save_failed, {{"name", r.name}, {"reason", error}}),
      p.app.message_is_error = true;
#endif
  }
  p.png_requests.clear();
}

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

// The interface's fonts (app/fonts.hpp), rasterised at the device's pixel density so
// text stays sharp on high-DPI screens; rebuilt when the language or text size changes.
void update_fonts(Platform& p) {
#ifdef __EMSCRIPTEN__
  if (p.app.lang == pla::app::Lang::Zh && !pla::app::font_available(pla::app::Lang::Zh) && !p.font_requested) {
    js_request_font("zh");
    p.font_requested = true;
  }
#endif
  const float dpr = device_pixel_ratio();
  if (!pla::app::update_fonts(p.app, dpr)) return;
  if (p.font_dpr != 0.0f) {
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
  }
  p.font_dpr = dpr;
}

// Lesson events go to the page (and from there to the host page); natively they are dropped.
void forward_lesson_events(Platform& p) {
  for (pla::Json& e : p.app.lesson.take_events()) {
#ifdef __EMSCRIPTEN__
    // An answer also names the question's kind and the answer expected (as answer() takes
    // it; number: with its tolerance), for a learning platform's record of the interaction.
    const pla::LessonRunner& l = p.app.lesson;
    if (e.value("event", "") == "answer_given" && l.active() && !l.done() && l.answered() &&
        e.value("question", static_cast<std::size_t>(-1)) == l.step()) {
      e["kind"] = pla::to_string(l.question_kind());
      e["expected"] = l.expected_answer();
      if (l.question_kind() == pla::QuestionKind::Number) e["tolerance"] = l.lesson().steps[l.step()].question.tolerance;
      // And in words, as the panel shows them (the lab's language; prompt_en for ASCII
      // identifiers): the question, a choice's options, the reply and the right answer.
      const std::string lang = pla::app::lang_code(p.app.lang);
      const pla::NumberFormat fmt = [](double v) { return pla::app::fmt_num(v, 6); };
      e["prompt"] = l.question_prompt(lang, fmt);
      e["prompt_en"] = l.question_prompt("en", fmt);
      if (l.question_kind() == pla::QuestionKind::Choice) e["options"] = l.question_options(lang, fmt);
      const bool none = e.value("answer", "") == "none";
      e["answer_text"] = !none ? l.given_text(lang, fmt)
                         : pla::app::tr(l.question_kind() == pla::QuestionKind::PlaceLine ? "lesson.no_line" : "lesson.none");
      e["expected_text"] = pla::app::lesson_answer_text(p.app);
    }
    js_lesson_event(e.dump(-1, ' ', false, pla::Json::error_handler_t::replace).c_str());
#else
    (void)e;
#endif
  }
}

// Sliced work (a train, an epoch, Train to the end, a link's step, ...) that was under way
// and is no longer: the page's event {"event": "run_ended", "kind", "finished" (false:
// cancelled or replaced by other work), "step", "epoch", "updates"}.
void tell_run_end(Platform& p) {
  const bool now = pla::app::working(p.app);
  if (p.was_working && !now) {
#ifdef __EMSCRIPTEN__
    const pla::Learner& l = p.app.session.live_learner();
    const pla::Json e{{"event", "run_ended"}, {"kind", p.app.run.kind}, {"finished", p.app.run.last_finished},
                      {"step", l.steps()}, {"epoch", l.epoch()}, {"updates", l.updates()}};
    js_lesson_event(e.dump(-1, ' ', false, pla::Json::error_handler_t::replace).c_str());
#endif
  }
  p.was_working = now;
}

#ifdef __EMSCRIPTEN__
// The lesson is saved as the user edits it (never merely because it was opened), and when
// a built-in lesson is opened or ended from the page (the saved work names it: a reload
// resumes it with the progress). The progress is saved whenever it changes.
void save_if_edited(Platform& p) {
  if (!p.save_enabled) return;
  if (p.app.session.revision() != p.saved_revision || p.app.builtin_open != p.saved_lesson) {
    p.saved_revision = p.app.session.revision();
    p.saved_lesson = p.app.builtin_open;
    pla::Params params = pla::app::link_params(p.app);
    if (!p.app.builtin_open.empty() && p.app.lesson.active()) params.emplace_back("lesson", p.app.builtin_open);
    js_save_state(pla::encode_saved_state(params).c_str());
  }
  if (p.app.course_revision != p.saved_course) {
    p.saved_course = p.app.course_revision;
    js_save_progress(p.app.course.to_json().c_str());
  }
}

// After a command from the page: its lesson events and saving happen now (even when the
// lab is out of sight and builds no frames), and the frames it needs are built.
void after_command(Platform& p) {
  forward_lesson_events(p);
  tell_run_end(p);
  save_if_edited(p);
  wake(p);
}
#endif

#ifndef __EMSCRIPTEN__
// The progress file in the user's configuration folder ("" without a home).
std::string default_progress_path() {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  std::string base;
  if (xdg && *xdg) {
    base = xdg;
  } else {
    const char* home = std::getenv("HOME");
    if (!home || !*home) return "";
    base = std::string(home) + "/.config";
  }
  return base + "/perceptron-lab/progress.json";
}

void load_progress_file(Platform& p) {
  if (p.progress_path.empty()) return;
  std::string text;
  if (!pla::read_text_file(p.progress_path, text)) return;  // none yet
  if (!pla::CourseProgress::from_json(text, p.app.course))
    std::fprintf(stderr, "perceptron-lab: %s is no progress record; it will be replaced\n", p.progress_path.c_str());
  p.saved_course = p.app.course_revision;
}

// Written whole to a temporary file, then renamed over the old one.
void save_progress_file(Platform& p) {
  if (p.progress_path.empty() || p.app.course_revision == p.saved_course) return;
  p.saved_course = p.app.course_revision;
  std::error_code ec;
  const std::filesystem::path path(p.progress_path);
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
  const std::string tmp = p.progress_path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << p.app.course.to_json();
    if (!out) {
      std::fprintf(stderr, "perceptron-lab: cannot write %s\n", tmp.c_str());
      return;
    }
  }
  std::filesystem::rename(tmp, path, ec);
  if (ec) std::fprintf(stderr, "perceptron-lab: cannot write %s: %s\n", p.progress_path.c_str(), ec.message().c_str());
}
#endif

// A file dropped on the window (SDL_DROPFILE: CSV, LIBSVM or .npy, the format from its
// content and name) loads as if imported, the result in the message line.
void import_dropped_file(Platform& p, const char* path) {
  std::string bytes;
  const pla::Status st = pla::read_text_file(path, bytes);
  if (st) pla::app::act(p.app, {"import_csv", bytes, path});
  else std::fprintf(stderr, "%s\n", st.error.c_str());
  wake(p);
}

// -----------------------------------------------------------------------------
// [SECTION] One frame
// -----------------------------------------------------------------------------

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

// -----------------------------------------------------------------------------
// [SECTION] main: flags, setup, the loop
// -----------------------------------------------------------------------------

int usage(const char* argv0) {
  std::fprintf(stderr,
               "usage: %s [--frames N] [--screenshot FILE.png] [--preset NAME] [--size WxH] [--lang en|vi|zh]\n"
               "          [--font-scale S] [--touch] [--command JSON]... [--drop FILE]... [--state-out FILE.json]\n"
               "          [--progress FILE.json]\n",
               argv0);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  // The one Platform of the process, static rather than on main's stack: in the browser
  // emscripten_set_main_loop leaves main (simulate_infinite_loop) and the frames, the
  // browser glue and the page's callbacks go on using it.
  static Platform platform;
  Platform& p = platform;
  g_platform = &p;
  int width = 1280, height = 800;
  std::string preset;
  std::vector<std::string> commands;
  std::vector<std::string> drops;  // --drop FILE: a file dropped on the window at start (tests)
  std::string state_out;           // --state-out FILE: state() as JSON, written at exit (tests)
  std::string progress_path;       // --progress FILE
  bool told = false;               // --preset or --command say what to show
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--frames" && i + 1 < argc) {
      p.frames_left = std::strtol(argv[++i], nullptr, 10);
      if (p.frames_left <= 0) return usage(argv[0]);
    } else if (a == "--screenshot" && i + 1 < argc) {
      p.screenshot_path = argv[++i];
    } else if (a == "--preset" && i + 1 < argc) {
      preset = argv[++i];
      told = true;
    } else if (a == "--command" && i + 1 < argc) {
      commands.push_back(argv[++i]);
      told = true;
    } else if (a == "--drop" && i + 1 < argc) {
      drops.push_back(argv[++i]);
    } else if (a == "--state-out" && i + 1 < argc) {
      state_out = argv[++i];
    } else if (a == "--progress" && i + 1 < argc) {
      progress_path = argv[++i];
    } else if (a == "--touch") {
      p.app.touch = true;
    } else if (a == "--lang" && i + 1 < argc) {
      commands.push_back(pla::Json::array({"set", "lang", argv[++i]}).dump());
    } else if (a == "--font-scale" && i + 1 < argc) {
      commands.push_back(pla::Json::array({"set", "font_scale", argv[++i]}).dump());
    } else if (a == "--size" && i + 1 < argc) {
      if (std::sscanf(argv[++i], "%dx%d", &width, &height) != 2 || width < 100 || height < 100) return usage(argv[0]);
    } else {
      return usage(argv[0]);
    }
  }

  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    std::fprintf(stderr, "perceptron-lab: SDL_Init failed: %s\n", SDL_GetError());
    return 1;
  }
#ifdef __EMSCRIPTEN__
  const char* glsl_version = "#version 300 es";
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, 0);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
  width = page_width() > 0 ? page_width() : width;
  height = page_height() > 0 ? page_height() : height;
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
  p.window = SDL_CreateWindow("Perceptron Lab", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height, flags);
  if (!p.window) {
    std::fprintf(stderr, "perceptron-lab: cannot open a window: %s\n", SDL_GetError());
    return 1;
  }
  p.gl = SDL_GL_CreateContext(p.window);
  if (!p.gl) {
    std::fprintf(stderr, "perceptron-lab: cannot create an OpenGL context: %s\n", SDL_GetError());
    return 1;
  }
  SDL_GL_MakeCurrent(p.window, p.gl);
  SDL_GL_SetSwapInterval(p.frames_left > 0 ? 0 : 1);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;  // every control from the keyboard (app/keynav.cpp)
  ImGui_ImplSDL2_InitForOpenGL(p.window, p.gl);
  ImGui_ImplOpenGL3_Init(glsl_version);
  update_fonts(p);

  install_hooks(p);
  pla::app::init(p.app);
#ifdef __EMSCRIPTEN__
  p.app.touch = js_coarse_pointer() != 0;
  p.app.reduced_motion = js_reduced_motion() != 0;
#endif
#ifndef __EMSCRIPTEN__
  // The language: --lang, else the environment's (LANGUAGE, LC_ALL, LANG), else English.
  for (const char* var : {"LANGUAGE", "LC_ALL", "LANG"}) {
    const char* v = std::getenv(var);
    if (v && *v) {
      pla::app::run_command(p.app, {"prefer_languages", v});
      break;
    }
  }
#endif
#ifndef __EMSCRIPTEN__
  // The student's progress (before the commands, which may open lessons).
  p.progress_path = !progress_path.empty() ? progress_path : p.frames_left < 0 ? default_progress_path() : "";
  load_progress_file(p);
#endif
  if (!preset.empty()) commands.insert(commands.begin(), "[\"preset\",\"" + preset + "\"]");
  for (const std::string& c : commands) {
    std::vector<std::string> args;
    std::string error;
    pla::Status st = pla::parse_json_string_array(c, args, error) ? pla::app::run_command(p.app, args)
                                                                  : pla::Status::fail(pla::Msg::command_bad_json, {{"reason", error}});
    if (!st) {
      std::fprintf(stderr, "perceptron-lab: %s\n", st.error.c_str());
      return 2;
    }
  }

#ifndef __EMSCRIPTEN__
  // The lesson open when the lab was last closed goes on where the student left it (unless
  // the command line says what to show).
  if (!told && !p.app.course.current.empty())
    pla::app::run_command(p.app, {"lesson_open", p.app.course.current});
#endif
#ifdef __EMSCRIPTEN__
  (void)told;          // the page says what to show (its link or the saved work)
  notify_app_ready();  // the page applies its lesson (URL or saved work) now
  emscripten_set_main_loop_arg(frame, &p, 0, 1);
#else
  // Files given with --drop arrive through SDL's queue as real drop events, as from a file manager.
  for (const std::string& path : drops) {
    SDL_Event drop{};
    drop.type = SDL_DROPFILE;
    drop.drop.file = SDL_strdup(path.c_str());
    drop.drop.windowID = SDL_GetWindowID(p.window);
    if (SDL_PushEvent(&drop) != 1) SDL_free(drop.drop.file);
  }
  wake(p);
  while (!p.done) {
    // Idle (and not counting frames for a screenshot): sleep until an event arrives.
    if (p.frames_left < 0 && !needs_frames(p)) {
      if (SDL_WaitEventTimeout(nullptr, 1000)) wake(p);
      continue;
    }
    frame(&p);
    save_progress_file(p);
  }
  save_progress_file(p);
  if (!state_out.empty()) {
    std::FILE* f = std::fopen(state_out.c_str(), "wb");
    if (!f) {
      std::fprintf(stderr, "perceptron-lab: cannot write %s\n", state_out.c_str());
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
#endif
  return 0;
}

// -----------------------------------------------------------------------------
// [SECTION] Browser glue: window.perceptronLab
// -----------------------------------------------------------------------------

// Browser glue: the C functions behind window.perceptronLab (see web/index.html).
#ifdef __EMSCRIPTEN__
extern "C" {

// Runs a command given as a JSON array of strings/numbers, e.g. ["set","eta",0.5];
// returns JSON {"ok":true} or {"ok":false,"error":"..."}. The string lives until the next call.
EMSCRIPTEN_KEEPALIVE const char* pla_command(const char* json) {
  if (!g_platform || !json) return "{\"ok\":false,\"error\":\"not ready\"}";
  std::string& result = g_platform->replies.command;
  std::vector<std::string> args;
  std::string error;
  pla::Status st = pla::parse_json_string_array(json, args, error)
                       ? pla::app::run_command(g_platform->app, args)
                       : pla::Status::fail(pla::Msg::command_bad_json, {{"reason", error}});
  after_command(*g_platform);  // before `result` is set: a lesson event's listener may call back
  // running: sliced work (this command's, or work already under way) goes on in the frames.
  result = !st ? "{\"ok\":false,\"error\":" + pla::json_string(st.error) + "}"
               : pla::app::working(g_platform->app) ? "{\"ok\":true,\"running\":true}" : "{\"ok\":true}";
  return result.c_str();
}

// 1 while sliced work runs (window.perceptronLab.idle() waits for 0).
EMSCRIPTEN_KEEPALIVE int pla_working() { return g_platform && pla::app::working(g_platform->app) ? 1 : 0; }

// A file from the page's picker or a drop on the page, as bytes (CSV, LIBSVM or .npy: the
// format from its content and name), loaded as if imported; the result shows in the
// message line. Returns JSON like pla_command.
// Memory for the bytes the page hands to pla_import_file (larger than ccall's stack copies).
EMSCRIPTEN_KEEPALIVE unsigned char* pla_alloc(int size) {
  return size > 0 ? static_cast<unsigned char*>(std::malloc(static_cast<std::size_t>(size))) : nullptr;
}
EMSCRIPTEN_KEEPALIVE void pla_free(unsigned char* p) { std::free(p); }

EMSCRIPTEN_KEEPALIVE const char* pla_import_file(const char* name, const unsigned char* bytes, int size) {
  if (!g_platform || !name || (!bytes && size > 0) || size < 0) return "{\"ok\":false,\"error\":\"not ready\"}";
  std::string& result = g_platform->replies.import_file;
  const std::string data(reinterpret_cast<const char*>(bytes), static_cast<std::size_t>(size));
  const pla::Status st = pla::app::act(g_platform->app, {"import_csv", data, name});
  after_command(*g_platform);
  result = st ? "{\"ok\":true}" : "{\"ok\":false,\"error\":" + pla::json_string(st.error) + "}";
  return result.c_str();
}

// Applies lesson parameters from the page's URL (query + hash); the ignored ones
// become a visible notice. Returns {"ok":true,"ignored":[...]}.
EMSCRIPTEN_KEEPALIVE const char* pla_apply_url(const char* query) {
  if (!g_platform || !query) return "{\"ok\":false,\"error\":\"not ready\"}";
  std::string& result = g_platform->replies.apply_url;
  pla::app::App& app = g_platform->app;
  pla::Params params;
  std::vector<pla::Message> ignored;
  const pla::Status st = pla::parse_query(query, params);
  if (!st) ignored.push_back(st);
  else pla::app::apply_params(app, params, ignored);
  if (app.reduced_motion) app.session.pause();  // reduced motion: autoplay waits for Play
  if (!ignored.empty()) {
    app.notices.push_back(pla::Message(pla::Msg::notice_link_ignored));
    app.notices.insert(app.notices.end(), ignored.begin(), ignored.end());
  }
  g_platform->saved_revision = app.session.revision();
  g_platform->saved_lesson = app.builtin_open;
  wake(*g_platform);
  pla::Json list = pla::Json::array();
  for (const pla::Message& m : ignored) list.push_back(m.english());
  result = pla::Json{{"ok", true}, {"ignored", list}}.dump(-1, ' ', false, pla::Json::error_handler_t::replace);
  return result.c_str();
}

// Restores the saved lesson; corrupt or old saved state is ignored with a notice.
EMSCRIPTEN_KEEPALIVE int pla_restore_saved(const char* text) {
  if (!g_platform || !text) return 0;
  pla::app::App& app = g_platform->app;
  pla::Params params;
  std::vector<pla::Message> ignored;
  const pla::Status st = pla::parse_saved_state(text, params);
  if (!st) {
    pla::Message m(pla::Msg::notice_saved_unreadable);
    m.cause = std::make_shared<const pla::Message>(static_cast<const pla::Message&>(st));
    app.notices.push_back(m);
    return 0;
  }
  pla::app::apply_params(app, params, ignored);
  if (app.reduced_motion) app.session.pause();  // reduced motion: autoplay waits for Play
  if (!ignored.empty()) {
    app.notices.push_back(pla::Message(pla::Msg::notice_saved_partly));
    app.notices.insert(app.notices.end(), ignored.begin(), ignored.end());
  }
  g_platform->saved_revision = app.session.revision();
  g_platform->saved_lesson = app.builtin_open;
  wake(*g_platform);
  return 1;
}

// The student's progress through the lessons, as the page kept it (before the saved work
// or the link is applied); a record that does not parse is ignored. 1 when taken.
EMSCRIPTEN_KEEPALIVE int pla_restore_progress(const char* text) {
  if (!g_platform || !text) return 0;
  pla::app::App& app = g_platform->app;
  if (!pla::CourseProgress::from_json(text, app.course)) return 0;
  g_platform->saved_course = app.course_revision;
  return 1;
}

// The page's delivery of a font the wasm does not embed (the Chinese font); 1 when taken.
EMSCRIPTEN_KEEPALIVE int pla_provide_font(const char* name, const unsigned char* data, int size) {
  if (!name || !data || size <= 0) return 0;
  const bool taken = pla::app::provide_font(name, std::string(reinterpret_cast<const char*>(data), static_cast<std::size_t>(size)));
  if (g_platform) wake(*g_platform);
  return taken ? 1 : 0;
}

// Turns saving on (from the current revision: only later edits are saved).
EMSCRIPTEN_KEEPALIVE void pla_enable_saving() {
  if (!g_platform) return;
  g_platform->save_enabled = true;
  g_platform->saved_revision = g_platform->app.session.revision();
  g_platform->saved_lesson = g_platform->app.builtin_open;
}

// The query string that reproduces the lesson as it is now.
EMSCRIPTEN_KEEPALIVE const char* pla_lesson_query() {
  if (!g_platform) return "";
  std::string& result = g_platform->replies.lesson_query;
  result = pla::encode_query(pla::app::link_params(g_platform->app));
  return result.c_str();
}

// After a lost WebGL context comes back: restart ImGui's renderer so every GL
// object (and the buffer sizes it remembers) is made anew.
EMSCRIPTEN_KEEPALIVE void pla_gl_restored() {
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplOpenGL3_Init("#version 300 es");
  if (g_platform) wake(*g_platform);
}

// Input, a resize or anything else that may change the picture: build frames again.
EMSCRIPTEN_KEEPALIVE void pla_wake() {
  if (g_platform) wake(*g_platform);
}

// The canvas came into sight (1) or left it (0: scrolled out of view, hidden tab):
// out of sight no frames are built, even while playing; a run continues where it was.
EMSCRIPTEN_KEEPALIVE void pla_set_visible(int visible) {
  if (!g_platform) return;
  Platform& p = *g_platform;
  p.visible = visible != 0;
  if (p.visible) {
    wake(p);
  } else if (!p.loop_paused) {
    p.loop_paused = true;
    emscripten_pause_main_loop();
  }
}

// Frame-building time: {"last": ms, "mean": ms, "frames": n (since the last call), "total": frames
// built since the start, "paused": the loop waits (idle or out of sight), "visible", "work_max": the
// longest slice of long work (ms, its part of a frame or command) since the last call}; resets the
// mean and work_max.
EMSCRIPTEN_KEEPALIVE const char* pla_frame_stats() {
  if (!g_platform) return "null";
  Platform& p = *g_platform;
  std::string& result = p.replies.frame_stats;
  const double mean = p.frame_count ? p.frame_ms_sum / static_cast<double>(p.frame_count) : 0.0;
  result = "{\"last\":" + pla::json_number(p.frame_ms_last) + ",\"mean\":" + pla::json_number(mean) +
           ",\"frames\":" + std::to_string(p.frame_count) + ",\"total\":" + std::to_string(p.frames_total) +
           ",\"paused\":" + (p.loop_paused ? "true" : "false") + ",\"visible\":" + (p.visible ? "true" : "false") +
           ",\"work_max\":" + pla::json_number(p.app.run.slice_ms_max) + "}";
  p.app.run.slice_ms_max = 0.0;
  p.frame_ms_sum = 0.0;
  p.frame_count = 0;
  return result.c_str();
}

// The lab in words now (app/describe.hpp): {"lang", "title", "sections", "step", ...}.
EMSCRIPTEN_KEEPALIVE const char* pla_describe() {
  if (!g_platform) return "null";
  std::string& result = g_platform->replies.describe;
  result = pla::app::describe_json(g_platform->app);
  return result.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* pla_state() {
  if (!g_platform) return "null";
  std::string& result = g_platform->replies.state;
  result = pla::app::state_json(g_platform->app);
  return result.c_str();
}

// The page's report of a package made for "For your course" (Module.onMakePackage): JSON
// {standard, name, size, ms, error_code, detail}; error_code "" when made.
EMSCRIPTEN_KEEPALIVE void pla_package_done(const char* json) {
  if (!g_platform || !json) return;
  const pla::Json r = pla::Json::parse(json, nullptr, false);
  if (!r.is_object()) return;
  pla::app::package_done(g_platform->app, r.value("standard", ""), r.value("name", ""), r.value("size", 0.0),
                         r.value("ms", 0.0), r.value("error_code", ""), r.value("detail", ""));
  wake(*g_platform);
}

// Where data point (x, y) is drawn, in CSS pixels from the canvas's top-left corner.
EMSCRIPTEN_KEEPALIVE const char* pla_to_screen(double x, double y) {
  if (!g_platform) return "null";
  std::string& result = g_platform->replies.to_screen;
  const pla::app::Vec2d v = pla::app::to_screen(g_platform->app, x, y);
  result = "[" + pla::json_number(v.x) + "," + pla::json_number(v.y) + "]";
  return result.c_str();
}

// The page's text input over the number answer's field (Module.onAnswerField): what is
// typed there is the answer's text; Enter there answers (as the Check button does, its
// result in the message line; returns JSON like pla_command); its focus, taken (1) or
// lost (0): while it has it, ImGui's field only shows the text.
EMSCRIPTEN_KEEPALIVE void pla_answer_input(const char* text) {
  if (!g_platform || !text) return;
  pla::app::App& app = g_platform->app;
  std::snprintf(app.answer_text, sizeof app.answer_text, "%s", text);
  wake(*g_platform);
}

EMSCRIPTEN_KEEPALIVE const char* pla_answer_submit() {
  if (!g_platform) return "{\"ok\":false,\"error\":\"not ready\"}";
  pla::app::App& app = g_platform->app;
  const pla::Status st = pla::app::act(app, {"answer", app.answer_text});
  after_command(*g_platform);
  std::string& result = g_platform->replies.answer_submit;
  result = st ? "{\"ok\":true}" : "{\"ok\":false,\"error\":" + pla::json_string(st.error) + "}";
  return result.c_str();
}

EMSCRIPTEN_KEEPALIVE void pla_answer_focus(int focused) {
  if (!g_platform) return;
  pla::app::LessonUi::AnswerField& f = g_platform->app.lesson_ui.answer;
  f.focus_request = focused != 0 && !f.page_focus;
  f.page_focus = focused != 0;
  wake(*g_platform);
}

// Browser tests: the centre of a touch tool button under the canvas (pos, neg, query,
// update, delete, clear; app/canvas.cpp), in CSS pixels from the canvas's corner, or null.
EMSCRIPTEN_KEEPALIVE const char* pla_touch_tool(const char* name) {
  pla::app::Vec2d v;
  if (!g_platform || !name || !pla::app::touch_tool_centre(g_platform->app, name, v)) return "null";
  std::string& result = g_platform->replies.touch_tool;
  result = "[" + pla::json_number(v.x) + "," + pla::json_number(v.y) + "]";
  return result.c_str();
}

// Browser tests: where a part of the layout was drawn last, [x0, y0, x1, y1] in CSS pixels
// from the canvas's corner, or null: "canvas" (the data canvas's drawing) or a window by
// its name ("Lesson", "Perceptron Lab", "Plots", "Controls").
EMSCRIPTEN_KEEPALIVE const char* pla_layout_rect(const char* name) {
  if (!g_platform || !name) return "null";
  const pla::app::App& app = g_platform->app;
  pla::app::Vec2d lo, hi;
  if (std::strcmp(name, "canvas") == 0) {
    lo = app.view.canvas_min;
    hi = app.view.canvas_max;
  } else {
    const ImGuiWindow* w = ImGui::FindWindowByName(name);
    if (!w || !w->Active) return "null";
    lo = {w->Pos.x, w->Pos.y};
    hi = {w->Pos.x + w->Size.x, w->Pos.y + w->Size.y};
  }
  std::string& result = g_platform->replies.layout_rect;
  result = "[" + pla::json_number(lo.x) + "," + pla::json_number(lo.y) + "," + pla::json_number(hi.x) + "," +
           pla::json_number(hi.y) + "]";
  return result.c_str();
}

}  // extern "C"
#endif
