#include "tree/feature_constraints.h"

#include <stdexcept>  // for invalid_argument

#include "boostlab/errors.h"
#include "util/closest_name.h"
#include "util/json.h"
#include "util/quote.h"

namespace boostlab {
namespace {

// More sets than this is no one's model of interactions, and each costs a
// bitset of the features at every split.
constexpr size_t kMostInteractionSets = 4096;

[[noreturn]] void Bad(const std::string& param, const std::string& why) {
  throw Error("BAD_PARAM", "Parameter '" + param + "' " + why);
}

// The text as JSON; XGBoost's "(1,0,-1)" read as "[1,0,-1]".
json::Value ParseConstraint(const std::string& param, const std::string& text) {
  std::string t = text;
  const size_t first = t.find_first_not_of(" \t\r\n"), last = t.find_last_not_of(" \t\r\n");
  if (first != std::string::npos && t[first] == '(' && t[last] == ')') t[first] = '[', t[last] = ']';
  try {
    return json::Parse(t);
  } catch (const std::invalid_argument& e) {
    Bad(param, "is not a list: " + Quote(text) + " (" + e.what() + "). Write it as " +
                   (param == "monotone_constraints" ? "(1,0,-1), [1,0,-1] or {\"name\": 1}" : "[[0,1],[2,3]] or [[\"a\",\"b\"],[\"c\"]]") + ".");
  }
}

int8_t Direction(const std::string& param, const json::Value& v, const std::string& where) {
  const auto d = json::ToWholeNumber(v, -1, 1);
  if (!d) Bad(param, "gives " + json::Describe(v) + " " + where + "; each is -1 (decreasing), 0 (none) or 1 (increasing).");
  return static_cast<int8_t>(*d);
}

void CheckMonotone(const std::string& param, const json::Value& doc) {
  if (doc.IsArray()) {
    for (size_t i = 0; i < doc.array.size(); ++i) Direction(param, doc.array[i], "at position " + std::to_string(i));
  } else if (doc.IsObject()) {
    if (const std::string* twice = json::RepeatedKey(doc)) Bad(param, "names " + Quote(*twice) + " twice.");
    for (const json::Member& m : doc.object) Direction(param, m.second, "for " + Quote(m.first));
  } else {
    Bad(param, "must be a list of -1, 0 and 1 by feature position, (1,0,-1) or [1,0,-1], or by name, {\"name\": 1}.");
  }
}

void CheckInteraction(const std::string& param, const json::Value& doc) {
  if (!doc.IsArray()) Bad(param, "must be a list of lists of features: [[0,1],[2,3]] or [[\"a\",\"b\"],[\"c\"]].");
  if (doc.array.size() > kMostInteractionSets)
    Bad(param, "has " + std::to_string(doc.array.size()) + " sets; at most " + std::to_string(kMostInteractionSets) + " are taken.");
  for (size_t i = 0; i < doc.array.size(); ++i) {
    const json::Value& set = doc.array[i];
    if (!set.IsArray()) Bad(param, "has " + json::Describe(set) + " as set " + std::to_string(i) + "; each set is a list of features.");
    for (const json::Value& f : set.array)
      if (!f.IsString() && !json::ToWholeNumber(f, 0, int64_t{1} << 31))
        Bad(param, "has " + json::Describe(f) + " in set " + std::to_string(i) + "; a feature is its name or its position (0, 1, ...).");
  }
}

std::vector<std::string> Names(const std::vector<FeatureInfo>& features) {
  std::vector<std::string> names;
  names.reserve(features.size());
  for (const FeatureInfo& f : features) names.push_back(f.name);
  return names;
}

// A feature given by name or position, as its position.
int FeatureIndex(const std::string& param, const json::Value& v, const std::vector<FeatureInfo>& features) {
  if (v.IsString()) {
    for (size_t i = 0; i < features.size(); ++i)
      if (features[i].name == v.string) return static_cast<int>(i);
    Bad(param, "names " + Quote(v.string) + ", which is not a feature of this training" + DidYouMean(v.string, Names(features)) +
                   "; the features are " + Joined(Names(features)) + ".");
  }
  const auto i = json::ToWholeNumber(v, 0, static_cast<int64_t>(features.size()) - 1);
  if (!i) Bad(param, "gives feature " + json::Describe(v) + "; there are " + std::to_string(features.size()) + " features, 0 to " +
                         std::to_string(features.size() - 1) + ".");
  return static_cast<int>(*i);
}

}  // namespace

void CheckConstraintText(const std::string& param, const std::string& text) {
  if (text.empty()) return;
  const json::Value doc = ParseConstraint(param, text);
  if (param == "monotone_constraints") CheckMonotone(param, doc);
  else CheckInteraction(param, doc);
}

FeatureConstraints ResolveFeatureConstraints(const std::string& monotone, const std::string& interaction,
                                             const std::vector<FeatureInfo>& features) {
  FeatureConstraints c;
  const size_t p = features.size();
  if (!monotone.empty()) {
    const std::string param = "monotone_constraints";
    const json::Value doc = ParseConstraint(param, monotone);
    CheckMonotone(param, doc);
    if (doc.IsArray() && doc.array.size() > p)
      Bad(param, "gives " + std::to_string(doc.array.size()) + " directions for " + std::to_string(p) + " features.");
    // Given at all, even empty or all zeros, the gains take the constrained form (as XGBoost's).
    c.monotone.assign(p, 0);
    if (doc.IsArray()) {
      for (size_t i = 0; i < doc.array.size(); ++i) c.monotone[i] = Direction(param, doc.array[i], "");
    } else {
      for (const json::Member& m : doc.object) {
        json::Value name;
        name.kind = json::Value::Kind::kString;
        name.string = m.first;
        c.monotone[static_cast<size_t>(FeatureIndex(param, name, features))] = Direction(param, m.second, "");
      }
    }
    for (size_t f = 0; f < p; ++f)
      if (c.monotone[f] != 0 && features[f].type == ColumnType::kCategorical)
        Bad(param, "constrains " + Quote(features[f].name) + ", a categorical feature: its categories have no order to be monotone in.");
  }
  if (!interaction.empty()) {
    const std::string param = "interaction_constraints";
    const json::Value doc = ParseConstraint(param, interaction);
    CheckInteraction(param, doc);
    c.interaction_given = true;
    for (const json::Value& set : doc.array) {
      std::vector<uint64_t> bits((p + 63) / 64, 0);
      for (const json::Value& f : set.array) SetBit(bits, FeatureIndex(param, f, features));
      c.interaction.push_back(std::move(bits));
    }
  }
  return c;
}

std::vector<uint64_t> AllowedAfter(const FeatureConstraints& c, const std::vector<uint64_t>& used) {
  std::vector<uint64_t> allowed = used;
  for (const std::vector<uint64_t>& set : c.interaction) {
    bool holds_all = true;
    for (size_t w = 0; w < used.size() && holds_all; ++w) holds_all = (used[w] & ~set[w]) == 0;
    if (!holds_all) continue;
    for (size_t w = 0; w < allowed.size(); ++w) allowed[w] |= set[w];
  }
  return allowed;
}

}  // namespace boostlab
