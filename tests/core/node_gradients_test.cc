// Boosted trees keep each node's G (the sum of its rows' gradients) beside
// its cover H, so the page can show w* = -G/(H + lambda) and the gain with
// the engine's own numbers; the model file carries them and reads them back.
#include <gtest/gtest.h>

#include <cmath>   // for abs
#include <string>  // for string

#include "boostlab/booster.h"
#include "boostlab/errors.h"
#include "boostlab/model.h"
#include "random_data.h"

namespace boostlab {
namespace node_gradients_test {

TEST(NodeGradients, EachNodesWeightIsMinusGOverHPlusLambdaTimesEta) {
  Dataset d = test::RandomData(500, 4).Missing(0.05).Seed(11).Make();
  Params p;
  p.rounds = 4;
  p.max_depth = 4;
  p.eta = 0.3;
  p.lambda = 2.0;
  const Model m = test::Train(d, p);
  for (size_t t = 0; t < m.trees.size(); ++t) {
    const Tree& tree = m.trees[t];
    ASSERT_EQ(tree.sum_grad.size(), tree.nodes.size()) << "tree " << t;
    for (size_t i = 0; i < tree.nodes.size(); ++i) {
      const TreeNode& n = tree.nodes[i];
      const double w = -tree.sum_grad[i] / (n.cover + p.lambda);
      EXPECT_NEAR(n.value, w * p.eta, 1e-5 * std::max(1.0, std::abs(w))) << "tree " << t << " node " << i;
    }
    // A split's children share its rows: G adds up as H does.
    for (const TreeNode& n : tree.nodes)
      if (!n.IsLeaf())
        EXPECT_NEAR(tree.sum_grad[&n - tree.nodes.data()], tree.sum_grad[n.left] + tree.sum_grad[n.Right()], 1e-3);
  }
  // The file keeps them; a forest's trees have none.
  const Model back = Model::FromJson(m.ToJson());
  EXPECT_EQ(back.trees[2].sum_grad, m.trees[2].sum_grad);
  Params forest;
  forest.algorithm = "random_forest";
  forest.rounds = 2;
  EXPECT_TRUE(test::Train(d, forest).trees[0].sum_grad.empty());
}

TEST(NodeGradients, AFileWithTheWrongCountSaysSo) {
  Dataset d = test::RandomData(100, 2).Seed(3).Make();
  Params p;
  p.rounds = 1;
  p.max_depth = 2;
  std::string json = test::Train(d, p).ToJson();
  const size_t at = json.find("\"sum_grad\":[");
  ASSERT_NE(at, std::string::npos);
  json.insert(at + 12, "1,");
  try {
    (void)Model::FromJson(json);
    FAIL() << "a sum_grad longer than the tree was read";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), "MODEL_CORRUPT");
    EXPECT_NE(std::string(e.what()).find("sum_grad does not hold one value per node"), std::string::npos) << e.what();
  }
}

}  // namespace node_gradients_test
}  // namespace boostlab
