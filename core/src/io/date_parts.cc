#include "io/date_parts.h"

#include <algorithm>  // for any_of
#include <cmath>    // for NAN
#include <cstdint>  // for int64_t
#include <string_view>  // for string_view

#include "boostlab/errors.h"
#include "util/closest_name.h"
#include "util/quote.h"

namespace boostlab {
namespace {

// One cell's numbers as written: a, b, c in the order of the text.
struct DateCell {
  int a = 0, b = 0, c = 0;
  bool year_first = false;  // a is a four-digit year (else c is)
  int hour = -1;            // -1: no time
};

bool IsDigit(char ch) { return ch >= '0' && ch <= '9'; }

// Reads 1..most digits at s[*at]; false if there are none or more.
bool ReadNumber(std::string_view s, size_t* at, size_t least, size_t most, int* value) {
  size_t n = 0;
  int v = 0;
  while (*at + n < s.size() && IsDigit(s[*at + n])) {
    if (++n > most) return false;
    v = v * 10 + (s[*at + n - 1] - '0');
  }
  if (n < least) return false;
  *at += n;
  *value = v;
  return true;
}

bool Take(std::string_view s, size_t* at, char ch) {
  if (*at < s.size() && s[*at] == ch) return ++*at, true;
  return false;
}

// The time after a date: [ T]H[H]:MM[:SS[.fff]], then Z or an offset
// (+HH:MM, +HHMM, -HH), which is read past: the parts are the clock as written.
bool ReadTime(std::string_view s, size_t* at, int* hour) {
  if (!Take(s, at, ' ') && !Take(s, at, 'T')) return false;
  int minute = 0, second = 0, offset = 0;
  if (!ReadNumber(s, at, 1, 2, hour) || !Take(s, at, ':') || !ReadNumber(s, at, 2, 2, &minute)) return false;
  if (Take(s, at, ':')) {
    if (!ReadNumber(s, at, 2, 2, &second)) return false;
    if (Take(s, at, '.') && !ReadNumber(s, at, 1, 9, &offset)) return false;
  }
  if (!Take(s, at, 'Z') && *at < s.size() && (s[*at] == '+' || s[*at] == '-')) {
    ++*at;
    if (!ReadNumber(s, at, 2, 2, &offset)) return false;
    Take(s, at, ':');
    if (*at < s.size() && !ReadNumber(s, at, 2, 2, &offset)) return false;
  }
  return *hour <= 23 && minute <= 59 && second <= 60;
}

// The cell's numbers if it is written as a date (its calendar not yet checked).
std::optional<DateCell> ReadCell(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  DateCell cell;
  size_t at = 0;
  if (!ReadNumber(s, &at, 1, 4, &cell.a)) return std::nullopt;
  const size_t first_digits = at;
  cell.year_first = first_digits == 4;
  if (first_digits == 3 || at >= s.size() || (s[at] != '-' && s[at] != '/' && s[at] != '.')) return std::nullopt;
  const char sep = s[at++];
  if (!ReadNumber(s, &at, 1, 2, &cell.b) || !Take(s, &at, sep)) return std::nullopt;
  const size_t third_start = at;
  if (!ReadNumber(s, &at, 1, 4, &cell.c)) return std::nullopt;
  const size_t third_digits = at - third_start;
  // 2021-8-5 or 5/8/2021: the year's four digits first or last, the other two numbers one or two digits.
  if (cell.year_first ? third_digits > 2 : third_digits != 4) return std::nullopt;
  if (at < s.size() && !ReadTime(s, &at, &cell.hour)) return std::nullopt;
  if (at != s.size()) return std::nullopt;
  return cell;
}

// Days from 1970-01-01 to y-m-d in the proleptic Gregorian calendar
// (negative before): whole 400-year eras of 146,097 days, then the day of the
// era counted in years that start on 1 March, so the leap day falls last.
int64_t DaysFromCivil(int64_t y, int m, int d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const int64_t year_of_era = y - era * 400;                              // 0..399
  const int64_t day_of_year = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;  // 0..365, from 1 March
  const int64_t day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
  return era * 146097 + day_of_era - 719468;  // 719,468: days from 0000-03-01 to 1970-01-01
}

bool IsLeap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

int DaysInMonth(int y, int m) {
  static const int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return m == 2 && IsLeap(y) ? 29 : kDays[m - 1];
}

struct YearMonthDay {
  int year, month, day;
};

YearMonthDay InOrder(const DateCell& cell, DateOrder order) {
  if (order == DateOrder::kYearFirst) return {cell.a, cell.b, cell.c};
  if (order == DateOrder::kDayFirst) return {cell.c, cell.b, cell.a};
  return {cell.c, cell.a, cell.b};
}

bool IsCalendarDate(const YearMonthDay& d) {
  return d.year >= 1 && d.month >= 1 && d.month <= 12 && d.day >= 1 && d.day <= DaysInMonth(d.year, d.month);
}

const char* OrderText(DateOrder order) {
  return order == DateOrder::kYearFirst ? "year-month-day" : order == DateOrder::kDayFirst ? "day/month/year" : "month/day/year";
}

}  // namespace

const char* OrderCode(DateOrder order) {
  return order == DateOrder::kYearFirst ? "ymd" : order == DateOrder::kDayFirst ? "dmy" : "mdy";
}

std::optional<DateOrder> OrderOfCode(std::string_view code) {
  if (code == "ymd") return DateOrder::kYearFirst;
  if (code == "dmy") return DateOrder::kDayFirst;
  if (code == "mdy") return DateOrder::kMonthFirst;
  return std::nullopt;
}

std::optional<DateForm> DateFormOf(const Column& col) {
  if (col.type != ColumnType::kCategorical || col.levels.empty()) return std::nullopt;
  std::vector<DateCell> cells;
  cells.reserve(col.levels.size());
  bool a_above_12 = false, b_above_12 = false;
  DateForm form;
  for (const std::string& level : col.levels) {
    const std::optional<DateCell> cell = ReadCell(level);
    if (!cell || (!cells.empty() && cell->year_first != cells.front().year_first)) return std::nullopt;
    a_above_12 |= cell->a > 12;
    b_above_12 |= cell->b > 12;
    form.has_time |= cell->hour >= 0;
    cells.push_back(*cell);
  }
  if (cells.front().year_first) {
    form.order = DateOrder::kYearFirst;
  } else if (a_above_12 && b_above_12) {
    return std::nullopt;  // a day above 12 in both places: not one order
  } else {
    form.order = b_above_12 ? DateOrder::kMonthFirst : DateOrder::kDayFirst;
    if (!a_above_12 && !b_above_12) form.order = DateOrder::kMonthFirst, form.ambiguous = true;
  }
  for (const DateCell& cell : cells)
    if (!IsCalendarDate(InOrder(cell, form.order))) return std::nullopt;
  return form;
}

std::vector<std::string> DatePartNames(const std::string& name, const DateForm& form) {
  std::vector<std::string> names;
  for (const char* part : {"year", "month", "day", "weekday", "yearday", "days"}) names.push_back(name + "_" + part);
  if (form.has_time) names.push_back(name + "_hour");
  return names;
}

std::string DateCellPattern(const DateForm& form) {
  // Groups: 1 the first number, 2 the separator (repeated by \2), 3 the
  // second, 4 the third, 5 the hour. Which of 1, 3, 4 is the year is the form's.
  const std::string first = form.order == DateOrder::kYearFirst ? "(\\d{4})" : "(\\d{1,2})";
  const std::string third = form.order == DateOrder::kYearFirst ? "(\\d{1,2})" : "(\\d{4})";
  return "^[ \\t]*" + first + "([-/.])(\\d{1,2})\\2" + third +
         "(?:[ T](\\d{1,2}):\\d{2}(?::\\d{2}(?:\\.\\d{1,9})?)?(?:Z|[+-]\\d{2}(?::?\\d{2})?)?)?[ \\t]*$";
}

std::string DatePartHint(const Table& table, const std::string& feature) {
  for (const char* part : {"_year", "_month", "_day", "_weekday", "_yearday", "_days", "_hour"}) {
    const std::string_view suffix(part);
    if (feature.size() <= suffix.size() || feature.compare(feature.size() - suffix.size(), suffix.size(), suffix) != 0) continue;
    const std::string name = feature.substr(0, feature.size() - suffix.size());
    for (const Column& col : table.columns)
      if (col.name == name && DateFormOf(col))
        return " The model was trained on the parts of the dates in " + Quote(name) + ": read the file with dateParts: [" + Quote(name) +
               "] (in the page, the button 'Read " + Quote(name) + " as dates').";
  }
  return "";
}

void DeriveDateParts(Table& table, const std::vector<std::string>& names) {
  std::vector<std::string> have;
  for (const Column& col : table.columns) have.push_back(col.name);
  for (const std::string& name : names) {
    if (std::any_of(table.date_parts.begin(), table.date_parts.end(), [&](const DateColumn& d) { return d.name == name; })) continue;  // named twice
    size_t at = 0;
    while (at < table.columns.size() && table.columns[at].name != name) ++at;
    if (at == table.columns.size())
      throw Error("BAD_OPTION", "dateParts names the column " + Quote(name) + ", which the file does not have" + DidYouMean(name, have) + ".");
    const Column& col = table.columns[at];
    if (col.type == ColumnType::kNumeric)
      throw Error("CSV_NOT_DATES", "Column " + Quote(name) + " holds numbers, not dates written as text (2021-08-05, 05/08/2021): it has no date parts.",
                  0, static_cast<long>(at + 1));
    const std::optional<DateForm> form = DateFormOf(col);
    if (!form) {
      // The first row whose cell is not a date of one form with the others: its value and line.
      std::optional<DateCell> first;
      size_t bad_level = col.levels.size();
      for (size_t l = 0; l < col.levels.size() && bad_level == col.levels.size(); ++l) {
        const std::optional<DateCell> cell = ReadCell(col.levels[l]);
        if (!cell) bad_level = l;
        else if (!first) first = cell;
        else if (cell->year_first != first->year_first) bad_level = l;
      }
      std::string where = "its cells do not share one order of day, month and year, or one names a day the calendar lacks";
      if (bad_level < col.levels.size()) {
        size_t row = 0;
        while (row < col.codes.size() && col.codes[row] != static_cast<int32_t>(bad_level)) ++row;
        where = table.RowNamed(row, false) + " holds " + Quote(col.levels[bad_level]) + ", not a date like the others";
        throw Error("CSV_NOT_DATES", "Column " + Quote(name) + " cannot be read as dates: " + where + ".", table.ErrorLine(row),
                    static_cast<long>(at + 1));
      }
      throw Error("CSV_NOT_DATES", "Column " + Quote(name) + " cannot be read as dates: " + where + ".", 0, static_cast<long>(at + 1));
    }
    const std::vector<std::string> part_names = DatePartNames(name, *form);
    for (const std::string& part : part_names)
      for (const Column& other : table.columns)
        if (other.name == part)
          throw Error("CSV_DATE_PART_TAKEN", "The date parts of " + Quote(name) + " would be named " + Quote(part) +
                      ", which is already a column of the file: rename that column to derive them.");
    // Each level's parts once, then each row's by its code.
    std::vector<std::vector<float>> level_parts(col.levels.size());
    for (size_t l = 0; l < col.levels.size(); ++l) {
      const DateCell cell = *ReadCell(col.levels[l]);
      const YearMonthDay d = InOrder(cell, form->order);
      const int64_t days = DaysFromCivil(d.year, d.month, d.day);
      const int64_t weekday = ((days % 7) + 7 + 3) % 7;  // 1970-01-01 was a Thursday (3, Monday being 0)
      const int64_t yearday = days - DaysFromCivil(d.year, 1, 1) + 1;
      level_parts[l] = {static_cast<float>(d.year), static_cast<float>(d.month), static_cast<float>(d.day),
                        static_cast<float>(weekday), static_cast<float>(yearday), static_cast<float>(days)};
      if (form->has_time) level_parts[l].push_back(static_cast<float>(cell.hour < 0 ? 0 : cell.hour));
    }
    std::vector<Column> parts(part_names.size());
    for (size_t p = 0; p < parts.size(); ++p) {
      parts[p].name = part_names[p];
      parts[p].values.resize(table.num_rows);
      parts[p].missing = col.missing;
    }
    for (size_t row = 0; row < table.num_rows; ++row) {
      const int32_t code = col.codes[row];
      for (size_t p = 0; p < parts.size(); ++p) parts[p].values[row] = code < 0 ? NAN : level_parts[static_cast<size_t>(code)][p];
    }
    std::string note = "Dates in " + Quote(name) + " (" + OrderText(form->order) + ") read as " + std::to_string(parts.size()) +
                       " numeric columns: the year, month and day, " + Quote(part_names[3]) + " (0 is Monday), " + Quote(part_names[4]) +
                       " (1 to 366) and " + Quote(part_names[5]) + " (days since 1970-01-01)" + (form->has_time ? ", and the hour" : "") + ".";
    if (form->ambiguous) note += " No cell has a number above 12 to tell the day from the month: read as month/day/year.";
    table.notes.push_back(std::move(note));
    table.columns.erase(table.columns.begin() + static_cast<std::ptrdiff_t>(at));
    table.columns.insert(table.columns.begin() + static_cast<std::ptrdiff_t>(at), std::make_move_iterator(parts.begin()),
                         std::make_move_iterator(parts.end()));
    table.date_parts.push_back({name, OrderCode(form->order), form->has_time});
    have.clear();
    for (const Column& c : table.columns) have.push_back(c.name);
  }
}

}  // namespace boostlab
