// Random forest (Breiman): each tree sees a bootstrap sample (as row counts
// c), fits the labels by least squares (-c y, c) so a leaf holds the mean
// label (a class frequency for classification), splits on a random share of
// the features at each node, and grows deep. The forest averages its trees;
// rows a tree never saw give the out-of-bag error after each tree.
#pragma once

#include <span>    // for span
#include <vector>  // for vector

#include "boostlab/dataset.h"
#include "tree/histogram.h"

namespace boostlab {

class Rng;

// Draws N = rows.size() rows with replacement. outputs 1: fit[r] = (-c y, c);
// outputs K > 1 (classes): (-c, c), for TreeLearner::GrowClasses.
void ForestBootstrap(std::span<const float> label, std::span<const RowIdx> rows, Rng& rng, int outputs,
                     std::span<GradPair> fit);

// Out-of-bag sums: each row's predictions (K per row) from the trees that did not draw it.
struct OutOfBag {
  OutOfBag() = default;
  OutOfBag(size_t rows, int outputs) : K(outputs), sum(rows * outputs, 0.0), count(rows, 0) {}
  int K = 1;
  std::vector<double> sum;
  std::vector<int> count;
  // Error rate (classification: the largest mean output's class, or mean >
  // 1/2 for one output) or RMSE (regression) over rows with an OOB prediction.
  double Score(std::span<const float> label, std::span<const RowIdx> rows, bool classification) const;
};

}  // namespace boostlab
