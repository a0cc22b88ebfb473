// Ranking metrics over queries, as XGBoost 1.7 computes them: each query
// scored on its rows sorted by score (ties keep row order), the queries'
// mean reported.
#pragma once

#include <climits>   // for UINT_MAX
#include <optional>  // for optional
#include <span>      // for span
#include <string>    // for string

#include "boostlab/dataset.h"

namespace boostlab {

class ThreadPool;

struct RankMetric {
  enum class Kind { kNdcg, kMap, kPairAccuracy };
  Kind kind = Kind::kNdcg;
  unsigned topn = UINT_MAX;  // @k: the first k rows by score (none: all)
  bool minus = false;        // a trailing '-': a query with no relevant row scores 0, not 1
};

// ndcg, ndcg@k, ndcg@k-, map, map@k, map@k-, pairacc; nullopt for another name.
std::optional<RankMetric> ParseRankMetric(const std::string& name);

// The mean over the queries of: NDCG@k (gain 2^rel - 1, discount
// log2(position + 2), over the ideal order's), MAP@k (relevant: grade > 0),
// or pairacc (the share of pairs of different grades that the scores put in
// grade order, a tie counting half; queries without such a pair left out).
// Queries are scored across the pool; the result is the same on any thread count.
double EvaluateRankMetric(const RankMetric& metric, std::span<const float> pred, std::span<const float> label,
                          const QueryGroups& groups, ThreadPool& pool);

}  // namespace boostlab
