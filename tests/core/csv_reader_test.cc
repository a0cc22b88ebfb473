#include <gtest/gtest.h>

#include <algorithm>  // for find
#include <cmath>  // for isnan

#include "boostlab/errors.h"
#include "boostlab/table.h"

namespace boostlab {
namespace csv_reader_test {

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

// A spelled marker could have been meant as a value ('NA' for North America): the notes say which were
// read as missing, how often, where first; empty cells and the user's own markers go unsaid.
TEST(Csv, SpelledMissingMarkersAreSaidInTheNotes) {
  Table t = ReadCsv("x,y,z\n1,NA,\n2,?,a\n3,NA,NA\n");
  ASSERT_EQ(t.notes.size(), 1u);
  EXPECT_EQ(t.notes[0], "Read as missing, as pandas' read_csv does: '?' (1 cell in 'y', line 3); 'NA' (3 cells in 'y' and 'z'; first on line 2).");
  EXPECT_TRUE(ReadCsv("x,y\n1,\n2,3\n").notes.empty());
  CsvOptions own;
  own.missing_values = {"-999"};
  EXPECT_TRUE(ReadCsv("x,y\n1,-999\n2,3\n", own).notes.empty());
}

// A delimiter chosen by hand that is not the file's: one column, and a note that names the fix.
TEST(Csv, AForcedDelimiterThatSplitsNothingIsSaid) {
  CsvOptions semicolon;
  semicolon.delimiter = ';';
  Table t = ReadCsv("a,b,y\n1,2,0\n3,4,1\n", semicolon);
  ASSERT_EQ(t.columns.size(), 1u);
  ASSERT_EQ(t.notes.size(), 1u);
  EXPECT_EQ(t.notes[0], "Every row was read as one column: the delimiter chosen, semicolon, is not in the header, which holds commas. "
                        "Choose automatic (or comma) under Delimiter (readCSV: leave its delimiter option out).");
  EXPECT_TRUE(ReadCsv("a,b\n1,2\n").notes.empty());
}

// An ID past 2^24 (a float reads 123456789 as 123456792): kept as written beside the floats the model reads, said in
// the notes; a column whose whole numbers floats hold keeps no copy; a text cell later makes levels of the IDs as written.
TEST(Csv, WholeNumbersPastAFloatAreKeptAsWritten) {
  Table t = ReadCsv("id,x,y\n7,0.5,0\n123456789,1,1\n,2,0\n20240101000,3,1\n");
  const Column& id = t.columns[0];
  ASSERT_EQ(id.type, ColumnType::kNumeric);
  ASSERT_EQ(id.exact.size(), 4u);
  EXPECT_EQ(id.exact[0], 7.0);
  EXPECT_EQ(id.exact[1], 123456789.0);
  EXPECT_TRUE(std::isnan(id.exact[2]));
  EXPECT_EQ(id.exact[3], 20240101000.0);
  EXPECT_EQ(id.values[1], 123456792.0f);  // the model's, as XGBoost's
  EXPECT_TRUE(t.columns[1].exact.empty());
  EXPECT_TRUE(t.columns[2].exact.empty());
  ASSERT_EQ(t.notes.size(), 1u);
  EXPECT_NE(t.notes[0].find("Column 'id' holds whole numbers past 16,777,216 (2^24)"), std::string::npos) << t.notes[0];
  EXPECT_NE(t.notes[0].find("(123456789 is 123456792 to a model)"), std::string::npos) << t.notes[0];
  EXPECT_TRUE(ReadCsv("id,y\n16777216,0\n5,1\n").columns[0].exact.empty());
  EXPECT_EQ(t.notes[0].find("2^53"), std::string::npos) << "no word of what does not happen";
  // Past 2^53 not even the copy holds them: said.
  const Table longer = ReadCsv("id,y\n12345678901234567,0\n5,1\n");
  ASSERT_EQ(longer.notes.size(), 1u);
  EXPECT_NE(longer.notes[0].find("past 9,007,199,254,740,992 (2^53, 16 digits)"), std::string::npos) << longer.notes[0];
  Table text = ReadCsv("id,y\n123456789,0\nx12,1\n123456791,0\n");
  ASSERT_EQ(text.columns[0].type, ColumnType::kCategorical);
  EXPECT_EQ(text.columns[0].levels, (std::vector<std::string>{"123456789", "123456791", "x12"}));
}

// A header of numbers: most likely a file with no header, its first row taken for the names; said. A header with a
// word, or one column, is not.
TEST(Csv, AHeaderOfNumbersIsSaid) {
  Table t = ReadCsv("1,2,0\n3,4,1\n5,6,0\n");
  ASSERT_EQ(t.notes.size(), 1u);
  EXPECT_EQ(t.notes[0], "Every name in the header (line 1: 1,2,0) is a number: if the file has no header, its first row was taken "
                        "for the column names and is not a row; add a line of names at the top.");
  EXPECT_TRUE(ReadCsv("1,x,0\n3,4,1\n").notes.empty());
  EXPECT_TRUE(ReadCsv("2020\n3\n").notes.empty());
}

// Excel's "sep=;" first line: it names the delimiter and is no row; line numbers stay the file's.
TEST(Csv, ExcelsSepLineNamesTheDelimiter) {
  for (const char* csv : {"sep=;\na;b;y\n1,5;2;3\n4;5;6\n", "\xEF\xBB\xBFsep=;\r\na;b;y\r\n1,5;2;3\r\n4;5;6\r\n"}) {
    Table t = ReadCsv(csv);
    ASSERT_EQ(t.columns.size(), 3u) << csv;
    EXPECT_EQ(t.columns[0].name, "a");
    EXPECT_EQ(t.delimiter, ';');
    EXPECT_EQ(t.num_rows, 2u);
    EXPECT_EQ(t.first_row_line, 3u);
    // (1,5 is a decimal comma: its own note.)
    EXPECT_NE(std::find(t.notes.begin(), t.notes.end(), "The first line, sep=;, names the delimiter (as Excel writes it): read so; the header is line 2."),
              t.notes.end()) << t.notes.size();
    EXPECT_FLOAT_EQ(t.columns[0].values[0], 1.5f);
  }
  // A ragged row is named by its line in the file.
  EXPECT_EQ(ErrorOf("sep=,\na,b\n1,2\n3\n").line(), 4);
  // A delimiter chosen by hand wins; the line is still not data.
  CsvOptions tab;
  tab.delimiter = '\t';
  Table t = ReadCsv("sep=;\na\tb\n1\t2\n", tab);
  EXPECT_EQ(t.columns.size(), 2u);
  EXPECT_EQ(t.notes[0], "The first line, sep=;, names the delimiter (as Excel writes it): the delimiter chosen was used instead; the header is line 2.");
  // A column named sep=x with more after it is a header like any other.
  EXPECT_EQ(ReadCsv("sep=x,b\n1,2\n").columns[0].name, "sep=x");
}

// What pandas' read_csv takes for missing (Excel's #N/A, n/a, None, <NA>) leaves a column of numbers numeric;
// a longer word, or one that only starts like a marker, is text.
TEST(Csv, SpreadsheetAndPandasMissingMarkersAreMissing) {
  Table t = ReadCsv("x,y,z\n1,#N/A,a\n2,n/a,None\n3,None,b\n4,<NA>,#N/A\n5,#N/A N/A,c\n6,7.5,n/a2\n");
  EXPECT_EQ(t.columns[1].type, ColumnType::kNumeric);
  EXPECT_EQ(t.columns[1].missing, 5);
  EXPECT_EQ(t.columns[1].values[5], 7.5f);
  EXPECT_EQ(t.columns[2].type, ColumnType::kCategorical);
  EXPECT_EQ(t.columns[2].missing, 2);
  EXPECT_EQ(t.columns[2].levels, (std::vector<std::string>{"a", "b", "c", "n/a2"}));
}

TEST(Csv, ColumnTurnsCategoricalAtFirstTextAndRemembersWhere) {
  Table t = ReadCsv("v\n1\n2\nabc\n1\n");
  const Column& c = t.columns[0];
  EXPECT_EQ(c.type, ColumnType::kCategorical);
  EXPECT_EQ(c.first_text_line, 4);
  EXPECT_EQ(c.first_text_row, 2);
  EXPECT_EQ(c.first_text, "abc");
  EXPECT_EQ(c.levels, (std::vector<std::string>{"1", "2", "abc"}));
  EXPECT_EQ(c.codes, (std::vector<int32_t>{0, 1, 2, 0}));
}

// Spreadsheet exports write numbers for people. A comma-separated file
// quotes "4,602" (thousands); a semicolon-separated one writes 10,9155
// (decimal comma) and may group thousands with dots (1.000 is 1000). Such
// columns are numbers, and the notes say how they were read.
TEST(Csv, NumbersWithThousandsSeparatorsOrADecimalCommaAreNumbers) {
  Table t = ReadCsv("id,price,y\n1,\"4,602\",1.5\n2,602,2.5\n3,\"12,345.5\",3\n4,NA,4\n5,\"1,000\",5\n6,\"-7\",6\n");
  const Column& price = t.columns[1];
  ASSERT_EQ(price.type, ColumnType::kNumeric);
  EXPECT_EQ(price.values[0], 4602.0f);
  EXPECT_EQ(price.values[1], 602.0f);
  EXPECT_EQ(price.values[2], 12345.5f);
  EXPECT_TRUE(std::isnan(price.values[3]));
  EXPECT_EQ(price.missing, 1);
  EXPECT_EQ(price.values[4], 1000.0f);
  EXPECT_EQ(price.values[5], -7.0f);
  ASSERT_EQ(t.notes.size(), 2u);
  EXPECT_EQ(t.notes[0], "Column 'price' holds numbers written with thousands separators: read as numbers ('4,602' on line 2 is 4602).");
  EXPECT_EQ(t.notes[1].rfind("Read as missing", 0), 0u) << t.notes[1];

  Table semi = ReadCsv("x;y;price\n1,5;10,9155;4.602\n2,25;3;602\n-0,5;1,234;1.000\n4;NA;2\n");
  EXPECT_EQ(semi.delimiter, ';');
  ASSERT_EQ(semi.columns[0].type, ColumnType::kNumeric);
  EXPECT_EQ(semi.columns[0].values, (std::vector<float>{1.5f, 2.25f, -0.5f, 4}));
  ASSERT_EQ(semi.columns[1].type, ColumnType::kNumeric);
  EXPECT_EQ(semi.columns[1].values[0], 10.9155f);
  EXPECT_EQ(semi.columns[1].values[2], 1.234f);  // a decimal comma here: the file is not comma-separated
  // (price's 4.602 stayed a plain number: every cell of it read as one, and nothing in the column says otherwise.)
  EXPECT_EQ(semi.columns[2].type, ColumnType::kNumeric);
  ASSERT_GE(semi.notes.size(), 2u);
  EXPECT_EQ(semi.notes[0], "Column 'x' holds numbers written with a decimal comma: read as numbers ('1,5' on line 2 is 1.5).");
  EXPECT_EQ(semi.notes[1], "Column 'y' holds numbers written with a decimal comma: read as numbers ('10,9155' on line 2 is 10.9155).");
  ASSERT_EQ(semi.notes.size(), 4u);  // and price's dots, which may group thousands here; then y's NA
  EXPECT_EQ(semi.notes[3], "Read as missing, as pandas' read_csv does: 'NA' (1 cell in 'y', line 5).");
  EXPECT_EQ(semi.notes[2], "Column 'price' has numbers written with a dot, such as 4.602, where this file writes decimals with a comma "
                           "(column 'x'): if its dot groups thousands (4.602 for 4602), it was misread; its cells were read as written.");
  // Not when the column's decimals are not three (a plain measurement), nor in a file with no decimal comma.
  EXPECT_EQ(ReadCsv("x;m\n1,5;4.6\n2,5;3.25\n").notes.size(), 1u);
  EXPECT_EQ(ReadCsv("x;m\n1;4.602\n2;3\n").notes.size(), 0u);

  // "1,234" alone fits both: a comma-separated file's quotes mean thousands, a semicolon file's comma the decimal point.
  EXPECT_EQ(ReadCsv("a,b\n\"1,234\",1\n5,2\n").columns[0].values[0], 1234.0f);
  Table ambiguous = ReadCsv("a;b\n1,234;1\n5;2\n");
  EXPECT_EQ(ambiguous.columns[0].values[0], 1.234f);
  EXPECT_NE(ambiguous.notes[0].find("the comma taken as the decimal point as in a semicolon-separated file"), std::string::npos);
  // Dots grouping thousands under a decimal comma.
  EXPECT_EQ(ReadCsv("a;b\n1.234,5;1\n12;2\n").columns[0].values[0], 1234.5f);
}

// Currency and percent signs, as spreadsheets write them: the number as written (96% is 96).
TEST(Csv, NumbersWithACurrencyOrPercentSignAreNumbers) {
  Table t = ReadCsv("price,rate,y\n\"$4,602\",96%,1\n$602,100%,2\n$7.5,12.5 %,3\nNA,,4\n");
  ASSERT_EQ(t.columns[0].type, ColumnType::kNumeric);
  EXPECT_EQ(t.columns[0].values[0], 4602.0f);
  EXPECT_EQ(t.columns[0].values[2], 7.5f);
  EXPECT_TRUE(std::isnan(t.columns[0].values[3]));
  ASSERT_EQ(t.columns[1].type, ColumnType::kNumeric);
  EXPECT_EQ(t.columns[1].values[0], 96.0f);
  EXPECT_EQ(t.columns[1].values[2], 12.5f);
  EXPECT_TRUE(std::isnan(t.columns[1].values[3]));
  ASSERT_EQ(t.notes.size(), 3u);
  EXPECT_EQ(t.notes[2], "Read as missing, as pandas' read_csv does: 'NA' (1 cell in 'price', line 5).");
  EXPECT_EQ(t.notes[0], "Column 'price' holds numbers written with a currency sign ($) and thousands separators: read as numbers "
                        "('$4,602' on line 2 is 4602).");
  EXPECT_EQ(t.notes[1], "Column 'rate' holds numbers written with a percent sign: read as numbers ('96%' on line 2 is 96).");
  Table euro = ReadCsv("a;b\n12,50 \xE2\x82\xAC;1\n3 \xE2\x82\xAC;2\n");
  ASSERT_EQ(euro.columns[0].type, ColumnType::kNumeric);
  EXPECT_EQ(euro.columns[0].values[0], 12.5f);
  // No comma in the column, but decimal commas elsewhere in the file: its dots group thousands.
  Table mixed = ReadCsv("x;price\n1,5;\xE2\x82\xAC 2.167\n2,5;\xE2\x82\xAC 12.539\n");
  EXPECT_TRUE(mixed.decimal_comma);
  EXPECT_EQ(mixed.columns[1].values[0], 2167.0f);
  EXPECT_EQ(mixed.columns[1].values[1], 12539.0f);
  ASSERT_EQ(mixed.notes.size(), 2u);
  EXPECT_NE(mixed.notes[1].find("2167), the dot taken as a thousands separator as this file's decimal commas say."), std::string::npos) << mixed.notes[1];
  EXPECT_FALSE(t.decimal_comma);
  // Percents with no dot in such a file: nothing said of dots (a reviewer's '96%' was said to have one taken so).
  Table percents = ReadCsv("x;rate\n1,5;96%\n2,5;50%\n");
  ASSERT_EQ(percents.notes.size(), 2u);
  EXPECT_EQ(percents.notes[1], "Column 'rate' holds numbers written with a percent sign: read as numbers ('96%' on line 2 is 96).");
  // A sign alone, or on a word, is text.
  EXPECT_EQ(ReadCsv("a,b\n$,1\n5,2\n").columns[0].type, ColumnType::kCategorical);
  EXPECT_EQ(ReadCsv("a,b\nGrade A%,1\n5%,2\n").columns[0].type, ColumnType::kCategorical);
}

// Text stays text: a word among them, groups not of three, both conventions
// in one column, a comma in a plain word.
TEST(Csv, TextThatOnlyLooksLikeGroupedNumbersStaysText) {
  for (const char* csv : {"a,b\n\"1,234\",1\n\"x,1\",2\n4,3\n",        // a word
                          "a,b\n\"1,23,4\",1\n5,2\n",                  // groups of two
                          "a,b\n\"12,5\",1\n\"1,234.5\",2\n",          // decimal comma beside thousands commas
                          "a;b\n1,5;1\n4.5;2\n",                       // decimal comma beside a decimal point
                          "a,b\n\"Smith, J\",1\n\"Doe, A\",2\n",       // names
                          "a,b\n\"1,\",1\n\",5\",2\n"}) {              // a comma with no digits on one side
    Table t = ReadCsv(csv);
    EXPECT_EQ(t.columns[0].type, ColumnType::kCategorical) << csv;
    EXPECT_TRUE(t.notes.empty()) << csv;
  }
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

// A workbook, an image or an archive dropped by mistake is named, not read as rows of noise;
// a CSV with a stray NUL in a cell still reads.
TEST(Csv, FilesThatAreNotTextSayWhatTheyAre) {
  const std::string png = std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16) + std::string(200, 'x') + "\n,,\n";
  Error e = ErrorOf(png);
  EXPECT_EQ(e.code(), "CSV_NOT_TEXT");
  EXPECT_NE(std::string(e.what()).find("This file is a PNG image, not a CSV"), std::string::npos) << e.what();
  Error xlsx = ErrorOf(std::string("PK\x03\x04\x14\0\x06\0", 8) + "[Content_Types].xml,a\n1,2\n");
  EXPECT_NE(std::string(xlsx.what()).find("an Excel .xlsx or OpenDocument .ods workbook is one"), std::string::npos) << xlsx.what();
  EXPECT_NE(std::string(xlsx.what()).find("CSV UTF-8"), std::string::npos) << xlsx.what();
  // UTF-16 without its byte-order mark: every other byte NUL.
  std::string utf16;
  for (char c : std::string("a,b\n1,2\n3,4\n")) utf16 += std::string{c, '\0'};
  Error nul = ErrorOf(utf16);
  EXPECT_EQ(nul.code(), "CSV_NOT_TEXT");
  EXPECT_NE(std::string(nul.what()).find("its first line holds 3 NUL bytes"), std::string::npos) << nul.what();
  // With its mark it is decoded, as before.
  EXPECT_EQ(ReadCsv("\xFF\xFE" + utf16).num_rows, 2u);
  Table stray = ReadCsv(std::string("a,b\n1,x\0y\n2,z\n3,w\n", 18));
  EXPECT_EQ(stray.num_rows, 3u);
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

// The user's own missing markers (pandas' na_values): a word among numbers,
// a sentinel that spells a number; matched whole, spaces around trimmed.
TEST(Csv, MissingValuesTheUserNamesAreMissing) {
  const std::string csv = "a,b,c\n1,x,-999\n n.a. ,y,5\n3,n.a.,-999.0\n4,z,n.a.x\n";
  const Table plain = ReadCsv(csv);
  EXPECT_EQ(plain.columns[0].type, ColumnType::kCategorical);  // 'n.a.' is text to the default markers
  CsvOptions o = ParseCsvOptions(R"({"missingValues": ["n.a.", " -999 "]})");
  ASSERT_EQ(o.missing_values.size(), 2u);
  const Table t = ReadCsv(csv, o);
  ASSERT_EQ(t.columns[0].type, ColumnType::kNumeric);
  EXPECT_EQ(t.columns[0].missing, 1u);
  EXPECT_TRUE(std::isnan(t.columns[0].values[1]));
  EXPECT_EQ(t.columns[0].values[2], 3);
  EXPECT_EQ(t.columns[1].missing, 1u);  // a text column too
  EXPECT_EQ(t.columns[1].levels, (std::vector<std::string>{"x", "y", "z"}));
  // '-999' as written is missing; '-999.0' is another spelling, kept as a number (as pandas' string match).
  ASSERT_EQ(t.columns[2].type, ColumnType::kCategorical);  // 'n.a.x' is not the marker
  EXPECT_EQ(t.columns[2].missing, 1u);
  EXPECT_EQ(t.missing_values, o.missing_values);
  EXPECT_NE(TableSummaryJson(t).find(R"("missingValues":["n.a."," -999 "])"), std::string::npos) << TableSummaryJson(t);
  EXPECT_EQ(TableSummaryJson(plain).find("missingValues"), std::string::npos);
  for (const char* bad : {R"({"missingValues": "n.a."})", R"({"missingValues": [1]})"})
    EXPECT_THROW(ParseCsvOptions(bad), Error) << bad;
  std::string too_many = R"({"missingValues": [)";
  for (int i = 0; i <= 1000; ++i) too_many += (i ? ",\"" : "\"") + std::to_string(i) + "\"";
  EXPECT_THROW(ParseCsvOptions(too_many + "]}"), Error);
  EXPECT_THROW(ParseCsvOptions(R"({"missingValues": [")" + std::string(257, 'x') + "\"]}"), Error);
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

}  // namespace csv_reader_test
}  // namespace boostlab
