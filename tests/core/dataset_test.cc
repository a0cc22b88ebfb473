#include <gtest/gtest.h>

#include <cmath>  // for isnan

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


// A feature of numbers but for a word is read as categories: said in the
// notes, naming the word and its line; a column of words is not.
TEST(Dataset, NumbersWithAStrayWordAsAFeatureAreNoted) {
  Table t = ReadCsv("x,kind,y\n1,a,1\n2,b,0\nthree,a,1\n4,b,0\n5,a,1\n6,b,0\n");
  DatasetOptions o;
  o.target = "y";
  Dataset d = Dataset::FromTable(t, o);
  ASSERT_EQ(d.notes.size(), 1u);
  EXPECT_EQ(d.notes[0], "Column 'x' is read as categories, not numbers: 'three' (line 4) is not a number. If such cells "
                        "mean missing, write them as NA or leave them empty; as categories its numbers have no order.");
}

}  // namespace dataset_test
}  // namespace boostlab
