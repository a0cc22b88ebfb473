#include "tree/row_split.h"

#include <algorithm>  // for sort, min, max, fill

namespace boostlab {
namespace {

// Below this many bins an insertion sort beats std::sort's set-up.
constexpr size_t kInsertionSortBelow = 24;

void SortBins(uint32_t* v, size_t n) {
  if (n >= kInsertionSortBelow) {
    std::sort(v, v + n);
    return;
  }
  for (size_t i = 1; i < n; ++i) {
    const uint32_t x = v[i];
    size_t j = i;
    for (; j > 0 && v[j - 1] > x; --j) v[j] = v[j - 1];
    v[j] = x;
  }
}

// A search's best candidate so far, kept in locals and handed to the
// SplitScan once at the end (SplitScan::Consider writes a whole
// SplitCandidate at every improvement). It ranks as SplitScan::Consider
// does: the same gain, bit for bit, and ties to the first found. kPlain: the
// forest's least squares with no penalty (lambda, alpha, max_delta_step 0,
// gains in double), where LeafScore is g * g / h.
template <bool kPlain>
class Best {
 public:
  explicit Best(const SplitScan& scan)
      : p_(scan.p), sum_g_(scan.sum_g), sum_h_(scan.sum_h), parent_(scan.parent_score), mcw_(scan.p.min_child_weight) {}

  void Consider(uint32_t bin, bool default_left, double gl, double hl) {
    const double gr = sum_g_ - gl, hr = sum_h_ - hl;
    if (hl < mcw_ || hr < mcw_) return;
    double gain;
    if constexpr (kPlain) {
      gain = Score(gl, hl) + Score(gr, hr) - parent_;
    } else {
      const double exact = LeafScore(gl, hl, p_) + LeafScore(gr, hr, p_) - parent_;
      gain = p_.float_gain ? static_cast<float>(exact) : exact;
    }
    if (valid_ && !(gain > gain_)) return;
    valid_ = true;
    gain_ = gain;
    bin_ = bin;
    default_left_ = default_left;
    gl_ = gl;
    hl_ = hl;
  }
  // Offers the best found to the scan: the same gain, so it ranks there as here.
  void Commit(int f, SplitScan& scan) const {
    if (valid_) scan.Consider(f, bin_, default_left_, gl_, hl_);
  }

