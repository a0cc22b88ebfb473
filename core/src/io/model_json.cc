// Model <-> JSON. The format is our own ("format": "boostlab-model"); reading
// checks every field so a corrupt or foreign file gets a precise message.

#include <algorithm>  // for is_sorted, sort, adjacent_find, max
#include <cmath>      // for isfinite
#include <cstdint>    // for int32_t, int64_t, INT32_MAX
#include <optional>   // for optional
#include <stdexcept>  // for invalid_argument
#include <string>     // for string
#include <type_traits>  // for is_invocable_v

#include "boostlab/errors.h"
#include "boostlab/model.h"
#include "io/model_reading.h"
#include "io/xgboost_json.h"
#include "objective/objective.h"
#include "util/json.h"
#include "util/ubjson.h"

namespace boostlab {

namespace model_io {
[[noreturn]] void Corrupt(const std::string& what) {
  throw Error("MODEL_CORRUPT", "This is not a usable BoostLab model: " + what + ".");
}
}  // namespace model_io

namespace {

using model_io::Corrupt;

constexpr const char* kFormat = "boostlab-model";

// The largest JSON model file read (BOOSTLAB_MAX_MODEL_MB, per build: wasm's
// heap is 4 GB at most, shared with the data), and how many times its size
// reading one takes, rounded up. The compact file (model_binary.cc) is read
// straight into the model: only its JSON header has this limit.
#ifndef BOOSTLAB_MAX_MODEL_MB
#define BOOSTLAB_MAX_MODEL_MB 512
#endif
constexpr size_t kMaxModelBytes = size_t{BOOSTLAB_MAX_MODEL_MB} << 20;
constexpr int kModelBytesFactor = 40;
#ifdef __EMSCRIPTEN__
constexpr const char* kMemoryNote = "the WebAssembly heap holds 4 GB with the data; save big models as compact .blm files, which load in that much memory and no more";
#else
constexpr const char* kMemoryNote = "this limit keeps that within 20 GB; compact .blm files have no such limit";
#endif
constexpr int kVersion = 1;

const json::Value& Need(const json::Value& obj, const char* key, json::Value::Kind kind, const std::string& where) {
  const json::Value* v = obj.Find(key);
  if (!v) Corrupt(where + " has no '" + key + "'");
  if (v->kind != kind) Corrupt(where + "'s '" + key + "' has the wrong type");
  return *v;
}

std::vector<std::string> Strings(const json::Value& arr, const std::string& where) {
  std::vector<std::string> out;
  for (const auto& v : arr.array) {
    if (!v.IsString()) Corrupt(where + " must hold strings");
    out.push_back(v.string);
  }
  return out;
}

// One tree as JSON columns: node i's left, right, feature, ... at index i.
void AppendTree(std::string& out, const Tree& tree) {
  const auto& n = tree.nodes;
  out += '{';
  json::AppendArray(out, "left", n, [](std::string& o, const TreeNode& x) { o += std::to_string(x.left); });
  out += ',';
  json::AppendArray(out, "right", n, [](std::string& o, const TreeNode& x) { o += std::to_string(x.IsLeaf() ? -1 : x.Right()); });
  out += ',';
  json::AppendArray(out, "feature", n, [](std::string& o, const TreeNode& x) { o += std::to_string(x.feature); });
  out += ',';
  json::AppendArray(out, "threshold", n, [](std::string& o, const TreeNode& x) { json::AppendFloat(o, x.categorical ? 0.0f : x.threshold); });
  out += ',';
  json::AppendArray(out, "default_left", n, [](std::string& o, const TreeNode& x) { o += x.default_left ? '1' : '0'; });
  out += ',';
  json::AppendArray(out, "value", n, [](std::string& o, const TreeNode& x) { json::AppendFloat(o, x.value); });
  out += ',';
  json::AppendArray(out, "gain", n, [](std::string& o, const TreeNode& x) { json::AppendFloat(o, x.gain); });
  out += ',';
  json::AppendArray(out, "cover", n, [](std::string& o, const TreeNode& x) { json::AppendFloat(o, x.cover); });
  out += ',';
  // Category sets only for categorical splits: [] elsewhere.
  json::AppendArray(out, "categories", n, [&](std::string& o, const TreeNode& x) {
    o += x.categorical ? "[" : "null";
    if (!x.categorical) return;
    const std::span<const int32_t> set = tree.CategoriesOf(x);
    for (size_t i = 0; i < set.size(); ++i) {
      if (i) o += ',';
      o += std::to_string(set[i]);
    }
    o += ']';
  });
  auto floats = [](std::string& o, float v) { json::AppendFloat(o, v); };
  if (!tree.sum_grad.empty()) {  // boosted trees: G per node
    out += ',';
    json::AppendArray(out, "sum_grad", tree.sum_grad, floats);
  }
  if (!tree.leaf_values.empty()) {  // multi-output: K values per node, flat
    out += ',';
    json::AppendArray(out, "leaf_values", tree.leaf_values, floats);
  }
  out += '}';
}

}  // namespace

// Everything but the trees (the part the page needs for every tree it shows).
std::string Model::SummaryJson() const {
  std::string out = "{\"format\":\"";
  out += kFormat;
  out += "\",\"version\":" + std::to_string(kVersion) + ",\"objective\":";
  json::AppendString(out, objective);
  out += ",\"num_outputs\":" + std::to_string(num_outputs);
  out += ",\"best_iteration\":" + std::to_string(best_iteration);
  out += ",\"average_trees\":";
  out += average_trees ? "true" : "false";
  if (median_trees) {
    out += ",\"median_trees\":true,\"tree_weights\":[";
    for (size_t t = 0; t < tree_weights.size(); ++t) {
      if (t) out += ',';
      json::AppendNumber(out, tree_weights[t]);
    }
    out += ']';
  }
  out += ",\"base_margin\":[";
  for (size_t k = 0; k < base_margin.size(); ++k) {
    if (k) out += ',';
    json::AppendNumber(out, base_margin[k]);
  }
  out += ']';
  out += ",\"target\":";
  json::AppendString(out, target);
  out += ",\"classes\":";
  json::AppendStrings(out, classes);
  out += ",\"params\":" + ParamsToJson(params);
  out += ",\"features\":[";
  for (size_t i = 0; i < features.size(); ++i) {
    if (i) out += ',';
    out += "{\"name\":";
    json::AppendString(out, features[i].name);
    out += ",\"type\":";
    out += features[i].type == ColumnType::kNumeric ? "\"numeric\"" : "\"categorical\"";
    if (features[i].type == ColumnType::kCategorical) {
      out += ",\"levels\":";
      json::AppendStrings(out, features[i].levels);
    }
    out += '}';
  }
  out += "],\"num_trees\":" + std::to_string(trees.size());
  out += ",\"trees_per_round\":" + std::to_string(TreesPerRound());
  return out + '}';
}

std::string Model::TreeJson(size_t t) const {
  if (t >= trees.size())
    throw Error("BAD_ARGUMENT", "Tree " + std::to_string(t) + " does not exist; the model has " + std::to_string(trees.size()) + ".");
  std::string out;
  AppendTree(out, trees[t]);
  return out;
}

std::string Model::ToJson() const {
  std::string out = SummaryJson();
  out.pop_back();  // the closing brace: the trees come last
  out += ",\"trees\":[";
  for (size_t t = 0; t < trees.size(); ++t) {
    if (t) out += ',';
    AppendTree(out, trees[t]);
  }
  return out + "]}";
}

namespace {

// How deep a loaded tree may be: prediction walks it one node a level, and
// no tree this engine grows comes near (max_depth is at most 64; a forest's
// unlimited trees stop at pure leaves, a few dozen levels on a million rows).
constexpr int64_t kMaxTreeDepth = 1 << 16;

// Whole numbers from the file, each checked before it is converted. field:
// the value's name for the message, or a callable making it (a tree's cells
// are millions: their names are built only for a message).
template <typename Field>
std::string NameOf(const Field& field) {
  if constexpr (std::is_invocable_v<const Field&>) return field();
  else return field;
}

template <typename Field>
int64_t Whole(const json::Value& v, int64_t lo, int64_t hi, const Field& field) {
  if (const std::optional<int64_t> whole = json::ToWholeNumber(v, lo, hi)) return *whole;
  Corrupt(NameOf(field) + " is " + json::Describe(v) + ", not a whole number from " + std::to_string(lo) + " to " + std::to_string(hi));
}

// A number that must be finite once stored as a float.
template <typename Field>
float FiniteFloat(const json::Value& v, const Field& field) {
  if (!v.IsNumber() || !std::isfinite(static_cast<float>(v.number)))
    Corrupt(NameOf(field) + " is " + json::Describe(v) + ", not a finite number");
  return static_cast<float>(v.number);
}

}  // namespace

// Checks that the nodes form one tree: children stored after their parent
// (so every walk ends) and beside each other (TreeNode::Right), every node
// but the root the child of exactly one node (so all are reachable from
// the root), and no deeper than kMaxTreeDepth.
void model_io::CheckShape(const std::vector<int64_t>& left, const std::vector<int64_t>& right, const std::string& where) {
  const size_t n = left.size();
  std::vector<int32_t> parents(n, 0), depth(n, 0);
  for (size_t i = 0; i < n; ++i) {
    // Built only for a message: a string a node would cost more than the check.
    auto at = [&] { return where + " node " + std::to_string(i); };
    if (left[i] < 0) {
      if (right[i] >= 0) Corrupt(at() + " has a right child (" + std::to_string(right[i]) + ") but no left child");
      continue;
    }
    // 64-bit arithmetic throughout: left + 1 cannot wrap.
    if (left[i] <= static_cast<int64_t>(i) || left[i] + 1 >= static_cast<int64_t>(n))
      Corrupt(at() + " points at a child outside the tree (" + std::to_string(left[i]) + "; children come after their parent, "
              "and there are " + std::to_string(n) + " nodes)");
    if (right[i] != left[i] + 1)
      Corrupt(at() + "'s right child is " + std::to_string(right[i]) + ", not the node after its left child (" +
              std::to_string(left[i] + 1) + ")");
    for (int64_t child : {left[i], right[i]}) {
      if (++parents[child] > 1) Corrupt(where + " node " + std::to_string(child) + " is the child of more than one node");
      depth[child] = depth[i] + 1;
      if (depth[child] > kMaxTreeDepth) Corrupt(where + " is deeper than " + std::to_string(kMaxTreeDepth) + " levels");
    }
  }
  for (size_t i = 1; i < n; ++i)
    if (parents[i] == 0) Corrupt(where + " node " + std::to_string(i) + " is not reached from the root");
}

namespace {

// The classes a model's outputs stand for: none for a regression, two for
// one binary output, K for K outputs of a multi: objective.
void CheckOutputs(const Model& m) {
  const std::string& o = m.objective;
  const size_t classes = m.classes.size();
  const size_t K = static_cast<size_t>(m.num_outputs);
  const bool ok = o.rfind("multi:", 0) == 0    ? classes == K && K >= 2
                  : o.rfind("binary:", 0) == 0 ? classes == 2 && K == 1
                  : o == "reg:quantileerror"   ? classes == 0 && K == m.params.quantile_alpha.size()  // an output per quantile
                                                : classes == 0 && K == 1;
  if (!ok)
    Corrupt("its objective " + o + " with num_outputs " + std::to_string(K) + " does not fit its " + std::to_string(classes) +
            " classes" + (o == "reg:quantileerror" ? " and " + std::to_string(m.params.quantile_alpha.size()) + " quantile_alpha" : ""));
}

// Our own document, read into a model with every check.
Model FromDocument(const json::Value& doc);

// The file as a document, from JSON text. XGBoost writes a bare NaN (a
// categorical split's condition): its files are read with them.
json::Value ParseText(std::string_view text) {
  try {
    return json::Parse(text);
  } catch (const std::invalid_argument& e) {
    if (text.find("\"learner\"") != std::string_view::npos) {
      try {
        return json::Parse(text, true);
      } catch (const std::invalid_argument&) {
      }
    }
    throw Error("MODEL_CORRUPT", std::string("The model file is not valid JSON (") + e.what() + ").");
  }
}

// The same from UBJSON (XGBoost's .ubj).
json::Value ParseUbj(std::string_view bytes) {
  try {
    return ubjson::Parse(bytes);
  } catch (const std::invalid_argument& e) {
    throw Error("MODEL_CORRUPT", std::string("The model file is not valid UBJSON (") + e.what() + ").");
  }
}

}  // namespace

void model_io::CheckJsonSize(size_t bytes, const std::string& what) {
  // Reading takes 25-35 times the text's size while the whole document is a
  // tree of json::Values (a 15.8 MB forest grew the wasm heap by 507 MB):
  // past the limit, say so before the heap runs out.
  if (bytes > kMaxModelBytes)
    throw Error("MODEL_TOO_LARGE", what + " is " + std::to_string(bytes >> 20) + " MB; this build reads model JSON of up to " +
                                       std::to_string(kMaxModelBytes >> 20) + " MB (reading JSON takes about " +
                                       std::to_string(kModelBytesFactor) + " times its size in memory, and " + kMemoryNote + ").");
}

void Model::CheckJsonSize(size_t bytes) { model_io::CheckJsonSize(bytes, "The model file"); }

Model Model::FromJson(std::string_view text) {
  // A byte order mark, as editors on Windows save UTF-8 (the bytes load as a
  // file; the same text given as a string had been refused).
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  model_io::CheckJsonSize(text.size(), "The model file");
  json::Value doc = ubjson::Looks(text) ? ParseUbj(text) : ParseText(text);
  if (!doc.Find("learner") || doc.Find("format")) return FromDocument(doc);
  // XGBoost's file, read into our model and checked once more by our own
  // reader (categories against levels, tree shapes). Its size was checked
  // on the file: what it asks for is bounded by what it holds
  // (ModelFromXGBoostJson), so the text made from it is not checked again,
  // and the file's document goes before that text is read.
  std::string own = ModelFromXGBoostJson(doc, text.size()).ToJson();
  doc = json::Value{};
  return FromDocument(json::Parse(own));
}

namespace {

Model FromDocument(const json::Value& doc) {
  int64_t best_iteration = -1;
  Model m = model_io::ReadHeader(doc, best_iteration);
  const json::Value& trees = Need(doc, "trees", json::Value::Kind::kArray, "the model");
  // The count this writer puts beside the trees: a file that lost trees (cut,
  // or edited) says so here instead of predicting with the rest.
  if (const json::Value* count = doc.Find("num_trees");
      count && static_cast<size_t>(Whole(*count, 0, INT64_MAX, [] { return std::string("its num_trees"); })) != trees.array.size())
    Corrupt("its num_trees is " + json::Describe(*count) + " but it holds " + std::to_string(trees.array.size()) + " trees");
  for (size_t t = 0; t < trees.array.size(); ++t) {
    const json::Value& tj = trees.array[t];
    const std::string where = "tree " + std::to_string(t);
    if (!tj.IsObject()) Corrupt(where + " is not an object");
    const char* keys[] = {"left", "right", "feature", "threshold", "default_left", "value", "gain", "cover", "categories"};
    const size_t n = Need(tj, "left", json::Value::Kind::kArray, where).array.size();
    if (n == 0) Corrupt(where + " has no nodes");
    // TreeNode::left is an int: a tree of 2^31 nodes (48 GB) cannot come.
    if (n > static_cast<size_t>(INT32_MAX)) Corrupt(where + " has more nodes than a tree can hold");
    for (const char* k : keys)
      if (Need(tj, k, json::Value::Kind::kArray, where).array.size() != n)
        Corrupt(where + "'s '" + k + "' has a different length from 'left'");
    auto cell = [&](const char* key, size_t i) -> const json::Value& { return tj.Find(key)->array[i]; };
    // A cell's name, made only for a message.
    auto field = [&](const char* key, size_t i) { return [&where, key, i] { return where + "'s '" + key + "'[" + std::to_string(i) + "]"; }; };
    // Child indices as 64-bit numbers: the shape is checked before any is stored.
    std::vector<int64_t> left(n), right(n);
    for (size_t i = 0; i < n; ++i) {
      left[i] = Whole(cell("left", i), -1, INT32_MAX, field("left", i));
      right[i] = Whole(cell("right", i), -1, INT32_MAX, field("right", i));
    }
    model_io::CheckShape(left, right, where);
    Tree tree;
    tree.nodes.resize(n);
    for (size_t i = 0; i < n; ++i) {
      TreeNode& node = tree.nodes[i];
      auto at = [&] { return where + " node " + std::to_string(i); };  // for messages only
      node.left = static_cast<int>(left[i]);
      node.default_left = Whole(cell("default_left", i), 0, 1, field("default_left", i)) != 0;
      node.value = FiniteFloat(cell("value", i), field("value", i));
      node.gain = FiniteFloat(cell("gain", i), field("gain", i));
      node.cover = FiniteFloat(cell("cover", i), field("cover", i));
      const json::Value& cats = cell("categories", i);
      if (node.IsLeaf()) {
        if (!cats.IsArray() && cats.kind != json::Value::Kind::kNull) Corrupt(field("categories", i)() + " is not null or a set");
        continue;  // a leaf's feature and threshold are not read
      }
      // Checked before it is stored: TreeNode::feature holds 30 bits.
      const int64_t feature = Whole(cell("feature", i), 0, int64_t{1} << 53, field("feature", i));
      const FeatureInfo& info = model_io::SplitFeature(m, feature, at);
      node.feature = static_cast<int>(feature);
      if (cats.IsArray()) {
        model_io::CheckSplitKind(info, true, at);
        node.categorical = true;
        std::vector<int32_t> set;
        set.reserve(cats.array.size());
        const int64_t levels = static_cast<int64_t>(info.levels.size());
        for (size_t c = 0; c < cats.array.size(); ++c)
          set.push_back(static_cast<int32_t>(Whole(cats.array[c], 0, std::max<int64_t>(levels - 1, 0), [&] {
            return at() + "'s category " + std::to_string(c) + " (of " + std::to_string(levels) + " levels)";
          })));
        if (!std::is_sorted(set.begin(), set.end())) Corrupt(at() + "'s categories are not sorted");
        tree.SetCategories(node, set);
      } else if (cats.kind != json::Value::Kind::kNull) {
        Corrupt(field("categories", i)() + " is not null or a set");
      } else {
        model_io::CheckSplitKind(info, false, at);
        node.threshold = FiniteFloat(cell("threshold", i), field("threshold", i));
      }
    }
    if (const json::Value* grads = tj.Find("sum_grad")) {  // optional: older files and forests have none
      if (!grads->IsArray() || grads->array.size() != n) Corrupt(where + "'s sum_grad does not hold one value per node");
      tree.sum_grad.reserve(n);
      for (size_t i = 0; i < n; ++i) tree.sum_grad.push_back(FiniteFloat(grads->array[i], field("sum_grad", i)));
    }
    if (const json::Value* values = tj.Find("leaf_values")) {
      if (!values->IsArray() || values->array.size() != n * m.num_outputs)
        Corrupt(where + "'s leaf_values does not hold num_outputs values per node");
      for (const auto& v : values->array) tree.leaf_values.push_back(FiniteFloat(v, where + "'s leaf_values"));
    }
    if (!m.trees.empty() && tree.leaf_values.empty() != m.trees[0].leaf_values.empty())
      Corrupt(where + " mixes multi-output and single-output trees");
    m.trees.push_back(std::move(tree));
  }
  model_io::Finish(m, best_iteration);
  return m;
}

}  // namespace

namespace model_io {

Model ReadHeader(const json::Value& doc, int64_t& best_iteration) {
  if (!doc.IsObject()) Corrupt("the file is not a JSON object");
  const json::Value* format = doc.Find("format");
  if (!format || !format->IsString() || format->string != kFormat)
    Corrupt("it has no \"format\": \"boostlab-model\" field (is it from another library?)");
  const json::Value& version = Need(doc, "version", json::Value::Kind::kNumber, "the model");
  if (version.number != kVersion)
    Corrupt("its version is " + json::Describe(version) + ", this build reads version " + std::to_string(kVersion));

  Model m;
  m.objective = Need(doc, "objective", json::Value::Kind::kString, "the model").string;
  m.num_outputs = static_cast<int>(Whole(Need(doc, "num_outputs", json::Value::Kind::kNumber, "the model"), 1, 65536, "its num_outputs"));
  best_iteration = Whole(Need(doc, "best_iteration", json::Value::Kind::kNumber, "the model"), -1, INT32_MAX, "its best_iteration");
  const json::Value* average = doc.Find("average_trees");
  m.average_trees = average && average->kind == json::Value::Kind::kBool && average->boolean;
  const json::Value* median = doc.Find("median_trees");
  m.median_trees = median && median->kind == json::Value::Kind::kBool && median->boolean;
  if (m.median_trees) {
    for (const auto& v : Need(doc, "tree_weights", json::Value::Kind::kArray, "the model").array) {
      if (!v.IsNumber() || !(v.number >= 0) || !std::isfinite(v.number)) Corrupt("its tree_weights holds something that is not a weight");
      m.tree_weights.push_back(v.number);
    }
  }
  m.base_margin.clear();
  for (const auto& v : Need(doc, "base_margin", json::Value::Kind::kArray, "the model").array) {
    FiniteFloat(v, "a base_margin value");  // kept as written, added to float margins
    m.base_margin.push_back(v.number);
  }
  if (m.base_margin.size() != static_cast<size_t>(m.num_outputs)) Corrupt("its base_margin does not have num_outputs values");
  m.target = Need(doc, "target", json::Value::Kind::kString, "the model").string;
  m.classes = Strings(Need(doc, "classes", json::Value::Kind::kArray, "the model"), "classes");
  if (const json::Value* p = doc.Find("params")) {
    if (!p->IsObject()) Corrupt("its params are not an object");
    std::string params_text;
    // Re-serialise the object so the one parameter reader validates it.
    params_text = "{";
    bool first = true;
    for (const auto& [k, v] : p->object) {
      if (!first) params_text += ',';
      first = false;
      json::AppendString(params_text, k);
      params_text += ':';
      if (v.IsString()) json::AppendString(params_text, v.string);
      else if (v.IsNumber()) json::AppendNumber(params_text, v.number);
      else if (v.kind == json::Value::Kind::kNull) params_text += "null";  // a parameter left unset (NaN)
      else if (v.IsArray() && std::all_of(v.array.begin(), v.array.end(), [](const json::Value& x) { return x.IsNumber(); })) {
        // A list of numbers (several quantile_alpha); the reader says which parameters take one.
        params_text += '[';
        for (size_t i = 0; i < v.array.size(); ++i) {
          if (i) params_text += ',';
          json::AppendNumber(params_text, v.array[i].number);
        }
        params_text += ']';
      } else Corrupt("its parameter '" + k + "' is " + json::Describe(v) + ", not a string, a number or a list of numbers");
    }
    params_text += '}';
    try {
      m.params = ParseParams(params_text);
    } catch (const Error& e) {
      std::string why = e.what();
      if (!why.empty() && why.back() == '.') why.pop_back();  // (Corrupt ends the sentence)
      Corrupt("its params are invalid: " + why);
    }
  }
  const json::Value& features = Need(doc, "features", json::Value::Kind::kArray, "the model");
  for (size_t i = 0; i < features.array.size(); ++i) {
    const json::Value& f = features.array[i];
    const std::string where = "feature " + std::to_string(i);
    FeatureInfo info;
    info.name = Need(f, "name", json::Value::Kind::kString, where).string;
    const std::string& type = Need(f, "type", json::Value::Kind::kString, where).string;
    if (type == "categorical") {
      info.type = ColumnType::kCategorical;
      info.levels = Strings(Need(f, "levels", json::Value::Kind::kArray, where), where + " levels");
    } else if (type != "numeric") {
      Corrupt(where + " has unknown type '" + type + "'");
    }
    m.features.push_back(std::move(info));
  }
  // Two features of one name: a table's columns are found by name, so the
  // model could not say which of its features a column is.
  std::vector<std::string_view> names;
  for (const FeatureInfo& f : m.features) names.emplace_back(f.name);
  std::sort(names.begin(), names.end());
  if (const auto twice = std::adjacent_find(names.begin(), names.end()); twice != names.end())
    Corrupt("two of its features are named '" + std::string(twice->substr(0, 80)) + "'");
  return m;
}

void Finish(Model& m, int64_t best_iteration) {
  if (m.trees.size() % m.TreesPerRound()) Corrupt("its tree count is not a multiple of num_outputs");
  const int64_t rounds = static_cast<int64_t>(m.trees.size() / m.TreesPerRound());
  // With early stopping the trees end at the best round: it is the last one.
  m.best_iteration = static_cast<int>(best_iteration);
  if (m.best_iteration != -1 && m.best_iteration != rounds - 1)
    Corrupt("its best_iteration is " + std::to_string(best_iteration) + ", but it has " + std::to_string(rounds) + " rounds of trees");
  if (m.median_trees && (m.num_outputs != 1 || m.tree_weights.size() != m.trees.size()))
    Corrupt("its median_trees needs one output and one tree weight per tree");
  // A name this build has no objective of is said as such, before whether the outputs fit the classes
  // (an unknown one was said not to fit a binary model's two classes). Made with at least two outputs, so
  // that a multi: objective's own count check does not stand in for it.
  try {
    MakeObjective(m.objective, m.params, std::max(2, m.num_outputs));
  } catch (const Error& e) {
    if (std::string_view(e.what()).find("unknown objective") != std::string_view::npos) Corrupt("its objective '" + m.objective + "' is unknown");
  }
  CheckOutputs(m);
  // The objective must be one this build can make with these outputs (checked by constructing it).
  try {
    MakeObjective(m.objective, m.params, m.num_outputs);
  } catch (const Error&) {
    Corrupt("its objective '" + m.objective + "' is unknown");
  }
}

}  // namespace model_io
}  // namespace boostlab
