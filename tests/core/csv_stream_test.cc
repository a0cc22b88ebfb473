// Reading a CSV a chunk at a time gives the table (or the error) that reading
// it whole gives, wherever the chunks are cut.
#include <gtest/gtest.h>

#include <algorithm>   // for min
#include <cstdlib>   // for strtod
#include <cstring>  // for memcmp
#include <functional>  // for function
#include <string>   // for string
#include <vector>   // for vector

#include "boostlab/errors.h"
#include "boostlab/table.h"
#include "test_files.h"

namespace boostlab {
namespace csv_stream_test {

Table ReadInChunks(std::string_view csv, const std::vector<size_t>& sizes, CsvOptions options = {}) {
  options.expected_bytes = csv.size();
  CsvReader reader(options);
  size_t at = 0;
  for (size_t i = 0; at < csv.size(); ++i) {
    const size_t n = std::min(sizes[i % sizes.size()], csv.size() - at);
    reader.Feed(csv.substr(at, n));
    at += n;
  }
  EXPECT_EQ(reader.bytes_fed(), csv.size());
  return reader.Finish();
}

// Equal to the bit, NaN included.
void ExpectSameTable(const Table& a, const Table& b, const std::string& what) {
  ASSERT_EQ(a.num_rows, b.num_rows) << what;
  ASSERT_EQ(a.columns.size(), b.columns.size()) << what;
  EXPECT_EQ(a.delimiter, b.delimiter) << what;
  EXPECT_EQ(a.encoding, b.encoding) << what;
  EXPECT_EQ(a.notes, b.notes) << what;
  EXPECT_EQ(a.first_row_line, b.first_row_line) << what;
  EXPECT_EQ(a.row_lines, b.row_lines) << what;
  for (size_t c = 0; c < a.columns.size(); ++c) {
    const Column &x = a.columns[c], &y = b.columns[c];
    EXPECT_EQ(x.name, y.name) << what;
    EXPECT_EQ(x.type, y.type) << what << " column " << x.name;
    EXPECT_EQ(x.missing, y.missing) << what << " column " << x.name;
    EXPECT_EQ(x.levels, y.levels) << what << " column " << x.name;
    EXPECT_EQ(x.codes, y.codes) << what << " column " << x.name;
    ASSERT_EQ(x.values.size(), y.values.size()) << what;
    if (!x.values.empty())  // (an empty vector's data() may be null, which memcmp must not get)
      EXPECT_EQ(0, std::memcmp(x.values.data(), y.values.data(), x.values.size() * sizeof(float))) << what << " column " << x.name;
  }
}

std::string ErrorText(const std::function<void()>& read) {
  try {
    read();
  } catch (const Error& e) {
    return e.code() + " " + e.what() + " @" + std::to_string(e.line()) + ":" + std::to_string(e.column());
  }
  return "no error";
}

// Small files with every hard case: quotes holding delimiters, newlines and
// doubled quotes, CRLF, a BOM, blank lines, text turning a column categorical,
// a Windows-1252 byte, a one-column file, a trailing record without newline.
const char* kTricky[] = {
    "name,v\n\"a, \"\"b\"\"\",1\n\"two\nlines\",2\r\n\"x\"\"\",3",
    "\xEF\xBB\xBF" "a;b;c\r\n1;2;3\r\n\r\n4;NA;x\r\n5;1e3;\"q\"\r\n",
    "city,n\nM\xFCnchen,1\nK\xF6ln,2\nM\xFCnchen,3\n",
    "v\n1\n\n2\n",
    "a,a,b\n1,2,x\n3,4,\"y\"\"z\"\n",
    "x,y\n0.1,2\n-0,3.25\n+7.,.5\n1e39,abc\n12345678901234567890,1\nword,2\n",
};

TEST(CsvStream, EveryCutOfSmallFilesGivesTheWholeFilesTable) {
  for (const char* csv : kTricky) {
    const Table whole = ReadCsv(csv);
    const std::string_view s(csv);
    for (size_t n = 1; n <= s.size(); ++n) ExpectSameTable(whole, ReadInChunks(s, {n}), "chunks of " + std::to_string(n));
    ExpectSameTable(whole, ReadInChunks(s, {1, 2, 3, 5, 7}), "uneven chunks");
  }
}

TEST(CsvStream, ErrorsNameTheSameLineWhereverTheChunksAreCut) {
  const char* bad[] = {
      "a,b\n1,2\n3\n",                      // ragged
      "a,b\n1,2\n\"3,4\n",                  // quote never closed
      "a\n1\n1e39\n",                       // out of float range
      "",                                   // empty
      " \n\r\n",                            // blank
      "a,b\n",                              // header only
  };
  for (const char* csv : bad) {
    const std::string_view s(csv);
    const std::string expected = ErrorText([&] { ReadCsv(s); });
    ASSERT_NE(expected, "no error") << csv;
    for (size_t n = 1; n <= s.size() + 1; ++n)
      EXPECT_EQ(ErrorText([&] { ReadInChunks(s, {n}); }), expected) << "chunks of " << n << " in: " << csv;
  }
}

TEST(CsvStream, RealFilesInChunksOfAnySizeReadAsWhole) {
  for (const char* name : {"diamonds.csv", "rank_train.csv", "spam.csv"}) {
    const std::string csv = test::ReadTestFile(std::string("data/") + name);
    ASSERT_GT(csv.size(), 100000u) << name;
    const Table whole = ReadCsv(csv);
    for (size_t n : {size_t{4093}, size_t{65536}, size_t{1} << 20})
      ExpectSameTable(whole, ReadInChunks(csv, {n}), std::string(name) + " in chunks of " + std::to_string(n));
  }
}

TEST(CsvStream, ARecordCutManyTimesIsReadInLinearTime) {
  // One quoted cell of 4 MB holding 2M newlines, fed a few bytes at a time:
  // re-reading the pending record from its start at each newline would take
  // minutes (the test's time limit catches it).
  std::string csv = "a,b\n\"";
  csv.append(2 << 20, '\n');
  csv += "\",1\n";
  const Table t = ReadInChunks(csv, {3});
  ASSERT_EQ(t.num_rows, 1u);
  EXPECT_EQ(t.columns[0].levels[0].size(), size_t{2} << 20);
}

TEST(CsvStream, ARecordThatNeverEndsStopsAtTheRecordLimitNamingItsLine) {
  CsvOptions options;
  options.max_record_bytes = 1000;
  for (const std::string tail : {std::string(100000, '\0'), "\"" + std::string(100000, 'x')}) {
    CsvReader reader(options);
    const std::string csv = "a,b\n1,2\n" + tail;
    try {
      for (size_t at = 0; at < csv.size(); at += 1000) reader.Feed(std::string_view(csv).substr(at, 1000));
      FAIL() << "no error";
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), "CSV_RECORD_TOO_LONG");
      EXPECT_EQ(e.line(), 3);
      EXPECT_NE(std::string(e.what()).find("Line 3: a record runs on past"), std::string::npos) << e.what();
    }
  }
}

