// Model -> XGBoost's JSON model format, as XGBoost 1.7 writes it (and 1.7
// through 3.x load it), so a model trained here continues in XGBoost (on Dask
// or Spark) and predicts there what it predicts here.
//
// What XGBoost computes is a sum of single-output trees plus base_score put
// through the objective's link. Each of our models is mapped onto that:
// - leaf values keep their meaning where the objective exists in XGBoost;
//   binary:exponential's margin F becomes logistic's 2F (same probability);
//   a forest's mean becomes a sum of leaves divided by the number of rounds;
//   AdaBoost's vote sum becomes a raw margin (binary:logitraw, multi:softprob),
//   whose sign (or arg max) is the vote;
// - a multi-output tree (multiclass AdaBoost, forests) becomes K trees of the
//   same shape, one per output;
// - the starting margin becomes base_score through the inverse link, or is
//   added to the first round's leaves when XGBoost's one base_score cannot
//   hold it (per-class margins; a margin past the link's range).
// AdaBoost.R2 (a weighted median of trees) has no such form: it is refused.
// The format's traps: floats are written with a decimal point or exponent,
// parameters are strings, sum_hessian holds the real covers (SHAP uses them),
// and a categorical split's set lists the categories that go right.

#include <cmath>    // for exp, log, isfinite
#include <string>   // for string
#include <vector>   // for vector

#include "boostlab/errors.h"
#include "boostlab/model.h"
#include "util/float_text.h"
#include "util/json.h"

namespace boostlab {
namespace {

enum class Link { kIdentity, kLogit, kLog };

struct XgbObjective {
  std::string json;         // XGBoost's "objective" object
  Link link = Link::kIdentity;
  double leaf_scale = 1.0;  // XGBoost's margin = leaf_scale x ours
  bool classes = false;     // num_class = K (multi:softprob)
  bool targets = false;     // num_target = K (a multiclass forest's class shares)
};

XgbObjective MapObjective(const Model& m) {
  const std::string& o = m.objective;
  const std::string k = std::to_string(m.num_outputs);
  const std::string squared = R"({"name":"reg:squarederror","reg_loss_param":{"scale_pos_weight":"1"}})";
  if (m.median_trees)
    throw Error("XGBOOST_UNSUPPORTED", "An AdaBoost.R2 model combines its trees by their weighted median; XGBoost only adds trees, "
                                       "so this model has no XGBoost form. Train with algorithm 'xgboost' or 'gbdt' to export.");
  if (o == "reg:squarederror" || o == "reg:huber" || o == "binary:forest") return {squared};
  if (o == "reg:absoluteerror") return {R"({"name":"reg:absoluteerror"})"};
  if (o == "reg:pseudohubererror")
    return {R"({"name":"reg:pseudohubererror","pseudo_huber_param":{"huber_slope":")" + ShortestFloat(static_cast<float>(m.params.huber_slope)) + "\"}}"};
  if (o == "count:poisson") {
    const double mds = std::isnan(m.params.max_delta_step) ? 0.7 : m.params.max_delta_step;
    return {R"({"name":"count:poisson","poisson_regression_param":{"max_delta_step":")" + ShortestFloat(static_cast<float>(mds)) + "\"}}", Link::kLog};
  }
  if (o == "binary:logistic") return {R"({"name":"binary:logistic","reg_loss_param":{"scale_pos_weight":"1"}})", Link::kLogit};
  if (o == "binary:exponential") return {R"({"name":"binary:logistic","reg_loss_param":{"scale_pos_weight":"1"}})", Link::kLogit, 2.0};
  // XGBoost 1.7 reads logitraw's base_score as a margin (no logit).
  if (o == "binary:samme" || o == "binary:samme_r") return {R"({"name":"binary:logitraw","reg_loss_param":{"scale_pos_weight":"1"}})", Link::kIdentity};
  if (o == "multi:softprob" || o == "multi:softmax" || o == "multi:samme" || o == "multi:samme_r") {
    const std::string name = o == "multi:softmax" ? "multi:softmax" : "multi:softprob";
    return {R"({"name":")" + name + R"(","softmax_multiclass_param":{"num_class":")" + k + "\"}}", Link::kIdentity, 1.0, true};
  }
  if (o == "multi:forest") return {squared, Link::kIdentity, 1.0, false, true};
  throw Error("XGBOOST_UNSUPPORTED", "The objective '" + o + "' has no XGBoost counterpart, so this model cannot be exported.");
}

