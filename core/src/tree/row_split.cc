#include "tree/row_split.h"

#include <algorithm>  // for sort, min, max, fill

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

void RowSplitFinder::SetNode(std::span<const RowIdx> rows, std::span<const GradPair> gpair) {
  rows_ = rows;
  const size_t n = rows.size();
  gh_.resize(n);
  bin_.resize(n);
  if (sums_.empty()) sums_.assign(bins_.MaxBins(), HistBin{});
  for (size_t i = 0; i < n; ++i) gh_[i] = gpair[rows[i]];
}

template <typename BinT>
RowSplitFinder::Outcome RowSplitFinder::SearchColumn(const BinT* column, int f, SplitScan& scan) {
  const size_t n = rows_.size();
  const uint32_t missing = bins_.MissingBin(static_cast<size_t>(f));
  if (n > missing) {
    // More rows than bins: sum straight into every bin, as a histogram.
    for (size_t i = 0; i < n; ++i) {
      HistBin& s = sums_[column[rows_[i]]];
      s.g += gh_[i].g;
      s.h += gh_[i].h;
    }
    const Outcome outcome = ScanBins(f, 0, missing == 0 ? 0 : missing - 1, missing, scan);
    std::fill(sums_.begin(), sums_.begin() + missing + 1, HistBin{});
    return outcome;
  }
  uint32_t* bin = bin_.data();
  // The span of value bins; missing is above them all.
  uint32_t lo = missing, hi = 0;
  size_t n_missing = 0;
  for (size_t i = 0; i < n; ++i) {
    const uint32_t b = column[rows_[i]];
    bin[i] = b;
    n_missing += b == missing;
    lo = std::min(lo, b);
    hi = std::max(hi, b == missing ? 0 : b);
  }
  if (n_missing == n || (n_missing == 0 && lo == hi)) return Outcome::kConstant;
  if (n_missing == 0 && n <= kMaxSortedRows && hi - lo >= n * kSpanPerRow) return ScanSorted(f, scan);
  for (size_t i = 0; i < n; ++i) {
    HistBin& s = sums_[bin[i]];
    s.g += gh_[i].g;
    s.h += gh_[i].h;
  }
  const Outcome outcome = ScanBins(f, lo, hi, missing, scan);
  // Clean for the next search: by the rows or by the span, whichever is shorter.
  if (n < hi - lo + 1) {
    for (size_t i = 0; i < n; ++i) sums_[bin[i]] = HistBin{};
  } else {
    std::fill(sums_.begin() + lo, sums_.begin() + hi + 1, HistBin{});
    sums_[missing] = HistBin{};
  }
  return outcome;
}

// Scans the value bins in [lo, hi] that hold rows, and the missing bin, as
// ScanNumeric scans a compact histogram's entries (bins whose sums are zero
// are no entries there either).
RowSplitFinder::Outcome RowSplitFinder::ScanBins(int f, uint32_t lo, uint32_t hi, uint32_t missing, SplitScan& scan) {
  const HistBin* sums = sums_.data();
  auto occupied = [&](uint32_t b) { return sums[b].h != 0 || sums[b].g != 0; };
  const bool has_missing = sums[missing].h > 0 || sums[missing].g != 0;
  // The lowest and highest entries among the value bins.
  uint32_t first = lo, last = hi;
  while (first <= hi && (first == missing || !occupied(first))) ++first;
  if (first > hi) return Outcome::kConstant;  // no value entry
  while (!occupied(last)) --last;
  if (first == last && !has_missing) return Outcome::kConstant;
  // Missing go right: left = the entries up to b; with missing values, all of them.
  double gl = 0, hl = 0;
  for (uint32_t b = first; b < last; ++b) {
    if (!occupied(b)) continue;
    gl += sums[b].g;
    hl += sums[b].h;
    scan.Consider(f, b, false, gl, hl);
  }
  if (!has_missing) return Outcome::kSearched;
  gl += sums[last].g;
  hl += sums[last].h;
  scan.Consider(f, last, false, gl, hl);
  // Missing go left: right = the entries from b up, grown from the top down
  // so that ties keep the highest threshold (XGBoost's backward pass).
  double gr = 0, hr = 0;
  for (uint32_t b = last; b > first; --b) {
    if (!occupied(b)) continue;
    gr += sums[b].g;
    hr += sums[b].h;
    scan.Consider(f, b - 1, true, scan.sum_g - gr, scan.sum_h - hr);
  }
  return Outcome::kSearched;
}

// Few rows over many bins, none missing: sorted by bin, and each run of one
// bin summed in the node's order.
RowSplitFinder::Outcome RowSplitFinder::ScanSorted(int f, SplitScan& scan) {
  const size_t n = rows_.size();
  keys_.resize(n);
  uint32_t* keys = keys_.data();
  for (size_t i = 0; i < n; ++i) keys[i] = bin_[i] << 8 | static_cast<uint32_t>(i);
  SortKeys(keys, n);
  double gl = 0, hl = 0;
  size_t i = 0;
  while (true) {
    const uint32_t b = keys[i] >> 8;
    double bg = 0, bh = 0;
    for (; i < n && keys[i] >> 8 == b; ++i) {
      bg += gh_[keys[i] & 0xff].g;
      bh += gh_[keys[i] & 0xff].h;
    }
    if (i == n) break;  // the last bin never goes left of nothing
    gl += bg;
    hl += bh;
    scan.Consider(f, b, false, gl, hl);
  }
  return Outcome::kSearched;
}

RowSplitFinder::Outcome RowSplitFinder::Search(int f, SplitScan& scan) {
  if (rows_.empty()) return Outcome::kConstant;
  const size_t fi = static_cast<size_t>(f);
  return bins_.wide ? SearchColumn(bins_.Column<uint16_t>(fi), f, scan) : SearchColumn(bins_.Column<uint8_t>(fi), f, scan);
}

}  // namespace boostlab
