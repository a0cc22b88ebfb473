#include "tree/small_node_split.h"

#include <algorithm>  // for sort, min, max

namespace boostlab {
namespace {

// Below this many keys an insertion sort beats std::sort's set-up.
constexpr size_t kInsertionSortBelow = 24;


void SortKeys(uint32_t* keys, size_t n) {
  if (n >= kInsertionSortBelow) {
    std::sort(keys, keys + n);
    return;
  }
  for (size_t i = 1; i < n; ++i) {
    const uint32_t k = keys[i];
    size_t j = i;
    for (; j > 0 && keys[j - 1] > k; --j) keys[j] = keys[j - 1];
    keys[j] = k;
  }
}

}  // namespace

void SmallNodeSplitter::SetNode(std::span<const RowIdx> rows, std::span<const GradPair> gpair) {
  rows_ = rows;
  const size_t n = rows.size();
  g_.resize(n);
  h_.resize(n);
  keys_.resize(n);
  bin_.resize(n);
  if (bg_.empty()) {
    bg_.assign(bins_.MaxBins(), 0.0);
    bh_.assign(bins_.MaxBins(), 0.0);
  }
  for (size_t i = 0; i < n; ++i) {
    g_[i] = gpair[rows[i]].g;
    h_[i] = gpair[rows[i]].h;
  }
}

template <typename BinT>
SmallNodeSplitter::Outcome SmallNodeSplitter::SearchColumn(const BinT* column, int f, SplitScan& scan) {
  const size_t n = rows_.size();
  const uint32_t missing = bins_.MissingBin(static_cast<size_t>(f));
  uint32_t* bin = bin_.data();
  uint32_t lo = missing, hi = 0;
  for (size_t i = 0; i < n; ++i) {
    const uint32_t b = column[rows_[i]];
    bin[i] = b;
    lo = std::min(lo, b);
    hi = std::max(hi, b);
  }
  if (hi == missing) return Outcome::kNeedsHistogram;  // missing is the highest bin
  if (lo == hi) return Outcome::kConstant;
  // Left = the bins up to each boundary between bins that hold rows; the
  // last such bin never goes left (the histogram scan stops before it too).
  double gl = 0, hl = 0;
  if (hi - lo < n * kSpanPerRow) {
    // The rows span few bins (deep nodes often do, on features split above):
    // sum into each bin of the span (a counting sort), then scan it.
    for (size_t i = 0; i < n; ++i) {
      bg_[bin[i]] += g_[i];
      bh_[bin[i]] += h_[i];
    }
    for (uint32_t b = lo; b < hi; ++b) {
      if (bh_[b] != 0 || bg_[b] != 0) {
        gl += bg_[b];
        hl += bh_[b];
        scan.Consider(f, b, false, gl, hl);
        bg_[b] = bh_[b] = 0;  // clean for the next search
      }
    }
    bg_[hi] = bh_[hi] = 0;
    return Outcome::kSearched;
  }
  uint32_t* keys = keys_.data();
  // The position in the low byte keeps a bin's rows in the node's order.
  for (size_t i = 0; i < n; ++i) keys[i] = bin[i] << 8 | static_cast<uint32_t>(i);
  SortKeys(keys, n);
  size_t i = 0;
  while (true) {
    const uint32_t b = keys[i] >> 8;
    double bg = 0, bh = 0;
    for (; i < n && keys[i] >> 8 == b; ++i) {
      bg += g_[keys[i] & 0xff];
      bh += h_[keys[i] & 0xff];
    }
    if (i == n) break;
    gl += bg;
    hl += bh;
    scan.Consider(f, b, false, gl, hl);
  }
  return Outcome::kSearched;
}

SmallNodeSplitter::Outcome SmallNodeSplitter::Search(int f, SplitScan& scan) {
  if (rows_.empty()) return Outcome::kConstant;
  const size_t fi = static_cast<size_t>(f);
  return bins_.wide ? SearchColumn(bins_.Column<uint16_t>(fi), f, scan) : SearchColumn(bins_.Column<uint8_t>(fi), f, scan);
}

}  // namespace boostlab
