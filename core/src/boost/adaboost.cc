#include "boost/adaboost.h"

#include <algorithm>  // for upper_bound, sort, max, max_element, copy_backward
#include <cmath>      // for log, exp
#include <tuple>      // for tuple

#include "boost/algorithm.h"
#include "boostlab/errors.h"
#include "util/rng.h"

namespace boostlab {

void AdaFitStatistics(std::span<const double> u, std::span<const float> label, std::span<const RowIdx> rows,
                      bool resample, Rng& rng, int outputs, std::span<GradPair> fit) {
  auto set = [&](RowIdx r, double w) {
    fit[r] = {static_cast<float>(outputs == 1 ? -w * label[r] : -w), static_cast<float>(w)};
  };
  if (!resample) {
    for (RowIdx r : rows) set(r, u[r]);
    return;
  }
  std::vector<double> cumulative;
  cumulative.reserve(rows.size());
  double total = 0;
  for (RowIdx r : rows) cumulative.push_back(total += u[r]);
  std::vector<uint32_t> count(rows.size(), 0);
  for (size_t i = 0; i < rows.size(); ++i) {
    const double x = static_cast<double>(rng.Next() >> 11) * 0x1.0p-53 * total;
    size_t j = std::upper_bound(cumulative.begin(), cumulative.end(), x) - cumulative.begin();
    if (j >= rows.size()) j = rows.size() - 1;
    ++count[j];
  }
  for (size_t i = 0; i < rows.size(); ++i) set(rows[i], count[i]);
}

AdaVote AdaVoteFor(double weighted_error, double eta, int classes, bool half) {
  AdaVote v;
  v.epsilon = weighted_error;
  const double extra = std::log(static_cast<double>(classes - 1));
  const double scale = half ? 0.5 * eta : eta;
  if (weighted_error <= 0) {  // a perfect tree: a large finite vote, and nothing left to learn
    v.alpha = scale * (std::log((1 - 1e-10) / 1e-10) + extra);
    v.last = true;
  } else if (weighted_error >= 1.0 - 1.0 / classes) {  // no better than chance
    v.keep = false;
    v.last = true;
  } else {
    v.alpha = scale * (std::log((1 - weighted_error) / weighted_error) + extra);
  }
  return v;
}

double AdaReweight(std::span<double> u, std::span<const double> exponent, std::span<const RowIdx> rows) {
  double total = 0;
  for (RowIdx r : rows) {
    if (u[r] > 0) u[r] *= std::exp(exponent[r]);
    total += u[r];
  }
  for (RowIdx r : rows) u[r] /= total;
  return total;
}

double R2Loss(double e, const std::string& loss) {
  if (loss == "square") return e * e;
  if (loss == "exponential") return 1 - std::exp(-e);
  return e;
}

namespace {

// scikit-learn clips class shares at float64's epsilon before taking logs.
constexpr double kShareFloor = 2.220446049250313e-16;

// What every AdaBoost shares: trees fit to the labels weighted by u, each
// round's from its own draw; u starts at 1/N, or in proportion to the sample
// weights; one learner (a round is one tree).
class AdaBoostBase : public Algorithm {
 public:
  using Algorithm::Algorithm;
  void ConfigureTrees(TreeParams& tp) const override {
    tp.eta = 1;                     // leaves hold weighted class shares (or means); the vote comes after
    tp.split.min_child_weight = 0;  // weights sum to 1: any non-empty child may stand (as min_samples_leaf = 1)
    tp.split.float_gain = false;    // Gini decreases compared exactly, as scikit-learn does
    tp.split.error_criterion = ctx_.params.split_criterion == "error";
  }
  int Learners() const override { return 1; }
  void Start() override {
    const TrainingContext& s = ctx_;
    fit_.assign(s.data.x.num_rows, GradPair{});
    u_.assign(s.data.x.num_rows, 0.0);
    double total = 0;
    for (RowIdx r : s.data.train_rows) total += s.weight.empty() ? 1.0 : s.weight[r];
    for (RowIdx r : s.data.train_rows) u_[r] = (s.weight.empty() ? 1.0 : s.weight[r]) / total;
  }
  std::vector<double> SampleWeights() const override { return u_; }
  void Describe(RoundStatistics& out) const override {
    out.kind = "weights";
    out.weight = fitted_u_;
    if (ctx_.params.sampling != "resample") return;
    out.drawn.assign(fit_.size(), 0);
    for (RowIdx r : ctx_.data.train_rows) out.drawn[r] = static_cast<uint32_t>(fit_[r].h);
  }

