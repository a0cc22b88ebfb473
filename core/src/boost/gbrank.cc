// GBRank (Zheng, Chen, Sun, Zha, SIGIR 2007, "A regression framework for
// learning ranking functions using relative relevance judgments"), the
// ranking method the source material's gradient-boosting notes were written
// for. Round k (1-based), with h_{k-1} the current scores:
//   1. S- = the pairs (x, y) of a query's rows, x more relevant, that h_{k-1}
//      orders wrongly or within the margin tau: h(x) < h(y) + tau;
//   2. fit a least-squares regression tree g_k to the swapped targets
//      {(x, h(y) + tau), (y, h(x) - tau) : (x, y) in S-} (rank:gbrank's
//      statistics, objective/rank_objectives.h);
//   3. h_k = (k * h_{k-1} + eta * g_k) / (k + 1).
// Step 3 is not a sum of trees: it shrinks everything before by k/(k+1). The
// model stays a plain sum (one format, XGBoost's too) by rescaling the
// earlier trees' values and every row's score each round; after T rounds
// h_T = eta/(T+1) * (g_1 + ... + g_T) exactly. A prefix of t trees then
// scores h_t * (t+1)/(T+1): the same ranking as h_t.

#include <memory>  // for make_unique
#include <string>  // for string

#include "boost/gbdt.h"
#include "boost/xgboost_style.h"
#include "boostlab/errors.h"
#include "objective/rank_objectives.h"

namespace boostlab {
namespace {

class GbRank : public XGBoostStyle {
 public:
  using XGBoostStyle::XGBoostStyle;
  bool LeastSquares() const override { return true; }
  std::string Objective() const override { return "rank:gbrank"; }
  int Learners() const override { return 1; }
  void CheckLoss() const override {}  // its leaves are mean targets (leaf_newton_steps is xgboost's)
  void Check() const override {
    Algorithm::Check();
    if (ctx_.data.task != Task::kRanking)
      throw Error("BAD_PARAM", "Algorithm gbrank orders the rows of each query: it needs a group column, the query each row "
                               "belongs to (toDataset's group, e.g. group: 'qid').");
  }
  void AfterRound(RoundReport& report) override {
    const GbRankLoss& loss = Loss();
    report.pairs = static_cast<int64_t>(loss.Pairs());
    report.wrong_pairs = static_cast<int64_t>(loss.WrongPairs().size() / 2);
  }
  void Describe(RoundStatistics& out) const override {
    XGBoostStyle::Describe(out);
    out.kind = "gbrank";
    const GbRankLoss& loss = Loss();
    out.pairs = loss.WrongPairs();
    out.pair_count = loss.Pairs();
    const double k = ctx_.round;  // the round just trained, 1-based
    out.blend_keep = k / (k + 1);
    out.blend_add = ctx_.params.eta / (k + 1);
    // Each leaf's g_k: the mean of the targets that reach it (every target weighs 1).
    for (RoundStatistics::Leaf& leaf : out.leaves) leaf.mean = leaf.step = leaf.sum_hess > 0 ? -leaf.sum_grad / leaf.sum_hess : 0.0;
  }

 protected:
  void SetLeaves(Tree& tree, std::span<const TreeLearner::LeafRows> leaves, std::span<const GradPair> loss, double, int) override {
    TrainingContext& s = ctx_;
    const double k = s.round + 1;  // 0-based while the round trains
    const float keep = static_cast<float>(k / (k + 1)), add = static_cast<float>(s.params.eta / (k + 1));
    // h_{k-1} * k/(k+1): the earlier trees and the scores they gave.
    for (Tree& earlier : s.model.trees)
      for (TreeNode& node : earlier.nodes) node.value *= keep;
    s.ForRows(s.data.train_rows, [&](RowIdx r) { s.margin[r] *= keep; });
    s.ForRows(s.data.valid_rows, [&](RowIdx r) { s.margin[r] *= keep; });
    // + eta/(k+1) * g_k: the leaf's mean target (inner nodes: their rows' mean, for display).
    for (TreeNode& node : tree.nodes) node.value = static_cast<float>(node.value / s.params.eta * add);
    for (const auto& leaf : leaves) tree.nodes[leaf.node].value = static_cast<float>(GbdtLeafValue(leaf.rows, loss, 1.0) * add);
  }

 private:
  const GbRankLoss& Loss() const { return static_cast<const GbRankLoss&>(*ctx_.objective); }
};

}  // namespace

// The parameters it reads, its own, and its defaults (boost/algorithm.h).
AlgorithmDeclaration GbRankDeclaration() {
  return {"gbrank", [](TrainingContext& ctx) -> std::unique_ptr<Algorithm> { return std::make_unique<GbRank>(ctx); },
          {"eta", "max_depth", "max_leaves", "grow_policy", "min_child_weight", "colsample_bytree", "colsample_bylevel",
           "colsample_bynode", "max_cat_to_onehot", "max_cat_threshold"},
          {
              {"gbrank_tau", ParamType::kFloat, 1, nullptr, 0, 1e30, true, {}, "",
               "The margin tau: a pair (x more relevant than y) is learnt from while h(x) < h(y) + tau, with targets "
               "h(y) + tau for x and h(x) - tau for y."},
          },
          {{"eta", 1.0}, {"max_depth", 4}},
          {
              {"eta", "eta of the blend h_k = (k h_{k-1} + eta g_k) / (k + 1). Below 1 no pair's gap reaches tau (it "
                      "settles near 2 eta tau / (1 + eta)), so every pair stays in S-; above 1 pairs get ordered and drop out."},
              {"min_child_weight", "Fewest regression targets a leaf may hold (a row in three wrong pairs has three)."},
          }};
}

}  // namespace boostlab
