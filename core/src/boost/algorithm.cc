#include "boost/algorithm.h"

#include "boostlab/errors.h"

namespace boostlab {

void Algorithm::Check() const {
  const Params& p = ctx_.params;
  if (p.max_depth == 0 && p.grow_policy != "lossguide" && p.max_leaves == 0)
    throw Error("BAD_PARAM", "Parameter 'max_depth' is 0 (no limit), which needs grow_policy lossguide or max_leaves > 0.");
}

std::unique_ptr<Algorithm> MakeAlgorithm(TrainingContext& ctx) {
  const std::string& name = ctx.params.algorithm;
  if (name == "xgboost") return MakeXGBoostStyle(ctx);
  if (name == "gbdt") return MakeGbdt(ctx);
  if (name == "adaboost") return ctx.data.task == Task::kRegression ? MakeAdaBoostR2(ctx) : MakeAdaBoost(ctx);
  if (name == "random_forest") return MakeRandomForest(ctx);
  throw Error("BAD_PARAM", "Parameter 'algorithm' is '" + name + "'; allowed: xgboost, gbdt, adaboost, random_forest.");
}

}  // namespace boostlab
