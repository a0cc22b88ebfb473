// A table read from CSV: one typed column per header field.
#pragma once

#include <algorithm>  // for max
#include <cmath>    // for floor
#include <cstdint>  // for int32_t
#include <memory>   // for unique_ptr
#include <span>     // for span
#include <string>   // for string
#include <string_view>  // for string_view
#include <vector>   // for vector

namespace boostlab {

enum class ColumnType { kNumeric, kCategorical };

struct Column {
  std::string name;
  ColumnType type = ColumnType::kNumeric;
  std::vector<float> values;        // numeric: one value per row, NaN = missing
  // Numeric, read from a file: every value as read, in double (NaN missing), once some whole number in the column is
  // past what a float holds exactly (2^24: a float reads the ID 123456789 as 123456792), so column() and the
  // predictions file carry IDs unchanged (up to 2^53, what a double holds); empty otherwise. The model reads `values`
  // (floats, as XGBoost's). Values before the first such number are their floats (csv_reader.cc KeepExact).
  std::vector<double> exact;
  std::vector<int32_t> codes;       // categorical: index into levels, -1 = missing
  std::vector<std::string> levels;  // categorical: distinct strings, sorted
  long missing = 0;
  // For a categorical column: its first cell that is not a number, so "text in a
  // numeric column" errors can point at it: its row (-1: none) and, read from a
  // file, its 1-based line (0 for columns given in memory, which have none).
  long first_text_row = -1;
  long first_text_line = 0;
  std::string first_text;

  // Where first_text is, as errors name a row: "Line 57" of the file, or "Row 3"
  // of columns given in memory ("Line 5" named a line that table never had).
  std::string FirstTextAt(bool capital = true) const {
    return first_text_line > 0 ? std::string(capital ? "Line " : "line ") + std::to_string(first_text_line)
                               : std::string(capital ? "Row " : "row ") + std::to_string(first_text_row);
  }

  bool IsMissing(size_t row) const {
    return type == ColumnType::kNumeric ? values[row] != values[row] : codes[row] < 0;
  }
};

// The rows numbered: 1..n or 0..n-1 (pandas' index, written unnamed), one a row in any order, none missing, with at
// most a few numbers absent (rows left out on reading leave gaps). A model would only learn the file's order from it
// (the summary's 'sequence'; a dataset's note when it is a feature). A run from elsewhere, such as years 1990..2020,
// is a quantity. Linear: a bitmap of the range, built only for a column of whole numbers that starts at 0 or 1.
inline bool NumbersTheRows(const Column& col, size_t rows) {
  if (col.type != ColumnType::kNumeric || col.missing != 0 || rows < 20 || col.values.size() != rows) return false;
  double lo = INFINITY, hi = -INFINITY;
  for (float v : col.values) {
    if (v != std::floor(v)) return false;
    lo = std::min<double>(lo, v);
    hi = std::max<double>(hi, v);
  }
  const double gaps = hi - lo + 1 - static_cast<double>(rows);
  if (!(lo == 0 || lo == 1) || gaps < 0 || gaps > std::max(2.0, static_cast<double>(rows) / 50)) return false;
  std::vector<bool> seen(static_cast<size_t>(hi - lo) + 1);
  for (float v : col.values) {
    const size_t at = static_cast<size_t>(v - lo);
    if (seen[at]) return false;
    seen[at] = true;
  }
  return true;
}

// A column of dates written as text that the reader replaced by its parts
// (CsvOptions::date_parts): what the scale-out script needs to derive them alike.
struct DateColumn {
  std::string name;
  std::string order;  // "ymd" (2021-08-05), "dmy" (05/08/2021) or "mdy" (08/05/2021)
  bool time = false;  // some cell had a time: the parts end with NAME_hour
};

struct Table {
  std::vector<Column> columns;
  size_t num_rows = 0;
  // How the file was read: its delimiter and encoding (given or detected),
  // and what a person should know about it (a re-encoding, renamed columns).
  char delimiter = ',';
  std::string encoding = "utf-8";
  bool decimal_comma = false;  // some column's numbers were read with a decimal comma (io/grouped_numbers.h)
  std::vector<std::string> missing_values;  // the reader's CsvOptions::missing_values (for the scale-out script)
  std::vector<DateColumn> date_parts;       // the columns replaced by their date parts (CsvOptions::date_parts), in order
  std::vector<std::string> notes;
  // The file line each row starts on (1-based), so that predictions and
  // messages can name a row as the user's editor does. Rows that run one a
  // line from first_row_line keep nothing more; once one does not (a row
  // left out, a blank line, a quoted field over several lines) row_lines
  // holds every row's line. first_row_line 0: not read from a file.
  uint32_t first_row_line = 0;
  std::vector<uint32_t> row_lines;

