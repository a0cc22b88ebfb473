// A forest's deep nodes hold a handful of rows each (a diamonds tree has
// about 25,000 searched nodes of about 20 rows). For them the best split of a
// numeric feature comes straight from the node's rows sorted by bin: no
// histogram is built, cleared or scanned in between.
//
// It offers the same candidates as FeatureHistogramBuilder's build followed
// by FindBestSplitOfFeature, with the same sums added in the same order (a
// bin's rows in the node's order, then bin after bin), so it finds the same
// split, bit for bit. Nodes with a missing value in the feature are left to
// the histogram path (it scans missing both ways).
#pragma once

#include <cstdint>  // for uint32_t
#include <span>     // for span
#include <vector>   // for vector

#include "data/binned_matrix.h"
#include "tree/histogram.h"
#include "tree/split_finder.h"

namespace boostlab {

class SmallNodeSplitter {
 public:
  // Row positions take 8 bits of a sort key.
  static constexpr size_t kMaxRows = 256;
  // Rows spanning fewer than this many bins per row are summed per bin (the
  // span is scanned once) rather than sorted (n log n).
  static constexpr size_t kSpanPerRow = 4;

  explicit SmallNodeSplitter(const BinnedMatrix& bins) : bins_(bins) {}

  // Takes a node's rows (at most kMaxRows) and their gradient pairs; the
  // searches below read them.
  void SetNode(std::span<const RowIdx> rows, std::span<const GradPair> gpair);

  enum class Outcome {
    kConstant,        // every row of the node has one bin: nothing to search
    kSearched,        // scan.best holds the best split of f, if any stands
    kNeedsHistogram,  // some row's value is missing: use the histogram path
  };
  // Searches numeric feature f of the node into `scan` (a fresh one per
  // feature, as FindBestSplitOfFeature).
  Outcome Search(int f, SplitScan& scan);

 private:
  template <typename BinT>
  Outcome SearchColumn(const BinT* column, int f, SplitScan& scan);

  const BinnedMatrix& bins_;
  std::span<const RowIdx> rows_;
  std::vector<float> g_, h_;      // per node position
  std::vector<uint32_t> bin_;     // per node position: the searched feature's bin
  std::vector<uint32_t> keys_;    // bin << 8 | position
  std::vector<double> bg_, bh_;   // per bin, zero between searches
};

}  // namespace boostlab
