// The cells of a binned matrix outside each feature's most common value bin,
// row by row. Where most cells sit in that bin (word counts, one-hot columns,
// flags: 78 % of spam's cells), a histogram adds only these and fills each
// common bin from the node's total (LightGBM's "most frequent bin"), so a
// node costs its rows' uncommon cells instead of every cell.
#pragma once

#include <cstdint>  // for uint16_t, uint32_t
#include <vector>   // for vector

namespace boostlab {

struct BinnedMatrix;
class ThreadPool;

struct SparseBins {
  std::vector<uint32_t> row_start;  // num_rows + 1: row r's cells are cells[row_start[r] .. row_start[r + 1])
  std::vector<uint16_t> cells;      // global histogram indices, ascending within a row
  std::vector<uint32_t> common;     // per feature: the global index of its most common value bin, or kNone
  static constexpr uint32_t kNone = 0xffffffffu;  // a feature whose cells are all kept (categorical)
  double share = 1;                 // the matrix's cells kept here, 0 to 1

  bool empty() const { return row_start.empty(); }

  // Kept only where they are at most this share of the cells: then they
  // take at most 0.7 of the row-major bins' bytes (two bytes a cell), and a
  // histogram adds under a third of the cells.
  static constexpr double kMaxShare = 0.35;
  // From the column-major bins; empty when the matrix is dense, or its
  // histogram indices do not fit two bytes.
  static SparseBins Of(const BinnedMatrix& m, ThreadPool& pool);
};

}  // namespace boostlab
