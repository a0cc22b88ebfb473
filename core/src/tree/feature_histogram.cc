#include "tree/feature_histogram.h"

#include <algorithm>  // for sort, fill

namespace boostlab {
namespace {

// A node this much smaller than the feature's bin count sorts its rows' bins
// (n log n) instead of clearing and scanning every bin.
constexpr size_t kSortBelowBinsPerRow = 4;

}  // namespace

int FeatureHistogram::Occupied() const {
  int n = 0;
  for (size_t i = 0; i < bin.size(); ++i) n += sums[i].h > 0;
  return n;
}

template <typename BinT>
void FeatureHistogramBuilder::BuildSorted(const BinT* column, size_t f, std::span<const RowIdx> rows,
                                          std::span<const GradPair> gpair, int outputs,
                                          std::span<const float> output_of_row, FeatureHistogram& out) {
  const size_t n = rows.size();
  keys_.resize(n);
  for (size_t i = 0; i < n; ++i) keys_[i] = static_cast<uint64_t>(column[rows[i]]) << 32 | i;
  std::sort(keys_.begin(), keys_.end());
  // Entries: the distinct bins in order, then the missing bin if no row had it.
  const uint32_t missing = bins_.MissingBin(f);
  out.bin.clear();
  entry_.resize(n);
  for (size_t i = 0; i < n; ++i) {
    const uint32_t b = static_cast<uint32_t>(keys_[i] >> 32);
    if (out.bin.empty() || out.bin.back() != b) out.bin.push_back(b);
    entry_[i] = static_cast<uint32_t>(out.bin.size() - 1);
  }
  if (out.bin.empty() || out.bin.back() != missing) out.bin.push_back(missing);
  const size_t m = out.bin.size();
  out.sums.assign(m * outputs, HistBin{});
  for (size_t i = 0; i < n; ++i) {
    const RowIdx r = rows[keys_[i] & 0xffffffffu];
    const size_t e = entry_[i];
    const size_t own = outputs > 1 ? static_cast<size_t>(output_of_row[r]) * m : 0;
    out.sums[own + e].g += gpair[r].g;
    out.sums[e].h += gpair[r].h;
  }
}

template <typename BinT>
void FeatureHistogramBuilder::BuildDense(const BinT* column, size_t f, std::span<const RowIdx> rows,
                                         std::span<const GradPair> gpair, int outputs,
                                         std::span<const float> output_of_row, bool keep_all,
                                         FeatureHistogram& out) {
  const uint32_t nb = bins_.BinsOf(f);
  dense_.assign(static_cast<size_t>(nb) * outputs, HistBin{});
  for (RowIdx r : rows) {
    const uint32_t b = column[r];
    const size_t own = outputs > 1 ? static_cast<size_t>(output_of_row[r]) * nb : 0;
    dense_[own + b].g += gpair[r].g;
    dense_[b].h += gpair[r].h;
  }
  auto occupied = [&](uint32_t b) {
    if (dense_[b].h != 0) return true;
    for (int k = 0; k < outputs; ++k)
      if (dense_[static_cast<size_t>(k) * nb + b].g != 0) return true;
    return false;
  };
  out.bin.clear();
  for (uint32_t b = 0; b + 1 < nb; ++b)
    if (keep_all || occupied(b)) out.bin.push_back(b);
  out.bin.push_back(nb - 1);  // missing, always
  const size_t m = out.bin.size();
  out.sums.resize(m * outputs);
  for (int k = 0; k < outputs; ++k)
    for (size_t e = 0; e < m; ++e) out.sums[k * m + e] = dense_[static_cast<size_t>(k) * nb + out.bin[e]];
}

void FeatureHistogramBuilder::Build(size_t f, std::span<const RowIdx> rows, std::span<const GradPair> gpair,
                                    int outputs, std::span<const float> output_of_row, bool dense,
                                    FeatureHistogram& out) {
  const bool sorted = !dense && rows.size() * kSortBelowBinsPerRow < bins_.BinsOf(f);
  if (bins_.wide) {
    const uint16_t* column = bins_.Column<uint16_t>(f);
    if (sorted) BuildSorted(column, f, rows, gpair, outputs, output_of_row, out);
    else BuildDense(column, f, rows, gpair, outputs, output_of_row, dense, out);
  } else {
    const uint8_t* column = bins_.Column<uint8_t>(f);
    if (sorted) BuildSorted(column, f, rows, gpair, outputs, output_of_row, out);
    else BuildDense(column, f, rows, gpair, outputs, output_of_row, dense, out);
  }
}

}  // namespace boostlab
