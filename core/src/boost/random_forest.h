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

// One tree's bootstrap sample: each row's statistics, the rows drawn at
// least once (the tree is grown on these alone) and the rows never drawn.
struct ForestSample {
  std::vector<GradPair> fit;
  std::vector<RowIdx> in_bag, out_of_bag;  // both in the order of the rows given
  // The rows the tree carries down to its leaves (TreeLearner::Grow): out of
  // bag, then validation rows. Filled by the caller.
  std::vector<RowIdx> carried;
  std::vector<uint32_t> count;  // per row: times drawn (0: out of bag, or not a training row)
};

// Draws N = rows.size() rows with replacement, c times each; with sample
// weights w (empty: all 1) a row counts c w, as scikit-learn's. outputs 1:
// fit[r] = (-c w y, c w); outputs K > 1 (classes): (-c w, c w), for
// TreeLearner::GrowClasses. fit holds every row of the dataset; rows drawn
// but weighing 0 are out of the bag (they cannot shape the tree).
void ForestBootstrap(std::span<const float> label, std::span<const float> weight, std::span<const RowIdx> rows,
                     Rng& rng, int outputs, ForestSample& sample);

// Out-of-bag sums: each row's predictions (K per row) from the trees that did not draw it.
struct OutOfBag {
  OutOfBag() = default;
  OutOfBag(size_t rows, int outputs) : K(outputs), sum(rows * outputs, 0.0), count(rows, 0) {}
  int K = 1;
  std::vector<double> sum;
  std::vector<int> count;
  // Error rate (classification: the largest mean output's class, or mean >
  // 1/2 for one output) or RMSE (regression) over rows with an OOB
  // prediction, weighted by the sample weights (empty: all 1).
  double Score(std::span<const float> label, std::span<const float> weight, std::span<const RowIdx> rows,
               bool classification) const;
};

}  // namespace boostlab
