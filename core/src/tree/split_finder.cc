#include "tree/split_finder.h"

namespace boostlab {

SplitCandidate FindBestSplit(const BinnedMatrix& bins, std::span<const HistBin> hist, double sum_g, double sum_h,
                             const SplitParams& p) {
  SplitCandidate best;
  const double parent = LeafScore(sum_g, sum_h, p.lambda);
  auto consider = [&](int f, uint32_t j, bool default_left, double gl, double hl) {
    const double gr = sum_g - gl, hr = sum_h - hl;
    if (hl < p.min_child_weight || hr < p.min_child_weight) return;
    const double gain = LeafScore(gl, hl, p.lambda) + LeafScore(gr, hr, p.lambda) - parent;
    if (!best.valid || gain > best.gain) best = {true, gain, f, j, default_left, gl, hl, gr, hr};
  };
  for (size_t f = 0; f < bins.num_features; ++f) {
    const HistBin* h = hist.data() + bins.offsets[f];
    const uint32_t nb = bins.BinsOf(f);  // bin 0 is missing
    const bool has_missing = h[0].h > 0 || h[0].g != 0;
    // Missing go right: left = value bins 1..j. With missing values, j may
    // reach the last bin (all values left, missing right).
    double gl = 0, hl = 0;
    const uint32_t last = has_missing ? nb - 1 : nb - 2;
    for (uint32_t j = 1; j <= last && j < nb; ++j) {
      gl += h[j].g;
      hl += h[j].h;
      consider(static_cast<int>(f), j, false, gl, hl);
    }
    if (!has_missing) continue;
    // Missing go left: left = missing + value bins 1..j.
    gl = h[0].g;
    hl = h[0].h;
    for (uint32_t j = 1; j + 1 < nb; ++j) {
      gl += h[j].g;
      hl += h[j].h;
      consider(static_cast<int>(f), j, true, gl, hl);
    }
  }
  return best;
}

}  // namespace boostlab
