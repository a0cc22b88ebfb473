#include "boost/random_forest.h"

#include <cmath>  // for sqrt

#include "util/rng.h"

namespace boostlab {

void ForestBootstrap(std::span<const float> label, std::span<const RowIdx> rows, Rng& rng, std::span<GradPair> fit) {
  for (RowIdx r : rows) fit[r] = GradPair{};
  for (size_t i = 0; i < rows.size(); ++i) {
    const RowIdx r = rows[rng.Below(rows.size())];
    fit[r].g -= label[r];
    fit[r].h += 1;
  }
}

double OutOfBag::Score(std::span<const float> label, std::span<const RowIdx> rows, bool classification) const {
  double total = 0;
  size_t n = 0;
  for (RowIdx r : rows) {
    if (count[r] == 0) continue;
    const double p = sum[r] / count[r];
    total += classification ? ((p > 0.5) != (label[r] > 0.5)) : (p - label[r]) * (p - label[r]);
    ++n;
  }
  if (n == 0) return 0;
  return classification ? total / static_cast<double>(n) : std::sqrt(total / static_cast<double>(n));
}

}  // namespace boostlab
