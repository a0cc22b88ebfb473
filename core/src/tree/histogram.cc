#include "tree/histogram.h"

#include <algorithm>  // for fill, min
#include <cstddef>    // for offsetof
#include <cstring>    // for memcpy

#include "util/thread_pool.h"

namespace boostlab {
namespace {

// A bin's (g, h) as one 16-byte vector: a cell's update is one load, one add
// and one store instead of two of each (SSE2 natively, simd128 in wasm),
// with the same sums lane by lane. Through memcpy: the bin is two doubles.
using GH = double __attribute__((vector_size(16)));
static_assert(sizeof(HistBin) == sizeof(GH) && offsetof(HistBin, h) == sizeof(double));
inline void AddTo(HistBin& b, GH gh) {
  GH v;
  std::memcpy(&v, &b, sizeof v);
  v += gh;
  std::memcpy(static_cast<void*>(&b), &v, sizeof v);  // HistBin: two doubles (its initialisers make GCC warn)
}
// A quantised pair (QuantisedPairs): one integer add.
inline void AddTo(uint64_t& b, uint64_t gh) { b += gh; }

// A row's pair as its bins add it: the float pair as one GH, a quantised one as is.
inline GH PairOf(const GradPair& p) { return GH{p.g, p.h}; }
inline uint64_t PairOf(uint64_t p) { return p; }

// A node's rows are scattered: each row's bins and gradient pair are asked
// for ahead of their turn, so the loads have landed when the row comes up.
// Natively, a prefetch a few rows ahead. wasm has none (__builtin_prefetch
// compiles to nothing), and a row's adds fill the processor's window before
// the next row's loads are seen, so each row waited for memory in turn: at
// the first row of each batch the batch's bins (first and last) and pairs
// are loaded together, their misses overlapping, one wait a batch. Those
// loads feed a volatile store so that they are kept. wide in Node (one
// thread, 10 rounds, bench/wasm_ab.mjs): histograms 4.0-4.1 s without,
// 2.1-2.4 s with.
constexpr size_t kPrefetchAhead = 32;
constexpr size_t kTouchBatch = 16;
template <typename BinT, typename Pair>
inline void LoadAhead(const BinT* bins, size_t num_features, const Pair* gpair, const RowIdx* rows, size_t i, size_t count) {
#if defined(__wasm__)
  if (i % kTouchBatch != 0 || num_features == 0) return;
  uint32_t sum = 0;
  for (size_t k = i, end = std::min(count, i + kTouchBatch); k < end; ++k) {
    const BinT* row_bins = bins + static_cast<size_t>(rows[k]) * num_features;
    sum += row_bins[0] + row_bins[num_features - 1] + *reinterpret_cast<const uint8_t*>(gpair + rows[k]);
  }
  volatile uint32_t sink = sum;
  (void)sink;
#else
  if (i + kPrefetchAhead < count) {
    const RowIdx ahead = rows[i + kPrefetchAhead];
    // A row's first and last bins: a row of more than a few bins often
    // spans two cache lines (wide's 50 bytes, three rows in four), and the
    // second line's miss stalled the row it came up in.
    const BinT* ahead_bins = bins + static_cast<size_t>(ahead) * num_features;
    __builtin_prefetch(ahead_bins);
    __builtin_prefetch(ahead_bins + num_features - 1);
    __builtin_prefetch(gpair + ahead);
  }
#endif
}

// The features a build adds: all of them (feature k's bins start at
// offsets[k]) or a list (features[k]'s start at at[k]).
struct AllFeatures {
  const uint32_t* offsets;
  size_t count;
  uint32_t At(size_t k) const { return offsets[k]; }
  size_t Column(size_t k) const { return k; }
};
struct ListedFeatures {
  const int* features;
  const uint32_t* at;
  size_t count;
  uint32_t At(size_t k) const { return at[k]; }
  size_t Column(size_t k) const { return static_cast<size_t>(features[k]); }
};

// The hot loop: for each row, load its bins and add its gradient pair, float
// (GradPair into HistBin) or quantised (uint64_t into uint64_t).
// Two rows at a time, feature by feature: a feature's offset is loaded once
// for both, and the two rows' adds are independent chains the processor
// overlaps. Where both rows fall in one bin the first row's add still comes
// first, so every bin sums its rows in row order: the same bits as one row
// at a time. (wide, 50 features, one thread: 1.06-1.56 -> 0.96-1.27 ns a
// cell in a micro-benchmark of the kernel alone.)
template <typename BinT, typename Pair, typename Bin, typename Features>
void AccumulateRows(const BinT* bins, size_t num_features, Features features, const Pair* gpair, const RowIdx* rows,
                    size_t count, Bin* hist) {
  size_t i = 0;
  for (; i + 1 < count; i += 2) {
    LoadAhead(bins, num_features, gpair, rows, i, count);
    LoadAhead(bins, num_features, gpair, rows, i + 1, count);
    const RowIdx r0 = rows[i], r1 = rows[i + 1];
    const BinT* bins0 = bins + static_cast<size_t>(r0) * num_features;
    const BinT* bins1 = bins + static_cast<size_t>(r1) * num_features;
    const auto gh0 = PairOf(gpair[r0]), gh1 = PairOf(gpair[r1]);
    for (size_t k = 0; k < features.count; ++k) {
      Bin* feature = hist + features.At(k);
      const size_t f = features.Column(k);
      AddTo(feature[bins0[f]], gh0);
      AddTo(feature[bins1[f]], gh1);
    }
  }
  if (i < count) {
    const RowIdx r = rows[i];
    const BinT* row_bins = bins + static_cast<size_t>(r) * num_features;
    const auto gh = PairOf(gpair[r]);
    for (size_t k = 0; k < features.count; ++k) AddTo(hist[features.At(k) + row_bins[features.Column(k)]], gh);
  }
}

// The sparse form (SparseBins): each row's cells outside their features'
// common bins, with kMasked those marked in `wanted` only (the others go to
// a sink, not a branch).
template <bool kMasked>
void AccumulateSparse(const SparseBins& sparse, const uint8_t* wanted, const GradPair* gpair, const RowIdx* rows,
                      size_t count, HistBin* hist) {
  const uint32_t* start = sparse.row_start.data();
  const uint16_t* cells = sparse.cells.data();
  HistBin sink[16];
  for (size_t i = 0; i < count; ++i) {
    const RowIdx r = rows[i];
    if (i + kPrefetchAhead < count) {
      const RowIdx ahead = rows[i + kPrefetchAhead];
      __builtin_prefetch(cells + start[ahead]);
      __builtin_prefetch(gpair + ahead);
    }
    const GH gh = {gpair[r].g, gpair[r].h};
    for (const uint16_t *c = cells + start[r], *end = cells + start[r + 1]; c < end; ++c) {
      const uint32_t b = *c;
      HistBin* to = hist + b;
      if constexpr (kMasked) to = wanted[b] ? to : sink + (b & 15);
      AddTo(*to, gh);
    }
  }
}

// The rows' gradient pairs summed in row order: a node's total, whatever
// the threads, from which its features' common bins are filled in.
GH SumRows(const GradPair* gpair, std::span<const RowIdx> rows) {
  GH total = {0, 0};
  for (RowIdx r : rows) total += GH{gpair[r].g, gpair[r].h};
  return total;
}

// Each listed feature's common bin: the node's total less its other bins.
void FillCommonBins(const BinnedMatrix& bins, std::span<const int> features, GH total, HistBin* hist) {
  for (int f : features) {
    const uint32_t common = bins.sparse.common[f];
    if (common == SparseBins::kNone) continue;
    GH rest = {0, 0};
    for (uint32_t b = bins.offsets[f]; b < bins.offsets[f + 1]; ++b) {
      if (b == common) continue;
      GH v;
      std::memcpy(&v, hist + b, sizeof v);
      rest += v;
    }
    const GH value = total - rest;
    std::memcpy(static_cast<void*>(hist + common), &value, sizeof value);
  }
}

// One row's g goes to its output's histogram, its h to histogram 0.
template <typename BinT>
void AccumulateRowsByOutput(const BinT* bins, size_t num_features, const uint32_t* offsets, size_t total,
                            const GradPair* gpair, const float* output_of_row, const RowIdx* rows, size_t count,
                            HistBin* hist) {
  for (size_t i = 0; i < count; ++i) {
    const RowIdx r = rows[i];
    const BinT* row_bins = bins + static_cast<size_t>(r) * num_features;
    const double g = gpair[r].g, h = gpair[r].h;
    HistBin* own = hist + static_cast<size_t>(output_of_row[r]) * total;
    for (size_t f = 0; f < num_features; ++f) {
      const size_t b = offsets[f] + row_bins[f];
      own[b].g += g;
      hist[b].h += h;
    }
  }
}

}  // namespace

std::vector<BinRange> BinRangesOf(const BinnedMatrix& bins, std::span<const int> features) {
  std::vector<BinRange> ranges;
  for (int f : features) {
    const uint32_t begin = bins.offsets[f], end = bins.offsets[f + 1];
    if (!ranges.empty() && ranges.back().end == begin) ranges.back().end = end;
    else ranges.push_back({begin, end});
  }
  return ranges;
}

template <typename Fn>
void HistogramBuilder::Blocked(size_t n, size_t total, std::span<const BinRange> ranges, std::span<HistBin> out,
                               ThreadPool& pool, Fn accumulate) {
  auto clear = [&](HistBin* hist) {
    for (const BinRange& r : ranges) std::fill(hist + r.begin, hist + r.end, HistBin{});
  };
  const size_t blocks = BlocksFor(n);
  if (blocks == 1) {
    clear(out.data());
    accumulate(0, n, out.data());
    return;
  }
  if (scratch_.size() < blocks * total) scratch_.resize(blocks * total);
  pool.Run(static_cast<int>(blocks), [&](int b) {
    HistBin* hist = scratch_.data() + b * total;
    clear(hist);
    accumulate(n * b / blocks, n * (b + 1) / blocks, hist);
  });
  // Reduce in block order, each range split over the parts.
  size_t written = 0;
  for (const BinRange& r : ranges) written += r.end - r.begin;
  const int parts = std::min<int>(pool.size(), static_cast<int>(std::max<size_t>(1, written / 1024)));
  pool.Run(parts, [&](int p) {
    for (const BinRange& r : ranges) {
      const size_t len = r.end - r.begin, lo = r.begin + len * p / parts, hi = r.begin + len * (p + 1) / parts;
      for (size_t i = lo; i < hi; ++i) {
        HistBin sum = scratch_[i];
        for (size_t b = 1; b < blocks; ++b) {
          sum.g += scratch_[b * total + i].g;
          sum.h += scratch_[b * total + i].h;
        }
        out[i] = sum;
      }
    }
  });
}

void HistogramBuilder::BuildByOutput(std::span<const GradPair> gpair, std::span<const float> output_of_row, int outputs,
                                     std::span<const RowIdx> rows, std::span<HistBin> out, ThreadPool& pool) {
  const size_t total = bins_.total_bins();
  const BinRange all{0, static_cast<uint32_t>(total * outputs)};
  Blocked(rows.size(), total * outputs, std::span<const BinRange>(&all, 1), out, pool,
          [&](size_t begin, size_t end, HistBin* hist) {
    if (bins_.wide)
      AccumulateRowsByOutput(bins_.bins16.data(), bins_.num_features, bins_.offsets.data(), total, gpair.data(),
                             output_of_row.data(), rows.data() + begin, end - begin, hist);
    else
      AccumulateRowsByOutput(bins_.bins8.data(), bins_.num_features, bins_.offsets.data(), total, gpair.data(),
                             output_of_row.data(), rows.data() + begin, end - begin, hist);
  });
}

void HistogramBuilder::Build(std::span<const GradPair> gpair, std::span<const RowIdx> rows, std::span<HistBin> out,
                             ThreadPool& pool) {
  Build(gpair, rows, all_features_, out, pool);
}

void HistogramBuilder::Build(std::span<const GradPair> gpair, std::span<const RowIdx> rows,
                             std::span<const int> features, std::span<HistBin> out, ThreadPool& pool) {
  const size_t n = rows.size(), m = features.size(), stride = bins_.num_features;
  if (m == 0) return;
  // Local: the level's small nodes are built as tasks on one builder.
  std::vector<uint32_t> at(m);
  for (size_t k = 0; k < m; ++k) at[k] = bins_.offsets[features[k]];
  auto listed = [&](const int* feats, const uint32_t* at, size_t count, const RowIdx* from, size_t num_rows,
                    HistBin* hist) {
    if (bins_.wide)
      AccumulateRows(bins_.bins16.data(), stride, ListedFeatures{feats, at, count}, gpair.data(), from, num_rows, hist);
    else
      AccumulateRows(bins_.bins8.data(), stride, ListedFeatures{feats, at, count}, gpair.data(), from, num_rows, hist);
  };
  const bool all = m == stride;
  if (SparsePays(n, features)) {
    BuildSparse(gpair, rows, features, all, out, pool);
    return;
  }
  // Too few rows to split (a small table, or a node deep in a tree) but many
  // features: the threads split the features instead, each adding every row
  // in row order, so every bin's sum is the one a single thread makes.
  if (n < kOneBlockBelow && pool.size() > 1 && m >= 2 * kMinFeaturesPerPart && n * m >= kMinCellsToSplitFeatures) {
    const int parts = static_cast<int>(std::min<size_t>(static_cast<size_t>(pool.size()), m / kMinFeaturesPerPart));
    pool.Run(parts, [&](int p) {
      const size_t lo = m * p / parts, hi = m * (p + 1) / parts;
      for (size_t k = lo; k < hi; ++k) std::fill(out.begin() + at[k], out.begin() + at[k] + bins_.BinsOf(features[k]), HistBin{});
      listed(features.data() + lo, at.data() + lo, hi - lo, rows.data(), n, out.data());
    });
    return;
  }
  const std::vector<BinRange> ranges = all ? std::vector<BinRange>{{0, bins_.total_bins()}} : BinRangesOf(bins_, features);
  Blocked(n, bins_.total_bins(), ranges, out, pool, [&](size_t begin, size_t end, HistBin* hist) {
    const AllFeatures every{bins_.offsets.data(), stride};
    if (!all) listed(features.data(), at.data(), m, rows.data() + begin, end - begin, hist);
    else if (bins_.wide)
      AccumulateRows(bins_.bins16.data(), stride, every, gpair.data(), rows.data() + begin, end - begin, hist);
    else
      AccumulateRows(bins_.bins8.data(), stride, every, gpair.data(), rows.data() + begin, end - begin, hist);
  });
}

void HistogramBuilder::BuildQuantised(std::span<const GradPair> gpair, const QuantisedPairs& q,
                                      std::span<const RowIdx> rows, std::span<HistBin> out, ThreadPool& pool) {
  const size_t n = rows.size(), total = bins_.total_bins(), stride = bins_.num_features;
  if (n < kOneBlockBelow || SparsePays(n, all_features_)) {
    Build(gpair, rows, out, pool);
    return;
  }
  const size_t blocks = BlocksFor(n);
  if (quantised_scratch_.size() < blocks * total) quantised_scratch_.resize(blocks * total);
  pool.Run(static_cast<int>(blocks), [&](int b) {
    uint64_t* hist = quantised_scratch_.data() + b * total;
    std::fill(hist, hist + total, uint64_t{0});
    const size_t begin = n * b / blocks, end = n * (b + 1) / blocks;
    const AllFeatures every{bins_.offsets.data(), stride};
    if (bins_.wide)
      AccumulateRows(bins_.bins16.data(), stride, every, q.packed.data(), rows.data() + begin, end - begin, hist);
    else
      AccumulateRows(bins_.bins8.data(), stride, every, q.packed.data(), rows.data() + begin, end - begin, hist);
  });
  // The blocks' integer sums (exact in any order), then to units: g from the
  // high half as a signed number, h from the low half.
  const int parts = std::min<int>(pool.size(), static_cast<int>(std::max<size_t>(1, total / 1024)));
  pool.Run(parts, [&](int p) {
    for (size_t i = total * p / parts; i < total * (p + 1) / parts; ++i) {
      uint64_t sum = quantised_scratch_[i];
      for (size_t b = 1; b < blocks; ++b) sum += quantised_scratch_[b * total + i];
      out[i] = {static_cast<double>(static_cast<int32_t>(static_cast<uint32_t>(sum >> 32))) * q.g_unit,
                static_cast<double>(static_cast<uint32_t>(sum)) * q.h_unit};
    }
  });
}

// Worth it when the dense cells it skips outnumber the bins it fills in
// afterwards (twice: a fill reads a feature's every bin). Rows, features and
// bins only: the same choice, and the same sums, on any thread count.
bool HistogramBuilder::SparsePays(size_t n, std::span<const int> features) const {
  if (bins_.sparse.empty()) return false;
  size_t listed_bins = 0;
  for (int f : features) listed_bins += bins_.BinsOf(f);
  const double skipped = static_cast<double>(n) * static_cast<double>(features.size()) * (1 - bins_.sparse.share);
  return skipped > 2.0 * static_cast<double>(listed_bins);
}

// Rows in blocks across the threads, as the dense build; a node too small
// for blocks on one thread. (Splitting its features across the threads, as
// the dense build does, made two threads slower than one: each thread walks
// every row's cells to find its own.)
void HistogramBuilder::BuildSparse(std::span<const GradPair> gpair, std::span<const RowIdx> rows,
                                   std::span<const int> features, bool all, std::span<HistBin> out, ThreadPool& pool) {
  const GH total = SumRows(gpair.data(), rows);
  // Some features only: their bins marked, so the others' cells go to the sink.
  std::vector<uint8_t> wanted;
  if (!all) {
    wanted.assign(bins_.total_bins(), 0);
    for (int f : features) std::fill(wanted.begin() + bins_.offsets[f], wanted.begin() + bins_.offsets[f + 1], 1);
  }
  const std::vector<BinRange> ranges = all ? std::vector<BinRange>{{0, bins_.total_bins()}} : BinRangesOf(bins_, features);
  Blocked(rows.size(), bins_.total_bins(), ranges, out, pool, [&](size_t begin, size_t end, HistBin* hist) {
    if (all) AccumulateSparse<false>(bins_.sparse, nullptr, gpair.data(), rows.data() + begin, end - begin, hist);
    else AccumulateSparse<true>(bins_.sparse, wanted.data(), gpair.data(), rows.data() + begin, end - begin, hist);
  });
  FillCommonBins(bins_, features, total, out.data());
}

void SubtractHistogram(std::span<const HistBin> parent, std::span<const HistBin> child, std::span<HistBin> out) {
  for (size_t i = 0; i < out.size(); ++i) out[i] = {parent[i].g - child[i].g, parent[i].h - child[i].h};
}

void SubtractHistogram(std::span<const HistBin> parent, std::span<const HistBin> child, std::span<HistBin> out,
                       std::span<const BinRange> ranges) {
  for (const BinRange& r : ranges)
    for (size_t i = r.begin; i < r.end; ++i) out[i] = {parent[i].g - child[i].g, parent[i].h - child[i].h};
}

}  // namespace boostlab
