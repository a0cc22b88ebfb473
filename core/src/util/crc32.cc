// Slicing by eight (Intel's table-driven method): eight bytes a step through
// eight tables of 256, a table lookup per byte but no dependency between the
// eight, so a model file of hundreds of megabytes adds a fraction of its
// read time. Little-endian only, as the model file is.

#include "util/crc32.h"

#include <array>    // for array
#include <cstring>  // for memcpy

namespace boostlab {
namespace {

constexpr uint32_t kPolynomial = 0xEDB88320u;  // 0x04C11DB7 bit-reversed

constexpr std::array<std::array<uint32_t, 256>, 8> MakeTables() {
  std::array<std::array<uint32_t, 256>, 8> t{};
  for (uint32_t i = 0; i < 256; ++i) {
    uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? (c >> 1) ^ kPolynomial : c >> 1;
    t[0][i] = c;
  }
  // t[k][i]: byte i followed by k zero bytes.
  for (size_t k = 1; k < 8; ++k)
    for (uint32_t i = 0; i < 256; ++i) t[k][i] = (t[k - 1][i] >> 8) ^ t[0][t[k - 1][i] & 0xFF];
  return t;
}

constexpr auto kTables = MakeTables();

}  // namespace

void Crc32::Update(const void* data, size_t n) noexcept {
  const unsigned char* p = static_cast<const unsigned char*>(data);
  uint32_t c = state_;
  for (; n >= 8; n -= 8, p += 8) {
    uint32_t lo, hi;
    std::memcpy(&lo, p, 4);
    std::memcpy(&hi, p + 4, 4);
    lo ^= c;
    c = kTables[7][lo & 0xFF] ^ kTables[6][(lo >> 8) & 0xFF] ^ kTables[5][(lo >> 16) & 0xFF] ^ kTables[4][lo >> 24] ^
        kTables[3][hi & 0xFF] ^ kTables[2][(hi >> 8) & 0xFF] ^ kTables[1][(hi >> 16) & 0xFF] ^ kTables[0][hi >> 24];
  }
  for (; n > 0; --n, ++p) c = (c >> 8) ^ kTables[0][(c ^ *p) & 0xFF];
  state_ = c;
}

}  // namespace boostlab
