// Perceptron Lab platform layer: the canvas's batched layers (app/point_batch.hpp) drawn
// from what the GPU keeps (WebGL2 in the browser, OpenGL 3 natively). Called by ImGui's
// OpenGL3 renderer as a draw callback, inside its render state (its program, projection,
// blending, texture unit); the ImDrawCallback_ResetRenderState command that follows sets
// that state again.
//   - A batch's triangles go to a vertex and an index buffer, uploaded again only when the
//     batch was recorded anew; a small batch is drawn from them with the renderer's own
//     program and the command's clip rectangle: the renderer's triangles, the same pixels.
//   - A large batch (kImageMinVertices and more: 100,000 points are 400,000 vertices) is
//     drawn from them once into an image of the whole framebuffer, with the same program
//     and projection (so every triangle covers the same pixels), and each frame draws that
//     image, clipped to the command's rectangle, over what is below, as premultiplied colour.
//     A software GL (a machine without a GPU) then spends a frame on one rectangle of pixels
//     instead of on every point's triangles. Opaque pixels come out the same; a pixel
//     partly covered by a translucent mark may differ by one step of 255 (its colour
//     rounded to 8 bits once more in the image).
#include <cstdint>
#include <vector>

#include "imgui.h"
#include "platform/platform.hpp"

