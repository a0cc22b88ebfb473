// A trained model: trees, base score, and what its features and target were.
#pragma once

#include <cstdint>  // for int32_t, uint32_t, SIZE_MAX
#include <span>    // for span
#include <string>  // for string
#include <vector>  // for vector

#include "boostlab/byte_sink.h"
#include "boostlab/byte_source.h"
#include "boostlab/dataset.h"
#include "boostlab/params.h"

namespace boostlab {

// Node i of a tree. A leaf has left == -1. Numeric splits send x[feature] <
// threshold left; categorical splits send the codes in `categories` right and
// every other code left (both XGBoost's conventions). Missing values go left
// when default_left.
// 24 bytes: a random forest keeps tens of thousands a tree (a diamonds
// forest of 100 trees, 5 million), all new memory the system must fault in
// and zero. So a categorical split's set lives in its tree's `categories`
// (its size first), found where a numeric split keeps its threshold; the
// flags share a word with the feature; and the right child is not stored:
// it is always the node after the left one.
struct TreeNode {
  int left = -1;  // -1 for a leaf; the right child is left + 1 (Right())
  int feature : 30 = -1;  // below 2^29: so many columns would take 12 GB of column vectors alone
  unsigned default_left : 1 = 0;
  unsigned categorical : 1 = 0;
  union {
    float threshold = 0.0f;     // numeric splits
    uint32_t categories_begin;  // categorical splits: the set's size at this index of Tree::categories, then the set
  };
  float value = 0.0f;  // leaf: output added to the margin (eta applied); inner: weight it would have
  float gain = 0.0f;   // loss reduction of the split, as XGBoost reports it
  float cover = 0.0f;  // sum of hessians of the node's rows
  bool IsLeaf() const { return left < 0; }
  int Right() const { return left + 1; }
};
static_assert(sizeof(TreeNode) == 24, "a forest holds millions of nodes: keep TreeNode small");

struct Tree {
  std::vector<TreeNode> nodes;
  // A multi-output tree (multiclass AdaBoost and forests): node i's leaf adds
  // leaf_values[i * K + k] to output k, and `value` is unused. Empty for a
  // tree that adds `value` to one output.
  std::vector<float> leaf_values;
  // Every categorical split's ascending category codes that go right, one
  // set after another, each after its size (TreeNode::categories_begin).
  std::vector<int32_t> categories;
  // Boosted trees: each node's G, the sum of its rows' gradients (with its
  // cover H and lambda, XGBoost's w* = -G/(H + lambda) is the node's weight
  // before eta). Empty for a forest's trees and for models read without it.
  std::vector<float> sum_grad;
  std::span<const int32_t> CategoriesOf(const TreeNode& n) const {
    return std::span<const int32_t>(categories).subspan(n.categories_begin + 1, static_cast<size_t>(categories[n.categories_begin]));
  }
  // Appends a categorical split's set and points the node at it.
  template <typename Codes>
  void SetCategories(TreeNode& n, const Codes& codes) {
    const size_t begin = categories.size();
    categories.push_back(0);
    for (auto c : codes) categories.push_back(static_cast<int32_t>(c));
    categories[begin] = static_cast<int32_t>(categories.size() - begin - 1);
    n.categories_begin = static_cast<uint32_t>(begin);
  }
  int Leaf(const FeatureColumns& x, size_t row) const;  // node index
  // Leaf() of rows begin..begin+count-1 into leaf[0..count-1], eight rows
  // walked side by side: a deep tree's next node is a cache miss for each,
  // and eight independent misses overlap.
  void Leaves(const FeatureColumns& x, size_t begin, size_t count, int* leaf) const;
  int Next(const TreeNode& n, float v) const;           // the child a value of n's feature goes to
  float PredictRow(const FeatureColumns& x, size_t row) const { return nodes[Leaf(x, row)].value; }
  int Depth() const;
  int NumLeaves() const;
};

struct Model {
  // (FirstRounds copies these fields one by one, to leave the trees it cuts uncopied: a new field goes there too.)
  std::string objective;
  int num_outputs = 1;                // K: trees come in rounds of K, tree t adds to output t % K (or one multi-output tree per round)
  std::vector<double> base_margin = {0.0};  // per output, added to every tree sum
  int best_iteration = -1;            // with early stopping: the round kept (0-based), else -1
  bool average_trees = false;         // random forest: the trees' mean, not their sum
  // AdaBoost.R2: the trees' median weighted by tree_weights, not their sum (one output).
  bool median_trees = false;
  std::vector<double> tree_weights;
  std::vector<FeatureInfo> features;
  std::string target;
  std::vector<std::string> classes;
  Params params;
  std::vector<Tree> trees;

