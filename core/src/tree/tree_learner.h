// Grows one regression tree on gradient pairs, depth by depth, from the
// histograms of the binned features.
#pragma once

#include <span>    // for span
#include <vector>  // for vector

#include "boostlab/model.h"
#include "data/binned_matrix.h"
#include "tree/histogram.h"
#include "tree/split_finder.h"

namespace boostlab {

class ThreadPool;

struct TreeParams {
  int max_depth = 6;
  double eta = 0.3;
  double lambda = 1.0;
  double gamma = 0.0;
  double min_child_weight = 1.0;
};

class TreeLearner {
 public:
  TreeLearner(const BinnedMatrix& bins, const TreeParams& params, ThreadPool& pool);

  // Grows a tree on the given rows. gpair is indexed by row id.
  Tree Grow(std::span<const GradPair> gpair, std::span<const RowIdx> rows);

  // After Grow: calls fn(row, leaf value) for every row the tree was grown on.
  template <typename Fn>
  void ForEachRowLeaf(const Tree& tree, Fn fn) const {
    for (const LeafRange& leaf : leaves_)
      for (size_t i = leaf.begin; i < leaf.end; ++i) fn(rows_[i], tree.nodes[leaf.node].value);
  }

 private:
  struct LeafRange {
    int node;
    size_t begin, end;
  };
  struct Pending {
    int node;
    size_t begin, end;
    double g, h;
    std::vector<HistBin> hist;
  };

  // Stable in-place partition of rows_[begin, end); returns the first right row.
  size_t Partition(size_t begin, size_t end, const SplitCandidate& split);

  const BinnedMatrix& bins_;
  TreeParams params_;
  ThreadPool& pool_;
  HistogramBuilder builder_;
  std::vector<RowIdx> rows_;
  std::vector<RowIdx> scratch_;
  std::vector<LeafRange> leaves_;
};

}  // namespace boostlab
