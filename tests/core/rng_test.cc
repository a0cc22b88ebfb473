#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <vector>

#include "util/rng.h"

namespace boostlab {
namespace rng_test {

// Divider's multiply-and-shift must give x % n exactly for every x: a
// forest's draws (its bootstrap, its features) go through it, and models
// must not depend on how a remainder was taken.
TEST(Divider, GivesTheRemainderOfEveryNumber) {
  constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();
  std::vector<uint64_t> bounds = {1, 2, 3, 5, 7, 9, 10, 64, 100, 43153, 54000, (uint64_t{1} << 32) - 1,
                                  uint64_t{1} << 32, (uint64_t{1} << 32) + 1, (uint64_t{1} << 63) - 1,
                                  uint64_t{1} << 63, (uint64_t{1} << 63) + 1, kMax - 1, kMax};
  Rng rng(3);
  for (int i = 0; i < 200; ++i) bounds.push_back(rng.Next() >> (rng.Next() % 64));
  int checked = 0;
  for (uint64_t n : bounds) {
    if (n == 0) continue;
    const Divider d(n);
    std::vector<uint64_t> xs = {0, 1, n - 1, n, n + 1, 2 * n - 1, 2 * n, kMax, kMax - 1, kMax - n};
    for (int i = 0; i < 2000; ++i) xs.push_back(rng.Next());
    for (uint64_t x : xs) {
      ASSERT_EQ(d.Remainder(x), x % n) << "x " << x << " n " << n;
      ++checked;
    }
  }
  EXPECT_GT(checked, 400000);
  // And an Rng draws the same numbers through it as by a division.
  Rng a(11), b(11);
  const Divider d(43153);
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(a.Below(d), b.Below(43153));
}

}  // namespace rng_test
}  // namespace boostlab
