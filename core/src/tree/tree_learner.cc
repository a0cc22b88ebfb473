#include "tree/tree_learner.h"

#include <algorithm>  // for any_of, min_element, clamp
#include <chrono>     // for steady_clock
#include <cmath>      // for round
#include <cstdint>    // for SIZE_MAX
#include <cstring>    // for memcpy
#include <limits>     // for numeric_limits
#include <tuple>      // for tie
#include <utility>    // for move

#include "util/prefault.h"
#include "util/thread_pool.h"

namespace boostlab {
namespace {

// Adds the seconds since construction to a counter when it goes out of scope.
class StepTimer {
 public:
  // off: no clock reads (a forest tree has tens of thousands of nodes).
  StepTimer(double& total, bool on = true) : total_(total), on_(on) {
    if (on_) start_ = std::chrono::steady_clock::now();
  }
  ~StepTimer() {
    if (on_) total_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  double& total_;
  bool on_;
  std::chrono::steady_clock::time_point start_;
};

// XGBoost's kRtEps: a split must reduce the loss by more than this.
constexpr double kMinGain = 1e-6;

}  // namespace

TreeLearner::TreeLearner(const BinnedMatrix& bins, const TreeParams& params, ThreadPool& pool)
    : bins_(bins),
      params_(params),
      pool_(pool),
      builder_(bins),
      sampler_(static_cast<int>(bins.num_features), params.colsample_bytree, params.colsample_bylevel,
               params.colsample_bynode),
      feature_builder_(bins),
      rows_split_(bins) {}

TreeLearner::LeafRows TreeLearner::Leaf(size_t i) const {
  const LeafRange& l = leaves_[i];
  LeafRows out{l.node, std::span<const RowIdx>(rows_.data() + l.begin, l.end - l.begin),
               std::span<const RowIdx>(carried_.data() + l.carried_begin, l.carried_end - l.carried_begin)};
  if (params_.constraints.HasMonotone()) std::tie(out.lower, out.upper) = bounds_[static_cast<size_t>(l.node)];
  return out;
}

std::vector<TreeLearner::LeafRows> TreeLearner::Leaves() const {
  std::vector<LeafRows> out;
  out.reserve(leaves_.size());
  for (size_t i = 0; i < leaves_.size(); ++i) out.push_back(Leaf(i));
  return out;
}

TreeLearner::Timings TreeLearner::TakeTimings() {
  Timings t = timings_;
  timings_ = {};
  t.histogram_cells = histogram_cells_.exchange(0);
  t.split_bins = split_bins_.exchange(0);
  return t;
}

void TreeLearner::GoesLeft(const SplitCandidate& split, std::vector<char>& table) const {
  const size_t f = static_cast<size_t>(split.feature);
  // Missing by the default direction, values by threshold or category set.
  table.assign(bins_.BinsOf(f), split.categorical ? 1 : 0);
  table[bins_.MissingBin(f)] = split.default_left;
  if (split.categorical) {
    for (uint32_t b : split.right_bins) table[b] = 0;
  } else {
    std::fill(table.begin(), table.begin() + split.bin + 1, 1);
  }
}

namespace {

// Splits rows[0, n) by goes_left(column[row]): the left ones to to_left and
// the right ones to to_right, each in order; returns how many went left.
// Without a branch (a row's side is a coin toss): each row is written to
// both sides and only its own side's cursor moves. to_left may be rows
// itself: a row is read before its slot can be written.
template <typename BinT, typename GoesLeftFn>
size_t SplitRows(const RowIdx* rows, size_t n, const BinT* column, GoesLeftFn goes_left, RowIdx* to_left,
                 RowIdx* to_right) {
  size_t l = 0, r = 0;
  for (size_t i = 0; i < n; ++i) {
    const RowIdx row = rows[i];
    const size_t go = goes_left(column[row]);
    to_left[l] = row;
    to_right[r] = row;
    l += go;
    r += 1 - go;
  }
  return l;
}

// A bin table's side for a bin (categorical splits, and the blocked partitions).
struct ByTable {
  const char* left;
  size_t operator()(uint32_t b) const { return static_cast<size_t>(left[b]); }
};

// A numeric split's side, compared rather than looked up: a small node's
// partition would otherwise first fill a table as long as the feature's bins.
struct ByThreshold {
  uint32_t bin, missing, default_left;
  size_t operator()(uint32_t b) const { return (b <= bin) | ((b == missing) & default_left); }
};

}  // namespace

// One pass on the calling thread over all[begin, end), with n slots of
// scratch: deep trees have many small nodes.
template <typename GoesLeftFn>
size_t TreeLearner::PartitionSmall(std::vector<RowIdx>& all, size_t begin, size_t end, size_t f, GoesLeftFn left,
                                   RowIdx* scratch) const {
  RowIdx* rows = all.data() + begin;
  const size_t n = end - begin;
  const size_t l = bins_.wide ? SplitRows(rows, n, bins_.Column<uint16_t>(f), left, rows, scratch)
                              : SplitRows(rows, n, bins_.Column<uint8_t>(f), left, rows, scratch);
  std::copy(scratch, scratch + (n - l), rows + l);
  return begin + l;
}

size_t TreeLearner::Partition(std::vector<RowIdx>& rows, size_t begin, size_t end, const SplitCandidate& split) {
  StepTimer timer(timings_.partition, !params_.forest);
  const size_t f = static_cast<size_t>(split.feature);
  // Stable partition in blocks: each block splits its rows and counts its
  // lefts, then writes them at offsets from the prefix sums. A stable
  // partition has one result, so the block count cannot change it.
  const size_t n = end - begin;
  const size_t blocks = PartitionBlocks(n);
  if (scratch_.size() < rows.size()) scratch_.resize(rows.size());
  if (blocks == 1 && !split.categorical)
    return PartitionSmall(rows, begin, end, f, ByThreshold{split.bin, bins_.MissingBin(f), split.default_left}, scratch_.data());
  GoesLeft(split, goes_left_);  // decided once per split
  if (blocks == 1) return PartitionSmall(rows, begin, end, f, ByTable{goes_left_.data()}, scratch_.data());
  // Two passes across threads. Each block splits its rows into its own
  // stretch of two buffers (lefts in scratch_, rights in right_), without a
  // branch as above; then each block copies both into place from the prefix
  // sums of the left counts.
  if (right_.size() < rows.size()) right_.resize(rows.size());
  std::vector<size_t> left_count(blocks + 1, 0);
  auto split_block = [&](const auto* column, int b) {
    const size_t lo = begin + n * b / blocks, hi = begin + n * (b + 1) / blocks;
    left_count[b + 1] = SplitRows(rows.data() + lo, hi - lo, column, ByTable{goes_left_.data()}, scratch_.data() + lo,
                                  right_.data() + lo);
  };
  pool_.Run(static_cast<int>(blocks), [&](int b) {
    if (bins_.wide) split_block(bins_.Column<uint16_t>(f), b);
    else split_block(bins_.Column<uint8_t>(f), b);
  });
  for (size_t b = 0; b < blocks; ++b) left_count[b + 1] += left_count[b];
  const size_t total_left = left_count[blocks];
  pool_.Run(static_cast<int>(blocks), [&](int b) {
    const size_t lo = begin + n * b / blocks, hi = begin + n * (b + 1) / blocks;
    const size_t lefts = left_count[b + 1] - left_count[b];
    const auto at = [](auto& v, size_t i) { return v.begin() + static_cast<std::ptrdiff_t>(i); };
    std::copy(at(scratch_, lo), at(scratch_, lo + lefts), at(rows, begin + left_count[b]));
    std::copy(at(right_, lo), at(right_, hi - lefts),
              at(rows, begin + total_left + (lo - begin - left_count[b])));
  });
  return begin + total_left;
}

size_t TreeLearner::PartitionCarried(const Entry& e) {
  if (e.carried_begin == e.carried_end) return e.carried_begin;
  return Partition(carried_, e.carried_begin, e.carried_end, e.split);
}

int TreeLearner::LeafBinned(RowIdx row) const {
  int leaf;
  LeavesBinned(std::span<const RowIdx>(&row, 1), &leaf);
  return leaf;
}

bool TreeLearner::AllLeaves(const int* lanes) const {
  bool all = true;
  for (size_t k = 0; k < kLanes; ++k) all &= binned_[lanes[k]].child[0] == lanes[k];
  return all;
}

void TreeLearner::LeavesBinned(std::span<const RowIdx> rows, int* leaf) const {
  if (bins_.wide) LeavesBinnedAs(bins_.bins16.data(), rows, leaf);
  else LeavesBinnedAs(bins_.bins8.data(), rows, leaf);
}

// The bins' width a template argument, not BinnedMatrix::Bin's test of it
// at every step of every row.
template <typename BinT>
void TreeLearner::LeavesBinnedAs(const BinT* bins, std::span<const RowIdx> rows, int* leaf) const {
  const BinNode* nodes = binned_.data();
  const char* lut = lut_.data();
  const size_t F = bins_.num_features;
  auto step = [&](int i, RowIdx row) {
    const BinNode& n = nodes[i];
    const uint32_t b = bins[static_cast<size_t>(row) * F + static_cast<size_t>(n.feature)];
    const int by_value = (b <= n.threshold) | ((b == n.missing) & n.default_left);
    const int by_set = lut[n.lut + b];
    return n.child[n.lut ? by_set : by_value];
  };
  // Eight rows side by side: their chains of dependent loads overlap.
  size_t at = 0;
  // Deep trees (forests) have leaves at every depth: lanes stop once all
  // eight have reached theirs instead of walking the deepest path.
  const bool deep = binned_depth_ > kDeepTree;
  for (; at + kLanes <= rows.size(); at += kLanes) {
    int i[kLanes] = {};
    for (int d = 0; d < binned_depth_; ++d) {
      for (size_t k = 0; k < kLanes; ++k) i[k] = step(i[k], rows[at + k]);
      if (deep && AllLeaves(i)) break;
    }
    for (size_t k = 0; k < kLanes; ++k) leaf[at + k] = i[k];
  }
  for (; at < rows.size(); ++at) {
    int i = 0;
    for (int d = 0; d < binned_depth_ && !(deep && nodes[i].child[0] == i); ++d) i = step(i, rows[at]);
    leaf[at] = i;
  }
}

// Leaves (nodes never split) point to themselves; the first lut_ block is
// zeros wide enough for any feature, where leaves look.
void TreeLearner::FinishBinned(size_t num_nodes) {
  binned_.resize(num_nodes);
  int deepest = 0;
  std::vector<int> depth(num_nodes, 0);  // children always come after their parent
  for (size_t i = 0; i < num_nodes; ++i) {
    BinNode& n = binned_[i];
    if (n.child[0] < 0) {
      n = BinNode{};
      n.child[0] = n.child[1] = static_cast<int32_t>(i);
      continue;
    }
    depth[n.child[0]] = depth[n.child[1]] = depth[i] + 1;
    deepest = std::max(deepest, depth[i] + 1);
  }
  binned_depth_ = deepest;
}

float TreeLearner::PredictBinned(const Tree& tree, RowIdx row) const { return tree.nodes[LeafBinned(row)].value; }

void TreeLearner::BuildHistogram(std::span<const GradPair> gpair, size_t begin, size_t end, std::vector<HistBin>& hist,
                                 const std::vector<int>* open) {
  StepTimer timer(timings_.histogram);
  BuildHistogramUntimed(gpair, begin, end, hist, open);
}

void TreeLearner::BuildLevelHistograms(std::span<const GradPair> gpair, std::vector<Entry>& next,
                                       std::span<const size_t> pairs) {
  StepTimer timer(timings_.histogram);
  // A node with enough rows for several blocks is built with the pool across
  // its blocks; the others, one node per task (a task's nested Run is inline,
  // and a one-block build sums straight into the node's own histogram).
  std::vector<size_t> batch;
  for (size_t p : pairs) {
    const Entry& small = Smaller(next[p], next[p + 1]);
    if (small.end - small.begin >= HistogramBuilder::kOneBlockBelow) BuildSiblings(gpair, next[p], next[p + 1]);
    else batch.push_back(p);
  }
  // One pair alone (the level below the root): built here, not as a task, so
  // its build may still share its features across the pool (a task's would run inline).
  if (batch.size() == 1) BuildSiblings(gpair, next[batch[0]], next[batch[0] + 1]);
  else pool_.Run(static_cast<int>(batch.size()), [&](int i) { BuildSiblings(gpair, next[batch[i]], next[batch[i] + 1]); });
}

// The smaller child's histogram from its rows; the larger one, which holds
// its parent's, becomes parent - smaller (the sibling trick).
// Siblings share their parent's closed features: only the open ones' bins
// are built and subtracted.
void TreeLearner::BuildSiblings(std::span<const GradPair> gpair, Entry& left, Entry& right) {
  Entry& small = Smaller(left, right);
  Entry& large = &small == &left ? right : left;
  // The smaller's is built if either may split (the larger's comes from it).
  const bool small_may = MaySplit(small), large_may = MaySplit(large);
  if (!small_may && !large_may) return;
  if (left.closed.empty() && !tree_features_) {
    BuildHistogramUntimed(gpair, small.begin, small.end, small.hist);
    if (large_may) SubtractHistogram(large.hist, small.hist, large.hist);
    return;
  }
  const std::vector<int> open = OpenFeatures(left);
  BuildHistogramUntimed(gpair, small.begin, small.end, small.hist, &open);
  if (large_may) SubtractHistogram(large.hist, small.hist, large.hist, BinRangesOf(bins_, open));
}

bool TreeLearner::MaySplit(const Entry& e) const {
  if (closed_margin_ < 0) return true;
  // A hair of slack: the two sides' sums, rounded, might just reach it.
  if (e.h * (1 + 1e-9) < 2 * (params_.split.min_child_weight - closed_margin_)) return false;
  if (e.closed.empty()) return true;
  // (Categorical features are never closed.) Only the tree's own features
  // count when it has a list: no other can split its nodes.
  if (tree_features_)
    return std::any_of(tree_features_->begin(), tree_features_->end(), [&](int f) { return !IsClosed(e, f); });
  for (int f = 0; f < static_cast<int>(bins_.num_features); ++f)
    if (!IsClosed(e, f)) return true;
  return false;
}

std::vector<int> TreeLearner::OpenFeatures(const Entry& e) const {
  std::vector<int> open;
  if (tree_features_) {
    for (int f : *tree_features_)
      if (!IsClosed(e, f)) open.push_back(f);
    return open;
  }
  for (int f = 0; f < static_cast<int>(bins_.num_features); ++f)
    if (!IsClosed(e, f)) open.push_back(f);
  return open;
}

std::vector<size_t> TreeLearner::PartitionLevel(std::span<Entry* const> splitting) {
  std::vector<size_t> mid(splitting.size());
  // Nodes big enough for blocks are split with the pool across their blocks;
  // the others one node per task, each in its own rows' stretch of scratch_.
  std::vector<size_t> batch;
  for (size_t i = 0; i < splitting.size(); ++i) {
    const Entry& e = *splitting[i];
    if (PartitionBlocks(e.end - e.begin) > 1) mid[i] = Partition(rows_, e.begin, e.end, e.split);
    else batch.push_back(i);
  }
  StepTimer timer(timings_.partition);
  if (scratch_.size() < rows_.size()) scratch_.resize(rows_.size());
  pool_.Run(static_cast<int>(batch.size()), [&](int j) {
    const Entry& e = *splitting[batch[j]];
    std::vector<char> goes_left;
    GoesLeft(e.split, goes_left);
    mid[batch[j]] = PartitionSmall(rows_, e.begin, e.end, static_cast<size_t>(e.split.feature), ByTable{goes_left.data()},
                                   scratch_.data() + e.begin);
  });
  return mid;
}

void TreeLearner::EvaluateLevel(std::vector<Entry>& next, std::span<const size_t> pairs) {
  StepTimer timer(timings_.split);
  // Features are drawn in node order before the searches run in parallel,
  // so the sampling does not depend on threads.
  std::vector<Entry*> todo;
  std::vector<std::vector<int>> features;
  for (size_t p : pairs)
    for (size_t i : {p, p + 1}) {
      todo.push_back(&next[i]);
      features.push_back(sampler_.ForNode(next[i].depth));
    }
  pool_.Run(static_cast<int>(todo.size()), [&](int i) { todo[i]->split = Search(*todo[i], features[i]); });
}

std::vector<HistBin> TreeLearner::TakeHistogram() {
  if (spare_histograms_.empty()) return {};
  std::vector<HistBin> hist = std::move(spare_histograms_.back());
  spare_histograms_.pop_back();
  return hist;
}

void TreeLearner::HandHistograms(Entry& parent, Entry& left, Entry& right) {
  Entry& small = Smaller(left, right);
  (&small == &left ? right : left).hist = std::move(parent.hist);  // becomes parent - smaller (BuildSiblings)
  small.hist = TakeHistogram();
}

void TreeLearner::GiveBackHistogram(std::vector<HistBin>&& hist) {
  if (hist.empty() || (spare_histograms_.size() + 1) * hist.size() * sizeof(HistBin) > kSpareHistogramBytes) return;
  spare_histograms_.push_back(std::move(hist));
}

void TreeLearner::BuildHistogramUntimed(std::span<const GradPair> gpair, size_t begin, size_t end,
                                        std::vector<HistBin>& hist, const std::vector<int>* open) {
  const size_t total = bins_.total_bins();
  hist.resize(total * outputs_);
  const std::span<const RowIdx> rows(rows_.data() + begin, end - begin);
  histogram_cells_ += rows.size() * (open ? open->size() : bins_.num_features);
  if (outputs_ > 1) builder_.BuildByOutput(gpair, output_of_row_, outputs_, rows, hist, pool_);
  else if (open) builder_.Build(gpair, rows, *open, hist, pool_);
  else if (quantise_tree_) builder_.BuildQuantised(gpair, quantised_, rows, hist, pool_);
  else builder_.Build(gpair, rows, hist, pool_);
}

SplitCandidate TreeLearner::Search(Entry& e, std::span<const int> drawn) const {
  uint64_t bins = 0;
  for (int f : drawn) bins += bins_.BinsOf(f);
  split_bins_ += bins;
  if (outputs_ > 1) return FindBestSplitMulti(bins_, e.hist, outputs_, params_.split, drawn);
  const FeatureConstraints& c = params_.constraints;
  const MonotoneBounds mono{c.monotone.data(), bounds_[static_cast<size_t>(e.node)].first,
                            bounds_[static_cast<size_t>(e.node)].second};
  const MonotoneBounds* bounds = c.HasMonotone() ? &mono : nullptr;
  // Features drawn first, then those the interaction constraints forbid
  // passed over, as XGBoost's sampler and constraints do.
  auto allowed = [&](int f) { return e.allowed.empty() || HasBit(e.allowed, f); };
  if (closed_margin_ < 0) {
    if (e.allowed.empty()) return FindBestSplit(bins_, e.hist, e.g, e.h, params_.split, drawn, nullptr, bounds);
    std::vector<int> kept;
    for (int f : drawn)
      if (allowed(f)) kept.push_back(f);
    return FindBestSplit(bins_, e.hist, e.g, e.h, params_.split, kept, nullptr, bounds);
  }
  if (!MaySplit(e)) return {};  // its histogram was not built (BuildSiblings)
  std::vector<int> open;
  open.reserve(drawn.size());
  for (int f : drawn)
    if (!IsClosed(e, f) && allowed(f)) open.push_back(f);
  ClosedFeatures closed{closed_margin_, {}};
  SplitCandidate best = FindBestSplit(bins_, e.hist, e.g, e.h, params_.split, open, &closed, bounds);
  if (!closed.found.empty() && e.closed.empty()) e.closed.assign((bins_.num_features + 63) / 64, 0);
  for (int f : closed.found) e.closed[f >> 6] |= uint64_t{1} << (f & 63);
  return best;
}

void TreeLearner::EvaluateDrawn(std::span<const GradPair> gpair, Entry& e) {
  const std::span<const RowIdx> rows(rows_.data() + e.begin, e.end - e.begin);
  e.split.valid = false;  // until the scan's best replaces it
  // One row cannot be split (half of a deep tree's nodes); nothing is drawn for it.
  if (rows.size() < 2) return;
  double sum_h = e.h;
  if (outputs_ > 1) {
    node_g_.assign(outputs_, 0.0);
    sum_h = 0;
    for (RowIdx r : rows) {
      node_g_[static_cast<size_t>(output_of_row_[r])] += gpair[r].g;
      sum_h += gpair[r].h;
    }
  }
  // Both children need min_child_weight (and some weight): no split can stand.
  if (sum_h <= 0 || sum_h < 2 * params_.split.min_child_weight) return;
  if (!pure_label_.empty() && std::all_of(rows.begin(), rows.end(), [&](RowIdx r) { return pure_label_[r] == pure_label_[rows[0]]; }))
    return;
  // scikit-learn's max_features: k = floor(share * p) draws, constant
  // features counted, and past k only while every draw so far was constant.
  const size_t p = bins_.num_features;
  if (draws_per_node_ == 0)
    draws_per_node_ = std::clamp<size_t>(static_cast<size_t>(sampler_.bynode() * static_cast<double>(p) + 1e-9), 1, p);
  const size_t k = draws_per_node_;
  draw_.resize(p);
  for (size_t f = 0; f < p; ++f) draw_[f] = static_cast<int>(f);
  size_t searched = 0;
  // One output: numeric features are searched from the rows themselves.
  if (outputs_ == 1) rows_split_.SetNode(rows, gpair);
  // One scan for the node: a feature's best replaces the node's only when
  // its gain is higher, as the first best among equals wins within a feature.
  SplitScan scan{params_.split, e.g, sum_h, LeafScore(e.g, sum_h, params_.split), {}};
  // A feature constant in a node is constant below it: known ones are
  // drawn (they count) but not searched again. Tracked for up to 64 features.
  const bool track = p <= 64;
  auto known_constant = [&](int f) { return track && (e.constant >> f & 1); };
  auto search = [&](int f) {
    if (known_constant(f)) return;
    if (outputs_ == 1 && !bins_.categorical[f]) {
      if (rows_split_.Search(f, scan) == RowSplitFinder::Outcome::kConstant) {
        if (track) e.constant |= uint64_t{1} << f;
        return;
      }
      ++searched;
      return;
    }
    if (outputs_ == 1) node_g_.assign(1, e.g);  // a categorical feature's search reads the node's g from here
    const bool dense = bins_.categorical[f] && outputs_ == 1;
    feature_builder_.Build(static_cast<size_t>(f), rows, gpair, outputs_, output_of_row_, dense, feature_hist_);
    if (feature_hist_.Occupied() < 2) {  // constant in this node
      if (track) e.constant |= uint64_t{1} << f;
      return;
    }
    ++searched;
    SplitCandidate c = FindBestSplitOfFeature(bins_, f, feature_hist_, node_g_, sum_h, params_.split);
    if (c.valid && (!scan.best.valid || c.gain > scan.best.gain)) scan.best = std::move(c);
  };
  // The first k draws come first (searches draw nothing): a small node
  // gathers the numeric ones it will search in one pass over its rows.
  for (size_t i = 0; i < k; ++i) sampler_.DrawAt(draw_, i);
  if (outputs_ == 1) {
    // Those with fewer rows than bins are summed and marked; the others
    // (more rows than the feature has bins) summed into every bin.
    int marked[RowSplitFinder::kFused], summed[RowSplitFinder::kFused];
    size_t num_marked = 0, num_summed = 0;
    for (size_t i = 0; i < k; ++i) {
      const int f = draw_[i];
      if (known_constant(f) || bins_.categorical[f]) continue;
      if (rows_split_.Gathers(f)) {
        if (num_marked < RowSplitFinder::kFused) marked[num_marked++] = f;
      } else if (rows_split_.Sums(f)) {
        if (num_summed < RowSplitFinder::kFused) summed[num_summed++] = f;
      }
    }
    if (num_marked > 1) rows_split_.Gather(std::span<const int>(marked, num_marked));
    if (num_summed > 1) rows_split_.GatherSummed(std::span<const int>(summed, num_summed));
  }
  for (size_t i = 0; i < k; ++i) search(draw_[i]);
  // Past k only while every draw so far was constant.
  size_t drawn = k;
  for (size_t i = k; i < p && searched == 0; ++i, drawn = i) search(sampler_.DrawAt(draw_, i));
  e.split = std::move(scan.best);
  tried_.nodes.push_back(e.node);
  tried_.features.insert(tried_.features.end(), draw_.begin(), draw_.begin() + static_cast<std::ptrdiff_t>(drawn));
  tried_.begin.push_back(static_cast<int>(tried_.features.size()));
}

void TreeLearner::Evaluate(Entry& e) {
  StepTimer timer(timings_.split);
  const std::vector<int> features = sampler_.ForNode(e.depth);
  e.split = Search(e, features);
}

void TreeLearner::EvaluatePair(Entry& left, Entry& right) {
  StepTimer timer(timings_.split);
  // Features are drawn in a fixed order (left, then right) before the two
  // searches run in parallel, so the sampling does not depend on threads.
  const std::vector<int> features[2] = {sampler_.ForNode(left.depth), sampler_.ForNode(right.depth)};
  Entry* entries[2] = {&left, &right};
  pool_.Run(2, [&](int i) {
    Entry& e = *entries[i];
    e.split = Search(e, features[i]);
  });
}

bool TreeLearner::CanSplit(const Entry& e, int num_leaves) const {
  if (!e.split.valid || e.split.gain <= kMinGain || e.split.gain < params_.gamma) return false;
  if (e.split.left_h == 0 || e.split.right_h == 0) return false;
  if (params_.max_depth > 0 && e.depth >= params_.max_depth) return false;
  if (params_.max_leaves > 0 && num_leaves >= params_.max_leaves) return false;
  return true;
}

Tree TreeLearner::GrowClasses(std::span<const GradPair> gpair, std::span<const float> label, int classes,
                              std::span<const RowIdx> rows, uint64_t seed, std::span<const RowIdx> carried) {
  outputs_ = classes;
  output_of_row_ = label;
  Tree tree = Grow(gpair, rows, seed, carried);
  outputs_ = 1;
  output_of_row_ = {};
  return tree;
}

float TreeLearner::FinishNode(Tree& tree, const Entry& e) const {
  TreeNode& node = tree.nodes[e.node];
  // float weight times float eta, in XGBoost's order of rounding.
  float w = static_cast<float>(LeafWeight(e.g, e.h, params_.split));
  if (params_.constraints.HasMonotone()) w = std::clamp(w, bounds_[static_cast<size_t>(e.node)].first, bounds_[static_cast<size_t>(e.node)].second);
  node.value = w * static_cast<float>(params_.eta);
  node.cover = static_cast<float>(e.h);
  // G beside H, for whoever checks w* = -G/(H + lambda) (not for a forest's
  // trees: their millions of nodes need no more bytes, and no one boosts them).
  if (!params_.forest) {
    if (tree.sum_grad.size() < tree.nodes.size()) tree.sum_grad.resize(tree.nodes.size(), 0.0f);
    tree.sum_grad[static_cast<size_t>(e.node)] = static_cast<float>(e.g);
  }
  return node.value;
}

// Each leaf's value at the first position of its stretch (flagged there),
// then carried forward over the positions (the stretches tile them) and
// written to each position's row. Leaves with no carried rows write to a
// spare slot past the end. Selects on bits rather than branches: where a
// stretch starts is a coin toss.
void TreeLearner::FillRowValues() {
  row_value_.resize(bins_.num_rows, 0.0f);
  auto fill = [&](const std::vector<RowIdx>& rows, bool carried) {
    const size_t n = rows.size();
    value_at_.assign(n + 1, 0.0f);
    starts_.assign(n + 1, 0);
    for (const LeafRange& l : leaves_) {
      const uint32_t begin = carried ? l.carried_begin : l.begin, end = carried ? l.carried_end : l.end;
      const size_t at = begin < end ? begin : n;
      value_at_[at] = l.value;
      starts_[at] = ~0u;
    }
    uint32_t v = 0;
    for (size_t i = 0; i < n; ++i) {
      uint32_t x;
      std::memcpy(&x, &value_at_[i], sizeof x);
      v = (x & starts_[i]) | (v & ~starts_[i]);
      std::memcpy(&row_value_[rows[i]], &v, sizeof v);
    }
  };
  fill(rows_, false);
  fill(carried_, true);
}

double TreeLearner::LastGainSum() const {
  double sum = 0;
  for (float gain : gains_) sum += gain;
  return sum;
}

// A trap a page at first write costs more than the page (some 500 a
// diamonds tree); faulting in all of a tree's pages at its start zeroes
// megabytes that leave the cache before the nodes are written, and push the
// search's rows and bins out of it (two threads: 3 % slower). So a stretch
// at a time, two ahead of the tree's end, within the room reserved.
void TreeLearner::FaultInNodesAhead(Tree& tree) {
  const size_t upto = std::min(prefault_limit_, tree.nodes.size() + 2 * kFaultInNodes);
  if (upto > faulted_in_) PrefaultForWrite(tree.nodes.data() + faulted_in_, (upto - faulted_in_) * sizeof(TreeNode));
  faulted_in_ = std::max(faulted_in_, upto);
  fault_in_at_ = faulted_in_ < prefault_limit_ ? faulted_in_ - kFaultInNodes : SIZE_MAX;
}

void TreeLearner::ConstrainChildren(const Entry& e, Entry& left, Entry& right) {
  const FeatureConstraints& c = params_.constraints;
  const size_t l = static_cast<size_t>(left.node), r = static_cast<size_t>(right.node);
  if (bounds_.size() <= r) bounds_.resize(r + 1);
  bounds_[l] = bounds_[r] = bounds_[static_cast<size_t>(e.node)];
  if (c.HasMonotone()) {
    // The children's weights as the split found them (clamped to e's bounds);
    // their bounds meet halfway, as XGBoost's.
    const auto [lower, upper] = bounds_[static_cast<size_t>(e.node)];
    const MonotoneBounds mono{c.monotone.data(), lower, upper};
    const float wl = mono.Weight(e.split.left_g, e.split.left_h, params_.split);
    const float wr = mono.Weight(e.split.right_g, e.split.right_h, params_.split);
    const float mid = (wl + wr) / 2;
    const int8_t d = c.monotone[static_cast<size_t>(e.split.feature)];
    if (d > 0) bounds_[l].second = bounds_[r].first = mid;
    if (d < 0) bounds_[l].first = bounds_[r].second = mid;
  }
  if (c.HasInteraction()) {
    left.used = e.used.empty() ? std::vector<uint64_t>((bins_.num_features + 63) / 64, 0) : e.used;
    SetBit(left.used, e.split.feature);
    left.allowed = AllowedAfter(c, left.used);
    right.used = left.used;
    right.allowed = left.allowed;
  }
}

int TreeLearner::AddSplit(Tree& tree, int node, const SplitCandidate& split) {
  const int left_id = static_cast<int>(tree.nodes.size());
  if (!params_.forest) {  // forests carry their rows to the leaves instead
    if (binned_.size() <= static_cast<size_t>(node)) binned_.resize(node + 1);
    BinNode& compact = binned_[node];
    compact = {split.feature, {left_id + 1, left_id}, 0, static_cast<uint16_t>(split.bin),
               static_cast<uint16_t>(bins_.MissingBin(static_cast<size_t>(split.feature))), split.default_left};
    if (split.categorical) {
      compact.lut = static_cast<uint32_t>(lut_.size());
      GoesLeft(split, goes_left_);
      lut_.insert(lut_.end(), goes_left_.begin(), goes_left_.end());
    }
  }
  if (tree.nodes.size() >= fault_in_at_) FaultInNodesAhead(tree);
  tree.nodes.emplace_back();
  tree.nodes.emplace_back();
  if (params_.forest) {
    gains_[node] = static_cast<float>(split.gain);
    gains_.resize(tree.nodes.size(), 0.0f);
  }
  TreeNode& parent = tree.nodes[node];  // re-fetch: the vector may have moved
  parent.left = left_id;  // and the right child after it
  parent.feature = split.feature;
  parent.default_left = split.default_left;
  parent.gain = static_cast<float>(split.gain);
  parent.categorical = split.categorical;
  if (split.categorical) {
    tree.SetCategories(parent, split.right_bins);
  } else {
    parent.threshold = bins_.Threshold(static_cast<size_t>(split.feature), split.bin);
  }
  return left_id;
}

// Depth first on a stack of entries evaluated in place: the left child takes
// its parent's slot and the right one goes on top, so the right subtree is
// grown first, as the generic loop's stack does, and the features are drawn
// in the same order (left child, then right). A deep forest tree has tens of
// thousands of nodes; the generic loop moved each entry three times.
void TreeLearner::GrowForest(std::span<const GradPair> gpair, Tree& tree, Entry&& root) {
  std::vector<Entry>& stack = forest_stack_;
  stack.clear();
  stack.push_back(std::move(root));
  while (!stack.empty()) {
    Entry& e = stack.back();
    const float value = FinishNode(tree, e);
    if (!CanSplit(e, 0)) {
      AddLeaf(e, value);
      stack.pop_back();
      continue;
    }
    const size_t mid = Partition(rows_, e.begin, e.end, e.split);
    const size_t carried_mid = PartitionCarried(e);
    const int left_id = AddSplit(tree, e.node, e.split);
    const int depth = e.depth + 1;
    const size_t end = e.end, carried_end = e.carried_end;
    const double right_g = e.split.right_g, right_h = e.split.right_h;
    const uint64_t constant = e.constant;  // the parent's, for the right child
    const bool may_split = ChildrenMaySplit(e.depth);
    e.node = left_id;
    e.depth = depth;
    e.end = mid;
    e.carried_end = carried_mid;
    e.g = e.split.left_g;
    e.h = e.split.left_h;
    // A child of one row cannot split (half a deep tree's nodes): no
    // search, and only its split marked invalid.
    if (may_split && mid - e.begin > 1) EvaluateDrawn(gpair, e);  // `e` moves with the push below
    else e.split.valid = false;
    stack.push_back(Entry{left_id + 1, depth, mid, end, right_g, right_h, {}, {}, carried_mid, carried_end, constant});
    Entry& right = stack.back();
    if (may_split && end - mid > 1) EvaluateDrawn(gpair, right);
    // A leaf (most right children of a deep tree's small nodes) is done here,
    // not on the next turn of the loop.
    if (!CanSplit(right, 0)) {
      AddLeaf(right, FinishNode(tree, right));
      stack.pop_back();
    }
  }
}

// Units of 1/L of the largest |g| and h, L as large as 32 bits allow for the
// sum of every row (at most 65,536 levels): 2,684 levels of g on 800,000
// rows. Each value rounds down or up with the chance that keeps its mean
// (stochastic rounding, LightGBM's): floor(x + u), u in [0, 1) from the row
// id times the golden ratio plus the tree's seed, taken modulo 1 (a Weyl
// sequence: evenly spread, unrelated to the values, and the same integers on
// any thread count). Floors by truncation of a positive number (x + u + 2^17).
void TreeLearner::Quantise(std::span<const GradPair> gpair, uint64_t seed) {
  // Every row's pair, not only the tree's: rows outside it hold (0, 0) or at
  // worst widen the unit, and a pass over all of them in order vectorises
  // (the tree's rows gathered and scattered one by one cost more than the
  // histograms saved on narrow data).
  const size_t n_all = gpair.size();
  float g_max = 0, h_max = 0;
  size_t negative = 0;
  for (size_t r = 0; r < n_all; ++r) {
    const float g = std::abs(gpair[r].g), h = gpair[r].h;
    g_max = g > g_max ? g : g_max;
    h_max = h > h_max ? h : h_max;
    negative += !(h >= 0);  // a custom loss's negative h (or NaN): its sums need the sign
  }
  if (negative || !(g_max > 0 && h_max > 0) || !std::isfinite(g_max) || !std::isfinite(h_max)) return;
  const double n = static_cast<double>(rows_.size());
  const double g_levels = std::min(65536.0, std::floor(2147483647.0 / n)), h_levels = std::min(65536.0, std::floor(4294967295.0 / n));
  if (g_levels < 1) return;
  quantised_.g_unit = g_max / g_levels;
  quantised_.h_unit = h_max / h_levels;
  quantised_.packed.resize(n_all);
  const double g_inverse = g_levels / g_max, h_inverse = h_levels / h_max;
  const uint32_t offset_g = static_cast<uint32_t>(seed), offset_h = static_cast<uint32_t>(seed >> 32);
  constexpr double kLift = 131072;  // 2^17 > any level: x + u + kLift > 0
  uint64_t* packed = quantised_.packed.data();
  ForBlocks(pool_, n_all, 16384, [&](size_t begin, size_t end) {
    for (size_t r = begin; r < end; ++r) {
      const uint32_t weyl = static_cast<uint32_t>(r) * 2654435769u;  // 2^32 / golden ratio
      const double u_g = static_cast<double>(static_cast<int32_t>((weyl + offset_g) >> 8)) * 0x1p-24;
      const double u_h = static_cast<double>(static_cast<int32_t>((weyl + offset_h) >> 8)) * 0x1p-24;
      const double xg = std::clamp(gpair[r].g * g_inverse, -g_levels, g_levels), xh = std::clamp(gpair[r].h * h_inverse, 0.0, h_levels);
      // Within the levels after rounding too: x + u stays below the level above the clamp.
      const int32_t qg = static_cast<int32_t>(std::min(xg + u_g + kLift, g_levels + kLift)) - static_cast<int32_t>(kLift);
      const int32_t qh = static_cast<int32_t>(std::min(xh + u_h + kLift, h_levels + kLift)) - static_cast<int32_t>(kLift);
      packed[r] = (static_cast<uint64_t>(static_cast<uint32_t>(qg)) << 32) + static_cast<uint32_t>(qh);
    }
  });
  quantise_tree_ = true;
}

// The tree was grown on quantised sums; its leaves take their rows' exact G
// and H (each leaf's rows summed in order), every inner node its children's,
// and each node's value and cover follow from those as FinishNode sets them.
void TreeLearner::RenewFromExact(Tree& tree, std::span<const GradPair> gpair) {
  std::vector<double> g(tree.nodes.size(), 0.0), h(tree.nodes.size(), 0.0);
  pool_.Run(static_cast<int>(leaves_.size()), [&](int i) {
    const LeafRange& leaf = leaves_[static_cast<size_t>(i)];
    double sum_g = 0, sum_h = 0;
    for (uint32_t k = leaf.begin; k < leaf.end; ++k) {
      sum_g += gpair[rows_[k]].g;
      sum_h += gpair[rows_[k]].h;
    }
    g[static_cast<size_t>(leaf.node)] = sum_g;
    h[static_cast<size_t>(leaf.node)] = sum_h;
  });
  for (size_t i = tree.nodes.size(); i-- > 0;) {  // children come after their parent
    const TreeNode& node = tree.nodes[i];
    if (node.IsLeaf()) continue;
    g[i] = g[static_cast<size_t>(node.left)] + g[static_cast<size_t>(node.Right())];
    h[i] = h[static_cast<size_t>(node.left)] + h[static_cast<size_t>(node.Right())];
  }
  for (size_t i = 0; i < tree.nodes.size(); ++i) {
    Entry e{static_cast<int>(i), 0, 0, 0, g[i], h[i], {}, {}};
    FinishNode(tree, e);
  }
  for (LeafRange& leaf : leaves_) leaf.value = tree.nodes[static_cast<size_t>(leaf.node)].value;
}

Tree TreeLearner::Grow(std::span<const GradPair> gpair, std::span<const RowIdx> rows, uint64_t seed,
                       std::span<const RowIdx> carried) {
  rows_.assign(rows.begin(), rows.end());
  carried_.assign(carried.begin(), carried.end());
  last_depth_ = 0;
  closed_margin_ = -1;  // until the root's histogram
  leaves_.clear();
  gains_.assign(params_.forest ? 1 : 0, 0.0f);
  binned_.clear();
  if (!params_.forest) lut_.assign(bins_.MaxBins(), 0);  // where leaves look (see FinishBinned); forests keep no compact copy
  sampler_.NewTree(seed);
  tree_features_ = nullptr;  // (set with the root's histogram)
  tried_.nodes.clear();
  tried_.features.clear();
  tried_.begin.assign(1, 0);
  Tree tree;
  // Room for as many nodes as the last tree had, and a little more: a deep
  // forest tree has tens of thousands, and growing the vector by doubling
  // copied them over and over (6 % of a diamonds forest).
  tree.nodes.reserve(last_num_nodes_ + last_num_nodes_ / 8 + 1);
  // A forest tree's nodes are megabytes of new memory: the pages that most
  // of them (as many as the last tree had, less a little) will fill are
  // faulted in ahead of the writes rather than at each first write.
  prefault_limit_ = params_.forest ? last_num_nodes_ - last_num_nodes_ / 16 : 0;
  faulted_in_ = 0;
  FaultInNodesAhead(tree);
  tree.nodes.emplace_back();
  bounds_.assign(1, {-std::numeric_limits<float>::max(), std::numeric_limits<float>::max()});
  Entry root{0, 0, 0, rows_.size(), 0, 0, {}, {}, 0, carried_.size()};
  if (params_.forest) {
    for (RowIdx r : rows_) {
      root.g += gpair[r].g;
      root.h += gpair[r].h;
    }
    EvaluateDrawn(gpair, root);
    if (params_.max_leaves == 0) {  // no leaf limit: any order grows the same tree
      GrowForest(gpair, tree, std::move(root));
      last_num_nodes_ = tree.nodes.size();
      if (outputs_ == 1) FillRowValues();
      return tree;
    }
  } else {
    quantise_tree_ = false;
    if (params_.quantised && outputs_ == 1) Quantise(gpair, seed);
    root.hist = TakeHistogram();
    tree_features_ = quantise_tree_ || outputs_ > 1 ? nullptr : sampler_.ForTree();
    if (tree_features_) {
      // Feature 0's bins too: the root's totals below are summed over them.
      std::vector<int> open;
      if (tree_features_->front() != 0) open.push_back(0);
      open.insert(open.end(), tree_features_->begin(), tree_features_->end());
      BuildHistogram(gpair, 0, rows_.size(), root.hist, &open);
    } else {
      BuildHistogram(gpair, 0, rows_.size(), root.hist);
    }
    // The node's totals are the sums over any one feature's bins (missing included).
    for (uint32_t b = bins_.offsets[0]; b < bins_.offsets[1]; ++b) {
      root.g += root.hist[b].g;
      root.h += root.hist[b].h;
    }
    const bool h_nonnegative = std::all_of(rows_.begin(), rows_.end(), [&](RowIdx r) { return gpair[r].h >= 0; });
    closed_margin_ = outputs_ == 1 && h_nonnegative && root.h >= 0 ? kClosedMargin * root.h : -1;
    Evaluate(root);
  }

  auto finish_node = [&](const Entry& e) { FinishNode(tree, e); };
  auto comes_first = [&](const Entry& a, const Entry& b) {
    if (params_.lossguide && a.split.gain != b.split.gain) return a.split.gain > b.split.gain;
    if (!params_.lossguide && a.depth != b.depth) return a.depth < b.depth;
    return a.node < b.node;
  };

  // A heap ordered by the grow policy: deep trees have thousands of nodes.
  // It holds indices into `pending`, whose entries never move while queued
  // (an Entry is ~150 bytes; sifting those was a sixth of a forest's time).
  // A forest with no leaf limit grows the same tree in any order: it goes
  // depth first (a stack), with no sifting and a subtree's rows kept warm.
  const bool depth_first = params_.forest && params_.max_leaves == 0;
  std::vector<Entry> pending;
  std::vector<size_t> free_slots;
  auto after = [&](size_t a, size_t b) { return comes_first(pending[b], pending[a]); };
  std::vector<size_t> queue;
  auto enqueue = [&](Entry&& entry) {
    size_t slot = pending.size();
    if (free_slots.empty()) {
      pending.push_back(std::move(entry));
    } else {
      slot = free_slots.back();
      free_slots.pop_back();
      pending[slot] = std::move(entry);
    }
    queue.push_back(slot);
    if (!depth_first) std::push_heap(queue.begin(), queue.end(), after);
  };
  int num_leaves = 1;
  // Adds e's two children to the tree (and to the compact copy), its rows
  // partitioned at mid, and returns their entries.
  auto add_children = [&](Entry& e, size_t mid) {
    const size_t carried_mid = PartitionCarried(e);
    const int left_id = AddSplit(tree, e.node, e.split);
    ++num_leaves;
    const SplitCandidate& split = e.split;
    std::pair<Entry, Entry> children{
        Entry{left_id, e.depth + 1, e.begin, mid, split.left_g, split.left_h, {}, {}, e.carried_begin, carried_mid,
              e.constant, e.closed},
        Entry{left_id + 1, e.depth + 1, mid, e.end, split.right_g, split.right_h, {}, {}, carried_mid, e.carried_end,
              e.constant, e.closed}};
    ConstrainChildren(e, children.first, children.second);
    return children;
  };

  if (!params_.lossguide && !params_.forest && params_.max_leaves == 0) {
    // Depthwise with no leaf limit: a level at a time, in node order (the
    // order the queue below would take). The level's histograms and split
    // searches each run as one batch across the pool: deep levels hold many
    // small nodes, each too small to split across threads on its own.
    std::vector<Entry> level;
    level.push_back(std::move(root));
    while (!level.empty()) {
      std::vector<Entry*> splitting;
      for (Entry& e : level) {
        finish_node(e);
        if (CanSplit(e, num_leaves)) splitting.push_back(&e);
        else AddLeaf(e, tree.nodes[e.node].value);
      }
      const std::vector<size_t> mid = PartitionLevel(splitting);
      std::vector<Entry> next;
      std::vector<size_t> pairs;  // next[i], next[i + 1]: children whose splits are searched
      for (size_t i = 0; i < splitting.size(); ++i) {
        Entry& e = *splitting[i];
        auto [left, right] = add_children(e, mid[i]);
        if (ChildrenMaySplit(e.depth)) {
          HandHistograms(e, left, right);
          pairs.push_back(next.size());
        }
        next.push_back(std::move(left));
        next.push_back(std::move(right));
      }
      BuildLevelHistograms(gpair, next, pairs);
      EvaluateLevel(next, pairs);
      for (Entry& e : level) GiveBackHistogram(std::move(e.hist));
      level = std::move(next);
    }
  } else {
    enqueue(std::move(root));
  }
  while (!queue.empty()) {
    if (!depth_first) std::pop_heap(queue.begin(), queue.end(), after);
    Entry e = std::move(pending[queue.back()]);
    free_slots.push_back(queue.back());
    queue.pop_back();
    finish_node(e);
    if (!CanSplit(e, num_leaves)) {
      AddLeaf(e, tree.nodes[e.node].value);
      GiveBackHistogram(std::move(e.hist));
      continue;
    }
    auto [left, right] = add_children(e, Partition(rows_, e.begin, e.end, e.split));
    if (ChildrenMaySplit(e.depth) && params_.forest) {
      EvaluateDrawn(gpair, left);
      EvaluateDrawn(gpair, right);
    } else if (ChildrenMaySplit(e.depth)) {
      {
        StepTimer timer(timings_.histogram);
        HandHistograms(e, left, right);
        BuildSiblings(gpair, left, right);
      }
      EvaluatePair(left, right);
    }
    enqueue(std::move(left));
    enqueue(std::move(right));
    GiveBackHistogram(std::move(e.hist));  // still here when its children are leaves
  }
  if (quantise_tree_) RenewFromExact(tree, gpair);
  quantise_tree_ = false;
  if (!params_.forest) {
    FinishBinned(tree.nodes.size());
    tree.sum_grad.resize(tree.nodes.size(), 0.0f);  // every node was finished; this only guards the invariant
  }
  if (params_.forest && outputs_ == 1) FillRowValues();
  last_num_nodes_ = tree.nodes.size();
  return tree;
}

}  // namespace boostlab
