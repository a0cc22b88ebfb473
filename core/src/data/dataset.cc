// Table -> Dataset: pick the target, decide the task, copy features, split rows.

#include <algorithm>  // for sort, find, count
#include <cmath>      // for NAN, floor, llround
#include <cstdint>    // for uint32_t
#include <cstdlib>    // for strtod
#include <cstring>    // for memcpy
#include <map>        // for map
#include <optional>   // for optional
#include <set>        // for set
#include <string>     // for string
#include <unordered_map>  // for unordered_map

#include "boostlab/dataset.h"
#include "boostlab/errors.h"
#include "data/query_groups.h"
#include "data/sample_weights.h"
#include "data/validation_split.h"
#include "io/date_parts.h"
#include "util/float_text.h"
#include "util/closest_name.h"
#include "util/count_text.h"
#include "util/line_list.h"
#include "util/quote.h"
#include "util/rng.h"

namespace boostlab {
namespace {

// Each class is an output of every round: beyond this the "classes" are a measurement.
constexpr size_t kMaxClasses = 1000;

// One cap on classes, text or numbers, with one message.
// The target's problems, as values: the task guess for the page's table
// summary meets them for many columns (a file of 100,000 columns), and an
// exception thrown and caught per column cost 20 s in wasm. Training throws them.
std::optional<Error> TooManyClasses(const Column& target, size_t classes, long col) {
  if (classes <= kMaxClasses) return std::nullopt;
  return Error("TARGET_NOT_CLASSES", "The target " + Quote(target.name) + " has " + CountText(classes) +
                                         " distinct values; as classes that is more than " + CountText(kMaxClasses) +
                                         " (each class is an output of every round). Use task 'regression' for a "
                                         "continuous target, or merge rare classes.",
               0, col);
}

void CheckClassCount(const Column& target, size_t classes, long col) {
  if (auto problem = TooManyClasses(target, classes, col)) throw *problem;
}

// Levels of a text column that read as whole numbers: the test for "numbers
// with a stray word" (a typo, 'n/a'), which no one means as classes.
bool NumbersWithText(const Column& target) {
  size_t numeric_levels = 0;
  for (const std::string& level : target.levels) {
    char* end = nullptr;
    std::strtod(level.c_str(), &end);
    numeric_levels += !level.empty() && end == level.c_str() + level.size();
  }
  return 2 * numeric_levels >= target.levels.size();
}

Error NotNumeric(const Column& target, long col, const std::string& why) {
  return Error("TARGET_NOT_NUMERIC",
               target.FirstTextAt() + ", column " + std::to_string(col) + " (" +
                   Quote(target.name) + "): " + Quote(target.first_text) + why,
               target.first_text_line, col);
}

[[noreturn]] void ThrowNotNumeric(const Column& target, long col, const std::string& why) { throw NotNumeric(target, col, why); }

std::optional<Error> AllMissing(const Column& target, long col) {
  const size_t rows = target.type == ColumnType::kNumeric ? target.values.size() : target.codes.size();
  if (static_cast<size_t>(target.missing) != rows) return std::nullopt;
  return Error("TARGET_ALL_MISSING", "The target " + Quote(target.name) + " is all missing: no row has a value to learn.", 0, col);
}

void CheckHasValues(const Column& target, long col) {
  if (auto problem = AllMissing(target, col)) throw *problem;
}

Error OneClass(const Column& target, long col) {
  return Error("TARGET_ONE_CLASS", "The target " + Quote(target.name) + " has only one class (" +
                                       (target.levels.empty() ? std::string("none") : Quote(target.levels[0])) +
                                       "); classification needs at least two.", 0, col);
}

// Whole numbers with this many values or fewer (and >= 5 rows of each value)
// are classes under task 'auto'.
constexpr size_t kMaxAutoClasses = 20;
constexpr size_t kRowsPerAutoClass = 5;

std::string ListValues(const std::vector<float>& values) {
  std::string out;
  for (size_t i = 0; i < values.size() && i < 5; ++i) out += (i ? ", " : "") + ShortestFloat(values[i]);
  return out + (values.size() > 5 ? ", …" : "");
}

Task DecideTask(const Table& table, const Column& target, const std::string& requested, size_t target_col) {
  const long col = static_cast<long>(target_col + 1);
  if (requested == "auto") {
    TaskGuess guess = GuessTask(target, target_col);
    if (guess.problem) throw *guess.problem;
    return guess.task;
  }
  CheckHasValues(target, col);
  if (target.type == ColumnType::kCategorical) {
    if (requested == "regression") ThrowNotNumeric(target, col, " is not a number, and a regression target must be numeric.");
    if (target.levels.size() == 2) return Task::kBinary;
    if (target.levels.size() < 2) throw OneClass(target, col);
    if (NumbersWithText(target)) ThrowNotNumeric(target, col, " is not a number in an otherwise numeric target.");
    if (requested == "binary")
      throw Error("TARGET_NOT_BINARY", "The target " + Quote(target.name) + " has " +
                                           std::to_string(target.levels.size()) + " classes, not two.", 0, col);
    if (requested != "multiclass")
      throw Error("BAD_OPTION", "task must be 'auto', 'regression', 'binary' or 'multiclass', not " + Quote(requested) + ".");
    CheckClassCount(target, target.levels.size(), col);
    return Task::kMulticlass;
  }
  if (requested == "regression") return Task::kRegression;
  if (requested == "multiclass") {
    // Numbers as classes: whole numbers, and not so many that they are a measurement.
    std::set<float> classes;
    for (size_t r = 0; r < target.values.size(); ++r) {
      const float v = target.values[r];
      if (v != v) continue;
      if (v != std::floor(v))
        throw Error("TARGET_NOT_CLASSES", table.RowNamed(r) + ", column " + std::to_string(col) + " (" +
                                              Quote(target.name) + "): " + ShortestFloat(v) +
                                              " is not a whole number; numeric classes must be. Use task 'regression' "
                                              "for a continuous target.",
                    table.ErrorLine(r), col);
      classes.insert(v);
    }
    CheckClassCount(target, classes.size(), col);
    if (classes.size() < 2)
      throw Error("TARGET_ONE_CLASS", "The target " + Quote(target.name) + " has only one class; classification needs at least two.", 0, col);
    return classes.size() == 2 ? Task::kBinary : Task::kMulticlass;
  }
  if (requested != "binary")
    throw Error("BAD_OPTION", "task must be 'auto', 'regression', 'binary' or 'multiclass', not " + Quote(requested) + ".");
  std::set<float> distinct;
  for (float v : target.values) {
    if (v == v) distinct.insert(v);
    if (distinct.size() > 2) break;
  }
  if (!(distinct.size() == 2 && *distinct.begin() == 0.0f && *distinct.rbegin() == 1.0f))
    throw Error("TARGET_NOT_BINARY", "A binary target must hold two classes (or the numbers 0 and 1); " +
                                         Quote(target.name) + " does not.", 0, col);
  return Task::kBinary;
}

// The base margin columns' names, checked as training reads them.
void ReadBaseMargins(const Table& table, const std::vector<size_t>& columns, Dataset& d) {
  std::vector<std::string> names;
  for (size_t c : columns) names.push_back(table.columns[c].name);
  d.base_margin = BaseMargins(table, names);
  d.base_margin_columns = std::move(names);
}

// The weight column: numbers >= 0 on every row, and not all 0 on the
// training rows (nothing would be learned).
void ReadWeights(const Table& table, const Column& col, size_t c, Dataset& d) {
  const std::span<const float> weight = CheckedWeights(table, c);
  double total = 0;
  for (RowIdx r : d.train_rows) total += weight[r];
  if (!(total > 0))
    throw Error("WEIGHT_ALL_ZERO", "The weight column " + Quote(col.name) + " is 0 on every training row; nothing can be learned.",
                0, static_cast<long>(c + 1));
  d.weight.assign(weight.begin(), weight.end());
  d.weight_column = col.name;
}

}  // namespace

void SplitRows(size_t n, const DatasetOptions& options, std::span<const uint32_t> unit_of_row, size_t units, Dataset& d) {
  std::vector<char> is_valid(n, 0);
  if (options.use_valid_rows) {
    for (RowIdx r : options.valid_rows) {
      if (r >= n) throw Error("BAD_OPTION", "Validation row " + std::to_string(r) + " is past the last row (" + std::to_string(n - 1) + ").");
      is_valid[r] = 1;
    }
  } else if (options.use_train_rows) {
    // Training rows named and no validation rows: none validate (the rest are left out).
  } else {
    if (!(options.valid_fraction >= 0.0 && options.valid_fraction < 1.0))
      throw Error("BAD_OPTION", "validFraction must be in [0, 1), not " + ShortestDouble(options.valid_fraction) + ".");
    const bool last = options.valid_split == "last", stratified = options.valid_split == "stratified";
    if (!last && !stratified && options.valid_split != "random")
      throw Error("BAD_OPTION", "validSplit must be 'random', 'stratified' or 'last', not " + Quote(options.valid_split) + ".");
    if (stratified && (!unit_of_row.empty() || (d.task != Task::kBinary && d.task != Task::kMulticlass)))
      throw Error("BAD_OPTION", "validSplit 'stratified' draws within each class: it needs a target of classes, not " +
                                    std::string(unit_of_row.empty() ? "numbers" : "queries") + ". Use 'random' or 'last'.");
    std::vector<uint32_t> order(units);
    for (size_t i = 0; i < units; ++i) order[i] = static_cast<uint32_t>(last ? units - 1 - i : i);  // last: from the end
    Rng rng(options.seed);
    if (stratified) {  // each class's rows (rows with no target as one more), shuffled, its share taken
      std::map<float, std::vector<uint32_t>> by_class;
      for (size_t r = 0; r < n; ++r) by_class[std::isnan(d.label[r]) ? -1.0f : d.label[r]].push_back(static_cast<uint32_t>(r));
      for (auto& [label, rows] : by_class) {
        for (size_t i = rows.size(); i > 1; --i) std::swap(rows[i - 1], rows[rng.Below(i)]);
        const size_t take = static_cast<size_t>(std::llround(options.valid_fraction * static_cast<double>(rows.size())));
        for (size_t i = 0; i < take; ++i) is_valid[rows[i]] = 1;
      }
    } else if (!last) {
      for (size_t i = units; i > 1; --i) std::swap(order[i - 1], order[rng.Below(i)]);  // Fisher-Yates
    }
    const size_t n_valid = stratified ? 0 : static_cast<size_t>(std::llround(options.valid_fraction * static_cast<double>(units)));
    if (unit_of_row.empty()) {  // a unit a row: marked directly
      for (size_t i = 0; i < n_valid; ++i) is_valid[order[i]] = 1;
    } else {
      std::vector<char> valid_unit(units, 0);
      for (size_t i = 0; i < n_valid; ++i) valid_unit[order[i]] = 1;
      for (size_t r = 0; r < n; ++r) is_valid[r] = valid_unit[unit_of_row[r]];
    }
  }
  constexpr char kLeftOut = 2;  // a row on neither side (training rows named, this one not among them)
  if (options.use_train_rows) {
    std::vector<char> named(n, 0);
    for (RowIdx r : options.train_rows) {
      if (r >= n) throw Error("BAD_OPTION", "Training row " + std::to_string(r) + " is past the last row (" + std::to_string(n - 1) + ").");
      if (is_valid[r]) throw Error("BAD_OPTION", "Row " + std::to_string(r) + " is both a training row and a validation row.");
      named[r] = 1;
    }
    for (size_t r = 0; r < n; ++r)
      if (!is_valid[r] && !named[r]) is_valid[r] = kLeftOut;
  }
  // Each list its exact size: grown a row at a time, a 40M-row file's
  // training rows took 268 MB (and 402 MB while the last doubling copied).
  const size_t n_valid = static_cast<size_t>(std::count(is_valid.begin(), is_valid.end(), 1));
  const size_t n_out = static_cast<size_t>(std::count(is_valid.begin(), is_valid.end(), kLeftOut));
  d.valid_rows.reserve(n_valid);
  d.train_rows.reserve(n - n_valid - n_out);
  for (size_t r = 0; r < n; ++r) {
    if (is_valid[r] == 1) d.valid_rows.push_back(static_cast<RowIdx>(r));
    else if (is_valid[r] == 0) d.train_rows.push_back(static_cast<RowIdx>(r));
  }
  if (d.train_rows.empty())
    throw Error("BAD_OPTION", options.use_train_rows ? "trainRows names no row to train on." : "No training rows are left after the validation split.");
}

// A dataset from a table; share: numeric features as views of its columns.
static Dataset FromTableImpl(const Table& table, const DatasetOptions& options, bool share) {
  if (options.target.empty()) throw Error("BAD_OPTION", "Choose a target column.");
  const size_t target_col = table.ColumnIndex(options.target);
  for (const auto& name : options.ignore) table.ColumnIndex(name);  // unknown names are errors
  const Column& target = table.columns[target_col];
  const size_t weight_col = options.weight.empty() ? table.columns.size() : table.ColumnIndex(options.weight);
  if (weight_col == target_col)
    throw Error("BAD_OPTION", "The weight column " + Quote(options.weight) + " is also the target; choose another.");
  const size_t group_col = options.group.empty() ? table.columns.size() : table.ColumnIndex(options.group);
  std::vector<size_t> margin_cols;
  for (const std::string& name : options.base_margin) {
    const size_t margin_col = table.ColumnIndex(name);
    if (margin_col == target_col || margin_col == weight_col || margin_col == group_col)
      throw Error("BAD_OPTION", "The base margin column " + Quote(name) + " is also the " +
                                    (margin_col == target_col ? "target" : margin_col == weight_col ? "weight column" : "group column") + "; choose another.");
    if (std::find(margin_cols.begin(), margin_cols.end(), margin_col) != margin_cols.end())
      throw Error("BAD_OPTION", "The base margin columns name " + Quote(name) + " twice; give one column a model output.");
    margin_cols.push_back(margin_col);
  }
  auto is_margin = [&](size_t c) { return std::find(margin_cols.begin(), margin_cols.end(), c) != margin_cols.end(); };
  const bool ranking = group_col < table.columns.size();
  if (ranking && (group_col == target_col || group_col == weight_col))
    throw Error("BAD_OPTION", "The group column " + Quote(options.group) + " is also the " + (group_col == target_col ? "target" : "weight") +
                                  "; choose another.");
  if (ranking && options.task != "auto" && options.task != "ranking")
    throw Error("BAD_OPTION", "A group column makes the task ranking; task " + Quote(options.task) + " cannot have one.");
  if (!ranking && options.task == "ranking")
    throw Error("BAD_OPTION", "Task 'ranking' needs a group column: the query each row belongs to (group: 'qid').");

  Dataset d;
  d.target = target.name;
  d.task = ranking ? Task::kRanking : DecideTask(table, target, options.task, target_col);
  const size_t n = table.num_rows;
  d.label.assign(n, NAN);
  // Rows with no target: refused, naming the first and how many; or, asked
  // to, left out of both sides (their label NaN) and named in the notes.
  std::vector<char> unlabelled;
  LineList missing(table.HasLines() ? "line" : "row");  // as RowNamed names them
  size_t first = 0;  // the first of them
  for (size_t r = 0; r < n; ++r) {
    if (!target.IsMissing(r)) continue;
    if (unlabelled.empty()) {
      unlabelled.assign(n, 0);
      first = r;
    }
    unlabelled[r] = 1;
    missing.Add(table.HasLines() ? static_cast<long>(table.LineOf(r)) : static_cast<long>(r));
  }
  const size_t count = missing.count();
  if (count > 0 && (!options.skip_missing_target || ranking || count == n)) {
    const std::string more = count > 1 ? " (and on " + CountText(count - 1) + " more " + (count == 2 ? "row" : "rows") + ")" : "";
    throw Error("TARGET_MISSING", table.RowNamed(first) + ", column " +
                                      std::to_string(target_col + 1) + " (" + Quote(target.name) + "): the target is missing" + more +
                                      (ranking || count == n ? ". Remove such rows or choose another target."
                                                               : ". Leave such rows out (skipMissingTarget), remove them, or choose another target."),
                table.ErrorLine(first), static_cast<long>(target_col + 1));
  }
  if (count > 0)
    d.notes.push_back("Left out " + missing.Rows() + " with no " + Quote(target.name) + missing.Lines() +
                      ". They are in neither the training nor the validation rows.");
  if (ranking) {
    // Relevance, checked with the queries (ReadQueries).
  } else if (target.type == ColumnType::kCategorical) {
    // Classes in sorted order: label = index; for binary the second is positive.
    std::vector<std::string> sorted = target.levels;
    std::sort(sorted.begin(), sorted.end());
    d.classes = sorted;
    std::vector<float> index_of_code(target.levels.size());
    for (size_t c = 0; c < target.levels.size(); ++c)
      index_of_code[c] = static_cast<float>(std::lower_bound(sorted.begin(), sorted.end(), target.levels[c]) - sorted.begin());
    for (size_t r = 0; r < n; ++r)
      if (target.codes[r] >= 0) d.label[r] = index_of_code[target.codes[r]];
  } else if (d.task == Task::kRegression) {
    for (size_t r = 0; r < n; ++r) d.label[r] = target.values[r];
  } else {
    // Numeric classes (0/1, or any numbers with task 'multiclass'): sorted values.
    std::vector<float> values;
    for (float v : target.values)
      if (v == v) values.push_back(v);
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    for (float v : values) d.classes.push_back(ShortestFloat(v));
    for (size_t r = 0; r < n; ++r)
      if (target.values[r] == target.values[r])
        d.label[r] = static_cast<float>(std::lower_bound(values.begin(), values.end(), target.values[r]) - values.begin());
  }

  d.x.num_rows = n;
  for (size_t c = 0; c < table.columns.size(); ++c) {
    const Column& col = table.columns[c];
    if (c == target_col || c == weight_col || c == group_col || is_margin(c) ||
        std::find(options.ignore.begin(), options.ignore.end(), col.name) != options.ignore.end())
      continue;
    FeatureInfo info{col.name, col.type, col.levels};
    d.features.push_back(std::move(info));
    // Numbers but for a word or two ('three', '-', '#N/A'): read as categories,
    // with no order, which a person rarely means and would not see.
    if (col.type == ColumnType::kCategorical && col.first_text_row >= 0 && NumbersWithText(col))
      d.notes.push_back("Column " + Quote(col.name) + " is read as categories, not numbers: " + Quote(col.first_text) + " (" +
                        col.FirstTextAt(false) + ") is not a number. If such cells mean missing, write them as NA "
                        "or leave them empty; as categories its numbers have no order.");
    // Text with most rows a value of their own (a name, an ID; the page's rule for leaving a column out at
    // first): a reviewer's auto_mpg with its car names as a feature, in 52 of 84 splits, validation R² 0.29
    // against 0.87 without it, and no note said so.
    else if (col.type == ColumnType::kCategorical && col.levels.size() > 50 && 2 * col.levels.size() > table.num_rows)
      d.notes.push_back("Column " + Quote(col.name) + " is text with " + std::to_string(col.levels.size()) + " distinct values in " +
                        std::to_string(table.num_rows) + " rows, " +
                        (DateFormOf(col) ? "dates: as categories a model learns only the dates it saw, not their order. Read them "
                                           "as numbers (the CSV option dateParts), or leave the column out (ignore)."
                                         : "like a name or an ID: as a feature a model learns the training rows' own values, which new "
                                           "rows seldom share. Leave it out (ignore), unless its values recur."));
    if (NumbersTheRows(col, table.num_rows))
      d.notes.push_back("Column " + Quote(col.name) + " numbers the rows (0 or 1 up to their count, one a row): as a feature a "
                        "model only learns the file's order from it. Leave it out (ignore), unless the order is what you mean.");
    if (col.type == ColumnType::kNumeric) {
      if (share) d.x.AddView(col.values);
      else d.x.Add(col.values);
    } else {
      std::vector<float> values(n);
      for (size_t r = 0; r < n; ++r) values[r] = col.codes[r] < 0 ? NAN : static_cast<float>(col.codes[r]);
      d.x.Add(std::move(values));
    }
  }
  if (d.features.empty()) throw Error("NO_FEATURES", "No feature columns are left once the target and ignored columns are set aside.");

  if (!margin_cols.empty()) ReadBaseMargins(table, margin_cols, d);
  if (ranking) {
    ReadQueries(table, group_col, target_col, options, d);
    ApplyClassWeights(options, d);  // (refused: relevance grades are not classes)
    if (weight_col < table.columns.size()) {
      ReadWeights(table, table.columns[weight_col], weight_col, d);
      CheckQueryWeights(table, group_col, d);
    }
    return d;
  }
  SplitRows(n, options, {}, n, d);
  if (!unlabelled.empty()) {
    auto labelled = [&](std::vector<RowIdx>& rows) { std::erase_if(rows, [&](RowIdx r) { return unlabelled[r] != 0; }); };
    labelled(d.train_rows);
    labelled(d.valid_rows);
    if (d.train_rows.empty()) throw Error("BAD_OPTION", "No training rows with a target are left after the validation split.");
  }
  if (weight_col < table.columns.size()) ReadWeights(table, table.columns[weight_col], weight_col, d);
  ApplyClassWeights(options, d);
  if (d.task != Task::kRegression) {
    std::set<float> seen;
    for (RowIdx r : d.train_rows)
      if (d.weight.empty() || d.weight[r] > 0) seen.insert(d.label[r]);
    if (seen.size() < 2)
      throw Error("TARGET_ONE_CLASS", "The training rows of " + Quote(d.target) + " hold only one class" +
                                          (d.weight.empty() ? "" : " among those with a weight above 0") +
                                          "; classification needs at least two.");
    // A class the validation rows lack: their metrics say nothing of it (a file sorted by class, validated on its
    // last rows; a rare class and a random draw). Said, with the split that holds out every class's share.
    if (!d.valid_rows.empty()) {
      std::vector<size_t> held(d.classes.size(), 0), all(d.classes.size(), 0);
      for (RowIdx r : d.valid_rows) held[static_cast<size_t>(d.label[r])]++;
      for (RowIdx r : d.train_rows) all[static_cast<size_t>(d.label[r])]++;
      std::vector<std::string> lacking;
      for (size_t k = 0; k < d.classes.size(); ++k)
        if (held[k] == 0 && all[k] > 0) lacking.push_back(Quote(d.classes[k]));
      if (!lacking.empty())
        d.notes.push_back("The validation rows hold no row of class " + Joined(lacking) + ": their metrics say nothing of " +
                          (lacking.size() == 1 ? "it" : "them") + (options.valid_split == "stratified" ? "." :
                          ". Validation rows drawn at random within each class (stratified) hold out every class's share."));
    }
  }
  return d;
}

FeatureColumns::FeatureColumns(std::vector<std::vector<float>> owned) {
  num_rows = owned.empty() ? 0 : owned[0].size();
  for (auto& column : owned) Add(std::move(column));
}

FeatureColumns::FeatureColumns(const FeatureColumns& other)
    : num_rows(other.num_rows), source(other.source), released_(other.released_) {
  for (size_t f = 0; f < other.columns().size(); ++f) {
    if (other.owner_[f] < 0) AddView(other.columns()[f]);
    else Add(other.owned_[static_cast<size_t>(other.owner_[f])]);
  }
}

FeatureColumns& FeatureColumns::operator=(const FeatureColumns& other) {
  if (this != &other) *this = FeatureColumns(other);
  return *this;
}

void FeatureColumns::Add(std::vector<float> values) {
  owned_.push_back(std::move(values));
  owner_.push_back(static_cast<int>(owned_.size() - 1));
  columns_.emplace_back(owned_.back());
}

void FeatureColumns::AddView(std::span<const float> values) {
  owner_.push_back(-1);
  columns_.push_back(values);
}

void FeatureColumns::Release() {
  columns_ = {};
  owned_ = {};
  owner_ = {};
  source.reset();
  released_ = true;
}

void CheckHasValues(const FeatureColumns& x, const char* what) {
  if (x.released())
    throw Error("VALUES_RELEASED", std::string(what) + " needs the rows' feature values, and this dataset's were released "
                                   "after binning (releaseValues). Make a new dataset from the table.");
}

std::vector<float>& FeatureColumns::Mutable(size_t f) {
  if (owner_.at(f) < 0) {
    owned_.emplace_back(columns_[f].begin(), columns_[f].end());
    owner_[f] = static_cast<int>(owned_.size() - 1);
    columns_[f] = owned_.back();
  }
  return owned_[static_cast<size_t>(owner_[f])];
}

Dataset Dataset::FromTable(std::shared_ptr<const Table> table, const DatasetOptions& options) {
  if (!table) throw Error("BAD_ARGUMENT", "No table.");
  Dataset d = FromTableImpl(*table, options, /*share=*/true);
  d.x.source = std::move(table);
  return d;
}

Dataset Dataset::FromTable(const Table& table, const DatasetOptions& options) {
  return FromTableImpl(table, options, /*share=*/false);
}

namespace {

TaskGuess Guess(Task task, std::string why) {
  TaskGuess g;
  g.task = task;
  g.why = std::move(why);
  return g;
}

// The distinct values of a numeric column (NaN left out, -0 as 0), sorted,
// and how many cells are not missing. Most columns hold few distinct values:
// one pass with a small open-addressing set of their bits, no sort of
// millions of values (a 40M-row file's summary took seconds in the browser);
// a column with many, a sorted copy.
std::vector<float> DistinctValues(const std::vector<float>& column, size_t& present) {
  constexpr uint32_t kEmpty = 0xFFFFFFFFu;  // a NaN's bits: never a key
  // At most a quarter full; no larger than the column needs (a 5-row column
  // of a 100,000-column file had a 256 KB table, 25 GB filled in all).
  int bits = 4;
  while (bits < 16 && (size_t{1} << bits) < 4 * column.size()) ++bits;
  const size_t max_small = (size_t{1} << bits) / 4;
  std::vector<uint32_t> slots(size_t{1} << bits, kEmpty);
  size_t count = 0;
  present = 0;
  bool small = true;
  for (float v : column) {
    if (v != v) continue;
    ++present;
    if (!small) continue;
    uint32_t key;
    const float value = v == 0.0f ? 0.0f : v;  // -0 and 0 are one value
    std::memcpy(&key, &value, sizeof key);
    uint32_t slot = (key * 2654435761u) >> (32 - bits);
    while (slots[slot] != kEmpty && slots[slot] != key) slot = (slot + 1) & ((1u << bits) - 1);
    if (slots[slot] == kEmpty) {
      slots[slot] = key;
      small = ++count <= max_small;
    }
  }
  std::vector<float> values;
  if (small) {
    for (uint32_t key : slots) {
      if (key == kEmpty) continue;
      float v;
      std::memcpy(&v, &key, sizeof v);
      values.push_back(v);
    }
    std::sort(values.begin(), values.end());
    return values;
  }
  values.reserve(present);
  for (float v : column)
    if (v == v) values.push_back(v);
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  return values;
}

TaskGuess Problem(Error e) {
  TaskGuess g;
  g.problem = std::move(e);
  return g;
}

TaskGuess GuessOf(const Column& target, size_t target_col) {
  const long col = static_cast<long>(target_col + 1);
  if (target.type == ColumnType::kCategorical) {
    if (auto problem = AllMissing(target, col)) return Problem(std::move(*problem));
    const size_t k = target.levels.size();
    if (k == 2)
      return Guess(Task::kBinary, "two text values (" + Quote(target.levels[0]) + ", " + Quote(target.levels[1]) +
                                 "); the second is the positive class");
    if (k < 2) return Problem(OneClass(target, col));
    if (NumbersWithText(target)) return Problem(NotNumeric(target, col, " is not a number in an otherwise numeric target."));
    if (auto problem = TooManyClasses(target, k, col)) return Problem(std::move(*problem));
    return Guess(Task::kMulticlass, CountText(k) + " text values");
  }
  size_t present = 0;
  const std::vector<float> values = DistinctValues(target.values, present);
  TaskGuess guess;
  if (auto problem = AllMissing(target, col)) {
    guess = Problem(std::move(*problem));
  } else if (values.size() < 2) {
    guess = Problem(Error("TARGET_CONSTANT", "The target " + Quote(target.name) + " has a single value; there is nothing to learn.", 0, col));
  } else if (values.size() == 2 && values[0] == 0.0f && values[1] == 1.0f) {
    guess = Guess(Task::kBinary, "the numbers 0 and 1");
  } else {
    bool whole = true;
    for (float v : values) whole = whole && v == std::floor(v);
    const std::string count = CountText(values.size());
    // The rarest value's rows: a count with a thin tail (a Poisson's 9 in one row of 2,000) is a
    // quantity, not ten classes (a reviewer's count target scored below the commonest class so).
    size_t rarest = 0;
    float rare = 0;
    if (whole && values.size() <= kMaxAutoClasses) {
      std::vector<size_t> rows(values.size(), 0);
      for (float v : target.values)
        if (v == v) ++rows[static_cast<size_t>(std::lower_bound(values.begin(), values.end(), v == 0.0f ? 0.0f : v) - values.begin())];
      const auto least = std::min_element(rows.begin(), rows.end());
      rarest = *least;
      rare = values[static_cast<size_t>(least - rows.begin())];
    }
    if (whole && values.size() <= kMaxAutoClasses && rarest >= kRowsPerAutoClass)
      guess = Guess(values.size() == 2 ? Task::kBinary : Task::kMulticlass,
                    count + " whole numbers (" + ListValues(values) + "), each in " + CountText(kRowsPerAutoClass) +
                        " rows or more: read as classes");
    else if (whole && values.size() <= kMaxAutoClasses)
      guess = Guess(Task::kRegression, count + " whole numbers (" + ListValues(values) + "), " + ShortestFloat(rare) + " in only " +
                                           CountText(rarest) + " row" + (rarest == 1 ? "" : "s") + ": read as a quantity");
    else
      guess = Guess(Task::kRegression, (whole ? count + " whole numbers (" + ListValues(values) + ")" : "numbers with " + count + " distinct values") +
                                           ": read as a quantity");
  }
  guess.distinct = values.size();
  return guess;
}

}  // namespace

TaskGuess GuessTask(const Column& target, size_t column_index) {
  TaskGuess guess = GuessOf(target, column_index);
  if (target.type == ColumnType::kCategorical) guess.distinct = target.levels.size();
  return guess;
}

FeatureColumns FeaturesFromTable(const Table& table, const std::vector<FeatureInfo>& features) {
  FeatureColumns x;
  x.num_rows = table.num_rows;
  // Every feature the table lacks, named at once (a table made for another
  // model often lacks several), as what the model needs rather than as a
  // column asked for.
  std::vector<std::string> table_names, lacking;
  for (const Column& c : table.columns) table_names.push_back(c.name);
  for (const FeatureInfo& f : features)
    if (std::find(table_names.begin(), table_names.end(), f.name) == table_names.end()) lacking.push_back(f.name);
  if (!lacking.empty()) {
    std::string hint;
    for (const std::string& name : lacking)
      if (hint.empty()) hint = DatePartHint(table, name);
    const std::string which = lacking.size() == 1
                                  ? "feature " + Quote(lacking[0]) + ", which the table has no column for" + DidYouMean(lacking[0], table_names)
                                  : std::to_string(lacking.size()) + " features the table has no column for: " + Joined(lacking);
    throw Error("UNKNOWN_COLUMN", "The model was trained with " + which + "; the table's columns are " + Joined(table_names) + "." + hint);
  }
  for (const FeatureInfo& f : features) {
    const size_t index = table.ColumnIndex(f.name);
    const Column& col = table.columns[index];
    if (f.type == ColumnType::kNumeric) {
      if (col.type != ColumnType::kNumeric)
        throw Error("FEATURE_NOT_NUMERIC", col.FirstTextAt() + ": column " + Quote(f.name) +
                                               " holds text (" + Quote(col.first_text) + ") but the model expects numbers.",
                    col.first_text_line, 0);
      x.AddView(col.values);
    } else {
      std::vector<float> values(table.num_rows, NAN);
      // Map this table's level strings onto the model's codes.
      std::vector<float> remap;
      if (col.type == ColumnType::kCategorical) {
        for (const auto& level : col.levels) {
          auto it = std::find(f.levels.begin(), f.levels.end(), level);
          remap.push_back(it == f.levels.end() ? NAN : static_cast<float>(it - f.levels.begin()));
        }
        for (size_t r = 0; r < table.num_rows; ++r)
          values[r] = col.codes[r] < 0 ? NAN : remap[col.codes[r]];
      } else {
        // This file's cells are all numbers where the model's levels mix numbers and words (trained on
        // 101, 102, A7; scored on 101, 102): a number takes the level the reader names it by in a
        // categorical column, its shortest float text (as evaluation names numeric classes). Every row
        // was missing here before, and the predictions silently wrong.
        std::unordered_map<std::string, float> code_of;
        for (size_t k = 0; k < f.levels.size(); ++k) code_of.emplace(f.levels[k], static_cast<float>(k));
        for (size_t r = 0; r < table.num_rows; ++r) {
          if (col.values[r] != col.values[r]) continue;
          const auto it = code_of.find(ShortestFloat(col.values[r]));
          if (it != code_of.end()) values[r] = it->second;
        }
      }
      x.Add(std::move(values));
    }
  }
  return x;
}

FeatureColumns SelectRows(const FeatureColumns& x, std::span<const RowIdx> rows) {
  CheckHasValues(x, "Picking rows");
  for (size_t i = 0; i < rows.size(); ++i)
    if (rows[i] >= x.num_rows)
      throw Error("BAD_ARGUMENT", "Row " + std::to_string(rows[i]) + " (item " + std::to_string(i) + ") is past the last row, " +
                                      std::to_string(x.num_rows) + " rows counted from 0.");
  FeatureColumns out;
  out.num_rows = rows.size();

  for (const auto& column : x.columns()) {
    std::vector<float> picked(rows.size());
    for (size_t i = 0; i < rows.size(); ++i) picked[i] = column[rows[i]];
    out.Add(std::move(picked));
  }
  return out;
}

}  // namespace boostlab

