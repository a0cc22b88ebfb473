// CSV bytes -> typed columns in one pass, whole or a chunk at a time. A column starts numeric and turns
// categorical at its first cell that is neither a number nor a missing marker.

#include <algorithm>      // for sort, count, min
#include <cmath>          // for NAN, abs
#include <limits>         // for numeric_limits
#include <utility>        // for pair
#include <vector>         // for vector
#include <cstdint>        // for uint64_t
#include <cstring>        // for memchr
#include <deque>          // for deque
#include <functional>     // for hash
#include <map>            // for map
#include <new>            // for bad_alloc
#include <optional>       // for optional
#include <stdexcept>      // for length_error
#include <cstdlib>        // for strtod
#include <cstdio>         // for snprintf
#include <string>         // for string, to_string
#include <string_view>    // for string_view
#include <unordered_map>  // for unordered_map
#include <unordered_set>  // for unordered_set

#include "boostlab/errors.h"
#include "boostlab/table.h"
#include "io/csv_dialect.h"
#include "io/date_parts.h"
#include "io/grouped_numbers.h"
#include "io/missing_markers.h"
#include "io/not_text.h"
#include "io/number_cell.h"
#include "io/utf16.h"
#include "util/closest_name.h"
#include "util/float_text.h"
#include "util/line_list.h"
#include "util/quote.h"

namespace boostlab {

size_t Table::ColumnIndex(const std::string& name) const {
  for (size_t i = 0; i < columns.size(); ++i)
    if (columns[i].name == name) return i;
  std::vector<std::string> names;
  names.reserve(columns.size());
  for (const Column& c : columns) names.push_back(c.name);
  throw Error("UNKNOWN_COLUMN", "There is no column named " + Quote(name) + DidYouMean(name, names) + "; the columns are " + Joined(names) + ".");
}

namespace {

// Level lookup by the cell's bytes, without making a string of each cell.
struct TextHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};
struct TextEqual {
  using is_transparent = void;
  bool operator()(std::string_view a, std::string_view b) const { return a == b; }
};

// The cells the user said also mean missing (CsvOptions::missing_values), trimmed.
using MarkerSet = std::unordered_set<std::string, TextHash, TextEqual>;

// A column whose whole numbers a float rounds (Column::exact): said, with its first such value, because the model sees
// the rounded one and a user reading the column as a feature should know.
std::string ExactNote(const Column& col) {
  if (col.type != ColumnType::kNumeric || col.exact.empty()) return "";
  size_t row = 0;
  while (row < col.exact.size() && !WholeBeyondFloat(col.exact[row], col.values[row])) ++row;
  if (row == col.exact.size()) return "";
  char as_written[32], as_float[32];
  std::snprintf(as_written, sizeof as_written, "%.0f", col.exact[row]);
  std::snprintf(as_float, sizeof as_float, "%.0f", static_cast<double>(col.values[row]));
  // Past 2^53 (16 digits and more) not even a double holds every whole number: such IDs are rounded all the same.
  const bool beyond_double = std::any_of(col.exact.begin(), col.exact.end(), [](double v) { return std::abs(v) > 9007199254740992.0; });
  return "Column '" + col.name + "' holds whole numbers past 16,777,216 (2^24), which the engine's 32-bit floats round, as " +
         "XGBoost's do (" + as_written + " is " + as_float + " to a model): kept as written for column() and the " +
         "predictions file (an ID joins back), but as a feature it splits on the rounded values; ignore it if it is an ID." +
         (beyond_double ? " Some are past 9,007,199,254,740,992 (2^53, 16 digits), which not even that copy holds: those are "
                          "rounded too; write such IDs with a letter in front to keep them as text." : "");
}

class ColumnBuilder {
 public:
  // `also_missing`: null, or the user's markers (outliving the builder).
  ColumnBuilder(std::string name, const MarkerSet* also_missing) : also_missing_(also_missing) { col_.name = std::move(name); }

