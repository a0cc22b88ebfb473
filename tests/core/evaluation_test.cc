// Evaluate: a model scored on labelled rows (a confusion matrix for classes,
// R2 / RMSE / MAE for numbers), checked against what its own predictions say
// row by row, and its refusals naming what is wrong.
#include <gtest/gtest.h>

#include <cmath>    // for isnan, sqrt, fabs
#include <string>   // for string, to_string
#include <vector>   // for vector

#include "boostlab/booster.h"
#include "boostlab/errors.h"
#include "boostlab/evaluation.h"
#include "boostlab/model.h"
#include "boostlab/table.h"

namespace boostlab {
namespace evaluation_test {

// Rows of x, z and a target: text classes a/b/c by x's third (noisy every 7th row), or y = 3x + z.
std::string Csv(bool classes, int n) {
  std::string csv = "x,z,y\n";
  for (int i = 0; i < n; ++i) {
    const double x = (i * 37 % 100) / 100.0, z = (i * 11 % 13) / 13.0;
    std::string y;
    if (classes) y = i % 7 == 0 ? "a" : x < 0.33 ? "a" : x < 0.66 ? "b" : "c";
    else y = std::to_string(3 * x + z);
    csv += std::to_string(x) + "," + std::to_string(z) + "," + y + "\n";
  }
  return csv;
}

Model Train(const Table& t, int rounds = 8) {
  Params p;
  p.rounds = rounds;
  p.max_depth = 3;
  const Dataset d = Dataset::FromTable(t, {.target = "y", .valid_fraction = 0});  // the booster reads it: kept alive
  Booster b(d, p);
  while (!b.Done()) b.TrainOneRound();
  return b.Snapshot();
}

Error ErrorOf(const Model& m, const Table& t, std::vector<RowIdx> rows = {}) {
  try {
    Evaluate(m, t, rows, 0, 100);
  } catch (const Error& e) {
    return e;
  }
  ADD_FAILURE() << "no error";
  return Error("NONE", "");
}

TEST(Evaluate, ConfusionCountsEachRowsActualAgainstItsPredictedClass) {
  const Table t = ReadCsv(Csv(true, 300));
  const Model m = Train(t);
  ASSERT_EQ(m.classes, (std::vector<std::string>{"a", "b", "c"}));
  const std::vector<RowIdx> rows = {0, 5, 7, 14, 20, 33, 64, 99, 150, 299};
  const Evaluation e = Evaluate(m, t, rows, 0, 100);
  EXPECT_EQ(e.task, Task::kMulticlass);
  EXPECT_EQ(e.rows, rows.size());
  const std::vector<float> cls = m.PredictWith(FeaturesFromTable(t, m.features), "class", 0);
  const Column& y = t.columns[2];
  std::vector<double> expected(9, 0.0);
  double right = 0;
  for (RowIdx r : rows) {
    const std::string& name = y.levels[static_cast<size_t>(y.codes[r])];
    const size_t actual = static_cast<size_t>(name[0] - 'a'), predicted = static_cast<size_t>(cls[r]);
    expected[actual * 3 + predicted] += 1;
    right += actual == predicted;
  }
  EXPECT_EQ(e.confusion, expected);
  EXPECT_DOUBLE_EQ(e.accuracy, right / static_cast<double>(rows.size()));
  EXPECT_TRUE(e.actual.empty());
  // AUC of each class against the rest, by counting pairs (ties half), weighed by the class's rows.
  const std::vector<float> p = m.PredictWith(FeaturesFromTable(t, m.features), "probability", 0);
  double sum = 0, weight = 0;
  for (size_t k = 0; k < 3; ++k) {
    double pairs = 0, won = 0, count = 0;
    for (RowIdx a : rows) {
      if (static_cast<size_t>(y.levels[static_cast<size_t>(y.codes[a])][0] - 'a') != k) continue;
      ++count;
      for (RowIdx b : rows) {
        if (static_cast<size_t>(y.levels[static_cast<size_t>(y.codes[b])][0] - 'a') == k) continue;
        ++pairs;
        won += p[a * 3 + k] > p[b * 3 + k] ? 1.0 : p[a * 3 + k] == p[b * 3 + k] ? 0.5 : 0.0;
      }
    }
    if (pairs > 0) sum += count * won / pairs, weight += count;
  }
  EXPECT_NEAR(e.auc, sum / weight, 1e-12);
  EXPECT_GT(e.aucpr, 0.0);
  EXPECT_LE(e.aucpr, 1.0);
}

// Two classes: the rows binned by p, by actual class, give at every threshold k/1000 the counts of the rows
// called the second class (p > t), at 1/2 the confusion matrix itself; the bins hold every row's weight.
TEST(Evaluate, TwoClassesBinnedByPGiveTheCountsAtEveryThreshold) {
  std::string csv = "x,z,y\n";
  for (int i = 0; i < 400; ++i) {
    const double x = (i * 37 % 100) / 100.0, z = (i * 11 % 13) / 13.0;
    csv += std::to_string(x) + "," + std::to_string(z) + "," + ((x + 0.4 * z > 0.6) != (i % 9 == 0) ? "yes" : "no") + "\n";
  }
  const Table t = ReadCsv(csv);
  const Model m = Train(t, 5);
  ASSERT_EQ(m.classes, (std::vector<std::string>{"no", "yes"}));
  const Evaluation e = Evaluate(m, t, {}, 0, 10);
  ASSERT_EQ(e.first_by_p.size(), kThresholdBins);
  ASSERT_EQ(e.second_by_p.size(), kThresholdBins);
  const std::vector<float> p = m.PredictTable(t);
  const Column& y = t.columns[2];
  for (size_t k : {size_t{0}, size_t{137}, size_t{500}, size_t{731}, size_t{999}}) {
    const double threshold = static_cast<double>(k) / kThresholdBins;
    double called[2] = {0, 0};  // rows of each actual class called 'yes'
    for (RowIdx r = 0; r < t.num_rows; ++r)
      if (p[r] > threshold) called[y.levels[static_cast<size_t>(y.codes[r])] == "yes"] += 1;
    double first = 0, second = 0;
    for (size_t b = k; b < kThresholdBins; ++b) first += e.first_by_p[b], second += e.second_by_p[b];
    EXPECT_EQ(first, called[0]) << "threshold " << threshold;
    EXPECT_EQ(second, called[1]) << "threshold " << threshold;
    if (k == 500) {
      EXPECT_EQ(first, e.confusion[0 * 2 + 1]);
      EXPECT_EQ(second, e.confusion[1 * 2 + 1]);
    }
  }
  double all = 0;
  for (size_t b = 0; b < kThresholdBins; ++b) all += e.first_by_p[b] + e.second_by_p[b];
  EXPECT_EQ(all, 400.0);
  // More than two classes: none.
  const Table three = ReadCsv(Csv(true, 120));
  EXPECT_TRUE(Evaluate(Train(three), three, {}, 0, 10).first_by_p.empty());
}

TEST(Evaluate, EarlierRoundsScoreAsTheModelWasThen) {
  const Table t = ReadCsv(Csv(true, 300));
  const Model m = Train(t, 8);
  const std::vector<float> cls = m.PredictWith(FeaturesFromTable(t, m.features), "class", 1);
  const Evaluation e = Evaluate(m, t, {}, 1, 100);
  EXPECT_EQ(e.rows, 300u);
  double right = 0;
  for (size_t r = 0; r < 300; ++r) right += t.columns[2].levels[static_cast<size_t>(t.columns[2].codes[r])][0] - 'a' == cls[r];
  EXPECT_DOUBLE_EQ(e.accuracy, right / 300);
}

// New rows: a class the model never saw and a missing target are left out and counted.
TEST(Evaluate, NewRowsOfAnUnknownClassOrNoTargetAreCountedNotScored) {
  const Model m = Train(ReadCsv(Csv(true, 300)));
  const Table fresh = ReadCsv("x,z,y\n0.1,0.5,a\n0.9,0.5,d\n0.5,0.2,\n0.8,0.1,c\n");
  const Evaluation e = Evaluate(m, fresh, {}, 0, 100);
  EXPECT_EQ(e.rows, 2u);
  EXPECT_EQ(e.missing_target, 1u);
  EXPECT_EQ(e.unknown_class, 1u);
  EXPECT_EQ(e.unknown_example, "d");
  double total = 0;
  for (double c : e.confusion) total += c;
  EXPECT_EQ(total, 2);
}

// A level of a categorical feature the model never saw is scored as a missing value and counted,
// the first named; a missing cell is not such a level, nor a known one.
TEST(Evaluate, LevelsTheModelNeverSawAreCountedAndNamed) {
  std::string csv = "cut,x,y\n";
  for (int i = 0; i < 200; ++i) csv += std::string(i % 3 == 0 ? "Fair" : i % 3 == 1 ? "Good" : "Ideal") + "," + std::to_string(i % 10) + "," + std::to_string(i % 3 * 2.0 + (i % 10) * 0.1) + "\n";
  const Model m = Train(ReadCsv(csv));
  const Table fresh = ReadCsv("cut,x,y\nGood,1,2.1\nSuperb,2,4.2\n,3,0.3\nSuperb,4,4.4\nPremium,5,0.5\n");
  const Evaluation e = Evaluate(m, fresh, {}, 0, 100);
  EXPECT_EQ(e.rows, 5u);
  EXPECT_EQ(e.unseen_level_rows, 3u);
  EXPECT_EQ(e.unseen_level_example, "cut = 'Superb'");
  EXPECT_EQ(Evaluate(m, ReadCsv(csv), {}, 0, 100).unseen_level_rows, 0u);
}

// Classes that were numbers (0/1) are found by their names in a new table's numbers.
TEST(Evaluate, NumericClassesMatchByValue) {
  std::string csv = "x,y\n";
  for (int i = 0; i < 200; ++i) csv += std::to_string(i) + "," + (i < 100 ? "0" : "1") + "\n";
  const Model m = Train(ReadCsv(csv));
  ASSERT_EQ(m.classes, (std::vector<std::string>{"0", "1"}));
  const Evaluation e = Evaluate(m, ReadCsv("x,y\n5,0\n150,1\n160,1\n170,2\n"), {}, 0, 100);
  EXPECT_EQ(e.task, Task::kBinary);
  EXPECT_EQ(e.rows, 3u);
  EXPECT_EQ(e.unknown_class, 1u);
  EXPECT_EQ(e.unknown_example, "2");
  EXPECT_EQ(e.confusion, (std::vector<double>{1, 0, 0, 2}));
  EXPECT_DOUBLE_EQ(e.accuracy, 1.0);
}

TEST(Evaluate, NumbersGiveR2RmseMaeAndEvenlySpreadPoints) {
  const Table t = ReadCsv(Csv(false, 400));
  const Model m = Train(t, 20);
  const std::vector<float> pred = m.PredictTable(t);
  const Evaluation e = Evaluate(m, t, {}, 0, 100);
  double mean = 0;
  for (size_t r = 0; r < 400; ++r) mean += t.columns[2].values[r];
  mean /= 400;
  double res = 0, tot = 0, abs = 0;
  for (size_t r = 0; r < 400; ++r) {
    const double a = t.columns[2].values[r];
    res += (a - pred[r]) * (a - pred[r]);
    tot += (a - mean) * (a - mean);
    abs += std::fabs(a - pred[r]);
  }
  EXPECT_NEAR(e.mean, mean, 1e-9);
  EXPECT_NEAR(e.r2, 1 - res / tot, 1e-9);
  EXPECT_NEAR(e.rmse, std::sqrt(res / 400), 1e-9);
  EXPECT_NEAR(e.mae, abs / 400, 1e-9);
  EXPECT_NEAR(e.rmse_of_mean, std::sqrt(tot / 400), 1e-9);
  EXPECT_GT(e.r2, 0.5);
  ASSERT_EQ(e.actual.size(), 100u);
  for (size_t j = 0; j < 100; ++j) {  // every fourth row, the first first
    EXPECT_EQ(e.actual[j], t.columns[2].values[4 * j]);
    EXPECT_EQ(e.predicted[j], pred[4 * j]);
  }
  // One actual value: no variance to explain.
  const Evaluation flat = Evaluate(m, ReadCsv("x,z,y\n0.1,0.2,1\n0.5,0.5,1\n"), {}, 0, 100);
  EXPECT_TRUE(std::isnan(flat.r2));
  EXPECT_EQ(flat.actual.size(), 2u);
}

// A hostile file: two classes as a multi: model whose margins both overflow to infinity, so every
// probability is NaN. Scored, not hung (AUC's sort and tie groups met NaN).
TEST(Evaluate, NaNProbabilitiesFromAHostileModelEndTheScoring) {
  std::string csv = "x,y\n";
  for (int i = 0; i < 60; ++i) csv += std::to_string(i) + "," + (i % 2 ? "b" : "a") + "\n";
  const Table t = ReadCsv(csv);
  Params p;
  p.rounds = 3;
  p.max_depth = 2;
  p.objective = "multi:softprob";
  p.num_class = 2;
  const Dataset d = Dataset::FromTable(t, {.target = "y", .valid_fraction = 0});
  Booster b(d, p);
  while (!b.Done()) b.TrainOneRound();
  Model m = b.Snapshot();
  for (Tree& tree : m.trees)
    for (TreeNode& node : tree.nodes) node.value = 3e38f;  // three of them overflow a float
  const std::vector<float> prob = m.PredictTable(t);
  ASSERT_TRUE(std::isnan(prob[0])) << prob[0];
  const Evaluation e = Evaluate(m, t, {}, 0, 10);
  EXPECT_EQ(e.rows, 60u);
  EXPECT_GE(e.auc, 0.0);
  EXPECT_LE(e.auc, 1.0);
}

// A row of weight w counts as w copies of it (sample weights as XGBoost's and
// scikit-learn's): the weighted scores equal those of a table with each row
// repeated its weight's times (weight 0: left out).
std::pair<Table, Table> WeightedAndRepeated(bool classes, int n) {
  const std::string csv = Csv(classes, n);
  std::string weighted = "x,z,y,w\n", repeated = "x,z,y\n";
  size_t at = csv.find('\n') + 1;
  for (int i = 0; i < n; ++i) {
    const size_t end = csv.find('\n', at);
    const std::string line = csv.substr(at, end - at);
    at = end + 1;
    const int w = i * 5 % 4;  // 0, 1, 2, 3
    weighted += line + "," + std::to_string(w) + "\n";
    for (int k = 0; k < w; ++k) repeated += line + "\n";
  }
  return {ReadCsv(weighted), ReadCsv(repeated)};
}

TEST(Evaluate, AWeightCountsAsThatManyCopiesOfItsRow) {
  {
    const auto [weighted, repeated] = WeightedAndRepeated(true, 300);
    const Model m = Train(repeated);
    const Evaluation e = Evaluate(m, weighted, {}, 0, 100, "w"), copies = Evaluate(m, repeated, {}, 0, 100);
    EXPECT_EQ(e.weight_column, "w");
    EXPECT_EQ(e.rows, 300u);  // rows scored, whatever their weights
    EXPECT_EQ(e.weight_sum, static_cast<double>(copies.rows));
    EXPECT_EQ(e.confusion, copies.confusion);
    EXPECT_DOUBLE_EQ(e.accuracy, copies.accuracy);
    EXPECT_NEAR(e.logloss, copies.logloss, 1e-6);
    const Evaluation unweighted = Evaluate(m, weighted, {}, 0, 100);
    EXPECT_EQ(unweighted.weight_sum, 300);
    EXPECT_NE(unweighted.confusion, e.confusion);
  }
  {  // two classes: AUC too
    std::string csv = "x,y,w\n", copies = "x,y\n", a_weightless = "x,y,w\n";
    for (int i = 0; i < 200; ++i) {
      const std::string row = std::to_string(i * 7 % 50) + "," + (i % 3 == 0 ? "a" : "b");
      csv += row + "," + std::to_string(1 + i % 4) + "\n";
      a_weightless += row + "," + (i % 3 == 0 ? "0" : "1") + "\n";
      for (int k = 0; k < 1 + i % 4; ++k) copies += row + "\n";
    }
    const Table repeated = ReadCsv(copies);
    const Model m = Train(repeated);
    const Evaluation e = Evaluate(m, ReadCsv(csv), {}, 0, 10, "w"), c = Evaluate(m, repeated, {}, 0, 10);
    ASSERT_FALSE(std::isnan(e.auc));
    EXPECT_NEAR(e.auc, c.auc, 1e-9);
    EXPECT_NEAR(e.logloss, c.logloss, 1e-6);
    EXPECT_EQ(e.confusion, c.confusion);
    // Class a's rows all weigh 0: AUC needs both classes with weight.
    EXPECT_TRUE(std::isnan(Evaluate(m, ReadCsv(a_weightless), {}, 0, 10, "w").auc));
  }
  {
    const auto [weighted, repeated] = WeightedAndRepeated(false, 400);
    const Model m = Train(repeated, 20);
    const Evaluation e = Evaluate(m, weighted, {}, 0, 100, "w"), copies = Evaluate(m, repeated, {}, 0, 100);
    EXPECT_NEAR(e.mean, copies.mean, 1e-9);
    EXPECT_NEAR(e.r2, copies.r2, 1e-9);
    EXPECT_NEAR(e.rmse, copies.rmse, 1e-9);
    EXPECT_NEAR(e.mae, copies.mae, 1e-9);
    EXPECT_NEAR(e.rmse_of_mean, copies.rmse_of_mean, 1e-9);
    EXPECT_GT(std::fabs(Evaluate(m, weighted, {}, 0, 100).rmse - e.rmse), 1e-6);
  }
}

TEST(Evaluate, WeightsAreCheckedOnTheRowsAsked) {
  const Model m = Train(ReadCsv(Csv(false, 100)));
  auto error = [&](const std::string& csv, std::vector<RowIdx> rows = {}) {
    try {
      Evaluate(m, ReadCsv(csv), rows, 0, 10, "w");
    } catch (const Error& e) {
      return e;
    }
    ADD_FAILURE() << "no error for " << csv;
    return Error("NONE", "");
  };
  const Error missing = error("x,z,y,w\n0.1,0.2,1,1\n0.5,0.5,2,\n");
  EXPECT_EQ(missing.code(), "WEIGHT_MISSING");
  EXPECT_EQ(missing.line(), 3);
  EXPECT_EQ(missing.column(), 4);
  EXPECT_EQ(error("x,z,y,w\n0.1,0.2,1,-1\n").code(), "WEIGHT_NEGATIVE");
  const Error text = error("x,z,y,w\n0.1,0.2,1,1\n0.5,0.5,2,heavy\n");
  EXPECT_EQ(text.code(), "WEIGHT_NOT_NUMERIC");
  EXPECT_NE(std::string(text.what()).find("'heavy'"), std::string::npos) << text.what();
  EXPECT_EQ(error("x,z,y,w\n0.1,0.2,1,0\n0.5,0.5,2,0\n").code(), "WEIGHT_ALL_ZERO");
  EXPECT_EQ(error("x,z,y,v\n0.1,0.2,1,1\n").code(), "UNKNOWN_COLUMN");
  // A missing weight on a row not asked for is not read.
  EXPECT_EQ(Evaluate(m, ReadCsv("x,z,y,w\n0.1,0.2,1,2\n0.5,0.5,2,\n"), std::vector<RowIdx>{0}, 0, 10, "w").weight_sum, 2);
  try {
    Evaluate(m, ReadCsv("x,z,y\n0.1,0.2,1\n"), {}, 0, 10, "y");
    ADD_FAILURE() << "the target as weights";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), "BAD_OPTION");
  }
}