namespace boostlab {

std::vector<float> BaseMargins(const Table& table, const std::vector<std::string>& columns, std::span<const RowIdx> rows) {
  const size_t M = columns.size(), n = rows.empty() ? table.num_rows : rows.size();
  std::vector<float> out(n * M);
  for (size_t j = 0; j < M; ++j) {
    const size_t c = table.ColumnIndex(columns[j]);
    const Column& col = table.columns[c];
    const std::string where = ", column " + std::to_string(c + 1) + " (" + Quote(col.name) + "): ";
    if (col.type != ColumnType::kNumeric)
      throw Error("BASE_MARGIN_NOT_NUMERIC", col.FirstTextAt() + where + Quote(col.first_text) +
                                                " is not a number; a base margin is each row's starting margin, a number.",
                  col.first_text_line, static_cast<long>(c + 1));
    for (size_t i = 0; i < n; ++i) {
      const size_t r = rows.empty() ? i : rows[i];
      if (r >= table.num_rows)
        throw Error("BAD_ARGUMENT", "Row " + std::to_string(r) + " is past the last row, " + std::to_string(table.num_rows) + " rows counted from 0.");
      if (col.IsMissing(r) || !std::isfinite(col.values[r]))
        throw Error("BASE_MARGIN_MISSING", table.RowNamed(r) + where + "the base margin is " +
                                               (col.IsMissing(r) ? "missing" : "not finite") + "; every row needs one.",
                    table.ErrorLine(r), static_cast<long>(c + 1));
      out[i * M + j] = col.values[r];
    }
  }
  return out;
}

}  // namespace boostlab
