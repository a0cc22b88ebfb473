// Tree traversal and shape, whole-model prediction and feature importance.

#include <algorithm>  // for max, binary_search
#include <cmath>      // for isnan

#include "boostlab/errors.h"
#include "boostlab/model.h"
#include "objective/objective.h"
#include "util/thread_pool.h"
#include "util/weighted_median.h"

namespace boostlab {

int Tree::Next(const TreeNode& n, float v) const {
  const bool missing = v != v;
  if (n.categorical && !missing) [[unlikely]] {
    // Compared as a float first: a value past int32's range (a matrix
    // given to predictMatrix may hold anything) converts to anything.
    const std::span<const int32_t> right = CategoriesOf(n);
    const bool left = !(v >= 0.0f && v < 2147483648.0f && std::binary_search(right.begin(), right.end(), static_cast<int32_t>(v)));
    return left ? n.left : n.Right();
  }
  // Arithmetic, not a branch: which way a row goes is a coin toss to the
  // branch predictor, and a deep tree asks it dozens of times a row.
  const bool left = (v < n.threshold) | (missing & (n.default_left != 0));
  return n.left + static_cast<int>(!left);
}

int Tree::Leaf(const FeatureColumns& x, size_t row) const {
  int i = 0;
  while (!nodes[i].IsLeaf()) i = Next(nodes[i], x.columns()[nodes[i].feature][row]);
  return i;
}

void Tree::Leaves(const FeatureColumns& x, size_t begin, size_t count, int* leaf) const {
  constexpr size_t kWidth = 8;
  for (size_t at = 0; at < count; at += kWidth) {
    const size_t m = std::min(kWidth, count - at);
    int node[kWidth] = {};
    for (bool moved = true; moved;) {
      moved = false;
      for (size_t j = 0; j < m; ++j) {
        const TreeNode& n = nodes[node[j]];
        if (n.IsLeaf()) continue;
        node[j] = Next(n, x.columns()[n.feature][begin + at + j]);
        moved = true;
      }
    }
    std::copy(node, node + m, leaf + at);
  }
}

int Tree::Depth() const {
  std::vector<int> depth(nodes.size(), 0);
  int deepest = 0;
  for (size_t i = 0; i < nodes.size(); ++i) {  // children always come after their parent
    deepest = std::max(deepest, depth[i]);
    if (!nodes[i].IsLeaf()) depth[nodes[i].left] = depth[nodes[i].Right()] = depth[i] + 1;
  }
  return deepest;
}

int Tree::NumLeaves() const {
  int leaves = 0;
  for (const TreeNode& n : nodes) leaves += n.IsLeaf();
  return leaves;
}

namespace {
// Rows a thread predicts at a time: their feature values (a few KB a column)
// stay in cache while each tree walks them.
constexpr size_t kPredictBlock = 2048;
}  // namespace

int Model::PredictionWidth() const { return objective == "multi:softmax" ? 1 : num_outputs; }

void Model::CheckColumns(const FeatureColumns& x) const {
  CheckHasValues(x, "Predicting or explaining rows");
  if (x.columns().size() != features.size())
    throw Error("FEATURE_MISMATCH", "The model has " + std::to_string(features.size()) + " features; the data has " +
                                        std::to_string(x.columns().size()) + ".");
}

void Model::Predict(const FeatureColumns& x, std::span<float> out, bool transformed, size_t num_trees, int nthread,
                    std::span<const float> offset) const {
  CheckColumns(x);
  const int K = num_outputs;
  if (!offset.empty() && offset.size() != x.num_rows * static_cast<size_t>(K))
    throw Error("BAD_ARGUMENT", "A base margin is one number a row" + std::string(K > 1 ? " and output" : "") + ": " +
                                    std::to_string(x.num_rows * static_cast<size_t>(K)) + " here, not " + std::to_string(offset.size()) +
                                    (K > 1 ? " (this model has " + std::to_string(K) + " outputs: give a margin column each)." : "."));
  if (!offset.empty() && (average_trees || median_trees))
    throw Error("BAD_ARGUMENT", "A base margin starts a sum of trees; this model averages its trees (a forest) or takes their weighted "
                                "median (AdaBoost.R2), which no starting margin shifts.");
  // Written n x K even where multi:softmax keeps one value a row.
  if (out.size() < x.num_rows * static_cast<size_t>(K))
    throw Error("BAD_ARGUMENT", "Predict() writes " + std::to_string(K) + " values for each of " + std::to_string(x.num_rows) +
                                    " rows; its output holds " + std::to_string(out.size()) + ".");
  const auto loss = MakeObjective(objective, params, K);
  const size_t T = std::min(num_trees, trees.size());
  const std::vector<double> median_weights(tree_weights.begin(), tree_weights.begin() + static_cast<std::ptrdiff_t>(median_trees ? std::min(T, tree_weights.size()) : 0));
  const size_t rounds = T / TreesPerRound();
  const bool softmax_class = transformed && objective == "multi:softmax";
  // Rows in blocks across threads, and within a block one tree at a time over
  // all its rows: a deep forest's trees run to megabytes each, so walking all
  // of them for one row and then the next keeps nothing in cache. Each row
  // still adds its trees in order, so the sums (and the results on any
  // thread count) are those of the plain row-by-row loop.
  ThreadPool pool(nthread);
  ForBlocks(pool, x.num_rows, kPredictBlock, [&](size_t begin, size_t end) {
    const size_t rows = end - begin;
    std::vector<float> margin(rows * K), prob(K), each(median_trees ? T : 0);
    std::vector<int> leaf(rows);
    for (size_t i = 0; i < rows; ++i)
      for (int k = 0; k < K; ++k)
        margin[i * K + k] = offset.empty() ? static_cast<float>(base_margin[k]) : offset[(begin + i) * static_cast<size_t>(K) + static_cast<size_t>(k)];
    if (median_trees) {
      for (size_t i = 0; i < rows; ++i) {
        for (size_t t = 0; t < T; ++t) each[t] = trees[t].PredictRow(x, begin + i);
        if (T) margin[i * K] += WeightedMedian(each, median_weights);
      }
    } else {
      for (size_t t = 0; t < T; ++t) {
        const Tree& tree = trees[t];
        tree.Leaves(x, begin, rows, leaf.data());
        if (tree.leaf_values.empty()) {
          const size_t k = t % static_cast<size_t>(K);
          for (size_t i = 0; i < rows; ++i) margin[i * K + k] += tree.nodes[leaf[i]].value;
        } else {
          for (size_t i = 0; i < rows; ++i) {
            const float* v = tree.leaf_values.data() + static_cast<size_t>(leaf[i]) * K;
            for (int k = 0; k < K; ++k) margin[i * K + k] += v[k];
          }
        }
      }
    }
    for (size_t i = 0; i < rows; ++i) {
      float* m = margin.data() + i * K;
      if (average_trees && rounds > 0)
        for (int k = 0; k < K; ++k)
          m[k] = static_cast<float>(base_margin[k]) + (m[k] - static_cast<float>(base_margin[k])) / static_cast<float>(rounds);
      float* dest = out.data() + (begin + i) * K;
      if (!transformed) {
        std::copy(m, m + K, dest);
        continue;
      }
      loss->Transform(m, prob.data());
      if (softmax_class) out[begin + i] = static_cast<float>(std::max_element(prob.begin(), prob.end()) - prob.begin());
      else std::copy(prob.begin(), prob.end(), dest);
    }
  });
}

std::vector<float> Model::PredictColumns(const FeatureColumns& x) const {
  std::vector<float> out(x.num_rows * static_cast<size_t>(num_outputs));
  Predict(x, out);
  out.resize(x.num_rows * static_cast<size_t>(PredictionWidth()));
  return out;
}

std::vector<float> Model::PredictTable(const Table& table) const { return PredictColumns(FeaturesFromTable(table, features)); }

Model Model::FirstRounds(int rounds) const {
  const size_t per_round = static_cast<size_t>(TreesPerRound());
  const size_t have = trees.size() / per_round;
  if (rounds < 1 || static_cast<size_t>(rounds) > have)
    throw Error("BAD_ARGUMENT", "firstRounds() keeps 1 to " + std::to_string(have) + " rounds of this model, not " + std::to_string(rounds) + ".");
  Model m;
  // Every field but the trees (and their weights) as they are; the trees copied only as far as kept.
  m.objective = objective;
  m.num_outputs = num_outputs;
  m.base_margin = base_margin;
  m.average_trees = average_trees;
  m.median_trees = median_trees;
  m.features = features;
  m.target = target;
  m.classes = classes;
  m.params = params;
  const size_t keep = static_cast<size_t>(rounds) * per_round;
  m.trees.assign(trees.begin(), trees.begin() + static_cast<std::ptrdiff_t>(keep));
  if (!tree_weights.empty()) m.tree_weights.assign(tree_weights.begin(), tree_weights.begin() + static_cast<std::ptrdiff_t>(std::min(keep, tree_weights.size())));
  return m;
}

std::vector<float> Model::PredictWith(const FeatureColumns& x, const std::string& output, int rounds, std::span<const float> offset) const {
  if (rounds < 0) throw Error("BAD_ARGUMENT", "rounds must be 0 (all) or more, not " + std::to_string(rounds) + ".");
  const size_t per_round = static_cast<size_t>(TreesPerRound());
  const size_t T = rounds == 0 ? trees.size() : std::min(trees.size(), static_cast<size_t>(rounds) * per_round);
  const size_t n = x.num_rows, K = static_cast<size_t>(num_outputs);
  if (output == "leaf") {
    CheckColumns(x);
    std::vector<float> out(n * T);
    for (size_t r = 0; r < n; ++r)
      for (size_t t = 0; t < T; ++t) out[r * T + t] = static_cast<float>(trees[t].Leaf(x, r));
    return out;
  }
  if (output != "probability" && output != "margin" && output != "class")
    throw Error("BAD_ARGUMENT", "output must be 'probability', 'margin', 'class' or 'leaf', not '" + output + "'.");
  if (output == "class" && classes.empty()) throw Error("BAD_ARGUMENT", "output 'class' is for classification; this model predicts a number.");
  std::vector<float> out(n * K);
  Predict(x, out, output != "margin", T, 0, offset);
  if (output == "probability") {
    out.resize(n * static_cast<size_t>(PredictionWidth()));
    return out;
  }
  if (output == "margin") return out;
  return ClassesOf(out, n);
}

std::vector<float> Model::ClassesOf(std::span<const float> transformed, size_t n) const {
  const size_t K = static_cast<size_t>(num_outputs);
  std::vector<float> cls(n);
  for (size_t r = 0; r < n; ++r) {
    if (objective == "multi:softmax") cls[r] = transformed[r];  // already the class
    else if (K == 1) cls[r] = transformed[r] > 0.5f ? 1.0f : 0.0f;  // as XGBoost's error metric: p > 0.5 is positive
    else cls[r] = static_cast<float>(std::max_element(transformed.begin() + static_cast<std::ptrdiff_t>(r * K), transformed.begin() + static_cast<std::ptrdiff_t>((r + 1) * K)) - (transformed.begin() + static_cast<std::ptrdiff_t>(r * K)));
  }
  return cls;
}

std::vector<double> Model::FeatureImportance(const std::string& type) const {
  const bool known = type == "weight" || type == "gain" || type == "cover" || type == "total_gain" || type == "total_cover";
  if (!known)
    throw Error("BAD_ARGUMENT", "Importance type '" + type + "' is unknown; use weight, gain, cover, total_gain or total_cover.");
  std::vector<double> splits(features.size(), 0), gain(features.size(), 0), cover(features.size(), 0);
  for (const Tree& t : trees)
    for (const TreeNode& n : t.nodes) {
      if (n.IsLeaf()) continue;
      splits[n.feature] += 1;
      gain[n.feature] += n.gain;
      cover[n.feature] += n.cover;
    }
  std::vector<double> out(features.size(), 0);
  for (size_t f = 0; f < features.size(); ++f) {
    if (type == "weight") out[f] = splits[f];
    else if (type == "total_gain") out[f] = gain[f];
    else if (type == "total_cover") out[f] = cover[f];
    else if (splits[f] > 0) out[f] = (type == "gain" ? gain[f] : cover[f]) / splits[f];
  }
  return out;
}

}  // namespace boostlab
