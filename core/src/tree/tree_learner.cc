#include "tree/tree_learner.h"

#include <utility>  // for move, swap

#include "util/thread_pool.h"

namespace boostlab {
namespace {

// XGBoost's kRtEps: a split must reduce the loss by more than this.
constexpr double kMinGain = 1e-6;

}  // namespace

TreeLearner::TreeLearner(const BinnedMatrix& bins, const TreeParams& params, ThreadPool& pool)
    : bins_(bins), params_(params), pool_(pool), builder_(bins) {}

size_t TreeLearner::Partition(size_t begin, size_t end, const SplitCandidate& split) {
  const size_t f = static_cast<size_t>(split.feature);
  size_t left = begin;
  scratch_.clear();
  for (size_t i = begin; i < end; ++i) {
    const RowIdx r = rows_[i];
    const uint32_t bin = bins_.Bin(r, f);
    const bool goes_left = bin == 0 ? split.default_left : bin <= split.bin;
    if (goes_left) rows_[left++] = r;
    else scratch_.push_back(r);
  }
  std::copy(scratch_.begin(), scratch_.end(), rows_.begin() + static_cast<std::ptrdiff_t>(left));
  return left;
}

Tree TreeLearner::Grow(std::span<const GradPair> gpair, std::span<const RowIdx> rows) {
  rows_.assign(rows.begin(), rows.end());
  leaves_.clear();
  const size_t total_bins = bins_.total_bins();
  const SplitParams split_params{params_.lambda, params_.min_child_weight};

  Tree tree;
  tree.nodes.emplace_back();
  Pending root{0, 0, rows_.size(), 0, 0, std::vector<HistBin>(total_bins)};
  builder_.Build(gpair, rows_, root.hist, pool_);
  // The node's totals are the sums over any one feature's bins (missing included).
  for (uint32_t b = bins_.offsets[0]; b < bins_.offsets[1]; ++b) {
    root.g += root.hist[b].g;
    root.h += root.hist[b].h;
  }

  std::vector<Pending> level;
  level.push_back(std::move(root));
  for (int depth = 0; !level.empty(); ++depth) {
    std::vector<Pending> next;
    for (Pending& p : level) {
      TreeNode& node = tree.nodes[p.node];
      node.value = static_cast<float>(LeafWeight(p.g, p.h, params_.lambda) * params_.eta);
      node.cover = static_cast<float>(p.h);
      SplitCandidate split;
      if (depth < params_.max_depth) split = FindBestSplit(bins_, p.hist, p.g, p.h, split_params);
      if (!split.valid || split.gain <= kMinGain || split.gain < params_.gamma) {
        leaves_.push_back({p.node, p.begin, p.end});
        continue;
      }
      const size_t mid = Partition(p.begin, p.end, split);
      const int left_id = static_cast<int>(tree.nodes.size());
      tree.nodes.emplace_back();
      tree.nodes.emplace_back();
      TreeNode& parent = tree.nodes[p.node];  // re-fetch: the vector may have moved
      parent.left = left_id;
      parent.right = left_id + 1;
      parent.feature = split.feature;
      parent.threshold = bins_.Threshold(static_cast<size_t>(split.feature), split.bin);
      parent.default_left = split.default_left;
      parent.gain = static_cast<float>(split.gain);

      Pending left{left_id, p.begin, mid, split.left_g, split.left_h, {}};
      Pending right{left_id + 1, mid, p.end, split.right_g, split.right_h, {}};
      if (depth + 1 < params_.max_depth) {
        // Build the smaller child's histogram; the larger one is parent - smaller.
        Pending& small = (mid - p.begin) <= (p.end - mid) ? left : right;
        Pending& large = &small == &left ? right : left;
        small.hist.resize(total_bins);
        builder_.Build(gpair, std::span<const RowIdx>(rows_.data() + small.begin, small.end - small.begin),
                       small.hist, pool_);
        large.hist = std::move(p.hist);
        SubtractHistogram(large.hist, small.hist, large.hist);
      }
      next.push_back(std::move(left));
      next.push_back(std::move(right));
    }
    level = std::move(next);
  }
  return tree;
}

}  // namespace boostlab
