// A model file (JSON, ours or XGBoost's, XGBoost's UBJSON, or the compact
// .blm, told apart as the CLI and the package do) -> load -> predict (on a table with missing, huge and negative
// values) -> save -> reload, and the XGBoost export. A file the loader
// accepts must predict and export without reading outside memory and
// survive the round trip. A compact file's checksum is made good before it
// is read (a hostile file's would be), most of the time, so mutations reach
// the fields behind it rather than stopping at the checksum.

#include <cstddef>  // for size_t
#include <cstdint>  // for uint8_t, uint32_t
#include <cstring>  // for memcpy
#include <string>   // for string

#include "boostlab/evaluation.h"
#include "boostlab/scale_out.h"
#include "fuzz_common.h"
#include "util/crc32.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size) {
  using namespace boostlab;
  Model model;
  try {
    std::string file(reinterpret_cast<const char*>(bytes), size);
    uint32_t version = 0;
    if (Model::IsBinary(file) && size >= 16) std::memcpy(&version, file.data() + 8, 4);
    // Seven inputs in eight resealed; the eighth keeps its own checksum, so the refusal of a damaged file is fuzzed too.
    if (version >= 2 && size % 8 != 0) {
      const uint32_t crc = Crc32Of(file.data(), size - 4);
      std::memcpy(file.data() + size - 4, &crc, 4);
    }
    model = Model::IsBinary(file) ? Model::FromBinary(file) : Model::FromJson(file);
  } catch (const Error&) {
    return 0;
  }
  // Every feature gets each of these values, whatever its type: a categorical
  // column's codes, missing values and numbers far outside both.
  const float kValues[] = {0.0f, 1.0f, 2.0f, -1.0f, 0.5f, 1e10f, -1e30f, 3e38f, __builtin_nanf("")};
  constexpr size_t kRows = sizeof(kValues) / sizeof(kValues[0]);
  FeatureColumns x;
  x.num_rows = kRows;
  for (size_t f = 0; f < model.features.size(); ++f) {
    std::vector<float> column(kRows);
    for (size_t r = 0; r < kRows; ++r) column[r] = kValues[(r + f) % kRows];
    x.Add(std::move(column));
  }
  const std::vector<float> first = model.PredictColumns(x);
  if (first.size() != kRows * static_cast<size_t>(model.PredictionWidth())) fuzz::Fail("a prediction of the wrong size");
  const std::string saved = model.ToJson();
  Model back;
  try {
    back = Model::FromJson(saved);
  } catch (const Error& e) {
    fuzz::Fail(std::string("a loaded model, saved, does not load again: ") + e.what());
  }
  fuzz::CheckSameText(saved, back.ToJson());
  // The compact file holds the same model.
  try {
    fuzz::CheckSameText(saved, Model::FromBinary(model.ToBinary()).ToJson());
  } catch (const Error& e) {
    fuzz::Fail(std::string("a loaded model, saved compact, does not load again: ") + e.what());
  }
  const std::vector<float> second = back.PredictColumns(x);
  for (size_t i = 0; i < first.size(); ++i)
    if (!(first[i] == second[i] || (first[i] != first[i] && second[i] != second[i])))
      fuzz::Fail("a reloaded model predicts differently");
  // The per-tree views the page asks for.
  (void)model.SummaryJson();
  if (!model.trees.empty()) (void)model.TreeJson(model.trees.size() - 1);
  for (const char* type : {"weight", "gain", "cover", "total_gain", "total_cover"}) (void)model.FeatureImportance(type);
  // The XGBoost export: any accepted model is written or refused with a reason,
  // and its UBJSON form reads back as its JSON form does (the same model, or
  // the same refusal).
  try {
    const std::string text = model.ToXGBoostJson();
    const std::string ubj = model.ToXGBoostUbj();
    const auto read = [](const std::string& file) {
      try {
        return Model::FromJson(file).ToJson();
      } catch (const Error& e) {
        return "refused: " + e.code();
      }
    };
    if (read(text) != read(ubj)) fuzz::Fail("the XGBoost export reads back differently from its JSON and its UBJSON");
  } catch (const Error&) {
  }
  // Scored on a table of those rows with its target: the model's classes, one it does not know and a
  // missing one (or numbers), every row: counts within the matrix, or a refusal with a reason.
  Table table;
  table.num_rows = kRows;
  for (size_t f = 0; f < model.features.size(); ++f) {
    Column c;
    c.name = model.features[f].name;
    if (model.features[f].type == ColumnType::kCategorical && !model.features[f].levels.empty()) {
      c.type = ColumnType::kCategorical;
      c.levels = model.features[f].levels;
      for (size_t r = 0; r < kRows; ++r) c.codes.push_back(r % 3 == 2 ? -1 : static_cast<int32_t>((r + f) % c.levels.size()));
    } else {
      c.values = x.columns()[f].empty() ? std::vector<float>(kRows, 0.0f) : std::vector<float>(x.columns()[f].begin(), x.columns()[f].end());
    }
    table.columns.push_back(std::move(c));
  }
  Column target;
  target.name = model.target;
  if (model.classes.empty()) {
    target.values.assign(kValues, kValues + kRows);
  } else {
    target.type = ColumnType::kCategorical;
    target.levels = model.classes;
    target.levels.push_back("not a class of the model");
    for (size_t r = 0; r < kRows; ++r) target.codes.push_back(r == 0 ? -1 : static_cast<int32_t>(r % target.levels.size()));
  }
  table.columns.push_back(std::move(target));
  try {
    const Evaluation e = Evaluate(model, table, {}, 0, 4);
    if (e.rows + e.missing_target + e.unknown_class != kRows) fuzz::Fail("evaluated rows do not add up");
    double counted = 0;
    for (double n : e.confusion) counted += n;
    if (!model.classes.empty() && counted != static_cast<double>(e.rows)) fuzz::Fail("the confusion matrix does not count every scored row");
    if (e.actual.size() > 4) fuzz::Fail("more points than asked for");
  } catch (const Error&) {
  }
  // And the scale-out scripts built from its names, levels and parameters.
  for (const char* engine : {R"({"engine":"dask"})", R"({"engine":"spark"})"}) {
    try {
      (void)ScaleOutScript(model, ParseScaleOutOptions(engine));
    } catch (const Error&) {
    }
  }
  return 0;
}
