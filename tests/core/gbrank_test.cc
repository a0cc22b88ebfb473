// GBRank (boost/gbrank.cc) against a direct, slow implementation of Zheng et
// al.'s algorithm: the same wrongly ordered pairs, the same swapped
// regression targets, the same least-squares trees found by exhaustive
// search over raw values, the same blend h_k = (k h_{k-1} + eta g_k)/(k+1).
#include <gtest/gtest.h>

#include <cmath>    // for fabs
#include <random>   // for mt19937
#include <string>   // for string, to_string
#include <vector>   // for vector

#include "boostlab/booster.h"
#include "boostlab/dataset.h"
#include "boostlab/errors.h"
#include "boostlab/model.h"
#include "boostlab/table.h"

namespace boostlab {
namespace gbrank_test {

constexpr int kFeatures = 3;

struct Toy {
  std::vector<std::vector<double>> x;  // rows x features
  std::vector<int> query, grade;
  std::string csv;
};

// Queries of 7 rows, continuous features (no two values equal), grades 0..3
// with at least two grades in every query.
Toy MakeToy(int queries, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(0, 1);
  Toy t;
  t.csv = "q,f0,f1,f2,rel\n";
  for (int q = 0; q < queries; ++q)
    for (int i = 0; i < 7; ++i) {
      std::vector<double> row(kFeatures);
      for (double& v : row) v = std::round(u(gen) * 1e6) / 1e6;
      const int grade = i < 2 ? i : static_cast<int>(gen() % 4);
      const double signal = row[0] + 0.5 * row[1];  // grades follow the features, loosely
      const int g = i < 2 ? grade : std::min(3, static_cast<int>(signal * 2.5 + (gen() % 2)));
      t.x.push_back(row);
      t.query.push_back(q);
      t.grade.push_back(g);
      t.csv += std::to_string(q);
      for (double v : row) t.csv += "," + std::to_string(v);
      t.csv += "," + std::to_string(g) + "\n";
    }
  return t;
}

// One least-squares regression tree on (row, target) entries, grown depth
// first to max_depth by exhaustive search: thresholds halfway between
// consecutive distinct training values, gain S_L^2/n_L + S_R^2/n_R - S^2/n.
struct SlowTree {
  struct Node {
    int feature = -1;
    double threshold = 0, value = 0;
    int left = -1, right = -1;
  };
  std::vector<Node> nodes;

