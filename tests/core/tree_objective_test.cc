// The objective each XGBoost-style round reports is the notes' regularised
// second-order objective at the leaves' w*: sum over leaves of
// -G^2 / (2 (H + lambda)) + gamma T / 2 (XGBoost's gamma is measured against
// the bracket, twice the objective's fall: xgboost_style.cc), computed here
// from the round's own leaf sums (RoundStatistics), not from the tree the
// report was computed from.

#include <gtest/gtest.h>

#include <cmath>  // for isnan

#include "boostlab/booster.h"
#include "random_data.h"

namespace boostlab {
namespace tree_objective_test {

TEST(TreeObjective, IsMinusHalfGSquaredOverHPlusLambdaPlusHalfGammaPerLeaf) {
  const Dataset d = test::RandomData(2000, 5).Seed(4).Binary(true).Make();
  Params p;
  p.rounds = 6;
  p.max_depth = 3;
  p.lambda = 3;
  p.gamma = 0.5;
  Booster b(d, p);
  for (int t = 1; t <= p.rounds; ++t) {
    const RoundReport report = b.TrainOneRound();
    const RoundStatistics stats = b.LastRoundStatistics();
    double expected = 0;
    for (const auto& leaf : stats.leaves) expected += -0.5 * leaf.sum_grad * leaf.sum_grad / (leaf.sum_hess + p.lambda) + 0.5 * p.gamma;
    EXPECT_NEAR(report.tree_objective, expected, 1e-4 * std::abs(expected)) << "round " << t;
    EXPECT_LT(report.tree_objective, 0) << "a kept split lowers it below the root's";
  }
}

// What a student saw with gamma = 50: a kept split whose bracket was between
// gamma and 2 gamma put the tree's objective above the one leaf's.
TEST(TreeObjective, AKeptSplitNeverRaisesItAboveOneLeaf) {
  const Dataset d = test::RandomData(2000, 5).Seed(9).Binary(true).Make();
  for (const double gamma : {1.0, 4.0, 16.0, 64.0}) {
    Params p;
    p.rounds = 8;
    p.max_depth = 3;
    p.gamma = gamma;
    Booster b(d, p);
    for (int t = 1; t <= p.rounds; ++t) {
      const RoundReport report = b.TrainOneRound();
      double G = 0, H = 0;
      for (const auto& leaf : b.LastRoundStatistics().leaves) {
        G += leaf.sum_grad;
        H += leaf.sum_hess;
      }
      const double one_leaf = -0.5 * G * G / (H + p.lambda) + 0.5 * gamma;
      EXPECT_LE(report.tree_objective, one_leaf + 1e-6 * std::abs(one_leaf)) << "gamma " << gamma << ", round " << t;
    }
  }
}

TEST(TreeObjective, OnlyXGBoostStyleRoundsReportIt) {
  const Dataset d = test::RandomData(500, 3).Seed(2).Binary(true).Make();
  Params p;
  p.rounds = 1;
  p.algorithm = "gbdt";
  EXPECT_TRUE(std::isnan(Booster(d, p).TrainOneRound().tree_objective));
  p.algorithm = "adaboost";
  EXPECT_TRUE(std::isnan(Booster(d, p).TrainOneRound().tree_objective));
}

}  // namespace tree_objective_test
}  // namespace boostlab
