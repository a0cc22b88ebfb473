#include "data/sparse_bins.h"

#include <algorithm>  // for max_element, min
#include <cstdint>    // for UINT32_MAX
#include <new>        // for bad_alloc

#include "data/binned_matrix.h"
#include "util/thread_pool.h"

namespace boostlab {
namespace {

// Rows in blocks of this many: the counts and fills run block by block
// across the pool, the same cells whatever the thread count.
constexpr size_t kRowsPerBlock = 16384;

template <typename BinT>
SparseBins Collect(const BinnedMatrix& m, const BinT* cols, ThreadPool& pool) {
  const size_t n = m.num_rows, F = m.num_features;
  SparseBins s;
  s.common.resize(F);
  std::vector<size_t> in_common(F);
  // Each feature's most common value bin (the missing bin is always kept:
  // the split search tells "has missing values" from its exact zero).
  // Categorical features keep every cell: their search weighs each category,
  // and one filled in from a total would weigh an absent one by rounding.
  pool.Run(static_cast<int>(F), [&](int f) {
    if (m.categorical[f] || m.BinsOf(f) < 2) {  // (a column of missing values only has no value bin)
      s.common[f] = SparseBins::kNone;
      return;
    }
    std::vector<size_t> count(m.BinsOf(f));
    const BinT* col = cols + static_cast<size_t>(f) * n;
    for (size_t r = 0; r < n; ++r) ++count[col[r]];
    const auto most = std::max_element(count.begin(), count.end() - 1);
    s.common[f] = m.offsets[f] + static_cast<uint32_t>(most - count.begin());
    in_common[f] = *most;
  });
  size_t common_cells = 0;
  for (size_t c : in_common) common_cells += c;
  const size_t cells = n * F, kept = cells - common_cells;
  if (cells == 0 || static_cast<double>(kept) > SparseBins::kMaxShare * static_cast<double>(cells)) return {};
  if (kept > UINT32_MAX) return {};  // row_start's range
  s.share = static_cast<double>(kept) / static_cast<double>(cells);
  std::vector<uint32_t> local_common(F);
  for (size_t f = 0; f < F; ++f) local_common[f] = s.common[f] == SparseBins::kNone ? SparseBins::kNone : s.common[f] - m.offsets[f];
  // Per row, its kept cells' count; then their starts; then the cells.
  s.row_start.assign(n + 1, 0);
  const int blocks = static_cast<int>((n + kRowsPerBlock - 1) / kRowsPerBlock);
  const BinT* rows = nullptr;
  if constexpr (sizeof(BinT) == 1) rows = m.bins8.data();
  else rows = m.bins16.data();
  pool.Run(blocks, [&](int b) {
    const size_t from = static_cast<size_t>(b) * kRowsPerBlock, to = std::min(n, from + kRowsPerBlock);
    for (size_t r = from; r < to; ++r) {
      uint32_t k = 0;
      for (size_t f = 0; f < F; ++f) k += rows[r * F + f] != local_common[f];
      s.row_start[r + 1] = k;
    }
  });
  for (size_t r = 0; r < n; ++r) s.row_start[r + 1] += s.row_start[r];
  s.cells.resize(s.row_start[n]);
  pool.Run(blocks, [&](int b) {
    const size_t from = static_cast<size_t>(b) * kRowsPerBlock, to = std::min(n, from + kRowsPerBlock);
    for (size_t r = from; r < to; ++r) {
      uint16_t* out = s.cells.data() + s.row_start[r];
      for (size_t f = 0; f < F; ++f) {
        const uint32_t bin = rows[r * F + f];
        if (bin != local_common[f]) *out++ = static_cast<uint16_t>(m.offsets[f] + bin);
      }
    }
  });
  return s;
}

}  // namespace

SparseBins SparseBins::Of(const BinnedMatrix& m, ThreadPool& pool) {
  // Needs the row-major bins, and every histogram index in two bytes.
  if (m.total_bins() > 65536 || (m.wide ? m.bins16.empty() : m.bins8.empty())) return {};
  // Only a faster way to the same histograms: a heap too full for them
  // (a big table in a tab's 4 GB) trains without them.
  try {
    return m.wide ? Collect(m, m.cols16.data(), pool) : Collect(m, m.cols8.data(), pool);
  } catch (const std::bad_alloc&) {
    return {};
  }
}

}  // namespace boostlab
