#include "platform/screenshot.hpp"

#include <SDL_opengl.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>

namespace pla::platform {

namespace {
std::uint32_t crc32(const unsigned char* data, std::size_t n, std::uint32_t crc = 0) {
  crc = ~crc;
  for (std::size_t i = 0; i < n; ++i) {
    crc ^= data[i];
    for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}
void put32(std::vector<unsigned char>& v, std::uint32_t x) {
  for (int s = 24; s >= 0; s -= 8) v.push_back(static_cast<unsigned char>(x >> s));
}
void chunk(std::vector<unsigned char>& out, const char* type, const std::vector<unsigned char>& data) {
  put32(out, static_cast<std::uint32_t>(data.size()));
  std::vector<unsigned char> body(type, type + 4);
  body.insert(body.end(), data.begin(), data.end());
  out.insert(out.end(), body.begin(), body.end());
  put32(out, crc32(body.data(), body.size()));
}
}  // namespace

bool save_framebuffer_png(const std::string& path, int width, int height, std::string& error) {
  return save_framebuffer_region_png(path, height, 0, 0, width, height, error);
}

bool save_framebuffer_region_png(const std::string& path, int fb_height, int x, int y, int width, int height,
                                 std::string& error) {
  if (width <= 0 || height <= 0) {
    error = "empty framebuffer";
    return false;
  }
  const std::size_t stride = static_cast<std::size_t>(width) * 4;
  std::vector<unsigned char> pixels(stride * static_cast<std::size_t>(height));
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(x, fb_height - y - height, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());

  // Raw scanlines, top row first, each with filter byte 0.
  std::vector<unsigned char> raw;
  raw.reserve((stride + 1) * static_cast<std::size_t>(height));
  for (int row = height - 1; row >= 0; --row) {
    raw.push_back(0);
    const unsigned char* p = pixels.data() + static_cast<std::size_t>(row) * stride;
    for (std::size_t i = 0; i < stride; i += 4) {
      raw.insert(raw.end(), p + i, p + i + 3);
      raw.push_back(255);  // opaque
    }
  }
  // zlib stream of stored (uncompressed) deflate blocks.
  std::vector<unsigned char> z = {0x78, 0x01};
  std::uint32_t a = 1, b = 0;
  for (unsigned char c : raw) {
    a = (a + c) % 65521u;
    b = (b + a) % 65521u;
  }
  for (std::size_t off = 0; off < raw.size() || off == 0; off += 65535) {
    const std::size_t len = std::min<std::size_t>(65535, raw.size() - off);
    const bool last = off + len >= raw.size();
    z.push_back(last ? 1 : 0);
    z.push_back(static_cast<unsigned char>(len & 0xFF));
    z.push_back(static_cast<unsigned char>(len >> 8));
    z.push_back(static_cast<unsigned char>(~len & 0xFF));
    z.push_back(static_cast<unsigned char>((~len >> 8) & 0xFF));
    z.insert(z.end(), raw.begin() + static_cast<std::ptrdiff_t>(off), raw.begin() + static_cast<std::ptrdiff_t>(off + len));
    if (last) break;
  }
  put32(z, (b << 16) | a);

  std::vector<unsigned char> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  std::vector<unsigned char> ihdr;
  put32(ihdr, static_cast<std::uint32_t>(width));
  put32(ihdr, static_cast<std::uint32_t>(height));
  ihdr.insert(ihdr.end(), {8, 6, 0, 0, 0});  // 8-bit RGBA
  chunk(png, "IHDR", ihdr);
  chunk(png, "IDAT", z);
  chunk(png, "IEND", {});

  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) {
    error = "cannot open " + path + " for writing";
    return false;
  }
  const bool ok = std::fwrite(png.data(), 1, png.size(), f) == png.size();
  if (std::fclose(f) != 0 || !ok) {
    error = "cannot write " + path;
    return false;
  }
  return true;
}

}  // namespace pla::platform
