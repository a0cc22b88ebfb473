// Grows one regression tree on gradient pairs from the histograms of the
// binned features. The grow policy only orders the queue of nodes to expand:
// depthwise takes the shallowest first, lossguide the largest gain.
#pragma once

#include <algorithm>  // for clamp
#include <atomic>     // for atomic
#include <limits>     // for numeric_limits
#include <span>    // for span
#include <vector>  // for vector

#include "boostlab/model.h"
#include "data/binned_matrix.h"
#include "tree/column_sampler.h"
#include "tree/feature_constraints.h"
#include "tree/feature_histogram.h"
#include "tree/histogram.h"
#include "tree/row_split.h"
#include "tree/split_finder.h"

namespace boostlab {

class ThreadPool;

struct TreeParams {
  int max_depth = 6;   // 0: no limit
  int max_leaves = 0;  // 0: no limit
  bool lossguide = false;
  double eta = 0.3;
  double gamma = 0.0;
  SplitParams split;
  double colsample_bytree = 1, colsample_bylevel = 1, colsample_bynode = 1;
  // Random forest trees: each node draws floor(colsample_bynode * p)
  // features, as scikit-learn's max_features (a feature constant in the node
  // counts; more are drawn only while all were constant), and searches them
  // from the node's rows (numeric features with one output,
  // tree/row_split.h) or from histograms of just those features holding just
  // the bins the node's rows fall in (tree/feature_histogram.h).
  // No histogram outlives its node's search: no sibling subtraction, and
  // memory stays flat however wide the tree. Steps are not timed per node.
  // The rows a tree must place but not fit are carried down (Grow), so no
  // compact copy of the tree is kept for walks.
  bool forest = false;
  // quantized_grad: histograms of one-output trees from gradient pairs
  // quantised to integers (QuantisedPairs), the leaves' values (and every
  // node's G, H and value) then renewed from the exact pairs of their rows.
  bool quantised = false;
  // Monotone and interaction constraints (not for forests or several outputs).
  FeatureConstraints constraints;
};

class TreeLearner {
 public:
  TreeLearner(const BinnedMatrix& bins, const TreeParams& params, ThreadPool& pool);
  const TreeParams& params() const { return params_; }

  // Grows a tree on the given rows (gpair is indexed by row id). `seed` drives
  // the feature sampling of this tree. `carried` rows (a forest tree's out
  // of bag and validation rows) take no part in the splits but are
  // partitioned with the rows at every split, so each lands in its leaf
  // (Leaves()) without a walk down the tree afterwards.
  Tree Grow(std::span<const GradPair> gpair, std::span<const RowIdx> rows, uint64_t seed,
            std::span<const RowIdx> carried = {});

  // A multi-output tree for K classes (multiclass AdaBoost and forests): row
  // r is (g, h) = (-w, w) for output `label[r]` and (0, w) for the others, and
  // splits maximise the gain summed over outputs (FindBestSplitMulti: the
  // weighted Gini decrease). Leaf values are the caller's to set, from Leaves().
  Tree GrowClasses(std::span<const GradPair> gpair, std::span<const float> label, int classes,
                   std::span<const RowIdx> rows, uint64_t seed, std::span<const RowIdx> carried = {});

  // Forest trees: a node whose rows all have one label becomes a leaf without
  // a search, as scikit-learn's impurity check (its split gains could only be
  // rounding noise).
  void StopAtPureNodes(std::span<const float> label) { pure_label_ = label; }

  // After Grow: the leaf (node index) of any binned row in the tree just
  // grown. Not for forest trees (TreeParams::forest): their rows reach their
  // leaves carried (see Grow), and no compact copy is kept for walks.
  int LeafBinned(RowIdx row) const;
  // The same for rows[0..n): leaf[i] for rows[i]. Walks 8 rows side by side,
  // so their chains of dependent loads overlap (a walk is latency, not work).
  void LeavesBinned(std::span<const RowIdx> rows, int* leaf) const;

