#include "tree/split_finder.h"

#include <algorithm>  // for sort
#include <cmath>      // for abs, copysign
#include <limits>     // for numeric_limits
#include <stdexcept>  // for logic_error

#include "tree/best_split.h"

namespace boostlab {
namespace {

// The gain of every bin of every feature was most of a small table's
// training in wasm (spam: 60 % in SplitScan::Consider, a call per bin, and
// this scan): the feature's best is kept in locals (Best) and offered to the
// scan once. (Passing over empty bins, whose candidates tie the one before,
// cut instructions but cost more in mispredicted branches than it saved.)
// Returns false when no candidate was open (see ClosedFeatures).
// `Keeper` keeps the feature's best: Best<kKind>, or ThroughScan.
template <typename Keeper>
bool ScanNumericWith(SplitScan& s, int f, const HistBin* h, uint32_t nb, Keeper& best) {
  const uint32_t k = nb - 1;  // value bins; h[k] is missing
  if (k == 0) return false;
  const bool has_missing = h[k].h > 0 || h[k].g != 0;
  // Missing go right: left = value bins 0..j. With missing values, j may
  // reach the last value bin (all values left, missing right).
  double gl = 0, hl = 0;
  const uint32_t end = has_missing ? k : k - 1;
  // Past this the side a scan sheds is too light for any candidate (SplitScan::h_nonnegative).
  const double stop_below = s.h_nonnegative ? s.p.min_child_weight - s.closed_margin : -std::numeric_limits<double>::infinity();
  for (uint32_t j = 0; j < end; ++j) {
    gl += h[j].g;
    hl += h[j].h;
    if (s.sum_h - hl < stop_below) break;
    best.Consider(j, false, gl, hl);
  }
  if (has_missing) {
    // Missing go left: right = value bins j+1..k-1, scanned from the top down
    // so that ties keep the highest threshold, as XGBoost's backward pass.
    double gr = 0, hr = 0;
    for (uint32_t j = k - 1; j-- > 0;) {
      gr += h[j + 1].g;
      hr += h[j + 1].h;
      if (s.sum_h - hr < stop_below) break;
      best.Consider(j, true, s.sum_g - gr, s.sum_h - hr);
    }
  }
  best.Commit(f, s);
  return best.open();
}

template <BestKind kKind>
bool ScanNumericAs(SplitScan& s, int f, const HistBin* h, uint32_t nb) {
  Best<kKind> best(s);
  return ScanNumericWith(s, f, h, nb, best);
}

// Constrained gains (SplitScan::mono) are few and not the common case: each
// candidate goes to the scan itself, which ranks it.
class ThroughScan {
 public:
  ThroughScan(SplitScan& s, int f) : s_(s), f_(f), open_at_(s.p.min_child_weight - s.closed_margin) {}
  void Consider(uint32_t bin, bool default_left, double gl, double hl) {
    if (hl >= open_at_ && s_.sum_h - hl >= open_at_) open_ = true;
    s_.Consider(f_, bin, default_left, gl, hl);
  }
  bool open() const { return open_; }
  void Commit(int, SplitScan&) const {}

