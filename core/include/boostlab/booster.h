// The training loop, one round at a time, so callers can report progress and
// stop between rounds without losing the model trained so far.
#pragma once

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
  // AdaBoost: this round's weighted error e_t and vote alpha_t (NaN otherwise).
  double epsilon = std::numeric_limits<double>::quiet_NaN();
  double alpha = std::numeric_limits<double>::quiet_NaN();
  // AdaBoost classification: the exponential loss the weights track, mean
  // exp(-y.f / K) over training rows (1 before the first round).
  double exp_loss = std::numeric_limits<double>::quiet_NaN();
  int tree_depth = 0;     // deepest of this round's trees
  int tree_leaves = 0;    // leaves of this round's trees
  double tree_gain = 0;   // sum of split gains of this round's trees
};

std::string RoundReportToJson(const RoundReport& report);

class Booster {
 public:
  // Validates params against the data (throws Error{"BAD_PARAM"}) and
  // prepares bins and initial predictions. `data` must outlive the booster.
  // init: continue from this model, as XGBoost's xgb_model (algorithm xgboost
  // or gbdt; the same objective, outputs and features): its trees come first
  // and each row starts from its margin; params.rounds more rounds are added.
  Booster(const Dataset& data, const Params& params, const Model* init = nullptr);
  ~Booster();
  Booster(const Booster&) = delete;
  Booster& operator=(const Booster&) = delete;

  bool Done() const;
  RoundReport TrainOneRound();  // once Done(): throws Error TRAINING_OVER
  // The model so far; with early stopping, cut back to the best round.
  Model Snapshot() const;
  // The same, moved out rather than copied; training is over after it.
  Model TakeModel();
  int threads() const;
  // AdaBoost: each row's current sample weight u (0 for validation rows),
  // for drawing; empty for the other algorithms.
  std::vector<double> SampleWeights() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace boostlab
