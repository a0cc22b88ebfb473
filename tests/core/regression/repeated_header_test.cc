// A header of many equal names. Each repeat looked for its free suffix from
// .1 upward, so n equal names took n^2/2 lookups: 30,000 columns named 'a'
// read in 26 s natively, and 100,000 would have held the page for minutes.
// Found by profiling the csv_train fuzzer (its corpus holds such headers).

#include <gtest/gtest.h>

#include <string>  // for string
#include <vector>  // for vector

#include "boostlab/table.h"

namespace boostlab {
namespace repeated_header_test {

TEST(RepeatedHeader, HundredThousandEqualNamesReadInLinearTime) {
  constexpr size_t kColumns = 100000;
  std::string csv;
  for (size_t i = 0; i < kColumns; ++i) csv += i ? ",a" : "a";
  csv += '\n';
  for (size_t i = 0; i < kColumns; ++i) csv += i ? ",1" : "1";
  csv += '\n';
  const Table t = ReadCsv(csv);
  ASSERT_EQ(t.columns.size(), kColumns);
  EXPECT_EQ(t.columns[0].name, "a");
  EXPECT_EQ(t.columns[1].name, "a.1");
  EXPECT_EQ(t.columns[kColumns - 1].name, "a." + std::to_string(kColumns - 1));
}

TEST(RepeatedHeader, ASuffixAlreadyTakenIsPassedOver) {
  // 'a.2' is in the file before the third 'a' needs it, and 'a.1' repeats.
  const Table t = ReadCsv("a,a.2,a,a,a.1,a.1\n1,2,3,4,5,6\n");
  std::vector<std::string> names;
  for (const Column& c : t.columns) names.push_back(c.name);
  EXPECT_EQ(names, (std::vector<std::string>{"a", "a.2", "a.1", "a.3", "a.1.1", "a.1.2"}));
}

}  // namespace repeated_header_test
}  // namespace boostlab
