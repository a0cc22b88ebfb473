// Dates written as text (2021-08-05, 05/08/2021 14:30, 2021-08-05T14:30:00Z)
// turned into numbers a tree can split on. Read as they stand, dates are one
// category each: hundreds of levels that say nothing of their order, which a
// model can only memorise. Asked for (CsvOptions::date_parts), such a column
// is replaced, where it stood, by its parts: the year, the month, the day,
// the day of the week (0 Monday, as pandas' dayofweek), the day of the year,
// the days since 1970-01-01 (the order of time itself), and the hour when
// some cell has a time. The scale-out script derives the same parts from the
// same cells (its regular expression is DateCellPattern's).
#pragma once

#include <optional>  // for optional
#include <string>    // for string
#include <string_view>  // for string_view
#include <vector>    // for vector

#include "boostlab/table.h"

namespace boostlab {

// How a column writes its dates: the year first (2021-08-05), or last with
// the day first (05/08/2021, 31.12.2020) or the month first (08/05/2021).
enum class DateOrder { kYearFirst, kDayFirst, kMonthFirst };

struct DateForm {
  DateOrder order = DateOrder::kYearFirst;
  bool has_time = false;   // some cell has a time of day (the hour becomes a part)
  bool ambiguous = false;  // year last, and no number above 12 said which of day and month comes first
};

// "ymd", "dmy" or "mdy" (Table's DateColumn::order), and back (nothing for another text).
const char* OrderCode(DateOrder order);
std::optional<DateOrder> OrderOfCode(std::string_view code);

// The form of a categorical column all of whose levels are dates of one
// order (calendar-valid: no 2021-02-30), or nothing.
std::optional<DateForm> DateFormOf(const Column& col);

// The part columns' names for a date column `name` of form `form`, in order.
std::vector<std::string> DatePartNames(const std::string& name, const DateForm& form);

// A regular expression (Python's syntax, anchored by the caller) with four
// groups, the year, month, day and hour (the hour group empty without a
// time), that matches every cell of the form as the reader reads it.
std::string DateCellPattern(const DateForm& form);

// Replaces each column named in `names` by its parts and says so in the
// table's notes; table.date_parts records the names. Throws BAD_OPTION for a
// name the table does not have (with the closest one), and CSV_NOT_DATES
// naming the first cell (its value and line) that is not a date of the
// column's form, or a column of numbers; CSV_DATE_PART_TAKEN when a part's
// name is already a column.
void DeriveDateParts(Table& table, const std::vector<std::string>& names);

// For a feature the table lacks: when it is a date part (NAME_month) of a
// column of the table that holds dates as text, the sentence that says to
// read the file with dateParts; else "".
std::string DatePartHint(const Table& table, const std::string& feature);

}  // namespace boostlab
