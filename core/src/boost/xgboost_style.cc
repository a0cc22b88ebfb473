#include "boost/xgboost_style.h"

#include <algorithm>  // for clamp, max
#include <cmath>      // for abs, copysign, isinf
#include <limits>     // for numeric_limits
#include <string>     // for to_string

#include "boostlab/errors.h"

#include "util/rng.h"

namespace boostlab {

void XGBoostStyle::Start() {
  gpair_.assign(ctx_.data.x.num_rows * ctx_.K, GradPair{});
  if (ctx_.params.booster == "dart") dropout_ = std::make_unique<Dropout>(ctx_.params);
}

void XGBoostStyle::AddToMargins(size_t t, bool subtract) {
  TrainingContext& s = ctx_;
  const Tree& tree = s.model.trees[t];
  const size_t K = static_cast<size_t>(s.K);
  const size_t k = t % K;  // K trees a round, and a continued model's rounds are whole
  auto walk = [&](RowIdx r) {
    int node = 0;
    while (!tree.nodes[node].IsLeaf())
      node = tree.Next(tree.nodes[node], s.bins.ValueOfBin(r, static_cast<size_t>(tree.nodes[node].feature)));
    float& m = s.margin[static_cast<size_t>(r) * K + k];
    m = subtract ? m - tree.nodes[node].value : m + tree.nodes[node].value;
  };
  s.ForRows(s.data.train_rows, walk);
  s.ForRows(s.data.valid_rows, walk);
}

void XGBoostStyle::SampleRows() {
  TrainingContext& s = ctx_;
  if (s.params.subsample >= 1.0) return;
  // Rows left out of this round keep their place but weigh nothing (as XGBoost's hist).
  const size_t n = s.data.x.num_rows;
  Rng rng(s.SeedFor(s.round, 0, 17));
  for (RowIdx r : s.data.train_rows)
    if (static_cast<double>(rng.Next() >> 11) * 0x1.0p-53 >= s.params.subsample)
      for (int k = 0; k < s.K; ++k) gpair_[k * n + r] = GradPair{};
}

std::span<const GradPair> XGBoostStyle::FitStatistics(std::span<const GradPair> loss, int) { return loss; }

void XGBoostStyle::CheckLoss() const {
  const TrainingContext& s = ctx_;
  if (s.params.leaf_newton_steps > 1 && !s.objective->StepsLeaves())
    throw Error("BAD_PARAM", "Parameter 'leaf_newton_steps' is " + std::to_string(s.params.leaf_newton_steps) + "; " +
                                 s.objective->name() + " takes one step per leaf (more steps need a single-output loss "
                                 "whose leaves are Newton steps: binary:logistic, reg:squarederror, count:poisson, ...).");
}

void XGBoostStyle::SetLeaves(Tree& tree, std::span<const TreeLearner::LeafRows> leaves, std::span<const GradPair> loss,
                             double, int k) {
  TrainingContext& s = ctx_;
  if (s.objective->RefreshesLeaves()) {
    for (const auto& leaf : leaves)
      tree.nodes[leaf.node].value = static_cast<float>(leaf.Bounded(s.objective->LeafValue(leaf.rows, s.margin, s.data.label, k)) * s.params.eta);
    return;
  }
  if (s.params.leaf_newton_steps > 1) StepLeaves(tree, leaves, loss, s.learners[0]->params().split);
}

// Each leaf minimises its rows' regularised loss, f(w) = sum L(y, F + w) +
// lambda w^2/2 + alpha |w|, by Newton steps from w = 0. The first is w* =
// -T(G)/(H+lambda), the value the tree was grown with; each next one is
// taken at F + w (lambda w added to G; alpha's soft threshold applied where
// the step lands, a proximal step; then max_delta_step's clip). f is convex,
// so the sign of its slope at each w visited brackets the minimum; a step
// that would leave the bracket goes to the middle of its side instead (a
// safeguarded Newton method): undamped, a leaf whose curvature collapses
// away from the minimum (logistic far from its labels, pseudo-Huber beyond
// its slope) jumped from side to side without end. A leaf is one task, its
// rows summed in order: the same values whatever the thread count.
void XGBoostStyle::StepLeaves(Tree& tree, std::span<const TreeLearner::LeafRows> leaves, std::span<const GradPair> loss,
                              const SplitParams& p) {
  TrainingContext& s = ctx_;
  const bool sampled = s.params.subsample < 1.0;
  s.pool.Run(static_cast<int>(leaves.size()), [&](int i) {
    const TreeLearner::LeafRows& leaf = leaves[static_cast<size_t>(i)];
    // Rows this round's sample left out weigh (0, 0): they take no part.
    std::vector<RowIdx> kept;
    std::span<const RowIdx> rows = leaf.rows;
    if (sampled) {
      for (RowIdx r : leaf.rows)
        if (loss[r].h != 0 || loss[r].g != 0) kept.push_back(r);
      rows = kept;
    }
    double w = 0, lo = -std::numeric_limits<double>::infinity(), hi = std::numeric_limits<double>::infinity();
    for (int step = 0; step < s.params.leaf_newton_steps; ++step) {
      const GradSum sum = s.objective->SumsAt(rows, s.margin, s.data.label, w);
      // As LeafWeight, the first step is 0 on less curvature than min_child_weight; the
      // later ones are safe on any (a step past the bracket goes halfway).
      if (sum.h <= 0 || (step == 0 && sum.h < p.min_child_weight)) break;
      const double g = sum.g + p.lambda * w;
      // f's slope at w (at 0 with alpha, the side alpha's threshold leaves, if any).
      const double slope = w != 0 ? g + std::copysign(p.alpha, w) : std::abs(g) <= p.alpha ? 0.0 : g - std::copysign(p.alpha, g);
      if (slope == 0) break;  // the minimum
      (slope > 0 ? hi : lo) = w;
      const double h = sum.h + p.lambda;
      double next = w - g / h;
      if (p.alpha != 0) next = std::copysign(std::max(std::abs(next) - p.alpha / h, 0.0), next);
      if (p.max_delta_step != 0) next = std::clamp(next, -p.max_delta_step, p.max_delta_step);
      if (!(next > lo && next < hi)) {
        const double end = slope > 0 ? lo : hi;
        if (std::isinf(end)) break;  // max_delta_step's clip holds the leaf at its bound
        next = (end + w) / 2;
      }
      w = next;
    }
    tree.nodes[leaf.node].value = static_cast<float>(leaf.Bounded(w) * s.params.eta);
  });
}

// The second-order objective a tree reached, from its leaves' G (sum_grad),
// H (cover) and values (eta * w): sum of G w + (H + lambda) w^2 / 2 +
// alpha |w| + gamma over its leaves.
// The notes' objective of the tree at its leaves' values, with the price of
// a leaf at half of gamma: XGBoost's gamma (min_split_loss), which this
// engine follows, keeps a split when the bracket G_L^2/(H_L+lambda) + ... is
// at least gamma, that is when the split lowers -1/2 sum G^2/(H+lambda) by
// gamma / 2; priced at the whole gamma, a kept split could raise the
// objective the tree was grown to lower.
double XGBoostStyle::TreeObjective(const Tree& tree, double scale) const {
  const Params& p = ctx_.params;
  double objective = 0;
  for (size_t i = 0; i < tree.nodes.size(); ++i) {
    const TreeNode& node = tree.nodes[i];
    if (!node.IsLeaf()) continue;
    const double w = node.value / (p.eta * scale), g = tree.sum_grad.empty() ? 0 : tree.sum_grad[i], h = node.cover;
    objective += g * w + 0.5 * (h + p.lambda) * w * w + p.alpha * std::abs(w) + 0.5 * p.gamma;
  }
  return objective;
}

// K trees on the loss's gradients.
RoundReport XGBoostStyle::Round() {
  TrainingContext& s = ctx_;
  const size_t n = s.data.x.num_rows;
  const int K = s.K;
  s.objective->BeginRound(s.round);
  // dart: the trees this round leaves out are taken out of the margins the gradients are taken at.
  std::vector<size_t> drawn;
  Dropout::Scales scales;
  if (dropout_) {
    drawn = dropout_->Draw(s.SeedFor(s.round, 0, 61));
    scales = dropout_->ScalesFor(drawn.size(), K);
    for (size_t i : drawn) AddToMargins(s.init_trees + i, true);
    if (!drawn.empty()) s.UpdatePredictions(s.data.train_rows);
  }
  added_scale_ = scales.added;
  s.objective->Gradients(s.margin, s.pred, s.data.label, s.data.train_rows, gpair_, s.pool);
  SampleRows();

  RoundReport report;
  std::vector<Tree> trees(K);
  const int L = static_cast<int>(s.learners.size());
  // Softmax's h is c p(1-p); Friedman's multinomial step is (K-1)/K * sum r /
  // sum p(1-p), so gbdt scales -G/H by c (K-1)/K.
  const double newton_scale = K == 1 ? 1.0 : static_cast<double>(SoftmaxHessianFactor(s.params, K)) * (K - 1) / K;
  auto grow_class = [&](TreeLearner& learner, int k) {
    std::span<const GradPair> loss(gpair_.data() + k * n, n);
    Tree tree = learner.Grow(FitStatistics(loss, k), s.data.train_rows, s.SeedFor(s.round, k, 29));
    const auto leaves = learner.Leaves();
    SetLeaves(tree, leaves, loss, newton_scale, k);
    if (scales.added != 1)
      for (const auto& leaf : leaves) tree.nodes[leaf.node].value = static_cast<float>(tree.nodes[leaf.node].value * scales.added);
    for (const auto& leaf : leaves) {
      const float value = tree.nodes[leaf.node].value;
      s.ForRows(leaf.rows, [&](RowIdx r) { s.margin[static_cast<size_t>(r) * K + k] += value; });
    }
    // Validation rows walk the tree by their bins (same leaves as by values,
    // one cache line per row), in row blocks across threads.
    s.ForLeaves(learner, s.data.valid_rows, [&](RowIdx r, int leaf) { s.margin[static_cast<size_t>(r) * K + k] += tree.nodes[leaf].value; });
    trees[k] = std::move(tree);
  };
  if (L == 1) {
    for (int k = 0; k < K; ++k) grow_class(*s.learners[0], k);
  } else {
    s.pool.Run(L, [&](int l) {
      for (int k = l; k < K; k += L) grow_class(*s.learners[l], k);
    });
  }
  // Gradient boosting's least-squares trees are not this objective's (their leaves are line searches).
  if (!LeastSquares()) report.tree_objective = 0;
  for (Tree& tree : trees) {
    TrainingContext::Summarise(report, tree);
    if (!LeastSquares()) report.tree_objective += TreeObjective(tree, scales.added);
    s.model.trees.push_back(std::move(tree));
  }
  if (dropout_) {
    // The dropped trees come back scaled (into their leaf values, then the margins).
    for (size_t i : drawn) {
      for (TreeNode& node : s.model.trees[s.init_trees + i].nodes)
        if (node.IsLeaf()) node.value = static_cast<float>(node.value * scales.dropped);
      AddToMargins(s.init_trees + i, false);
    }
    dropout_->Commit(drawn, scales, K);
    report.dropped = static_cast<int>(drawn.size());
  }
  return report;
}

void XGBoostStyle::Describe(RoundStatistics& out) const {
  const TrainingContext& s = ctx_;
  const size_t n = s.data.x.num_rows;
  const int K = s.K;
  out.kind = "gradients";
  out.grad.assign(n * K, 0.0f);
  out.hess.assign(n * K, 0.0f);
  for (int k = 0; k < K; ++k)
    for (RowIdx r : s.data.train_rows) {
      out.grad[static_cast<size_t>(r) * K + k] = gpair_[k * n + r].g;
      out.hess[static_cast<size_t>(r) * K + k] = gpair_[k * n + r].h;
    }
  const size_t trees = s.model.trees.size();
  if (trees < s.init_trees + K) return;  // no round yet, or its trees were taken
  for (int k = 0; k < K; ++k) {
    const size_t t = trees - K + k;
    const Tree& tree = s.model.trees[t];
    std::vector<RoundStatistics::Leaf> sums(tree.nodes.size());
    // Rows the round fit: those it left out (subsample) have (0, 0).
    for (RowIdx r : s.data.train_rows) {
      const GradPair gp = gpair_[k * n + r];
      if (gp.g == 0 && gp.h == 0) continue;
      int node = 0;  // walked by the row's bins: the feature values may be gone (FeatureColumns::Release)
      while (!tree.nodes[node].IsLeaf()) node = tree.Next(tree.nodes[node], s.bins.ValueOfBin(r, static_cast<size_t>(tree.nodes[node].feature)));
      RoundStatistics::Leaf& leaf = sums[node];
      leaf.rows += 1;
      leaf.weight += s.weight.empty() ? 1.0 : s.weight[r];
      leaf.sum_grad += gp.g;
      leaf.sum_hess += gp.h;
    }
    for (size_t i = 0; i < tree.nodes.size(); ++i) {
      if (!tree.nodes[i].IsLeaf()) continue;
      RoundStatistics::Leaf leaf = sums[i];
      leaf.tree = static_cast<int>(t);
      leaf.node = static_cast<int>(i);
      leaf.mean = leaf.weight > 0 ? -leaf.sum_grad / leaf.weight : 0.0;
      leaf.step = tree.nodes[i].value / (s.params.eta * added_scale_);
      out.leaves.push_back(leaf);
    }
  }
}

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

}  // namespace

