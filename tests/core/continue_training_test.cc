// Training continued from a model (XGBoost's xgb_model): 5 rounds then 5
// more give the trees of 10 rounds at once; what cannot continue says why.
#include <gtest/gtest.h>

#include <string>  // for string

#include "boostlab/booster.h"
#include "boostlab/errors.h"
#include "boostlab/model.h"
#include "random_data.h"

namespace boostlab {
namespace continue_training_test {

Model TrainAll(const Dataset& d, Params p, const Model* init = nullptr) {
  Booster b(d, p, init);
  while (!b.Done()) b.TrainOneRound();
  return b.TakeModel();
}

std::string TreesOf(const Model& m) {
  std::string out;
  for (size_t t = 0; t < m.trees.size(); ++t) out += m.TreeJson(t);
  return out;
}

TEST(ContinueTraining, FiveAndFiveMoreAreTen) {
  for (const char* algorithm : {"xgboost", "gbdt"}) {
    for (int classes : {0, 3}) {
      Dataset d = classes ? test::RandomData(400, 4).Classes(classes).Seed(2).Make() : test::RandomData(400, 4).Missing(0.1).Seed(2).Make();
      Params p;
      p.algorithm = algorithm;
      p.max_depth = 3;
      p.rounds = 10;
      const Model ten = TrainAll(d, p);
      p.rounds = 5;
      const Model five = TrainAll(d, p);
      const Model more = TrainAll(d, p, &five);
      EXPECT_EQ(more.trees.size(), ten.trees.size()) << algorithm;
      EXPECT_EQ(TreesOf(more), TreesOf(ten)) << algorithm << ", " << classes << " classes";
      EXPECT_EQ(more.base_margin, ten.base_margin);
    }
  }
}

TEST(ContinueTraining, WhatCannotContinueSaysWhy) {
  Dataset d = test::RandomData(200, 3).Seed(1).Make();
  Params p;
  p.rounds = 2;
  const Model base = TrainAll(d, p);
  auto error = [&](Params q, const Dataset& data) {
    try {
      TrainAll(data, q, &base);
    } catch (const Error& e) {
      return e.code() + ": " + e.what();
    }
    return std::string("no error");
  };
  Params forest = p;
  forest.algorithm = "random_forest";
  EXPECT_NE(error(forest, d).find("does not (a forest averages"), std::string::npos);
  Params mae = p;
  mae.objective = "reg:absoluteerror";
  EXPECT_NE(error(mae, d).find("trained with objective 'reg:squarederror'; this run's is 'reg:absoluteerror'"), std::string::npos);
  Dataset wider = test::RandomData(200, 4).Seed(1).Make();
  EXPECT_NE(error(p, wider).find("has 3 features; the data has 4"), std::string::npos);
}

}  // namespace continue_training_test
}  // namespace boostlab

namespace boostlab {
namespace continue_training_test {

// An XGBoost model's classes are its codes '0', '1': continued on data whose
// classes have names, they are read as those names in order, and round 1 says
// so; a model of other named classes is refused.
TEST(ContinueTraining, ClassesAreTheDatasOrXGBoostsCodesSaidSo) {
  Dataset d = test::RandomData(200, 3).Classes(2).Seed(3).Make();
  Params p;
  p.rounds = 2;
  Model base = TrainAll(d, p);
  ASSERT_EQ(d.classes.size(), 2u);
  d.classes = {"no", "yes"};
  base.classes = {"0", "1"};
  Booster continued(d, p, &base);
  const RoundReport first = continued.TrainOneRound();
  ASSERT_EQ(first.notes.size(), 1u);
  EXPECT_EQ(first.notes[0], "The model's classes '0', '1' (XGBoost's codes) are read as the data's 'no', 'yes', in that order "
                            "(as a label encoder sorts them).");
  EXPECT_NE(RoundReportToJson(first).find("\"notes\":[\"The model's classes"), std::string::npos);
  EXPECT_TRUE(continued.TrainOneRound().notes.empty());
  base.classes = {"cat", "dog"};
  try {
    TrainAll(d, p, &base);
    ADD_FAILURE() << "a model of other classes continued";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), "BAD_PARAM");
    EXPECT_EQ(std::string(e.what()), "The model to continue predicts the classes 'cat', 'dog'; the data's are 'no', 'yes'.");
  }
}

}  // namespace continue_training_test
}  // namespace boostlab
