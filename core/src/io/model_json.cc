// Model <-> JSON. The format is our own ("format": "boostlab-model"); reading
// checks every field so a corrupt or foreign file gets a precise message.

#include <algorithm>  // for is_sorted
#include <cmath>      // for isfinite
#include <cstdint>    // for int32_t
#include <stdexcept>  // for invalid_argument
#include <string>     // for string

#include "boostlab/errors.h"
#include "boostlab/model.h"
#include "objective/objective.h"
#include "util/json.h"

namespace boostlab {
namespace {

constexpr const char* kFormat = "boostlab-model";
constexpr int kVersion = 1;

void AppendStrings(std::string& out, const std::vector<std::string>& values) {
  out += '[';
  for (size_t i = 0; i < values.size(); ++i) {
    if (i) out += ',';
    json::AppendString(out, values[i]);
  }
  out += ']';
}

template <typename T, typename Get>
void AppendColumn(std::string& out, const char* key, const std::vector<T>& items, Get get) {
  out += '"';
  out += key;
  out += "\":[";
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out += ',';
    get(out, items[i]);
  }
  out += ']';
}

[[noreturn]] void Corrupt(const std::string& what) {
  throw Error("MODEL_CORRUPT", "This is not a usable BoostLab model: " + what + ".");
}

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
  AppendColumn(out, "left", n, [](std::string& o, const TreeNode& x) { o += std::to_string(x.left); });
  out += ',';
  AppendColumn(out, "right", n, [](std::string& o, const TreeNode& x) { o += std::to_string(x.IsLeaf() ? -1 : x.Right()); });
  out += ',';
  AppendColumn(out, "feature", n, [](std::string& o, const TreeNode& x) { o += std::to_string(x.feature); });
  out += ',';
  AppendColumn(out, "threshold", n, [](std::string& o, const TreeNode& x) { json::AppendFloat(o, x.categorical ? 0.0f : x.threshold); });
  out += ',';
  AppendColumn(out, "default_left", n, [](std::string& o, const TreeNode& x) { o += x.default_left ? '1' : '0'; });
  out += ',';
  AppendColumn(out, "value", n, [](std::string& o, const TreeNode& x) { json::AppendFloat(o, x.value); });
  out += ',';
  AppendColumn(out, "gain", n, [](std::string& o, const TreeNode& x) { json::AppendFloat(o, x.gain); });
  out += ',';
  AppendColumn(out, "cover", n, [](std::string& o, const TreeNode& x) { json::AppendFloat(o, x.cover); });
  out += ',';
  // Category sets only for categorical splits: [] elsewhere.
  AppendColumn(out, "categories", n, [&](std::string& o, const TreeNode& x) {
    o += x.categorical ? "[" : "null";
    if (!x.categorical) return;
    const std::span<const int32_t> set = tree.CategoriesOf(x);
    for (size_t i = 0; i < set.size(); ++i) {
      if (i) o += ',';
      o += std::to_string(set[i]);
    }
    o += ']';
  });
  if (!tree.leaf_values.empty()) {  // multi-output: K values per node, flat
    out += ",\"leaf_values\":[";
    for (size_t i = 0; i < tree.leaf_values.size(); ++i) {
      if (i) out += ',';
      json::AppendFloat(out, tree.leaf_values[i]);
    }
    out += ']';
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
  AppendStrings(out, classes);
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
      AppendStrings(out, features[i].levels);
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

Model Model::FromJson(std::string_view text) {
  json::Value doc;
  try {
    doc = json::Parse(text);
  } catch (const std::invalid_argument& e) {
    throw Error("MODEL_CORRUPT", std::string("The model file is not valid JSON (") + e.what() + ").");
  }
  if (!doc.IsObject()) Corrupt("the file is not a JSON object");
  const json::Value* format = doc.Find("format");
  if (!format || !format->IsString() || format->string != kFormat)
    Corrupt("it has no \"format\": \"boostlab-model\" field (is it from another library?)");
  const json::Value& version = Need(doc, "version", json::Value::Kind::kNumber, "the model");
  if (version.number != kVersion)
    Corrupt("its version is " + std::to_string(static_cast<int>(version.number)) + ", this build reads version " +
            std::to_string(kVersion));

  Model m;
  m.objective = Need(doc, "objective", json::Value::Kind::kString, "the model").string;
  const double outputs = Need(doc, "num_outputs", json::Value::Kind::kNumber, "the model").number;
  if (!(outputs >= 1 && outputs <= 65536)) Corrupt("its num_outputs is out of range");
  m.num_outputs = static_cast<int>(outputs);
  m.best_iteration = static_cast<int>(Need(doc, "best_iteration", json::Value::Kind::kNumber, "the model").number);
  const json::Value* average = doc.Find("average_trees");
  m.average_trees = average && average->kind == json::Value::Kind::kBool && average->boolean;
  const json::Value* median = doc.Find("median_trees");
  m.median_trees = median && median->kind == json::Value::Kind::kBool && median->boolean;
  if (m.median_trees) {
    for (const auto& v : Need(doc, "tree_weights", json::Value::Kind::kArray, "the model").array) {
      if (!v.IsNumber() || !(v.number >= 0)) Corrupt("its tree_weights holds something that is not a weight");
      m.tree_weights.push_back(v.number);
    }
  }
  m.base_margin.clear();
  for (const auto& v : Need(doc, "base_margin", json::Value::Kind::kArray, "the model").array) {
    if (!v.IsNumber()) Corrupt("its base_margin holds something that is not a number");
    m.base_margin.push_back(v.number);
  }
  if (m.base_margin.size() != static_cast<size_t>(m.num_outputs)) Corrupt("its base_margin does not have num_outputs values");
  m.target = Need(doc, "target", json::Value::Kind::kString, "the model").string;
  m.classes = Strings(Need(doc, "classes", json::Value::Kind::kArray, "the model"), "classes");
  if (const json::Value* p = doc.Find("params")) {
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
      else params_text += "null";
    }
    params_text += '}';
    try {
      m.params = ParseParams(params_text);
    } catch (const Error& e) {
      Corrupt(std::string("its params are invalid: ") + e.what());
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
  const json::Value& trees = Need(doc, "trees", json::Value::Kind::kArray, "the model");
  for (size_t t = 0; t < trees.array.size(); ++t) {
    const json::Value& tj = trees.array[t];
    const std::string where = "tree " + std::to_string(t);
    if (!tj.IsObject()) Corrupt(where + " is not an object");
    const char* keys[] = {"left", "right", "feature", "threshold", "default_left", "value", "gain", "cover", "categories"};
    const size_t n = Need(tj, "left", json::Value::Kind::kArray, where).array.size();
    if (n == 0) Corrupt(where + " has no nodes");
    for (const char* k : keys)
      if (Need(tj, k, json::Value::Kind::kArray, where).array.size() != n)
        Corrupt(where + "'s '" + k + "' has a different length from 'left'");
    Tree tree;
    tree.nodes.resize(n);
    auto num = [&](const char* key, size_t i) {
      const json::Value& v = tj.Find(key)->array[i];
      if (!v.IsNumber()) Corrupt(where + "'s '" + key + "'[" + std::to_string(i) + "] is not a number");
      return v.number;
    };
    for (size_t i = 0; i < n; ++i) {
      TreeNode& node = tree.nodes[i];
      node.left = static_cast<int>(num("left", i));
      const int right = static_cast<int>(num("right", i));
      // Checked before it is stored: TreeNode::feature holds 30 bits.
      const double feature = num("feature", i);
      const bool feature_known = feature >= 0 && feature < static_cast<double>(m.features.size());
      node.feature = feature_known ? static_cast<int>(feature) : -1;
      node.threshold = static_cast<float>(num("threshold", i));
      node.default_left = num("default_left", i) != 0;
      node.value = static_cast<float>(num("value", i));
      node.gain = static_cast<float>(num("gain", i));
      node.cover = static_cast<float>(num("cover", i));
      const std::string at = where + " node " + std::to_string(i);
      const json::Value& cats = tj.Find("categories")->array[i];
      if (cats.IsArray()) {
        node.categorical = true;
        std::vector<int32_t> set;
        for (const auto& c : cats.array) {
          if (!c.IsNumber()) Corrupt(at + " has a category that is not a number");
          set.push_back(static_cast<int32_t>(c.number));
        }
        if (!std::is_sorted(set.begin(), set.end())) Corrupt(at + "'s categories are not sorted");
        tree.SetCategories(node, set);
      }
      if (node.left >= 0) {
        // Children after their parent: no cycles, and traversal always ends.
        if (node.left <= static_cast<int>(i) || node.left + 1 >= static_cast<int>(n))
          Corrupt(at + " points at a child outside the tree");
        // A node's children are stored side by side (TreeNode::Right).
        if (right != node.left + 1)
          Corrupt(at + "'s right child is " + std::to_string(right) + ", not the node after its left child (" +
                  std::to_string(node.left + 1) + ")");
        if (!feature_known) {
          const std::string number = std::abs(feature) < 1e15 && feature == std::floor(feature)
                                         ? std::to_string(static_cast<long long>(feature)) : std::to_string(feature);
          Corrupt(at + " splits on feature " + number + ", but there are " + std::to_string(m.features.size()));
        }
      } else if (!std::isfinite(node.value)) {
        Corrupt(at + " has a leaf value that is not a finite number");
      }
    }
    if (const json::Value* values = tj.Find("leaf_values")) {
      if (!values->IsArray() || values->array.size() != n * m.num_outputs)
        Corrupt(where + "'s leaf_values does not hold num_outputs values per node");
      for (const auto& v : values->array) {
        if (!v.IsNumber() || !std::isfinite(v.number)) Corrupt(where + "'s leaf_values holds something that is not a finite number");
        tree.leaf_values.push_back(static_cast<float>(v.number));
      }
    }
    if (!m.trees.empty() && tree.leaf_values.empty() != m.trees[0].leaf_values.empty())
      Corrupt(where + " mixes multi-output and single-output trees");
    m.trees.push_back(std::move(tree));
  }
  if (m.trees.size() % m.TreesPerRound()) Corrupt("its tree count is not a multiple of num_outputs");
  if (m.median_trees && (m.num_outputs != 1 || m.tree_weights.size() != m.trees.size()))
    Corrupt("its median_trees needs one output and one tree weight per tree");
  // The objective must be one this build knows (checked by constructing it).
  try {
    MakeObjective(m.objective, m.params, m.num_outputs);
  } catch (const Error&) {
    Corrupt("its objective '" + m.objective + "' is unknown");
  }
  return m;
}

}  // namespace boostlab
