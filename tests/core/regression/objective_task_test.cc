// A regression objective on a two-class target. Before: the model kept the
// target's two classes beside objective reg:squarederror and one output, and
// its own file did not load again ("does not fit its 2 classes"); found by the
// params fuzzer (input below, as the fuzzer's table has it).

#include <gtest/gtest.h>

#include "boostlab/booster.h"
#include "boostlab/dataset.h"
#include "boostlab/model.h"
#include "boostlab/params.h"
#include "boostlab/table.h"

namespace boostlab {
namespace objective_task_test {

TEST(ObjectiveTaskRegression, ARegressionOnTwoClassesPredictsANumberAndReloads) {
  const Table t = ReadCsv("x,w,b\n1,1,yes\n2,2,no\n3,0,yes\n,1,no\n5,1,yes\n6,3,no\n7,1,yes\n8,0.5,no\n9,1,yes\n10,1,no\n");
  const Dataset d = Dataset::FromTable(t, ParseDatasetOptions(R"({"target":"b","weight":"w"})"));
  Booster b(d, ParseParams(R"({"objective":"reg:squarederror","subsample":0.2,"colsample_bytree":0.5,"nthread":2,"rounds":3})"));
  while (!b.Done()) b.TrainOneRound();
  const Model m = b.TakeModel();
  EXPECT_TRUE(m.classes.empty());
  const Model back = Model::FromJson(m.ToJson());
  EXPECT_EQ(back.ToJson(), m.ToJson());
}

}  // namespace objective_task_test
}  // namespace boostlab
