// The losses. Each per-row rule is a small functor; the loop over rows is
// written once (ComputeGradients), in fixed row blocks across threads.

#include <algorithm>  // for max, clamp, nth_element
#include <cmath>      // for exp, log, sqrt
#include <sstream>    // for ostringstream
#include <string>     // for string
#include <utility>    // for pair

#include "boostlab/errors.h"
#include "objective/custom_objective.h"
#include "objective/objective.h"
#include "objective/rank_objectives.h"
#include "util/exp_float.h"
#include "util/thread_pool.h"

namespace boostlab {
namespace {

// Rows a pass over the training rows gathers at a time: their values are
// copied to small local arrays, the loss runs over those (one loop the
// compiler vectorises when the loss has no call or branch in it), and the
// results go back to the rows. Gathering by row index in the same loop as the
// arithmetic kept every row's work scalar, and a loss's select on the label
// became a branch that mispredicted on half the rows (issue 46's profile).
constexpr size_t kRowChunk = 256;

// The loss on a chunk's gathered margins, predictions and labels, into g
// and h: one loop without calls, which the compiler vectorises when the loss
// has no call or branch in it.
template <typename Loss>
inline void LossOverChunk(const Loss& loss, const float* m, const float* p, const float* y, float* g, float* h,
                          size_t count) {
  for (size_t i = 0; i < count; ++i) {
    const GradPair gp = loss(m[i], p[i], y[i]);
    g[i] = gp.g;
    h[i] = gp.h;
  }
}

// Each loss functor takes (margin, prediction, label): the prediction is the
// transformed margin, already computed for the metrics.
template <typename Loss>
void ComputeGradients(const Loss& loss, std::span<const float> margin, std::span<const float> pred,
                      std::span<const float> label, std::span<const float> weight, std::span<const RowIdx> rows,
                      std::span<GradPair> out, ThreadPool& pool) {
  ForBlocks(pool, rows.size(), 16384, [&](size_t begin, size_t end) {
    float m[kRowChunk], p[kRowChunk], y[kRowChunk], g[kRowChunk], h[kRowChunk];
    for (size_t at = begin; at < end; at += kRowChunk) {
      const size_t count = std::min(kRowChunk, end - at);
      const RowIdx* part = rows.data() + at;
      for (size_t i = 0; i < count; ++i) {
        const RowIdx r = part[i];
        m[i] = margin[r];
        p[i] = pred[r];
        y[i] = label[r];
      }
      LossOverChunk(loss, m, p, y, g, h, count);
      if (weight.empty()) {
        for (size_t i = 0; i < count; ++i) out[part[i]] = {g[i], h[i]};
      } else {
        for (size_t i = 0; i < count; ++i) {
          const float w = weight[part[i]];
          out[part[i]] = {g[i] * w, h[i] * w};
        }
      }
    }
  });
}

double Weight(std::span<const float> weight, RowIdx r) { return weight.empty() ? 1.0 : weight[r]; }

double Mean(std::span<const float> label, std::span<const float> weight, std::span<const RowIdx> rows) {
  double sum = 0, total = 0;
  for (RowIdx r : rows) {
    sum += Weight(weight, r) * label[r];
    total += Weight(weight, r);
  }
  return total > 0 ? sum / total : 0;
}

// Log-odds of a probability, kept away from 0 and 1.
double LogOdds(double p) {
  p = std::clamp(p, 1e-7, 1.0 - 1e-7);
  return std::log(p / (1.0 - p));
}

// The first value (ascending) whose cumulative weight reaches q of the total
// (scikit-learn's _weighted_percentile). `average_exact`: when it reaches
// exactly q of the total, the mean of it and the next value that weighs
// something (the median's rule for an even count when every weight is 1).
template <typename T>
double WeightedQuantile(const std::vector<T>& v, const std::vector<T>& w, double q, bool average_exact) {
  std::vector<size_t> order(v.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return v[a] < v[b]; });
  double total = 0;
  for (T x : w) total += x;
  double cumulative = 0;
  for (size_t i = 0; i < order.size(); ++i) {
    cumulative += w[order[i]];
    if (cumulative < q * total) continue;
    if (average_exact && cumulative == q * total)
      for (size_t j = i + 1; j < order.size(); ++j)
        if (w[order[j]] > 0) return (static_cast<double>(v[order[i]]) + v[order[j]]) / 2;
    return v[order[i]];
  }
  return v[order.back()];
}

// The median (the middle pair's mean for an even count); with weights,
// WeightedQuantile's median with the same rule.
double Median(std::vector<float> v, std::vector<float> w = {}) {
  if (v.empty()) return 0;
  if (!w.empty()) return WeightedQuantile(v, w, 0.5, true);
  const size_t mid = v.size() / 2;
  std::nth_element(v.begin(), v.begin() + mid, v.end());
  double hi = v[mid];
  if (v.size() % 2) return hi;
  double lo = *std::max_element(v.begin(), v.begin() + mid);
  return (lo + hi) / 2;
}

// value(r) over the rows, and their weights when there are any: what a median or a quantile takes.
template <typename Value>
std::pair<std::vector<float>, std::vector<float>> Gathered(std::span<const RowIdx> rows, std::span<const float> weight, Value value) {
  std::pair<std::vector<float>, std::vector<float>> out;
  out.first.reserve(rows.size());
  for (RowIdx r : rows) out.first.push_back(value(r));
  if (!weight.empty())
    for (RowIdx r : rows) out.second.push_back(weight[r]);
  return out;
}

// The median of y over rows, weighted when there are weights.
double MedianOf(std::span<const float> y, std::span<const float> weight, std::span<const RowIdx> rows) {
  auto [v, w] = Gathered(rows, weight, [&](RowIdx r) { return y[r]; });
  return Median(std::move(v), std::move(w));
}

// A loss with one output, given as a per-row functor.
template <typename Loss>
class SingleOutput : public Objective {
 public:
  explicit SingleOutput(Loss loss) : loss_(loss) {}
  const char* name() const override { return Loss::kName; }
  void Gradients(std::span<const float> margin, std::span<const float> pred, std::span<const float> label,
                 std::span<const RowIdx> rows, std::span<GradPair> out, ThreadPool& pool) const override {
    ComputeGradients(loss_, margin, pred, label, weight_, rows, out, pool);
  }
  void Transform(const float* margin, float* out) const override { *out = loss_.Transform(*margin); }
  void TransformRows(const float* margin, float* out, std::span<const RowIdx> rows) const override {
    float v[kRowChunk];
    for (size_t at = 0; at < rows.size(); at += kRowChunk) {
      const size_t count = std::min(kRowChunk, rows.size() - at);
      const RowIdx* part = rows.data() + at;
      for (size_t i = 0; i < count; ++i) v[i] = margin[part[i]];
      TransformInPlace(v, count);
      for (size_t i = 0; i < count; ++i) out[part[i]] = v[i];
    }
  }
  bool StepsLeaves() const override { return !RefreshesLeaves(); }
  // As ComputeGradients, a chunk of rows at a time: their margins gathered,
  // the link four at a time where the loss has that form, the loss in a loop
  // without calls; then the sums in row order (the same bits as one row at a
  // time). Each further Newton step of leaf_newton_steps is one such pass
  // over a leaf's rows.
  GradSum SumsAt(std::span<const RowIdx> rows, std::span<const float> margin, std::span<const float> label,
                 double shift) const override {
    GradSum sum;
    const float s = static_cast<float>(shift);
    float m[kRowChunk], p[kRowChunk], y[kRowChunk], g[kRowChunk], h[kRowChunk];
    for (size_t at = 0; at < rows.size(); at += kRowChunk) {
      const size_t count = std::min(kRowChunk, rows.size() - at);
      const RowIdx* part = rows.data() + at;
      for (size_t i = 0; i < count; ++i) {
        m[i] = margin[part[i]] + s;
        p[i] = m[i];
        y[i] = label[part[i]];
      }
      TransformInPlace(p, count);
      LossOverChunk(loss_, m, p, y, g, h, count);
      for (size_t i = 0; i < count; ++i) {
        const double w = Weight(weight_, part[i]);
        sum.g += w * g[i];
        sum.h += w * h[i];
      }
    }
    return sum;
  }

