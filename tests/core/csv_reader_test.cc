#include <gtest/gtest.h>

#include <cmath>  // for isnan

#include "boostlab/errors.h"
#include "boostlab/table.h"

namespace boostlab {
namespace {

// Runs ReadCsv and returns the Error it throws (fails the test if none).
Error ErrorOf(std::string_view csv) {
  try {
    ReadCsv(csv);
  } catch (const Error& e) {
    return e;
  }
  ADD_FAILURE() << "no error for: " << csv;
  return Error("NONE", "");
}

TEST(Csv, ReadsNumericAndCategoricalColumns) {
  Table t = ReadCsv("a,b,c\n1,y,2.5\n2,x,\n3,y,-1e3\n");
  ASSERT_EQ(t.num_rows, 3u);
  ASSERT_EQ(t.columns.size(), 3u);
  EXPECT_EQ(t.columns[0].type, ColumnType::kNumeric);
  EXPECT_EQ(t.columns[0].values, (std::vector<float>{1, 2, 3}));
  EXPECT_EQ(t.columns[1].type, ColumnType::kCategorical);
  EXPECT_EQ(t.columns[1].levels, (std::vector<std::string>{"x", "y"}));
  EXPECT_EQ(t.columns[1].codes, (std::vector<int32_t>{1, 0, 1}));  // levels sorted
  EXPECT_TRUE(std::isnan(t.columns[2].values[1]));
  EXPECT_EQ(t.columns[2].missing, 1);
  EXPECT_FLOAT_EQ(t.columns[2].values[2], -1000.0f);
}

TEST(Csv, QuotesHoldDelimitersNewlinesAndDoubledQuotes) {
  Table t = ReadCsv("name,v\n\"a, \"\"b\"\"\",1\n\"two\nlines\",2\r\n");
  ASSERT_EQ(t.num_rows, 2u);
  EXPECT_EQ(t.columns[0].levels[0], "a, \"b\"");
  EXPECT_EQ(t.columns[0].levels[1], "two\nlines");
  EXPECT_EQ(t.columns[0].codes, (std::vector<int32_t>{0, 1}));
  EXPECT_EQ(t.columns[1].values, (std::vector<float>{1, 2}));
}

TEST(Csv, CrlfBomBlankLinesAndMissingMarkers) {
  Table t = ReadCsv("\xEF\xBB\xBFx,y\r\n1,NA\r\n\r\n2,?\r\n");
  ASSERT_EQ(t.num_rows, 2u);
  EXPECT_EQ(t.columns[0].name, "x");
  EXPECT_EQ(t.columns[1].type, ColumnType::kNumeric);
  EXPECT_EQ(t.columns[1].missing, 2);
}

TEST(Csv, ColumnTurnsCategoricalAtFirstTextAndRemembersWhere) {
  Table t = ReadCsv("v\n1\n2\nabc\n1\n");
  const Column& c = t.columns[0];
  EXPECT_EQ(c.type, ColumnType::kCategorical);
  EXPECT_EQ(c.first_text_line, 4);
  EXPECT_EQ(c.first_text, "abc");
  EXPECT_EQ(c.levels, (std::vector<std::string>{"1", "2", "abc"}));
  EXPECT_EQ(c.codes, (std::vector<int32_t>{0, 1, 2, 0}));
}

TEST(Csv, RaggedRowNamesLineAndCounts) {
  Error e = ErrorOf("a,b,c\n1,2,3\n4,5\n");
  EXPECT_EQ(e.code(), "CSV_RAGGED_ROW");
  EXPECT_EQ(e.line(), 3);
  EXPECT_NE(std::string(e.what()).find("Line 3 has 2 fields"), std::string::npos) << e.what();
  Error wide = ErrorOf("a,b\n1,2\n3,4,5\n");
  EXPECT_EQ(wide.line(), 3);
  EXPECT_EQ(wide.column(), 3);
}

TEST(Csv, RaggedRowsLeftOutWhenAskedAndNamedInTheNotes) {
  CsvOptions skip;
  skip.skip_ragged_rows = true;
  Table t = ReadCsv("a,b,c\n1,2,3\n4,5\n6,7,8\n9,10,11,12\n13,14,15\n", skip);
  ASSERT_EQ(t.num_rows, 3u);
  EXPECT_EQ(t.columns[0].values, (std::vector<float>{1, 6, 13}));
  EXPECT_EQ(t.columns[2].values, (std::vector<float>{3, 8, 15}));
  ASSERT_EQ(t.notes.size(), 1u);
  EXPECT_EQ(t.notes[0], "Left out 2 rows whose fields do not match the header's 3: lines 3, 5.");
  // Past five, the first five lines and how many more.
  std::string many = "a,b\n1,2\n";
  for (int i = 0; i < 7; ++i) many += "3\n";
  Table m = ReadCsv(many, skip);
  EXPECT_EQ(m.num_rows, 1u);
  EXPECT_EQ(m.notes.at(0), "Left out 7 rows whose fields do not match the header's 2: lines 3, 4, 5, 6, 7 and 2 more.");
  // Every row ragged: no rows, said so.
  try {
    ReadCsv("a,b\n1\n2\n", skip);
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), "CSV_NO_ROWS");
  }
  EXPECT_TRUE(ParseCsvOptions(R"({"skipRaggedRows": true})").skip_ragged_rows);
  EXPECT_THROW(ParseCsvOptions(R"({"skipRaggedRows": 1})"), Error);
}

