// Perceptron Lab platform layer: the app's platform hooks (app/app.hpp PlatformHooks): a
// file offered to the user (browser: a download; native: written to the working folder),
// the file pickers, PNG export (saved after drawing), links and text copied, the lesson
// reset, packages for a course and the page's address (browser: the page's JavaScript).

#include <fstream>
#include <string>
#include <vector>

#include "imgui.h"
#include "platform/platform.hpp"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#else
#include "platform/screenshot.hpp"
#endif

namespace pla::platform {

#ifdef __EMSCRIPTEN__
namespace {
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
// The teacher's studio (app/studio_*.cpp): a lesson file picked or pasted for it (the page
// then runs studio_load), and its share link made by the page (web/page/studio.js: the
// lesson compressed into the fragment). The link, or why not, goes into `out`; the return
// is its length in bytes (a link longer than `size` - 1 is not written: its length says so),
// negative when no link was made.
EM_JS(void, js_pick_studio_file, (), {
  if (Module.onPickLessonFile) Module.onPickLessonFile('studio_load');
});
EM_JS(void, js_paste_studio, (), {
  if (Module.onPasteLesson) Module.onPasteLesson('studio_load');
});
EM_JS(int, js_share_link, (const char* lesson, char* out, int size), {
  var r = Module.onShareLink ? Module.onShareLink(UTF8ToString(lesson)) : {ok: false, error: 'no page'};
  var text = r.ok ? r.link : String(r.error || 'no link');
  var n = lengthBytesUTF8(text);
  if (n < size) stringToUTF8(text, out, size);
  return r.ok ? n : -1 - Math.min(n, size - 1);
});
EM_JS(int, js_page_address, (char* out, int size), {
  var p = location.protocol;
  var a = p === "http:" || p === "https:" ? location.href.split("#")[0].split("?")[0] : "";
  if (lengthBytesUTF8(a) >= size) a = "";
  stringToUTF8(a, out, size);
  return a.length;
});
}  // namespace
#endif

void install_hooks(Platform& p) {
  pla::app::PlatformHooks& h = p.app.hooks;
  h.draw_batch = batch_drawer();
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
  h.pick_studio_file = [] { js_pick_studio_file(); };
  h.paste_studio = [] { js_paste_studio(); };
  h.share_link = [](const std::string& lesson, std::string& link) {
    std::vector<char> buf(2 * pla::app::kStudioLinkMax);
    const int n = js_share_link(lesson.c_str(), buf.data(), static_cast<int>(buf.size()));
    if (n < 0) {
      link = std::string(buf.data());
      return false;
    }
    // Too long to be written: a text as long, which the command refuses by its length.
    link = static_cast<std::size_t>(n) < buf.size() ? std::string(buf.data()) : std::string(static_cast<std::size_t>(n), '#');
    return true;
  };
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

}  // namespace pla::platform
