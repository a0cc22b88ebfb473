#include <gtest/gtest.h>

#include <cmath>  // for log

#include "boost/adaboost.h"
#include "boostlab/booster.h"
#include "boostlab/errors.h"
#include "random_data.h"
#include "util/rng.h"

namespace boostlab {
namespace {

TEST(AdaBoost, VoteIsEtaTimesLogOddsOfTheWeightedError) {
  AdaVote v = AdaVoteFor(0.2, 0.5);
  EXPECT_TRUE(v.keep);
  EXPECT_FALSE(v.last);
  EXPECT_DOUBLE_EQ(v.alpha, 0.5 * std::log(0.8 / 0.2));
}

TEST(AdaBoost, APerfectTreeGetsALargeFiniteVoteAndEndsTraining) {
  AdaVote v = AdaVoteFor(0, 1);
  EXPECT_TRUE(v.keep && v.last);
  EXPECT_GT(v.alpha, 20);
  EXPECT_TRUE(std::isfinite(v.alpha));
}

TEST(AdaBoost, ATreeNoBetterThanChanceIsDroppedAndEndsTraining) {
  AdaVote v = AdaVoteFor(0.5, 1);
  EXPECT_FALSE(v.keep);
  EXPECT_TRUE(v.last);
}

TEST(AdaBoost, WrongRowsGainWeightAndWeightsSumToOne) {
  std::vector<double> u = {0.25, 0.25, 0.25, 0.25};
  std::vector<char> wrong = {1, 0, 0, 0};
  std::vector<RowIdx> rows = {0, 1, 2, 3};
  AdaUpdateWeights(u, wrong, rows, std::log(3.0));  // e = 1/4: alpha = ln 3
  EXPECT_NEAR(u[0], 0.5, 1e-12);                     // the misclassified row now holds half the weight
  EXPECT_NEAR(u[1], 1.0 / 6, 1e-12);
}

TEST(AdaBoost, ResampleDrawsNRowsInProportionToTheWeights) {
  std::vector<double> u = {0.7, 0.1, 0.1, 0.1};
  std::vector<float> y = {1, 0, 0, 1};
  std::vector<RowIdx> rows = {0, 1, 2, 3};
  std::vector<GradPair> fit(4);
  double heavy = 0;
  for (uint64_t seed = 0; seed < 200; ++seed) {
    Rng rng(seed);
    AdaFitStatistics(u, y, rows, true, rng, fit);
    double total = 0;
    for (const GradPair& g : fit) total += g.h;
    EXPECT_EQ(total, 4);  // N draws
    heavy += fit[0].h;
  }
  EXPECT_NEAR(heavy / 800, 0.7, 0.05);
}

TEST(AdaBoost, RefusesAContinuousTargetBeforeTraining) {
  Dataset d = test::RandomData(100, 2).Make();
  Params p;
  p.algorithm = "adaboost";
  try {
    Booster b(d, p);
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("continuous target"), std::string::npos) << e.what();
  }
}

TEST(AdaBoost, ReportsEpsilonAndAlphaAndLowersTrainingError) {
  Dataset d = test::RandomData(2000, 4).Seed(3).Binary(true).Make();
  Params p;
  p.algorithm = "adaboost";
  p.max_depth = 1;
  p.eta = 1;
  p.rounds = 40;
  Booster b(d, p);
  RoundReport first = b.TrainOneRound(), last;
  while (!b.Done()) last = b.TrainOneRound();
  EXPECT_GT(first.alpha, 0);
  EXPECT_LT(first.epsilon, 0.5);
  EXPECT_LT(last.train[0].value, first.train[0].value);
  EXPECT_NE(RoundReportToJson(last).find("\"epsilon\""), std::string::npos);
}

}  // namespace
}  // namespace boostlab
