#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "util/exp_float.h"

namespace boostlab {
namespace exp_float_test {

float FloatOf(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}
uint32_t BitsOf(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

// Floats spread over every exponent and sign (every 4,099th bit pattern), and
// the edges: zeros, infinities, NaNs, where the formula hands over to the
// special cases (|x| = 88, e^x past the largest float, under the smallest).
std::vector<float> Sweep() {
  std::vector<float> x;
  for (uint64_t bits = 0; bits < (uint64_t{1} << 32); bits += 4099) x.push_back(FloatOf(static_cast<uint32_t>(bits)));
  const float inf = std::numeric_limits<float>::infinity();
  for (float edge : {0.0f, -0.0f, inf, -inf, std::numeric_limits<float>::quiet_NaN(), 88.0f, -88.0f, 0x1.62e42ep6f,
                     0x1.62e430p6f, -0x1.9fe368p6f, -0x1.9fe36ap6f, -87.33f, -100.0f, 1e-30f, -1e-30f})
    for (float v : {edge, std::nextafter(edge, inf), std::nextafter(edge, -inf)}) x.push_back(v);
  return x;
}

// The vector form is the scalar one lane for lane, whatever the count (the
// tail of fewer than four) and in place; its bits are the training's.
TEST(ExpFloat, ManyAtATimeGiveTheSameBitsAsOneAtATime) {
  const std::vector<float> x = Sweep();
  for (size_t n : {x.size(), x.size() - 1, x.size() - 2, x.size() - 3, size_t{3}, size_t{0}}) {
    std::vector<float> out(n), in_place(x.begin(), x.begin() + n);
    ExpFloats(x.data(), out.data(), n);
    ExpFloats(in_place.data(), in_place.data(), n);
    for (size_t i = 0; i < n; ++i) {
      const float one = ExpFloat(x[i]);
      ASSERT_EQ(BitsOf(out[i]), BitsOf(one)) << "x = " << x[i] << " (" << std::hexfloat << x[i] << ")";
      ASSERT_EQ(BitsOf(in_place[i]), BitsOf(one)) << "x = " << x[i];
    }
  }
}

// musl's expf on every float (checked exhaustively against the wasm build's
// expf: bench/RESULTS.md); here against this machine's libm, which may use
// fused multiply-adds (glibc does on processors with FMA) and so differ in
// a rare last bit: then both must be within one unit of e^x in double.
TEST(ExpFloat, IsLibmsExpfWithinItsLastBit) {
  size_t differ = 0, finite = 0;
  for (float x : Sweep()) {
    const float ours = ExpFloat(x), libm = std::exp(x);
    if (std::isnan(libm)) {
      ASSERT_TRUE(std::isnan(ours)) << x;
      continue;
    }
    finite += std::isfinite(ours) && ours > 0;
    if (BitsOf(ours) == BitsOf(libm)) continue;
    ++differ;
    const double exact = std::exp(static_cast<double>(x));
    const float below = std::nextafter(libm, 0.0f), above = std::nextafter(libm, std::numeric_limits<float>::infinity());
    EXPECT_TRUE(ours == below || ours == above) << "x = " << std::hexfloat << x << ": " << ours << " against " << libm;
    EXPECT_LE(std::fabs(ours - exact), std::fabs(above - below)) << std::hexfloat << x;
  }
  EXPECT_LE(differ, 3u);  // glibc's FMA expf differs from musl's on 2 of the 2^32 floats
  EXPECT_GT(finite, 10000u);  // the sweep reached the formula's range, not only its edges
}

// The cases settled before the formula, as C says of exp.
TEST(ExpFloat, SpecialValues) {
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_EQ(ExpFloat(0.0f), 1.0f);
  EXPECT_EQ(ExpFloat(-0.0f), 1.0f);
  EXPECT_EQ(ExpFloat(inf), inf);
  EXPECT_EQ(BitsOf(ExpFloat(-inf)), BitsOf(0.0f));
  EXPECT_TRUE(std::isnan(ExpFloat(std::numeric_limits<float>::quiet_NaN())));
  EXPECT_EQ(ExpFloat(89.0f), inf);
  EXPECT_EQ(BitsOf(ExpFloat(-104.0f)), BitsOf(0.0f));
  EXPECT_GT(ExpFloat(-103.0f), 0.0f);  // a subnormal, from the formula
  EXPECT_EQ(ExpFloat(1.0f), static_cast<float>(M_E));
}

}  // namespace exp_float_test
}  // namespace boostlab
