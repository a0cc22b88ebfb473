// The one table of parameters, and reading/writing them as JSON.

#include <algorithm>  // for find
#include <cmath>      // for isnan, floor, isinf
#include <limits>     // for numeric_limits
#include <stdexcept>  // for invalid_argument
#include <string>     // for string
#include <vector>     // for vector

#include "boostlab/errors.h"
#include "boostlab/params.h"
#include "boost/algorithm.h"
#include "tree/feature_constraints.h"
#include "util/float_text.h"
#include "util/closest_name.h"
#include "util/json.h"

namespace boostlab {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string FormatNumber(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  return ShortestDouble(v);
}

std::string RangeText(const ParamSpec& spec) {
  return std::string(spec.min_exclusive ? "(" : "[") + FormatNumber(spec.min) + ", " + FormatNumber(spec.max) +
         (std::isinf(spec.max) ? ")" : "]");
}

}  // namespace

namespace {

// Parameters of training as a whole ("all": every algorithm reads them) and
// parameters several algorithms share (which ones read each: their
// declarations, boost/algorithm.h). An algorithm's own parameters are
// declared in its file.
const std::vector<ParamSpec>& CommonParams() {
  static const std::vector<ParamSpec> common = {
      {"objective", ParamType::kString, 0, "", 0, 0, false,
       {"", "reg:squarederror", "reg:absoluteerror", "reg:quantileerror", "reg:expectileerror", "reg:pseudohubererror", "reg:huber", "count:poisson", "reg:gamma",
        "reg:tweedie", "binary:logistic",
        "binary:exponential", "multi:softprob", "multi:softmax", "rank:pairwise", "rank:ndcg", "custom"},
       "", "Loss to minimise; empty picks reg:squarederror, binary:logistic or multi:softprob from the target, "
       "rank:ndcg when the data has a group column. "
       "reg:quantileerror: the pinball loss, whose minimiser is the quantile_alpha quantile of y (a prediction interval's edge); "
       "reg:expectileerror: squared error weighted expectile_alpha above y's side and 1 - expectile_alpha below, whose minimiser is "
       "the expectile of y (0.5: the mean; towards 1 the upper tail, pulled by how far the values lie, not only how many); "
       "reg:huber (gbdt): Friedman's Huber loss, quadratic below the huber_alpha quantile of |residual|, linear above. "
       "count:poisson, reg:gamma (positive amounts: the gamma deviance) and reg:tweedie (amounts that are often exactly 0, as insurance "
       "claims: variance power tweedie_variance_power) model ln of the mean, F = ln mu, and predict e^F. "
       "rank:pairwise: RankNet's logistic loss on pairs of a query's documents of different relevance; "
       "rank:ndcg: LambdaMART, the same pairs weighted by the change in NDCG that swapping them makes. "
       "custom: your own loss, as XGBoost's obj (algorithm xgboost): each round you give the training rows' gradients and "
       "hessians, in the package as a function for the objective, and the prediction is the margin."},
      {"eval_metric", ParamType::kString, 0, "", 0, 0, false, {}, "all",
       "Metrics to report, comma-separated (rmse, rmsle (of ln(1 + y)), mae, mape (|y - p| / |y|), mphe, quantile (the pinball loss at quantile_alpha), expectile (the weighted squared error at expectile_alpha), logloss, error, error@t (p > t called positive), auc, aucpr (the area under precision against recall, for rare positives; "
       "with several classes both areas are one class against the rest, averaged), mlogloss, merror, poisson-nloglik, "
       "gamma-deviance, gamma-nloglik, tweedie-nloglik (at tweedie_variance_power, or tweedie-nloglik@1.2 at 1.2), exploss; "
       "for ranking ndcg, ndcg@k, map, map@k, pairacc); early stopping watches the last."},
      {"rounds", ParamType::kInt, 100, nullptr, 1, 100000, false, {}, "all",
       "Boosting rounds: trees added, one per round (one per class for multiclass)."},
      {"eta", ParamType::kFloat, 0.3, nullptr, 0, kInf, true, {}, "",
       "Learning rate: each tree's leaf values w* are multiplied by eta before they are added."},
      {"max_depth", ParamType::kInt, 6, nullptr, 0, 64, false, {}, "",
       "Deepest level a tree may grow to; 0 means no limit (needs lossguide or max_leaves). AdaBoost's "
       "default 1 makes decision stumps; random_forest's 0 grows until leaves are pure."},
      {"max_leaves", ParamType::kInt, 0, nullptr, 0, 1 << 20, false, {}, "",
       "Most leaves a tree may have (the T in gamma*T); 0 means no limit."},
      {"grow_policy", ParamType::kString, 0, "depthwise", 0, 0, false, {"depthwise", "lossguide"}, "",
       "depthwise splits level by level; lossguide splits the leaf with the largest gain first."},
      {"min_child_weight", ParamType::kFloat, 1, nullptr, 0, kInf, false, {}, "",
       "Smallest sum of hessians H a child may have."},
      {"subsample", ParamType::kFloat, 1, nullptr, 0, 1, true, {}, "",
       "Share of rows each tree sees, drawn anew every round."},
      {"colsample_bytree", ParamType::kFloat, 1, nullptr, 0, 1, true, {}, "",
       "Share of features drawn for each tree."},
      {"colsample_bylevel", ParamType::kFloat, 1, nullptr, 0, 1, true, {}, "",
       "Share of the tree's features drawn for each depth."},
      {"colsample_bynode", ParamType::kFloat, 1, nullptr, 0, 1, true, {}, "",
       "Share of the level's features drawn for each split. random_forest: floor(share * p) draws per split, as "
       "scikit-learn's max_features (a feature constant in the node counts; more are drawn only while all were); "
       "default (empty: automatic) sqrt(p)/p for classification, 1/3 for regression."},
      {"max_bin", ParamType::kInt, 256, nullptr, 2, 65534, false, {}, "all",
       "Most histogram bins per numeric feature (quantile cut points). gbdt, adaboost and random_forest place "
       "each cut halfway between training values, as CART does; xgboost at the next value, as XGBoost."},
      {"max_cat_to_onehot", ParamType::kInt, 4, nullptr, 1, 1 << 20, false, {}, "",
       "Categorical features with at most this many categories split one category against the rest; "
       "larger ones split a partition of categories ordered by G/H."},
      {"max_cat_threshold", ParamType::kInt, 64, nullptr, 1, 1 << 20, false, {}, "",
       "Most categories a partition split may move to one side."},
      {"quantile_alpha", ParamType::kFloat, 0.5, nullptr, 0, 1, true, {}, "",
       "reg:quantileerror: the quantile predicted (0.9: a value 90 % of rows fall below). Each leaf takes this quantile of "
       "its rows' residuals, as XGBoost 3 does. Several, 0.1, 0.5, 0.9: one output each (a tree each a round), a band "
       "between the outer two.", {}, {}, true},
      {"expectile_alpha", ParamType::kFloat, 0.5, nullptr, 0.001, 0.999, false, {}, "",
       "reg:expectileerror: the expectile predicted, from 0 to 1 (0.5: the mean). Rows above the prediction weigh expectile_alpha, "
       "rows below 1 - expectile_alpha, in a squared error; each leaf takes a Newton step (it is one exactly while no row changes side). "
       "Neither XGBoost nor LightGBM has it: such a model has no XGBoost form."},
      {"tweedie_variance_power", ParamType::kFloat, 1.5, nullptr, 1, 2, false, {}, "",
       "reg:tweedie: the power rho in Var(y) = phi mu^rho, from 1 (Poisson: counts) towards 2 (gamma: positive amounts); "
       "between them, a sum of a Poisson number of gamma amounts, which is exactly 0 with some probability. 2 itself is reg:gamma."},
      {"scale_pos_weight", ParamType::kFloat, 1, nullptr, 0, kInf, true, {}, "",
       "binary:logistic: each positive row's (class 1's) loss counts this many times (its g and h scaled), as if it weighed "
       "that much more: for rare positives, about negatives/positives. With it the intercept is one Newton step from 0, as XGBoost 3's."},
      {"monotone_constraints", ParamType::kString, 0, "", 0, 0, false, {}, "",
       "Directions the prediction must follow along features: 1 never decreases as the feature grows, -1 never increases, "
       "0 free. By position, (1,0,-1) as XGBoost writes it, or by name, {\"age\": 1}. A split on a constrained feature must "
       "order its two leaves' weights, and their subtrees' weights stay on either side of the pair's mean, as XGBoost's hist "
       "trees do; leaves set after the tree (quantile, absolute error, leaf_newton_steps) are held to the same bounds. "
       "Numeric features only."},
      {"interaction_constraints", ParamType::kString, 0, "", 0, 0, false, {}, "",
       "Which features may meet on one path from the root, as XGBoost's: a list of sets by position, [[0,1],[2,3]], or by "
       "name, [[\"age\",\"income\"]]. The root may split on any feature; below a split, a node may use the features "
       "above it and those of any set that holds all of them."},
      {"num_class", ParamType::kInt, 0, nullptr, 0, 1 << 16, false, {}, "",
       "Number of classes, required by multi:softprob and multi:softmax (as in XGBoost)."},
      {"early_stopping_rounds", ParamType::kInt, 0, nullptr, 0, 100000, false, {}, "all",
       "Stop when the validation metric has not improved for this many rounds and keep the best; 0: off."},
      {"eval_train", ParamType::kInt, 1, nullptr, 0, 1, false, {}, "all",
       "1: every round reports the training metrics (the train curve). 0: it skips them, a pass over the "
       "training rows each round (a tenth of the time on a million rows); validation metrics, early stopping "
       "and forests' out-of-bag error stay. The model is the same either way."},
      {"seed", ParamType::kInt, 0, nullptr, 0, 4294967295.0, false, {}, "all", "Seed for every random choice."},
      {"nthread", ParamType::kInt, 0, nullptr, 0, 256, false, {}, "all",
       "Threads to train with; 0 uses all available. The model does not depend on it."},
      {"base_score", ParamType::kFloat, kNaN, nullptr, -kInf, kInf, false, {}, "",
       "Starting prediction (a probability for binary:logistic, a margin for multi:*); empty boosts from the average."},
  };
  return common;
}

}  // namespace