 private:
  static double Score(double g, double h) { return h <= 0 ? 0 : g * g / h; }
  // Copies, not references: the compiler cannot keep what a reference
  // reaches in registers across the stores to the best candidate.
  const SplitParams& p_;
  const double sum_g_, sum_h_, parent_, mcw_;
  bool valid_ = false, default_left_ = false;
  double gain_ = 0, gl_ = 0, hl_ = 0;
  uint32_t bin_ = 0;
};

bool IsPlain(const SplitParams& p) {
  return p.lambda == 0 && p.alpha == 0 && p.max_delta_step == 0 && !p.float_gain;
}

}  // namespace

void RowSplitFinder::SetNode(std::span<const RowIdx> rows, std::span<const GradPair> gpair) {
  rows_ = rows;
  const size_t n = rows.size();
  gh_.resize(n);
  bin_.resize(n);
  if (sums_.empty()) {
    sums_.assign(bins_.MaxBins(), HistBin{});
    odd_.assign(bins_.MaxBins(), HistBin{});
    entries_.resize(bins_.MaxBins());
  }
  for (size_t i = 0; i < n; ++i) gh_[i] = gpair[rows[i]];
}

// Sums a large node's rows into sums_ by bin: even positions there, odd ones
// into odd_, then odd_ added in. Runs of rows in one bin (a sparse feature's
// zeros: spam) made one chain of dependent additions through memory; two
// chains run side by side. The order is fixed by the positions alone.
template <typename BinOf>
void RowSplitFinder::SumByBin(size_t n, BinOf bin_of) {
  HistBin* even = sums_.data();
  HistBin* odd = odd_.data();
  const GradPair* gh = gh_.data();
  size_t i = 0;
  for (; i + 1 < n; i += 2) {
    HistBin& a = even[bin_of(i)];
    HistBin& b = odd[bin_of(i + 1)];
    a.g += gh[i].g;
    a.h += gh[i].h;
    b.g += gh[i + 1].g;
    b.h += gh[i + 1].h;
  }
  if (i < n) {
    even[bin_of(i)].g += gh[i].g;
    even[bin_of(i)].h += gh[i].h;
  }
}

// odd_'s bins 0..last added into sums_ and cleared.
void RowSplitFinder::AddOdd(uint32_t last) {
  for (uint32_t b = 0; b <= last; ++b) {
    sums_[b].g += odd_[b].g;
    sums_[b].h += odd_[b].h;
    odd_[b] = HistBin{};
  }
}

// Two rows (a third of a deep tree's searched nodes): the one split there is
// puts the row in the lower bin left; the missing bin is the highest, so a
// missing row goes right, as ScanBins's one candidate has it.
template <typename BinT>
RowSplitFinder::Outcome RowSplitFinder::SearchPair(const BinT* column, int f, SplitScan& scan) {
  const uint32_t a = column[rows_[0]], b = column[rows_[1]];
  if (a == b) return Outcome::kConstant;
  const GradPair& low = gh_[b < a];
  scan.Consider(f, std::min(a, b), false, low.g, low.h);
  return Outcome::kSearched;
}

template <typename BinT>
RowSplitFinder::Outcome RowSplitFinder::SearchColumn(const BinT* column, int f, SplitScan& scan) {
  const size_t n = rows_.size();
  // Rows weighing nothing make no histogram entry: the general path skips them.
  if (n == 2 && gh_[0].h > 0 && gh_[1].h > 0) return SearchPair(column, f, scan);
  const uint32_t missing = bins_.MissingBin(static_cast<size_t>(f));
  const RowIdx* rows = rows_.data();
  if (n > missing) {
    // More rows than bins: sum straight into every bin, as a histogram.
    SumByBin(n, [&](size_t i) { return column[rows[i]]; });
    AddOdd(missing);
    const Outcome outcome = ScanBins(f, 0, missing == 0 ? 0 : missing - 1, missing, scan);
    std::fill(sums_.begin(), sums_.begin() + missing + 1, HistBin{});
    return outcome;
  }
  // One pass: each row's bin, summed into it (a bin's rows in the node's
  // order: a small node's runs are short), and the span of value bins
  // (missing is above them all).
  uint32_t* bin = bin_.data();
  uint32_t lo = missing, hi = 0;
  size_t n_missing = 0;
  for (size_t i = 0; i < n; ++i) {
    const uint32_t b = column[rows[i]];
    bin[i] = b;
    HistBin& s = sums_[b];
    s.g += gh_[i].g;
    s.h += gh_[i].h;
    n_missing += b == missing;
    lo = std::min(lo, b);
    hi = std::max(hi, b == missing ? 0 : b);
  }
  Outcome outcome = Outcome::kConstant;
  if (n_missing == n || (n_missing == 0 && lo == hi)) {
    outcome = Outcome::kConstant;
  } else if (n_missing == 0 && hi - lo >= n * kSpanPerRow) {
    outcome = ScanSorted(f, scan);  // few rows over many bins: visit just theirs
  } else {
    outcome = ScanBins(f, lo, hi, missing, scan);
  }
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
  return IsPlain(scan.p) ? ScanBinsAs<true>(f, lo, hi, missing, scan) : ScanBinsAs<false>(f, lo, hi, missing, scan);
}

template <bool kPlain>
RowSplitFinder::Outcome RowSplitFinder::ScanBinsAs(int f, uint32_t lo, uint32_t hi, uint32_t missing, SplitScan& scan) {
  const HistBin* sums = sums_.data();
  const bool has_missing = sums[missing].h > 0 || sums[missing].g != 0;
  // The value bins that hold rows, in order, listed without a branch (which
  // bins hold rows is a coin toss): the scans below then branch on nothing
  // but the candidates.
  uint32_t* entry = entries_.data();
  size_t m = 0;
  for (uint32_t b = lo; b <= hi; ++b) {
    entry[m] = b;
    m += (b != missing) & ((sums[b].h != 0) | (sums[b].g != 0));
  }
  if (m == 0 || (m == 1 && !has_missing)) return Outcome::kConstant;
  Best<kPlain> best(scan);
  // Missing go right: left = the entries up to b; with missing values, all of them.
  double gl = 0, hl = 0;
  for (size_t j = 0; j + 1 < m; ++j) {
    gl += sums[entry[j]].g;
    hl += sums[entry[j]].h;
    best.Consider(entry[j], false, gl, hl);
  }
  if (has_missing) {
    gl += sums[entry[m - 1]].g;
    hl += sums[entry[m - 1]].h;
    best.Consider(entry[m - 1], false, gl, hl);
    // Missing go left: right = the entries from b up, grown from the top down
    // so that ties keep the highest threshold (XGBoost's backward pass).
    double gr = 0, hr = 0;
    for (size_t j = m - 1; j > 0; --j) {
      gr += sums[entry[j]].g;
      hr += sums[entry[j]].h;
      best.Consider(entry[j] - 1, true, scan.sum_g - gr, scan.sum_h - hr);
    }
  }
  best.Commit(f, scan);
  return Outcome::kSearched;
}

// Few rows over many bins, none missing: the rows' bins sorted, and each
// distinct one visited in order (its sums are already in sums_).
RowSplitFinder::Outcome RowSplitFinder::ScanSorted(int f, SplitScan& scan) {
  return IsPlain(scan.p) ? ScanSortedAs<true>(f, scan) : ScanSortedAs<false>(f, scan);
}

template <bool kPlain>
RowSplitFinder::Outcome RowSplitFinder::ScanSortedAs(int f, SplitScan& scan) {
  Best<kPlain> best(scan);
  const size_t n = rows_.size();
  sorted_.assign(bin_.begin(), bin_.begin() + static_cast<std::ptrdiff_t>(n));
  SortBins(sorted_.data(), n);
  const HistBin* sums = sums_.data();
  double gl = 0, hl = 0;
  for (size_t i = 0; i + 1 < n; ++i) {
    const uint32_t b = sorted_[i];
    if (b == sorted_[i + 1]) continue;  // a bin's last row: the boundary above it
    if (sums[b].h == 0 && sums[b].g == 0) continue;  // no entry in a histogram either
    gl += sums[b].g;
    hl += sums[b].h;
    best.Consider(b, false, gl, hl);
  }
  best.Commit(f, scan);
  return Outcome::kSearched;
}

RowSplitFinder::Outcome RowSplitFinder::Search(int f, SplitScan& scan) {
  if (rows_.empty()) return Outcome::kConstant;
  const size_t fi = static_cast<size_t>(f);
  return bins_.wide ? SearchColumn(bins_.Column<uint16_t>(fi), f, scan) : SearchColumn(bins_.Column<uint8_t>(fi), f, scan);
}

}  // namespace boostlab