 private:
  SplitScan& s_;
  const int f_;
  const double open_at_;
  bool open_ = false;
};

bool ScanNumeric(SplitScan& s, int f, const HistBin* h, uint32_t nb) {
  if (s.mono) {
    ThroughScan through(s, f);
    return ScanNumericWith(s, f, h, nb, through);
  }
  if (KindOf(s.p) == BestKind::kLambda) return ScanNumericAs<BestKind::kLambda>(s, f, h, nb);
  return ScanNumericAs<BestKind::kGeneral>(s, f, h, nb);
}

// Categorical, as XGBoost: the split stores the categories that go right;
// every other category (also one absent from the node) goes left. Few
// categories: one against the rest. Many: all categories ordered by their leaf
// weight (absent ones weigh 0), then the best prefix of that order, grown from
// either end up to max_cat_threshold categories.
void ScanCategorical(SplitScan& s, int f, const HistBin* h, uint32_t nb) {
  const uint32_t n_cats = nb - 1;  // bins 0..n_cats-1 are category codes; h[n_cats] is missing
  if (n_cats == 0) return;
  const HistBin missing = h[n_cats];
  auto record = [&](std::span<const uint32_t> right) {
    s.best.categorical = true;
    s.best.right_bins.assign(right.begin(), right.end());  
    std::sort(s.best.right_bins.begin(), s.best.right_bins.end());
  };
  // Consider() takes the left side's sums.
  auto consider_right = [&](double gr, double hr, bool missing_left) {
    return s.Consider(f, 0, missing_left, s.sum_g - gr, s.sum_h - hr);
  };
  if (n_cats < static_cast<uint32_t>(s.p.max_cat_to_onehot)) {
    for (uint32_t b = 0; b < n_cats; ++b) {
      if (consider_right(h[b].g, h[b].h, true)) record(std::span<const uint32_t>(&b, 1));
      if (consider_right(h[b].g + missing.g, h[b].h + missing.h, false)) record(std::span<const uint32_t>(&b, 1));
    }
    return;
  }
  std::vector<uint32_t> order(n_cats);
  std::vector<double> weight(n_cats);
  for (uint32_t c = 0; c < n_cats; ++c) {
    order[c] = c;
    weight[c] = LeafWeight(h[c].g, h[c].h, s.p);
  }
  std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return weight[a] < weight[b]; });
  const size_t n_bins = std::min<size_t>(n_cats, static_cast<size_t>(s.p.max_cat_threshold));
  // The right set of this feature's best so far is order[0..best_prefix):
  // recorded once the scans are done, not at each gain (a sorted copy per
  // gain was most of flights' categorical scans).
  constexpr size_t kNone = std::numeric_limits<size_t>::max();
  size_t best_prefix = kNone;
  // Forward: the right set is order[0..i], missing goes left.
  double gr = 0, hr = 0;
  for (size_t i = 0; i + 1 < n_bins; ++i) {
    gr += h[order[i]].g;
    hr += h[order[i]].h;
    if (consider_right(gr, hr, true)) best_prefix = i + 1;
  }
  // Backward: the left set is order[i..n) and missing goes right, so the
  // right set is order[0..i).
  double gl = 0, hl = 0;
  for (size_t i = n_cats - 1; i + n_bins > n_cats; --i) {
    gl += h[order[i]].g;
    hl += h[order[i]].h;
    if (s.Consider(f, 0, false, gl, hl)) best_prefix = i;
    if (i == 0) break;
  }
  if (best_prefix != kNone) record(std::span<const uint32_t>(order.data(), best_prefix));
}

}  // namespace

SplitCandidate FindBestSplit(const BinnedMatrix& bins, std::span<const HistBin> hist, double sum_g, double sum_h,
                             const SplitParams& p, std::span<const int> features, ClosedFeatures* closed,
                             const MonotoneBounds* mono) {
  // ClosedFeatures holds only where no h is negative: then the scans may stop early too.
  const double parent = mono ? mono->NodeScore(sum_g, sum_h, p) : LeafScore(sum_g, sum_h, p);
  SplitScan s{p, sum_g, sum_h, parent, {}, closed ? closed->margin : 0, closed != nullptr, mono};
  for (int f : features) {
    const HistBin* h = hist.data() + bins.offsets[f];
    if (bins.categorical[f]) ScanCategorical(s, f, h, bins.BinsOf(f));
    else if (!ScanNumeric(s, f, h, bins.BinsOf(f)) && closed) closed->found.push_back(f);
  }
  return s.best;
}

namespace {

// Multi-output scan state: the node's totals per output and the best so far.
// h[k * stride + j].g is output k's g in bin j; h lives in output 0's block.
struct ScanMulti {
  const SplitParams& p;
  int K;
  std::span<const double> sum_g;
  double sum_h, parent;
  SplitCandidate best;
  std::vector<double> gl, gr;

