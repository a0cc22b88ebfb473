// Parameters and dataset options as JSON (the input, split at its first
// newline) -> a dataset from a small fixed table -> at most three rounds.
// Whatever the parser accepts must train or be refused with an Error.

#include <algorithm>  // for min
#include <cstddef>    // for size_t
#include <cstdint>    // for uint8_t
#include <string>     // for string

#include "boostlab/params.h"
#include "fuzz_common.h"

namespace {

// Numbers, a categorical column, missing values, a weight column, and three
// targets: a regression one, a binary one and a three-class one.
constexpr const char* kCsv =
    "x,c,w,y,b,k\n"
    "1,u,1,0.5,yes,p\n2,v,2,1.5,no,q\n3,w,0,2.5,yes,r\n,u,1,-1,no,p\n5,v,1,4,yes,q\n"
    "6,,3,7,no,r\n7,w,1,6.5,yes,p\n8,u,0.5,9,no,q\n9,v,1,1e30,yes,r\n10,w,1,-3e38,no,p\n"
    "11,u,2,3,yes,q\n12,v,1,2,no,r\n";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size) {
  using namespace boostlab;
  static const Table table = ReadCsv(kCsv);
  const std::string_view text(reinterpret_cast<const char*>(bytes), size);
  const size_t newline = text.find('\n');
  const std::string_view params_text = text.substr(0, newline);
  const std::string_view options_text = newline == std::string_view::npos ? "{\"target\":\"y\"}" : text.substr(newline + 1);
  Params params;
  DatasetOptions options;
  try {
    params = ParseParams(params_text);
    options = ParseDatasetOptions(options_text);
  } catch (const Error&) {
    return 0;
  }
  // A fuzz input runs in milliseconds or the fuzzer learns nothing: a few
  // rounds, and the shared pool's threads at most.
  params.rounds = std::min(params.rounds, 3);
  Dataset data;
  if (!fuzz::DatasetFrom(table, options, &data)) return 0;
  Model model;
  if (fuzz::TrainSome(data, params, &model)) fuzz::CheckRoundTrip(model, table);
  return 0;
}
