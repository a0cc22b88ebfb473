// Bytes read in order from somewhere the core does not know (a string in
// memory, a file, a JavaScript buffer outside the WebAssembly heap): the
// compact model reader pulls a megabyte at a time, so the whole file never
// has to sit beside the model it becomes.
#pragma once

#include <algorithm>    // for min
#include <cstddef>      // for size_t
#include <cstdint>      // for uint64_t
#include <cstring>      // for memcpy
#include <string_view>  // for string_view

namespace boostlab {

class ByteSource {
 public:
  virtual ~ByteSource() = default;
  // Bytes not yet read.
  virtual uint64_t Remaining() const = 0;
  // Copies the next n bytes to dst; the caller asks for no more than Remaining().
  virtual void Read(void* dst, size_t n) = 0;
};

// Bytes already in memory.
class BytesInMemory final : public ByteSource {
 public:
  explicit BytesInMemory(std::string_view bytes) : rest_(bytes) {}
  uint64_t Remaining() const override { return rest_.size(); }
  void Read(void* dst, size_t n) override {
    n = std::min(n, rest_.size());
    std::memcpy(dst, rest_.data(), n);
    rest_.remove_prefix(n);
  }

 private:
  std::string_view rest_;
};

}  // namespace boostlab
