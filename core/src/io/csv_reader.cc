// CSV bytes -> typed columns in one pass. A column starts numeric and turns
// categorical at its first cell that is neither a number nor a missing marker.

#include <algorithm>      // for sort
#include <cmath>          // for NAN, abs
#include <limits>         // for numeric_limits
#include <utility>        // for pair
#include <vector>         // for vector
#include <cstdio>         // for snprintf
#include <cstdlib>        // for strtod
#include <string>         // for string, to_string
#include <string_view>    // for string_view
#include <unordered_map>  // for unordered_map
#include <unordered_set>  // for unordered_set

#include "boostlab/errors.h"
#include "boostlab/table.h"
#include "io/csv_dialect.h"
#include "io/missing_markers.h"
#include "util/float_text.h"

namespace boostlab {

size_t Table::ColumnIndex(const std::string& name) const {
  for (size_t i = 0; i < columns.size(); ++i)
    if (columns[i].name == name) return i;
  throw Error("UNKNOWN_COLUMN", "There is no column named '" + name + "'.");
}

namespace {

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

enum class Parsed { kNumber, kText, kOutOfRange };

// Parses a plain decimal number (no hex, no inf/nan words). kOutOfRange for
// a number whose magnitude a float cannot hold (1e39): it would be read as
// infinity, and nothing trained on it could be saved.
Parsed ParseNumber(std::string_view s, float* out) {
  if (s.size() > 63) return Parsed::kText;
  bool has_digit = false;
  for (char c : s) {
    if (c >= '0' && c <= '9') has_digit = true;
    else if (c != '+' && c != '-' && c != '.' && c != 'e' && c != 'E') return Parsed::kText;
  }
  if (!has_digit) return Parsed::kText;
  char buf[64];
  s.copy(buf, s.size());
  buf[s.size()] = '\0';
  char* end = nullptr;
  double v = std::strtod(buf, &end);
  if (end != buf + s.size()) return Parsed::kText;
  if (!(std::abs(v) <= std::numeric_limits<float>::max())) return Parsed::kOutOfRange;
  *out = static_cast<float>(v);
  return Parsed::kNumber;
}

class ColumnBuilder {
 public:
  explicit ColumnBuilder(std::string name) { col_.name = std::move(name); }

  void Add(std::string_view raw, long line) {
    std::string_view cell = Trim(raw);
    if (IsMissingMarker(cell)) {
      ++col_.missing;
      if (col_.type == ColumnType::kNumeric) col_.values.push_back(NAN);
      else col_.codes.push_back(-1);
      return;
    }
    float v;
    const Parsed parsed = ParseNumber(cell, &v);
    if (col_.type == ColumnType::kCategorical) {
      // A number in a text column is the level its value spells, as the
      // numbers before the column's first text were (TurnCategorical):
      // "1.0" and "1" are one level wherever they stand.
      col_.codes.push_back(parsed == Parsed::kNumber ? CodeOf(ShortestFloat(v)) : CodeOf(cell));
      return;
    }
    if (parsed == Parsed::kNumber) { col_.values.push_back(v); return; }
    if (parsed == Parsed::kOutOfRange) {
      // An error only if the column stays numeric: in a text column it is a
      // level like any other (kept by its row until then).
      if (out_of_range_.empty()) first_out_of_range_line_ = line;
      out_of_range_.emplace_back(col_.values.size(), std::string(cell));
      col_.values.push_back(NAN);
      return;
    }
    TurnCategorical(cell, line);
    col_.codes.push_back(CodeOf(cell));
  }

  // Throws CSV_NUMBER_OUT_OF_RANGE for the first number past float range in
  // a column that stayed numeric; `column` is its 1-based position.
  void CheckRange(long column) const {
    if (col_.type != ColumnType::kNumeric || out_of_range_.empty()) return;
    throw Error("CSV_NUMBER_OUT_OF_RANGE",
                "Line " + std::to_string(first_out_of_range_line_) + ", column " + std::to_string(column) + " ('" + col_.name +
                    "'): " + out_of_range_[0].second + " is beyond the range of numbers this engine holds (about ±3.4e38, "
                    "32-bit floats). Scale the column, or mark the cell missing.",
                first_out_of_range_line_, column);
  }