// The schema, assembled: `algorithm`, each algorithm's own parameters, then
// the common ones with the algorithms that read them and their defaults.
const std::vector<ParamSpec>& ParamSchema() {
  static const std::vector<ParamSpec> schema = [] {
    const std::vector<AlgorithmDeclaration>& algorithms = Algorithms();
    ParamSpec algorithm{"algorithm", ParamType::kString, 0, "xgboost", 0, 0, false, {}, "all",
                        "xgboost: trees fit to (g, h), leaves -G/(H+lambda). gbdt (Friedman): trees fit to residuals -g, "
                        "leaves by line search on the loss. adaboost: weighted trees voting alpha_t = eta*(ln((1-e_t)/e_t) + ln(K-1)) "
                        "(SAMME), or AdaBoost.R2 for a continuous target. random_forest: deep trees on bootstrap samples, averaged; "
                        "rounds = trees."};
    for (const AlgorithmDeclaration& a : algorithms) algorithm.choices.push_back(a.name);
    std::vector<ParamSpec> out = {algorithm};
    for (const AlgorithmDeclaration& a : algorithms)
      for (ParamSpec spec : a.own) {
        spec.algorithms = a.name;
        out.push_back(std::move(spec));
      }
    for (ParamSpec spec : CommonParams()) {
      if (spec.algorithms != "all") {
        for (const AlgorithmDeclaration& a : algorithms)
          if (std::find(a.uses.begin(), a.uses.end(), spec.name) != a.uses.end())
            spec.algorithms += (spec.algorithms.empty() ? "" : ",") + std::string(a.name);
      }
      for (const AlgorithmDeclaration& a : algorithms) {
        for (const auto& [name, value] : a.defaults)
          if (name == spec.name) spec.algorithm_defaults.emplace_back(a.name, value);
        for (const auto& [name, doc] : a.docs)
          if (name == spec.name) spec.algorithm_docs.emplace_back(a.name, doc);
      }
      out.push_back(std::move(spec));
    }
    return out;
  }();
  return schema;
}

