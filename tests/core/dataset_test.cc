#include <gtest/gtest.h>

#include <algorithm>  // for find
#include <cmath>  // for isnan
#include <map>  // for map

#include "boostlab/dataset.h"
#include "boostlab/errors.h"
#include "boostlab/table.h"
#include "dataset_error.h"

namespace boostlab {
namespace dataset_test {

const auto ErrorOf = test::DatasetErrorOf;

TEST(Dataset, StringTargetWithTwoClassesIsBinaryWithSortedClasses) {
  Table t = ReadCsv("x,y\n1,spam\n2,ham\n3,spam\n4,ham\n");
  Dataset d = Dataset::FromTable(t, {.target = "y", .valid_fraction = 0});
  EXPECT_EQ(d.task, Task::kBinary);
  EXPECT_EQ(d.classes, (std::vector<std::string>{"ham", "spam"}));
  EXPECT_EQ(d.label, (std::vector<float>{1, 0, 1, 0}));
  EXPECT_EQ(d.features.size(), 1u);
}

TEST(Dataset, TextInARegressionTargetNamesLineAndColumn) {
  DatasetOptions o{.target = "y", .task = "regression"};
  Error e = ErrorOf("x,y\n1,2.5\n2,3.5\n3,oops\n", o);
  EXPECT_EQ(e.code(), "TARGET_NOT_NUMERIC");
  EXPECT_EQ(e.line(), 4);
  EXPECT_EQ(e.column(), 2);
  EXPECT_NE(std::string(e.what()).find("'oops'"), std::string::npos) << e.what();
}

TEST(Dataset, MissingTargetAndOneClassAreErrors) {
  EXPECT_EQ(ErrorOf("x,y\n1,2\n2,\n3,4\n", {.target = "y"}).code(), "TARGET_MISSING");
  EXPECT_EQ(ErrorOf("x,y\n1,a\n2,a\n", {.target = "y"}).code(), "TARGET_ONE_CLASS");
  EXPECT_EQ(ErrorOf("x,y\n1,a\n2,b\n", {.target = "nope"}).code(), "UNKNOWN_COLUMN");
}

// Rows with no target: refused naming the first (by its file line) and how
// many more; or left out of both sides when asked, the notes naming them.
TEST(Dataset, RowsWithNoTargetAreRefusedOrLeftOut) {
  std::string csv = "x,y,c\n";
  for (int i = 0; i < 40; ++i)
    csv += std::to_string(i) + "," + (i % 10 == 3 ? "" : std::to_string(i * 2)) + "," + (i % 10 == 3 ? "" : i % 2 ? "a" : "b") + "\n";
  csv += "\"4\n0\",80,a\n";  // a quoted line break: the rows after it are a line further down
  csv += "41,,\n";
  Table t = ReadCsv(csv);
  Error e = ErrorOf(csv, {.target = "y"});
  EXPECT_EQ(e.code(), "TARGET_MISSING");
  EXPECT_EQ(e.line(), 5);
  EXPECT_NE(std::string(e.what()).find("the target is missing (and on 4 more rows). Leave such rows out (skipMissingTarget)"), std::string::npos)
      << e.what();
  for (const char* target : {"y", "c"}) {
    Dataset d = Dataset::FromTable(t, {.target = target, .valid_fraction = 0.25, .seed = 3, .skip_missing_target = true});
    EXPECT_EQ(d.train_rows.size() + d.valid_rows.size(), 37u) << target;
    for (const auto* rows : {&d.train_rows, &d.valid_rows})
      for (RowIdx r : *rows) EXPECT_FALSE(std::isnan(d.label[r])) << target << " row " << r;
    EXPECT_TRUE(std::isnan(d.label[3]) && std::isnan(d.label[41])) << target;
    ASSERT_EQ(d.notes.size(), 2u) << target;
    EXPECT_EQ(d.notes[0], std::string("Left out 5 rows with no '") + target +
                              "': lines 5, 15, 25, 35, 44. They are in neither the training nor the validation rows.");
    EXPECT_EQ(d.notes[1].rfind("Column 'x' is read as categories, not numbers: '4\n0' (line 42)", 0), 0u) << d.notes[1];
  }
  // Every row without one: nothing to leave.
  EXPECT_EQ(ErrorOf("x,y\n1,\n2,\n", {.target = "y", .skip_missing_target = true}).code(), "TARGET_ALL_MISSING");
  EXPECT_TRUE(ParseDatasetOptions(R"({"target":"y","skipMissingTarget":true})").skip_missing_target);
  EXPECT_FALSE(ParseDatasetOptions(R"({"target":"y"})").skip_missing_target);
}

TEST(Dataset, ValidationSplitIsSeededAndSized) {
  std::string csv = "x,y\n";
  for (int i = 0; i < 100; ++i) csv += std::to_string(i) + "," + std::to_string(i * 2) + "\n";
  Table t = ReadCsv(csv);
  Dataset a = Dataset::FromTable(t, {.target = "y", .valid_fraction = 0.2, .seed = 7});
  Dataset b = Dataset::FromTable(t, {.target = "y", .valid_fraction = 0.2, .seed = 7});
  Dataset c = Dataset::FromTable(t, {.target = "y", .valid_fraction = 0.2, .seed = 8});
  EXPECT_EQ(a.valid_rows.size(), 20u);
  EXPECT_EQ(a.train_rows.size(), 80u);
  EXPECT_EQ(a.valid_rows, b.valid_rows);
  EXPECT_NE(a.valid_rows, c.valid_rows);
  Dataset explicit_rows =
      Dataset::FromTable(t, {.target = "y", .valid_rows = {1, 5, 9}, .use_valid_rows = true});
  EXPECT_EQ(explicit_rows.valid_rows, (std::vector<RowIdx>{1, 5, 9}));
}


// A feature of text with most rows a value of their own (a car's name, an ID) is said: a model learns the
// training rows' own values. Dates as text are said as dates; a column of few categories, or left out, is not.
TEST(Dataset, AFeatureOfTextLikeAnIdIsSaid) {
  std::string csv = "name,day,kind,y\n";
  for (int i = 0; i < 120; ++i)
    csv += "car " + std::to_string(i) + ",2021-" + std::to_string(1 + i % 12) + "-" + std::to_string(1 + i % 28) + "," +
           (i % 3 ? "a" : "b") + "," + std::to_string(i % 7) + ".5\n";
  const Table t = ReadCsv(csv);
  const Dataset d = Dataset::FromTable(t, DatasetOptions{.target = "y"});
  ASSERT_EQ(d.notes.size(), 2u);
  EXPECT_EQ(d.notes[0].rfind("Column 'name' is text with 120 distinct values in 120 rows, like a name or an ID", 0), 0u) << d.notes[0];
  EXPECT_EQ(d.notes[1].rfind("Column 'day' is text with 84 distinct values in 120 rows, dates:", 0), 0u) << d.notes[1];
  DatasetOptions ignored{.target = "y"};
  ignored.ignore = {"name", "day"};
  EXPECT_TRUE(Dataset::FromTable(t, ignored).notes.empty());
}

// A feature of numbers but for a word is read as categories: said in the
// notes, naming the word and its line; a column of words is not.
// A feature that numbers the rows (pandas' index written out, a row number) is said: a model learns only the file's
// order from it. Ignored, or a quantity that merely runs (years from 1990), it is not.
TEST(Dataset, AFeatureThatNumbersTheRowsIsSaid) {
  std::string csv = "row,year,y\n";
  for (int i = 0; i < 30; ++i) csv += std::to_string((i * 7) % 30 + 1) + "," + std::to_string(1990 + i) + "," + std::to_string(i % 3) + ".5\n";
  const Table t = ReadCsv(csv);
  const Dataset d = Dataset::FromTable(t, DatasetOptions{.target = "y"});
  ASSERT_EQ(d.notes.size(), 1u);
  EXPECT_EQ(d.notes[0].rfind("Column 'row' numbers the rows (0 or 1 up to their count, one a row)", 0), 0u) << d.notes[0];
  DatasetOptions ignored{.target = "y"};
  ignored.ignore = {"row"};
  EXPECT_TRUE(Dataset::FromTable(t, ignored).notes.empty());
  // A repeated number is no numbering.
  EXPECT_TRUE(Dataset::FromTable(ReadCsv("row,y\n" + std::string("1,0\n1,1\n") + [] { std::string s; for (int i = 3; i <= 30; ++i) s += std::to_string(i) + ",0\n"; return s; }()),
                                 DatasetOptions{.target = "y", .task = "regression"}).notes.empty());
}

// valid_last: the last share of the rows in file order validate (data in time order), the
// same count a random draw takes; for ranking the last queries, whole, in order of first appearance.
TEST(Dataset, ValidationCanBeTheLastRows) {
  std::string csv = "x,y\n";
  for (int i = 0; i < 20; ++i) csv += std::to_string(i) + "," + std::to_string(i % 3) + ".5\n";
  Table t = ReadCsv(csv);
  DatasetOptions o{.target = "y", .valid_fraction = 0.25, .seed = 7};
  o.valid_split = "last";
  Dataset d = Dataset::FromTable(t, o);
  EXPECT_EQ(d.valid_rows, (std::vector<RowIdx>{15, 16, 17, 18, 19}));
  EXPECT_EQ(d.train_rows.size(), 15u);
  EXPECT_EQ(d.train_rows.back(), 14u);
  // Classes sorted in the file: the last rows hold one class only, which the notes say.
  Table sorted = ReadCsv("x,y\n1,a\n2,a\n3,a\n4,b\n5,b\n6,b\n7,b\n8,b\n");
  DatasetOptions last{.target = "y", .valid_fraction = 0.25};
  last.valid_split = "last";
  const Dataset s = Dataset::FromTable(sorted, last);
  ASSERT_EQ(s.notes.size(), 1u);
  EXPECT_EQ(s.notes[0], "The validation rows hold no row of class 'a': their metrics say nothing of it. Validation rows drawn at random "
                        "within each class (stratified) hold out every class's share.");
  last.valid_split = "stratified";
  EXPECT_TRUE(Dataset::FromTable(sorted, last).notes.empty());
  o.seed = 8;  // the seed draws nothing
  EXPECT_EQ(Dataset::FromTable(t, o).valid_rows, d.valid_rows);
  o.valid_split = "random";
  EXPECT_NE(Dataset::FromTable(t, o).valid_rows, d.valid_rows);
  EXPECT_EQ(Dataset::FromTable(t, o).valid_rows.size(), 5u);
  // Queries b, a, c (first seen in that order, b's rows not together): the last third is c's rows.
  Table q = ReadCsv("q,x,rel\nb,1,0\na,2,1\nb,3,1\nc,4,0\nc,5,1\na,6,0\n");
  DatasetOptions r{.target = "rel", .valid_fraction = 1.0 / 3};
  r.group = "q";
  r.valid_split = "last";
  EXPECT_EQ(Dataset::FromTable(q, r).valid_rows, (std::vector<RowIdx>{3, 4}));
}

// Training rows named (a time-series fold: the rows before its test rows): only they train, only the
// validation rows named validate, the rest are left out; a row on both sides, or past the end, refused.
TEST(Dataset, TrainingRowsCanBeNamedAndTheRestLeftOut) {
  std::string csv = "x,y\n";
  for (int i = 0; i < 10; ++i) csv += std::to_string(i) + "," + std::to_string(i) + ".5\n";
  Table t = ReadCsv(csv);
  DatasetOptions o{.target = "y"};
  o.use_train_rows = true;
  o.train_rows = {0, 1, 2, 3};
  o.use_valid_rows = true;
  o.valid_rows = {4, 5};
  Dataset d = Dataset::FromTable(t, o);
  EXPECT_EQ(d.train_rows, (std::vector<RowIdx>{0, 1, 2, 3}));
  EXPECT_EQ(d.valid_rows, (std::vector<RowIdx>{4, 5}));
  // No validation rows named: none validate (validFraction does not draw from the training rows).
  DatasetOptions alone{.target = "y", .valid_fraction = 0.5};
  alone.use_train_rows = true;
  alone.train_rows = {7, 2, 2};
  d = Dataset::FromTable(t, alone);
  EXPECT_EQ(d.train_rows, (std::vector<RowIdx>{2, 7}));
  EXPECT_TRUE(d.valid_rows.empty());
  o.train_rows = {3, 4};
  EXPECT_STREQ(test::DatasetErrorOf(csv, o).what(), "Row 4 is both a training row and a validation row.");
  o.train_rows = {10};
  EXPECT_STREQ(test::DatasetErrorOf(csv, o).what(), "Training row 10 is past the last row (9).");
  o.train_rows = {};
  EXPECT_STREQ(test::DatasetErrorOf(csv, o).what(), "trainRows names no row to train on.");
}

// stratified: each class holds out its share, drawn with the seed (a random draw of 20 % of rows
// can leave a rare class with none, or all, of its rows on one side).
TEST(Dataset, AStratifiedSplitHoldsOutEachClassItsShare) {
  std::string csv = "x,y\n";
  for (int i = 0; i < 100; ++i) csv += std::to_string(i) + "," + (i % 20 == 0 ? "rare" : i % 2 ? "a" : "b") + "\n";
  Table t = ReadCsv(csv);
  DatasetOptions o{.target = "y", .valid_fraction = 0.2, .seed = 3};
  o.valid_split = "stratified";
  const Dataset d = Dataset::FromTable(t, o);
  std::map<float, int> held;
  for (RowIdx r : d.valid_rows) held[d.label[r]]++;
  // 5 rare rows (multiples of 20), 50 'a' (odd), 45 'b' (the other even ones): 1, 10 and 9 held out.
  const auto index = [&](const char* name) { return static_cast<float>(std::find(d.classes.begin(), d.classes.end(), name) - d.classes.begin()); };
  EXPECT_EQ(held[index("rare")], 1);
  EXPECT_EQ(held[index("a")], 10);
  EXPECT_EQ(held[index("b")], 9);   // llround(0.2 * 45)
  EXPECT_EQ(Dataset::FromTable(t, o).valid_rows, d.valid_rows);  // the seed decides
  o.seed = 4;
  EXPECT_NE(Dataset::FromTable(t, o).valid_rows, d.valid_rows);
  DatasetOptions n{.target = "y", .valid_fraction = 0.25};
  n.valid_split = "stratified";
  EXPECT_EQ(test::DatasetErrorOf("x,y\n1,0.5\n2,1.5\n3,2.5\n4,3.25\n", n).code(), "BAD_OPTION");
  n.valid_split = "sometimes";
  EXPECT_NE(std::string(test::DatasetErrorOf("x,y\n1,0.5\n2,1.5\n3,2.5\n4,3.25\n", n).what()).find("'random', 'stratified' or 'last'"), std::string::npos);
}

TEST(Dataset, NumbersWithAStrayWordAsAFeatureAreNoted) {
  Table t = ReadCsv("x,kind,y\n1,a,1\n2,b,0\nthree,a,1\n4,b,0\n5,a,1\n6,b,0\n");
  DatasetOptions o;
  o.target = "y";
  o.valid_fraction = 0;  // (one validation row of six would lack a class, and say so)
  Dataset d = Dataset::FromTable(t, o);
  ASSERT_EQ(d.notes.size(), 1u);
  EXPECT_EQ(d.notes[0], "Column 'x' is read as categories, not numbers: 'three' (line 4) is not a number. If such cells "
                        "mean missing, write them as NA or leave them empty; as categories its numbers have no order.");
}

}  // namespace dataset_test
}  // namespace boostlab
