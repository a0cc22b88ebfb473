#include "io/not_text.h"

#include <algorithm>  // for count, min

namespace boostlab {

namespace {

struct Kind {
  std::string_view magic;
  const char* what;
  const char* fix;
};

constexpr const char* kWorkbook = " In the spreadsheet, save the sheet as a CSV file (in Excel: File, Save As, CSV UTF-8) and open that.";

constexpr Kind kKinds[] = {
    {"PK\x03\x04", "a ZIP archive (an Excel .xlsx or OpenDocument .ods workbook is one)", kWorkbook},
    {"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1", "an Excel 97-2003 workbook (.xls)", kWorkbook},
    {"\x89PNG", "a PNG image", ""},
    {"\xFF\xD8\xFF", "a JPEG image", ""},
    {"GIF8", "a GIF image", ""},
    {"%PDF", "a PDF document", ""},
    {"\x1F\x8B", "compressed with gzip", " Decompress it first (gunzip) and open the CSV inside."},
    {"PAR1", "a Parquet file", " Write it out as CSV first (pandas: pd.read_parquet(f).to_csv('data.csv', index=False))."},
    {"SQLite format 3", "an SQLite database", " Export a table as CSV first (sqlite3: .mode csv, .headers on, .output data.csv)."},
};

}  // namespace

std::string NotTextMessage(std::string_view head, bool nul_check) {
  for (const Kind& k : kKinds)
    if (head.substr(0, k.magic.size()) == k.magic)
      return std::string("This file is ") + k.what + ", not a CSV: its first bytes say so." + k.fix;
  const std::string_view first_line = head.substr(0, std::min(head.find('\n'), size_t{4096}));
  const size_t nul = static_cast<size_t>(std::count(first_line.begin(), first_line.end(), '\0'));
  if (nul_check && nul > 0)
    return "This file is not text: its first line holds " + std::to_string(nul) + " NUL byte" + (nul == 1 ? "" : "s") +
           ", as an image, a workbook or UTF-16 without its byte-order mark does. Open a CSV file (save it as CSV UTF-8).";
  return "";
}

}  // namespace boostlab