namespace pla::platform {

namespace {

using GlBatch = BatchGl::Batch;
using Program = BatchGl::Program;

constexpr std::size_t kImageMinVertices = 150000;

BatchGl& gl_state() { return the_platform().batch_gl; }

#ifdef __EMSCRIPTEN__
#define PLA_GL_CALL(name) gl##name
bool load_gl() { return true; }
#else
#define PLA_GL_CALL(name) gl_state().gl.name
template <class F>
bool load_one(F& f, const char* name) {
  if (!f) f = reinterpret_cast<F>(SDL_GL_GetProcAddress(name));
  return f != nullptr;
}
bool load_gl() {
  BatchGl::Functions& fns = gl_state().gl;
  return load_one(fns.GenBuffers, "glGenBuffers") && load_one(fns.BindBuffer, "glBindBuffer") &&
         load_one(fns.BufferData, "glBufferData") && load_one(fns.GetAttribLocation, "glGetAttribLocation") &&
         load_one(fns.VertexAttribPointer, "glVertexAttribPointer") &&
         load_one(fns.EnableVertexAttribArray, "glEnableVertexAttribArray") &&
         load_one(fns.GenFramebuffers, "glGenFramebuffers") && load_one(fns.BindFramebuffer, "glBindFramebuffer") &&
         load_one(fns.FramebufferTexture2D, "glFramebufferTexture2D") &&
         load_one(fns.CheckFramebufferStatus, "glCheckFramebufferStatus") &&
         load_one(fns.BlendFuncSeparate, "glBlendFuncSeparate");
}
#endif

GlBatch& gl_of(const app::DrawBatch& b) {
  BatchGl& st = gl_state();
  for (GlBatch& g : st.batches)
    if (g.batch == &b) {
      if (g.context != st.context) g = GlBatch{&b, st.context};  // the old names died with their context
      return g;
    }
  st.batches.push_back(GlBatch{&b, st.context});
  return st.batches.back();
}

const Program& renderer_program() {
  Program& prog = gl_state().program;
  GLint current = 0;
  glGetIntegerv(GL_CURRENT_PROGRAM, &current);
  if (current != prog.program) {
    const auto p = static_cast<GLuint>(current);
    prog = {current, PLA_GL_CALL(GetAttribLocation)(p, "Position"), PLA_GL_CALL(GetAttribLocation)(p, "UV"),
            PLA_GL_CALL(GetAttribLocation)(p, "Color")};
  }
  return prog;
}

// Binds `vertices` and `indices` and points the program's attributes at ImDrawVert's fields.
void bind_vertices(GLuint vertices, GLuint indices) {
  PLA_GL_CALL(BindBuffer)(GL_ARRAY_BUFFER, vertices);
  PLA_GL_CALL(BindBuffer)(GL_ELEMENT_ARRAY_BUFFER, indices);
  const Program& a = renderer_program();
  constexpr auto stride = static_cast<GLsizei>(sizeof(ImDrawVert));
  const auto at = [](std::size_t offset) { return reinterpret_cast<const void*>(offset); };
  for (GLint loc : {a.pos, a.uv, a.col}) PLA_GL_CALL(EnableVertexAttribArray)(static_cast<GLuint>(loc));
  PLA_GL_CALL(VertexAttribPointer)(static_cast<GLuint>(a.pos), 2, GL_FLOAT, GL_FALSE, stride, at(IM_OFFSETOF(ImDrawVert, pos)));
  PLA_GL_CALL(VertexAttribPointer)(static_cast<GLuint>(a.uv), 2, GL_FLOAT, GL_FALSE, stride, at(IM_OFFSETOF(ImDrawVert, uv)));
  PLA_GL_CALL(VertexAttribPointer)(static_cast<GLuint>(a.col), 4, GL_UNSIGNED_BYTE, GL_TRUE, stride,
                                   at(IM_OFFSETOF(ImDrawVert, col)));
}

// The batch's triangles in their buffers (made on first use, uploaded when recorded anew).
void upload_triangles(const app::DrawBatch& b, GlBatch& g) {
  if (g.vertices == 0) {
    GLuint names[2] = {0, 0};
    PLA_GL_CALL(GenBuffers)(2, names);
    g.vertices = names[0];
    g.indices = names[1];
  }
  if (g.uploaded == b.recordings) return;
  PLA_GL_CALL(BindBuffer)(GL_ARRAY_BUFFER, g.vertices);
  PLA_GL_CALL(BindBuffer)(GL_ELEMENT_ARRAY_BUFFER, g.indices);
  PLA_GL_CALL(BufferData)(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(b.vtx.size() * sizeof(ImDrawVert)), b.vtx.data(),
                          GL_STATIC_DRAW);
  PLA_GL_CALL(BufferData)(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(b.idx.size() * sizeof(ImDrawIdx)),
                          b.idx.data(), GL_STATIC_DRAW);
  g.uploaded = b.recordings;
}

void draw_triangles(const app::DrawBatch& b, GlBatch& g) {
  bind_vertices(g.vertices, g.indices);
  glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(b.idx.size()),
                 sizeof(ImDrawIdx) == 2 ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT, nullptr);
}

// The image of a large batch: the whole framebuffer's size, the batch's triangles drawn into
// it with the renderer's program, projection and blending (all set) on transparent black,
// again when the batch, the framebuffer's size or the display rectangle changed. False when
// the framebuffer cannot be made (the triangles are then drawn each frame).
bool ensure_image(const app::DrawBatch& b, GlBatch& g, const ImDrawData& data, int fb_w, int fb_h, GLuint font) {
  const float display[4] = {data.DisplayPos.x, data.DisplayPos.y, data.DisplaySize.x, data.DisplaySize.y};
  const bool resized = g.image_w != fb_w || g.image_h != fb_h;
  bool moved = false;
  for (int k = 0; k < 4; ++k) moved = moved || g.image_display[k] != display[k];
  if (!resized && !moved && g.drawn == b.recordings) return g.image_ok;
  GLint previous = 0;
  glGetIntegerv(GL_FRAMEBUFFER_BINDING, &previous);
  if (g.texture == 0) {
    glGenTextures(1, &g.texture);
    PLA_GL_CALL(GenFramebuffers)(1, &g.framebuffer);
  }
  if (resized) {
    glBindTexture(GL_TEXTURE_2D, g.texture);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, fb_w, fb_h, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    PLA_GL_CALL(BindFramebuffer)(GL_FRAMEBUFFER, g.framebuffer);
    PLA_GL_CALL(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, g.texture, 0);
    g.image_ok = PLA_GL_CALL(CheckFramebufferStatus)(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
    g.image_w = fb_w;
    g.image_h = fb_h;
  }
  PLA_GL_CALL(BindFramebuffer)(GL_FRAMEBUFFER, g.framebuffer);
  if (g.image_ok) {
    // The whole image, cleared and drawn without a clip (the frame's scissor box is another
    // command's); the viewport is the framebuffer's size already.
    glDisable(GL_SCISSOR_TEST);
    glClearColor(0.0f, 0.0f, 0.0f, 0.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glBindTexture(GL_TEXTURE_2D, font);
    draw_triangles(b, g);
    glEnable(GL_SCISSOR_TEST);
  }
  PLA_GL_CALL(BindFramebuffer)(GL_FRAMEBUFFER, static_cast<GLuint>(previous));
  // The rectangle the image is drawn on: the display, its texture upside down (GL's rows
  // start at the bottom).
  const float x0 = display[0], y0 = display[1], x1 = display[0] + display[2], y1 = display[1] + display[3];
  const ImDrawVert quad[4] = {{ImVec2(x0, y0), ImVec2(0, 1), IM_COL32_WHITE},
                              {ImVec2(x1, y0), ImVec2(1, 1), IM_COL32_WHITE},
                              {ImVec2(x1, y1), ImVec2(1, 0), IM_COL32_WHITE},
                              {ImVec2(x0, y1), ImVec2(0, 0), IM_COL32_WHITE}};
  const ImDrawIdx order[6] = {0, 1, 2, 0, 2, 3};
  if (g.quad_vertices == 0) {
    GLuint names[2] = {0, 0};
    PLA_GL_CALL(GenBuffers)(2, names);
    g.quad_vertices = names[0];
    g.quad_indices = names[1];
  }
  PLA_GL_CALL(BindBuffer)(GL_ARRAY_BUFFER, g.quad_vertices);
  PLA_GL_CALL(BufferData)(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STATIC_DRAW);
  PLA_GL_CALL(BindBuffer)(GL_ELEMENT_ARRAY_BUFFER, g.quad_indices);
  PLA_GL_CALL(BufferData)(GL_ELEMENT_ARRAY_BUFFER, sizeof order, order, GL_STATIC_DRAW);
  for (int k = 0; k < 4; ++k) g.image_display[k] = display[k];
  g.drawn = b.recordings;
  return g.image_ok;
}

void draw_batch_callback(const ImDrawList*, const ImDrawCmd* cmd) {
  const auto& b = *static_cast<const app::DrawBatch*>(cmd->UserCallbackData);
  const ImDrawData* data = ImGui::GetDrawData();
  if (b.idx.empty() || data == nullptr) return;
  const ImVec2 off = data->DisplayPos, scale = data->FramebufferScale;
  const int fb_w = static_cast<int>(data->DisplaySize.x * scale.x), fb_h = static_cast<int>(data->DisplaySize.y * scale.y);
  const ImVec2 lo((cmd->ClipRect.x - off.x) * scale.x, (cmd->ClipRect.y - off.y) * scale.y);
  const ImVec2 hi((cmd->ClipRect.z - off.x) * scale.x, (cmd->ClipRect.w - off.y) * scale.y);
  if (hi.x <= lo.x || hi.y <= lo.y || fb_w <= 0 || fb_h <= 0) return;
  // No program in use: the context is lost (its calls would throw in the browser).
  GLint current = 0;
  glGetIntegerv(GL_CURRENT_PROGRAM, &current);
  if (current <= 0) return;
  GlBatch& g = gl_of(b);
  upload_triangles(b, g);
  const auto font = static_cast<GLuint>(reinterpret_cast<std::intptr_t>(cmd->GetTexID()));
  const bool image = b.vtx.size() >= kImageMinVertices && ensure_image(b, g, *data, fb_w, fb_h, font);
  glScissor(static_cast<int>(lo.x), static_cast<int>(static_cast<float>(fb_h) - hi.y), static_cast<int>(hi.x - lo.x),
            static_cast<int>(hi.y - lo.y));
  if (!image) {
    glBindTexture(GL_TEXTURE_2D, font);
    draw_triangles(b, g);
    return;
  }
  // The image over what is below: its colours are premultiplied by their alpha.
  PLA_GL_CALL(BlendFuncSeparate)(GL_ONE, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glBindTexture(GL_TEXTURE_2D, g.texture);
  bind_vertices(g.quad_vertices, g.quad_indices);
  glDrawElements(GL_TRIANGLES, 6, sizeof(ImDrawIdx) == 2 ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT, nullptr);
}

#undef PLA_GL_CALL

}  // namespace

ImDrawCallback batch_drawer() { return load_gl() ? &draw_batch_callback : nullptr; }

void batch_gl_context_lost() {
  BatchGl& st = gl_state();
  ++st.context;
  st.program = {};
}

}  // namespace pla::platform
