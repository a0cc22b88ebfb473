// Discrete AdaBoost / SAMME (binary for now): each round a tree is fit to the
// labels weighted by u, votes alpha_t = eta * ln((1 - e_t) / e_t) with e_t its
// weighted error, and u <- u * exp(alpha_t [wrong]), normalised.
#pragma once

#include <span>    // for span
#include <vector>  // for vector

#include "boostlab/dataset.h"
#include "tree/histogram.h"

namespace boostlab {

class Rng;

// What the tree is fit to. reweight: (-u y, u), so a leaf's value is the
// weighted share of class 1 and the split gain is the weighted Gini decrease
// (up to a factor 2). resample: N rows drawn in proportion to u, as counts c:
// (-c y, c) — an unweighted tree on the drawn rows.
void AdaFitStatistics(std::span<const double> u, std::span<const float> label, std::span<const RowIdx> rows,
                      bool resample, Rng& rng, std::span<GradPair> fit);

struct AdaVote {
  double epsilon = 0;   // weighted error of this round's tree
  double alpha = 0;     // its vote
  bool keep = true;     // false: no better than chance, the tree is dropped
  bool last = false;    // stop after this round (perfect, or dropped)
};

// epsilon = 0 gets a large finite vote and ends training; epsilon >= 1/2
// (1 - 1/K for K = 2) ends training without the tree.
AdaVote AdaVoteFor(double weighted_error, double eta);

// u <- u * exp(alpha [wrong]), then u sums to 1 over the rows.
void AdaUpdateWeights(std::span<double> u, std::span<const char> wrong, std::span<const RowIdx> rows, double alpha);

}  // namespace boostlab
