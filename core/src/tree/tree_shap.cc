// SHAP values of a tree model: exact TreeSHAP (Lundberg, Erion and Lee 2018,
// "Consistent individualized feature attribution for tree ensembles",
// Algorithm 2). For each row and tree, the recursion follows every path from
// the root, keeping for the features met on the path the fraction of rows
// (by cover) that go each way without the row's value ("zero fraction") and
// whether the row goes that way ("one fraction"); at a leaf, each feature on
// the path gets the leaf value times the Shapley weight of the paths it
// decides. Covers are sums of hessians, as in XGBoost, so the values equal
// XGBoost's pred_contribs for the same trees.
//
// SHAP interaction values (XGBoost's pred_interactions, after Fujimoto,
// Kojadinovic and Marichal's interaction index) run the same recursion
// conditioned on one feature: "on" follows only the row's own branch at its
// splits, "off" both branches in proportion to their covers, and the feature
// leaves the path either way. Half the difference of the two is each other
// feature's interaction with it; what is left of its own SHAP value is the
// diagonal.

#include <algorithm>  // for copy, max, min
#include <array>      // for array
#include <string>     // for to_string
#include <vector>     // for vector

#include "boostlab/errors.h"
#include "boostlab/model.h"
#include "util/thread_pool.h"

namespace boostlab {
namespace {

// Deep enough for any boosted tree and most forests; the path arrays take
// depth^2/2 elements and the recursion depth frames.
constexpr int kMaxShapDepth = 512;

struct PathElement {
  int feature;
  double zero_fraction;
  double one_fraction;
  double weight;  // the Shapley weight of the subsets this path prefix stands for
};

// 1/k for k = 0..kMaxShapDepth + 2: the path arithmetic divides by small
// whole numbers in its inner loops, and a multiply is several times cheaper
// than a divide (TreeSHAP's time is those loops).
const std::array<double, kMaxShapDepth + 3>& Reciprocals() {
  static const std::array<double, kMaxShapDepth + 3> table = [] {
    std::array<double, kMaxShapDepth + 3> t{};
    for (size_t k = 1; k < t.size(); ++k) t[k] = 1.0 / static_cast<double>(k);
    return t;
  }();
  return table;
}

// Adds a feature to the path, updating the subset weights.
void Extend(PathElement* path, int depth, double zero_fraction, double one_fraction, int feature) {
  path[depth] = {feature, zero_fraction, one_fraction, depth == 0 ? 1.0 : 0.0};
  const double inv = Reciprocals()[static_cast<size_t>(depth + 1)];
  for (int i = depth - 1; i >= 0; --i) {
    path[i + 1].weight += one_fraction * path[i].weight * (i + 1) * inv;
    path[i].weight = zero_fraction * path[i].weight * (depth - i) * inv;
  }
}

// Removes element `at` from the path (undoing Extend).
void Unwind(PathElement* path, int depth, int at) {
  const auto& r = Reciprocals();
  const double one = path[at].one_fraction, zero = path[at].zero_fraction;
  const double d1 = depth + 1, inv_d1 = r[static_cast<size_t>(depth + 1)];
  double next = path[depth].weight;
  if (one != 0) {
    const double scale = d1 / one;
    for (int i = depth - 1; i >= 0; --i) {
      const double kept = path[i].weight;
      path[i].weight = next * scale * r[static_cast<size_t>(i + 1)];
      next = kept - path[i].weight * zero * (depth - i) * inv_d1;
    }
  } else {
    const double scale = d1 / zero;
    for (int i = depth - 1; i >= 0; --i) path[i].weight = path[i].weight * scale * r[static_cast<size_t>(depth - i)];
  }
  for (int i = at; i < depth; ++i) {
    path[i].feature = path[i + 1].feature;
    path[i].zero_fraction = path[i + 1].zero_fraction;
    path[i].one_fraction = path[i + 1].one_fraction;
  }
}

// The total weight of the path with element `at` removed, without changing it.
double UnwoundSum(const PathElement* path, int depth, int at) {
  const auto& r = Reciprocals();
  const double one = path[at].one_fraction, zero = path[at].zero_fraction;
  const double d1 = depth + 1, inv_d1 = r[static_cast<size_t>(depth + 1)];
  double next = path[depth].weight, total = 0;
  if (one != 0) {
    const double scale = d1 / one, zero_scaled = zero * inv_d1;
    for (int i = depth - 1; i >= 0; --i) {
      const double w = next * scale * r[static_cast<size_t>(i + 1)];
      total += w;
      next = path[i].weight - w * zero_scaled * (depth - i);
    }
  } else if (zero != 0) {
    const double scale = d1 / zero;
    for (int i = depth - 1; i >= 0; --i) total += path[i].weight * scale * r[static_cast<size_t>(depth - i)];
  }
  return total;
}

struct TreeShap {
  const Tree& tree;
  const std::vector<float>& leaf;  // each node's leaf value for the output at hand (scaled)
  const FeatureColumns& x;
  size_t row;
  double* phi;
  int condition = 0;           // 0: plain SHAP; 1: feature condition_feature on; -1: off
  int condition_feature = -1;