TEST(Evaluate, RefusalsSayWhatIsWrong) {
  const Model numbers = Train(ReadCsv(Csv(false, 100)));
  const Error text = ErrorOf(numbers, ReadCsv("x,z,y\n0.1,0.2,1\n0.5,0.5,oops\n"));
  EXPECT_EQ(text.code(), "TARGET_NOT_NUMERIC");
  EXPECT_EQ(text.line(), 3);
  EXPECT_EQ(text.column(), 3);
  EXPECT_NE(std::string(text.what()).find("'oops'"), std::string::npos) << text.what();
  const Error none = ErrorOf(numbers, ReadCsv("x,z,q\n0.1,0.2,1\n"));
  EXPECT_EQ(none.code(), "UNKNOWN_COLUMN");
  EXPECT_NE(std::string(none.what()).find("'y'"), std::string::npos) << none.what();
  EXPECT_EQ(ErrorOf(numbers, ReadCsv("x,z,y\n0.1,0.2,\n0.5,0.5,\n")).code(), "TARGET_MISSING");
  EXPECT_EQ(ErrorOf(numbers, ReadCsv("x,z,y\n0.1,0.2,1\n"), {1}).code(), "BAD_ARGUMENT");
  const Model classes = Train(ReadCsv(Csv(true, 100)));
  const Error unknown = ErrorOf(classes, ReadCsv("x,z,y\n0.1,0.2,q\n"));
  EXPECT_EQ(unknown.code(), "TARGET_MISSING");
  EXPECT_NE(std::string(unknown.what()).find("'q'"), std::string::npos) << unknown.what();
  // A file's claim of 65,536 classes: refused, not 65,536^2 counts (a 32-bit size wraps to 0).
  Model many = classes;
  many.classes.resize(65536, "k");
  const Error wide = ErrorOf(many, ReadCsv("x,z,y\n0.1,0.2,a\n"));
  EXPECT_EQ(wide.code(), "TOO_MANY_CLASSES");
  Model ranking = numbers;
  ranking.objective = "rank:ndcg";
  EXPECT_EQ(ErrorOf(ranking, ReadCsv("x,z,y\n0.1,0.2,1\n")).code(), "NOT_FOR_RANKING");
}

}  // namespace evaluation_test
}  // namespace boostlab
