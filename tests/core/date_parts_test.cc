// Dates written as text, read as their parts (io/date_parts.h): the forms
// recognised, each part's value, and the errors that name the cell.

#include "io/date_parts.h"

#include <gtest/gtest.h>

#include <cmath>   // for isnan
#include <string>  // for string
#include <vector>  // for vector

#include "boostlab/booster.h"
#include "boostlab/dataset.h"
#include "boostlab/errors.h"
#include "boostlab/model.h"
#include "boostlab/table.h"

namespace boostlab {
namespace date_parts_test {

Table ReadWithDates(const std::string& csv, std::vector<std::string> names) {
  CsvOptions options;
  options.date_parts = std::move(names);
  return ReadCsv(csv, options);
}

std::vector<std::string> Names(const Table& t) {
  std::vector<std::string> out;
  for (const Column& c : t.columns) out.push_back(c.name);
  return out;
}

std::vector<float> Row(const Table& t, size_t row) {
  std::vector<float> out;
  for (const Column& c : t.columns) out.push_back(c.values.empty() ? -999.0f : c.values[row]);
  return out;
}

std::optional<DateForm> FormOf(const std::string& cells) {
  return DateFormOf(ReadCsv("d\n" + cells).columns[0]);
}

TEST(DateParts, FormsAreRecognisedOneOrderAColumn) {
  ASSERT_TRUE(FormOf("2021-08-05\n2021-8-6\n"));
  EXPECT_EQ(FormOf("2021-08-05\n")->order, DateOrder::kYearFirst);
  EXPECT_EQ(FormOf("2021/08/05 14:30\n")->has_time, true);
  EXPECT_EQ(FormOf("31.12.2020\n01.02.2021\n")->order, DateOrder::kDayFirst);
  EXPECT_EQ(FormOf("12/31/2020\n02/01/2021\n")->order, DateOrder::kMonthFirst);
  const std::optional<DateForm> either = FormOf("05/08/2021\n06/08/2021\n");
  ASSERT_TRUE(either);
  EXPECT_TRUE(either->ambiguous);
  EXPECT_EQ(either->order, DateOrder::kMonthFirst);  // as pandas reads it (dayfirst=False)
  EXPECT_TRUE(FormOf("2021-08-05T14:30:00Z\n2021-08-05T15:00:00.123+02:00\n2021-08-06 09:15\n"));
  // Not dates, or not of one form: no parts offered.
  EXPECT_FALSE(FormOf("2021-08-05\n05/08/2021\n"));      // year first and last
  EXPECT_FALSE(FormOf("13/01/2021\n01/13/2021\n"));      // a day above 12 in both places
  EXPECT_FALSE(FormOf("2021-02-29\n"));                  // not a leap year
  EXPECT_FALSE(FormOf("2021-08-05 25:00\n"));            // no 25th hour
  EXPECT_FALSE(FormOf("2021-08\n"));
  EXPECT_FALSE(FormOf("21-08-05\n"));                    // two-digit years are not read
  EXPECT_FALSE(FormOf("2021-08/05\n"));                  // two separators
  EXPECT_FALSE(FormOf("2021-08-05 lunch\n"));
  EXPECT_FALSE(FormOf("0000-01-01\n"));                  // no year 0
  EXPECT_TRUE(FormOf("2020-02-29\n2000-02-29\n"));
  EXPECT_FALSE(FormOf("1900-02-29\n"));                  // a century year, not leap
}

TEST(DateParts, EachPartAsPythonsDatetimeGivesIt) {
  // Expected values from Python: (d - date(1970, 1, 1)).days, d.weekday(), d.timetuple().tm_yday.
  const Table t = ReadWithDates("id,when,y\n1,2021-08-05,1\n2,1969-12-31,2\n3,2000-02-29,3\n4,1600-03-01,4\n5,2024-12-31,5\n6,0001-01-01,6\n7,,7\n",
                                {"when"});
  EXPECT_EQ(Names(t), (std::vector<std::string>{"id", "when_year", "when_month", "when_day", "when_weekday", "when_yearday", "when_days", "y"}));
  ASSERT_EQ(t.date_parts.size(), 1u);
  EXPECT_EQ(t.date_parts[0].name, "when");
  EXPECT_EQ(t.date_parts[0].order, "ymd");
  EXPECT_FALSE(t.date_parts[0].time);
  EXPECT_EQ(Row(t, 0), (std::vector<float>{1, 2021, 8, 5, 3, 217, 18844, 1}));
  EXPECT_EQ(Row(t, 1), (std::vector<float>{2, 1969, 12, 31, 2, 365, -1, 2}));
  EXPECT_EQ(Row(t, 2), (std::vector<float>{3, 2000, 2, 29, 1, 60, 11016, 3}));
  EXPECT_EQ(Row(t, 3), (std::vector<float>{4, 1600, 3, 1, 2, 61, -135080, 4}));
  EXPECT_EQ(Row(t, 4), (std::vector<float>{5, 2024, 12, 31, 1, 366, 20088, 5}));
  EXPECT_EQ(Row(t, 5), (std::vector<float>{6, 1, 1, 1, 0, 1, -719162, 6}));
  for (size_t c = 1; c <= 6; ++c) {
    EXPECT_TRUE(std::isnan(t.columns[c].values[6])) << t.columns[c].name;  // a missing date: every part missing
    EXPECT_EQ(t.columns[c].missing, 1);
  }
  ASSERT_FALSE(t.notes.empty());
  EXPECT_NE(t.notes.back().find("'when_weekday' (0 is Monday)"), std::string::npos) << t.notes.back();
}

TEST(DateParts, EveryDayOfThreeCenturiesFollowsTheOneBefore) {
  // Consecutive days: days up by one, the weekday round a week, the day of
  // the year back to 1 on each 1 January only, and 1970-01-01 day 0, a Thursday.
  std::string csv = "d\n";
  int y = 1799, m = 12, d = 25;
  const int kDaysIn[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  int rows = 0;
  while (y < 2101) {
    csv += std::to_string(y) + "-" + std::to_string(m) + "-" + std::to_string(d) + "\n";
    ++rows;
    const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    if (++d > kDaysIn[m - 1] + (m == 2 && leap)) d = 1, m = m == 12 ? (++y, 1) : m + 1;
  }
  const Table t = ReadWithDates(csv, {"d"});
  ASSERT_EQ(t.num_rows, static_cast<size_t>(rows));
  const auto& year = t.columns[0].values, &month = t.columns[1].values, &day = t.columns[2].values;
  const auto& weekday = t.columns[3].values, &yearday = t.columns[4].values, &days = t.columns[5].values;
  bool saw_epoch = false;
  for (size_t r = 1; r < t.num_rows; ++r) {
    ASSERT_EQ(days[r], days[r - 1] + 1) << r;
    ASSERT_EQ(weekday[r], std::fmod(weekday[r - 1] + 1, 7.0f)) << r;
    ASSERT_EQ(yearday[r] == 1, month[r] == 1 && day[r] == 1) << r;
    if (yearday[r] != 1) ASSERT_EQ(yearday[r], yearday[r - 1] + 1) << r;
    if (year[r] == 1970 && month[r] == 1 && day[r] == 1) {
      saw_epoch = true;
      EXPECT_EQ(days[r], 0);
      EXPECT_EQ(weekday[r], 3);
    }
  }
  EXPECT_TRUE(saw_epoch);
}

TEST(DateParts, TimesGiveTheHourAsWritten) {
  const Table t = ReadWithDates("t\n2021-08-05T14:30:00Z\n2021-08-05 23:59:59.5+05:30\n2021-08-06\n", {"t"});
  EXPECT_EQ(Names(t).back(), "t_hour");
  EXPECT_EQ(t.columns.back().values, (std::vector<float>{14, 23, 0}));  // a date alone: midnight
}

TEST(DateParts, DayFirstAndMonthFirstAsTheCellsSay) {
  const Table dmy = ReadWithDates("d\n31/12/2020\n01/02/2021\n", {"d"});
  EXPECT_EQ(Row(dmy, 1), (std::vector<float>{2021, 2, 1, 0, 32, 18659}));
  const Table mdy = ReadWithDates("d\n12/31/2020\n01/02/2021\n", {"d"});
  EXPECT_EQ(Row(mdy, 1), (std::vector<float>{2021, 1, 2, 5, 2, 18629}));
  const Table either = ReadWithDates("d\n01/02/2021\n", {"d"});
  EXPECT_NE(either.notes.back().find("read as month/day/year"), std::string::npos) << either.notes.back();
}

void ExpectError(const std::string& csv, const std::vector<std::string>& names, const std::string& code, const std::string& text,
                 long line = -1) {
  try {
    ReadWithDates(csv, names);
    FAIL() << "read without an error";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), code) << e.what();
    EXPECT_NE(std::string(e.what()).find(text), std::string::npos) << e.what();
    if (line >= 0) EXPECT_EQ(e.line(), line) << e.what();
  }
}

TEST(DateParts, ErrorsNameTheColumnAndTheCell) {
  ExpectError("date,y\n2021-01-01,1\n", {"dat"}, "BAD_OPTION", "(did you mean 'date'?)");
  ExpectError("n,y\n20210101,1\n", {"n"}, "CSV_NOT_DATES", "holds numbers");
  ExpectError("d,y\n2021-01-01,1\n2021-01-02,2\n\nsoon,3\n", {"d"}, "CSV_NOT_DATES", "line 5 holds 'soon'", 5);
  ExpectError("d,y\n2021-01-01,1\n2021-02-30,2\n", {"d"}, "CSV_NOT_DATES", "one order of day, month and year");
  ExpectError("d,d_year\n2021-01-01,1\n", {"d"}, "CSV_DATE_PART_TAKEN", "'d_year'");
  // Named twice: derived once.
  EXPECT_EQ(ReadWithDates("d\n2021-01-01\n", {"d", "d"}).columns.size(), 6u);
}

TEST(DateParts, AModelOfDatePartsSaysHowToReadItsFile) {
  const Table parts = ReadWithDates("d,y\n2021-01-01,1\n2021-03-02,2\n2021-05-07,3\n2021-06-09,4\n", {"d"});
  DatasetOptions options;
  options.target = "y";
  options.valid_fraction = 0;
  Params params;
  params.rounds = 1;
  params.min_child_weight = 0;
  const Dataset data = Dataset::FromTable(parts, options);
  Booster booster(data, params);
  booster.TrainOneRound();
  const Model model = booster.TakeModel();
  try {
    model.PredictTable(ReadCsv("d,y\n2021-01-01,1\n"));
    FAIL() << "predicted on a table without the parts";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), "UNKNOWN_COLUMN");
    EXPECT_NE(std::string(e.what()).find("read the file with dateParts: ['d']"), std::string::npos) << e.what();
  }
  try {
    model.PredictTable(ReadCsv("e,y\n2021-01-01,1\n"));  // no column d: no hint
    FAIL() << "predicted on a table without the parts";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()).find("dateParts"), std::string::npos) << e.what();
  }
  EXPECT_EQ(model.PredictTable(ReadWithDates("d,y\n2021-01-01,1\n", {"d"})).size(), 1u);
}

TEST(DateParts, TheOptionReadsFromJson) {
  EXPECT_EQ(ParseCsvOptions(R"({"dateParts":["a","b"]})").date_parts, (std::vector<std::string>{"a", "b"}));
  EXPECT_THROW(ParseCsvOptions(R"({"dateParts":"a"})"), Error);
  const std::string summary = TableSummaryJson(ReadCsv("d,e\n2021-01-01 10:00,x\n"));
  EXPECT_NE(summary.find(R"("dates":{"order":"ymd","time":true})"), std::string::npos) << summary;
  EXPECT_EQ(summary.find("\"dates\"", summary.find("\"name\":\"e\"")), std::string::npos) << summary;  // 'x' is no date
}

}  // namespace date_parts_test
}  // namespace boostlab
