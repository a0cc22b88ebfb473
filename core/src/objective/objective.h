// Losses. Each one gives per-row gradient pairs of the margin, its starting
// margin (boosting from the average), and the transform from margin to
// prediction. Margins and predictions are n x K, row-major (K = outputs()).
#pragma once

#include <memory>  // for unique_ptr
#include <span>    // for span
#include <string>  // for string
#include <vector>  // for vector

#include "boostlab/dataset.h"
#include "boostlab/params.h"
#include "tree/histogram.h"

namespace boostlab {

class ThreadPool;

// Sums of a leaf's gradient pairs, in double.
struct GradSum {
  double g = 0, h = 0;
};

class Objective {
 public:
  virtual ~Objective() = default;
  virtual const char* name() const = 0;
  virtual int outputs() const { return 1; }
  // Throws Error{"BAD_PARAM"} when the labels cannot be used with this loss.
  virtual void CheckLabels(std::span<const float> label, std::span<const RowIdx> rows) const { (void)label, (void)rows; }
  // Best constant margin for each output over the rows (f0 = argmin_c sum L(y, c)).
  virtual std::vector<double> AverageMargin(std::span<const float> label, std::span<const RowIdx> rows) const = 0;
  // The user's base_score (on the prediction scale) as a margin.
  virtual double MarginOfBaseScore(double base_score) const { return base_score; }
  // out[k * n + r] is the gradient pair of row r for output k. `pred` holds
  // Transform(margin) for the same rows, so losses need not recompute it.
  virtual void Gradients(std::span<const float> margin, std::span<const float> pred, std::span<const float> label,
                         std::span<const RowIdx> rows, std::span<GradPair> out, ThreadPool& pool) const = 0;
  // One row's K margins -> K predictions.
  virtual void Transform(const float* margin, float* out) const = 0;
  // The same for each of `rows` (margin and out indexed by row, K a row):
  // one virtual call for many rows, as every round transforms every row.
  // A class that changes Transform changes this too (a test holds them to
  // each other for every objective).
  virtual void TransformRows(const float* margin, float* out, std::span<const RowIdx> rows) const {
    const size_t K = static_cast<size_t>(outputs());
    for (RowIdx r : rows) Transform(margin + r * K, out + r * K);
  }
  virtual std::vector<std::string> DefaultMetrics() const = 0;
  virtual double DefaultMaxDeltaStep() const { return 0; }
  // Losses whose leaf values are set after the tree is grown (XGBoost's
  // adaptive leaves for reg:absoluteerror): the value for one leaf's rows,
  // of a tree for output `output` (margin n x K).
  virtual bool RefreshesLeaves() const { return false; }
  virtual double LeafValue(std::span<const RowIdx> rows, std::span<const float> margin, std::span<const float> label,
                           int output) const {
    (void)rows, (void)margin, (void)label, (void)output;
    return 0;
  }
  // More Newton steps on a grown tree's leaves (leaf_newton_steps): the
  // weighted sums of (g, h) over `rows` at margins shifted by `shift`
  // (single-output losses given per row; the others cannot step).
  virtual bool StepsLeaves() const { return false; }
  virtual GradSum SumsAt(std::span<const RowIdx> rows, std::span<const float> margin, std::span<const float> label,
                         double shift) const {
    (void)rows, (void)margin, (void)label, (void)shift;
    return {};
  }
  // Per-row sample weights (empty: all 1), set once before training. They
  // scale each row's gradient pair and weigh the rows in AverageMargin and
  // LeafValue. The span must outlive the objective.
  void SetWeights(std::span<const float> weight) { weight_ = weight; }
  // Ranking losses: the training rows' queries (they must outlive the
  // objective), and the round about to be trained (it seeds their pair draws).
  virtual void SetGroups(const QueryGroups* train) { (void)train; }
  virtual void BeginRound(int round) { (void)round; }

 protected:
  std::span<const float> weight_;
};

// Softmax's h is c p(1-p): c for K classes under params.softmax_hessian
// (XGBoost's 2, or LightGBM's K/(K-1)).
float SoftmaxHessianFactor(const Params& params, int num_class);

// Throws Error{"BAD_PARAM"} for an unknown name.
std::unique_ptr<Objective> MakeObjective(const std::string& name, const Params& params, int num_class);

// Tweedie's variance power as XGBoost writes it in its metric's name (tweedie-nloglik@1.5).
std::string TweediePower(double rho);

}  // namespace boostlab
