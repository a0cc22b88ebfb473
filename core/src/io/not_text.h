// Files dropped on the reader by mistake: a workbook, an image, an archive, a
// database. Read as text they were a ragged-row error over rows of noise (a
// reviewer's PNG gave 820 of them, and "leave such rows out" loaded them);
// their first bytes say what they are, so the error can say it instead.
#pragma once

#include <string>       // for string
#include <string_view>  // for string_view

namespace boostlab {

// A sentence naming what `head` (a file's first bytes) is and what to do, or
// "" when it may be text. Known by their first bytes: ZIP (an .xlsx or .ods
// workbook is one), the old Excel .xls, PNG, JPEG, GIF, PDF, gzip, Parquet
// and SQLite; with `nul_check`, any file whose first line holds a NUL (no
// CSV header does; UTF-16 without its byte-order mark does, every other byte;
// with the mark it is decoded before this is asked; a run of NULs further down,
// a file cut short, is left to the record limit, which names its line).
std::string NotTextMessage(std::string_view head, bool nul_check);

}  // namespace boostlab
