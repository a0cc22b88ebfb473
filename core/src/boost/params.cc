// The one table of parameters, and reading/writing them as JSON.

#include <cmath>      // for isnan, floor, isinf
#include <limits>     // for numeric_limits
#include <stdexcept>  // for invalid_argument
#include <string>     // for string

#include "boostlab/errors.h"
#include "boostlab/params.h"
#include "util/json.h"

namespace boostlab {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string FormatNumber(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  std::string s;
  json::AppendNumber(s, v);
  return s;
}

std::string RangeText(const ParamSpec& spec) {
  return std::string(spec.min_exclusive ? "(" : "[") + FormatNumber(spec.min) + ", " + FormatNumber(spec.max) +
         (std::isinf(spec.max) ? ")" : "]");
}

}  // namespace

const std::vector<ParamSpec>& ParamSchema() {
  static const std::vector<ParamSpec> schema = {
      {"algorithm", ParamType::kString, 0, "xgboost", 0, 0, false, {"xgboost"}, "all",
       "Which boosting algorithm trains the trees."},
      {"objective", ParamType::kString, 0, "", 0, 0, false, {"", "reg:squarederror", "binary:logistic"}, "xgboost",
       "Loss to minimise; empty picks reg:squarederror for numbers, binary:logistic for two classes."},
      {"rounds", ParamType::kInt, 100, nullptr, 1, 100000, false, {}, "all",
       "Boosting rounds: trees added, one per round."},
      {"eta", ParamType::kFloat, 0.3, nullptr, 0, kInf, true, {}, "xgboost",
       "Learning rate: each tree's leaf values w* are multiplied by eta before they are added."},
      {"max_depth", ParamType::kInt, 6, nullptr, 1, 24, false, {}, "xgboost", "Deepest level a tree may grow to."},
      {"lambda", ParamType::kFloat, 1, nullptr, 0, kInf, false, {}, "xgboost",
       "L2 penalty on leaf weights: w* = -G/(H+lambda), gain uses G^2/(H+lambda)."},
      {"gamma", ParamType::kFloat, 0, nullptr, 0, kInf, false, {}, "xgboost",
       "Minimum loss reduction a split must bring (the gamma*T term of the objective)."},
      {"min_child_weight", ParamType::kFloat, 1, nullptr, 0, kInf, false, {}, "xgboost",
       "Smallest sum of hessians H a child may have."},
      {"max_bin", ParamType::kInt, 256, nullptr, 2, 65534, false, {}, "all",
       "Most histogram bins per feature (quantile cut points)."},
      {"seed", ParamType::kInt, 0, nullptr, 0, 4294967295.0, false, {}, "all", "Seed for every random choice."},
      {"nthread", ParamType::kInt, 0, nullptr, 0, 256, false, {}, "all",
       "Threads to train with; 0 uses all available. The model does not depend on it."},
      {"base_score", ParamType::kFloat, kNaN, nullptr, -kInf, kInf, false, {}, "xgboost",
       "Starting prediction (a probability for binary:logistic); empty boosts from the label average."},
  };
  return schema;
}

std::string ParamSchemaJson() {
  std::string out = "[";
  bool first = true;
  for (const ParamSpec& p : ParamSchema()) {
    if (!first) out += ',';
    first = false;
    out += "{\"name\":";
    json::AppendString(out, p.name);
    out += ",\"type\":";
    json::AppendString(out, p.type == ParamType::kInt ? "int" : p.type == ParamType::kFloat ? "float" : "string");
    out += ",\"default\":";
    if (p.type == ParamType::kString) json::AppendString(out, p.default_string);
    else json::AppendNumber(out, p.default_number);
    if (p.type != ParamType::kString) {
      out += ",\"min\":";
      json::AppendNumber(out, p.min);
      out += ",\"max\":";
      json::AppendNumber(out, p.max);
      out += ",\"minExclusive\":";
      out += p.min_exclusive ? "true" : "false";
    } else {
      out += ",\"choices\":[";
      for (size_t i = 0; i < p.choices.size(); ++i) {
        if (i) out += ',';
        json::AppendString(out, p.choices[i]);
      }
      out += ']';
    }
    out += ",\"algorithms\":";
    json::AppendString(out, p.algorithms);
    out += ",\"doc\":";
    json::AppendString(out, p.doc);
    out += '}';
  }
  return out + "]";
}

