// Features cut into histogram bins. Local bins 0..k-1 of a feature hold
// values, bin j holding [cuts[j-1], cuts[j]) as in XGBoost, so a split "bins
// 0..j go left" reads "x < cuts[j]"; bin k holds missing values. Categorical
// features have one bin per category code. Putting missing last lets a
// feature with up to 256 values and no missing ones keep one-byte bins.
// Bins are stored row-major so one row's bins sit together in memory.
#pragma once

#include <algorithm>  // for max
#include <cstdint>  // for uint8_t, uint16_t, uint32_t
#include <limits>   // for numeric_limits
#include <span>     // for span
#include <vector>   // for vector

#include "boostlab/dataset.h"

namespace boostlab {

class ThreadPool;

// Where a cut between two bins sits: at the first value of the upper bin (as
// XGBoost), or halfway between the two bins' nearest values (as CART and
// scikit-learn place thresholds: a value between two training values goes
// with the nearer one). Training rows fall in the same bins either way.
enum class CutPlacement { kNextValue, kMidpoint };

struct BinnedMatrix {
  size_t num_rows = 0;
  size_t num_features = 0;
  std::vector<std::vector<float>> cuts;  // per feature, ascending exclusive upper bounds of value bins
  std::vector<uint32_t> offsets;         // per feature + 1: first global histogram index
  std::vector<char> categorical;         // per feature: bins are category codes
  bool wide = false;                     // uint16 bins (some feature needs an index above 255)
  std::vector<uint8_t> bins8;    // row-major: one row's bins together (histograms); empty without kRowsAndColumns
  std::vector<uint16_t> bins16;
  std::vector<uint8_t> cols8;    // column-major copy: one feature's bins together (partitions)
  std::vector<uint16_t> cols16;

  uint32_t total_bins() const { return offsets.back(); }
  uint32_t BinsOf(size_t f) const { return offsets[f + 1] - offsets[f]; }  // value bins + missing
  uint32_t MissingBin(size_t f) const { return BinsOf(f) - 1; }
  uint32_t MaxBins() const {
    uint32_t most = 0;
    for (size_t f = 0; f < num_features; ++f) most = std::max(most, BinsOf(f));
    return most;
  }
  uint32_t Bin(size_t row, size_t f) const {
    return wide ? bins16[row * num_features + f] : bins8[row * num_features + f];
  }
  template <typename BinT>
  const BinT* Column(size_t f) const {
    if constexpr (sizeof(BinT) == 1) return cols8.data() + f * num_rows;
    else return cols16.data() + f * num_rows;
  }

  // Exclusive upper bound of value bin j: the split threshold. The last bin
  // has no upper bound: values above the training range go there.
  float Threshold(size_t f, uint32_t j) const {
    return j + 1 >= cuts[f].size() ? std::numeric_limits<float>::max() : cuts[f][j];
  }

  // Cut points come from `cut_rows` (the training rows); every row is binned.
  // Categorical features (per `features`) get one bin per category. Forests
  // read only columns (their searches gather a node's rows feature by
  // feature): kColumns leaves out the row-major copy, as many bytes as there
  // are cells.
  enum class Layout { kRowsAndColumns, kColumns };
  static BinnedMatrix Build(const FeatureColumns& x, const std::vector<FeatureInfo>& features,
                            std::span<const RowIdx> cut_rows, int max_bin, ThreadPool& pool,
                            CutPlacement placement = CutPlacement::kNextValue, Layout layout = Layout::kRowsAndColumns);
};

// Quantile cut points of one feature's values (NaN skipped), as exclusive
// upper bounds: with at most max_bin distinct values, each gets its own bin
// (the cuts are the 2nd..last distinct values, or the midpoints below them,
// and one above the maximum).
std::vector<float> QuantileCuts(std::vector<float> values, int max_bin,
                                CutPlacement placement = CutPlacement::kNextValue);

}  // namespace boostlab
