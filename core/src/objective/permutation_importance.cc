// Permutation importance: one feature's values shuffled among the rows scored,
// the model scored again by Evaluate. The rows asked are copied once into a
// table of the columns scoring reads; a feature's column is shuffled there
// and put back, so each score costs a prediction of those rows and no copy.
#include <algorithm>  // for find, max
#include <cmath>      // for isnan
#include <string>     // for string
#include <vector>     // for vector

#include "boostlab/errors.h"
#include "boostlab/evaluation.h"
#include "util/closest_name.h"
#include "util/quote.h"
#include "util/rng.h"

namespace boostlab {
namespace {

// The columns named (each once), their cells at `rows` only.
Table RowsOf(const Table& table, std::span<const RowIdx> rows, const std::vector<std::string>& names) {
  Table out;
  out.num_rows = rows.size();
  for (const std::string& name : names) {
    if (std::any_of(out.columns.begin(), out.columns.end(), [&](const Column& c) { return c.name == name; })) continue;
    const auto at = std::find_if(table.columns.begin(), table.columns.end(), [&](const Column& c) { return c.name == name; });
    if (at == table.columns.end()) continue;  // Evaluate names what is missing
    Column c;
    c.name = at->name;
    c.type = at->type;
    c.levels = at->levels;
    if (c.type == ColumnType::kNumeric) {
      c.values.reserve(rows.size());
      for (RowIdx r : rows) c.values.push_back(at->values[r]);
    } else {
      c.codes.reserve(rows.size());
      for (RowIdx r : rows) c.codes.push_back(at->codes[r]);
    }
    out.columns.push_back(std::move(c));
  }
  return out;
}

// Each metric's sign: +1 where lower is better (a loss), -1 where higher is.
int LossSign(const std::string& metric) { return metric == "auc" || metric == "aucpr" || metric == "accuracy" || metric == "r2" ? -1 : 1; }

double Read(const Evaluation& e, const std::string& metric) {
  if (metric == "logloss") return e.logloss;
  if (metric == "auc") return e.auc;
  if (metric == "aucpr") return e.aucpr;
  if (metric == "accuracy") return e.accuracy;
  if (metric == "rmse") return e.rmse;
  if (metric == "mae") return e.mae;
  return e.r2;
}

}  // namespace

PermutationImportance PermutationImportanceOf(const Model& model, const Table& table, std::span<const RowIdx> rows, int rounds,
                                              const std::string& metric, int repeats, uint64_t seed, const std::string& weight,
                                              const std::string& target, const std::vector<std::string>& base_margin) {
  if (repeats < 1 || repeats > 100)
    throw Error("BAD_ARGUMENT", "repeats is how many times each feature is shuffled, 1 to 100, not " + std::to_string(repeats) + ".");
  std::vector<RowIdx> all;
  if (rows.empty()) {
    all.resize(table.num_rows);
    for (size_t r = 0; r < all.size(); ++r) all[r] = static_cast<RowIdx>(r);
    rows = all;
  }
  for (size_t i = 0; i < rows.size(); ++i)
    if (rows[i] >= table.num_rows)
      throw Error("BAD_ARGUMENT", "Row " + std::to_string(rows[i]) + " (item " + std::to_string(i) + ") is past the last row, " +
                                      std::to_string(table.num_rows) + " rows counted from 0.");
  std::vector<std::string> names;
  for (const auto& f : model.features) names.push_back(f.name);
  names.push_back(target.empty() ? model.target : target);
  if (!weight.empty()) names.push_back(weight);
  names.insert(names.end(), base_margin.begin(), base_margin.end());
  Table sub = RowsOf(table, rows, names);
  const Evaluation base = Evaluate(model, sub, {}, rounds, 0, weight, target, base_margin);
  const bool classes = base.task != Task::kRegression;
  const std::vector<std::string> offered = classes ? std::vector<std::string>{"logloss", "auc", "aucpr", "accuracy"}
                                                   : std::vector<std::string>{"rmse", "mae", "r2"};
  PermutationImportance out;
  out.metric = metric.empty() ? (classes && std::isnan(base.logloss) ? "accuracy" : offered[0]) : metric;
  if (std::find(offered.begin(), offered.end(), out.metric) == offered.end())
    throw Error("BAD_OPTION", "Permutation importance of a " + std::string(classes ? "classifier" : "regression model") + " is measured by " +
                                  Joined(offered) + ", not " + Quote(out.metric) + ".");
  out.baseline = Read(base, out.metric);
  if (std::isnan(out.baseline))
    throw Error("BAD_OPTION", "The metric " + Quote(out.metric) + " cannot be computed on these rows (" +
                                  (out.metric == "logloss" ? "the model gives classes, not probabilities" : "they hold one class only, or the target is constant") +
                                  "): choose another.");
  out.rows = base.rows;
  const int sign = LossSign(out.metric);
  const size_t n = sub.num_rows;
  std::vector<size_t> order(n);
  for (size_t f = 0; f < model.features.size(); ++f) {
    out.features.push_back(model.features[f].name);
    Column& col = sub.columns[sub.ColumnIndex(model.features[f].name)];
    const std::vector<float> values = col.values;
    const std::vector<int32_t> codes = col.codes;
    std::vector<double> drops;
    for (int k = 0; k < repeats; ++k) {
      // A draw of its own for each feature and repeat: the same whichever features come before.
      Rng rng(seed ^ (0x9e3779b97f4a7c15ULL * (f + 1)) ^ (0xbf58476d1ce4e5b9ULL * static_cast<uint64_t>(k + 1)));
      for (size_t i = 0; i < n; ++i) order[i] = i;
      for (size_t i = n; i > 1; --i) std::swap(order[i - 1], order[rng.Below(i)]);
      for (size_t i = 0; i < n; ++i) {
        if (col.type == ColumnType::kNumeric) col.values[i] = values[order[i]];
        else col.codes[i] = codes[order[i]];
      }
      const Evaluation e = Evaluate(model, sub, {}, rounds, 0, weight, target, base_margin);
      drops.push_back(sign * (Read(e, out.metric) - out.baseline));
    }
    col.values = values;
    col.codes = codes;
    out.drops.push_back(std::move(drops));
  }
  return out;
}

}  // namespace boostlab
