#include "boost/random_forest.h"

#include <cmath>               // for isnan, sqrt
#include <condition_variable>  // for condition_variable
#include <exception>           // for exception_ptr
#include <limits>              // for numeric_limits
#include <mutex>               // for mutex

#include "boost/algorithm.h"


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

namespace {

// Random forests: deep least-squares trees on bootstrap samples of the
// labels, averaged; the out-of-bag error after each tree. Tree t grows in
// slot t % slots (the learner, bootstrap sample and tree it needs until its
// round is reported), on whichever thread is free: the workers grow trees
// ahead while the caller reports rounds, at most one per slot ahead of the
// last reported.
class RandomForest : public Algorithm {
 public:
  using Algorithm::Algorithm;
  ~RandomForest() override { Stop(); }
  void Check() const override {}  // max_depth 0 grows until leaves are pure
  std::string Objective() const override {
    const Task task = ctx_.data.task;
    return task == Task::kRegression ? "reg:squarederror" : task == Task::kBinary ? "binary:forest" : "multi:forest";
  }
  BinnedMatrix::Layout Layout() const override { return BinnedMatrix::Layout::kColumns; }  // no histograms
  void ConfigureTrees(TreeParams& tp) const override {
    // Deep least-squares trees on bootstrap counts; sqrt(p) or p/3 features per split unless set.
    tp.eta = 1;
    tp.forest = true;
    tp.split.float_gain = false;
    if (std::isnan(ctx_.params.colsample_bynode)) {  // automatic
      const double p = static_cast<double>(ctx_.data.features.size());
      tp.colsample_bynode = ctx_.data.task == Task::kRegression ? 1.0 / 3.0 : std::sqrt(p) / p;
    }
  }
  // Two learners (slots) per thread: a thread that finishes a tree takes
  // the next one while the others still grow theirs.
  int Learners() const override { return ctx_.pool.size() > 1 ? 2 * ctx_.pool.size() : 1; }
  void Start() override {
    TrainingContext& s = ctx_;
    const size_t n = s.data.x.num_rows;
    for (auto& learner : s.learners) learner->StopAtPureNodes(s.data.label);
    s.model.average_trees = true;
    s.model.base_margin.assign(s.K, 0.0);
    std::fill(s.margin.begin(), s.margin.end(), 0.0f);
    sum_.assign(n * s.K, 0.0);
    oob_ = OutOfBag(n, s.K);
    is_valid_row_.assign(n, 0);
    slots_ = std::vector<Slot>(s.learners.size());
    for (RowIdx r : s.data.valid_rows) is_valid_row_[r] = 1;
  }
  RoundReport Round() override;
  void AfterRound(RoundReport& report) override {
    TrainingContext& s = ctx_;
    if (s.Done()) Stop();  // no more trees: the workers return
    // The forest's loss per round: out-of-bag error (or RMSE) of the trees so far.
    const bool classification = s.data.task != Task::kRegression;
    report.train.push_back({classification ? "oob_error" : "oob_rmse", oob_.Score(s.data.label, s.weight, s.data.train_rows, classification)});
  }
  bool LearnerTimings() const override { return false; }
  void Stop() override;
  void Describe(RoundStatistics& out) const override {
    out.kind = "bootstrap";
    out.drawn = drawn_;
    for (size_t i = 0; i < tried_.nodes.size(); ++i)
      out.tried.push_back({tried_.nodes[i], std::vector<int>(tried_.features.begin() + tried_.begin[i], tried_.features.begin() + tried_.begin[i + 1])});
  }  // the workers finish their trees and return

 private:
  void GrowForestTrees();       // a worker's job: trees ahead of the rounds
  bool ForestTreeClaimable() const;  // under mu_
  void GrowNextForestTree(std::unique_lock<std::mutex>& lock);
  void GrowForestTree(int t);   // into its slot; exceptions kept there

