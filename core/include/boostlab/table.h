// A table read from CSV: one typed column per header field.
#pragma once

#include <cstdint>  // for int32_t
#include <string>   // for string
#include <string_view>  // for string_view
#include <vector>   // for vector

namespace boostlab {

enum class ColumnType { kNumeric, kCategorical };

struct Column {
  std::string name;
  ColumnType type = ColumnType::kNumeric;
  std::vector<float> values;        // numeric: one value per row, NaN = missing
  std::vector<int32_t> codes;       // categorical: index into levels, -1 = missing
  std::vector<std::string> levels;  // categorical: distinct strings, sorted
  long missing = 0;
  // For a categorical column: the first cell that is not a number (1-based file
  // line), so "text in a numeric column" errors can point at it. 0 if none.
  long first_text_line = 0;
  std::string first_text;

  bool IsMissing(size_t row) const {
    return type == ColumnType::kNumeric ? values[row] != values[row] : codes[row] < 0;
  }
};

struct Table {
  std::vector<Column> columns;
  size_t num_rows = 0;

  // Index of the column called `name`; throws Error{"UNKNOWN_COLUMN"} if absent.
  size_t ColumnIndex(const std::string& name) const;
};

struct CsvOptions {
  char delimiter = ',';
  // Files larger than this are refused before parsing (bytes).
  size_t max_bytes = size_t{1} << 30;
};

// Each column's name, type, missing and distinct counts and first levels, as
// JSON, for previews.
std::string TableSummaryJson(const Table& table);

// Parses CSV bytes (RFC 4180 quoting, LF or CRLF, optional UTF-8 BOM, header row).
// Throws Error with codes CSV_EMPTY, CSV_NO_ROWS, CSV_RAGGED_ROW,
// CSV_UNTERMINATED_QUOTE, CSV_TOO_LARGE, CSV_NUMBER_OUT_OF_RANGE (a number
// beyond float range, e.g. 1e39, in a numeric column); line and column say where.
Table ReadCsv(std::string_view bytes, const CsvOptions& options = {});

}  // namespace boostlab
