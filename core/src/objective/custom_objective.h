// A loss the caller computes: objective 'custom', XGBoost's obj. Each round
// the caller reads the training rows' margins (Booster::Margins), computes
// each row's gradient and hessian of its own loss, and gives them
// (Booster::SetGradients) before the round trains; the trees are grown on
// them as on any loss's (Newton leaves -G/(H + lambda)). The prediction is
// the margin itself, as XGBoost's with a custom objective; sample weights are
// the caller's to apply, as there.
#pragma once

#include <span>    // for span
#include <string>  // for string
#include <vector>  // for vector

#include "objective/objective.h"

namespace boostlab {

class CustomObjective : public Objective {
 public:
  explicit CustomObjective(int outputs, double base_margin) : outputs_(outputs), base_(base_margin) {}
  const char* name() const override { return "custom"; }
  int outputs() const override { return outputs_; }
  // base_score (0 when not given) for each output: there is no loss to minimise over a constant.
  std::vector<double> AverageMargin(std::span<const float>, std::span<const RowIdx>) const override {
    return std::vector<double>(static_cast<size_t>(outputs_), base_);
  }
  double MarginOfBaseScore(double base_score) const override { return base_score; }
  // The pairs given for this round; throws CUSTOM_GRADIENTS_MISSING when none were.
  void Gradients(std::span<const float> margin, std::span<const float> pred, std::span<const float> label,
                 std::span<const RowIdx> rows, std::span<GradPair> out, ThreadPool& pool) const override;
  void Transform(const float* margin, float* out) const override {
    for (int k = 0; k < outputs_; ++k) out[k] = margin[k];
  }
  std::vector<std::string> DefaultMetrics() const override { return {}; }
  // grad and hess: rows x outputs, the training rows in their order; checked (sizes, finite, hess >= 0).
  void Give(std::span<const float> grad, std::span<const float> hess, size_t rows);

 private:
  int outputs_;
  double base_;
  mutable std::vector<GradPair> given_;  // used once: the next round needs its own
};

}  // namespace boostlab
