#include <gtest/gtest.h>

#include <cmath>  // for log, exp

#include "objective/objective.h"

namespace boostlab {
namespace {

double SquaredLoss(double m, double y) { return 0.5 * (m - y) * (m - y); }
double LogisticLoss(double m, double y) {
  const double p = 1.0 / (1.0 + std::exp(-m));
  return -(y * std::log(p) + (1 - y) * std::log(1 - p));
}

// Central differences of the loss agree with the functor's g and h.
template <typename Loss>
void CheckAgainstFiniteDifferences(double (*loss)(double, double), std::vector<float> labels) {
  const double eps = 1e-3;
  for (float y : labels)
    for (float m : {-3.0f, -0.7f, 0.0f, 0.4f, 2.5f}) {
      GradPair gp = Loss()(m, y);
      const double g = (loss(m + eps, y) - loss(m - eps, y)) / (2 * eps);
      const double h = (loss(m + eps, y) - 2 * loss(m, y) + loss(m - eps, y)) / (eps * eps);
      EXPECT_NEAR(gp.g, g, 1e-4) << "margin " << m << " label " << y;
      EXPECT_NEAR(gp.h, h, 1e-3) << "margin " << m << " label " << y;
    }
}

TEST(Objective, SquaredErrorGradientsMatchFiniteDifferences) {
  CheckAgainstFiniteDifferences<SquaredError>(SquaredLoss, {-2.0f, 0.0f, 3.5f});
}

TEST(Objective, LogisticGradientsMatchFiniteDifferences) {
  CheckAgainstFiniteDifferences<Logistic>(LogisticLoss, {0.0f, 1.0f});
}

TEST(Objective, StartingMarginsAreMeanAndLogOdds) {
  EXPECT_DOUBLE_EQ(SquaredError::MarginOf(3.25), 3.25);
  EXPECT_NEAR(Logistic::MarginOf(0.2), std::log(0.25), 1e-12);
}

}  // namespace
}  // namespace boostlab
