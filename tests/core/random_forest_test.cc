#include <gtest/gtest.h>

#include <chrono>  // for milliseconds
#include <thread>  // for sleep_for

#include "boost/random_forest.h"
#include "boostlab/booster.h"
#include "boostlab/errors.h"
#include "data/binned_matrix.h"
#include "random_data.h"
#include "tree/split_finder.h"
#include "util/thread_pool.h"

namespace boostlab {
namespace random_forest_test {

// A forest as the benchmarks grow it (unlimited depth, the default
// features per node), `rounds` trees.
Params ForestParams(int rounds) {
  Params p;
  p.algorithm = "random_forest";
  p.max_depth = 0;
  p.colsample_bynode = std::nan("");
  p.rounds = rounds;
  return p;
}

TEST(RandomForest, MulticlassAveragesClassSharesAndReportsOutOfBagError) {
  Dataset d = test::RandomData(3000, 4).Seed(7).Classes(3).Make();
  Params p = ForestParams(30);
  Booster b(d, p);
  RoundReport first = b.TrainOneRound(), last = first;
  while (!b.Done()) last = b.TrainOneRound();
  ASSERT_EQ(last.train.back().name, "oob_error");
  EXPECT_LT(last.train.back().value, first.train.back().value);
  EXPECT_LT(last.valid[0].value, 0.3);
  Model m = b.TakeModel();
  ASSERT_EQ(m.trees.size(), 30u);  // one multi-output tree per round
  EXPECT_EQ(m.trees[0].leaf_values.size(), m.trees[0].nodes.size() * 3);
  std::vector<float> out(d.x.num_rows * 3);
  Model::FromJson(m.ToJson()).Predict(d.x, out);
  double wrong = 0;
  for (RowIdx r : d.valid_rows)
    wrong += std::max_element(&out[3 * r], &out[3 * r + 3]) - &out[3 * r] != static_cast<int>(d.label[r]);
  EXPECT_NEAR(wrong / static_cast<double>(d.valid_rows.size()), last.valid[0].value, 1e-9);  // the saved model predicts what training reported
  for (size_t r = 0; r < 5; ++r) EXPECT_NEAR(out[3 * r] + out[3 * r + 1] + out[3 * r + 2], 1.0, 1e-5);
}

TEST(RandomForest, RegressionReportsWhatTheSavedModelPredicts) {
  // One output: each round adds every row's leaf value to the forest's sums
  // by position (drawn, out-of-bag and validation rows). The last round's
  // train and validation RMSE must be the saved model's on those rows.
  Dataset d = test::RandomData(3000, 5).Seed(9).Missing(0.1).Make();
  Params p = ForestParams(9);
  p.nthread = 2;
  p.eval_metric = "rmse";
  Booster b(d, p);
  RoundReport last;
  while (!b.Done()) last = b.TrainOneRound();
  const Model m = b.TakeModel();
  std::vector<float> out(d.x.num_rows);
  Model::FromJson(m.ToJson()).Predict(d.x, out);
  auto rmse = [&](std::span<const RowIdx> rows) {
    double total = 0;
    for (RowIdx r : rows) total += (out[r] - d.label[r]) * (out[r] - d.label[r]);
    return std::sqrt(total / static_cast<double>(rows.size()));
  };
  ASSERT_EQ(last.train[0].name, "rmse");
  ASSERT_EQ(last.valid[0].name, "rmse");
  EXPECT_NEAR(last.train[0].value, rmse(d.train_rows), 1e-4 * rmse(d.train_rows));
  EXPECT_NEAR(last.valid[0].value, rmse(d.valid_rows), 1e-4 * rmse(d.valid_rows));
  ASSERT_EQ(last.train.back().name, "oob_rmse");
  EXPECT_GT(last.train.back().value, last.train[0].value);  // out of bag: worse than on rows the trees saw
}

TEST(RandomForest, TreesGrownInParallelMakeTheSameModelAsOneThread) {
  for (bool multiclass : {false, true}) {
    Dataset d = multiclass ? test::RandomData(3000, 5).Seed(2).Classes(3).Make()
                           : test::RandomData(3000, 5).Seed(2).Missing(0.1).Make();
    Params p = ForestParams(7);  // not a multiple of the batch sizes
    p.nthread = 1;
    const std::string one = test::Train(d, p).ToJson();
    for (int threads : {2, 3}) {
      p.nthread = threads;
      EXPECT_EQ(test::Train(d, p).ToJson(), one) << threads << " threads, multiclass " << multiclass;
    }
  }
}

// The workers grow trees ahead of the rounds (up to one per learner), the
// more so when the caller is slow (a page drawing each round: here a sleep).
// No tree may take a slot before its round's tree is reported, and when
// early stopping ends training, the trees grown past the stop must not reach
// the model or the reports, whatever the thread count.
TEST(RandomForest, EarlyStoppingWithTreesGrownAheadGivesTheOneThreadModelAndReports) {
  Dataset d = test::RandomData(1500, 5).Seed(12).Make();
  Params p = ForestParams(60);
  p.early_stopping_rounds = 2;
  auto train = [&](int threads, std::vector<RoundReport>& reports) {
    p.nthread = threads;
    Booster b(d, p);
    while (!b.Done()) {
      reports.push_back(b.TrainOneRound());
      if (threads > 1) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return b.TakeModel().ToJson();
  };
  std::vector<RoundReport> one_reports;
  const std::string one = train(1, one_reports);
  ASSERT_LT(one_reports.size(), 40u) << "early stopping must stop this forest well before its 60 rounds";
  for (int threads : {2, 3}) {
    std::vector<RoundReport> reports;
    EXPECT_EQ(train(threads, reports), one) << threads << " threads";
    ASSERT_EQ(reports.size(), one_reports.size()) << threads << " threads";
    for (size_t r = 0; r < reports.size(); ++r) {
      EXPECT_EQ(reports[r].valid[0].value, one_reports[r].valid[0].value) << r;
      EXPECT_EQ(reports[r].train.back().value, one_reports[r].train.back().value) << r;  // out of bag
      EXPECT_EQ(reports[r].tree_leaves, one_reports[r].tree_leaves) << r;
    }
  }
}

// A forest left part-way (its model taken, or the booster destroyed) while
// the workers grow trees ahead: they stop, and nothing hangs or crashes.
TEST(RandomForest, AForestLeftPartWayStopsItsWorkers) {
  Dataset d = test::RandomData(3000, 5).Seed(5).Make();
  Params p = ForestParams(200);
  p.nthread = 3;
  for (int rounds : {1, 3, 10}) {
    Booster b(d, p);
    for (int r = 0; r < rounds; ++r) b.TrainOneRound();
    if (rounds == 3) {
      const Model m = b.TakeModel();
      EXPECT_EQ(m.trees.size(), 3u);
      EXPECT_TRUE(b.Done());
    }
  }  // the destructor stops the workers
  Booster b(d, p);
  b.TrainOneRound();
  const Model m = b.Snapshot();  // a snapshot while trees grow ahead: the reported round's only
  EXPECT_EQ(m.trees.size(), 1u);
}

// A round asked of a trainer that is done is an error, not a wait for a
// tree no thread will grow: after the last round, after early stopping and
// after the model is taken.
TEST(RandomForest, ARoundAfterTheEndIsAnError) {
  Dataset d = test::RandomData(1500, 5).Seed(12).Make();
  auto over = [](Booster& b) {
    try {
      b.TrainOneRound();
    } catch (const Error& e) {
      return e.code() + ": " + e.what();
    }
    return std::string("no error");
  };
  for (int threads : {1, 2}) {
    Params p = ForestParams(3);
    p.nthread = threads;
    Booster all(d, p);
    while (!all.Done()) all.TrainOneRound();
    EXPECT_EQ(over(all), "TRAINING_OVER: Training is over (3 of 3 rounds trained): no round is left to train. "
                         "Start a new trainer to train again.");
    p.rounds = 60;
    p.early_stopping_rounds = 2;
    Booster early(d, p);
    while (!early.Done()) early.TrainOneRound();
    EXPECT_NE(over(early).find("rounds trained, then stopped)"), std::string::npos) << over(early);
    Booster taken(d, p);
    taken.TrainOneRound();
    taken.TakeModel();
    EXPECT_EQ(over(taken).substr(0, 50), "TRAINING_OVER: Training is over (1 of 60 rounds tr");
  }
}

TEST(RandomForest, EachRoundReportsItsTreesShapeAsASweepOfTheTreeFinds) {
  // The learner keeps a forest tree's depth, leaves and gains as it grows;
  // a sweep of the saved tree's nodes must find the same, the gains summed
  // in node order. Both loops: no leaf limit (depth first) and a leaf limit.
  for (int max_leaves : {0, 40}) {
    Dataset d = test::RandomData(2000, 5).Seed(4).Missing(0.05).Make();
    Params p = ForestParams(5);
    p.max_leaves = max_leaves;
    p.nthread = 2;
    Booster b(d, p);
    std::vector<RoundReport> reports;
    while (!b.Done()) reports.push_back(b.TrainOneRound());
    const Model m = b.TakeModel();
    ASSERT_EQ(m.trees.size(), reports.size());
    for (size_t t = 0; t < m.trees.size(); ++t) {
      const Tree& tree = m.trees[t];
      double gain = 0;
      for (const TreeNode& node : tree.nodes) gain += node.IsLeaf() ? 0 : node.gain;
      EXPECT_EQ(reports[t].tree_depth, tree.Depth()) << t;
      EXPECT_EQ(reports[t].tree_leaves, tree.NumLeaves()) << t;
      EXPECT_EQ(reports[t].tree_gain, gain) << t;
      EXPECT_GT(reports[t].tree_leaves, max_leaves > 0 ? 20 : 100) << t;
    }
  }
}

TEST(SplitFinder, MultiOutputGainIsTheSumOfTheOutputsGains) {
  // Three classes on x = 1..6: labels 0 0 1 1 2 2, unit weights, g_k = -[y = k].
  FeatureColumns x{std::vector<std::vector<float>>{{1, 2, 3, 4, 5, 6}}};
  std::vector<FeatureInfo> features = {{"x", ColumnType::kNumeric, {}}};
  std::vector<RowIdx> rows = {0, 1, 2, 3, 4, 5};
  ThreadPool pool(1);
  BinnedMatrix bins = BinnedMatrix::Build(x, features, rows, 256, pool);
  const size_t total = bins.total_bins();
  std::vector<HistBin> hist(3 * total);
  for (int r = 0; r < 6; ++r)
    for (int k = 0; k < 3; ++k) {
      HistBin& b = hist[k * total + bins.offsets[0] + bins.Bin(r, 0)];
      b.g -= (r / 2 == k);
      b.h += 1;
    }
  SplitParams sp;
  sp.lambda = 0;
  sp.min_child_weight = 0;
  const std::vector<int> feats = {0};
  SplitCandidate s = FindBestSplitMulti(bins, hist, 3, sp, feats);
  ASSERT_TRUE(s.valid);
  // Best: {0,0} | {1,1,2,2} (first of two equal splits): children's sum_k G_k^2/H minus the parent's.
  const double parent = 3 * (2.0 * 2 / 6);
  const double left = 2.0 * 2 / 2, right = 2 * (2.0 * 2 / 4);
  EXPECT_NEAR(s.gain, left + right - parent, 1e-12);
  EXPECT_EQ(s.bin, 1u);
  EXPECT_EQ(s.left_h, 2);
}

}  // namespace random_forest_test
}  // namespace boostlab
