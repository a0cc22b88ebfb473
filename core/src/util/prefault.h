// Faulting in memory about to be written, all at once.
#pragma once

#include <cstddef>  // for size_t

namespace boostlab {

// Asks the system to back every page holding a byte of [p, p + bytes) now,
// in one call, rather than one trap a page on first write; contents stay as
// they are (Linux 5.14 and later; elsewhere, or when refused, nothing
// happens). A forest tree's megabytes of new nodes trapped some 500 times a
// tree.
void PrefaultForWrite(void* p, size_t bytes);

}  // namespace boostlab
