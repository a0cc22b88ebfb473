// Losses: each a small functor giving the gradient pair of one row, plus the
// starting margin and the transform from margin to prediction.
#pragma once

#include <algorithm>  // for max
#include <cmath>      // for exp, log
#include <span>       // for span
#include <string>     // for string

#include "boostlab/dataset.h"
#include "tree/histogram.h"

namespace boostlab {

struct SquaredError {
  static constexpr const char* kName = "reg:squarederror";
  GradPair operator()(float margin, float label) const { return {margin - label, 1.0f}; }
  static double MarginOf(double mean_label) { return mean_label; }
  static float Transform(float margin) { return margin; }
};

struct Logistic {
  static constexpr const char* kName = "binary:logistic";
  static float Sigmoid(float m) { return 1.0f / (1.0f + std::exp(-m)); }
  GradPair operator()(float margin, float label) const {
    const float p = Sigmoid(margin);
    return {p - label, std::max(p * (1.0f - p), 1e-16f)};
  }
  // Log-odds of a probability, kept away from 0 and 1.
  static double MarginOf(double p) {
    p = std::clamp(p, 1e-7, 1.0 - 1e-7);
    return std::log(p / (1.0 - p));
  }
  static float Transform(float margin) { return Sigmoid(margin); }
};

// The loop over rows, written once for every loss.
template <typename Loss>
void ComputeGradients(std::span<const float> margin, std::span<const float> label, std::span<const RowIdx> rows,
                      std::span<GradPair> out) {
  const Loss loss;
  for (RowIdx r : rows) out[r] = loss(margin[r], label[r]);
}

}  // namespace boostlab