  // Levels end up in sorted order (codes as pandas assigns them), so a file's
  // row order does not change its codes or how ties between categories break.
  Column Finish() {
    if (col_.type == ColumnType::kCategorical) {
      std::vector<int32_t> order(col_.levels.size());
      for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int32_t>(i);
      std::sort(order.begin(), order.end(), [&](int32_t a, int32_t b) { return col_.levels[a] < col_.levels[b]; });
      std::vector<int32_t> new_code(order.size());
      std::vector<std::string> sorted(order.size());
      for (size_t i = 0; i < order.size(); ++i) {
        new_code[order[i]] = static_cast<int32_t>(i);
        sorted[i] = std::move(col_.levels[order[i]]);
      }
      col_.levels = std::move(sorted);
      for (int32_t& c : col_.codes)
        if (c >= 0) c = new_code[c];
    }
    return std::move(col_);
  }

 private:
  int32_t CodeOf(std::string_view cell) {
    auto it = index_.find(std::string(cell));
    if (it != index_.end()) return it->second;
    int32_t code = static_cast<int32_t>(col_.levels.size());
    col_.levels.emplace_back(cell);
    index_.emplace(col_.levels.back(), code);
    return code;
  }
  // Earlier numeric cells become levels spelled as their shortest exact form
  // (ShortestFloat), as later numbers in the column will be.
  void TurnCategorical(std::string_view cell, long line) {
    col_.type = ColumnType::kCategorical;
    col_.first_text_line = line;
    col_.first_text = std::string(cell);
    col_.codes.reserve(col_.values.size() + 1);
    size_t next_out_of_range = 0;
    for (size_t row = 0; row < col_.values.size(); ++row) {
      const float v = col_.values[row];
      if (next_out_of_range < out_of_range_.size() && out_of_range_[next_out_of_range].first == row) {
        col_.codes.push_back(CodeOf(out_of_range_[next_out_of_range++].second));  // spelled as written
        continue;
      }
      if (v != v) { col_.codes.push_back(-1); continue; }
      col_.codes.push_back(CodeOf(ShortestFloat(v)));
    }
    col_.values.clear();
    col_.values.shrink_to_fit();
  }

  Column col_;
  std::unordered_map<std::string, int32_t> index_;
  // Numbers past float range while the column is numeric: row and text.
  std::vector<std::pair<size_t, std::string>> out_of_range_;
  long first_out_of_range_line_ = 0;
};

// Splits bytes into records. Quoted fields may hold delimiters, newlines and
// doubled quotes. Tracks 1-based line numbers for messages.
class RecordReader {
 public:
  RecordReader(std::string_view s, char delim) : s_(s), delim_(delim) {}

  bool AtEnd() const { return pos_ >= s_.size(); }
  long line() const { return line_; }

  // Reads one record into fields; returns the line it started on.
  long Next(std::vector<std::string>& fields) {
    fields.clear();
    long start_line = line_;
    std::string field;
    for (;;) {
      field.clear();
      if (pos_ < s_.size() && s_[pos_] == '"') {
        long quote_line = line_;
        ++pos_;
        for (;;) {
          if (pos_ >= s_.size()) {
            throw Error("CSV_UNTERMINATED_QUOTE",
                        "Line " + std::to_string(quote_line) + ", column " +
                            std::to_string(fields.size() + 1) +
                            ": a quoted field is never closed (missing '\"').",
                        quote_line, static_cast<long>(fields.size() + 1));
          }
          char c = s_[pos_++];
          if (c == '"') {
            if (pos_ < s_.size() && s_[pos_] == '"') { field += '"'; ++pos_; continue; }
            break;
          }
          if (c == '\n') ++line_;
          field += c;
        }
        // Text after the closing quote is kept, as spreadsheets do.
        while (pos_ < s_.size() && s_[pos_] != delim_ && s_[pos_] != '\n' && s_[pos_] != '\r')
          field += s_[pos_++];
      } else {
        size_t start = pos_;
        while (pos_ < s_.size() && s_[pos_] != delim_ && s_[pos_] != '\n' && s_[pos_] != '\r') ++pos_;
        field.assign(s_.substr(start, pos_ - start));
      }
      fields.push_back(field);
      if (pos_ >= s_.size()) return start_line;
      char c = s_[pos_++];
      if (c == delim_) continue;
      if (c == '\r' && pos_ < s_.size() && s_[pos_] == '\n') ++pos_;
      ++line_;
      return start_line;
    }
  }

