// XGBoost-style second-order boosting: each round computes (g, h) for the
// current margins, grows one tree on them and adds eta * w* at its leaves.

#include "boostlab/booster.h"

#include <chrono>  // for steady_clock
#include <cmath>   // for isnan

#include "boostlab/errors.h"
#include "data/binned_matrix.h"
#include "objective/metrics.h"
#include "objective/objective.h"
#include "tree/tree_learner.h"
#include "util/json.h"
#include "util/thread_pool.h"

namespace boostlab {

struct Booster::Impl {
  const Dataset& data;
  Params params;
  ThreadPool pool;
  BinnedMatrix bins;
  TreeLearner learner;
  Model model;
  bool logistic;
  std::vector<float> margin;  // per row (train and valid)
  std::vector<GradPair> gpair;
  std::vector<float> pred;  // transformed margins, for metrics
  int round = 0;

  Impl(const Dataset& d, const Params& p)
      : data(d),
        params(p),
        pool(p.nthread),
        bins(BinnedMatrix::Build(d.x, d.train_rows, p.max_bin, pool)),
        learner(bins, TreeParams{p.max_depth, p.eta, p.lambda, p.gamma, p.min_child_weight}, pool) {}

  void UpdatePredictions(std::span<const RowIdx> rows) {
    for (RowIdx r : rows) pred[r] = logistic ? Logistic::Transform(margin[r]) : margin[r];
  }

  std::vector<Metric> Evaluate(std::span<const RowIdx> rows) const {
    if (logistic) return {{"logloss", LogLoss(pred, data.label, rows)}, {"error", ErrorRate(pred, data.label, rows)}};
    return {{"rmse", Rmse(pred, data.label, rows)}};
  }
};

namespace {

std::string ChooseObjective(const Dataset& data, const std::string& requested) {
  const bool binary = data.task == Task::kBinary;
  if (requested.empty()) return binary ? Logistic::kName : SquaredError::kName;
  if (requested == Logistic::kName && !binary)
    throw Error("BAD_PARAM", "Parameter 'objective' is binary:logistic, but the target '" + data.target +
                                 "' is a regression target (not two classes). Use reg:squarederror.");
  return requested;
}

}  // namespace

Booster::Booster(const Dataset& data, const Params& params) {
  const std::string objective = ChooseObjective(data, params.objective);
  const bool logistic = objective == Logistic::kName;
  if (logistic && !std::isnan(params.base_score) && !(params.base_score > 0 && params.base_score < 1))
    throw Error("BAD_PARAM", "Parameter 'base_score' is a probability for binary:logistic; allowed range is (0, 1).");
  if (params.algorithm != "xgboost")
    throw Error("BAD_PARAM", "Parameter 'algorithm' is '" + params.algorithm + "'; allowed: xgboost.");

  impl_ = std::make_unique<Impl>(data, params);
  Impl& s = *impl_;
  s.logistic = logistic;
  double base = params.base_score;
  if (std::isnan(base)) {  // boost from the average label of the training rows
    double sum = 0;
    for (RowIdx r : data.train_rows) sum += data.label[r];
    base = sum / static_cast<double>(data.train_rows.size());
  }
  s.model.objective = objective;
  s.model.base_margin = logistic ? Logistic::MarginOf(base) : SquaredError::MarginOf(base);
  s.model.features = data.features;
  s.model.target = data.target;
  s.model.classes = data.classes;
  s.model.params = params;
  s.model.params.objective = objective;
  s.model.params.nthread = 0;  // how it was trained, not what it is: models match across thread counts
  const size_t n = data.x.num_rows;
  s.margin.assign(n, static_cast<float>(s.model.base_margin));
  s.gpair.assign(n, GradPair{});
  s.pred.assign(n, 0.0f);
}

Booster::~Booster() = default;

bool Booster::Done() const { return impl_->round >= impl_->params.rounds; }
const Model& Booster::model() const { return impl_->model; }
Model Booster::TakeModel() { return std::move(impl_->model); }
int Booster::threads() const { return impl_->pool.size(); }

RoundReport Booster::TrainOneRound() {
  Impl& s = *impl_;
  const auto start = std::chrono::steady_clock::now();
  if (s.logistic) ComputeGradients<Logistic>(s.margin, s.data.label, s.data.train_rows, s.gpair);
  else ComputeGradients<SquaredError>(s.margin, s.data.label, s.data.train_rows, s.gpair);

  Tree tree = s.learner.Grow(s.gpair, s.data.train_rows);
  s.learner.ForEachRowLeaf(tree, [&](RowIdx r, float value) { s.margin[r] += value; });
  for (RowIdx r : s.data.valid_rows) s.margin[r] += tree.PredictRow(s.data.x, r);
  s.UpdatePredictions(s.data.train_rows);
  s.UpdatePredictions(s.data.valid_rows);

  RoundReport report;
  report.round = ++s.round;
  report.train = s.Evaluate(s.data.train_rows);
  if (!s.data.valid_rows.empty()) report.valid = s.Evaluate(s.data.valid_rows);
  report.tree_depth = tree.Depth();
  report.tree_leaves = tree.NumLeaves();
  for (const TreeNode& node : tree.nodes) report.tree_gain += node.IsLeaf() ? 0 : node.gain;
  s.model.trees.push_back(std::move(tree));
  report.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return report;
}

std::string RoundReportToJson(const RoundReport& r) {
  auto metrics = [](std::string& out, const std::vector<Metric>& ms) {
    out += '{';
    for (size_t i = 0; i < ms.size(); ++i) {
      if (i) out += ',';
      json::AppendString(out, ms[i].name);
      out += ':';
      json::AppendNumber(out, ms[i].value);
    }
    out += '}';
  };
  std::string out = "{\"round\":" + std::to_string(r.round) + ",\"train\":";
  metrics(out, r.train);
  out += ",\"valid\":";
  metrics(out, r.valid);
  out += ",\"ms\":";
  json::AppendNumber(out, r.ms);
  out += ",\"tree\":{\"depth\":" + std::to_string(r.tree_depth) + ",\"leaves\":" + std::to_string(r.tree_leaves) +
         ",\"gain\":";
  json::AppendNumber(out, r.tree_gain);
  return out + "}}";
}

}  // namespace boostlab