  // After Grow: the rows of each leaf, for updating predictions and for
  // objectives that set leaf values themselves.
  struct LeafRows {
    int node;
    std::span<const RowIdx> rows;
    std::span<const RowIdx> carried;  // the carried rows that landed here
    // The leaf's monotone bounds on its weight (TreeParams::constraints; none: the floats' range).
    float lower = -std::numeric_limits<float>::max(), upper = std::numeric_limits<float>::max();
    // A weight w (before eta) a caller sets on the leaf itself, held to its
    // bounds, so that leaves set after the tree is grown keep its order.
    double Bounded(double w) const { return w < lower ? lower : w > upper ? upper : w; }
  };
  std::vector<LeafRows> Leaves() const;
  // The same one at a time, with no vector made (a forest tree has tens of thousands).
  size_t NumLeaves() const { return leaves_.size(); }
  // After Grow: the depth of the deepest leaf (Tree::Depth).
  int LastDepth() const { return last_depth_; }
  // After Grow of a forest tree: its split gains (as floats, the nodes'
  // TreeNode::gain) summed in node order in double, as a sweep of the
  // nodes would sum them; the nodes themselves are megabytes.
  double LastGainSum() const;
  // After Grow of a forest tree: the features each split search drew (a node
  // draws none when it cannot split), as node ids and, flat, their features:
  // node tried_nodes[i] drew tried_features[tried_begin[i] .. tried_begin[i + 1]).
  struct TriedFeatures {
    std::vector<int> nodes, begin, features;
  };
  const TriedFeatures& LastTried() const { return tried_; }
  LeafRows Leaf(size_t i) const;
  // After Grow of a forest tree with one output: by row id, the value of the
  // leaf each drawn or carried row landed in (rows neither keep an earlier
  // tree's). The forest adds them in row order: by leaf, or by position in
  // the partitions, the adds were a random walk through its sums.
  std::span<const float> RowValues() const { return row_value_; }

  // After Grow: the leaf value for any binned row (e.g. a validation row),
  // walking the tree by bins rather than raw values; the same leaf as
  // Tree::PredictRow on the row's values.
  float PredictBinned(const Tree& tree, RowIdx row) const;

  // Seconds spent in each step since the last call, and the work done in
  // them (the bench's compute bound): cells added to histograms (rows x
  // features a build covered) and histogram bins a split search was given
  // (the drawn features' bins, per node searched). Resets the counters.
  struct Timings {
    double histogram = 0, partition = 0, split = 0;
    uint64_t histogram_cells = 0, split_bins = 0;
  };
  Timings TakeTimings();

 private:
  struct Entry {
    int node;
    int depth;
    size_t begin, end;
    double g, h;
    std::vector<HistBin> hist;
    SplitCandidate split;
    size_t carried_begin = 0, carried_end = 0;  // its stretch of carried_
    uint64_t constant = 0;  // forests: features known to be constant in the node (bit f; up to 64 features)
    // Numeric features closed in this node or above (bit f; empty: none), when
    // the tree tracks them (closed_margin_): not searched, and no histogram
    // bins kept for them (see ClosedFeatures).
    std::vector<uint64_t> closed = {};
    // Interaction constraints: the features its path split on, and those it
    // may split on (bit f; empty: any, at the root).
    std::vector<uint64_t> used = {}, allowed = {};
  };
  bool IsClosed(const Entry& e, int f) const { return !e.closed.empty() && (e.closed[f >> 6] >> (f & 63) & 1); }
  std::vector<int> OpenFeatures(const Entry& e) const;

