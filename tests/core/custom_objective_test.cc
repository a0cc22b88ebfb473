// Objective 'custom' (XGBoost's obj): the caller gives each round's gradients
// and hessians. Given the engine's own logistic pairs, computed here from the
// margins it hands out, it grows binary:logistic's model tree for tree.

#include <gtest/gtest.h>

#include <algorithm>  // for max
#include <cmath>      // for exp
#include <string>     // for string
#include <vector>     // for vector

#include "boostlab/booster.h"
#include "boostlab/dataset.h"
#include "boostlab/errors.h"
#include "boostlab/model.h"
#include "boostlab/table.h"
#include "test_files.h"

namespace boostlab {
namespace custom_objective_test {

Dataset Spam() {
  static const Table table = ReadCsv(test::ReadTestFile("data/spam.csv"));
  DatasetOptions options;
  options.target = "type";
  options.valid_fraction = 0.2;
  return Dataset::FromTable(table, options);
}

TEST(CustomObjective, LogisticPairsGivenGrowBinaryLogisticsTrees) {
  const Dataset data = Spam();
  Params builtin;
  builtin.objective = "binary:logistic";
  builtin.base_score = 0.5;  // margin 0: the custom objective starts there
  builtin.rounds = 8;
  builtin.max_depth = 4;
  Params custom = builtin;
  custom.objective = "custom";
  custom.base_score = 0;  // (on the margin scale)
  Booster reference(data, builtin), mine(data, custom);
  for (int round = 0; round < 8; ++round) {
    reference.TrainOneRound();
    const std::vector<float> margin = mine.Margins(false), y = mine.Labels(false);
    std::vector<float> g(margin.size()), h(margin.size());
    for (size_t i = 0; i < margin.size(); ++i) {
      const float p = 1.0f / (1.0f + std::exp(-margin[i]));  // as the engine's LogisticLoss, in float
      g[i] = p - y[i];
      h[i] = std::max(p * (1.0f - p), 1e-16f);
    }
    mine.SetGradients(g, h);
    mine.TrainOneRound();
  }
  const Model a = reference.TakeModel(), b = mine.TakeModel();
  ASSERT_EQ(a.trees.size(), b.trees.size());
  const std::vector<float> pa = a.PredictWith(data.x, "margin", 0), pb = b.PredictWith(data.x, "margin", 0);
  for (size_t r = 0; r < pa.size(); ++r) ASSERT_EQ(pa[r], pb[r]) << "row " << r;
  // The custom model predicts its margin (no link), and exports as squared error's sum of trees.
  EXPECT_EQ(b.PredictWith(data.x, "probability", 0), pb);
  EXPECT_NE(b.ToXGBoostJson().find("reg:squarederror"), std::string::npos);
  // Saved and loaded, it predicts the same.
  EXPECT_EQ(Model::FromJson(b.ToJson()).PredictWith(data.x, "margin", 0), pb);
}

TEST(CustomObjective, ARoundWithoutGradientsOrWithBadOnesIsRefused) {
  const Dataset data = Spam();
  Params p;
  p.objective = "custom";
  p.rounds = 3;
  Booster b(data, p);
  try {
    b.TrainOneRound();
    FAIL() << "trained without gradients";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), "CUSTOM_GRADIENTS_MISSING");
  }
  const size_t n = data.train_rows.size();
  std::vector<float> g(n, 0.1f), h(n, 1.0f);
  EXPECT_THROW(b.SetGradients(std::vector<float>(n - 1, 0.0f), h), Error);  // a size
  h[7] = -1.0f;
  try {
    b.SetGradients(g, h);
    FAIL() << "a negative hessian taken";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("training row 7"), std::string::npos) << e.what();
  }
  h[7] = 1.0f;
  b.SetGradients(g, h);
  b.TrainOneRound();
  EXPECT_THROW(b.TrainOneRound(), Error);  // the gradients are the round's: the next needs its own
  // Other algorithms need the loss itself; a built-in objective takes no gradients.
  Params forest = p;
  forest.algorithm = "gbdt";
  EXPECT_THROW(Booster(data, forest), Error);
  Params logistic;
  Booster other(data, logistic);
  EXPECT_THROW(other.SetGradients(g, h), Error);
}

}  // namespace custom_objective_test
}  // namespace boostlab
