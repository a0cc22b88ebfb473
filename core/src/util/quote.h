// A name or a cell as messages quote it: 'price'. A long one is cut (at a
// character's start) after kQuoteBytes bytes and its length said: a 100 MB
// cell quoted whole made every message about it 100 MB, three times over in
// the table summary the page reads.
#pragma once

#include <cstddef>  // for size_t
#include <string>   // for string

namespace boostlab {

inline constexpr size_t kQuoteBytes = 80;

// s itself, or its first bytes up to kQuoteBytes that end a UTF-8 character, and "…".
inline std::string Shortened(const std::string& s, size_t most = kQuoteBytes) {
  if (s.size() <= most) return s;
  size_t end = most;
  while (end > 0 && (static_cast<unsigned char>(s[end]) & 0xC0) == 0x80) --end;  // not inside a character
  return s.substr(0, end) + "\u2026";
}

inline std::string Quote(const std::string& s) {
  if (s.size() <= kQuoteBytes) return "'" + s + "'";
  return "'" + Shortened(s) + "' (" + std::to_string(s.size()) + " bytes)";
}

}  // namespace boostlab
