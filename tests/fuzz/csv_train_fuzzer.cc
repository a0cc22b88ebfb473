// CSV bytes -> table -> dataset (last column the target) -> two rounds of one
// algorithm -> save -> reload -> predict. The first byte picks the algorithm
// and the task; the rest is the file. The file is also read in chunks (of a
// size its last byte picks), which must give the same table or error; the
// last byte's top bit also says whether ragged rows are left out.

#include <cstddef>  // for size_t
#include <cstdint>  // for uint8_t
#include <cstdlib>  // for abort
#include <functional>  // for function
#include <optional>  // for optional
#include <string>   // for string

#include "fuzz_common.h"

namespace {

// The table, or the error's code and place, as one string to compare.
std::string Fingerprint(const std::function<boostlab::Table()>& read) {
  try {
    const boostlab::Table t = read();
    std::string out = std::to_string(t.num_rows) + t.encoding + t.delimiter;
    for (const std::string& note : t.notes) out += note;
    for (const boostlab::Column& c : t.columns) {
      out += c.name + (c.type == boostlab::ColumnType::kNumeric ? "#" : "$") + std::to_string(c.missing);
      if (!c.values.empty()) out.append(reinterpret_cast<const char*>(c.values.data()), c.values.size() * sizeof(float));
      if (!c.codes.empty()) out.append(reinterpret_cast<const char*>(c.codes.data()), c.codes.size() * sizeof(int32_t));
      for (const std::string& level : c.levels) out += level + '\0';
    }
    return out;
  } catch (const boostlab::Error& e) {
    return e.code() + std::to_string(e.line()) + ":" + std::to_string(e.column());
  }
}

boostlab::CsvOptions OptionsFor(std::string_view text) {
  boostlab::CsvOptions options;
  options.skip_ragged_rows = !text.empty() && (static_cast<uint8_t>(text.back()) & 128);
  return options;
}

// The file read whole (the table, or the Error it was refused with); read in
// chunks it must give the same.
std::optional<boostlab::Table> ReadBothWays(std::string_view text) {
  std::optional<boostlab::Table> table;
  const std::string whole = Fingerprint([&] { return *(table = boostlab::ReadCsv(text, OptionsFor(text))); });
  const size_t chunk = text.empty() ? 1 : 1 + static_cast<uint8_t>(text.back()) % 61;
  const std::string chunked = Fingerprint([&] {
    boostlab::CsvReader reader(OptionsFor(text));
    for (size_t at = 0; at < text.size(); at += chunk) reader.Feed(text.substr(at, chunk));
    return reader.Finish();
  });
  if (whole != chunked) std::abort();  // read in chunks, the file reads differently
  return table;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size) {
  using namespace boostlab;
  if (size < 1) return 0;
  const uint8_t pick = bytes[0];
  const std::string_view text(reinterpret_cast<const char*>(bytes + 1), size - 1);
  const std::optional<Table> read = ReadBothWays(text);
  if (!read) return 0;  // refused with an Error (read both ways alike)
  const Table& table = *read;
  static const char* const kAlgorithms[] = {"xgboost", "gbdt", "adaboost", "random_forest"};
  static const char* const kTasks[] = {"auto", "regression", "binary", "multiclass"};
  DatasetOptions options;
  options.target = table.columns.back().name;
  options.task = kTasks[(pick >> 2) & 3];
  options.valid_fraction = (pick & 16) ? 0.25 : 0.0;
  if ((pick & 32) && table.columns.size() > 2) options.weight = table.columns[0].name;
  Dataset data;
  if (!fuzz::DatasetFrom(table, options, &data)) return 0;
  Params params;
  params.algorithm = kAlgorithms[pick & 3];
  params.rounds = 2;
  params.max_depth = params.algorithm == "random_forest" ? 0 : 3;
  params.nthread = (pick & 64) ? 2 : 1;
  if (pick & 128) params.grow_policy = "lossguide", params.max_leaves = 4;
  Model model;
  if (fuzz::TrainSome(data, params, &model)) fuzz::CheckRoundTrip(model, table);
  return 0;
}