  std::vector<double> sum_;  // per row and output, the sum of its trees' outputs
  std::vector<uint32_t> drawn_;  // the last reported tree's bootstrap counts (its slot takes the next tree)
  TreeLearner::TriedFeatures tried_;  // the features its splits drew
  OutOfBag oob_;
  std::vector<char> is_valid_row_;  // per row: a validation row (the others a tree does not draw are out of bag)
  struct Slot {
    ForestSample sample;
    Tree tree;
    RoundReport shape;  // the tree's depth, leaves, gain and timings
    std::exception_ptr error;  // what growing it threw, rethrown by its round
    bool ready = false;
  };
  std::vector<Slot> slots_;  // one per learner
  std::mutex mu_;            // guards the counters below and Slot::ready
  std::condition_variable cv_;
  int next_ = 0;      // the next tree to claim
  int reported_ = 0;  // trees whose rounds are reported (their slots free)
  bool stop_ = false;
  bool started_ = false;  // the workers are growing trees (ThreadPool::Start)
};

// Tree t's sample and features depend only on t: which thread grows it, and
// when, changes nothing in it.
void RandomForest::GrowForestTree(int t) {
  TrainingContext& s = ctx_;
  Slot& slot = slots_[t % slots_.size()];
  TreeLearner& learner = *s.learners[t % slots_.size()];
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

// Tree t may take its slot once the slot's last tree (t - slots_) is reported.
bool RandomForest::ForestTreeClaimable() const {
  return !stop_ && next_ < ctx_.params.rounds && next_ < reported_ + static_cast<int>(slots_.size());
}

// Claims the next tree (ForestTreeClaimable) and grows it with mu_
// released; marks it ready under the lock again.
void RandomForest::GrowNextForestTree(std::unique_lock<std::mutex>& lock) {
  const int t = next_++;
  lock.unlock();
  GrowForestTree(t);
  lock.lock();
  slots_[t % slots_.size()].ready = true;
  cv_.notify_all();
}

// A worker's job: trees until every one is claimed or the forest stops. Run
// twice on one worker (ThreadPool::Start), the second run returns at once.
void RandomForest::GrowForestTrees() {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    cv_.wait(lock, [&] { return stop_ || next_ >= ctx_.params.rounds || ForestTreeClaimable(); });
    if (!ForestTreeClaimable()) return;  // stopped, or every tree claimed
    GrowNextForestTree(lock);
  }
}

void RandomForest::Stop() {
  if (!started_) return;
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  started_ = false;
  ctx_.pool.Wait();  // the workers' job catches its exceptions: nothing to rethrow
}

RoundReport RandomForest::Round() {
  TrainingContext& s = ctx_;
  const int outputs = s.K;
  const size_t b = static_cast<size_t>(s.round) % slots_.size();
  // The workers grow trees ahead once the shared team is free: while
  // another trainer holds it, this one grows its trees here, and asks
  // again next round (a tree depends only on its index, not on where it grew).
  if (!started_ && s.pool.size() > 1) started_ = s.pool.Start([this](int) { GrowForestTrees(); });
  {
    // This round's tree: grown by a worker, or here (this thread grows the
    // next tree while its own is not ready: the workers' trees are no slower
    // to come, and no thread sits idle).
    std::unique_lock<std::mutex> lock(mu_);
    while (!slots_[b].ready) {
      if (ForestTreeClaimable()) GrowNextForestTree(lock);
      else cv_.wait(lock);
    }
  }
  Slot& slot = slots_[b];
  if (slot.error) {  // no later round can come: the forest stops here
    std::exception_ptr error = slot.error;
    slot.error = nullptr;
    s.stopped = true;
    Stop();
    std::rethrow_exception(error);
  }
  Tree tree = std::move(slot.tree);
  TreeLearner& learner = *s.learners[b];
  const ForestSample& sample = slot.sample;
  drawn_ = sample.count;
  tried_ = learner.LastTried();
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
      const bool oob = (drawn[r] == 0) & !is_valid_row_[r];
      sum_[r] += v;
      oob_.sum[r] += oob ? v : 0.0;
      oob_.count[r] += oob;
    }
  } else {
    for (size_t i = 0; i < num_leaves; ++i) {
      const TreeLearner::LeafRows leaf = learner.Leaf(i);
      const double* v = &value[static_cast<size_t>(leaf.node) * outputs];
      for (RowIdx r : leaf.rows)
        for (int k = 0; k < outputs; ++k) sum_[static_cast<size_t>(r) * outputs + k] += v[k];
      for (RowIdx r : leaf.carried) {
        for (int k = 0; k < outputs; ++k) sum_[static_cast<size_t>(r) * outputs + k] += v[k];
        if (is_valid_row_[r]) continue;
        for (int k = 0; k < outputs; ++k) oob_.sum[static_cast<size_t>(r) * outputs + k] += v[k];
        ++oob_.count[r];
      }
    }
  }
  // The forest's mean.
  for (size_t i = 0; i < sum_.size(); ++i) s.margin[i] = static_cast<float>(sum_[i] / trees);

  RoundReport report = slot.shape;  // the tree's depth, leaves, gain and timings
  if (outputs > 1) TrainingContext::SetLeafValues(tree, value, outputs);
  s.model.trees.push_back(std::move(tree));
  {
    // The slot (its learner, sample and tree) may take the next tree now.
    std::lock_guard<std::mutex> lock(mu_);
    slot.ready = false;
    ++reported_;
  }
  cv_.notify_all();
  return report;
}

}  // namespace

// The parameters it reads, its own, and its defaults (boost/algorithm.h).
AlgorithmDeclaration RandomForestDeclaration() {
  return {"random_forest", [](TrainingContext& ctx) -> std::unique_ptr<Algorithm> { return std::make_unique<RandomForest>(ctx); },
          {"max_depth", "max_leaves", "min_child_weight", "colsample_bynode", "max_cat_to_onehot",
           "max_cat_threshold"},
          {},
          {{"max_depth", 0}, {"colsample_bynode", std::numeric_limits<double>::quiet_NaN()}},
          {
           {"rounds", "Trees in the forest, one a round, each grown on its own bootstrap sample (one tree for all classes)."},
           {"max_depth", "Deepest level a tree may grow to; 0 (the default) grows each tree until its leaves are pure, as "
                         "scikit-learn's max_depth=None."},
           {"min_child_weight",
            "Smallest number of drawn rows a leaf may hold (bootstrap counts, times sample weights), as "
            "scikit-learn's min_samples_leaf."},
           {"max_leaves",
            "Most leaves a tree may have; 0 means no limit."}}};
}

}  // namespace boostlab
