// DART (booster 'dart'): each round's dropped trees, the scales the new and
// the dropped trees take (XGBoost's normalize_type), margins that stay the
// model's own sum of trees, and the same model on any thread count.
#include <gtest/gtest.h>

#include <cmath>   // for abs
#include <vector>  // for vector

#include "boostlab/booster.h"
#include "boostlab/errors.h"
#include "boostlab/model.h"
#include "random_data.h"

namespace boostlab {
namespace dart_test {

Params DartParams(const char* normalize_type = "tree") {
  Params p;
  p.booster = "dart";
  p.rate_drop = 0.3;
  p.rounds = 12;
  p.max_depth = 3;
  p.eta = 0.4;
  p.lambda = 1.5;
  p.normalize_type = normalize_type;
  return p;
}

// Every round: the trees it dropped come back times k/(k + eta) ('tree') or
// 1/(1 + eta) ('forest'), the new tree's leaves are eta * w* (w* = -G/(H + lambda)
// on the gradients taken without the dropped trees) times 1/(k + eta) or
// 1/(1 + eta), and the trainer's margins are the model's sum of trees.
void CheckRounds(const Dataset& d, const Params& p) {
  Booster b(d, p);
  Model before;
  int rounds_that_dropped = 0;
  for (int round = 1; round <= p.rounds; ++round) {
    const RoundReport report = b.TrainOneRound();
    const Model after = b.Snapshot();
    ASSERT_GE(report.dropped, 0);
    const double k = report.dropped, lr = p.eta;
    const bool forest = p.normalize_type == "forest";
    const double dropped_scale = k == 0 ? 1 : forest ? 1 / (1 + lr) : k / (k + lr);
    const double added_scale = k == 0 ? 1 : forest ? 1 / (1 + lr) : 1 / (k + lr);
    // The earlier trees: k of them scaled, the rest as they were.
    int scaled = 0;
    for (size_t t = 0; t < before.trees.size(); ++t) {
      bool same = true, times = true;
      for (size_t i = 0; i < after.trees[t].nodes.size(); ++i) {
        if (!after.trees[t].nodes[i].IsLeaf()) continue;
        const float was = before.trees[t].nodes[i].value, now = after.trees[t].nodes[i].value;
        same = same && now == was;
        times = times && now == static_cast<float>(was * dropped_scale);
      }
      if (!same) {
        EXPECT_TRUE(times) << "round " << round << " tree " << t << " changed by another factor than " << dropped_scale;
        ++scaled;
      }
    }
    EXPECT_EQ(scaled, report.dropped) << "round " << round;
    rounds_that_dropped += report.dropped > 0;
    // The new tree: eta * w*, scaled.
    const RoundStatistics s = b.LastRoundStatistics();
    const Tree& tree = after.trees.back();
    for (const RoundStatistics::Leaf& leaf : s.leaves) {
      const double w = -leaf.sum_grad / (leaf.sum_hess + p.lambda);
      EXPECT_NEAR(tree.nodes[leaf.node].value, p.eta * w * added_scale, 1e-5 * (1 + std::abs(w))) << "round " << round;
      EXPECT_NEAR(leaf.step, w, 1e-5 * (1 + std::abs(w)));  // the step before the scale, as the page teaches it
    }
    // The gradients were taken without the dropped trees: squared error's g = F - y there.
    // And the margins after the round are the model's own sum (train and validation rows).
    const std::vector<float> margin = after.PredictWith(d.x, "margin", 0);
    const std::vector<float> train = b.Margins(false), valid = b.Margins(true);
    for (size_t i = 0; i < d.train_rows.size(); ++i) EXPECT_NEAR(train[i], margin[d.train_rows[i]], 2e-5) << "round " << round;
    for (size_t i = 0; i < d.valid_rows.size(); ++i) EXPECT_NEAR(valid[i], margin[d.valid_rows[i]], 2e-5) << "round " << round;
    before = after;
  }
  EXPECT_GT(rounds_that_dropped, p.rounds / 3) << "rate_drop 0.3 over " << p.rounds << " rounds dropped in too few";
}

TEST(Dart, DroppedAndNewTreesTakeXGBoostsScalesAndTheMarginsStayTheModels) {
  const Dataset d = test::RandomData(600, 4).Seed(11).Make();
  CheckRounds(d, DartParams("tree"));
  CheckRounds(d, DartParams("forest"));
  Params weighted = DartParams("tree");
  weighted.sample_type = "weighted";
  CheckRounds(d, weighted);
  // Two classes (logistic): the gradients at the dropped margins are the loss's own too.
  const Dataset binary = test::RandomData(500, 4).Binary(true).Seed(12).Make();
  Params logistic = DartParams("tree");
  logistic.objective = "binary:logistic";
  CheckRounds(binary, logistic);
}

TEST(Dart, TheSameModelOnAnyThreadCountAndGbtreeWhenNothingIsDropped) {
  const Dataset d = test::RandomData(800, 5).Seed(13).Make();
  Params p = DartParams();
  p.nthread = 1;
  const std::string one = test::Train(d, p).ToJson();
  p.nthread = 2;
  EXPECT_EQ(test::Train(d, p).ToJson(), one);
  p.seed = 1;
  EXPECT_NE(test::Train(d, p).ToJson(), one) << "another seed drops other trees";
  // rate_drop 0 (or skip_drop 1): gbtree's trees exactly.
  Params gbtree = DartParams();
  gbtree.booster = "gbtree";
  const Model plain = test::Train(d, gbtree);
  for (auto [rate, skip] : {std::pair{0.0, 0.0}, std::pair{0.5, 1.0}}) {
    Params dart = DartParams();
    dart.rate_drop = rate;
    dart.skip_drop = skip;
    const Model m = test::Train(d, dart);
    EXPECT_EQ(m.PredictWith(d.x, "margin", 0), plain.PredictWith(d.x, "margin", 0)) << rate << " " << skip;
  }
  // one_drop: every round after the first drops at least one tree, even at rate_drop 0.
  Params always = DartParams();
  always.rate_drop = 0;
  always.one_drop = 1;
  Booster b(d, always);
  b.TrainOneRound();
  for (int round = 2; round <= 5; ++round) EXPECT_GE(b.TrainOneRound().dropped, 1) << round;
}

TEST(Dart, WhatItCannotDoIsRefusedBeforeTraining) {
  const Dataset d = test::RandomData(300, 3).Seed(14).Make();
  auto refused = [&](Params p, const char* expected) {
    try {
      test::Train(d, p);
      ADD_FAILURE() << "trained";
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), "BAD_PARAM");
      EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
    }
  };
  Params gbdt = DartParams();
  gbdt.algorithm = "gbdt";
  refused(gbdt, "trains with algorithm xgboost, not gbdt");
  Params stopping = DartParams();
  stopping.early_stopping_rounds = 5;
  refused(stopping, "so the model cut back to the best round is not the one that scored best");
  EXPECT_THROW(ParseParams(R"({"booster": "gblinear"})"), Error);
  EXPECT_NO_THROW(ParseParams(R"({"booster": "dart", "rate_drop": 0.1, "skip_drop": 0.5, "one_drop": 1, "sample_type": "weighted", "normalize_type": "forest"})"));
  EXPECT_THROW(ParseParams(R"({"rate_drop": 1.5})"), Error);
}

}  // namespace dart_test
}  // namespace boostlab