 protected:
  // v[0..n) through the link: four values a vector where the loss has that
  // form (TransformMany, the same bits as Transform), else one at a time.
  void TransformInPlace(float* v, size_t n) const {
    if constexpr (requires(float* f) { loss_.TransformMany(f, n); }) loss_.TransformMany(v, n);
    else for (size_t i = 0; i < n; ++i) v[i] = loss_.Transform(v[i]);
  }
  Loss loss_;
};

struct SquaredLoss {
  static constexpr const char* kName = "reg:squarederror";
  GradPair operator()(float m, float, float y) const { return {m - y, 1.0f}; }
  float Transform(float m) const { return m; }
};

struct AbsoluteLoss {
  static constexpr const char* kName = "reg:absoluteerror";
  GradPair operator()(float m, float, float y) const { return {m > y ? 1.0f : (m < y ? -1.0f : 0.0f), 1.0f}; }
  float Transform(float m) const { return m; }
};

// The pinball loss of the alpha quantile: alpha (y - F) above y's side, (1 - alpha)(F - y)
// below; h = 1, so the tree's splits are those of its sign pattern, and each leaf is
// then refreshed to the alpha quantile of its residuals (XGBoost 3's reg:quantileerror).
struct QuantileLoss {
  static constexpr const char* kName = "reg:quantileerror";
  float alpha = 0.5f;
  GradPair operator()(float m, float, float y) const { return {m - y >= 0 ? 1.0f - alpha : -alpha, 1.0f}; }
  float Transform(float m) const { return m; }
};

// Squared error weighted alpha where y lies above F and 1 - alpha below (an expectile's loss,
// alpha |y - F|^2 or (1 - alpha) |y - F|^2): g = 2w (F - y), h = 2w. At alpha 0.5 these are
// squared error's F - y and 1 to the bit (2 x 0.5 is 1 exactly).
struct ExpectileLoss {
  static constexpr const char* kName = "reg:expectileerror";
  float alpha = 0.5f;
  GradPair operator()(float m, float, float y) const {
    const float w = 2.0f * (y >= m ? alpha : 1.0f - alpha);
    return {w * (m - y), w};
  }
  float Transform(float m) const { return m; }
};

struct PseudoHuberLoss {
  static constexpr const char* kName = "reg:pseudohubererror";
  float slope = 1.0f;
  GradPair operator()(float m, float, float y) const {
    const float z = m - y;
    const float scale = 1.0f + (z / slope) * (z / slope);
    const float scale_sqrt = std::sqrt(scale);
    return {z / scale_sqrt, 1.0f / (scale * scale_sqrt)};
  }
  float Transform(float m) const { return m; }
};

// The log-link losses: the prediction is e^F, a mean of counts, amounts or
// durations. Every e^x of a loss is ExpFloat's (util/exp_float.h), not libm's:
// the same bits natively and in wasm.
struct PoissonLoss {
  static constexpr const char* kName = "count:poisson";
  static constexpr const char* kLabels = "counts (labels >= 0)";
  static bool LabelFits(float y) { return y >= 0; }
  float max_delta_step = 0.7f;
  GradPair operator()(float m, float p, float y) const { return {p - y, ExpFloat(m + max_delta_step)}; }
  float Transform(float m) const { return ExpFloat(m); }
  void TransformMany(float* v, size_t n) const { ExpFloats(v, v, n); }
};

// The gamma deviance, 2 [ln(mu/y) + y/mu - 1], in F = ln mu: g = 1 - y/mu, h = y/mu (in float, as XGBoost).
struct GammaLoss {
  static constexpr const char* kName = "reg:gamma";
  static constexpr const char* kLabels = "positive amounts (labels > 0)";
  static bool LabelFits(float y) { return y > 0; }
  GradPair operator()(float, float p, float y) const { return {1.0f - y / p, y / p}; }
  float Transform(float m) const { return ExpFloat(m); }
  void TransformMany(float* v, size_t n) const { ExpFloats(v, v, n); }
};

// Tweedie's compound Poisson-gamma loss with variance power rho in [1, 2):
// -y e^((1-rho)F)/(1-rho) + e^((2-rho)F)/(2-rho), its derivatives in F (in float, as XGBoost).
struct TweedieLoss {
  static constexpr const char* kName = "reg:tweedie";
  static constexpr const char* kLabels = "amounts (labels >= 0)";
  static bool LabelFits(float y) { return y >= 0; }
  float rho = 1.5f;
  GradPair operator()(float m, float, float y) const {
    const float a = ExpFloat((1 - rho) * m), b = ExpFloat((2 - rho) * m);
    return {-y * a + b, -y * (1 - rho) * a + (2 - rho) * b};
  }
  float Transform(float m) const { return ExpFloat(m); }
  void TransformMany(float* v, size_t n) const { ExpFloats(v, v, n); }
};

struct LogisticLoss {
  static constexpr const char* kName = "binary:logistic";
  float scale_pos_weight = 1.0f;  // the positive rows' (label 1) pairs times this, as XGBoost's
  GradPair operator()(float, float p, float y) const {
    // Both values read before the select: a read in one arm only made it a
    // branch (mispredicted on half the rows) and kept the loop scalar.
    const float positive = scale_pos_weight;
    const float s = y == 1.0f ? positive : 1.0f;
    return {(p - y) * s, std::max(p * (1.0f - p), 1e-16f) * s};
  }
  float Transform(float m) const { return 1.0f / (1.0f + ExpFloat(-m)); }
  // Transform on each of v[0..n), bit for bit, with e^x four values a vector.
  void TransformMany(float* v, size_t n) const {
    for (size_t i = 0; i < n; ++i) v[i] = -v[i];
    ExpFloats(v, v, n);
    for (size_t i = 0; i < n; ++i) v[i] = 1.0f / (1.0f + v[i]);
  }
};

// AdaBoost's loss exp(-s F) with s = 2y - 1 in {-1, +1}; its minimiser is half
// the log-odds, so the probability is sigmoid(2F).
struct ExponentialLoss {
  static constexpr const char* kName = "binary:exponential";
  GradPair operator()(float m, float, float y) const {
    const float s = 2.0f * y - 1.0f;
    const float e = ExpFloat(-s * m);
    return {-s * e, std::max(e, 1e-16f)};
  }
  float Transform(float m) const { return 1.0f / (1.0f + ExpFloat(-2.0f * m)); }
};

class SquaredError : public SingleOutput<SquaredLoss> {
 public:
  SquaredError() : SingleOutput({}) {}
  std::vector<double> AverageMargin(std::span<const float> y, std::span<const RowIdx> rows) const override {
    return {Mean(y, weight_, rows)};
  }
  std::vector<std::string> DefaultMetrics() const override { return {"rmse"}; }
};

class AbsoluteError : public SingleOutput<AbsoluteLoss> {
 public:
  AbsoluteError() : SingleOutput({}) {}
  std::vector<double> AverageMargin(std::span<const float> y, std::span<const RowIdx> rows) const override {
    return {MedianOf(y, weight_, rows)};
  }
  std::vector<std::string> DefaultMetrics() const override { return {"mae"}; }
  // The leaf's value is the median residual of its rows, not a Newton step.
  bool RefreshesLeaves() const override { return true; }
  double LeafValue(std::span<const RowIdx> rows, std::span<const float> margin, std::span<const float> label, int) const override {
    auto [residual, w] = Gathered(rows, weight_, [&](RowIdx r) { return label[r] - margin[r]; });
    return Median(std::move(residual), std::move(w));
  }
};

// The alpha quantile of v as XGBoost 3 takes it (common::Quantile): sorted,
// position alpha (n + 1) counted from 1, interpolated between its neighbours,
// the ends held below 1/(n + 1) and above n/(n + 1); with weights, the first
// value whose cumulative weight reaches alpha of the total.
double XGBoostQuantile(std::vector<float> v, std::vector<float> w, double alpha) {
  if (v.empty()) return 0;
  if (!w.empty()) return WeightedQuantile(v, w, alpha, false);
  std::sort(v.begin(), v.end());
  const double n = static_cast<double>(v.size());
  if (alpha <= 1 / (n + 1)) return v.front();
  if (alpha >= n / (n + 1)) return v.back();
  const double x = alpha * (n + 1);
  const double k = std::floor(x) - 1;
  const double d = (x - 1) - k;
  const double v0 = v[static_cast<size_t>(k)], v1 = v[static_cast<size_t>(k) + 1];
  return v0 + d * (v1 - v0);
}

// One output per alpha (XGBoost 3's list of quantile_alpha: a target each):
// output k's pinball loss at alpha_k, its leaves refreshed to the alpha_k
// quantile of their residuals, its intercept the alpha_k quantile of y.
class QuantileError : public Objective {
 public:
  explicit QuantileError(std::vector<double> alphas) : alphas_(std::move(alphas)) {
    for (double a : alphas_) loss_.push_back({static_cast<float>(a)});
  }
  const char* name() const override { return QuantileLoss::kName; }
  int outputs() const override { return static_cast<int>(alphas_.size()); }
  std::vector<double> AverageMargin(std::span<const float> y, std::span<const RowIdx> rows) const override {
    std::vector<double> out;
    for (double a : alphas_) {
      auto [v, w] = Gathered(rows, weight_, [&](RowIdx r) { return y[r]; });
      out.push_back(XGBoostQuantile(std::move(v), std::move(w), a));
    }
    return out;
  }
  void Gradients(std::span<const float> margin, std::span<const float>, std::span<const float> label,
                 std::span<const RowIdx> rows, std::span<GradPair> out, ThreadPool& pool) const override {
    const size_t K = alphas_.size(), n = margin.size() / K;
    ForBlocks(pool, rows.size(), 16384, [&](size_t begin, size_t end) {
      for (size_t i = begin; i < end; ++i) {
        const RowIdx r = rows[i];
        for (size_t k = 0; k < K; ++k) {
          GradPair gp = loss_[k](margin[r * K + k], 0.0f, label[r]);
          if (!weight_.empty()) gp = {gp.g * weight_[r], gp.h * weight_[r]};
          out[k * n + r] = gp;
        }
      }
    });
  }
  void Transform(const float* margin, float* out) const override {
    for (size_t k = 0; k < alphas_.size(); ++k) out[k] = margin[k];
  }
  std::vector<std::string> DefaultMetrics() const override { return {"quantile"}; }
  bool RefreshesLeaves() const override { return true; }
  double LeafValue(std::span<const RowIdx> rows, std::span<const float> margin, std::span<const float> label, int output) const override {
    const size_t K = alphas_.size(), k = static_cast<size_t>(output);
    auto [residual, w] = Gathered(rows, weight_, [&](RowIdx r) { return label[r] - margin[r * K + k]; });
    return XGBoostQuantile(std::move(residual), std::move(w), alphas_[k]);
  }

