// Learning to rank, as XGBoost 1.7's LambdaRankObj on the CPU: rank:pairwise
// (RankNet's pairwise logistic loss) and rank:ndcg (LambdaMART: each pair's
// gradient weighted by |ΔNDCG|, the change in the query's NDCG were the two
// swapped). Each round, every row of a query is paired with one row of
// another relevance grade drawn at random; the pair (i above j) adds
// g = σ(s_i - s_j) - 1 to i and -g to j, and 2·σ(1-σ) to both hessians.
//
// The draws are XGBoost's with one thread: one std::minstd_rand seeded
// (round + 1) * 1111 for every query in order, and libstdc++'s
// uniform_int_distribution, written out here so the WebAssembly build
// (libc++) draws the same numbers. XGBoost with more threads gives each
// thread its own generator, so its pairs depend on the thread count; ours
// are drawn up front in query order and never do.

#include <algorithm>  // for stable_sort, max, fill
#include <iterator>   // for begin, end
#include <cmath>      // for log2
#include <cstdint>    // for uint32_t, uint64_t
#include <string>     // for string
#include <utility>    // for swap
#include <vector>     // for vector

#include "boostlab/errors.h"
#include "objective/objective.h"
#include "objective/rank_objectives.h"
#include "util/exp_float.h"
#include "util/thread_pool.h"

namespace boostlab {

uint32_t MinStdRand::operator()() {
  state_ = static_cast<uint32_t>((static_cast<uint64_t>(state_) * 48271u) % 2147483647u);
  return state_;
}

uint32_t MinStdRand::Below(uint32_t n) {
  // libstdc++'s uniform_int_distribution for a generator with a wider range
  // ([1, 2^31 - 2]): scale down by the whole number of ranges that fit, and
  // draw again past the last whole range.
  const uint32_t urngrange = 2147483646u - 1u;  // max - min
  const uint32_t urange = n - 1;
  const uint32_t uerange = urange + 1;
  const uint32_t scaling = urngrange / uerange;
  const uint32_t past = uerange * scaling;
  uint32_t ret;
  do ret = (*this)() - 1u;
  while (ret >= past);
  return ret / scaling;
}

namespace {

// e^x by ExpFloat (util/exp_float.h): the same bits natively and in wasm.
float Sigmoid(float x) { return 1.0f / (1.0f + ExpFloat(-x)); }

// XGBoost's DCG term of a grade at a 0-based position.
float ItemDcg(unsigned label, uint32_t position) {
  return label != 0 ? static_cast<float>((1u << label) - 1) / std::log2(static_cast<float>(position + 2)) : 0.0f;
}

// |ΔNDCG| of swapping the rows at positions i and j (by score) with grades li, lj.
float DeltaNdcg(uint32_t i, uint32_t j, int li, int lj, float idcg) {
  const float inv_i = 1.0f / std::log2(i + 2.0f), inv_j = 1.0f / std::log2(j + 2.0f);
  const float original = static_cast<float>((1 << li) - 1) * inv_i + static_cast<float>((1 << lj) - 1) * inv_j;
  const float changed = static_cast<float>((1 << lj) - 1) * inv_i + static_cast<float>((1 << li) - 1) * inv_j;
  const float delta = (original - changed) * (1.0f / idcg);
  return delta < 0.0f ? -delta : delta;
}

class LambdaRank : public Objective {
 public:
  explicit LambdaRank(bool ndcg) : ndcg_(ndcg) {}
  const char* name() const override { return ndcg_ ? "rank:ndcg" : "rank:pairwise"; }
  // XGBoost 1.7 starts every score at base_score 0.5 (the ranking ignores a shift).
  std::vector<double> AverageMargin(std::span<const float>, std::span<const RowIdx>) const override { return {0.5}; }
  void Transform(const float* margin, float* out) const override { out[0] = margin[0]; }
  std::vector<std::string> DefaultMetrics() const override { return {"ndcg@5"}; }
  void SetGroups(const QueryGroups* train) override { groups_ = train; }
  void BeginRound(int round) override { round_ = round; }

