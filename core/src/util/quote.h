// A name or a cell as messages quote it: 'price'.
#pragma once

#include <string>  // for string

namespace boostlab {

inline std::string Quote(const std::string& s) { return "'" + s + "'"; }

}  // namespace boostlab
