#include "boost/gbdt.h"

#include "boost/xgboost_style.h"

#include <vector>  // for vector

#include "util/rng.h"

namespace boostlab {

void GbdtFitStatistics(std::span<const GradPair> loss, std::span<const float> weight, std::span<GradPair> fit,
                       std::span<const RowIdx> rows) {
  for (RowIdx r : rows) fit[r] = loss[r].h > 0 ? GradPair{loss[r].g, weight.empty() ? 1.0f : weight[r]} : GradPair{};
}

void GbdtSubsample(std::span<GradPair> loss, size_t n, int outputs, std::span<const RowIdx> rows, double share, Rng& rng) {
  // Partial Fisher-Yates: the first `keep` of a shuffled copy are in the sample.
  std::vector<RowIdx> order(rows.begin(), rows.end());
  const size_t keep = static_cast<size_t>(share * static_cast<double>(order.size()));
  for (size_t i = 0; i < keep && i + 1 < order.size(); ++i) std::swap(order[i], order[i + rng.Below(order.size() - i)]);
  for (size_t i = keep; i < order.size(); ++i)
    for (int k = 0; k < outputs; ++k) loss[k * n + order[i]] = GradPair{};
}

double GbdtLeafValue(std::span<const RowIdx> rows, std::span<const GradPair> loss, double scale) {
  double g = 0, h = 0;
  for (RowIdx r : rows) {
    g += loss[r].g;
    h += loss[r].h;
  }
  return h > 0 ? -g / h * scale : 0.0;
}

namespace {

// Friedman's gradient boosting: least-squares trees on the pseudo-residuals
// r = -g, leaves set by a line search on the loss (or one weight per tree),
// rows subsampled without replacement.
class Gbdt : public XGBoostStyle {
 public:
  using XGBoostStyle::XGBoostStyle;
  bool LeastSquares() const override { return true; }
  void CheckLoss() const override {}  // its leaves are its line search's (leaf_newton_steps is xgboost's)
  void Start() override {
    XGBoostStyle::Start();
    fit_.assign(ctx_.data.x.num_rows * ctx_.K, GradPair{});
    if (ctx_.params.step == "tree_line_search") tree_alpha_.assign(ctx_.K, 0.0);
  }
  void Describe(RoundStatistics& out) const override {
    XGBoostStyle::Describe(out);
    out.tree_alpha = tree_alpha_;
  }

 protected:
  void SampleRows() override {
    TrainingContext& s = ctx_;
    if (s.params.subsample >= 1.0) return;
    Rng rng(s.SeedFor(s.round, 0, 17));
    GbdtSubsample(gpair_, s.data.x.num_rows, s.K, s.data.train_rows, s.params.subsample, rng);
  }

  std::span<const GradPair> FitStatistics(std::span<const GradPair> loss, int k) override {
    const size_t n = ctx_.data.x.num_rows;
    std::span<GradPair> f(fit_.data() + k * n, n);
    GbdtFitStatistics(loss, ctx_.weight, f, ctx_.data.train_rows);
    return f;
  }

  void SetLeaves(Tree& tree, std::span<const TreeLearner::LeafRows> leaves, std::span<const GradPair> loss,
                 double newton_scale, int k) override {
    TrainingContext& s = ctx_;
    for (const auto& leaf : leaves) {
      TreeNode& node = tree.nodes[leaf.node];
      if (s.objective->RefreshesLeaves())
        node.value = static_cast<float>(s.objective->LeafValue(leaf.rows, s.margin, s.data.label, k) * s.params.eta);
      else if (s.params.step == "leaf_line_search")
        node.value = static_cast<float>(GbdtLeafValue(leaf.rows, loss, newton_scale) * s.params.eta);
    }
    if (s.params.step != "tree_line_search") return;
    // One weight for the whole tree: least squares of the residuals r = -g
    // on the tree's outputs (the leaves now hold eta * mean residual).
    double rf = 0, ff = 0;
    for (const auto& leaf : leaves) {
      const double f = tree.nodes[leaf.node].value;
      for (RowIdx r : leaf.rows) {
        if (loss[r].h == 0) continue;  // not in this round's sample (or weighs 0)
        rf += -static_cast<double>(loss[r].g) * f;  // g holds the weight already
        ff += (s.weight.empty() ? 1.0 : s.weight[r]) * f * f;
      }
    }
    const double alpha = ff > 0 ? rf / ff : 0;
    // The source material's alpha_t: the weight of the tree of plain means
    // (f holds eta times them), each tree's own (trees of a round grow side by side).
    tree_alpha_[k] = alpha * s.params.eta;
    for (const auto& leaf : leaves) tree.nodes[leaf.node].value = static_cast<float>(alpha * tree.nodes[leaf.node].value * s.params.eta);
  }

 private:
  std::vector<GradPair> fit_;  // what the trees are fit to: K blocks of n
  std::vector<double> tree_alpha_;  // tree_line_search: the last round's alpha_t per output
};

}  // namespace

// The parameters it reads, its own, and its defaults (boost/algorithm.h).
AlgorithmDeclaration GbdtDeclaration() {
  return {"gbdt", [](TrainingContext& ctx) -> std::unique_ptr<Algorithm> { return std::make_unique<Gbdt>(ctx); },
          {"objective", "eta", "max_depth", "max_leaves", "grow_policy", "min_child_weight", "subsample",
           "colsample_bytree", "colsample_bylevel", "colsample_bynode", "max_cat_to_onehot", "max_cat_threshold",
           "num_class", "base_score", "quantile_alpha", "expectile_alpha", "tweedie_variance_power", "scale_pos_weight"},
          {
              {"step", ParamType::kString, 0, "leaf_line_search", 0, 0, false, {"leaf_line_search", "tree_line_search"}, "",
               "leaf_line_search: each leaf's value minimises the loss (mean, median, Newton step). tree_line_search: one "
               "weight alpha_t for the whole tree, by least squares of the residuals on the tree's outputs."},
              {"huber_alpha", ParamType::kFloat, 0.9, nullptr, 0, 1, true, {}, "",
               "reg:huber: delta_t is this quantile of the round's |residuals|; leaves step by the median plus the mean "
               "clipped deviation (Friedman's M-regression)."}
          },
          {{"eta", 0.1}, {"max_depth", 3}},
          {
           {"eta",
            "Shrinkage nu: each tree's leaf values gamma (from the line search) are multiplied by nu before they are added to F."},
           {"min_child_weight",
            "Smallest total sample weight a child may have (each row counts its weight: rows, when unweighted)."},
           {"max_leaves",
            "Most leaves a tree may have; 0 means no limit."}}};
}

}  // namespace boostlab