 private:
  std::vector<double> alphas_;
  std::vector<QuantileLoss> loss_;
};

// The alpha expectile of y: the e where the rows above, weighing alpha, and those below, weighing
// 1 - alpha, pull equally (sum of a_i (y_i - e) = 0). Each pass sets e to the mean of y weighted by
// the sides the last e gave; the sides settle within as many passes as rows cross, and from then
// on e is exact. At 0.5 it is the mean, the same double as squared error's f0.
double Expectile(std::span<const float> y, std::span<const float> weight, std::span<const RowIdx> rows, double alpha) {
  if (alpha == 0.5) return Mean(y, weight, rows);
  double e = Mean(y, weight, rows);
  for (int pass = 0; pass < 200; ++pass) {
    double sum = 0, total = 0;
    for (RowIdx r : rows) {
      const double a = Weight(weight, r) * (y[r] >= e ? alpha : 1 - alpha);
      sum += a * y[r];
      total += a;
    }
    const double next = total > 0 ? sum / total : e;
    if (next == e) break;
    e = next;
  }
  return e;
}

class ExpectileError : public SingleOutput<ExpectileLoss> {
 public:
  explicit ExpectileError(double alpha) : SingleOutput({static_cast<float>(alpha)}), alpha_(alpha) {}
  std::vector<double> AverageMargin(std::span<const float> y, std::span<const RowIdx> rows) const override {
    return {Expectile(y, weight_, rows, alpha_)};
  }
  std::vector<std::string> DefaultMetrics() const override { return {"expectile"}; }

