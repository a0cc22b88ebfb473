// What the two model readers share (model_json.cc: the JSON file;
// model_binary.cc: the compact file, whose header is the JSON summary):
// the fields around the trees and the checks every loaded model passes.
#pragma once

#include <cstddef>  // for size_t
#include <cstdint>  // for int64_t
#include <string>   // for string
#include <vector>   // for vector

#include "boostlab/model.h"
#include "util/json.h"

namespace boostlab::model_io {

// Throws Error{"MODEL_CORRUPT", "This is not a usable BoostLab model: <what>."}.
[[noreturn]] void Corrupt(const std::string& what);

// Throws MODEL_TOO_LARGE ("<what> is N MB; ...") for JSON text past what
// this build reads: the JSON file, or the compact file's header.
void CheckJsonSize(size_t bytes, const std::string& what);

// Every field of a "boostlab-model" document but its trees: format, version,
// objective, outputs, classes, params, features. best_iteration is checked
// for range here and against the rounds by Finish.
Model ReadHeader(const json::Value& doc, int64_t& best_iteration);

// Children after their parent and beside each other, every node reached
// once from the root, depth bounded: the shape prediction can walk.
void CheckShape(const std::vector<int64_t>& left, const std::vector<int64_t>& right, const std::string& where);

// An inner node's feature, as both readers check it: an index below the
// model's features, and a split of its kind (a set of categories for a
// categorical feature, a threshold for a numeric one). at(): "tree t node i",
// made only for a message.
template <typename At>
const FeatureInfo& SplitFeature(const Model& m, int64_t feature, const At& at) {
  if (feature < 0 || feature >= static_cast<int64_t>(m.features.size()))
    Corrupt(at() + " splits on feature " + std::to_string(feature) + ", but there are " + std::to_string(m.features.size()));
  return m.features[static_cast<size_t>(feature)];
}
template <typename At>
void CheckSplitKind(const FeatureInfo& info, bool by_categories, const At& at) {
  if (by_categories && info.type != ColumnType::kCategorical)
    Corrupt(at() + " splits on numeric feature '" + info.name + "' by a set of categories");
  if (!by_categories && info.type != ColumnType::kNumeric)
    Corrupt(at() + " splits on categorical feature '" + info.name + "' by a threshold");
}

// The checks over the whole model once its trees are in: rounds, best
// iteration, tree weights, outputs against classes, a known objective.
void Finish(Model& m, int64_t best_iteration);

}  // namespace boostlab::model_io
