// Perceptron Lab core: how much memory this process may use, to decide whether a data
// set is loaded or streamed (pla train).
#pragma once
#include <cstdint>

namespace pla {

struct MemoryInfo {
  std::uint64_t physical = 0;      // MemTotal (0: unknown)
  std::uint64_t available = 0;     // MemAvailable: free plus reclaimable (0: unknown)
  std::uint64_t cgroup_limit = 0;  // memory.max (v2) or memory.limit_in_bytes (v1); 0: none
  std::uint64_t cgroup_used = 0;   // memory.current / memory.usage_in_bytes
  // What a new allocation may take: the smaller of `available` and the cgroup's room,
  // 0 when neither is known (a platform without /proc).
  std::uint64_t usable() const;
};

// Reads /proc/meminfo and the cgroup files of this process (Linux); zeros elsewhere.
MemoryInfo memory_info();

// Loading a data set that needs `need` bytes fits when it takes at most 3/4 of the usable
// memory (the rest for the process, the page cache of the file and other programs); an
// unknown amount of memory counts as enough.
bool fits_in_memory(std::uint64_t need, const MemoryInfo& m);

}  // namespace pla
