// One random forest round: its tree, grown on its own bootstrap sample, then
// the forest's mean and the out-of-bag error. The workers grow the trees
// ahead (up to one per slot) while the caller reports the rounds in order,
// so no thread waits at the end of a batch for the others' trees.

#include "boost/booster_impl.h"
#include "util/rng.h"

namespace boostlab {

// Tree t's sample and features depend only on t: which thread grows it, and
// when, changes nothing in it.
void Booster::Impl::GrowForestTree(int t) {
  Impl& s = *this;
  ForestSlot& slot = s.slots[t % s.slots.size()];
  TreeLearner& learner = *s.learners[t % s.slots.size()];
  try {
    ForestSample& sample = slot.sample;
    Rng rng(s.SeedFor(t, 0, 53));
    ForestBootstrap(s.data.label, s.weight, s.data.train_rows, rng, s.K, sample);
    // Rows never drawn add nothing to a histogram: the tree grows on the
    // drawn ones, and carries the others (and the validation rows) down to
    // their leaves for the out-of-bag error and the predictions.
    sample.carried = sample.out_of_bag;
    sample.carried.insert(sample.carried.end(), s.data.valid_rows.begin(), s.data.valid_rows.end());
    slot.tree = s.K > 1 ? learner.GrowClasses(sample.fit, s.data.label, s.K, sample.in_bag, s.SeedFor(t, 0, 29), sample.carried)
                        : learner.Grow(sample.fit, sample.in_bag, s.SeedFor(t, 0, 29), sample.carried);
    // The tree's shape for its round's report, from its learner: a sweep of
    // a deep tree's nodes (megabytes) took a quarter millisecond.
    slot.shape = RoundReport{};
    slot.shape.tree_depth = learner.LastDepth();
    slot.shape.tree_leaves = static_cast<int>(learner.NumLeaves());
    slot.shape.tree_gain = learner.LastGainSum();
    const TreeLearner::Timings timings = learner.TakeTimings();
    slot.shape.histogram_ms = timings.histogram * 1000;
    slot.shape.partition_ms = timings.partition * 1000;
    slot.shape.split_ms = timings.split * 1000;
  } catch (...) {  // for its round to rethrow, on the caller's thread
    slot.error = std::current_exception();
  }
}

// Tree t may take its slot once the slot's last tree (t - slots) is reported.
bool Booster::Impl::ForestTreeClaimable() const {
  return !forest_stop && forest_next < params.rounds && forest_next < forest_reported + static_cast<int>(slots.size());
}

// Claims the next tree (ForestTreeClaimable) and grows it with forest_mu
// released; marks it ready under the lock again.
void Booster::Impl::GrowNextForestTree(std::unique_lock<std::mutex>& lock) {
  const int t = forest_next++;
  lock.unlock();
  GrowForestTree(t);
  lock.lock();
  slots[t % slots.size()].ready = true;
  forest_cv.notify_all();
}

// A worker's job: trees until every one is claimed or the forest stops. Run
// twice on one worker (ThreadPool::Start), the second run returns at once.
void Booster::Impl::GrowForestTrees() {
  std::unique_lock<std::mutex> lock(forest_mu);
  for (;;) {
    forest_cv.wait(lock, [&] { return forest_stop || forest_next >= params.rounds || ForestTreeClaimable(); });
    if (!ForestTreeClaimable()) return;  // stopped, or every tree claimed
    GrowNextForestTree(lock);
  }
}

void Booster::Impl::StopForest() {
  if (!forest_started) return;
  {
    std::lock_guard<std::mutex> lock(forest_mu);
    forest_stop = true;
  }
  forest_cv.notify_all();
  forest_started = false;
  pool.Wait();  // the workers' job catches its exceptions: nothing to rethrow
}

RoundReport Booster::Impl::ForestRound() {
  Impl& s = *this;
  const int outputs = s.K;
  const size_t b = static_cast<size_t>(s.round) % s.slots.size();
  // The workers grow trees ahead once the shared team is free: while
  // another trainer holds it, this one grows its trees here, and asks
  // again next round (a tree depends only on its index, not on where it grew).
  if (!s.forest_started && s.pool.size() > 1) s.forest_started = s.pool.Start([this](int) { GrowForestTrees(); });
  {
    // This round's tree: grown by a worker, or here (this thread grows the
    // next tree while its own is not ready: the workers' trees are no slower
    // to come, and no thread sits idle).
    std::unique_lock<std::mutex> lock(s.forest_mu);
    while (!s.slots[b].ready) {
      if (s.ForestTreeClaimable()) s.GrowNextForestTree(lock);
      else s.forest_cv.wait(lock);
    }
  }
  ForestSlot& slot = s.slots[b];
  if (slot.error) {  // no later round can come: the forest stops here
    std::exception_ptr error = slot.error;
    slot.error = nullptr;
    s.stopped = true;
    s.StopForest();
    std::rethrow_exception(error);
  }
  Tree tree = std::move(slot.tree);
  TreeLearner& learner = *s.learners[b];
  const ForestSample& sample = slot.sample;
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
  // The rows' sums, on this thread: the workers are growing the next trees
  // (ThreadPool::Start), so a Run here would go inline anyway. The rows the
  // tree never drew also add to their out-of-bag sums.
  if (outputs == 1) {
    // In row order, each row's leaf value. Out of bag: not drawn, and not a
    // validation row (selects, not branches: which rows those are is a
    // coin toss). Rows in neither set add to sums no one reads.
    const std::span<const float> value_of = learner.RowValues();
    const std::vector<uint32_t>& drawn = sample.count;
    for (size_t r = 0; r < value_of.size(); ++r) {
      const double v = value_of[r];
      const bool oob = (drawn[r] == 0) & !s.is_valid_row[r];
      s.forest_sum[r] += v;
      s.oob.sum[r] += oob ? v : 0.0;
      s.oob.count[r] += oob;
    }
  } else {
    for (size_t i = 0; i < num_leaves; ++i) {
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
  }
  // The forest's mean.
  for (size_t i = 0; i < s.forest_sum.size(); ++i) s.margin[i] = static_cast<float>(s.forest_sum[i] / trees);

  RoundReport report = slot.shape;  // the tree's depth, leaves, gain and timings
  if (outputs > 1) SetLeafValues(tree, value, outputs);
  s.model.trees.push_back(std::move(tree));
  {
    // The slot (its learner, sample and tree) may take the next tree now.
    std::lock_guard<std::mutex> lock(s.forest_mu);
    slot.ready = false;
    ++s.forest_reported;
  }
  s.forest_cv.notify_all();
  return report;
}

}  // namespace boostlab
