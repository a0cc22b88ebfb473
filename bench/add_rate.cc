// This machine's compute rates for the bench's compute bound (issue 46): how
// fast one core adds gradient pairs into histogram bins, and scans bins for
// a split, when memory does not limit it. Beside bandwidth.cc's memory bound,
// the two make a roofline: a round cannot take less than the larger.
//
// Histogram adds: 1,024 rows of 4 one-byte bins each, their (g, h) float
// pairs, added to 4 x 256 bins of (g, h) doubles (16 KB): everything stays in
// the first-level cache. A cell is one row's bin of one feature, added as one
// 16-byte load, add and store (the training's kernel does the same). Rows in
// order: no gather, no prefetch to wait for.
// Split scans: the same bins scanned left to right as a search does (running
// sums, both sides' G^2 / (H + lambda), the best kept).
// Each on 1 and 2 threads (each thread its own data), best of several passes.
// Prints one JSON line:
//   {"cells_per_s_1t":..,"cells_per_s_2t":..,"bins_per_s_1t":..,"bins_per_s_2t":..}
#include <algorithm>  // for max
#include <chrono>     // for steady_clock
#include <cstdint>    // for uint8_t, uint32_t
#include <cstdio>     // for printf
#include <cstring>    // for memcpy
#include <functional> // for function
#include <thread>     // for thread
#include <vector>     // for vector

namespace {

constexpr size_t kRows = 1024, kFeatures = 4, kBins = 256;
using GH = double __attribute__((vector_size(16)));

struct Data {
  std::vector<uint8_t> bins = std::vector<uint8_t>(kRows * kFeatures);
  std::vector<float> gpair = std::vector<float>(kRows * 2);
  std::vector<GH> hist = std::vector<GH>(kFeatures * kBins);
  double sink = 0;
  explicit Data(uint32_t seed) {
    uint32_t x = seed * 2654435761u + 1;
    for (uint8_t& b : bins) b = static_cast<uint8_t>((x = x * 1664525u + 1013904223u) >> 24);
    for (float& g : gpair) g = static_cast<float>((x = x * 1664525u + 1013904223u) >> 8) * 0x1p-24f;
  }
};

// `passes` times over the rows; returns the cells added.
size_t AddCells(Data& d, int passes) {
  GH* hist = d.hist.data();
  for (int p = 0; p < passes; ++p)
    for (size_t r = 0; r < kRows; ++r) {
      const uint8_t* row = d.bins.data() + r * kFeatures;
      const GH gh = {d.gpair[2 * r], d.gpair[2 * r + 1]};
      for (size_t f = 0; f < kFeatures; ++f) hist[f * kBins + row[f]] += gh;
    }
  d.sink += hist[0][0];
  return static_cast<size_t>(passes) * kRows * kFeatures;
}

// `passes` split scans of every feature's bins; returns the bins scanned.
size_t ScanBins(Data& d, int passes) {
  const double lambda = 1;
  double best = 0;
  for (int p = 0; p < passes; ++p)
    for (size_t f = 0; f < kFeatures; ++f) {
      const GH* h = d.hist.data() + f * kBins;
      GH total = {0, 0};
      for (size_t b = 0; b < kBins; ++b) total += h[b];
      double gl = 0, hl = 0;
      for (size_t b = 0; b < kBins; ++b) {
        gl += h[b][0];
        hl += h[b][1];
        const double gr = total[0] - gl, hr = total[1] - hl;
        const double gain = gl * gl / (hl + lambda) + gr * gr / (hr + lambda);
        best = gain > best ? gain : best;
      }
      d.hist[f * kBins][0] += 1e-9 * p;  // a new histogram each pass: the scan cannot be hoisted
    }
  d.sink += best;
  return static_cast<size_t>(passes) * kFeatures * kBins;
}

// Units per second on `threads` threads, best of 5 passes of ~0.2 s.
double Rate(int threads, const std::function<size_t(Data&, int)>& work, int passes) {
  std::vector<Data> data;
  for (int t = 0; t < threads; ++t) data.emplace_back(static_cast<uint32_t>(t + 1));
  for (Data& d : data) AddCells(d, 1);  // the scan's bins hold sums
  double best = 0;
  for (int pass = 0; pass < 5; ++pass) {
    std::vector<size_t> done(threads);
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back([&, t] { done[t] = work(data[t], passes); });
    for (auto& th : pool) th.join();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    size_t units = 0;
    for (size_t u : done) units += u;
    best = std::max(best, static_cast<double>(units) / seconds);
  }
  double sink = 0;
  for (const Data& d : data) sink += d.sink;
  if (sink == 42) std::printf(" ");  // keeps the sums live
  return best;
}

}  // namespace

int main() {
  const int add_passes = 40000, scan_passes = 40000;
  const double c1 = Rate(1, AddCells, add_passes), c2 = Rate(2, AddCells, add_passes);
  const double s1 = Rate(1, ScanBins, scan_passes), s2 = Rate(2, ScanBins, scan_passes);
  std::printf("{\"cells_per_s_1t\":%.4g,\"cells_per_s_2t\":%.4g,\"bins_per_s_1t\":%.4g,\"bins_per_s_2t\":%.4g}\n", c1, c2, s1, s2);
  return 0;
}
