// Bytes written in order to somewhere the core does not know (a string, a
// file, a JavaScript buffer outside the WebAssembly heap): the compact model
// writer hands over a buffer at a time, so a saved file never has to sit
// whole in the heap beside the model it came from. ByteSource's other half.
#pragma once

#include <cstddef>  // for size_t
#include <string>   // for string

namespace boostlab {

// How much a writer gathers before handing it on: small enough that the
// .blm writer's CRC reads it from cache, big enough that a sink's cost a call
// (a JavaScript callback from WebAssembly) is lost in the copying.
inline constexpr size_t kSinkPieceBytes = size_t{1} << 18;

class ByteSink {
 public:
  virtual ~ByteSink() = default;
  // Takes the next n bytes; data is valid only during the call.
  virtual void Write(const void* data, size_t n) = 0;
};

// Appends to a string in memory.
class StringSink final : public ByteSink {
 public:
  explicit StringSink(std::string& out) : out_(out) {}
  void Write(const void* data, size_t n) override { out_.append(static_cast<const char*>(data), n); }

 private:
  std::string& out_;
};

}  // namespace boostlab
