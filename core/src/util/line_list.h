// The lines a note names for rows it counts ("Left out 7 rows ...: lines 3,
// 4, 5, 6, 7 and 2 more"): the first kNamed of them and how many more. The
// CSV reader's ragged rows and the dataset's rows with no target say it alike;
// a table given in memory names its rows' indices ("rows 0, 4").
#pragma once

#include <cstddef>  // for size_t
#include <string>   // for string, to_string
#include <utility>  // for move

#include "util/count_text.h"

namespace boostlab {

class LineList {
 public:
  static constexpr size_t kNamed = 5;

  explicit LineList(std::string noun = "line") : noun_(std::move(noun)) {}

  void Add(long line) {
    if (++count_ <= kNamed) named_ += (count_ > 1 ? ", " : "") + std::to_string(line);
  }
  size_t count() const { return count_; }
  // "N row(s)" as counted.
  std::string Rows() const { return CountText(count_) + (count_ == 1 ? " row" : " rows"); }
  // ": line 6" or ": lines 6, 13, 20, 27, 34 and 4 more".
  std::string Lines() const {
    return ": " + noun_ + (count_ == 1 ? " " : "s ") + named_ + (count_ > kNamed ? " and " + CountText(count_ - kNamed) + " more" : "");
  }

 private:
  std::string noun_;
  size_t count_ = 0;
  std::string named_;
};

}  // namespace boostlab
