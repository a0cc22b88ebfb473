#include "util/prefault.h"

#include <cstdint>  // for uintptr_t

#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <sys/mman.h>  // for madvise
#endif

namespace boostlab {

void PrefaultForWrite(void* p, size_t bytes) {
#if defined(__linux__) && !defined(__EMSCRIPTEN__) && defined(MADV_POPULATE_WRITE)
  constexpr uintptr_t kPage = 4096;
  // Every page holding a byte of the range: mapped, as the range is.
  // Populating leaves contents alone, so bytes outside the range are safe.
  const uintptr_t begin = reinterpret_cast<uintptr_t>(p) & ~(kPage - 1);
  const uintptr_t end = (reinterpret_cast<uintptr_t>(p) + bytes + kPage - 1) & ~(kPage - 1);
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_POPULATE_WRITE);  // advice: failure is harmless
#else
  (void)p;
  (void)bytes;
#endif
}

}  // namespace boostlab
