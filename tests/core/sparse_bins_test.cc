// The sparse cells (data/sparse_bins.h) and the histograms built from them.
#include <gtest/gtest.h>

#include <cmath>  // for NAN, abs

#include "boostlab/params.h"
#include "data/binned_matrix.h"
#include "random_data.h"
#include "tree/histogram.h"
#include "util/thread_pool.h"

namespace boostlab {
namespace sparse_bins_test {

// Feature 0: mostly 0 (bin 0 common); feature 1: mostly 5 (a middle bin
// common, one row missing); feature 2: categorical, kept whole.
TEST(SparseBins, KeepEachRowsCellsOutsideItsFeaturesCommonBins) {
  const std::vector<float> a = {0, 0, 0, 0, 0, 0, 0, 3}, b = {5, 5, 5, 5, 5, 1, 9, NAN}, c = {0, 1, 0, 1, 0, 1, 0, 1};
  std::vector<FeatureInfo> features = {{"a", ColumnType::kNumeric, {}}, {"b", ColumnType::kNumeric, {}},
                                       {"c", ColumnType::kCategorical, {"p", "q"}}};
  std::vector<RowIdx> rows = {0, 1, 2, 3, 4, 5, 6, 7};
  ThreadPool pool(2);
  // 24 cells: 7 + 5 in the common bins of a and b, 12 kept (0.5 > kMaxShare): none.
  const BinnedMatrix m = BinnedMatrix::Build(FeatureColumns(std::vector<std::vector<float>>{a, b, c}), features, rows, 256, pool);
  EXPECT_TRUE(m.sparse.empty());
  // Only a and b: 4 of 16 cells kept.
  const BinnedMatrix m2 = BinnedMatrix::Build(FeatureColumns(std::vector<std::vector<float>>{a, b}), {features[0], features[1]}, rows, 256, pool);
  ASSERT_FALSE(m2.sparse.empty());
  EXPECT_DOUBLE_EQ(m2.sparse.share, 4.0 / 16);
  EXPECT_EQ(m2.sparse.common[0], m2.offsets[0] + m2.Bin(0, 0));
  EXPECT_EQ(m2.sparse.common[1], m2.offsets[1] + m2.Bin(0, 1));
  std::vector<uint32_t> want_start = {0, 0, 0, 0, 0, 0, 1, 2, 4};
  EXPECT_EQ(m2.sparse.row_start, want_start);
  // Row 5: b's 1; row 6: b's 9; row 7: a's 3 and b's missing bin (always kept).
  std::vector<uint16_t> want_cells = {static_cast<uint16_t>(m2.offsets[1] + m2.Bin(5, 1)),
                                      static_cast<uint16_t>(m2.offsets[1] + m2.Bin(6, 1)),
                                      static_cast<uint16_t>(m2.offsets[0] + m2.Bin(7, 0)),
                                      static_cast<uint16_t>(m2.offsets[1] + m2.MissingBin(1))};
  EXPECT_EQ(m2.sparse.cells, want_cells);
}

TEST(SparseBins, CategoricalFeaturesKeepEveryCell) {
  std::vector<float> mostly_p(100, 0.0f);
  mostly_p[7] = 1;
  std::vector<float> zeros(100, 0.0f);
  FeatureColumns x(std::vector<std::vector<float>>{zeros, zeros, zeros, mostly_p});
  std::vector<FeatureInfo> features = {{"a", ColumnType::kNumeric, {}}, {"b", ColumnType::kNumeric, {}},
                                       {"c", ColumnType::kNumeric, {}}, {"d", ColumnType::kCategorical, {"p", "q"}}};
  std::vector<RowIdx> rows(100);
  for (RowIdx r = 0; r < 100; ++r) rows[r] = r;
  ThreadPool pool(1);
  const BinnedMatrix m = BinnedMatrix::Build(x, features, rows, 256, pool);
  ASSERT_FALSE(m.sparse.empty());
  EXPECT_EQ(m.sparse.common[3], SparseBins::kNone);
  EXPECT_EQ(m.sparse.cells.size(), 100u);  // d's cell of every row
}

// Histograms from the sparse cells against the dense bins' (the same matrix
// with its sparse cells dropped): the same sums but for the last bits of the
// common bins (filled in from the node's total), and the same bits on one
// thread or two. Row blocks (20,000 rows), the features split across the
// threads (1,500 rows of 80), a node's rows, and some features only.
TEST(Histogram, SparseCellsMakeTheDenseSums) {
  for (const auto& [num_rows, cols] : {std::pair<size_t, size_t>{20000, 5}, {1500, 80}}) {
    Dataset d = test::RandomData(num_rows, cols).Missing(0.05).Zeros(0.85).Seed(3).Make();
    ThreadPool one(1), two(2);
    const BinnedMatrix m = BinnedMatrix::Build(d.x, d.features, d.train_rows, 64, one);
    ASSERT_FALSE(m.sparse.empty()) << num_rows;
    EXPECT_LT(m.sparse.share, 0.25);
    BinnedMatrix dense = m;
    dense.sparse = {};
    const std::vector<GradPair> g = test::RandomGradients(d.x.num_rows, 9);
    std::vector<RowIdx> node;  // every third training row
    for (size_t i = 0; i < d.train_rows.size(); i += 3) node.push_back(d.train_rows[i]);
    std::vector<int> all, listed;
    for (int f = 0; f < static_cast<int>(cols); ++f) {
      all.push_back(f);
      if (f % 3 != 1) listed.push_back(f);
    }
    for (const std::vector<RowIdx>* rows : {&d.train_rows, &node})
      for (const std::vector<int>* features : {&all, &listed}) {
        const HistBin untouched{-7.5, 123.25};
        std::vector<HistBin> want(m.total_bins(), untouched), got1(want), got2(want);
        HistogramBuilder(dense).Build(g, *rows, *features, want, one);
        HistogramBuilder(m).Build(g, *rows, *features, got1, one);
        HistogramBuilder(m).Build(g, *rows, *features, got2, two);
        double scale = 0;
        for (RowIdx r : *rows) scale += std::abs(g[r].g) + g[r].h;
        for (size_t f = 0; f < m.num_features; ++f)
          for (uint32_t b = m.offsets[f]; b < m.offsets[f + 1]; ++b) {
            ASSERT_NEAR(got1[b].g, want[b].g, 1e-12 * scale) << num_rows << " rows, feature " << f << ", bin " << b;
            ASSERT_NEAR(got1[b].h, want[b].h, 1e-12 * scale) << num_rows << " rows, feature " << f << ", bin " << b;
            if (b != m.sparse.common[f]) ASSERT_EQ(got1[b].g, want[b].g) << "a kept bin is summed as the dense one";
            ASSERT_EQ(got1[b].g, got2[b].g) << "bitwise equal across thread counts, bin " << b;
            ASSERT_EQ(got1[b].h, got2[b].h) << "bitwise equal across thread counts, bin " << b;
          }
      }
  }
}

TEST(Histogram, SparseDataTrainsTheSameModelOnAnyThreadCount) {
  const Dataset d = test::RandomData(6000, 30).Zeros(0.8).Missing(0.02).Binary(true).Seed(5).Make();
  const std::string base = R"({"objective":"binary:logistic","rounds":8,"eta":0.3,"max_depth":5)";
  const Model one = test::Train(d, ParseParams(base + R"(,"nthread":1})"));
  const Model two = test::Train(d, ParseParams(base + R"(,"nthread":2})"));
  EXPECT_EQ(one.ToJson(), two.ToJson());
}

}  // namespace sparse_bins_test
}  // namespace boostlab
