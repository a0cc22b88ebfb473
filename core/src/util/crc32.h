// CRC-32 (the IEEE polynomial of zlib, gzip and PNG: Python's zlib.crc32
// gives the same number), to tell a damaged model file from a good one.
//
// A model file's numbers can change in transfer or on disk and still be
// numbers: a flipped bit in a leaf value or a threshold is a different
// model, not a malformed one, and no field check can see it. A CRC sees
// every single-bit change and every burst of up to 32 bits.
#pragma once

#include <cstddef>  // for size_t
#include <cstdint>  // for uint32_t

namespace boostlab {

class Crc32 {
 public:
  // Adds n bytes to what the checksum covers; calls may split the bytes anywhere.
  // noexcept: in wasm a call that may throw goes through JavaScript.
  void Update(const void* data, size_t n) noexcept;
  // The CRC-32 of every byte given so far.
  uint32_t Value() const { return ~state_; }

 private:
  uint32_t state_ = 0xFFFFFFFFu;
};

// The CRC-32 of n bytes.
inline uint32_t Crc32Of(const void* data, size_t n) noexcept {
  Crc32 crc;
  crc.Update(data, n);
  return crc.Value();
}

}  // namespace boostlab
