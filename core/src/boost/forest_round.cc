// One random forest round: the next tree of a batch grown in parallel (one
// tree per learner, each on its own bootstrap sample), then the forest's mean
// and the out-of-bag error.

#include <algorithm>  // for min

#include "boost/booster_impl.h"
#include "util/rng.h"

namespace boostlab {

RoundReport Booster::Impl::ForestRound() {
  Impl& s = *this;
  const int outputs = s.K;
  const int L = static_cast<int>(s.learners.size());
  if (s.batch_next == s.batch.size()) {
    // Tree t's sample and features depend only on t: the batch size (the
    // thread count) changes which thread grows it, not what it is.
    const int size = std::min(L, s.params.rounds - s.round);
    s.batch.assign(size, Tree{});
    s.batch_shape.resize(size);
    s.batch_sample.resize(L);
    s.pool.Run(size, [&](int b) {
      const int t = s.round + b;
      ForestSample& sample = s.batch_sample[b];
      Rng rng(s.SeedFor(t, 0, 53));
      ForestBootstrap(s.data.label, s.weight, s.data.train_rows, rng, outputs, sample);
      // Rows never drawn add nothing to a histogram: the tree grows on the
      // drawn ones, and carries the others (and the validation rows) down to
      // their leaves for the out-of-bag error and the predictions.
      sample.carried = sample.out_of_bag;
      sample.carried.insert(sample.carried.end(), s.data.valid_rows.begin(), s.data.valid_rows.end());
      TreeLearner& learner = *s.learners[b];
      s.batch[b] = outputs > 1 ? learner.GrowClasses(sample.fit, s.data.label, outputs, sample.in_bag, s.SeedFor(t, 0, 29),
                                                     sample.carried)
                               : learner.Grow(sample.fit, sample.in_bag, s.SeedFor(t, 0, 29), sample.carried);
      // The tree's shape for its round's report, from its learner: a sweep
      // of a deep tree's nodes (megabytes) took a quarter millisecond.
      s.batch_shape[b] = RoundReport{};
      s.batch_shape[b].tree_depth = learner.LastDepth();
      s.batch_shape[b].tree_leaves = static_cast<int>(learner.NumLeaves());
      s.batch_shape[b].tree_gain = learner.LastGainSum();
    });
    s.batch_next = 0;
  }
  const size_t b = s.batch_next++;
  Tree tree = std::move(s.batch[b]);
  TreeLearner& learner = *s.learners[b];
  const ForestSample& sample = s.batch_sample[b];
  const std::vector<GradPair>& fit = sample.fit;
  const double trees = static_cast<double>(s.model.trees.size() + 1);

  // Each leaf's value per output: the mean label (regression, two classes:
  // the tree's own leaf value) or the class shares of the drawn rows in it
  // (one flat array by node: a forest tree has tens of thousands of leaves).
  const size_t num_leaves = learner.NumLeaves();
  std::vector<double> value;
  if (outputs > 1) {
    value.assign(tree.nodes.size() * outputs, 0.0);
    for (size_t i = 0; i < num_leaves; ++i) {
      const TreeLearner::LeafRows leaf = learner.Leaf(i);
      double* v = &value[static_cast<size_t>(leaf.node) * outputs];
      double h = 0;
      for (RowIdx r : leaf.rows) {
        h += fit[r].h;
        v[static_cast<int>(s.data.label[r])] += fit[r].h;
      }
      for (int k = 0; k < outputs; ++k) v[k] = h > 0 ? v[k] / h : 0;
    }
  }
  // Every row below is its own: the loops split across threads in fixed
  // blocks and add the same numbers whatever the thread count. The rows the
  // tree never drew also add to their out-of-bag sums.
  if (outputs == 1) {
    // In row order, each row's leaf value. Out of bag: not drawn, and not a
    // validation row (selects, not branches: which rows those are is a
    // coin toss). Rows in neither set add to sums no one reads.
    const std::span<const float> value_of = learner.RowValues();
    const std::vector<uint32_t>& drawn = sample.count;
    ForBlocks(s.pool, value_of.size(), 16384, [&](size_t begin, size_t end) {
      for (size_t r = begin; r < end; ++r) {
        const double v = value_of[r];
        const bool oob = (drawn[r] == 0) & !s.is_valid_row[r];
        s.forest_sum[r] += v;
        s.oob.sum[r] += oob ? v : 0.0;
        s.oob.count[r] += oob;
      }
    });
  } else {
    ForBlocks(s.pool, num_leaves, 64, [&](size_t begin, size_t end) {
      for (size_t i = begin; i < end; ++i) {
        const TreeLearner::LeafRows leaf = learner.Leaf(i);
        const double* v = &value[static_cast<size_t>(leaf.node) * outputs];
        for (RowIdx r : leaf.rows)
          for (int k = 0; k < outputs; ++k) s.forest_sum[static_cast<size_t>(r) * outputs + k] += v[k];
        for (RowIdx r : leaf.carried) {
          for (int k = 0; k < outputs; ++k) s.forest_sum[static_cast<size_t>(r) * outputs + k] += v[k];
          if (s.is_valid_row[r]) continue;
          for (int k = 0; k < outputs; ++k) s.oob.sum[static_cast<size_t>(r) * outputs + k] += v[k];
          ++s.oob.count[r];
        }
      }
    });
  }
  // The forest's mean, in one pass in row order.
  ForBlocks(s.pool, s.forest_sum.size(), 16384, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) s.margin[i] = static_cast<float>(s.forest_sum[i] / trees);
  });

  RoundReport report = s.batch_shape[b];  // the tree's depth, leaves and gain
  if (outputs > 1) SetLeafValues(tree, value, outputs);
  s.model.trees.push_back(std::move(tree));
  return report;
}

}  // namespace boostlab
