// reg:expectileerror: squared error weighted alpha above the prediction and
// 1 - alpha below. No peer has it, so it is held to what it must be: at 0.5
// the squared error model to the bit, f0 the alpha expectile of y (the sides'
// weighted pulls balance), its gradients the loss's derivatives (objective_test.cc), and a higher
// alpha a higher prediction on (almost) every row; it exports as the sum of
// trees XGBoost's squared error predicts, and the scale-out script refuses it.
#include <gtest/gtest.h>

#include <string>  // for string
#include <vector>  // for vector

#include "boostlab/errors.h"
#include "boostlab/scale_out.h"
#include "objective/metrics.h"
#include "objective/objective.h"
#include "random_data.h"
#include "util/thread_pool.h"

namespace boostlab {
namespace expectile_test {

Params With(const std::string& objective, double alpha = 0.5) {
  Params p;
  p.objective = objective;
  p.expectile_alpha = alpha;
  p.rounds = 8;
  p.max_depth = 3;
  return p;
}

TEST(Expectile, AtOneHalfItIsSquaredErrorToTheBit) {
  const Dataset d = test::RandomData(500, 4).Missing(0.05).Seed(11).Make();
  const Model mean = test::Train(d, With("reg:squarederror"));
  const Model half = test::Train(d, With("reg:expectileerror", 0.5));
  ASSERT_EQ(mean.trees.size(), half.trees.size());
  EXPECT_EQ(mean.base_margin, half.base_margin);
  for (size_t t = 0; t < mean.trees.size(); ++t) {
    ASSERT_EQ(mean.trees[t].nodes.size(), half.trees[t].nodes.size()) << "tree " << t;
    for (size_t i = 0; i < mean.trees[t].nodes.size(); ++i) EXPECT_EQ(mean.trees[t].nodes[i].value, half.trees[t].nodes[i].value);
  }
}

TEST(Expectile, TheStartIsTheExpectileOfTheLabels) {
  const std::vector<float> y = {1, 2, 3, 10, 4, 4.5f, -2};
  const std::vector<RowIdx> rows = {0, 1, 2, 3, 4, 5, 6};
  for (double alpha : {0.1, 0.5, 0.8, 0.95}) {
    Params p;
    p.expectile_alpha = alpha;
    const double e = MakeObjective("reg:expectileerror", p, 1)->AverageMargin(y, rows)[0];
    double pull = 0;  // alpha (y - e) above, (1 - alpha) (y - e) below: balanced at the expectile
    for (float v : y) pull += (v >= e ? alpha : 1 - alpha) * (v - e);
    EXPECT_NEAR(pull, 0, 1e-9) << "alpha " << alpha << ", e " << e;
  }
}

TEST(Expectile, AHigherAlphaPredictsHigherAndItsMetricIsTheWeightedSquares) {
  const Dataset d = test::RandomData(800, 3).Seed(5).Make();
  const Model low = test::Train(d, With("reg:expectileerror", 0.2));
  const Model high = test::Train(d, With("reg:expectileerror", 0.9));
  std::vector<float> a(d.x.num_rows), b(d.x.num_rows);
  low.Predict(d.x, a, true);
  high.Predict(d.x, b, true);
  size_t above = 0, higher = 0;
  for (RowIdx r : d.train_rows) {
    above += d.label[r] > b[r];
    higher += b[r] > a[r];
  }
  // (Each model's own trees: on a row or two a split placed elsewhere may cross them.)
  EXPECT_GT(higher, d.train_rows.size() * 9 / 10) << "the 0.9 expectile above the 0.2 one on almost every training row";
  EXPECT_LT(above, d.train_rows.size() / 2) << "most rows lie below a high expectile";
  // The 'expectile' metric: the mean of alpha (y - p)^2 above, (1 - alpha) (y - p)^2 below.
  ThreadPool pool(1);
  const double metric = EvaluateMetric({"expectile"}, b, 1, d.label, d.train_rows, pool, 0.9);
  double sum = 0;
  for (RowIdx r : d.train_rows) {
    const double e = static_cast<double>(d.label[r]) - b[r];
    sum += (e >= 0 ? 0.9 : 0.1) * e * e;
  }
  EXPECT_NEAR(metric, sum / static_cast<double>(d.train_rows.size()), 1e-9 * metric);
}

TEST(Expectile, ExportsAsTheSumOfTreesAndTheScaleOutScriptRefusesIt) {
  const Model m = test::Train(test::RandomData(200, 2).Seed(3).Make(), With("reg:expectileerror", 0.7));
  EXPECT_NE(m.ToXGBoostJson().find(R"("name":"reg:squarederror")"), std::string::npos);
  try {
    ScaleOutScript(m, ParseScaleOutOptions(R"({"engine":"dask"})"));
    FAIL() << "the script was written";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), "XGBOOST_UNSUPPORTED");
    EXPECT_NE(std::string(e.what()).find("no expectile loss"), std::string::npos) << e.what();
  }
  // And the model reads back with its alpha.
  EXPECT_EQ(Model::FromJson(m.ToJson()).params.expectile_alpha, 0.7);
}

}  // namespace expectile_test
}  // namespace boostlab
