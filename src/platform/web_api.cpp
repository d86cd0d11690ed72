// Perceptron Lab platform layer: the browser glue, the C functions behind
// window.perceptronLab (see web/index.html): commands, files, links and saved work, fonts,
// visibility, frame statistics, state(), describe(), and the test hooks. Each returns false,
// null or {"ok":false} on bad input (or before main has started), never crashing; a reply
// string lives until that function's next call.

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "app/canvas.hpp"
#include "app/describe.hpp"
#include "app/fonts.hpp"
#include "core/base/json.hpp"
#include "core/lab/session/urlstate.hpp"
#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_internal.h"  // FindWindowByName (pla_layout_rect)
#include "platform/platform.hpp"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>

using pla::platform::Platform;
using pla::platform::the_platform;

extern "C" {

// Runs a command given as a JSON array of strings/numbers, e.g. ["set","eta",0.5];
// returns JSON {"ok":true} or {"ok":false,"error":"...","shown":"..."} (error: English; shown:
// the same in the interface's language, as the page tells it to people). The string lives
// until the next call.
EMSCRIPTEN_KEEPALIVE const char* pla_command(const char* json) {
  Platform& p = the_platform();
  if (!p.started || !json) return "{\"ok\":false,\"error\":\"not ready\"}";
  std::string& result = p.replies.command;
  std::vector<std::string> args;
  std::string error;
  pla::Status st = pla::parse_json_string_array(json, args, error)
                       ? pla::app::run_command(p.app, args)
                       : pla::Status::fail(pla::Msg::command_bad_json, {{"reason", error}});
  after_command(p);  // before `result` is set: a lesson event's listener may call back
  // running: sliced work (this command's, or work already under way) goes on in the frames.
  // shown: in the page's language once its catalog is here (the page draws it with the
  // browser's fonts: it need not wait for the canvas's).
  const std::string& page_lang = p.app.session.catalogs().whole(p.app.lang) ? p.app.lang : pla::app::kEnglish;
  result = !st ? "{\"ok\":false,\"error\":" + pla::json_string(st.error) + ",\"shown\":" + pla::json_string(p.app.texts(page_lang).msg(st)) + "}"
               : pla::app::working(p.app) ? "{\"ok\":true,\"running\":true}" : "{\"ok\":true}";
  // A command's reply text (studio_export: the lesson file, studio_link: the link).
  if (st && !p.app.reply.empty()) result.insert(result.size() - 1, ",\"reply\":" + pla::json_string(p.app.reply));
  return result.c_str();
}

// The teacher's studio as the page kept it ({"open", "step", "lesson"}: page.cpp's
// save_if_edited), taken back after a reload without changing the lab. 1 when taken.
EMSCRIPTEN_KEEPALIVE int pla_restore_studio(const char* text) {
  Platform& p = the_platform();
  if (!p.started || !text) return 0;
  const pla::Json kept = pla::Json::parse(text, nullptr, false);
  if (!kept.is_object() || !kept.contains("lesson") || !kept["lesson"].is_object()) return 0;
  pla::Studio& studio = p.app.studio.studio;
  studio.use_catalogs(p.app.session.shared_catalogs());
  if (!studio.load(pla::json_text(kept["lesson"]), "studio")) return 0;
  if (kept.contains("step") && kept["step"].is_number_unsigned()) (void)studio.select(kept["step"].get<std::size_t>());
  if (kept.contains("open") && kept["open"] == true) studio.open();
  p.saved_studio = studio_mark(p);
  wake(p);
  return 1;
}

// 1 while a command waits for a file this build left out (data_wait.cpp): the page's
// API is ready once none does.
EMSCRIPTEN_KEEPALIVE int pla_waiting_data() {
  const Platform& p = the_platform();
  return p.started && !p.app.waiting.empty() ? 1 : 0;
}

// 1 while sliced work runs (window.perceptronLab.idle() waits for 0).
EMSCRIPTEN_KEEPALIVE int pla_working() {
  const Platform& p = the_platform();
  return p.started && pla::app::working(p.app) ? 1 : 0;
}

// A file from the page's picker or a drop on the page, as bytes (CSV, LIBSVM or .npy: the
// format from its content and name), loaded as if imported; the result shows in the
// message line. Returns JSON like pla_command.
// Memory for the bytes the page hands to pla_import_file (larger than ccall's stack copies).
EMSCRIPTEN_KEEPALIVE unsigned char* pla_alloc(int size) {
  return size > 0 ? static_cast<unsigned char*>(std::malloc(static_cast<std::size_t>(size))) : nullptr;
}
EMSCRIPTEN_KEEPALIVE void pla_free(unsigned char* p) { std::free(p); }

EMSCRIPTEN_KEEPALIVE const char* pla_import_file(const char* name, const unsigned char* bytes, int size) {
  Platform& p = the_platform();
  if (!p.started || !name || (!bytes && size > 0) || size < 0) return "{\"ok\":false,\"error\":\"not ready\"}";
  std::string& result = p.replies.import_file;
  const std::string data(reinterpret_cast<const char*>(bytes), static_cast<std::size_t>(size));
  const pla::Status st = pla::app::act(p.app, {"import_csv", data, name});
  after_command(p);
  result = st ? "{\"ok\":true}" : "{\"ok\":false,\"error\":" + pla::json_string(st.error) + "}";
  return result.c_str();
}

// Applies lesson parameters from the page's URL (query + hash); the ignored ones
// become a visible notice. Returns {"ok":true,"ignored":[...]}.
EMSCRIPTEN_KEEPALIVE const char* pla_apply_url(const char* query) {
  Platform& p = the_platform();
  if (!p.started || !query) return "{\"ok\":false,\"error\":\"not ready\"}";
  std::string& result = p.replies.apply_url;
  pla::app::App& app = p.app;
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
  p.saved_revision = app.session.revision();
  p.saved_lesson = app.builtin_open;
  wake(p);
  pla::Json list = pla::Json::array();
  for (const pla::Message& m : ignored) list.push_back(m.english());
  result = pla::Json{{"ok", true}, {"ignored", list}}.dump(-1, ' ', false, pla::Json::error_handler_t::replace);
  return result.c_str();
}

// Restores the saved lesson; corrupt or old saved state is ignored with a notice.
EMSCRIPTEN_KEEPALIVE int pla_restore_saved(const char* text) {
  Platform& p = the_platform();
  if (!p.started || !text) return 0;
  pla::app::App& app = p.app;
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
  p.saved_revision = app.session.revision();
  p.saved_lesson = app.builtin_open;
  wake(p);
  return 1;
}

// The student's progress through the lessons, as the page kept it (before the saved work
// or the link is applied); a record that does not parse is ignored. 1 when taken.
EMSCRIPTEN_KEEPALIVE int pla_restore_progress(const char* text) {
  Platform& p = the_platform();
  if (!p.started || !text) return 0;
  pla::app::App& app = p.app;
  if (!pla::CourseProgress::from_json(text, app.course)) return 0;
  p.saved_course = app.course_revision;
  return 1;
}

// The page's delivery of a font the wasm does not embed (the Chinese font); 1 when taken.
EMSCRIPTEN_KEEPALIVE int pla_provide_font(const char* name, const unsigned char* data, int size) {
  Platform& p = the_platform();
  if (!name || !data || size <= 0) return 0;
  const bool taken = pla::app::provide_font(p.fonts, name, std::string(reinterpret_cast<const char*>(data), static_cast<std::size_t>(size)));
  if (p.started) wake(p);
  return taken ? 1 : 0;
}

// The page's delivery of a file this build left out (core/base/data_files.hpp), asked for
// through Module.onDataRequest: its text (ok 1), or why it could not come (ok 0: the
// page's sentence), as UTF-8 bytes in memory from pla_alloc. The commands waiting for it
// run in the next frame.
EMSCRIPTEN_KEEPALIVE void pla_provide_data(const char* name, int ok, const unsigned char* bytes, int size) {
  Platform& p = the_platform();
  if (!name || size < 0 || (size > 0 && !bytes)) return;
  pla::app::provide_data(p.app, name, ok == 1, std::string(reinterpret_cast<const char*>(bytes), static_cast<std::size_t>(size)));
  if (p.started) wake(p);
}

// Turns saving on (from the current revision: only later edits are saved).
EMSCRIPTEN_KEEPALIVE void pla_enable_saving() {
  Platform& p = the_platform();
  if (!p.started) return;
  p.save_enabled = true;
  p.saved_revision = p.app.session.revision();
  p.saved_lesson = p.app.builtin_open;
}

// The query string that reproduces the lesson as it is now.
EMSCRIPTEN_KEEPALIVE const char* pla_lesson_query() {
  Platform& p = the_platform();
  if (!p.started) return "";
  std::string& result = p.replies.lesson_query;
  result = pla::encode_query(pla::app::link_params(p.app));
  return result.c_str();
}

// After a lost WebGL context comes back: restart ImGui's renderer so every GL
// object (and the buffer sizes it remembers) is made anew.
EMSCRIPTEN_KEEPALIVE void pla_gl_restored() {
  Platform& p = the_platform();
  pla::platform::batch_gl_context_lost();
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplOpenGL3_Init("#version 300 es");
  if (p.started) wake(p);
}

// Input, a resize or anything else that may change the picture: build frames again.
EMSCRIPTEN_KEEPALIVE void pla_wake() {
  Platform& p = the_platform();
  if (p.started) wake(p);
}

// The canvas came into sight (1) or left it (0: scrolled out of view, hidden tab):
// out of sight no frames are built, even while playing; a run continues where it was.
EMSCRIPTEN_KEEPALIVE void pla_set_visible(int visible) {
  Platform& p = the_platform();
  if (!p.started) return;
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
  Platform& p = the_platform();
  if (!p.started) return "null";
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
  Platform& p = the_platform();
  if (!p.started) return "null";
  std::string& result = p.replies.describe;
  result = pla::app::describe_json(p.app);
  return result.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* pla_state() {
  Platform& p = the_platform();
  if (!p.started) return "null";
  std::string& result = p.replies.state;
  result = pla::app::state_json(p.app);
  return result.c_str();
}

// The page's report of a package made for "For your course" (Module.onMakePackage): JSON
// {standard, name, size, ms, error_code, detail}; error_code "" when made.
EMSCRIPTEN_KEEPALIVE void pla_package_done(const char* json) {
  Platform& p = the_platform();
  if (!p.started || !json) return;
  const pla::Json r = pla::Json::parse(json, nullptr, false);
  if (!r.is_object()) return;
  pla::app::package_done(p.app, r.value("standard", ""), r.value("name", ""), r.value("size", 0.0),
                         r.value("ms", 0.0), r.value("error_code", ""), r.value("detail", ""));
  wake(p);
}

// Where data point (x, y) is drawn, in CSS pixels from the canvas's top-left corner.
EMSCRIPTEN_KEEPALIVE const char* pla_to_screen(double x, double y) {
  Platform& p = the_platform();
  if (!p.started) return "null";
  std::string& result = p.replies.to_screen;
  const pla::app::Vec2d v = pla::app::to_screen(p.app, x, y);
  result = "[" + pla::json_number(v.x) + "," + pla::json_number(v.y) + "]";
  return result.c_str();
}

// The page's text input over the number answer's field (Module.onAnswerField): what is
// typed there is the answer's text; Enter there answers (as the Check button does, its
// result in the message line; returns JSON like pla_command); its focus, taken (1) or
// lost (0): while it has it, ImGui's field only shows the text.
EMSCRIPTEN_KEEPALIVE void pla_answer_input(const char* text) {
  Platform& p = the_platform();
  if (!p.started || !text) return;
  pla::app::App& app = p.app;
  std::snprintf(app.answer_text, sizeof app.answer_text, "%s", text);
  wake(p);
}

EMSCRIPTEN_KEEPALIVE const char* pla_answer_submit() {
  Platform& p = the_platform();
  if (!p.started) return "{\"ok\":false,\"error\":\"not ready\"}";
  pla::app::App& app = p.app;
  const pla::Status st = pla::app::act(app, {"answer", app.answer_text});
  after_command(p);
  std::string& result = p.replies.answer_submit;
  result = st ? "{\"ok\":true}" : "{\"ok\":false,\"error\":" + pla::json_string(st.error) + "}";
  return result.c_str();
}

EMSCRIPTEN_KEEPALIVE void pla_answer_focus(int focused) {
  Platform& p = the_platform();
  if (!p.started) return;
  pla::app::LessonUi::AnswerField& f = p.app.lesson_ui.answer;
  f.focus_request = focused != 0 && !f.page_focus;
  f.page_focus = focused != 0;
  wake(p);
}

// The page's text box over the studio's field typed in (Module.onStudioField): its text
// becomes the field's (studio_text); its focus, taken (1) or lost (0).
EMSCRIPTEN_KEEPALIVE void pla_studio_field_input(const char* text) {
  Platform& p = the_platform();
  if (!p.started || !text) return;
  pla::app::studio_field_input(p.app, text);
  wake(p);
}

EMSCRIPTEN_KEEPALIVE void pla_studio_field_focus(int focused) {
  Platform& p = the_platform();
  if (!p.started) return;
  pla::app::studio_field_focus(p.app, focused != 0);
  wake(p);
}

// Browser tests: the centre of a touch tool button under the canvas (pos, neg, query,
// update, delete, clear; app/canvas.cpp), in CSS pixels from the canvas's corner, or null.
EMSCRIPTEN_KEEPALIVE const char* pla_touch_tool(const char* name) {
  Platform& p = the_platform();
  pla::app::Vec2d v;
  if (!p.started || !name || !pla::app::touch_tool_centre(p.app, name, v)) return "null";
  std::string& result = p.replies.touch_tool;
  result = "[" + pla::json_number(v.x) + "," + pla::json_number(v.y) + "]";
  return result.c_str();
}

// Browser tests: where an item of the teacher's studio was drawn in the last frame, by its id
// (app.hpp StudioUi::items: "studio_record", "studio_text_0|narration|en", ...), [x0, y0, x1,
// y1] in CSS pixels from the canvas's corner, or null.
EMSCRIPTEN_KEEPALIVE const char* pla_studio_item(const char* name) {
  Platform& p = the_platform();
  if (!p.started || !name) return "null";
  const auto it = p.app.studio.items.find(name);
  if (it == p.app.studio.items.end()) return "null";
  std::string& result = p.replies.studio_item;
  result = "[" + pla::json_number(it->second[0]) + "," + pla::json_number(it->second[1]) + "," +
           pla::json_number(it->second[2]) + "," + pla::json_number(it->second[3]) + "]";
  return result.c_str();
}

// Browser tests: where a part of the layout was drawn last, [x0, y0, x1, y1] in CSS pixels
// from the canvas's corner, or null: "canvas" (the data canvas's drawing) or a window by
// its name ("Lesson", "Perceptron Lab", "Plots", "Controls").
EMSCRIPTEN_KEEPALIVE const char* pla_layout_rect(const char* name) {
  Platform& p = the_platform();
  if (!p.started || !name) return "null";
  const pla::app::App& app = p.app;
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
  std::string& result = p.replies.layout_rect;
  result = "[" + pla::json_number(lo.x) + "," + pla::json_number(lo.y) + "," + pla::json_number(hi.x) + "," +
           pla::json_number(hi.y) + "]";
  return result.c_str();
}

}  // extern "C"
#endif
