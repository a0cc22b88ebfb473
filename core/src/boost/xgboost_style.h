// XGBoost-style second-order boosting: each round computes (g, h) of the
// loss at the current margins, grows one tree per output on them and adds
// eta * w* at its leaves. Friedman's gradient boosting (gbdt.cc) is the same
// round with its own rows, statistics and leaf values (the hooks below).
#pragma once

#include <memory>  // for unique_ptr
#include <span>    // for span
#include <vector>  // for vector

#include "boost/algorithm.h"
#include "boost/dart.h"

namespace boostlab {

class XGBoostStyle : public Algorithm {
 public:
  using Algorithm::Algorithm;
  bool LeastSquares() const override { return false; }
  // leaf_newton_steps > 1 needs a loss that can step (Objective::StepsLeaves).
  void CheckLoss() const override;
  void Start() override;
  RoundReport Round() final;
  // The round's (g, h) per row, and each leaf's sums over the rows it fit.
  void Describe(RoundStatistics& out) const override;

 protected:
  // Which rows this round's trees see: with subsample < 1, XGBoost's hist
  // keeps every row in place and weighs the left-out ones 0.
  virtual void SampleRows();
  // What output k's tree is fit to: the loss's (g, h) themselves.
  virtual std::span<const GradPair> FitStatistics(std::span<const GradPair> loss, int k);
  // Output k's grown tree's leaf values (w* times eta, as grown), refreshed
  // where the loss asks (reg:absoluteerror: the leaf's median residual).
  virtual void SetLeaves(Tree& tree, std::span<const TreeLearner::LeafRows> leaves, std::span<const GradPair> loss,
                         double newton_scale, int k);

  std::vector<GradPair> gpair_;  // the loss's (g, h): K blocks of n

 private:
  // The regularised second-order objective a grown tree reached (RoundReport::tree_objective);
  // `scale`: what dart multiplied its leaf values by after it was grown.
  double TreeObjective(const Tree& tree, double scale) const;
  // Adds (or takes away) model tree t's values to the margins of the
  // training and validation rows, walked by their bins (dart).
  void AddToMargins(size_t t, bool subtract);

  std::unique_ptr<Dropout> dropout_;  // booster 'dart' only
  double added_scale_ = 1;            // dart: what the last round's new trees were scaled by
  // leaf_newton_steps: the leaves' values after that many Newton steps.
  void StepLeaves(Tree& tree, std::span<const TreeLearner::LeafRows> leaves, std::span<const GradPair> loss,
                  const SplitParams& p);
};

}  // namespace boostlab