  void Add(std::string_view raw, long line) {
    std::string_view cell = Trim(raw);
    float v;
    double d;
    // A user's marker may spell a number (-999 for "not measured"): looked up before it is read as one.
    const bool marked = also_missing_ && also_missing_->find(cell) != also_missing_->end();
    const Parsed parsed = marked ? Parsed::kText : MayBeNumber(cell) ? ParseNumber(cell, &v, &d) : Parsed::kText;
    if (parsed == Parsed::kNumber && col_.type == ColumnType::kNumeric) {
      col_.values.push_back(v);
      if (!col_.exact.empty()) col_.exact.push_back(d);
      else if (static_cast<double>(v) != d && WholeBeyondFloat(d, v)) KeepExact(d);
      return;
    }
    if (marked || (parsed == Parsed::kText && IsMissingMarker(cell))) {
      ++col_.missing;
      if (!marked && !cell.empty()) {  // a spelled marker (NA, ?): said in the notes, as it could be a value
        SpelledMissing& s = spelled_missing_[std::string(cell)];
        if (s.cells++ == 0) s.first_line = line;
      }
      if (col_.type == ColumnType::kNumeric) PushMissing();
      else col_.codes.push_back(-1);
      return;
    }
    if (col_.type == ColumnType::kCategorical) {
      // A number in a text column is the level its value spells, as the
      // numbers before the column's first text were (TurnCategorical):
      // "1.0" and "1" are one level wherever they stand.
      col_.codes.push_back(parsed == Parsed::kNumber ? CodeOf(Spelled(d, v)) : CodeOf(cell));
      return;
    }
    if (parsed == Parsed::kOutOfRange) {
      // An error only if the column stays numeric: in a text column it is a
      // level like any other (kept by its row until then).
      if (out_of_range_.empty()) first_out_of_range_line_ = line;
      out_of_range_.emplace_back(col_.values.size(), std::string(cell));
      PushMissing();
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

  // Room for `rows` cells, so a column grows once (a guess; more is fine).
  void Reserve(size_t rows) {
    if (col_.type == ColumnType::kNumeric) col_.values.reserve(rows);
    else col_.codes.reserve(rows);
    if (!col_.exact.empty()) col_.exact.reserve(rows);  // kept since the first chunk: grown once too
  }
  void Unreserve() {
    col_.values.shrink_to_fit();
    col_.exact.shrink_to_fit();
    col_.codes.shrink_to_fit();
  }
  const std::string& name() const { return col_.name; }
  bool categorical() const { return col_.type == ColumnType::kCategorical; }
  size_t bytes() const {
    return col_.values.capacity() * sizeof(float) + col_.exact.capacity() * sizeof(double) + col_.codes.capacity() * sizeof(int32_t);
  }

  // A Windows-1252 file: its text (name, levels) as UTF-8. The map is one to
  // one, so levels stay distinct; Finish sorts them after.
  void TranscodeFromWindows1252() {
    col_.name = Windows1252ToUtf8(col_.name);
    col_.first_text = Windows1252ToUtf8(col_.first_text);
    for (std::string& level : col_.levels) level = Windows1252ToUtf8(level);
    index_.clear();
  }

  // The missing markers the column spelled out (not empty cells, not the user's own): how many, and the first's line.
  struct SpelledMissing {
    size_t cells = 0;
    long first_line = 0;
  };
  const std::unordered_map<std::string, SpelledMissing>& spelled_missing() const { return spelled_missing_; }

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
    ShrinkIfLoose(col_.values);
    ShrinkIfLoose(col_.exact);
    ShrinkIfLoose(col_.codes);
    index_.clear();
    return std::move(col_);
  }

 private:
  void PushMissing() {
    col_.values.push_back(NAN);
    if (!col_.exact.empty()) col_.exact.push_back(NAN);
  }
  // The column's first whole number a float changes: from here on every value is kept as read, in double; the ones
  // before it as their floats (exact for whole numbers under 2^24, which an ID column holds; a decimal before it
  // keeps its float's digits, 0.1 as 0.10000000149).
  void KeepExact(double d) {
    col_.exact.reserve(col_.values.capacity());
    col_.exact.assign(col_.values.begin(), col_.values.end() - 1);
    col_.exact.push_back(d);
  }
  // A number as a level: its shortest float spelling, or a whole number past 2^24 as written (an ID).
  static std::string Spelled(double exact, float v) {
    if (!WholeBeyondFloat(exact, v)) return ShortestFloat(v);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f", exact);
    return buf;
  }
  // A column reserved for more rows than came gives the room back.
  template <typename T>
  static void ShrinkIfLoose(std::vector<T>& v) {
    if (v.capacity() > v.size() + v.size() / 16 + 1024) v.shrink_to_fit();
  }
  int32_t CodeOf(std::string_view cell) {
    auto it = index_.find(cell);
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
    col_.first_text_row = static_cast<long>(col_.values.size());
    col_.first_text_line = line;
    col_.first_text = std::string(cell);
    col_.codes.reserve(col_.values.size() + 1);
    size_t next_out_of_range = 0;
    for (size_t row = 0; row < col_.values.size(); ++row) {
      const float v = col_.values[row];
      const double d = col_.exact.empty() ? v : col_.exact[row];
      if (next_out_of_range < out_of_range_.size() && out_of_range_[next_out_of_range].first == row) {
        col_.codes.push_back(CodeOf(out_of_range_[next_out_of_range++].second));  // spelled as written
        continue;
      }
      if (v != v) { col_.codes.push_back(-1); continue; }
      col_.codes.push_back(CodeOf(Spelled(d, v)));
    }
    col_.values.clear();
    col_.values.shrink_to_fit();
    col_.exact.clear();
    col_.exact.shrink_to_fit();
  }

  Column col_;
  const MarkerSet* also_missing_ = nullptr;
  std::unordered_map<std::string, SpelledMissing> spelled_missing_;
  std::unordered_map<std::string, int32_t, TextHash, TextEqual> index_;
  // Numbers past float range while the column is numeric: row and text.
  std::vector<std::pair<size_t, std::string>> out_of_range_;
  long first_out_of_range_line_ = 0;
};

// Splits records off the front of a buffer. Quoted fields may hold
// delimiters, newlines and doubled quotes; a field is a view into the buffer,
// or into `quoted_` for a quoted one (unescaped). Tracks 1-based lines.
class RecordSplitter {
 public:
  enum class Result { kRecord, kCut };

