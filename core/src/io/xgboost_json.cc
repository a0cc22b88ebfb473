// Model -> XGBoost's JSON model format, as XGBoost 1.7 writes it (and 1.7
// through 3.x load it), so a model trained here continues in XGBoost (on Dask
// or Spark) and predicts there what it predicts here.
//
// What XGBoost computes is a sum of single-output trees plus base_score put
// through the objective's link. Each of our models is mapped onto that:
// - leaf values keep their meaning where the objective exists in XGBoost;
//   binary:exponential's margin F becomes logistic's 2F (same probability);
//   a forest's mean becomes a sum of leaves divided by the number of rounds;
//   AdaBoost's vote sum F keeps its probabilities: discrete AdaBoost's
//   sigmoid(F) is logistic's with the same margin, Real AdaBoost's sigmoid(2F)
//   logistic's with twice it, and K classes' softmax(F / (K - 1)) softprob's
//   with F / (K - 1) (the sign, or arg max, is still the vote);
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
#include <limits>   // for numeric_limits
#include <string>   // for string
#include <vector>   // for vector

#include "io/xgboost_json.h"

#include <algorithm>  // for sort, unique
#include <cstdint>    // for int64_t
#include <utility>    // for swap

#include "boostlab/errors.h"
#include "boostlab/model.h"
#include "util/float_text.h"
#include "util/json.h"
#include "util/ubjson.h"

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
  // XGBoost has no expectile loss; its squared error predicts the same sum of trees (the expectile).
  if (o == "reg:squarederror" || o == "reg:huber" || o == "binary:forest" || o == "reg:expectileerror") return {squared};
  if (o == "reg:absoluteerror") return {R"({"name":"reg:absoluteerror"})"};
  // (XGBoost 2.0 and later: 1.7 has no quantile loss, and refuses the file.)
  if (o == "reg:quantileerror") {
    // Several alphas are several targets (num_target), a tree each a round, as XGBoost 3 grows them.
    std::string alphas;
    for (double a : m.params.quantile_alpha) alphas += (alphas.empty() ? "" : ",") + ShortestFloat(static_cast<float>(a));
    return {R"({"name":"reg:quantileerror","quantile_loss_param":{"quantile_alpha":"[)" + alphas + "]\"}}", Link::kIdentity, 1.0, false,
            m.num_outputs > 1};
  }
  if (o == "reg:pseudohubererror")
    return {R"({"name":"reg:pseudohubererror","pseudo_huber_param":{"huber_slope":")" + ShortestFloat(static_cast<float>(m.params.huber_slope)) + "\"}}"};
  if (o == "count:poisson") {
    const double mds = std::isnan(m.params.max_delta_step) ? 0.7 : m.params.max_delta_step;
    return {R"({"name":"count:poisson","poisson_regression_param":{"max_delta_step":")" + ShortestFloat(static_cast<float>(mds)) + "\"}}", Link::kLog};
  }
  if (o == "reg:gamma") return {R"({"name":"reg:gamma","reg_loss_param":{"scale_pos_weight":"1"}})", Link::kLog};
  if (o == "reg:tweedie")
    return {R"({"name":"reg:tweedie","tweedie_regression_param":{"tweedie_variance_power":")" +
                ShortestFloat(static_cast<float>(m.params.tweedie_variance_power)) + "\"}}", Link::kLog};
  if (o == "binary:logistic")
    return {R"({"name":"binary:logistic","reg_loss_param":{"scale_pos_weight":")" + ShortestFloat(static_cast<float>(m.params.scale_pos_weight)) + "\"}}", Link::kLogit};
  if (o == "binary:exponential") return {R"({"name":"binary:logistic","reg_loss_param":{"scale_pos_weight":"1"}})", Link::kLogit, 2.0};
  // (Exported as binary:logitraw before, XGBoost predicted the raw vote sum where the page showed sigmoid(F).)
  if (o == "binary:samme" || o == "binary:samme_r" || o == "binary:adaboost")
    return {R"({"name":"binary:logistic","reg_loss_param":{"scale_pos_weight":"1"}})", Link::kLogit, o == "binary:samme" ? 1.0 : 2.0};
  if (o == "multi:softprob" || o == "multi:softmax" || o == "multi:samme" || o == "multi:samme_r" || o == "multi:adaboost") {
    const std::string name = o == "multi:softmax" ? "multi:softmax" : "multi:softprob";
    const double scale = o == "multi:samme" || o == "multi:samme_r" ? 1.0 / (m.num_outputs - 1)
                         : o == "multi:adaboost"                     ? 2.0 / (m.num_outputs - 1)  // Freund & Schapire's half votes
                                                                     : 1.0;
    return {R"({"name":")" + name + R"(","softmax_multiclass_param":{"num_class":")" + k + "\"}}", Link::kIdentity, scale, true};
  }
  if (o == "multi:forest") return {squared, Link::kIdentity, 1.0, false, true};
  // The caller's own loss predicts its margin: XGBoost's squared error predicts the same sum of trees
  // (continue it in XGBoost with your obj). Several outputs have no such form.
  if (o == "custom") {
    if (m.num_outputs != 1)
      throw Error("XGBOOST_UNSUPPORTED", "A custom objective of " + k + " outputs has no XGBoost form here: export a model of one output.");
    return {squared};
  }
  // GBRank's scores are a plain sum of its trees (boost/gbrank.cc): XGBoost ranks by the same margins.
  if (o == "rank:pairwise" || o == "rank:ndcg" || o == "rank:gbrank")
    return {R"({"name":")" + (o == "rank:gbrank" ? std::string("rank:pairwise") : o) + R"(","lambda_rank_param":{"num_pairsample":"1","fix_list_weight":"0"}})", Link::kIdentity};
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

