// Perceptron Lab platform: save the current OpenGL framebuffer as a PNG file.
#pragma once
#include <string>

namespace pla::platform {

// Reads the back buffer (RGBA) and writes an uncompressed PNG. False + error on failure.
bool save_framebuffer_png(const std::string& path, int width, int height, std::string& error);
// Reads a rectangle of the back buffer (x, y from the top-left, in framebuffer pixels).
bool save_framebuffer_region_png(const std::string& path, int fb_height, int x, int y, int width, int height,
                                 std::string& error);

}  // namespace pla::platform
