// CRC-32 as zlib computes it: the standard check value, and the same number
// however the bytes are split between updates (the model reader feeds it a
// field or a column at a time).
#include <gtest/gtest.h>

#include <string>  // for string

#include "util/crc32.h"

namespace boostlab {
namespace crc32_test {

TEST(Crc32, GivesTheStandardCheckValue) {
  EXPECT_EQ(Crc32Of("123456789", 9), 0xCBF43926u);  // the catalogue's check value for CRC-32/ISO-HDLC
  EXPECT_EQ(Crc32Of("", 0), 0u);
  EXPECT_EQ(Crc32Of("a", 1), 0xE8B7BE43u);  // zlib.crc32(b"a")
}

TEST(Crc32, IsTheSameHoweverTheBytesAreSplit) {
  std::string bytes;
  for (int i = 0; i < 1000; ++i) bytes.push_back(static_cast<char>(i * 131 + (i >> 3)));
  const uint32_t whole = Crc32Of(bytes.data(), bytes.size());
  for (size_t first : {0, 1, 3, 7, 8, 9, 500, 999, 1000}) {
    for (size_t second : {0, 1, 5, 8, 17}) {
      if (first + second > bytes.size()) continue;
      Crc32 crc;
      crc.Update(bytes.data(), first);
      crc.Update(bytes.data() + first, second);
      crc.Update(bytes.data() + first + second, bytes.size() - first - second);
      EXPECT_EQ(crc.Value(), whole) << first << " " << second;
    }
  }
}

}  // namespace crc32_test
}  // namespace boostlab