  // Index of the column called `name`; throws Error{"UNKNOWN_COLUMN"} if absent.
  size_t ColumnIndex(const std::string& name) const;
  // The line row `row` starts on (0 for a table not read from a file).
  uint32_t LineOf(size_t row) const {
    if (!row_lines.empty()) return row_lines[row];
    return first_row_line == 0 ? 0 : first_row_line + static_cast<uint32_t>(row);
  }
  // The line an Error about row `row` carries (Error::line): its file line, 0 for columns given in memory.
  long ErrorLine(size_t row) const { return static_cast<long>(LineOf(row)); }
  // Whether rows have file lines (read from a CSV), or are named by index.
  bool HasLines() const { return first_row_line != 0 || !row_lines.empty(); }
  // How an error names row `row`: "Line 9" of its file, or for columns given
  // in memory "Row 7", the index the caller's arrays give it ("Line 9" named
  // a line that table never had). `capital` false: "line 9", "row 7".
  std::string RowNamed(size_t row, bool capital = true) const {
    const uint32_t line = LineOf(row);
    return line != 0 ? std::string(capital ? "Line " : "line ") + std::to_string(line)
                     : std::string(capital ? "Row " : "row ") + std::to_string(row);
  }
};

struct CsvOptions {
  // 0: detected from the first lines (comma, semicolon, tab or pipe).
  char delimiter = 0;
  // "auto": UTF-16 when the file starts with its byte-order mark (Table's
  // encoding then "utf-16le" or "utf-16be"), else UTF-8, or Windows-1252
  // when the bytes are not valid UTF-8; "utf-8" or "windows-1252" to say which.
  std::string encoding = "auto";
  // Files larger than this are refused (bytes): before parsing when read
  // whole, at the chunk that passes it when read in chunks.
  size_t max_bytes = size_t{1} << 30;
  // The whole file's size when known (0: not known): after the first chunk
  // the columns are sized for the rows it predicts, so they grow once.
  size_t expected_bytes = 0;
  // A record longer than this (a quote never closed, or no line ends at all)
  // stops the read with CSV_RECORD_TOO_LONG rather than fill the memory.
  size_t max_record_bytes = size_t{256} << 20;
  // A row with more or fewer fields than the header: refused (CSV_RAGGED_ROW
  // naming its line), or left out when this is set, the table's notes
  // saying how many and the first lines (a real export often has a few).
  bool skip_ragged_rows = false;
  // Cells that also mean a missing value, beside the usual markers (empty,
  // NA, N/A, null, ?, ...: io/missing_markers.h), as pandas' na_values: a
  // word that stands for "not measured" among numbers, or a sentinel such as
  // -999. Matched whole against the trimmed cell, as the file spells it.
  // At most kMaxMissingValues of up to kMaxMissingValueBytes each.
  std::vector<std::string> missing_values;
  static constexpr size_t kMaxMissingValues = 1000, kMaxMissingValueBytes = 256;
  // Columns of dates written as text (2021-08-05, 05/08/2021 14:30) to
  // replace, where each stood, by numeric parts: NAME_year, _month, _day,
  // _weekday (0 Monday), _yearday, _days (since 1970-01-01), and _hour when a
  // cell has a time (io/date_parts.h). A column summary says which columns
  // qualify ("dates"). At most kMaxMissingValues names.
  std::vector<std::string> date_parts;
};

// Each column's name, type, missing and distinct counts and first levels, as
// JSON, for previews.
std::string TableSummaryJson(const Table& table);

// Reads CSV options from JSON: {"delimiter": ";" | "auto", "skipRaggedRows": true, "encoding": "auto" |
// "utf-8" | "windows-1252"}; throws Error{"BAD_OPTION"} naming what is wrong.
CsvOptions ParseCsvOptions(std::string_view json);

// Parses CSV bytes (RFC 4180 quoting, LF or CRLF, optional UTF-8 BOM, header
// row). Repeated header names become a, a.1, a.2 (as pandas reads them).
// Throws Error with codes CSV_EMPTY, CSV_NO_ROWS, CSV_RAGGED_ROW,
// CSV_UNTERMINATED_QUOTE, CSV_TOO_LARGE, CSV_RECORD_TOO_LONG (in chunks: see
// max_record_bytes), CSV_NUMBER_OUT_OF_RANGE (a number
// beyond float range, e.g. 1e39, in a numeric column); line and column say where.
Table ReadCsv(std::string_view bytes, const CsvOptions& options = {});

// The same reader a chunk at a time, so the text is never held whole: each
// Feed parses the records the chunk completes and keeps the one it cuts; Finish
// parses the last and returns the table. Errors are ReadCsv's, thrown by the
// Feed or Finish that meets them (lines counted from the file's start). Chunks
// may be cut anywhere, even inside a character or a quoted field.
class CsvReader {
 public:
  explicit CsvReader(const CsvOptions& options = {});
  ~CsvReader();
  CsvReader(CsvReader&&) noexcept;
  CsvReader& operator=(CsvReader&&) noexcept;

  void Feed(std::string_view chunk);
  Table Finish();

  size_t bytes_fed() const;
  size_t rows_read() const;
  size_t columns() const;  // 0 until the header has been read
  size_t text_columns() const;  // columns holding text so far (categorical)
  size_t column_bytes() const;  // the columns' storage so far, room reserved for rows to come included

 private:
  void FeedBytes(std::string_view chunk);  // the file's bytes (UTF-16 decoded here)
  void FeedText(std::string_view chunk);   // UTF-8 or Windows-1252 bytes
  struct State;
  std::unique_ptr<State> state_;
};

// A table from columns in memory: spec_json is {"rows": n, "columns": [{"name":
// "a"} (numeric: its n values are the next in `numbers`, NaN missing) | {"name":
// "c", "text": ["x", null, ...]} (levels sorted, null or "" missing)]}.
// Throws BAD_ARGUMENT naming the column (and row): a repeated or empty name, a
// length that is not n, an infinity, numbers left over.
Table TableFromColumns(std::string_view spec_json, std::span<const float> numbers);

}  // namespace boostlab
