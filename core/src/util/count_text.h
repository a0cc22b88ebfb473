// A count as messages write it: digits grouped by thousands ("16,384
// distinct values"), as the page writes every count beside them.
#pragma once

#include <cstddef>  // for size_t
#include <string>   // for string, to_string

namespace boostlab {

inline std::string CountText(size_t n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

}  // namespace boostlab
