// Bytes written in order to somewhere the core does not know (a string, a
// file, a JavaScript buffer outside the WebAssembly heap): the compact model
// writer hands over a buffer at a time, so a saved file never has to sit
// whole in the heap beside the model it came from. ByteSource's other half.
#pragma once

#include <cstddef>  // for size_t
#include <string>   // for string

namespace boostlab {

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
