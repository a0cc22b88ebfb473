// Finds the best split of a node from its histogram with XGBoost's rules:
// gain = score(L) + score(R) - score(parent), score = T(G)^2/(H+lambda) with
// T the L1 soft threshold (or, with max_delta_step, the score of the clipped
// weight). XGBoost reports gain without the 1/2 of the textbook formula, and
// so do we.
#pragma once

#include <span>    // for span
#include <vector>  // for vector

#include "data/binned_matrix.h"
#include "tree/feature_histogram.h"
#include "tree/histogram.h"

namespace boostlab {

struct SplitParams {
  double lambda = 1.0;
  double alpha = 0.0;
  double max_delta_step = 0.0;  // 0: no limit
  double min_child_weight = 1.0;
  int max_cat_to_onehot = 4;
  int max_cat_threshold = 64;
  bool float_gain = true;  // round gains to float as XGBoost (ties alike); off: compare in double (sklearn)
};

struct SplitCandidate {
  bool valid = false;
  double gain = 0;
  int feature = -1;
  uint32_t bin = 0;  // numeric: left = value bins 0..bin
  bool default_left = false;
  bool categorical = false;
  std::vector<uint32_t> right_bins;  // categorical: bins (= category codes) that go right, ascending
  double left_g = 0, left_h = 0, right_g = 0, right_h = 0;
};

// Leaf weight w* = -T(G)/(H+lambda), clipped to max_delta_step; 0 when H is
// below min_child_weight (as XGBoost's CalcWeight).
double LeafWeight(double g, double h, const SplitParams& p);
// The node's score; a split's gain is the children's minus the parent's.
double LeafScore(double g, double h, const SplitParams& p);

// Scans the given features. Numeric ones twice: missing values sent right,
// then left (only when the node has missing values). Ties keep the first
// found, so the choice is deterministic.
SplitCandidate FindBestSplit(const BinnedMatrix& bins, std::span<const HistBin> hist, double sum_g, double sum_h,
                             const SplitParams& params, std::span<const int> features);

// Multi-output least squares (multiclass AdaBoost and forests): `hist` holds
// K histograms of (g_k, h) one after another, h shared by the outputs, and a
// split's gain is the sum over outputs of the single-output gain. With g_k =
// -u [y = k] and h = u that is the weighted Gini decrease, as CART's. Category
// codes are scanned in their order (as an ordinal feature): the right set is
// every code above the threshold.
SplitCandidate FindBestSplitMulti(const BinnedMatrix& bins, std::span<const HistBin> hist, int outputs,
                                  const SplitParams& params, std::span<const int> features);

// The best split of feature f alone, from its histogram over the node's rows
// (tree/feature_histogram.h; categorical features need a dense one with one
// output), with the node's totals: sum_g per output, sum_h. The same split,
// bin for bin, as the scan of the feature's full histogram above: entries
// left out hold no rows, and ties keep the first found either way.
SplitCandidate FindBestSplitOfFeature(const BinnedMatrix& bins, int f, const FeatureHistogram& fh,
                                      std::span<const double> sum_g, double sum_h, const SplitParams& params);

}  // namespace boostlab