// base_score for a margin, or false when the link cannot carry it.
bool BaseScore(Link link, double margin, double& score) {
  switch (link) {
    case Link::kIdentity: score = margin; break;
    case Link::kLog: score = std::exp(margin); break;
    case Link::kLogit: score = 1.0 / (1.0 + std::exp(-margin)); break;
  }
  if (!std::isfinite(score)) return false;
  if (link == Link::kLog) return score > 0;
  if (link == Link::kLogit) return score > 0 && score < 1 && std::isfinite(std::log(score / (1 - score)));
  return true;
}

// XGBoost's reader wants a decimal point or an exponent in a float.
void AppendXgbFloat(std::string& out, float v) {
  const std::string s = ShortestFloat(v);
  out += s;
  if (s.find_first_of(".eEn") == std::string::npos) out += ".0";
}

template <typename T, typename F>
void AppendArray(std::string& out, const char* key, const std::vector<T>& v, F write) {
  out += '"';
  out += key;
  out += "\":[";
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) out += ',';
    write(out, v[i]);
  }
  out += ']';
}

// One single-output tree: output k of `tree` (k = 0 for a single-output
// tree), its leaves scaled and shifted.
void AppendTree(std::string& out, const Tree& tree, int K, int k, int id, double scale, double shift, size_t num_features) {
  const auto& nodes = tree.nodes;
  const size_t n = nodes.size();
  std::vector<int> left(n), right(n), parent(n, 2147483647), feature(n), type(n), default_left(n);
  std::vector<float> cond(n), weight(n), gain(n), hess(n);
  std::vector<int> cat_nodes, cat_segments, cat_sizes, cats;
  for (size_t i = 0; i < n; ++i) {
    const TreeNode& x = nodes[i];
    const bool leaf = x.IsLeaf();
    const double raw = tree.leaf_values.empty() ? x.value : leaf ? tree.leaf_values[i * static_cast<size_t>(K) + static_cast<size_t>(k)] : 0.0;
    const float value = static_cast<float>(raw * scale + (leaf ? shift : 0.0));
    left[i] = leaf ? -1 : x.left;
    right[i] = leaf ? -1 : x.Right();
    if (!leaf) parent[static_cast<size_t>(x.left)] = parent[static_cast<size_t>(x.Right())] = static_cast<int>(i);
    feature[i] = leaf ? 0 : x.feature;
    type[i] = !leaf && x.categorical;
    default_left[i] = !leaf && x.default_left;
    cond[i] = leaf ? value : x.categorical ? 0.0f : x.threshold;
    weight[i] = leaf ? value : static_cast<float>(tree.leaf_values.empty() ? x.value * scale : 0.0);
    gain[i] = leaf ? 0.0f : x.gain;
    hess[i] = x.cover;
    if (type[i]) {
      const auto set = tree.CategoriesOf(x);
      cat_nodes.push_back(static_cast<int>(i));
      cat_segments.push_back(static_cast<int>(cats.size()));
      cat_sizes.push_back(static_cast<int>(set.size()));
      cats.insert(cats.end(), set.begin(), set.end());
    }
  }
  const auto ints = [](std::string& o, int v) { o += std::to_string(v); };
  const auto floats = [](std::string& o, float v) { AppendXgbFloat(o, v); };
  out += '{';
  AppendArray(out, "base_weights", weight, floats);
  out += ',';
  AppendArray(out, "categories", cats, ints);
  out += ',';
  AppendArray(out, "categories_nodes", cat_nodes, ints);
  out += ',';
  AppendArray(out, "categories_segments", cat_segments, ints);
  out += ',';
  AppendArray(out, "categories_sizes", cat_sizes, ints);
  out += ',';
  AppendArray(out, "default_left", default_left, ints);
  out += ",\"id\":" + std::to_string(id) + ',';
  AppendArray(out, "left_children", left, ints);
  out += ',';
  AppendArray(out, "loss_changes", gain, floats);
  out += ',';
  AppendArray(out, "parents", parent, ints);
  out += ',';
  AppendArray(out, "right_children", right, ints);
  out += ',';
  AppendArray(out, "split_conditions", cond, floats);
  out += ',';
  AppendArray(out, "split_indices", feature, ints);
  out += ',';
  AppendArray(out, "split_type", type, ints);
  out += ',';
  AppendArray(out, "sum_hessian", hess, floats);
  out += ",\"tree_param\":{\"num_deleted\":\"0\",\"num_feature\":\"" + std::to_string(num_features) + "\",\"num_nodes\":\"" +
         std::to_string(n) + "\",\"size_leaf_vector\":\"0\"}}";
}

}  // namespace

