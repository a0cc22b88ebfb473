// Monotone and interaction constraints (tree/feature_constraints.h). The
// parity with XGBoost 3.2 is tests/parity/xgboost_constraints; here the
// properties: a constrained model predicts monotonically along the feature on
// 10,000 random rows whatever the others hold (missing values too), also
// where leaves are set after the tree (quantile, Newton steps), and no path
// of a tree mixes features no set allows together. And the refusals.

#include <gtest/gtest.h>

#include <set>     // for set
#include <string>  // for string
#include <vector>  // for vector

#include "boostlab/booster.h"
#include "boostlab/errors.h"
#include "boostlab/model.h"
#include "boostlab/params.h"
#include "random_data.h"
#include "util/rng.h"

namespace boostlab {
namespace feature_constraints_test {

Model Train(const Dataset& data, Params p) {
  Booster b(data, p);
  while (!b.Done()) b.TrainOneRound();
  return b.TakeModel();
}

// 10,000 random rows (a tenth of the cells missing), each also with feature f
// set to 41 increasing values: how many steps of the predictions (every
// output) move against `direction`.
size_t Broken(const Model& m, size_t cols, int f, int direction) {
  constexpr size_t kRows = 10000, kSteps = 41;
  Rng rng(99 + static_cast<uint64_t>(f));
  auto uniform = [&] { return static_cast<double>(rng.Next() >> 11) / 9007199254740992.0; };
  std::vector<std::vector<float>> columns(cols, std::vector<float>(kRows * kSteps));
  for (size_t r = 0; r < kRows; ++r)
    for (size_t c = 0; c < cols; ++c) {
      const float v = uniform() < 0.1 ? NAN : static_cast<float>(uniform() * 12 - 1);
      for (size_t s = 0; s < kSteps; ++s)
        columns[c][r * kSteps + s] = c == static_cast<size_t>(f) ? static_cast<float>(s) * 0.25f - 0.01f : v;
    }
  const FeatureColumns x(std::move(columns));
  const std::vector<float> margin = m.PredictWith(x, "margin", 0);
  const size_t K = static_cast<size_t>(m.num_outputs);
  size_t broken = 0;
  for (size_t r = 0; r < kRows; ++r)
    for (size_t s = 1; s < kSteps; ++s)
      for (size_t k = 0; k < K; ++k) {
        const float before = margin[((r * kSteps) + s - 1) * K + k], after = margin[((r * kSteps) + s) * K + k];
        if (direction > 0 ? after < before : after > before) ++broken;
      }
  return broken;
}

void ExpectMonotone(const Model& m, size_t cols, int f, int direction) {
  EXPECT_EQ(Broken(m, cols, f, direction), 0u) << "feature " << f << " direction " << direction;
}

Dataset Data(bool binary = false) { return test::RandomData(3000, 6).Missing(0.1).Binary(binary).Seed(5).Make(); }

TEST(MonotoneConstraints, PredictionsFollowEachDirectionOnTenThousandRandomRows) {
  const Dataset data = Data();
  Params p;
  p.rounds = 40;
  p.max_depth = 6;
  p.monotone_constraints = "(1,-1,0,0,1)";
  const Model m = Train(data, p);
  ExpectMonotone(m, 6, 0, 1);
  ExpectMonotone(m, 6, 1, -1);
  ExpectMonotone(m, 6, 4, 1);
  // The data does not follow them by itself: unconstrained, the model breaks them.
  Params free = p;
  free.monotone_constraints.clear();
  const Model loose = Train(data, free);
  EXPECT_GT(Broken(loose, 6, 0, 1), 1000u);
}

TEST(MonotoneConstraints, HoldWhereLeavesAreSetAfterTheTreeAndWithLossguide) {
  Params p;
  p.rounds = 25;
  p.monotone_constraints = "{\"f0\": 1, \"f1\": -1}";
  Params quantile = p;
  quantile.objective = "reg:quantileerror";
  quantile.quantile_alpha = {0.8};
  const Model q = Train(Data(), quantile);
  ExpectMonotone(q, 6, 0, 1);
  ExpectMonotone(q, 6, 1, -1);
  Params steps = p;
  steps.leaf_newton_steps = 4;
  steps.grow_policy = "lossguide";
  steps.max_leaves = 20;
  steps.max_depth = 0;
  const Model s = Train(Data(true), steps);
  ExpectMonotone(s, 6, 0, 1);
  ExpectMonotone(s, 6, 1, -1);
}

TEST(MonotoneConstraints, HoldForEveryClassOfAMulticlassModel) {
  Params p;
  p.rounds = 15;
  p.monotone_constraints = "[0,0,-1]";
  const Model m = Train(test::RandomData(2000, 4).Classes(3).Seed(8).Make(), p);
  ASSERT_EQ(m.num_outputs, 3);
  ExpectMonotone(m, 4, 2, -1);
}

// Every feature set a path of the tree splits on, root to each leaf.
void PathFeatures(const Tree& t, int node, std::set<int> path, std::vector<std::set<int>>& out) {
  const TreeNode& n = t.nodes[static_cast<size_t>(node)];
  if (n.left < 0) {
    out.push_back(path);
    return;
  }
  path.insert(n.feature);
  PathFeatures(t, n.left, path, out);
  PathFeatures(t, n.left + 1, path, out);
}

TEST(InteractionConstraints, EveryPathKeepsWithinOneSetWhateverTheSampling) {
  const std::vector<std::set<int>> sets = {{0, 1}, {2, 3, 4}, {1, 5}};
  for (const double bynode : {1.0, 0.5}) {
    Params p;
    p.rounds = 20;
    p.max_depth = 6;
    p.colsample_bynode = bynode;
    p.interaction_constraints = "[[0,1],[\"f2\",\"f3\",\"f4\"],[1,5]]";
    const Model m = Train(Data(), p);
    size_t mixed = 0, paths = 0;
    for (const Tree& t : m.trees) {
      std::vector<std::set<int>> all;
      PathFeatures(t, 0, {}, all);
      for (const std::set<int>& used : all) {
        ++paths;
        // The root may split on anything; below it, the path lies within a set.
        bool within = used.size() <= 1;
        for (const std::set<int>& s : sets) {
          bool inside = true;
          for (int f : used) inside = inside && s.count(f) > 0;
          within = within || inside;
        }
        mixed += !within;
      }
    }
    EXPECT_EQ(mixed, 0u) << "colsample_bynode " << bynode;
    EXPECT_GT(paths, 100u);
  }
}

std::string Refusal(const Dataset& data, const Params& p) {
  try {
    Train(data, p);
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), "BAD_PARAM");
    return e.what();
  }
  return "trained";
}

