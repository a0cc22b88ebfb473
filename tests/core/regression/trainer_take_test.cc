// A trainer's model taken twice: with early stopping, the second TakeModel
// (or a Snapshot after it) returned best_round + 1 trees without nodes,
// which every walk of a tree read past (a SIGSEGV natively; in wasm a leaf
// prediction that never returned and a stack overflow in contributions).
// CutToBestRound grew the empty model the first take had left. And a
// prepare() after take() (the sequence fuzzer's find).

#include <gtest/gtest.h>

#include <string>  // for string
#include <vector>  // for vector

#include "boostlab/booster.h"
#include "boostlab/errors.h"
#include "boostlab/table.h"

namespace boostlab {
namespace trainer_take_test {

Dataset SmallData() {
  std::string csv = "x,y\n";
  for (int i = 0; i < 40; ++i) csv += std::to_string(i) + "," + std::to_string((i * 7) % 11) + "\n";
  DatasetOptions options;
  options.target = "y";
  options.valid_fraction = 0.25;
  return Dataset::FromTable(ReadCsv(csv), options);
}

template <typename Fn>
std::string CodeOf(Fn&& fn) {
  try {
    fn();
  } catch (const Error& e) {
    return e.code();
  }
  return "none";
}

TEST(TrainerTakeRegression, ASecondTakeOrSnapshotIsRefused) {
  const Dataset data = SmallData();
  Params params;
  params.rounds = 30;
  params.early_stopping_rounds = 2;
  params.eta = 1;
  Booster booster(data, params);
  while (!booster.Done()) booster.TrainOneRound();
  const Model first = booster.TakeModel();
  ASSERT_FALSE(first.trees.empty());
  for (const Tree& t : first.trees) EXPECT_FALSE(t.nodes.empty());
  EXPECT_EQ(CodeOf([&] { booster.TakeModel(); }), "MODEL_TAKEN");
  EXPECT_EQ(CodeOf([&] { booster.Snapshot(); }), "MODEL_TAKEN");
  EXPECT_EQ(CodeOf([&] { booster.LastRoundStatistics(); }), "MODEL_TAKEN");
  EXPECT_EQ(CodeOf([&] { booster.TrainOneRound(); }), "TRAINING_OVER");
  // The model taken is whole and predicts.
  std::vector<float> out(data.x.num_rows);
  first.Predict(data.x, out);
}

TEST(TrainerTakeRegression, TakeBeforeAnyRoundGivesAnEmptyModelOnce) {
  const Dataset data = SmallData();
  Params params;
  params.rounds = 5;
  params.early_stopping_rounds = 2;
  Booster booster(data, params);
  EXPECT_TRUE(booster.TakeModel().trees.empty());
  EXPECT_EQ(CodeOf([&] { booster.TakeModel(); }), "MODEL_TAKEN");
}

// The sequence fuzzer's find: a continued run taken before binning was done,
// then prepared: binning walked the taken (empty) model, threw after letting
// its builder go, and the next prepare() read the builder it had let go.
TEST(TrainerTakeRegression, PrepareAfterTakeIsRefusedEveryTime) {
  const Dataset data = SmallData();
  Params params;
  params.rounds = 3;
  Model init;
  {
    Booster first(data, params);
    while (!first.Done()) first.TrainOneRound();
    init = first.TakeModel();
  }
  Booster continued(data, params, &init);
  (void)continued.TakeModel();
  EXPECT_EQ(CodeOf([&] { continued.Prepare(); }), "MODEL_TAKEN");
  EXPECT_EQ(CodeOf([&] { continued.Prepare(); }), "MODEL_TAKEN");
  EXPECT_EQ(CodeOf([&] { continued.TrainOneRound(); }), "TRAINING_OVER");
}

}  // namespace trainer_take_test
}  // namespace boostlab