// Each row's file line: kept only once rows stop running one a line (rows
// left out, blank lines, a quoted field over lines), and then for every row.
TEST(Csv, EachRowKnowsItsFileLine) {
  Table plain = ReadCsv("a,b\n1,2\n3,4\n5,6\n");
  EXPECT_EQ(plain.first_row_line, 2u);
  EXPECT_TRUE(plain.row_lines.empty()) << "nothing kept while rows run one a line";
  EXPECT_EQ(plain.LineOf(0), 2u);
  EXPECT_EQ(plain.LineOf(2), 4u);
  // A comment-free preamble of blank lines, a row left out, a quoted field over two lines, a blank line.
  CsvOptions skip;
  skip.skip_ragged_rows = true;
  Table t = ReadCsv("\n\na,b\n1,2\n3\n4,\"x\ny\"\n5,6\n\n7,8\n", skip);
  ASSERT_EQ(t.num_rows, 4u);
  EXPECT_EQ(t.first_row_line, 4u);
  EXPECT_EQ(t.row_lines, (std::vector<uint32_t>{4, 6, 8, 10}));
  for (size_t r = 0; r < t.num_rows; ++r) EXPECT_EQ(t.LineOf(r), t.row_lines[r]);
  // Columns given in memory have no lines.
  EXPECT_EQ(Table{}.LineOf(0), 0u);
}

TEST(Csv, UnterminatedQuoteNamesWhereTheQuoteOpened) {
  Error e = ErrorOf("a,b\n1,2\n3,\"oops\n4,5\n");
  EXPECT_EQ(e.code(), "CSV_UNTERMINATED_QUOTE");
  EXPECT_EQ(e.line(), 3);
  EXPECT_EQ(e.column(), 2);
}

TEST(Csv, EmptyFileAndHeaderOnly) {
  EXPECT_EQ(ErrorOf("").code(), "CSV_EMPTY");
  EXPECT_EQ(ErrorOf(" \n\r\n").code(), "CSV_EMPTY");
  EXPECT_EQ(ErrorOf("a,b,c\n").code(), "CSV_NO_ROWS");
}

TEST(Csv, RefusesFilesOverTheLimit) {
  CsvOptions options;
  options.max_bytes = 10;
  try {
    ReadCsv("a,b\n1,2\n3,4\n5,6\n", options);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), "CSV_TOO_LARGE");
  }
}

}  // namespace
}  // namespace boostlab
