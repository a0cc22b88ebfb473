#include "util/closest_name.h"

#include <algorithm>  // for min, equal
#include <cctype>     // for tolower

#include "util/quote.h"

namespace boostlab {

size_t EditDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

std::string ClosestName(std::string_view name, const std::vector<std::string>& candidates) {
  constexpr size_t kLongest = 64;
  const auto same_but_case = [&](const std::string& c) {
    return c.size() == name.size() && std::equal(c.begin(), c.end(), name.begin(), [](char x, char y) {
             return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
  };
  for (const std::string& c : candidates)
    if (same_but_case(c)) return c;
  // (Past some thousands of names, say a table of 100,000 columns, only the case is looked at.)
  constexpr size_t kMostCompared = 5000;
  if (name.size() > kLongest || candidates.size() > kMostCompared) return "";
  std::string best;
  size_t best_distance = 3;  // at most two edits away
  for (const std::string& c : candidates) {
    if (c.size() > name.size() + 2 || name.size() > c.size() + 2) continue;  // more than two edits apart
    const size_t d = EditDistance(name, c);
    if (d < best_distance) best = c, best_distance = d;
  }
  return best;
}

std::string DidYouMean(std::string_view name, const std::vector<std::string>& candidates) {
  const std::string best = ClosestName(name, candidates);
  return best.empty() ? "" : " (did you mean " + Quote(best) + "?)";
}

std::string Joined(const std::vector<std::string>& names, size_t most) {
  std::string out;
  const size_t shown = std::min(names.size(), most);
  for (size_t i = 0; i < shown; ++i) {
    if (i) out += i + 1 == shown && shown == names.size() ? " and " : ", ";
    out += Shortened(names[i]);
  }
  if (shown < names.size()) out += " and " + std::to_string(names.size() - shown) + " more";
  return out;
}

}  // namespace boostlab
