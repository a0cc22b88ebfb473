// What a round was fit to, as the trainer reports it for teaching: each
// check recomputes the quantity the way the source material defines it, from
// the model and the data, and compares it with what the engine reports.
#include <gtest/gtest.h>

#include <cmath>    // for abs, exp
#include <algorithm>  // for find
#include <map>      // for map
#include <numeric>  // for accumulate

#include "boostlab/booster.h"
#include "boostlab/model.h"
#include "random_data.h"

namespace boostlab {
namespace round_statistics_test {

TEST(RoundStatistics, XGBoostReportsTheLossGradientsAtThePreviousMarginAndEachLeafsSums) {
  Dataset d = test::RandomData(400, 3).Seed(5).Make();
  Params p;
  p.rounds = 3;
  p.max_depth = 3;
  p.eta = 0.5;
  p.lambda = 2;
  Booster b(d, p);
  EXPECT_EQ(b.LastRoundStatistics().kind, "");  // nothing before the first round
  b.TrainOneRound();
  b.TrainOneRound();
  const std::vector<float> before = b.Snapshot().PredictWith(d.x, "margin", 1);
  const RoundStatistics s = b.LastRoundStatistics();
  ASSERT_EQ(s.round, 2);
  ASSERT_EQ(s.kind, "gradients");
  ASSERT_EQ(s.grad.size(), d.x.num_rows);
  // Squared error: g = F_{t-1}(x) - y and h = 1 on training rows, 0 on validation rows.
  for (RowIdx r : d.train_rows) {
    EXPECT_NEAR(s.grad[r], before[r] - d.label[r], 1e-5) << "row " << r;
    EXPECT_EQ(s.hess[r], 1.0f);
  }
  for (RowIdx r : d.valid_rows) EXPECT_EQ(s.grad[r], 0.0f);
  // The leaves of round 2's tree: their rows add up to the training rows; G, H
  // are the tree's own; the step is w* = -G/(H + lambda).
  const Model m = b.Snapshot();
  const Tree& tree = m.trees[1];
  double rows = 0;
  for (const RoundStatistics::Leaf& leaf : s.leaves) {
    ASSERT_EQ(leaf.tree, 1);
    ASSERT_TRUE(tree.nodes[leaf.node].IsLeaf());
    rows += leaf.rows;
    EXPECT_NEAR(leaf.sum_hess, tree.nodes[leaf.node].cover, 1e-3);
    EXPECT_NEAR(leaf.sum_grad, tree.sum_grad[leaf.node], 1e-3);
    EXPECT_NEAR(leaf.step, -leaf.sum_grad / (leaf.sum_hess + p.lambda), 1e-5);
    EXPECT_NEAR(leaf.mean, -leaf.sum_grad / leaf.rows, 1e-9);
  }
  EXPECT_EQ(rows, static_cast<double>(d.train_rows.size()));
  EXPECT_EQ(static_cast<int>(s.leaves.size()), tree.NumLeaves());
}

TEST(RoundStatistics, GbdtLeavesShowThePlainMeanBesideTheNewtonStep) {
  Dataset d = test::RandomData(500, 3).Binary(true).Seed(8).Make();
  Params p;
  p.algorithm = "gbdt";
  p.rounds = 2;
  Booster b(d, p);
  b.TrainOneRound();
  const RoundStatistics s = b.LastRoundStatistics();
  bool differ = false;
  for (const RoundStatistics::Leaf& leaf : s.leaves) {
    // Friedman's binomial step: sum r / sum p(1 - p), r = y - p = -g.
    EXPECT_NEAR(leaf.step, -leaf.sum_grad / leaf.sum_hess, 1e-5 * std::max(1.0, std::abs(leaf.step)));
    differ |= std::abs(leaf.step - leaf.mean) > 1e-3;
  }
  EXPECT_TRUE(differ) << "the line search should move some leaf off its mean residual";
  EXPECT_TRUE(s.tree_alpha.empty());
}

TEST(RoundStatistics, GbdtTreeLineSearchReportsAlphaAndStepsByIt) {
  Dataset d = test::RandomData(300, 2).Seed(2).Make();
  Params p;
  p.algorithm = "gbdt";
  p.step = "tree_line_search";
  p.rounds = 2;
  p.eta = 0.5;
  Booster b(d, p);
  b.TrainOneRound();
  b.TrainOneRound();
  const RoundStatistics s = b.LastRoundStatistics();
  ASSERT_EQ(s.tree_alpha.size(), 1u);
  // Least squares of r on the tree of plain means: sum r f / sum f^2 over rows.
  double rf = 0, ff = 0;
  for (const RoundStatistics::Leaf& leaf : s.leaves) {
    rf += -leaf.sum_grad * leaf.mean;
    ff += leaf.weight * leaf.mean * leaf.mean;
    EXPECT_NEAR(leaf.step, s.tree_alpha[0] * leaf.mean, 1e-5);
  }
  EXPECT_NEAR(s.tree_alpha[0], rf / ff, 1e-5);
}

TEST(RoundStatistics, AdaBoostReportsTheWeightsItsTreeSawAndWhatResamplingDrew) {
  Dataset d = test::RandomData(300, 2).Binary(true).Seed(4).Make();
  Params p;
  p.algorithm = "adaboost";
  p.rounds = 3;
  Booster b(d, p);
  b.TrainOneRound();
  const std::vector<double> after_first = b.SampleWeights();
  b.TrainOneRound();
  const RoundStatistics s = b.LastRoundStatistics();
  ASSERT_EQ(s.kind, "weights");
  EXPECT_EQ(s.weight, after_first);  // round 2 fit the weights round 1 left
  EXPECT_NEAR(std::accumulate(s.weight.begin(), s.weight.end(), 0.0), 1.0, 1e-12);
  EXPECT_TRUE(s.drawn.empty());

  p.sampling = "resample";
  Booster r(d, p);
  r.TrainOneRound();
  const RoundStatistics drawn = r.LastRoundStatistics();
  ASSERT_EQ(drawn.drawn.size(), d.x.num_rows);
  EXPECT_EQ(std::accumulate(drawn.drawn.begin(), drawn.drawn.end(), 0u), d.train_rows.size());
  for (RowIdx v : d.valid_rows) EXPECT_EQ(drawn.drawn[v], 0u);
}

TEST(RoundStatistics, ForestBootstrapCountsAreTheSameOnAnyThreadCount) {
  Dataset d = test::RandomData(400, 4).Seed(9).Make();
  Params p;
  p.algorithm = "random_forest";
  p.rounds = 6;
  p.max_depth = 4;
  std::vector<std::vector<uint32_t>> by_threads[2];
  for (int threads : {1, 2}) {
    p.nthread = threads;
    Booster b(d, p);
    while (!b.Done()) {
      b.TrainOneRound();
      const RoundStatistics s = b.LastRoundStatistics();
      ASSERT_EQ(s.kind, "bootstrap");
      EXPECT_EQ(std::accumulate(s.drawn.begin(), s.drawn.end(), 0u), d.train_rows.size());
      by_threads[threads - 1].push_back(s.drawn);
    }
  }
  EXPECT_EQ(by_threads[0], by_threads[1]);
  EXPECT_NE(by_threads[0][0], by_threads[0][1]) << "each tree draws its own sample";
}

TEST(RoundStatistics, ForestSplitsSplitOnOneOfTheFeaturesTheyDrew) {
  Dataset d = test::RandomData(600, 9).Seed(12).Make();
  Params p;
  p.algorithm = "random_forest";
  p.rounds = 3;
  p.max_depth = 5;
  p.colsample_bynode = 1.0 / 3.0;  // 3 of 9 features a split
  Booster b(d, p);
  b.TrainOneRound();
  b.TrainOneRound();
  const RoundStatistics s = b.LastRoundStatistics();
  const Model model = b.Snapshot();  // kept: the tree below refers into it
  const Tree& tree = model.trees[1];
  std::map<int, std::vector<int>> tried;
  for (const RoundStatistics::Tried& t : s.tried) tried[t.node] = t.features;
  int splits = 0;
  bool all_same = true;
  for (size_t i = 0; i < tree.nodes.size(); ++i) {
    const TreeNode& n = tree.nodes[i];
    if (n.IsLeaf()) continue;
    ++splits;
    ASSERT_TRUE(tried.count(static_cast<int>(i))) << "split node " << i << " drew nothing";
    const std::vector<int>& f = tried[static_cast<int>(i)];
    EXPECT_GE(f.size(), 3u);
    EXPECT_NE(std::find(f.begin(), f.end(), n.feature), f.end()) << "node " << i << " split on a feature it did not draw";
    all_same &= f == tried.begin()->second;
  }
  EXPECT_GT(splits, 3);
  EXPECT_FALSE(all_same) << "each split draws its own features";
}

}  // namespace round_statistics_test
}  // namespace boostlab