 private:
  double alpha_;
};

// Friedman's Huber loss for gradient boosting (M-regression, as scikit-learn's
// loss='huber'): each round, delta is the huber_alpha quantile of |y - F| over
// the training rows; the pseudo-residual is y - F clipped to +-delta, and each
// leaf steps by the median residual plus the mean of the deviations from it
// clipped to +-delta.
class Huber : public SquaredError {
 public:
  explicit Huber(double alpha) : alpha_(alpha) {}
  const char* name() const override { return "reg:huber"; }
  // scikit-learn's DummyRegressor(quantile 0.5): np.percentile's median, or
  // with weights the weighted lower median.
  std::vector<double> AverageMargin(std::span<const float> y, std::span<const RowIdx> rows) const override {
    if (weight_.empty()) return {MedianOf(y, weight_, rows)};
    std::vector<double> v;
    for (RowIdx r : rows) v.push_back(y[r]);
    return {LowerQuantile(std::move(v), Weights(rows), 0.5)};
  }
  void Gradients(std::span<const float> margin, std::span<const float>, std::span<const float> label,
                 std::span<const RowIdx> rows, std::span<GradPair> out, ThreadPool&) const override {
    std::vector<double> size;
    size.reserve(rows.size());
    for (RowIdx r : rows) size.push_back(std::abs(static_cast<double>(label[r]) - margin[r]));
    delta_ = LowerQuantile(std::move(size), Weights(rows), alpha_);
    for (RowIdx r : rows) {
      const double residual = static_cast<double>(label[r]) - margin[r];
      const float w = static_cast<float>(Weight(weight_, r));
      out[r] = {static_cast<float>(-std::clamp(residual, -delta_, delta_)) * w, w};
    }
  }
  bool RefreshesLeaves() const override { return true; }
  // scikit-learn's step: the weighted median residual plus the plain mean of
  // the clipped deviations from it.
  double LeafValue(std::span<const RowIdx> rows, std::span<const float> margin, std::span<const float> label, int) const override {
    std::vector<double> residual;
    residual.reserve(rows.size());
    for (RowIdx r : rows) residual.push_back(static_cast<double>(label[r]) - margin[r]);
    const double median = LowerQuantile(residual, Weights(rows), 0.5);
    double step = 0;
    for (double d : residual) step += std::clamp(d - median, -delta_, delta_);
    return median + (residual.empty() ? 0 : step / static_cast<double>(residual.size()));
  }