  ScanMulti(const SplitParams& params, std::span<const double> g, double h)
      : p(params), K(static_cast<int>(g.size())), sum_g(g), sum_h(h), gl(g.size()), gr(g.size()) {
    parent = Score(sum_g.data(), sum_h);
  }
  double Score(const double* g, double h) const {
    if (p.error_criterion) {  // the heaviest class's weight (g_k = -u [y = k])
      if (h < p.min_child_weight || h <= 0) return 0;
      double heaviest = 0;
      for (int k = 0; k < K; ++k) heaviest = std::max(heaviest, -g[k]);
      return heaviest;
    }
    double s = 0;
    for (int k = 0; k < K; ++k) s += LeafScore(g[k], h, p);
    return s;
  }
  // left = (gl, hl); right = the rest.
  void Consider(int f, uint32_t bin, bool default_left, double hl) {
    const double hr = sum_h - hl;
    if (hl < p.min_child_weight || hr < p.min_child_weight || hl <= 0 || hr <= 0) return;
    for (int k = 0; k < K; ++k) gr[k] = sum_g[k] - gl[k];
    const double gain = p.error_criterion ? RankedGain(Score(gl.data(), hl) + Score(gr.data(), hr) - parent, p)
                                          : Score(gl.data(), hl) + Score(gr.data(), hr) - parent;
    if (best.valid && !(gain > best.gain)) return;
    best.valid = true;
    best.gain = gain;
    best.feature = f;
    best.bin = bin;
    best.default_left = default_left;
    best.left_h = hl, best.right_h = hr;
  }
  void Feature(int f, const HistBin* h, size_t stride, uint32_t nb) {
    const uint32_t last = nb - 1;  // bin `last` holds missing values
    if (last == 0) return;
    auto g_at = [&](int k, uint32_t j) { return h[k * stride + j].g; };
    const double missing_h = h[last].h;
    const bool has_missing = missing_h > 0;
    // Missing right: left = bins 0..j.
    std::fill(gl.begin(), gl.end(), 0.0);
    double hl = 0;
    for (uint32_t j = 0; j + (has_missing ? 0 : 1) < last; ++j) {
      for (int k = 0; k < K; ++k) gl[k] += g_at(k, j);
      hl += h[j].h;
      Consider(f, j, false, hl);
    }
    if (!has_missing) return;
    // Missing left: left = missing + bins 0..j.
    for (int k = 0; k < K; ++k) gl[k] = g_at(k, last);
    hl = missing_h;
    for (uint32_t j = 0; j + 1 < last; ++j) {
      for (int k = 0; k < K; ++k) gl[k] += g_at(k, j);
      hl += h[j].h;
      Consider(f, j, true, hl);
    }
  }
};

// Category codes are scanned in their order by FindBestSplitMulti: the
// codes above the threshold go right.
void SetRightCategories(const BinnedMatrix& bins, SplitCandidate& best) {
  if (!best.valid || !bins.categorical[best.feature]) return;
  best.categorical = true;
  best.right_bins.clear();
  for (uint32_t c = best.bin + 1; c + 1 < bins.BinsOf(best.feature); ++c) best.right_bins.push_back(c);
}

}  // namespace

SplitCandidate FindBestSplitMulti(const BinnedMatrix& bins, std::span<const HistBin> hist, int K,
                                  const SplitParams& p, std::span<const int> features) {
  const size_t total = bins.total_bins();
  // Node totals from feature 0's bins (missing included) of each output.
  std::vector<double> sum_g(K, 0);
  double sum_h = 0;
  for (uint32_t b = bins.offsets[0]; b < bins.offsets[1]; ++b) {
    sum_h += hist[b].h;
    for (int k = 0; k < K; ++k) sum_g[k] += hist[k * total + b].g;
  }
  ScanMulti s(p, sum_g, sum_h);
  for (int f : features) s.Feature(f, hist.data() + bins.offsets[f], total, bins.BinsOf(f));
  SetRightCategories(bins, s.best);
  return s.best;
}

SplitCandidate FindBestSplitOfFeature(const BinnedMatrix& bins, int f, const FeatureHistogram& fh,
                                      std::span<const double> sum_g, double sum_h, const SplitParams& p) {
  const uint32_t m = static_cast<uint32_t>(fh.size());
  const bool dense = m == bins.BinsOf(f);  // entries are the bins themselves
  SplitCandidate best;
  if (sum_g.size() == 1) {
    SplitScan s{p, sum_g[0], sum_h, LeafScore(sum_g[0], sum_h, p), {}};
    if (bins.categorical[f]) {
      // Partitions of categories rank absent ones too: they need every bin.
      if (!dense) throw std::logic_error("FindBestSplitOfFeature: categorical features need a dense histogram");
      ScanCategorical(s, f, fh.sums.data(), m);
      return s.best;
    }
    ScanNumeric(s, f, fh.sums.data(), m);
    best = std::move(s.best);
    // The backward pass (missing left) reports the last bin left of its
    // right side's first entry; the dense scan keeps that bin among ties.
    if (best.valid) best.bin = best.default_left ? fh.bin[best.bin + 1] - 1 : fh.bin[best.bin];
    return best;
  }
  ScanMulti s(p, sum_g, sum_h);
  s.Feature(f, fh.sums.data(), m, m);
  best = std::move(s.best);
  if (best.valid) best.bin = fh.bin[best.bin];  // both passes run forward
  SetRightCategories(bins, best);
  return best;
}

}  // namespace boostlab
