#include "boost/random_forest.h"

#include <cmath>  // for sqrt

#include "util/rng.h"

namespace boostlab {

void ForestBootstrap(std::span<const float> label, std::span<const float> weight, std::span<const RowIdx> rows,
                     Rng& rng, int outputs, ForestSample& sample) {
  std::vector<uint32_t>& count = sample.count;
  count.assign(label.size(), 0);
  const Divider n(rows.size());
  for (size_t i = 0; i < rows.size(); ++i) ++count[rows[rng.Below(n)]];
  sample.fit.assign(label.size(), GradPair{});
  sample.in_bag.clear();
  sample.out_of_bag.clear();
  for (RowIdx r : rows) {
    const float c = static_cast<float>(count[r]) * (weight.empty() ? 1.0f : weight[r]);
    sample.fit[r] = {outputs == 1 ? -c * label[r] : -c, c};
    (c > 0 ? sample.in_bag : sample.out_of_bag).push_back(r);
  }
}

double OutOfBag::Score(std::span<const float> label, std::span<const float> weight, std::span<const RowIdx> rows,
                       bool classification) const {
  double total = 0, n = 0;
  for (RowIdx r : rows) {
    if (count[r] == 0) continue;
    const double w = weight.empty() ? 1.0 : weight[r];
    const double* s = &sum[static_cast<size_t>(r) * K];
    if (!classification) {
      const double p = s[0] / count[r];
      total += w * (p - label[r]) * (p - label[r]);
    } else if (K == 1) {
      total += w * ((s[0] / count[r] > 0.5) != (label[r] > 0.5));
    } else {
      int best = 0;
      for (int k = 1; k < K; ++k)
        if (s[k] > s[best]) best = k;
      total += w * (best != static_cast<int>(label[r]));
    }
    n += w;
  }
  if (!(n > 0)) return 0;
  return classification ? total / n : std::sqrt(total / n);
}

}  // namespace boostlab
