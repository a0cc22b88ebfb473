// A float as text: the shortest "%.Ng" spelling that reads back to the same
// float (0.1f is "0.1", not "0.100000001"), so numbers that become category
// levels or class names read as they were written.
#pragma once

#include <cstdio>   // for snprintf
#include <cstdlib>  // for strtof
#include <string>   // for string

namespace boostlab {

inline std::string ShortestFloat(float v) {
  char buf[32];
  for (int digits = 6; digits < 9; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*g", digits, static_cast<double>(v));
    if (std::strtof(buf, nullptr) == v) return buf;
  }
  std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(v));  // 9 digits always read back
  return buf;
}

}  // namespace boostlab
