// A learning problem made from a table: features, a label, and which rows
// train and which validate.
#pragma once

#include <cstdint>  // for uint32_t, uint64_t
#include <optional>  // for optional
#include <span>     // for span
#include <string>   // for string
#include <vector>   // for vector

#include "boostlab/errors.h"
#include "boostlab/table.h"

namespace boostlab {

using RowIdx = uint32_t;

enum class Task { kRegression, kBinary, kMulticlass };

struct FeatureInfo {
  std::string name;
  ColumnType type = ColumnType::kNumeric;
  std::vector<std::string> levels;  // categorical: code i is levels[i]
};

struct DatasetOptions {
  std::string target;
  std::vector<std::string> ignore;
  std::string weight;             // a numeric column of per-row sample weights (not a feature); empty: all 1
  std::string task = "auto";      // auto | regression | binary | multiclass
  double valid_fraction = 0.2;    // used when valid_rows is empty
  uint64_t seed = 0;
  std::vector<RowIdx> valid_rows;  // explicit validation rows (0-based data rows)
  bool use_valid_rows = false;
};

// Feature values stored column by column: columns[f][row], NaN = missing.
struct FeatureColumns {
  std::vector<std::vector<float>> columns;
  size_t num_rows = 0;
};

struct Dataset {
  std::vector<FeatureInfo> features;
  FeatureColumns x;
  std::vector<float> label;          // regression: value; binary: 0 or 1; multiclass: class index
  // Per-row sample weights (>= 0, some training row's > 0); empty: every row
  // weighs 1. They scale each row's gradient pair, its share of the starting
  // margin and of AdaBoost's first weights, its bootstrap count in a forest,
  // and its term in every metric (as XGBoost's and scikit-learn's sample_weight).
  std::vector<float> weight;
  std::string weight_column;
  std::string target;
  Task task = Task::kRegression;
  std::vector<std::string> classes;  // sorted; binary: classes[1] is the positive class
  std::vector<RowIdx> train_rows;
  std::vector<RowIdx> valid_rows;

  static Dataset FromTable(const Table& table, const DatasetOptions& options);
};

// What task 'auto' makes of a column as the target, and why, in words a
// person reads beside the Task choice. Dataset::FromTable decides with it and
// the table summary shows it, so the preview and training follow one rule.
// Text: binary (two levels) or multiclass. Whole numbers: 0/1 is binary; 2 to
// 20 distinct values with at least 5 rows each on average are classes (the
// three-class toy's 0/1/2); anything else numeric is regression.
// `problem` is the error training would throw (TARGET_NOT_NUMERIC for numbers
// with a stray word, TARGET_ONE_CLASS, TARGET_CONSTANT, TARGET_ALL_MISSING,
// TARGET_NOT_CLASSES); `distinct` counts the column's values either way.
struct TaskGuess {
  Task task = Task::kRegression;
  std::string why;
  size_t distinct = 0;
  std::optional<Error> problem;
};
TaskGuess GuessTask(const Column& target, size_t column_index);

// Reads {"target", "ignore", "weight", "task", "validFraction", "seed", "validRows"} from
// JSON; throws Error{"BAD_OPTION"} naming the field that is wrong.
DatasetOptions ParseDatasetOptions(std::string_view json);

// Builds the feature columns a model with `features` expects from any table
// that has columns of those names (categorical levels mapped by name; unseen
// levels become missing). Throws UNKNOWN_COLUMN when one is absent.
FeatureColumns FeaturesFromTable(const Table& table, const std::vector<FeatureInfo>& features);

// The given rows of `x`, in that order (a sample to explain, say). Throws
// BAD_ARGUMENT naming a row past the last.
FeatureColumns SelectRows(const FeatureColumns& x, std::span<const RowIdx> rows);

}  // namespace boostlab
