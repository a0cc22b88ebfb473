// A column of per-row sample weights, checked where it is read: numbers,
// none missing, each finite and >= 0, with an error that names the line.
// Training checks every row of it (dataset.cc); scoring checks the rows it
// scores (evaluation.cc), so that both refuse a weight in the same words.
#pragma once

#include <cstddef>  // for size_t
#include <span>     // for span

#include "boostlab/dataset.h"
#include "boostlab/table.h"

namespace boostlab {

// Column `column` of `table` as weights, its `rows` checked (empty: every
// row). Throws WEIGHT_NOT_NUMERIC, WEIGHT_MISSING or WEIGHT_NEGATIVE.
std::span<const float> CheckedWeights(const Table& table, size_t column, std::span<const RowIdx> rows = {});

// DatasetOptions' class weights applied to d.weight (made all 1 first when
// empty), with a note saying each class's. Throws BAD_OPTION for a number
// target, a class the data does not have (with a guess), or a weight that is
// not a finite number >= 0; WEIGHT_ALL_ZERO when the training rows then weigh nothing.
void ApplyClassWeights(const DatasetOptions& options, Dataset& d);

}  // namespace boostlab
