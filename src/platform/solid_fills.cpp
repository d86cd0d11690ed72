// Perceptron Lab platform layer: solid fills drawn without a texture read (the browser build).
// ImGui draws every filled shape (window and canvas backgrounds, the half-planes, bars) with
// the font atlas's white pixel, so its fragment shader reads the atlas for each of those
// pixels and multiplies the colour by 1. On a GPU that costs nothing; on a software GL (a
// machine without one, and headless Chromium's SwiftShader) the filtered texture read is
// most of a frame: a frame of the lab at 1280x800 read the atlas about three times per pixel.
//   - The renderer's fragment shader is given one branch: a UV with x < 0 is a solid fill,
//     colour times 1, no read. imgui_impl_opengl3.cpp is compiled with glShaderSource named
//     pla_gl_shader_source (CMakeLists.txt), which rewrites ImGui's GLSL ES 3.0 fragment
//     shader that one way and hands every other shader on unchanged.
//   - Before the draw data goes to the renderer, mark_solid_fills gives the vertices that
//     sample the white pixel the UV (-1, -1). The atlas's white pixel is read at its texel's
//     centre and is (1, 1, 1, 1): the colours, and so the pixels, are the same.
//   - Only once the shader has the branch (Platform::solid_fill_shader, set when ImGui's shader
//     was found and rewritten): a UV of -1 read from the atlas would be another texel.
//   - A draw list with a command of another texture (an image) is left as it is.
#include "platform/platform.hpp"

#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>

#include <string>

#include "imgui.h"

namespace {

constexpr const char* kSampled = "Out_Color = Frag_Color * texture(Texture, Frag_UV.st);";
constexpr const char* kBranched =
    "Out_Color = Frag_UV.x < 0.0 ? Frag_Color : Frag_Color * texture(Texture, Frag_UV.st);";

}  // namespace

extern "C" void pla_gl_shader_source(GLuint shader, GLsizei count, const GLchar* const* strings, const GLint* lengths) {
  std::string source;
  for (GLsizei i = 0; i < count; ++i) {
    if (lengths && lengths[i] >= 0) source.append(strings[i], static_cast<std::size_t>(lengths[i]));
    else source.append(strings[i]);
  }
  const std::size_t at = source.find(kSampled);
  if (at != std::string::npos) {
    source.replace(at, std::char_traits<char>::length(kSampled), kBranched);
    pla::platform::the_platform().solid_fill_shader = true;
  }
  const GLchar* one = source.c_str();
  glShaderSource(shader, 1, &one, nullptr);
}

namespace pla::platform {

void mark_solid_fills(const Platform& p, ImDrawData* data) {
  if (!data || !p.solid_fill_shader) return;
  const ImTextureID atlas = ImGui::GetIO().Fonts->TexID;
  const ImVec2 white = ImGui::GetFontTexUvWhitePixel();
  for (int n = 0; n < data->CmdListsCount; ++n) {
    ImDrawList* list = data->CmdLists[n];
    bool atlas_only = true;
    for (const ImDrawCmd& cmd : list->CmdBuffer) atlas_only = atlas_only && (cmd.UserCallback || cmd.TextureId == atlas);
    if (!atlas_only) continue;
    for (ImDrawVert& v : list->VtxBuffer)
      if (v.uv.x == white.x && v.uv.y == white.y) v.uv = ImVec2(-1.0f, -1.0f);
  }
}

}  // namespace pla::platform

#else

namespace pla::platform {
void mark_solid_fills(const Platform&, ImDrawData*) {}
}  // namespace pla::platform

#endif