 private:
  std::vector<double> Weights(std::span<const RowIdx> rows) const {
    std::vector<double> w;
    if (!weight_.empty())
      for (RowIdx r : rows) w.push_back(weight_[r]);
    return w;
  }
  // The first value, in ascending order, whose cumulative weight reaches q of
  // the total (no weights: all 1).
  static double LowerQuantile(std::vector<double> v, std::vector<double> w, double q) {
    if (v.empty()) return 0;
    if (!w.empty()) return WeightedQuantile(v, w, q, false);
    const double want = q * static_cast<double>(v.size());
    size_t i = want <= 1 ? 0 : static_cast<size_t>(std::ceil(want)) - 1;
    i = std::min(i, v.size() - 1);
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(i), v.end());
    return v[i];
  }
  double alpha_;
  mutable double delta_ = 0;  // this round's, set by Gradients and read by LeafValue
};

class PseudoHuberError : public SingleOutput<PseudoHuberLoss> {
 public:
  explicit PseudoHuberError(float slope) : SingleOutput({slope}) {}
  std::vector<double> AverageMargin(std::span<const float> y, std::span<const RowIdx> rows) const override {
    return {MedianOf(y, weight_, rows)};
  }
  std::vector<std::string> DefaultMetrics() const override { return {"mphe"}; }
};

// A log-link loss: labels checked, f0 the log of their (weighted) mean, as
// XGBoost's generalised linear models start.
template <typename Loss>
class LogLink : public SingleOutput<Loss> {
 public:
  LogLink(Loss loss, std::vector<std::string> metrics) : SingleOutput<Loss>(loss), metrics_(std::move(metrics)) {}
  void CheckLabels(std::span<const float> y, std::span<const RowIdx> rows) const override {
    for (RowIdx r : rows)
      if (!Loss::LabelFits(y[r]))
        throw Error("BAD_PARAM", std::string("Objective ") + Loss::kName + " needs " + Loss::kLabels + "; data row " + std::to_string(r) +
                                     " has " + std::to_string(y[r]) + ".");
  }
  std::vector<double> AverageMargin(std::span<const float> y, std::span<const RowIdx> rows) const override {
    return {std::log(std::max(Mean(y, this->weight_, rows), 1e-7))};
  }
  double MarginOfBaseScore(double b) const override { return std::log(std::max(b, 1e-7)); }
  std::vector<std::string> DefaultMetrics() const override { return metrics_; }
  double DefaultMaxDeltaStep() const override { return Loss::kName == std::string("count:poisson") ? 0.7 : 0; }

