// Ranking data and metrics: the group column's checks and notes, queries
// split whole into training and validation, XGBoost's pair draws, and NDCG,
// MAP and pairwise accuracy worked by hand.
#include <gtest/gtest.h>

#include <cmath>    // for log2, pow
#include <random>   // for minstd_rand, uniform_int_distribution
#include <set>      // for set
#include <string>   // for string

#include "boostlab/booster.h"
#include "boostlab/dataset.h"
#include "boostlab/errors.h"
#include "boostlab/table.h"
#include "dataset_error.h"
#include "objective/rank_metrics.h"
#include "objective/rank_objectives.h"
#include "util/thread_pool.h"

namespace boostlab {
namespace ranking_test {

const auto ErrorOf = test::DatasetErrorOf;

DatasetOptions Ranked(double valid_fraction = 0) {
  DatasetOptions o;
  o.target = "rel";
  o.group = "q";
  o.valid_fraction = valid_fraction;
  return o;
}

TEST(Ranking, PairDrawsAreLibstdcxxMinstdRandWithItsUniformIntDistribution) {
  // This test's build links libstdc++: the draws XGBoost 1.7 makes.
  for (uint32_t seed : {1111u, 2222u, 111100u}) {
    MinStdRand ours(seed);
    std::minstd_rand theirs(seed);
    for (int i = 0; i < 2000; ++i) {
      const uint32_t n = 1 + static_cast<uint32_t>(i * 7919) % 1000;
      std::uniform_int_distribution<unsigned> dist(0, n - 1);
      ASSERT_EQ(ours.Below(n), dist(theirs)) << "seed " << seed << " draw " << i << " of [0, " << n << ")";
    }
  }
}

TEST(Ranking, TheGroupColumnIsNotAFeatureAndQueriesNeedNotBeContiguous) {
  const Dataset d = Dataset::FromTable(ReadCsv("q,x,rel\na,1,0\nb,2,1\na,3,2\nb,4,0\na,5,1\n"), Ranked());
  EXPECT_EQ(d.task, Task::kRanking);
  ASSERT_EQ(d.features.size(), 1u);
  EXPECT_EQ(d.features[0].name, "x");
  ASSERT_EQ(d.train_groups.size(), 2u);
  EXPECT_EQ(std::vector<RowIdx>(d.train_groups.Group(0).begin(), d.train_groups.Group(0).end()), (std::vector<RowIdx>{0, 2, 4}));
  EXPECT_EQ(std::vector<RowIdx>(d.train_groups.Group(1).begin(), d.train_groups.Group(1).end()), (std::vector<RowIdx>{1, 3}));
  EXPECT_EQ(d.label, (std::vector<float>{0, 1, 2, 0, 1}));
  EXPECT_TRUE(d.notes.empty());
}

TEST(Ranking, ValidationTakesWholeQueries) {
  std::string csv = "q,x,rel\n";
  for (int q = 0; q < 40; ++q)
    for (int i = 0; i < 5; ++i) csv += std::to_string(q) + "," + std::to_string(q * 5 + i) + "," + std::to_string(i % 3) + "\n";
  const Dataset d = Dataset::FromTable(ReadCsv(csv), Ranked(0.25));
  EXPECT_EQ(d.valid_groups.size(), 10u);
  EXPECT_EQ(d.train_groups.size(), 30u);
  EXPECT_EQ(d.valid_rows.size(), 50u);
  std::set<int> valid_queries, train_queries;
  for (RowIdx r : d.valid_rows) valid_queries.insert(static_cast<int>(r / 5));
  for (RowIdx r : d.train_rows) train_queries.insert(static_cast<int>(r / 5));
  for (int q : valid_queries) EXPECT_FALSE(train_queries.count(q)) << "query " << q << " is on both sides";
}

TEST(Ranking, QueriesThatAddNoPairsAreANoteNamingTheFirst) {
  const Dataset d = Dataset::FromTable(ReadCsv("q,x,rel\n7,1,0\n7,2,1\n8,3,2\n9,4,1\n9,5,1\n"), Ranked());
  ASSERT_EQ(d.notes.size(), 1u);
  EXPECT_NE(d.notes[0].find("2 of 3 training queries in 'q'"), std::string::npos) << d.notes[0];
  EXPECT_NE(d.notes[0].find("1 with one row, 1 with one relevance grade"), std::string::npos) << d.notes[0];
  EXPECT_NE(d.notes[0].find("query '8', line 4"), std::string::npos) << d.notes[0];
}

TEST(Ranking, BadGroupsAndRelevanceNameTheColumnAndLine) {
  Error singletons = ErrorOf("q,x,rel\n1,1,0\n2,2,1\n3,3,2\n", Ranked());
  EXPECT_EQ(singletons.code(), "GROUP_SINGLETONS");
  EXPECT_EQ(singletons.column(), 1);
  EXPECT_NE(std::string(singletons.what()).find("'q'"), std::string::npos);

  Error flat = ErrorOf("q,x,rel\n1,1,2\n1,2,2\n2,3,0\n2,4,0\n", Ranked());
  EXPECT_EQ(flat.code(), "GROUP_NOTHING_TO_RANK");
  EXPECT_NE(std::string(flat.what()).find("'rel'"), std::string::npos);

  for (const char* bad : {"1.5", "-1", "32"}) {
    Error e = ErrorOf(std::string("q,x,rel\n1,1,0\n1,2,") + bad + "\n", Ranked());
    EXPECT_EQ(e.code(), "TARGET_NOT_RELEVANCE") << bad;
    EXPECT_EQ(e.line(), 3) << bad;
    EXPECT_EQ(e.column(), 3) << bad;
  }
  Error text = ErrorOf("q,x,rel\n1,1,0\n1,2,good\n", Ranked());
  EXPECT_EQ(text.code(), "TARGET_NOT_RELEVANCE");
  EXPECT_EQ(text.line(), 3);

  Error missing = ErrorOf("q,x,rel\n1,1,0\n,2,1\n", Ranked());
  EXPECT_EQ(missing.code(), "GROUP_MISSING");
  EXPECT_EQ(missing.line(), 3);
  EXPECT_EQ(missing.column(), 1);

  // Weights weigh whole queries: one query's rows weighing differently are named.
  DatasetOptions weighted = Ranked();
  weighted.weight = "w";
  const Error differ = ErrorOf("q,x,w,rel\n1,1,1,0\n1,2,2,1\n2,3,1,0\n2,4,1,1\n", weighted);
  EXPECT_EQ(differ.code(), "QUERY_WEIGHTS_DIFFER");
  EXPECT_EQ(differ.line(), 3);
  EXPECT_NE(std::string(differ.what()).find("query '1' weighs 1 on line 2 and 2 on line 3"), std::string::npos) << differ.what();
  DatasetOptions itself = Ranked();
  itself.group = "rel";
  EXPECT_EQ(ErrorOf("q,x,rel\n1,1,0\n1,2,1\n", itself).code(), "BAD_OPTION");
  DatasetOptions no_group = Ranked();
  no_group.group = "";
  no_group.task = "ranking";
  EXPECT_EQ(ErrorOf("q,x,rel\n1,1,0\n1,2,1\n", no_group).code(), "BAD_OPTION");
}

Error TrainError(const Dataset& d, const std::string& params) {
  try {
    Booster b(d, ParseParams(params));
  } catch (const Error& e) {
    return e;
  }
  ADD_FAILURE() << "no error for " << params;
  return Error("NONE", "");
}

TEST(Ranking, ObjectivesAndAlgorithmsMustMatchTheGroupColumn) {
  const std::string csv = "q,x,rel\n1,1,0\n1,2,1\n2,3,2\n2,4,0\n";
  const Dataset ranked = Dataset::FromTable(ReadCsv(csv), Ranked());
  EXPECT_EQ(Booster(ranked, ParseParams(R"({"rounds":1})")).Snapshot().objective, "rank:ndcg");
  EXPECT_EQ(TrainError(ranked, R"({"objective":"reg:squarederror"})").code(), "BAD_PARAM");
  EXPECT_EQ(TrainError(ranked, R"({"algorithm":"adaboost"})").code(), "BAD_PARAM");
  EXPECT_EQ(TrainError(ranked, R"({"algorithm":"random_forest"})").code(), "BAD_PARAM");
  DatasetOptions plain;
  plain.target = "rel";
  plain.valid_fraction = 0;
  const Dataset unranked = Dataset::FromTable(ReadCsv(csv), plain);
  Error e = TrainError(unranked, R"({"objective":"rank:pairwise"})");
  EXPECT_EQ(e.code(), "BAD_PARAM");
  EXPECT_NE(std::string(e.what()).find("group column"), std::string::npos) << e.what();
  EXPECT_EQ(TrainError(unranked, R"({"objective":"reg:squarederror","eval_metric":"ndcg@5"})").code(), "BAD_PARAM");
}

// One query of grades 3, 2, 0, 1 scored so that the order is rows 1, 0, 3, 2.
TEST(Ranking, MetricsWorkedByHand) {
  QueryGroups g;
  g.begin = {0, 4};
  g.rows = {0, 1, 2, 3};
  const std::vector<float> label = {3, 2, 0, 1};
  const std::vector<float> pred = {0.8f, 0.9f, 0.1f, 0.2f};
  ThreadPool pool(2);
  auto gain = [](double rel) { return std::pow(2.0, rel) - 1; };
  auto disc = [](int pos) { return 1.0 / std::log2(pos + 2.0); };
  const double dcg = gain(2) * disc(0) + gain(3) * disc(1) + gain(1) * disc(2) + gain(0) * disc(3);
  const double ideal = gain(3) * disc(0) + gain(2) * disc(1) + gain(1) * disc(2);
  EXPECT_NEAR(EvaluateRankMetric(*ParseRankMetric("ndcg"), pred, label, g, pool), dcg / ideal, 1e-6);
  const double dcg2 = gain(2) * disc(0) + gain(3) * disc(1), ideal2 = gain(3) * disc(0) + gain(2) * disc(1);
  EXPECT_NEAR(EvaluateRankMetric(*ParseRankMetric("ndcg@2"), pred, label, g, pool), dcg2 / ideal2, 1e-6);
  // MAP: relevant rows (grade > 0) at positions 1, 2, 3: precisions 1/1, 2/2, 3/3; the 0 comes last.
  EXPECT_NEAR(EvaluateRankMetric(*ParseRankMetric("map"), pred, label, g, pool), 1.0, 1e-6);
  // map@2: the precisions within the first two (1/1, 2/2) over all three relevant rows, as XGBoost 1.7 divides.
  EXPECT_NEAR(EvaluateRankMetric(*ParseRankMetric("map@2"), pred, label, g, pool), 2.0 / 3.0, 1e-6);
  // Pairs of different grades: all 6; only rows 0 and 1 (grades 3, 2; scores 0.8, 0.9) are out of order.
  EXPECT_NEAR(EvaluateRankMetric(*ParseRankMetric("pairacc"), pred, label, g, pool), 5.0 / 6.0, 1e-6);
  // A tie counts half.
  const std::vector<float> tied = {0.5f, 0.5f, 0.1f, 0.2f};
  EXPECT_NEAR(EvaluateRankMetric(*ParseRankMetric("pairacc"), tied, label, g, pool), 5.5 / 6.0, 1e-6);
  EXPECT_FALSE(ParseRankMetric("ndcg@x"));
  EXPECT_FALSE(ParseRankMetric("rmse"));
}

}  // namespace ranking_test
}  // namespace boostlab
