// Learning-to-rank losses (rank_objectives.cc) and the random draws they
// share with XGBoost 1.7.
#pragma once

#include <cstdint>  // for uint32_t
#include <memory>   // for unique_ptr
#include <string>   // for string

namespace boostlab {

class Objective;

// std::minstd_rand with libstdc++'s uniform_int_distribution<unsigned> on
// top, written out: the same numbers in every build (the WebAssembly one
// links libc++, whose distribution draws differently), and the ones XGBoost
// draws its ranking pairs with.
class MinStdRand {
 public:
  explicit MinStdRand(uint32_t seed) : state_(seed % 2147483647u == 0 ? 1u : seed % 2147483647u) {}
  uint32_t operator()();    // the next raw value, in [1, 2^31 - 2]
  uint32_t Below(uint32_t n);  // uniform in [0, n), n >= 1

 private:
  uint32_t state_;
};

// rank:pairwise or rank:ndcg; nullptr for another name.
std::unique_ptr<Objective> MakeRankObjective(const std::string& name);

}  // namespace boostlab
