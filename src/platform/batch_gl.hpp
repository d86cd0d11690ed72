// Perceptron Lab platform layer: what the GPU keeps of the canvas's batched layers, part of
// the one platform struct (Platform::batch_gl); batch_gl.cpp draws them.
#pragma once
#include <cstdint>
#include <vector>

#ifdef __EMSCRIPTEN__
#include <SDL_opengles2.h>
#else
#include <SDL_opengl.h>
#endif

#include "app/point_batch.hpp"

namespace pla::platform {

// What the GPU keeps of the canvas's batched layers (Platform::batch_gl).
struct BatchGl {
#ifndef __EMSCRIPTEN__
  // Natively the functions beyond GL 1.1, looked up through SDL once.
  struct Functions {
    PFNGLGENBUFFERSPROC GenBuffers = nullptr;
    PFNGLBINDBUFFERPROC BindBuffer = nullptr;
    PFNGLBUFFERDATAPROC BufferData = nullptr;
    PFNGLGETATTRIBLOCATIONPROC GetAttribLocation = nullptr;
    PFNGLVERTEXATTRIBPOINTERPROC VertexAttribPointer = nullptr;
    PFNGLENABLEVERTEXATTRIBARRAYPROC EnableVertexAttribArray = nullptr;
    PFNGLGENFRAMEBUFFERSPROC GenFramebuffers = nullptr;
    PFNGLBINDFRAMEBUFFERPROC BindFramebuffer = nullptr;
    PFNGLFRAMEBUFFERTEXTURE2DPROC FramebufferTexture2D = nullptr;
    PFNGLCHECKFRAMEBUFFERSTATUSPROC CheckFramebufferStatus = nullptr;
    PFNGLBLENDFUNCSEPARATEPROC BlendFuncSeparate = nullptr;
  } gl;
#endif
  // What the GPU holds of one batch.
  struct Batch {
    const app::DrawBatch* batch = nullptr;
    std::uint64_t context = 0;
    GLuint vertices = 0, indices = 0;     // its triangles
    std::uint64_t uploaded = 0;           // the recording they hold
    GLuint texture = 0, framebuffer = 0;  // its image (large batches)
    GLuint quad_vertices = 0, quad_indices = 0;
    int image_w = 0, image_h = 0;
    float image_display[4] = {0, 0, 0, 0};  // the display rectangle it was drawn for
    std::uint64_t drawn = 0;                // the recording it shows
    bool image_ok = false;
  };
  std::vector<Batch> batches;
  std::uint64_t context = 1;  // the GL context the objects belong to: a new one after a lost WebGL context came back
  // ImGui's vertex attributes in the program in use (its renderer's).
  struct Program {
    GLint program = -1, pos = -1, uv = -1, col = -1;
  } program;
};

}  // namespace pla::platform
