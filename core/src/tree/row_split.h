// A forest node's best split of one numeric feature, found from the node's
// rows with no histogram in between. A forest's nodes search a few drawn
// features each and most hold a handful of rows (a diamonds tree has about
// 25,000 searched nodes of about 20 rows): building, clearing and scanning a
// histogram per drawn feature cost far more than the rows did.
//
// One pass sums the rows into their bins and marks the bins in a bitmap;
// with no row missing, one more pass takes the marked bins in order, clears
// them and offers the split below each (ScanMarked). Else the marked bins are
// listed (from the bitmap's words or, when a few rows span many words of a
// wide feature, from their bins sorted) and the list scanned both ways.
// Nodes with more rows than the feature has bins sum into every bin, as a
// histogram (ScanSummed, or the list). Two rows are split apart directly.
// Every way offers the same candidates as FeatureHistogramBuilder's build
// followed by FindBestSplitOfFeature (bins that hold rows, missing values
// both ways, ties to the first found). A node with more than kOneChain rows,
// or more rows than the feature has bins, sums even and odd positions apart
// and then adds them, so its sums may differ from a histogram's in the last
// bit; smaller nodes add a bin's rows in the node's order, as the histogram
// does, and find the same split bit for bit.
#pragma once

#include <cstdint>  // for uint32_t
#include <span>     // for span
#include <vector>   // for vector

#include "data/binned_matrix.h"
#include "tree/histogram.h"
#include "tree/split_finder.h"

namespace boostlab {

class RowSplitFinder {
 public:
  // Small nodes list their bins from a bitmap unless it spans this many
  // 64-bin words per row or more; then they sort the rows' bins.
  static constexpr size_t kWordsPerRow = 2;
  // Small nodes of more rows than this sum even and odd rows apart: a run of
  // rows in one bin (a sparse feature's zeros) is a chain of dependent
  // additions through memory, and two chains run side by side.
  static constexpr size_t kOneChain = 32;

  // Features a small node gathers in one pass (Gather).
  static constexpr size_t kFused = 4;

  explicit RowSplitFinder(const BinnedMatrix& bins) : bins_(bins) {}

  // Takes a node's rows and their gradient pairs; the searches below read them.
  void SetNode(std::span<const RowIdx> rows, std::span<const GradPair> gpair);

  // Whether Gather takes numeric feature f in this node: more than two rows
  // (two are split apart directly), and no more than f has value bins (else
  // the rows sum into every bin).
  bool Gathers(int f) const {
    return rows_.size() > 2 && rows_.size() <= bins_.MissingBin(static_cast<size_t>(f));
  }
  // Whether GatherSummed takes numeric feature f in this node: more than
  // two rows, and more than f has value bins (the rows sum into every bin).
  bool Sums(int f) const {
    return rows_.size() > 2 && rows_.size() > bins_.MissingBin(static_cast<size_t>(f));
  }
  // Sums the node's rows in up to kFused features at once (each one Sums),
  // in two chains as one feature's search sums them. Each feature must
  // then be searched, as after Gather.
  void GatherSummed(std::span<const int> features);
  // Sums and marks the node's rows in up to kFused features at once (each
  // one Gathers; in two chains above kOneChain rows), loading each row's id
  // and gradient pair once rather than once a feature: a small node's search
  // is bound by its loops, not its arithmetic. Each feature gathered must
  // then be searched (Search), which scans what was gathered and cleans up
  // after it.
  void Gather(std::span<const int> features);

  enum class Outcome {
    kConstant,  // the node's rows fill fewer than two entries: nothing to search
    kSearched,  // f's best split, if any stands, went to the scan
  };
  // Searches numeric feature f of the node and offers its best split to
  // `scan`, which keeps it only if its gain is higher than the best there
  // (SplitScan::Consider): one scan can serve all of a node's features.
  Outcome Search(int f, SplitScan& scan);

 private:
  // Per-feature scratch of a small node's search; zero between searches
  // (bin aside).
  struct Slot {
    std::vector<uint32_t> bin;    // per node position: the feature's bin
    std::vector<HistBin> sums;    // per bin
    std::vector<HistBin> odd;     // per bin: the odd positions' sums (more than kOneChain rows)
    std::vector<uint64_t> marked; // per bin a bit: rows fell in it
    uint32_t lo = 0, hi = 0;      // the lowest and highest bin gathered
    bool summed = false;          // by GatherSummed: sums and odd sums only
  };
  template <typename BinT>
  Outcome SearchColumn(const BinT* column, int f, SplitScan& scan);
  template <typename BinT, size_t kCount, bool kMarks>
  void GatherFused(const int* features, Slot* slots, bool two_chains);
  Outcome ScanGathered(Slot& slot, bool two_chains, int f, SplitScan& scan);
  template <typename BinT>
  Outcome SearchPair(const BinT* column, int f, SplitScan& scan);
  Outcome ScanEntries(int f, size_t m, bool has_missing, SplitScan& scan);
  Outcome ScanSummed(Slot& slot, int f, SplitScan& scan);
  template <bool kPlain>
  Outcome ScanMarked(Slot& slot, bool two_chains, int f, SplitScan& scan);
  template <bool kPlain>
  void ScanEntriesAs(int f, size_t m, bool has_missing, SplitScan& scan);

  const BinnedMatrix& bins_;
  std::span<const RowIdx> rows_;
  const GradPair* gpair_ = nullptr;  // by row id (SetNode's)
  Slot slots_[2 * kFused + 1];  // 0: one feature at a time; 1..kFused: Gather's; then GatherSummed's
  // Per feature: the slot holding it gathered and not yet searched (Gather,
  // GatherSummed), else 0. An array, not a search of the slots: which slot
  // holds a feature is a coin toss for the branch predictor.
  std::vector<uint8_t> slot_of_;
  std::vector<uint32_t> sorted_;  // the node's bins, sorted
  std::vector<uint32_t> entries_;    // a scan's value bins that hold rows
  std::vector<HistBin> entry_sums_;  // and their sums
};

}  // namespace boostlab
