// A target's classes. Before: in a text target, "1.0" and "1" were one class
// or two depending on whether they came before the column's first text cell;
// text targets had no class cap (10,000 classes ran out of memory while
// training; numeric ones stopped at 1,000); an all-missing target was said
// to "have a single value".

#include <gtest/gtest.h>

#include <string>  // for string

#include "boostlab/dataset.h"
#include "boostlab/errors.h"
#include "boostlab/table.h"

namespace boostlab {
namespace target_classes_test {

std::vector<std::string> Levels(const std::string& csv) { return ReadCsv(csv).columns[1].levels; }

TEST(TargetClassesRegression, NumbersInATextColumnAreOneLevelWhereverTheyStand) {
  const std::vector<std::string> expected = {"1", "b"};
  EXPECT_EQ(Levels("x,y\n1,1.0\n2,b\n3,1\n4,1.0\n"), expected) << "numbers before and after the first text";
  EXPECT_EQ(Levels("x,y\n1,b\n2,1.0\n3,1\n4,01\n"), expected) << "numbers after the first text only";
  // Spelled as written where a float allows: 0.1, not 0.100000001.
  EXPECT_EQ(Levels("x,y\n1,0.1\n2,b\n3,2.5\n"), (std::vector<std::string>{"0.1", "2.5", "b"}));
  const Dataset d = Dataset::FromTable(ReadCsv("x,y\n1,1.0\n2,b\n3,1\n4,1.0\n5,b\n"), DatasetOptions{.target = "y", .valid_fraction = 0});
  EXPECT_EQ(d.task, Task::kBinary);
  EXPECT_EQ(d.classes, expected);
}

std::string CodeOf(const std::string& csv, const std::string& task = "auto") {
  try {
    Dataset::FromTable(ReadCsv(csv), DatasetOptions{.target = "y", .task = task, .valid_fraction = 0});
  } catch (const Error& e) {
    return e.code() + ": " + e.what();
  }
  return "accepted";
}

TEST(TargetClassesRegression, TextAndNumericTargetsShareOneClassCap) {
  std::string text = "x,y\n", numbers = "x,y\n";
  for (int i = 0; i < 1001; ++i) {
    text += std::to_string(i) + ",class" + std::to_string(i) + "\n";
    numbers += std::to_string(i) + "," + std::to_string(i) + "\n";
  }
  const std::string message = "has 1,001 distinct values; as classes that is more than 1,000";
  EXPECT_NE(CodeOf(text).find("TARGET_NOT_CLASSES: The target 'y' " + message), std::string::npos) << CodeOf(text);
  EXPECT_NE(CodeOf(numbers, "multiclass").find("TARGET_NOT_CLASSES: The target 'y' " + message), std::string::npos)
      << CodeOf(numbers, "multiclass");
  text.resize(text.rfind("1000,class1000\n"));  // 1000 classes: accepted
  EXPECT_EQ(CodeOf(text), "accepted");
}

TEST(TargetClassesRegression, AnAllMissingTargetSaysSo) {
  for (const char* task : {"auto", "regression", "binary", "multiclass"})
    EXPECT_NE(CodeOf("x,y\n1,NA\n2,\n3,?\n", task).find("TARGET_ALL_MISSING: The target 'y' is all missing"), std::string::npos)
        << task << ": " << CodeOf("x,y\n1,NA\n2,\n3,?\n", task);
  EXPECT_NE(CodeOf("x,y\n1,4\n2,4\n").find("TARGET_CONSTANT"), std::string::npos) << "one value, present: still constant";
}

}  // namespace target_classes_test
}  // namespace boostlab
