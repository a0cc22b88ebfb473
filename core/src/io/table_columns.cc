// A Table from columns already in memory (typed arrays, lists of strings), so
// a program can train without writing CSV text: the same checks as the CSV
// reader, each error naming the column (and the row).

#include <algorithm>  // for sort, unique, lower_bound
#include <cmath>      // for isfinite, isnan
#include <set>        // for set
#include <string>     // for string

#include "boostlab/errors.h"
#include "boostlab/table.h"
#include "io/missing_markers.h"
#include "io/number_cell.h"
#include "util/json.h"
#include "util/quote.h"

namespace boostlab {
namespace {

[[noreturn]] void Bad(const std::string& what) { throw Error("BAD_ARGUMENT", what); }

// Strings to be read as the CSV reader reads cells ("infer"): a column whose
// cells are all numbers or missing markers is numeric, as the same column in
// a file would be. Returns false (nothing set) when a cell is text.
bool ReadAsNumbers(const json::Value& text, Column& col) {
  std::vector<float> values(text.array.size());
  size_t missing = 0;
  for (size_t r = 0; r < values.size(); ++r) {
    const json::Value& v = text.array[r];
    const std::string_view cell = v.IsString() ? Trim(v.string) : std::string_view();
    if (!v.IsString() || IsMissingMarker(cell)) {
      values[r] = NAN;
      ++missing;
      continue;
    }
    const Parsed parsed = ReadNumberCell(cell, &values[r]);
    if (parsed == Parsed::kText) return false;
    if (parsed == Parsed::kOutOfRange)
      Bad("Column " + Quote(col.name) + ", row " + std::to_string(r) + ": " + Quote(v.string) + " is beyond the range of a float (about 3.4e38).");
  }
  col.type = ColumnType::kNumeric;
  col.values = std::move(values);
  col.missing = missing;
  return true;
}

}  // namespace

Table TableFromColumns(std::string_view spec_json, std::span<const float> numbers) {
  const json::Value spec = json::ParseObject(spec_json, "BAD_ARGUMENT", "The columns");
  const json::Value* rows_v = spec.Find("rows");
  const json::Value* columns = spec.Find("columns");
  if (!rows_v || !columns || !columns->IsArray()) Bad("The columns must say their rows and list the columns.");
  const size_t rows = static_cast<size_t>(json::WholeNumber(*rows_v, 1, INT32_MAX, "BAD_ARGUMENT", "The number of rows"));
  if (columns->array.empty()) Bad("There are no columns.");
  Table t;
  t.num_rows = rows;
  std::set<std::string> names;
  size_t used = 0;  // numbers taken so far
  for (const json::Value& c : columns->array) {
    const json::Value* name = c.Find("name");
    if (!name || !name->IsString() || name->string.empty()) Bad("Every column needs a name.");
    if (!names.insert(name->string).second) Bad("Two columns are called " + Quote(name->string) + ".");
    Column col;
    col.name = name->string;
    if (const json::Value* text = c.Find("text")) {
      // Text (or categories): levels sorted, each row a level's code, null missing.
      if (!text->IsArray() || text->array.size() != rows)
        Bad("Column " + Quote(col.name) + " has " + std::to_string(text->IsArray() ? text->array.size() : 0) + " values for " + std::to_string(rows) + " rows.");
      col.type = ColumnType::kCategorical;
      for (size_t r = 0; r < rows; ++r) {
        const json::Value& v = text->array[r];
        if (!v.IsString() && v.kind != json::Value::Kind::kNull)
          Bad("Column " + Quote(col.name) + ", row " + std::to_string(r) + ": a text column holds strings or null.");
      }
      const json::Value* infer = c.Find("infer");
      const bool as_cells = infer && infer->kind == json::Value::Kind::kBool && infer->boolean;
      if (as_cells && ReadAsNumbers(*text, col)) {
        t.columns.push_back(std::move(col));
        continue;
      }
      // A cell is missing when null or empty, and read as a file's would be, a missing marker ('NA').
      auto missing = [&](const json::Value& v) { return !v.IsString() || v.string.empty() || (as_cells && IsMissingMarker(Trim(v.string))); };
      for (size_t r = 0; r < rows; ++r)
        if (!missing(text->array[r])) col.levels.push_back(text->array[r].string);
      std::sort(col.levels.begin(), col.levels.end());
      col.levels.erase(std::unique(col.levels.begin(), col.levels.end()), col.levels.end());
      col.codes.assign(rows, -1);
      for (size_t r = 0; r < rows; ++r) {
        const json::Value& v = text->array[r];
        if (missing(v)) {
          ++col.missing;
          continue;
        }
        col.codes[r] = static_cast<int32_t>(std::lower_bound(col.levels.begin(), col.levels.end(), v.string) - col.levels.begin());
        // The first cell that is not a number, as the CSV reader names it ('x' in 1, 2, x).
        float number;
        if (col.first_text_row < 0 && (!as_cells || ReadNumberCell(Trim(v.string), &number) != Parsed::kNumber)) {
          col.first_text_row = static_cast<long>(r);
          col.first_text = v.string;
        }
      }
    } else {
      if (numbers.size() - used < rows) Bad("Column " + Quote(col.name) + " has fewer numbers than the " + std::to_string(rows) + " rows.");
      col.values.assign(numbers.begin() + static_cast<std::ptrdiff_t>(used), numbers.begin() + static_cast<std::ptrdiff_t>(used + rows));
      used += rows;
      for (size_t r = 0; r < rows; ++r) {
        if (std::isnan(col.values[r])) ++col.missing;
        else if (!std::isfinite(col.values[r]))
          Bad("Column " + Quote(col.name) + ", row " + std::to_string(r) + ": " + (col.values[r] > 0 ? "Infinity" : "-Infinity") +
              " is not a number the trees can split on (NaN means missing).");
      }
    }
    t.columns.push_back(std::move(col));
  }
  if (used != numbers.size()) Bad("There are " + std::to_string(numbers.size() - used) + " numbers left over after the numeric columns.");
  return t;
}

}  // namespace boostlab
