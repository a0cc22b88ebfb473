#include "util/exp_float.h"

#include <cmath>    // for INFINITY
#include <cstdint>  // for uint32_t, uint64_t
#include <cstring>  // for memcpy

// No fused multiply-adds: musl's bits come from separate roundings (CMake
// also passes -ffp-contract=off for this file; the pragma is clang's).
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

namespace boostlab {
namespace {

// 2^(i/32) rounded to a double, less i in its exponent's place (i << 47):
// adding k << 47 for k = 32 q + i then gives 2^(k/32) (checked by a test
// against exp2).
constexpr uint64_t kTable[32] = {
    0x3ff0000000000000, 0x3fefd9b0d3158574, 0x3fefb5586cf9890f, 0x3fef9301d0125b51,
    0x3fef72b83c7d517b, 0x3fef54873168b9aa, 0x3fef387a6e756238, 0x3fef1e9df51fdee1,
    0x3fef06fe0a31b715, 0x3feef1a7373aa9cb, 0x3feedea64c123422, 0x3feece086061892d,
    0x3feebfdad5362a27, 0x3feeb42b569d4f82, 0x3feeab07dd485429, 0x3feea47eb03a5585,
    0x3feea09e667f3bcd, 0x3fee9f75e8ec5f74, 0x3feea11473eb0187, 0x3feea589994cce13,
    0x3feeace5422aa0db, 0x3feeb737b0cdc5e5, 0x3feec49182a3f090, 0x3feed503b23e255d,
    0x3feee89f995ad3ad, 0x3feeff76f2fb5e47, 0x3fef199bdd85529c, 0x3fef3720dcef9069,
    0x3fef5818dcfba487, 0x3fef7c97337b9b5f, 0x3fefa4afa2a490da, 0x3fefd0765b6e4540,
};
constexpr double kInvLn2N = 0x1.71547652b82fep+0 * 32;  // 32 / ln 2
constexpr double kShift = 0x1.8p+52;  // adding it rounds to a whole number, which lands in the low bits
// The cubic for 2^(r/32) - 1, r in [-1/2, 1/2]: musl's (ARM's) minimax coefficients.
constexpr double kC0 = 0x1.c6af84b912394p-5 / 32 / 32 / 32, kC1 = 0x1.ebfce50fac4f3p-3 / 32 / 32,
                 kC2 = 0x1.62e42ff0c52d6p-1 / 32;
// |x| >= 88 (and inf, NaN), by the top bits of the float with its sign cleared.
constexpr uint32_t kSpecialFrom = 0x42b00000;

uint32_t BitsOf(float x) {
  uint32_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}

// The formula's steps on a double or on a vector of them (D, with U its bits
// as 64-bit integers), the table read by `table` (one index, or a vector's
// lane by lane, into its second argument): one text of the steps, so every
// form gives the same bits. Results by reference: a 32-byte vector returned
// by value changes the calling convention without AVX (GCC's -Wpsabi).
template <typename D, typename U, typename Table>
void Steps(const D& xd, Table table, D& y) {
  const D z = kInvLn2N * xd;
  D kd = z + kShift;
  U ki;
  std::memcpy(&ki, &kd, sizeof ki);
  kd -= kShift;
  const D r = z - kd;
  U t;
  table(ki, t);
  t += ki << 47;
  D s;
  std::memcpy(&s, &t, sizeof s);
  const D p = kC0 * r + kC1;
  const D r2 = r * r;
  y = kC2 * r + 1;
  y = p * r2 + y;
  y *= s;
}

// The formula, good for every x in [-103.97, 88.72] (and computed for any x without fault).
float Formula(float x) {
  double y;
  Steps<double, uint64_t>(x, [](uint64_t k, uint64_t& t) { t = kTable[k % 32]; }, y);
  return static_cast<float>(y);
}

// The cases musl settles before its formula (|x| >= 88 or NaN).
float Special(float x) {
  if (x == -INFINITY) return 0.0f;
  if ((BitsOf(x) & 0x7fffffff) >= 0x7f800000) return x + x;  // +inf, NaN
  if (x > 0x1.62e42ep6f) return INFINITY;                   // e^x past the largest float
  if (x < -0x1.9fe368p6f) return 0.0f;                      // under half the smallest
  return Formula(x);
}

using F4 = float __attribute__((vector_size(16)));
using D4 = double __attribute__((vector_size(32)));
using U4 = uint64_t __attribute__((vector_size(32)));
using B4 = uint32_t __attribute__((vector_size(16)));

}  // namespace

float ExpFloat(float x) { return (BitsOf(x) & 0x7fffffff) >= kSpecialFrom ? Special(x) : Formula(x); }

// Steps on four values at once (the table read lane by lane: neither SSE2
// nor wasm gathers).
void ExpFloats(const float* in, float* out, size_t n) {
  size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    F4 x;
    std::memcpy(&x, in + i, sizeof x);
    D4 y;
    Steps<D4, U4>(__builtin_convertvector(x, D4), [](const U4& k, U4& t) {
      t = U4{kTable[k[0] % 32], kTable[k[1] % 32], kTable[k[2] % 32], kTable[k[3] % 32]};
    }, y);
    const F4 e = __builtin_convertvector(y, F4);
    std::memcpy(out + i, &e, sizeof e);
    B4 bits;
    std::memcpy(&bits, &x, sizeof bits);
    const B4 special = (bits & 0x7fffffff) >= kSpecialFrom;
    if (special[0] | special[1] | special[2] | special[3]) [[unlikely]]
      for (int k = 0; k < 4; ++k)
        if (special[k]) out[i + k] = Special(x[k]);
  }
  for (; i < n; ++i) out[i] = ExpFloat(in[i]);
}

}  // namespace boostlab
