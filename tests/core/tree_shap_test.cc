// SHAP values (Model::Contributions) against the definition: for each row,
// the Shapley values of v(S) = E[f(x) | x_S], the expectation over the tree's
// paths weighted by cover where a split's feature is not in S (the "path
// dependent" expectation TreeSHAP and XGBoost use), by enumerating subsets.
#include <gtest/gtest.h>

#include <cmath>   // for tgamma, abs
#include <vector>  // for vector

#include "boostlab/booster.h"
#include "boostlab/errors.h"
#include "boostlab/model.h"
#include "random_data.h"

namespace boostlab {
namespace tree_shap_test {

// E[tree(x) | the features in `known`], by the cover-weighted recursion.
double Expected(const Tree& t, int node, const FeatureColumns& x, size_t row, unsigned known) {
  const TreeNode& n = t.nodes[static_cast<size_t>(node)];
  if (n.IsLeaf()) return n.value;
  if (known & (1u << n.feature)) return Expected(t, t.Next(n, x.columns()[static_cast<size_t>(n.feature)][row]), x, row, known);
  const double cl = t.nodes[static_cast<size_t>(n.left)].cover, cr = t.nodes[static_cast<size_t>(n.Right())].cover;
  return (cl * Expected(t, n.left, x, row, known) + cr * Expected(t, n.Right(), x, row, known)) / (cl + cr);
}

double BruteShapley(const Model& m, const FeatureColumns& x, size_t row, int feature) {
  const int F = static_cast<int>(m.features.size());
  double phi = 0;
  for (unsigned s = 0; s < (1u << F); ++s) {
    if (s & (1u << feature)) continue;
    const int size = __builtin_popcount(s);
    const double weight = std::tgamma(size + 1) * std::tgamma(F - size) / std::tgamma(F + 1);
    double with = 0, without = 0;
    for (const Tree& t : m.trees) {
      with += Expected(t, 0, x, row, s | (1u << feature));
      without += Expected(t, 0, x, row, s);
    }
    phi += weight * (with - without);
  }
  return phi;
}

TEST(TreeShap, EqualsTheShapleyValuesOfThePathExpectation) {
  // Four features, repeated splits on the same feature, missing values.
  Dataset d = test::RandomData(300, 4).Missing(0.1).Seed(5).Make();
  Params p;
  p.rounds = 3;
  p.max_depth = 5;
  p.eta = 0.5;
  Booster b(d, p);
  while (!b.Done()) b.TrainOneRound();
  const Model m = b.Snapshot();
  const std::vector<float> phi = m.Contributions(d.x);
  const size_t W = m.features.size() + 1;
  std::vector<float> margin(d.x.num_rows);
  m.Predict(d.x, margin, false);
  for (size_t row = 0; row < 40; ++row) {
    double sum = 0;
    for (size_t f = 0; f < W; ++f) sum += phi[row * W + f];
    EXPECT_NEAR(sum, margin[row], 1e-4) << "row " << row << ": the values sum to the margin";
    for (int f = 0; f < 4; ++f)
      EXPECT_NEAR(phi[row * W + static_cast<size_t>(f)], BruteShapley(m, d.x, row, f), 1e-4) << "row " << row << ", feature " << f;
  }
}

TEST(TreeShap, TheSameValuesOnAnyThreadCount) {
  // Rows in blocks across threads, trees in groups: each row adds its trees in
  // one order, so 1 and 2 threads give the same floats. A 3-class forest
  // (multi-output trees) and boosted trees, more rows than one block.
  for (const char* algorithm : {"xgboost", "random_forest"}) {
    Dataset d = test::RandomData(700, 5).Classes(3).Missing(0.05).Seed(8).Make();
    Params p;
    p.algorithm = algorithm;
    p.rounds = 6;
    p.max_depth = 6;
    const Model m = test::Train(d, p);
    const std::vector<float> one = m.Contributions(d.x, 1);
    const std::vector<float> two = m.Contributions(d.x, 2);
    ASSERT_EQ(one.size(), d.x.num_rows * 3 * 6);
    EXPECT_TRUE(one == two) << algorithm;
  }
}

TEST(TreeShap, AStumpGivesItsFeatureTheLeafMinusTheMean) {
  Model m;
  m.features = {{"a", ColumnType::kNumeric, {}}};
  m.base_margin = {0.25};
  Tree t;
  t.nodes.resize(3);
  t.nodes[0].left = 1;
  t.nodes[0].feature = 0;
  t.nodes[0].threshold = 5;
  t.nodes[0].cover = 4;
  t.nodes[1].value = 1;
  t.nodes[1].cover = 3;
  t.nodes[2].value = 5;
  t.nodes[2].cover = 1;
  m.trees.push_back(t);
  m.objective = "reg:squarederror";
  FeatureColumns x(std::vector<std::vector<float>>{{1.0f, 9.0f}});
  const std::vector<float> phi = m.Contributions(x);
  // The mean leaf is (3 x 1 + 1 x 5) / 4 = 2.
  EXPECT_FLOAT_EQ(phi[0], 1 - 2);
  EXPECT_FLOAT_EQ(phi[1], 0.25 + 2);
  EXPECT_FLOAT_EQ(phi[2], 5 - 2);
  EXPECT_FLOAT_EQ(phi[3], 0.25 + 2);
  // Its cost a row: 2 leaves x (depth 1 + 1)^2; a second stump doubles it.
  EXPECT_EQ(m.ContributionsCostPerRow(), 8);
  m.trees.push_back(t);
  EXPECT_EQ(m.ContributionsCostPerRow(), 16);
}

TEST(TreeShap, AWeightedMedianHasNoShapValues) {
  Model m;
  m.features = {{"a", ColumnType::kNumeric, {}}};
  m.median_trees = true;
  FeatureColumns x(std::vector<std::vector<float>>{{1.0f}});
  EXPECT_THROW(m.Contributions(x), Error);
}

}  // namespace tree_shap_test
}  // namespace boostlab
