// What every fuzz target shares: the one rule for what counts as a finding,
// and the round trip every trained or loaded model must survive.
#pragma once

#include <cstdio>   // for fprintf
#include <cstdlib>  // for abort
#include <string>   // for string
#include <vector>   // for vector

#include "boostlab/booster.h"
#include "boostlab/dataset.h"
#include "boostlab/errors.h"
#include "boostlab/model.h"
#include "boostlab/table.h"

namespace boostlab::fuzz {

// A finding: the library broke one of its promises without crashing.
[[noreturn]] inline void Fail(const std::string& what) {
  std::fprintf(stderr, "FUZZ FINDING: %s\n", what.c_str());
  std::abort();
}

// Fails unless a model saved again after loading is the same text, showing
// where the two first differ.
inline void CheckSameText(const std::string& saved, const std::string& again) {
  if (saved == again) return;
  size_t at = 0;
  while (at < saved.size() && at < again.size() && saved[at] == again[at]) ++at;
  const size_t from = at > 80 ? at - 80 : 0;
  Fail("a reloaded model saves differently at byte " + std::to_string(at) + ":\n  first:  " + saved.substr(from, 160) +
       "\n  again:  " + again.substr(from, 160));
}

// Saves the model, loads it again and checks that the copy is the same
// model and predicts the same on the table (NaN where the first did).
inline void CheckRoundTrip(const Model& model, const Table& table) {
  const std::string saved = model.ToJson();
  Model back;
  try {
    back = Model::FromJson(saved);
  } catch (const Error& e) {
    Fail(std::string("a saved model does not load again: ") + e.what() + "\n" + saved.substr(0, 2000));
  }
  CheckSameText(saved, back.ToJson());
  std::vector<float> a, b;
  try {
    a = model.PredictTable(table);
  } catch (const Error&) {
    return;  // the table does not fit the model (its columns): a clear error is fine
  }
  b = back.PredictTable(table);
  if (a.size() != b.size()) Fail("a reloaded model predicts a different number of values");
  for (size_t i = 0; i < a.size(); ++i)
    if (!(a[i] == b[i] || (a[i] != a[i] && b[i] != b[i]))) Fail("a reloaded model predicts differently");
}

// The dataset, or false where it was refused with a clear error.
inline bool DatasetFrom(const Table& table, const DatasetOptions& options, Dataset* out) {
  try {
    *out = Dataset::FromTable(table, options);
    return true;
  } catch (const Error&) {
    return false;
  }
}

// Trains at most `rounds` rounds (Booster checks everything first) and
// returns the model, or nothing when the data or parameters were refused.
inline bool TrainSome(const Dataset& data, const Params& params, Model* out) {
  try {
    Booster booster(data, params);
    while (!booster.Done()) booster.TrainOneRound();
    *out = booster.TakeModel();
    return true;
  } catch (const Error&) {
    return false;  // refused with a clear error: what bad input should get
  }
}

}  // namespace boostlab::fuzz
