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

// A double as a message writes it: the shortest "%.Ng" that reads back to
// the same double (-0.1 is "-0.1", not "-0.10000000000000001").
inline std::string ShortestDouble(double v) {
  char buf[40];
  for (int digits = 1; digits < 17; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    if (std::strtod(buf, nullptr) == v) return buf;
  }
  std::snprintf(buf, sizeof buf, "%.17g", v);  // 17 digits always read back
  return buf;
}

}  // namespace boostlab
