// Binning a piece at a time (BinnedMatrixBuilder, Booster::Prepare) and
// training after the feature values are released: the same bins, the same
// model, the same round statistics as in one go with the values kept.
#include <gtest/gtest.h>

#include <algorithm>   // for sort, lower_bound, max
#include <cmath>       // for abs
#include <functional>  // for function
#include <memory>      // for unique_ptr
#include <string>      // for string

#include "boostlab/booster.h"
#include "boostlab/errors.h"
#include "boostlab/model.h"
#include "data/binned_matrix.h"
#include "random_data.h"
#include "util/thread_pool.h"

namespace boostlab {
namespace prepare_test {

std::string CodeOf(const std::function<void()>& fn) {
  try {
    fn();
  } catch (const Error& e) {
    return e.code();
  }
  return "";
}

// Trains the booster's remaining rounds; its model.
Model TrainAll(Booster& b) {
  while (!b.Done()) b.TrainOneRound();
  return b.TakeModel();
}

TEST(Prepare, PiecesMakeTheMatrixBuildMakesWithProgressRisingToOne) {
  // 400k rows in blocks of 65536; 1000 bins: two-byte bins too.
  for (int max_bin : {100, 1000}) {
    Dataset d = test::RandomData(400000, 5).Seed(3).Missing(0.05).Make();
    ThreadPool pool(2);
    const BinnedMatrix whole = BinnedMatrix::Build(d.x, d.features, d.train_rows, max_bin, pool);
    BinnedMatrixBuilder builder(d.x, d.features, d.train_rows, max_bin, pool);
    builder.cells_per_piece = 65536 * 5;
    double last = builder.Progress();
    EXPECT_EQ(last, 0.0);
    int pieces = 0;
    while (!builder.Step()) {
      ++pieces;
      EXPECT_GT(builder.Progress(), last);
      EXPECT_LT(builder.Progress(), 1.0);
      last = builder.Progress();
    }
    EXPECT_EQ(builder.Progress(), 1.0);
    EXPECT_EQ(pieces, 3 + 6);  // cut points in three pieces (two threads), rows in seven blocks
    const BinnedMatrix stepped = builder.Take();
    EXPECT_EQ(stepped.cuts, whole.cuts);
    EXPECT_EQ(stepped.offsets, whole.offsets);
    EXPECT_EQ(stepped.wide, whole.wide);
    EXPECT_EQ(stepped.wide, max_bin > 256);  // 10% missing: 101 or 1001 bins
    EXPECT_EQ(stepped.bins8, whole.bins8);
    EXPECT_EQ(stepped.bins16, whole.bins16);
    EXPECT_EQ(stepped.cols8, whole.cols8);
    EXPECT_EQ(stepped.cols16, whole.cols16);
  }
}

// A row's ValueOfBin goes down every tree grown on those bins as its value does.
TEST(Prepare, ValueOfBinLandsInTheBinOfTheValue) {
  Dataset d = test::RandomData(5000, 3).Seed(4).Missing(0.1).Make();
  ThreadPool pool(1);
  const BinnedMatrix m = BinnedMatrix::Build(d.x, d.features, d.train_rows, 16, pool);
  for (size_t f = 0; f < 3; ++f)
    for (size_t r = 0; r < d.x.num_rows; ++r) {
      const float v = d.x.columns()[f][r], at = m.ValueOfBin(r, f);
      if (v != v) {
        EXPECT_NE(at, at);
        continue;
      }
      for (uint32_t j = 0; j + 1 < m.BinsOf(f); ++j) EXPECT_EQ(v < m.Threshold(f, j), at < m.Threshold(f, j)) << r << " " << f;
    }
}

// Past max_cut_rows the cut points come from a sample: the same on every
// run and thread count, each cut within a small rank error of where all the
// rows put it; every row is still binned.
TEST(Prepare, CutPointsOfManyRowsComeFromTheSameSampleEveryTime) {
  Dataset d = test::RandomData(400000, 3).Seed(8).Missing(0.05).Make();
  ThreadPool one(1), two(2);
  const BinnedMatrix all = BinnedMatrix::Build(d.x, d.features, d.train_rows, 100, two);
  auto sampled = [&](ThreadPool& pool) {
    BinnedMatrixBuilder builder(d.x, d.features, d.train_rows, 100, pool);
    builder.max_cut_rows = 100000;
    return builder.Take();
  };
  const BinnedMatrix a = sampled(one), b = sampled(two);
  EXPECT_EQ(a.cuts, b.cuts);
  EXPECT_EQ(a.cols8, b.cols8);
  EXPECT_EQ(a.bins8, b.bins8);
  ASSERT_EQ(a.num_rows, d.x.num_rows);
  for (size_t f = 0; f < 3; ++f) {
    EXPECT_NE(a.cuts[f], all.cuts[f]) << f;  // a sample was used
    ASSERT_EQ(a.cuts[f].size(), all.cuts[f].size()) << f;
    // The share of the training rows below each cut, sampled against all.
    std::vector<float> v;
    for (RowIdx r : d.train_rows)
      if (float x = d.x.columns()[f][r]; x == x) v.push_back(x);
    std::sort(v.begin(), v.end());
    auto share_below = [&](float cut) {
      return static_cast<double>(std::lower_bound(v.begin(), v.end(), cut) - v.begin()) / static_cast<double>(v.size());
    };
    double worst = 0;
    for (size_t j = 0; j + 1 < a.cuts[f].size(); ++j)
      worst = std::max(worst, std::abs(share_below(a.cuts[f][j]) - share_below(all.cuts[f][j])));
    EXPECT_LT(worst, 0.008) << f;  // a bin is 0.01 wide; a 100k sample's rank error is ~0.0014
    EXPECT_GT(worst, 0.0) << f;
  }
}

// A feature with too few values in the sample (mostly missing) takes its
// cut points from every row: a sample could miss all it has.
TEST(Prepare, AMostlyMissingFeatureTakesItsCutsFromEveryRow) {
  Dataset d = test::RandomData(400000, 2).Seed(9).Make();
  std::vector<float>& sparse = d.x.Mutable(1);
  for (size_t r = 0; r < sparse.size(); ++r)
    if (r % 1000 != 7) sparse[r] = NAN;  // 400 values
  ThreadPool pool(2);
  const BinnedMatrix all = BinnedMatrix::Build(d.x, d.features, d.train_rows, 64, pool);
  BinnedMatrixBuilder builder(d.x, d.features, d.train_rows, 64, pool);
  builder.max_cut_rows = 100000;
  const BinnedMatrix sampled = builder.Take();
  EXPECT_NE(sampled.cuts[0], all.cuts[0]);  // the dense feature's from the sample
  ASSERT_FALSE(all.cuts[1].empty());
  EXPECT_EQ(sampled.cuts[1], all.cuts[1]);
}

struct Trained {
  std::string model;
  std::vector<RoundStatistics> stats;
};

// Trains rounds rounds; with `release`, the dataset's values go once prepared.
Trained Train(Dataset& d, const Params& p, bool stepwise, bool release) {
  Booster b(d, p);
  if (stepwise) {
    double last = b.PrepareProgress();
    while (!b.Prepare()) {
      EXPECT_GE(b.PrepareProgress(), last);
      last = b.PrepareProgress();
    }
    EXPECT_EQ(b.PrepareProgress(), 1.0);
  }
  if (release) d.x.Release();
  Trained run;
  while (!b.Done()) {
    b.TrainOneRound();
    run.stats.push_back(b.LastRoundStatistics());
  }
  run.model = b.TakeModel().ToJson();
  return run;
}

TEST(Prepare, TrainingAfterTheValuesAreReleasedMakesTheSameModelAndStatistics) {
  for (const char* algorithm : {"xgboost", "gbdt", "adaboost", "random_forest"}) {
    Params p;
    p.algorithm = algorithm;
    p.rounds = 4;
    p.max_depth = 4;
    p.nthread = 2;
    const Dataset data = test::RandomData(3000, 4).Classes(3).Seed(6).Missing(0.1).Make();
    Dataset kept = data, released = data;
    const Trained a = Train(kept, p, false, false);
    const Trained b = Train(released, p, true, true);
    EXPECT_TRUE(released.x.released());
    EXPECT_EQ(a.model, b.model) << algorithm;
    ASSERT_EQ(a.stats.size(), b.stats.size());
    for (size_t i = 0; i < a.stats.size(); ++i) {
      EXPECT_EQ(RoundStatisticsToJson(a.stats[i]), RoundStatisticsToJson(b.stats[i])) << algorithm << " round " << i + 1;
      EXPECT_EQ(a.stats[i].grad, b.stats[i].grad);
      EXPECT_EQ(a.stats[i].weight, b.stats[i].weight);
      EXPECT_EQ(a.stats[i].drawn, b.stats[i].drawn);
    }
    if (std::string(algorithm) != "random_forest") EXPECT_FALSE(a.stats.back().leaves.empty() && a.stats.back().weight.empty());
  }
}

TEST(Prepare, WhatNeedsValuesAfterReleaseSaysSo) {
  Dataset d = test::RandomData(500, 3).Seed(7).Make();
  Params p;
  p.rounds = 2;
  Booster trained(d, p);
  const Model m = TrainAll(trained);
  d.x.Release();
  EXPECT_EQ(d.x.num_rows, 500u);
  EXPECT_EQ(CodeOf([&] { Booster again(d, p); }), "VALUES_RELEASED");
  EXPECT_EQ(CodeOf([&] { m.PredictColumns(d.x); }), "VALUES_RELEASED");
  EXPECT_EQ(CodeOf([&] { m.Contributions(d.x); }), "VALUES_RELEASED");
  const std::vector<RowIdx> rows = {1, 2};
  EXPECT_EQ(CodeOf([&] { SelectRows(d.x, rows); }), "VALUES_RELEASED");
  // A copy of a released dataset is released too.
  const FeatureColumns copy = d.x;
  EXPECT_EQ(CodeOf([&] { m.PredictColumns(copy); }), "VALUES_RELEASED");
}

// Released before binning was done: the next piece refuses (it would read
// columns that are gone), and so does a round, which prepares first.
TEST(Prepare, ValuesReleasedBeforeBinningIsDoneStopIt) {
  Dataset d = test::RandomData(2000, 3).Seed(8).Make();
  Params p;
  p.rounds = 2;
  Booster b(d, p);
  d.x.Release();
  EXPECT_EQ(CodeOf([&] { b.Prepare(); }), "VALUES_RELEASED");
  EXPECT_EQ(CodeOf([&] { b.TrainOneRound(); }), "VALUES_RELEASED");
}

// A run continued from a model walks that model's trees once its bins are
// made: the model given may be gone by then.
TEST(Prepare, AContinuedRunNeedsNotItsStartingModelAfterConstruction) {
  Dataset d = test::RandomData(2000, 3).Seed(9).Make();
  Params p;
  p.rounds = 3;
  Booster first(d, p);
  auto start = std::make_unique<Model>(TrainAll(first));
  Booster kept(d, p, start.get());
  const Model a = TrainAll(kept);
  Booster gone(d, p, start.get());
  start.reset();
  const Model b = TrainAll(gone);
  EXPECT_EQ(a.trees.size(), 6u);
  EXPECT_EQ(a.ToJson(), b.ToJson());
}

}  // namespace prepare_test
}  // namespace boostlab
