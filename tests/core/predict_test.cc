// Model::Predict walks rows in blocks across threads, one tree at a time over
// a block and eight rows side by side: it must give what the plain loop gives
// (each row down each tree in turn, Tree::Leaf), on any thread count, for sums
// of trees, multi-output trees, forests' means and AdaBoost.R2's medians.
#include <gtest/gtest.h>

#include <string>  // for string
#include <vector>  // for vector

#include "boostlab/booster.h"
#include "boostlab/model.h"
#include "random_data.h"

namespace boostlab {
namespace predict_test {

// The row-by-row margins: base, plus each tree's leaf, averaged for a forest.
std::vector<float> PlainMargins(const Model& m, const FeatureColumns& x) {
  const size_t K = static_cast<size_t>(m.num_outputs);
  std::vector<float> out(x.num_rows * K);
  for (size_t r = 0; r < x.num_rows; ++r) {
    std::vector<float> margin(K);
    for (size_t k = 0; k < K; ++k) margin[k] = static_cast<float>(m.base_margin[k]);
    for (size_t t = 0; t < m.trees.size(); ++t) {
      const Tree& tree = m.trees[t];
      const int leaf = tree.Leaf(x, r);
      if (tree.leaf_values.empty()) margin[t % K] += tree.nodes[leaf].value;
      else
        for (size_t k = 0; k < K; ++k) margin[k] += tree.leaf_values[static_cast<size_t>(leaf) * K + k];
    }
    if (m.average_trees)
      for (size_t k = 0; k < K; ++k) {
        const float base = static_cast<float>(m.base_margin[k]);
        margin[k] = base + (margin[k] - base) / static_cast<float>(m.trees.size() / m.TreesPerRound());
      }
    for (size_t k = 0; k < K; ++k) out[r * K + k] = margin[k];
  }
  return out;
}

Model Train(const Dataset& d, const std::string& algorithm, int rounds) {
  Params p;
  p.algorithm = algorithm;
  p.rounds = rounds;
  p.max_depth = algorithm == "random_forest" ? 0 : 5;
  Booster b(d, p);
  while (!b.Done()) b.TrainOneRound();
  return b.Snapshot();
}

TEST(Predict, BlocksAndThreadsGiveThePlainLoopsMargins) {
  // Past two blocks of rows, with missing values, deep trees and shallow ones.
  const Dataset regression = test::RandomData(5000, 6).Missing(0.1).Seed(4).Make();
  const Dataset classes = test::RandomData(5000, 6).Missing(0.1).Seed(5).Classes(3).Make();
  const std::vector<std::pair<const Dataset*, std::string>> cases = {
      {&regression, "xgboost"}, {&regression, "random_forest"}, {&classes, "xgboost"}, {&classes, "random_forest"}, {&classes, "adaboost"}};
  for (const auto& [d, algorithm] : cases) {
    const Model m = Train(*d, algorithm, 12);
    const std::vector<float> plain = PlainMargins(m, d->x);
    for (int threads : {1, 2, 3}) {
      std::vector<float> out(plain.size());
      m.Predict(d->x, out, false, SIZE_MAX, threads);
      ASSERT_EQ(out, plain) << algorithm << " with " << m.num_outputs << " outputs, " << threads << " threads";
    }
  }
}

TEST(Predict, AdaBoostR2sMedianIsTheSameOnAnyThreadCount) {
  const Dataset d = test::RandomData(4500, 4).Missing(0.05).Seed(6).Make();
  const Model m = Train(d, "adaboost", 9);
  ASSERT_TRUE(m.median_trees);
  std::vector<float> one(d.x.num_rows), two(d.x.num_rows);
  m.Predict(d.x, one, true, SIZE_MAX, 1);
  m.Predict(d.x, two, true, SIZE_MAX, 2);
  EXPECT_EQ(one, two);
  // Row 4321 (in the third block) by hand: the median of its trees' values weighted by the trees' weights.
  std::vector<std::pair<float, double>> votes;
  for (size_t t = 0; t < m.trees.size(); ++t) votes.push_back({m.trees[t].PredictRow(d.x, 4321), m.tree_weights[t]});
  std::sort(votes.begin(), votes.end());
  double total = 0, run = 0;
  for (const auto& v : votes) total += v.second;
  float median = votes.back().first;
  for (const auto& v : votes) {
    run += v.second;
    if (run >= total / 2) {
      median = v.first;
      break;
    }
  }
  EXPECT_FLOAT_EQ(one[4321], static_cast<float>(m.base_margin[0]) + median);
}

// A model cut to its first r rounds predicts what the whole model predicts with
// rounds = r, for sums, multi-output trees, forests' means and AdaBoost.R2's
// medians, and writes files of r rounds; a cut past the model or below 1 is refused.
TEST(Predict, FirstRoundsPredictsAsTheWholeModelAtThoseRounds) {
  const Dataset regression = test::RandomData(600, 5).Missing(0.1).Seed(7).Make();
  const Dataset classes = test::RandomData(600, 5).Missing(0.1).Seed(8).Classes(3).Make();
  const std::vector<std::pair<const Dataset*, std::string>> cases = {
      {&regression, "xgboost"}, {&regression, "random_forest"}, {&regression, "adaboost"}, {&classes, "xgboost"},
      {&classes, "random_forest"}, {&classes, "adaboost"}, {&classes, "gbdt"}};
  for (const auto& [d, algorithm] : cases) {
    const Model m = Train(*d, algorithm, 9);
    const int rounds = static_cast<int>(m.trees.size() / m.TreesPerRound());
    ASSERT_GE(rounds, 5) << algorithm;
    for (int r : {1, 4, rounds}) {
      const Model cut = m.FirstRounds(r);
      EXPECT_EQ(cut.trees.size(), static_cast<size_t>(r * m.TreesPerRound())) << algorithm;
      EXPECT_EQ(cut.PredictWith(d->x, "margin", 0), m.PredictWith(d->x, "margin", r)) << algorithm << " at " << r;
      EXPECT_EQ(Model::FromJson(cut.ToJson()).trees.size(), cut.trees.size()) << algorithm;
    }
    EXPECT_THROW(m.FirstRounds(0), Error);
    EXPECT_THROW(m.FirstRounds(rounds + 1), Error);
  }
}

}  // namespace predict_test
}  // namespace boostlab
