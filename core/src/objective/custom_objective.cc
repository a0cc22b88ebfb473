#include "objective/custom_objective.h"

#include <cmath>  // for isfinite

#include "boostlab/errors.h"

namespace boostlab {

void CustomObjective::Give(std::span<const float> grad, std::span<const float> hess, size_t rows) {
  const size_t want = rows * static_cast<size_t>(outputs_);
  if (grad.size() != want || hess.size() != want)
    throw Error("BAD_ARGUMENT", "The custom objective gave " + std::to_string(grad.size()) + " gradients and " + std::to_string(hess.size()) +
                                    " hessians; the round needs " + std::to_string(want) + " of each (the " + std::to_string(rows) +
                                    " training rows" + (outputs_ > 1 ? " x " + std::to_string(outputs_) + " outputs, row by row" : "") + ").");
  std::vector<GradPair> pairs(want);
  for (size_t i = 0; i < want; ++i) {
    if (!std::isfinite(grad[i]) || !std::isfinite(hess[i]) || hess[i] < 0)
      throw Error("BAD_ARGUMENT", "The custom objective's value " + std::to_string(i) + " (training row " + std::to_string(i / outputs_) +
                                      ") is g = " + std::to_string(grad[i]) + ", h = " + std::to_string(hess[i]) +
                                      ": each gradient must be finite and each hessian finite and >= 0.");
    pairs[i] = {grad[i], hess[i]};
  }
  given_ = std::move(pairs);
}

void CustomObjective::Gradients(std::span<const float>, std::span<const float>, std::span<const float>, std::span<const RowIdx> rows,
                                std::span<GradPair> out, ThreadPool&) const {
  if (given_.empty())
    throw Error("CUSTOM_GRADIENTS_MISSING", "Objective 'custom': this round's gradients and hessians were not given (trainer.setGradients, "
                                            "or an objective function to train()).");
  const size_t K = static_cast<size_t>(outputs_), n = out.size() / K;
  for (size_t i = 0; i < rows.size(); ++i)
    for (size_t k = 0; k < K; ++k) out[k * n + rows[i]] = given_[i * K + k];
  given_.clear();
}

}  // namespace boostlab
