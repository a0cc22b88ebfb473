#include "tree/row_split.h"

#include "tree/best_split.h"

#include <algorithm>  // for sort, min, max, fill
#include <cstring>    // for memcpy

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

// A bin is an entry of the histogram when its sums are not both zero,
// tested on their bits with the sign bits shifted out (-0 is zero too): no
// branches or NaN cases of floating-point compares.
bool Occupied(const HistBin& s) {
  uint64_t g, h;
  std::memcpy(&g, &s.g, sizeof g);
  std::memcpy(&h, &s.h, sizeof h);
  return ((g | h) << 1) != 0;
}

// Runs fn<BinT, kCount>() for the bins' width and a count of 1 to
// RowSplitFinder::kFused features: the fused gathers are unrolled for each.
template <typename Fn>
void WithWidthAndCount(bool wide, size_t count, Fn fn) {
  auto with_width = [&]<typename BinT>() {
    switch (count) {
      case 1: return fn.template operator()<BinT, 1>();
      case 2: return fn.template operator()<BinT, 2>();
      case 3: return fn.template operator()<BinT, 3>();
      case 4: return fn.template operator()<BinT, 4>();
    }
  };
  static_assert(RowSplitFinder::kFused == 4, "one case a count");
  if (wide) with_width.template operator()<uint16_t>();
  else with_width.template operator()<uint8_t>();
}

bool IsPlain(const SplitParams& p) {
  return p.lambda == 0 && p.alpha == 0 && p.max_delta_step == 0 && !p.float_gain && !p.error_criterion;
}

}  // namespace

void RowSplitFinder::SetNode(std::span<const RowIdx> rows, std::span<const GradPair> gpair) {
  rows_ = rows;
  if (entries_.empty()) {
    for (Slot& slot : slots_) {
      slot.sums.assign(bins_.MaxBins(), HistBin{});
      slot.odd.assign(bins_.MaxBins(), HistBin{});
      slot.marked.assign(bins_.MaxBins() / 64 + 1, 0);
      slot.bin.resize(bins_.MaxBins());  // a gathered node has fewer rows than bins
    }
    entries_.resize(bins_.MaxBins());
    entry_sums_.resize(bins_.MaxBins());
  }
  if (slots_[0].bin.size() < rows.size()) slots_[0].bin.resize(rows.size());
  gpair_ = gpair.data();
  if (slot_of_.empty()) slot_of_.assign(bins_.num_features, 0);
}

void RowSplitFinder::GatherSummed(std::span<const int> features) {
  const size_t count = std::min(features.size(), kFused);
  Slot* slots = slots_ + 1 + kFused;
  for (size_t j = 0; j < count; ++j) {
    slot_of_[static_cast<size_t>(features[j])] = static_cast<uint8_t>(1 + kFused + j);
    slots[j].summed = true;
  }
  // Summed into every bin in two chains, as SearchColumn sums one feature of more rows than bins.
  WithWidthAndCount(bins_.wide, count, [&]<typename BinT, size_t kCount>() {
    GatherFused<BinT, kCount, false>(features.data(), slots, true);
  });
}

void RowSplitFinder::Gather(std::span<const int> features) {
  const size_t count = std::min(features.size(), kFused);
  for (size_t j = 0; j < count; ++j) {
    slot_of_[static_cast<size_t>(features[j])] = static_cast<uint8_t>(j + 1);
    slots_[j + 1].summed = false;
  }
  WithWidthAndCount(bins_.wide, count, [&]<typename BinT, size_t kCount>() {
    GatherFused<BinT, kCount, true>(features.data(), slots_ + 1, rows_.size() > kOneChain);
  });
}

