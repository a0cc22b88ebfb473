#include "boost/dart.h"

#include <numeric>  // for accumulate

#include "util/rng.h"

namespace boostlab {
namespace {

double Uniform(Rng& rng) { return static_cast<double>(rng.Next() >> 11) * 0x1.0p-53; }

}  // namespace

std::vector<size_t> Dropout::Draw(uint64_t seed) const {
  std::vector<size_t> dropped;
  const size_t n = weight_.size();
  if (n == 0) return dropped;
  Rng rng(seed);
  if (p_.skip_drop > 0 && Uniform(rng) < p_.skip_drop) return dropped;
  const bool weighted = p_.sample_type == "weighted";
  const double total = weighted ? std::accumulate(weight_.begin(), weight_.end(), 0.0) : 0.0;
  for (size_t i = 0; i < n; ++i) {
    const double chance = weighted ? p_.rate_drop * static_cast<double>(n) * weight_[i] / total : p_.rate_drop;
    if (Uniform(rng) < chance) dropped.push_back(i);
  }
  if (dropped.empty() && p_.one_drop) {
    if (!weighted) {
      dropped.push_back(static_cast<size_t>(rng.Below(n)));
    } else {
      // One tree in proportion to its weight.
      double at = Uniform(rng) * total;
      size_t i = 0;
      while (i + 1 < n && at >= weight_[i]) at -= weight_[i++];
      dropped.push_back(i);
    }
  }
  return dropped;
}

Dropout::Scales Dropout::ScalesFor(size_t dropped, int new_trees) const {
  if (dropped == 0) return {};
  const double lr = p_.eta / new_trees, k = static_cast<double>(dropped);
  if (p_.normalize_type == "forest") return {1 / (1 + lr), 1 / (1 + lr)};
  return {k / (k + lr), 1 / (k + lr)};
}

void Dropout::Commit(const std::vector<size_t>& dropped, const Scales& scales, int new_trees) {
  for (size_t i : dropped) weight_[i] *= scales.dropped;
  weight_.insert(weight_.end(), static_cast<size_t>(new_trees), scales.added);
}

}  // namespace boostlab
