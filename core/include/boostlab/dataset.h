// A learning problem made from a table: features, a label, and which rows
// train and which validate.
#pragma once

#include <cstdint>  // for uint32_t, uint64_t
#include <deque>    // for deque
#include <memory>   // for shared_ptr
#include <optional>  // for optional
#include <span>     // for span
#include <string>   // for string
#include <vector>   // for vector

#include "boostlab/errors.h"
#include "boostlab/table.h"

namespace boostlab {

using RowIdx = uint32_t;

enum class Task { kRegression, kBinary, kMulticlass, kRanking };

struct FeatureInfo {
  std::string name;
  ColumnType type = ColumnType::kNumeric;
  std::vector<std::string> levels;  // categorical: code i is levels[i]
};

struct DatasetOptions {
  std::string target;
  std::vector<std::string> ignore;
  std::string weight;             // a numeric column of per-row sample weights (not a feature); empty: all 1
  // Classes: each row's weight times its class's, by class name (a class left out weighs 1), or with
  // balance_classes each class n / (K x its count) over the training rows (scikit-learn's 'balanced').
  std::vector<std::pair<std::string, double>> class_weights;
  bool balance_classes = false;
  // Numeric columns of each row's starting margin (XGBoost's base_margin: an offset such as the log of an
  // exposure), not features: training and its metrics start each row there instead of at f0. One column
  // a model output (a class, a quantile), in the outputs' order. Empty: none.
  std::vector<std::string> base_margin;
  // Ranking: a column of query ids (numbers or text; not a feature). Rows with
  // one id are ranked against each other; the target is their relevance (a
  // whole number >= 0), the task is ranking, and validation takes whole queries.
  std::string group;
  std::string task = "auto";      // auto | regression | binary | multiclass | ranking
  double valid_fraction = 0.2;    // used when valid_rows is empty
  uint64_t seed = 0;
  // Which valid_fraction of the rows (of the queries, for ranking) validate: "random", drawn with the
  // seed; "stratified", drawn with the seed within each class, so each class holds out its share (a
  // rare class keeps its few rows on both sides; classes only); "last", the last ones in the file's
  // order (data in time order: the model is scored on a later stretch than it learnt from, as it
  // will be used, where a random draw lets it learn from rows after those it is scored on).
  std::string valid_split = "random";
  std::vector<RowIdx> valid_rows;  // explicit validation rows (0-based data rows)
  bool use_valid_rows = false;
  // Explicit training rows: with them only valid_rows validate (none when not given), and a row in neither
  // list is left out. A time-series fold trains on the rows before its test rows, not on those after.
  std::vector<RowIdx> train_rows;
  bool use_train_rows = false;
  // Rows whose target is missing: refused (TARGET_MISSING), or with this set
  // left out of training and validation (not for ranking), the notes naming them.
  bool skip_missing_target = false;
};

// Feature values stored column by column: columns[f][row], NaN = missing.
// A column is a view: of a vector this object owns (Add), or of numbers held
// elsewhere (AddView), kept alive by `source` when it is set. So a dataset
// made from a shared table does not copy the table's numeric columns (a 40M-row
// file's would take a second gigabyte). Copies copy the owned columns and
// share the views.
class FeatureColumns {
 public:
  size_t num_rows = 0;
  std::shared_ptr<const void> source;  // what the views point into, if anyone must keep it

  FeatureColumns() = default;
  // Owned columns of rows values each (all the same length).
  explicit FeatureColumns(std::vector<std::vector<float>> owned);
  FeatureColumns(const FeatureColumns& other);
  FeatureColumns& operator=(const FeatureColumns& other);
  FeatureColumns(FeatureColumns&&) noexcept = default;
  FeatureColumns& operator=(FeatureColumns&&) noexcept = default;

  // Read-only: a span made from a temporary vector would dangle, so columns
  // come in only through Add (owned) and AddView (the caller's to keep alive).
  const std::vector<std::span<const float>>& columns() const { return columns_; }
  void Add(std::vector<float> values);
  void AddView(std::span<const float> values);
  void AddView(std::vector<float>&& temporary) = delete;  // would dangle: Add it
  // Column f as a vector this object owns (copied from a view on first use),
  // to change values in place; its size must stay num_rows.
  std::vector<float>& Mutable(size_t f);
  // Lets every column go (owned ones freed, the views' source released),
  // keeping num_rows. Once a trainer has binned a dataset it reads no values
  // (Booster::Prepare), and on a big table they are most of the heap. What
  // needs values after this (a trainer, predictions, SHAP) throws
  // VALUES_RELEASED (CheckHasValues).
  void Release();
  bool released() const { return released_; }