namespace {

// {"gbdt": value, ...} from an algorithm -> value list.
template <typename T, typename Append>
void AppendByAlgorithm(std::string& out, const std::vector<std::pair<std::string, T>>& values, Append append) {
  out += '{';
  for (size_t i = 0; i < values.size(); ++i) {
    if (i) out += ',';
    json::AppendString(out, values[i].first);
    out += ':';
    append(out, values[i].second);
  }
  out += '}';
}

}  // namespace

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
    if (p.list) out += ",\"list\":true";
    out += ",\"algorithms\":";
    json::AppendString(out, p.algorithms);
    out += ",\"algorithmDefaults\":";
    AppendByAlgorithm(out, p.algorithm_defaults, [](std::string& o, double v) { json::AppendNumber(o, v); });
    out += ",\"algorithmDocs\":";
    AppendByAlgorithm(out, p.algorithm_docs, [](std::string& o, const std::string& v) { json::AppendString(o, v); });
    out += ",\"doc\":";
    json::AppendString(out, p.doc);
    out += '}';
  }
  return out + "]";
}

namespace {

// Where each schema entry lives in Params. One list, used to read and to write.
struct Field {
  const char* name;
  std::string Params::*text = nullptr;
  int Params::*integer = nullptr;
  double Params::*real = nullptr;
  uint64_t Params::*big = nullptr;
  std::vector<double> Params::*reals = nullptr;
};

const std::vector<Field>& Fields() {
  static const std::vector<Field> fields = {
      {"algorithm", &Params::algorithm},
      {"step", &Params::step},
      {"sampling", &Params::sampling},
      {"variant", &Params::variant},
      {"r2_loss", &Params::r2_loss},
      {"vote", &Params::vote},
      {"split_criterion", &Params::split_criterion},
      {"objective", &Params::objective},
      {"eval_metric", &Params::eval_metric},
      {"rounds", nullptr, &Params::rounds},
      {"eta", nullptr, nullptr, &Params::eta},
      {"max_depth", nullptr, &Params::max_depth},
      {"max_leaves", nullptr, &Params::max_leaves},
      {"grow_policy", &Params::grow_policy},
      {"lambda", nullptr, nullptr, &Params::lambda},
      {"booster", &Params::booster},
      {"rate_drop", nullptr, nullptr, &Params::rate_drop},
      {"skip_drop", nullptr, nullptr, &Params::skip_drop},
      {"one_drop", nullptr, &Params::one_drop},
      {"sample_type", &Params::sample_type},
      {"normalize_type", &Params::normalize_type},
      {"alpha", nullptr, nullptr, &Params::alpha},
      {"gamma", nullptr, nullptr, &Params::gamma},
      {"leaf_newton_steps", nullptr, &Params::leaf_newton_steps},
      {"quantized_grad", nullptr, &Params::quantized_grad},
      {"softmax_hessian", &Params::softmax_hessian},
      {"min_child_weight", nullptr, nullptr, &Params::min_child_weight},
      {"max_delta_step", nullptr, nullptr, &Params::max_delta_step},
      {"subsample", nullptr, nullptr, &Params::subsample},
      {"colsample_bytree", nullptr, nullptr, &Params::colsample_bytree},
      {"colsample_bylevel", nullptr, nullptr, &Params::colsample_bylevel},
      {"colsample_bynode", nullptr, nullptr, &Params::colsample_bynode},
      {"max_bin", nullptr, &Params::max_bin},
      {"max_cat_to_onehot", nullptr, &Params::max_cat_to_onehot},
      {"max_cat_threshold", nullptr, &Params::max_cat_threshold},
      {"num_class", nullptr, &Params::num_class},
      {"huber_slope", nullptr, nullptr, &Params::huber_slope},
      {"quantile_alpha", nullptr, nullptr, nullptr, nullptr, &Params::quantile_alpha},
      {"tweedie_variance_power", nullptr, nullptr, &Params::tweedie_variance_power},
      {"expectile_alpha", nullptr, nullptr, &Params::expectile_alpha},
      {"scale_pos_weight", nullptr, nullptr, &Params::scale_pos_weight},
      {"monotone_constraints", &Params::monotone_constraints},
      {"interaction_constraints", &Params::interaction_constraints},
      {"huber_alpha", nullptr, nullptr, &Params::huber_alpha},
      {"gbrank_tau", nullptr, nullptr, &Params::gbrank_tau},
      {"early_stopping_rounds", nullptr, &Params::early_stopping_rounds},
      {"eval_train", nullptr, &Params::eval_train},
      {"seed", nullptr, nullptr, nullptr, &Params::seed},
      {"nthread", nullptr, &Params::nthread},
      {"base_score", nullptr, nullptr, &Params::base_score},
  };
  return fields;
}

void Assign(Params& params, const std::string& name, double number, const std::string& text) {
  for (const Field& f : Fields()) {
    if (name != f.name) continue;
    if (f.text) params.*f.text = text;
    if (f.integer) params.*f.integer = static_cast<int>(number);
    if (f.real) params.*f.real = number;
    if (f.big) params.*f.big = static_cast<uint64_t>(number);
    if (f.reals) params.*f.reals = {number};
  }
}

// Other libraries' names for our parameters (XGBoost's aliases, scikit-learn's
// and LightGBM's), and the ones with no counterpart here, said in the
// refusal rather than taken: a second name for one setting invites both.
struct OtherName {
  const char* name;
  const char* ours;  // our name, or nullptr
  const char* why;   // said when there is none
};
constexpr OtherName kOtherNames[] = {
    {"learning_rate", "eta", nullptr},        {"reg_lambda", "lambda", nullptr},
    {"reg_alpha", "alpha", nullptr},          {"min_split_loss", "gamma", nullptr},
    {"n_estimators", "rounds", nullptr},      {"num_boost_round", "rounds", nullptr},
    {"num_round", "rounds", nullptr},         {"num_iterations", "rounds", nullptr},
    {"nrounds", "rounds", nullptr},           {"random_state", "seed", nullptr},
    {"n_jobs", "nthread", nullptr},           {"num_threads", "nthread", nullptr},
    {"num_leaves", "max_leaves", nullptr},    {"feature_fraction", "colsample_bytree", nullptr},
    {"bagging_fraction", "subsample", nullptr}, {"min_sum_hessian_in_leaf", "min_child_weight", nullptr},
    {"lambda_l1", "alpha", nullptr},
    {"lambda_l2", "lambda", nullptr},         {"min_gain_to_split", "gamma", nullptr},
    {"metric", "eval_metric", nullptr},       {"early_stopping_round", "early_stopping_rounds", nullptr},
    {"early_stopping", "early_stopping_rounds", nullptr}, {"subsample_for_bin", nullptr,
     "max_bin sets the bins; their cuts come from every row up to 4,194,304, from a fixed sample of that many beyond"},
    {"min_data_in_leaf", nullptr,
     "min_child_weight bounds each child: its rows (weighted) under algorithms gbdt and random_forest, its sum of "
     "hessians under xgboost (its rows for squared error, rows times p(1 - p) for logistic loss)"},
    {"min_child_samples", nullptr,
     "min_child_weight bounds each child: its rows (weighted) under algorithms gbdt and random_forest, its sum of "
     "hessians under xgboost (its rows for squared error, rows times p(1 - p) for logistic loss)"},
    {"bagging_freq", nullptr, "subsample draws the rows anew every round (LightGBM's bagging_freq 1)"},
    {"subsample_freq", nullptr, "subsample draws the rows anew every round (LightGBM's bagging_freq 1)"},
    {"is_unbalance", nullptr, "scale_pos_weight weighs the positive class (negatives / positives is what is_unbalance sets)"},
    {"boosting", nullptr, "LightGBM's gbdt (second-order, leaves -G/(H+lambda)) is algorithm xgboost here, its rf algorithm "
     "random_forest, its dart booster 'dart' (algorithm gbdt here is Friedman's, fit to residuals); no goss"},
    {"boosting_type", nullptr, "LightGBM's gbdt (second-order, leaves -G/(H+lambda)) is algorithm xgboost here, its rf algorithm "
     "random_forest, its dart booster 'dart' (algorithm gbdt here is Friedman's, fit to residuals); no goss"},
    {"min_samples_leaf", nullptr, "min_child_weight bounds each child: its rows (weighted) under algorithms gbdt and random_forest"},
    {"max_features", "colsample_bynode", nullptr},   {"feature_fraction_bynode", "colsample_bynode", nullptr},
    {"max_iter", "rounds", nullptr},          {"l2_regularization", "lambda", nullptr},
    {"max_leaf_nodes", "max_leaves", nullptr}, {"n_iter_no_change", "early_stopping_rounds", nullptr},
    {"device_type", nullptr, "training runs on this machine's (or the tab's) CPU threads: nthread sets how many"},
    {"drop_rate", "rate_drop", nullptr},      {"max_drop", nullptr, "no cap on the trees a round drops (XGBoost's dart has none)"},
    {"device", nullptr, "training runs on this machine's (or the tab's) CPU threads: nthread sets how many"},
    {"enable_categorical", nullptr, "a column of text is always split on as categories (as XGBoost's enable_categorical=True)"},
    {"categorical_feature", nullptr, "a column of text is split on as categories; a column of numbers as numbers"},
    {"missing", nullptr, "empty cells, NA, NaN, ? and the like are missing, and a CSV's own marker (-999) is the CSV option missingValues"},
    {"importance_type", nullptr, "featureImportance(type) picks it when the model is asked"},
    {"validate_parameters", nullptr, "parameters are always checked"},
    {"tree_method", nullptr, "trees here are always histogram trees, as XGBoost's tree_method 'hist': leave it out"},
    {"verbosity", nullptr, "the engine prints nothing; each round's report is returned"},
    {"silent", nullptr, "the engine prints nothing; each round's report is returned"},
};


// Other libraries' names for our objectives (LightGBM's, scikit-learn's,
// XGBoost's older ones), said beside the refusal.
struct OtherObjective {
  const char* name;
  const char* ours;
};
constexpr OtherObjective kOtherObjectives[] = {
    {"binary", "binary:logistic"},          {"regression", "reg:squarederror"},   {"regression_l2", "reg:squarederror"},
    {"l2", "reg:squarederror"},             {"mse", "reg:squarederror"},          {"squared_error", "reg:squarederror"},
    {"reg:linear", "reg:squarederror"},     {"regression_l1", "reg:absoluteerror"}, {"l1", "reg:absoluteerror"},
    {"mae", "reg:absoluteerror"},           {"absolute_error", "reg:absoluteerror"}, {"quantile", "reg:quantileerror (its alpha is quantile_alpha here; alpha here is the L1 penalty)"},
    {"huber", "reg:pseudohubererror, its delta huber_slope (or reg:huber with algorithm gbdt, its quantile huber_alpha; alpha here "
              "is the L1 penalty)"},      {"poisson", "count:poisson"},
    {"gamma", "reg:gamma"},                 {"tweedie", "reg:tweedie"},           {"multiclass", "multi:softprob"},
    {"mean_squared_error", "reg:squarederror"}, {"l2_root", "reg:squarederror"},  {"rmse", "reg:squarederror"},
    {"root_mean_squared_error", "reg:squarederror"}, {"mean_absolute_error", "reg:absoluteerror"},
    {"cross_entropy", "binary:logistic (targets 0 and 1)"}, {"xentropy", "binary:logistic (targets 0 and 1)"},
    {"multiclassova", "multi:softprob (a softmax over the classes; no one-against-the-rest)"},
    {"softmax", "multi:softprob"},          {"log_loss", "binary:logistic or multi:softprob"},
    {"binary:logitraw", "binary:logistic, predicting with output 'margin'"},   {"exponential", "binary:exponential"},
    {"lambdarank", "rank:ndcg"},            {"rank_xendcg", "rank:ndcg"},         {"reg:logistic", "binary:logistic (targets 0 and 1)"},
};

// " (that name is another library's: here it is binary:logistic)" for a known other name, else "".
std::string OtherObjectiveHint(const std::string& value) {
  for (const OtherObjective& o : kOtherObjectives)
    if (value == o.name) return " (that name is another library's: here it is " + std::string(o.ours) + ")";
  return "";
}

// "'learning_rate': here it is 'eta'", "'max_dept' (did you mean 'max_depth'?)".
std::string UnknownParameter(const std::string& name) {
  // A long name is quoted by its first 64 bytes, cut at a character's start (UTF-8).
  size_t cut = std::min<size_t>(name.size(), 64);
  while (cut > 0 && cut < name.size() && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80) --cut;
  const std::string start = "'" + name.substr(0, cut) + (cut < name.size() ? "…" : "") + "'";
  for (const OtherName& o : kOtherNames) {
    if (name != o.name) continue;
    if (o.ours) return start + ": here it is '" + o.ours + "'";
    return start + ": " + o.why;
  }
  std::vector<std::string> names;
  for (const ParamSpec& s : ParamSchema()) names.push_back(s.name);
  return start + DidYouMean(name, names);
}

// Every unknown name at once: parameters pasted from a LightGBM or XGBoost
// script often hold several, and one refusal a name is a slow way to learn them.
void RefuseUnknownParameters(const json::Value& doc) {
  constexpr size_t kMostNamed = 8;
  std::vector<std::string> unknown;
  size_t count = 0;
  for (const auto& [name, value] : doc.object) {
    bool known = false;
    for (const ParamSpec& s : ParamSchema()) known = known || name == s.name;
    if (known) continue;
    if (++count <= kMostNamed) unknown.push_back(UnknownParameter(name));
  }
  if (count == 0) return;
  // Pasted from LightGBM, the objective's name is usually another library's too: said in the same refusal
  // (alone, the objective's own check says it; beside unknown names it came only once they were mended).
  std::string also;
  if (const json::Value* objective = doc.Find("objective"); objective && objective->IsString()) {
    const std::string hint = OtherObjectiveHint(objective->string);
    if (!hint.empty()) also = " Also, objective '" + objective->string + "'" + hint + ".";
  }
  if (count == 1) throw Error("BAD_PARAM", "Unknown parameter " + unknown[0] + "." + also);
  std::string text = "Unknown parameters (" + std::to_string(count) + "): ";
  for (size_t i = 0; i < unknown.size(); ++i) text += (i ? "; " : "") + unknown[i];
  if (count > unknown.size()) text += "; and " + std::to_string(count - unknown.size()) + " more";
  throw Error("BAD_PARAM", text + "." + also);
}

// A parameter's number (or one of its list's), in its type and range.
double CheckedNumber(const ParamSpec& spec, const std::string& quoted, const json::Value& value) {
  if (!value.IsNumber()) throw Error("BAD_PARAM", "Parameter " + quoted + (spec.list ? " must be a number or a list of numbers." : " must be a number."));
  const double v = value.number;
  // A number written past the doubles (1.2e601) reads as infinity, which no
  // model file can hold (it saves as null, read back as the default).
  if (std::isinf(v))
    throw Error("BAD_PARAM", "Parameter " + quoted + " is beyond the range of numbers (" + (v > 0 ? "+" : "-") +
                                 "infinity); allowed range is " + RangeText(spec) + ".");
  if (spec.type == ParamType::kInt && v != std::floor(v))
    throw Error("BAD_PARAM", "Parameter " + quoted + " must be a whole number, not " + FormatNumber(v) + ".");
  const bool below = spec.min_exclusive ? !(v > spec.min) : !(v >= spec.min);
  if (below || !(v <= spec.max) || std::isnan(v))
    throw Error("BAD_PARAM", "Parameter " + quoted + " is " + FormatNumber(v) + "; allowed range is " + RangeText(spec) + ".");
  return v;
}

}  // namespace

