// The weighted median: how AdaBoost.R2's trees combine (the whole-model
// prediction in tree/ and the rounds in boost/ both take it, so it lives below both).
#pragma once

#include <span>  // for span

namespace boostlab {

// The first prediction whose cumulative weight, in ascending order of
// prediction, reaches half the total (scikit-learn's weighted median).
float WeightedMedian(std::span<const float> prediction, std::span<const double> weight);

}  // namespace boostlab
