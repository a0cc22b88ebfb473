// XGBoost's JSON model files, read (Model::FromJson hands them here) and
// written (Model::ToXGBoostJson).
#pragma once

#include <cstddef>      // for size_t
#include <string>       // for string
#include <string_view>  // for string_view

#include "boostlab/model.h"
#include "util/json.h"

namespace boostlab {

// A model from XGBoost's JSON (the layout of 1.7, 2.x and 3.x): gbtree
// boosters with one output per tree. Throws XGBOOST_UNSUPPORTED naming what
// this engine lacks (gblinear, dart, vector leaves, an objective, categories
// without names) and MODEL_CORRUPT naming a field that is wrong; what it asks
// for is bounded by file_bytes (the document's text). Not yet checked as a
// model of ours: Model::FromJson reads it again for that.
Model ModelFromXGBoostJson(const json::Value& doc, size_t file_bytes);

// The objective the exported model carries in XGBoost ("binary:logitraw" for
// AdaBoost's vote); throws XGBOOST_UNSUPPORTED as ToXGBoostJson does.
std::string XGBoostObjectiveName(const Model& m);

// The element type XGBoost gives the typed array under `key` in its UBJSON
// (ubjson::ArrayTypes: 'd', 'l', 'L', 'U', or 0 for an untyped array).
char XGBoostUbjArrayType(std::string_view key);

}  // namespace boostlab