  void set_delimiter(char delim) { delim_ = delim; }

  // The record that starts at s[pos]: its fields, pos past its end and line
  // at the next record's. kCut when the buffer ends inside it and more is to
  // come (`last` false): pos, line and the fields are then meaningless.
  Result Next(std::string_view s, size_t& pos, bool last, long& line, std::vector<std::string_view>& fields) {
    fields.clear();
    quoted_used_ = 0;
    const size_t n = s.size();
    size_t p = pos;
    long ln = line;
    for (;;) {
      if (p < n && s[p] == '"') {
        const long quote_line = ln;
        ++p;
        std::string& field = NextQuoted();
        for (;;) {
          const void* found = p < n ? std::memchr(s.data() + p, '"', n - p) : nullptr;
          if (!found) {
            if (!last) return Result::kCut;
            throw Error("CSV_UNTERMINATED_QUOTE",
                        "Line " + std::to_string(quote_line) + ", column " + std::to_string(fields.size() + 1) +
                            ": a quoted field is never closed (missing '\"').",
                        quote_line, static_cast<long>(fields.size() + 1));
          }
          const size_t q = static_cast<size_t>(static_cast<const char*>(found) - s.data());
          ln += std::count(s.begin() + p, s.begin() + q, '\n');
          field.append(s.substr(p, q - p));
          p = q + 1;
          if (p >= n && !last) return Result::kCut;  // perhaps a doubled quote, cut
          if (p < n && s[p] == '"') {
            field += '"';
            ++p;
            continue;
          }
          break;
        }
        // Text after the closing quote is kept, as spreadsheets do.
        while (p < n && s[p] != delim_ && s[p] != '\n' && s[p] != '\r') field += s[p++];
        fields.push_back(field);
      } else {
        const size_t start = p;
        while (p < n) {
          const char c = s[p];
          if (c == delim_ || c == '\n' || c == '\r') break;
          ++p;
        }
        fields.push_back(s.substr(start, p - start));
      }
      if (p >= n) {
        if (!last) return Result::kCut;
        pos = p;
        line = ln;
        return Result::kRecord;
      }
      const char c = s[p++];
      if (c == delim_) continue;
      if (c == '\r') {
        if (p >= n && !last) return Result::kCut;  // a CRLF cut between its two bytes
        if (p < n && s[p] == '\n') ++p;
      }
      pos = p;
      line = ln + 1;
      return Result::kRecord;
    }
  }

 private:
  std::string& NextQuoted() {
    if (quoted_used_ == quoted_.size()) quoted_.emplace_back();
    std::string& field = quoted_[quoted_used_++];
    field.clear();
    return field;
  }

