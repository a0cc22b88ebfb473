// Dense histograms against the plainest sum there is: every row's (g, h)
// added to its bins in row order. A node of one block must give those sums
// bit for bit, whatever way the kernel walks its cells (any change to it
// must keep each bin's rows in row order), and more blocks the same bits on
// one thread or two.
#include <gtest/gtest.h>

#include <cstdint>  // for uint64_t, int32_t
#include <string>   // for string, to_string
#include <vector>   // for vector

#include "data/binned_matrix.h"
#include "random_data.h"
#include "tree/histogram.h"
#include "util/thread_pool.h"

namespace boostlab {
namespace histogram_test {

// Features and bins a feature: histograms of 4 KB, 98 KB and 64 KB of
// two-byte bins; nodes of one block (3,001 rows) and of several.
TEST(Histogram, DenseSumsAreTheRowOrderSums) {
  struct Case {
    size_t features;
    int max_bin;
  };
  for (const Case& c : {Case{1, 255}, Case{24, 255}, Case{8, 512}}) {
    const Dataset d = test::RandomData(30000, c.features).Missing(0.02).Seed(11).Make();
    ThreadPool one(1), two(2);
    const BinnedMatrix m = BinnedMatrix::Build(d.x, d.features, d.train_rows, c.max_bin, one);
    ASSERT_TRUE(m.sparse.empty());
    ASSERT_EQ(m.wide, c.max_bin > 255);  // 255 value bins and the missing bin fit a byte
    const std::string name = std::to_string(c.features) + " features of " + std::to_string(c.max_bin) + " bins";
    const std::vector<GradPair> g = test::RandomGradients(d.x.num_rows, 4);
    // Nodes of one block: 3,001 neighbouring rows, and every seventh row.
    std::vector<RowIdx> dense(d.train_rows.begin(), d.train_rows.begin() + 3001), scattered;
    for (size_t i = 0; i < d.train_rows.size() && scattered.size() < 3001; i += 7) scattered.push_back(d.train_rows[i]);
    for (const std::vector<RowIdx>* node : {&dense, &scattered}) {
      ASSERT_LT(node->size(), HistogramBuilder::kOneBlockBelow);
      std::vector<HistBin> got(m.total_bins(), HistBin{-7.5, 123.25});
      HistogramBuilder(m).Build(g, *node, got, two);
      const std::vector<HistBin> want = test::RowOrderSums(m, g, *node);
      for (size_t b = 0; b < want.size(); ++b) {
        ASSERT_EQ(got[b].g, want[b].g) << name << ", bin " << b << (node == &dense ? ", dense" : ", scattered");
        ASSERT_EQ(got[b].h, want[b].h) << name << ", bin " << b << (node == &dense ? ", dense" : ", scattered");
      }
    }
    // Several blocks: their sums added in block order, so the last bits may
    // differ from one sum in row order, but not between thread counts.
    std::vector<HistBin> got1(m.total_bins()), got2(m.total_bins());
    HistogramBuilder(m).Build(g, d.train_rows, got1, one);
    HistogramBuilder(m).Build(g, d.train_rows, got2, two);
    const std::vector<HistBin> all = test::RowOrderSums(m, g, d.train_rows);
    for (size_t b = 0; b < all.size(); ++b) {
      ASSERT_NEAR(got1[b].g, all[b].g, 1e-9) << name << ", bin " << b;
      ASSERT_NEAR(got1[b].h, all[b].h, 1e-9) << name << ", bin " << b;
      ASSERT_EQ(got1[b].g, got2[b].g) << name << ", bin " << b;
      ASSERT_EQ(got1[b].h, got2[b].h) << name << ", bin " << b;
    }
  }
}

// Quantised pairs (one 64-bit integer add a cell): the sums are exact.
TEST(Histogram, QuantisedSumsAreExact) {
  const Dataset d = test::RandomData(20000, 24).Seed(12).Make();
  ThreadPool two(2);
  const BinnedMatrix m = BinnedMatrix::Build(d.x, d.features, d.train_rows, 256, two);
  ASSERT_TRUE(m.sparse.empty());
  QuantisedPairs q;
  q.g_unit = 0.5;
  q.h_unit = 0.25;
  std::vector<GradPair> g(d.x.num_rows);  // what the float build would take (unused above 4,096 rows)
  uint64_t state = 99;
  for (size_t r = 0; r < d.x.num_rows; ++r) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    const int32_t gi = static_cast<int32_t>(state >> 40 & 0xff) - 128;
    const uint32_t hi = static_cast<uint32_t>(state >> 20 & 0x3f);
    q.packed.push_back(static_cast<uint64_t>(static_cast<uint32_t>(gi)) << 32 | hi);
  }
  std::vector<int64_t> want_g(m.total_bins()), want_h(m.total_bins());
  for (RowIdx r : d.train_rows)
    for (size_t f = 0; f < m.num_features; ++f) {
      const size_t b = m.offsets[f] + m.Bin(r, f);
      want_g[b] += static_cast<int32_t>(static_cast<uint32_t>(q.packed[r] >> 32));
      want_h[b] += static_cast<uint32_t>(q.packed[r]);
    }
  std::vector<HistBin> got(m.total_bins());
  HistogramBuilder(m).BuildQuantised(g, q, d.train_rows, got, two);
  for (size_t b = 0; b < got.size(); ++b) {
    ASSERT_EQ(got[b].g, static_cast<double>(want_g[b]) * q.g_unit) << "bin " << b;
    ASSERT_EQ(got[b].h, static_cast<double>(want_h[b]) * q.h_unit) << "bin " << b;
  }
}

}  // namespace histogram_test
}  // namespace boostlab
