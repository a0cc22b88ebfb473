// Sample weights: the weight column's checks, and what a weight means. A row
// of whole weight w trains as w copies of it would (every algorithm that does
// not sample), and a row of weight 0 shapes nothing, not even a forest.
#include <gtest/gtest.h>

#include <map>     // for map
#include <string>  // for string, to_string

#include "boostlab/booster.h"
#include "boostlab/dataset.h"
#include "boostlab/errors.h"
#include "boostlab/model.h"
#include "boostlab/table.h"
#include "dataset_error.h"
#include "random_data.h"

namespace boostlab {
namespace weights_test {

const auto ErrorOf = test::DatasetErrorOf;

TEST(Weights, TheWeightColumnIsNotAFeature) {
  Dataset d = Dataset::FromTable(ReadCsv("x,w,y\n1,2,0\n2,0.5,1\n3,1,0\n4,0,1\n"),
                                 {.target = "y", .weight = "w", .valid_fraction = 0});
  ASSERT_EQ(d.features.size(), 1u);
  EXPECT_EQ(d.features[0].name, "x");
  EXPECT_EQ(d.weight, (std::vector<float>{2, 0.5f, 1, 0}));
}

TEST(Weights, BadWeightsNameTheLineAndColumn) {
  const DatasetOptions o{.target = "y", .weight = "w", .valid_fraction = 0};
  Error text = ErrorOf("x,w,y\n1,1,0\n2,heavy,1\n3,1,0\n", o);
  EXPECT_EQ(text.code(), "WEIGHT_NOT_NUMERIC");
  EXPECT_EQ(text.line(), 3);
  EXPECT_EQ(text.column(), 2);
  EXPECT_NE(std::string(text.what()).find("'heavy'"), std::string::npos) << text.what();
  Error missing = ErrorOf("x,w,y\n1,1,0\n2,,1\n3,1,0\n", o);
  EXPECT_EQ(missing.code(), "WEIGHT_MISSING");
  EXPECT_EQ(missing.line(), 3);
  Error negative = ErrorOf("x,w,y\n1,1,0\n2,1,1\n3,-2,0\n", o);
  EXPECT_EQ(negative.code(), "WEIGHT_NEGATIVE");
  EXPECT_EQ(negative.line(), 4);
  EXPECT_EQ(ErrorOf("x,w,y\n1,1,0\n2,1,1\n", {.target = "y", .weight = "y"}).code(), "BAD_OPTION");
  EXPECT_EQ(ErrorOf("x,w,y\n1,1,0\n2,1,1\n", {.target = "y", .weight = "nope"}).code(), "UNKNOWN_COLUMN");
}

TEST(Weights, AllZeroOnTheTrainingRowsOrOneWeightedClassAreErrors) {
  Error zero = ErrorOf("x,w,y\n1,0,0\n2,0,1\n3,0,0\n", {.target = "y", .weight = "w", .valid_fraction = 0});
  EXPECT_EQ(zero.code(), "WEIGHT_ALL_ZERO");
  EXPECT_NE(std::string(zero.what()).find("'w'"), std::string::npos) << zero.what();
  // Only the validation row weighs something.
  EXPECT_EQ(ErrorOf("x,w,y\n1,0,0\n2,0,1\n3,1,0\n", {.target = "y", .weight = "w", .valid_rows = {2}, .use_valid_rows = true})
                .code(),
            "WEIGHT_ALL_ZERO");
  // Two classes, but class 1 weighs nothing.
  EXPECT_EQ(ErrorOf("x,w,y\n1,1,0\n2,0,1\n3,1,0\n", {.target = "y", .weight = "w", .valid_fraction = 0}).code(),
            "TARGET_ONE_CLASS");
}

// The same data twice: once with whole weights 1..3, once with each row
// repeated that many times (validation rows too, so weighted metrics match).
struct WeightedAndRepeated {
  Dataset weighted, repeated;
  explicit WeightedAndRepeated(Dataset d) : weighted(d) {
    const size_t n = d.x.num_rows;
    for (size_t r = 0; r < n; ++r) weighted.weight.push_back(static_cast<float>(1 + (r * 7) % 3));
    repeated = d;
    repeated.label.clear();
    repeated.train_rows.clear();
    repeated.valid_rows.clear();
    std::vector<std::vector<float>> columns(d.x.columns().size());
    std::vector<char> is_valid(n, 0);
    for (RowIdx r : d.valid_rows) is_valid[r] = 1;
    for (size_t r = 0; r < n; ++r)
      for (int copy = 0; copy < static_cast<int>(weighted.weight[r]); ++copy) {
        const RowIdx at = static_cast<RowIdx>(repeated.label.size());
        for (size_t f = 0; f < d.x.columns().size(); ++f) columns[f].push_back(d.x.columns()[f][r]);
        repeated.label.push_back(d.label[r]);
        (is_valid[r] ? repeated.valid_rows : repeated.train_rows).push_back(at);
      }
    repeated.x = FeatureColumns(std::move(columns));
  }
};

// Final train and valid metrics of a run.
std::vector<double> Metrics(const Dataset& d, const Params& p) {
  Booster b(d, p);
  RoundReport last;
  while (!b.Done()) last = b.TrainOneRound();
  std::vector<double> out;
  for (const Metric& m : last.train) out.push_back(m.value);
  for (const Metric& m : last.valid) out.push_back(m.value);
  return out;
}

TEST(Weights, WholeWeightsTrainAsRepeatedRows) {
  struct Case {
    const char* what;
    Dataset data;
    std::string params;
  };
  const Case cases[] = {
      {"xgboost, regression", test::RandomData(1500, 4).Seed(3).Make(), R"({"rounds":8,"max_depth":4})"},
      {"xgboost, binary, missing values", test::RandomData(1500, 4).Missing(0.1).Binary(true).Seed(4).Make(),
       R"({"rounds":8,"max_depth":4,"eval_metric":"logloss,error,auc"})"},
      {"xgboost, multiclass", test::RandomData(1500, 4).Classes(3).Seed(5).Make(),
       R"({"rounds":5,"max_depth":3,"objective":"multi:softprob","num_class":3})"},
      {"xgboost, absolute error", test::RandomData(1500, 4).Seed(6).Make(),
       R"({"rounds":6,"max_depth":3,"objective":"reg:absoluteerror"})"},
      {"gbdt, regression", test::RandomData(1500, 4).Seed(7).Make(), R"({"algorithm":"gbdt","rounds":8,"min_child_weight":0})"},
      {"gbdt, binary", test::RandomData(1500, 4).Binary(true).Seed(8).Make(),
       R"({"algorithm":"gbdt","rounds":8,"min_child_weight":0})"},
      {"adaboost, binary", test::RandomData(1500, 4).Binary(true).Seed(9).Make(), R"({"algorithm":"adaboost","rounds":8})"},
  };
  for (const Case& c : cases) {
    WeightedAndRepeated d(c.data);
    Params p = ParseParams(c.params);
    p.max_bin = 1024;  // lossless: the cut points cannot depend on the repeats
    const std::vector<double> a = Metrics(d.weighted, p), b = Metrics(d.repeated, p);
    ASSERT_EQ(a.size(), b.size()) << c.what;
    for (size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(a[i], b[i], 1e-5 * std::abs(b[i]) + 1e-9) << c.what << " metric " << i;
    // And the weights matter: unweighted training differs.
    Dataset plain = c.data;
    EXPECT_NE(Metrics(plain, p), a) << c.what;
  }
}

TEST(Weights, RowsOfWeightZeroShapeNoForest) {
  Dataset d = test::RandomData(1200, 5).Binary(true).Seed(12).Make();
  d.weight.assign(d.x.num_rows, 1.0f);
  for (size_t r = 0; r < d.x.num_rows; r += 4) d.weight[r] = 0;
  Dataset flipped = d;
  for (size_t r = 0; r < d.x.num_rows; r += 4) flipped.label[r] = 1 - flipped.label[r];
  Params p = ParseParams(R"({"algorithm":"random_forest","rounds":6})");
  const std::string a = test::Train(d, p).ToJson(), b = test::Train(flipped, p).ToJson();
  EXPECT_EQ(a, b);
  // Their labels would have mattered with any weight.
  d.weight.clear();
  flipped.weight.clear();
  EXPECT_NE(test::Train(d, p).ToJson(), test::Train(flipped, p).ToJson());
}

}  // namespace weights_test
}  // namespace boostlab

namespace boostlab {
namespace weights_test {

// Class weights: {class: w} trains as a weight column holding w on that
// class's rows would (the same model, bit for bit); 'balanced' weighs each
// class rows / (classes x its rows); mistakes are named.
TEST(ClassWeights, AClassWeightTrainsAsTheSameWeightColumnWould) {
  std::string with_column = "x,z,w,y\n", plain = "x,z,y\n";
  for (int i = 0; i < 300; ++i) {
    const int x = (i * 37) % 101, z = (i * 11) % 17;
    const char* y = x + z > 70 ? "spam" : (x > 40 ? "ham" : "eggs");
    const std::string w = std::string(y) == "spam" ? "3" : std::string(y) == "eggs" ? "0.5" : "1";
    with_column += std::to_string(x) + "," + std::to_string(z) + "," + w + "," + y + "\n";
    plain += std::to_string(x) + "," + std::to_string(z) + "," + y + "\n";
  }
  DatasetOptions by_class{.target = "y", .valid_fraction = 0.25};
  by_class.class_weights = {{"spam", 3}, {"eggs", 0.5}};
  const Dataset a = Dataset::FromTable(ReadCsv(plain), by_class);
  const Dataset b = Dataset::FromTable(ReadCsv(with_column), {.target = "y", .weight = "w", .valid_fraction = 0.25});
  EXPECT_EQ(a.weight, b.weight);
  ASSERT_FALSE(a.notes.empty());
  EXPECT_NE(a.notes.back().find("'spam' x3"), std::string::npos) << a.notes.back();
  Params p;
  p.rounds = 5;
  EXPECT_EQ(test::Train(a, p).ToJson(), test::Train(b, p).ToJson());

  DatasetOptions balanced{.target = "y", .valid_fraction = 0};
  balanced.balance_classes = true;
  const Dataset c = Dataset::FromTable(ReadCsv(plain), balanced);
  // Each class's weights sum to rows / classes.
  std::map<float, double> sum;
  for (size_t r = 0; r < c.label.size(); ++r) sum[c.label[r]] += c.weight[r];
  for (const auto& [k, s] : sum) EXPECT_NEAR(s, 100.0, 1e-3) << "class " << k;
  // The factors are kept, one per class (the scale-out script weighs the cluster's rows by them).
  ASSERT_EQ(c.class_weights.size(), c.classes.size());
  for (size_t k = 0; k < c.classes.size(); ++k) {
    size_t rows = 0;
    for (float l : c.label) rows += l == static_cast<float>(k);
    EXPECT_NEAR(c.class_weights[k], 300.0 / (3.0 * static_cast<double>(rows)), 1e-12) << c.classes[k];
  }
  EXPECT_EQ(a.class_weights, (std::vector<double>{0.5, 1, 3}));  // eggs, ham, spam
  EXPECT_TRUE(b.class_weights.empty());
}

TEST(ClassWeights, MistakesAreNamed) {
  const std::string csv = "x,y\n1,spam\n2,ham\n3,spam\n4,ham\n";
  DatasetOptions o{.target = "y", .valid_fraction = 0};
  o.class_weights = {{"Spam", 2}};
  const Error unknown = test::DatasetErrorOf(csv, o);
  EXPECT_EQ(unknown.code(), "BAD_OPTION");
  EXPECT_NE(std::string(unknown.what()).find("did you mean 'spam'"), std::string::npos) << unknown.what();
  o.class_weights = {{"spam", -1}};
  EXPECT_NE(std::string(test::DatasetErrorOf(csv, o).what()).find("finite number >= 0"), std::string::npos);
  o.class_weights = {{"spam", 0}, {"ham", 0}};
  EXPECT_EQ(test::DatasetErrorOf(csv, o).code(), "WEIGHT_ALL_ZERO");
  DatasetOptions number{.target = "x", .valid_fraction = 0};
  number.balance_classes = true;
  EXPECT_NE(std::string(test::DatasetErrorOf("x,z\n1,2\n2,3\n3,4\n", number).what()).find("numbers (regression)"), std::string::npos);
}

}  // namespace weights_test
}  // namespace boostlab
