// Perceptron Lab core: a file's bytes, mapped or read (file_bytes.hpp).
#include "core/data/read/file_bytes.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>

#ifdef PLA_HAVE_MMAP
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace pla {

#ifdef PLA_HAVE_MMAP
void* map_regular_file(int fd, std::size_t& size) {
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0) return nullptr;
  void* m = mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
  if (m == MAP_FAILED) return nullptr;
  size = static_cast<std::size_t>(st.st_size);
  return m;
}

void unmap_file(void* map, std::size_t size) { munmap(map, size); }
#endif

FileBytes::~FileBytes() {
#ifdef PLA_HAVE_MMAP
  if (map) munmap(map, size);
#endif
}

Status FileBytes::load(const std::string& path) {
#ifdef PLA_HAVE_MMAP
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) return Status::fail(Msg::io_cannot_open, {{"path", path}, {"reason", std::strerror(errno)}});
  map = map_regular_file(fd, size);
  ::close(fd);
  if (map) {
    data = static_cast<const char*>(map);
    return Status::success();
  }
#endif
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return Status::fail(Msg::io_cannot_open, {{"path", path}, {"reason", std::strerror(errno)}});
  char chunk[65536];
  std::size_t got = 0;
  while ((got = std::fread(chunk, 1, sizeof chunk, f)) > 0) owned.insert(owned.end(), chunk, chunk + got);
  const bool failed = std::ferror(f) != 0;
  std::fclose(f);
  if (failed) return Status::fail(Msg::io_cannot_read, {{"path", path}});
  data = owned.data();
  size = owned.size();
  return Status::success();
}

}  // namespace pla
