// Learning-to-rank losses (rank_objectives.cc) and the random draws they
// share with XGBoost 1.7.
#pragma once

#include <cstdint>  // for uint32_t
#include <memory>   // for unique_ptr
#include <string>   // for string
#include <vector>   // for vector

#include "objective/objective.h"

namespace boostlab {

// std::minstd_rand with libstdc++'s uniform_int_distribution<unsigned> on
// top, written out: the same numbers in every build (the WebAssembly one
// links libc++, whose distribution draws differently), and the ones XGBoost
// draws its ranking pairs with.
class MinStdRand {
 public:
  explicit MinStdRand(uint32_t seed) : state_(seed % 2147483647u == 0 ? 1u : seed % 2147483647u) {}
  uint32_t operator()();    // the next raw value, in [1, 2^31 - 2]
  uint32_t Below(uint32_t n);  // uniform in [0, n), n >= 1

 private:
  uint32_t state_;
};

// GBRank's regression targets (Zheng et al., SIGIR 2007), as the statistics
// of a least-squares tree: for each pair of a query's rows i, j with i more
// relevant and the current score h(i) < h(j) + tau (ordered wrongly, or within
// the margin), row i gets the target h(j) + tau and row j the target h(i) - tau.
// A row in several such pairs has several targets; a least-squares tree on
// them all is the tree on g = -(sum of the row's targets), h = their count
// (its split gains and leaf means -G/H are the same), which these are. Rows
// in no such pair have (0, 0). Used by algorithm gbrank only (boost/gbrank.cc),
// which blends its trees in as the paper does.
class GbRankLoss : public Objective {
 public:
  explicit GbRankLoss(double tau) : tau_(static_cast<float>(tau)) {}
  const char* name() const override { return "rank:gbrank"; }
  std::vector<double> AverageMargin(std::span<const float>, std::span<const RowIdx>) const override { return {0.0}; }
  void Transform(const float* margin, float* out) const override { out[0] = margin[0]; }
  std::vector<std::string> DefaultMetrics() const override { return {"ndcg@5"}; }
  void SetGroups(const QueryGroups* train) override { groups_ = train; }
  void Gradients(std::span<const float> margin, std::span<const float> pred, std::span<const float> label,
                 std::span<const RowIdx> rows, std::span<GradPair> out, ThreadPool& pool) const override;
  // The last Gradients' pairs that got targets, query by query: more relevant row, then the other.
  const std::vector<RowIdx>& WrongPairs() const { return wrong_; }
  // Pairs of different relevance in the training queries (what a round looks at).
  uint64_t Pairs() const { return pairs_; }

 private:
  float tau_;
  const QueryGroups* groups_ = nullptr;
  mutable std::vector<RowIdx> wrong_;
  mutable uint64_t pairs_ = 0;
};

// rank:pairwise, rank:ndcg or rank:gbrank; nullptr for another name.
std::unique_ptr<Objective> MakeRankObjective(const std::string& name, const Params& params);

}  // namespace boostlab