namespace {

void Assign(Params& params, const std::string& name, double number, const std::string& text) {
  if (name == "algorithm") params.algorithm = text;
  else if (name == "objective") params.objective = text;
  else if (name == "rounds") params.rounds = static_cast<int>(number);
  else if (name == "eta") params.eta = number;
  else if (name == "max_depth") params.max_depth = static_cast<int>(number);
  else if (name == "lambda") params.lambda = number;
  else if (name == "gamma") params.gamma = number;
  else if (name == "min_child_weight") params.min_child_weight = number;
  else if (name == "max_bin") params.max_bin = static_cast<int>(number);
  else if (name == "seed") params.seed = static_cast<uint64_t>(number);
  else if (name == "nthread") params.nthread = static_cast<int>(number);
  else if (name == "base_score") params.base_score = number;
}

}  // namespace

Params ParseParams(std::string_view text) {
  json::Value doc;
  try {
    doc = json::Parse(text);
  } catch (const std::invalid_argument& e) {
    throw Error("BAD_PARAM", std::string("Parameters are not valid JSON: ") + e.what());
  }
  if (!doc.IsObject()) throw Error("BAD_PARAM", "Parameters must be a JSON object.");
  Params params;
  for (const auto& [name, value] : doc.object) {
    const ParamSpec* spec = nullptr;
    for (const ParamSpec& s : ParamSchema())
      if (name == s.name) spec = &s;
    if (!spec) throw Error("BAD_PARAM", "Unknown parameter '" + name + "'.");
    if (value.kind == json::Value::Kind::kNull) continue;  // keep the default
    const std::string quoted = "'" + name + "'";
    if (spec->type == ParamType::kString) {
      if (!value.IsString()) throw Error("BAD_PARAM", "Parameter " + quoted + " must be a string.");
      if (!spec->choices.empty()) {
        bool ok = false;
        std::string list;
        for (const auto& c : spec->choices) {
          ok = ok || c == value.string;
          if (!c.empty()) list += (list.empty() ? "" : ", ") + c;
        }
        if (!ok) throw Error("BAD_PARAM", "Parameter " + quoted + " is '" + value.string + "'; allowed: " + list + ".");
      }
      Assign(params, name, 0, value.string);
      continue;
    }
    if (!value.IsNumber()) throw Error("BAD_PARAM", "Parameter " + quoted + " must be a number.");
    const double v = value.number;
    if (spec->type == ParamType::kInt && v != std::floor(v))
      throw Error("BAD_PARAM", "Parameter " + quoted + " must be a whole number, not " + FormatNumber(v) + ".");
    const bool below = spec->min_exclusive ? !(v > spec->min) : !(v >= spec->min);
    if (below || !(v <= spec->max) || std::isnan(v))
      throw Error("BAD_PARAM", "Parameter " + quoted + " is " + FormatNumber(v) + "; allowed range is " + RangeText(*spec) + ".");
    Assign(params, name, v, "");
  }
  return params;
}

std::string ParamsToJson(const Params& p) {
  std::string out = "{\"algorithm\":";
  json::AppendString(out, p.algorithm);
  out += ",\"objective\":";
  json::AppendString(out, p.objective);
  out += ",\"rounds\":" + std::to_string(p.rounds);
  out += ",\"eta\":";
  json::AppendNumber(out, p.eta);
  out += ",\"max_depth\":" + std::to_string(p.max_depth);
  out += ",\"lambda\":";
  json::AppendNumber(out, p.lambda);
  out += ",\"gamma\":";
  json::AppendNumber(out, p.gamma);
  out += ",\"min_child_weight\":";
  json::AppendNumber(out, p.min_child_weight);
  out += ",\"max_bin\":" + std::to_string(p.max_bin);
  out += ",\"seed\":" + std::to_string(p.seed);
  out += ",\"nthread\":" + std::to_string(p.nthread);
  out += ",\"base_score\":";
  json::AppendNumber(out, p.base_score);  // null when boosting from the average
  return out + "}";
}

}  // namespace boostlab
