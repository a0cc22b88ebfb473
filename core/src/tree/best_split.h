// A scan's best candidate so far, kept in locals and handed to the
// SplitScan once at the end (SplitScan::Consider writes a whole
// SplitCandidate at every improvement, and as a call it was most of a small
// table's training). It ranks as SplitScan::Consider does: the same gain,
// bit for bit, and ties to the first found, so a feature's best committed to
// the scan ranks there as its candidates would have one by one.
#pragma once

#include <algorithm>  // for max
#include <cstdint>    // for int64_t, uint32_t, uint64_t
#include <limits>     // for numeric_limits

#include "tree/split_finder.h"

namespace boostlab {

// Two doubles (or two 64-bit masks) in one vector register: the plain
// scan's compares and selects stay in the floating-point unit, where a
// compare gives a mask directly, rather than a flag moved to the integer
// side and back (the best-so-far is a chain through every candidate, so
// its latency is the scan's).
using Pair = double __attribute__((vector_size(16)));
using PairMask = int64_t __attribute__((vector_size(16)));

// What a candidate's score needs. kPlain: the forest's least squares with no
// penalty (lambda, alpha, max_delta_step 0, gains in double), LeafScore is
// g * g / h. kLambda: alpha and max_delta_step 0 (XGBoost's defaults), where
// LeafScore of a side that passed min_child_weight is g * g / (h + lambda)
// (ThresholdL1 with alpha 0 returns g itself). kGeneral: LeafScore.
enum class BestKind { kPlain, kLambda, kGeneral };

// The kind a scan with these parameters may use.
inline BestKind KindOf(const SplitParams& p) {
  return p.alpha == 0 && p.max_delta_step == 0 && !p.error_criterion ? BestKind::kLambda : BestKind::kGeneral;
}

template <BestKind kKind>
class Best {
 public:
  explicit Best(const SplitScan& scan)
      : p_(scan.p), sum_g_(scan.sum_g), sum_h_(scan.sum_h), parent_(scan.parent_score), mcw_(scan.p.min_child_weight),
        lambda_(scan.p.lambda), open_at_(scan.p.min_child_weight - scan.closed_margin), float_gain_(scan.p.float_gain) {
    // The scan's best so far (earlier features) bounds this feature's too:
    // a candidate that cannot beat it would not be taken at Commit.
    if (scan.best.valid) global_ = scan.best.gain + parent_;
    Raise(global_);
  }

  void Consider(uint32_t bin, bool default_left, double gl, double hl) {
    const double gr = sum_g_ - gl, hr = sum_h_ - hl;
    if constexpr (kKind == BestKind::kPlain) {
      // Whether a candidate beats the best so far is a coin toss for the
      // branch predictor (the i-th does with odds 1/i): the forest's scans
      // keep their best by selects, not by branches, on masks in vector
      // registers (both lanes alike).
      const double gain = Plain(gl, hl) + Plain(gr, hr) - parent_;
      const Pair g = {gain, gain};
      const PairMask fits = Pair{hl, hr} >= Pair{mcw_, mcw_};  // each side's min_child_weight
      const PairMask both = fits & PairMask{fits[1], fits[0]};
      const PairMask take = both & ((g > gain_) | ~valid_);
      valid_ |= take;
      gain_ = Select(take, g, gain_);
      left_ = Select(take, Pair{gl, hl}, left_);
      const uint64_t t = static_cast<uint64_t>(take[0]);  // off the chain: nothing compares it
      bin_ = static_cast<uint32_t>((bin & t) | (bin_ & ~t));
      default_left_ = (default_left & t) | (default_left_ & ~t);
      return;
    }
    if (hl < open_at_ || hr < open_at_) return;
    open_ = true;
    if (hl < mcw_ || hr < mcw_) return;
    double exact, sum = 0;
    // (Both sides' scores in one vector division measured slower, natively and in wasm.)
    if constexpr (kKind == BestKind::kLambda) {
      // Two divisions a bin were the scan's bound (the divider's throughput):
      // a candidate whose scores' sum is below the best's cannot beat it,
      // which multiplying out the denominators tells with no division.
      const double a = hl + lambda_, b = hr + lambda_;
      if (a > 0 && b > 0 && gl * gl * b + gr * gr * a < bound_ * a * b) return;
      sum = Lambda(gl, hl) + Lambda(gr, hr);
      exact = sum - parent_;
    } else {
      exact = LeafScore(gl, hl, p_) + LeafScore(gr, hr, p_) - parent_;
    }
    const double gain = kKind == BestKind::kLambda ? (float_gain_ ? static_cast<float>(exact) : exact) : RankedGain(exact, p_);
    if (valid_[0] && !(gain > gain_[0])) return;
    if constexpr (kKind == BestKind::kLambda) Raise(sum);
    valid_ = PairMask{-1, -1};
    gain_ = Pair{gain, gain};
    bin_ = bin;
    default_left_ = default_left;
    left_ = Pair{gl, hl};
  }
  // Whether some candidate had at least min_child_weight less the scan's
  // closed_margin on both sides (not kept by kPlain).
  bool open() const { return open_; }
  // Offers the best found to the scan: the same gain, so it ranks there as here.
  void Commit(int f, SplitScan& scan) const {
    if (valid_[0]) scan.Consider(f, bin_, default_left_, left_[0], left_[1]);
  }

 private:
  static double Plain(double g, double h) { return h <= 0 ? 0 : g * g / h; }
  // The bound a candidate's two scores must reach: just under the larger of
  // the scan's best and this feature's (their scores' sums), so that one
  // passed over has a sum below it even after the rounding of either test
  // (both sides of the test are within a few ulps of their exact values;
  // 1e-12 is far wider). None while that sum is not positive.
  void Raise(double sum) {
    const double top = std::max(sum, global_);
    bound_ = top > 0 ? top * (1 - 1e-12) : -std::numeric_limits<double>::infinity();
  }
  double Lambda(double g, double h) const { return h <= 0 ? 0 : g * g / (h + lambda_); }
  // a where mask is all ones, b where it is zero, on the bits.
  static Pair Select(PairMask mask, Pair a, Pair b) {
    return reinterpret_cast<Pair>((reinterpret_cast<PairMask>(a) & mask) | (reinterpret_cast<PairMask>(b) & ~mask));
  }
  // The scan's totals copied, not read through the reference: the compiler
  // cannot keep what a reference reaches in registers across the stores to
  // the best candidate.
  const SplitParams& p_;
  const double sum_g_, sum_h_, parent_, mcw_, lambda_, open_at_;
  const bool float_gain_;
  bool open_ = false;
  PairMask valid_ = {0, 0};
  Pair gain_ = {0, 0};
  Pair left_ = {0, 0};  // the best's gl, hl
  uint32_t bin_ = 0;
  bool default_left_ = false;
  double global_ = -std::numeric_limits<double>::infinity();  // the scan's best before this feature, as a scores' sum
  double bound_ = -std::numeric_limits<double>::infinity();
};

}  // namespace boostlab