// kCount features into slots[0..kCount), one pass over the rows: each
// row's bins summed in every feature, as SearchColumn sums one feature (in
// the node's order; in two chains, even and odd positions apart), and with
// kMarks each row's bin kept and marked in its slot's bitmap.
template <typename BinT, size_t kCount, bool kMarks>
void RowSplitFinder::GatherFused(const int* features, Slot* slots, bool two_chains) {
  static_assert(kCount <= kFused);
  const BinT* column[kCount];
  uint32_t* bin[kCount];
  HistBin* sums[kCount];
  HistBin* odd[kCount];
  uint64_t* marked[kCount];
  uint32_t lo[kCount], hi[kCount];
  for (size_t j = 0; j < kCount; ++j) {
    column[j] = bins_.Column<BinT>(static_cast<size_t>(features[j]));
    bin[j] = slots[j].bin.data();
    sums[j] = slots[j].sums.data();
    odd[j] = slots[j].odd.data();
    marked[j] = slots[j].marked.data();
    lo[j] = bins_.MissingBin(static_cast<size_t>(features[j]));  // above every bin
    hi[j] = 0;
  }
  const RowIdx* rows = rows_.data();
  const size_t n = rows_.size();
  auto add = [&](HistBin* const* to, size_t i) {
    const RowIdx row = rows[i];
    const GradPair gh = gpair_[row];
    for (size_t j = 0; j < kCount; ++j) {
      const uint32_t b = column[j][row];
      to[j][b].g += gh.g;
      to[j][b].h += gh.h;
      if constexpr (kMarks) {
        bin[j][i] = b;
        marked[j][b >> 6] |= uint64_t{1} << (b & 63);
      }
      lo[j] = std::min(lo[j], b);
      hi[j] = std::max(hi[j], b);
    }
  };
  size_t i = 0;
  if (two_chains)
    for (; i + 1 < n; i += 2) {
      add(sums, i);
      add(odd, i + 1);
    }
  for (; i < n; ++i) add(sums, i);
  for (size_t j = 0; j < kCount; ++j) {
    slots[j].lo = lo[j];
    slots[j].hi = hi[j];
  }
}

// Two rows (a third of a deep tree's searched nodes): the one split there is
// puts the row in the lower bin left; the missing bin is the highest, so a
// missing row goes right, as ScanEntries's one candidate has it.
template <typename BinT>
RowSplitFinder::Outcome RowSplitFinder::SearchPair(const BinT* column, int f, SplitScan& scan) {
  const uint32_t a = column[rows_[0]], b = column[rows_[1]];
  if (a == b) return Outcome::kConstant;
  const GradPair& low = gpair_[rows_[b < a]];
  scan.Consider(f, std::min(a, b), false, low.g, low.h);
  return Outcome::kSearched;
}

template <typename BinT>
RowSplitFinder::Outcome RowSplitFinder::SearchColumn(const BinT* column, int f, SplitScan& scan) {
  const size_t n = rows_.size();
  // Rows weighing nothing make no histogram entry: the general path skips them.
  if (n == 2 && gpair_[rows_[0]].h > 0 && gpair_[rows_[1]].h > 0) return SearchPair(column, f, scan);
  Slot& slot = slots_[0];
  // More rows than bins: summed straight into every bin, as a histogram (two
  // chains). Else each row's bin is also kept and marked in a bitmap; up to
  // kOneChain rows a bin's rows are added in the node's order.
  if (n > bins_.MissingBin(static_cast<size_t>(f))) {
    GatherFused<BinT, 1, false>(&f, &slot, true);
    return ScanSummed(slot, f, scan);
  }
  const bool two_chains = n > kOneChain;
  GatherFused<BinT, 1, true>(&f, &slot, two_chains);
  return ScanGathered(slot, two_chains, f, scan);
}