// The parameters it reads, its own, and its defaults (boost/algorithm.h).
AlgorithmDeclaration XGBoostStyleDeclaration() {
  return {"xgboost", [](TrainingContext& ctx) -> std::unique_ptr<Algorithm> { return std::make_unique<XGBoostStyle>(ctx); },
          {"objective", "eta", "max_depth", "max_leaves", "grow_policy", "min_child_weight", "subsample",
           "colsample_bytree", "colsample_bylevel", "colsample_bynode", "max_cat_to_onehot", "max_cat_threshold",
           "num_class", "base_score", "quantile_alpha", "expectile_alpha", "tweedie_variance_power", "scale_pos_weight", "monotone_constraints", "interaction_constraints"},
          {
              {"lambda", ParamType::kFloat, 1, nullptr, 0, kInf, false, {}, "",
               "L2 penalty on leaf weights: w* = -G/(H+lambda), gain uses G^2/(H+lambda)."},
              {"alpha", ParamType::kFloat, 0, nullptr, 0, kInf, false, {}, "",
               "L1 penalty on leaf weights: G is soft-thresholded by alpha before w* and the gain."},
              {"gamma", ParamType::kFloat, 0, nullptr, 0, kInf, false, {}, "",
               "Minimum loss reduction a split must bring (the gamma*T term of the objective)."},
              {"max_delta_step", ParamType::kFloat, kNaN, nullptr, 0, kInf, false, {}, "",
               "Largest |w*| a leaf may take (0: no limit; empty: 0.7 for count:poisson, else 0)."},
              {"leaf_newton_steps", ParamType::kInt, 1, nullptr, 1, 100, false, {}, "",
               "Newton steps each leaf's value takes on its rows' loss once the tree is grown. 1: w* = -G/(H+lambda), "
               "XGBoost's one step from 0. More: each next step is taken at the gradients of F + w, toward the w that "
               "minimises sum L(y, F + w) + lambda w^2/2 + alpha |w| (a step that would pass the slope's last change of "
               "sign goes halfway instead); CatBoost's leaf_estimation_iterations. Single-output losses."},
              {"quantized_grad", ParamType::kInt, 0, nullptr, 0, 1, false, {}, "",
               "1: histograms are summed from each row's g and h rounded to whole units (stochastically, so each keeps "
               "its mean; 32-bit sums, so the finer the fewer the rows: 2,684 levels of the largest g on 800,000 rows), "
               "as LightGBM's use_quantized_grad: one integer add where a pair of doubles took two, half the bytes. The "
               "splits are chosen on those sums; the leaves' values (and each node's G and H) are then the exact sums' "
               "of their rows. Single-output losses with h >= 0; 0: exact sums, as XGBoost."},
              {"softmax_hessian", ParamType::kString, 0, "xgboost", 0, 0, false, {"xgboost", "lightgbm"}, "",
               "Multiclass: the h each class's tree is grown on. xgboost: 2p(1-p), a bound that halves the Newton step; "
               "lightgbm: K/(K-1) p(1-p), the softmax's curvature spread over its K-1 free outputs (steps 2(K-1)/K times "
               "as long: the same for 2 classes, nearly twice for many)."},
              {"huber_slope", ParamType::kFloat, 1, nullptr, 0, kInf, true, {}, "",
               "The delta of reg:pseudohubererror: errors far beyond it count linearly."},
              {"booster", ParamType::kString, 0, "gbtree", 0, 0, false, {"gbtree", "dart"}, "",
               "gbtree: each round's trees are added to all before them. dart (XGBoost's DART: dropout): each round leaves "
               "out some earlier trees (rate_drop) while it fits the new one, so it learns what the rest miss; the new tree "
               "and the dropped ones are then scaled to stand together where the dropped ones stood (normalize_type). Later "
               "trees stop merely polishing the first ones. The scales are in the trees' leaf values: the model is a plain "
               "sum of trees (it exports as XGBoost's gbtree), and an earlier round looked at later shows its trees as the "
               "later rounds scaled them. Early stopping is refused: later rounds rescale the trees of the best one, so the "
               "model cut back to it is not the one scored."},
              {"rate_drop", ParamType::kFloat, 0, nullptr, 0, 1, false, {}, "",
               "dart: the chance each earlier tree is left out of a round (0: none, and dart is gbtree)."},
              {"skip_drop", ParamType::kFloat, 0, nullptr, 0, 1, false, {}, "",
               "dart: the chance a round drops nothing at all (a gbtree round), before rate_drop and one_drop are tried."},
              {"one_drop", ParamType::kInt, 0, nullptr, 0, 1, false, {}, "",
               "dart: 1 drops one tree whenever rate_drop's draws left none (unless skip_drop skipped the round)."},
              {"sample_type", ParamType::kString, 0, "uniform", 0, 0, false, {"uniform", "weighted"}, "",
               "dart: uniform gives every earlier tree the same chance; weighted a chance in proportion to its weight (a tree "
               "dropped and rescaled often weighs less, and is dropped less)."},
              {"normalize_type", ParamType::kString, 0, "tree", 0, 0, false, {"tree", "forest"}, "",
               "dart, with k trees dropped and lr = eta / (trees a round): tree weighs the new tree as one dropped tree, "
               "1/(k + lr), the dropped ones k/(k + lr); forest weighs it as all of them together: 1/(1 + lr) for both."}
          },
          {}};
}

}  // namespace boostlab
