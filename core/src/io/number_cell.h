// A CSV cell read as a number, as the reader reads every cell: a plain
// decimal (no hex, no inf/nan words) a float can hold. Here, inline, for the
// reader's hot loop, and for text given in memory (TableFromColumns), which
// reads its strings as the reader would the same cells.
#pragma once

#include <cmath>        // for abs
#include <cstdint>      // for uint64_t
#include <cstdlib>      // for strtod
#include <limits>       // for numeric_limits
#include <string_view>  // for string_view

namespace boostlab {

inline std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

enum class Parsed { kNumber, kText, kOutOfRange };

// 10^0 .. 10^22: the powers of ten a double holds exactly.
inline constexpr double kExactPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

// Parses a plain decimal number (no hex, no inf/nan words). kOutOfRange for
// a number whose magnitude a float cannot hold (1e39): it would be read as
// infinity, and nothing trained on it could be saved. `exact`, when given,
// gets the number as a double (a whole number past 2^24 that the float rounds:
// an ID the reader keeps as written, ColumnBuilder).
inline Parsed ParseNumber(std::string_view s, float* out, double* exact = nullptr) {
  // The common cell, [+-]digits[.digits] of at most 19 digits and a value
  // below 2^53, is an exact integer over an exact power of ten: one IEEE
  // division rounds it correctly (Clinger's fast path), to the double strtod
  // would return, at a fraction of strtod's cost.
  const char* p = s.data();
  const char* const end = p + s.size();
  bool negative = false;
  if (p < end && (*p == '-' || *p == '+')) negative = *p++ == '-';
  uint64_t mantissa = 0;
  int digits = 0, decimals = 0;
  bool dot = false;
  for (; p < end; ++p) {
    const unsigned d = static_cast<unsigned>(*p - '0');
    if (d < 10) {
      mantissa = mantissa * 10 + d;  // wraps past 19 digits; such a cell takes the slow path
      ++digits;
      decimals += dot;
    } else if (*p == '.' && !dot) {
      dot = true;
    } else {
      break;
    }
  }
  if (p == end && digits > 0 && digits <= 19 && mantissa <= (uint64_t{1} << 53) && decimals <= 22) {
    const double v = static_cast<double>(mantissa) / kExactPow10[decimals];
    *out = static_cast<float>(negative ? -v : v);
    if (exact) *exact = negative ? -v : v;
    return Parsed::kNumber;
  }
  if (s.size() > 63) return Parsed::kText;
  bool has_digit = false;
  for (char c : s) {
    if (c >= '0' && c <= '9') has_digit = true;
    else if (c != '+' && c != '-' && c != '.' && c != 'e' && c != 'E') return Parsed::kText;
  }
  if (!has_digit) return Parsed::kText;
  char buf[64];
  s.copy(buf, s.size());
  buf[s.size()] = '\0';
  char* stop = nullptr;
  double v = std::strtod(buf, &stop);
  if (stop != buf + s.size()) return Parsed::kText;
  if (!(std::abs(v) <= std::numeric_limits<float>::max())) return Parsed::kOutOfRange;
  *out = static_cast<float>(v);
  if (exact) *exact = v;
  return Parsed::kNumber;
}

// A whole number the float it is read as changes (123456789 reads as 123456792): past 2^24, an ID or a timestamp.
inline bool WholeBeyondFloat(double exact, float v) { return static_cast<double>(v) != exact && std::floor(exact) == exact; }

// A cell that may be a number: none of the missing markers starts so.
inline bool MayBeNumber(std::string_view cell) {
  if (cell.empty()) return false;
  const char c = cell[0];
  return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.';
}


// A cell's number: kNumber with *out set, kText (a word, or a missing
// marker), or kOutOfRange (beyond a float).
inline Parsed ReadNumberCell(std::string_view cell, float* out) {
  return MayBeNumber(cell) ? ParseNumber(cell, out) : Parsed::kText;
}

}  // namespace boostlab
