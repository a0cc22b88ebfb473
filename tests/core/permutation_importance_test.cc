// Permutation importance: a feature the model never reads costs nothing when
// shuffled, one it leans on costs much; the drop is the metric's own change
// (a loss rises, a score falls); the seed decides the shuffles; refusals name
// what is wrong.
#include <gtest/gtest.h>

#include <string>  // for string, to_string
#include <vector>  // for vector

#include "boostlab/booster.h"
#include "boostlab/errors.h"
#include "boostlab/evaluation.h"
#include "boostlab/model.h"
#include "boostlab/table.h"

namespace boostlab {
namespace permutation_importance_test {

// y = 3x + z/10 over x and z, and a column c that is the same on every row (no split can read it).
std::string Csv(bool classes, int n) {
  std::string csv = "x,z,c,y\n";
  for (int i = 0; i < n; ++i) {
    const double x = (i * 37 % 100) / 100.0, z = (i * 11 % 13) / 13.0;
    const std::string y = classes ? (x + z / 10 > 0.5 ? "hi" : "lo") : std::to_string(3 * x + z / 10);
    csv += std::to_string(x) + "," + std::to_string(z) + ",1," + y + "\n";
  }
  return csv;
}

Model Train(const Table& t) {
  Params p;
  p.rounds = 20;
  p.max_depth = 3;
  const Dataset d = Dataset::FromTable(t, {.target = "y", .valid_fraction = 0});
  Booster b(d, p);
  while (!b.Done()) b.TrainOneRound();
  return b.Snapshot();
}

TEST(PermutationImportance, AFeatureLeanedOnCostsMostAndAnUnreadOneNothing) {
  const Table t = ReadCsv(Csv(false, 400));
  const Model m = Train(t);
  const PermutationImportance p = PermutationImportanceOf(m, t, {}, 0, "", 4, 7);
  EXPECT_EQ(p.metric, "rmse");
  EXPECT_EQ(p.rows, 400u);
  EXPECT_DOUBLE_EQ(p.baseline, Evaluate(m, t, {}, 0, 0).rmse);
  ASSERT_EQ(p.features, (std::vector<std::string>{"x", "z", "c"}));
  for (double d : p.drops[0]) EXPECT_GT(d, 0.5);       // x: the target's spread is ~0.87; shuffled, the model's error grows past it
  for (double d : p.drops[2]) EXPECT_EQ(d, 0.0);       // c: never read
  EXPECT_LT(p.drops[1][0], p.drops[0][0] / 5);         // z: a tenth of the signal
  // r2 falls where rmse rises: the drop is signed so that more is more important either way.
  const PermutationImportance r2 = PermutationImportanceOf(m, t, {}, 0, "r2", 4, 7);
  for (double d : r2.drops[0]) EXPECT_GT(d, 0.3);
  // The seed decides the shuffles; the rows asked are the rows scored.
  EXPECT_EQ(PermutationImportanceOf(m, t, {}, 0, "", 4, 7).drops, p.drops);
  EXPECT_NE(PermutationImportanceOf(m, t, {}, 0, "", 4, 8).drops[0], p.drops[0]);
  const std::vector<RowIdx> some = {1, 5, 9, 13, 200, 300};
  EXPECT_EQ(PermutationImportanceOf(m, t, some, 0, "", 1, 7).rows, 6u);
}

TEST(PermutationImportance, ClassesScoreByLogLossOrAScoreAndRefuseWhatTheyCannot) {
  const Table t = ReadCsv(Csv(true, 300));
  const Model m = Train(t);
  const PermutationImportance p = PermutationImportanceOf(m, t, {}, 0, "", 2, 1);
  EXPECT_EQ(p.metric, "logloss");
  for (double d : p.drops[0]) EXPECT_GT(d, 0.1);
  const PermutationImportance auc = PermutationImportanceOf(m, t, {}, 0, "auc", 2, 1);
  EXPECT_DOUBLE_EQ(auc.baseline, Evaluate(m, t, {}, 0, 0).auc);
  for (double d : auc.drops[0]) EXPECT_GT(d, 0.1);
  for (double d : auc.drops[2]) EXPECT_EQ(d, 0.0);
  auto error = [&](const std::string& metric, int repeats, std::vector<RowIdx> rows = {}) {
    try {
      PermutationImportanceOf(m, t, rows, 0, metric, repeats, 1);
    } catch (const Error& e) {
      return e.code() + ": " + e.what();
    }
    return std::string("no error");
  };
  EXPECT_EQ(error("rmse", 1), "BAD_OPTION: Permutation importance of a classifier is measured by logloss, auc, aucpr and accuracy, not 'rmse'.");
  EXPECT_EQ(error("", 0), "BAD_ARGUMENT: repeats is how many times each feature is shuffled, 1 to 100, not 0.");
  EXPECT_EQ(error("", 1, {300}), "BAD_ARGUMENT: Row 300 (item 0) is past the last row, 300 rows counted from 0.");
  // One class among the rows asked: no AUC.
  EXPECT_NE(error("auc", 1, {0, 1}).find("cannot be computed on these rows"), std::string::npos);
}

}  // namespace permutation_importance_test
}  // namespace boostlab
