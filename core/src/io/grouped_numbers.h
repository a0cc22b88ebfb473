// Numbers written for people: with thousands separators ("4,602",
// "1,234.5") or with a decimal comma ("10,9155", "1.234,5"), with a currency
// sign ("$4,602", "12,50 €") or a percent sign ("96%": 96), as spreadsheets
// export them. The reader reads each such cell as text, so the column turns
// categorical (hundreds of levels, or left out as an identifier), and the
// numbers a model most needs are lost without a word. Once a file is read,
// a categorical column whose every value is a number so written (or a plain
// number) is turned numeric, and the table's notes say how it was read.
#pragma once

#include <string>  // for string

#include "boostlab/table.h"

namespace boostlab {

// How a file writes its numbers, for ReadGroupedNumbers.
struct WrittenNumbers {
  char delimiter = ',';
  // Some column of the file reads with the decimal comma: a column with no
  // comma whose dots fit both conventions ("EUR 2.167") takes it too (2167).
  bool decimal_comma = false;
};

// Whether some level of a categorical column holds a comma: such columns say
// how the file writes its numbers, so they are read before the others.
bool HasCommaLevel(const Column& col);

// Turns `col` numeric if every level is a number (its currency or percent
// sign aside) written with one convention: thousands separated by ',' with a
// '.' decimal point, or a ',' decimal point with thousands separated by '.'.
// A level that fits both ("1,234") takes the file's: a comma-separated file
// quotes a thousands separator, other files (';', tab) use the decimal comma;
// with no comma in the column, the file's other columns say (`how`).
// Returns the note for the table, or "" when the column is left as it was.
// *decimal_comma is set when the column was read with the decimal comma.
std::string ReadGroupedNumbers(Column& col, const WrittenNumbers& how, bool* decimal_comma = nullptr);

// In a file that writes decimals with a comma, a numeric column whose every
// value has at most three decimals, some exactly three (4.602, 602), may have been written with
// the dot grouping thousands (4.602 for 4602): every cell read as a plain
// number, so nothing in the column says which. Returns a note saying so
// (the column is left as read), or "".
std::string DotThousandsNote(const Column& col, const std::string& comma_column);

}  // namespace boostlab
