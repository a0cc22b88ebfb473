// The cells a CSV reader takes for a missing value. One list: the reader
// uses it, and the scale-out scripts hand it to pandas and Spark so that a
// file reads the same on a cluster as in the tab.
#pragma once

#include <algorithm>    // for find
#include <iterator>     // for begin, end
#include <string_view>  // for string_view

namespace boostlab {

inline constexpr std::string_view kMissingMarkers[] = {"", "NA", "N/A", "NaN", "nan", "null", "NULL", "?"};

inline bool IsMissingMarker(std::string_view cell) {
  return std::find(std::begin(kMissingMarkers), std::end(kMissingMarkers), cell) != std::end(kMissingMarkers);
}

}  // namespace boostlab
