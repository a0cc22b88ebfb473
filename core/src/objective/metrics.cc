#include "objective/metrics.h"

#include <algorithm>  // for clamp, sort, max_element
#include <cmath>      // for sqrt, log, lgamma
#include <cstdlib>    // for strtod
#include <sstream>    // for stringstream
#include <string>     // for string
#include <utility>    // for pair

#include "boostlab/errors.h"
#include "util/thread_pool.h"

namespace boostlab {
namespace {

constexpr double kEps = 1e-15;  // probabilities are clipped as XGBoost does
constexpr float kEpsF = 1e-16f;  // XGBoost's clip in its float log losses

double Weight(std::span<const float> weight, RowIdx r) { return weight.empty() ? 1.0 : weight[r]; }

// The probability that a positive row scores above a negative one (ties
// count half), each pair weighing the product of its rows' weights: sweep
// the scores upward, each tied group's positives beating the negatives below.
double Auc(std::span<const float> pred, std::span<const float> label, std::span<const float> weight,
           std::span<const RowIdx> rows) {
  // A NaN score (a loaded model's softmax of two infinite margins) ranks lowest: as itself it broke
  // the sort's ordering and the tie groups' loop, which never moved past it.
  auto score = [&](RowIdx r) { return pred[r] != pred[r] ? -INFINITY : pred[r]; };
  std::vector<RowIdx> order(rows.begin(), rows.end());
  std::sort(order.begin(), order.end(), [&](RowIdx a, RowIdx b) { return score(a) < score(b) || (score(a) == score(b) && a < b); });
  double positives = 0, negatives = 0, area = 0;
  for (size_t i = 0; i < order.size();) {
    double pos = 0, neg = 0;
    size_t j = i;
    for (; j < order.size() && score(order[j]) == score(order[i]); ++j)
      (label[order[j]] > 0.5f ? pos : neg) += Weight(weight, order[j]);
    area += pos * (negatives + neg / 2);
    positives += pos;
    negatives += neg;
    i = j;
  }
  if (positives == 0 || negatives == 0) return 0.5;
  return area / (positives * negatives);
}

// The area under the precision-recall curve, as XGBoost's aucpr: the rows swept from the highest
// score down, a point (true, false positives) after each tied group, and between two points precision
// taken along the straight line in (tp, fp) counts (Davis and Goadrich's interpolation, not the
// trapezoid, which overrates it), integrated over recall in closed form. No positive rows: 0; no
// negative rows: 1 (XGBoost gives NaN for either, which no chart or early stop can use).
double PrAuc(std::span<const float> pred, std::span<const float> label, std::span<const float> weight,
             std::span<const RowIdx> rows, float positive = 1.0f) {
  auto score = [&](RowIdx r) { return pred[r] != pred[r] ? -INFINITY : pred[r]; };
  std::vector<RowIdx> order(rows.begin(), rows.end());
  std::sort(order.begin(), order.end(), [&](RowIdx a, RowIdx b) { return score(a) > score(b) || (score(a) == score(b) && a < b); });
  double total_pos = 0, total_neg = 0;
  for (RowIdx r : rows) (label[r] == positive ? total_pos : total_neg) += Weight(weight, r);
  if (!(total_pos > 0)) return 0;
  if (!(total_neg > 0)) return 1;
  // The area under precision between recalls tp0/P and tp1/P, fp moving linearly with tp:
  // tp + fp = P (a r + b), so precision = r / (a r + b), whose integral has a log.
  auto piece = [total_pos](double fp0, double fp1, double tp0, double tp1) {
    const double r0 = tp0 / total_pos, r1 = tp1 / total_pos;
    if (tp1 == tp0) return 0.0;  // no recall gained: no area
    const double h = (fp1 - fp0) / (tp1 - tp0), a = 1 + h, b = (fp0 - h * tp0) / total_pos;
    return b != 0 ? (r1 - r0 - b / a * (std::log(a * r1 + b) - std::log(a * r0 + b))) / a : (r1 - r0) / a;
  };
  double tp = 0, fp = 0, tp_prev = 0, fp_prev = 0, area = 0;
  for (size_t i = 0; i < order.size();) {
    size_t j = i;
    for (; j < order.size() && score(order[j]) == score(order[i]); ++j)
      (label[order[j]] == positive ? tp : fp) += Weight(weight, order[j]);
    area += piece(fp_prev, fp, tp_prev, tp);
    tp_prev = tp;
    fp_prev = fp;
    i = j;
  }
  return area;
}

// auc and aucpr of K classes, one against the rest, as XGBoost's: ROC AUCs averaged weighing each
// class by its (weighted) rows, PR AUCs averaged plainly. A class with no row here, or every row,
// is left out (XGBoost gives NaN).
double OneVsRest(bool pr, std::span<const float> pred, int K, std::span<const float> label, std::span<const float> weight,
                 std::span<const RowIdx> rows) {
  std::vector<float> column(label.size()), against(label.size());
  double sum = 0, total = 0;
  for (int k = 0; k < K; ++k) {
    double pos = 0, neg = 0;
    for (RowIdx r : rows) {
      column[r] = pred[static_cast<size_t>(r) * static_cast<size_t>(K) + static_cast<size_t>(k)];
      against[r] = label[r] == static_cast<float>(k) ? 1.0f : 0.0f;
      (against[r] > 0 ? pos : neg) += Weight(weight, r);
    }
    if (!(pos > 0) || !(neg > 0)) continue;
    const double share = pr ? 1.0 : pos;
    sum += share * (pr ? PrAuc(column, against, weight, rows) : Auc(column, against, weight, rows));
    total += share;
  }
  return total > 0 ? sum / total : pr ? 0 : 0.5;
}

// Several quantiles' pinball losses (output k at alpha k) over the rows,
// averaged over rows and quantiles with the rows' weights, as XGBoost's
// 'quantile' metric of a list of alphas.
double PinballOfQuantiles(std::span<const float> pred, int K, std::span<const float> label, std::span<const RowIdx> rows,
                          const std::vector<double>& alphas, std::span<const float> weight) {
  if (alphas.size() != static_cast<size_t>(K)) throw Error("BAD_PARAM", "Metric 'quantile' needs one quantile_alpha per output.");
  double sum = 0, total = 0;
  for (RowIdx r : rows) {
    const double w = Weight(weight, r), y = label[r];
    double row = 0;
    for (int k = 0; k < K; ++k) {
      const double p = pred[static_cast<size_t>(r) * static_cast<size_t>(K) + static_cast<size_t>(k)], a = alphas[static_cast<size_t>(k)];
      row += y >= p ? a * (y - p) : (1 - a) * (p - y);
    }
    sum += w * row;
    total += w * K;
  }
  return total > 0 ? sum / total : 0;
}

// Other libraries' names for our metrics (LightGBM's, scikit-learn's), said
// beside the refusal: " (LightGBM's name: here it is logloss)", or "".
std::string OtherMetricHint(const std::string& name) {
  static const std::pair<const char*, const char*> kOther[] = {
      {"binary_logloss", "logloss"}, {"binary", "logloss"},          {"cross_entropy", "logloss"}, {"xentropy", "logloss"},
      {"log_loss", "logloss"},       {"binary_error", "error"},      {"multi_logloss", "mlogloss"}, {"multiclass", "mlogloss"},
      {"softmax", "mlogloss"},       {"multi_error", "merror"},      {"l1", "mae"},                {"mean_absolute_error", "mae"},
      {"regression_l1", "mae"},      {"l2", "rmse (the square root of l2)"}, {"mse", "rmse (the square root of mse)"},
      {"mean_squared_error", "rmse (the square root of mean_squared_error)"}, {"l2_root", "rmse"},
      {"root_mean_squared_error", "rmse"}, {"average_precision", "aucpr"}, {"lambdarank", "ndcg"},
      {"poisson", "poisson-nloglik"}, {"gamma", "gamma-nloglik"},  {"tweedie", "tweedie-nloglik"}, {"huber", "mphe"},
      {"mean_absolute_percentage_error", "mape"}, {"mean_average_precision", "map"}};
  for (const auto& [other, ours] : kOther)
    if (name == other) return std::string(" (that name is another library's: here it is ") + ours + ")";
  return "";
}

}  // namespace

double MetricParameter(const MetricSpec& m, const Params& p) {
  if (m.name == "quantile") return p.quantile_alpha[0];  // (several: MetricSpec::quantiles)
  if (m.name == "expectile") return p.expectile_alpha;
  if (m.name.rfind("tweedie-nloglik@", 0) == 0) return std::strtod(m.name.c_str() + 16, nullptr);
  if (m.name.rfind("error@", 0) == 0) return std::strtod(m.name.c_str() + 6, nullptr);  // the threshold written in the name
  if (m.name == "error") return 0.5;
  if (m.name == "tweedie-nloglik") return p.tweedie_variance_power;
  return p.huber_slope;
}

std::vector<MetricSpec> ParseMetrics(const std::string& list, int outputs, const std::string& objective) {
  std::vector<MetricSpec> out;
  std::stringstream ss(list);
  std::string name;
  while (std::getline(ss, name, ',')) {
    if (name.empty()) continue;
    if (const std::optional<RankMetric> rank = ParseRankMetric(name)) {
      if (objective.rfind("rank:", 0) != 0)
        throw Error("BAD_PARAM", "Parameter 'eval_metric': '" + name + "' ranks the rows of each query and needs a ranking objective "
                                 "(a group column, with rank:pairwise, rank:ndcg or algorithm gbrank).");
      out.push_back({name, true, rank});
      continue;
    }
    const bool multi = name == "mlogloss" || name == "merror";
    const bool areas = name == "auc" || name == "aucpr";  // two classes or several (one against the rest)
    const bool tweedie = name.rfind("tweedie-nloglik", 0) == 0;
    const bool error_at = name.rfind("error@", 0) == 0;
    if (error_at) {  // error@t: the binary error with p > t called positive, as XGBoost's
      char* end = nullptr;
      const double t = std::strtod(name.c_str() + 6, &end);
      if (name.size() == 6 || !end || *end != '\0' || !(t >= 0 && t <= 1))
        throw Error("BAD_PARAM", "Parameter 'eval_metric': '" + name + "' names a threshold; write error@t with t from 0 to 1 (error@0.3: "
                                 "a row is called positive where p > 0.3).");
    }
    const bool known = multi || tweedie || name == "rmse" || name == "rmsle" || name == "mae" || name == "mape" || name == "mphe" || name == "quantile" || name == "expectile" || name == "logloss" ||
                       name == "error" || error_at || areas || name == "poisson-nloglik" || name == "gamma-deviance" ||
                       name == "gamma-nloglik" || name == "exploss";
    if (!known)
      throw Error("BAD_PARAM", "Parameter 'eval_metric' has unknown metric '" + name + "'" + OtherMetricHint(name) +
                                   "; allowed: rmse, rmsle, mae, mape, mphe, quantile, expectile, logloss, error, error@t, auc, aucpr, mlogloss, merror, poisson-nloglik, gamma-deviance, "
                                   "gamma-nloglik, tweedie-nloglik (or tweedie-nloglik@rho), exploss, "
                                   "and for ranking ndcg, ndcg@k, map, map@k (a trailing '-' scores a query with no relevant row 0) and pairacc.");
    if (tweedie && name != "tweedie-nloglik") {
      // tweedie-nloglik@rho: the power written in the name, in [1, 2).
      const std::string power = name.substr(std::string("tweedie-nloglik").size());
      char* end = nullptr;
      const double rho = power.size() > 1 && power[0] == '@' ? std::strtod(power.c_str() + 1, &end) : 0;
      if (!end || *end != '\0' || !(rho >= 1 && rho < 2))
        throw Error("BAD_PARAM", "Parameter 'eval_metric': '" + name + "' names a variance power; write tweedie-nloglik@rho with rho from 1 "
                                 "up to, not including, 2 (tweedie-nloglik@1.5), or tweedie-nloglik for tweedie_variance_power's.");
    }
    // Several quantiles are several outputs of one number: their pinball loss, averaged.
    const bool quantiles = objective == "reg:quantileerror" && outputs > 1;
    if (quantiles && name != "quantile")
      throw Error("BAD_PARAM", "Parameter 'eval_metric': with several quantile_alpha the model predicts one number per alpha; its metric "
                               "is 'quantile' (the pinball loss of each, averaged), not '" + name + "'.");
    const bool binary = objective.rfind("binary:", 0) == 0, classes = objective.rfind("multi:", 0) == 0;
    if (areas && !binary && !classes)
      throw Error("BAD_PARAM", "Parameter 'eval_metric': '" + name + "' needs classes (a binary or multi objective).");
    if (!quantiles && !areas && multi != (outputs > 1))
      throw Error("BAD_PARAM", "Parameter 'eval_metric': '" + name + "' does not apply to objective " + objective + ".");
    if ((name == "logloss" || name == "error" || error_at) && !binary)
      throw Error("BAD_PARAM", "Parameter 'eval_metric': '" + name + "' needs a binary objective.");
    if ((tweedie || name.rfind("gamma-", 0) == 0 || name == "poisson-nloglik") && (binary || outputs > 1))
      throw Error("BAD_PARAM", "Parameter 'eval_metric': '" + name + "' scores a predicted amount (e^F), not classes.");
    if (name == "expectile" && (binary || outputs > 1))
      throw Error("BAD_PARAM", "Parameter 'eval_metric': 'expectile' (the weighted squared error at expectile_alpha) is for a number, not classes.");
    if (name == "quantile" && (binary || (outputs > 1 && !quantiles)))
      throw Error("BAD_PARAM", "Parameter 'eval_metric': 'quantile' (the pinball loss at quantile_alpha) is for a number, not classes.");
    if (name == "exploss" && objective != "binary:exponential")
      throw Error("BAD_PARAM", "Parameter 'eval_metric': 'exploss' needs objective binary:exponential.");
    out.push_back({name, areas, std::nullopt});
  }
  return out;
}

namespace {

enum class Kind { kRmse, kRmsle, kMae, kMape, kMphe, kQuantile, kExpectile, kLogLoss, kError, kPoisson, kGammaDeviance, kGammaNLogLik, kTweedie, kMlogLoss, kMerror, kExpLoss };

Kind KindOf(const std::string& name) {
  if (name == "rmse") return Kind::kRmse;
  if (name == "rmsle") return Kind::kRmsle;
  if (name == "mae") return Kind::kMae;
  if (name == "mape") return Kind::kMape;
  if (name == "mphe") return Kind::kMphe;
  if (name == "quantile") return Kind::kQuantile;
  if (name == "expectile") return Kind::kExpectile;
  if (name == "logloss") return Kind::kLogLoss;
  if (name == "error" || name.rfind("error@", 0) == 0) return Kind::kError;
  if (name == "poisson-nloglik") return Kind::kPoisson;
  if (name == "gamma-deviance") return Kind::kGammaDeviance;
  if (name == "gamma-nloglik") return Kind::kGammaNLogLik;
  if (name.rfind("tweedie-nloglik", 0) == 0) return Kind::kTweedie;
  if (name == "mlogloss") return Kind::kMlogLoss;
  if (name == "exploss") return Kind::kExpLoss;
  return Kind::kMerror;
}

// Sum of one metric's per-row terms over rows; the metric is chosen once,
// outside the loop (comparing its name per row cost a quarter of training).
// One row's term of the metric.
template <Kind kKind>
double Term(const float* pred, int K, float label, RowIdx r, double slope) {
  const double y = label;
  if constexpr (kKind == Kind::kMlogLoss || kKind == Kind::kMerror) {
    const float* p = &pred[static_cast<size_t>(r) * K];
    const int cls = static_cast<int>(y);
    // In float, as XGBoost: logf is several times faster than log, and the
    // metric then matches XGBoost's to the last digit more often, not less.
    if constexpr (kKind == Kind::kMlogLoss) return -std::log(std::max(p[cls], kEpsF));
    else return (std::max_element(p, p + K) - p) != cls;
  } else {
    const double p = pred[r];
    if constexpr (kKind == Kind::kRmse) return (p - y) * (p - y);
    else if constexpr (kKind == Kind::kRmsle) {
      const float d = std::log1p(label) - std::log1p(pred[r]);  // in float, as XGBoost
      return d * d;
    } else if constexpr (kKind == Kind::kMae) return std::abs(p - y);
    else if constexpr (kKind == Kind::kMape) return std::abs((label - pred[r]) / label);  // (float, as XGBoost; a label of 0: inf)
    else if constexpr (kKind == Kind::kMphe) return slope * slope * (std::sqrt(1 + ((p - y) / slope) * ((p - y) / slope)) - 1);
    else if constexpr (kKind == Kind::kQuantile) return y >= p ? slope * (y - p) : (1 - slope) * (p - y);  // slope: alpha
    else if constexpr (kKind == Kind::kExpectile) return (y >= p ? slope : 1 - slope) * (y - p) * (y - p);  // slope: alpha
    else if constexpr (kKind == Kind::kLogLoss) {
      const float q = pred[r];  // float, as XGBoost (see mlogloss)
      return -(y > 0.5 ? std::log(std::max(q, kEpsF)) : std::log(std::max(1.0f - q, kEpsF)));
    } else if constexpr (kKind == Kind::kError) return (p > slope) != (y > 0.5);  // slope: the threshold (0.5, or error@t's)
    else if constexpr (kKind == Kind::kGammaDeviance) {
      // In float with XGBoost's 1e-6 on both, so a label of 0 stays finite (the mean is doubled at the end).
      const float q = pred[r] + 1e-6f, t = label + 1e-6f;
      return std::log(q / t) + t / q - 1.0f;
    } else if constexpr (kKind == Kind::kGammaNLogLik) {
      // The gamma family's negative log-likelihood with dispersion 1: y/mu + ln mu (XGBoost's, in float).
      const float q = std::max(pred[r], 1e-6f);
      const float theta = static_cast<float>(-1.0 / q);
      return -(label * theta + std::log(-theta));
    } else if constexpr (kKind == Kind::kTweedie) {
      const float q = pred[r], rho = static_cast<float>(slope);  // slope: the variance power
      const float a = label * std::exp((1 - rho) * std::log(q)) / (1 - rho), b = std::exp((2 - rho) * std::log(q)) / (2 - rho);
      return -a + b;
    }
    else if constexpr (kKind == Kind::kExpLoss) {
      // exp(-s F) with p = sigmoid(2F): sqrt((1-p)/p) for y = 1, sqrt(p/(1-p)) for y = 0.
      const double q = std::clamp(p, kEps, 1 - kEps);
      return y > 0.5 ? std::sqrt((1 - q) / q) : std::sqrt(q / (1 - q));
    }
    else return std::lgamma(y + 1) + std::max(p, 1e-16) - y * std::log(std::max(p, 1e-16));
  }
}

// Sum of one metric's per-row terms over rows, each times its row's weight
// when kWeighted; the metric is chosen once, outside the loop (comparing its
// name per row cost a quarter of training).
template <Kind kKind, bool kWeighted>
double SumTerms(std::span<const float> pred, int K, std::span<const float> label, std::span<const float> weight,
                std::span<const RowIdx> rows, double slope) {
  double sum = 0;
  for (RowIdx r : rows) {
    const double term = Term<kKind>(pred.data(), K, label[r], r, slope);
    if constexpr (kWeighted) sum += term * weight[r];
    else sum += term;
  }
  return sum;
}

template <bool kWeighted>
double SumTerms(const MetricSpec& m, std::span<const float> pred, int K, std::span<const float> label,
                std::span<const float> weight, std::span<const RowIdx> rows, double slope) {
  switch (KindOf(m.name)) {
    case Kind::kRmse: return SumTerms<Kind::kRmse, kWeighted>(pred, K, label, weight, rows, slope);
    case Kind::kRmsle: return SumTerms<Kind::kRmsle, kWeighted>(pred, K, label, weight, rows, slope);
    case Kind::kMae: return SumTerms<Kind::kMae, kWeighted>(pred, K, label, weight, rows, slope);
    case Kind::kMape: return SumTerms<Kind::kMape, kWeighted>(pred, K, label, weight, rows, slope);
    case Kind::kMphe: return SumTerms<Kind::kMphe, kWeighted>(pred, K, label, weight, rows, slope);
    case Kind::kQuantile: return SumTerms<Kind::kQuantile, kWeighted>(pred, K, label, weight, rows, slope);
    case Kind::kExpectile: return SumTerms<Kind::kExpectile, kWeighted>(pred, K, label, weight, rows, slope);
    case Kind::kLogLoss: return SumTerms<Kind::kLogLoss, kWeighted>(pred, K, label, weight, rows, slope);
    case Kind::kError: return SumTerms<Kind::kError, kWeighted>(pred, K, label, weight, rows, slope);
    case Kind::kPoisson: return SumTerms<Kind::kPoisson, kWeighted>(pred, K, label, weight, rows, slope);
    case Kind::kGammaDeviance: return SumTerms<Kind::kGammaDeviance, kWeighted>(pred, K, label, weight, rows, slope);
    case Kind::kGammaNLogLik: return SumTerms<Kind::kGammaNLogLik, kWeighted>(pred, K, label, weight, rows, slope);
    case Kind::kTweedie: return SumTerms<Kind::kTweedie, kWeighted>(pred, K, label, weight, rows, slope);
    case Kind::kMlogLoss: return SumTerms<Kind::kMlogLoss, kWeighted>(pred, K, label, weight, rows, slope);
    case Kind::kMerror: return SumTerms<Kind::kMerror, kWeighted>(pred, K, label, weight, rows, slope);
    case Kind::kExpLoss: return SumTerms<Kind::kExpLoss, kWeighted>(pred, K, label, weight, rows, slope);
  }
  return 0;
}

}  // namespace

double EvaluateMetric(const MetricSpec& m, std::span<const float> pred, int K, std::span<const float> label,
                      std::span<const RowIdx> rows, ThreadPool& pool, double slope, std::span<const float> weight,
                      const QueryGroups* groups) {
  if (rows.empty()) return 0;
  if (m.rank) {
    if (!groups) throw Error("BAD_PARAM", "Metric '" + m.name + "' needs the rows' queries.");
    return EvaluateRankMetric(*m.rank, pred, label, *groups, pool);
  }
  if ((m.name == "auc" || m.name == "aucpr") && K > 1) return OneVsRest(m.name == "aucpr", pred, K, label, weight, rows);
  if (m.name == "auc") return Auc(pred, label, weight, rows);
  if (m.name == "aucpr") return PrAuc(pred, label, weight, rows);
  if (m.name == "quantile" && K > 1) return PinballOfQuantiles(pred, K, label, rows, m.quantiles, weight);
  // Fixed blocks, partial sums added in block order: the same bits on any thread count.
  constexpr size_t kBlock = 32768;
  const size_t blocks = (rows.size() + kBlock - 1) / kBlock;
  std::vector<double> partial(blocks, 0);
  pool.Run(static_cast<int>(blocks), [&](int b) {
    const size_t lo = b * kBlock, hi = std::min(rows.size(), lo + kBlock);
    const std::span<const RowIdx> part = rows.subspan(lo, hi - lo);
    partial[b] = weight.empty() ? SumTerms<false>(m, pred, K, label, weight, part, slope)
                                : SumTerms<true>(m, pred, K, label, weight, part, slope);
  });
  double sum = 0;
  for (double p : partial) sum += p;
  double total = static_cast<double>(rows.size());
  if (!weight.empty()) {
    total = 0;
    for (RowIdx r : rows) total += weight[r];
  }
  if (!(total > 0)) return 0;
  const double mean = sum / total;
  return m.name == "rmse" || m.name == "rmsle" ? std::sqrt(mean) : m.name == "gamma-deviance" ? 2 * mean : mean;
}

}  // namespace boostlab
