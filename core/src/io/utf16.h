// UTF-16 text (Excel's "Unicode Text" export, Windows tools) as UTF-8, a chunk
// at a time: the CSV reader works on UTF-8 bytes, and a chunk may end inside
// a code unit or between the two halves of a surrogate pair.
#pragma once

#include <cstdint>      // for uint32_t
#include <string>       // for string
#include <string_view>  // for string_view

namespace boostlab {

class Utf16Decoder {
 public:
  explicit Utf16Decoder(bool little_endian) : little_(little_endian) {}
  // Appends the UTF-8 of `bytes`, after whatever the last call left unfinished.
  void Decode(std::string_view bytes, std::string& out);
  // The end of the text: an odd last byte or a high surrogate with no low
  // half becomes U+FFFD, as an unpaired surrogate anywhere does.
  void Finish(std::string& out);
  bool little_endian() const { return little_; }

 private:
  void Unit(uint32_t unit, std::string& out);
  bool little_;
  int odd_byte_ = -1;  // a code unit's first byte that ended the last chunk
  uint32_t high_ = 0;  // a high surrogate waiting for its low half
};

// Whether the first two bytes are a UTF-16 byte-order mark: 1 little-endian
// (FF FE), 2 big-endian (FE FF), 0 neither.
int Utf16Bom(std::string_view first_two);

}  // namespace boostlab
