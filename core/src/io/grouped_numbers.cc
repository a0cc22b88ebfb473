#include "io/grouped_numbers.h"

#include <algorithm>    // for max, remove
#include <cmath>        // for NAN, round, fmod, abs
#include <string_view>  // for string_view
#include <vector>       // for vector

#include "io/number_cell.h"
#include "util/float_text.h"

namespace boostlab {
namespace {

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// `s` as a plain decimal ("12345.5") if it is a number whose whole part is
// either plain digits or groups of three after one to three digits, each
// group after `group`, and whose fraction (if any) follows `point`. False
// for anything else (two points, a group of four, a letter).
bool Plain(std::string_view s, char group, char point, std::string& out) {
  out.clear();
  size_t i = 0;
  if (i < s.size() && (s[i] == '-' || s[i] == '+')) out += s[i++];
  size_t run = 0, groups = 0;
  for (; i < s.size() && (IsDigit(s[i]) || s[i] == group); ++i) {
    if (s[i] == group) {
      // A separator follows one to three digits at first, then exactly three.
      if (run == 0 || run > 3 || (groups > 0 && run != 3)) return false;
      ++groups;
      run = 0;
      continue;
    }
    out += s[i];
    ++run;
  }
  if (run == 0 || (groups > 0 && run != 3)) return false;
  if (i < s.size() && s[i] == point) {
    out += '.';
    if (++i == s.size()) return false;
    for (; i < s.size() && IsDigit(s[i]); ++i) out += s[i];
  }
  return i == s.size();
}

enum Convention { kThousandsComma, kDecimalComma };

// Currency signs a spreadsheet writes before or after an amount.
constexpr std::string_view kCurrency[] = {"$", "\xE2\x82\xAC" /* € */, "\xC2\xA3" /* £ */, "\xC2\xA5" /* ¥ */};

// `s` without a currency sign before or after it, or a percent sign after
// it (a space between allowed); what was taken off is added to `marks`.
struct Marks {
  std::string currency;  // the first sign seen
  bool percent = false;
};
std::string_view Undecorated(std::string_view s, Marks& marks) {
  for (std::string_view c : kCurrency) {
    if (s.size() > c.size() && s.substr(0, c.size()) == c) {
      if (marks.currency.empty()) marks.currency = std::string(c);
      return Trim(s.substr(c.size()));
    }
    if (s.size() > c.size() && s.substr(s.size() - c.size()) == c) {
      if (marks.currency.empty()) marks.currency = std::string(c);
      return Trim(s.substr(0, s.size() - c.size()));
    }
  }
  if (s.size() > 1 && s.back() == '%') {
    marks.percent = true;
    return Trim(s.substr(0, s.size() - 1));
  }
  return s;
}

}  // namespace

bool HasCommaLevel(const Column& col) {
  if (col.type != ColumnType::kCategorical) return false;
  for (const std::string& level : col.levels)
    if (level.find(',') != std::string::npos) return true;
  return false;
}

std::string ReadGroupedNumbers(Column& col, const WrittenNumbers& how, bool* decimal_comma) {
  const char delimiter = how.delimiter;
  if (col.type != ColumnType::kCategorical || col.levels.empty()) return "";
  // Which conventions every level fits; a level with no comma is a plain
  // number, which fits the thousands-comma one as it is and the decimal-comma
  // one only with its dot read as a thousands separator ("4.602": 4602).
  bool thousands = true, decimal = true, any_comma = false, any_dot = false;
  Marks marks;
  std::string plain;
  std::vector<std::string_view> bare(col.levels.size());
  for (size_t i = 0; i < col.levels.size(); ++i) {
    bare[i] = Undecorated(col.levels[i], marks);
    if (bare[i].find(',') != std::string_view::npos) any_comma = true;
    if (bare[i].find('.') != std::string_view::npos) any_dot = true;
    thousands = thousands && Plain(bare[i], ',', '.', plain);
    decimal = decimal && Plain(bare[i], '.', ',', plain);
    if (!thousands && !decimal) return "";
  }
  // Nothing written for people: a stray word, not a number, turned it.
  if (!any_comma && marks.currency.empty() && !marks.percent) return "";
  const bool comma_is_point = any_comma ? delimiter != ',' : how.decimal_comma;
  const Convention convention = thousands && decimal ? (comma_is_point ? kDecimalComma : kThousandsComma)
                                : thousands          ? kThousandsComma
                                                     : kDecimalComma;
  auto read = [&](std::string_view s) { return convention == kThousandsComma ? Plain(s, ',', '.', plain) : Plain(s, '.', ',', plain); };
  std::vector<float> by_level(col.levels.size());
  for (size_t i = 0; i < col.levels.size(); ++i) {
    float v;
    if (!read(bare[i]) || ParseNumber(plain, &v) != Parsed::kNumber) return "";  // past a float's range: left as text
    by_level[i] = v;
  }
  col.values.resize(col.codes.size());
  for (size_t r = 0; r < col.codes.size(); ++r) col.values[r] = col.codes[r] < 0 ? NAN : by_level[col.codes[r]];
  // An example: the first cell that was not a plain number, where it was.
  std::string example;
  float first = NAN;
  if (!col.first_text.empty()) {
    example = col.first_text;
    Marks ignored;
    if (read(Undecorated(example, ignored))) ParseNumber(plain, &first);
  }
  std::vector<std::string> signs;
  if (!marks.currency.empty()) signs.push_back("a currency sign (" + marks.currency + ")");
  if (marks.percent) signs.push_back("a percent sign");
  if (any_comma) signs.push_back(convention == kThousandsComma ? "thousands separators" : "a decimal comma");
  std::string note = "Column '" + col.name + "' holds numbers written with ";
  for (size_t i = 0; i < signs.size(); ++i) note += (i == 0 ? "" : i + 1 == signs.size() ? " and " : ", ") + signs[i];
  note += ": read as numbers";
  if (!example.empty() && first == first)
    note += " ('" + example + "' on " + col.FirstTextAt(false) + " is " + ShortestFloat(first) + ")";
  // (Said only where a dot was read so: "96%" has none to take.)
  if (thousands && decimal && !any_comma && any_dot && how.decimal_comma) {
    note += ", the dot taken as a thousands separator as this file's decimal commas say";
  } else if (any_comma && thousands && decimal) {
    const std::string separated = delimiter == ';' ? "semicolon" : delimiter == '\t' ? "tab" : std::string("'") + delimiter + "'";
    note += convention == kThousandsComma ? ", the comma taken as a thousands separator as in a comma-separated file"
                                          : ", the comma taken as the decimal point as in a " + separated + "-separated file";
  }
  note += ".";
  if (decimal_comma) *decimal_comma = convention == kDecimalComma;
  col.type = ColumnType::kNumeric;
  col.codes.clear();
  col.codes.shrink_to_fit();
  col.levels.clear();
  col.first_text.clear();
  col.first_text_line = 0;
  col.first_text_row = -1;
  return note;
}

std::string DotThousandsNote(const Column& col, const std::string& comma_column) {
  if (col.type != ColumnType::kNumeric) return "";
  float example = NAN;
  for (float v : col.values) {
    if (v != v) continue;
    const double thousandths = static_cast<double>(v) * 1000;
    const double whole = std::round(thousandths);
    // At most three decimals (within a float's rounding).
    if (std::abs(thousandths - whole) > 1e-6 * std::max(1.0, std::abs(thousandths))) return "";
    if (example != example && std::fmod(whole, 10) != 0) example = v;  // one that needs all three
  }
  if (example != example) return "";  // none needs three decimals: a plain measurement, or whole numbers
  const std::string read = ShortestFloat(example);
  std::string grouped = read;
  grouped.erase(std::remove(grouped.begin(), grouped.end(), '.'), grouped.end());
  while (grouped.size() > 1 && grouped[0] == '0') grouped.erase(0, 1);
  return "Column '" + col.name + "' has numbers written with a dot, such as " + read + ", where this file writes decimals with a comma (column '" +
         comma_column + "'): if its dot groups thousands (" + read + " for " + grouped + "), it was misread; its cells were read as written.";
}

}  // namespace boostlab
