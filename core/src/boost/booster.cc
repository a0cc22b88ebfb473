// XGBoost-style second-order boosting: each round computes (g, h) of the
// loss at the current margins, grows one tree per output on them and adds
// eta * w* at its leaves.

#include "boostlab/booster.h"

#include <chrono>  // for steady_clock
#include <cmath>   // for isnan, isfinite, abs
#include <limits>  // for numeric_limits

#include "boost/adaboost.h"
#include "boost/booster_impl.h"
#include "boost/gbdt.h"
#include "boostlab/errors.h"
#include "data/binned_matrix.h"
#include "objective/metrics.h"
#include "objective/objective.h"
#include "tree/tree_learner.h"
#include "util/json.h"
#include "util/rng.h"
#include "util/thread_pool.h"

namespace boostlab {
namespace {

const char* TaskName(Task t) {
  return t == Task::kRegression ? "a regression" : t == Task::kBinary ? "a binary" : "a multiclass";
}

// Picks the objective for the task, or checks the one asked for against it.
std::string ChooseObjective(const Dataset& data, const Params& p, int* num_class) {
  const int classes = static_cast<int>(data.classes.size());
  std::string objective = p.objective;
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

RoundReport Booster::Impl::Finish(RoundReport report, std::chrono::steady_clock::time_point start) {
  report.round = ++round;
  if (params.eval_train) report.train = Evaluate(data.train_rows);
  report.metric = metrics.back().name;
  if (!data.valid_rows.empty()) {
    report.valid = Evaluate(data.valid_rows);
    const double score = report.valid.back().value;
    const bool higher = metrics.back().higher_is_better;
    if (best_round < 0 || (higher ? score > best_score : score < best_score)) {
      best_score = score;
      best_round = round - 1;
    }
    report.best_round = best_round + 1;
    if (params.early_stopping_rounds > 0 && round - 1 - best_round >= params.early_stopping_rounds)
      stopped = report.stopped = true;
  }
  report.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  // Summed over learners: thread time, not wall time, for multiclass. A
  // forest's round has its tree's, taken where it grew (the workers may be
  // growing the next ones with the other learners).
  if (!forest) {
    for (auto& learner : learners) {
      const TreeLearner::Timings t = learner->TakeTimings();
      report.histogram_ms += t.histogram * 1000;
      report.partition_ms += t.partition * 1000;
      report.split_ms += t.split * 1000;
    }
  }
  return report;
}


Booster::Booster(const Dataset& data, const Params& params) {
  impl_ = std::make_unique<Impl>(data, params);
  Impl& s = *impl_;
  // Everything is checked before any work starts.
  s.gbdt = params.algorithm == "gbdt";
  s.adaboost = params.algorithm == "adaboost";
  s.forest = params.algorithm == "random_forest";
  s.classes = data.task == Task::kRegression ? 0 : static_cast<int>(data.classes.size());
  if (s.adaboost && data.task == Task::kRegression && params.max_depth == 0)
    throw Error("BAD_PARAM", "Parameter 'max_depth' is 0; AdaBoost.R2's trees need a depth limit (scikit-learn uses 3).");
  if (params.max_depth == 0 && params.grow_policy != "lossguide" && params.max_leaves == 0 && !s.forest)
    throw Error("BAD_PARAM", "Parameter 'max_depth' is 0 (no limit), which needs grow_policy lossguide or max_leaves > 0.");
  if (params.early_stopping_rounds > 0 && data.valid_rows.empty())
    throw Error("BAD_PARAM", "Parameter 'early_stopping_rounds' needs validation rows (validFraction > 0).");
  int num_class = 0;
  Params chosen = params;
  // AdaBoost's and the forest's outputs are internal objectives, chosen by the task.
  const bool real = params.variant == "samme_r";
  if (s.adaboost)
    chosen.objective = data.task == Task::kRegression ? "reg:adaboost_r2"
                       : data.task == Task::kBinary   ? (real ? "binary:samme_r" : "binary:samme")
                                                      : (real ? "multi:samme_r" : "multi:samme");
  if (s.forest)
    chosen.objective = data.task == Task::kRegression ? "reg:squarederror"
                       : data.task == Task::kBinary   ? "binary:forest"
                                                      : "multi:forest";
  if (s.adaboost || s.forest) chosen.num_class = data.task == Task::kMulticlass ? s.classes : 0;
  const std::string objective = ChooseObjective(data, chosen, &num_class);
  s.objective = MakeObjective(objective, params, num_class);
  if (!data.weight.empty()) {
    s.weight = data.weight;
    if (s.gbdt || s.adaboost || s.forest) {
      double total = 0;
      for (RowIdx r : data.train_rows) total += data.weight[r];
      // A power of two, so scaling rounds nothing: weighted medians and
      // quantiles then fall exactly where they do on the weights given.
      const double scale = std::exp2(std::round(std::log2(static_cast<double>(data.train_rows.size()) / total)));
      for (float& w : s.weight) w = static_cast<float>(w * scale);
    }
  }
  s.objective->SetWeights(s.weight);
  s.K = s.objective->outputs();
  s.objective->CheckLabels(data.label, data.train_rows);
  if (objective.rfind("binary:", 0) == 0 && !std::isnan(params.base_score) && !(params.base_score > 0 && params.base_score < 1))
    throw Error("BAD_PARAM", "Parameter 'base_score' is a probability for " + objective + "; allowed range is (0, 1).");
  std::string metric_list = params.eval_metric;
  if (metric_list.empty())
    for (const std::string& m : s.objective->DefaultMetrics()) metric_list += (metric_list.empty() ? "" : ",") + m;
  s.metrics = ParseMetrics(metric_list, s.K, objective);

  // Cut points come from the training rows that weigh something: a row of
  // weight 0 must not move a split's threshold (XGBoost's sketch skips it too).
  std::vector<RowIdx> cut_rows;
  for (RowIdx r : data.train_rows)
    if (data.weight.empty() || data.weight[r] > 0) cut_rows.push_back(r);
  // The algorithms whose reference is scikit-learn place thresholds between
  // training values as CART does; XGBoost-style ones at XGBoost's cut values.
  const CutPlacement placement = s.gbdt || s.adaboost || s.forest ? CutPlacement::kMidpoint : CutPlacement::kNextValue;
  s.bins = BinnedMatrix::Build(data.x, data.features, cut_rows, params.max_bin, s.pool, placement,
                               s.forest ? BinnedMatrix::Layout::kColumns : BinnedMatrix::Layout::kRowsAndColumns);
  TreeParams tp;
  tp.max_depth = params.max_depth;
  tp.max_leaves = params.max_leaves;
  tp.lossguide = params.grow_policy == "lossguide";
  tp.eta = params.eta;
  tp.gamma = params.gamma;
  const double mds = std::isnan(params.max_delta_step) ? s.objective->DefaultMaxDeltaStep() : params.max_delta_step;
  tp.split = SplitParams{params.lambda, params.alpha, mds, params.min_child_weight, params.max_cat_to_onehot,
                         params.max_cat_threshold};
  tp.colsample_bytree = params.colsample_bytree;
  tp.colsample_bylevel = params.colsample_bylevel;
  tp.colsample_bynode = params.colsample_bynode;
  if (s.forest) {
    // Deep least-squares trees on bootstrap counts; sqrt(p) or p/3 features per split unless set.
    tp.eta = 1;
    tp.forest = true;
    tp.split.float_gain = false;
    if (std::isnan(params.colsample_bynode)) {  // automatic
      const double p = static_cast<double>(data.features.size());
      tp.colsample_bynode = data.task == Task::kRegression ? 1.0 / 3.0 : std::sqrt(p) / p;
    }
  }
  if (s.gbdt || s.adaboost || s.forest) {  // least-squares trees on residuals or weighted labels: no regularisation
    tp.split.lambda = tp.split.alpha = tp.split.max_delta_step = 0;
    tp.gamma = 0;
  }
  if (s.adaboost) {
    tp.eta = 1;                       // leaves hold weighted class shares (or means); the vote comes after
    tp.split.min_child_weight = 0;    // weights sum to 1: any non-empty child may stand (as min_samples_leaf = 1)
    tp.split.float_gain = false;      // Gini decreases compared exactly, as scikit-learn does
  }
  // A forest grows its trees ahead of the rounds, one per learner (its
  // slot), two learners per thread: a thread that finishes a tree takes the
  // next one while the others still grow theirs.
  const int forest_learners = s.pool.size() > 1 ? 2 * s.pool.size() : 1;
  const int num_learners = s.forest ? forest_learners : s.K > 1 && !s.adaboost ? std::min(s.K, s.pool.size()) : 1;
  for (int l = 0; l < num_learners; ++l) {
    s.learners.push_back(std::make_unique<TreeLearner>(s.bins, tp, s.pool));
    if (s.forest) s.learners.back()->StopAtPureNodes(data.label);
  }

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
  m.classes = data.classes;
  m.params = params;
  // The params are what the user asked for: AdaBoost's and the forest's
  // outputs are internal objectives that only the model's `objective` names.
  m.params.objective = (s.adaboost || s.forest) ? params.objective : objective;
  m.params.num_class = s.K > 1 ? s.K : 0;
  m.params.nthread = 0;  // how it was trained, not what it is: models match across thread counts
  const size_t n = data.x.num_rows;
  s.margin.resize(n * s.K);
  for (size_t r = 0; r < n; ++r)
    for (int k = 0; k < s.K; ++k) s.margin[r * s.K + k] = static_cast<float>(m.base_margin[k]);
  s.gpair.assign(n * s.K, GradPair{});
  if (s.gbdt || s.adaboost) s.fit_gpair.assign(n * (s.adaboost ? 1 : s.K), GradPair{});
  if (s.forest) {
    m.average_trees = true;
    m.base_margin.assign(s.K, 0.0);
    std::fill(s.margin.begin(), s.margin.end(), 0.0f);
    s.forest_sum.assign(n * s.K, 0.0);
    s.oob = OutOfBag(n, s.K);
    s.is_valid_row.assign(n, 0);
    s.slots = std::vector<Impl::ForestSlot>(s.learners.size());
    for (RowIdx r : data.valid_rows) s.is_valid_row[r] = 1;
  }
  if (s.adaboost) {
    s.u.assign(n, 0.0);
    // u starts at 1/N, or in proportion to the sample weights.
    double total = 0;
    for (RowIdx r : data.train_rows) total += s.weight.empty() ? 1.0 : s.weight[r];
    for (RowIdx r : data.train_rows) s.u[r] = (s.weight.empty() ? 1.0 : s.weight[r]) / total;
  }
  if (s.adaboost && data.task == Task::kRegression) {
    // R2 keeps every tree's prediction per row to take their weighted median.
    constexpr double kMaxCells = 32e6;  // 256 MB: a float and a tree index each
    if (static_cast<double>(n) * params.rounds > kMaxCells)
      throw Error("BAD_PARAM", "Parameter 'rounds' is " + std::to_string(params.rounds) + ": AdaBoost.R2 keeps each tree's "
                               "prediction for each of the " + std::to_string(n) + " rows to take their weighted median, "
                               "and rows x rounds may be at most 32 million. Lower rounds or use fewer rows.");
    s.r2_pred.assign(n * static_cast<size_t>(params.rounds), 0.0f);
    s.r2_tree.assign(n * static_cast<size_t>(params.rounds), 0);
    m.median_trees = true;
  }
  s.pred.assign(n * s.K, 0.0f);
  s.UpdatePredictions(data.train_rows);  // the first round's gradients read them
}

Booster::~Booster() = default;

bool Booster::Done() const { return impl_->round >= impl_->params.rounds || impl_->stopped; }
int Booster::threads() const { return impl_->pool.size(); }
std::vector<double> Booster::SampleWeights() const { return impl_->u; }

namespace {

// With early stopping, the model is cut back to its best round.
void CutToBestRound(Model& m, const Params& params, int best_round) {
  if (params.early_stopping_rounds <= 0 || best_round < 0) return;
  m.trees.resize(static_cast<size_t>(best_round + 1) * m.TreesPerRound());
  if (!m.tree_weights.empty()) m.tree_weights.resize(m.trees.size());
  m.best_iteration = best_round;
}

}  // namespace

Model Booster::Snapshot() const {
  Model m = impl_->model;
  CutToBestRound(m, impl_->params, impl_->best_round);
  return m;
}

// Moved out, not copied: a deep forest's trees can fill half a wasm heap.
Model Booster::TakeModel() {
  Model m = std::move(impl_->model);
  impl_->model = Model{};
  impl_->stopped = true;  // nothing left to add trees to
  impl_->StopForest();
  CutToBestRound(m, impl_->params, impl_->best_round);
  return m;
}

RoundReport Booster::TrainOneRound() {
  Impl& s = *impl_;
  // A forest's next round would wait for a tree no thread will grow.
  if (Done())
    throw Error("TRAINING_OVER", "Training is over (" + std::to_string(s.round) + " of " + std::to_string(s.params.rounds) +
                                     " rounds trained" + (s.stopped && s.round < s.params.rounds ? ", then stopped" : "") +
                                     "): no round is left to train. Start a new trainer to train again.");
  const auto start = std::chrono::steady_clock::now();
  const size_t trees_before = s.model.trees.size();
  RoundReport report = s.forest                                            ? s.ForestRound()
                       : s.adaboost && s.data.task == Task::kRegression ? s.AdaBoostR2Round()
                       : s.adaboost                                     ? s.AdaBoostRound()
                                                                        : s.BoostRound();
  s.CheckRoundFinite(trees_before);
  s.UpdatePredictions(s.data.train_rows);
  s.UpdatePredictions(s.data.valid_rows);
  report = s.Finish(std::move(report), start);
  if (s.forest) {
    if (Done()) s.StopForest();  // no more trees: the workers return
    // The forest's loss per round: out-of-bag error (or RMSE) of the trees so far.
    const bool classification = s.data.task != Task::kRegression;
    report.train.push_back({classification ? "oob_error" : "oob_rmse", s.oob.Score(s.data.label, s.weight, s.data.train_rows, classification)});
  }
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
  return "";
}

}  // namespace

void Booster::Impl::CheckRoundFinite(size_t trees_before) {
  std::string what;
  for (size_t t = trees_before; t < model.trees.size() && what.empty(); ++t) {
    what = FirstNonFinite(model.trees[t], t);
    if (what.empty() && t < model.tree_weights.size() && !std::isfinite(model.tree_weights[t]))
      what = "the weight of tree " + std::to_string(t);
  }
  if (what.empty()) return;
  // The model keeps the rounds before this one: it saves and loads.
  model.trees.resize(trees_before);
  if (model.tree_weights.size() > trees_before) model.tree_weights.resize(trees_before);
  stopped = true;
  StopForest();
  double label = 0, w = 0;
  for (RowIdx r : data.train_rows) {
    label = std::max(label, std::abs(static_cast<double>(data.label[r])));
    if (!weight.empty()) w = std::max(w, static_cast<double>(data.weight[r]));
  }
  std::string sizes = "the target '" + data.target + "' reaches " + json::Describe(json::Number(label));
  if (!weight.empty()) sizes += " and the sample weights " + json::Describe(json::Number(w));
  throw Error("NUMERIC_OVERFLOW", "Round " + std::to_string(round + 1) + " overflowed: " + what +
                                      " is beyond the range of 32-bit floats (about ±3.4e38). Here " + sizes +
                                      " (with eta " + json::Describe(json::Number(params.eta)) +
                                      "): scale the target or the weights down, or lower eta. The model keeps the " +
                                      std::to_string(round) + " rounds before.");
}

// One round of XGBoost-style or Friedman boosting: K trees on the loss's gradients.
RoundReport Booster::Impl::BoostRound() {
  Impl& s = *this;
  const size_t n = s.data.x.num_rows;
  const int K = s.K;
  s.objective->Gradients(s.margin, s.pred, s.data.label, s.data.train_rows, s.gpair, s.pool);
  if (s.params.subsample < 1.0 && s.gbdt) {
    Rng rng(s.SeedFor(s.round, 0, 17));
    GbdtSubsample(s.gpair, n, K, s.data.train_rows, s.params.subsample, rng);
  } else if (s.params.subsample < 1.0) {
    // Rows left out of this round keep their place but weigh nothing (as XGBoost's hist).
    Rng rng(s.SeedFor(s.round, 0, 17));
    for (RowIdx r : s.data.train_rows)
      if (static_cast<double>(rng.Next() >> 11) * 0x1.0p-53 >= s.params.subsample)
        for (int k = 0; k < K; ++k) s.gpair[k * n + r] = GradPair{};
  }

  RoundReport report;
  std::vector<Tree> trees(K);
  const int L = static_cast<int>(s.learners.size());
  // Softmax's h is XGBoost's 2p(1-p); Friedman's multinomial step is (K-1)/K * sum r / sum p(1-p).
  const double newton_scale = K > 1 ? 2.0 * (K - 1) / K : 1.0;
  auto grow_class = [&](TreeLearner& learner, int k) {
    std::span<const GradPair> loss(s.gpair.data() + k * n, n);
    std::span<const GradPair> fit = loss;
    if (s.gbdt) {
      std::span<GradPair> f(s.fit_gpair.data() + k * n, n);
      GbdtFitStatistics(loss, s.weight, f, s.data.train_rows);
      fit = f;
    }
    Tree tree = learner.Grow(fit, s.data.train_rows, s.SeedFor(s.round, k, 29));
    const auto leaves = learner.Leaves();
    for (const auto& leaf : leaves) {
      TreeNode& node = tree.nodes[leaf.node];
      if (s.objective->RefreshesLeaves())
        node.value = static_cast<float>(s.objective->LeafValue(leaf.rows, s.margin, s.data.label) * s.params.eta);
      else if (s.gbdt && s.params.step == "leaf_line_search")
        node.value = static_cast<float>(GbdtLeafValue(leaf.rows, loss, newton_scale) * s.params.eta);
    }
    if (s.gbdt && s.params.step == "tree_line_search") {
      // One weight for the whole tree: least squares of the residuals r = -g
      // on the tree's outputs (the leaves now hold eta * mean residual).
      double rf = 0, ff = 0;
      for (const auto& leaf : leaves) {
        const double f = tree.nodes[leaf.node].value;
        for (RowIdx r : leaf.rows) {
          if (loss[r].h == 0) continue;  // not in this round's sample (or weighs 0)
          rf += -static_cast<double>(loss[r].g) * f;  // g holds the weight already
          ff += (s.weight.empty() ? 1.0 : s.weight[r]) * f * f;
        }
      }
      const double alpha = ff > 0 ? rf / ff : 0;
      for (const auto& leaf : leaves) tree.nodes[leaf.node].value = static_cast<float>(alpha * tree.nodes[leaf.node].value * s.params.eta);
    }
    for (const auto& leaf : leaves) {
      const float value = tree.nodes[leaf.node].value;
      s.ForRows(leaf.rows, [&](RowIdx r) { s.margin[static_cast<size_t>(r) * K + k] += value; });
    }
    // Validation rows walk the tree by their bins (same leaves as by values,
    // one cache line per row), in row blocks across threads.
    s.ForLeaves(learner, s.data.valid_rows, [&](RowIdx r, int leaf) { s.margin[static_cast<size_t>(r) * K + k] += tree.nodes[leaf].value; });
    trees[k] = std::move(tree);
  };
  if (L == 1) {
    for (int k = 0; k < K; ++k) grow_class(*s.learners[0], k);
  } else {
    s.pool.Run(L, [&](int l) {
      for (int k = l; k < K; k += L) grow_class(*s.learners[l], k);
    });
  }
  for (Tree& tree : trees) {
    Summarise(report, tree);
    s.model.trees.push_back(std::move(tree));
  }
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
  out += ",\"metric\":";
  json::AppendString(out, r.metric);
  out += ",\"bestRound\":" + std::to_string(r.best_round);
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
  out += ",\"tree\":{\"depth\":" + std::to_string(r.tree_depth) + ",\"leaves\":" + std::to_string(r.tree_leaves) +
         ",\"gain\":";
  json::AppendNumber(out, r.tree_gain);
  return out + "}}";
}

}  // namespace boostlab
