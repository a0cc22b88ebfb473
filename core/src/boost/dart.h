// DART (Rashmi and Gilad-Bachrach, 2015; XGBoost's booster 'dart'):
// dropout for boosted trees. Each round some earlier trees are left out
// while the new tree is fit, so it learns what the rest of the ensemble
// misses rather than the small correction the last trees leave; then the
// new tree and the dropped ones are scaled so that together they stand
// where the dropped ones stood. Later trees no longer just polish what
// the first ones did (boosting's over-specialisation).
//
// The scales are baked into the trees' leaf values (the model stays a plain
// sum of trees: predict, SHAP, the files and the XGBoost export need no
// weights), and each tree's weight is kept here only to draw by it
// (sample_type 'weighted').
#pragma once

#include <cstddef>  // for size_t
#include <cstdint>  // for uint64_t
#include <vector>   // for vector

#include "boostlab/params.h"

namespace boostlab {

class Dropout {
 public:
  // The trees this run grows are droppable (those of a model it continues are not).
  explicit Dropout(const Params& p) : p_(p) {}

  // Which of the run's trees (0-based among them) this round leaves out,
  // ascending, drawn as XGBoost draws them: none with chance skip_drop; else
  // each with chance rate_drop (weighted: rate_drop times trees times its
  // share of the weights); one_drop draws one when that left none.
  std::vector<size_t> Draw(uint64_t seed) const;

  // The scales of a round that dropped `dropped` trees and adds `new_trees`
  // (K a round): XGBoost's normalize_type 'tree' (the new trees weigh as
  // much as one dropped tree: 1/(k + lr) and k/(k + lr), lr = eta / new_trees)
  // or 'forest' (as all of them together: 1/(1 + lr) both). 1 and 1 when none dropped.
  struct Scales {
    double dropped = 1, added = 1;
  };
  Scales ScalesFor(size_t dropped, int new_trees) const;

  // Records the round: the dropped trees' weights times scales.dropped, and new_trees new ones at scales.added.
  void Commit(const std::vector<size_t>& dropped, const Scales& scales, int new_trees);

  size_t trees() const { return weight_.size(); }

 private:
  const Params& p_;
  std::vector<double> weight_;  // each of the run's trees, in order
};

}  // namespace boostlab
