// Task 'auto': one rule (GuessTask) decides the task in training and in the
// table summary the page previews, so the two never disagree.
#include <gtest/gtest.h>

#include <string>  // for string

#include "boostlab/dataset.h"
#include "boostlab/errors.h"
#include "boostlab/table.h"
#include "util/count_text.h"

namespace boostlab {
namespace task_guess_test {

// n rows whose target cycles through `values`.
std::string Cycling(size_t n, const std::vector<std::string>& values) {
  std::string csv = "x,y\n";
  for (size_t i = 0; i < n; ++i) csv += std::to_string(i) + "," + values[i % values.size()] + "\n";
  return csv;
}

TaskGuess GuessOf(const std::string& csv) {
  Table t = ReadCsv(csv);
  return GuessTask(t.columns[1], 1);
}

TEST(TaskGuess, FewWholeNumbersAreClasses) {
  // The three-class toy: 0, 1, 2 on 400 rows.
  TaskGuess g = GuessOf(Cycling(400, {"0", "1", "2"}));
  EXPECT_FALSE(g.problem);
  EXPECT_EQ(g.task, Task::kMulticlass);
  EXPECT_EQ(g.distinct, 3u);
  EXPECT_NE(g.why.find("3 whole numbers (0, 1, 2)"), std::string::npos) << g.why;
  Table t = ReadCsv(Cycling(400, {"0", "1", "2"}));
  Dataset d = Dataset::FromTable(t, {.target = "y", .valid_fraction = 0});
  EXPECT_EQ(d.task, Task::kMulticlass);
  EXPECT_EQ(d.classes, (std::vector<std::string>{"0", "1", "2"}));
  // Two whole numbers other than 0 and 1 are a binary target too.
  EXPECT_EQ(GuessOf(Cycling(40, {"-1", "1"})).task, Task::kBinary);
}

TEST(TaskGuess, ManyOrRareWholeNumbersAndFractionsAreQuantities) {
  std::vector<std::string> many;
  for (int i = 0; i < 21; ++i) many.push_back(std::to_string(i));
  EXPECT_EQ(GuessOf(Cycling(2100, many)).task, Task::kRegression) << "21 values are past the 20-class limit";
  EXPECT_EQ(GuessOf(Cycling(14, {"0", "1", "2"})).task, Task::kRegression) << "under 5 rows per value";
  EXPECT_EQ(GuessOf(Cycling(15, {"0", "1", "2"})).task, Task::kMulticlass) << "5 rows per value";
  TaskGuess g = GuessOf(Cycling(400, {"0.5", "1", "2"}));
  EXPECT_EQ(g.task, Task::kRegression);
  EXPECT_NE(g.why.find("numbers with 3 distinct values"), std::string::npos) << g.why;
  EXPECT_EQ(GuessOf(Cycling(4, {"0", "1"})).task, Task::kBinary) << "0/1 is binary on any number of rows";
  // A count with a thin tail: 0 to 9 over 1,996 rows, 9 in one row, 8 in three. On average 200 rows a
  // value, but the rare ones are no classes to learn: a quantity, and the why names the rarest.
  std::vector<std::string> counts;
  for (int v = 0; v <= 7; ++v) counts.insert(counts.end(), 249, std::to_string(v));
  counts.insert(counts.end(), {"8", "8", "8", "9"});
  g = GuessOf(Cycling(counts.size(), counts));
  EXPECT_EQ(g.task, Task::kRegression);
  EXPECT_NE(g.why.find("10 whole numbers (0, 1, 2, 3, 4, …), 9 in only 1 row: read as a quantity"), std::string::npos) << g.why;
}

// Distinct values are counted with a small hash set, or past 16,384 of them by
// sorting a copy: both give the exact count (-0 and 0 one value, missing none).
TEST(TaskGuess, DistinctCountsAreExactFewOrMany) {
  EXPECT_EQ(GuessOf(Cycling(90, {"-0", "0", "NA", "2.5", "1e-3"})).distinct, 3u);
  for (size_t n : {size_t{16384}, size_t{16385}, size_t{40000}}) {
    std::vector<std::string> values;
    for (size_t i = 0; i < n; ++i) values.push_back(std::to_string(static_cast<double>(i) * 0.37 - 900));
    values.push_back("NA");
    values.push_back(values[5]);  // a repeat
    const TaskGuess g = GuessOf(Cycling(n + 2, values));
    EXPECT_EQ(g.distinct, n);
    EXPECT_NE(g.why.find("numbers with " + CountText(n) + " distinct values"), std::string::npos) << g.why;
  }
}

TEST(TaskGuess, TheProblemIsTheErrorTrainingThrows) {
  const std::string csv = "x,y\n1,2.5\n2,3.5\n3,oops\n4,4.5\n";
  TaskGuess g = GuessOf(csv);
  ASSERT_TRUE(g.problem);
  EXPECT_EQ(g.problem->code(), "TARGET_NOT_NUMERIC");
  EXPECT_EQ(g.problem->line(), 4);
  Table t = ReadCsv(csv);
  try {
    Dataset::FromTable(t, {.target = "y"});
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), g.problem->code());
    EXPECT_EQ(std::string(e.what()), std::string(g.problem->what()));
  }
  EXPECT_EQ(GuessOf("x,y\n1,4\n2,4\n").problem->code(), "TARGET_CONSTANT");
  EXPECT_EQ(GuessOf("x,y\n1,4\n2,4\n").distinct, 1u);
  EXPECT_EQ(GuessOf("x,y\n1,\n2,\n").problem->code(), "TARGET_ALL_MISSING");
}

