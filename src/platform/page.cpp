// Perceptron Lab platform layer: what the platform tells, after frames and commands. In
// the browser, the page: lesson events and the end of sliced work (passed on to the host
// page), the lab in words (the screen-reader description), where the number answer's field
// is (the page lays a real text input over it), and the saved work and progress. Natively,
// lesson events are dropped and the student's progress goes to a file.

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "app/describe.hpp"
#include "app/format.hpp"
#include "core/base/json.hpp"
#include "core/data/read/io.hpp"
#include "core/lab/session/urlstate.hpp"
#include "imgui.h"
#include "platform/platform.hpp"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

namespace pla::platform {

#ifdef __EMSCRIPTEN__
namespace {
// A lesson event (JSON) for the page, which passes it on to the host page.
EM_JS(void, js_lesson_event, (const char* json), {
  if (Module.onLessonEvent) Module.onLessonEvent(JSON.parse(UTF8ToString(json)));
});
EM_JS(void, js_save_state, (const char* text), {
  if (Module.onSaveState) Module.onSaveState(UTF8ToString(text));
});
// The teacher's studio ({"open", "step", "lesson"}), kept by the page (web/page/studio.js).
EM_JS(void, js_save_studio, (const char* text), {
  if (Module.onSaveStudio) Module.onSaveStudio(UTF8ToString(text));
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

// The number question's answer field for the page's real text input over it (a phone's
// keyboard opens only for a real input): {"shown", "x", "y", "w", "h" (CSS px from the
// canvas's corner), "active" (ImGui's field took the keyboard focus: Tab reached it),
// "text", "hint", "label", "font", "pad", "radius" (CSS px), "bg", "fg", "muted" (CSS colours)}.
EM_JS(void, js_answer_field, (const char* json), {
  if (Module.onAnswerField) Module.onAnswerField(JSON.parse(UTF8ToString(json)));
});

// The studio's text field being typed in (app.hpp StudioUi::PageField) for the page's real
// text box over it (an input method's characters reach only a real one): {"shown", "x", "y",
// "w", "h", "active", "multiline", "text", "label", "font", "pad", "radius", "bg", "fg"}.
EM_JS(void, js_studio_field, (const char* json), {
  if (Module.onStudioField) Module.onStudioField(JSON.parse(UTF8ToString(json)));
});

// Tells the page `o` (JSON) when it differs from what it was told last (`last`).
void tell_if_changed(const pla::Json& o, std::string& last, void (*tell)(const char*)) {
  std::string text = o.dump(-1, ' ', false, pla::Json::error_handler_t::replace);
  if (text == last) return;
  last = std::move(text);
  tell(last.c_str());
}

std::string css_colour(const ImVec4& c) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "rgb(%d,%d,%d)", static_cast<int>(c.x * 255.0f + 0.5f), static_cast<int>(c.y * 255.0f + 0.5f),
                static_cast<int>(c.z * 255.0f + 0.5f));
  return buf;
}

}  // namespace

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
  tell_if_changed(o, p.answer_field, js_answer_field);
}

// Tells the page where the studio's field typed in is when that changed (after each frame).
void tell_studio_field(Platform& p) {
  const pla::app::StudioUi::PageField& f = p.app.studio.field;
  pla::Json o{{"shown", f.shown}};
  if (f.shown) {
    const ImGuiStyle& st = ImGui::GetStyle();
    const std::string key = (f.field == "title" ? std::string("-") : std::to_string(f.step)) + "|" + f.field + "|" + f.lang;
    const auto it = p.app.studio.buffers.find(key);
    o["x"] = f.min.x;
    o["y"] = f.min.y;
    o["w"] = f.max.x - f.min.x;
    o["h"] = f.max.y - f.min.y;
    o["active"] = f.active;
    o["multiline"] = f.multiline;
    o["text"] = it == p.app.studio.buffers.end() ? std::string() : it->second;
    o["label"] = f.label;
    o["font"] = ImGui::GetFontSize();
    o["pad"] = st.FramePadding.x;
    o["radius"] = st.FrameRounding;
    o["bg"] = css_colour(st.Colors[ImGuiCol_WindowBg]);
    o["fg"] = css_colour(st.Colors[ImGuiCol_Text]);
  }
  tell_if_changed(o, p.studio_field, js_studio_field);
}
#endif

// Lesson events go to the page (and from there to the host page); natively they are dropped.
void forward_lesson_events(Platform& p) {
  // The core writes an answer's texts (answer_given) in the lab's language, numbers as the
  // panel writes them.
  const pla::NumberFormat fmt = [](double v) { return pla::app::fmt_num(v, 6); };
  for (pla::Json& e : p.app.lesson.take_events(p.app.lang, fmt)) {
#ifdef __EMSCRIPTEN__
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
  // The lesson being made: kept whenever it, its step or its being open changed (the first
  // look only notes the studio as the page started).
  const std::string mark = studio_mark(p);
  if (mark != p.saved_studio) {
    const bool first = p.saved_studio.empty();
    p.saved_studio = mark;
    const pla::Studio& s = p.app.studio.studio;
    if (!first)
      js_save_studio(pla::json_text(pla::Json{{"open", s.is_open()}, {"step", s.selected()}, {"lesson", s.draft()}}).c_str());
  }
}

std::string studio_mark(const Platform& p) {
  const pla::Studio& s = p.app.studio.studio;
  return std::to_string(s.revision()) + (s.is_open() ? " open " : " closed ") + std::to_string(s.selected());
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

}  // namespace pla::platform
