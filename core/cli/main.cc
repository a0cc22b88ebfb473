// boostlab-cli: train on a CSV from the command line, one JSON line per round.
//
//   boostlab-cli train --csv FILE --target NAME [--ignore A,B] [--weight COL] [--task auto]
//                      [--valid-idx FILE | --valid-fraction 0.2] [--split-seed 0]
//                      [--params '{"eta":0.1}'] [--model-out FILE] [--train-only 1]
//   boostlab-cli predict --csv FILE --model FILE        (one prediction per line)
//   boostlab-cli schema                                 (the parameter schema as JSON)
//   boostlab-cli read-csv --csv FILE [--repeats 3]      (reads it, prints the median seconds as JSON: the bench)
//   boostlab-cli model-io --model FILE [--repeats 3]    (loads and saves it as JSON and compact: seconds as JSON, the bench)
//
// A model FILE ending in .blm is written in the compact format; either format is read.
//
// Errors go to stderr as one JSON object {"error": {code, message, line, column}}, exit 2.

#include <algorithm>  // for sort
#include <chrono>    // for steady_clock
#include <cstdint>   // for SIZE_MAX
#include <cstdio>    // for printf
#include <fstream>   // for ifstream, ofstream
#include <iostream>  // for cout, cerr
#include <map>       // for map
#include <memory>    // for make_shared
#include <sstream>   // for stringstream
#include <string>    // for string
#include <string_view>  // for string_view
#include <vector>    // for vector

#include "boostlab/booster.h"
#include "boostlab/dataset.h"
#include "boostlab/errors.h"
#include "boostlab/model.h"
#include "boostlab/params.h"
#include "boostlab/scale_out.h"
#include "boostlab/table.h"

namespace {

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw boostlab::Error("FILE", "Cannot open '" + path + "'.");
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A CSV file read a chunk at a time: the text is never held whole, so the
// file may be as large as its table fits in memory.
boostlab::Table ReadCsvFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw boostlab::Error("FILE", "Cannot open '" + path + "'.");
  in.seekg(0, std::ios::end);
  boostlab::CsvOptions options;
  options.expected_bytes = static_cast<size_t>(in.tellg());
  options.max_bytes = SIZE_MAX;
  in.seekg(0);
  boostlab::CsvReader reader(options);
  std::vector<char> chunk(size_t{8} << 20);
  while (in) {
    in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    reader.Feed(std::string_view(chunk.data(), static_cast<size_t>(in.gcount())));
  }
  return reader.Finish();
}

std::vector<std::string> SplitComma(const std::string& s) {
  std::vector<std::string> out;
  std::string item;
  std::stringstream ss(s);
  while (std::getline(ss, item, ',')) if (!item.empty()) out.push_back(item);
  return out;
}

std::string JsonEscape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') { out += "\\n"; continue; }
    out += c;
  }
  return out;
}

// Peak resident memory in MB (Linux), -1 where /proc is not there.
double PeakRssMb() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmHWM:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;
  return -1;
}

// Any model format (JSON, XGBoost's UBJSON, the compact file), told apart by its first bytes.
boostlab::Model LoadModel(const std::string& path) {
  const std::string bytes = ReadFile(path);
  return boostlab::Model::IsBinary(bytes) ? boostlab::Model::FromBinary(bytes) : boostlab::Model::FromJson(bytes);
}

// A model file straight to disk or stdout, a buffer at a time.
class StreamSink final : public boostlab::ByteSink {
 public:
  explicit StreamSink(std::ostream& out) : out_(out) {}
  void Write(const void* data, size_t n) override { out_.write(static_cast<const char*>(data), static_cast<std::streamsize>(n)); }

 private:
  std::ostream& out_;
};

void SaveModel(const boostlab::Model& model, const std::string& path) {
  const bool compact = path.size() >= 4 && path.compare(path.size() - 4, 4, ".blm") == 0;
  std::ofstream out(path, std::ios::binary);
  if (compact) {
    StreamSink sink(out);
    model.WriteBinary(sink);
  } else {
    out << model.ToJson();
  }
}

