// Delimiter and encoding detection, and repeated header names: a semicolon-
// or tab-separated file loaded as one column, Latin-1 bytes went through
// as invalid UTF-8, and two columns could share a name.

#include <gtest/gtest.h>

#include <string>  // for string

#include "boostlab/errors.h"
#include "boostlab/table.h"
#include "io/csv_dialect.h"

namespace boostlab {
namespace csv_dialect_test {

std::vector<std::string> Names(const Table& t) {
  std::vector<std::string> out;
  for (const Column& c : t.columns) out.push_back(c.name);
  return out;
}

TEST(CsvDialect, TheDelimiterIsDetectedFromTheFirstLines) {
  EXPECT_EQ(ReadCsv("a;b;c\n1;2;x\n3;4;y\n").delimiter, ';');
  EXPECT_EQ(Names(ReadCsv("a;b;c\n1;2;x\n3;4;y\n")), (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(ReadCsv("a\tb\n1\t2\n").delimiter, '\t');
  EXPECT_EQ(ReadCsv("a|b|c\n1|2|3").delimiter, '|');
  EXPECT_EQ(ReadCsv("a,b\n1,2\n").delimiter, ',');
  // Delimiters inside quotes do not count, nor those in the data only.
  const Table quoted = ReadCsv("name;note\n\"Smith, J\";\"a;b\"\nDoe;c\n");
  EXPECT_EQ(quoted.delimiter, ';');
  EXPECT_EQ(quoted.columns[0].levels, (std::vector<std::string>{"Doe", "Smith, J"}));
  EXPECT_EQ(ReadCsv("a,b\n1,x;y\n2,z;w\n").delimiter, ',');
  // One column: nothing splits the header, and it stays whole.
  const Table one = ReadCsv("a\n1\n2\n");
  EXPECT_EQ(one.delimiter, ',');
  EXPECT_EQ(one.columns.size(), 1u);
  // The header agreeing with the most lines wins: commas in a text column do not.
  EXPECT_EQ(ReadCsv("id;text\n1;hello, world\n2;no comma\n3;one, two, three\n").delimiter, ';');
}

TEST(CsvDialect, AGivenDelimiterIsUsedAsGiven) {
  CsvOptions comma;
  comma.delimiter = ',';
  const Table t = ReadCsv("a;b\n1;2\n", comma);
  EXPECT_EQ(Names(t), (std::vector<std::string>{"a;b"}));
  EXPECT_EQ(ParseCsvOptions(R"({"delimiter":"\t"})").delimiter, '\t');
  EXPECT_EQ(ParseCsvOptions(R"({"delimiter":"auto","encoding":"windows-1252"})").delimiter, 0);
  EXPECT_THROW(ParseCsvOptions(R"({"delimiter":";;"})"), Error);
  EXPECT_THROW(ParseCsvOptions(R"({"delimiter":"\""})"), Error);
  EXPECT_THROW(ParseCsvOptions(R"({"colour":"red"})"), Error);
  CsvOptions latin9;
  latin9.encoding = "latin9";
  EXPECT_THROW(ReadCsv("a\n1\n", latin9), Error);
}

TEST(CsvDialect, BytesThatAreNotUtf8AreReadAsWindows1252AndSaidSo) {
  const Table t = ReadCsv("name,city\nx,M\xFCnchen\ny,\x80 5\n");
  EXPECT_EQ(t.encoding, "windows-1252");
  EXPECT_EQ(t.columns[1].levels, (std::vector<std::string>{"M\xC3\xBCnchen", "\xE2\x82\xAC 5"}));  // München, € 5
  ASSERT_EQ(t.notes.size(), 1u);
  EXPECT_NE(t.notes[0].find("not valid UTF-8"), std::string::npos);
  const Table utf8 = ReadCsv("name,city\nx,M\xC3\xBCnchen\n");
  EXPECT_EQ(utf8.encoding, "utf-8");
  EXPECT_TRUE(utf8.notes.empty());
  EXPECT_EQ(utf8.columns[1].levels[0], "M\xC3\xBCnchen");
}

// The text as UTF-16 code units, with its byte-order mark.
std::string Utf16(std::u16string_view text, bool little) {
  std::string out = little ? "\xFF\xFE" : "\xFE\xFF";
  for (char16_t u : text) {
    const char lo = static_cast<char>(u & 0xFF), hi = static_cast<char>(u >> 8);
    out += little ? std::string{lo, hi} : std::string{hi, lo};
  }
  return out;
}

Table ReadInChunks(std::string_view bytes, size_t chunk) {
  CsvReader reader;
  for (size_t i = 0; i < bytes.size(); i += chunk) reader.Feed(bytes.substr(i, chunk));
  return reader.Finish();
}

// Excel's "Unicode Text" (UTF-16LE, tabs) was read byte by byte: every other
// byte a NUL, one field a line, "Line 31 has 1 fields" or garbage names.
TEST(CsvDialect, Utf16WithItsByteOrderMarkIsDecodedAndSaidSo) {
  // München, a grinning face (a surrogate pair: U+1F600), a number.
  const std::u16string text = u"name\tcity\tn\nx\tM\u00FCnchen\t1.5\ny\t\U0001F600\t-2\n";
  const Table want = ReadCsv("name\tcity\tn\nx\tM\xC3\xBCnchen\t1.5\ny\t\xF0\x9F\x98\x80\t-2\n");
  for (const bool little : {true, false})
    for (const size_t chunk : {size_t{1}, size_t{3}, size_t{7}, size_t{1} << 20}) {
      const std::string what = std::string(little ? "little" : "big") + "-endian, chunks of " + std::to_string(chunk);
      const Table t = ReadInChunks(Utf16(text, little), chunk);
      EXPECT_EQ(t.encoding, little ? "utf-16le" : "utf-16be") << what;
      EXPECT_EQ(t.delimiter, '\t') << what;
      EXPECT_EQ(Names(t), Names(want)) << what;
      ASSERT_EQ(t.num_rows, 2u) << what;
      EXPECT_EQ(t.columns[1].levels, want.columns[1].levels) << what;
      EXPECT_EQ(t.columns[2].values, want.columns[2].values) << what;
      ASSERT_EQ(t.notes.size(), 1u) << what;
      EXPECT_NE(t.notes[0].find("UTF-16"), std::string::npos) << t.notes[0];
    }
  // A lone surrogate (a cut file, say) becomes U+FFFD, not bad UTF-8.
  const Table lone = ReadCsv(Utf16(u"a\n\xD83D\n", true));
  EXPECT_EQ(lone.columns[0].levels, (std::vector<std::string>{"\xEF\xBF\xBD"}));
  // An odd last byte too.
  const Table odd = ReadCsv(Utf16(u"a\nb\n", true) + "x");
  EXPECT_EQ(odd.columns[0].levels, (std::vector<std::string>{"b", "\xEF\xBF\xBD"}));
  // Said to be UTF-8, the bytes are taken as they are.
  CsvOptions utf8;
  utf8.encoding = "utf-8";
  EXPECT_EQ(ReadCsv(Utf16(u"a\n1\n", true), utf8).encoding, "utf-8");
}

TEST(CsvDialect, Utf8IsCheckedStrictly) {
  EXPECT_TRUE(IsValidUtf8("plain"));
  EXPECT_TRUE(IsValidUtf8("\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"));
  EXPECT_FALSE(IsValidUtf8("\xC3"));              // cut short
  EXPECT_FALSE(IsValidUtf8("\xC0\xAF"));          // overlong
  EXPECT_FALSE(IsValidUtf8("\xED\xA0\x80"));      // a surrogate
  EXPECT_FALSE(IsValidUtf8("\xF4\x90\x80\x80"));  // past U+10FFFF
  EXPECT_FALSE(IsValidUtf8("caf\xE9"));           // Latin-1
}

TEST(CsvDialect, RepeatedHeaderNamesAreNumberedAsPandasDoes) {
  const Table t = ReadCsv("a,a,b,a,a.1\n1,2,3,4,5\n");
  EXPECT_EQ(Names(t), (std::vector<std::string>{"a", "a.1", "b", "a.2", "a.1.1"}));
  ASSERT_EQ(t.notes.size(), 1u);
  EXPECT_NE(t.notes[0].find("'a' (column 2) is 'a.1'"), std::string::npos) << t.notes[0];
  EXPECT_EQ(t.columns[1].values[0], 2.0f);
  EXPECT_EQ(t.ColumnIndex("a.2"), 3u);
}

}  // namespace csv_dialect_test
}  // namespace boostlab
