// More Newton steps per leaf (leaf_newton_steps) and LightGBM's softmax
// hessian (softmax_hessian): the leaves land where the regularised loss of
// their rows is flat, whatever the thread count; the losses that cannot step
// are refused by name.
#include <gtest/gtest.h>

#include <cmath>   // for exp, abs
#include <map>     // for map
#include <string>  // for string
#include <utility> // for pair

#include "boostlab/booster.h"
#include "boostlab/errors.h"
#include "boostlab/model.h"
#include "objective/objective.h"
#include "random_data.h"
#include "util/thread_pool.h"

namespace boostlab {
namespace leaf_steps_test {

Model Train(const Dataset& d, const std::string& params_json) {
  Booster b(d, ParseParams(params_json));
  while (!b.Done()) b.TrainOneRound();
  return b.TakeModel();
}

struct LeafSums {
  double g = 0, h = 0, w = 0;
};

// The logistic loss's g and h at margin m for label y.
std::pair<double, double> Logistic(double m, double y) {
  const double p = 1.0 / (1.0 + std::exp(-m));
  return {p - y, p * (1 - p)};
}

// The first tree's leaves by their value w (eta 1): each leaf's sums of the
// loss's g and h at the starting margin plus w, over its training rows.
template <typename Loss = decltype(&Logistic)>
std::map<float, LeafSums> FirstTreeLeaves(const Dataset& d, const Model& m, Loss loss = &Logistic) {
  std::map<float, LeafSums> leaves;
  for (RowIdx r : d.train_rows) {
    const float w = m.trees[0].PredictRow(d.x, r);
    const auto [g, h] = loss(static_cast<float>(m.base_margin[0]) + w, d.label[r]);
    LeafSums& s = leaves[w];
    s.g += g;
    s.h += h;
    s.w = w;
  }
  return leaves;
}

TEST(LeafNewtonSteps, LeavesLandWhereTheRegularisedLossIsFlat) {
  const Dataset d = test::RandomData(4000, 4).Seed(5).Binary(true).Make();
  const std::string base = R"({"objective":"binary:logistic","rounds":1,"eta":1,"max_depth":3,"lambda":2)";
  // One step (XGBoost's w*) leaves a slope on this loss; thirty leave none.
  double one_step_slope = 0;
  for (const auto& [w, s] : FirstTreeLeaves(d, Train(d, base + "}")))
    one_step_slope = std::max(one_step_slope, std::abs(s.g + 2 * s.w) / s.h);
  EXPECT_GT(one_step_slope, 1e-2);
  const auto stepped = FirstTreeLeaves(d, Train(d, base + R"(,"leaf_newton_steps":30})"));
  EXPECT_GE(stepped.size(), 4u);
  for (const auto& [w, s] : stepped) EXPECT_NEAR((s.g + 2 * s.w) / s.h, 0, 1e-4) << "leaf value " << w;
}

// Far from a leaf's minimum the logistic loss is nearly flat and the
// pseudo-Huber loss nearly straight: undamped Newton steps jumped from side to
// side there (+-500, +-1000) and never settled. The safeguard brings them in.
TEST(LeafNewtonSteps, LeavesFarFromTheirMinimumStillLandOnIt) {
  Dataset d = test::RandomData(4000, 4).Seed(8).Binary(true).Make();
  // Starting at p = 0.95 with about half the labels 1: each leaf's first step overshoots.
  const auto logistic = FirstTreeLeaves(
      d, Train(d, R"({"objective":"binary:logistic","base_score":0.95,"rounds":1,"eta":1,"max_depth":2,"leaf_newton_steps":40})"));
  EXPECT_GE(logistic.size(), 3u);
  for (const auto& [w, s] : logistic) EXPECT_NEAR((s.g + s.w) / s.h, 0, 1e-4) << "logistic leaf value " << w;
  // Labels 50 above the start, slope 1: H is tiny there and the first step (XGBoost's) lands near 1000 rows' worth.
  Dataset r = test::RandomData(2000, 3).Seed(9).Make();
  for (float& y : r.label) y += 50;
  auto huber = [](double m, double y) {
    const double z = m - y, scale = 1 + z * z;
    return std::pair<double, double>{z / std::sqrt(scale), 1 / (scale * std::sqrt(scale))};
  };
  const auto leaves = FirstTreeLeaves(
      r, Train(r, R"({"objective":"reg:pseudohubererror","base_score":0,"min_child_weight":0,"rounds":1,"eta":1,"max_depth":2,"leaf_newton_steps":60})"), huber);
  ASSERT_FALSE(leaves.empty());  // (with H this small no split gains: the root is the leaf)
  for (const auto& [w, s] : leaves) {
    EXPECT_GT(w, 40) << "each leaf's residuals are about 50";
    EXPECT_NEAR(s.g + s.w, 0, 1e-3 * std::abs(s.g) + 1e-3) << "pseudo-Huber leaf value " << w;
  }
}

TEST(LeafNewtonSteps, AlphaAndMaxDeltaStepHoldAtEveryStep) {
  const Dataset d = test::RandomData(4000, 4).Seed(6).Binary(true).Make();
  const std::string base = R"({"objective":"binary:logistic","rounds":1,"eta":1,"max_depth":3,"lambda":1,"leaf_newton_steps":30)";
  // alpha: a leaf away from 0 is flat with alpha's pull added (a subgradient of |w|).
  const auto l1 = FirstTreeLeaves(d, Train(d, base + R"(,"alpha":5})"));
  for (const auto& [w, s] : l1)
    if (w != 0) EXPECT_NEAR((s.g + s.w + 5 * (s.w > 0 ? 1 : -1)) / s.h, 0, 1e-4) << "leaf value " << w;
  // max_delta_step: no leaf passes it, and some reach it.
  bool clipped = false;
  for (const auto& [w, s] : FirstTreeLeaves(d, Train(d, base + R"(,"max_delta_step":0.5})"))) {
    EXPECT_LE(std::abs(w), 0.5f);
    clipped = clipped || std::abs(w) == 0.5f;
  }
  EXPECT_TRUE(clipped);
}

TEST(LeafNewtonSteps, SameModelWhateverTheThreadsAndFitsBetterAtEqualRounds) {
  Dataset d = test::RandomData(20000, 6).Seed(7).Binary(true).Missing(0.05).Make();
  const std::string base = R"({"objective":"binary:logistic","rounds":10,"eta":0.1,"max_depth":4,"subsample":0.8)";
  const Model one = Train(d, base + R"(,"leaf_newton_steps":4,"nthread":1})");
  const Model two = Train(d, base + R"(,"leaf_newton_steps":4,"nthread":2})");
  EXPECT_EQ(one.ToJson(), two.ToJson());
  // At ten rounds of eta 0.1 the model is far from fit: bigger (full) steps fit the training rows closer.
  auto train_logloss = [&](const Model& m) {
    std::vector<float> p(d.x.num_rows);
    m.Predict(d.x, p);
    double sum = 0;
    for (RowIdx r : d.train_rows) sum -= d.label[r] ? std::log(p[r]) : std::log(1 - p[r]);
    return sum / static_cast<double>(d.train_rows.size());
  };
  EXPECT_LT(train_logloss(one), train_logloss(Train(d, base + "}")) - 0.01);
}

TEST(LeafNewtonSteps, LossesThatCannotStepAreRefusedByName) {
  const Dataset d = test::RandomData(500, 3).Classes(3).Make();
  try {
    Booster b(d, ParseParams(R"({"objective":"multi:softprob","num_class":3,"leaf_newton_steps":3})"));
    FAIL() << "multi:softprob took leaf_newton_steps 3";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), "BAD_PARAM");
    EXPECT_NE(std::string(e.what()).find("'leaf_newton_steps' is 3; multi:softprob"), std::string::npos) << e.what();
  }
  // reg:absoluteerror's leaves are medians, not Newton steps.
  const Dataset r = test::RandomData(500, 3).Make();
  EXPECT_THROW(Booster(r, ParseParams(R"({"objective":"reg:absoluteerror","leaf_newton_steps":2})")), Error);
  // gbdt's leaves are its own line search: the parameter is xgboost's, and gbdt trains as without it.
  const Model with = Train(r, R"({"algorithm":"gbdt","rounds":3,"leaf_newton_steps":2})");
  const Model without = Train(r, R"({"algorithm":"gbdt","rounds":3})");
  ASSERT_EQ(with.trees.size(), without.trees.size());
  for (size_t t = 0; t < with.trees.size(); ++t) EXPECT_EQ(with.TreeJson(t), without.TreeJson(t)) << "tree " << t;
}

