// The training loop, one round at a time, so callers can report progress and
// stop between rounds without losing the model trained so far.
#pragma once

#include <cstdint>  // for uint32_t
#include <limits>  // for numeric_limits
#include <memory>  // for unique_ptr
#include <string>  // for string
#include <vector>  // for vector

#include "boostlab/dataset.h"
#include "boostlab/model.h"
#include "boostlab/params.h"

namespace boostlab {

struct Metric {
  std::string name;
  double value;
};

struct RoundReport {
  int round = 0;  // 1-based
  std::vector<Metric> train;
  std::vector<Metric> valid;
  std::string metric;    // the metric early stopping watches (the last one)
  int best_round = 0;    // 1-based round with the best validation metric so far (0: no validation)
  bool stopped = false;  // early stopping ended training after this round
  double ms = 0;  // wall time of the round
  // Where the round's time went (ms): histograms, row partitions, split search.
  double histogram_ms = 0, partition_ms = 0, split_ms = 0;
  // The work in them: histogram cells added (rows x features of each build)
  // and histogram bins given to split searches (bench/roofline.mjs's compute bound).
  uint64_t histogram_cells = 0, split_bins = 0;
  // AdaBoost: this round's weighted error e_t and vote alpha_t (NaN otherwise).
  double epsilon = std::numeric_limits<double>::quiet_NaN();
  double alpha = std::numeric_limits<double>::quiet_NaN();
  // AdaBoost classification: the exponential loss the weights track, mean
  // exp(-y.f / K) over training rows (1 before the first round).
  double exp_loss = std::numeric_limits<double>::quiet_NaN();
  // gbrank: the training queries' pairs of different relevance, and those the
  // round learnt from (ordered wrongly or within tau). -1 otherwise.
  int64_t pairs = -1, wrong_pairs = -1;
  // xgboost with booster 'dart': the earlier trees this round left out (-1 otherwise).
  int dropped = -1;
  int tree_depth = 0;     // deepest of this round's trees
  int tree_leaves = 0;    // leaves of this round's trees
  double tree_gain = 0;   // sum of split gains of this round's trees
  // xgboost: the regularised objective the round's trees reached, summed over
  // them: sum over leaves of G w + (H + lambda) w^2 / 2 + alpha |w|, plus gamma
  // per leaf (w before eta; -G^2/(2(H + lambda)) + gamma T at w*). NaN otherwise.
  double tree_objective = std::numeric_limits<double>::quiet_NaN();
  // Round 1 only: what the run did that the caller did not spell out (a
  // continued XGBoost model's classes '0', '1' read as the data's, in order).
  std::vector<std::string> notes;
};

std::string RoundReportToJson(const RoundReport& report);

// What the round just trained was fit to, for a viewer that teaches: the
// engine's own numbers, per data row and per leaf of the round's trees, so
// nothing is recomputed from rounded values. Per-row vectors hold all n data
// rows, K values a row (row-major); validation rows, and rows the round left
// out (subsample), hold 0.
struct RoundStatistics {
  int round = 0;     // 1-based; 0 before the first round
  int outputs = 1;   // K: values a row
  std::string kind;  // "gradients" (xgboost, gbdt), "weights" (adaboost), "bootstrap" (random_forest), "gbrank", "" (none yet)
  // xgboost, gbdt: the loss's g and h at F_{t-1}, times the row's sample
  // weight; gbdt's pseudo-residual is r = -g. gbrank: minus the sum of the
  // row's regression targets, and their count.
  std::vector<float> grad, hess;
  // adaboost: u_t, the weights the round's tree was fit with (summing to 1;
  // u after the update is Booster::SampleWeights). One value a row.
  std::vector<double> weight;
  // random_forest: times the bootstrap drew each row for the round's tree (0:
  // out of bag); adaboost with sampling 'resample': times it was drawn. One a row.
  std::vector<uint32_t> drawn;
  // xgboost, gbdt: each leaf of the round's trees (tree: index in the model).
  struct Leaf {
    int tree = 0, node = 0;
    double rows = 0;    // training rows the round fit that reach it
    double weight = 0;  // their sample weights' sum (rows, when unweighted)
    double sum_grad = 0, sum_hess = 0;  // G and H of the loss over them
    double mean = 0;    // the plain mean of their pseudo-residuals, -G / weight
    double step = 0;    // the value the leaf took before eta (w*, or the line search's gamma)
  };
  std::vector<Leaf> leaves;
  // random_forest: the features each split of the round's tree drew (√p of
  // p by default) before it chose its split, by node; nodes that could not
  // split draw none.
  struct Tried {
    int node = 0;
    std::vector<int> features;  // in the order drawn
  };
  std::vector<Tried> tried;
  // gbdt with step 'tree_line_search': alpha_t, the least-squares weight of
  // the residuals on the tree of plain means (each leaf's step is alpha_t * mean).
  // One per output (empty otherwise).
  std::vector<double> tree_alpha;
  // gbrank: the pairs the round learnt from, query by query, two rows each
  // (the more relevant first); how many pairs of different relevance the
  // training queries hold; and the blend h_k = keep * h_{k-1} + add * g_k
  // (keep = k/(k+1), add = eta/(k+1)). Each leaf's mean and step are g_k's
  // value there: the mean of the targets that reach it.
  std::vector<RowIdx> pairs;
  uint64_t pair_count = 0;
  double blend_keep = 0, blend_add = 0;
};

// The statistics as JSON without the per-row vectors (the leaves and scalars).
std::string RoundStatisticsToJson(const RoundStatistics& stats);

class Booster {
 public:
  // Validates params against the data (throws Error{"BAD_PARAM"}); the bins
  // and initial predictions come with Prepare or the first round. `data`
  // must outlive the booster (its feature values until Prepare is done).
  // init: continue from this model, as XGBoost's xgb_model (algorithm xgboost
  // or gbdt; the same objective, outputs and features): its trees come first
  // and each row starts from its margin; params.rounds more rounds are added.
  Booster(const Dataset& data, const Params& params, const Model* init = nullptr);
  // A temporary would be gone by the first round (it compiled, then crashed).
  Booster(Dataset&&, const Params&, const Model* = nullptr) = delete;
  // Bins the data a piece at a time (the cut points of a few features, or a
  // block of rows); true once that is done, and from then on the data's
  // feature values are not read (they may be released). Round 1's own state
  // (margins, gradients, the learners' row lists) comes with round 1.
  // For callers that say how far binning is and may stop it: TrainOneRound
  // prepares whatever is left first, so others never call it.
  bool Prepare();
  double PrepareProgress() const;  // 0 to 1
  ~Booster();
  Booster(const Booster&) = delete;
  Booster& operator=(const Booster&) = delete;