 private:
  std::vector<std::span<const float>> columns_;
  std::deque<std::vector<float>> owned_;  // a deque: adding one never moves the others
  std::vector<int> owner_;                // per column: its index in owned_, or -1 for a view
  bool released_ = false;
};

// Throws VALUES_RELEASED, saying that `what` needs the values, when x's were released.
void CheckHasValues(const FeatureColumns& x, const char* what);

// Ranking: the rows of each query, in row order; queries in the order their
// first row appears. Query g holds rows[begin[g] .. begin[g + 1]).
struct QueryGroups {
  std::vector<uint32_t> begin = {0};
  std::vector<RowIdx> rows;
  size_t size() const { return begin.size() - 1; }
  std::span<const RowIdx> Group(size_t g) const {
    return std::span<const RowIdx>(rows).subspan(begin[g], begin[g + 1] - begin[g]);
  }
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
  // The factor each class's rows were weighed by (DatasetOptions' class weights, 'balanced' resolved),
  // one per class; empty: none. Kept so that the scale-out script weighs the cluster's rows alike.
  std::vector<double> class_weights;
  // Each row's starting margins (DatasetOptions::base_margin), rows x columns row-major, and the
  // columns; empty: f0 for every row.
  std::vector<float> base_margin;
  std::vector<std::string> base_margin_columns;
  std::string target;
  Task task = Task::kRegression;
  std::vector<std::string> classes;  // sorted; binary: classes[1] is the positive class
  std::vector<RowIdx> train_rows;
  std::vector<RowIdx> valid_rows;
  // Ranking (task kRanking): the query id column and the queries of the
  // training and of the validation rows (a query whose rows are on both
  // sides is two queries, one each side).
  std::string group_column;
  QueryGroups train_groups, valid_groups;
  // What a person should know about the queries (those with one row, or one relevance, teach nothing).
  std::vector<std::string> notes;

  static Dataset FromTable(const Table& table, const DatasetOptions& options);
  // The same, its numeric features views of the table's columns instead of
  // copies; the dataset keeps the table alive.
  static Dataset FromTable(std::shared_ptr<const Table> table, const DatasetOptions& options);
};

// What task 'auto' makes of a column as the target, and why, in words a
// person reads beside the Task choice. Dataset::FromTable decides with it and
// the table summary shows it, so the preview and training follow one rule.
// Text: binary (two levels) or multiclass. Whole numbers: 0/1 is binary; 2 to
// 20 distinct values with at least 5 rows each are classes (the three-class
// toy's 0/1/2); anything else numeric is regression (a count whose rare values
// have a row or two among them).
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

// Reads {"target", "ignore", "weight", "group", "task", "validFraction", "seed", "validRows"} from
// JSON; throws Error{"BAD_OPTION"} naming the field that is wrong.
DatasetOptions ParseDatasetOptions(std::string_view json);

// Builds the feature columns a model with `features` expects from any table
// that has columns of those names (categorical levels mapped by name; unseen
// levels become missing). Numeric columns are views of the table's: use the
// result while the table lives. Throws UNKNOWN_COLUMN when one is absent.
FeatureColumns FeaturesFromTable(const Table& table, const std::vector<FeatureInfo>& features);

// The given rows of `x`, in that order (a sample to explain, say). Throws
// BAD_ARGUMENT naming a row past the last.
FeatureColumns SelectRows(const FeatureColumns& x, std::span<const RowIdx> rows);

// Each of `rows`' starting margins (every row when empty) from `columns` of `table`, one a model
// output, rows x columns row-major (XGBoost's base_margin), for training, predicting and scoring
// alike. Throws UNKNOWN_COLUMN, BASE_MARGIN_NOT_NUMERIC or BASE_MARGIN_MISSING (missing or not
// finite), naming the line.
std::vector<float> BaseMargins(const Table& table, const std::vector<std::string>& columns, std::span<const RowIdx> rows = {});

}  // namespace boostlab
