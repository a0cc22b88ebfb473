// Finds the best split of a node from its histogram, with XGBoost's gain:
// G_L^2/(H_L+lambda) + G_R^2/(H_R+lambda) - G^2/(H+lambda) (XGBoost reports it
// without the factor 1/2 of the textbook formula, and so do we).
#pragma once

#include <span>  // for span

#include "data/binned_matrix.h"
#include "tree/histogram.h"

namespace boostlab {

struct SplitParams {
  double lambda = 1.0;
  double min_child_weight = 1.0;
};

struct SplitCandidate {
  bool valid = false;
  double gain = 0;
  int feature = -1;
  uint32_t bin = 0;  // left = value bins 1..bin (plus missing when default_left)
  bool default_left = false;
  double left_g = 0, left_h = 0, right_g = 0, right_h = 0;
};

inline double LeafScore(double g, double h, double lambda) { return g * g / (h + lambda); }
inline double LeafWeight(double g, double h, double lambda) { return -g / (h + lambda); }

// Scans every feature twice: missing values sent right, then sent left (only
// when the node has missing values for that feature). Ties keep the first
// found, so the choice is deterministic.
SplitCandidate FindBestSplit(const BinnedMatrix& bins, std::span<const HistBin> hist, double sum_g, double sum_h,
                             const SplitParams& params);

}  // namespace boostlab