  void Gradients(std::span<const float> margin, std::span<const float>, std::span<const float> label,
                 std::span<const RowIdx>, std::span<GradPair> out, ThreadPool& pool) const override {
    if (!groups_) throw Error("BAD_PARAM", std::string("Objective ") + name() + " needs query groups.");
    // The draws depend on the grades alone, so they are drawn first, in
    // query order from the one generator; then the queries run in parallel.
    std::vector<uint32_t> draw_begin;
    std::vector<uint32_t> draws = DrawPartners(label, draw_begin);
    // Weights weigh whole queries (each query's rows carry one, dataset.cc):
    // a query's pairs weigh its weight times the queries' count over their
    // weights' sum, as XGBoost's group weights (in float, in query order).
    std::vector<float> query_weight(groups_->size(), 1.0f);
    if (!weight_.empty()) {
      float sum = 0;
      for (size_t g = 0; g < groups_->size(); ++g) sum += weight_[groups_->Group(g)[0]];
      const float norm = static_cast<float>(groups_->size()) / sum;
      for (size_t g = 0; g < groups_->size(); ++g) query_weight[g] = weight_[groups_->Group(g)[0]] * norm;
    }
    ForBlocks(pool, groups_->size(), 8, [&](size_t begin, size_t end) {
      QueryScratch scratch;
      for (size_t g = begin; g < end; ++g) QueryGradients(g, margin, label, &draws[draw_begin[g]], query_weight[g], out, scratch);
    });
  }

 private:
  struct Entry {
    float pred, label;
    RowIdx row;
  };
  struct Pair {
    uint32_t pos, neg;
    float weight;
  };
  struct QueryScratch {
    std::vector<Entry> list;
    std::vector<std::pair<float, uint32_t>> rec;
    std::vector<Pair> pairs;
    std::vector<float> sorted_labels;
  };

  // For every row of every query whose grade is not the query's only one,
  // the draw that picks its partner: Below(rows of other grades), grade by
  // grade from the highest, as QueryGradients consumes them. draw_begin[g] is
  // query g's first.
  std::vector<uint32_t> DrawPartners(std::span<const float> label, std::vector<uint32_t>& draw_begin) const {
    MinStdRand rnd(static_cast<uint32_t>((round_ + 1) * 1111));
    std::vector<uint32_t> draws;
    draws.reserve(groups_->rows.size());
    draw_begin.resize(groups_->size() + 1);
    uint32_t count[32];  // relevance grades are whole numbers 0..31 (query_groups.cc)
    for (size_t g = 0; g < groups_->size(); ++g) {
      draw_begin[g] = static_cast<uint32_t>(draws.size());
      const auto rows = groups_->Group(g);
      std::fill(std::begin(count), std::end(count), 0u);
      for (RowIdx r : rows) ++count[static_cast<unsigned>(label[r]) & 31u];
      const uint32_t n = static_cast<uint32_t>(rows.size());
      for (int grade = 31; grade >= 0; --grade) {
        if (count[grade] == 0 || count[grade] == n) continue;
        for (uint32_t k = 0; k < count[grade]; ++k) draws.push_back(rnd.Below(n - count[grade]));
      }
    }
    draw_begin[groups_->size()] = static_cast<uint32_t>(draws.size());
    return draws;
  }

