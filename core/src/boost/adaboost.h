// AdaBoost. Classification (SAMME, Zhu et al. 2009): each round a tree is fit
// to the labels weighted by u; discrete SAMME votes alpha_t = eta * (ln((1 -
// e_t) / e_t) + ln(K - 1)) for the class it predicts, with e_t its weighted
// error, and u <- u * exp(alpha_t [wrong]); real SAMME.R adds eta * (K-1) *
// (ln p_k - mean_j ln p_j) of the leaf's weighted class shares p and updates
// u <- u * exp(-eta (K-1)/K y.ln p). Regression (AdaBoost.R2, Drucker 1997):
// per-row losses L in [0, 1] relative to the largest error, e_t = sum u L,
// beta_t = e_t / (1 - e_t), u <- u * beta_t^(eta (1 - L)), and the model is
// the trees' median weighted by eta ln(1 / beta_t).
#pragma once

#include <span>    // for span
#include <string>  // for string
#include <vector>  // for vector

#include "boostlab/dataset.h"
#include "tree/histogram.h"
#include "util/weighted_median.h"  // for WeightedMedian, how R2 combines its trees

namespace boostlab {

class Rng;

// What the tree is fit to. `outputs` 1 (two classes, or regression): (-w y,
// w), so a leaf's value is the weighted share of class 1 (or the weighted
// mean) and the split gain the weighted Gini (or variance) decrease, up to a
// factor 2. `outputs` K > 2: (-w, w), for TreeLearner::GrowClasses. w is u
// (reweight), or resample: the count of N rows drawn in proportion to u, an
// unweighted tree on the drawn rows.
void AdaFitStatistics(std::span<const double> u, std::span<const float> label, std::span<const RowIdx> rows,
                      bool resample, Rng& rng, int outputs, std::span<GradPair> fit);

struct AdaVote {
  double epsilon = 0;   // weighted error of this round's tree
  double alpha = 0;     // its vote
  bool keep = true;     // false: no better than chance, the tree is dropped
  bool last = false;    // stop after this round (perfect, or dropped)
};

// SAMME's vote for K classes (`half`: Freund & Schapire's, half of it: for
// two classes ln sqrt((1-e)/e), the notes' ln(diamond)). epsilon = 0 gets a
// large finite vote and ends training; epsilon >= 1 - 1/K ends training
// without the tree.
AdaVote AdaVoteFor(double weighted_error, double eta, int classes = 2, bool half = false);

// u <- u * exp(exponent[r]) for rows with u > 0, then u sums to 1 over the
// rows. Returns the sum before normalising (the factor the exponential loss
// shrank or grew by).
double AdaReweight(std::span<double> u, std::span<const double> exponent, std::span<const RowIdx> rows);

// AdaBoost.R2's per-row loss of an absolute error relative to the largest:
// linear L, square L^2, exponential 1 - exp(-L).
double R2Loss(double relative_error, const std::string& loss);


}  // namespace boostlab
