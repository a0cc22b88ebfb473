// Errors the core reports to callers. Every error carries a stable code (for
// programs), a message written for a person, and where known the 1-based line
// and column of the input that caused it.
#pragma once

#include <stdexcept>  // for runtime_error
#include <string>     // for string

namespace boostlab {

class Error : public std::runtime_error {
 public:
  Error(std::string code, const std::string& message, long line = 0, long column = 0)
      : std::runtime_error(message), code_(std::move(code)), line_(line), column_(column) {}

  const std::string& code() const { return code_; }
  long line() const { return line_; }      // 0 when not about a place in a file
  long column() const { return column_; }  // 0 when not about a column

 private:
  std::string code_;
  long line_;
  long column_;
};

}  // namespace boostlab
