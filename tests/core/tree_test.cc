#include <gtest/gtest.h>

#include <cmath>  // for NAN
#include <set>    // for set

#include "data/binned_matrix.h"
#include "random_data.h"
#include "tree/histogram.h"
#include "tree/split_finder.h"
#include "tree/tree_learner.h"
#include "util/thread_pool.h"

namespace boostlab {
namespace {

std::vector<GradPair> RandomGradients(size_t n, uint64_t seed) {
  Rng rng(seed);
  std::vector<GradPair> g(n);
  for (auto& p : g) {
    p.g = static_cast<float>(static_cast<int64_t>(rng.Below(2001)) - 1000) / 997.0f;
    p.h = static_cast<float>(rng.Below(1000) + 1) / 1000.0f;
  }
  return g;
}

TEST(Histogram, MatchesPerRowSumsAndIsTheSameForAnyThreadCount) {
  // Many rows and few features (row blocks), and few rows and many features (the features split).
  for (const auto& [rows, cols] : {std::pair<size_t, size_t>{20000, 5}, {1500, 80}}) {
  Dataset d = test::RandomData(rows, cols).Missing(0.1).Seed(2).Make();
  ThreadPool one(1), two(2);
  BinnedMatrix m = BinnedMatrix::Build(d.x, d.features, d.train_rows, 64, one);
  std::vector<GradPair> g = RandomGradients(d.x.num_rows, 5);
  HistogramBuilder b1(m), b2(m);
  std::vector<HistBin> h1(m.total_bins()), h2(m.total_bins()), naive(m.total_bins());
  b1.Build(g, d.train_rows, h1, one);
  b2.Build(g, d.train_rows, h2, two);
  for (RowIdx r : d.train_rows)
    for (size_t f = 0; f < m.num_features; ++f) {
      naive[m.offsets[f] + m.Bin(r, f)].g += g[r].g;
      naive[m.offsets[f] + m.Bin(r, f)].h += g[r].h;
    }
  for (size_t i = 0; i < naive.size(); ++i) {
    EXPECT_NEAR(h1[i].g, naive[i].g, 1e-9) << i;
    EXPECT_NEAR(h1[i].h, naive[i].h, 1e-9) << i;
    EXPECT_EQ(h1[i].g, h2[i].g) << "bitwise equal across thread counts, bin " << i;
    EXPECT_EQ(h1[i].h, h2[i].h);
  }
  }
}

TEST(Split, FoundByHandOnASmallTable) {
  // x = 1,2,3,4 with g = -1,-1,1,1 and h = 1, lambda = 1: the split x <= 2
  // gives G_L = -2, H_L = 2, G_R = 2, H_R = 2, gain = 4/3 + 4/3 - 0/5 = 8/3.
  test::SmallTable t;
  ThreadPool pool(1);
  BinnedMatrix m = BinnedMatrix::Build(t.x, {}, t.rows, 256, pool);
  std::vector<HistBin> h(m.total_bins());
  HistogramBuilder(m).Build(t.g, t.rows, h, pool);
  const std::vector<int> all = {0};
  SplitCandidate s = FindBestSplit(m, h, 0, 4, SplitParams{}, all);
  ASSERT_TRUE(s.valid);
  EXPECT_EQ(s.feature, 0);
  EXPECT_EQ(m.Threshold(0, s.bin), 3.0f);  // x < 3
  EXPECT_EQ(s.gain, static_cast<float>(8.0 / 3.0));  // gains are kept as float, as XGBoost's loss_chg
  EXPECT_DOUBLE_EQ(s.left_g, -2);
  EXPECT_DOUBLE_EQ(s.right_h, 2);
}

TEST(Split, MissingGoesLeftWhenThatGainsMore) {
  FeatureColumns x(std::vector<std::vector<float>>{{NAN, NAN, 1, 2, 3, 4}});
  ThreadPool pool(1);
  std::vector<RowIdx> rows = {0, 1, 2, 3, 4, 5};
  BinnedMatrix m = BinnedMatrix::Build(x, {}, rows, 256, pool);
  std::vector<GradPair> g = {{-1, 1}, {-1, 1}, {-1, 1}, {-1, 1}, {1, 1}, {1, 1}};
  std::vector<HistBin> h(m.total_bins());
  HistogramBuilder(m).Build(g, rows, h, pool);
  const std::vector<int> all = {0};
  SplitCandidate s = FindBestSplit(m, h, -2, 6, SplitParams{}, all);
  ASSERT_TRUE(s.valid);
  EXPECT_TRUE(s.default_left);
  EXPECT_EQ(m.Threshold(0, s.bin), 3.0f);
  EXPECT_DOUBLE_EQ(s.left_h, 4);
}

// The split finder against an exhaustive search over raw values, both
// directions for missing values.
TEST(Split, AgreesWithExhaustiveSearchOnRawValues) {
  Dataset d = test::RandomData(500, 4).Missing(0.2).Seed(9).Make();
  ThreadPool pool(1);
  BinnedMatrix m = BinnedMatrix::Build(d.x, d.features, d.train_rows, 1024, pool);  // lossless
  std::vector<GradPair> g = RandomGradients(d.x.num_rows, 3);
  std::vector<HistBin> h(m.total_bins());
  HistogramBuilder(m).Build(g, d.train_rows, h, pool);
  double G = 0, H = 0;
  for (RowIdx r : d.train_rows) G += g[r].g, H += g[r].h;
  const SplitParams p;
  const std::vector<int> all = {0, 1, 2, 3};
  SplitCandidate s = FindBestSplit(m, h, G, H, p, all);

  double best = -1e300;
  for (size_t f = 0; f < 4; ++f) {
    std::set<float> values;
    for (RowIdx r : d.train_rows)
      if (d.x.columns()[f][r] == d.x.columns()[f][r]) values.insert(d.x.columns()[f][r]);
    for (float t : values)
      for (bool missing_left : {false, true}) {
        double gl = 0, hl = 0;
        for (RowIdx r : d.train_rows) {
          const float v = d.x.columns()[f][r];
          if (v != v ? missing_left : v < t) gl += g[r].g, hl += g[r].h;
        }
        if (hl < 1 || H - hl < 1) continue;
        best = std::max(best, LeafScore(gl, hl, p) + LeafScore(G - gl, H - hl, p) - LeafScore(G, H, p));
      }
  }
  ASSERT_TRUE(s.valid);
  EXPECT_EQ(s.gain, static_cast<float>(best));  // the same split; its gain is kept as float
}

TEST(TreeLearner, LeafValuesAreMinusGOverHPlusLambdaTimesEta) {
  test::SmallTable small;
  const FeatureColumns& x = small.x;
  const std::vector<RowIdx>& rows = small.rows;
  const std::vector<GradPair>& g = small.g;
  ThreadPool pool(1);
  BinnedMatrix m = BinnedMatrix::Build(x, {}, rows, 256, pool);
  TreeParams tp;
  tp.max_depth = 1;
  tp.eta = 0.5;
  TreeLearner learner(m, tp, pool);
  Tree t = learner.Grow(g, rows, 0);
  ASSERT_EQ(t.nodes.size(), 3u);
  EXPECT_FLOAT_EQ(t.nodes[1].value, 0.5f * 2.0f / 3.0f);  // -(-2)/(2+1) * eta
  EXPECT_FLOAT_EQ(t.nodes[2].value, -0.5f * 2.0f / 3.0f);
  int seen = 0;
  for (const auto& leaf : learner.Leaves())
    for (RowIdx r : leaf.rows) {
      ++seen;
      EXPECT_EQ(t.nodes[leaf.node].value, t.PredictRow(x, r)) << "row " << r;
    }
  EXPECT_EQ(seen, 4);
}

// The compact walk by bins (validation rows) and the rows a forest tree
// carries down (out-of-bag and validation rows) land every row, seen in
// training or not, in the leaf the tree's thresholds and category sets send
// its raw values to: numeric and categorical splits, missing values both
// ways, shallow and deep trees, both cut placements.
TEST(TreeLearner, BinnedWalkAndCarriedRowsAgreeWithTheTreeOnEveryRow) {
  Dataset d = test::RandomData(6000, 4).Missing(0.1).Seed(21).Make();
  // Feature 3 as a category code (0..29), missing kept missing.
  d.features[3] = {"c", ColumnType::kCategorical, {}};
  for (int c = 0; c < 30; ++c) d.features[3].levels.push_back("k" + std::to_string(c));
  for (float& v : d.x.Mutable(3))
    if (v == v) v = std::min(29.0f, std::floor(v * 3));
  ThreadPool pool(1);
  const std::vector<GradPair> g = RandomGradients(d.x.num_rows, 8);
  std::vector<RowIdx> all(d.x.num_rows);
  for (size_t r = 0; r < all.size(); ++r) all[r] = static_cast<RowIdx>(r);
  enum Shape { kShallow, kDeep, kForest };
  for (CutPlacement placement : {CutPlacement::kNextValue, CutPlacement::kMidpoint})
    for (Shape shape : {kShallow, kDeep, kForest}) {
      BinnedMatrix m = BinnedMatrix::Build(d.x, d.features, d.train_rows, 64, pool, placement);
      TreeParams tp;
      tp.max_depth = shape == kShallow ? 6 : 0;
      tp.lossguide = shape == kDeep;
      tp.max_leaves = shape == kDeep ? 1500 : 0;
      tp.forest = shape == kForest;
      tp.split.min_child_weight = 0;
      tp.split.lambda = shape == kShallow ? 1 : 0;
      tp.colsample_bynode = shape == kForest ? 0.5 : 1;
      TreeLearner learner(m, tp, pool);
      // Every row carried (training rows too: carrying does not require disjoint rows).
      const Tree t = learner.Grow(g, d.train_rows, 3, shape == kForest ? std::span<const RowIdx>(all) : std::span<const RowIdx>());
      ASSERT_GT(t.NumLeaves(), shape == kShallow ? 30 : 500);
      if (shape == kDeep) ASSERT_GT(t.Depth(), 12);  // the walk's deep-tree path
      EXPECT_EQ(learner.LastDepth(), t.Depth());
      int categorical = 0;
      for (const TreeNode& n : t.nodes) categorical += n.categorical;
      EXPECT_GT(categorical, 0);
      const char* name = shape == kShallow ? " shallow" : shape == kDeep ? " deep" : " forest";
      if (shape == kForest) {
        size_t placed = 0;
        for (const auto& leaf : learner.Leaves())
          for (RowIdx r : leaf.carried) {
            ASSERT_EQ(leaf.node, t.Leaf(d.x, r)) << "row " << r << name;
            ++placed;
          }
        EXPECT_EQ(placed, all.size());
        continue;
      }
      std::vector<int> leaf(all.size());
      learner.LeavesBinned(all, leaf.data());
      for (size_t r = 0; r < all.size(); ++r) ASSERT_EQ(leaf[r], t.Leaf(d.x, r)) << "row " << r << name;
    }
}

}  // namespace
}  // namespace boostlab
