// Sequences of API calls, as a program using the package makes them, in any
// order: trainers made, stepped, snapshot and taken (twice, or after a
// snapshot), dropped while a model lives on; models predicted (every output,
// any number of rounds), explained, saved and loaded again (JSON and the
// compact file), continued, exported. Each byte of the input is one call and
// its argument. Whatever the order, every call returns or throws an Error,
// and every model handed out holds trees that predict.
//
// A second take() on a trainer with early stopping gave a model of trees
// without nodes (issue 42): a sequence of five calls this target finds.

#include <cstddef>  // for size_t
#include <cstdint>  // for uint8_t
#include <deque>    // for deque
#include <memory>   // for unique_ptr
#include <optional>  // for optional
#include <string>   // for string
#include <vector>   // for vector

#include "boostlab/evaluation.h"
#include "fuzz_common.h"

namespace {

using namespace boostlab;

// Numbers, a categorical column, missing values; a regression target, a
// binary one and a three-class one; 24 rows, so early stopping has rows to watch.
constexpr const char* kCsv =
    "x,c,w,y,b,k\n"
    "1,u,1,0.5,yes,p\n2,v,2,1.5,no,q\n3,w,0,2.5,yes,r\n,u,1,-1,no,p\n5,v,1,4,yes,q\n6,,3,7,no,r\n"
    "7,w,1,6.5,yes,p\n8,u,0.5,9,no,q\n9,v,1,1,yes,r\n10,w,1,-3,no,p\n11,u,2,3,yes,q\n12,v,1,2,no,r\n"
    "13,u,1,0.7,no,p\n14,v,2,1.1,yes,q\n15,w,1,2.9,yes,r\n16,u,1,-2,no,p\n17,v,1,5,no,q\n18,,1,6,yes,r\n"
    "19,w,1,6.1,no,p\n20,u,0.5,8,yes,q\n21,v,1,1.5,no,r\n22,w,1,-4,yes,p\n23,u,2,3.5,no,q\n24,v,1,2.2,yes,r\n";

const char* const kAlgorithms[] = {"xgboost", "gbdt", "adaboost", "random_forest"};
const char* const kTargets[] = {"y", "b", "k"};
const char* const kOutputs[] = {"probability", "margin", "class", "leaf"};

// The checks every model handed out must pass: no tree without nodes, and
// each output of every round count answered or refused with an Error.
void Use(const Model& m, const FeatureColumns& x, uint8_t arg) {
  for (const Tree& t : m.trees)
    if (t.nodes.empty()) fuzz::Fail("a model handed out holds a tree without nodes");
  const int rounds = arg % 5;
  try {
    const std::vector<float> out = m.PredictWith(x, kOutputs[arg % 4], rounds);
    if (out.empty() && x.num_rows && !m.trees.empty() && arg % 4 != 3) fuzz::Fail("no predictions");
  } catch (const Error&) {
  }
}

struct Session {
  const Table& table;
  std::deque<Dataset> data;  // every dataset made lives until the end (a booster reads its own), in place
  std::unique_ptr<Booster> booster;
  std::optional<Model> model;  // the model in hand (a program's variable)
  bool taken = false;

  void NewTrainer(uint8_t arg, bool from_model) {
    DatasetOptions options;
    options.target = kTargets[arg % 3];
    options.valid_fraction = (arg / 3) % 2 ? 0.25 : 0.0;
    options.seed = arg;
    try {
      data.push_back(Dataset::FromTable(table, options));
    } catch (const Error&) {
      return;
    }
    Params params;
    params.algorithm = kAlgorithms[(arg / 6) % 4];
    params.rounds = 1 + arg % 7;
    params.max_depth = 1 + arg % 3;
    params.early_stopping_rounds = (arg / 24) % 2 ? 1 + arg % 2 : 0;
    params.min_child_weight = 0;
    // One thread mostly: the sequence, not the pool, is under test here (csv_train
    // trains on two), and idle workers waiting for the next round cost a fifth of a run.
    params.nthread = arg >= 224 ? 2 : 1;
    booster.reset();  // the trainer before goes (the program dropped it)
    taken = false;
    try {
      booster = std::make_unique<Booster>(data.back(), params, from_model && model ? &*model : nullptr);
    } catch (const Error&) {
    }
  }

  void Call(uint8_t op, uint8_t arg) {
    try {
      switch (op % 14) {
        case 0: NewTrainer(arg, false); break;
        case 1: NewTrainer(arg, true); break;  // continue the model in hand
        case 2: if (booster) booster->TrainOneRound(); break;
        case 3: if (booster) booster->Prepare(); break;
        case 4: if (booster) model = booster->Snapshot(); break;
        case 5: if (booster) { model = booster->TakeModel(); taken = true; } break;
        case 6: if (booster) (void)booster->LastRoundStatistics(); break;
        case 7: if (booster) (void)booster->SampleWeights(); break;
        case 8: booster.reset(); break;  // dispose(): the model taken lives on
        case 9:
          if (model && !data.empty()) Use(*model, data.back().x, arg);
          break;
        case 10:
          if (model && !data.empty()) (void)model->Contributions(data.back().x, 1 + arg % 2);
          break;
        case 11:  // saved and loaded again, as JSON or compact
          if (model) {
            Model back = arg % 2 ? Model::FromBinary(model->ToBinary()) : Model::FromJson(model->ToJson());
            fuzz::CheckSameText(model->ToJson(), back.ToJson());
            model = std::move(back);
          }
          break;
        case 12:
          if (model) {
            (void)model->FeatureImportance("gain");
            (void)model->SummaryJson();
            if (!model->trees.empty()) (void)model->TreeJson(arg % model->trees.size());
            (void)model->ToXGBoostJson();
          }
          break;
        case 13:
          if (model) (void)Evaluate(*model, table, {}, arg % 4, 8);
          break;
      }
    } catch (const Error&) {
      // Refused with a reason: what a wrong order or argument should get.
    }
    if (model)
      for (const Tree& t : model->trees)
        if (t.nodes.empty()) fuzz::Fail("a model handed out holds a tree without nodes");
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size) {
  static const Table table = ReadCsv(kCsv);
  Session s{table};
  // Two bytes a call, at most 64 calls: a sequence runs in milliseconds.
  for (size_t i = 0; i + 1 < size && i < 128; i += 2) s.Call(bytes[i], bytes[i + 1]);
  return 0;
}