  int Grow(const Toy& t, const std::vector<std::pair<int, double>>& entries, int depth, int max_depth) {
    const int id = static_cast<int>(nodes.size());
    nodes.push_back({});
    double sum = 0;
    for (const auto& [row, target] : entries) sum += target;
    nodes[id].value = entries.empty() ? 0 : sum / static_cast<double>(entries.size());
    if (depth == max_depth) return id;
    double best = 1e-9;
    int best_f = -1;
    double best_t = 0;
    for (int f = 0; f < kFeatures; ++f) {
      std::vector<double> values;
      for (const auto& row : t.x) values.push_back(row[f]);
      std::sort(values.begin(), values.end());
      for (size_t i = 0; i + 1 < values.size(); ++i) {
        const double threshold = (values[i] + values[i + 1]) / 2;
        double sl = 0, sr = 0;
        int nl = 0, nr = 0;
        for (const auto& [row, target] : entries) (t.x[row][f] < threshold ? (sl += target, ++nl) : (sr += target, ++nr));
        if (nl == 0 || nr == 0) continue;
        const double gain = sl * sl / nl + sr * sr / nr - sum * sum / static_cast<double>(entries.size());
        if (gain > best) best = gain, best_f = f, best_t = threshold;
      }
    }
    if (best_f < 0) return id;
    std::vector<std::pair<int, double>> left, right;
    for (const auto& e : entries) (t.x[e.first][best_f] < best_t ? left : right).push_back(e);
    nodes[id].feature = best_f;
    nodes[id].threshold = best_t;
    const int l = Grow(t, left, depth + 1, max_depth);
    const int r = Grow(t, right, depth + 1, max_depth);
    nodes[id].left = l;
    nodes[id].right = r;
    return id;
  }
  double Predict(const std::vector<double>& row) const {
    int i = 0;
    while (nodes[i].feature >= 0) i = row[nodes[i].feature] < nodes[i].threshold ? nodes[i].left : nodes[i].right;
    return nodes[i].value;
  }
};

struct SlowRound {
  std::vector<double> h;  // h_k of every row
  int wrong = 0;
  bool every_row_has_a_target = true;
};

// The paper's algorithm, k = 1..rounds, from h_0 = 0.
std::vector<SlowRound> SlowGbRank(const Toy& t, int rounds, double eta, double tau, int max_depth) {
  const size_t n = t.x.size();
  std::vector<double> h(n, 0.0);
  std::vector<SlowRound> out;
  for (int k = 1; k <= rounds; ++k) {
    std::vector<std::pair<int, double>> entries;
    std::vector<int> targets(n, 0);
    int wrong = 0;
    for (size_t a = 0; a < n; ++a)
      for (size_t b = 0; b < n; ++b) {
        if (t.query[a] != t.query[b] || t.grade[a] <= t.grade[b]) continue;  // a preferred to b
        if (h[a] >= h[b] + tau) continue;                                    // in S+
        ++wrong;
        entries.push_back({static_cast<int>(a), h[b] + tau});
        entries.push_back({static_cast<int>(b), h[a] - tau});
        ++targets[a], ++targets[b];
      }
    SlowTree g;
    g.Grow(t, entries, 0, max_depth);
    for (size_t r = 0; r < n; ++r) h[r] = (k * h[r] + eta * g.Predict(t.x[r])) / (k + 1);
    SlowRound round{h, wrong};
    for (int c : targets) round.every_row_has_a_target &= c > 0;
    out.push_back(round);
  }
  return out;
}

Dataset ToyData(const Toy& t) {
  DatasetOptions o;
  o.target = "rel";
  o.group = "q";
  o.valid_fraction = 0;
  return Dataset::FromTable(ReadCsv(t.csv), o);
}

TEST(GbRank, EveryRoundIsTheSlowImplementationsRound) {
  const Toy toy = MakeToy(6, 7);
  const Dataset data = ToyData(toy);
  const int rounds = 5;
  // eta 1: no pair reaches the margin tau (a pair's gap settles near 2 eta tau/(1 + eta)), so
  // every row has targets every round and no split is a tie between thresholds no row tells apart.
  const std::vector<SlowRound> slow = SlowGbRank(toy, rounds, 1.0, 0.7, 2);
  for (int threads : {1, 2}) {
    Params p = ParseParams(R"({"algorithm":"gbrank","eta":1,"gbrank_tau":0.7,"max_depth":2,"rounds":5,"min_child_weight":0})");
    p.nthread = threads;
    Booster b(data, p);
    for (int k = 0; k < rounds; ++k) {
      ASSERT_TRUE(slow[k].every_row_has_a_target) << "round " << k + 1 << ": the test's premise";
      const RoundReport report = b.TrainOneRound();
      EXPECT_EQ(report.wrong_pairs, slow[k].wrong) << "round " << k + 1;
      const std::vector<float> h = b.Snapshot().PredictWith(data.x, "margin", 0);
      for (size_t r = 0; r < h.size(); ++r)
        ASSERT_NEAR(h[r], slow[k].h[r], 1e-4) << "round " << k + 1 << ", row " << r << ", " << threads << " threads";
    }
  }
}

TEST(GbRank, TheRoundsStatisticsAreItsPairsTargetsAndBlend) {
  const Toy toy = MakeToy(8, 11);
  const Dataset data = ToyData(toy);
  // eta 3: pairs get ordered by tau and leave S-.
  Booster b(data, ParseParams(R"({"algorithm":"gbrank","eta":3,"gbrank_tau":1,"max_depth":3,"rounds":6})"));
  std::vector<float> h(data.x.num_rows, 0.0f);
  bool some_left = false;
  for (int k = 1; k <= 6; ++k) {
    const RoundReport report = b.TrainOneRound();
    const RoundStatistics s = b.LastRoundStatistics();
    EXPECT_EQ(s.kind, "gbrank");
    ASSERT_EQ(s.pairs.size(), 2 * static_cast<size_t>(report.wrong_pairs));
    std::vector<double> sum(h.size(), 0), count(h.size(), 0);
    int wrong = 0;
    for (size_t a = 0; a < h.size(); ++a)
      for (size_t c = 0; c < h.size(); ++c)
        if (toy.query[a] == toy.query[c] && toy.grade[a] > toy.grade[c] && h[a] < h[c] + 1.0f) {
          ++wrong;
          sum[a] += h[c] + 1.0, ++count[a];
          sum[c] += h[a] - 1.0, ++count[c];
        }
    EXPECT_EQ(report.wrong_pairs, wrong) << "round " << k;
    for (size_t i = 0; i < s.pairs.size(); i += 2) {
      const RowIdx hi = s.pairs[i], lo = s.pairs[i + 1];
      EXPECT_EQ(toy.query[hi], toy.query[lo]);
      EXPECT_GT(toy.grade[hi], toy.grade[lo]);
      EXPECT_LT(h[hi], h[lo] + 1.0f) << "pair " << hi << ", " << lo << " was ordered by the margin";
    }
    for (size_t r = 0; r < h.size(); ++r) {
      EXPECT_NEAR(s.grad[r], -sum[r], 1e-4) << "round " << k << " row " << r;
      EXPECT_EQ(s.hess[r], count[r]);
    }
    EXPECT_DOUBLE_EQ(s.blend_keep, k / (k + 1.0));
    EXPECT_DOUBLE_EQ(s.blend_add, 3.0 / (k + 1.0));
    // h_k = keep h_{k-1} + add g_k, g_k the mean target in each row's leaf.
    const Model m = b.Snapshot();
    const Tree& tree = m.trees.back();
    const std::vector<float> next = m.PredictWith(data.x, "margin", 0);
    for (size_t r = 0; r < h.size(); ++r) {
      const int node = tree.Leaf(data.x, r);
      double g = 0;
      for (const RoundStatistics::Leaf& leaf : s.leaves)
        if (leaf.node == node) g = leaf.step;
      EXPECT_NEAR(next[r], s.blend_keep * h[r] + s.blend_add * g, 1e-4) << "round " << k << " row " << r;
    }
    some_left |= report.wrong_pairs < report.pairs;
    h = next;
  }
  EXPECT_TRUE(some_left) << "no pair ever got ordered by the margin";
}

TEST(GbRank, NeedsAGroupColumn) {
  DatasetOptions o;
  o.target = "y";
  o.valid_fraction = 0;
  const Dataset d = Dataset::FromTable(ReadCsv("x,y\n1,0\n2,1\n3,0\n"), o);
  try {
    Booster b(d, ParseParams(R"({"algorithm":"gbrank"})"));
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), "BAD_PARAM");
    EXPECT_NE(std::string(e.what()).find("group column"), std::string::npos) << e.what();
  }
}

}  // namespace gbrank_test
}  // namespace boostlab
