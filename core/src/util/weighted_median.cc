#include "util/weighted_median.h"

#include <algorithm>  // for stable_sort
#include <numeric>    // for iota
#include <vector>     // for vector

namespace boostlab {

float WeightedMedian(std::span<const float> prediction, std::span<const double> weight) {
  std::vector<size_t> order(prediction.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return prediction[a] < prediction[b]; });
  double total = 0;
  for (double w : weight) total += w;
  double cumulative = 0;
  for (size_t i : order) {
    cumulative += weight[i];
    if (cumulative >= 0.5 * total) return prediction[i];
  }
  return order.empty() ? 0.0f : prediction[order.back()];
}

}  // namespace boostlab
