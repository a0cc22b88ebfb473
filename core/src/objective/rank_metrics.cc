#include "objective/rank_metrics.h"

#include <algorithm>  // for stable_sort
#include <cmath>      // for log2
#include <cstdlib>    // for strtoul
#include <utility>    // for pair
#include <vector>     // for vector

#include "util/thread_pool.h"

namespace boostlab {

std::optional<RankMetric> ParseRankMetric(const std::string& name) {
  RankMetric m;
  std::string base = name, param;
  if (const size_t at = name.find('@'); at != std::string::npos) {
    base = name.substr(0, at);
    param = name.substr(at + 1);
  }
  if (base == "pairacc" && param.empty()) {
    m.kind = RankMetric::Kind::kPairAccuracy;
    return m;
  }
  if (base != "ndcg" && base != "map") return std::nullopt;
  m.kind = base == "ndcg" ? RankMetric::Kind::kNdcg : RankMetric::Kind::kMap;
  if (!param.empty() && param.back() == '-') {
    m.minus = true;
    param.pop_back();
  }
  if (!param.empty()) {
    // k: 1 to 10000, digits only.
    if (param.size() > 5 || param.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
    const unsigned long k = std::strtoul(param.c_str(), nullptr, 10);
    if (k < 1 || k > 10000) return std::nullopt;
    m.topn = static_cast<unsigned>(k);
  }
  return m;
}

namespace {

using Scored = std::pair<float, unsigned>;  // score, grade

double Dcg(const std::vector<Scored>& rec, unsigned topn) {
  double sum = 0.0;
  for (size_t i = 0; i < rec.size() && i < topn; ++i)
    if (rec[i].second != 0) sum += ((1u << rec[i].second) - 1) / std::log2(i + 2.0);
  return sum;
}

double Ndcg(std::vector<Scored>& rec, const RankMetric& m) {
  std::stable_sort(rec.begin(), rec.end(), [](const Scored& a, const Scored& b) { return a.first > b.first; });
  const double dcg = Dcg(rec, m.topn);
  std::stable_sort(rec.begin(), rec.end(), [](const Scored& a, const Scored& b) { return a.second > b.second; });
  const double idcg = Dcg(rec, m.topn);
  if (idcg == 0.0) return m.minus ? 0.0 : 1.0;
  return dcg / idcg;
}

double AveragePrecision(std::vector<Scored>& rec, const RankMetric& m) {
  std::stable_sort(rec.begin(), rec.end(), [](const Scored& a, const Scored& b) { return a.first > b.first; });
  unsigned hits = 0;
  double sum = 0.0;
  for (size_t i = 0; i < rec.size(); ++i) {
    if (rec[i].second == 0) continue;
    ++hits;
    if (i < m.topn) sum += static_cast<double>(hits) / static_cast<double>(i + 1);
  }
  if (hits == 0) return m.minus ? 0.0 : 1.0;
  return sum / hits;
}

// Correctly ordered pairs of different grades, a tie in score counting half; -1: no such pair.
double PairAccuracy(const std::vector<Scored>& rec) {
  double right = 0, pairs = 0;
  for (size_t i = 0; i < rec.size(); ++i)
    for (size_t j = i + 1; j < rec.size(); ++j) {
      if (rec[i].second == rec[j].second) continue;
      const bool i_higher = rec[i].second > rec[j].second;
      const float hi = i_higher ? rec[i].first : rec[j].first, lo = i_higher ? rec[j].first : rec[i].first;
      right += hi > lo ? 1.0 : hi == lo ? 0.5 : 0.0;
      pairs += 1;
    }
  return pairs > 0 ? right / pairs : -1;
}

}  // namespace

double EvaluateRankMetric(const RankMetric& m, std::span<const float> pred, std::span<const float> label, const QueryGroups& groups,
                          ThreadPool& pool) {
  // Each query's value in parallel, summed in query order: the same bits on any thread count.
  constexpr double kSkipped = -1;  // a query without a pair of different grades (pairacc)
  std::vector<double> value(groups.size());
  ForBlocks(pool, groups.size(), 16, [&](size_t begin, size_t end) {
    std::vector<Scored> rec;
    for (size_t g = begin; g < end; ++g) {
      rec.clear();
      for (RowIdx r : groups.Group(g)) rec.emplace_back(pred[r], static_cast<unsigned>(label[r]));
      value[g] = m.kind == RankMetric::Kind::kPairAccuracy ? PairAccuracy(rec)
                 : m.kind == RankMetric::Kind::kNdcg       ? Ndcg(rec, m)
                                                           : AveragePrecision(rec, m);
    }
  });
  double sum = 0;
  size_t counted = 0;
  for (double v : value) {
    if (v == kSkipped) continue;
    sum += v;
    ++counted;
  }
  // XGBoost divides the float sum by the number of queries.
  return counted ? static_cast<double>(static_cast<float>(sum) / static_cast<float>(counted)) : 0.0;
}

}  // namespace boostlab