Params ParseParams(std::string_view text) {
  const json::Value doc = json::ParseObject(text, "BAD_PARAM", "Parameters");
  Params params;
  // Defaults that depend on the algorithm apply to what the JSON leaves
  // unset: absent, or null (how a model file writes an unset NaN default).
  const json::Value* algorithm = doc.Find("algorithm");
  if (algorithm && algorithm->IsString())
    for (const ParamSpec& spec : ParamSchema())
      for (const auto& [algo, value] : spec.algorithm_defaults) {
        const json::Value* given = doc.Find(spec.name);
        if (algo == algorithm->string && (!given || given->kind == json::Value::Kind::kNull)) Assign(params, spec.name, value, "");
      }
  RefuseUnknownParameters(doc);
  for (const auto& [name, value] : doc.object) {
    const ParamSpec* spec = nullptr;
    for (const ParamSpec& s : ParamSchema())
      if (name == s.name) spec = &s;
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
        if (!ok)
          throw Error("BAD_PARAM", "Parameter " + quoted + " is '" + value.string + "'" + (name == "objective" ? OtherObjectiveHint(value.string) : "") +
                                       "; allowed: " + list + ".");
      }
      if (name == "monotone_constraints" || name == "interaction_constraints") CheckConstraintText(name, value.string);
      Assign(params, name, 0, value.string);
      continue;
    }
    if (spec->list && value.IsArray()) {
      constexpr size_t kMostInList = 64;
      if (value.array.empty() || value.array.size() > kMostInList)
        throw Error("BAD_PARAM", "Parameter " + quoted + " lists " + std::to_string(value.array.size()) + " numbers; give one, or a list of 1 to " +
                                     std::to_string(kMostInList) + ".");
      std::vector<double> numbers;
      for (const json::Value& item : value.array) numbers.push_back(CheckedNumber(*spec, quoted, item));
      for (const Field& f : Fields())
        if (name == f.name && f.reals) params.*f.reals = std::move(numbers);
      continue;
    }
    Assign(params, name, CheckedNumber(*spec, quoted, value), "");
  }
  return params;
}

std::string ParamsToJson(const Params& p) {
  std::string out = "{";
  for (const Field& f : Fields()) {
    if (out.size() > 1) out += ',';
    json::AppendString(out, f.name);
    out += ':';
    if (f.text) json::AppendString(out, p.*f.text);
    if (f.integer) out += std::to_string(p.*f.integer);
    if (f.real) json::AppendNumber(out, p.*f.real);  // null when unset (NaN)
    if (f.big) out += std::to_string(p.*f.big);
    if (f.reals) {  // one number as a number (model files before lists), several as a list
      const std::vector<double>& v = p.*f.reals;
      if (v.size() == 1) json::AppendNumber(out, v[0]);
      else {
        out += '[';
        for (size_t i = 0; i < v.size(); ++i) {
          if (i) out += ',';
          json::AppendNumber(out, v[i]);
        }
        out += ']';
      }
    }
  }
  return out + "}";
}

}  // namespace boostlab