 protected:
  // What the round's tree is fit to, from u (the weights before its update, kept for Describe).
  void Fit(Rng& rng, int outputs) {
    const TrainingContext& s = ctx_;
    fitted_u_ = u_;
    AdaFitStatistics(u_, s.data.label, s.data.train_rows, s.params.sampling == "resample", rng, outputs, fit_);
  }

  std::vector<GradPair> fit_;  // what the tree is fit to (AdaFitStatistics)
  std::vector<double> u_;      // sample weights, summing to 1 over train rows
  std::vector<double> fitted_u_;  // u as the last round's tree saw it
};

// Classification: discrete SAMME and real SAMME.R, two classes or more.
class AdaBoost : public AdaBoostBase {
 public:
  using AdaBoostBase::AdaBoostBase;
  void Check() const override {
    if (ctx_.params.variant == "samme_r" && ctx_.params.vote != "samme")
      throw Error("BAD_PARAM", "Parameter 'vote' is '" + ctx_.params.vote + "': it sets discrete AdaBoost's vote alpha_t, and "
                               "variant 'samme_r' (real AdaBoost) has none (its leaves add eta*(K-1)*(ln p_k - mean ln p)). "
                               "Use variant 'samme', or leave vote at 'samme'.");
    AdaBoostBase::Check();
  }
  std::string Objective() const override {
    const std::string kind = ctx_.params.variant == "samme_r" ? "samme_r" : ctx_.params.vote == "freund_schapire" ? "adaboost" : "samme";
    return (ctx_.data.task == Task::kBinary ? "binary:" : "multi:") + kind;
  }
  RoundReport Round() override;

 private:
  double exp_loss_ = 1;  // product of the reweighting normalisers: the exponential loss
};

// AdaBoost.R2 for a continuous target.
class AdaBoostR2 : public AdaBoostBase {
 public:
  using AdaBoostBase::AdaBoostBase;
  void Check() const override {
    if (ctx_.params.max_depth == 0)
      throw Error("BAD_PARAM", "Parameter 'max_depth' is 0; AdaBoost.R2's trees need a depth limit (scikit-learn uses 3).");
    for (const auto& [name, value, classes_only] : {std::tuple{"vote", ctx_.params.vote, "samme"},
                                                    std::tuple{"split_criterion", ctx_.params.split_criterion, "gini"}})
      if (value != classes_only)
        throw Error("BAD_PARAM", std::string("Parameter '") + name + "' is '" + value + "': it is for classes, and the target "
                                 "is a number (AdaBoost.R2: trees split by variance, weighted by eta*ln(1/beta_t)). Leave it at '" +
                                 classes_only + "' or choose a target with classes.");
    AdaBoostBase::Check();
  }
  std::string Objective() const override { return "reg:adaboost_r2"; }
  void Start() override {
    AdaBoostBase::Start();
    // R2 keeps every tree's prediction per row to take their weighted median.
    TrainingContext& s = ctx_;
    const size_t n = s.data.x.num_rows;
    constexpr double kMaxCells = 32e6;  // 256 MB: a float and a tree index each
    if (static_cast<double>(n) * s.params.rounds > kMaxCells)
      throw Error("BAD_PARAM", "Parameter 'rounds' is " + std::to_string(s.params.rounds) + ": AdaBoost.R2 keeps each tree's "
                               "prediction for each of the " + std::to_string(n) + " rows to take their weighted median, "
                               "and rows x rounds may be at most 32 million. Lower rounds or use fewer rows.");
    r2_pred_.assign(n * static_cast<size_t>(s.params.rounds), 0.0f);
    r2_tree_.assign(n * static_cast<size_t>(s.params.rounds), 0);
    s.model.median_trees = true;
  }
  RoundReport Round() override;

