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

// With sample weights (d.weight), XGBoost weighs whole queries: every row of
// a query must carry its query's one weight. Throws QUERY_WEIGHTS_DIFFER
// naming the query and two lines that differ.
void CheckQueryWeights(const Table& table, size_t group_col, const Dataset& d);

}  // namespace boostlab
