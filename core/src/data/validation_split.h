// The validation split, for rows and for whole queries alike: which rows are
// held out, either the rows given or a share of the units (rows, or queries)
// drawn with the seed. Throws BAD_OPTION naming a row past the last, a
// fraction out of range, or a split that leaves no training rows, and fills
// d.train_rows and d.valid_rows.
#pragma once

#include <cstdint>  // for uint32_t
#include <span>     // for span

#include "boostlab/dataset.h"

namespace boostlab {

// unit_of_row: each row's unit (its query) numbered 0..units-1; empty: every row is its own unit.
void SplitRows(size_t n, const DatasetOptions& options, std::span<const uint32_t> unit_of_row, size_t units, Dataset& d);

}  // namespace boostlab
