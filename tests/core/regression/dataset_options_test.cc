// Dataset options from JSON: `seed: 1e30` and `validRows: [1e20]` were
// converted to integers with undefined behaviour (in wasm, 1e20 silently
// selected another row; UBSan stops on both).

#include <gtest/gtest.h>

#include <string>  // for string

#include "boostlab/dataset.h"
#include "boostlab/errors.h"

namespace boostlab {
namespace dataset_options_test {

std::string OptionError(const std::string& json) {
  try {
    ParseDatasetOptions(json);
  } catch (const Error& e) {
    return e.code() + ": " + e.what();
  }
  return "accepted";
}

TEST(DatasetOptionsRegression, IntegersAreRangeCheckedBeforeConversion) {
  EXPECT_EQ(OptionError(R"({"seed":1e30})"),
            "BAD_OPTION: Dataset option 'seed' is 1e+30; it must be a whole number from 0 to 9007199254740992.");
  EXPECT_EQ(OptionError(R"({"seed":-1})"),
            "BAD_OPTION: Dataset option 'seed' is -1; it must be a whole number from 0 to 9007199254740992.");
  EXPECT_EQ(OptionError(R"({"validRows":[0,1e20]})"),
            "BAD_OPTION: Dataset option 'validRows'[1] is 1e+20; it must be a whole number from 0 to 4294967295.");
  EXPECT_EQ(OptionError(R"({"validRows":[2.5]})"),
            "BAD_OPTION: Dataset option 'validRows'[0] is 2.5; it must be a whole number from 0 to 4294967295.");
  EXPECT_EQ(OptionError(R"({"seed":12345,"validRows":[0,4294967295]})"), "accepted");
  EXPECT_EQ(ParseDatasetOptions(R"({"seed":9007199254740992})").seed, 9007199254740992ull);
}

}  // namespace dataset_options_test
}  // namespace boostlab
