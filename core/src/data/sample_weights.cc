#include "data/sample_weights.h"

#include <cmath>   // for isfinite
#include <string>  // for string, to_string

#include "boostlab/errors.h"
#include "util/quote.h"

namespace boostlab {

std::span<const float> CheckedWeights(const Table& table, size_t column, std::span<const RowIdx> rows) {
  const Column& col = table.columns.at(column);
  const std::string where = ", column " + std::to_string(column + 1) + " (" + Quote(col.name) + "): ";
  if (col.type != ColumnType::kNumeric)
    throw Error("WEIGHT_NOT_NUMERIC", "Line " + std::to_string(col.first_text_line) + where + Quote(col.first_text) +
                                          " is not a number; sample weights must be numbers >= 0.",
                col.first_text_line, static_cast<long>(column + 1));
  auto check = [&](size_t r) {
    const float w = col.values[r];
    if (col.IsMissing(r))
      throw Error("WEIGHT_MISSING", "Line " + std::to_string(table.LineForMessages(r)) + where + "the weight is missing.", table.LineForMessages(r),
                  static_cast<long>(column + 1));
    if (!(w >= 0) || !std::isfinite(w))
      throw Error("WEIGHT_NEGATIVE", "Line " + std::to_string(table.LineForMessages(r)) + where + "the weight " +
                                         std::to_string(w) + " is not a finite number >= 0.",
                  table.LineForMessages(r), static_cast<long>(column + 1));
  };
  if (rows.empty())
    for (size_t r = 0; r < col.values.size(); ++r) check(r);
  else
    for (RowIdx r : rows) check(r);
  return col.values;
}

}  // namespace boostlab
