// The forest's per-feature histograms hold only the bins a node's rows fall
// in; these tests hold them to the full histogram of the same rows: the same
// sums, and the same split found.
#include <gtest/gtest.h>

#include <algorithm>  // for min, max
#include <cmath>      // for abs
#include <vector>     // for vector

#include "data/binned_matrix.h"
#include "random_data.h"
#include "tree/feature_histogram.h"
#include "tree/row_split.h"
#include "tree/split_finder.h"
#include "util/thread_pool.h"

namespace boostlab {
namespace feature_histogram_test {

struct Node {
  Dataset data;
  ThreadPool pool{1};
  BinnedMatrix bins;
  std::vector<GradPair> gpair;
  std::vector<float> klass;  // an output per row, for the multi-output build

  // Lossless binning by default: a few hundred bins a feature, so small nodes
  // take the sorted paths.
  explicit Node(int classes, double missing = 0.05, int max_bin = 1024)
      : data(test::RandomData(3000, 4).Missing(missing).Seed(11).Make()),
        bins(BinnedMatrix::Build(data.x, data.features, data.train_rows, max_bin, pool)) {
    Rng rng(7);
    for (size_t r = 0; r < data.x.num_rows; ++r) {
      const float c = static_cast<float>(rng.Below(3));  // bootstrap-like counts 0..2
      gpair.push_back({-c * data.label[r], c});
      klass.push_back(static_cast<float>(rng.Below(static_cast<uint64_t>(classes))));
    }
  }
  // Rows [0, n) of the training rows with a non-zero count.
  std::vector<RowIdx> Rows(size_t n) const {
    std::vector<RowIdx> rows;
    for (RowIdx r : data.train_rows)
      if (rows.size() < n && gpair[r].h > 0) rows.push_back(r);
    return rows;
  }
  // The full histogram of every feature over rows (K blocks, h in block 0), in row order.
  std::vector<HistBin> Full(const std::vector<RowIdx>& rows, int K) const {
    const size_t total = bins.total_bins();
    std::vector<HistBin> hist(total * K);
    for (RowIdx r : rows)
      for (size_t f = 0; f < bins.num_features; ++f) {
        const size_t b = bins.offsets[f] + bins.Bin(r, f);
        hist[(K > 1 ? static_cast<size_t>(klass[r]) * total : 0) + b].g += gpair[r].g;
        hist[b].h += gpair[r].h;
      }
    return hist;
  }
};

TEST(FeatureHistogram, HoldsTheFullHistogramsOccupiedBinsWithMissingLast) {
  for (int K : {1, 3}) {
    Node node(K);
    FeatureHistogramBuilder builder(node.bins);
    FeatureHistogram fh;
    for (size_t n : {2, 7, 40, 300, 2000}) {  // sorted below a quarter of the bins, dense above
      const std::vector<RowIdx> rows = node.Rows(n);
      const std::vector<HistBin> full = node.Full(rows, K);
      const size_t total = node.bins.total_bins();
      for (size_t f = 0; f < node.bins.num_features; ++f) {
        builder.Build(f, rows, node.gpair, K, node.klass, false, fh);
        const uint32_t nb = node.bins.BinsOf(f);
        ASSERT_EQ(fh.bin.back(), nb - 1) << "the missing bin comes last";
        size_t occupied = 0;
        for (uint32_t b = 0; b + 1 < nb; ++b) occupied += full[node.bins.offsets[f] + b].h > 0;
        ASSERT_EQ(fh.size(), occupied + 1) << "n " << n << " feature " << f;
        for (size_t e = 0; e < fh.size(); ++e) {
          if (e > 0) ASSERT_LT(fh.bin[e - 1], fh.bin[e]);
          const size_t b = node.bins.offsets[f] + fh.bin[e];
          EXPECT_EQ(fh.sums[e].h, full[b].h);
          for (int k = 0; k < K; ++k) EXPECT_EQ(fh.sums[k * fh.size() + e].g, full[k * total + b].g);
        }
      }
    }
  }
}

TEST(FeatureHistogram, FindsTheSameSplitAsTheFullHistogram) {
  for (int K : {1, 3}) {
    for (double min_child_weight : {0.0, 1.0, 5.0}) {
      SplitParams p;
      p.lambda = 0;
      p.min_child_weight = min_child_weight;
      p.float_gain = false;
      Node node(K);
      FeatureHistogramBuilder builder(node.bins);
      FeatureHistogram fh;
      int splits = 0, default_left = 0;
      for (size_t n : {3, 9, 25, 60, 250, 2000}) {
        const std::vector<RowIdx> rows = node.Rows(n);
        const std::vector<HistBin> full = node.Full(rows, K);
        const size_t total = node.bins.total_bins();
        // The node's totals as FindBestSplitMulti takes them: feature 0's bins.
        std::vector<double> sum_g(K, 0.0);
        double sum_h = 0;
        for (uint32_t b = 0; b < node.bins.BinsOf(0); ++b) {
          sum_h += full[b].h;
          for (int k = 0; k < K; ++k) sum_g[k] += full[k * total + b].g;
        }
        for (int f = 0; f < static_cast<int>(node.bins.num_features); ++f) {
          const int features[] = {f};
          const SplitCandidate want = K == 1 ? FindBestSplit(node.bins, full, sum_g[0], sum_h, p, features)
                                             : FindBestSplitMulti(node.bins, full, K, p, features);
          builder.Build(static_cast<size_t>(f), rows, node.gpair, K, node.klass, false, fh);
          const SplitCandidate got = FindBestSplitOfFeature(node.bins, f, fh, sum_g, sum_h, p);
          ASSERT_EQ(got.valid, want.valid) << "K " << K << " n " << n << " f " << f;
          if (!want.valid || want.gain <= 0) continue;
          EXPECT_EQ(got.gain, want.gain);
          EXPECT_EQ(got.bin, want.bin) << "K " << K << " n " << n << " f " << f;
          EXPECT_EQ(got.default_left, want.default_left);
          EXPECT_EQ(got.left_h, want.left_h);
          ++splits;
          default_left += want.default_left;
        }
      }
      EXPECT_GE(splits, 15);  // the comparison saw real splits,
      EXPECT_GT(default_left, 0);  // some with missing values sent left
    }
  }
}

// plain: the forest's split parameters (no penalty, gains in double); else
// XGBoost's (lambda 1, gains rounded to float). Any child weight stands.
SplitParams ForestOrXgboost(bool plain) {
  SplitParams p;
  p.lambda = plain ? 0 : 1;
  p.min_child_weight = 0;
  p.float_gain = !plain;
  return p;
}

// A forest's nodes with one output search numeric features from their rows,
// summed per bin over the span they fall in, or sorted by bin when few rows
// span many bins: the same split as the compact histogram's search (which
// the test above holds to the full histogram), bit for bit but in nodes with
// more rows than bins.
TEST(RowSplitFinder, FindsTheSameSplitAsTheFeatureHistogram) {
  int sorted = 0, per_bin = 0, pairs = 0, default_left = 0;
  for (bool plain : {true, false})
  for (double missing : {0.0, 0.05, 0.3}) {
    for (int max_bin : {4096, 1024, 16}) {
      const SplitParams p = ForestOrXgboost(plain);
      Node node(1, missing, max_bin);
      FeatureHistogramBuilder builder(node.bins);
      FeatureHistogram fh;
      RowSplitFinder finder(node.bins);
      int splits = 0;
      for (size_t n : {2, 3, 4, 5, 6, 9, 25, 60, 130, 256, 700, 2000}) {
        const std::vector<RowIdx> rows = node.Rows(n);
        double g = 0, h = 0;
        for (RowIdx r : rows) g += node.gpair[r].g, h += node.gpair[r].h;
        const double sum_g[] = {g};
        finder.SetNode(rows, node.gpair);
        for (int f = 0; f < static_cast<int>(node.bins.num_features); ++f) {
          builder.Build(static_cast<size_t>(f), rows, node.gpair, 1, {}, false, fh);
          const SplitCandidate want = FindBestSplitOfFeature(node.bins, f, fh, sum_g, h, p);
          SplitScan scan{p, g, h, LeafScore(g, h, p), {}};
          const RowSplitFinder::Outcome outcome = finder.Search(f, scan);
          ASSERT_EQ(outcome, fh.Occupied() < 2 ? RowSplitFinder::Outcome::kConstant : RowSplitFinder::Outcome::kSearched);
          if (outcome == RowSplitFinder::Outcome::kConstant) continue;
          const SplitCandidate& got = scan.best;
          ASSERT_EQ(got.valid, want.valid) << "n " << n << " f " << f;
          if (!want.valid) continue;
          // A node with more rows than bins or than kOneChain sums even and odd
          // rows apart: equal to rounding.
          const bool large = n > node.bins.MissingBin(static_cast<size_t>(f)) || n > RowSplitFinder::kOneChain;
          if (large) {
            EXPECT_NEAR(got.gain, want.gain, 1e-9 * std::abs(want.gain)) << "n " << n << " f " << f;
            EXPECT_NEAR(got.left_g, want.left_g, 1e-9 * (1 + std::abs(want.left_g)));
          } else {
            EXPECT_EQ(got.gain, want.gain) << "n " << n << " f " << f;
            EXPECT_EQ(got.left_g, want.left_g);
          }
          EXPECT_EQ(got.bin, want.bin) << "n " << n << " f " << f << " missing " << missing;
          EXPECT_EQ(got.default_left, want.default_left);
          EXPECT_EQ(got.left_h, want.left_h);  // sums of whole counts: exact either way
          ++splits;
          default_left += want.default_left;
          // Which way the finder went: two rows on their own; the rows' bins
          // sorted when they span many bitmap words; else the bitmap.
          uint32_t lo = ~0u, hi = 0;
          bool any_missing = false;
          for (RowIdx r : rows) {
            const uint32_t b = node.bins.Bin(r, static_cast<size_t>(f));
            any_missing |= b == node.bins.MissingBin(static_cast<size_t>(f));
            lo = std::min(lo, b), hi = std::max(hi, b);
          }
          const uint32_t top = any_missing ? node.bins.MissingBin(static_cast<size_t>(f)) - 1 : hi;
          const bool by_sort = (top >> 6) - (lo >> 6) >= n * RowSplitFinder::kWordsPerRow;
          (n == 2 ? pairs : by_sort ? sorted : per_bin) += 1;
        }
      }
      EXPECT_GE(splits, 20) << "max_bin " << max_bin << " missing " << missing;
    }
  }
  EXPECT_GE(sorted, 10);  // every way was compared
  EXPECT_GE(per_bin, 10);
  EXPECT_GE(pairs, 4);
  EXPECT_GE(default_left, 10);
}

// A node gathers its drawn features in one pass (Gather, or GatherSummed
// for features with fewer bins than the node has rows): each one's search
// must then find what it finds on its own, bit for bit, whichever features
// are gathered together and whatever is searched in between.
TEST(RowSplitFinder, GatheredFeaturesFindWhatEachFindsAlone) {
  int compared = 0, constant = 0, between = 0, sums = 0;
  for (bool plain : {true, false})
    for (double missing : {0.0, 0.3, 0.8})  // mostly missing: some features constant in small nodes
      for (int max_bin : {4096, 1024, 16}) {
        const SplitParams p = ForestOrXgboost(plain);
        Node node(1, missing, max_bin);
        RowSplitFinder finder(node.bins);
        const int num_features = static_cast<int>(node.bins.num_features);
        for (size_t n : {3, 4, 5, 7, 12, 20, 31, 32, 33, 34, 45, 64, 101, 200})  // one chain, then two
          for (size_t start : {0, 50}) {
            std::vector<RowIdx> rows = node.Rows(n + start);
            rows.erase(rows.begin(), rows.begin() + static_cast<std::ptrdiff_t>(start));
            double g = 0, h = 0;
            for (RowIdx r : rows) g += node.gpair[r].g, h += node.gpair[r].h;
            // Each feature alone.
            finder.SetNode(rows, node.gpair);
            std::vector<SplitScan> alone;
            std::vector<RowSplitFinder::Outcome> alone_outcome;
            for (int f = 0; f < num_features; ++f) {
              alone.push_back(SplitScan{p, g, h, LeafScore(g, h, p), {}});
              alone_outcome.push_back(finder.Search(f, alone.back()));
            }
            // Gathered: features in a rotating order, the first `count` that
            // Gathers takes gathered, the others searched one at a time in between.
            for (int count = 2; count <= num_features; ++count) {
              std::vector<int> order;
              for (int j = 0; j < num_features; ++j) order.push_back((j + count + static_cast<int>(n)) % num_features);
              finder.SetNode(rows, node.gpair);
              std::vector<int> gathered, summed;
              for (int f : order) {
                if (static_cast<int>(gathered.size()) < count && finder.Gathers(f)) gathered.push_back(f);
                if (static_cast<int>(summed.size()) < count && finder.Sums(f)) summed.push_back(f);
              }
              finder.Gather(gathered);
              finder.GatherSummed(summed);
              gathered.insert(gathered.end(), summed.begin(), summed.end());
              sums += static_cast<int>(summed.size());
              for (int f : order) {
                SplitScan scan{p, g, h, LeafScore(g, h, p), {}};
                const RowSplitFinder::Outcome outcome = finder.Search(f, scan);
                const bool was_gathered = std::find(gathered.begin(), gathered.end(), f) != gathered.end();
                between += !was_gathered;
                ASSERT_EQ(outcome, alone_outcome[f]) << "n " << n << " f " << f;
                if (outcome == RowSplitFinder::Outcome::kConstant) {
                  constant += was_gathered;
                  continue;
                }
                const SplitCandidate& want = alone[f].best;
                ASSERT_EQ(scan.best.valid, want.valid);
                if (!want.valid) continue;
                EXPECT_EQ(scan.best.gain, want.gain) << "n " << n << " f " << f;
                EXPECT_EQ(scan.best.bin, want.bin) << "n " << n << " f " << f;
                EXPECT_EQ(scan.best.default_left, want.default_left);
                EXPECT_EQ(scan.best.left_g, want.left_g);
                EXPECT_EQ(scan.best.left_h, want.left_h);
                compared += was_gathered;
              }
            }
          }
      }
  EXPECT_GE(compared, 1000);
  EXPECT_GE(constant, 5);  // gathered features constant in the node were seen, and
  EXPECT_GE(between, 100);  // searches one at a time between gathered ones,
  EXPECT_GE(sums, 100);     // and features summed into every bin (more rows than bins)
}

}  // namespace feature_histogram_test
}  // namespace boostlab