  // n x K predictions, row-major: probabilities for classification (class
  // indices for multi:softmax), values for regression; raw margins when not
  // `transformed`. Throws BAD_ARGUMENT when `out` holds fewer than n x K.
  // num_trees: the first trees only (whole rounds: see PredictWith). Rows in
  // blocks across nthread threads (0: all); the same values on any number.
  // offset: each row's starting margin (n x K) instead of base_margin (XGBoost's base_margin); empty: base_margin.
  void Predict(const FeatureColumns& x, std::span<float> out, bool transformed = true, size_t num_trees = SIZE_MAX,
               int nthread = 0, std::span<const float> offset = {}) const;
  // Predictions as asked: output "probability" (Predict's own), "margin" (n x
  // K raw sums), "class" (n class indices: arg max, or p > 0.5 for binary, as the error metric;
  // BAD_ARGUMENT for regression) or "leaf" (n x trees leaf node indices);
  // rounds > 0 uses the first `rounds` rounds only (0: all).
  std::vector<float> PredictWith(const FeatureColumns& x, const std::string& output, int rounds,
                                 std::span<const float> offset = {}) const;
  // The model of the first `rounds` rounds (XGBoost's booster[:rounds]): it predicts what
  // PredictWith(x, output, rounds) does, and its files (ToJson, ToXGBoostJson) are that model's.
  // No best round is kept (the cut is the model). Throws BAD_ARGUMENT unless 1 <= rounds <= the model's.
  Model FirstRounds(int rounds) const;
  // The 'class' output from Predict's transformed output for n rows (multi:softmax's own classes).
  std::vector<float> ClassesOf(std::span<const float> transformed, size_t n) const;
  // Predict into a vector of PredictionWidth() values a row.
  std::vector<float> PredictColumns(const FeatureColumns& x) const;
  std::vector<float> PredictTable(const Table& table) const;
  // Width of one row of Predict's output: K, or 1 for multi:softmax.
  int PredictionWidth() const;
  // Trees per round: K single-output trees, or 1 multi-output tree.
  int TreesPerRound() const { return !trees.empty() && !trees[0].leaf_values.empty() ? 1 : num_outputs; }

  // SHAP values (exact TreeSHAP, Lundberg et al. 2018, as XGBoost's
  // pred_contribs): n x K x (features + 1), row-major; the last of each
  // output's values is the bias (the starting margin and each tree's mean
  // leaf, weighted by covers). Each row's values sum to its margin. Throws
  // BAD_ARGUMENT for AdaBoost.R2 (a weighted median has no additive
  // attribution) or a tree deeper than 512 levels. nthread: threads to use
  // (0: all); the values are the same on any number.
  std::vector<float> Contributions(const FeatureColumns& x, int nthread = 0) const;
  // SHAP interaction values (XGBoost's pred_interactions): n x K x (F + 1) x
  // (F + 1), row-major; [i][j] (i != j) is half of features i and j's
  // interaction (the matrix is symmetric), [i][i] what is left of i's SHAP
  // value, so each row [i][*] sums to i's SHAP value and the whole matrix to
  // the margin; the last row and column are the bias's. 2F + 1 times
  // Contributions' work.
  std::vector<float> Interactions(const FeatureColumns& x, int nthread = 0) const;
  // Throws VALUES_RELEASED or FEATURE_MISMATCH unless x holds this model's features' values.
  void CheckColumns(const FeatureColumns& x) const;
  // TreeSHAP's work for one row, in path steps: each tree's leaves times its
  // depth squared (times its outputs), summed. About a billion steps take a
  // second on one core; a caller sizes its request by it (a 100-tree deep
  // forest costs billions a row, a 100-tree depth-6 booster a few hundred thousand).
  double ContributionsCostPerRow() const;

