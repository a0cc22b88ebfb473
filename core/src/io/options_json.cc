// JSON for what crosses the API boundary as text: dataset options in, table
// summaries out. Shared by the CLI and the wasm bindings.

#include <algorithm>  // for min, max
#include <cmath>      // for floor, INFINITY
#include <limits>     // for numeric_limits
#include <optional>   // for optional
#include <vector>     // for vector
#include <stdexcept>  // for invalid_argument

#include "boostlab/dataset.h"
#include "boostlab/errors.h"
#include "boostlab/table.h"
#include "io/date_parts.h"
#include "io/number_cell.h"
#include "io/options_json.h"
#include "util/closest_name.h"
#include "util/json.h"
#include "util/quote.h"

namespace boostlab {

DatasetOptions ParseDatasetOptions(std::string_view text) {
  const json::Value doc = json::ParseObject(text, "BAD_OPTION", "Dataset options");
  DatasetOptions o;
  for (const auto& member : doc.object) {
    const std::string& key = member.first;  // named copies: clang 14 lambdas cannot capture bindings
    const json::Value& v = member.second;
    auto need = [&](bool ok, const char* what) {
      if (!ok) throw Error("BAD_OPTION", "Dataset option '" + key + "' must be " + what + ".");
    };
    if (v.kind == json::Value::Kind::kNull) continue;
    if (key == "target") {
      need(v.IsString(), "a column name");
      o.target = v.string;
    } else if (key == "ignore") {
      need(v.IsArray(), "an array of column names");
      for (const auto& item : v.array) {
        need(item.IsString(), "an array of column names");
        o.ignore.push_back(item.string);
      }
    } else if (key == "weight") {
      need(v.IsString(), "a column name");
      o.weight = v.string;
    } else if (key == "group") {
      need(v.IsString(), "a column name");
      o.group = v.string;
    } else if (key == "task") {
      need(v.IsString(), "'auto', 'regression', 'binary', 'multiclass' or 'ranking'");
      o.task = v.string;
    } else if (key == "validFraction") {
      need(v.IsNumber(), "a number in [0, 1)");
      o.valid_fraction = v.number;
    } else if (key == "validSplit") {
      need(v.IsString() && (v.string == "random" || v.string == "stratified" || v.string == "last"),
           "'random' (drawn with the seed), 'stratified' (drawn within each class) or 'last' (the last rows in the file's order)");
      o.valid_split = v.string;
    } else if (key == "seed") {
      // Up to 2^53: every whole number a JSON double holds exactly.
      o.seed = static_cast<uint64_t>(json::WholeNumber(v, 0, int64_t{1} << 53, "BAD_OPTION", "Dataset option 'seed'"));
    } else if (key == "validRows") {
      need(v.IsArray(), "an array of row indices");
      o.use_valid_rows = true;
      for (size_t i = 0; i < v.array.size(); ++i)
        o.valid_rows.push_back(static_cast<RowIdx>(json::WholeNumber(v.array[i], 0, std::numeric_limits<RowIdx>::max(), "BAD_OPTION",
                                                                     "Dataset option 'validRows'[" + std::to_string(i) + "]")));
    } else if (key == "trainRows") {
      need(v.IsArray(), "an array of row indices");
      o.use_train_rows = true;
      for (size_t i = 0; i < v.array.size(); ++i)
        o.train_rows.push_back(static_cast<RowIdx>(json::WholeNumber(v.array[i], 0, std::numeric_limits<RowIdx>::max(), "BAD_OPTION",
                                                                     "Dataset option 'trainRows'[" + std::to_string(i) + "]")));
    } else if (key == "baseMargin") {
      // A column, or one a model output (several classes or quantiles).
      o.base_margin.clear();
      if (v.IsString()) {
        o.base_margin.push_back(v.string);
      } else {
        need(v.IsArray() && !v.array.empty() && v.array.size() <= 1000, "a column name, or a list of one a model output (at most 1,000)");
        for (const json::Value& name : v.array) {
          need(name.IsString(), "a column name, or a list of one a model output");
          o.base_margin.push_back(name.string);
        }
      }
    } else if (key == "classWeights") {
      // 'balanced', or { class name: weight }.
      if (v.IsString()) {
        need(v.string == "balanced", "'balanced' or an object of a weight per class name");
        o.balance_classes = true;
      } else {
        need(v.IsObject(), "'balanced' or an object of a weight per class name");
        if (const std::string* twice = json::RepeatedKey(v)) throw Error("BAD_OPTION", "Dataset option 'classWeights' names " + Quote(*twice) + " twice.");
        for (const json::Member& m : v.object) {
          need(m.second.IsNumber(), "'balanced' or an object of a weight (a number) per class name");
          o.class_weights.emplace_back(m.first, m.second.number);
        }
      }
    } else if (key == "skipMissingTarget") {
      need(v.kind == json::Value::Kind::kBool, "true or false");
      o.skip_missing_target = v.boolean;
    } else {
      const std::vector<std::string> known = {"target", "ignore", "weight", "classWeights", "baseMargin", "group", "task", "validFraction", "validSplit", "seed", "validRows", "trainRows", "skipMissingTarget"};
      throw Error("BAD_OPTION", "Unknown dataset option " + Quote(key) + DidYouMean(key, known) + "; the options are " + Joined(known) + ".");
    }
  }
  return o;
}

namespace {

// A list of at most `most` strings of at most `bytes` bytes each, or BAD_OPTION saying `rule`.
std::vector<std::string> StringList(const json::Value& v, size_t most, size_t bytes, const std::string& rule) {
  if (v.kind != json::Value::Kind::kArray || v.array.size() > most) throw Error("BAD_OPTION", rule + ".");
  std::vector<std::string> out;
  for (const json::Value& item : v.array) {
    if (!item.IsString() || item.string.size() > bytes) throw Error("BAD_OPTION", rule + ".");
    out.push_back(item.string);
  }
  return out;
}

}  // namespace

std::vector<std::string> MissingValuesOption(const json::Value& v, const std::string& what) {
  return StringList(v, CsvOptions::kMaxMissingValues, CsvOptions::kMaxMissingValueBytes,
                    what + " 'missingValues' is a list of up to " + std::to_string(CsvOptions::kMaxMissingValues) +
                        " cells' texts (each up to " + std::to_string(CsvOptions::kMaxMissingValueBytes) + " bytes)");
}

std::vector<std::string> DatePartsOption(const json::Value& v, const std::string& what) {
  return StringList(v, CsvOptions::kMaxMissingValues, size_t{64} << 10,
                    what + " 'dateParts' is a list of up to " + std::to_string(CsvOptions::kMaxMissingValues) + " column names");
}

CsvOptions ParseCsvOptions(std::string_view text) {
  const json::Value doc = json::ParseObject(text, "BAD_OPTION", "CSV options");
  CsvOptions o;
  for (const auto& member : doc.object) {
    const std::string& key = member.first;
    const json::Value& v = member.second;
    if (v.kind == json::Value::Kind::kNull) continue;
    if (key == "delimiter") {
      // One character that is not a quote or a line end, or "auto".
      if (!v.IsString() || (v.string != "auto" && (v.string.size() != 1 || v.string == "\"" || v.string == "\n" || v.string == "\r")))
        throw Error("BAD_OPTION", "CSV option 'delimiter' must be 'auto' or one character such as ',', ';', '\\t' or '|'.");
      o.delimiter = v.string == "auto" ? 0 : v.string[0];
    } else if (key == "skipRaggedRows") {
      if (v.kind != json::Value::Kind::kBool) throw Error("BAD_OPTION", "CSV option 'skipRaggedRows' must be true or false.");
      o.skip_ragged_rows = v.boolean;
    } else if (key == "encoding") {
      if (!v.IsString()) throw Error("BAD_OPTION", "CSV option 'encoding' must be 'auto', 'utf-8' or 'windows-1252'.");
      o.encoding = v.string;
    } else if (key == "missingValues") {
      o.missing_values = MissingValuesOption(v, "CSV option");
    } else if (key == "dateParts") {
      o.date_parts = DatePartsOption(v, "CSV option");
    } else {
      const std::vector<std::string> known = {"delimiter", "skipRaggedRows", "encoding", "missingValues", "dateParts"};
      throw Error("BAD_OPTION", "Unknown CSV option " + Quote(key) + DidYouMean(key, known) + "; the options are " + Joined(known) + ".");
    }
  }
  return o;
}

namespace {

size_t DistinctAsWritten(std::vector<double> values) {
  values.erase(std::remove_if(values.begin(), values.end(), [](double v) { return v != v; }), values.end());
  std::sort(values.begin(), values.end());
  return static_cast<size_t>(std::unique(values.begin(), values.end()) - values.begin());
}

}  // namespace

// A cell the summary quotes (a level, the first text among numbers) is cut
// past this: a file with a 100 MB cell had a 300 MB summary for the page to parse.
constexpr size_t kSummaryCellBytes = 1000;

// Numbers with stray words ('n/a?', 'abc'): the words besides the first text, up to a few, and how many
// distinct words the column holds ("texts"), so the page can offer to read them all as missing at once
// (one at a time, each was found only by reading the file again). Nothing for a column of text.
namespace {
void AppendOtherTexts(std::string& out, const Column& col) {
  constexpr size_t kListed = 8;
  std::vector<const std::string*> texts;
  size_t numbers = 0;
  for (const std::string& level : col.levels) {
    float v;
    if (ReadNumberCell(level, &v) != Parsed::kText) ++numbers;
    else texts.push_back(&level);
  }
  if (2 * numbers < col.levels.size()) return;
  out += ",\"texts\":" + std::to_string(texts.size()) + ",\"otherTexts\":[";
  size_t listed = 0;
  for (const std::string* text : texts) {
    if (*text == col.first_text) continue;
    if (listed == kListed) break;
    if (listed++) out += ',';
    json::AppendString(out, Shortened(*text, kSummaryCellBytes));
  }
  out += ']';
}
}  // namespace

std::string TableSummaryJson(const Table& table) {
  std::string out = "{\"rows\":" + std::to_string(table.num_rows) + ",\"delimiter\":";
  json::AppendString(out, std::string(1, table.delimiter));
  out += ",\"encoding\":";
  json::AppendString(out, table.encoding);
  if (table.decimal_comma) out += ",\"decimalComma\":true";
  if (!table.missing_values.empty()) {
    out += ",\"missingValues\":";
    json::AppendStrings(out, table.missing_values);
  }
  if (!table.date_parts.empty()) {
    out += ",\"dateParts\":[";
    for (size_t i = 0; i < table.date_parts.size(); ++i) {
      out += i ? ",{\"column\":" : "{\"column\":";
      json::AppendString(out, table.date_parts[i].name);
      out += ",\"order\":\"" + table.date_parts[i].order + "\",\"time\":" + (table.date_parts[i].time ? "true}" : "false}");
    }
    out += ']';
  }
  out += ",\"notes\":";
  json::AppendStrings(out, table.notes);
  out += ",\"columns\":[";
  for (size_t c = 0; c < table.columns.size(); ++c) {
    const Column& col = table.columns[c];
    if (c) out += ',';
    out += "{\"name\":";
    json::AppendString(out, col.name);
    out += ",\"type\":";
    out += col.type == ColumnType::kNumeric ? "\"numeric\"" : "\"categorical\"";
    out += ",\"missing\":" + std::to_string(col.missing);
    // What task 'auto' would make of it as the target: the page shows this
    // before training, and training decides with the same function.
    const TaskGuess guess = GuessTask(col, c);
    // Whole numbers a float rounds (IDs past 2^24) counted as written: 50 IDs were "7 distinct", and the page did not
    // see an ID in them.
    const size_t distinct = col.exact.empty() ? guess.distinct : DistinctAsWritten(col.exact);
    out += ",\"distinct\":" + std::to_string(distinct);
    if (distinct == table.num_rows && NumbersTheRows(col, table.num_rows)) out += ",\"sequence\":true";
    out += ",\"asTarget\":{";
    if (guess.problem) {
      out += "\"error\":{\"code\":";
      json::AppendString(out, guess.problem->code());
      out += ",\"message\":";
      json::AppendString(out, guess.problem->what());
      out += ",\"line\":" + std::to_string(guess.problem->line()) + "}}";
    } else {
      out += "\"task\":";
      out += guess.task == Task::kBinary ? "\"binary\"" : guess.task == Task::kMulticlass ? "\"multiclass\"" : "\"regression\"";
      out += ",\"why\":";
      json::AppendString(out, guess.why);
      out += '}';
    }
    if (col.type == ColumnType::kCategorical && col.first_text_row >= 0) {
      // The cell that made it text (a word among numbers, say): its line (0 in memory) and row.
      out += ",\"firstText\":{\"line\":" + std::to_string(col.first_text_line) + ",\"row\":" + std::to_string(col.first_text_row) +
             ",\"text\":";
      json::AppendString(out, Shortened(col.first_text, kSummaryCellBytes));
      out += '}';
      AppendOtherTexts(out, col);
    }
    // Dates written as text, which dateParts can turn into numbers (their form: io/date_parts.h).
    if (const std::optional<DateForm> form = DateFormOf(col)) {
      out += ",\"dates\":{\"order\":";
      out += std::string("\"") + OrderCode(form->order) + "\"";
      out += form->has_time ? ",\"time\":true" : ",\"time\":false";
      out += '}';
    }
    if (col.type == ColumnType::kCategorical) {
      out += ",\"levels\":[";
      for (size_t i = 0; i < std::min<size_t>(col.levels.size(), 20); ++i) {
        if (i) out += ',';
        json::AppendString(out, Shortened(col.levels[i], kSummaryCellBytes));
      }
      out += ']';
    }
    out += '}';
  }
  return out + "]}";
}

}  // namespace boostlab
