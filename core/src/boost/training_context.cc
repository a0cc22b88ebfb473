#include "boost/training_context.h"

namespace boostlab {

RoundReport TrainingContext::Finish(RoundReport report, std::chrono::steady_clock::time_point start, bool learner_timings) {
  report.round = ++round;
  if (params.eval_train) report.train = Evaluate(data.train_rows, data.train_groups);
  // A custom objective has no metric of its own: none unless eval_metric names some (its own are the caller's).
  report.metric = metrics.empty() ? "" : metrics.back().name;
  if (!data.valid_rows.empty() && !metrics.empty()) {
    report.valid = Evaluate(data.valid_rows, data.valid_groups);
    const double score = report.valid.back().value;
    const bool higher = metrics.back().higher_is_better;
    if (best_round < 0 || (higher ? score > best_score : score < best_score)) {
      best_score = score;
      best_round = round - 1;
    }
    report.best_round = best_round + 1;
    if (params.early_stopping_rounds > 0 && round - 1 - best_round >= params.early_stopping_rounds)
      stopped = report.stopped = true;
  }
  report.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  // Summed over learners: thread time, not wall time, for multiclass.
  if (learner_timings) {
    for (auto& learner : learners) {
      const TreeLearner::Timings t = learner->TakeTimings();
      report.histogram_ms += t.histogram * 1000;
      report.histogram_cells += t.histogram_cells;
      report.split_bins += t.split_bins;
      report.partition_ms += t.partition * 1000;
      report.split_ms += t.split * 1000;
    }
  }
  return report;
}

}  // namespace boostlab