// One single-output tree: output k of `tree` (k = 0 for a single-output
// tree), its leaves scaled and shifted.
void AppendTree(std::string& out, const Tree& tree, int K, int k, int id, double scale, double shift, const std::vector<FeatureInfo>& features) {
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
    // A categorical split with an empty set parts missing from present values
    // (every category goes left). XGBoost refuses an empty set (1.7 and 3.2
    // stop on it), and a numeric split on a categorical feature (3.2), so it is
    // written as the set of every level, sent right, its children swapped
    // and missing values sent the other way.
    const bool empty_set = !leaf && x.categorical && tree.CategoriesOf(x).empty() &&
                           !features[static_cast<size_t>(x.feature)].levels.empty();
    if (empty_set) std::swap(left[i], right[i]);
    type[i] = !leaf && x.categorical;
    default_left[i] = !leaf && (x.default_left != 0) != empty_set;
    cond[i] = leaf ? value : x.categorical ? 0.0f : x.threshold;
    weight[i] = leaf ? value : static_cast<float>(tree.leaf_values.empty() ? x.value * scale : 0.0);
    gain[i] = leaf ? 0.0f : x.gain;
    hess[i] = x.cover;
    if (type[i]) {
      const auto set = tree.CategoriesOf(x);
      cat_nodes.push_back(static_cast<int>(i));
      cat_segments.push_back(static_cast<int>(cats.size()));
      if (empty_set) {
        const size_t levels = features[static_cast<size_t>(x.feature)].levels.size();
        cat_sizes.push_back(static_cast<int>(levels));
        for (size_t c = 0; c < levels; ++c) cats.push_back(static_cast<int>(c));
      } else {
        cat_sizes.push_back(static_cast<int>(set.size()));
        cats.insert(cats.end(), set.begin(), set.end());
      }
    }
  }
  const auto ints = [](std::string& o, int v) { o += std::to_string(v); };
  const auto floats = [](std::string& o, float v) { AppendXgbFloat(o, v); };
  out += '{';
  json::AppendArray(out, "base_weights", weight, floats);
  out += ',';
  json::AppendArray(out, "categories", cats, ints);
  out += ',';
  json::AppendArray(out, "categories_nodes", cat_nodes, ints);
  out += ',';
  json::AppendArray(out, "categories_segments", cat_segments, ints);
  out += ',';
  json::AppendArray(out, "categories_sizes", cat_sizes, ints);
  out += ',';
  json::AppendArray(out, "default_left", default_left, ints);
  out += ",\"id\":" + std::to_string(id) + ',';
  json::AppendArray(out, "left_children", left, ints);
  out += ',';
  json::AppendArray(out, "loss_changes", gain, floats);
  out += ',';
  json::AppendArray(out, "parents", parent, ints);
  out += ',';
  json::AppendArray(out, "right_children", right, ints);
  out += ',';
  json::AppendArray(out, "split_conditions", cond, floats);
  out += ',';
  json::AppendArray(out, "split_indices", feature, ints);
  out += ',';
  json::AppendArray(out, "split_type", type, ints);
  out += ',';
  json::AppendArray(out, "sum_hessian", hess, floats);
  out += ",\"tree_param\":{\"num_deleted\":\"0\",\"num_feature\":\"" + std::to_string(features.size()) + "\",\"num_nodes\":\"" +
         std::to_string(n) + "\",\"size_leaf_vector\":\"0\"}}";
}

// XGBoost 3's category container ("cats"): each feature's level names as
// bytes cut at offsets (none for a numeric feature), where each feature's
// levels start, and each feature's levels in XGBoost's sorted order (it
// compares names as signed bytes). With it XGBoost 3 codes a frame's
// categories by name, so a batch without one level still predicts as here;
// without it, by position. XGBoost 1.7 ignores it.
std::string CategoryContainer(const std::vector<FeatureInfo>& features) {
  std::vector<int> segments = {0}, sorted;
  std::string enc = "[";
  const auto ints = [](std::string& o, int v) { o += std::to_string(v); };
  for (const FeatureInfo& f : features) {
    const std::vector<std::string> none;
    const std::vector<std::string>& names = f.type == ColumnType::kCategorical ? f.levels : none;
    std::vector<int> offsets, bytes;
    if (!names.empty()) offsets.push_back(0);
    for (const std::string& name : names) {
      for (char c : name) bytes.push_back(static_cast<signed char>(c));
      offsets.push_back(static_cast<int>(bytes.size()));
    }
    std::vector<int> order(names.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
      const std::string &x = names[static_cast<size_t>(a)], &y = names[static_cast<size_t>(b)];
      return std::lexicographical_compare(x.begin(), x.end(), y.begin(), y.end(),
                                          [](char l, char r) { return static_cast<signed char>(l) < static_cast<signed char>(r); });
    });
    sorted.insert(sorted.end(), order.begin(), order.end());
    segments.push_back(segments.back() + static_cast<int>(names.size()));
    if (enc.size() > 1) enc += ',';
    enc += '{';
    json::AppendArray(enc, "offsets", offsets, ints);
    enc += ',';
    json::AppendArray(enc, "values", bytes, ints);
    enc += '}';
  }
  enc += ']';
  std::string out = "{\"enc\":" + enc + ',';
  json::AppendArray(out, "feature_segments", segments, ints);
  out += ',';
  json::AppendArray(out, "sorted_idx", sorted, ints);
  return out + '}';
}

}  // namespace

std::string XGBoostObjectiveName(const Model& m) {
  return json::Parse(MapObjective(m).json).Find("name")->string;
}

namespace {

// XGBoost's JSON of a model in pieces, so a big model is written a tree at a
// time (its whole text, or the document parsed from it, can be more than a
// heap holds): the text up to the trees array's first item, the trees (each
// output k of a stored tree, its leaves scaled and shifted), the text after.
struct XgbDocument {
  struct Entry {
    const Tree* tree;
    int k;
    double shift;
  };
  std::string before, after;
  std::vector<Entry> entries;
  int K = 1;
  double scale = 1;

