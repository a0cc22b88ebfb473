#include "boost/adaboost.h"

#include <algorithm>  // for upper_bound, sort
#include <cmath>      // for log, exp

#include "util/rng.h"

namespace boostlab {

void AdaFitStatistics(std::span<const double> u, std::span<const float> label, std::span<const RowIdx> rows,
                      bool resample, Rng& rng, int outputs, std::span<GradPair> fit) {
  auto set = [&](RowIdx r, double w) {
    fit[r] = {static_cast<float>(outputs == 1 ? -w * label[r] : -w), static_cast<float>(w)};
  };
  if (!resample) {
    for (RowIdx r : rows) set(r, u[r]);
    return;
  }
  std::vector<double> cumulative;
  cumulative.reserve(rows.size());
  double total = 0;
  for (RowIdx r : rows) cumulative.push_back(total += u[r]);
  std::vector<uint32_t> count(rows.size(), 0);
  for (size_t i = 0; i < rows.size(); ++i) {
    const double x = static_cast<double>(rng.Next() >> 11) * 0x1.0p-53 * total;
    size_t j = std::upper_bound(cumulative.begin(), cumulative.end(), x) - cumulative.begin();
    if (j >= rows.size()) j = rows.size() - 1;
    ++count[j];
  }
  for (size_t i = 0; i < rows.size(); ++i) set(rows[i], count[i]);
}

AdaVote AdaVoteFor(double weighted_error, double eta, int classes) {
  AdaVote v;
  v.epsilon = weighted_error;
  const double extra = std::log(static_cast<double>(classes - 1));
  if (weighted_error <= 0) {  // a perfect tree: a large finite vote, and nothing left to learn
    v.alpha = eta * (std::log((1 - 1e-10) / 1e-10) + extra);
    v.last = true;
  } else if (weighted_error >= 1.0 - 1.0 / classes) {  // no better than chance
    v.keep = false;
    v.last = true;
  } else {
    v.alpha = eta * (std::log((1 - weighted_error) / weighted_error) + extra);
  }
  return v;
}

double AdaReweight(std::span<double> u, std::span<const double> exponent, std::span<const RowIdx> rows) {
  double total = 0;
  for (RowIdx r : rows) {
    if (u[r] > 0) u[r] *= std::exp(exponent[r]);
    total += u[r];
  }
  for (RowIdx r : rows) u[r] /= total;
  return total;
}

double R2Loss(double e, const std::string& loss) {
  if (loss == "square") return e * e;
  if (loss == "exponential") return 1 - std::exp(-e);
  return e;
}

}  // namespace boostlab
