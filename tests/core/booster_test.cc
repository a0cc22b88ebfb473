#include <gtest/gtest.h>

#include "boostlab/booster.h"
#include "boostlab/errors.h"
#include "boostlab/model.h"
#include "random_data.h"

namespace boostlab {
namespace booster_test {

using test::Train;

TEST(Booster, TrainLossFallsAndValidBeatsTheMean) {
  Dataset d = test::RandomData(3000, 4).Missing(0.05).Seed(4).Make();
  Params p;
  p.rounds = 30;
  Booster b(d, p);
  double first = 0, last = 0, valid = 0;
  while (!b.Done()) {
    RoundReport r = b.TrainOneRound();
    if (r.round == 1) first = r.train[0].value;
    last = r.train[0].value;
    valid = r.valid[0].value;
  }
  EXPECT_LT(last, first * 0.5);
  EXPECT_LT(valid, first);
}

TEST(Booster, OneAndTwoThreadsGiveByteIdenticalModels) {
  Dataset d = test::RandomData(30000, 6).Missing(0.1).Seed(5).Binary(true).Make();
  Params p;
  p.rounds = 10;
  p.nthread = 1;
  const std::string one = Train(d, p).ToJson();
  p.nthread = 2;
  const std::string two = Train(d, p).ToJson();
  EXPECT_EQ(one, two);
}

TEST(Booster, ModelSurvivesJsonRoundTrip) {
  Dataset d = test::RandomData(2000, 3).Missing(0.1).Seed(6).Binary(true).Make();
  Params p;
  p.rounds = 15;
  Model m = Train(d, p);
  const std::string json = m.ToJson();
  Model back = Model::FromJson(json);
  EXPECT_EQ(back.ToJson(), json);
  std::vector<float> a(d.x.num_rows), b(d.x.num_rows);
  m.Predict(d.x, a);
  back.Predict(d.x, b);
  EXPECT_EQ(a, b);
  for (float v : a) {
    EXPECT_GE(v, 0.0f);
    EXPECT_LE(v, 1.0f);
  }
}

TEST(Booster, CorruptModelsGetPreciseErrors) {
  auto code_and_text = [](const std::string& json) -> std::string {
    try {
      Model::FromJson(json);
    } catch (const Error& e) {
      return e.code() + ": " + e.what();
    }
    return "no error";
  };
  EXPECT_NE(code_and_text("{not json").find("MODEL_CORRUPT"), std::string::npos);
  EXPECT_NE(code_and_text("{\"other\":{}}").find("another library"), std::string::npos);
  // An XGBoost file is read as one, and says which of its fields is missing.
  EXPECT_EQ(code_and_text("{\"learner\":{}}"), "MODEL_CORRUPT: This is not a usable XGBoost model file: the learner has no 'gradient_booster'.");
  Dataset d = test::RandomData(200, 2).Seed(1).Make();
  Params p;
  p.rounds = 2;
  std::string json = Train(d, p).ToJson();
  const size_t at = json.find("\"left\":[1");
  ASSERT_NE(at, std::string::npos);
  std::string swapped = json;  // children must sit side by side, left first
  json.replace(at, 9, "\"left\":[0");
  EXPECT_NE(code_and_text(json).find("child outside the tree"), std::string::npos) << code_and_text(json);
  const size_t right = swapped.find("\"right\":[2");
  ASSERT_NE(right, std::string::npos);
  swapped.replace(right, 10, "\"right\":[1");
  EXPECT_NE(code_and_text(swapped).find("tree 0 node 0's right child is 1, not the node after its left child (2)"),
            std::string::npos) << code_and_text(swapped);
  // A node keeps its feature in 30 bits: a number past them is named as
  // written, not wrapped into a feature that exists.
  std::string far = Train(d, p).ToJson();
  const size_t feature = far.find("\"feature\":[");
  ASSERT_NE(feature, std::string::npos);
  const size_t root = feature + 11;  // the root's feature, the first of the column
  far.replace(root, far.find(',', root) - root, "4294967296");
  EXPECT_NE(code_and_text(far).find("tree 0 node 0 splits on feature 4294967296, but there are 2"), std::string::npos)
      << code_and_text(far);
}

TEST(Params, OutOfRangeValuesNameTheParameterAndRange) {
  try {
    ParseParams("{\"eta\": 0}");
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), "BAD_PARAM");
    EXPECT_NE(std::string(e.what()).find("'eta' is 0; allowed range is (0, inf)"), std::string::npos) << e.what();
  }
  EXPECT_THROW(ParseParams("{\"max_depth\": -1}"), Error);
  EXPECT_THROW(ParseParams("{\"rounds\": 2.5}"), Error);
  EXPECT_THROW(ParseParams("{\"colour\": 1}"), Error);
  Params p = ParseParams("{\"eta\": 0.1, \"max_depth\": 3}");
  EXPECT_DOUBLE_EQ(p.eta, 0.1);
  EXPECT_EQ(p.max_depth, 3);
}

TEST(Params, DefaultsDependOnTheAlgorithmUnlessSet) {
  EXPECT_EQ(ParseParams("{\"algorithm\": \"adaboost\"}").max_depth, 1);  // stumps
  EXPECT_DOUBLE_EQ(ParseParams("{\"algorithm\": \"adaboost\"}").eta, 1.0);
  EXPECT_EQ(ParseParams("{\"algorithm\": \"gbdt\"}").max_depth, 3);
  EXPECT_EQ(ParseParams("{\"algorithm\": \"adaboost\", \"max_depth\": 4}").max_depth, 4);
  EXPECT_EQ(ParseParams("{}").max_depth, 6);
  EXPECT_NE(ParamSchemaJson().find("\"algorithmDefaults\":{\"gbdt\":3,\"adaboost\":1,\"random_forest\":0,\"gbrank\":4}"), std::string::npos);
}

TEST(Params, LogisticOnARegressionTargetIsRefusedBeforeTraining) {
  Dataset d = test::RandomData(100, 2).Make();
  Params p;
  p.objective = "binary:logistic";
  EXPECT_THROW(Booster(d, p), Error);
}

}  // namespace booster_test
}  // namespace boostlab