  // Stable partition of rows[begin, end) by the split; returns the first right one's index.
  size_t Partition(std::vector<RowIdx>& rows, size_t begin, size_t end, const SplitCandidate& split);
  size_t PartitionCarried(const Entry& e);  // e's carried rows by e's split
  static size_t PartitionBlocks(size_t rows) { return std::clamp<size_t>(rows / 8192, 1, 64); }
  template <typename GoesLeftFn>  // GoesLeftFn(bin) is 1 for a row that goes left
  size_t PartitionSmall(std::vector<RowIdx>& rows, size_t begin, size_t end, size_t f, GoesLeftFn goes_left,
                        RowIdx* scratch) const;
  void GoesLeft(const SplitCandidate& split, std::vector<char>& table) const;  // per bin of the split's feature
  // Partitions a depthwise level's splitting nodes; returns each one's mid.
  std::vector<size_t> PartitionLevel(std::span<Entry* const> splitting);
  void BuildHistogram(std::span<const GradPair> gpair, size_t begin, size_t end, std::vector<HistBin>& hist,
                      const std::vector<int>* open = nullptr);
  // `open`: only these features' bins (nullptr: all).
  void BuildHistogramUntimed(std::span<const GradPair> gpair, size_t begin, size_t end, std::vector<HistBin>& hist,
                             const std::vector<int>* open = nullptr);
  // A depthwise level: next[p], next[p + 1] for p in pairs are siblings
  // whose histograms are built (one from its rows, one by subtraction from
  // the parent's, already in it) and whose splits are searched.
  void BuildLevelHistograms(std::span<const GradPair> gpair, std::vector<Entry>& next, std::span<const size_t> pairs);
  void EvaluateLevel(std::vector<Entry>& next, std::span<const size_t> pairs);
  // Siblings' histograms: the smaller's from its rows, the larger's (holding
  // its parent's) by subtraction.
  void BuildSiblings(std::span<const GradPair> gpair, Entry& left, Entry& right);
  static Entry& Smaller(Entry& left, Entry& right) {
    return (left.end - left.begin) <= (right.end - right.begin) ? left : right;
  }
  // Histogram buffers of nodes that are done, for the next nodes built from
  // their rows: a fresh one is allocated and zeroed, then zeroed again by the
  // build (in wasm that zeroing and malloc were a tenth of a small table's
  // training). Taken and given back on the calling thread only; the build
  // writes every bin of the features it builds, so a buffer's old sums show
  // only in closed features' bins, which nothing reads (Entry::closed).
  std::vector<HistBin> TakeHistogram();
  void GiveBackHistogram(std::vector<HistBin>&& hist);
  // Before BuildSiblings: the larger child takes the parent's histogram (it
  // becomes parent - smaller), the smaller a spare buffer to build into.
  void HandHistograms(Entry& parent, Entry& left, Entry& right);
  // Searches the drawn features not closed in e; marks those it finds closed.
  SplitCandidate Search(Entry& e, std::span<const int> drawn) const;
  void Evaluate(Entry& e);
  // Forest nodes: draws and searches features one at a time (see
  // TreeParams::forest).
  void EvaluateDrawn(std::span<const GradPair> gpair, Entry& e);
  void EvaluatePair(Entry& left, Entry& right);
  bool CanSplit(const Entry& e, int num_leaves) const;
  // False when no split of e can leave min_child_weight on both sides: too
  // little hessian for two sides, or every feature closed (tracked trees
  // only). Such a node's histogram is not built, nor searched.
  bool MaySplit(const Entry& e) const;
  // The children of a node at this depth may split in turn (max_depth).
  bool ChildrenMaySplit(int depth) const { return params_.max_depth == 0 || depth + 1 < params_.max_depth; }
  // Sets a node's value (its leaf weight times eta) and cover.
  float FinishNode(Tree& tree, const Entry& e) const;  // returns the node's value
  // Appends the two children of `node` split by `split` (in the tree and,
  // but for forests, its compact copy); returns the left one's index (the
  // right one's is next).
  int AddSplit(Tree& tree, int node, const SplitCandidate& split);
  // Forest trees with no leaf limit, from their evaluated root.
  void GrowForest(std::span<const GradPair> gpair, Tree& tree, Entry&& root);

