// Reference configurations: every algorithm on every kind of target, on real
// rows (diamonds with its categorical columns, spam), at one and two
// threads. Each model file and its round reports (timings set aside) must
// match, byte for byte, the files in tests/core/reference/, saved before a
// change that must not change what is trained (a refactor, a speed-up).
//
// A change that means to change models writes them anew:
//   BOOSTLAB_WRITE_REFERENCE=1 build/native/core_tests --gtest_filter='ReferenceModels.*'
// and says why in its commit.

#include <gtest/gtest.h>

#include <cstdlib>  // for getenv
#include <fstream>  // for ifstream, ofstream
#include <map>      // for map
#include <sstream>  // for stringstream
#include <string>   // for string
#include <vector>   // for vector

#include "boostlab/booster.h"
#include "boostlab/dataset.h"
#include "boostlab/model.h"
#include "boostlab/params.h"
#include "boostlab/table.h"

namespace boostlab {
namespace reference_models_test {

std::string TestsPath(const std::string& relative) { return std::string(BOOSTLAB_TESTS_DIR) + "/" + relative; }

// `rows` data rows of a dataset in tests/data, spread evenly through the
// file (spam's rows are sorted by class).
const Table& Rows(const std::string& name, size_t rows) {
  static std::map<std::string, Table> cache;
  const std::string key = name + "/" + std::to_string(rows);
  if (!cache.count(key)) {
    std::ifstream in(TestsPath("data/" + name + ".csv"), std::ios::binary);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    std::string text = lines[0] + "\n";
    const size_t stride = (lines.size() - 1) / rows;
    for (size_t i = 0; i < rows; ++i) text += lines[1 + i * stride] + "\n";
    cache[key] = ReadCsv(text);
  }
  return cache[key];
}

struct Configuration {
  const char* name;
  const char* data;  // tests/data name
  size_t rows;
  const char* target;
  const char* params;  // JSON
};

const Configuration kConfigurations[] = {
    {"xgboost_regression", "diamonds", 800, "price", R"({"rounds":8,"max_depth":4})"},
    {"xgboost_binary", "spam", 800, "type", R"({"rounds":8,"max_depth":4,"eval_metric":"logloss,auc"})"},
    {"xgboost_multiclass", "diamonds", 800, "cut", R"({"rounds":5,"max_depth":3})"},
    {"xgboost_lossguide_sampled_early_stop", "diamonds", 800, "price",
     R"({"rounds":40,"eta":0.6,"grow_policy":"lossguide","max_leaves":8,"max_depth":0,"subsample":0.7,)"
     R"("colsample_bytree":0.8,"colsample_bynode":0.7,"early_stopping_rounds":2,"lambda":2,"alpha":0.5,"gamma":1})"},
    {"xgboost_poisson", "diamonds", 800, "carat", R"({"rounds":6,"objective":"count:poisson"})"},
    // Features sampled per tree and per level: histograms of the tree's features only.
    {"xgboost_colsample_bytree", "spam", 800, "type",
     R"({"rounds":8,"max_depth":4,"colsample_bytree":0.5,"colsample_bylevel":0.8})"},
    {"gbdt_colsample_bytree", "diamonds", 800, "price", R"({"algorithm":"gbdt","rounds":6,"colsample_bytree":0.6})"},
    // Enough rows (20,000) for the root and first levels to be built from quantised pairs.
    {"xgboost_quantized", "diamonds", 20000, "price", R"({"rounds":4,"quantized_grad":1})"},
    {"gbdt_regression", "diamonds", 800, "price", R"({"algorithm":"gbdt","rounds":8})"},
    {"gbdt_huber", "diamonds", 800, "price", R"({"algorithm":"gbdt","rounds":8,"objective":"reg:huber","subsample":0.8})"},
    {"gbdt_absolute_error", "diamonds", 800, "price",
     R"({"algorithm":"gbdt","rounds":6,"objective":"reg:absoluteerror"})"},
    {"gbdt_tree_line_search", "diamonds", 800, "price", R"({"algorithm":"gbdt","rounds":6,"step":"tree_line_search"})"},
    {"gbdt_binary", "spam", 800, "type", R"({"algorithm":"gbdt","rounds":8})"},
    {"gbdt_multiclass", "diamonds", 800, "cut", R"({"algorithm":"gbdt","rounds":4})"},
    {"adaboost_samme_binary", "spam", 800, "type", R"({"algorithm":"adaboost","rounds":10})"},
    {"adaboost_samme_multiclass", "diamonds", 800, "cut", R"({"algorithm":"adaboost","rounds":8,"max_depth":2})"},
    {"adaboost_samme_r", "diamonds", 800, "cut", R"({"algorithm":"adaboost","rounds":6,"variant":"samme_r","max_depth":2})"},
    {"adaboost_resample", "spam", 800, "type", R"({"algorithm":"adaboost","rounds":8,"sampling":"resample"})"},
    {"adaboost_r2", "diamonds", 600, "price", R"({"algorithm":"adaboost","rounds":8,"max_depth":3,"r2_loss":"square"})"},
    {"forest_regression", "diamonds", 500, "price", R"({"algorithm":"random_forest","rounds":6})"},
    {"forest_binary", "spam", 500, "type", R"({"algorithm":"random_forest","rounds":6})"},
    {"forest_multiclass", "diamonds", 500, "cut", R"({"algorithm":"random_forest","rounds":6,"max_depth":8})"},
    {"forest_early_stop", "spam", 500, "type", R"({"algorithm":"random_forest","rounds":60,"early_stopping_rounds":3})"},
};

// The model file, then one line per round report with its timings set aside.
std::string TrainAndDescribe(const Configuration& c, int threads) {
  DatasetOptions options;
  options.target = c.target;
  options.valid_fraction = 0.25;
  options.seed = 3;
  const Dataset data = Dataset::FromTable(Rows(c.data, c.rows), options);
  Params params = ParseParams(c.params);
  params.nthread = threads;
  Booster booster(data, params);
  std::string reports;
  while (!booster.Done()) {
    RoundReport r = booster.TrainOneRound();
    r.ms = r.histogram_ms = r.partition_ms = r.split_ms = 0;
    reports += RoundReportToJson(r) + "\n";
  }
  return booster.TakeModel().ToJson() + "\n" + reports;
}

TEST(ReferenceModels, SameModelsAndReportsAsSavedAtOneAndTwoThreads) {
  const bool write = std::getenv("BOOSTLAB_WRITE_REFERENCE") != nullptr;
  for (const Configuration& c : kConfigurations) {
    const std::string path = TestsPath("core/reference/" + std::string(c.name) + ".txt");
    const std::string one = TrainAndDescribe(c, 1);
    if (write) {
      std::ofstream(path, std::ios::binary) << one;
    }
    std::ifstream in(path, std::ios::binary);
    ASSERT_TRUE(in) << path << " is missing: write it with BOOSTLAB_WRITE_REFERENCE=1";
    std::stringstream saved;
    saved << in.rdbuf();
    EXPECT_TRUE(one == saved.str()) << c.name << " at 1 thread differs from " << path;
    EXPECT_TRUE(TrainAndDescribe(c, 2) == saved.str()) << c.name << " at 2 threads differs from " << path;
  }
}

}  // namespace reference_models_test
}  // namespace boostlab
