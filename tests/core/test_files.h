// Files under tests/ (datasets, regression inputs), read whole for a test.
#pragma once

#include <fstream>  // for ifstream
#include <sstream>  // for stringstream
#include <string>   // for string

#include <gtest/gtest.h>

namespace boostlab::test {

// relative: a path under tests/, e.g. "data/spam.csv"; a missing file fails the test.
inline std::string ReadTestFile(const std::string& relative) {
  std::ifstream in(std::string(BOOSTLAB_TESTS_DIR) + "/" + relative, std::ios::binary);
  EXPECT_TRUE(in) << relative;
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace boostlab::test
