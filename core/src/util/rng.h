// A small, portable random generator (SplitMix64): the same seed gives the
// same numbers on every platform and in wasm, unlike std:: distributions.
#pragma once

#include <cstdint>  // for uint64_t

namespace boostlab {

// x % n for an n fixed over many x, by a multiply and shifts (Granlund and
// Montgomery's round-up method, exact for every 64-bit x): a 64-bit division
// costs tens of cycles, and a forest draws by fixed bounds a great deal (a
// bootstrap's row count; a node's features left to draw).
class Divider {
 public:
  Divider() : Divider(1) {}
  explicit Divider(uint64_t n) : n_(n) {
    const int l = n > 1 ? 64 - __builtin_clzll(n - 1) : 0;  // ceil(log2 n)
    const unsigned __int128 two_l = static_cast<unsigned __int128>(1) << l;
    magic_ = static_cast<uint64_t>(((two_l - n) << 64) / n + 1);
    shift1_ = l > 0 ? 1 : 0;
    shift2_ = l > 0 ? l - 1 : 0;
  }
  uint64_t Remainder(uint64_t x) const {
#if defined(__wasm__)
    return x % n_;  // wasm has no high half of a 64-bit product to take
#else
    const uint64_t t = static_cast<uint64_t>((static_cast<unsigned __int128>(magic_) * x) >> 64);
    const uint64_t q = (t + ((x - t) >> shift1_)) >> shift2_;
    return x - q * n_;
#endif
  }

 private:
  uint64_t n_, magic_;
  int shift1_, shift2_;
};

class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  uint64_t Next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform integer in [0, n).
  uint64_t Below(uint64_t n) { return Next() % n; }
  // The same number, for a bound fixed over many draws.
  uint64_t Below(const Divider& n) { return n.Remainder(Next()); }

 private:
  uint64_t state_;
};

}  // namespace boostlab
