#include "boostlab/evaluation.h"

#include <algorithm>      // for min
#include <cmath>          // for NAN, ceil, fabs, sqrt
#include <cstdint>        // for uint64_t
#include <numeric>        // for iota
#include <string>         // for string, to_string
#include <unordered_map>  // for unordered_map

#include "boostlab/errors.h"
#include "data/sample_weights.h"
#include "objective/metrics.h"
#include "util/thread_pool.h"
#include "util/count_text.h"
#include "util/float_text.h"
#include "util/closest_name.h"
#include "util/quote.h"

namespace boostlab {
namespace {

constexpr float kUnknown = -1;  // a class the model does not know
constexpr float kMissing = -2;  // no target
constexpr size_t kMaxScoredClasses = 1000;  // training's cap on classes (dataset.cc)

// Each asked-for row's class index in the model's classes, or kUnknown / kMissing.
// Classes are names: a text column's levels, a numeric column's shortest
// float text, as Dataset::FromTable named them when the model was trained.
std::vector<float> ClassLabels(const Model& model, const Column& target, std::span<const RowIdx> rows, Evaluation& e) {
  std::unordered_map<std::string, float> index;
  for (size_t k = 0; k < model.classes.size(); ++k) index.emplace(model.classes[k], static_cast<float>(k));
  auto lookup = [&](const std::string& name) {
    const auto it = index.find(name);
    if (it != index.end()) return it->second;
    if (e.unknown_example.empty()) e.unknown_example = name;
    return kUnknown;
  };
  std::vector<float> label(rows.size());
  if (target.type == ColumnType::kCategorical) {
    std::vector<float> of_code(target.levels.size());
    for (size_t c = 0; c < target.levels.size(); ++c) of_code[c] = lookup(target.levels[c]);
    // Only levels that occur among the rows may name the unknown class.
    e.unknown_example.clear();
    for (size_t i = 0; i < rows.size(); ++i) {
      const int32_t code = target.codes[rows[i]];
      label[i] = code < 0 ? kMissing : of_code[static_cast<size_t>(code)];
      if (label[i] == kUnknown && e.unknown_example.empty()) e.unknown_example = target.levels[static_cast<size_t>(code)];
    }
    return label;
  }
  for (size_t i = 0; i < rows.size(); ++i) {
    const float v = target.values[rows[i]];
    label[i] = v != v ? kMissing : lookup(ShortestFloat(v));
  }
  return label;
}

std::vector<float> NumberLabels(const Column& target, long column, std::span<const RowIdx> rows) {
  if (target.type != ColumnType::kNumeric)
    throw Error("TARGET_NOT_NUMERIC", target.FirstTextAt() + ", column " + std::to_string(column) + " (" +
                                          Quote(target.name) + "): " + Quote(target.first_text) + " is not a number; the model predicts numbers.",
                target.first_text_line, column);
  std::vector<float> label(rows.size());
  for (size_t i = 0; i < rows.size(); ++i) {
    const float v = target.values[rows[i]];
    label[i] = v != v ? kMissing : v;
  }
  return label;
}

}  // namespace

Evaluation Evaluate(const Model& model, const Table& table, std::span<const RowIdx> rows, int rounds, size_t max_points,
                    const std::string& weight, const std::string& target_name, const std::vector<std::string>& base_margin) {
  if (model.objective.rfind("rank:", 0) == 0)
    throw Error("NOT_FOR_RANKING", "A ranking model is judged by its queries' orders (NDCG, MAP), not row by row.");
  Evaluation e;
  e.classes = model.classes;
  e.task = model.classes.empty() ? Task::kRegression : model.classes.size() == 2 ? Task::kBinary : Task::kMulticlass;
  // A model file may claim tens of thousands of classes: K x K counts would wrap a 32-bit size (wasm).
  if (model.classes.size() > kMaxScoredClasses)
    throw Error("TOO_MANY_CLASSES", "The model has " + CountText(model.classes.size()) + " classes; a confusion matrix is made for up to " +
                                        CountText(kMaxScoredClasses) + " (as many as training takes).");
  std::vector<RowIdx> all;
  if (rows.empty()) {
    all.resize(table.num_rows);
    for (size_t r = 0; r < all.size(); ++r) all[r] = static_cast<RowIdx>(r);
    rows = all;
  }
  for (size_t i = 0; i < rows.size(); ++i)
    if (rows[i] >= table.num_rows)
      throw Error("BAD_ARGUMENT", "Row " + std::to_string(rows[i]) + " (item " + std::to_string(i) + ") is past the last row, " +
                                      std::to_string(table.num_rows) + " rows counted from 0.");
  const std::string& truth = target_name.empty() ? model.target : target_name;
  if (truth.empty())
    throw Error("UNKNOWN_COLUMN", "The model does not name the column it predicts (its file has no target, as an XGBoost model "
                                  "saved by XGBoost): name the table's column of true values, evaluate(table, { target: 'column' }).");
  // The column called `name`, or UNKNOWN_COLUMN saying what it was for (Table::ColumnIndex's message does not).
  auto column = [&](const std::string& name, const std::string& missing) {
    std::vector<std::string> names;
    for (size_t c = 0; c < table.columns.size(); ++c) {
      if (table.columns[c].name == name) return c;
      names.push_back(table.columns[c].name);
    }
    throw Error("UNKNOWN_COLUMN", missing + DidYouMean(name, names) + ".");
  };
  const size_t target_col = column(truth, "The table has no column " + Quote(truth) +
                                              (target_name.empty() ? ", the target the model predicts: its rows can be predicted but not scored"
                                                                   : ", given as evaluate()'s target"));
  std::span<const float> weight_of_row;
  if (!weight.empty()) {
    const size_t weight_col = column(weight, "The table has no column " + Quote(weight) + " of sample weights");
    if (weight_col == target_col)
      throw Error("BAD_OPTION", "The weight column " + Quote(weight) + " is also the target; choose another.");
    weight_of_row = CheckedWeights(table, weight_col, rows);
    e.weight_column = weight;
  }
  const Column& target = table.columns[target_col];
  const bool classes = e.task != Task::kRegression;
  const std::vector<float> label = classes ? ClassLabels(model, target, rows, e)
                                           : NumberLabels(target, static_cast<long>(target_col + 1), rows);

  std::vector<RowIdx> scored;
  std::vector<float> known, w;  // w: the scored rows' weights (empty: each 1)
  for (size_t i = 0; i < rows.size(); ++i) {
    if (label[i] == kMissing) ++e.missing_target;
    else if (label[i] == kUnknown) ++e.unknown_class;
    else {
      scored.push_back(rows[i]);
      known.push_back(label[i]);
      if (!weight_of_row.empty()) w.push_back(weight_of_row[rows[i]]);
    }
  }
  if (scored.empty()) {
    std::string why = e.unknown_class ? CountText(e.unknown_class) + " of them of classes the model was not trained on (such as " +
                                            Quote(e.unknown_example) + ")" : "";
    if (e.missing_target) why += std::string(why.empty() ? "" : " and ") + CountText(e.missing_target) + " with no target";
    throw Error("TARGET_MISSING", "None of the " + CountText(rows.size()) + " rows can be scored against " + Quote(truth) + ": " +
                                      (why.empty() ? "there are none" : why) + ".");
  }
  e.rows = scored.size();
  auto weight_at = [&](size_t i) { return w.empty() ? 1.0 : static_cast<double>(w[i]); };
  for (size_t i = 0; i < scored.size(); ++i) e.weight_sum += weight_at(i);
  if (!(e.weight_sum > 0))
    throw Error("WEIGHT_ALL_ZERO", "The weight column " + Quote(weight) + " is 0 on every row scored (" + CountText(e.rows) +
                                       "); there is nothing to weigh.");
  const FeatureColumns x = SelectRows(FeaturesFromTable(table, model.features), scored);
  // A categorical cell that is there but maps to no level of the model's (FeaturesFromTable made it missing).
  std::vector<char> unseen(scored.size(), 0);
  for (size_t f = 0; f < model.features.size(); ++f) {
    if (model.features[f].type != ColumnType::kCategorical) continue;
    const size_t c = table.ColumnIndex(model.features[f].name);
    const Column& col = table.columns[c];
    const std::span<const float> v = x.columns()[f];
    for (size_t i = 0; i < scored.size(); ++i) {
      if (unseen[i] || col.IsMissing(scored[i]) || v[i] == v[i]) continue;
      unseen[i] = 1;
      ++e.unseen_level_rows;
      if (e.unseen_level_example.empty())
        e.unseen_level_example = model.features[f].name + " = " +
                                 Quote(col.type == ColumnType::kCategorical ? col.levels[static_cast<size_t>(col.codes[scored[i]])]
                                                                            : ShortestFloat(col.values[scored[i]]));
    }
  }
  // Probabilities (values for numbers; multi:softmax gives only the class).
  const bool softmax = model.objective == "multi:softmax";
  const std::vector<float> pred = model.PredictWith(x, "probability", rounds, BaseMargins(table, base_margin, scored));
  const size_t n = scored.size();
  if (classes) {
    const size_t K = model.classes.size(), width = static_cast<size_t>(model.PredictionWidth());
    const std::vector<float> cls = model.ClassesOf(pred, n);  // as predict()'s 'class'
    if (!softmax) {
      // The loss and AUC as the chart's metrics define them (XGBoost's), over these rows.
      ThreadPool one(1);
      std::vector<RowIdx> order(n);
      std::iota(order.begin(), order.end(), RowIdx{0});
      auto metric = [&](const char* name, std::span<const float> scores, size_t outputs) {
        MetricSpec spec;
        spec.name = name;
        return EvaluateMetric(spec, scores, static_cast<int>(outputs), known, order, one, 1.0, w);
      };
      // AUC needs rows of both classes with weight (one class alone would read 0.5, as if a coin).
      double positives = 0, negatives = 0;
      for (size_t i = 0; i < n; ++i) (known[i] == 1.0f ? positives : negatives) += weight_at(i);
      const bool both = K == 2 && positives > 0 && negatives > 0;
      if (width == 1) {
        if (both) e.auc = metric("auc", pred, 1), e.aucpr = metric("aucpr", pred, 1);
        e.logloss = metric("logloss", pred, 1);
      } else if (width == K) {
        e.logloss = metric("mlogloss", pred, K);
        if (both) {  // two classes as a multi: model: the second's probability
          std::vector<float> second(n);
          for (size_t r = 0; r < n; ++r) second[r] = pred[r * 2 + 1];
          e.auc = metric("auc", second, 1);
          e.aucpr = metric("aucpr", second, 1);
        } else if (K > 2) {  // each class against the rest, as the metrics (auc weighs classes by rows, aucpr plainly)
          std::vector<char> present(K, 0);
          for (size_t i = 0; i < n; ++i) if (weight_at(i) > 0) present[static_cast<size_t>(known[i])] = 1;
          if (std::count(present.begin(), present.end(), 1) >= 2) e.auc = metric("auc", pred, K), e.aucpr = metric("aucpr", pred, K);
        }
      }
    }
    // The second class's probability of each row, binned by actual class (ThresholdBin: p > k/1000 is bin >= k).
    if (!softmax && K == 2 && (width == 1 || width == 2)) {
      e.first_by_p.assign(kThresholdBins, 0.0);
      e.second_by_p.assign(kThresholdBins, 0.0);
      for (size_t i = 0; i < n; ++i) {
        const double p = width == 1 ? pred[i] : pred[i * 2 + 1];
        const double up = std::ceil(p * static_cast<double>(kThresholdBins)) - 1;
        const size_t bin = !(up > 0) ? 0 : std::min(kThresholdBins - 1, static_cast<size_t>(up));  // (NaN: bin 0)
        (known[i] == 1.0f ? e.second_by_p : e.first_by_p)[bin] += weight_at(i);
      }
    }
    e.confusion.assign(K * K, 0.0);
    double right = 0;
    for (size_t i = 0; i < n; ++i) {
      const size_t actual = static_cast<size_t>(known[i]), predicted = static_cast<size_t>(cls[i]);
      e.confusion[actual * K + predicted] += weight_at(i);
      if (actual == predicted) right += weight_at(i);
    }
    e.accuracy = right / e.weight_sum;
    return e;
  }
  // A quantile model: each quantile's coverage (the rows at or below it, by
  // weight) and pinball loss; the numbers below are of the quantile nearest
  // the median (the only one, when there is one).
  const size_t K = static_cast<size_t>(model.num_outputs);
  size_t middle = 0;
  if (model.objective == "reg:quantileerror") {
    e.quantiles = model.params.quantile_alpha;
    for (size_t k = 0; k < K; ++k) {
      const double a = e.quantiles[k];
      double below = 0, loss = 0;
      for (size_t i = 0; i < n; ++i) {
        const double y = known[i], p = pred[i * K + k];
        below += y <= p ? weight_at(i) : 0;
        loss += weight_at(i) * (y >= p ? a * (y - p) : (1 - a) * (p - y));
      }
      e.coverage.push_back(below / e.weight_sum);
      e.pinball.push_back(loss / e.weight_sum);
      if (std::fabs(a - 0.5) < std::fabs(e.quantiles[middle] - 0.5)) middle = k;
    }
  }
  std::vector<float> one;
  if (K > 1) {
    one.resize(n);
    for (size_t i = 0; i < n; ++i) one[i] = pred[i * K + middle];
  }
  const std::span<const float> point = K > 1 ? std::span<const float>(one) : std::span<const float>(pred);
  // Weighted as scikit-learn's r2_score, mean_squared_error and mean_absolute_error with sample_weight.
  double sum = 0;
  for (size_t i = 0; i < n; ++i) sum += weight_at(i) * known[i];
  e.mean = sum / e.weight_sum;
  double ss_res = 0, ss_tot = 0, abs = 0;
  for (size_t i = 0; i < n; ++i) {
    const double d = static_cast<double>(known[i]) - point[i], t = static_cast<double>(known[i]) - e.mean;
    ss_res += weight_at(i) * d * d;
    ss_tot += weight_at(i) * t * t;
    abs += weight_at(i) * std::fabs(d);
  }
  e.r2 = ss_tot > 0 ? 1 - ss_res / ss_tot : NAN;
  e.rmse = std::sqrt(ss_res / e.weight_sum);
  e.rmse_of_mean = std::sqrt(ss_tot / e.weight_sum);
  e.mae = abs / e.weight_sum;
  const size_t points = std::min(n, max_points);
  for (size_t j = 0; j < points; ++j) {
    const size_t i = static_cast<size_t>(static_cast<uint64_t>(j) * n / points);  // evenly over the rows, the first always
    e.actual.push_back(known[i]);
    e.predicted.push_back(point[i]);
  }
  return e;
}

}  // namespace boostlab
