// One random forest round: the next tree of a batch grown in parallel (one
// tree per learner, each on its own bootstrap sample), then the forest's mean
// and the out-of-bag error.

#include <algorithm>  // for min

#include "boost/booster_impl.h"
#include "util/rng.h"

namespace boostlab {

RoundReport Booster::Impl::ForestRound() {
  Impl& s = *this;
  const size_t n = s.data.x.num_rows;
  const int outputs = s.K;
  const int L = static_cast<int>(s.learners.size());
  if (s.batch_next == s.batch.size()) {
    // Tree t's sample and features depend only on t: the batch size (the
    // thread count) changes which thread grows it, not what it is.
    const int size = std::min(L, s.params.rounds - s.round);
    s.batch.assign(size, Tree{});
    s.batch_fit.resize(L);
    s.pool.Run(size, [&](int b) {
      const int t = s.round + b;
      s.batch_fit[b].resize(n);
      Rng rng(s.SeedFor(t, 0, 53));
      ForestBootstrap(s.data.label, s.data.train_rows, rng, outputs, s.batch_fit[b]);
      TreeLearner& learner = *s.learners[b];
      s.batch[b] = outputs > 1 ? learner.GrowClasses(s.batch_fit[b], s.data.label, outputs, s.data.train_rows, s.SeedFor(t, 0, 29))
                               : learner.Grow(s.batch_fit[b], s.data.train_rows, s.SeedFor(t, 0, 29));
    });
    s.batch_next = 0;
  }
  const size_t b = s.batch_next++;
  Tree tree = std::move(s.batch[b]);
  TreeLearner& learner = *s.learners[b];
  const std::vector<GradPair>& fit = s.batch_fit[b];
  const double trees = static_cast<double>(s.model.trees.size() + 1);

  // Each leaf's value per output: the mean label (regression, two classes) or
  // the class shares of the drawn rows in it.
  const auto leaves = learner.Leaves();
  std::vector<std::vector<double>> value(tree.nodes.size());
  for (const auto& leaf : leaves) {
    std::vector<double>& v = value[leaf.node];
    v.assign(outputs, 0.0);
    if (outputs == 1) {
      v[0] = tree.nodes[leaf.node].value;
      continue;
    }
    double h = 0;
    for (RowIdx r : leaf.rows) {
      h += fit[r].h;
      v[static_cast<int>(s.data.label[r])] += fit[r].h;
    }
    for (int k = 0; k < outputs; ++k) v[k] = h > 0 ? v[k] / h : 0;
  }
  auto add = [&](RowIdx r, const std::vector<double>& v) {
    for (int k = 0; k < outputs; ++k) {
      const size_t i = static_cast<size_t>(r) * outputs + k;
      s.forest_sum[i] += v[k];
      s.margin[i] = static_cast<float>(s.forest_sum[i] / trees);
    }
  };
  for (const auto& leaf : leaves) {
    const std::vector<double>& v = value[leaf.node];
    for (RowIdx r : leaf.rows) {
      add(r, v);
      if (fit[r].h == 0) {  // not drawn: out of bag
        for (int k = 0; k < outputs; ++k) s.oob.sum[static_cast<size_t>(r) * outputs + k] += v[k];
        ++s.oob.count[r];
      }
    }
  }
  s.ForRows(s.data.valid_rows, [&](RowIdx r) { add(r, value[learner.LeafBinned(r)]); });

  RoundReport report;
  Summarise(report, tree);
  if (outputs > 1) SetLeafValues(tree, value, outputs);
  s.model.trees.push_back(std::move(tree));
  return report;
}

}  // namespace boostlab