// The search of a feature whose rows a slot has gathered (bins, sums,
// marks, lowest and highest bin; odd sums too when in two chains), which it
// leaves clean.
RowSplitFinder::Outcome RowSplitFinder::ScanGathered(Slot& slot, bool two_chains, int f, SplitScan& scan) {
  const size_t n = rows_.size();
  const uint32_t missing = bins_.MissingBin(static_cast<size_t>(f));
  const uint32_t lo = slot.lo, hi = slot.hi;
  HistBin* sums = slot.sums.data();
  uint64_t* marked = slot.marked.data();
  const uint32_t* bin = slot.bin.data();
  HistBin* odd = slot.odd.data();
  if (lo == hi) {
    // One bin (missing or not): constant. Clean for the next search.
    sums[lo] = HistBin{};
    odd[lo] = HistBin{};
    marked[lo >> 6] = 0;
    return Outcome::kConstant;
  }
  const uint32_t top = hi == missing ? missing - 1 : hi;  // the highest value bin there can be
  const bool few_words = (top >> 6) - (lo >> 6) < n * kWordsPerRow;
  // No row missing (the usual case): the marked bins are listed, scanned and
  // cleaned in one pass.
  if (hi != missing && few_words)
    return IsPlain(scan.p) ? ScanMarked<true>(slot, two_chains, f, scan) : ScanMarked<false>(slot, two_chains, f, scan);
  uint32_t* entry = entries_.data();
  size_t m = 0;  // entries listed
  // Lists bin b (marked; in order) and cleans its mark's odd sums.
  auto list = [&](uint32_t b) {
    if (two_chains) {
      sums[b].g += odd[b].g;
      sums[b].h += odd[b].h;
      odd[b] = HistBin{};
    }
    entry[m] = b;
    entry_sums_[m] = sums[b];
    m += b != missing && Occupied(sums[b]);
  };
  // The value bins holding rows, in order: from the bitmap's words when
  // they are few, else (a few rows over many bins of a wide feature) from
  // the rows' bins sorted. Bins whose sums are zero are no entries (as in a
  // histogram).
  if (few_words) {
    for (uint32_t w = lo >> 6; w <= (hi >> 6); ++w) {
      uint64_t bits = marked[w];
      marked[w] = 0;
      while (bits) {
        list((w << 6) | static_cast<uint32_t>(__builtin_ctzll(bits)));
        bits &= bits - 1;
      }
    }
  } else {
    sorted_.assign(bin, bin + n);
    SortBins(sorted_.data(), n);
    for (size_t j = 0; j < n; ++j) {
      const uint32_t b = sorted_[j];
      marked[b >> 6] = 0;
      if (j + 1 < n && b == sorted_[j + 1]) continue;  // a bin's rows: listed once, at its last
      list(b);
    }
  }
  const bool has_missing = hi == missing && Occupied(sums[missing]);
  const Outcome outcome = ScanEntries(f, m, has_missing, scan);
  // Clean for the next search: the listed bins and the missing one. A bin
  // left out holds zeros (perhaps -0), which add as zeros do.
  for (size_t j = 0; j < m; ++j) sums[entry[j]] = HistBin{};
  sums[missing] = HistBin{};
  return outcome;
}

// The search of a feature whose rows a slot has summed into every bin, in
// two chains (GatherFused without marks): each value bin's sums (the odd
// sums added in) are taken into the list and cleared in one pass, those
// holding rows listed without a branch (which do is a coin toss), and the
// list scanned; the missing bin, when rows fell in it, the same way.
RowSplitFinder::Outcome RowSplitFinder::ScanSummed(Slot& slot, int f, SplitScan& scan) {
  const uint32_t missing = bins_.MissingBin(static_cast<size_t>(f));
  HistBin* sums = slot.sums.data();
  HistBin* odd = slot.odd.data();
  auto take = [&](uint32_t b) {
    HistBin sum = sums[b];
    sum.g += odd[b].g;
    sum.h += odd[b].h;
    sums[b] = HistBin{};
    odd[b] = HistBin{};
    return sum;
  };
  uint32_t* entry = entries_.data();
  HistBin* entry_sum = entry_sums_.data();
  size_t m = 0;
  for (uint32_t b = slot.lo; b <= slot.hi && b < missing; ++b) {
    entry[m] = b;
    entry_sum[m] = take(b);
    m += Occupied(entry_sum[m]);
  }
  const bool has_missing = slot.hi == missing && Occupied(take(missing));
  return ScanEntries(f, m, has_missing, scan);
}

