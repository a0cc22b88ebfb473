// "Did you mean": the known name a mistyped one was probably meant to be, for
// the messages about unknown parameters, options and columns.
#pragma once

#include <string>       // for string
#include <string_view>  // for string_view
#include <vector>       // for vector

namespace boostlab {

// Levenshtein distance between two short names.
size_t EditDistance(std::string_view a, std::string_view b);

// The candidate equal to `name` but for letter case, else the nearest one at
// most two edits away (none for a name of more than 64 bytes, no typo of a
// name, or among more than 5,000: a hostile name, or a table of 100,000
// columns, would cost its length times every candidate's).
// Empty when none is close.
std::string ClosestName(std::string_view name, const std::vector<std::string>& candidates);

// " (did you mean 'x'?)" for ClosestName's answer, or "".
std::string DidYouMean(std::string_view name, const std::vector<std::string>& candidates);

// "a, b and c": the first `most` names, each cut as Quote cuts, then how many more.
std::string Joined(const std::vector<std::string>& names, size_t most = 20);

}  // namespace boostlab
