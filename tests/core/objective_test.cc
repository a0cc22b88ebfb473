#include <gtest/gtest.h>

#include <cmath>  // for log, exp

#include "objective/objective.h"
#include "util/thread_pool.h"

namespace boostlab {
namespace objective_test {

double SquaredLoss(double m, double y) { return 0.5 * (m - y) * (m - y); }
double LogisticLoss(double m, double y) {
  const double p = 1.0 / (1.0 + std::exp(-m));
  return -(y * std::log(p) + (1 - y) * std::log(1 - p));
}
double PseudoHuber(double m, double y) { return std::sqrt(1 + (m - y) * (m - y)) - 1; }
double PoissonNll(double m, double y) { return std::exp(m) - y * m; }
double Expectile08(double m, double y) { return (y >= m ? 0.8 : 0.2) * (y - m) * (y - m); }

// Central differences of the loss agree with the objective's g and h.
void CheckAgainstFiniteDifferences(const char* name, double (*loss)(double, double), std::vector<float> labels,
                                   double h_scale = 1.0, Params params = {}) {
  params.max_delta_step = 0;  // poisson: compare the true hessian
  auto objective = MakeObjective(name, params, 1);
  ThreadPool pool(1);
  const double eps = 1e-3;
  for (float y : labels)
    for (float m : {-2.0f, -0.7f, 0.0f, 0.4f, 1.5f}) {
      std::vector<float> margin = {m}, label = {y}, pred(1);
      std::vector<RowIdx> rows = {0};
      std::vector<GradPair> gp(1);
      objective->Transform(margin.data(), pred.data());
      objective->Gradients(margin, pred, label, rows, gp, pool);
      const double g = (loss(m + eps, y) - loss(m - eps, y)) / (2 * eps);
      const double h = (loss(m + eps, y) - 2 * loss(m, y) + loss(m - eps, y)) / (eps * eps);
      EXPECT_NEAR(gp[0].g, g, 1e-4) << name << " margin " << m << " label " << y;
      EXPECT_NEAR(gp[0].h, h * h_scale, 2e-3) << name << " margin " << m << " label " << y;
    }
}

TEST(Objective, SquaredErrorGradientsMatchFiniteDifferences) {
  CheckAgainstFiniteDifferences("reg:squarederror", SquaredLoss, {-2.0f, 0.0f, 3.5f});
}

// (Labels away from the margins tried: the expectile loss has a kink in its second derivative at y = F.)
TEST(Objective, ExpectileGradientsMatchFiniteDifferences) {
  Params params;
  params.expectile_alpha = 0.8;
  CheckAgainstFiniteDifferences("reg:expectileerror", Expectile08, {-1.0f, 0.3f, 2.0f}, 1.0, params);
}

TEST(Objective, LogisticGradientsMatchFiniteDifferences) {
  CheckAgainstFiniteDifferences("binary:logistic", LogisticLoss, {0.0f, 1.0f});
}

TEST(Objective, PseudoHuberGradientsMatchFiniteDifferences) {
  CheckAgainstFiniteDifferences("reg:pseudohubererror", PseudoHuber, {-1.0f, 0.5f, 2.0f});
}

TEST(Objective, PoissonGradientsMatchFiniteDifferences) {
  CheckAgainstFiniteDifferences("count:poisson", PoissonNll, {0.0f, 1.0f, 4.0f});
}

TEST(Objective, SoftmaxGradientsMatchFiniteDifferences) {
  // L = -log softmax(m)_y; XGBoost's hessian is 2 p (1 - p), twice the diagonal.
  Params params;
  auto objective = MakeObjective("multi:softprob", params, 3);
  ThreadPool pool(1);
  std::vector<float> margin = {0.3f, -1.2f, 0.8f}, label = {2}, pred(3);
  std::vector<RowIdx> rows = {0};
  std::vector<GradPair> gp(3);
  objective->Transform(margin.data(), pred.data());
  objective->Gradients(margin, pred, label, rows, gp, pool);
  auto loss = [&](std::vector<double> m) {
    double z = 0;
    for (double v : m) z += std::exp(v);
    return -(m[2] - std::log(z));
  };
  const double eps = 1e-3;
  for (int k = 0; k < 3; ++k) {
    std::vector<double> base(margin.begin(), margin.end());
    auto plus = base, minus = base;
    plus[k] += eps;
    minus[k] -= eps;
    const double g = (loss(plus) - loss(minus)) / (2 * eps);
    const double h = (loss(plus) - 2 * loss(base) + loss(minus)) / (eps * eps);
    EXPECT_NEAR(gp[k].g, g, 1e-4);
    EXPECT_NEAR(gp[k].h, 2 * h, 2e-3);
  }
}

TEST(Objective, StartingMarginsAreMeanLogOddsMedianAndLogPriors) {
  Params params;
  std::vector<float> y = {1, 2, 3, 10};
  std::vector<RowIdx> rows = {0, 1, 2, 3};
  EXPECT_DOUBLE_EQ(MakeObjective("reg:squarederror", params, 1)->AverageMargin(y, rows)[0], 4.0);
  EXPECT_DOUBLE_EQ(MakeObjective("reg:absoluteerror", params, 1)->AverageMargin(y, rows)[0], 2.5);
  std::vector<float> b = {0, 1, 0, 0};
  EXPECT_NEAR(MakeObjective("binary:logistic", params, 1)->AverageMargin(b, rows)[0], std::log(0.25 / 0.75), 1e-12);
  std::vector<float> c = {0, 1, 1, 2};
  auto priors = MakeObjective("multi:softprob", params, 3)->AverageMargin(c, rows);
  EXPECT_NEAR(priors[1], std::log(0.5), 1e-12);
}

TEST(Objective, UnknownNamesAndMissingNumClassAreRefused) {
  Params params;
  EXPECT_THROW(MakeObjective("reg:nonsense", params, 1), std::exception);
  EXPECT_THROW(MakeObjective("multi:softprob", params, 0), std::exception);
}

}  // namespace objective_test
}  // namespace boostlab

