// One AdaBoost round: classification (SAMME, SAMME.R) and regression
// (AdaBoost.R2). See boost/adaboost.h for the algorithms.

#include <algorithm>  // for max, max_element
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
  Tree tree = learner.Grow(std::span<const GradPair>(s.fit_gpair.data(), n * outputs), s.data.train_rows,
                           s.SeedFor(s.round, 0, 29), outputs);

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
      if (outputs == 1) p[1] -= s.fit_gpair[r].g;
      else
        for (int k = 0; k < C; ++k) p[k] -= s.fit_gpair[k * n + r].g;
    }
    if (outputs == 1) p[0] = h - p[1];
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
  s.ForRows(s.data.valid_rows, [&](RowIdx r) { add(r, out[learner.LeafBinned(tree, r)]); });
  s.exp_loss *= AdaReweight(s.u, exponent, s.data.train_rows);
  report.exp_loss = s.exp_loss;

  Summarise(report, tree);
  for (int k = 0; k < outputs; ++k) {
    Tree copy = k + 1 < outputs ? tree : std::move(tree);
    for (size_t i = 0; i < copy.nodes.size(); ++i)
      if (copy.nodes[i].IsLeaf()) copy.nodes[i].value = static_cast<float>(out[i][k]);
    s.model.trees.push_back(std::move(copy));
  }
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

  // Every row's prediction from this tree, then the weighted median of all trees so far.
  const size_t t = s.model.trees.size();
  for (const auto& leaf : leaves)
    for (RowIdx r : leaf.rows) s.r2_pred[r * T + t] = tree.nodes[leaf.node].value;
  s.ForRows(s.data.valid_rows, [&](RowIdx r) { s.r2_pred[r * T + t] = learner.PredictBinned(tree, r); });
  s.model.tree_weights.push_back(weight);
  auto median = [&](RowIdx r) {
    s.margin[r] = WeightedMedian(std::span<const float>(&s.r2_pred[r * T], t + 1), s.model.tree_weights);
  };
  s.ForRows(s.data.train_rows, median);
  s.ForRows(s.data.valid_rows, median);
  Summarise(report, tree);
  s.model.trees.push_back(std::move(tree));
  return report;
}

}  // namespace boostlab
