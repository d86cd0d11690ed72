// Perceptron Lab core: a file's bytes for the data reader (internal to data_stream's files):
// mapped read-only where the platform can (natively on Unix, PLA_HAVE_MMAP), else read into
// memory. A .npy file is read this way whole; a text file is mapped by the stream's source
// (stream_source.cpp) with map_regular_file.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/base/status.hpp"

#if !defined(__EMSCRIPTEN__) && defined(__unix__)
#define PLA_HAVE_MMAP 1
#endif

namespace pla {

#ifdef PLA_HAVE_MMAP
// A read-only private mapping of the whole regular file open on fd, with its size; nullptr
// for anything else (an empty file, a pipe) or when mapping fails.
void* map_regular_file(int fd, std::size_t& size);
// Ends a mapping made by map_regular_file.
void unmap_file(void* map, std::size_t size);
#endif

// The bytes of a file: mapped read-only where the platform can, else read into memory.
struct FileBytes {
  const char* data = nullptr;
  std::size_t size = 0;
  std::vector<char> owned;
#ifdef PLA_HAVE_MMAP
  void* map = nullptr;
#endif
  FileBytes() = default;
  FileBytes(const FileBytes&) = delete;
  FileBytes& operator=(const FileBytes&) = delete;
  ~FileBytes();
  Status load(const std::string& path);
};

}  // namespace pla
