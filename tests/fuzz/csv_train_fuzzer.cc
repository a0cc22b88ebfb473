// CSV bytes -> table -> dataset (last column the target) -> two rounds of one
// algorithm -> save -> reload -> predict. The first byte picks the algorithm
// and the task; the rest is the file.

#include <cstddef>  // for size_t
#include <cstdint>  // for uint8_t
#include <string>   // for string

#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size) {
  using namespace boostlab;
  if (size < 1) return 0;
  const uint8_t pick = bytes[0];
  const std::string_view text(reinterpret_cast<const char*>(bytes + 1), size - 1);
  Table table;
  try {
    table = ReadCsv(text);
  } catch (const Error&) {
    return 0;
  }
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