  // Entry i's tree as XGBoost's JSON, at the end of out.
  void AppendEntry(std::string& out, size_t i, const std::vector<FeatureInfo>& features) const {
    const Entry& e = entries[i];
    AppendTree(out, *e.tree, K, e.k, static_cast<int>(i), scale, e.shift, features);
  }
};

// A tree of one leaf, for a model with no trees to carry its margins.
const Tree& SingleLeaf() {
  static const Tree leaf = [] {
    Tree t;
    t.nodes.resize(1);
    return t;
  }();
  return leaf;
}

XgbDocument XGBoostDocument(const Model& m) {
  XgbDocument doc;
  const XgbObjective obj = MapObjective(m);
  const int K = m.num_outputs;
  const size_t per_round = static_cast<size_t>(m.TreesPerRound());
  const size_t rounds = per_round ? m.trees.size() / per_round : 0;
  const double scale = obj.leaf_scale * (m.average_trees && rounds > 0 ? 1.0 / static_cast<double>(rounds) : 1.0);
  doc.K = K;
  doc.scale = scale;

  // base_score where XGBoost's single one holds every output's margin;
  // otherwise 0 through the link, and each output's margin goes to the first round's leaves.
  double score = 0;
  bool same = true;
  for (int k = 1; k < K; ++k) same = same && m.base_margin[static_cast<size_t>(k)] == m.base_margin[0];
  const bool in_score = same && BaseScore(obj.link, obj.leaf_scale * m.base_margin[0], score);
  if (!in_score) BaseScore(obj.link, 0.0, score);
  const auto shift = [&](size_t tree_index, int k) {
    return !in_score && tree_index < per_round ? obj.leaf_scale * m.base_margin[static_cast<size_t>(k)] : 0.0;
  };

  std::string info;
  const auto add = [&](const Tree& t, int k, double leaf_shift) {
    if (!doc.entries.empty()) info += ',';
    doc.entries.push_back({&t, k, leaf_shift});
    info += std::to_string(k);
  };
  if (m.trees.empty() && !in_score) {
    // No trees to carry the margins: one round of single leaves.
    for (int k = 0; k < K; ++k) add(SingleLeaf(), k, obj.leaf_scale * m.base_margin[static_cast<size_t>(k)]);
  }
  for (size_t t = 0; t < m.trees.size(); ++t) {
    if (m.trees[t].leaf_values.empty()) add(m.trees[t], static_cast<int>(t % per_round), shift(t, static_cast<int>(t % per_round)));
    else
      for (int k = 0; k < K; ++k) add(m.trees[t], k, shift(t, k));
  }

  // XGBoost keeps string attributes through load and save: the names it has
  // no place for (the target, the classes, each category's level) ride there,
  // so a model that went to XGBoost and back still reads a CSV by name.
  std::string levels = "{", classes_json;
  for (const FeatureInfo& f : m.features) {
    if (f.type != ColumnType::kCategorical) continue;
    if (levels.size() > 1) levels += ',';
    json::AppendString(levels, f.name);
    levels += ':';
    json::AppendStrings(levels, f.levels);
  }
  levels += '}';
  json::AppendStrings(classes_json, m.classes);
  std::string out = "{\"learner\":{\"attributes\":{";
  if (m.best_iteration >= 0)
    out += "\"best_iteration\":\"" + std::to_string(m.best_iteration) + "\",\"best_ntree_limit\":\"" +
           std::to_string((m.best_iteration + 1) * K) + "\",";
  out += "\"boostlab_classes\":";
  json::AppendString(out, classes_json);
  out += ",\"boostlab_levels\":";
  json::AppendString(out, levels);
  out += ",\"boostlab_target\":";
  json::AppendString(out, m.target);
  out += "},\"feature_names\":[";
  for (size_t f = 0; f < m.features.size(); ++f) {
    if (f) out += ',';
    json::AppendString(out, m.features[f].name);
  }
  out += "],\"feature_types\":[";
  for (size_t f = 0; f < m.features.size(); ++f) out += std::string(f ? "," : "") + (m.features[f].type == ColumnType::kCategorical ? "\"c\"" : "\"float\"");
  out += "],\"gradient_booster\":{\"model\":{";
  // Only for names in ASCII: XGBoost 3.2.0's Python package cuts a pandas
  // frame's names at character counts, not bytes (dmlc/xgboost#12371, fixed
  // after it), so it would find none of a name past ASCII and stop; without
  // the container it codes by position, as 1.7 does.
  const auto categorical = [](const FeatureInfo& f) { return f.type == ColumnType::kCategorical; };
  const auto ascii = [](const FeatureInfo& f) {
    return std::all_of(f.levels.begin(), f.levels.end(), [](const std::string& name) {
      return std::all_of(name.begin(), name.end(), [](char c) { return static_cast<unsigned char>(c) < 128; });
    });
  };
  if (std::any_of(m.features.begin(), m.features.end(), categorical) && std::all_of(m.features.begin(), m.features.end(), ascii))
    out += "\"cats\":" + CategoryContainer(m.features) + ',';
  out += "\"gbtree_model_param\":{\"num_parallel_tree\":\"1\",\"num_trees\":\"" + std::to_string(doc.entries.size()) +
         "\",\"size_leaf_vector\":\"0\"},\"tree_info\":[" + info + "],\"trees\":[";
  doc.before = std::move(out);
  out = "]},\"name\":\"gbtree\"}";
  out += ",\"learner_model_param\":{\"base_score\":\"";
  AppendXgbFloat(out, static_cast<float>(score));
  out += "\",\"boost_from_average\":\"1\",\"num_class\":\"" + std::to_string(obj.classes ? K : 0) + "\",\"num_feature\":\"" +
         std::to_string(m.features.size()) + "\",\"num_target\":\"" + std::to_string(obj.targets ? K : 1) + "\"}";
  out += ",\"objective\":" + obj.json + "},\"version\":[1,7,4]}";
  doc.after = std::move(out);
  return doc;
}

void Send(ByteSink& sink, std::string& piece) {
  sink.Write(piece.data(), piece.size());
  piece.clear();
}

}  // namespace

