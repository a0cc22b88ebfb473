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
namespace tree_test {

TEST(Histogram, MatchesPerRowSumsAndIsTheSameForAnyThreadCount) {
  // Many rows and few features (row blocks), and few rows and many features (the features split).
  for (const auto& [rows, cols] : {std::pair<size_t, size_t>{20000, 5}, {1500, 80}}) {
  Dataset d = test::RandomData(rows, cols).Missing(0.1).Seed(2).Make();
  ThreadPool one(1), two(2);
  BinnedMatrix m = BinnedMatrix::Build(d.x, d.features, d.train_rows, 64, one);
  std::vector<GradPair> g = test::RandomGradients(d.x.num_rows, 5);
  HistogramBuilder b1(m), b2(m);
  std::vector<HistBin> h1(m.total_bins()), h2(m.total_bins());
  b1.Build(g, d.train_rows, h1, one);
  b2.Build(g, d.train_rows, h2, two);
  const std::vector<HistBin> naive = test::RowOrderSums(m, g, d.train_rows);
  for (size_t i = 0; i < naive.size(); ++i) {
    EXPECT_NEAR(h1[i].g, naive[i].g, 1e-9) << i;
    EXPECT_NEAR(h1[i].h, naive[i].h, 1e-9) << i;
    EXPECT_EQ(h1[i].g, h2[i].g) << "bitwise equal across thread counts, bin " << i;
    EXPECT_EQ(h1[i].h, h2[i].h);
  }
  }
}

// A build of some features writes their bins as a build of all would, bit
// for bit, and leaves every other bin as it was.
TEST(Histogram, ListedFeaturesOnlyAsTheFullBuildMakesThem) {
  for (const auto& [rows, cols] : {std::pair<size_t, size_t>{20000, 5}, {1500, 80}, {300, 40}}) {
    Dataset d = test::RandomData(rows, cols).Missing(0.1).Seed(4).Make();
    ThreadPool one(1), two(2);
    BinnedMatrix m = BinnedMatrix::Build(d.x, d.features, d.train_rows, 64, one);
    std::vector<GradPair> g = test::RandomGradients(d.x.num_rows, 6);
    std::vector<int> listed;
    for (int f = 0; f < static_cast<int>(cols); ++f)
      if (f % 3 != 1) listed.push_back(f);
    std::vector<HistBin> full(m.total_bins());
    HistogramBuilder(m).Build(g, d.train_rows, full, one);
    for (ThreadPool* pool : {&one, &two}) {
      const HistBin untouched{-7.5, 123.25};
      std::vector<HistBin> some(m.total_bins(), untouched);
      HistogramBuilder(m).Build(g, d.train_rows, listed, some, *pool);
      for (size_t f = 0; f < m.num_features; ++f)
        for (uint32_t b = m.offsets[f]; b < m.offsets[f + 1]; ++b) {
          const HistBin want = f % 3 != 1 ? full[b] : untouched;
          ASSERT_EQ(some[b].g, want.g) << rows << " rows, feature " << f << ", bin " << b;
          ASSERT_EQ(some[b].h, want.h) << rows << " rows, feature " << f << ", bin " << b;
        }
      // The sibling subtraction over the same features' bins only.
      std::vector<HistBin> diff(m.total_bins(), untouched);
      SubtractHistogram(full, some, diff, BinRangesOf(m, listed));
      for (size_t f = 0; f < m.num_features; ++f)
        for (uint32_t b = m.offsets[f]; b < m.offsets[f + 1]; ++b) {
          ASSERT_EQ(diff[b].g, f % 3 != 1 ? 0.0 : untouched.g) << "feature " << f;
          ASSERT_EQ(diff[b].h, f % 3 != 1 ? 0.0 : untouched.h) << "feature " << f;
        }
    }
  }
}

// Six rows of h = 1 and min_child_weight 3: a threshold needs three rows a
// side. Feature 0 (five rows, then one), feature 2 (one value) and feature 3
// (two, then four) have none: closed. Feature 1 (three and three) has one.
TEST(Split, ClosedFeaturesAreThoseNoThresholdLeavesMinChildWeightBothSides) {
  FeatureColumns x(std::vector<std::vector<float>>{
      {1, 1, 1, 1, 1, 2}, {1, 1, 1, 2, 2, 2}, {5, 5, 5, 5, 5, 5}, {1, 1, 2, 2, 2, 2}});
  ThreadPool pool(1);
  std::vector<RowIdx> rows = {0, 1, 2, 3, 4, 5};
  BinnedMatrix m = BinnedMatrix::Build(x, {}, rows, 256, pool);
  std::vector<GradPair> g = {{-1, 1}, {-1, 1}, {-1, 1}, {1, 1}, {1, 1}, {1, 1}};
  std::vector<HistBin> h(m.total_bins());
  HistogramBuilder(m).Build(g, rows, h, pool);
  const std::vector<int> all = {0, 1, 2, 3};
  SplitParams p;
  p.min_child_weight = 3;
  ClosedFeatures closed{0, {}};
  SplitCandidate s = FindBestSplit(m, h, 0, 6, p, all, &closed);
  ASSERT_TRUE(s.valid);
  EXPECT_EQ(s.feature, 1);
  EXPECT_EQ(closed.found, (std::vector<int>{0, 2, 3}));
  // min_child_weight a hair above 3: no split stands. Feature 1 falls short
  // by less than the margin, so it stays open (a child's sums, a few ulps
  // off its parent's, might pass); with no margin it is closed.
  p.min_child_weight = 3 + 1e-9;
  ClosedFeatures with_margin{1e-6, {}}, without{0, {}};
  EXPECT_FALSE(FindBestSplit(m, h, 0, 6, p, all, &with_margin).valid);
  EXPECT_EQ(with_margin.found, (std::vector<int>{0, 2, 3}));
  FindBestSplit(m, h, 0, 6, p, all, &without);
  EXPECT_EQ(without.found, (std::vector<int>{0, 1, 2, 3}));
  // A wide margin: feature 3's two rows are within 0.5 of 2.4, feature 0's one is not.
  p.min_child_weight = 2.4;
  ClosedFeatures wide{0.5, {}};
  FindBestSplit(m, h, 0, 6, p, all, &wide);
  EXPECT_EQ(wide.found, (std::vector<int>{0, 2}));
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
  std::vector<GradPair> g = test::RandomGradients(d.x.num_rows, 3);
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
  const std::vector<GradPair> g = test::RandomGradients(d.x.num_rows, 8);
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

}  // namespace tree_test
}  // namespace boostlab
