// Seeded random tables for tests: RandomData(rows, cols).Missing(0.1).Seed(3).
#pragma once

#include <algorithm>  // for clamp
#include <cmath>   // for NAN, sin
#include <string>  // for string

#include "boostlab/booster.h"
#include "boostlab/dataset.h"
#include "tree/histogram.h"
#include "util/rng.h"

namespace boostlab::test {

class RandomData {
 public:
  RandomData(size_t rows, size_t cols) : rows_(rows), cols_(cols) {}
  RandomData& Missing(double share) { missing_ = share; return *this; }
  RandomData& Seed(uint64_t seed) { seed_ = seed; return *this; }
  // A share of the (non-missing) cells set to 0, as word counts and flags are.
  RandomData& Zeros(double share) { zeros_ = share; return *this; }
  RandomData& Binary(bool b) { binary_ = b; return *this; }
  // K classes: the noisy function cut into K ranges.
  RandomData& Classes(int k) { classes_ = k; return *this; }

  // Features uniform in [0, 10) rounded to 0.01; label a noisy function of them.
  Dataset Make() const {
    Rng rng(seed_);
    auto uniform = [&] { return static_cast<double>(rng.Next() >> 11) / 9007199254740992.0; };
    Dataset d;
    d.target = "y";
    d.task = binary_ ? Task::kBinary : classes_ > 2 ? Task::kMulticlass : Task::kRegression;
    if (binary_) d.classes = {"0", "1"};
    for (int k = 0; k < classes_; ++k) d.classes.push_back("c" + std::to_string(k));
    std::vector<std::vector<float>> columns(cols_, std::vector<float>(rows_));
    for (size_t f = 0; f < cols_; ++f) d.features.push_back({"f" + std::to_string(f), ColumnType::kNumeric, {}});
    d.label.resize(rows_);
    for (size_t r = 0; r < rows_; ++r) {
      double y = 0;
      for (size_t f = 0; f < cols_; ++f) {
        float v = std::round(static_cast<float>(uniform() * 10) * 100) / 100;
        y += (f % 2 ? -1.0 : 1.0) * std::sin(v + static_cast<double>(f));
        columns[f][r] = uniform() < missing_ ? NAN : zeros_ > 0 && uniform() < zeros_ ? 0.0f : v;
      }
      y += 0.3 * (uniform() - 0.5);
      d.label[r] = binary_ ? (y > 0 ? 1.0f : 0.0f) : static_cast<float>(y);
      if (classes_ > 2) {  // y is mostly within +-(cols / 2)
        const double half = static_cast<double>(cols_) / 2;
        const double at = std::clamp((y + half) / (2 * half), 0.0, 0.999);
        d.label[r] = static_cast<float>(static_cast<int>(at * classes_));
      }
      (r % 5 == 0 ? d.valid_rows : d.train_rows).push_back(static_cast<RowIdx>(r));
    }
    d.x = FeatureColumns(std::move(columns));
    return d;
  }

 private:
  size_t rows_, cols_;
  double missing_ = 0, zeros_ = 0;
  uint64_t seed_ = 0;
  bool binary_ = false;
  int classes_ = 0;
};

// Seeded gradient pairs for histogram tests: g in [-1, 1], h in (0, 1].
inline std::vector<GradPair> RandomGradients(size_t n, uint64_t seed) {
  Rng rng(seed);
  std::vector<GradPair> g(n);
  for (auto& p : g) {
    p.g = static_cast<float>(static_cast<int64_t>(rng.Below(2001)) - 1000) / 997.0f;
    p.h = static_cast<float>(rng.Below(1000) + 1) / 1000.0f;
  }
  return g;
}

// Every row's pair added to its bins in the order `rows` lists them: the
// plainest histogram, which a node of one row block must equal bit for bit.
inline std::vector<HistBin> RowOrderSums(const BinnedMatrix& m, const std::vector<GradPair>& g,
                                         const std::vector<RowIdx>& rows) {
  std::vector<HistBin> sums(m.total_bins());
  for (RowIdx r : rows)
    for (size_t f = 0; f < m.num_features; ++f) {
      HistBin& b = sums[m.offsets[f] + m.Bin(r, f)];
      b.g += g[r].g;
      b.h += g[r].h;
    }
  return sums;
}

// Trains to the end and returns the model.
inline Model Train(const Dataset& d, const Params& p) {
  Booster b(d, p);
  while (!b.Done()) b.TrainOneRound();
  return b.TakeModel();
}

// x = 1, 2, 3, 4 with g = -1, -1, 1, 1 and h = 1: the table worked by hand.
struct SmallTable {
  FeatureColumns x{std::vector<std::vector<float>>{{1, 2, 3, 4}}};
  std::vector<RowIdx> rows = {0, 1, 2, 3};
  std::vector<GradPair> g = {{-1, 1}, {-1, 1}, {1, 1}, {1, 1}};
};

}  // namespace boostlab::test