void Model::WriteXGBoostJson(ByteSink& sink) const {
  XgbDocument doc = XGBoostDocument(*this);
  Send(sink, doc.before);
  std::string piece;
  for (size_t i = 0; i < doc.entries.size(); ++i) {
    if (i) piece += ',';
    doc.AppendEntry(piece, i, features);
    if (piece.size() >= kSinkPieceBytes) Send(sink, piece);
  }
  Send(sink, piece);
  Send(sink, doc.after);
}

std::string Model::ToXGBoostJson() const {
  std::string out;
  StringSink sink(out);
  WriteXGBoostJson(sink);
  return out;
}


// XGBoost's types for a tree's columns in UBJSON (what 3.2 writes, and what
// its reader takes as typed arrays: all of a tree's columns typed, or none).
char XGBoostUbjArrayType(std::string_view key) {
  if (key == "base_weights" || key == "loss_changes" || key == "split_conditions" || key == "sum_hessian") return 'd';
  if (key == "left_children" || key == "right_children" || key == "parents" || key == "split_indices" || key == "categories" ||
      key == "categories_nodes")
    return 'l';
  if (key == "categories_segments" || key == "categories_sizes") return 'L';
  // The category container: offsets and positions as int32. (3.2 types the
  // name bytes as int8, which 1.7's reader refuses: they stay an array of numbers.)
  if (key == "offsets" || key == "feature_segments" || key == "sorted_idx") return 'l';
  if (key == "default_left" || key == "split_type") return 'U';
  return 0;
}

// The frame (everything but the trees) written once with an empty trees
// array, whose header is then given the trees' count, each tree written
// after it as it comes: the same bytes as the whole document written at once.
void Model::WriteXGBoostUbj(ByteSink& sink) const {
  XgbDocument doc = XGBoostDocument(*this);
  const json::Value frame = json::Parse(doc.before + doc.after, true);
  const json::Value* trees = frame.Find("learner");
  for (const char* key : {"gradient_booster", "model", "trees"}) trees = trees ? trees->Find(key) : nullptr;
  if (!trees) throw Error("INTERNAL", "The XGBoost model has no trees array to write the trees into.");
  size_t at = 0;
  std::string framed = ubjson::Write(frame, XGBoostUbjArrayType, *trees, at), empty, piece, tree_json;
  ubjson::AppendArrayHeader(empty, 0);
  if (at == std::string::npos || framed.compare(at, empty.size(), empty) != 0)
    throw Error("INTERNAL", "The XGBoost model's trees array was not written where it was marked.");
  sink.Write(framed.data(), at);
  ubjson::AppendArrayHeader(piece, doc.entries.size());
  for (size_t i = 0; i < doc.entries.size(); ++i) {
    tree_json.clear();
    doc.AppendEntry(tree_json, i, features);
    ubjson::AppendValue(piece, json::Parse(tree_json, true), "trees", XGBoostUbjArrayType);
    if (piece.size() >= kSinkPieceBytes) Send(sink, piece);
  }
  Send(sink, piece);
  sink.Write(framed.data() + at + empty.size(), framed.size() - at - empty.size());
}

std::string Model::ToXGBoostUbj() const {
  std::string out;
  StringSink sink(out);
  WriteXGBoostUbj(sink);
  return out;
}

namespace {

// Features a file may ask for without naming them: this many always (a model
// trained on a numpy matrix of 65,536 columns names none), more as the file
// grows (a record and a name here cost about 100 bytes each).
constexpr size_t kUnnamedFeaturesAlways = 65536, kUnnamedFeaturesPerByte = 4;

[[noreturn]] void Corrupt(const std::string& what) {
  throw Error("MODEL_CORRUPT", "This is not a usable XGBoost model file: " + what + ".");
}

[[noreturn]] void Unsupported(const std::string& what) {
  throw Error("XGBOOST_UNSUPPORTED", "This XGBoost model cannot be read here: " + what + ".");
}

const json::Value& Field(const json::Value& obj, const char* key, json::Value::Kind kind, const std::string& where) {
  const json::Value* v = obj.Find(key);
  if (!v) Corrupt(where + " has no '" + key + "'");
  if (v->kind != kind) Corrupt(where + "'s '" + key + "' has the wrong type");
  return *v;
}

// XGBoost writes its parameters as strings ("5E-1", "[5E-1]" in 3.x).
double NumberString(const json::Value& v, const std::string& what) {
  std::string text = v.IsString() ? v.string : "";
  if (v.IsNumber()) return v.number;
  if (!text.empty() && text.front() == '[' && text.back() == ']') text = text.substr(1, text.size() - 2);
  char* end = nullptr;
  const double x = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(x)) Corrupt(what + " is not a number");
  return x;
}

int64_t WholeString(const json::Value& v, int64_t lo, int64_t hi, const std::string& what) {
  const double x = NumberString(v, what);
  const std::optional<int64_t> n = json::ToWholeNumber(json::Number(x), lo, hi);
  if (!n) Corrupt(what + " is " + json::Describe(v) + "; it must be a whole number from " + std::to_string(lo) + " to " + std::to_string(hi));
  return *n;
}

// An array of n numbers, each checked by `ok`.
std::vector<double> Numbers(const json::Value& tree, const char* key, size_t n, const std::string& where, bool allow_nan = false) {
  const json::Value& a = Field(tree, key, json::Value::Kind::kArray, where);
  if (a.array.size() != n) Corrupt(where + "'s " + key + " has " + std::to_string(a.array.size()) + " values for " + std::to_string(n) + " nodes");
  std::vector<double> out;
  out.reserve(n);
  for (const auto& v : a.array) {
    if (!v.IsNumber() || (!allow_nan && !std::isfinite(v.number))) Corrupt(where + "'s " + key + " holds " + json::Describe(v));
    out.push_back(v.number);
  }
  return out;
}