  bool Done() const;
  RoundReport TrainOneRound();  // once Done(): throws Error TRAINING_OVER
  // The model so far; with early stopping, cut back to the best round.
  // Throws MODEL_TAKEN after TakeModel.
  Model Snapshot() const;
  // The same, moved out rather than copied; training is over after it, and
  // a second TakeModel (or Snapshot, LastRoundStatistics) throws MODEL_TAKEN.
  Model TakeModel();
  int threads() const;
  // AdaBoost: each row's current sample weight u (0 for validation rows),
  // for drawing; empty for the other algorithms.
  std::vector<double> SampleWeights() const;
  // What the last round trained was fit to (RoundStatistics); computed on
  // request (a walk of the round's trees for the leaves' sums).
  RoundStatistics LastRoundStatistics() const;
  // Objective 'custom' (XGBoost's obj): the margins the next round starts
  // from and the labels, of the training rows (or with valid the validation
  // rows) in their order, rows x outputs row by row; binning first if it is
  // not done. Then SetGradients gives that round's gradients and hessians,
  // the same shape over the training rows; BAD_ARGUMENT for another
  // objective, a wrong size, a gradient that is not finite or a hessian < 0.
  std::vector<float> Margins(bool valid) const;
  std::vector<float> Labels(bool valid) const;
  void SetGradients(std::span<const float> grad, std::span<const float> hess);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace boostlab