  double Cover(int node) const { return tree.nodes[static_cast<size_t>(node)].cover; }

  // condition_fraction: the share of the row's weight that reaches here (conditioning splits it).
  void Recurse(int node, int depth, PathElement* parent, double zero_fraction, double one_fraction, int feature,
               double condition_fraction = 1) {
    if (condition_fraction == 0) return;
    PathElement* path = parent + depth + 1;
    std::copy(parent, parent + depth + 1, path);
    // The conditioned feature is not a player: it never joins the path.
    if (condition == 0 || feature != condition_feature) Extend(path, depth, zero_fraction, one_fraction, feature);
    const TreeNode& n = tree.nodes[static_cast<size_t>(node)];
    if (n.IsLeaf()) {
      for (int i = 1; i <= depth; ++i) {
        const double w = UnwoundSum(path, depth, i);
        phi[path[i].feature] += w * (path[i].one_fraction - path[i].zero_fraction) * leaf[static_cast<size_t>(node)] * condition_fraction;
      }
      return;
    }
    const int hot = tree.Next(n, x.columns()[static_cast<size_t>(n.feature)][row]);
    const int cold = hot == n.left ? n.Right() : n.left;
    const double w = Cover(node);
    // A node no row reached (cover 0) splits its nothing evenly.
    const double hot_zero = w > 0 ? Cover(hot) / w : 0.5, cold_zero = w > 0 ? Cover(cold) / w : 0.5;
    double incoming_zero = 1, incoming_one = 1;
    // A feature met before on the path: undo that split to redo it here.
    int at = 0;
    while (at <= depth && path[at].feature != n.feature) ++at;
    if (at != depth + 1) {
      incoming_zero = path[at].zero_fraction;
      incoming_one = path[at].one_fraction;
      Unwind(path, depth, at);
      --depth;
    }
    double hot_condition = condition_fraction, cold_condition = condition_fraction;
    if (condition != 0 && n.feature == condition_feature) {
      if (condition > 0) cold_condition = 0;  // on: the row's own branch only
      else hot_condition *= hot_zero, cold_condition *= cold_zero;  // off: both, by cover
      --depth;  // the children do not extend the path with it
    }
    Recurse(hot, depth + 1, path, hot_zero * incoming_zero, incoming_one, n.feature, hot_condition);
    Recurse(cold, depth + 1, path, cold_zero * incoming_zero, 0, n.feature, cold_condition);
  }
};

// Each node's mean leaf value under it, weighted by cover (a leaf: its value).
std::vector<double> MeanValues(const Tree& t, const std::vector<float>& leaf) {
  std::vector<double> mean(t.nodes.size(), 0.0);
  for (size_t i = t.nodes.size(); i-- > 0;) {  // children come after their parent
    const TreeNode& n = t.nodes[i];
    if (n.IsLeaf()) {
      mean[i] = leaf[i];
      continue;
    }
    const double cl = t.nodes[static_cast<size_t>(n.left)].cover, cr = t.nodes[static_cast<size_t>(n.Right())].cover;
    mean[i] = cl + cr > 0 ? (cl * mean[static_cast<size_t>(n.left)] + cr * mean[static_cast<size_t>(n.Right())]) / (cl + cr)
                          : 0.5 * (mean[static_cast<size_t>(n.left)] + mean[static_cast<size_t>(n.Right())]);
  }
  return mean;
}

}  // namespace

// The SHAP pass over every tree for every row, plain (condition 0: the bias
// column gets the starting margin and each tree's mean) or conditioned on
// feature `feature` (1 on, -1 off): n x K x (F + 1) values in phi.
void Model::ShapPass(const FeatureColumns& x, int nthread, int condition, int feature, std::vector<double>& phi) const {
  const size_t K = static_cast<size_t>(num_outputs), F = features.size(), n = x.num_rows;
  const size_t per_round = static_cast<size_t>(TreesPerRound());
  const size_t rounds = per_round ? trees.size() / per_round : 0;
  const double scale = average_trees && rounds > 0 ? 1.0 / static_cast<double>(rounds) : 1.0;
  phi.assign(n * K * (F + 1), 0.0);
  if (condition == 0)
    for (size_t r = 0; r < n; ++r)
      for (size_t k = 0; k < K; ++k) phi[(r * K + k) * (F + 1) + F] = base_margin[k];
  // Rows in blocks across the threads; trees in groups of about a million
  // nodes, whose leaf values and means are computed once for all blocks (a
  // group bounds that memory; a Run per tree would cost a barrier per tree).
  // Each row adds its trees in the same order on any thread count: the same
  // values, bit for bit.
  struct ShapTree {
    const Tree* tree;
    size_t k;
    std::vector<float> leaf;
    std::vector<double> mean;
  };
  ThreadPool pool(nthread);
  constexpr size_t kBlock = 64;
  const int tasks = static_cast<int>((n + kBlock - 1) / kBlock);
  for (size_t t = 0; t < trees.size();) {
    std::vector<ShapTree> group;
    size_t nodes = 0;
    int deepest = 0;
    for (; t < trees.size() && nodes < (size_t{1} << 20); ++t) {
      const Tree& tree = trees[t];
      const int depth = tree.Depth();
      if (depth > kMaxShapDepth)
        throw Error("BAD_ARGUMENT", "Tree " + std::to_string(t) + " is " + std::to_string(depth) + " levels deep; SHAP values are computed for trees of up to " +
                                        std::to_string(kMaxShapDepth) + " levels.");
      deepest = std::max(deepest, depth);
      // The outputs this tree adds to: one (t % K), or all K (a multi-output tree).
      const bool multi = !tree.leaf_values.empty();
      for (size_t k = multi ? 0 : t % per_round; k < (multi ? K : t % per_round + 1); ++k) {
        std::vector<float> leaf(tree.nodes.size());
        for (size_t i = 0; i < tree.nodes.size(); ++i)
          leaf[i] = static_cast<float>(scale * (multi ? tree.leaf_values[i * K + k] : tree.nodes[i].value));
        std::vector<double> mean = MeanValues(tree, leaf);
        group.push_back({&tree, k, std::move(leaf), std::move(mean)});
        nodes += tree.nodes.size();
      }
    }
    pool.Run(tasks, [&](int task) {
      std::vector<PathElement> path(static_cast<size_t>((deepest + 2) * (deepest + 3) / 2));
      const size_t end = std::min(n, (static_cast<size_t>(task) + 1) * kBlock);
      for (size_t r = static_cast<size_t>(task) * kBlock; r < end; ++r)
        for (const ShapTree& st : group) {
          double* out = &phi[(r * K + st.k) * (F + 1)];
          if (condition == 0) out[F] += st.mean[0];
          TreeShap shap{*st.tree, st.leaf, x, r, out, condition, feature};
          shap.Recurse(0, 0, path.data(), 1, 1, -1);
        }
    });
  }
}

namespace {

void RefuseMedianTrees(bool median_trees, const char* what) {
  if (median_trees)
    throw Error("BAD_ARGUMENT", std::string("An AdaBoost.R2 model combines its trees by a weighted median, which has no additive "
                                            "attribution: it has no ") + what + ".");
}

}  // namespace

std::vector<float> Model::Contributions(const FeatureColumns& x, int nthread) const {
  RefuseMedianTrees(median_trees, "SHAP values");
  CheckColumns(x);
  std::vector<double> phi;
  ShapPass(x, nthread, 0, -1, phi);
  return std::vector<float>(phi.begin(), phi.end());
}

std::vector<float> Model::Interactions(const FeatureColumns& x, int nthread) const {
  RefuseMedianTrees(median_trees, "SHAP interaction values");
  CheckColumns(x);
  const size_t K = static_cast<size_t>(num_outputs), F = features.size(), n = x.num_rows, W = F + 1;
  // (F + 1)^2 values a row and output: bounded before anything is allocated.
  constexpr size_t kMostValues = size_t{1} << 26;  // 256 MB of floats
  const size_t per_row = K * W * W;
  if (n > 0 && per_row > kMostValues / n)
    throw Error("BAD_ARGUMENT", "SHAP interaction values of " + std::to_string(n) + " rows would be " + std::to_string(n) + " x " +
                                    std::to_string(per_row) + " numbers (outputs x (features + 1)^2 a row), past the " +
                                    std::to_string(kMostValues) + " one request may ask for: ask for at most " +
                                    std::to_string(std::max<size_t>(1, kMostValues / per_row)) + " rows at a time (the rows option).");
  std::vector<double> plain, on, off;
  ShapPass(x, nthread, 0, -1, plain);
  std::vector<float> out(n * K * W * W, 0.0f);
  for (size_t i = 0; i < W; ++i) {
    // (The bias "feature" F splits nothing: its on and off passes are equal, its row the bias alone.)
    if (i < F) {
      ShapPass(x, nthread, 1, static_cast<int>(i), on);
      ShapPass(x, nthread, -1, static_cast<int>(i), off);
    }
    for (size_t r = 0; r < n; ++r)
      for (size_t k = 0; k < K; ++k) {
        const size_t c = (r * K + k) * W;
        float* row = &out[((r * K + k) * W + i) * W];
        double diagonal = plain[c + i];
        for (size_t j = 0; j < W && i < F; ++j) {
          if (j == i) continue;
          const double v = (on[c + j] - off[c + j]) / 2;
          row[j] = static_cast<float>(v);
          diagonal -= v;
        }
        row[i] = static_cast<float>(diagonal);
      }
  }
  return out;
}

double Model::ContributionsCostPerRow() const {
  double cost = 0;
  for (const Tree& t : trees) {
    const double depth = t.Depth() + 1;
    cost += static_cast<double>(t.NumLeaves()) * depth * depth * (t.leaf_values.empty() ? 1 : num_outputs);
  }
  return cost;
}

}  // namespace boostlab
