// What every algorithm trains with, in one place: the data, the parameters,
// the shared threads, the loss, bins, tree learners, the model so far, the
// margins and predictions of every row, metrics and early stopping. Each
// algorithm (boost/algorithm.h) keeps its own state in its own class.
#pragma once

#include <algorithm>  // for min, max
#include <chrono>     // for steady_clock
#include <memory>     // for unique_ptr
#include <vector>     // for vector

#include "boostlab/booster.h"
#include "data/binned_matrix.h"
#include "objective/metrics.h"
#include "objective/objective.h"
#include "tree/tree_learner.h"
#include "util/thread_pool.h"

namespace boostlab {

struct TrainingContext {
  const Dataset& data;
  Params params;
  ThreadPool pool;  // a handle on the process-wide team: nthread of its threads
  std::unique_ptr<Objective> objective;
  // Sample weights (empty: none). XGBoost-style boosting takes them as given,
  // as XGBoost does (min_child_weight bounds weighted hessians); the
  // least-squares algorithms (gbdt, AdaBoost, forests) take them scaled by
  // the power of two that brings their mean over the training rows nearest 1,
  // so min_child_weight still counts rows, roughly (as scikit-learn's
  // min_samples_leaf counts them exactly). Metrics, splits and line searches
  // do not change with the scale.
  std::vector<float> weight;
  int K = 1;        // outputs of the model (margins per row)
  int classes = 0;  // classes of the target (0: regression)
  std::vector<MetricSpec> metrics;
  BinnedMatrix bins;
  // One learner per thread where trees of a round (multiclass) or of a batch
  // (forest: two per thread) grow in parallel. Tree i always uses learner
  // i % size, and a tree depends only on its statistics and seed, so the
  // model does not depend on the thread count.
  std::vector<std::unique_ptr<TreeLearner>> learners;
  Model model;
  std::vector<float> margin;  // n x K, row-major (train and valid rows)
  std::vector<float> pred;    // transformed margins, for metrics
  int round = 0;
  int best_round = -1;  // 0-based
  size_t init_trees = 0;  // trees of the model this run continues (they come first)
  double best_score = 0;
  bool stopped = false;

  TrainingContext(const Dataset& d, const Params& p) : data(d), params(p), pool(p.nthread) {}
  bool Done() const { return round >= params.rounds || stopped; }

  // Runs fn(row) over rows in fixed blocks across threads.
  template <typename Fn>
  void ForRows(std::span<const RowIdx> rows, Fn fn) {
    ForBlocks(pool, rows.size(), 16384, [&](size_t begin, size_t end) {
      for (size_t i = begin; i < end; ++i) fn(rows[i]);
    });
  }

  // fn(row, leaf) for each row, walked down the learner's last tree by its
  // bins: in row blocks across threads, 256 rows a walk (eight side by side).
  template <typename Fn>
  void ForLeaves(const TreeLearner& learner, std::span<const RowIdx> rows, Fn fn) {
    ForBlocks(pool, rows.size(), 16384, [&](size_t begin, size_t end) {
      int leaf[256];
      for (size_t at = begin; at < end; at += 256) {
        const std::span<const RowIdx> part = rows.subspan(at, std::min<size_t>(256, end - at));
        learner.LeavesBinned(part, leaf);
        for (size_t i = 0; i < part.size(); ++i) fn(part[i], leaf[i]);
      }
    });
  }

  void UpdatePredictions(std::span<const RowIdx> rows) {
    ForBlocks(pool, rows.size(), 16384, [&](size_t begin, size_t end) {
      objective->TransformRows(margin.data(), pred.data(), rows.subspan(begin, end - begin));
    });
  }

  // groups: the same rows' queries (ranking), else empty.
  std::vector<Metric> Evaluate(std::span<const RowIdx> rows, const QueryGroups& groups) {
    std::vector<Metric> out;
    for (const MetricSpec& m : metrics)
      out.push_back({m.name, EvaluateMetric(m, pred, K, data.label, rows, pool, MetricParameter(m, params), weight, &groups)});
    return out;
  }

  // Adds one tree's shape to the round's summary (forests take theirs from
  // their learners: a sweep of a deep tree's nodes is not free).
  static void Summarise(RoundReport& report, const Tree& tree) {
    report.tree_depth = std::max(report.tree_depth, tree.Depth());
    report.tree_leaves += tree.NumLeaves();
    for (const TreeNode& node : tree.nodes) report.tree_gain += node.IsLeaf() ? 0 : node.gain;
  }

  // Metrics, early stopping and timings: the end of every round; the
  // learners' timings only when `learner_timings` (a forest's round has its
  // tree's, taken where it grew).
  RoundReport Finish(RoundReport report, std::chrono::steady_clock::time_point start, bool learner_timings);

  // Makes `tree` a multi-output tree: leaf i adds values[i * outputs + k] to output k.
  static void SetLeafValues(Tree& tree, std::span<const double> values, int outputs) {
    tree.leaf_values.assign(tree.nodes.size() * outputs, 0.0f);
    for (size_t i = 0; i < tree.nodes.size(); ++i)
      if (tree.nodes[i].IsLeaf())
        for (int k = 0; k < outputs; ++k) tree.leaf_values[i * outputs + k] = static_cast<float>(values[i * outputs + k]);
  }
  static void SetLeafValues(Tree& tree, const std::vector<std::vector<double>>& values, int outputs) {
    std::vector<double> flat(tree.nodes.size() * outputs, 0.0);
    for (size_t i = 0; i < values.size(); ++i)
      for (size_t k = 0; k < values[i].size(); ++k) flat[i * outputs + k] = values[i][k];
    SetLeafValues(tree, flat, outputs);
  }

  uint64_t SeedFor(int r, int k, uint64_t salt) const {
    return params.seed * 0x9E3779B97F4A7C15ull + static_cast<uint64_t>(r) * 1000003ull + static_cast<uint64_t>(k) * 7919ull + salt;
  }
};

}  // namespace boostlab
