// One AdaBoost round: classification (SAMME, SAMME.R) and regression
// (AdaBoost.R2). See boost/adaboost.h for the algorithms.

#include <algorithm>  // for max, max_element, upper_bound, copy_backward
#include <cmath>      // for log

#include "boost/adaboost.h"
#include "boost/booster_impl.h"
#include "util/rng.h"

namespace boostlab {
namespace {

// scikit-learn clips class shares at float64's epsilon before taking logs.
constexpr double kShareFloor = 2.220446049250313e-16;

}  // namespace

RoundReport Booster::Impl::AdaBoostRound() {
  Impl& s = *this;
  const size_t n = s.data.x.num_rows;
  const int C = s.classes;
  const int outputs = C > 2 ? C : 1;  // two classes: one output, the share of class 1
  const bool real = s.params.variant == "samme_r";
  const double eta = s.params.eta;
  TreeLearner& learner = *s.learners[0];
  Rng rng(s.SeedFor(s.round, 0, 41));
  AdaFitStatistics(s.u, s.data.label, s.data.train_rows, s.params.sampling == "resample", rng, outputs, s.fit_gpair);
  const std::span<const GradPair> fit(s.fit_gpair.data(), n);
  Tree tree = outputs > 1 ? learner.GrowClasses(fit, s.data.label, C, s.data.train_rows, s.SeedFor(s.round, 0, 29))
                          : learner.Grow(fit, s.data.train_rows, s.SeedFor(s.round, 0, 29));

  // Per leaf: the weighted class shares of what the tree was fit to, and the
  // class it predicts (the largest share; ties go to the lower class).
  const auto leaves = learner.Leaves();
  std::vector<std::vector<double>> share(tree.nodes.size());
  std::vector<int> predicted(tree.nodes.size(), 0);
  for (const auto& leaf : leaves) {
    std::vector<double>& p = share[leaf.node];
    p.assign(C, 0.0);
    double h = 0;
    for (RowIdx r : leaf.rows) {
      h += s.fit_gpair[r].h;
      p[static_cast<int>(s.data.label[r])] += s.fit_gpair[r].h;
    }
    for (double& v : p) v = h > 0 ? v / h : 0;
    predicted[leaf.node] = static_cast<int>(std::max_element(p.begin(), p.end()) - p.begin());
  }
  double error = 0, total = 0;
  for (const auto& leaf : leaves)
    for (RowIdx r : leaf.rows) {
      total += s.u[r];
      error += predicted[leaf.node] != static_cast<int>(s.data.label[r]) ? s.u[r] : 0;
    }
  const double epsilon = total > 0 ? error / total : 0;

  // Each leaf's output per margin: discrete, alpha for the predicted class
  // (+-alpha for two classes); real, eta (K-1) (ln p_k - mean_j ln p_j)
  // (eta/2 ln(p1/p0) for two classes).
  RoundReport report;
  report.epsilon = epsilon;
  std::vector<std::vector<double>> out(tree.nodes.size());
  std::vector<double> exponent(n, 0.0);
  if (real) {
    report.alpha = eta;
    s.stopped = epsilon <= 0;  // perfect: keep the tree and stop, as scikit-learn
    for (const auto& leaf : leaves) {
      std::vector<double> logp(C);
      double mean = 0;
      for (int k = 0; k < C; ++k) {
        logp[k] = std::log(std::max(share[leaf.node][k], kShareFloor));
        mean += logp[k] / C;
      }
      std::vector<double>& o = out[leaf.node];
      if (outputs == 1) o = {eta * 0.5 * (logp[1] - logp[0])};
      else
        for (int k = 0; k < C; ++k) o.push_back(eta * (C - 1) * (logp[k] - mean));
      // u <- u exp(-eta (K-1)/K sum_k y_k ln p_k), y_k = 1 for the row's class, -1/(K-1) otherwise.
      for (RowIdx r : leaf.rows) {
        const int y = static_cast<int>(s.data.label[r]);
        double dot = 0;
        for (int k = 0; k < C; ++k) dot += (k == y ? 1.0 : -1.0 / (C - 1)) * logp[k];
        exponent[r] = -eta * (C - 1) / C * dot;
      }
    }
  } else {
    const AdaVote vote = AdaVoteFor(epsilon, eta, C);
    report.alpha = vote.keep ? vote.alpha : 0;
    s.stopped = vote.last;
    if (!vote.keep) return report;  // no better than chance: the tree is dropped
    for (const auto& leaf : leaves) {
      const int c = predicted[leaf.node];
      std::vector<double>& o = out[leaf.node];
      if (outputs == 1) o = {c == 1 ? vote.alpha : -vote.alpha};
      else
        for (int k = 0; k < C; ++k) o.push_back(k == c ? vote.alpha : 0.0);
      for (RowIdx r : leaf.rows) exponent[r] = c != static_cast<int>(s.data.label[r]) ? vote.alpha : 0;
    }
  }

  auto add = [&](RowIdx r, const std::vector<double>& o) {
    for (int k = 0; k < outputs; ++k) s.margin[static_cast<size_t>(r) * outputs + k] += static_cast<float>(o[k]);
  };
  for (const auto& leaf : leaves)
    for (RowIdx r : leaf.rows) add(r, out[leaf.node]);
  s.ForRows(s.data.valid_rows, [&](RowIdx r) { add(r, out[learner.LeafBinned(r)]); });
  // The multiclass exponential loss mean exp(-y.f / K) (Zhu et al.): SAMME.R's
  // update is its exact factor; discrete SAMME's u * exp(alpha [wrong]) is it
  // times exp(alpha (K-1)/K) on every row.
  const double shift = real ? 0 : report.alpha * (C - 1) / C;
  s.exp_loss *= AdaReweight(s.u, exponent, s.data.train_rows) * std::exp(-shift);
  report.exp_loss = s.exp_loss;

  Summarise(report, tree);
  if (outputs > 1) SetLeafValues(tree, out, outputs);
  else
    for (const auto& leaf : leaves) tree.nodes[leaf.node].value = static_cast<float>(out[leaf.node][0]);
  s.model.trees.push_back(std::move(tree));
  return report;
}

RoundReport Booster::Impl::AdaBoostR2Round() {
  Impl& s = *this;
  const size_t n = s.data.x.num_rows;
  const size_t T = static_cast<size_t>(s.params.rounds);
  TreeLearner& learner = *s.learners[0];
  Rng rng(s.SeedFor(s.round, 0, 41));
  AdaFitStatistics(s.u, s.data.label, s.data.train_rows, s.params.sampling == "resample", rng, 1, s.fit_gpair);
  Tree tree = learner.Grow(std::span<const GradPair>(s.fit_gpair.data(), n), s.data.train_rows, s.SeedFor(s.round, 0, 29));
  const auto leaves = learner.Leaves();

  // Relative losses over the rows with weight (the others neither count nor change).
  std::vector<double> loss(n, 0.0);
  double largest = 0;
  for (const auto& leaf : leaves)
    for (RowIdx r : leaf.rows) {
      loss[r] = std::abs(static_cast<double>(tree.nodes[leaf.node].value) - s.data.label[r]);
      if (s.u[r] > 0) largest = std::max(largest, loss[r]);
    }
  double epsilon = 0;
  for (RowIdx r : s.data.train_rows) {
    loss[r] = largest > 0 ? R2Loss(loss[r] / largest, s.params.r2_loss) : 0;
    epsilon += s.u[r] * loss[r];
  }
  RoundReport report;
  report.epsilon = epsilon;
  const bool first = s.model.trees.empty();
  double weight = 1;  // a perfect tree (epsilon = 0) gets weight 1 and ends training, as scikit-learn
  if (epsilon <= 0) {
    s.stopped = true;
  } else if (epsilon >= 0.5) {
    // No better than the median: dropped and training ends (a first tree is
    // kept with weight 1 so the model predicts something).
    s.stopped = true;
    if (!first) {
      report.alpha = 0;
      return report;
    }
  } else {
    const double beta = epsilon / (1 - epsilon);
    weight = s.params.eta * std::log(1 / beta);
    std::vector<double> exponent(n, 0.0);
    for (RowIdx r : s.data.train_rows) exponent[r] = (1 - loss[r]) * s.params.eta * std::log(beta);
    AdaReweight(s.u, exponent, s.data.train_rows);
  }
  report.alpha = weight;

  // Each row keeps its trees' predictions in ascending order (with the tree
  // each came from): inserting this tree's is one shift, and the weighted
  // median one scan, instead of a sort per row per round.
  const size_t t = s.model.trees.size();
  s.model.tree_weights.push_back(weight);
  double half = 0;
  for (double w : s.model.tree_weights) half += w;
  half *= 0.5;
  auto insert_and_median = [&](RowIdx r, float value) {
    float* pred = &s.r2_pred[r * T];
    uint32_t* from = &s.r2_tree[r * T];
    const size_t at = std::upper_bound(pred, pred + t, value) - pred;
    std::copy_backward(pred + at, pred + t, pred + t + 1);
    std::copy_backward(from + at, from + t, from + t + 1);
    pred[at] = value;
    from[at] = static_cast<uint32_t>(t);
    double cumulative = 0;
    size_t i = 0;
    while (i < t && (cumulative += s.model.tree_weights[from[i]]) < half) ++i;
    s.margin[r] = pred[i];
  };
  for (const auto& leaf : leaves) {
    const float value = tree.nodes[leaf.node].value;
    s.ForRows(leaf.rows, [&](RowIdx r) { insert_and_median(r, value); });
  }
  s.ForRows(s.data.valid_rows, [&](RowIdx r) { insert_and_median(r, learner.PredictBinned(tree, r)); });
  Summarise(report, tree);
  s.model.trees.push_back(std::move(tree));
  return report;
}

}  // namespace boostlab
