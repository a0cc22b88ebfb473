// Tree traversal and shape, and whole-model prediction.

#include <algorithm>  // for max
#include <cmath>      // for isnan

#include "boostlab/errors.h"
#include "boostlab/model.h"
#include "objective/objective.h"

namespace boostlab {

float Tree::PredictRow(const FeatureColumns& x, size_t row) const {
  int i = 0;
  while (!nodes[i].IsLeaf()) {
    const TreeNode& n = nodes[i];
    const float v = x.columns[n.feature][row];
    const bool left = std::isnan(v) ? n.default_left : v < n.threshold;
    i = left ? n.left : n.right;
  }
  return nodes[i].value;
}

int Tree::Depth() const {
  std::vector<int> depth(nodes.size(), 0);
  int deepest = 0;
  for (size_t i = 0; i < nodes.size(); ++i) {  // children always come after their parent
    deepest = std::max(deepest, depth[i]);
    if (!nodes[i].IsLeaf()) depth[nodes[i].left] = depth[nodes[i].right] = depth[i] + 1;
  }
  return deepest;
}

int Tree::NumLeaves() const {
  int leaves = 0;
  for (const TreeNode& n : nodes) leaves += n.IsLeaf();
  return leaves;
}

void Model::Predict(const FeatureColumns& x, std::span<float> out, bool transformed) const {
  if (x.columns.size() != features.size())
    throw Error("FEATURE_MISMATCH", "The model has " + std::to_string(features.size()) + " features; the data has " +
                                        std::to_string(x.columns.size()) + ".");
  for (size_t r = 0; r < x.num_rows; ++r) {
    float m = static_cast<float>(base_margin);
    for (const Tree& t : trees) m += t.PredictRow(x, r);
    out[r] = transformed && objective == Logistic::kName ? Logistic::Transform(m) : m;
  }
}

std::vector<float> Model::PredictTable(const Table& table) const {
  FeatureColumns x = FeaturesFromTable(table, features);
  std::vector<float> out(x.num_rows);
  Predict(x, out);
  return out;
}

}  // namespace boostlab
