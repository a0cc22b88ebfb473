// This machine's memory bandwidth for the bench's distance-to-the-limit
// figure (issue 22): a streaming read of a buffer far larger than the caches,
// summed so the compiler cannot drop it, on 1 and 2 threads (each a half),
// best of several passes. Prints one JSON line:
//   {"buffer_mb":1024,"read_gb_per_s_1t":..,"read_gb_per_s_2t":..}
// Usage: boostlab-bandwidth [MB]
#include <algorithm>  // for max
#include <chrono>     // for steady_clock
#include <cstdint>    // for uint64_t
#include <cstdio>     // for printf
#include <cstdlib>    // for atoi
#include <thread>     // for thread
#include <vector>     // for vector

namespace {

uint64_t Sum(const uint64_t* p, size_t n) {
  // Four accumulators: one would chain every add on the last.
  uint64_t a = 0, b = 0, c = 0, d = 0;
  size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    a += p[i];
    b += p[i + 1];
    c += p[i + 2];
    d += p[i + 3];
  }
  for (; i < n; ++i) a += p[i];
  return a + b + c + d;
}

// Bytes read per second by `threads` threads each summing its share, best of `passes`.
double ReadBandwidth(const std::vector<uint64_t>& buffer, int threads, int passes, uint64_t& sink) {
  double best = 0;
  for (int pass = 0; pass < passes; ++pass) {
    std::vector<uint64_t> sums(threads);
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<std::thread> pool;
    const size_t share = buffer.size() / threads;
    for (int t = 0; t < threads; ++t)
      pool.emplace_back([&, t] { sums[t] = Sum(buffer.data() + t * share, t + 1 == threads ? buffer.size() - t * share : share); });
    for (auto& th : pool) th.join();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    for (uint64_t s : sums) sink += s;
    best = std::max(best, static_cast<double>(buffer.size() * sizeof(uint64_t)) / seconds);
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  const size_t mb = argc > 1 ? static_cast<size_t>(std::atoi(argv[1])) : 1024;
  std::vector<uint64_t> buffer((mb << 20) / sizeof(uint64_t));
  for (size_t i = 0; i < buffer.size(); ++i) buffer[i] = i;  // touched: every page is real before timing
  uint64_t sink = 0;
  const double one = ReadBandwidth(buffer, 1, 5, sink), two = ReadBandwidth(buffer, 2, 5, sink);
  std::printf("{\"buffer_mb\":%zu,\"read_gb_per_s_1t\":%.2f,\"read_gb_per_s_2t\":%.2f,\"sink\":%llu}\n", mb, one / 1e9, two / 1e9,
              static_cast<unsigned long long>(sink % 10));
  return 0;
}
