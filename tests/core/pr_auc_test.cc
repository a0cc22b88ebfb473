// aucpr (the area under precision against recall) on rows small enough to
// integrate by hand, and auc / aucpr of several classes as one class against
// the rest; XGBoost's own numbers are in tests/parity/xgboost_metrics.test.mjs.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "boostlab/errors.h"
#include "objective/metrics.h"
#include "util/thread_pool.h"

namespace boostlab {
namespace pr_auc_test {

std::vector<RowIdx> All(size_t n) {
  std::vector<RowIdx> rows(n);
  for (size_t i = 0; i < n; ++i) rows[i] = static_cast<RowIdx>(i);
  return rows;
}

double Metric(const char* name, const std::vector<float>& pred, int K, const std::vector<float>& label,
              const std::vector<float>& weight = {}) {
  ThreadPool pool(1);
  return EvaluateMetric({name}, pred, K, label, All(label.size()), pool, 1.0, weight);
}

TEST(PrAuc, IntegratesPrecisionAlongTheLineBetweenPoints) {
  // Scores 0.9 (+), 0.8 (-), 0.7 (+), 0.1 (-); two positives. Recall 0 to 1/2 at precision 1;
  // then from (tp 1, fp 1) to (tp 2, fp 1): precision r / (r + 1/2) from r = 1/2 to 1, whose
  // integral is 1/2 - 1/2 ln(3/2); the last negative adds no recall.
  const double area = Metric("aucpr", {0.9f, 0.8f, 0.7f, 0.1f}, 1, {1, 0, 1, 0});
  EXPECT_NEAR(area, 0.5 + 0.5 - 0.5 * std::log(1.5), 1e-12);
  // Positives first: precision 1 all the way.
  EXPECT_NEAR(Metric("aucpr", {0.9f, 0.8f, 0.7f, 0.1f}, 1, {1, 1, 0, 0}), 1.0, 1e-12);
  // One tied group: a single point, precision the positives' share at every recall.
  EXPECT_NEAR(Metric("aucpr", {0.5f, 0.5f, 0.5f, 0.5f, 0.5f}, 1, {1, 0, 0, 1, 0}), 0.4, 1e-12);
}

TEST(PrAuc, AWeightIsThatManyCopiesOfTheRow) {
  const std::vector<float> pred = {0.9f, 0.8f, 0.7f, 0.6f, 0.1f}, label = {1, 0, 1, 0, 1};
  const double weighted = Metric("aucpr", pred, 1, label, {2, 1, 3, 1, 1});
  const double copies = Metric("aucpr", {0.9f, 0.9f, 0.8f, 0.7f, 0.7f, 0.7f, 0.6f, 0.1f}, 1, {1, 1, 0, 1, 1, 1, 0, 1});
  EXPECT_NEAR(weighted, copies, 1e-12);
  EXPECT_NE(weighted, Metric("aucpr", pred, 1, label));
}

TEST(PrAuc, OneClassOnlyIsZeroOrOne) {
  EXPECT_EQ(Metric("aucpr", {0.2f, 0.7f}, 1, {0, 0}), 0.0);
  EXPECT_EQ(Metric("aucpr", {0.2f, 0.7f}, 1, {1, 1}), 1.0);
}

TEST(PrAuc, SeveralClassesAreEachAgainstTheRest) {
  // Three classes, probabilities row by row; class 2 ranked worst.
  const std::vector<float> label = {0, 1, 2, 0, 1, 2, 0, 0};
  const std::vector<float> pred = {0.7f, 0.2f, 0.1f, 0.2f, 0.5f, 0.3f, 0.4f, 0.4f, 0.2f, 0.6f, 0.3f, 0.1f,
                                   0.3f, 0.3f, 0.4f, 0.2f, 0.2f, 0.6f, 0.5f, 0.1f, 0.4f, 0.2f, 0.5f, 0.3f};
  double pr_sum = 0, roc_sum = 0, rows_sum = 0;
  for (int k = 0; k < 3; ++k) {
    std::vector<float> column, against;
    double count = 0;
    for (size_t r = 0; r < label.size(); ++r) {
      column.push_back(pred[r * 3 + k]);
      against.push_back(label[r] == static_cast<float>(k) ? 1.0f : 0.0f);
      count += against.back();
    }
    pr_sum += Metric("aucpr", column, 1, against);
    roc_sum += count * Metric("auc", column, 1, against);
    rows_sum += count;
  }
  // aucpr: the plain mean of the classes'; auc: weighing each class by its rows (XGBoost's two rules).
  EXPECT_NEAR(Metric("aucpr", pred, 3, label), pr_sum / 3, 1e-12);
  EXPECT_NEAR(Metric("auc", pred, 3, label), roc_sum / rows_sum, 1e-12);
  EXPECT_GT(Metric("auc", pred, 3, label), 0.5);
}

TEST(PrAuc, NeedsClasses) {
  EXPECT_NO_THROW(ParseMetrics("aucpr", 1, "binary:logistic"));
  EXPECT_NO_THROW(ParseMetrics("auc,aucpr", 3, "multi:softprob"));
  try {
    ParseMetrics("aucpr", 1, "reg:squarederror");
    FAIL() << "aucpr of a number was taken";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("needs classes"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(ParseMetrics("aucpr", 1, "binary:logistic")[0].higher_is_better);
}

}  // namespace pr_auc_test
}  // namespace boostlab
