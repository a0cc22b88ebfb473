// A trained model: trees, base score, and what its features and target were.
#pragma once

#include <span>    // for span
#include <string>  // for string
#include <vector>  // for vector

#include "boostlab/dataset.h"
#include "boostlab/params.h"

namespace boostlab {

// Node i of a tree. A leaf has left == -1. Rows with x[feature] < threshold go
// left (XGBoost's convention), missing values go left when default_left.
struct TreeNode {
  int left = -1;
  int right = -1;
  int feature = -1;
  float threshold = 0.0f;
  bool default_left = false;
  float value = 0.0f;  // leaf: output added to the margin (eta applied); inner: weight it would have
  float gain = 0.0f;   // loss reduction of the split, as XGBoost reports it
  float cover = 0.0f;  // sum of hessians of the node's rows
  bool IsLeaf() const { return left < 0; }
};

struct Tree {
  std::vector<TreeNode> nodes;
  float PredictRow(const FeatureColumns& x, size_t row) const;
  int Depth() const;
  int NumLeaves() const;
};

struct Model {
  std::string objective;
  double base_margin = 0.0;  // added to every tree sum
  std::vector<FeatureInfo> features;
  std::string target;
  std::vector<std::string> classes;
  Params params;
  std::vector<Tree> trees;

  // Raw scores (margins) for each row, then transformed (probability for
  // binary:logistic) when `transformed`.
  void Predict(const FeatureColumns& x, std::span<float> out, bool transformed = true) const;
  std::vector<float> PredictTable(const Table& table) const;

  std::string ToJson() const;
  // Throws Error{"MODEL_CORRUPT"} saying which field is wrong.
  static Model FromJson(std::string_view json);
};

}  // namespace boostlab
