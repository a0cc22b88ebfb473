#include "boost/algorithm.h"

#include "boostlab/errors.h"

namespace boostlab {

void Algorithm::Check() const {
  const Params& p = ctx_.params;
  if (p.max_depth == 0 && p.grow_policy != "lossguide" && p.max_leaves == 0)
    throw Error("BAD_PARAM", "Parameter 'max_depth' is 0 (no limit), which needs grow_policy lossguide or max_leaves > 0.");
}

const std::vector<AlgorithmDeclaration>& Algorithms() {
  static const std::vector<AlgorithmDeclaration> algorithms = {XGBoostStyleDeclaration(), GbdtDeclaration(),
                                                               AdaBoostDeclaration(), RandomForestDeclaration(),
                                                               GbRankDeclaration()};
  return algorithms;
}

std::unique_ptr<Algorithm> MakeAlgorithm(TrainingContext& ctx) {
  for (const AlgorithmDeclaration& a : Algorithms())
    if (ctx.params.algorithm == a.name) return a.make(ctx);
  throw Error("BAD_PARAM", "Parameter 'algorithm' is '" + ctx.params.algorithm + "', which is not an algorithm here.");
}

}  // namespace boostlab
