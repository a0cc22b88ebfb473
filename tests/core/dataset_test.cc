#include <gtest/gtest.h>

#include "boostlab/dataset.h"
#include "boostlab/errors.h"
#include "boostlab/table.h"
#include "dataset_error.h"

namespace boostlab {
namespace {

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

}  // namespace
}  // namespace boostlab

namespace boostlab {
namespace {

TEST(Dataset, AStrayWordInANumericTargetIsReportedEvenWithTaskAuto) {
  Table t = ReadCsv("x,price\n1,10\n2,20\n3,thirty\n4,40\n");
  try {
    Dataset::FromTable(t, {.target = "price"});
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), "TARGET_NOT_NUMERIC");
    EXPECT_EQ(e.line(), 4);
  }
}

}  // namespace
}  // namespace boostlab
