#include "boostlab/evaluation.h"

#include <algorithm>      // for count, min, none_of
#include <cmath>          // for NAN, fabs, sqrt
#include <cstdint>        // for uint64_t
#include <numeric>        // for iota
#include <string>         // for string, to_string
#include <unordered_map>  // for unordered_map

#include "boostlab/errors.h"
#include "objective/metrics.h"
#include "util/thread_pool.h"
#include "util/count_text.h"
#include "util/float_text.h"
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
    throw Error("TARGET_NOT_NUMERIC", "Line " + std::to_string(target.first_text_line) + ", column " + std::to_string(column) + " (" +
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

Evaluation Evaluate(const Model& model, const Table& table, std::span<const RowIdx> rows, int rounds, size_t max_points) {
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
  if (model.target.empty())
    throw Error("UNKNOWN_COLUMN", "The model does not name the column it predicts (its file has no target): its rows can be predicted but not scored.");
  if (std::none_of(table.columns.begin(), table.columns.end(), [&](const Column& c) { return c.name == model.target; }))
    throw Error("UNKNOWN_COLUMN", "The table has no column " + Quote(model.target) + ", the target the model predicts: its rows can be " +
                                      "predicted but not scored.");
  const size_t target_col = table.ColumnIndex(model.target);
  const Column& target = table.columns[target_col];
  const bool classes = e.task != Task::kRegression;
  const std::vector<float> label = classes ? ClassLabels(model, target, rows, e)
                                           : NumberLabels(target, static_cast<long>(target_col + 1), rows);

  std::vector<RowIdx> scored;
  std::vector<float> known;
  for (size_t i = 0; i < rows.size(); ++i) {
    if (label[i] == kMissing) ++e.missing_target;
    else if (label[i] == kUnknown) ++e.unknown_class;
    else {
      scored.push_back(rows[i]);
      known.push_back(label[i]);
    }
  }
  if (scored.empty()) {
    std::string why = e.unknown_class ? CountText(e.unknown_class) + " of them of classes the model was not trained on (such as " +
                                            Quote(e.unknown_example) + ")" : "";
    if (e.missing_target) why += std::string(why.empty() ? "" : " and ") + CountText(e.missing_target) + " with no target";
    throw Error("TARGET_MISSING", "None of the " + CountText(rows.size()) + " rows can be scored against " + Quote(model.target) + ": " +
                                      (why.empty() ? "there are none" : why) + ".");
  }
  e.rows = scored.size();
  const FeatureColumns x = SelectRows(FeaturesFromTable(table, model.features), scored);
  // Probabilities (values for numbers; multi:softmax gives only the class).
  const bool softmax = model.objective == "multi:softmax";
  const std::vector<float> pred = model.PredictWith(x, "probability", rounds);
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
        return EvaluateMetric(spec, scores, static_cast<int>(outputs), known, order, one);
      };
      // AUC needs rows of both classes (one class alone would read 0.5, as if a coin).
      const size_t positives = static_cast<size_t>(std::count(known.begin(), known.end(), 1.0f));
      const bool both = K == 2 && positives > 0 && positives < n;
      if (width == 1) {
        if (both) e.auc = metric("auc", pred, 1);
        e.logloss = metric("logloss", pred, 1);
      } else if (width == K) {
        e.logloss = metric("mlogloss", pred, K);
        if (both) {  // two classes as a multi: model: the second's probability
          std::vector<float> second(n);
          for (size_t r = 0; r < n; ++r) second[r] = pred[r * 2 + 1];
          e.auc = metric("auc", second, 1);
        }
      }
    }
    e.confusion.assign(K * K, 0.0);
    double right = 0;
    for (size_t i = 0; i < n; ++i) {
      const size_t actual = static_cast<size_t>(known[i]), predicted = static_cast<size_t>(cls[i]);
      e.confusion[actual * K + predicted] += 1;
      right += actual == predicted;
    }
    e.accuracy = right / static_cast<double>(n);
    return e;
  }
  double sum = 0;
  for (float v : known) sum += v;
  e.mean = sum / static_cast<double>(n);
  double ss_res = 0, ss_tot = 0, abs = 0;
  for (size_t i = 0; i < n; ++i) {
    const double d = static_cast<double>(known[i]) - pred[i], t = static_cast<double>(known[i]) - e.mean;
    ss_res += d * d;
    ss_tot += t * t;
    abs += std::fabs(d);
  }
  e.r2 = ss_tot > 0 ? 1 - ss_res / ss_tot : NAN;
  e.rmse = std::sqrt(ss_res / static_cast<double>(n));
  e.rmse_of_mean = std::sqrt(ss_tot / static_cast<double>(n));
  e.mae = abs / static_cast<double>(n);
  const size_t points = std::min(n, max_points);
  for (size_t j = 0; j < points; ++j) {
    const size_t i = static_cast<size_t>(static_cast<uint64_t>(j) * n / points);  // evenly over the rows, the first always
    e.actual.push_back(known[i]);
    e.predicted.push_back(pred[i]);
  }
  return e;
}

}  // namespace boostlab