// `repeats` timings of run(), in seconds, in the order they ran.
template <typename Run>
std::vector<double> TimeRuns(int repeats, Run run) {
  std::vector<double> runs;
  for (int i = 0; i < repeats; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    run();
    runs.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  return runs;
}

double Median(std::vector<double> runs) {
  std::sort(runs.begin(), runs.end());
  return runs[runs.size() / 2];
}

template <typename Run>
double MedianSeconds(int repeats, Run run) { return Median(TimeRuns(repeats, run)); }

// model-io: the model saved and loaded in both formats, from and to memory
// (median of --repeats), for bench/modelio.mjs. A JSON too big for this
// build's reader reports its error instead of a time.
int ModelIoCommand(std::map<std::string, std::string>& args) {
  const int repeats = args.count("--repeats") ? std::stoi(args["--repeats"]) : 3;
  const boostlab::Model model = LoadModel(args["--model"]);
  size_t nodes = 0;
  for (const auto& t : model.trees) nodes += t.nodes.size();
  std::string compact, json;
  const double save_compact = MedianSeconds(repeats, [&] { compact = model.ToBinary(); });
  const double load_compact = MedianSeconds(repeats, [&] { boostlab::Model::FromBinary(compact); });
  const double save_json = MedianSeconds(repeats, [&] { json = model.ToJson(); });
  std::string json_load = "null", json_error = "null";
  try {
    json_load = std::to_string(MedianSeconds(repeats, [&] { boostlab::Model::FromJson(json); }));
  } catch (const boostlab::Error& e) {
    json_error = "\"" + JsonEscape(e.code()) + "\"";
  }
  std::printf("{\"trees\":%zu,\"nodes\":%zu,\"memory_bytes\":%zu,\"compact_bytes\":%zu,\"json_bytes\":%zu,"
              "\"compact_save_seconds\":%.4f,\"compact_load_seconds\":%.4f,\"json_save_seconds\":%.4f,"
              "\"json_load_seconds\":%s,\"json_load_error\":%s,\"peak_rss_mb\":%.1f}\n",
              model.trees.size(), nodes, model.MemoryBytes(), compact.size(), json.size(), save_compact, load_compact, save_json,
              json_load.c_str(), json_error.c_str(), PeakRssMb());
  return 0;
}

// read-csv: the seconds ReadCsvFile takes (median of --repeats), for bench/ingest.mjs.
int ReadCsvCommand(std::map<std::string, std::string>& args) {
  const int repeats = args.count("--repeats") ? std::stoi(args["--repeats"]) : 3;
  size_t rows = 0, columns = 0;
  const std::vector<double> runs = TimeRuns(repeats, [&] {
    const boostlab::Table table = ReadCsvFile(args["--csv"]);
    rows = table.num_rows;
    columns = table.columns.size();
  });
  std::printf("{\"seconds\":%.4f,\"rows\":%zu,\"columns\":%zu,\"runs\":[", Median(runs), rows, columns);
  for (size_t i = 0; i < runs.size(); ++i) std::printf("%s%.4f", i ? "," : "", runs[i]);
  std::printf("],\"peak_rss_mb\":%.1f}\n", PeakRssMb());
  return 0;
}


int Train(std::map<std::string, std::string>& args) {
  const auto t0 = std::chrono::steady_clock::now();
  // Shared: the dataset's numeric features are views of the table's columns, not copies.
  auto table = std::make_shared<const boostlab::Table>(ReadCsvFile(args["--csv"]));
  boostlab::DatasetOptions options;
  options.target = args["--target"];
  options.ignore = SplitComma(args["--ignore"]);
  if (args.count("--weight")) options.weight = args["--weight"];
  if (args.count("--base-margin")) options.base_margin = SplitComma(args["--base-margin"]);
  if (args.count("--group")) options.group = args["--group"];
  if (args.count("--task")) options.task = args["--task"];
  if (args.count("--valid-fraction")) options.valid_fraction = std::stod(args["--valid-fraction"]);
  if (args.count("--split-seed")) options.seed = std::stoull(args["--split-seed"]);
  if (args.count("--valid-idx")) {
    options.use_valid_rows = true;
    std::stringstream ss(ReadFile(args["--valid-idx"]));
    long idx;
    while (ss >> idx) options.valid_rows.push_back(static_cast<boostlab::RowIdx>(idx));
  }
  boostlab::Dataset data = boostlab::Dataset::FromTable(table, options);
  // --train-only: the validation rows stay out of training and out of its
  // reports (XGBoost trained without evals); the model is the same.
  if (args.count("--train-only")) {
    data.valid_rows.clear();
    data.valid_groups = boostlab::QueryGroups{};
  }
  const auto t1 = std::chrono::steady_clock::now();
  boostlab::Params params = boostlab::ParseParams(args.count("--params") ? args["--params"] : "{}");
  boostlab::Booster booster(data, params);
  while (!booster.Done()) std::cout << boostlab::RoundReportToJson(booster.TrainOneRound()) << '\n';
  const auto t2 = std::chrono::steady_clock::now();
  std::printf("{\"done\":true,\"threads\":%d,\"load_seconds\":%.6f,\"train_seconds\":%.6f,\"peak_rss_mb\":%.1f}\n",
              booster.threads(), std::chrono::duration<double>(t1 - t0).count(),
              std::chrono::duration<double>(t2 - t1).count(), PeakRssMb());
  if (args.count("--model-out")) {
    SaveModel(booster.Snapshot(), args["--model-out"]);
  }
  return 0;
}

int Predict(std::map<std::string, std::string>& args) {
  boostlab::Model model = LoadModel(args["--model"]);
  boostlab::Table table = ReadCsvFile(args["--csv"]);
  if (args.count("--contribs")) {
    // SHAP values: rows x outputs x (features + bias), as XGBoost's pred_contribs.
    for (float v : model.Contributions(boostlab::FeaturesFromTable(table, model.features))) std::printf("%.9g\n", static_cast<double>(v));
    return 0;
  }
  if (args.count("--interactions")) {
    // SHAP interaction values: rows x outputs x (features + bias)^2, as XGBoost's pred_interactions.
    for (float v : model.Interactions(boostlab::FeaturesFromTable(table, model.features))) std::printf("%.9g\n", static_cast<double>(v));
    return 0;
  }
  // --margin: raw margins, K a row (what XGBoost's predict(output_margin=True) gives for the exported
  // model); else predictions. --time: only the seconds the prediction took, as JSON (for the bench).
  const boostlab::FeatureColumns x = boostlab::FeaturesFromTable(table, model.features);
  std::vector<float> out(x.num_rows * static_cast<size_t>(model.num_outputs));
  const int nthread = args.count("--nthread") ? std::stoi(args["--nthread"]) : 0;
  // --base-margin COL[,COL...]: each row's starting margins from those columns, one a model output (XGBoost's base_margin).
  std::vector<float> offset;
  if (args.count("--base-margin")) {
    offset = boostlab::BaseMargins(table, SplitComma(args["--base-margin"]));
  }
  const auto t0 = std::chrono::steady_clock::now();
  model.Predict(x, out, !args.count("--margin"), SIZE_MAX, nthread, offset);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (args.count("--time")) {
    std::printf("{\"predict_seconds\":%.6f,\"rows\":%zu,\"trees\":%zu}\n", seconds, x.num_rows, model.trees.size());
    return 0;
  }
  out.resize(x.num_rows * static_cast<size_t>(args.count("--margin") ? model.num_outputs : model.PredictionWidth()));
  for (float v : out) std::printf("%.9g\n", static_cast<double>(v));
  return 0;
}

// The model as XGBoost's JSON (or with --format ubj its UBJSON), on stdout.
int ExportXgboost(std::map<std::string, std::string>& args) {
  const boostlab::Model model = LoadModel(args["--model"]);
  const std::string format = args.count("--format") ? args["--format"] : "json";
  if (format != "json" && format != "ubj") throw boostlab::Error("BAD_ARGUMENT", "--format is json or ubj, not '" + format + "'.");
  StreamSink sink(std::cout);
  if (format == "ubj") model.WriteXGBoostUbj(sink);
  else model.WriteXGBoostJson(sink);
  return 0;
}

// The "continue at scale" Python script, on stdout: --options is
// ScaleOutOptions as JSON ({"engine": "dask", "csv": ...}).
int ScaleOutScript(std::map<std::string, std::string>& args) {
  const auto model = LoadModel(args["--model"]);
  std::cout << boostlab::ScaleOutScript(model, boostlab::ParseScaleOutOptions(args.count("--options") ? args["--options"] : "{}"));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: boostlab-cli train|predict|export-xgboost|scale-out-script|schema [--flag value ...]\n";
    return 1;
  }
  std::string command = argv[1];
  std::map<std::string, std::string> args;
  for (int i = 2; i + 1 < argc; i += 2) args[argv[i]] = argv[i + 1];
  try {
    if (command == "train") return Train(args);
    if (command == "predict") return Predict(args);
    if (command == "export-xgboost") return ExportXgboost(args);
    if (command == "scale-out-script") return ScaleOutScript(args);
    if (command == "read-csv") return ReadCsvCommand(args);
    if (command == "model-io") return ModelIoCommand(args);
    if (command == "schema") {
      std::cout << boostlab::ParamSchemaJson() << '\n';
      return 0;
    }
    std::cerr << "unknown command '" << command << "'\n";
    return 1;
  } catch (const boostlab::Error& e) {
    std::cerr << "{\"error\":{\"code\":\"" << e.code() << "\",\"message\":\"" << JsonEscape(e.what())
              << "\",\"line\":" << e.line() << ",\"column\":" << e.column() << "}}\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "{\"error\":{\"code\":\"INTERNAL\",\"message\":\"" << JsonEscape(e.what()) << "\"}}\n";
    return 2;
  }
}
