// The compact model file: every kind of model survives the round trip with
// the same predictions and the same JSON, and a damaged file (cut anywhere,
// any byte changed, sizes that ask for more than the file holds) gets
// MODEL_CORRUPT, never a crash or a huge allocation.
#include <gtest/gtest.h>

#include <cstring>  // for memcpy
#include <string>   // for string

#include "boostlab/errors.h"
#include "boostlab/model.h"
#include "boostlab/table.h"
#include "random_data.h"
#include "test_files.h"

namespace boostlab {
namespace model_binary_test {

// diamonds (three categorical features, a numeric target), trained with params_json.
Model TrainDiamonds(const std::string& params_json, const std::string& target = "price") {
  static const std::shared_ptr<const Table> table = std::make_shared<const Table>(ReadCsv(test::ReadTestFile("data/diamonds.csv")));
  DatasetOptions options;
  options.target = target;
  const Dataset d = Dataset::FromTable(table, options);
  return test::Train(d, ParseParams(params_json));
}

std::string ErrorOf(std::string_view bytes) {
  try {
    Model::FromBinary(bytes);
  } catch (const Error& e) {
    return e.code() + ": " + e.what();
  }
  return "no error";
}

void ExpectSameModel(const Model& m) {
  const std::string bytes = m.ToBinary();
  ASSERT_TRUE(Model::IsBinary(bytes));
  const Model back = Model::FromBinary(bytes);
  EXPECT_EQ(back.ToJson(), m.ToJson());
  EXPECT_EQ(back.ToBinary(), bytes);
  EXPECT_EQ(back.MemoryBytes(), m.MemoryBytes());
}

TEST(ModelBinary, EveryKindOfModelComesBackTheSame) {
  // Boosted trees with categorical sets and G per node.
  ExpectSameModel(TrainDiamonds(R"({"algorithm":"xgboost","rounds":8,"max_depth":5})"));
  ExpectSameModel(TrainDiamonds(R"({"algorithm":"gbdt","rounds":5})"));
  // A forest's deep trees; multi-output trees (a multiclass forest and AdaBoost).
  ExpectSameModel(TrainDiamonds(R"({"algorithm":"random_forest","rounds":4})"));
  ExpectSameModel(TrainDiamonds(R"({"algorithm":"random_forest","rounds":3})", "cut"));
  ExpectSameModel(TrainDiamonds(R"({"algorithm":"adaboost","rounds":5,"max_depth":2})", "color"));
  // AdaBoost.R2: a weighted median, tree weights in the header.
  ExpectSameModel(TrainDiamonds(R"({"algorithm":"adaboost","rounds":5,"max_depth":3})"));
}

TEST(ModelBinary, PredictsAsTheModelItCameFrom) {
  Dataset d = test::RandomData(2000, 5).Missing(0.1).Seed(3).Binary(true).Make();
  Params p;
  p.rounds = 12;
  const Model m = test::Train(d, p);
  const Model back = Model::FromBinary(m.ToBinary());
  EXPECT_EQ(back.PredictColumns(d.x), m.PredictColumns(d.x));
}

TEST(ModelBinary, ACutFileOrAChangedByteIsCorruptNeverACrash) {
  const std::string bytes = TrainDiamonds(R"({"algorithm":"xgboost","rounds":1,"max_depth":2})", "cut").ToBinary();
  // Cut after every byte: each says the file is cut short, or that a field is wrong.
  for (size_t n = 0; n < bytes.size(); ++n) EXPECT_EQ(ErrorOf(bytes.substr(0, n)).rfind("MODEL_CORRUPT: ", 0), 0u) << n;
  // Every byte changed (in three ways): loads or says what is wrong, and what loads saves to a loadable file.
  for (size_t i = 0; i < bytes.size(); ++i)
    for (int delta : {1, 0x80, 0xff}) {
      std::string changed = bytes;
      changed[i] = static_cast<char>(changed[i] + delta);
      try {
        const Model m = Model::FromBinary(changed);
        EXPECT_NO_THROW(Model::FromBinary(m.ToBinary())) << i;
      } catch (const Error& e) {
        EXPECT_EQ(e.code(), "MODEL_CORRUPT") << i;
      }
    }
  EXPECT_EQ(ErrorOf(bytes + "x"), "MODEL_CORRUPT: This is not a usable BoostLab model: 1 bytes follow its last tree.");
  EXPECT_EQ(ErrorOf("{\"format\":\"boostlab-model\"}"),
            "MODEL_CORRUPT: This is not a usable BoostLab model: it does not start as a compact BoostLab model (.blm) does.");
}

// A tree's record at its byte offset in the file (after the header).
size_t FirstTreeAt(const std::string& bytes) {
  uint32_t header = 0;
  std::memcpy(&header, bytes.data() + 12, 4);
  return 16 + header;
}

TEST(ModelBinary, SizesAreCheckedBeforeAnythingIsAllocated) {
  const std::string bytes = TrainDiamonds(R"({"algorithm":"xgboost","rounds":1,"max_depth":2})").ToBinary();
  const size_t tree = FirstTreeAt(bytes);
  ASSERT_EQ(bytes.substr(tree, 4), "TREE");
  auto with_word = [&](size_t at, uint32_t v) {
    std::string out = bytes;
    std::memcpy(out.data() + at, &v, 4);
    return ErrorOf(out);
  };
  // Two billion nodes, four billion category words: refused by the bytes left, not by an allocation failing.
  EXPECT_NE(with_word(tree + 4, 0x7fffffff).find("tree 0 says it takes 62277025"), std::string::npos);
  EXPECT_NE(with_word(tree + 8, 0xffffffff).find("the file is cut short or corrupt"), std::string::npos);
  EXPECT_NE(with_word(tree + 4, 0x80000000).find("more nodes than a tree can hold"), std::string::npos);
  EXPECT_NE(with_word(tree + 4, 0).find("tree 0 has no nodes"), std::string::npos);
  EXPECT_NE(with_word(tree + 12, 4).find("parts this build does not know"), std::string::npos);
  EXPECT_NE(with_word(12, 0xffffffff).find("its header says it takes 4294967295 bytes"), std::string::npos);
  EXPECT_NE(with_word(8, 2).find("version is 2"), std::string::npos);
  // The first node's left child pointing at itself, then past the end.
  EXPECT_NE(with_word(tree + 16, 0).find("points at a child outside the tree"), std::string::npos);
  EXPECT_NE(with_word(tree + 16, 1000).find("points at a child outside the tree"), std::string::npos);
}

}  // namespace model_binary_test
}  // namespace boostlab
