#include "data/binned_matrix.h"

#include <algorithm>  // for any_of, sort, min
#include <cmath>      // for abs
#include <cstring>    // for memcpy

#include "boostlab/errors.h"
#include "util/rng.h"
#include "util/thread_pool.h"

namespace boostlab {
namespace {

// A float's bits as an order-preserving key (negative floats reversed,
// positive above them) and back, read and written through memcpy: the keys
// live in float storage.
inline uint32_t LoadKey(const float* base, size_t i) {
  uint32_t k;
  std::memcpy(&k, base + i, sizeof k);  // libc++ 14 (Emscripten 3.1.6) has no std::bit_cast
  return k;
}
inline void StoreKey(float* base, size_t i, uint32_t k) { std::memcpy(base + i, &k, sizeof k); }

// Sorts floats (no NaN) by their bits, eight at a time, least significant
// first: four linear passes instead of n log n comparisons (std::sort of
// each feature's values was a sixth of a small dataset's training). The keys
// are made in the values' own memory, so one buffer sits beside them, not
// two: on a 40M-row file each thread's copy of a column is 144 MB, and a
// second buffer per thread was most of binning's peak heap.
void RadixSort(std::vector<float>& values) {
  const size_t n = values.size();
  if (n < 1024) {
    std::sort(values.begin(), values.end());
    return;
  }
  float* keys = values.data();
  for (size_t i = 0; i < n; ++i) {
    const uint32_t bits = LoadKey(keys, i);
    StoreKey(keys, i, bits & 0x80000000u ? ~bits : bits | 0x80000000u);
  }
  std::vector<float> buffer(n);
  float *from = keys, *to = buffer.data();
  for (int shift = 0; shift < 32; shift += 8) {
    size_t count[257] = {};
    for (size_t i = 0; i < n; ++i) ++count[(LoadKey(from, i) >> shift & 0xff) + 1];
    if (count[(LoadKey(from, 0) >> shift & 0xff) + 1] == n) continue;  // one digit for all: nothing to move
    for (int d = 0; d < 256; ++d) count[d + 1] += count[d];
    for (size_t i = 0; i < n; ++i) {
      const uint32_t k = LoadKey(from, i);
      StoreKey(to, count[k >> shift & 0xff]++, k);
    }
    std::swap(from, to);
  }
  if (from != keys) std::memcpy(keys, from, n * sizeof(float));
  for (size_t i = 0; i < n; ++i) {
    const uint32_t k = LoadKey(keys, i);
    StoreKey(keys, i, k & 0x80000000u ? k & 0x7fffffffu : ~k);
  }
}

}  // namespace

// The values' runs of equal values (sorted) are walked twice, never stored:
// a list of the distinct values, their ranks and counts was three arrays of
// the column's length, a fifth of binning a dense column of 800,000 rows.
std::vector<float> QuantileCuts(std::vector<float> values, int max_bin, CutPlacement placement) {
  values.erase(std::remove_if(values.begin(), values.end(), [](float v) { return v != v; }), values.end());
  RadixSort(values);
  const size_t n = values.size();
  if (n == 0) return {};
  const float* v = values.data();
  // The end of the run of equal values that starts at i.
  auto run_end = [&](size_t i) {
    const float first = v[i];
    while (++i < n && v[i] == first) {
    }
    return i;
  };
  // A bin's exclusive upper bound is the first value of the next bin (or the
  // midpoint below it, strictly above the bin's last value).
  std::vector<float> cuts;
  auto cut_between = [&](float below, float above) {
    const float mid = static_cast<float>(below / 2.0 + above / 2.0);
    cuts.push_back(placement == CutPlacement::kMidpoint && mid > below ? mid : above);
  };
  // First walk: how many distinct values, and which hold at least a mean
  // bin's worth of rows ("big": such a value gets a bin of its own).
  const double mean_all = static_cast<double>(n) / max_bin;
  size_t distinct = 0;
  double rest_count = static_cast<double>(n);  // the rows of values that are not big
  int rest_bins = max_bin;                      // the bins left for them
  size_t last_run = 0;
  for (size_t i = 0; i < n;) {
    const size_t j = run_end(i);
    ++distinct;
    if (static_cast<double>(j - i) >= mean_all) {
      rest_count -= static_cast<double>(j - i);
      --rest_bins;
    }
    last_run = i;
    i = j;
  }
  if (distinct <= static_cast<size_t>(max_bin)) {
    // A bin for each value.
    for (size_t i = 0, j = run_end(0); j < n; i = j, j = run_end(j)) cut_between(v[i], v[j]);
  } else {
    // Greedy equal-count bins: the values that are not big share the bins
    // left, re-balanced as they go, so heavy ties do not waste bins. A bin
    // closes after a run when it is the last, big, before a big one, or has
    // reached the mean; at most max_bin bins.
    double mean = rest_bins > 0 ? rest_count / rest_bins : rest_count;
    double in_bin = 0;
    int closed = 0;
    for (size_t i = 0, j = run_end(0);;) {
      const size_t count = j - i;
      const bool last = j == n, big = static_cast<double>(count) >= mean_all;
      const size_t k = last ? n : run_end(j);  // the next run is [j, k)
      in_bin += static_cast<double>(count);
      if (!big) rest_count -= static_cast<double>(count);
      if (last) break;  // the last bin ends at the maximum: no cut of its own
      const bool close = big || static_cast<double>(k - j) >= mean_all || in_bin >= mean;
      if (close && closed < max_bin - 1) {
        ++closed;
        cut_between(v[i], v[j]);
        if (!big) {
          rest_bins = std::max(1, rest_bins - 1);
          mean = rest_count / rest_bins;
        }
        in_bin = 0;
      }
      i = j;
      j = k;
    }
  }
  // The last bound sits above the maximum, as XGBoost places it.
  const float max = v[last_run];
  cuts.push_back(max + std::abs(max) + 1e-5f);
  return cuts;
}

namespace {

// The value bins of kLanes values among k > 0 cut points: std::upper_bound
// without a branch (the side each step takes is a coin toss), how many cuts
// are <= v, and above the range the last bin. The lanes search side by side:
// one search is a chain of dependent loads, and the chains overlap; every
// search takes the same steps, as their number depends only on k. (A NaN
// gets some bin; callers give it the missing one.) Binning every value was a
// sixth of a small dataset's training, then most of its set-up.
template <size_t kLanes, typename Out>  // out(lane, bin)
void ValueBins(const float* cuts, size_t k, const float* v, Out out) {
  const float* base[kLanes];
  for (size_t l = 0; l < kLanes; ++l) base[l] = cuts;
  for (size_t n = k; n > 1;) {
    const size_t half = n / 2;
    for (size_t l = 0; l < kLanes; ++l) base[l] = v[l] < base[l][half] ? base[l] : base[l] + half;
    n -= half;
  }
  for (size_t l = 0; l < kLanes; ++l)
    out(l, static_cast<uint32_t>(std::min(static_cast<size_t>(base[l] - cuts) + !(v[l] < *base[l]), k - 1)));
}

// The bin of one value: category code, or the value bin by cut points;
// missing (and unknown categories) get the missing bin.
uint32_t BinOf(const BinnedMatrix& m, size_t f, float v) {
  const uint32_t missing = m.MissingBin(f);
  if (v != v) return missing;
  if (m.categorical[f]) return v < 0 || v >= static_cast<float>(missing) ? missing : static_cast<uint32_t>(v);
  const std::vector<float>& c = m.cuts[f];
  if (c.empty()) return missing;  // no training values at all
  uint32_t bin = 0;
  ValueBins<1>(c.data(), c.size(), &v, [&](size_t, uint32_t b) { bin = b; });
  return bin;
}

}  // namespace

BinnedMatrixBuilder::BinnedMatrixBuilder(const FeatureColumns& x, const std::vector<FeatureInfo>& features,
                                         std::span<const RowIdx> cut_rows, int max_bin, ThreadPool& pool,
                                         CutPlacement placement, BinnedMatrix::Layout layout)
    : x_(x), cut_rows_(cut_rows), max_bin_(max_bin), pool_(pool), placement_(placement),
      with_rows_(layout == BinnedMatrix::Layout::kRowsAndColumns) {
  BinnedMatrix& m = m_;
  m.num_rows = x.num_rows;
  m.num_features = x.columns().size();
  m.cuts.resize(m.num_features);
  m.categorical.assign(m.num_features, 0);
  for (size_t f = 0; f < m.num_features && f < features.size(); ++f) {
    if (features[f].type != ColumnType::kCategorical) continue;
    if (features[f].levels.size() > 65534)
      throw Error("TOO_MANY_CATEGORIES", "Column '" + features[f].name + "' has " +
                                            std::to_string(features[f].levels.size()) +
                                            " categories; the limit is 65534. Ignore it or encode it as numbers.");
    m.categorical[f] = 1;
  }
  // Categorical features' bins are their codes: offsets need their level counts now.
  m.offsets.assign(m.num_features + 1, 0);
  for (size_t f = 0; f < m.num_features; ++f) {
    if (m.categorical[f]) m.offsets[f + 1] = static_cast<uint32_t>(features[f].levels.size());
    else numeric_.push_back(f);
  }
  // What each part costs, measured natively on flights_1m (2 threads, 0.056 s
  // of cut points for 5 numeric features, 0.019 s of bins for 7): a value
  // copied and sorted in four radix passes costs about four cells binned.
  CountCutWork();
  bin_work_ = static_cast<double>(m.num_rows) * static_cast<double>(m.num_features);
  if (numeric_.empty()) StartBins();
}

void BinnedMatrixBuilder::OwnCutRows(std::vector<RowIdx> rows) {
  if (phase_ != Phase::kCuts) return;  // no numeric features: no cuts to make
  own_cut_rows_ = std::move(rows);
  cut_rows_ = own_cut_rows_;
  CountCutWork();
}

void BinnedMatrixBuilder::CountCutWork() {
  cut_work_ = 4.0 * static_cast<double>(std::min(cut_rows_.size(), max_cut_rows)) * static_cast<double>(numeric_.size());
}

// At most max_cut_rows of cut_rows_, each as likely as any other, in their
// order (selection sampling: row i is taken with the chance still needed /
// rows left, which draws exactly that many). A fixed seed: the same bins on
// every run, in every build.
void BinnedMatrixBuilder::SampleCutRows() {
  CountCutWork();  // max_cut_rows may have changed since construction
  const size_t n = cut_rows_.size();
  if (n <= max_cut_rows) return;
  cut_sample_.reserve(max_cut_rows);
  Rng rng(0x6375747326);
  size_t needed = max_cut_rows;
  for (size_t i = 0; i < n && needed > 0; ++i) {
    const double u = static_cast<double>(rng.Next() >> 11) * 0x1.0p-53;  // uniform in [0, 1)
    if (u * static_cast<double>(n - i) < static_cast<double>(needed)) {
      cut_sample_.push_back(cut_rows_[i]);
      --needed;
    }
  }
}

bool BinnedMatrixBuilder::Step() {
  if (phase_ == Phase::kCuts) {
    if (next_feature_ == 0) SampleCutRows();  // the first piece
    const size_t count = std::min(numeric_.size() - next_feature_, static_cast<size_t>(pool_.size()));
    pool_.Run(static_cast<int>(count), [&](int i) {
      const size_t f = numeric_[next_feature_ + static_cast<size_t>(i)];
      const float* column = x_.columns()[f].data();
      const std::span<const RowIdx> rows = cut_sample_.empty() ? cut_rows_ : std::span<const RowIdx>(cut_sample_);
      std::vector<float> values;
      values.reserve(rows.size());
      for (RowIdx r : rows) values.push_back(column[r]);
      if (!cut_sample_.empty() && static_cast<size_t>(std::count_if(values.begin(), values.end(), [](float v) { return v == v; })) <
                                      kMinSampledValues) {
        values.clear();  // mostly missing: its values from every row (few, so the list is short)
        for (RowIdx r : cut_rows_)
          if (column[r] == column[r]) values.push_back(column[r]);
      }
      m_.cuts[f] = QuantileCuts(std::move(values), max_bin_, placement_);
    });
    next_feature_ += count;
    if (next_feature_ == numeric_.size()) StartBins();
    return false;
  }
  if (phase_ == Phase::kBins) {
    const size_t block = std::max<size_t>(65536, cells_per_piece / std::max<size_t>(1, m_.num_features)) / 65536 * 65536;
    const size_t begin = next_row_, end = std::min(m_.num_rows, begin + block);
    if (m_.wide) FillBlock(m_.bins16, m_.cols16, begin, end);
    else FillBlock(m_.bins8, m_.cols8, begin, end);
    next_row_ = end;
    if (next_row_ >= m_.num_rows) {
      if (with_rows_) m_.sparse = SparseBins::Of(m_, pool_);
      phase_ = Phase::kDone;
    }
  }
  return phase_ == Phase::kDone;
}

double BinnedMatrixBuilder::Progress() const {
  const double total = cut_work_ + bin_work_;
  if (phase_ == Phase::kDone || total <= 0) return 1.0;
  const double cuts_done = numeric_.empty() ? 0 : cut_work_ * static_cast<double>(next_feature_) / static_cast<double>(numeric_.size());
  const double bins_done = static_cast<double>(next_row_) * static_cast<double>(m_.num_features);
  return (cuts_done + bins_done) / total;
}

// Once the cut points are known: each feature's bin range, the bins' width,
// and the matrices (zeros until their blocks are filled).
void BinnedMatrixBuilder::StartBins() {
  BinnedMatrix& m = m_;
  cut_rows_ = {};  // read no more: what is the builder's goes before the bins come
  std::vector<RowIdx>().swap(own_cut_rows_);
  std::vector<RowIdx>().swap(cut_sample_);
  for (size_t f : numeric_) m.offsets[f + 1] = static_cast<uint32_t>(m.cuts[f].size());
  for (size_t f = 0; f < m.num_features; ++f) m.offsets[f + 1] += m.offsets[f] + 1;  // + its missing bin
  // One byte per bin unless some feature stores an index above 255: a value
  // bin past 255, or its missing bin past 255 when it has missing values.
  // A feature of 257 bins (256 value bins or categories, then missing) needs
  // the wide form only when some row lands in its missing bin. A numeric
  // one's value bins stop at 255, so that is a NaN: found by a scan, not a
  // bin search a row (every feature of a dense file at max_bin 256 has 257
  // bins; wide's 50 x 1M rows took 0.8 s on one thread this way).
  for (size_t f = 0; f < m.num_features && !m.wide; ++f) {
    if (m.BinsOf(f) <= 256) continue;
    if (m.BinsOf(f) > 257) { m.wide = true; break; }
    const float* col = x_.columns()[f].data();
    if (m.categorical[f]) {
      for (size_t r = 0; r < m.num_rows && !m.wide; ++r) m.wide = BinOf(m, f, col[r]) > 255;
    } else {
      m.wide = std::any_of(col, col + m.num_rows, [](float v) { return v != v; });
    }
  }
  const size_t cells = m.num_rows * m.num_features;
  if (m.wide) {
    m.cols16.assign(cells, 0);
    if (with_rows_) m.bins16.assign(cells, 0);
  } else {
    m.cols8.assign(cells, 0);
    if (with_rows_) m.bins8.assign(cells, 0);
  }
  phase_ = m.num_rows ? Phase::kBins : Phase::kDone;
}

// Rows [begin, end) of every feature into the column-major matrix, then the
// same rows into the row-major one.
template <typename BinT>
void BinnedMatrixBuilder::FillBlock(std::vector<BinT>& rows, std::vector<BinT>& cols, size_t begin, size_t end) {
  const BinnedMatrix& m = m_;
  const size_t n = m.num_rows, F = m.num_features;
  pool_.Run(static_cast<int>(F), [&](int f) {
    const float* col = x_.columns()[f].data();
    BinT* out = cols.data() + f * n;
    const std::vector<float>& cuts = m.cuts[f];
    if (m.categorical[f] || cuts.empty()) {
      for (size_t r = begin; r < end; ++r) out[r] = static_cast<BinT>(BinOf(m, f, col[r]));
      return;
    }
    // The feature's cuts in locals: through `m`, every one-byte store (which
    // may alias anything) made the compiler load them again.
    const float* c = cuts.data();
    const size_t k = cuts.size();
    const BinT missing = static_cast<BinT>(m.MissingBin(static_cast<size_t>(f)));
    // Eight values searched side by side (ValueBins), the rest one by one.
    constexpr size_t kLanes = 8;
    size_t r = begin;
    auto put = [&](size_t l, uint32_t b) {
      out[r + l] = col[r + l] != col[r + l] ? missing : static_cast<BinT>(b);
    };
    for (; r + kLanes <= end; r += kLanes) ValueBins<kLanes>(c, k, col + r, put);
    for (; r < end; ++r) ValueBins<1>(c, k, col + r, put);
  });
  if (!with_rows_) return;
  const size_t blocks = (end - begin + 65535) / 65536;
  pool_.Run(static_cast<int>(blocks), [&](int b) {
    const size_t from = begin + static_cast<size_t>(b) * 65536, to = std::min(end, from + 65536);
    for (size_t r = from; r < to; ++r)
      for (size_t f = 0; f < F; ++f) rows[r * F + f] = cols[f * n + r];
  });
}

BinnedMatrix BinnedMatrixBuilder::Take() {
  while (!Step()) {
  }
  return std::move(m_);
}

BinnedMatrix BinnedMatrix::Build(const FeatureColumns& x, const std::vector<FeatureInfo>& features,
                                 std::span<const RowIdx> cut_rows, int max_bin, ThreadPool& pool,
                                 CutPlacement placement, Layout layout) {
  return BinnedMatrixBuilder(x, features, cut_rows, max_bin, pool, placement, layout).Take();
}

}  // namespace boostlab
