// Training parameters, XGBoost's names where XGBoost has the concept. Each is
// declared once in the schema (params.cc): name, type, default, range, the
// algorithms that use it and a one-line doc. Validation and the JS/web forms
// all read that one table.
#pragma once

#include <cstdint>  // for uint64_t
#include <limits>   // for numeric_limits
#include <string>   // for string
#include <vector>   // for vector

namespace boostlab {

struct Params {
  std::string algorithm = "xgboost";
  std::string step = "leaf_line_search";  // gbdt: leaf_line_search | tree_line_search
  std::string sampling = "reweight";       // adaboost: reweight | resample
  std::string variant = "samme";           // adaboost classification: samme (discrete) | samme_r (real)
  std::string r2_loss = "linear";          // adaboost regression (AdaBoost.R2): linear | square | exponential
  std::string vote = "samme";              // adaboost discrete: samme | freund_schapire (half the vote, u*exp(-y a g))
  std::string split_criterion = "gini";    // adaboost classification: gini | error (weighted misclassification)
  std::string objective;  // empty: chosen from the task
  std::string eval_metric;  // comma-separated; empty: the objective's own
  int rounds = 100;
  double eta = 0.3;
  int max_depth = 6;
  int max_leaves = 0;  // 0: no limit
  std::string grow_policy = "depthwise";
  double lambda = 1.0;
  double alpha = 0.0;
  double gamma = 0.0;
  int quantized_grad = 0;  // xgboost: 1 builds histograms from gradient pairs quantised to integers
  int leaf_newton_steps = 1;  // xgboost: Newton steps each leaf value takes (1: w* = -G/(H+lambda))
  std::string softmax_hessian = "xgboost";  // xgboost multiclass: xgboost (2p(1-p)) | lightgbm (K/(K-1) p(1-p))
  // xgboost: gbtree | dart (dropout: boost/dart.h), with XGBoost's dart parameters.
  std::string booster = "gbtree";
  double rate_drop = 0.0;
  double skip_drop = 0.0;
  int one_drop = 0;
  std::string sample_type = "uniform";   // uniform | weighted
  std::string normalize_type = "tree";   // tree | forest
  double min_child_weight = 1.0;
  double max_delta_step = std::numeric_limits<double>::quiet_NaN();  // NaN: the objective's default (0, or 0.7 for poisson)
  double subsample = 1.0;
  double colsample_bytree = 1.0;
  double colsample_bylevel = 1.0;
  double colsample_bynode = 1.0;
  int max_bin = 256;
  int max_cat_to_onehot = 4;
  int max_cat_threshold = 64;
  int num_class = 0;
  double huber_slope = 1.0;
  // reg:quantileerror: the quantiles of y given x that the model predicts, one output each (XGBoost's list).
  std::vector<double> quantile_alpha = {0.5};
  double tweedie_variance_power = 1.5;  // reg:tweedie: the power rho of Var(y) = phi mu^rho, in [1, 2)
  double expectile_alpha = 0.5;  // reg:expectileerror: the expectile predicted (0.5: the mean)
  double scale_pos_weight = 1.0;  // binary:logistic: the positive rows' gradients and hessians times this
  double huber_alpha = 0.9;  // gbdt reg:huber: the quantile of |residual| where the loss turns linear
  double gbrank_tau = 1.0;   // gbrank: the margin a pair must be ordered by
  std::string monotone_constraints;     // xgboost: "(1,0,-1)", "[1,0,-1]" or {"name": 1}; empty: none
  std::string interaction_constraints;  // xgboost: [[0,1],[2,3]] or [["a","b"],["c"]]; empty: none
  int early_stopping_rounds = 0;  // 0: off
  int eval_train = 1;  // 0: no training metrics in the round reports (they cost a pass over the training rows)
  uint64_t seed = 0;
  int nthread = 0;  // 0: all available
  double base_score = std::numeric_limits<double>::quiet_NaN();  // NaN: boost from average
};

enum class ParamType { kInt, kFloat, kString };

struct ParamSpec {
  const char* name;
  ParamType type;
  double default_number;       // for numbers
  const char* default_string;  // for strings
  double min, max;             // allowed range for numbers
  bool min_exclusive;          // (min, max] instead of [min, max]
  std::vector<std::string> choices;  // for strings; empty = free text
  std::string algorithms;      // comma-separated, or "all"; assembled from the algorithms' declarations
  const char* doc;
  // Numbers whose default differs by algorithm, e.g. {{"adaboost", 1}} for max_depth.
  std::vector<std::pair<std::string, double>> algorithm_defaults = {};
  // Its doc where an algorithm means something else by it (assembled from the declarations).
  std::vector<std::pair<std::string, std::string>> algorithm_docs = {};
  // A number, or a list of numbers each in the range (quantile_alpha).
  bool list = false;
};

const std::vector<ParamSpec>& ParamSchema();
std::string ParamSchemaJson();

// Reads a JSON object of parameters. Unknown names, wrong types and values out
// of range throw Error{"BAD_PARAM"} naming the parameter and its allowed range.
Params ParseParams(std::string_view json);
std::string ParamsToJson(const Params& params);

}  // namespace boostlab