 private:
  std::vector<std::string> metrics_;
};

class Logistic : public SingleOutput<LogisticLoss> {
 public:
  explicit Logistic(double scale_pos_weight) : SingleOutput({static_cast<float>(scale_pos_weight)}), spw_(scale_pos_weight) {}
  void CheckLabels(std::span<const float> y, std::span<const RowIdx> rows) const override {
    for (RowIdx r : rows)
      if (y[r] < 0 || y[r] > 1)
        throw Error("BAD_PARAM", "Objective binary:logistic needs labels in [0, 1]; data row " + std::to_string(r) +
                                     " has " + std::to_string(y[r]) + ". Use a regression objective.");
  }
  // The log-odds of the (weighted) mean; with scale_pos_weight, as XGBoost 3 then does, one Newton step
  // from margin 0 on the scaled pairs: -G/H with g = s(1/2 - y), h = s/4 (s = w, times the scale for y = 1).
  std::vector<double> AverageMargin(std::span<const float> y, std::span<const RowIdx> rows) const override {
    if (spw_ == 1.0) return {MarginOfBaseScore(Mean(y, weight_, rows))};
    double G = 0, H = 0;
    for (RowIdx r : rows) {
      const double s = Weight(weight_, r) * (y[r] == 1.0f ? spw_ : 1.0);
      G += s * (0.5 - y[r]);
      H += s * 0.25;
    }
    return {H > 0 ? -G / H : 0.0};
  }
  double MarginOfBaseScore(double p) const override { return LogOdds(p); }
  std::vector<std::string> DefaultMetrics() const override { return {"error", "logloss"}; }

 private:
  double spw_;
};

class Exponential : public SingleOutput<ExponentialLoss> {
 public:
  Exponential() : SingleOutput({}) {}
  void CheckLabels(std::span<const float> y, std::span<const RowIdx> rows) const override {
    for (RowIdx r : rows)
      if (y[r] != 0 && y[r] != 1)
        throw Error("BAD_PARAM", "Objective binary:exponential needs two classes; data row " + std::to_string(r) +
                                     " has label " + std::to_string(y[r]) + ".");
  }
  std::vector<double> AverageMargin(std::span<const float> y, std::span<const RowIdx> rows) const override {
    return {MarginOfBaseScore(Mean(y, weight_, rows))};
  }
  double MarginOfBaseScore(double p) const override { return 0.5 * LogOdds(p); }  // half the log-odds
  std::vector<std::string> DefaultMetrics() const override { return {"error", "exploss"}; }
};

// The output of discrete AdaBoost, F = sum alpha_t s_t(x) with s_t = +-1. AdaBoost
// descends the exponential loss with steps twice its optimum, so the class
// probability is sigmoid(F) (Friedman, Hastie & Tibshirani 2000). The booster
// trains it; its gradients are the exponential loss's, for completeness.
class Samme : public Exponential {
 public:
  const char* name() const override { return "binary:samme"; }
  void Transform(const float* margin, float* out) const override { *out = 1.0f / (1.0f + ExpFloat(-*margin)); }
  void TransformRows(const float* margin, float* out, std::span<const RowIdx> rows) const override {
    Objective::TransformRows(margin, out, rows);  // by this Transform, not the loss's
  }
  std::vector<double> AverageMargin(std::span<const float>, std::span<const RowIdx>) const override { return {0.0}; }
  std::vector<std::string> DefaultMetrics() const override { return {"error"}; }
};

// Discrete AdaBoost with Freund & Schapire's votes (the lecture notes'),
// alpha_t = ln sqrt((1-e)/e): F is half SAMME's, the exponential loss's own
// step, so the probability is its link sigmoid(2F) (as SAMME's sigmoid of its F).
class AdaBoostVotes : public Exponential {
 public:
  const char* name() const override { return "binary:adaboost"; }
  std::vector<double> AverageMargin(std::span<const float>, std::span<const RowIdx>) const override { return {0.0}; }
  std::vector<std::string> DefaultMetrics() const override { return {"error"}; }
};

// A random forest's classification output: the mean class-1 frequency of
// its leaves, already a probability.
class ForestProbability : public Logistic {
 public:
  ForestProbability() : Logistic(1.0) {}
  const char* name() const override { return "binary:forest"; }
  void Transform(const float* margin, float* out) const override { *out = std::clamp(*margin, 0.0f, 1.0f); }
  void TransformRows(const float* margin, float* out, std::span<const RowIdx> rows) const override {
    Objective::TransformRows(margin, out, rows);  // by this Transform, not the loss's
  }
  std::vector<double> AverageMargin(std::span<const float>, std::span<const RowIdx>) const override { return {0.0}; }
  std::vector<std::string> DefaultMetrics() const override { return {"error"}; }
};