TEST(FeatureConstraints, MistakesAreRefusedNamingTheEntry) {
  const Dataset data = Data();
  Params p;
  p.rounds = 2;
  p.monotone_constraints = "{\"f9\": 1}";
  EXPECT_NE(Refusal(data, p).find("'f9', which is not a feature"), std::string::npos) << Refusal(data, p);
  p.monotone_constraints = "{\"F1\": 1}";
  EXPECT_NE(Refusal(data, p).find("did you mean 'f1'"), std::string::npos) << Refusal(data, p);
  p.monotone_constraints = "(1,0,0,0,0,0,1)";
  EXPECT_NE(Refusal(data, p).find("7 directions for 6 features"), std::string::npos) << Refusal(data, p);
  p.monotone_constraints = "(1,0)";
  p.algorithm = "gbdt";
  EXPECT_NE(Refusal(data, p).find("algorithm xgboost"), std::string::npos) << Refusal(data, p);
  p = Params{};
  p.interaction_constraints = "[[0,6]]";
  EXPECT_NE(Refusal(data, p).find("there are 6 features, 0 to 5"), std::string::npos) << Refusal(data, p);
  // The text itself is checked as the parameters are read.
  for (const char* bad : {R"x({"monotone_constraints":"(2,0)"})x", R"x({"monotone_constraints":"1,0"})x",
                          R"x({"monotone_constraints":"[0.5]"})x", R"x({"interaction_constraints":"[1,2]"})x",
                          R"x({"interaction_constraints":"[[-1]]"})x", R"x({"monotone_constraints":"{\"a\":1,\"a\":-1}"})x"}) {
    try {
      ParseParams(bad);
      ADD_FAILURE() << bad << " was taken";
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), "BAD_PARAM") << bad;
    }
  }
}

// AdaBoost and the forest minimise their own loss: an objective of another
// kind (reg:gamma, a quantile) was trained as theirs without a word.
TEST(AlgorithmsOwnLoss, AnotherObjectiveIsRefusedNotIgnored) {
  const Dataset data = Data();
  for (const char* algorithm : {"adaboost", "random_forest"}) {
    Params p;
    p.algorithm = algorithm;
    p.rounds = 2;
    p.objective = "reg:quantileerror";
    const std::string why = Refusal(data, p);
    EXPECT_NE(why.find("minimises its own loss"), std::string::npos) << algorithm << ": " << why;
  }
}

TEST(FeatureConstraints, ACategoricalFeatureHasNoOrderToFollow) {
  Dataset data = Data();
  data.features[2].type = ColumnType::kCategorical;
  data.features[2].levels = {"a", "b"};
  Params p;
  p.monotone_constraints = "[0,0,1]";
  EXPECT_NE(Refusal(data, p).find("categorical"), std::string::npos) << Refusal(data, p);
}

}  // namespace feature_constraints_test
}  // namespace boostlab