  char delim_ = ',';
  std::deque<std::string> quoted_;  // a deque: a field's view stays valid as more are added
  size_t quoted_used_ = 0;
};

bool IsBlank(const std::vector<std::string_view>& fields) {
  return fields.size() == 1 && Trim(fields[0]).empty();
}

// The first bytes settle the dialect: the delimiter is sniffed from them.
constexpr size_t kDialectBytes = 64 * 1024;
std::string MegabytesText(size_t bytes) { return std::to_string(bytes >> 20) + " MB"; }

}  // namespace

struct CsvReader::State {
  CsvOptions options;
  MarkerSet also_missing;    // options.missing_values, trimmed
  size_t fed = 0;            // bytes given to Feed
  size_t parsed = 0;         // bytes of the records read so far
  std::string pending;       // bytes not yet read: the first ones, or a record a chunk cut
  long pending_line = 0;     // the line `pending` starts on
  size_t pending_tried = 0;  // pending's size when it was last found cut
  bool started = false;      // BOM dropped, delimiter settled
  bool header_done = false;
  bool reserved = false;
  bool utf8_so_far = true;   // "auto": no invalid UTF-8 met yet
  // "auto": the first two bytes, until they say whether the file is UTF-16
  // (a byte-order mark); then its decoder if it is.
  std::string first_bytes;
  bool bom_checked = false;
  std::optional<Utf16Decoder> utf16;
  std::string decoded;       // a UTF-16 chunk as UTF-8
  char delimiter = ',';
  char sep_line = 0;         // the delimiter a first line "sep=X" named (Excel's), 0 for none
  long line = 1;
  long header_line = 0;
  std::vector<ColumnBuilder> builders;
  std::string renamed;       // repeated header names, for the note
  std::string numbers_for_names;  // a header whose every name is a number (a file with no header?), as written, for the note
  LineList skipped;          // ragged rows left out (CsvOptions::skip_ragged_rows), for the note
  size_t rows = 0;
  std::vector<uint32_t> row_lines;  // Table::row_lines: empty while rows run one a line
  std::vector<std::string_view> fields;
  RecordSplitter splitter;

  // "auto" and a UTF-16 byte-order mark: the bytes are decoded from UTF-16
  // (the mark becomes UTF-8's, which Start drops). Read as bytes, such a file
  // was one field a line under a garbage header (every other byte a NUL).
  // The columns are sized from the decoded bytes, about half the file's.
  void CheckBom() {
    bom_checked = true;
    if (options.encoding != "auto") return;
    if (const int bom = Utf16Bom(first_bytes)) {
      utf16.emplace(bom == 1);
      options.expected_bytes /= 2;
    }
  }

  // Reads the file's first bytes (or all of it): encoding option, BOM,
  // delimiter. Returns how many bytes the BOM takes.
  size_t Start(std::string_view head) {
    started = true;
    if (options.encoding != "auto" && options.encoding != "utf-8" && options.encoding != "windows-1252")
      throw Error("BAD_OPTION", "CSV option 'encoding' is '" + options.encoding + "'; allowed: auto, utf-8, windows-1252.");
    const size_t bom = head.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
    if (const std::string not_text = NotTextMessage(head.substr(bom), options.encoding == "auto"); !not_text.empty()) throw Error("CSV_NOT_TEXT", not_text, 1, 0);
    // Excel's "sep=;" line before the header names the delimiter: read it so and skip the line (as data it
    // made a one-column header and refused the first row as ragged). The header is then line 2.
    const size_t named = SepLine(head.substr(bom));
    if (named) {
      sep_line = head[bom + 4];
      line = 2;
    }
    delimiter = options.delimiter ? options.delimiter : sep_line ? sep_line : SniffDelimiter(head.substr(bom + named));
    splitter.set_delimiter(delimiter);
    return bom + named;
  }

  // The bytes of a first line "sep=X" (X one character, then the line's end), or 0.
  static size_t SepLine(std::string_view s) {
    if (s.size() < 6 || s.substr(0, 4) != "sep=" || s[4] == '\r' || s[4] == '\n' || s[4] == '"') return 0;
    size_t end = 5;
    if (s[end] == '\r') ++end;
    return end < s.size() && s[end] == '\n' ? end + 1 : 0;
  }

