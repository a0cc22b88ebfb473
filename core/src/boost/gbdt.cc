#include "boost/gbdt.h"

#include <vector>  // for vector

#include "util/rng.h"

namespace boostlab {

void GbdtFitStatistics(std::span<const GradPair> loss, std::span<const float> weight, std::span<GradPair> fit,
                       std::span<const RowIdx> rows) {
  for (RowIdx r : rows) fit[r] = loss[r].h > 0 ? GradPair{loss[r].g, weight.empty() ? 1.0f : weight[r]} : GradPair{};
}

void GbdtSubsample(std::span<GradPair> loss, size_t n, int outputs, std::span<const RowIdx> rows, double share, Rng& rng) {
  // Partial Fisher-Yates: the first `keep` of a shuffled copy are in the sample.
  std::vector<RowIdx> order(rows.begin(), rows.end());
  const size_t keep = static_cast<size_t>(share * static_cast<double>(order.size()));
  for (size_t i = 0; i < keep && i + 1 < order.size(); ++i) std::swap(order[i], order[i + rng.Below(order.size() - i)]);
  for (size_t i = keep; i < order.size(); ++i)
    for (int k = 0; k < outputs; ++k) loss[k * n + order[i]] = GradPair{};
}

double GbdtLeafValue(std::span<const RowIdx> rows, std::span<const GradPair> loss, double scale) {
  double g = 0, h = 0;
  for (RowIdx r : rows) {
    g += loss[r].g;
    h += loss[r].h;
  }
  return h > 0 ? -g / h * scale : 0.0;
}

}  // namespace boostlab
