// Ranking data, for Dataset::FromTable (query_groups.cc).
#pragma once

#include <cstddef>  // for size_t

#include "boostlab/dataset.h"
#include "boostlab/table.h"

namespace boostlab {

// The group column's queries split into training and validation (whole
// queries drawn with the seed, or explicit rows), and the target read as
// relevance. Throws GROUP_* / TARGET_NOT_RELEVANCE errors naming the column
// and, for values, the line.
void ReadQueries(const Table& table, size_t group_col, size_t target_col, const DatasetOptions& options, Dataset& d);

}  // namespace boostlab
