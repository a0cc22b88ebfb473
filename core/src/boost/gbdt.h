// Gradient boosting after Friedman: each tree is a least-squares fit to the
// pseudo-residuals r = -g (so every row weighs h = 1), and its outputs are
// then set by a line search for the real loss. These are the rules that make
// the shared booster loop Friedman's algorithm instead of XGBoost's.
#pragma once

#include <span>  // for span

#include "boostlab/dataset.h"
#include "tree/histogram.h"

namespace boostlab {

class Rng;

// The statistics the tree is fit to: (g, w) for rows in this round's sample,
// (0, 0) for the others. `loss` holds the loss's own (g, h), already times
// the rows' weights w (empty: all 1).
void GbdtFitStatistics(std::span<const GradPair> loss, std::span<const float> weight, std::span<GradPair> fit,
                       std::span<const RowIdx> rows);

// Friedman's stochastic boosting: a share of the rows drawn without
// replacement; rows left out get (0, 0) in `loss`, for every output.
void GbdtSubsample(std::span<GradPair> loss, size_t n, int outputs, std::span<const RowIdx> rows, double share, Rng& rng);

// One leaf's value by line search: one Newton step -sum g / sum h on the
// loss's own (g, h), times `scale` (1; (K-1)/K * 2 for softmax, whose h is
// XGBoost's 2p(1-p)). For squared error it is the mean residual.
double GbdtLeafValue(std::span<const RowIdx> rows, std::span<const GradPair> loss, double scale);

}  // namespace boostlab