 private:
  // Per row, every kept tree's prediction in ascending order, and the tree
  // it came from (weights in model.tree_weights).
  std::vector<float> r2_pred_;     // n x rounds
  std::vector<uint32_t> r2_tree_;  // n x rounds
};

RoundReport AdaBoost::Round() {
  TrainingContext& s = ctx_;
  const size_t n = s.data.x.num_rows;
  const int C = s.classes;
  const int outputs = C > 2 ? C : 1;  // two classes: one output, the share of class 1
  const bool real = s.params.variant == "samme_r";
  const bool half = s.params.vote == "freund_schapire";  // the notes' vote ln(diamond) and update
  const double eta = s.params.eta;
  TreeLearner& learner = *s.learners[0];
  Rng rng(s.SeedFor(s.round, 0, 41));
  Fit(rng, outputs);
  const std::span<const GradPair> fit(fit_.data(), n);
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
      h += fit_[r].h;
      p[static_cast<int>(s.data.label[r])] += fit_[r].h;
    }
    for (double& v : p) v = h > 0 ? v / h : 0;
    predicted[leaf.node] = static_cast<int>(std::max_element(p.begin(), p.end()) - p.begin());
  }
  double error = 0, total = 0;
  for (const auto& leaf : leaves)
    for (RowIdx r : leaf.rows) {
      total += u_[r];
      error += predicted[leaf.node] != static_cast<int>(s.data.label[r]) ? u_[r] : 0;
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
    const AdaVote vote = AdaVoteFor(epsilon, eta, C, half);
    report.alpha = vote.keep ? vote.alpha : 0;
    s.stopped = vote.last;
    if (!vote.keep) return report;  // no better than chance: the tree is dropped
    for (const auto& leaf : leaves) {
      const int c = predicted[leaf.node];
      std::vector<double>& o = out[leaf.node];
      if (outputs == 1) o = {c == 1 ? vote.alpha : -vote.alpha};
      else
        for (int k = 0; k < C; ++k) o.push_back(k == c ? vote.alpha : 0.0);
      // SAMME: wrong rows x e^alpha. Freund & Schapire: wrong x e^alpha, right / e^alpha (u exp(-y alpha g)).
      for (RowIdx r : leaf.rows) exponent[r] = c != static_cast<int>(s.data.label[r]) ? vote.alpha : half ? -vote.alpha : 0;
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
  // times exp(alpha (K-1)/K) on every row. Freund & Schapire's update is the
  // factor of mean exp(-(2 F_y - sum_k F_k)) (two classes: exp(-y f), y = +-1).
  const double shift = real || half ? 0 : report.alpha * (C - 1) / C;
  exp_loss_ *= AdaReweight(u_, exponent, s.data.train_rows) * std::exp(-shift);
  report.exp_loss = exp_loss_;

  TrainingContext::Summarise(report, tree);
  if (outputs > 1) TrainingContext::SetLeafValues(tree, out, outputs);
  else
    for (const auto& leaf : leaves) tree.nodes[leaf.node].value = static_cast<float>(out[leaf.node][0]);
  s.model.trees.push_back(std::move(tree));
  return report;
}

RoundReport AdaBoostR2::Round() {
  TrainingContext& s = ctx_;
  const size_t n = s.data.x.num_rows;
  const size_t T = static_cast<size_t>(s.params.rounds);
  TreeLearner& learner = *s.learners[0];
  Rng rng(s.SeedFor(s.round, 0, 41));
  Fit(rng, 1);
  Tree tree = learner.Grow(std::span<const GradPair>(fit_.data(), n), s.data.train_rows, s.SeedFor(s.round, 0, 29));
  const auto leaves = learner.Leaves();

  // Relative losses over the rows with weight (the others neither count nor change).
  std::vector<double> loss(n, 0.0);
  double largest = 0;
  for (const auto& leaf : leaves)
    for (RowIdx r : leaf.rows) {
      loss[r] = std::abs(static_cast<double>(tree.nodes[leaf.node].value) - s.data.label[r]);
      if (u_[r] > 0) largest = std::max(largest, loss[r]);
    }
  double epsilon = 0;
  for (RowIdx r : s.data.train_rows) {
    loss[r] = largest > 0 ? R2Loss(loss[r] / largest, s.params.r2_loss) : 0;
    epsilon += u_[r] * loss[r];
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
    AdaReweight(u_, exponent, s.data.train_rows);
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
    float* pred = &r2_pred_[r * T];
    uint32_t* from = &r2_tree_[r * T];
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
  TrainingContext::Summarise(report, tree);
  s.model.trees.push_back(std::move(tree));
  return report;
}

}  // namespace

// The parameters it reads, its own, and its defaults (boost/algorithm.h).
AlgorithmDeclaration AdaBoostDeclaration() {
  return {"adaboost", [](TrainingContext& ctx) -> std::unique_ptr<Algorithm> {
            if (ctx.data.task == Task::kRegression) return std::make_unique<AdaBoostR2>(ctx);
            return std::make_unique<AdaBoost>(ctx);
          },
          {"eta", "max_depth", "max_leaves", "grow_policy", "max_cat_to_onehot",
           "max_cat_threshold"},
          {
              {"variant", ParamType::kString, 0, "samme", 0, 0, false, {"samme", "samme_r"}, "",
               "samme (discrete): each tree votes alpha_t for the class it predicts. samme_r (real): each tree adds "
               "eta*(K-1)*(ln p_k - mean_j ln p_j) from its leaves' weighted class shares p, and u <- u*exp(-eta*(K-1)/K*y.ln p)."},
              {"r2_loss", ParamType::kString, 0, "linear", 0, 0, false, {"linear", "square", "exponential"}, "",
               "AdaBoost.R2 (continuous target): the per-row loss L of |y - f(x)|/max, linear, squared or 1-exp(-.); "
               "beta_t = e_t/(1-e_t), u <- u*beta_t^(1-L), and the model predicts the trees' median weighted by ln(1/beta_t)."},
              {"sampling", ParamType::kString, 0, "reweight", 0, 0, false, {"reweight", "resample"}, "",
               "reweight: the tree sees every row with weight u; resample: it sees N rows drawn in proportion to u."},
              {"vote", ParamType::kString, 0, "samme", 0, 0, false, {"samme", "freund_schapire"}, "",
               "Discrete AdaBoost's vote. samme (scikit-learn): alpha_t = eta*(ln((1-e_t)/e_t) + ln(K-1)), u <- u*exp(alpha_t) "
               "on wrong rows. freund_schapire (the lecture notes): half that, alpha_t = eta*ln(sqrt((1-e_t)/e_t)) for two "
               "classes, and u <- u*exp(-y*alpha_t*g_t) (wrong rows times e^alpha_t, right ones divided). At eta 1 both "
               "reweight alike and predict the same classes; probabilities are sigmoid(2F) there, sigmoid(F) for samme."},
              {"split_criterion", ParamType::kString, 0, "gini", 0, 0, false, {"gini", "error"}, "",
               "What a classification tree's split minimises: gini (scikit-learn), the weighted Gini impurity; error (the "
               "notes' AdaBoost-Stump), the weighted misclassification, so a stump is the one of least weighted error e_t."}
          },
          {{"eta", 1}, {"max_depth", 1}},
          {
           {"rounds", "Boosting rounds: one tree a round, voting for the classes (or, AdaBoost.R2, weighted by ln(1/beta_t)); "
                      "training ends early after a perfect tree or one no better than chance."},
           {"eta",
            "Learning rate: scales each tree's vote alpha_t = eta*(ln((1-e_t)/e_t) + ln(K-1)) (SAMME; half that with vote "
            "freund_schapire), the leaf "
            "outputs of SAMME.R, and AdaBoost.R2's tree weights eta*ln(1/beta_t), with the reweighting that follows."},
           {"max_leaves",
            "Most leaves a tree may have; 0 means no limit."}}};
}

}  // namespace boostlab
