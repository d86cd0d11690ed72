#include "core/base/memory.hpp"

#include <cstdio>
#include <cstring>
#include <string>

namespace pla {

namespace {

// The first number in a small text file (a cgroup file holds one, or "max").
bool read_number_file(const char* path, std::uint64_t& out) {
  std::FILE* f = std::fopen(path, "rb");
  if (!f) return false;
  char buf[64] = {};
  const std::size_t got = std::fread(buf, 1, sizeof buf - 1, f);
  std::fclose(f);
  if (got == 0 || buf[0] < '0' || buf[0] > '9') return false;
  std::uint64_t v = 0;
  for (std::size_t i = 0; i < got && buf[i] >= '0' && buf[i] <= '9'; ++i) v = v * 10 + static_cast<std::uint64_t>(buf[i] - '0');
  out = v;
  return true;
}

// The cgroup v2 folder of this process ("0::/path" in /proc/self/cgroup), or "".
std::string cgroup_v2_dir() {
  std::FILE* f = std::fopen("/proc/self/cgroup", "rb");
  if (!f) return "";
  char line[512];
  std::string dir;
  while (std::fgets(line, sizeof line, f)) {
    if (std::strncmp(line, "0::", 3) == 0) {
      dir = line + 3;
      while (!dir.empty() && (dir.back() == '\n' || dir.back() == '\r')) dir.pop_back();
      break;
    }
  }
  std::fclose(f);
  return dir;
}

}  // namespace

std::uint64_t MemoryInfo::usable() const {
  std::uint64_t u = available;
  if (cgroup_limit > 0) {
    const std::uint64_t room = cgroup_limit > cgroup_used ? cgroup_limit - cgroup_used : 0;
    u = u == 0 ? room : (room < u ? room : u);
  }
  return u;
}

MemoryInfo memory_info() {
  MemoryInfo m;
  if (std::FILE* f = std::fopen("/proc/meminfo", "rb")) {
    char line[256];
    while (std::fgets(line, sizeof line, f)) {
      unsigned long long kb = 0;
      if (std::sscanf(line, "MemTotal: %llu kB", &kb) == 1) m.physical = kb * 1024ULL;
      if (std::sscanf(line, "MemAvailable: %llu kB", &kb) == 1) m.available = kb * 1024ULL;
    }
    std::fclose(f);
  }
  // cgroup v2: the process's own folder, then the root of the mount (a container's view).
  const std::string dir = cgroup_v2_dir();
  for (const std::string& base : {std::string("/sys/fs/cgroup") + dir, std::string("/sys/fs/cgroup")}) {
    std::uint64_t limit = 0;
    if (read_number_file((base + "/memory.max").c_str(), limit)) {
      m.cgroup_limit = limit;
      read_number_file((base + "/memory.current").c_str(), m.cgroup_used);
      return m;
    }
  }
  // cgroup v1 (a huge number means no limit)
  std::uint64_t limit = 0;
  if (read_number_file("/sys/fs/cgroup/memory/memory.limit_in_bytes", limit) && limit < (std::uint64_t{1} << 60)) {
    m.cgroup_limit = limit;
    read_number_file("/sys/fs/cgroup/memory/memory.usage_in_bytes", m.cgroup_used);
  }
  return m;
}

bool fits_in_memory(std::uint64_t need, const MemoryInfo& m) {
  const std::uint64_t usable = m.usable();
  return usable == 0 || need <= usable / 4 * 3;
}

}  // namespace pla