  const BinnedMatrix& bins_;
  TreeParams params_;
  ThreadPool& pool_;
  HistogramBuilder builder_;
  std::vector<std::vector<HistBin>> spare_histograms_;  // TakeHistogram's, at most kSpareHistogramBytes of them
  static constexpr size_t kSpareHistogramBytes = size_t{64} << 20;
  ColumnSampler sampler_;
  FeatureHistogramBuilder feature_builder_;  // forest nodes
  FeatureHistogram feature_hist_;
  RowSplitFinder rows_split_;                // forest nodes with one output, numeric features
  std::vector<int> draw_;                    // features in the order drawn
  size_t draws_per_node_ = 0;                // forests: k, set at the first node
  TriedFeatures tried_;                      // forests: what each node drew, for the last tree (LastTried)
  std::vector<double> node_g_;               // the node's g per output
  std::span<const float> pure_label_;        // forests: labels for the purity check
  std::vector<RowIdx> rows_;
  std::vector<RowIdx> carried_;  // see Grow
  std::vector<Entry> forest_stack_;  // GrowForest's, kept for its capacity
  std::vector<RowIdx> scratch_;  // a partition's left rows (and one pass's right ones)
  std::vector<RowIdx> right_;    // a blocked partition's right rows
  std::vector<char> goes_left_;  // per local bin of the split feature
  // The last tree in a compact form for LeavesBinned: per split node its
  // feature, children, and which bins go left: numeric, bins 0..threshold
  // and the missing bin when default_left; categorical, a row of lut_
  // starting at `lut` (numeric nodes read lut_'s first block, zeros, and
  // ignore it). 24 bytes a node instead of a TreeNode, and no 256-byte row
  // of lut_ per numeric split (a deep forest tree has tens of thousands, and
  // its walks missed the cache on them). FinishBinned makes each leaf point
  // to itself both ways, so a walk of binned_depth_ steps needs no test and
  // no branch (which side a row goes is a coin toss to the branch
  // predictor). child[1] is the left child.
  struct BinNode {
    int32_t feature = 0;
    int32_t child[2] = {-1, -1};
    uint32_t lut = 0;  // categorical: its row of lut_ (never 0); numeric: 0
    uint16_t threshold = 0, missing = 0;
    uint8_t default_left = 0;
  };
  void FinishBinned(size_t num_nodes);
  template <typename BinT>
  void LeavesBinnedAs(const BinT* bins, std::span<const RowIdx> rows, int* leaf) const;
  static constexpr size_t kLanes = 8;     // rows walked side by side
  static constexpr int kDeepTree = 12;    // deeper: lanes stop at their leaves
  bool AllLeaves(const int* lanes) const;
  std::vector<BinNode> binned_;
  std::vector<char> lut_;
  int binned_depth_ = 0;
  struct LeafRange {  // 24 bytes: a forest tree has tens of thousands
    int node;
    uint32_t begin, end;
    uint32_t carried_begin, carried_end;
    float value;
  };
  std::vector<LeafRange> leaves_;
  // quantized_grad: this tree's pairs as integers, when it takes them (every
  // h >= 0, one output); and, once grown, its nodes' sums from the exact pairs.
  QuantisedPairs quantised_;
  bool quantise_tree_ = false;
  // The features whose histograms this tree builds: the tree's own when
  // colsample_bytree leaves some out (no split of this tree reads another's
  // bins), else nullptr (all). LightGBM's way; XGBoost builds them all.
  // Not for quantised trees (a list of features takes the float build) nor
  // several outputs (their build has no list).
  const std::vector<int>* tree_features_ = nullptr;
  void Quantise(std::span<const GradPair> gpair, uint64_t seed);
  void RenewFromExact(Tree& tree, std::span<const GradPair> gpair);
  std::vector<float> gains_;  // forests: per node its split's gain, 0 for a leaf (LastGainSum)
  std::vector<float> row_value_;   // RowValues
  std::vector<float> value_at_;    // FillRowValues's scratch: by position
  std::vector<uint32_t> starts_;   // and where leaves' stretches start
  void FillRowValues();
  Timings timings_;
  // Counted from pool tasks (a level's nodes are built and searched side by side).
  std::atomic<uint64_t> histogram_cells_{0};
  mutable std::atomic<uint64_t> split_bins_{0};
  int outputs_ = 1;
  // This tree's ClosedFeatures margin: a tiny share of the root's hessian sum
  // (the rounding of any sum of the tree's h is far below it). Negative: the
  // tree does not track closed features (forests, several outputs, or some h
  // negative).
  double closed_margin_ = -1;
  static constexpr double kClosedMargin = 1e-8;
  size_t last_num_nodes_ = 0;  // the last tree's size: the next one reserves about as many
  int last_depth_ = 0;         // the deepest leaf so far (LastDepth)
  // Forests fault in a tree's node pages a stretch ahead of its writes
  // (FaultInNodesAhead): up to faulted_in_ of prefault_limit_ nodes so far;
  // the next stretch when the tree reaches fault_in_at_.
  static constexpr size_t kFaultInNodes = 4096;  // 96 kB
  size_t prefault_limit_ = 0, faulted_in_ = 0, fault_in_at_ = 0;
  void FaultInNodesAhead(Tree& tree);
  void AddLeaf(const Entry& e, float value) {
    leaves_.push_back({e.node, static_cast<uint32_t>(e.begin), static_cast<uint32_t>(e.end),
                       static_cast<uint32_t>(e.carried_begin), static_cast<uint32_t>(e.carried_end), value});
    last_depth_ = std::max(last_depth_, e.depth);
  }
  std::span<const float> output_of_row_;
  // Monotone constraints: each node's bounds on its weight, by node id.
  std::vector<std::pair<float, float>> bounds_;
  // Sets the children's bounds and allowed features from e's split.
  void ConstrainChildren(const Entry& e, Entry& left, Entry& right);
};

}  // namespace boostlab
