// quantized_grad: trees grown on histograms of gradient pairs rounded to
// integers. The leaves' values are the exact sums' of their rows, the model is
// the same on any thread count, and the fit stays close to the exact one.
#include <gtest/gtest.h>

#include <cmath>   // for exp, abs
#include <map>     // for map
#include <string>  // for string

#include "boostlab/booster.h"
#include "boostlab/model.h"
#include "random_data.h"

namespace boostlab {
namespace quantized_grad_test {

Model Train(const Dataset& d, const std::string& params_json, double* valid_logloss = nullptr) {
  Booster b(d, ParseParams(params_json));
  RoundReport last;
  while (!b.Done()) last = b.TrainOneRound();
  if (valid_logloss) *valid_logloss = last.valid.back().value;
  return b.TakeModel();
}

// 30,000 rows: the root and the first levels' nodes hold enough rows
// (2 x 2,048) to be built from the quantised pairs.
Dataset Data() { return test::RandomData(30000, 8).Seed(11).Binary(true).Make(); }

TEST(QuantizedGrad, LeavesTakeTheExactSumsOfTheirRows) {
  const Dataset d = Data();
  const double lambda = 1;
  const Model m = Train(d, R"({"objective":"binary:logistic","rounds":1,"eta":1,"max_depth":4,"lambda":1,"quantized_grad":1})");
  // Each leaf's G and H at the starting margin over its training rows, in
  // float as the logistic loss computes them.
  std::map<float, std::pair<double, double>> sums;
  const float p = 1.0f / (1.0f + std::exp(-static_cast<float>(m.base_margin[0])));
  for (RowIdx r : d.train_rows) {
    auto& [g, h] = sums[m.trees[0].PredictRow(d.x, r)];
    g += p - d.label[r];
    h += p * (1.0f - p);
  }
  ASSERT_GT(sums.size(), 8u);
  // Grown on the rounded sums, a leaf's value was off w* by ~1e-5 of it;
  // renewed, it is w* to float precision.
  for (const auto& [w, s] : sums) EXPECT_NEAR(w, -s.first / (s.second + lambda), 1e-6 * std::abs(w)) << "leaf of H " << s.second;
}

TEST(QuantizedGrad, SameModelOnAnyThreadCount) {
  const Dataset d = Data();
  const std::string params = R"({"objective":"binary:logistic","rounds":5,"max_depth":5,"subsample":0.8,"quantized_grad":1,"nthread":)";
  const std::string one = Train(d, params + "1}").ToJson(), two = Train(d, params + "2}").ToJson();
  EXPECT_TRUE(one == two);
}

TEST(QuantizedGrad, FitsAsWellAsExactSumsButIsNotThem) {
  const Dataset d = Data();
  const std::string params = R"({"objective":"binary:logistic","rounds":30,"max_depth":5,"eta":0.3,"quantized_grad":)";
  double exact = 0, quantised = 0;
  const Model a = Train(d, params + "0}", &exact), b = Train(d, params + "1}", &quantised);
  EXPECT_NEAR(quantised, exact, 0.01 * exact);
  // The splits come from the rounded sums: the option does something.
  EXPECT_NE(a.ToJson(), b.ToJson());
}

}  // namespace quantized_grad_test
}  // namespace boostlab
