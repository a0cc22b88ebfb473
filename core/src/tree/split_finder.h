// Finds the best split of a node from its histogram with XGBoost's rules:
// gain = score(L) + score(R) - score(parent), score = T(G)^2/(H+lambda) with
// T the L1 soft threshold (or, with max_delta_step, the score of the clipped
// weight). XGBoost reports gain without the 1/2 of the textbook formula, and
// so do we.
#pragma once

#include <algorithm>  // for max
#include <cmath>   // for abs, copysign, nearbyint
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
  // Score a side by the weight of its heaviest class instead of G^2/(H+lambda):
  // the gain is then the fall in weighted misclassification, the impurity of
  // the notes' AdaBoost-Stump. Needs the fit AdaBoost gives its trees (g = -u y
  // with y in {0, 1}, h = u; K > 2: g_k = -u [y = k]).
  bool error_criterion = false;
};

// The gain a scan ranks by: rounded to float (XGBoost), exact (scikit-learn),
// or, for the error criterion, to 2^-40: the weights sum to 1 there, and two
// splits that misclassify the same rows must tie (summed in another order
// they differed in the last bits), so that the first found wins as a direct
// reading of the definition would have it.
inline double RankedGain(double exact, const SplitParams& p) {
  if (p.error_criterion) return std::nearbyint(exact * 0x1p40) * 0x1p-40;
  return p.float_gain ? static_cast<float>(exact) : exact;
}

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

inline double ThresholdL1(double g, double alpha) {
  if (g > alpha) return g - alpha;
  if (g < -alpha) return g + alpha;
  return 0;
}

// Leaf weight w* = -T(G)/(H+lambda), clipped to max_delta_step; 0 when H is
// below min_child_weight (as XGBoost's CalcWeight).
inline double LeafWeight(double g, double h, const SplitParams& p) {
  if (h < p.min_child_weight || h <= 0) return 0;
  double w = -ThresholdL1(g, p.alpha) / (h + p.lambda);
  if (p.max_delta_step != 0 && std::abs(w) > p.max_delta_step) w = std::copysign(p.max_delta_step, w);
  return w;
}

// The node's score; a split's gain is the children's minus the parent's.
// Inline: a forest's scans call it for every boundary of every node.
inline double LeafScore(double g, double h, const SplitParams& p) {
  if (h < p.min_child_weight || h <= 0) return 0;
  if (p.error_criterion) return std::max(-g, h + g);  // the heavier class: class 1 weighs -g, class 0 h + g
  if (p.max_delta_step == 0) {
    const double t = ThresholdL1(g, p.alpha);
    return t * t / (h + p.lambda);
  }
  const double w = LeafWeight(g, h, p);
  return -(2 * g * w + (h + p.lambda) * w * w) + (p.alpha != 0 ? p.alpha * std::abs(w) : 0);
}

// A node's monotone constraints (tree/feature_constraints.h): the bounds on
// its weight and each feature's direction. With them every gain takes
// XGBoost 3.2's constrained form: each side's weight clamped to the bounds,
// its score -(2 G w + (H + lambda) w^2), all in float as XGBoost computes
// it, and a split whose sides' weights break the feature's order is none.
struct MonotoneBounds {
  const int8_t* direction;  // per feature: -1, 0 or 1
  float lower, upper;
  float Weight(double g, double h, const SplitParams& p) const {
    const float w = static_cast<float>(LeafWeight(g, h, p));
    return w < lower ? lower : w > upper ? upper : w;
  }
  static float Score(double g, double h, float w, const SplitParams& p) {
    if (h <= 0) return 0.0f;
    const float gf = static_cast<float>(g), hf = static_cast<float>(h), lambda = static_cast<float>(p.lambda);
    return -(2.0f * gf * w + (hf + lambda) * (w * w));
  }
  float NodeScore(double g, double h, const SplitParams& p) const { return Score(g, h, Weight(g, h, p), p); }
};

// One search's state: the node's totals and the best split so far. Every
// numeric scan (histograms, compact histograms, a small node's sorted rows)
// offers its candidates here, so they rank and break ties alike.
struct SplitScan {
  const SplitParams& p;
  double sum_g, sum_h, parent_score;
  SplitCandidate best;
  // A numeric feature is closed in a node when no threshold leaves at least
  // min_child_weight - closed_margin on both sides (see FindBestSplit).
  double closed_margin = 0;
  // No h of the node is negative: a side's sum only grows as it takes bins
  // (in floating point too), so a scan stops once the shrinking side is
  // below min_child_weight - closed_margin: no later candidate can pass.
  bool h_nonnegative = false;
  // Monotone constraints (parent_score is then MonotoneBounds::NodeScore).
  const MonotoneBounds* mono = nullptr;

  // Returns true when (gl, hl) | rest became the best split.
  bool Consider(int f, uint32_t bin, bool default_left, double gl, double hl) {
    const double gr = sum_g - gl, hr = sum_h - hl;
    if (hl < p.min_child_weight || hr < p.min_child_weight) return false;
    double gain;
    if (mono) {
      const float wl = mono->Weight(gl, hl, p), wr = mono->Weight(gr, hr, p);
      const int8_t c = mono->direction[f];
      if ((c > 0 && !(wl <= wr)) || (c < 0 && !(wl >= wr))) return false;
      const float sides = MonotoneBounds::Score(gl, hl, wl, p) + MonotoneBounds::Score(gr, hr, wr, p);
      gain = sides - static_cast<float>(parent_score);  // in float, as XGBoost
    } else {
      // Rounded to float as XGBoost stores loss_chg, so near-ties break alike.
      gain = RankedGain(LeafScore(gl, hl, p) + LeafScore(gr, hr, p) - parent_score, p);
    }
    if (best.valid && !(gain > best.gain)) return false;
    best.valid = true;
    best.gain = gain;
    best.feature = f;
    best.bin = bin;
    best.default_left = default_left;
    best.categorical = false;
    best.right_bins.clear();
    best.left_g = gl, best.left_h = hl, best.right_g = gr, best.right_h = hr;
    return true;
  }
};

// A numeric feature no threshold of which leaves min_child_weight of hessian
// on both sides of a node cannot split any node below it either, when no
// row's h is negative: a child's side of a threshold holds a subset of the
// parent's side's rows. Such features need neither a scan nor a histogram
// further down the tree. `margin` absorbs the rounding of the sums (a
// child's side summed another way may come out a few ulps above its
// parent's): a feature is closed only when every threshold falls short of
// min_child_weight - margin on one side.
struct ClosedFeatures {
  double margin = 0;
  std::vector<int> found;  // appended to by FindBestSplit
};

// Scans the given features. Numeric ones twice: missing values sent right,
// then left (only when the node has missing values). Ties keep the first
// found, so the choice is deterministic. With `closed`, the numeric features
// found closed in this node are appended to closed->found.
// With `mono`, gains take the constrained form (MonotoneBounds).
SplitCandidate FindBestSplit(const BinnedMatrix& bins, std::span<const HistBin> hist, double sum_g, double sum_h,
                             const SplitParams& params, std::span<const int> features,
                             ClosedFeatures* closed = nullptr, const MonotoneBounds* mono = nullptr);

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
