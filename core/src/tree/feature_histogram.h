// One feature's histogram over one node's rows, holding only the bins the
// rows fall in. A random forest's deep nodes hold a handful of rows while a
// feature may have hundreds of bins (thousands with lossless binning), and a
// node searches only a few drawn features: building and scanning every bin of
// every feature cost a deep forest far more than its rows did.
#pragma once

#include <cstdint>  // for uint32_t, uint64_t
#include <span>     // for span
#include <vector>   // for vector

#include "data/binned_matrix.h"
#include "tree/histogram.h"

namespace boostlab {

// Entries are local bins with rows, value bins ascending, and always the
// missing bin last (zero when no row is missing), so the entries read as a
// histogram of their own with missing last. `dense` builds keep every bin.
struct FeatureHistogram {
  std::vector<uint32_t> bin;  // the feature's local bin of each entry
  // outputs blocks of bin.size() entries: output k's g of entry i at
  // [k * size + i].g; h in block 0 only (as HistogramBuilder::BuildByOutput).
  std::vector<HistBin> sums;
  size_t size() const { return bin.size(); }
  // Entries with h > 0: a feature is constant in the node below two.
  int Occupied() const;
};

class FeatureHistogramBuilder {
 public:
  explicit FeatureHistogramBuilder(const BinnedMatrix& bins) : bins_(bins) {}

  // Sums the node's rows into out. outputs > 1: row r adds g to output
  // output_of_row[r]. Small nodes sort their rows' bins; large ones add into
  // a dense scratch array. Both add each entry's rows in the order given, so
  // the sums are the same bit for bit either way.
  void Build(size_t f, std::span<const RowIdx> rows, std::span<const GradPair> gpair, int outputs,
             std::span<const float> output_of_row, bool dense, FeatureHistogram& out);

 private:
  template <typename BinT>
  void BuildSorted(const BinT* column, size_t f, std::span<const RowIdx> rows, std::span<const GradPair> gpair,
                   int outputs, std::span<const float> output_of_row, FeatureHistogram& out);
  template <typename BinT>
  void BuildDense(const BinT* column, size_t f, std::span<const RowIdx> rows, std::span<const GradPair> gpair,
                  int outputs, std::span<const float> output_of_row, bool keep_all, FeatureHistogram& out);

  const BinnedMatrix& bins_;
  std::vector<HistBin> dense_;    // BinsOf(f) x outputs
  std::vector<uint64_t> keys_;    // bin << 32 | position, sorted
  std::vector<uint32_t> entry_;   // per sorted key: its entry
};

}  // namespace boostlab
