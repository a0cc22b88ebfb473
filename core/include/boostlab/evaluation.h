// How well a model predicts rows whose target is known: the validation rows
// after a run, or new labelled rows for a model loaded from a file. What a
// practitioner reads beside the loss curve: for classes a confusion matrix
// and the share right, for numbers R², RMSE, MAE and actual against predicted.
// Each row counts once, or by its sample weight when a weight column is
// named, as the chart's metrics (XGBoost's and scikit-learn's sample_weight).
#pragma once

#include <cmath>    // for NAN
#include <cstddef>  // for size_t
#include <span>     // for span
#include <string>   // for string
#include <vector>   // for vector

#include "boostlab/dataset.h"
#include "boostlab/model.h"
#include "boostlab/table.h"

namespace boostlab {

// How finely Evaluation's histograms of p cut [0, 1]: thresholds are read at multiples of 1/1000.
inline constexpr size_t kThresholdBins = 1000;

struct Evaluation {
  Task task = Task::kRegression;       // kBinary or kMulticlass: classes; kRegression: numbers
  std::vector<std::string> classes;    // the model's, in its order
  size_t rows = 0;                     // rows scored: their target known (and a class the model knows)
  size_t missing_target = 0;           // rows asked for whose target is missing: left out
  size_t unknown_class = 0;            // rows of a class the model was not trained on: left out
  std::string unknown_example;         // one such class, to name it
  // Rows scored holding a level of a categorical feature the model never saw: predicted as if the
  // value were missing (XGBoost 3 refuses such rows given as a DataFrame), said so a practitioner knows
  // (a reviewer's 'Superb' cut).
  size_t unseen_level_rows = 0;
  std::string unseen_level_example;    // the first such feature and level: "cut = 'Superb'"
  std::string weight_column;           // the column of sample weights applied ('' for none: each row counts 1)
  double weight_sum = 0;               // the rows' weights summed (rows when unweighted)
  // Classes: confusion[actual * K + predicted], K = classes.size(), rows
  // (or their weights) counted; the predicted class is predict()'s "class" output (the most probable; binary p > 0.5).
  std::vector<double> confusion;
  double accuracy = 0;
  // Classes: the log loss (mlogloss for more than two) and, for two, the AUC of the second class's
  // probability (ties count half), as the chart's metrics (XGBoost's); NaN where the model gives no
  // probabilities (multi:softmax), and AUC NaN when the rows scored hold one class only. aucpr: the
  // area under precision against recall (the chart's aucpr, XGBoost's), NaN as auc. More than two
  // classes: both of each class against the rest, as the metrics of the same names average them.
  double logloss = NAN, auc = NAN, aucpr = NAN;
  // Two classes with probabilities: the rows' weight (each row 1 unweighted) by the second class's p, in
  // kThresholdBins bins, bin b holding b/kThresholdBins < p <= (b+1)/kThresholdBins (p = 0 in bin 0), of
  // each actual class. From them the counts at any threshold t = k/kThresholdBins, a row called the second
  // class where p > t (predict()'s class at t = 1/2), and the ROC and precision-recall curves. Empty otherwise.
  std::vector<double> first_by_p, second_by_p;
  // Numbers: 1 - SS_res / SS_tot (NaN when every actual value is the same), RMSE, MAE, the actual mean,
  // and the RMSE of predicting that mean for every row (sqrt(SS_tot / n)), what R2 measures against.
  double r2 = 0, rmse = 0, mae = 0, mean = 0, rmse_of_mean = 0;
  // Numbers: up to max_points (actual, predicted) pairs, rows spread evenly over those scored.
  std::vector<float> actual, predicted;
  // reg:quantileerror: its quantile_alpha, the share of the rows' weight at or below each quantile
  // predicted (about alpha for a good one) and each one's pinball loss. With several, r2 .. predicted
  // are of the quantile nearest the median.
  std::vector<double> quantiles, coverage, pinball;
};

// Scores `rows` of `table` (0-based; empty: every row) with the model's first
// `rounds` rounds (0: all), each row weighted by column `weight` ('' for none:
// every row counts 1; its weights are checked as training checks them on the rows
// asked, and throws WEIGHT_ALL_ZERO when the rows scored weigh nothing). The table must have the model's features and its
// target column: `target` names it ('': the model's own, which an XGBoost
// file without BoostLab's attributes does not name). Throws NOT_FOR_RANKING for a ranking model, UNKNOWN_COLUMN
// without the target, TARGET_NOT_NUMERIC when a number model's target column
// holds text (naming the line), TARGET_MISSING when no row has a target the
// model can score, TOO_MANY_CLASSES past 1,000 classes, BAD_ARGUMENT for a row past the last.
// base_margin: columns of each row's starting margins, one a model output (a model trained with them
// scores as it trained: XGBoost's base_margin); empty: f0.
Evaluation Evaluate(const Model& model, const Table& table, std::span<const RowIdx> rows, int rounds, size_t max_points,
                    const std::string& weight = "", const std::string& target = "", const std::vector<std::string>& base_margin = {});

// Permutation importance (Breiman's, as scikit-learn's permutation_importance): how much worse the
// model scores `rows` of `table` when one feature's values are shuffled among those rows, breaking its
// tie to the target while its values stay what they were. A feature the model leans on costs much; one it
// never reads costs exactly 0. `metric` is the Evaluation's: "logloss", "auc", "aucpr", "accuracy" (classes),
// "rmse", "mae", "r2" (numbers), or "" for the first of the task's; the drop is signed so that more is
// more important (a loss rises, a score falls). `repeats` shuffles a feature, each drawn from `seed`, the
// feature and the repeat, so the same on any thread count. Throws as Evaluate, BAD_OPTION for a metric the
// task has not or is NaN here (auc with one class), BAD_ARGUMENT for repeats outside 1..100.
struct PermutationImportance {
  std::string metric;
  double baseline = 0;                     // the metric on the rows as they are
  std::vector<std::string> features;       // the model's, in its order
  std::vector<std::vector<double>> drops;  // per feature, one a repeat: baseline worse by (permuted - baseline, signed)
  size_t rows = 0;                         // rows scored
};
PermutationImportance PermutationImportanceOf(const Model& model, const Table& table, std::span<const RowIdx> rows, int rounds,
                                              const std::string& metric, int repeats, uint64_t seed, const std::string& weight = "",
                                              const std::string& target = "", const std::vector<std::string>& base_margin = {});

}  // namespace boostlab
