// Per-node histograms of gradient pairs: for each (feature, bin), the sums of
// g and h over the node's rows.
#pragma once

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

// Rows are split into a number of blocks that depends only on the row count,
// each block summed on its own and the blocks added in order: the result is
// the same bit for bit whatever the number of threads.
class HistogramBuilder {
 public:
  static constexpr size_t kMaxBlocks = 8;
  static constexpr size_t kMinRowsPerBlock = 2048;

  explicit HistogramBuilder(const BinnedMatrix& bins) : bins_(bins) {}

  void Build(std::span<const GradPair> gpair, std::span<const RowIdx> rows, std::span<HistBin> out,
             ThreadPool& pool);

 private:
  const BinnedMatrix& bins_;
  std::vector<HistBin> scratch_;
};

// out = parent - child, bin by bin (the sibling trick).
void SubtractHistogram(std::span<const HistBin> parent, std::span<const HistBin> child, std::span<HistBin> out);

}  // namespace boostlab
