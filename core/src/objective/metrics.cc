#include "objective/metrics.h"

#include <algorithm>  // for clamp
#include <cmath>      // for sqrt, log

namespace boostlab {

double Rmse(std::span<const float> pred, std::span<const float> label, std::span<const RowIdx> rows) {
  double sum = 0;
  for (RowIdx r : rows) {
    const double d = static_cast<double>(pred[r]) - label[r];
    sum += d * d;
  }
  return rows.empty() ? 0 : std::sqrt(sum / static_cast<double>(rows.size()));
}

double LogLoss(std::span<const float> prob, std::span<const float> label, std::span<const RowIdx> rows) {
  constexpr double kEps = 1e-15;
  double sum = 0;
  for (RowIdx r : rows) {
    const double p = std::clamp(static_cast<double>(prob[r]), kEps, 1.0 - kEps);
    sum -= label[r] > 0.5f ? std::log(p) : std::log(1.0 - p);
  }
  return rows.empty() ? 0 : sum / static_cast<double>(rows.size());
}

double ErrorRate(std::span<const float> prob, std::span<const float> label, std::span<const RowIdx> rows) {
  double wrong = 0;
  for (RowIdx r : rows) wrong += (prob[r] > 0.5f) != (label[r] > 0.5f);
  return rows.empty() ? 0 : wrong / static_cast<double>(rows.size());
}

}  // namespace boostlab