TEST(TaskGuess, TheSummaryShowsEachColumnAsATarget) {
  Table t = ReadCsv("a,b,c\n1,x,0\n2,y,1\n3,oops,2\n4,4,0\n5,5,1\n6,6,2\n");
  const std::string s = TableSummaryJson(t);
  EXPECT_NE(s.find(R"("name":"a","type":"numeric","missing":0,"distinct":6,"asTarget":{"task":"regression")"), std::string::npos) << s;
  EXPECT_NE(s.find(R"("asTarget":{"error":{"code":"TARGET_NOT_NUMERIC","message":"Line 2, column 2 ('b'): 'x' is not a number)"),
            std::string::npos) << s;
  EXPECT_NE(s.find(R"("name":"c","type":"numeric","missing":0,"distinct":3,"asTarget":{"task":"regression")"), std::string::npos)
      << "6 rows are too few for 3 classes: " << s;
}

// 1..n one a row (in any order) is flagged as a row number; a gap, a
// fraction, a repeat, a missing value or a run from elsewhere is not one.
TEST(TaskGuess, TheSummaryFlagsARowNumberColumn) {
  std::string csv = "shuffled,gap,fraction,repeat,hole,years,y\n";
  for (int i = 0; i < 30; ++i) {
    const int k = (i * 7) % 30;  // 0..29, each once
    csv += std::to_string(k + 1) + "," + std::to_string(i < 29 ? i : 40) + "," + std::to_string(i) + (i == 3 ? ".5" : "") + "," +
           std::to_string(i == 5 ? 4 : i) + "," + (i == 9 ? "" : std::to_string(i)) + "," +
           std::to_string(1990 + k) + "," + std::to_string(i % 2) + "\n";
  }
  const std::string s = TableSummaryJson(ReadCsv(csv));
  EXPECT_NE(s.find(R"("name":"shuffled","type":"numeric","missing":0,"distinct":30,"sequence":true,)"), std::string::npos) << s;
  size_t flagged = 0;
  for (size_t at = s.find("\"sequence\""); at != std::string::npos; at = s.find("\"sequence\"", at + 1)) ++flagged;
  EXPECT_EQ(flagged, 1u) << "only 'shuffled': " << s;
  // Two rows left out of 1..40 (a ragged line each, say): still the rows' numbers; 1..40 with ten absent is not.
  std::string gappy = "n,m,y\n";
  for (int i = 1; i <= 40; ++i)
    if (i != 7 && i != 23) gappy += std::to_string(i) + "," + std::to_string(i <= 30 ? i : i + 10) + "," + std::to_string(i % 2) + "\n";
  const std::string g = TableSummaryJson(ReadCsv(gappy));
  EXPECT_NE(g.find(R"("name":"n","type":"numeric","missing":0,"distinct":38,"sequence":true,)"), std::string::npos) << g;
  EXPECT_EQ(g.find(R"("name":"m","type":"numeric","missing":0,"distinct":38,"sequence")"), std::string::npos) << g;
  // Too few rows to say.
  EXPECT_EQ(TableSummaryJson(ReadCsv("n,y\n1,0\n2,1\n3,0\n")).find("sequence"), std::string::npos);
}

}  // namespace task_guess_test
}  // namespace boostlab
