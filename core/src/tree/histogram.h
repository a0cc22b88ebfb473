// Per-node histograms of gradient pairs: for each (feature, bin), the sums of
// g and h over the node's rows.
#pragma once

#include <algorithm>  // for clamp
#include <span>    // for span
#include <vector>  // for vector

#include "boostlab/dataset.h"
#include "data/binned_matrix.h"

namespace boostlab {

class ThreadPool;

struct GradPair {
  float g = 0, h = 0;
};

struct HistBin {
  double g = 0, h = 0;
};

// Gradient pairs as integers (quantized_grad), LightGBM 4's quantised
// training: each row's g and h divided by a unit and rounded stochastically
// to whole numbers, g (signed) in the high 32 bits and h in the low 32 of
// one 64-bit word. A bin's sums are then one integer add a cell, exact in
// any order, half the bytes of a (g, h) pair of doubles; the units are small
// enough that no sum of the node's rows leaves its 32 bits.
struct QuantisedPairs {
  std::vector<uint64_t> packed;  // by row id
  double g_unit = 0, h_unit = 0;
};

// Bins [begin, end) of a histogram: the bins of one or more consecutive features.
struct BinRange {
  uint32_t begin, end;
};
// The bins of the given features (ascending), neighbours merged.
std::vector<BinRange> BinRangesOf(const BinnedMatrix& bins, std::span<const int> features);

// Rows are split into a number of blocks that depends only on the row count,
// each block summed on its own and the blocks added in order: the result is
// the same bit for bit whatever the number of threads.
class HistogramBuilder {
 public:
  static constexpr size_t kMaxBlocks = 8;
  static constexpr size_t kMinRowsPerBlock = 2048;
  // A node under kOneBlockBelow rows is one block: a level's such nodes are
  // built one per task instead. (Raising it to 16,384 or 65,536 rows, which
  // saves the mid-size nodes' scratch clears and block sums, was no faster
  // on wide at two threads: 2026-11-30, bench/RESULTS.md.)
  static constexpr size_t kOneBlockBelow = 2 * kMinRowsPerBlock;
  static size_t BlocksFor(size_t n) {
    return n < kOneBlockBelow ? 1 : std::clamp<size_t>(n / kMinRowsPerBlock, 2, kMaxBlocks);
  }
  // Features a thread takes when a node's rows are too few to split, and the
  // least work (rows x features) worth waking a second thread for.
  static constexpr size_t kMinFeaturesPerPart = 16;
  static constexpr size_t kMinCellsToSplitFeatures = 32768;

  explicit HistogramBuilder(const BinnedMatrix& bins) : bins_(bins), all_features_(bins.num_features) {
    for (size_t f = 0; f < all_features_.size(); ++f) all_features_[f] = static_cast<int>(f);
  }

  void Build(std::span<const GradPair> gpair, std::span<const RowIdx> rows, std::span<HistBin> out,
             ThreadPool& pool);
  // The same for the given features only (ascending): only their bins of out
  // are written; the others keep whatever they held.
  void Build(std::span<const GradPair> gpair, std::span<const RowIdx> rows, std::span<const int> features,
             std::span<HistBin> out, ThreadPool& pool);

  // The histogram of all features from quantised pairs, as (g, h) sums in
  // units of q's; the float build from gpair instead for a node of fewer
  // than 2 x kMinRowsPerBlock rows (a level's small nodes are built side by
  // side, and the quantised scratch is one) or sparse data.
  void BuildQuantised(std::span<const GradPair> gpair, const QuantisedPairs& q, std::span<const RowIdx> rows,
                      std::span<HistBin> out, ThreadPool& pool);

  // K class histograms in one pass (multiclass AdaBoost and forests): out
  // holds K histograms one after another; row r adds g to histogram
  // output_of_row[r] and h to histogram 0 only (h is shared by the outputs).
  void BuildByOutput(std::span<const GradPair> gpair, std::span<const float> output_of_row, int outputs,
                     std::span<const RowIdx> rows, std::span<HistBin> out, ThreadPool& pool);

 private:
  // Sums `accumulate(begin, end, hist)` over fixed row blocks into the bins
  // `ranges` of out (of `total` bins); accumulate writes no other bins.
  template <typename Fn>
  void Blocked(size_t n, size_t total, std::span<const BinRange> ranges, std::span<HistBin> out, ThreadPool& pool,
               Fn accumulate);

  // Whether n rows' histogram of these features is built from the sparse cells.
  bool SparsePays(size_t n, std::span<const int> features) const;
  void BuildSparse(std::span<const GradPair> gpair, std::span<const RowIdx> rows, std::span<const int> features,
                   bool all, std::span<HistBin> out, ThreadPool& pool);

  const BinnedMatrix& bins_;
  std::vector<int> all_features_;  // 0 .. num_features - 1
  std::vector<HistBin> scratch_;
  std::vector<uint64_t> quantised_scratch_;
};

// out = parent - child, bin by bin (the sibling trick).
void SubtractHistogram(std::span<const HistBin> parent, std::span<const HistBin> child, std::span<HistBin> out);
// The same for the bins in `ranges` only.
void SubtractHistogram(std::span<const HistBin> parent, std::span<const HistBin> child, std::span<HistBin> out,
                       std::span<const BinRange> ranges);

}  // namespace boostlab
