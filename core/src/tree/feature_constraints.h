// Monotone and interaction constraints, as XGBoost 3.2's hist trees apply
// them. Monotone: each node carries bounds on its weight; a split on a
// constrained feature must order its children's weights (increasing: left <=
// right), and the children's bounds meet at the mean of the two weights, so
// every leaf below the left child weighs no more than any below the right.
// Interaction: a node may split on a feature used above it, or on any
// feature of a constraint set that holds every feature used above it; the
// root may split on any feature.
#pragma once

#include <cstdint>  // for int8_t, uint64_t
#include <string>   // for string
#include <vector>   // for vector

#include "boostlab/dataset.h"

namespace boostlab {

struct FeatureConstraints {
  // Per feature -1 (decreasing), 0 or 1 (increasing); empty: none given.
  // Given at all (even all zeros), the split gains take XGBoost's
  // constrained form (weights clamped to the node's bounds, in float).
  std::vector<int8_t> monotone;
  // The sets of features that may appear together on a path, as bitsets
  // (bit f of word f / 64). Given as an empty list, the root splits on any
  // feature and every node below it only on its path's (as XGBoost's).
  std::vector<std::vector<uint64_t>> interaction;
  bool interaction_given = false;
  bool HasMonotone() const { return !monotone.empty(); }
  bool HasInteraction() const { return interaction_given; }
};

// Checks the text of a constraint parameter (monotone_constraints or
// interaction_constraints) without the features: throws BAD_PARAM saying
// what is wrong. Forms: monotone "(1,0,-1)" or "[1,0,-1]" by position, or
// {"name": 1} by name; interaction [[0,1],[2,3]] by position or
// [["a","b"],["c"]] by name.
void CheckConstraintText(const std::string& param, const std::string& text);

// Resolves both against the training features: names to positions, every
// position in range, no monotone constraint on a categorical feature.
// Throws BAD_PARAM naming the entry at fault.
FeatureConstraints ResolveFeatureConstraints(const std::string& monotone, const std::string& interaction,
                                             const std::vector<FeatureInfo>& features);

// The features a node's children may split on after its path used `used`
// (a bitset over features): those used, and every feature of a set that
// holds all of them.
std::vector<uint64_t> AllowedAfter(const FeatureConstraints& c, const std::vector<uint64_t>& used);

inline bool HasBit(const std::vector<uint64_t>& bits, int f) { return bits[static_cast<size_t>(f) >> 6] >> (f & 63) & 1; }
inline void SetBit(std::vector<uint64_t>& bits, int f) { bits[static_cast<size_t>(f) >> 6] |= uint64_t{1} << (f & 63); }

}  // namespace boostlab