std::vector<int64_t> Wholes(const json::Value& tree, const char* key, size_t n, int64_t lo, int64_t hi, const std::string& where) {
  const json::Value& a = Field(tree, key, json::Value::Kind::kArray, where);
  if (n != SIZE_MAX && a.array.size() != n)
    Corrupt(where + "'s " + key + " has " + std::to_string(a.array.size()) + " values for " + std::to_string(n) + " nodes");
  std::vector<int64_t> out;
  out.reserve(a.array.size());
  for (const auto& v : a.array) out.push_back(json::WholeNumber(v, lo, hi, "MODEL_CORRUPT", where + "'s " + key + " value"));
  return out;
}

// One XGBoost tree in our node order (each split's right child just after
// its left one), read breadth-first from the root so every node is reached once.
Tree ReadTree(const json::Value& t, size_t index, size_t num_features, const std::vector<FeatureInfo>& features) {
  const std::string where = "tree " + std::to_string(index);
  if (!t.IsObject()) Corrupt(where + " is not an object");
  const json::Value& param = Field(t, "tree_param", json::Value::Kind::kObject, where);
  if (const json::Value* leaf = param.Find("size_leaf_vector"); leaf && WholeString(*leaf, 0, INT32_MAX, where + "'s size_leaf_vector") > 1)
    Unsupported(where + " has vector leaves (multi_strategy='multi_output_tree'); this engine reads one output per tree");
  const size_t n = static_cast<size_t>(WholeString(Field(param, "num_nodes", json::Value::Kind::kString, where), 1, INT32_MAX / 2, where + "'s num_nodes"));
  const auto left = Wholes(t, "left_children", n, -1, static_cast<int64_t>(n) - 1, where);
  const auto right = Wholes(t, "right_children", n, -1, static_cast<int64_t>(n) - 1, where);
  const auto feature = Wholes(t, "split_indices", n, 0, INT32_MAX, where);
  const auto default_left = Wholes(t, "default_left", n, 0, 1, where);
  const auto cond = Numbers(t, "split_conditions", n, where, true);
  const auto gain = Numbers(t, "loss_changes", n, where);
  const auto hess = Numbers(t, "sum_hessian", n, where);
  std::vector<int64_t> type(n, 0);
  if (t.Find("split_type")) type = Wholes(t, "split_type", n, 0, 1, where);
  // Categorical splits: node -> its set, from the segments.
  std::vector<std::vector<int32_t>> sets(n);
  if (t.Find("categories_nodes")) {
    const auto nodes = Wholes(t, "categories_nodes", SIZE_MAX, 0, static_cast<int64_t>(n) - 1, where);
    const auto segments = Wholes(t, "categories_segments", nodes.size(), 0, INT64_MAX, where);
    const auto sizes = Wholes(t, "categories_sizes", nodes.size(), 0, INT32_MAX, where);
    const auto cats = Wholes(t, "categories", SIZE_MAX, 0, INT32_MAX, where);
    for (size_t i = 0; i < nodes.size(); ++i) {
      if (segments[i] > static_cast<int64_t>(cats.size()) || sizes[i] > static_cast<int64_t>(cats.size()) - segments[i])
        Corrupt(where + "'s category segment " + std::to_string(i) + " runs past its categories");
      auto& set = sets[static_cast<size_t>(nodes[i])];
      set.assign(cats.begin() + segments[i], cats.begin() + segments[i] + sizes[i]);
      std::sort(set.begin(), set.end());
      set.erase(std::unique(set.begin(), set.end()), set.end());
    }
  }
  Tree tree;
  std::vector<size_t> order = {0};  // old index of each new node
  std::vector<char> seen(n, 0);
  seen[0] = 1;
  for (size_t j = 0; j < order.size(); ++j) {
    const size_t i = order[j];
    TreeNode node;
    node.gain = static_cast<float>(gain[i]);
    node.cover = static_cast<float>(hess[i]);
    if ((left[i] < 0) != (right[i] < 0)) Corrupt(where + "'s node " + std::to_string(i) + " has one child");
    if (left[i] < 0) {
      if (!std::isfinite(cond[i])) Corrupt(where + "'s leaf " + std::to_string(i) + " has no value");
      node.value = static_cast<float>(cond[i]);
      tree.nodes.push_back(node);
      continue;
    }
    for (int64_t child : {left[i], right[i]}) {
      if (seen[static_cast<size_t>(child)]) Corrupt(where + "'s node " + std::to_string(child) + " is reached twice");
      seen[static_cast<size_t>(child)] = 1;
    }
    if (feature[i] >= static_cast<int64_t>(num_features))
      Corrupt(where + "'s node " + std::to_string(i) + " splits on feature " + std::to_string(feature[i]) + " of " + std::to_string(num_features));
    node.left = static_cast<int>(order.size());
    order.push_back(static_cast<size_t>(left[i]));
    order.push_back(static_cast<size_t>(right[i]));
    node.feature = static_cast<int>(feature[i]);
    node.default_left = default_left[i] != 0;
    if (type[i] == 1) {
      if (features[static_cast<size_t>(feature[i])].type != ColumnType::kCategorical)
        Corrupt(where + "'s node " + std::to_string(i) + " is a categorical split on a numeric feature");
      node.categorical = 1;
      tree.SetCategories(node, sets[i]);
    } else {
      if (!std::isfinite(cond[i])) Corrupt(where + "'s node " + std::to_string(i) + " has no threshold");
      node.threshold = static_cast<float>(cond[i]);
    }
    tree.nodes.push_back(node);
  }
  return tree;
}

std::vector<std::string> StringsFromAttribute(const json::Value* attributes, const char* key, const std::string& what) {
  const json::Value* v = attributes ? attributes->Find(key) : nullptr;
  if (!v || !v->IsString()) return {};
  json::Value arr;
  try {
    arr = json::Parse(v->string);
  } catch (const std::invalid_argument&) {
    Corrupt("its attribute " + std::string(key) + " is not JSON");
  }
  std::vector<std::string> out;
  if (!arr.IsArray()) Corrupt(what + " is not a list");
  for (const auto& s : arr.array) {
    if (!s.IsString()) Corrupt(what + " holds something that is not a name");
    out.push_back(s.string);
  }
  return out;
}

}  // namespace

