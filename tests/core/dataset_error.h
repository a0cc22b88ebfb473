// The error Dataset::FromTable throws for a CSV and options; a test failure
// (and code "NONE") when it throws none.
#pragma once

#include <gtest/gtest.h>

#include <string>  // for string

#include "boostlab/dataset.h"
#include "boostlab/errors.h"
#include "boostlab/table.h"

namespace boostlab::test {

inline Error DatasetErrorOf(const std::string& csv, const DatasetOptions& options) {
  const Table t = ReadCsv(csv);
  try {
    Dataset::FromTable(t, options);
  } catch (const Error& e) {
    return e;
  }
  ADD_FAILURE() << "no error";
  return Error("NONE", "");
}

}  // namespace boostlab::test
