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
#include "data/sparse_bins.h"

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
  SparseBins sparse;             // the row-major cells outside each feature's common bin, when few (else empty)

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

  // A value that lands in row's bin of feature f, read from the
  // column-major bins (every layout has them): the bin's lowest value (its
  // lower cut; -inf for bin 0), the category code, or NaN for the missing
  // bin. A tree grown on these bins splits only at cut points, so this value
  // goes down it as the row's own value does: a walk that needs no values.
  float ValueOfBin(size_t row, size_t f) const {
    const uint32_t b = wide ? cols16[f * num_rows + row] : cols8[f * num_rows + row];
    if (b == MissingBin(f)) return std::numeric_limits<float>::quiet_NaN();
    if (categorical[f]) return static_cast<float>(b);
    return b == 0 ? -std::numeric_limits<float>::infinity() : cuts[f][b - 1];
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

// BinnedMatrix::Build a piece at a time, so that a caller can say how far it
// is and stop between pieces: binning 40M rows takes tens of seconds in a
// browser tab. The pieces are the cut points of as many features as the pool
// has threads, then the bins of a block of rows. The matrix is the same as
// Build's. x, and cut_rows unless the builder owns them (OwnCutRows), must
// outlive the builder.
class BinnedMatrixBuilder {
 public:
  BinnedMatrixBuilder(const FeatureColumns& x, const std::vector<FeatureInfo>& features, std::span<const RowIdx> cut_rows,
                      int max_bin, ThreadPool& pool, CutPlacement placement = CutPlacement::kNextValue,
                      BinnedMatrix::Layout layout = BinnedMatrix::Layout::kRowsAndColumns);
  // Does the next piece; true once the matrix is complete (then Take it).
  bool Step();
  bool done() const { return phase_ == Phase::kDone; }
  // Cut points from these rows instead of the constructor's (before the
  // first Step): the builder's own, freed once the cuts are made.
  void OwnCutRows(std::vector<RowIdx> rows);
  // The share of the work done, 0 to 1: values sorted for cut points and
  // cells binned, each weighed by what it costs.
  double Progress() const;
  BinnedMatrix Take();
  // Cells binned a piece: about eight million, a few hundred milliseconds in
  // wasm (whole blocks of 65536 rows, at least one).
  size_t cells_per_piece = size_t{8} << 20;
  // The most rows cut points come from (set before the first Step). Past it
  // the cuts come from that many of cut_rows drawn at random (the same draw
  // every time), as LightGBM's bin_construct_sample_cnt and XGBoost's sketch
  // do: on a 40M-row file each thread's copy of a column and its sort buffer
  // were 288 MB of binning's peak heap, and a bin's edge found among 4M
  // rows is off by a rank error far below a bin's width (1/max_bin). A
  // feature with fewer than kMinSampledValues values in the sample (mostly
  // missing) takes its cuts from all of cut_rows: the sample could miss
  // every value it has.
  size_t max_cut_rows = size_t{1} << 22;
  static constexpr size_t kMinSampledValues = size_t{1} << 16;

 private:
  enum class Phase { kCuts, kBins, kDone };
  void SampleCutRows();
  void CountCutWork();  // cut_work_ from the rows the cuts come from
  void StartBins();
  template <typename BinT>
  void FillBlock(std::vector<BinT>& rows, std::vector<BinT>& cols, size_t begin, size_t end);

  const FeatureColumns& x_;
  std::span<const RowIdx> cut_rows_;  // all of them; empty once the cuts are made
  std::vector<RowIdx> own_cut_rows_;  // what cut_rows_ views after OwnCutRows
  std::vector<RowIdx> cut_sample_;    // the sample of them, when drawn
  int max_bin_;
  ThreadPool& pool_;
  CutPlacement placement_;
  bool with_rows_;
  BinnedMatrix m_;
  Phase phase_ = Phase::kCuts;
  std::vector<size_t> numeric_;  // the features that need cut points
  size_t next_feature_ = 0;      // into numeric_
  size_t next_row_ = 0;          // the first row of the next block to bin
  double cut_work_ = 0, bin_work_ = 0;
};

// Quantile cut points of one feature's values (NaN skipped), as exclusive
// upper bounds: with at most max_bin distinct values, each gets its own bin
// (the cuts are the 2nd..last distinct values, or the midpoints below them,
// and one above the maximum).
std::vector<float> QuantileCuts(std::vector<float> values, int max_bin,
                                CutPlacement placement = CutPlacement::kNextValue);

}  // namespace boostlab