// Real AdaBoost's output for two classes, F = sum eta * 1/2 ln(p/(1-p)) of
// the leaves' weighted class shares: the exponential loss's own link, p = sigmoid(2F).
class SammeR : public Exponential {
 public:
  const char* name() const override { return "binary:samme_r"; }
  std::vector<double> AverageMargin(std::span<const float>, std::span<const RowIdx>) const override { return {0.0}; }
  std::vector<std::string> DefaultMetrics() const override { return {"error"}; }
};

// AdaBoost.R2's trees (combined by their weighted median, see Model).
class AdaBoostR2 : public SquaredError {
 public:
  const char* name() const override { return "reg:adaboost_r2"; }
  std::vector<double> AverageMargin(std::span<const float>, std::span<const RowIdx>) const override { return {0.0}; }
};

// Multiclass: K outputs, softmax probabilities; h = c p(1-p), where c is
// XGBoost's 2 (a bound on the curvature, so each step is about half
// Newton's) or LightGBM's K/(K-1) (softmax_hessian).
class Softmax : public Objective {
 public:
  Softmax(int num_class, bool class_output, float hessian_factor = 2.0f)
      : k_(num_class), class_output_(class_output), hessian_factor_(hessian_factor) {}
  const char* name() const override { return class_output_ ? "multi:softmax" : "multi:softprob"; }
  int outputs() const override { return k_; }
  void CheckLabels(std::span<const float> y, std::span<const RowIdx> rows) const override {
    for (RowIdx r : rows)
      if (!(y[r] >= 0 && y[r] < static_cast<float>(k_)) || y[r] != static_cast<float>(static_cast<int>(y[r])))
        throw Error("BAD_PARAM", std::string("Objective ") + name() + " needs class labels 0.." + std::to_string(k_ - 1) +
                                     " (num_class = " + std::to_string(k_) + "); data row " + std::to_string(r) +
                                     " has " + std::to_string(y[r]) + ".");
  }
  std::vector<double> AverageMargin(std::span<const float> y, std::span<const RowIdx> rows) const override {
    std::vector<double> count(k_, 0);
    double total = 0;
    for (RowIdx r : rows) {
      count[static_cast<int>(y[r])] += Weight(weight_, r);
      total += Weight(weight_, r);
    }
    std::vector<double> margin(k_);
    for (int k = 0; k < k_; ++k) margin[k] = std::log(std::max(count[k], 0.5) / total);
    return margin;  // log class priors: softmax of them gives the priors back
  }
  void Gradients(std::span<const float> margin, std::span<const float> pred, std::span<const float> label,
                 std::span<const RowIdx> rows, std::span<GradPair> out, ThreadPool& pool) const override {
    const size_t n = margin.size() / k_;
    ForBlocks(pool, rows.size(), 8192, [&](size_t begin, size_t end) {
      for (size_t i = begin; i < end; ++i) {
        const RowIdx r = rows[i];
        const float* p = &pred[static_cast<size_t>(r) * k_];
        const int y = static_cast<int>(label[r]);
        for (int k = 0; k < k_; ++k)
          out[k * n + r] = {p[k] - (k == y ? 1.0f : 0.0f), std::max(hessian_factor_ * p[k] * (1.0f - p[k]), 1e-16f)};
        if (!weight_.empty())
          for (int k = 0; k < k_; ++k) out[k * n + r] = {out[k * n + r].g * weight_[r], out[k * n + r].h * weight_[r]};
      }
    });
  }
  void Transform(const float* margin, float* out) const override {
    float max = margin[0];
    for (int k = 1; k < k_; ++k) max = std::max(max, margin[k]);
    for (int k = 0; k < k_; ++k) out[k] = margin[k] - max;
    ExpFloats(out, out, static_cast<size_t>(k_));
    float sum = 0;
    for (int k = 0; k < k_; ++k) sum += out[k];
    for (int k = 0; k < k_; ++k) out[k] /= sum;
  }
  std::vector<std::string> DefaultMetrics() const override { return {"merror", "mlogloss"}; }

 protected:
  int k_;
  bool class_output_;
  float hessian_factor_;
};

// Multiclass AdaBoost (SAMME and SAMME.R): F_k sums the votes for class k;
// the symmetric population minimiser of the multiclass exponential loss
// gives p_k proportional to exp(F_k / (K-1)) (Zhu, Zou, Rosset & Hastie 2009).
// With Freund & Schapire's votes (half SAMME's) p_k is proportional to exp(2 F_k / (K-1)).
class MultiSamme : public Softmax {
 public:
  MultiSamme(int num_class, bool real, bool half = false) : Softmax(num_class, false), real_(real), half_(half) {}
  const char* name() const override { return half_ ? "multi:adaboost" : real_ ? "multi:samme_r" : "multi:samme"; }
  std::vector<double> AverageMargin(std::span<const float>, std::span<const RowIdx>) const override {
    return std::vector<double>(k_, 0.0);
  }
  void Transform(const float* margin, float* out) const override {
    std::vector<float> scaled(margin, margin + k_);
    for (float& m : scaled) m = (half_ ? 2 * m : m) / static_cast<float>(k_ - 1);
    Softmax::Transform(scaled.data(), out);
  }
  std::vector<std::string> DefaultMetrics() const override { return {"merror"}; }