 private:
  std::string_view s_;
  char delim_;
  size_t pos_ = 0;
  long line_ = 1;
};

bool IsBlank(const std::vector<std::string>& fields) {
  return fields.size() == 1 && Trim(fields[0]).empty();
}

}  // namespace

Table ReadCsv(std::string_view bytes, const CsvOptions& options) {
  if (bytes.size() > options.max_bytes) {
    throw Error("CSV_TOO_LARGE", "The file is " + std::to_string(bytes.size() >> 20) +
                                     " MB; the limit is " + std::to_string(options.max_bytes >> 20) +
                                     " MB.");
  }
  if (bytes.substr(0, 3) == "\xEF\xBB\xBF") bytes.remove_prefix(3);
  Table table;
  table.encoding = options.encoding;
  if (table.encoding == "auto") {
    table.encoding = IsValidUtf8(bytes) ? "utf-8" : "windows-1252";
    if (table.encoding == "windows-1252")
      table.notes.push_back("The file is not valid UTF-8: it was read as Windows-1252 (Latin-1).");
  } else if (table.encoding != "utf-8" && table.encoding != "windows-1252") {
    throw Error("BAD_OPTION", "CSV option 'encoding' is '" + table.encoding + "'; allowed: auto, utf-8, windows-1252.");
  }
  std::string transcoded;  // the file as UTF-8, when it was not
  if (table.encoding == "windows-1252") {
    transcoded = Windows1252ToUtf8(bytes);
    bytes = transcoded;
  }
  table.delimiter = options.delimiter ? options.delimiter : SniffDelimiter(bytes);
  if (Trim(bytes).find_first_not_of("\r\n") == std::string_view::npos)
    throw Error("CSV_EMPTY", "The file is empty: there is no header row and no data.", 1, 0);

  RecordReader reader(bytes, table.delimiter);
  std::vector<std::string> fields;
  long header_line;
  do {
    header_line = reader.Next(fields);
  } while (IsBlank(fields) && !reader.AtEnd());

  std::vector<ColumnBuilder> builders;
  std::unordered_set<std::string> names;
  std::string renamed;
  for (size_t i = 0; i < fields.size(); ++i) {
    std::string name(Trim(fields[i]));
    if (name.empty()) name = "column_" + std::to_string(i + 1);
    if (names.count(name)) {  // a repeated name: the next free name.1, name.2, ... (pandas)
      std::string free;
      for (int k = 1; names.count(free = name + "." + std::to_string(k)); ++k) {
      }
      renamed += (renamed.empty() ? "" : ", ") + ("'" + name + "' (column " + std::to_string(i + 1) + ") is '" + free + "'");
      name = free;
    }
    names.insert(name);
    builders.emplace_back(std::move(name));
  }
  if (!renamed.empty()) table.notes.push_back("Column names repeat in the header: " + renamed + ".");
  const size_t width = builders.size();

  size_t rows = 0;
  while (!reader.AtEnd()) {
    long line = reader.Next(fields);
    if (IsBlank(fields) && width > 1) continue;
    if (fields.size() != width) {
      long col = static_cast<long>(std::min(fields.size(), width) + (fields.size() > width ? 1 : 0));
      throw Error("CSV_RAGGED_ROW",
                  "Line " + std::to_string(line) + " has " + std::to_string(fields.size()) +
                      " fields, but the header (line " + std::to_string(header_line) + ") has " +
                      std::to_string(width) + ".",
                  line, col);
    }
    for (size_t c = 0; c < width; ++c) builders[c].Add(fields[c], line);
    ++rows;
  }
  if (rows == 0)
    throw Error("CSV_NO_ROWS", "The file has a header row but no data rows.", header_line, 0);

  table.num_rows = rows;
  for (size_t c = 0; c < width; ++c) builders[c].CheckRange(static_cast<long>(c + 1));
  for (auto& b : builders) table.columns.push_back(b.Finish());
  return table;
}

}  // namespace boostlab
