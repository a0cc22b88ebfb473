// Metric names that carry a number (error@t) and the metrics of XGBoost's list added later
// (rmsle, mape): what each refuses, and the thresholds' effect. Their values against XGBoost's
// are in tests/parity/xgboost_metrics.test.mjs.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "boostlab/errors.h"
#include "boostlab/params.h"
#include "objective/metrics.h"
#include "util/thread_pool.h"

namespace boostlab {
namespace metric_parse_test {

std::string Refusal(const char* list, int outputs, const char* objective) {
  try {
    ParseMetrics(list, outputs, objective);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(MetricParse, ErrorAtAThresholdCallsPositiveAboveIt) {
  const std::vector<float> pred = {0.2f, 0.4f, 0.6f, 0.9f}, label = {0, 1, 0, 1};
  const std::vector<RowIdx> rows = {0, 1, 2, 3};
  ThreadPool pool(1);
  Params p;
  auto error = [&](const char* name) {
    const MetricSpec m = ParseMetrics(name, 1, "binary:logistic")[0];
    return EvaluateMetric(m, pred, 1, label, rows, pool, MetricParameter(m, p));
  };
  EXPECT_DOUBLE_EQ(error("error"), 0.5);       // 0.4 missed, 0.6 called wrongly
  EXPECT_DOUBLE_EQ(error("error@0.3"), 0.25);  // 0.4 found now; 0.6 still wrong
  EXPECT_DOUBLE_EQ(error("error@0.95"), 0.5);  // nothing called positive: the two positives missed
  EXPECT_NE(Refusal("error@", 1, "binary:logistic").find("names a threshold"), std::string::npos);
  EXPECT_NE(Refusal("error@1.5", 1, "binary:logistic").find("t from 0 to 1"), std::string::npos);
  EXPECT_NE(Refusal("error@0.3x", 1, "binary:logistic").find("names a threshold"), std::string::npos);
  EXPECT_NE(Refusal("error@0.3", 1, "reg:squarederror").find("needs a binary objective"), std::string::npos);
}

TEST(MetricParse, RmsleAndMapeAreOfNumbers) {
  const std::vector<float> pred = {1.0f, 3.0f}, label = {2.0f, 4.0f};
  const std::vector<RowIdx> rows = {0, 1};
  ThreadPool pool(1);
  const double rmsle = EvaluateMetric({"rmsle"}, pred, 1, label, rows, pool);
  const double a = std::log(2.0) - std::log(3.0), b = std::log(4.0) - std::log(5.0);
  EXPECT_NEAR(rmsle, std::sqrt((a * a + b * b) / 2), 1e-6);
  EXPECT_NEAR(EvaluateMetric({"mape"}, pred, 1, label, rows, pool), (0.5 + 0.25) / 2, 1e-7);
  EXPECT_EQ(Refusal("rmsle,mape", 1, "reg:squarederror"), "");
  EXPECT_NE(Refusal("mape", 3, "multi:softprob").find("does not apply"), std::string::npos);
  EXPECT_NE(Refusal("mapes", 1, "reg:squarederror").find("allowed: rmse, rmsle, mae, mape"), std::string::npos);
}

}  // namespace metric_parse_test
}  // namespace boostlab