Model ModelFromXGBoostJson(const json::Value& doc, size_t file_bytes) {
  const json::Value& learner = Field(doc, "learner", json::Value::Kind::kObject, "the file");
  const json::Value& booster = Field(learner, "gradient_booster", json::Value::Kind::kObject, "the learner");
  const std::string name = Field(booster, "name", json::Value::Kind::kString, "the booster").string;
  if (name == "gblinear") Unsupported("it is a linear booster (gblinear); this engine reads tree boosters");
  if (name != "gbtree" && name != "dart") Unsupported("its booster is '" + name + "'; this engine reads gbtree and dart boosters");
  // A DART booster is a gbtree whose trees each carry a weight (weight_drop):
  // XGBoost predicts the weighted sum, so the weights go into the leaves.
  const bool dart = name == "dart";
  const json::Value& inner = dart ? Field(booster, "gbtree", json::Value::Kind::kObject, "the dart booster") : booster;
  const json::Value* weight_drop = dart ? &Field(booster, "weight_drop", json::Value::Kind::kArray, "the dart booster") : nullptr;
  const json::Value& gbm = Field(inner, "model", json::Value::Kind::kObject, "the booster");
  const json::Value& mp = Field(learner, "learner_model_param", json::Value::Kind::kObject, "the learner");
  const json::Value& obj = Field(learner, "objective", json::Value::Kind::kObject, "the learner");
  std::string objective = Field(obj, "name", json::Value::Kind::kString, "the objective").string;
  if (objective == "reg:linear") objective = "reg:squarederror";
  static const char* const kKnown[] = {"reg:squarederror", "reg:absoluteerror", "reg:quantileerror", "reg:pseudohubererror", "count:poisson",
                                       "reg:gamma", "reg:tweedie", "binary:logistic", "multi:softprob", "multi:softmax", "rank:pairwise", "rank:ndcg"};
  if (std::find(std::begin(kKnown), std::end(kKnown), objective) == std::end(kKnown))
    Unsupported("its objective '" + objective + "' is not one this engine has (it has reg:squarederror, reg:absoluteerror, reg:quantileerror, "
                "reg:pseudohubererror, count:poisson, reg:gamma, reg:tweedie, binary:logistic, multi:softprob, multi:softmax, rank:pairwise and rank:ndcg)");
  const size_t num_features = static_cast<size_t>(WholeString(Field(mp, "num_feature", json::Value::Kind::kString, "learner_model_param"), 1, 1 << 24, "num_feature"));
  const int64_t num_class = mp.Find("num_class") ? WholeString(*mp.Find("num_class"), 0, 65536, "num_class") : 0;
  const int64_t num_target = mp.Find("num_target") ? WholeString(*mp.Find("num_target"), 1, 65536, "num_target") : 1;
  const json::Value* attributes = learner.Find("attributes");
  // A random forest's class shares, as BoostLab exports them: a squared-error
  // regression on each class's 0/1 column (one target per class, or one target
  // for two classes), its class names in an attribute. They come back as the
  // forest they were, its probabilities clamped as before.
  const std::vector<std::string> named_classes = StringsFromAttribute(attributes, "boostlab_classes", "its class names");
  const bool forest = objective == "reg:squarederror" && named_classes.size() >= 2 &&
                      (named_classes.size() == 2 ? num_target == 1 : num_target == static_cast<int64_t>(named_classes.size()));
  // Several quantiles of one target are several targets to XGBoost: an output each here.
  const bool quantiles = objective == "reg:quantileerror";
  if (num_target > 1 && !forest && !quantiles)
    Unsupported("it predicts several targets (num_target > 1); this engine reads models of one target, of classes, or of several quantiles");
  if (forest) objective = named_classes.size() == 2 ? "binary:forest" : "multi:forest";
  const bool multi = objective.rfind("multi:", 0) == 0;
  if (multi && !forest && num_class < 2) Corrupt("its objective is " + objective + " but num_class is " + std::to_string(num_class));
  const int K = forest || quantiles ? static_cast<int>(num_target) : multi ? static_cast<int>(num_class) : 1;

  Model m;
  m.base_margin.clear();
  m.objective = objective;
  m.num_outputs = K;
  m.params.objective = forest ? "" : objective;  // (a forest's objective follows from its task, as when trained)
  if (forest) m.params.algorithm = "random_forest";
  if (multi) m.params.num_class = K;
  if (objective == "reg:pseudohubererror")
    if (const json::Value* p = obj.Find("pseudo_huber_param"); p && p->Find("huber_slope")) m.params.huber_slope = NumberString(*p->Find("huber_slope"), "huber_slope");
  if (objective == "reg:quantileerror")
    if (const json::Value* p = obj.Find("quantile_loss_param"); p && p->Find("quantile_alpha")) {
      // "[8E-1]" or "[1E-1,5E-1,9E-1]" (XGBoost 3), or "0.8": one alpha a target.
      const json::Value& a = *p->Find("quantile_alpha");
      if (!a.IsString()) Corrupt("its quantile_alpha is not a string");
      std::string text = a.string;
      if (text.size() >= 2 && text.front() == '[' && text.back() == ']') text = text.substr(1, text.size() - 2);
      m.params.quantile_alpha.clear();
      for (size_t at = 0; at <= text.size() && m.params.quantile_alpha.size() <= static_cast<size_t>(K);) {
        const size_t comma = std::min(text.find(',', at), text.size());
        json::Value one;
        one.kind = json::Value::Kind::kString;
        one.string = text.substr(at, comma - at);
        const double alpha = NumberString(one, "quantile_alpha");
        if (!(alpha > 0 && alpha < 1)) Corrupt("its quantile_alpha holds a number not between 0 and 1");
        m.params.quantile_alpha.push_back(alpha);
        at = comma + 1;
      }
      if (m.params.quantile_alpha.size() != static_cast<size_t>(K))
        Corrupt("its quantile_alpha gives " + std::to_string(m.params.quantile_alpha.size()) + " quantiles for " + std::to_string(K) + " targets");
    }
  if (objective == "binary:logistic")
    if (const json::Value* p = obj.Find("reg_loss_param"); p && p->Find("scale_pos_weight")) {
      m.params.scale_pos_weight = NumberString(*p->Find("scale_pos_weight"), "scale_pos_weight");
      if (!(m.params.scale_pos_weight > 0) || !std::isfinite(m.params.scale_pos_weight)) Corrupt("its scale_pos_weight is not a positive number");
    }
  if (objective == "reg:tweedie")
    if (const json::Value* p = obj.Find("tweedie_regression_param"); p && p->Find("tweedie_variance_power")) {
      m.params.tweedie_variance_power = NumberString(*p->Find("tweedie_variance_power"), "tweedie_variance_power");
      if (!(m.params.tweedie_variance_power >= 1 && m.params.tweedie_variance_power < 2)) Corrupt("its tweedie_variance_power is not in [1, 2)");
    }
  if (objective == "count:poisson")
    if (const json::Value* p = obj.Find("poisson_regression_param"); p && p->Find("max_delta_step"))
      m.params.max_delta_step = NumberString(*p->Find("max_delta_step"), "max_delta_step");
  // base_score through the objective's inverse link (XGBoost 1.7 to 3.x read
  // multiclass's as a margin). 1.7 writes one number; 3.x a list, one per class.
  std::vector<double> scores = {0.5};
  if (const json::Value* b = mp.Find("base_score")) {
    if (!b->IsString()) Corrupt("its base_score is not a string");
    std::string text = b->string;
    if (!text.empty() && text.front() == '[' && text.back() == ']') text = text.substr(1, text.size() - 2);
    scores.clear();
    for (size_t at = 0; at <= text.size();) {
      const size_t comma = std::min(text.find(',', at), text.size());
      json::Value one;
      one.kind = json::Value::Kind::kString;
      one.string = text.substr(at, comma - at);
      scores.push_back(NumberString(one, "base_score"));
      at = comma + 1;
    }
    if (scores.size() != 1 && scores.size() != static_cast<size_t>(K))
      Corrupt("its base_score has " + std::to_string(scores.size()) + " values for " + std::to_string(K) + " outputs");
  }
  for (int k = 0; k < K; ++k) {
    const double score = scores[scores.size() == 1 ? 0 : static_cast<size_t>(k)];
    double margin = score;
    if (objective == "binary:logistic") {
      if (!(score > 0 && score < 1)) Corrupt("its base_score " + ShortestFloat(static_cast<float>(score)) + " is not a probability");
      margin = std::log(score / (1 - score));
    } else if (objective == "count:poisson" || objective == "reg:gamma" || objective == "reg:tweedie") {
      if (!(score > 0)) Corrupt("its base_score " + ShortestFloat(static_cast<float>(score)) + " is not above 0");
      margin = std::log(score);
    }
    // Named here, in XGBoost's terms: past a float it failed later as "a base_margin value is 1e+50".
    if (!(std::abs(margin) <= std::numeric_limits<float>::max()))
      Corrupt("its base_score " + json::Describe(*mp.Find("base_score")) + " is beyond what a float holds");
    m.base_margin.push_back(margin);
  }
  m.base_margin.resize(static_cast<size_t>(K));

  // Features: names (f0, f1, ... when XGBoost had none) and types; a
  // categorical one needs its levels' names, which only BoostLab's export writes.
  std::vector<std::string> names, types;
  if (const json::Value* fn = learner.Find("feature_names"); fn && fn->IsArray())
    for (const auto& v : fn->array) names.push_back(v.IsString() ? v.string : "");
  if (const json::Value* ft = learner.Find("feature_types"); ft && ft->IsArray())
    for (const auto& v : ft->array) types.push_back(v.IsString() ? v.string : "");
  if ((!names.empty() && names.size() != num_features) || (!types.empty() && types.size() != num_features))
    Corrupt("it names " + std::to_string(names.size()) + " features for num_feature " + std::to_string(num_features));
  // Each feature becomes a name and a record here (f0, f1, ... without
  // names): features the file does not name cost it nothing, so their count is
  // bounded by its size (a 517-byte file asked for 16 million, 2.8 GB).
  const size_t most_unnamed = std::max<size_t>(kUnnamedFeaturesAlways, file_bytes * kUnnamedFeaturesPerByte);
  if (names.empty() && num_features > most_unnamed)
    Corrupt("its num_feature is " + std::to_string(num_features) + " with no feature names, more than a file of " +
            std::to_string(file_bytes) + " bytes can describe (at most " + std::to_string(most_unnamed) + ")");
  json::Value levels;
  if (const json::Value* l = attributes ? attributes->Find("boostlab_levels") : nullptr; l && l->IsString()) {
    try {
      levels = json::Parse(l->string);
    } catch (const std::invalid_argument&) {
      Corrupt("its attribute boostlab_levels is not JSON");
    }
  }
  // XGBoost 3.x keeps the names it was trained with: per feature, UTF-8
  // bytes cut at offsets (codes index this list).
  const json::Value* enc = nullptr;
  if (const json::Value* cats = gbm.Find("cats"); cats && cats->IsObject()) {
    enc = cats->Find("enc");
    // Empty when XGBoost never saw the names (a 1.7 file it loaded and saved again).
    if (enc && enc->IsArray() && enc->array.empty()) enc = nullptr;
    if (enc && (!enc->IsArray() || enc->array.size() != num_features)) Corrupt("its cats.enc does not have num_feature entries");
  }
  // XGBoost 3.1 to 3.3 cut a pandas frame's names at character counts where
  // it meant bytes (fixed in 3.4, dmlc/xgboost#12371): a name past ASCII in
  // their files is not the name trained on, and every later one is shifted.
  // Read as they are, such names would match no cell of a CSV: refused.
  bool names_cut_by_characters = false;
  if (const json::Value* v = doc.Find("version"); v && v->IsArray() && v->array.size() >= 2 && v->array[0].IsNumber() && v->array[1].IsNumber())
    names_cut_by_characters = v->array[0].number == 3 && v->array[1].number >= 1 && v->array[1].number <= 3;
  const auto names_from_xgboost = [&](size_t f) {
    std::vector<std::string> out;
    if (!enc) return out;
    const std::string where = "cats.enc[" + std::to_string(f) + "]";
    const json::Value& e = enc->array[f];
    if (!e.IsObject()) Corrupt(where + " is not an object");
    const auto offsets = Wholes(e, "offsets", SIZE_MAX, 0, INT32_MAX, where);
    // Bytes: XGBoost writes them as int8 (a UTF-8 name past ASCII is negative there).
    const auto bytes = Wholes(e, "values", SIZE_MAX, -128, 255, where);
    if (names_cut_by_characters && std::any_of(bytes.begin(), bytes.end(), [](int64_t b) { return b < 0 || b > 127; }))
      Unsupported("XGBoost 3.1 to 3.3 saved the category names of feature " + std::to_string(f + 1) +
                  " cut in the wrong places (names past ASCII; fixed in XGBoost 3.4), so they cannot be matched to a CSV's cells. "
                  "Train the model with XGBoost 3.4 or later, or with category names in ASCII");
    for (size_t i = 0; i + 1 < offsets.size(); ++i) {
      if (offsets[i] > offsets[i + 1] || offsets[i + 1] > static_cast<int64_t>(bytes.size())) Corrupt(where + "'s offsets run past its values");
      std::string name;
      for (int64_t b = offsets[i]; b < offsets[i + 1]; ++b) name += static_cast<char>(bytes[static_cast<size_t>(b)]);
      out.push_back(std::move(name));
    }
    return out;
  };
  for (size_t f = 0; f < num_features; ++f) {
    FeatureInfo info;
    info.name = names.empty() || names[f].empty() ? "f" + std::to_string(f) : names[f];
    if (!types.empty() && types[f] == "c") {
      info.type = ColumnType::kCategorical;
      info.levels = names_from_xgboost(f);
      if (!info.levels.empty()) {
        m.features.push_back(std::move(info));
        continue;
      }
      const json::Value* these = levels.Find(info.name);
      if (!these || !these->IsArray())
        Unsupported("the file does not name the categories of '" + info.name + "' (XGBoost before 3.0 keeps their codes only), "
                    "and this engine matches categories by name; models exported by BoostLab, or saved by XGBoost 3, carry the names");
      for (const auto& v : these->array) {
        if (!v.IsString()) Corrupt("the levels of '" + info.name + "' hold something that is not a name");
        info.levels.push_back(v.string);
      }
    }
    m.features.push_back(std::move(info));
  }
  if (attributes)
    if (const json::Value* t = attributes->Find("boostlab_target"); t && t->IsString()) m.target = t->string;
  // Class names where XGBoost has classes (an exported forest is a regression on class shares there).
  if (objective == "binary:logistic" || multi || forest) m.classes = named_classes;
  if (m.classes.size() != (multi ? static_cast<size_t>(K) : 2)) m.classes.clear();
  if (m.classes.empty() && objective == "binary:logistic") m.classes = {"0", "1"};
  if (m.classes.empty() && multi)
    for (int k = 0; k < K; ++k) m.classes.push_back(std::to_string(k));

  const json::Value& trees = Field(gbm, "trees", json::Value::Kind::kArray, "the booster's model");
  const json::Value& info = Field(gbm, "tree_info", json::Value::Kind::kArray, "the booster's model");
  if (info.array.size() != trees.array.size()) Corrupt("its tree_info has " + std::to_string(info.array.size()) + " entries for " + std::to_string(trees.array.size()) + " trees");
  const json::Value* param = gbm.Find("gbtree_model_param");
  // XGBoost checks its trees against this count when it loads the file; so do we.
  if (const json::Value* count = param ? param->Find("num_trees") : nullptr;
      count && WholeString(*count, 0, INT64_MAX, "num_trees") != static_cast<int64_t>(trees.array.size()))
    Corrupt("its num_trees is " + json::Describe(*count) + " but it holds " + std::to_string(trees.array.size()) + " trees");
  const int64_t parallel = param && param->Find("num_parallel_tree") ? WholeString(*param->Find("num_parallel_tree"), 1, 65536, "num_parallel_tree") : 1;
  if (parallel > 1 && K > 1) Unsupported("it grows " + std::to_string(parallel) + " parallel trees per class and round; this engine reads one tree per class and round");
  for (size_t t = 0; t < trees.array.size(); ++t) {
    const int64_t group = json::WholeNumber(info.array[t], 0, K - 1, "MODEL_CORRUPT", "tree_info value");
    if (group != static_cast<int64_t>(t % static_cast<size_t>(K)))
      Unsupported("its trees are not in rounds of one tree per class (tree " + std::to_string(t) + " is for class " + std::to_string(group) + ")");
    m.trees.push_back(ReadTree(trees.array[t], t, num_features, m.features));
  }
  if (m.trees.size() % static_cast<size_t>(K)) Corrupt("its " + std::to_string(m.trees.size()) + " trees are not whole rounds of " + std::to_string(K));
  if (weight_drop) {
    if (weight_drop->array.size() != m.trees.size())
      Corrupt("its dart weight_drop has " + std::to_string(weight_drop->array.size()) + " weights for " + std::to_string(m.trees.size()) + " trees");
    for (size_t t = 0; t < m.trees.size(); ++t) {
      const json::Value& w = weight_drop->array[t];
      if (!w.IsNumber() || !std::isfinite(w.number) || w.number < 0 || w.number > 1e6)
        Corrupt("its dart weight_drop[" + std::to_string(t) + "] is not a weight from 0 to 1e6");
      for (TreeNode& node : m.trees[t].nodes)
        if (node.IsLeaf()) node.value = static_cast<float>(node.value * w.number);
      for (float& v : m.trees[t].leaf_values) v = static_cast<float>(v * w.number);
    }
    m.params.booster = "dart";
  }
  return m;  // Model::FromJson checks it once more, with our own reader
}

}  // namespace boostlab
