// The core's e^x (core/src/util/exp_float.h) against the libm it is built
// with, on every one of the 2^32 floats, and the sigmoid's speed with each.
// Built natively (boostlab-exp-float: glibc's expf) and for wasm by
// bench/exp_float.mjs (musl's expf, the wasm build's own): ExpFloat must
// equal musl's on every float, and the vector form the scalar one.
// Prints one JSON line:
//   {"floats":4294967296,"vector_differs":0,"libm_differs":N,"first_libm_difference":"0x..",
//    "sigmoid_ns_libm":..,"sigmoid_ns_ours":..}
#include <algorithm>  // for min
#include <chrono>     // for steady_clock
#include <cmath>      // for exp, isnan
#include <cstdint>    // for uint32_t, uint64_t
#include <cstdio>     // for printf
#include <cstring>    // for memcpy
#include <vector>

#include "util/exp_float.h"

namespace {

uint32_t BitsOf(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

// ns a value of 1 / (1 + e^-x) over 64 K values in [-8, 8), best of 5 passes of 100.
template <typename Fn>
double SigmoidNs(const std::vector<float>& x, std::vector<float>& out, Fn sigmoid) {
  double best = 1e30;
  for (int pass = 0; pass < 5; ++pass) {
    const auto start = std::chrono::steady_clock::now();
    for (int k = 0; k < 100; ++k) {
      sigmoid(x, out);
      asm volatile("" ::: "memory");  // keep every pass
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    best = std::min(best, s / (100.0 * static_cast<double>(x.size())) * 1e9);
  }
  return best;
}

}  // namespace

int main() {
  using boostlab::ExpFloat;
  using boostlab::ExpFloats;
  uint64_t vector_differs = 0, libm_differs = 0;
  uint32_t first = 0;
  std::vector<float> in(1 << 16), out(1 << 16);
  for (uint64_t base = 0; base < (uint64_t{1} << 32); base += in.size()) {
    for (size_t i = 0; i < in.size(); ++i) {
      const uint32_t bits = static_cast<uint32_t>(base + i);
      std::memcpy(&in[i], &bits, sizeof bits);
    }
    ExpFloats(in.data(), out.data(), in.size());
    for (size_t i = 0; i < in.size(); ++i) {
      const float one = ExpFloat(in[i]), libm = std::exp(in[i]);
      vector_differs += BitsOf(out[i]) != BitsOf(one);
      if (BitsOf(one) != BitsOf(libm) && !(std::isnan(one) && std::isnan(libm)) && libm_differs++ == 0) first = BitsOf(in[i]);
    }
  }
  std::vector<float> x(1 << 16), y(x.size());
  for (size_t i = 0; i < x.size(); ++i) x[i] = -8.0f + 16.0f * static_cast<float>(i) / static_cast<float>(x.size());
  const double libm_ns = SigmoidNs(x, y, [](const std::vector<float>& v, std::vector<float>& o) {
    for (size_t i = 0; i < v.size(); ++i) o[i] = 1.0f / (1.0f + std::exp(-v[i]));
  });
  const double ours_ns = SigmoidNs(x, y, [](const std::vector<float>& v, std::vector<float>& o) {
    for (size_t i = 0; i < v.size(); ++i) o[i] = -v[i];
    ExpFloats(o.data(), o.data(), o.size());
    for (size_t i = 0; i < v.size(); ++i) o[i] = 1.0f / (1.0f + o[i]);
  });
  std::printf("{\"floats\":%llu,\"vector_differs\":%llu,\"libm_differs\":%llu,\"first_libm_difference\":\"0x%08x\","
              "\"sigmoid_ns_libm\":%.3f,\"sigmoid_ns_ours\":%.3f}\n",
              static_cast<unsigned long long>(uint64_t{1} << 32), static_cast<unsigned long long>(vector_differs),
              static_cast<unsigned long long>(libm_differs), first, libm_ns, ours_ns);
  return vector_differs == 0 ? 0 : 1;
}