TEST(CsvStream, TheSizeLimitStopsAtTheChunkThatPassesIt) {
  CsvOptions options;
  options.max_bytes = 100;
  CsvReader reader(options);
  reader.Feed(std::string(60, '1'));
  try {
    reader.Feed(std::string(60, '1'));
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), "CSV_TOO_LARGE");
  }
}

TEST(CsvStream, FastNumbersReadAsStrtodReadsThem) {
  // Numbers on the fast path (at most 19 digits, below 2^53, no exponent)
  // and past it: each the float strtod's double rounds to.
  std::string csv = "v\n";
  std::vector<std::string> cells = {"0.1", "0.3", "123456.789", "9007199254740993", "9007199254740992", "1.5e-3",
                                    "0.0000000000000000000001", "3.4028234e38", "-0.000123", "16777217", "0.30000001192092896"};
  for (int i = 0; i < 2000; ++i) cells.push_back(std::to_string(i * 7919 % 100003) + "." + std::to_string(i * 104729 % 1000003));
  for (const std::string& c : cells) csv += c + "\n";
  const Table t = ReadCsv(csv);
  ASSERT_EQ(t.columns[0].type, ColumnType::kNumeric);
  for (size_t i = 0; i < cells.size(); ++i) {
    const float expected = static_cast<float>(std::strtod(cells[i].c_str(), nullptr));
    EXPECT_EQ(0, std::memcmp(&t.columns[0].values[i], &expected, sizeof(float))) << cells[i];
  }
}

}  // namespace csv_stream_test
}  // namespace boostlab