 private:
  void ShapPass(const FeatureColumns& x, int nthread, int condition, int feature, std::vector<double>& phi) const;

 public:

  // Per feature: weight (splits), gain, cover, total_gain or total_cover.
  // Throws BAD_ARGUMENT for another type.
  std::vector<double> FeatureImportance(const std::string& type) const;

  std::string ToJson() const;
  // ToJson without the trees, plus "num_trees" and "trees_per_round": what a
  // viewer needs before it asks for one tree (a forest's JSON runs to 100s of MB).
  std::string SummaryJson() const;
  // Tree t as it appears in ToJson's "trees"; throws BAD_ARGUMENT past the last.
  std::string TreeJson(size_t t) const;
  // The model in XGBoost's JSON format (what XGBoost 1.7 writes; 1.7 to 3.x
  // load it), predicting the same margins (see io/xgboost_json.cc for how
  // each algorithm maps). Throws XGBOOST_UNSUPPORTED saying why a model has no
  // XGBoost form (AdaBoost.R2's weighted median).
  std::string ToXGBoostJson() const;
  // The same model as XGBoost's UBJSON (.ubj, what XGBoost 2.1 and later save
  // by default): a tree's columns as typed arrays of XGBoost's own types.
  std::string ToXGBoostUbj() const;
  // Both handed to sink a quarter megabyte at a time, a tree at a time: a big
  // forest's XGBoost file, or the document it parses into, can be more than
  // a heap holds.
  void WriteXGBoostJson(ByteSink& sink) const;
  void WriteXGBoostUbj(ByteSink& sink) const;
  // Throws Error{"MODEL_CORRUPT"} saying which field is wrong, or
  // MODEL_TOO_LARGE for a file past what this build reads (48 MB in wasm).
  // Also reads the same documents as UBJSON (XGBoost's .ubj), told apart by
  // their first bytes (ubjson::Looks).
  static Model FromJson(std::string_view json);
  // Throws MODEL_TOO_LARGE, as FromJson, for a file of `bytes` past what this
  // build reads: for a caller that checks before it reads the file.
  static void CheckJsonSize(size_t bytes);

  // The compact model file (io/model_binary.cc): SummaryJson as a header,
  // then each tree's fields as little-endian arrays. A big forest's JSON is
  // five times its size in memory and reading it builds a document tree; this
  // reads at memory speed into the model with a megabyte of buffer. JSON
  // stays the file other tools read.
  std::string ToBinary() const;
  // The same bytes handed to sink a buffer at a time (the checksum computed
  // as they pass), BinarySize() of them: saving a big model then needs a
  // buffer beside it, not a second copy of the file.
  void WriteBinary(ByteSink& sink) const;
  uint64_t BinarySize() const;
  // Throws Error{"MODEL_CORRUPT"} saying which tree or field is wrong (the same
  // checks as FromJson's).
  static Model FromBinary(ByteSource& bytes);
  static Model FromBinary(std::string_view bytes);
  // Whether a file starting with these bytes is a compact model (its first 8).
  static bool IsBinary(std::string_view first_bytes);
  // Bytes the trees take in memory (nodes, category sets, G and multi-output
  // values), the measure a model's size is given in.
  size_t MemoryBytes() const;
};

}  // namespace boostlab