// The marked bins of [lo, hi] (no row missing), in order: each one's sums
// (the odd sums added in when the rows were summed in two chains) are taken and
// cleared, and the split below each bin but the last is offered, as
// ScanEntries's first pass does.
template <bool kPlain>
RowSplitFinder::Outcome RowSplitFinder::ScanMarked(Slot& slot, bool two_chains, int f, SplitScan& scan) {
  HistBin* sums = slot.sums.data();
  HistBin* odd = slot.odd.data();
  uint64_t* marked = slot.marked.data();
  const uint32_t lo = slot.lo, hi = slot.hi;
  Best<kPlain ? BestKind::kPlain : BestKind::kGeneral> best(scan);
  double gl = 0, hl = 0;
  uint32_t prev = 0;
  size_t m = 0;
  for (uint32_t w = lo >> 6; w <= (hi >> 6); ++w) {
    uint64_t bits = marked[w];
    marked[w] = 0;
    while (bits) {
      const uint32_t b = (w << 6) | static_cast<uint32_t>(__builtin_ctzll(bits));
      bits &= bits - 1;
      HistBin sum = sums[b];
      sums[b] = HistBin{};
      if (two_chains) {
        sum.g += odd[b].g;
        sum.h += odd[b].h;
        odd[b] = HistBin{};
      }
      if (!Occupied(sum)) continue;  // no entry (rows weighing nothing)
      if (m > 0) best.Consider(prev, false, gl, hl);
      gl += sum.g;
      hl += sum.h;
      prev = b;
      ++m;
    }
  }
  if (m < 2) return Outcome::kConstant;
  best.Commit(f, scan);
  return Outcome::kSearched;
}

// Scans the m entries listed in entries_ and entry_sums_ (the value bins
// that hold rows, in order, and their sums) and the missing bin, as
// ScanNumeric scans a compact histogram's entries: missing values right,
// then, when there are any, left.
RowSplitFinder::Outcome RowSplitFinder::ScanEntries(int f, size_t m, bool has_missing, SplitScan& scan) {
  if (m == 0 || (m == 1 && !has_missing)) return Outcome::kConstant;
  if (IsPlain(scan.p)) ScanEntriesAs<true>(f, m, has_missing, scan);
  else ScanEntriesAs<false>(f, m, has_missing, scan);
  return Outcome::kSearched;
}

template <bool kPlain>
void RowSplitFinder::ScanEntriesAs(int f, size_t m, bool has_missing, SplitScan& scan) {
  const HistBin* sums = entry_sums_.data();  // entry j's sums
  const uint32_t* entry = entries_.data();
  Best<kPlain ? BestKind::kPlain : BestKind::kGeneral> best(scan);
  // Missing go right: left = the entries up to b; with missing values, all of them.
  double gl = 0, hl = 0;
  for (size_t j = 0; j + 1 < m; ++j) {
    gl += sums[j].g;
    hl += sums[j].h;
    best.Consider(entry[j], false, gl, hl);
  }
  if (has_missing) {
    gl += sums[m - 1].g;
    hl += sums[m - 1].h;
    best.Consider(entry[m - 1], false, gl, hl);
    // Missing go left: right = the entries from b up, grown from the top down
    // so that ties keep the highest threshold (XGBoost's backward pass).
    double gr = 0, hr = 0;
    for (size_t j = m - 1; j > 0; --j) {
      gr += sums[j].g;
      hr += sums[j].h;
      best.Consider(entry[j] - 1, true, scan.sum_g - gr, scan.sum_h - hr);
    }
  }
  best.Commit(f, scan);
}

RowSplitFinder::Outcome RowSplitFinder::Search(int f, SplitScan& scan) {
  if (rows_.empty()) return Outcome::kConstant;
  const size_t fi = static_cast<size_t>(f);
  if (const uint8_t j = slot_of_[fi]; j > 0) {
    slot_of_[fi] = 0;
    return slots_[j].summed ? ScanSummed(slots_[j], f, scan) : ScanGathered(slots_[j], rows_.size() > kOneChain, f, scan);
  }
  return bins_.wide ? SearchColumn(bins_.Column<uint16_t>(fi), f, scan) : SearchColumn(bins_.Column<uint8_t>(fi), f, scan);
}

}  // namespace boostlab