namespace boostlab {
namespace objective_test {

double ExpLoss(double m, double y) { return std::exp(-(2 * y - 1) * m); }

TEST(Objective, ExponentialGradientsMatchFiniteDifferences) {
  CheckAgainstFiniteDifferences("binary:exponential", ExpLoss, {0.0f, 1.0f});
}

}  // namespace objective_test
}  // namespace boostlab

namespace boostlab {
namespace objective_test {

// Every round transforms every row at once (TransformRows); the saved model
// and one-row predictions use Transform. They must agree for every
// objective, including those that change Transform below a loss.
TEST(Objective, TransformRowsAgreesWithTransformForEveryObjective) {
  const std::vector<std::pair<std::string, int>> names = {
      {"reg:squarederror", 1}, {"reg:absoluteerror", 1}, {"reg:huber", 1},        {"reg:pseudohubererror", 1},
      {"count:poisson", 1},    {"binary:logistic", 1},   {"binary:exponential", 1}, {"binary:samme", 1},
      {"binary:forest", 1},    {"binary:samme_r", 1},    {"reg:adaboost_r2", 1},   {"multi:samme", 3},
      {"multi:samme_r", 3},    {"multi:forest", 3},      {"multi:softprob", 3},    {"multi:softmax", 3}};
  Params params;
  const std::vector<RowIdx> rows = {0, 2, 3, 6};
  for (const auto& [name, classes] : names) {
    auto objective = MakeObjective(name, params, classes);
    const size_t K = static_cast<size_t>(objective->outputs());
    std::vector<float> margin(8 * K), one(8 * K, -7.0f), many(8 * K, -7.0f);
    for (size_t i = 0; i < margin.size(); ++i) margin[i] = -2.5f + 0.7f * static_cast<float>(i % 9);
    for (RowIdx r : rows) objective->Transform(&margin[r * K], &one[r * K]);
    objective->TransformRows(margin.data(), many.data(), rows);
    EXPECT_EQ(one, many) << name;  // the rows not listed are left alone, too
  }
}

}  // namespace objective_test
}  // namespace boostlab
