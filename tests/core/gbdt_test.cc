#include <gtest/gtest.h>

#include <cmath>  // for exp

#include "boost/gbdt.h"
#include "boostlab/booster.h"
#include "random_data.h"
#include "util/rng.h"

namespace boostlab {
namespace gbdt_test {

TEST(Gbdt, TreesAreFitToResidualsWithUnitWeight) {
  std::vector<GradPair> loss = {{-2, 0.25f}, {1, 0.1f}, {3, 0}};
  std::vector<GradPair> fit(3);
  std::vector<RowIdx> rows = {0, 1, 2};
  GbdtFitStatistics(loss, {}, fit, rows);
  EXPECT_EQ(fit[0].g, -2);
  EXPECT_EQ(fit[0].h, 1);
  EXPECT_EQ(fit[1].h, 1);
  EXPECT_EQ(fit[2].h, 0) << "a row outside the sample weighs nothing";
}

TEST(Gbdt, LeafLineSearchIsOneNewtonStepOnTheLoss) {
  // Logistic: r = y - p, the step is sum r / sum p (1 - p) (Friedman's TreeBoost).
  const float p[] = {0.2f, 0.7f, 0.4f}, y[] = {1, 0, 1};
  std::vector<GradPair> loss;
  double r = 0, w = 0;
  for (int i = 0; i < 3; ++i) {
    loss.push_back({p[i] - y[i], p[i] * (1 - p[i])});
    r += y[i] - p[i];
    w += p[i] * (1 - p[i]);
  }
  std::vector<RowIdx> rows = {0, 1, 2};
  EXPECT_NEAR(GbdtLeafValue(rows, loss, 1.0), r / w, 1e-6);
}

TEST(Gbdt, SubsampleKeepsExactlyTheShareWithoutReplacement) {
  std::vector<GradPair> loss(100, GradPair{1, 1});
  std::vector<RowIdx> rows(100);
  for (RowIdx i = 0; i < 100; ++i) rows[i] = i;
  Rng rng(3);
  GbdtSubsample(loss, 100, 1, rows, 0.3, rng);
  int kept = 0;
  for (const GradPair& g : loss) kept += g.h > 0;
  EXPECT_EQ(kept, 30);
}

TEST(Gbdt, TreeLineSearchScalesTheWholeTree) {
  Dataset d = test::RandomData(1000, 3).Seed(4).Make();
  Params p;
  p.algorithm = "gbdt";
  p.rounds = 1;
  p.max_depth = 2;
  p.eta = 1;
  Model leaf = test::Train(d, p);
  p.step = "tree_line_search";
  Model tree = test::Train(d, p);
  // For squared error the leaf means are already the least-squares fit, so
  // the one-variable line search finds alpha = 1 and changes nothing.
  ASSERT_EQ(leaf.trees[0].nodes.size(), tree.trees[0].nodes.size());
  for (size_t i = 0; i < leaf.trees[0].nodes.size(); ++i)
    if (leaf.trees[0].nodes[i].IsLeaf()) EXPECT_NEAR(leaf.trees[0].nodes[i].value, tree.trees[0].nodes[i].value, 1e-4);
  // For logistic loss the Newton leaves and the scaled residual means differ.
  Dataset b = test::RandomData(1000, 3).Seed(4).Binary(true).Make();
  p.step = "leaf_line_search";
  Model newton = test::Train(b, p);
  p.step = "tree_line_search";
  Model scaled = test::Train(b, p);
  EXPECT_NE(newton.ToJson(), scaled.ToJson());
}

}  // namespace gbdt_test
}  // namespace boostlab
