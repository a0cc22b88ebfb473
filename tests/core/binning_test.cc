#include <algorithm>  // for upper_bound, min
#include <gtest/gtest.h>

#include <cmath>  // for NAN

#include "data/binned_matrix.h"
#include "random_data.h"
#include "util/thread_pool.h"

namespace boostlab {
namespace binning_test {

TEST(Binning, EveryDistinctValueGetsItsOwnBinWhenTheyFit) {
  // Exclusive upper bounds: [1,2) [2,3) [3, 6.00001).
  EXPECT_EQ(QuantileCuts({3, 1, 2, 2, NAN, 1}, 256), (std::vector<float>{2, 3, 3 + 3 + 1e-5f}));
}

TEST(Binning, MidpointCutsSitHalfwayButNeverOnTheValueBelow) {
  EXPECT_EQ(QuantileCuts({3, 1, 2, 2, NAN, 1}, 256, CutPlacement::kMidpoint), (std::vector<float>{1.5f, 2.5f, 3 + 3 + 1e-5f}));
  // Two neighbouring floats have no float between them: the cut is the upper one.
  const float a = 1.0f, b = std::nextafter(1.0f, 2.0f);
  EXPECT_EQ(QuantileCuts({a, b}, 256, CutPlacement::kMidpoint)[0], b);
  // Lossy bins: the cut between two bins is halfway between their nearest values.
  std::vector<float> v;
  for (int i = 0; i < 100; ++i) v.push_back(static_cast<float>(i));
  const std::vector<float> next = QuantileCuts(v, 4), mid = QuantileCuts(v, 4, CutPlacement::kMidpoint);
  ASSERT_EQ(next.size(), mid.size());
  for (size_t i = 0; i + 1 < next.size(); ++i) EXPECT_EQ(mid[i], next[i] - 0.5f);
}

TEST(Binning, QuantileCutsSplitRowsEvenly) {
  std::vector<float> v;
  for (int i = 0; i < 1000; ++i) v.push_back(static_cast<float>(i));
  std::vector<float> cuts = QuantileCuts(v, 4);
  EXPECT_EQ(cuts, (std::vector<float>{250, 500, 750, 999 + 999 + 1e-5f}));
}

// A thousand values or more are sorted by their bits (a radix sort), which
// must order negatives, zeros and big magnitudes as < does.
TEST(Binning, LongFeaturesSortNegativesAndZerosAsComparisonsDo) {
  std::vector<float> v;
  for (int i = 0; i < 5000; ++i) v.push_back(static_cast<float>((i * 2039) % 5000 - 2500));  // -2500..2499, shuffled
  EXPECT_EQ(QuantileCuts(v, 4), (std::vector<float>{-1250, 0, 1250, 2499 + 2499 + 1e-5f}));
  // Lossless: the same cuts as the distinct values alone (fewer than a
  // thousand, compared by std::sort), whatever their counts.
  const std::vector<float> distinct = {-3e30f, -1e5f, -2.5f, -1, -1e-20f, -0.0f, 1e-20f, 0.5f, 1, 7, 1e4f, 2e30f};
  std::vector<float> many;
  for (int i = 0; i < 3000; ++i) many.push_back(distinct[(i * 7) % distinct.size()]);
  many.push_back(0.0f);  // +0 and -0 are one value
  EXPECT_EQ(QuantileCuts(many, 256), QuantileCuts(distinct, 256));
  EXPECT_EQ(QuantileCuts(many, 256).size(), distinct.size());
}

TEST(Binning, MissingGoesToBinZeroAndValuesToTheirCut) {
  FeatureColumns x(std::vector<std::vector<float>>{{1, NAN, 2, 3, 100}});
  ThreadPool pool(1);
  std::vector<RowIdx> train = {0, 1, 2, 3};  // 100 is unseen in training
  BinnedMatrix m = BinnedMatrix::Build(x, {}, train, 256, pool);
  EXPECT_EQ(m.cuts[0], (std::vector<float>{2, 3, 6 + 1e-5f}));
  EXPECT_EQ(m.BinsOf(0), 4u);  // three value bins and the missing bin
  EXPECT_EQ(m.Bin(0, 0), 0u);
  EXPECT_EQ(m.Bin(1, 0), 3u);  // missing: the last bin
  EXPECT_EQ(m.Bin(2, 0), 1u);
  EXPECT_EQ(m.Bin(3, 0), 2u);
  EXPECT_EQ(m.Bin(4, 0), 2u);  // above the range: the last value bin
}

TEST(Binning, TwoHundredFiftySixValueBinsFitOneByteWithoutMissingValues) {
  std::vector<float> v;
  for (int i = 0; i < 1000; ++i) v.push_back(static_cast<float>(i));
  FeatureColumns x(std::vector<std::vector<float>>{v});
  std::vector<RowIdx> rows(v.size());
  for (size_t i = 0; i < rows.size(); ++i) rows[i] = static_cast<RowIdx>(i);
  ThreadPool pool(1);
  BinnedMatrix m = BinnedMatrix::Build(x, {}, rows, 256, pool);
  EXPECT_EQ(m.BinsOf(0), 257u);
  EXPECT_FALSE(m.wide);
  x.Mutable(0)[5] = NAN;  // now the missing bin (256) is needed
  EXPECT_TRUE(BinnedMatrix::Build(x, {}, rows, 256, pool).wide);
}

// 256 categories and the missing bin: one byte holds them only while no row
// needs the missing bin (a NaN, or a code past the levels).
TEST(Binning, TwoHundredFiftySixCategoriesFitOneByteUntilARowIsMissing) {
  std::vector<float> codes;
  for (int i = 0; i < 1000; ++i) codes.push_back(static_cast<float>(i % 256));
  FeatureInfo info{"c", ColumnType::kCategorical, {}};
  for (int i = 0; i < 256; ++i) info.levels.push_back("level" + std::to_string(i));
  FeatureColumns x(std::vector<std::vector<float>>{codes});
  std::vector<RowIdx> rows(codes.size());
  for (size_t i = 0; i < rows.size(); ++i) rows[i] = static_cast<RowIdx>(i);
  ThreadPool pool(1);
  const BinnedMatrix m = BinnedMatrix::Build(x, {info}, rows, 256, pool);
  EXPECT_EQ(m.BinsOf(0), 257u);
  EXPECT_FALSE(m.wide);
  EXPECT_EQ(m.Bin(255, 0), 255u);
  x.Mutable(0)[7] = 300;  // a code with no level: the missing bin (256)
  const BinnedMatrix unknown = BinnedMatrix::Build(x, {info}, rows, 256, pool);
  EXPECT_TRUE(unknown.wide);
  EXPECT_EQ(unknown.Bin(7, 0), 256u);
  x.Mutable(0)[7] = NAN;
  EXPECT_TRUE(BinnedMatrix::Build(x, {info}, rows, 256, pool).wide);
}

TEST(Binning, WideFeaturesUseSixteenBitBins) {
  Dataset d = test::RandomData(3000, 2).Seed(1).Make();
  ThreadPool pool(2);
  BinnedMatrix m = BinnedMatrix::Build(d.x, d.features, d.train_rows, 1000, pool);
  EXPECT_TRUE(m.wide);
  EXPECT_GT(m.BinsOf(0), 258u);
  for (size_t r = 0; r < 50; ++r) {
    const float v = d.x.columns()[0][r];
    const uint32_t b = m.Bin(r, 0);
    ASSERT_LT(b, m.MissingBin(0));
    EXPECT_LT(v, m.cuts[0][b]);
    if (b > 0) EXPECT_GE(v, m.cuts[0][b - 1]);
  }
}

// Forests read only columns: their matrix leaves out the row-major copy (as
// many bytes as cells: 7 MB of flights_1m) and keeps the same columns.
TEST(Binning, ColumnsOnlyKeepTheSameColumnsAndNoRows) {
  for (int max_bin : {256, 1000}) {  // one- and two-byte bins
    Dataset d = test::RandomData(3000, 3).Seed(2).Missing(0.1).Make();
    ThreadPool pool(2);
    const BinnedMatrix both = BinnedMatrix::Build(d.x, d.features, d.train_rows, max_bin, pool);
    const BinnedMatrix cols = BinnedMatrix::Build(d.x, d.features, d.train_rows, max_bin, pool, CutPlacement::kNextValue,
                                                  BinnedMatrix::Layout::kColumns);
    ASSERT_EQ(cols.wide, both.wide);
    EXPECT_EQ(cols.cols8, both.cols8);
    EXPECT_EQ(cols.cols16, both.cols16);
    EXPECT_EQ(cols.cuts, both.cuts);
    EXPECT_FALSE(both.bins8.empty() && both.bins16.empty());
    EXPECT_TRUE(cols.bins8.empty());
    EXPECT_TRUE(cols.bins16.empty());
  }
}

// Every value, binned in the fill's side-by-side searches or its tail, lands
// in the bin its feature's cuts give it (missing: the last bin; past the
// training range: the last value bin), with one- and two-byte bins.
TEST(Binning, EveryValueLandsInTheBinItsCutsGive) {
  for (int max_bin : {64, 1000}) {
    Dataset d = test::RandomData(2003, 3).Missing(0.1).Seed(5).Make();
    d.x.Mutable(0)[7] = 1e30f;   // above every cut
    d.x.Mutable(1)[9] = -1e30f;  // below every cut
    ThreadPool pool(2);
    BinnedMatrix m = BinnedMatrix::Build(d.x, d.features, d.train_rows, max_bin, pool);
    EXPECT_EQ(m.wide, max_bin > 256);
    for (size_t f = 0; f < m.num_features; ++f)
      for (size_t r = 0; r < m.num_rows; ++r) {
        const float v = d.x.columns()[f][r];
        const std::vector<float>& c = m.cuts[f];
        const uint32_t want = v != v ? m.MissingBin(f)
                                     : static_cast<uint32_t>(std::min<size_t>(
                                           static_cast<size_t>(std::upper_bound(c.begin(), c.end(), v) - c.begin()), c.size() - 1));
        ASSERT_EQ(m.Bin(r, f), want) << "feature " << f << " row " << r << " value " << v;
      }
  }
}

}  // namespace binning_test
}  // namespace boostlab
