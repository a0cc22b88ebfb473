// The booster: the shared training context and the algorithm that trains in it.
#pragma once

#include <memory>  // for unique_ptr
#include <vector>  // for vector

#include "boost/algorithm.h"
#include "boost/training_context.h"
#include "boostlab/booster.h"
#include "data/binned_matrix.h"
#include "tree/tree_learner.h"

namespace boostlab {

struct Booster::Impl {
  TrainingContext ctx;  // declared first: the algorithm (a forest's workers) goes before it
  std::unique_ptr<Algorithm> algorithm;

  // Until the first round can start: the bins being made (Booster::Prepare),
  // and what the rest of the set-up needs.
  std::unique_ptr<BinnedMatrixBuilder> binning;
  TreeParams tree_params;
  bool prepared = false;  // binned (Booster::Prepare is done)
  bool started = false;   // round 1's state made (StartTraining)
  bool taken = false;     // TakeModel moved the model out: nothing is left to snapshot or take
  // What round 1's report says about the run (a continued model's classes read by position).
  std::vector<std::string> notes;

  Impl(const Dataset& d, const Params& p) : ctx(d, p), algorithm(MakeAlgorithm(ctx)) {}
  void FinishBinning();
  void StartTraining();
  // After a round: if a tree it added holds a number that is not finite as a
  // float (a model file could not hold it), drops the round's trees, stops,
  // and throws NUMERIC_OVERFLOW saying what overflowed and what to change.
  void CheckRoundFinite(size_t trees_before);
  // Throws MODEL_TAKEN once TakeModel has run (`what`: the call refused).
  void CheckNotTaken(const char* what) const;
};

}  // namespace boostlab
