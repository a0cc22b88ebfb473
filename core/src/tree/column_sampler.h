// Feature sampling by tree, by level and by node, each drawn from the one
// above it (XGBoost's colsample_bytree / bylevel / bynode).
#pragma once

#include <algorithm>  // for sort
#include <cmath>      // for round
#include <map>        // for map
#include <vector>     // for vector

#include "util/rng.h"

namespace boostlab {

class ColumnSampler {
 public:
  ColumnSampler(int num_features, double bytree, double bylevel, double bynode)
      : num_features_(num_features), bytree_(bytree), bylevel_(bylevel), bynode_(bynode) {
    for (int n = 0; n <= num_features; ++n) below_.emplace_back(std::max(n, 1));
  }

  void NewTree(uint64_t seed) {
    rng_ = Rng(seed);
    std::vector<int> all(num_features_);
    for (int f = 0; f < num_features_; ++f) all[f] = f;
    tree_ = Sample(all, bytree_);
    levels_.clear();
  }

  // Draws one at a time without replacement (a partial Fisher-Yates
  // shuffle): moves a random one of v[i..] to v[i] and returns it.
  int DrawAt(std::vector<int>& v, size_t i) {
    const size_t left = v.size() - i;
    std::swap(v[i], v[i + (left < below_.size() ? rng_.Below(below_[left]) : rng_.Below(left))]);
    return v[i];
  }
  double bynode() const { return bynode_; }
  // This tree's features (ascending) when colsample_bytree leaves some out;
  // nullptr when the tree has them all.
  const std::vector<int>* ForTree() const { return bytree_ < 1.0 ? &tree_ : nullptr; }

  // The features a node at `depth` may split on.
  std::vector<int> ForNode(int depth) {
    auto it = levels_.find(depth);
    if (it == levels_.end()) it = levels_.emplace(depth, Sample(tree_, bylevel_)).first;
    return Sample(it->second, bynode_);
  }

 private:
  std::vector<int> Sample(const std::vector<int>& from, double share) {
    if (share >= 1.0) return from;
    const size_t n = std::max<size_t>(1, static_cast<size_t>(std::round(share * static_cast<double>(from.size()))));
    std::vector<int> v = from;
    for (size_t i = 0; i < n && i + 1 < v.size(); ++i) std::swap(v[i], v[i + rng_.Below(v.size() - i)]);
    v.resize(std::min(n, v.size()));
    std::sort(v.begin(), v.end());
    return v;
  }

  int num_features_;
  double bytree_, bylevel_, bynode_;
  Rng rng_{0};
  std::vector<int> tree_;
  std::vector<Divider> below_;  // by n: draws below n (a node draws one feature after another)
  std::map<int, std::vector<int>> levels_;
};

}  // namespace boostlab