std::string Model::ToXGBoostJson() const {
  const XgbObjective obj = MapObjective(*this);
  const int K = num_outputs;
  const size_t per_round = static_cast<size_t>(TreesPerRound());
  const size_t rounds = per_round ? trees.size() / per_round : 0;
  const double scale = obj.leaf_scale * (average_trees && rounds > 0 ? 1.0 / static_cast<double>(rounds) : 1.0);

  // base_score where XGBoost's single one holds every output's margin;
  // otherwise 0 through the link, and each output's margin goes to the first round's leaves.
  double score = 0;
  bool same = true;
  for (int k = 1; k < K; ++k) same = same && base_margin[static_cast<size_t>(k)] == base_margin[0];
  const bool in_score = same && BaseScore(obj.link, obj.leaf_scale * base_margin[0], score);
  if (!in_score) BaseScore(obj.link, 0.0, score);
  const auto shift = [&](size_t tree_index, int k) {
    return !in_score && tree_index < per_round ? obj.leaf_scale * base_margin[static_cast<size_t>(k)] : 0.0;
  };

  std::string trees_json, info;
  int id = 0;
  const auto add = [&](const Tree& t, int k, double leaf_shift) {
    if (id) {
      trees_json += ',';
      info += ',';
    }
    AppendTree(trees_json, t, K, k, id++, scale, leaf_shift, features.size());
    info += std::to_string(k);
  };
  if (trees.empty() && !in_score) {
    // No trees to carry the margins: one round of single leaves.
    Tree leaf;
    leaf.nodes.resize(1);
    for (int k = 0; k < K; ++k) add(leaf, k, obj.leaf_scale * base_margin[static_cast<size_t>(k)]);
  }
  for (size_t t = 0; t < trees.size(); ++t) {
    if (trees[t].leaf_values.empty()) add(trees[t], static_cast<int>(t % per_round), shift(t, static_cast<int>(t % per_round)));
    else
      for (int k = 0; k < K; ++k) add(trees[t], k, shift(t, k));
  }

  std::string out = "{\"learner\":{\"attributes\":{";
  if (best_iteration >= 0)
    out += "\"best_iteration\":\"" + std::to_string(best_iteration) + "\",\"best_ntree_limit\":\"" +
           std::to_string((best_iteration + 1) * K) + "\"";
  out += "},\"feature_names\":[";
  for (size_t f = 0; f < features.size(); ++f) {
    if (f) out += ',';
    json::AppendString(out, features[f].name);
  }
  out += "],\"feature_types\":[";
  for (size_t f = 0; f < features.size(); ++f) out += std::string(f ? "," : "") + (features[f].type == ColumnType::kCategorical ? "\"c\"" : "\"float\"");
  out += "],\"gradient_booster\":{\"model\":{\"gbtree_model_param\":{\"num_parallel_tree\":\"1\",\"num_trees\":\"" + std::to_string(id) +
         "\",\"size_leaf_vector\":\"0\"},\"tree_info\":[" + info + "],\"trees\":[" + trees_json + "]},\"name\":\"gbtree\"}";
  out += ",\"learner_model_param\":{\"base_score\":\"";
  AppendXgbFloat(out, static_cast<float>(score));
  out += "\",\"boost_from_average\":\"1\",\"num_class\":\"" + std::to_string(obj.classes ? K : 0) + "\",\"num_feature\":\"" +
         std::to_string(features.size()) + "\",\"num_target\":\"" + std::to_string(obj.targets ? K : 1) + "\"}";
  out += ",\"objective\":" + obj.json + "},\"version\":[1,7,4]}";
  return out;
}

}  // namespace boostlab
