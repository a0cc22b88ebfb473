// Evaluation metrics over a set of rows.
#pragma once

#include <span>  // for span

#include "boostlab/dataset.h"

namespace boostlab {

double Rmse(std::span<const float> pred, std::span<const float> label, std::span<const RowIdx> rows);
// pred are probabilities; clipped to [1e-15, 1-1e-15] as XGBoost does.
double LogLoss(std::span<const float> prob, std::span<const float> label, std::span<const RowIdx> rows);
// Share of rows whose probability is on the wrong side of 0.5.
double ErrorRate(std::span<const float> prob, std::span<const float> label, std::span<const RowIdx> rows);

}  // namespace boostlab
