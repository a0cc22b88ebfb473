#include <gtest/gtest.h>

#include <cmath>  // for log

#include "boost/adaboost.h"
#include "boostlab/booster.h"
#include "boostlab/errors.h"
#include "random_data.h"
#include "util/rng.h"

namespace boostlab {
namespace adaboost_test {

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
  std::vector<double> exponent = {std::log(3.0), 0, 0, 0};  // row 0 wrong; e = 1/4: alpha = ln 3
  std::vector<RowIdx> rows = {0, 1, 2, 3};
  EXPECT_NEAR(AdaReweight(u, exponent, rows), 1.5, 1e-12);  // the exponential loss grew by 3/4 + 3/4
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
    AdaFitStatistics(u, y, rows, true, rng, 1, fit);
    double total = 0;
    for (const GradPair& g : fit) total += g.h;
    EXPECT_EQ(total, 4);  // N draws
    heavy += fit[0].h;
  }
  EXPECT_NEAR(heavy / 800, 0.7, 0.05);
}

// Trains to the end; returns the first and last round reports.
std::pair<RoundReport, RoundReport> FirstAndLast(const Dataset& d, const Params& p) {
  Booster b(d, p);
  RoundReport first = b.TrainOneRound(), last = first;
  while (!b.Done()) last = b.TrainOneRound();
  return {first, last};
}

TEST(AdaBoost, MulticlassSammeVotesWithTheLogOfKMinusOneAndLearns) {
  Dataset d = test::RandomData(3000, 4).Seed(5).Classes(4).Make();
  Params p;
  p.algorithm = "adaboost";
  p.max_depth = 2;
  p.eta = 1;
  p.rounds = 60;
  auto [first, last] = FirstAndLast(d, p);
  ASSERT_LT(first.epsilon, 0.75);  // better than chance for 4 classes, maybe not better than 1/2
  EXPECT_NEAR(first.alpha, std::log((1 - first.epsilon) / first.epsilon) + std::log(3.0), 1e-12);
  EXPECT_EQ(last.train[0].name, "merror");
  EXPECT_LT(last.train[0].value, first.train[0].value);
  EXPECT_LT(last.valid[0].value, 0.5);
}

TEST(AdaBoost, DiscreteAndRealSammeShrinkTheExponentialLossEveryRound) {
  for (int classes : {2, 3})
  for (const char* variant : {"samme", "samme_r"}) {
    Dataset d = classes == 2 ? test::RandomData(2000, 4).Seed(3).Binary(true).Make()
                             : test::RandomData(2000, 4).Seed(3).Classes(3).Make();
    Params p;
    p.algorithm = "adaboost";
    p.variant = variant;
    p.max_depth = 2;
    p.eta = 1;
    p.rounds = 30;
    Booster b(d, p);
    double previous = 1;
    RoundReport first = b.TrainOneRound(), r = first;
    while (true) {
      // AdaBoost minimises the exponential loss stagewise: it never grows.
      EXPECT_LE(r.exp_loss, previous * (1 + 1e-9)) << "round " << r.round << ", " << classes << " classes, " << variant;
      previous = r.exp_loss;
      if (b.Done()) break;
      r = b.TrainOneRound();
    }
    EXPECT_LT(r.train[0].value, first.train[0].value);
    EXPECT_EQ(b.SampleWeights().size(), d.x.num_rows);
  }
}

TEST(AdaBoost, R2PredictsTheWeightedMedianOfItsTrees) {
  Dataset d = test::RandomData(2000, 4).Seed(4).Make();
  Params p;
  p.algorithm = "adaboost";
  p.max_depth = 3;
  p.eta = 1;
  p.rounds = 30;
  for (const char* loss : {"linear", "square", "exponential"}) {
    p.r2_loss = loss;
    auto [first, last] = FirstAndLast(d, p);
    EXPECT_GT(first.epsilon, 0);
    EXPECT_LT(first.epsilon, 0.5);
    EXPECT_LT(last.valid[0].value, first.valid[0].value) << loss;
    // The saved model predicts what training reported.
    Model m = test::Train(d, p);
    ASSERT_TRUE(m.median_trees);
    ASSERT_EQ(m.tree_weights.size(), m.trees.size());
    std::vector<float> out(d.x.num_rows);
    Model::FromJson(m.ToJson()).Predict(d.x, out);
    double se = 0;
    for (RowIdx r : d.valid_rows) se += (out[r] - d.label[r]) * (out[r] - d.label[r]);
    EXPECT_NEAR(std::sqrt(se / static_cast<double>(d.valid_rows.size())), last.valid[0].value, 1e-4) << loss;
  }
}

TEST(AdaBoost, WeightedMedianIsTheFirstPredictionReachingHalfTheWeight) {
  std::vector<float> pred = {5, 1, 3};
  EXPECT_EQ(WeightedMedian(pred, std::vector<double>{1, 1, 1}), 3);
  EXPECT_EQ(WeightedMedian(pred, std::vector<double>{3, 1, 1}), 5);
  EXPECT_EQ(WeightedMedian(pred, std::vector<double>{1, 1, 2}), 3);  // cumulative 1, 3 of 4: 3 reaches half
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

}  // namespace adaboost_test
}  // namespace boostlab
