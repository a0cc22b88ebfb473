#include "data/sample_weights.h"

#include <cmath>   // for isfinite
#include <string>  // for string, to_string

#include "boostlab/errors.h"
#include "util/closest_name.h"
#include "util/float_text.h"
#include "util/quote.h"

namespace boostlab {

std::span<const float> CheckedWeights(const Table& table, size_t column, std::span<const RowIdx> rows) {
  const Column& col = table.columns.at(column);
  const std::string where = ", column " + std::to_string(column + 1) + " (" + Quote(col.name) + "): ";
  if (col.type != ColumnType::kNumeric)
    throw Error("WEIGHT_NOT_NUMERIC", col.FirstTextAt() + where + Quote(col.first_text) +
                                          " is not a number; sample weights must be numbers >= 0.",
                col.first_text_line, static_cast<long>(column + 1));
  auto check = [&](size_t r) {
    const float w = col.values[r];
    if (col.IsMissing(r))
      throw Error("WEIGHT_MISSING", table.RowNamed(r) + where + "the weight is missing.", table.ErrorLine(r),
                  static_cast<long>(column + 1));
    if (!(w >= 0) || !std::isfinite(w))
      throw Error("WEIGHT_NEGATIVE", table.RowNamed(r) + where + "the weight " +
                                         ShortestFloat(w) + " is not a finite number >= 0.",
                  table.ErrorLine(r), static_cast<long>(column + 1));
  };
  if (rows.empty())
    for (size_t r = 0; r < col.values.size(); ++r) check(r);
  else
    for (RowIdx r : rows) check(r);
  return col.values;
}

void ApplyClassWeights(const DatasetOptions& options, Dataset& d) {
  if (options.class_weights.empty() && !options.balance_classes) return;
  if (d.task != Task::kBinary && d.task != Task::kMulticlass)
    throw Error("BAD_OPTION", "Class weights weigh classes; the target " + Quote(d.target) + " is read as " +
                                  (d.task == Task::kRanking ? "relevance grades (ranking)" : "numbers (regression)") + ".");
  const size_t K = d.classes.size();
  std::vector<double> factor(K, 1.0);
  if (options.balance_classes) {
    // scikit-learn's compute_class_weight('balanced'): n / (K x count), counts of the training rows.
    std::vector<double> count(K, 0);
    for (RowIdx r : d.train_rows) count[static_cast<size_t>(d.label[r])] += 1;
    for (size_t k = 0; k < K; ++k)
      if (count[k] > 0) factor[k] = static_cast<double>(d.train_rows.size()) / (static_cast<double>(K) * count[k]);
  }
  for (const auto& [name, w] : options.class_weights) {
    size_t k = 0;
    while (k < K && d.classes[k] != name) ++k;
    if (k == K)
      throw Error("BAD_OPTION", "Class weights name " + Quote(name) + ", which is not a class of " + Quote(d.target) +
                                    DidYouMean(name, d.classes) + "; its classes are " + Joined(d.classes) + ".");
    if (!(w >= 0) || !std::isfinite(w))
      throw Error("BAD_OPTION", "The class weight of " + Quote(name) + " is " + ShortestFloat(static_cast<float>(w)) + "; it must be a finite number >= 0.");
    factor[k] *= w;
  }
  d.class_weights = factor;
  if (d.weight.empty()) d.weight.assign(d.label.size(), 1.0f);
  for (size_t r = 0; r < d.weight.size(); ++r)
    if (d.label[r] == d.label[r] && d.label[r] >= 0 && static_cast<size_t>(d.label[r]) < K)
      d.weight[r] = static_cast<float>(d.weight[r] * factor[static_cast<size_t>(d.label[r])]);
  double total = 0;
  for (RowIdx r : d.train_rows) total += d.weight[r];
  if (!(total > 0)) throw Error("WEIGHT_ALL_ZERO", "With these class weights the training rows weigh nothing; nothing can be learned.");
  std::string said;
  for (size_t k = 0; k < K && k < 20; ++k) said += (k ? ", " : "") + Quote(d.classes[k]) + " x" + ShortestFloat(static_cast<float>(factor[k]));
  d.notes.push_back(std::string("Each row weighs its class's weight") + (options.balance_classes ? " (balanced: rows / (classes x the class's rows))" : "") +
                    (d.weight_column.empty() ? "" : ", times its " + Quote(d.weight_column)) + ": " + said + (K > 20 ? ", …" : "") + ".");
}

}  // namespace boostlab
