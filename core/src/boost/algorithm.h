// One class per algorithm, each owning its state, behind one interface; the
// state they share (data, bins, threads, learners, margins, metrics, early
// stopping) is the TrainingContext. Booster runs them without knowing which.
//
// Every algorithm is "fit a tree to per-row statistics, then decide the
// tree's output values and its weight in the ensemble":
//
// | algorithm | statistics the trees are fit to | leaf values | how trees combine |
// |---|---|---|---|
// | xgboost (xgboost_style.cc) | g, h of the loss | -G/(H+lambda), L1 soft threshold, gamma pruning, times eta | sum of margins |
// | gbdt (gbdt.cc) | pseudo-residuals -g, h = 1 (least squares) | line search per leaf (mean, median, Huber, Newton step), or one weight per tree; times nu | sum of margins |
// | adaboost (adaboost.cc) | labels weighted by u (or drawn in proportion to u) | SAMME: alpha_t for the predicted class; SAMME.R: class log-shares; R2: the leaf's weighted mean | SAMME: sum of votes; R2: median weighted by ln(1/beta_t) |
// | random_forest (random_forest.cc) | labels, bootstrap counts as weights | mean, or class shares | the trees' mean |
// | gbrank (gbrank.cc) | swapped targets of wrongly ordered pairs, as (-sum, count) | mean target | h_k = (k h_{k-1} + eta g_k)/(k+1) |
//
// Adding an algorithm: its class in its own file, a line in the registry
// (algorithm.cc) and its parameters in the schema (params.cc).
#pragma once

#include <memory>  // for unique_ptr
#include <string>   // for string
#include <utility>  // for pair
#include <vector>   // for vector

#include "boost/training_context.h"
#include "boostlab/params.h"

namespace boostlab {

class Algorithm {
 public:
  explicit Algorithm(TrainingContext& ctx) : ctx_(ctx) {}
  virtual ~Algorithm() = default;
  Algorithm(const Algorithm&) = delete;
  Algorithm& operator=(const Algorithm&) = delete;

  // The set-up, asked in this order before any work (the context holds the
  // data and parameters, nothing else yet):
  // Refuses what this algorithm cannot train (Error BAD_PARAM). By default:
  // max_depth 0 (no limit) needs another bound on the tree.
  virtual void Check() const;
  // Refuses what it cannot train with the loss just made (ctx_.objective).
  virtual void CheckLoss() const {}
  // The loss its trees serve: empty to choose it from the task and
  // params.objective as XGBoost does; AdaBoost and forests name their own
  // (the model's params then keep what the user asked for).
  virtual std::string Objective() const { return ""; }
  // Least-squares trees on residuals or weighted labels (gbdt, AdaBoost,
  // forests): weights scaled to mean ~1, cuts halfway between training
  // values as CART places them, and no regularisation.
  virtual bool LeastSquares() const { return true; }
  virtual BinnedMatrix::Layout Layout() const { return BinnedMatrix::Layout::kRowsAndColumns; }
  // How its trees grow, given the shared settings from the parameters.
  virtual void ConfigureTrees(TreeParams&) const {}
  // Tree learners: trees that grow side by side need one each.
  virtual int Learners() const { return ctx_.K > 1 ? std::min(ctx_.K, ctx_.pool.size()) : 1; }
  // Its own state and its part of the model (how the trees combine), once
  // the context is set up.
  virtual void Start() {}

  // One round: grows its trees, adds them to ctx_.model and their outputs to
  // ctx_.margin, and says what explains the round (epsilon, alpha, ...).
  virtual RoundReport Round() = 0;
  // After the round's metrics: whatever the algorithm adds to its report.
  virtual void AfterRound(RoundReport&) {}
  // Whether a round's report carries the learners' timings (a forest's
  // carries its tree's, taken where it grew).
  virtual bool LearnerTimings() const { return true; }
  // No more rounds will be asked: threads it started return.
  virtual void Stop() {}
  // AdaBoost: each row's sample weight u; empty for the others.
  virtual std::vector<double> SampleWeights() const { return {}; }
  // What the last round was fit to: fills kind and its vectors and leaves
  // (round and outputs are set). Nothing by default.
  virtual void Describe(RoundStatistics&) const {}

 protected:
  TrainingContext& ctx_;
};

// What an algorithm declares, in its own file: its maker, the shared
// parameters it reads (params.cc's), the parameters only it has, and its
// defaults where they differ from the shared ones. The parameter schema
// (ParamSchema, the page's forms) is assembled from these.
struct AlgorithmDeclaration {
  const char* name;
  std::unique_ptr<Algorithm> (*make)(TrainingContext& ctx);
  std::vector<std::string> uses;
  std::vector<ParamSpec> own;  // their `algorithms` is filled in from `name`
  std::vector<std::pair<std::string, double>> defaults;
  // What a shared parameter means here, where the shared doc would not be
  // true (AdaBoost's eta scales votes, not leaf values w*).
  std::vector<std::pair<std::string, std::string>> docs = {};
};

// The registry: every algorithm, in the order the page offers them.
const std::vector<AlgorithmDeclaration>& Algorithms();
// The algorithm named by params.algorithm (Error BAD_PARAM if none).
std::unique_ptr<Algorithm> MakeAlgorithm(TrainingContext& ctx);

// Each algorithm's declaration, in its own file.
AlgorithmDeclaration XGBoostStyleDeclaration();
AlgorithmDeclaration GbdtDeclaration();
AlgorithmDeclaration AdaBoostDeclaration();  // AdaBoost.R2 on a continuous target
AlgorithmDeclaration RandomForestDeclaration();
AlgorithmDeclaration GbRankDeclaration();  // ranking only

}  // namespace boostlab
