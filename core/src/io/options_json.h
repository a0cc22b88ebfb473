// Option parsing shared by the readers of JSON options (CSV, scale-out).
#pragma once

#include <string>  // for string
#include <vector>  // for vector

#include "util/json.h"

namespace boostlab {

// 'missingValues': a list of up to CsvOptions::kMaxMissingValues texts of up
// to kMaxMissingValueBytes each; throws BAD_OPTION, `what` naming the options.
std::vector<std::string> MissingValuesOption(const json::Value& v, const std::string& what);
// CsvOptions::date_parts (and the scale-out script's): column names; BAD_OPTION naming `what` otherwise.
std::vector<std::string> DatePartsOption(const json::Value& v, const std::string& what);

}  // namespace boostlab