 private:
  bool real_;
  bool half_;
};

// A random forest's multiclass output: the mean class frequencies of its
// leaves, already probabilities.
class MultiForest : public Softmax {
 public:
  explicit MultiForest(int num_class) : Softmax(num_class, false) {}
  const char* name() const override { return "multi:forest"; }
  std::vector<double> AverageMargin(std::span<const float>, std::span<const RowIdx>) const override {
    return std::vector<double>(k_, 0.0);
  }
  void Transform(const float* margin, float* out) const override {
    for (int k = 0; k < k_; ++k) out[k] = std::clamp(margin[k], 0.0f, 1.0f);
  }
  std::vector<std::string> DefaultMetrics() const override { return {"merror"}; }
};

}  // namespace

float SoftmaxHessianFactor(const Params& params, int num_class) {
  return params.softmax_hessian == "lightgbm" ? static_cast<float>(num_class) / static_cast<float>(num_class - 1) : 2.0f;
}

std::string TweediePower(double rho) {
  std::ostringstream out;  // as XGBoost names its metric: the float, six significant digits
  out << static_cast<float>(rho);
  return out.str();
}

std::unique_ptr<Objective> MakeObjective(const std::string& name, const Params& p, int num_class) {
  const double mds = p.max_delta_step == p.max_delta_step ? p.max_delta_step : 0.7;
  if (p.scale_pos_weight != 1.0 && name != "binary:logistic")
    throw Error("BAD_PARAM", "Parameter 'scale_pos_weight' scales the positive class of binary:logistic; the objective here is " + name +
                                 ". Leave it at 1, or give the rows sample weights (a weight column).");
  if (name == "custom") return std::make_unique<CustomObjective>(std::max(1, num_class), p.base_score == p.base_score ? p.base_score : 0.0);
  if (name == "reg:squarederror") return std::make_unique<SquaredError>();
  if (name == "reg:absoluteerror") return std::make_unique<AbsoluteError>();
  if (name == "reg:quantileerror") return std::make_unique<QuantileError>(p.quantile_alpha);
  if (name == "reg:expectileerror") return std::make_unique<ExpectileError>(p.expectile_alpha);
  if (name == "reg:huber") return std::make_unique<Huber>(p.huber_alpha);
  if (name == "reg:pseudohubererror") return std::make_unique<PseudoHuberError>(static_cast<float>(p.huber_slope));
  if (name == "count:poisson") return std::make_unique<LogLink<PoissonLoss>>(PoissonLoss{static_cast<float>(mds)}, std::vector<std::string>{"poisson-nloglik"});
  if (name == "reg:gamma") return std::make_unique<LogLink<GammaLoss>>(GammaLoss{}, std::vector<std::string>{"gamma-deviance"});
  if (name == "reg:tweedie") {
    if (!(p.tweedie_variance_power < 2))
      throw Error("BAD_PARAM", "Parameter 'tweedie_variance_power' is " + TweediePower(p.tweedie_variance_power) +
                                   "; reg:tweedie takes a power from 1 (Poisson) up to, not including, 2 (that is reg:gamma).");
    return std::make_unique<LogLink<TweedieLoss>>(TweedieLoss{static_cast<float>(p.tweedie_variance_power)},
                                                  std::vector<std::string>{"tweedie-nloglik@" + TweediePower(p.tweedie_variance_power)});
  }
  if (name == "binary:logistic") return std::make_unique<Logistic>(p.scale_pos_weight);
  if (name == "binary:exponential") return std::make_unique<Exponential>();
  if (name == "binary:samme") return std::make_unique<Samme>();
  if (name == "binary:adaboost") return std::make_unique<AdaBoostVotes>();
  if (name == "binary:forest") return std::make_unique<ForestProbability>();
  if (name == "binary:samme_r") return std::make_unique<SammeR>();
  if (name == "reg:adaboost_r2") return std::make_unique<AdaBoostR2>();
  if (auto rank = MakeRankObjective(name, p)) return rank;
  if (name.rfind("multi:", 0) == 0 && num_class < 2)
    throw Error("BAD_PARAM", "Parameter 'num_class' is required for " + name + " and must be at least 2.");
  if (name == "multi:samme" || name == "multi:samme_r") return std::make_unique<MultiSamme>(num_class, name == "multi:samme_r");
  if (name == "multi:adaboost") return std::make_unique<MultiSamme>(num_class, false, true);
  if (name == "multi:forest") return std::make_unique<MultiForest>(num_class);
  if (name == "multi:softprob" || name == "multi:softmax") {
    if (num_class < 2)
      throw Error("BAD_PARAM", "Parameter 'num_class' is required for " + name + " and must be at least 2.");
    return std::make_unique<Softmax>(num_class, name == "multi:softmax", SoftmaxHessianFactor(p, num_class));
  }
  throw Error("BAD_PARAM", "Parameter 'objective' is '" + name + "'; unknown objective.");
}

}  // namespace boostlab