TEST(SoftmaxHessian, LightgbmsIsKOverKMinusOneTimesPOneMinusP) {
  for (const char* convention : {"xgboost", "lightgbm"}) {
    Params params;
    params.softmax_hessian = convention;
    const int K = 4;
    auto objective = MakeObjective("multi:softprob", params, K);
    ThreadPool pool(1);
    std::vector<float> margin = {0.3f, -1.0f, 0.8f, 0.1f}, pred(K), label = {2};
    std::vector<RowIdx> rows = {0};
    std::vector<GradPair> gp(K);
    objective->Transform(margin.data(), pred.data());
    objective->Gradients(margin, pred, label, rows, gp, pool);
    const float c = std::string(convention) == "lightgbm" ? 4.0f / 3.0f : 2.0f;
    for (int k = 0; k < K; ++k) {
      EXPECT_FLOAT_EQ(gp[k].g, pred[k] - (k == 2 ? 1.0f : 0.0f));
      EXPECT_FLOAT_EQ(gp[k].h, c * pred[k] * (1 - pred[k])) << convention << " class " << k;
    }
  }
}

TEST(SoftmaxHessian, LightgbmsTakesBiggerStepsAndGbdtsLineSearchIsTheSame) {
  const Dataset d = test::RandomData(3000, 4).Classes(6).Seed(2).Make();
  const std::string base = R"({"objective":"multi:softprob","num_class":6,"rounds":5,"eta":0.3,"max_depth":3)";
  const Model xgb = Train(d, base + "}");
  const Model lgb = Train(d, base + R"(,"softmax_hessian":"lightgbm"})");
  ASSERT_EQ(xgb.trees.size(), lgb.trees.size());
  // With 6 classes lightgbm's h is 0.6 of xgboost's: its leaves are larger (by up to 1/0.6, lambda taking some).
  double xsum = 0, lsum = 0;
  for (RowIdx r : d.train_rows) {
    xsum += std::abs(xgb.trees[0].PredictRow(d.x, r));
    lsum += std::abs(lgb.trees[0].PredictRow(d.x, r));
  }
  EXPECT_GT(lsum, 1.25 * xsum);
  // gbdt's multinomial line search, (K-1)/K sum r / sum p(1-p), does not depend on the convention.
  const std::string gbdt = R"({"algorithm":"gbdt","objective":"multi:softprob","num_class":6,"rounds":3)";
  const Model a = Train(d, gbdt + "}"), b = Train(d, gbdt + R"(,"softmax_hessian":"lightgbm"})");
  ASSERT_EQ(a.trees.size(), b.trees.size());
  for (size_t t = 0; t < a.trees.size(); ++t) {
    ASSERT_EQ(a.trees[t].nodes.size(), b.trees[t].nodes.size());
    for (size_t i = 0; i < a.trees[t].nodes.size(); ++i)
      EXPECT_NEAR(a.trees[t].nodes[i].value, b.trees[t].nodes[i].value, 1e-5 * std::abs(a.trees[t].nodes[i].value) + 1e-7);
  }
}

}  // namespace leaf_steps_test
}  // namespace boostlab
