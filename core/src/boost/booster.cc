// The booster: sets up the shared training context as its algorithm asks
// (boost/algorithm.h), runs its rounds, and ends each with metrics, early
// stopping and the check that what a round added can be saved.

#include "boostlab/booster.h"

#include <algorithm>  // for min, count_if
#include <chrono>  // for steady_clock
#include <cmath>   // for isnan, isfinite, abs
#include <limits>  // for numeric_limits

#include "boost/booster_impl.h"
#include "boostlab/errors.h"
#include "objective/custom_objective.h"
#include "data/binned_matrix.h"
#include "objective/metrics.h"
#include "objective/objective.h"
#include "tree/tree_learner.h"
#include "util/json.h"
#include "util/quote.h"
#include "util/thread_pool.h"

namespace boostlab {
namespace {

const char* TaskName(Task t) {
  return t == Task::kRegression ? "a regression" : t == Task::kBinary ? "a binary" : t == Task::kRanking ? "a ranking" : "a multiclass";
}

// Picks the objective for the task, or checks the one asked for against it.
std::string ChooseObjective(const Dataset& data, const Params& p, int* num_class) {
  const int classes = static_cast<int>(data.classes.size());
  std::string objective = p.objective;
  const bool rank = objective.rfind("rank:", 0) == 0;
  if (data.task == Task::kRanking) {
    if (objective.empty()) return "rank:ndcg";
    if (!rank)
      throw Error("BAD_PARAM", "Parameter 'objective' is " + objective + ", but the data has a group column (" + data.group_column +
                                   "): use rank:pairwise or rank:ndcg (LambdaMART), or train without the group column.");
    return objective;
  }
  if (objective == "custom") {  // the caller's loss: one output, or one a class
    *num_class = data.task == Task::kMulticlass ? classes : 0;
    return objective;
  }
  if (rank)
    throw Error("BAD_PARAM", "Parameter 'objective' is " + objective + ": ranking needs a group column, the query each row belongs "
                             "to (toDataset's group, e.g. group: 'qid').");
  if (objective.empty()) {
    if (data.task == Task::kRegression) return "reg:squarederror";
    if (data.task == Task::kBinary) return "binary:logistic";
    *num_class = p.num_class ? p.num_class : classes;
    objective = "multi:softprob";
  }
  const bool multi = objective.rfind("multi:", 0) == 0;
  auto refuse = [&](const std::string& why) {
    throw Error("BAD_PARAM", "Parameter 'objective' is " + objective + ", but '" + data.target + "' is " +
                                 TaskName(data.task) + " target" + why + ".");
  };
  if (multi) {
    if (data.task == Task::kRegression) refuse("; multi:* needs classes");
    if (p.num_class == 0 && p.objective == objective)
      throw Error("BAD_PARAM", "Parameter 'num_class' is required for " + objective + " (the target has " +
                                   std::to_string(classes) + " classes).");
    *num_class = p.num_class ? p.num_class : classes;
    if (*num_class != classes)
      throw Error("BAD_PARAM", "Parameter 'num_class' is " + std::to_string(*num_class) + ", but '" + data.target +
                                   "' has " + std::to_string(classes) + " classes.");
    return objective;
  }
  if (data.task == Task::kMulticlass) refuse(" (use multi:softprob or multi:softmax)");
  if ((objective == "binary:logistic" || objective == "binary:exponential") && data.task != Task::kBinary)
    refuse(" (not two classes); use a reg: objective");
  return objective;
}

}  // namespace



namespace {

// A model to continue from must add up the way this run's will.
// Returns what to say about the run: a model whose classes are XGBoost's
// indices continues with them read as the data's classes in order.
std::vector<std::string> CheckContinuable(const Model& init, const Dataset& data, const Params& params, const std::string& objective, int K) {
  if (params.algorithm != "xgboost" && params.algorithm != "gbdt")
    throw Error("BAD_PARAM", "Training continues from a model by adding trees: algorithm '" + params.algorithm +
                                 "' does not (a forest averages its trees, AdaBoost reweights its rows). Use xgboost or gbdt.");
  if (init.objective != objective)
    throw Error("BAD_PARAM", "The model to continue was trained with objective '" + init.objective + "'; this run's is '" + objective + "'.");
  if (init.num_outputs != K || init.TreesPerRound() != K || init.average_trees || init.median_trees)
    throw Error("BAD_PARAM", "The model to continue does not add one tree per output each round, as this run would.");
  if (init.features.size() != data.features.size())
    throw Error("BAD_PARAM", "The model to continue has " + std::to_string(init.features.size()) + " features; the data has " +
                                 std::to_string(data.features.size()) + ".");
  for (size_t f = 0; f < data.features.size(); ++f) {
    const FeatureInfo &a = init.features[f], &b = data.features[f];
    if (a.name != b.name || a.type != b.type || a.levels != b.levels)
      throw Error("BAD_PARAM", "Feature " + std::to_string(f + 1) + " of the model to continue is '" + a.name + "'" +
                                   (a.name == b.name ? " with other types or categories" : "") + "; the data's is '" + b.name + "'.");
  }
  // Classes: the model's must be the data's, or an XGBoost model's indices
  // ('0', '1', ...: XGBoost trains on codes), read as the data's in order.
  std::vector<std::string> notes;
  if (!init.classes.empty() && init.classes != data.classes) {
    bool indices = init.classes.size() == data.classes.size();
    for (size_t k = 0; indices && k < init.classes.size(); ++k) indices = init.classes[k] == std::to_string(k);
    std::vector<std::string> theirs, ours;
    for (size_t k = 0; k < std::min<size_t>(init.classes.size(), 5); ++k) theirs.push_back(Quote(init.classes[k]));
    for (size_t k = 0; k < std::min<size_t>(data.classes.size(), 5); ++k) ours.push_back(Quote(data.classes[k]));
    const auto list = [](const std::vector<std::string>& q, size_t n) {
      std::string out;
      for (size_t i = 0; i < q.size(); ++i) out += (i ? ", " : "") + q[i];
      return out + (n > q.size() ? ", ..." : "");
    };
    if (!indices)
      throw Error("BAD_PARAM", "The model to continue predicts the classes " + list(theirs, init.classes.size()) + "; the data's are " +
                                   list(ours, data.classes.size()) + ".");
    notes.push_back("The model's classes " + list(theirs, init.classes.size()) + " (XGBoost's codes) are read as the data's " +
                    list(ours, data.classes.size()) + ", in that order (as a label encoder sorts them).");
  }
  return notes;
}

}  // namespace

Booster::Booster(const Dataset& data, const Params& params, const Model* init) {
  impl_ = std::make_unique<Impl>(data, params);
  TrainingContext& s = impl_->ctx;
  Algorithm& algorithm = *impl_->algorithm;
  // Everything is checked before any work starts.
  CheckHasValues(data.x, "Training");
  s.classes = data.task == Task::kRegression ? 0 : static_cast<int>(data.classes.size());
  if (data.task == Task::kRanking && params.algorithm != "xgboost" && params.algorithm != "gbdt" && params.algorithm != "gbrank")
    throw Error("BAD_PARAM", "Parameter 'algorithm' is " + params.algorithm + ", which does not rank: with a group column (" +
                                 data.group_column + ") train xgboost or gbdt with rank:pairwise or rank:ndcg, or gbrank.");
  algorithm.Check();
  if (!data.base_margin.empty() && (params.algorithm != "xgboost" && params.algorithm != "gbdt"))
    throw Error("BAD_PARAM", "A base margin column starts each row's sum of trees; algorithm " + params.algorithm +
                                 " does not add trees to a margin (train xgboost or gbdt).");
  if (params.algorithm == "gbrank" && !data.weight.empty())
    throw Error("BAD_PARAM", "Algorithm gbrank does not weigh queries yet; with a weight column train xgboost or gbdt with rank:pairwise or "
                             "rank:ndcg, which weigh each query's pairs by its weight (as XGBoost's group weights).");
  if (params.booster == "dart" && params.algorithm != "xgboost")
    throw Error("BAD_PARAM", "Parameter 'booster' is dart, the dropout of XGBoost's trees: it trains with algorithm xgboost, not " +
                                 params.algorithm + ".");
  if (params.booster == "dart" && params.early_stopping_rounds > 0)
    throw Error("BAD_PARAM", "Parameter 'early_stopping_rounds' with booster dart: each later round rescales the trees it drops, those "
                             "of the best round among them, so the model cut back to the best round is not the one that scored "
                             "best. Train a fixed number of rounds (cv() or a search of the settings finds one).");
  if (params.early_stopping_rounds > 0 && data.valid_rows.empty())
    throw Error("BAD_PARAM", "Parameter 'early_stopping_rounds' needs validation rows (validFraction > 0).");
  int num_class = 0;
  Params chosen = params;
  // AdaBoost's and the forest's outputs are internal objectives, chosen by the task.
  const std::string own_objective = algorithm.Objective();
  // Their own loss, chosen by the task: another asked for would be trained without a word.
  if (!own_objective.empty() && !params.objective.empty() && params.objective != own_objective)
    throw Error("BAD_PARAM", "Parameter 'objective' is " + params.objective + ", but algorithm " + params.algorithm +
                                 " minimises its own loss (" + own_objective + ", chosen by the task): leave objective out, or train "
                                 "xgboost or gbdt with " + params.objective + ".");
  if (!own_objective.empty()) {
    chosen.objective = own_objective;
    chosen.num_class = data.task == Task::kMulticlass ? s.classes : 0;
  }
  const bool least_squares = algorithm.LeastSquares();
  const std::string objective = ChooseObjective(data, chosen, &num_class);
  if (objective == "custom" && params.booster == "dart")
    throw Error("BAD_PARAM", "Objective 'custom' with booster dart: your gradients are taken at the margins of all trees, and dart "
                             "needs them at the margins without the trees each round drops. Use booster gbtree, or a built-in objective.");
  if (objective == "custom" && (params.algorithm != "xgboost" || params.leaf_newton_steps > 1))
    throw Error("BAD_PARAM", "Objective 'custom' (your own gradients and hessians) trains with algorithm xgboost and one Newton step a leaf "
                             "(leaf_newton_steps 1): the other algorithms and steps need the loss itself, which the engine does not have.");
  if (params.algorithm != "xgboost")
    for (const auto& [name, text] : {std::pair{"monotone_constraints", &params.monotone_constraints},
                                     std::pair{"interaction_constraints", &params.interaction_constraints}})
      if (!text->empty())
        throw Error("BAD_PARAM", std::string("Parameter '") + name + "' constrains the trees of algorithm xgboost, as XGBoost's; " +
                                     params.algorithm + " sets its leaves or combines its trees in ways the constraint would not "
                                     "hold through. Train algorithm xgboost, or leave it out.");
  s.objective = MakeObjective(objective, params, num_class);
  if (objective == "custom" && params.early_stopping_rounds > 0 && params.eval_metric.empty())
    throw Error("BAD_PARAM", "Early stopping with objective 'custom' watches a metric: name one in eval_metric (rmse, logloss, ...).");
  algorithm.CheckLoss();
  if (!data.weight.empty()) {
    s.weight = data.weight;
    if (least_squares) {
      double total = 0;
      for (RowIdx r : data.train_rows) total += data.weight[r];
      // A power of two, so scaling rounds nothing: weighted medians and
      // quantiles then fall exactly where they do on the weights given.
      const double scale = std::exp2(std::round(std::log2(static_cast<double>(data.train_rows.size()) / total)));
      for (float& w : s.weight) w = static_cast<float>(w * scale);
    }
  }
  s.objective->SetWeights(s.weight);
  s.objective->SetGroups(&data.train_groups);
  s.K = s.objective->outputs();
  if (!data.base_margin.empty() && data.base_margin_columns.size() != static_cast<size_t>(s.K)) {
    const size_t given = data.base_margin_columns.size();
    throw Error("BAD_PARAM", std::to_string(given) + " base margin column" + (given == 1 ? " gives" : "s give") + " each row " + std::to_string(given) +
                                 " starting margin" + (given == 1 ? "" : "s") + "; " + objective +
                                 (s.K == 1 ? " has one output: give one column."
                                           : " has " + std::to_string(s.K) + " outputs: give one column each, in the outputs' order (" +
                                                 (!data.classes.empty() ? "the classes sorted" : "the quantiles as listed") + ")."));
  }
  if (init) impl_->notes = CheckContinuable(*init, data, params, objective, s.K);
  s.objective->CheckLabels(data.label, data.train_rows);
  if (objective.rfind("binary:", 0) == 0 && !std::isnan(params.base_score) && !(params.base_score > 0 && params.base_score < 1))
    throw Error("BAD_PARAM", "Parameter 'base_score' is a probability for " + objective + "; allowed range is (0, 1).");
  std::string metric_list = params.eval_metric;
  if (metric_list.empty())
    for (const std::string& m : s.objective->DefaultMetrics()) metric_list += (metric_list.empty() ? "" : ",") + m;
  s.metrics = ParseMetrics(metric_list, s.K, objective);
  for (MetricSpec& m : s.metrics)
    if (m.name == "quantile") m.quantiles = params.quantile_alpha;

  // Cut points come from the training rows that weigh something: a row of
  // weight 0 must not move a split's threshold (XGBoost's sketch skips it too).
  // (A copy of 36M rows was 144 MB of a 40M-row file's heap: made only when
  // some weigh nothing, and the binning's own, freed once the cuts are made.)
  const auto weighs_nothing = [&](RowIdx r) { return !data.weight.empty() && !(data.weight[r] > 0); };
  std::vector<RowIdx> weighed;
  if (const size_t nothing = std::count_if(data.train_rows.begin(), data.train_rows.end(), weighs_nothing)) {
    weighed.reserve(data.train_rows.size() - nothing);
    for (RowIdx r : data.train_rows)
      if (!weighs_nothing(r)) weighed.push_back(r);
  }
  // The algorithms whose reference is scikit-learn place thresholds between
  // training values as CART does; XGBoost-style ones at XGBoost's cut values.
  const CutPlacement placement = least_squares ? CutPlacement::kMidpoint : CutPlacement::kNextValue;
  TreeParams& tp = impl_->tree_params;
  tp.max_depth = params.max_depth;
  tp.max_leaves = params.max_leaves;
  tp.lossguide = params.grow_policy == "lossguide";
  tp.quantised = params.quantized_grad != 0;
  tp.eta = params.eta;
  tp.gamma = params.gamma;
  const double mds = std::isnan(params.max_delta_step) ? s.objective->DefaultMaxDeltaStep() : params.max_delta_step;
  tp.split = SplitParams{params.lambda, params.alpha, mds, params.min_child_weight, params.max_cat_to_onehot,
                         params.max_cat_threshold};
  tp.colsample_bytree = params.colsample_bytree;
  tp.colsample_bylevel = params.colsample_bylevel;
  tp.colsample_bynode = params.colsample_bynode;
  if (least_squares) {  // least-squares trees on residuals or weighted labels: no regularisation
    tp.split.lambda = tp.split.alpha = tp.split.max_delta_step = 0;
    tp.gamma = 0;
  }
  tp.constraints = ResolveFeatureConstraints(params.monotone_constraints, params.interaction_constraints, data.features);
  algorithm.ConfigureTrees(tp);
  Model& m = s.model;
  m.objective = objective;
  m.num_outputs = s.K;
  m.base_margin = std::isnan(params.base_score)
                      ? s.objective->AverageMargin(data.label, data.train_rows)
                      : std::vector<double>(s.K, s.K > 1 ? params.base_score : s.objective->MarginOfBaseScore(params.base_score));
  for (double b : m.base_margin)
    if (!(std::abs(b) <= std::numeric_limits<float>::max()))
      throw Error("BAD_PARAM", "The starting margin is " + json::Describe(json::Number(b)) + ", beyond the range of 32-bit floats "
                               "(about ±3.4e38)" + (std::isnan(params.base_score) ? ": the target's values are too large; scale them down."
                                                                                   : ": lower 'base_score'."));
  m.features = data.features;
  m.target = data.target;
  // Classes where the model predicts them: a reg: objective on a two-class
  // target (its labels 0 and 1) predicts a number, and its file says so.
  // (Several quantiles are several outputs of one number.)
  const bool predicts_classes = (s.K > 1 && objective != "reg:quantileerror") || objective.rfind("binary:", 0) == 0;
  if (predicts_classes) m.classes = data.classes;
  m.params = params;
  // The params are what the user asked for: an algorithm's own objective
  // (AdaBoost's, the forest's) is internal, and only the model's `objective` names it.
  m.params.objective = own_objective.empty() ? objective : params.objective;
  m.params.num_class = predicts_classes && s.K > 1 ? s.K : 0;
  m.params.nthread = 0;  // how it was trained, not what it is: models match across thread counts
  if (init) {
    // Continued: the model's trees first, each row from its margin (FinishBinning
    // walks them in this model: the one given need not live until then).
    m.base_margin = init->base_margin;
    m.trees = init->trees;
    s.init_trees = init->trees.size();
  }
  impl_->binning = std::make_unique<BinnedMatrixBuilder>(data.x, data.features, data.train_rows, params.max_bin, s.pool,
                                                         placement, algorithm.Layout());
  if (!weighed.empty()) impl_->binning->OwnCutRows(std::move(weighed));
}

// Once the bins are made, what still reads feature values: a continued
// run's starting margins, walked down its model's trees (whose thresholds
// need not be cut points).
// The walk comes first: if it throws, the builder is still there, and a
// Prepare after it fails the same way instead of reading a builder let go.
void Booster::Impl::FinishBinning() {
  TrainingContext& s = ctx;
  if (s.init_trees) {
    s.margin.resize(s.data.x.num_rows * s.K);
    s.model.Predict(s.data.x, s.margin, false, SIZE_MAX, 0, s.data.base_margin);
  }
  s.bins = binning->Take();
  binning.reset();
  prepared = true;
}

// Before round 1, after Prepare: the learners, each row's starting margin
// and predictions, the algorithm's own state. Not in Prepare: a caller that
// lets the feature values go once binned (FeatureColumns::Release) frees
// them before these allocations, so the heap's peak holds one or the other.
void Booster::Impl::StartTraining() {
  TrainingContext& s = ctx;
  const int num_learners = algorithm->Learners();
  for (int l = 0; l < num_learners; ++l) s.learners.push_back(std::make_unique<TreeLearner>(s.bins, tree_params, s.pool));
  const size_t n = s.data.x.num_rows;
  if (!s.init_trees) {
    s.margin.resize(n * s.K);
    // Each row from its own starting margin when the data gives one (XGBoost's base_margin), else f0.
    for (size_t r = 0; r < n; ++r)
      for (int k = 0; k < s.K; ++k)
        s.margin[r * s.K + k] = s.data.base_margin.empty() ? static_cast<float>(s.model.base_margin[k]) : s.data.base_margin[r * s.K + k];
  }
  algorithm->Start();
  s.pred.assign(n * s.K, 0.0f);
  s.UpdatePredictions(s.data.train_rows);  // the first round's gradients read them
  started = true;
}

bool Booster::Prepare() {
  if (impl_->prepared) return true;
  impl_->CheckNotTaken("prepare()");  // the model a continued run walks went with take()
  CheckHasValues(impl_->ctx.data.x, "Binning");  // released before binning was done
  if (impl_->binning->Step()) impl_->FinishBinning();
  return impl_->prepared;
}

double Booster::PrepareProgress() const { return impl_->prepared ? 1.0 : impl_->binning->Progress(); }

Booster::~Booster() = default;

bool Booster::Done() const { return impl_->ctx.Done(); }
int Booster::threads() const { return impl_->ctx.pool.size(); }
std::vector<double> Booster::SampleWeights() const { return impl_->algorithm->SampleWeights(); }

RoundStatistics Booster::LastRoundStatistics() const {
  impl_->CheckNotTaken("roundStatistics()");  // the round's trees went with the model
  RoundStatistics out;
  out.round = impl_->ctx.round;
  out.outputs = impl_->ctx.K;
  if (out.round > 0) impl_->algorithm->Describe(out);
  return out;
}

namespace {

// With early stopping, the model is cut back to its best round (after the
// trees of a model it continues). It only ever cuts: growing it would add
// trees without nodes, which every walk of a tree reads past.
void CutToBestRound(Model& m, const Params& params, int best_round, size_t init_trees) {
  if (params.early_stopping_rounds <= 0 || best_round < 0) return;
  const size_t per_round = static_cast<size_t>(m.TreesPerRound());
  const size_t keep = init_trees + static_cast<size_t>(best_round + 1) * per_round;
  if (keep > m.trees.size())
    throw Error("INTERNAL", "The best round (" + std::to_string(best_round + 1) + ") is past the model's " +
                                std::to_string(m.trees.size()) + " trees.");
  m.trees.resize(keep);
  if (!m.tree_weights.empty()) m.tree_weights.resize(m.trees.size());
  m.best_iteration = static_cast<int>(m.trees.size() / per_round) - 1;
}

// A model handed out holds no tree without nodes (every walk starts at node 0).
Model Checked(Model m) {
  for (size_t t = 0; t < m.trees.size(); ++t)
    if (m.trees[t].nodes.empty()) throw Error("INTERNAL", "Tree " + std::to_string(t) + " of the trained model has no nodes.");
  return m;
}

}  // namespace

void Booster::Impl::CheckNotTaken(const char* what) const {
  if (taken)
    throw Error("MODEL_TAKEN", std::string(what) + " comes after take(), which moved the trained model out of this trainer: "
                               "use the model take() returned (or call snapshot() before take()).");
}

Model Booster::Snapshot() const {
  impl_->CheckNotTaken("snapshot()");
  Model m = impl_->ctx.model;
  CutToBestRound(m, impl_->ctx.params, impl_->ctx.best_round, impl_->ctx.init_trees);
  return Checked(std::move(m));
}

// Moved out, not copied: a deep forest's trees can fill half a wasm heap.
Model Booster::TakeModel() {
  impl_->CheckNotTaken("A second take()");
  TrainingContext& s = impl_->ctx;
  Model m = std::move(s.model);
  s.model = Model{};
  s.stopped = true;  // nothing left to add trees to
  impl_->taken = true;
  impl_->algorithm->Stop();
  CutToBestRound(m, s.params, s.best_round, s.init_trees);
  return Checked(std::move(m));
}

std::vector<float> Booster::Margins(bool valid) const {
  impl_->CheckNotTaken("margins()");
  while (!impl_->prepared) const_cast<Booster*>(this)->Prepare();
  if (!impl_->started) impl_->StartTraining();
  const TrainingContext& s = impl_->ctx;
  const std::vector<RowIdx>& rows = valid ? s.data.valid_rows : s.data.train_rows;
  const size_t K = static_cast<size_t>(s.K);
  std::vector<float> out(rows.size() * K);
  for (size_t i = 0; i < rows.size(); ++i)
    for (size_t k = 0; k < K; ++k) out[i * K + k] = s.margin[static_cast<size_t>(rows[i]) * K + k];
  return out;
}

std::vector<float> Booster::Labels(bool valid) const {
  const TrainingContext& s = impl_->ctx;
  const std::vector<RowIdx>& rows = valid ? s.data.valid_rows : s.data.train_rows;
  std::vector<float> out(rows.size());
  for (size_t i = 0; i < rows.size(); ++i) out[i] = s.data.label[rows[i]];
  return out;
}

void Booster::SetGradients(std::span<const float> grad, std::span<const float> hess) {
  auto* custom = dynamic_cast<CustomObjective*>(impl_->ctx.objective.get());
  if (!custom)
    throw Error("BAD_ARGUMENT", std::string("setGradients() is for objective 'custom'; this trainer's is ") + impl_->ctx.objective->name() +
                                    ", whose gradients the engine computes.");
  custom->Give(grad, hess, impl_->ctx.data.train_rows.size());
}

RoundReport Booster::TrainOneRound() {
  TrainingContext& s = impl_->ctx;
  Algorithm& algorithm = *impl_->algorithm;
  // A forest's next round would wait for a tree no thread will grow.
  if (Done())
    throw Error("TRAINING_OVER", "Training is over (" + std::to_string(s.round) + " of " + std::to_string(s.params.rounds) +
                                     " rounds trained" + (s.stopped && s.round < s.params.rounds ? ", then stopped" : "") +
                                     "): no round is left to train. Start a new trainer to train again.");
  while (!Prepare()) {
  }
  if (!impl_->started) impl_->StartTraining();
  const auto start = std::chrono::steady_clock::now();
  const size_t trees_before = s.model.trees.size();
  RoundReport report = algorithm.Round();
  impl_->CheckRoundFinite(trees_before);
  s.UpdatePredictions(s.data.train_rows);
  s.UpdatePredictions(s.data.valid_rows);
  report = s.Finish(std::move(report), start, algorithm.LearnerTimings());
  algorithm.AfterRound(report);
  if (report.round == 1) report.notes = impl_->notes;
  return report;
}

namespace {

// The first number of a tree that is not finite as a float, described ("the
// split gain of tree 0's node 5"); empty if all are. These are what a model
// file holds, and a file with an infinity in it cannot be read back.
std::string FirstNonFinite(const Tree& tree, size_t t) {
  const std::string of_tree = "tree " + std::to_string(t) + "'s node ";
  for (size_t i = 0; i < tree.nodes.size(); ++i) {
    const TreeNode& n = tree.nodes[i];
    if (!std::isfinite(n.value)) return "the value of " + of_tree + std::to_string(i);
    if (!std::isfinite(n.gain)) return "the split gain of " + of_tree + std::to_string(i);
    if (!std::isfinite(n.cover)) return "the cover (sum of hessians) of " + of_tree + std::to_string(i);
    if (!n.IsLeaf() && !n.categorical && !std::isfinite(n.threshold)) return "the threshold of " + of_tree + std::to_string(i);
  }
  for (size_t i = 0; i < tree.leaf_values.size(); ++i)
    if (!std::isfinite(tree.leaf_values[i])) return "a leaf value of tree " + std::to_string(t);
  for (size_t i = 0; i < tree.sum_grad.size(); ++i)
    if (!std::isfinite(tree.sum_grad[i])) return "the sum of gradients (G) of " + of_tree + std::to_string(i);
  return "";
}

}  // namespace

void Booster::Impl::CheckRoundFinite(size_t trees_before) {
  TrainingContext& s = ctx;
  std::string what;
  for (size_t t = trees_before; t < s.model.trees.size() && what.empty(); ++t) {
    what = FirstNonFinite(s.model.trees[t], t);
    if (what.empty() && t < s.model.tree_weights.size() && !std::isfinite(s.model.tree_weights[t]))
      what = "the weight of tree " + std::to_string(t);
  }
  if (what.empty()) return;
  // The model keeps the rounds before this one: it saves and loads.
  s.model.trees.resize(trees_before);
  if (s.model.tree_weights.size() > trees_before) s.model.tree_weights.resize(trees_before);
  s.stopped = true;
  algorithm->Stop();
  double label = 0, w = 0;
  for (RowIdx r : s.data.train_rows) {
    label = std::max(label, std::abs(static_cast<double>(s.data.label[r])));
    if (!s.weight.empty()) w = std::max(w, static_cast<double>(s.data.weight[r]));
  }
  std::string sizes = "the target '" + s.data.target + "' reaches " + json::Describe(json::Number(label));
  if (!s.weight.empty()) sizes += " and the sample weights " + json::Describe(json::Number(w));
  throw Error("NUMERIC_OVERFLOW", "Round " + std::to_string(s.round + 1) + " overflowed: " + what +
                                      " is beyond the range of 32-bit floats (about ±3.4e38). Here " + sizes +
                                      " (with eta " + json::Describe(json::Number(s.params.eta)) +
                                      "): scale the target or the weights down, or lower eta. The model keeps the " +
                                      std::to_string(s.round) + " rounds before.");
}

std::string RoundStatisticsToJson(const RoundStatistics& stats) {
  std::string out = "{\"round\":" + std::to_string(stats.round) + ",\"outputs\":" + std::to_string(stats.outputs) + ",\"kind\":";
  json::AppendString(out, stats.kind);
  out += ",\"leaves\":[";
  for (size_t i = 0; i < stats.leaves.size(); ++i) {
    const RoundStatistics::Leaf& l = stats.leaves[i];
    if (i) out += ',';
    out += "{\"tree\":" + std::to_string(l.tree) + ",\"node\":" + std::to_string(l.node);
    const std::pair<const char*, double> numbers[] = {{"rows", l.rows}, {"weight", l.weight}, {"sumGrad", l.sum_grad},
                                                      {"sumHess", l.sum_hess}, {"mean", l.mean}, {"step", l.step}};
    for (const auto& [name, v] : numbers) {
      out += ",\"";
      out += name;
      out += "\":";
      json::AppendNumber(out, v);
    }
    out += '}';
  }
  out += "],";
  json::AppendArray(out, "treeAlpha", stats.tree_alpha, [](std::string& o, double v) { json::AppendNumber(o, v); });
  out += ',';
  if (stats.kind == "gbrank") {
    out += "\"pairCount\":" + std::to_string(stats.pair_count) + ",\"blend\":{\"keep\":";
    json::AppendNumber(out, stats.blend_keep);
    out += ",\"add\":";
    json::AppendNumber(out, stats.blend_add);
    out += "},";
  }
  json::AppendArray(out, "tried", stats.tried, [](std::string& o, const RoundStatistics::Tried& t) {
    o += "{\"node\":" + std::to_string(t.node) + ',';
    json::AppendArray(o, "features", t.features, [](std::string& oo, int f) { oo += std::to_string(f); });
    o += '}';
  });
  out += '}';
  return out;
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
  out += ",\"metric\":";
  json::AppendString(out, r.metric);
  out += ",\"bestRound\":" + std::to_string(r.best_round);
  if (!r.notes.empty()) {
    out += ",\"notes\":";
    json::AppendStrings(out, r.notes);
  }
  if (r.epsilon == r.epsilon) {  // AdaBoost's quantities, only where they exist
    out += ",\"epsilon\":";
    json::AppendNumber(out, r.epsilon);
    out += ",\"alpha\":";
    json::AppendNumber(out, r.alpha);
  }
  if (r.exp_loss == r.exp_loss) {
    out += ",\"expLoss\":";
    json::AppendNumber(out, r.exp_loss);
  }
  if (r.tree_objective == r.tree_objective) {
    out += ",\"treeObjective\":";
    json::AppendNumber(out, r.tree_objective);
  }
  if (r.dropped >= 0) out += ",\"dropped\":" + std::to_string(r.dropped);
  if (r.pairs >= 0) out += ",\"pairs\":{\"total\":" + std::to_string(r.pairs) + ",\"wrong\":" + std::to_string(r.wrong_pairs) + "}";
  out += ",\"stopped\":";
  out += r.stopped ? "true" : "false";
  out += ",\"ms\":";
  json::AppendNumber(out, r.ms);
  out += ",\"timings\":{\"histogram\":";
  json::AppendNumber(out, r.histogram_ms);
  out += ",\"partition\":";
  json::AppendNumber(out, r.partition_ms);
  out += ",\"split\":";
  json::AppendNumber(out, r.split_ms);
  out += '}';
  out += ",\"work\":{\"histogramCells\":" + std::to_string(r.histogram_cells) + ",\"splitBins\":" + std::to_string(r.split_bins) + '}';
  out += ",\"tree\":{\"depth\":" + std::to_string(r.tree_depth) + ",\"leaves\":" + std::to_string(r.tree_leaves) +
         ",\"gain\":";
  json::AppendNumber(out, r.tree_gain);
  return out + "}}";
}

}  // namespace boostlab
