// TableFromColumns: columns from memory read as the CSV reader reads them.
#include <gtest/gtest.h>

#include <cmath>   // for NAN, INFINITY
#include <string>  // for string
#include <vector>  // for vector

#include "boostlab/errors.h"
#include "boostlab/table.h"

namespace boostlab {
namespace table_columns_test {

std::string ErrorOf(const std::string& spec, const std::vector<float>& numbers) {
  try {
    TableFromColumns(spec, numbers);
  } catch (const Error& e) {
    return e.code() + ": " + e.what();
  }
  return "no error";
}

TEST(TableFromColumns, TheSameTableAsTheCsv) {
  const std::vector<float> numbers = {1, 2, NAN, 4};
  Table t = TableFromColumns(R"({"rows":4,"columns":[{"name":"x"},{"name":"c","text":["b","a",null,"b"]}]})", numbers);
  Table csv = ReadCsv("x,c\n1,b\n2,a\n,\n4,b\n");
  // The same but for where the first word is: the file's line 2; in memory row 0 and no line.
  std::string from_csv = TableSummaryJson(csv);
  const std::string at_line = R"("firstText":{"line":2,"row":0)";
  ASSERT_NE(from_csv.find(at_line), std::string::npos) << from_csv;
  from_csv.replace(from_csv.find(at_line), at_line.size(), R"("firstText":{"line":0,"row":0)");
  EXPECT_EQ(TableSummaryJson(t), from_csv);
  EXPECT_EQ(t.columns[1].codes, csv.columns[1].codes);
}

TEST(TableFromColumns, BadColumnsNameTheColumn) {
  EXPECT_EQ(ErrorOf(R"({"rows":2,"columns":[{"name":"x"},{"name":"x"}]})", {1, 2, 3, 4}), "BAD_ARGUMENT: Two columns are called 'x'.");
  EXPECT_EQ(ErrorOf(R"({"rows":2,"columns":[{"name":"x"}]})", {1, INFINITY}),
            "BAD_ARGUMENT: Column 'x', row 1: Infinity is not a number the trees can split on (NaN means missing).");
  EXPECT_EQ(ErrorOf(R"({"rows":3,"columns":[{"name":"c","text":["a"]}]})", {}), "BAD_ARGUMENT: Column 'c' has 1 values for 3 rows.");
  EXPECT_EQ(ErrorOf(R"({"rows":2,"columns":[{"name":"x"}]})", {1}), "BAD_ARGUMENT: Column 'x' has fewer numbers than the 2 rows.");
  EXPECT_EQ(ErrorOf(R"({"rows":1,"columns":[{"name":"x"}]})", {1, 2}), "BAD_ARGUMENT: There are 1 numbers left over after the numeric columns.");
  EXPECT_NE(ErrorOf(R"({"rows":-1,"columns":[]})", {}).find("BAD_ARGUMENT"), std::string::npos);
}

// Numbers with several stray words: the summary names the first text, then the others (each once), and their
// count, so the page can read them all as missing at once. A column of text names none of its words.
TEST(TableSummary, NumbersWithStrayWordsNameThemAll) {
  const std::string summary = TableSummaryJson(ReadCsv("a,b,c\n1,2,x\n2,abc,y\n3,n/a?,z\n4,5,x\n5,abc,y\n6,7,z\n7,8,y\n"));
  EXPECT_NE(summary.find(R"("firstText":{"line":3,"row":1,"text":"abc"},"texts":2,"otherTexts":["n/a?"])"), std::string::npos) << summary;
  EXPECT_EQ(summary.find("otherTexts", summary.find(R"("name":"c")")), std::string::npos) << summary;
}

}  // namespace table_columns_test
}  // namespace boostlab