  void QueryGradients(size_t g, std::span<const float> margin, std::span<const float> label, const uint32_t* draw, float weight,
                      std::span<GradPair> out, QueryScratch& s) const {
    const auto rows = groups_->Group(g);
    auto& list = s.list;
    auto& rec = s.rec;
    auto& pairs = s.pairs;
    list.clear();
    pairs.clear();
    for (RowIdx r : rows) {
      list.push_back({margin[r], label[r], r});
      out[r] = GradPair{};
    }
    std::stable_sort(list.begin(), list.end(), [](const Entry& a, const Entry& b) { return a.pred > b.pred; });
    rec.resize(list.size());
    for (uint32_t i = 0; i < list.size(); ++i) rec[i] = {list[i].label, i};
    std::stable_sort(rec.begin(), rec.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    // For each row, one row drawn from outside its grade's bucket.
    for (uint32_t i = 0; i < rec.size();) {
      uint32_t j = i + 1;
      while (j < rec.size() && rec[j].first == rec[i].first) ++j;
      const uint32_t nleft = i, nright = static_cast<uint32_t>(rec.size() - j);
      if (nleft + nright != 0) {
        for (uint32_t pid = i; pid < j; ++pid) {
          const uint32_t ridx = *draw++;
          if (ridx < nleft) pairs.push_back({rec[ridx].second, rec[pid].second, weight});
          else pairs.push_back({rec[pid].second, rec[ridx + j - i].second, weight});
        }
      }
      i = j;
    }
    if (ndcg_) {
      auto& sorted_labels = s.sorted_labels;
      sorted_labels.resize(list.size());
      for (size_t i = 0; i < list.size(); ++i) sorted_labels[i] = list[i].label;
      std::stable_sort(sorted_labels.begin(), sorted_labels.end(), std::greater<float>());
      double sum = 0;
      for (uint32_t i = 0; i < sorted_labels.size(); ++i) sum += ItemDcg(static_cast<unsigned>(sorted_labels[i]), i);
      const float idcg = static_cast<float>(sum);
      for (Pair& p : pairs)
        p.weight = idcg == 0.0f ? 0.0f
                                : p.weight * DeltaNdcg(p.pos, p.neg, static_cast<int>(list[p.pos].label),
                                                       static_cast<int>(list[p.neg].label), idcg);
    }
    for (const Pair& p : pairs) {
      const Entry& pos = list[p.pos];
      const Entry& neg = list[p.neg];
      const float w = p.weight;  // * 1 / num_pairsample (1)
      const float sg = Sigmoid(pos.pred - neg.pred);
      const float gr = sg - 1.0f;
      const float h = std::max(sg * (1.0f - sg), 1e-16f);
      out[pos.row] = {out[pos.row].g + gr * w, out[pos.row].h + 2.0f * w * h};
      out[neg.row] = {out[neg.row].g - gr * w, out[neg.row].h + 2.0f * w * h};
    }
  }

  bool ndcg_;
  const QueryGroups* groups_ = nullptr;
  int round_ = 0;
};

}  // namespace

void GbRankLoss::Gradients(std::span<const float> margin, std::span<const float>, std::span<const float> label,
                           std::span<const RowIdx>, std::span<GradPair> out, ThreadPool& pool) const {
  if (!groups_) throw Error("BAD_PARAM", "Algorithm gbrank needs query groups.");
  const size_t queries = groups_->size();
  // Queries across threads; a row belongs to one query, so each row's sums
  // are written by one thread, in pair order: the same on any thread count.
  std::vector<std::vector<RowIdx>> wrong(queries);
  std::vector<uint64_t> pairs(queries, 0);
  ForBlocks(pool, queries, 16, [&](size_t begin, size_t end) {
    for (size_t q = begin; q < end; ++q) {
      const auto rows = groups_->Group(q);
      for (RowIdx r : rows) out[r] = GradPair{};
      for (size_t a = 0; a < rows.size(); ++a)
        for (size_t b = a + 1; b < rows.size(); ++b) {
          RowIdx i = rows[a], j = rows[b];
          if (label[i] == label[j]) continue;
          if (label[i] < label[j]) std::swap(i, j);
          ++pairs[q];
          if (margin[i] >= margin[j] + tau_) continue;  // ordered, by the margin
          out[i] = {out[i].g - (margin[j] + tau_), out[i].h + 1.0f};
          out[j] = {out[j].g - (margin[i] - tau_), out[j].h + 1.0f};
          wrong[q].push_back(i);
          wrong[q].push_back(j);
        }
    }
  });
  wrong_.clear();
  pairs_ = 0;
  for (size_t q = 0; q < queries; ++q) {
    wrong_.insert(wrong_.end(), wrong[q].begin(), wrong[q].end());
    pairs_ += pairs[q];
  }
}

std::unique_ptr<Objective> MakeRankObjective(const std::string& name, const Params& params) {
  if (name == "rank:pairwise") return std::make_unique<LambdaRank>(false);
  if (name == "rank:ndcg") return std::make_unique<LambdaRank>(true);
  if (name == "rank:gbrank") return std::make_unique<GbRankLoss>(params.gbrank_tau);
  return nullptr;
}

}  // namespace boostlab
