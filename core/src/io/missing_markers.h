// The cells a CSV reader takes for a missing value. One list: the reader
// uses it, and the scale-out scripts hand it to pandas and Spark so that a
// file reads the same on a cluster as in the tab.
#pragma once

#include <algorithm>    // for find
#include <cstddef>      // for size_t
#include <iterator>     // for begin, end
#include <string_view>  // for string_view

namespace boostlab {

// pandas' default na_values (what a practitioner's read_csv would have made
// of the file: Excel's #N/A, n/a, None, <NA>), and '?', the UCI files' marker.
inline constexpr std::string_view kMissingMarkers[] = {"",       "NA",       "N/A",  "n/a",  "NaN",     "nan",     "-NaN",
                                                       "-nan",   "null",     "NULL", "None", "<NA>",    "#N/A",    "#N/A N/A",
                                                       "#NA",    "-1.#IND",  "1.#IND", "-1.#QNAN", "1.#QNAN", "?"};
inline constexpr size_t kLongestMissingMarker = 8;  // "#N/A N/A", "-1.#QNAN"

inline bool IsMissingMarker(std::string_view cell) {
  if (cell.size() > kLongestMissingMarker) return false;  // most text cells: one comparison
  return std::find(std::begin(kMissingMarkers), std::end(kMissingMarkers), cell) != std::end(kMissingMarkers);
}

}  // namespace boostlab
