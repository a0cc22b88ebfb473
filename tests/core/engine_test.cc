// The engine's features beyond the basic learner: categorical splits, grow
// policies, sampling, regularisation, multiclass, early stopping, importance.
#include <gtest/gtest.h>

#include <cmath>  // for NAN
#include <set>    // for set

#include "boostlab/booster.h"
#include "boostlab/errors.h"
#include "random_data.h"
#include "tree/split_finder.h"

namespace boostlab {
namespace engine_test {

using test::Train;

// Five categories, the target depends only on which one: {a, c} low, {b, d} high, e between.
Dataset CategoryData(int repeat = 40) {
  Table t;
  std::string csv = "cat,y\n";
  const char* cats[] = {"a", "b", "c", "d", "e"};
  const double ys[] = {1, 5, 1, 5, 3};
  for (int i = 0; i < repeat; ++i)
    for (int c = 0; c < 5; ++c) csv += std::string(cats[c]) + "," + std::to_string(ys[c] + 0.01 * (i % 3)) + "\n";
  return Dataset::FromTable(ReadCsv(csv), {.target = "y", .valid_fraction = 0});
}

std::string ErrorText(const Dataset& d, const Params& p) {
  try {
    Booster b(d, p);
  } catch (const Error& e) {
    return e.code() + ": " + e.what();
  }
  return "no error";
}

TEST(Categorical, PartitionSplitGroupsCategoriesByTheirMeanTarget) {
  Dataset d = CategoryData();
  Params p;
  p.rounds = 1;
  p.max_depth = 1;
  p.max_cat_to_onehot = 1;  // force a partition split
  Model m = Train(d, p);
  const TreeNode& root = m.trees[0].nodes[0];
  ASSERT_TRUE(root.categorical);
  // Codes: a=0 b=1 c=2 d=3 e=4 (sorted). The best two-way partition puts
  // {a, c} on one side and {b, d} on the other.
  const std::span<const int32_t> set = m.trees[0].CategoriesOf(root);
  std::set<int32_t> right(set.begin(), set.end());
  EXPECT_EQ(right.count(0), right.count(2));
  EXPECT_EQ(right.count(1), right.count(3));
  EXPECT_NE(right.count(0), right.count(1));
}

TEST(Categorical, FewCategoriesSplitOneAgainstTheRest) {
  Dataset d = CategoryData();
  Params p;
  p.rounds = 1;
  p.max_depth = 1;
  p.max_cat_to_onehot = 10;
  Model m = Train(d, p);
  ASSERT_TRUE(m.trees[0].nodes[0].categorical);
  EXPECT_EQ(m.trees[0].CategoriesOf(m.trees[0].nodes[0]).size(), 1u);
}

TEST(Categorical, UnseenCategoriesGoLeftLikeXGBoost) {
  Tree t;
  t.nodes.resize(3);
  t.nodes[0].left = 1;  // and 2 right
  t.nodes[0].feature = 0;
  t.nodes[0].categorical = true;
  t.SetCategories(t.nodes[0], std::vector<int32_t>{2, 5});
  t.nodes[1].value = -1;
  t.nodes[2].value = 1;
  FeatureColumns x(std::vector<std::vector<float>>{{2, 7, NAN}});
  EXPECT_EQ(t.PredictRow(x, 0), 1);   // in the set: right
  EXPECT_EQ(t.PredictRow(x, 1), -1);  // not in the set: left
  EXPECT_EQ(t.PredictRow(x, 2), 1);   // missing: default (right)
}

TEST(GrowPolicy, LossguideStopsAtMaxLeaves) {
  Dataset d = test::RandomData(3000, 5).Seed(8).Make();
  Params p;
  p.rounds = 5;
  p.grow_policy = "lossguide";
  p.max_depth = 0;
  p.max_leaves = 7;
  Model m = Train(d, p);
  for (const Tree& t : m.trees) EXPECT_EQ(t.NumLeaves(), 7);
  p.grow_policy = "depthwise";
  p.max_depth = 6;
  p.max_leaves = 0;
  Model deep = Train(d, p);
  EXPECT_GT(deep.trees[0].NumLeaves(), 7);
}

TEST(Sampling, ColsampleBytreeLimitsTheFeaturesOfEachTree) {
  Dataset d = test::RandomData(2000, 8).Seed(9).Make();
  Params p;
  p.rounds = 10;
  p.colsample_bytree = 0.25;  // 2 of 8 features per tree
  Model m = Train(d, p);
  for (const Tree& t : m.trees) {
    std::set<int> used;
    for (const TreeNode& n : t.nodes)
      if (!n.IsLeaf()) used.insert(n.feature);
    EXPECT_LE(used.size(), 2u);
  }
}

TEST(Sampling, SubsampleChangesTheModelButNotAcrossRunsWithTheSameSeed) {
  Dataset d = test::RandomData(2000, 4).Seed(10).Make();
  Params p;
  p.rounds = 5;
  p.subsample = 0.5;
  const std::string a = Train(d, p).ToJson(), b = Train(d, p).ToJson();
  EXPECT_EQ(a, b);
  p.seed = 1;
  EXPECT_NE(Train(d, p).ToJson(), a);
}

TEST(Regularisation, AlphaSoftThresholdsAndMaxDeltaStepClips) {
  SplitParams p;
  p.lambda = 1;
  p.min_child_weight = 0;
  p.alpha = 2;
  EXPECT_DOUBLE_EQ(LeafWeight(-5, 1, p), 1.5);   // -(-5 + 2) / (1 + 1)
  EXPECT_DOUBLE_EQ(LeafWeight(1.5, 1, p), 0.0);  // |G| <= alpha
  p.alpha = 0;
  p.max_delta_step = 0.7;
  EXPECT_DOUBLE_EQ(LeafWeight(-5, 1, p), 0.7);
}

TEST(Multiclass, ProbabilitiesSumToOneAndTrainingImproves) {
  std::string csv = "x,z,y\n";
  for (int i = 0; i < 300; ++i) csv += std::to_string(i % 30) + "," + std::to_string(i % 7) + "," + "abc"[(i % 30) / 10] + "\n";
  Table t = ReadCsv(csv);
  Dataset d = Dataset::FromTable(t, {.target = "y", .valid_fraction = 0.2, .seed = 1});
  ASSERT_EQ(d.task, Task::kMulticlass);
  Params p;
  p.rounds = 10;
  Booster b(d, p);
  RoundReport first = b.TrainOneRound(), last;
  while (!b.Done()) last = b.TrainOneRound();
  EXPECT_EQ(last.train.back().name, "mlogloss");
  EXPECT_LT(last.train.back().value, first.train.back().value / 2);
  Model m = b.TakeModel();
  EXPECT_EQ(m.num_outputs, 3);
  EXPECT_EQ(m.trees.size(), 30u);
  std::vector<float> prob = m.PredictTable(t);
  ASSERT_EQ(prob.size(), 900u);
  for (size_t r = 0; r < 300; ++r) EXPECT_NEAR(prob[3 * r] + prob[3 * r + 1] + prob[3 * r + 2], 1.0f, 1e-5);
}

TEST(EarlyStopping, StopsAfterNRoundsWithoutGainAndKeepsTheBest) {
  Dataset d = test::RandomData(600, 3).Seed(11).Make();
  Params p;
  p.rounds = 500;
  p.eta = 0.5;
  p.early_stopping_rounds = 5;
  Booster b(d, p);
  std::vector<double> valid;
  RoundReport r;
  while (!b.Done()) {
    r = b.TrainOneRound();
    valid.push_back(r.valid.back().value);
  }
  ASSERT_LT(valid.size(), 500u) << "never stopped";
  EXPECT_TRUE(r.stopped);
  const size_t best = std::min_element(valid.begin(), valid.end()) - valid.begin();
  EXPECT_EQ(r.best_round, static_cast<int>(best) + 1);
  EXPECT_EQ(valid.size(), best + 1 + 5);
  Model m = b.TakeModel();
  EXPECT_EQ(m.trees.size(), best + 1);
  EXPECT_EQ(m.best_iteration, static_cast<int>(best));
}

TEST(Importance, WeightCountsSplitsAndGainIsTotalOverWeight) {
  Dataset d = test::RandomData(1000, 3).Seed(12).Make();
  Params p;
  p.rounds = 5;
  Model m = Train(d, p);
  std::vector<double> weight = m.FeatureImportance("weight"), gain = m.FeatureImportance("gain"),
                      total = m.FeatureImportance("total_gain");
  double splits = 0;
  for (const Tree& t : m.trees) splits += static_cast<double>(t.nodes.size() - t.NumLeaves());
  double counted = 0;
  for (size_t f = 0; f < 3; ++f) {
    counted += weight[f];
    if (weight[f] > 0) EXPECT_NEAR(gain[f], total[f] / weight[f], 1e-9 * total[f]);
  }
  EXPECT_EQ(counted, splits);
  EXPECT_THROW(m.FeatureImportance("fame"), Error);
}

TEST(Params, ClearErrorsBeforeTraining) {
  Dataset reg = test::RandomData(100, 2).Make();
  Params p;
  p.objective = "multi:softprob";
  EXPECT_NE(ErrorText(reg, p).find("multi:* needs classes"), std::string::npos) << ErrorText(reg, p);
  Table t = ReadCsv("x,y\n1,a\n2,b\n3,c\n4,a\n5,b\n6,c\n");
  Dataset cls = Dataset::FromTable(t, {.target = "y", .valid_fraction = 0});
  EXPECT_NE(ErrorText(cls, p).find("'num_class' is required for multi:softprob"), std::string::npos) << ErrorText(cls, p);
  p.objective = "count:poisson";
  Dataset negative = test::RandomData(50, 2).Make();  // labels are sums of sines: some negative
  EXPECT_NE(ErrorText(negative, p).find("count:poisson needs counts"), std::string::npos);
  p = Params();
  p.max_depth = 0;
  EXPECT_NE(ErrorText(reg, p).find("'max_depth' is 0"), std::string::npos);
  try {
    ParseParams("{\"subsample\": 1.5}");
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("'subsample' is 1.5; allowed range is (0, 1]"), std::string::npos) << e.what();
  }
}

// Another library's name for a parameter, or a typo: refused, saying ours.
TEST(Params, UnknownNamesSayWhatTheyAreHere) {
  auto message = [](const std::string& json) {
    try {
      ParseParams(json);
    } catch (const Error& e) {
      return e.code() + ": " + e.what();
    }
    return std::string("accepted");
  };
  EXPECT_EQ(message(R"({"learning_rate": 0.1})"), "BAD_PARAM: Unknown parameter 'learning_rate': here it is 'eta'.");
  EXPECT_EQ(message(R"({"n_estimators": 50})"), "BAD_PARAM: Unknown parameter 'n_estimators': here it is 'rounds'.");
  EXPECT_EQ(message(R"({"max_dept": 3})"), "BAD_PARAM: Unknown parameter 'max_dept' (did you mean 'max_depth'?).");
  EXPECT_NE(message(R"({"tree_method": "hist"})").find("always histogram trees"), std::string::npos);
  EXPECT_EQ(message(R"({"quantum": 1})"), "BAD_PARAM: Unknown parameter 'quantum'.");
  // A name of megabytes: quoted by its start, no distance computed from it.
  EXPECT_EQ(message("{\"" + std::string(2 << 20, 'x') + "\": 1}"), "BAD_PARAM: Unknown parameter '" + std::string(64, 'x') + "…'.");
  // A LightGBM script's parameters: every unknown name in one refusal, each with what it is here.
  EXPECT_EQ(message(R"({"objective": "binary:logistic", "lambda_l2": 1, "num_leaves": 31, "min_data_in_leaf": 20, "bagging_freq": 1, "max_depth": 6})"),
            "BAD_PARAM: Unknown parameters (4): 'lambda_l2': here it is 'lambda'; 'num_leaves': here it is 'max_leaves'; 'min_data_in_leaf': "
            "min_child_weight bounds each child: its rows (weighted) under algorithms gbdt and random_forest, its sum of hessians under "
            "xgboost (its rows for squared error, rows times p(1 - p) for logistic loss); 'bagging_freq': subsample draws the rows anew "
            "every round (LightGBM's bagging_freq 1).");
  std::string many = "{";
  for (int i = 0; i < 12; ++i) many += (i ? ",\"q" : "\"q") + std::to_string(i) + "\": 1";
  EXPECT_NE(message(many + "}").find("Unknown parameters (12): 'q0'; 'q1';"), std::string::npos) << message(many + "}");
  EXPECT_NE(message(many + "}").find("'q7'; and 4 more."), std::string::npos);
  // Another library's objective names say ours.
  EXPECT_EQ(message(R"({"objective": "binary"})").rfind("BAD_PARAM: Parameter 'objective' is 'binary' (that name is another library's: here it is "
                                                         "binary:logistic); allowed: reg:squarederror", 0), 0u);
  EXPECT_NE(message(R"({"objective": "reg:linear"})").find("here it is reg:squarederror"), std::string::npos);
  EXPECT_NE(message(R"({"objective": "lambdarank"})").find("here it is rank:ndcg"), std::string::npos);
  EXPECT_EQ(message(R"({"objective": "nonsense"})").find("another library"), std::string::npos);
  // Beside unknown names, in the same refusal (it came only once they were mended).
  EXPECT_EQ(message(R"({"objective": "multiclass", "num_leaves": 8})"),
            "BAD_PARAM: Unknown parameter 'num_leaves': here it is 'max_leaves'. Also, objective 'multiclass' (that name is another "
            "library's: here it is multi:softprob).");
  // And a metric's, where it is checked (before training).
  const Dataset d = test::RandomData(200, 3).Binary(true).Seed(2).Make();
  auto metric_message = [&](const std::string& metric) {
    Params p = ParseParams(R"({"rounds": 1})");
    p.eval_metric = metric;
    try {
      test::Train(d, p);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(metric_message("binary_logloss").find("'binary_logloss' (that name is another library's: here it is logloss); allowed:"), std::string::npos)
      << metric_message("binary_logloss");
  EXPECT_NE(metric_message("l2").find("here it is rmse (the square root of l2)"), std::string::npos);
  EXPECT_EQ(metric_message("nonsense").find("another library"), std::string::npos);
}

// eval_train 0 drops the training metrics from the round reports, and only
// them: the same trees, the same validation metrics, and a forest still
// reports its out-of-bag error.
TEST(EvalTrain, SkipsTrainingMetricsOnlyAndTrainsTheSameModel) {
  const Dataset d = test::RandomData(600, 4).Binary(true).Seed(5).Make();
  for (const char* algorithm : {"xgboost", "gbdt", "adaboost", "random_forest"}) {
    std::vector<std::string> trees[2];
    std::vector<RoundReport> reports[2];
    for (int eval_train : {0, 1}) {
      Params p;
      p.algorithm = algorithm;
      p.rounds = 5;
      p.eval_train = eval_train;
      Booster b(d, p);
      while (!b.Done()) reports[eval_train].push_back(b.TrainOneRound());
      const Model m = b.Snapshot();
      for (const Tree& t : m.trees) trees[eval_train].push_back(Model{.trees = {t}}.ToJson());
    }
    EXPECT_EQ(trees[0], trees[1]) << algorithm;
    ASSERT_EQ(reports[0].size(), reports[1].size());
    for (size_t r = 0; r < reports[0].size(); ++r) {
      const RoundReport &off = reports[0][r], &on = reports[1][r];
      ASSERT_FALSE(on.train.empty());
      if (std::string(algorithm) == "random_forest") {
        ASSERT_EQ(off.train.size(), 1u) << "out-of-bag error only";
        EXPECT_EQ(off.train[0].name, "oob_error");
        EXPECT_EQ(off.train[0].value, on.train.back().value);
      } else {
        EXPECT_TRUE(off.train.empty()) << algorithm;
      }
      ASSERT_EQ(off.valid.size(), on.valid.size());
      for (size_t i = 0; i < on.valid.size(); ++i) EXPECT_EQ(off.valid[i].value, on.valid[i].value) << algorithm;
    }
  }
}

// Depthwise trees with no leaf limit grow a level at a time (histograms,
// partitions and searches batched across the pool); with a leaf limit too
// large to bind they grow node by node from the queue. Same trees.
TEST(GrowPolicy, LevelAtATimeGrowsTheSameTreesAsNodeByNode) {
  const Dataset regression = test::RandomData(3000, 5).Missing(0.1).Seed(3).Make();
  const Dataset classes = test::RandomData(3000, 5).Classes(3).Seed(4).Make();
  for (const Dataset* d : {&regression, &classes}) {
    for (int nthread : {1, 2}) {
      std::string json[2];
      for (int by_queue : {0, 1}) {
        Params p;
        p.rounds = 4;
        p.max_depth = 7;
        p.min_child_weight = 0;
        p.colsample_bynode = 0.6;  // draws in node order either way
        p.nthread = nthread;
        p.max_leaves = by_queue ? 1 << 20 : 0;
        p.objective = d == &classes ? "multi:softprob" : "";
        p.num_class = d == &classes ? 3 : 0;
        Model m = Train(*d, p);
        m.params = {};
        json[by_queue] = m.ToJson();
      }
      EXPECT_EQ(json[0], json[1]) << "nthread " << nthread;
    }
  }
}

}  // namespace engine_test
}  // namespace boostlab