  // Reads the records of s (all of them if `last`, else up to the one the
  // end cuts); returns the bytes read.
  size_t Parse(std::string_view s, bool last) {
    size_t pos = 0;
    while (pos < s.size()) {
      const long start_line = line;
      size_t next = pos;
      long next_line = line;
      if (splitter.Next(s, next, last, next_line, fields) == RecordSplitter::Result::kCut) break;
      pos = next;
      line = next_line;
      Record(start_line);
    }
    if (utf8_so_far && options.encoding == "auto") utf8_so_far = IsValidUtf8(s.substr(0, pos));
    parsed += pos;
    return pos;
  }

  void Record(long start_line) {
    if (!header_done) {
      if (!IsBlank(fields)) Header(start_line);
      return;
    }
    const size_t width = builders.size();
    if (IsBlank(fields) && width > 1) return;
    if (fields.size() != width) {
      if (options.skip_ragged_rows) {
        skipped.Add(start_line);
        return;
      }
      const long col = static_cast<long>(std::min(fields.size(), width) + (fields.size() > width ? 1 : 0));
      throw Error("CSV_RAGGED_ROW",
                  "Line " + std::to_string(start_line) + " has " + std::to_string(fields.size()) +
                      " fields, but the header (line " + std::to_string(header_line) + ") has " + std::to_string(width) + ".",
                  start_line, col);
    }
    for (size_t c = 0; c < width; ++c) builders[c].Add(fields[c], start_line);
    KeepLine(start_line);
    ++rows;
  }

  // Row `rows` starts on start_line: lines are kept from the first row that
  // is not on the line after the one before (a file of 4 GB of lines would
  // overflow them: past 2^32 - 1 a line reads as that).
  void KeepLine(long start_line) {
    const long expected = header_line + 1 + static_cast<long>(rows);
    if (row_lines.empty() && start_line == expected) return;
    if (row_lines.empty()) {
      row_lines.reserve(rows + 1024);
      for (size_t r = 0; r < rows; ++r) row_lines.push_back(static_cast<uint32_t>(header_line + 1 + static_cast<long>(r)));
    }
    row_lines.push_back(static_cast<uint32_t>(std::min<int64_t>(start_line, UINT32_MAX)));
  }

  void Header(long start_line) {
    header_done = true;
    header_line = start_line;
    std::unordered_set<std::string> names;
    // For each repeated name, the suffix to try next: without it a header of
    // n equal names tried 1, 2, ... each time, n^2/2 lookups (30,000 columns: 26 s).
    std::unordered_map<std::string, long> next_suffix;
    for (size_t i = 0; i < fields.size(); ++i) {
      std::string name(Trim(fields[i]));
      if (name.empty()) name = "column_" + std::to_string(i + 1);
      if (names.count(name)) {  // a repeated name: the next free name.1, name.2, ... (pandas)
        long& k = next_suffix.try_emplace(name, 1).first->second;
        std::string free;
        while (names.count(free = name + "." + std::to_string(k))) ++k;
        ++k;
        renamed += (renamed.empty() ? "" : ", ") + ("'" + name + "' (column " + std::to_string(i + 1) + ") is '" + free + "'");
        name = free;
      }
      names.insert(name);
      builders.emplace_back(std::move(name), also_missing.empty() ? nullptr : &also_missing);
    }
    // Every name a number ("1,2,0"): most likely a file with no header, whose first row became the names.
    float v;
    bool all_numbers = fields.size() >= 2;
    for (size_t i = 0; i < fields.size() && all_numbers; ++i) all_numbers = ReadNumberCell(Trim(fields[i]), &v) == Parsed::kNumber;
    if (all_numbers)
      for (size_t i = 0; i < fields.size() && numbers_for_names.size() < 60; ++i)
        numbers_for_names += (i ? "," : "") + std::string(Trim(fields[i]));
  }

  // After the first chunk: room in every column for the rows the whole file
  // will have at this chunk's bytes per row (and a little more).
  void Reserve() {
    reserved = true;
    if (options.expected_bytes <= fed || rows == 0 || parsed == 0) return;
    const double per_row = static_cast<double>(parsed) / static_cast<double>(rows);
    const size_t guess = static_cast<size_t>(static_cast<double>(options.expected_bytes) / per_row * 1.03) + 1024;
    // A row takes two bytes at least, and a table holds at most 2^32 rows (RowIdx).
    const size_t most = std::min<size_t>(options.expected_bytes / 2 + 1, UINT32_MAX);
    // expected_bytes is the caller's word: room it cannot have is not an
    // error here (the columns grow as they fill; the caller's own estimate
    // refuses what cannot fit).
    try {
      for (ColumnBuilder& b : builders) b.Reserve(std::min(guess, most));
    } catch (const std::length_error&) {
      for (ColumnBuilder& b : builders) b.Unreserve();
    } catch (const std::bad_alloc&) {
      for (ColumnBuilder& b : builders) b.Unreserve();
    }
  }

