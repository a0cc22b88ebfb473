#include "io/csv_dialect.h"

#include <cstdint>  // for uint8_t, uint32_t, uint64_t
#include <cstring>  // for memcpy
#include <vector>   // for vector

namespace boostlab {

namespace {

constexpr char kCandidates[] = {',', ';', '\t', '|'};  // ties go to the earlier
constexpr size_t kSniffBytes = 64 * 1024;
constexpr int kSniffLines = 20;

// Per candidate, how many times it occurs outside quotes on each of the
// first lines (a quoted field may hold delimiters and newlines).
std::vector<std::vector<int>> CountPerLine(std::string_view sample, bool whole) {
  std::vector<std::vector<int>> counts(sizeof kCandidates);
  std::vector<int> line(sizeof kCandidates, 0);
  bool quoted = false, any = false;
  for (char c : sample) {
    if (c == '"') quoted = !quoted;
    if (quoted) continue;
    if (c == '\n') {
      for (size_t k = 0; k < line.size(); ++k) counts[k].push_back(line[k]);
      line.assign(line.size(), 0);
      any = false;
      if (static_cast<int>(counts[0].size()) == kSniffLines) return counts;
      continue;
    }
    if (c != '\r') any = true;
    for (size_t k = 0; k < sizeof kCandidates; ++k) line[k] += c == kCandidates[k];
  }
  // The last line counts when the sample ends with the file, not mid-line.
  if (whole && any)
    for (size_t k = 0; k < line.size(); ++k) counts[k].push_back(line[k]);
  return counts;
}

}  // namespace

char SniffDelimiter(std::string_view bytes) {
  const bool whole = bytes.size() <= kSniffBytes;
  const std::vector<std::vector<int>> counts = CountPerLine(bytes.substr(0, kSniffBytes), whole);
  char best = ',';
  int best_agreeing = -1, best_fields = 0;
  for (size_t k = 0; k < sizeof kCandidates; ++k) {
    const std::vector<int>& c = counts[k];
    if (c.empty() || c[0] == 0) continue;  // it does not split the header
    int agreeing = 0;
    for (size_t i = 1; i < c.size(); ++i) agreeing += c[i] == c[0];
    if (agreeing > best_agreeing || (agreeing == best_agreeing && c[0] > best_fields)) {
      best = kCandidates[k];
      best_agreeing = agreeing;
      best_fields = c[0];
    }
  }
  return best;
}

bool IsValidUtf8(std::string_view bytes) {
  const auto* s = reinterpret_cast<const uint8_t*>(bytes.data());
  const size_t n = bytes.size();
  for (size_t i = 0; i < n;) {
    // Eight ASCII bytes at a time: most of a CSV is digits and delimiters.
    if (i + 8 <= n) {
      uint64_t word;
      std::memcpy(&word, s + i, 8);
      if ((word & 0x8080808080808080ull) == 0) {
        i += 8;
        continue;
      }
    }
    const uint8_t b = s[i];
    if (b < 0x80) { ++i; continue; }
    int extra;
    uint32_t cp;
    if ((b & 0xE0) == 0xC0) extra = 1, cp = b & 0x1F;
    else if ((b & 0xF0) == 0xE0) extra = 2, cp = b & 0x0F;
    else if ((b & 0xF8) == 0xF0) extra = 3, cp = b & 0x07;
    else return false;
    if (i + static_cast<size_t>(extra) >= n) return false;
    for (int k = 1; k <= extra; ++k) {
      if ((s[i + k] & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (s[i + k] & 0x3F);
    }
    const uint32_t least[] = {0, 0x80, 0x800, 0x10000};
    if (cp < least[extra] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += static_cast<size_t>(extra) + 1;
  }
  return true;
}

std::string Windows1252ToUtf8(std::string_view bytes) {
  // 0x80-0x9F in Windows-1252; 0 where the code page leaves a byte undefined
  // (read as the C1 control of the same number, as browsers do).
  static constexpr uint16_t kHigh[32] = {0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
                                         0x2039, 0x0152, 0, 0x017D, 0, 0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
                                         0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178};
  std::string out;
  out.reserve(bytes.size() + bytes.size() / 8);
  for (char ch : bytes) {
    const uint8_t b = static_cast<uint8_t>(ch);
    if (b < 0x80) { out += ch; continue; }
    const uint32_t cp = b < 0xA0 && kHigh[b - 0x80] ? kHigh[b - 0x80] : b;
    if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }
  return out;
}

}  // namespace boostlab
