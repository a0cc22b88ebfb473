// Evaluation metrics over a set of rows. Predictions are transformed (n x K,
// row-major): probabilities for classification, values for regression.
#pragma once

#include <optional>  // for optional
#include <span>      // for span
#include <string>    // for string
#include <vector>    // for vector

#include "boostlab/dataset.h"
#include "boostlab/params.h"
#include "objective/rank_metrics.h"

namespace boostlab {

class ThreadPool;

struct MetricSpec {
  std::string name;
  bool higher_is_better = false;
  std::optional<RankMetric> rank;  // a ranking metric, parsed once from the name
  std::vector<double> quantiles;   // 'quantile' of several outputs: output k's alpha (quantile_alpha)
};

// Checks names against the number of outputs; throws Error{"BAD_PARAM"}.
// The number a metric takes from the parameters: mphe's huber_slope, quantile's quantile_alpha,
// tweedie-nloglik's variance power: its name's (tweedie-nloglik@1.2), else tweedie_variance_power.
double MetricParameter(const MetricSpec& m, const Params& p);

std::vector<MetricSpec> ParseMetrics(const std::string& comma_list, int outputs, const std::string& objective);

// The weighted mean of the rows' terms (weight empty: all 1; weighted AUC).
// huber_slope: the metric's own number (mphe's slope; quantile's alpha: MetricParameter).
// groups: the rows' queries, for the ranking metrics (rank_metrics.h).
double EvaluateMetric(const MetricSpec& metric, std::span<const float> pred, int outputs, std::span<const float> label,
                      std::span<const RowIdx> rows, ThreadPool& pool, double huber_slope = 1.0,
                      std::span<const float> weight = {}, const QueryGroups* groups = nullptr);

}  // namespace boostlab