  void CheckPendingSize() const {
    if (pending.size() <= options.max_record_bytes) return;
    throw Error("CSV_RECORD_TOO_LONG",
                "Line " + std::to_string(pending_line) + ": a record runs on past " + MegabytesText(options.max_record_bytes) +
                    " without ending: a quoted field is never closed (missing '\"'), or this is not a CSV file.",
                pending_line, 0);
  }

  // Reads the records of s and keeps the one its end cuts (pending is empty).
  void ReadKeepingTheCut(std::string_view s) {
    pending.assign(s.substr(Parse(s, false)));
    pending_line = line;
    pending_tried = pending.size();
    CheckPendingSize();
  }

  // Adds chunk to what a cut record left, reads what that completes; returns
  // the chunk's bytes not used.
  std::string_view CompletePending(std::string_view chunk) {
    while (!pending.empty() && !chunk.empty()) {
      // To the chunk's first newline (the usual cut record's end), or as many
      // bytes as are pending, so a long record costs linear time.
      size_t take = chunk.size();
      if (const size_t nl = chunk.find('\n'); nl != std::string_view::npos)
        take = std::min(chunk.size(), std::max(nl + 1, pending.size()));
      pending.append(chunk.substr(0, take));
      chunk.remove_prefix(take);
      // Read again once the record has doubled: linear time however small the chunks.
      if (pending.size() < 2 * pending_tried) continue;
      const size_t used = Parse(pending, false);
      if (used > 0) pending_line = line;
      pending.erase(0, used);
      pending_tried = pending.size();
      CheckPendingSize();
    }
    return chunk;
  }
};

CsvReader::CsvReader(const CsvOptions& options) : state_(std::make_unique<State>()) {
  state_->options = options;
  for (const std::string& marker : options.missing_values) state_->also_missing.emplace(Trim(marker));
}
CsvReader::~CsvReader() = default;
CsvReader::CsvReader(CsvReader&&) noexcept = default;
CsvReader& CsvReader::operator=(CsvReader&&) noexcept = default;

size_t CsvReader::bytes_fed() const { return state_->fed; }
size_t CsvReader::rows_read() const { return state_->rows; }
size_t CsvReader::columns() const { return state_->builders.size(); }
size_t CsvReader::column_bytes() const {
  size_t n = 0;
  for (const ColumnBuilder& b : state_->builders) n += b.bytes();
  return n;
}
size_t CsvReader::text_columns() const {
  size_t n = 0;
  for (const ColumnBuilder& b : state_->builders) n += b.categorical();
  return n;
}

void CsvReader::Feed(std::string_view chunk) {
  State& st = *state_;
  st.fed += chunk.size();
  if (st.fed > st.options.max_bytes)
    throw Error("CSV_TOO_LARGE", "The file is more than " + MegabytesText(st.options.max_bytes) + "; the limit is " +
                                     MegabytesText(st.options.max_bytes) + ".");
  if (!st.bom_checked) {
    const size_t k = std::min(chunk.size(), 2 - st.first_bytes.size());
    st.first_bytes.append(chunk.substr(0, k));
    chunk.remove_prefix(k);
    if (st.first_bytes.size() < 2) return;
    st.CheckBom();
    const std::string first = std::move(st.first_bytes);
    st.first_bytes.clear();
    FeedBytes(first);
  }
  FeedBytes(chunk);
}

// The file's bytes, decoded to UTF-8 if they are UTF-16.
void CsvReader::FeedBytes(std::string_view chunk) {
  State& st = *state_;
  if (!st.utf16) {
    FeedText(chunk);
    return;
  }
  st.decoded.clear();
  st.utf16->Decode(chunk, st.decoded);
  FeedText(st.decoded);
}

void CsvReader::FeedText(std::string_view chunk) {
  State& st = *state_;
  if (!st.started) {
    // The dialect needs the first bytes: gather them (a big first chunk is read in place).
    if (st.pending.empty() && chunk.size() >= kDialectBytes) {
      chunk.remove_prefix(st.Start(chunk));
    } else {
      st.pending.append(chunk);
      if (st.pending.size() < kDialectBytes) return;
      std::string head = std::move(st.pending);
      st.pending.clear();
      head.erase(0, st.Start(head));
      st.ReadKeepingTheCut(head);
      chunk = {};
    }
  }
  chunk = st.CompletePending(chunk);
  if (!chunk.empty()) st.ReadKeepingTheCut(chunk);
  if (!st.reserved && st.rows > 0) st.Reserve();
}

namespace {

std::string DelimiterName(char d) {
  return d == ',' ? "comma" : d == ';' ? "semicolon" : d == '\t' ? "tab" : d == '|' ? "pipe" : std::string("'") + d + "'";
}

// "Read as missing, as pandas' read_csv does: 'NA' (12 cells in 'a', 'b'; first on line 2)": the markers
// that spell a missing value, which could have been meant as values ('NA' for North America, '?').
template <typename Builders>
std::string SpelledMissingNote(const Builders& builders) {
  struct Seen {
    size_t cells = 0;
    long first_line = 0;
    std::vector<std::string> columns;
  };
  std::map<std::string, Seen> seen;
  for (const auto& b : builders)
    for (const auto& [marker, s] : b.spelled_missing()) {
      Seen& all = seen[marker];
      if (all.cells == 0 || s.first_line < all.first_line) all.first_line = s.first_line;
      all.cells += s.cells;
      all.columns.push_back(b.name());
    }
  if (seen.empty()) return "";
  std::string out = "Read as missing, as pandas' read_csv does: ";
  size_t shown = 0;
  for (const auto& [marker, s] : seen) {
    if (shown++) out += "; ";
    if (shown > 6) {
      out += "and " + std::to_string(seen.size() - 6) + " more";
      break;
    }
    std::vector<std::string> names;
    for (size_t i = 0; i < std::min<size_t>(s.columns.size(), 3); ++i) names.push_back(Quote(s.columns[i]));
    out += Quote(marker) + " (" + std::to_string(s.cells) + (s.cells == 1 ? " cell in " : " cells in ") + Joined(names) +
           (s.columns.size() > 3 ? " and " + std::to_string(s.columns.size() - 3) + " more columns" : "") +
           (s.cells == 1 ? ", line " : "; first on line ") + std::to_string(s.first_line) + ")";
  }
  return out + ".";
}

}  // namespace

Table CsvReader::Finish() {
  State& st = *state_;
  if (!st.bom_checked) {  // a file of under two bytes
    st.bom_checked = true;
    const std::string first = std::move(st.first_bytes);
    st.first_bytes.clear();
    FeedText(first);
  }
  if (st.utf16) {
    st.decoded.clear();
    st.utf16->Finish(st.decoded);
    FeedText(st.decoded);
  }
  if (!st.started) st.pending.erase(0, st.Start(st.pending));
  st.Parse(st.pending, true);
  st.pending.clear();
  st.pending.shrink_to_fit();
  if (!st.header_done) throw Error("CSV_EMPTY", "The file is empty: there is no header row and no data.", 1, 0);
  if (st.rows == 0) throw Error("CSV_NO_ROWS", "The file has a header row but no data rows.", st.header_line, 0);
  for (size_t c = 0; c < st.builders.size(); ++c) st.builders[c].CheckRange(static_cast<long>(c + 1));

  Table table;
  table.delimiter = st.delimiter;
  table.missing_values = st.options.missing_values;
  table.encoding = st.options.encoding == "auto" ? (st.utf8_so_far ? "utf-8" : "windows-1252") : st.options.encoding;
  if (st.utf16) {
    const bool little = st.utf16->little_endian();
    table.encoding = little ? "utf-16le" : "utf-16be";
    table.notes.push_back(std::string("The file is UTF-16 (") + (little ? "little" : "big") +
                          "-endian, as Excel's \"Unicode Text\" and other Windows tools save text): it was read as such.");
  }
  if (table.encoding == "windows-1252") {
    if (st.options.encoding == "auto")
      table.notes.push_back("The file is not valid UTF-8: it was read as Windows-1252 (Latin-1).");
    for (ColumnBuilder& b : st.builders) b.TranscodeFromWindows1252();
    st.renamed = Windows1252ToUtf8(st.renamed);
  }
  if (st.sep_line)
    table.notes.push_back(std::string("The first line, sep=") + st.sep_line + ", names the delimiter (as Excel writes it): " +
                          (st.delimiter == st.sep_line ? "read so; " : "the delimiter chosen was used instead; ") + "the header is line 2.");
  if (!st.renamed.empty()) table.notes.push_back("Column names repeat in the header: " + st.renamed + ".");
  if (!st.numbers_for_names.empty())
    table.notes.push_back("Every name in the header (line " + std::to_string(st.header_line) + ": " + st.numbers_for_names +
                          ") is a number: if the file has no header, its first row was taken for the column names and is " +
                          "not a row; add a line of names at the top.");
  if (st.skipped.count() > 0)
    table.notes.push_back("Left out " + st.skipped.Rows() + " whose fields do not match the header's " + std::to_string(st.builders.size()) +
                          st.skipped.Lines() + ".");
  table.num_rows = st.rows;
  table.first_row_line = static_cast<uint32_t>(std::min<int64_t>(int64_t{st.header_line} + 1, UINT32_MAX));
  table.row_lines = std::move(st.row_lines);
  table.row_lines.shrink_to_fit();
  std::string missing_note = SpelledMissingNote(st.builders);  // said last: after how the numbers were read
  if (st.options.delimiter != 0 && st.builders.size() == 1) {
    // A delimiter chosen by hand that splits nothing: the header is one name holding another delimiter.
    const std::string& name = st.builders[0].name();
    for (char other : {',', ';', '\t', '|'})
      if (other != st.delimiter && name.find(other) != std::string::npos) {
        table.notes.push_back(std::string("Every row was read as one column: the delimiter chosen, ") + DelimiterName(st.delimiter) +
                              ", is not in the header, which holds " + DelimiterName(other) +
                              "s. Choose automatic (or " + DelimiterName(other) + ") under Delimiter (readCSV: leave its delimiter option out).");
        break;
      }
  }
  table.columns.reserve(st.builders.size());
  for (ColumnBuilder& b : st.builders) table.columns.push_back(b.Finish());
  st.builders.clear();
  std::vector<char> was_numeric;
  for (const Column& col : table.columns) was_numeric.push_back(col.type == ColumnType::kNumeric);
  // First the columns with a comma, which say whether the file writes a
  // decimal comma; then the others (a currency or percent sign alone), read
  // with what the first said. Each column once; notes in column order.
  std::string comma_column;  // a column read with the decimal comma, if any
  std::vector<std::string> notes(table.columns.size());
  std::vector<char> with_comma;
  for (const Column& col : table.columns) with_comma.push_back(HasCommaLevel(col));
  for (size_t c = 0; c < table.columns.size(); ++c) {
    if (!with_comma[c]) continue;
    bool decimal_comma = false;
    notes[c] = ReadGroupedNumbers(table.columns[c], {table.delimiter, false}, &decimal_comma);
    if (decimal_comma && comma_column.empty()) comma_column = table.columns[c].name;
  }
  for (size_t c = 0; c < table.columns.size(); ++c)
    if (!with_comma[c]) notes[c] = ReadGroupedNumbers(table.columns[c], {table.delimiter, !comma_column.empty()});
  for (std::string& note : notes)
    if (!note.empty()) table.notes.push_back(std::move(note));
  for (const Column& col : table.columns) {
    const std::string note = ExactNote(col);
    if (!note.empty()) table.notes.push_back(note);
  }
  table.decimal_comma = !comma_column.empty();
  if (!comma_column.empty())
    for (size_t c = 0; c < table.columns.size(); ++c) {
      std::string note = was_numeric[c] ? DotThousandsNote(table.columns[c], comma_column) : "";
      if (!note.empty()) table.notes.push_back(std::move(note));
    }
  if (!missing_note.empty()) table.notes.push_back(std::move(missing_note));
  DeriveDateParts(table, st.options.date_parts);
  return table;
}

Table ReadCsv(std::string_view bytes, const CsvOptions& options) {
  if (bytes.size() > options.max_bytes) {
    throw Error("CSV_TOO_LARGE", "The file is " + MegabytesText(bytes.size()) + "; the limit is " +
                                     MegabytesText(options.max_bytes) + ".");
  }
  CsvOptions whole = options;
  whole.expected_bytes = bytes.size();
  CsvReader reader(whole);
  reader.Feed(bytes);
  return reader.Finish();
}

}  // namespace boostlab
