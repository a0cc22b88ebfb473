#include "boost/adaboost.h"

#include <algorithm>  // for upper_bound
#include <cmath>      // for log, exp

#include "util/rng.h"

namespace boostlab {

void AdaFitStatistics(std::span<const double> u, std::span<const float> label, std::span<const RowIdx> rows,
                      bool resample, Rng& rng, std::span<GradPair> fit) {
  if (!resample) {
    for (RowIdx r : rows) fit[r] = {static_cast<float>(-u[r] * label[r]), static_cast<float>(u[r])};
    return;
  }
  std::vector<double> cumulative;
  cumulative.reserve(rows.size());
  double total = 0;
  for (RowIdx r : rows) cumulative.push_back(total += u[r]);
  for (RowIdx r : rows) fit[r] = GradPair{};
  for (size_t i = 0; i < rows.size(); ++i) {
    const double x = static_cast<double>(rng.Next() >> 11) * 0x1.0p-53 * total;
    size_t j = std::upper_bound(cumulative.begin(), cumulative.end(), x) - cumulative.begin();
    if (j >= rows.size()) j = rows.size() - 1;
    const RowIdx r = rows[j];
    fit[r].g -= label[r];
    fit[r].h += 1;
  }
}

AdaVote AdaVoteFor(double weighted_error, double eta) {
  AdaVote v;
  v.epsilon = weighted_error;
  if (weighted_error <= 0) {  // a perfect tree: a large finite vote, and nothing left to learn
    v.alpha = eta * std::log((1 - 1e-10) / 1e-10);
    v.last = true;
  } else if (weighted_error >= 0.5) {  // no better than chance
    v.keep = false;
    v.last = true;
  } else {
    v.alpha = eta * std::log((1 - weighted_error) / weighted_error);
  }
  return v;
}

void AdaUpdateWeights(std::span<double> u, std::span<const char> wrong, std::span<const RowIdx> rows, double alpha) {
  const double boost = std::exp(alpha);
  double total = 0;
  for (RowIdx r : rows) {
    if (wrong[r] && u[r] > 0) u[r] *= boost;
    total += u[r];
  }
  for (RowIdx r : rows) u[r] /= total;
}

}  // namespace boostlab
