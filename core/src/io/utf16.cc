#include "io/utf16.h"

namespace boostlab {
namespace {

constexpr uint32_t kReplacement = 0xFFFD;

void AppendUtf8(uint32_t cp, std::string& out) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | cp >> 6));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | cp >> 12));
    out.push_back(static_cast<char>(0x80 | (cp >> 6 & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | cp >> 18));
    out.push_back(static_cast<char>(0x80 | (cp >> 12 & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp >> 6 & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

bool IsHigh(uint32_t u) { return u >= 0xD800 && u <= 0xDBFF; }
bool IsLow(uint32_t u) { return u >= 0xDC00 && u <= 0xDFFF; }

}  // namespace

int Utf16Bom(std::string_view first_two) {
  if (first_two.size() < 2) return 0;
  const auto a = static_cast<unsigned char>(first_two[0]), b = static_cast<unsigned char>(first_two[1]);
  return a == 0xFF && b == 0xFE ? 1 : a == 0xFE && b == 0xFF ? 2 : 0;
}

void Utf16Decoder::Unit(uint32_t u, std::string& out) {
  if (high_ != 0) {
    if (IsLow(u)) {
      AppendUtf8(0x10000 + ((high_ - 0xD800) << 10) + (u - 0xDC00), out);
      high_ = 0;
      return;
    }
    AppendUtf8(kReplacement, out);  // a high half with no low half after it
    high_ = 0;
  }
  if (IsHigh(u)) high_ = u;
  else AppendUtf8(IsLow(u) ? kReplacement : u, out);
}

void Utf16Decoder::Decode(std::string_view bytes, std::string& out) {
  out.reserve(out.size() + bytes.size() / 2 * 3 / 2 + 4);  // ASCII text: half; most others fit
  size_t i = 0;
  auto unit = [&](unsigned char first, unsigned char second) {
    return little_ ? static_cast<uint32_t>(first) | static_cast<uint32_t>(second) << 8
                   : static_cast<uint32_t>(first) << 8 | static_cast<uint32_t>(second);
  };
  if (odd_byte_ >= 0 && !bytes.empty()) {
    Unit(unit(static_cast<unsigned char>(odd_byte_), static_cast<unsigned char>(bytes[0])), out);
    odd_byte_ = -1;
    i = 1;
  }
  for (; i + 1 < bytes.size(); i += 2)
    Unit(unit(static_cast<unsigned char>(bytes[i]), static_cast<unsigned char>(bytes[i + 1])), out);
  if (i < bytes.size()) odd_byte_ = static_cast<unsigned char>(bytes[i]);
}

void Utf16Decoder::Finish(std::string& out) {
  if (high_ != 0 || odd_byte_ >= 0) AppendUtf8(kReplacement, out);
  high_ = 0;
  odd_byte_ = -1;
}

}  // namespace boostlab
