// The compact model file: every kind of model survives the round trip with
// the same predictions and the same JSON, and a damaged file (cut anywhere,
// any byte changed, sizes that ask for more than the file holds) gets
// MODEL_CORRUPT, never a crash or a huge allocation.
#include <gtest/gtest.h>

#include <cstring>  // for memcpy
#include <string>   // for string
#include <vector>   // for vector

#include "boostlab/errors.h"
#include "boostlab/model.h"
#include "boostlab/table.h"
#include "random_data.h"
#include "test_files.h"
#include "util/crc32.h"

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

// Records each buffer the writer hands over.
class RecordingSink final : public ByteSink {
 public:
  void Write(const void* data, size_t n) override {
    bytes.append(static_cast<const char*>(data), n);
    writes.push_back(n);
  }
  std::string bytes;
  std::vector<size_t> writes;
};

TEST(ModelBinary, WrittenABufferAtATimeItIsTheSameFile) {
  // A forest's deep trees: a file of several buffers.
  const Model m = TrainDiamonds(R"({"algorithm":"random_forest","rounds":4})");
  RecordingSink sink;
  m.WriteBinary(sink);
  EXPECT_EQ(sink.bytes, m.ToBinary());
  EXPECT_EQ(sink.bytes.size(), m.BinarySize());
  EXPECT_GT(sink.writes.size(), 2u) << "the file came in one piece";
  EXPECT_EQ(sink.writes.back(), 4u);  // the checksum, after every byte it covers
  EXPECT_EQ(Model::FromBinary(sink.bytes).ToJson(), m.ToJson());
}

// The file with its checksum made good again, as a hostile file's would be:
// its fields must be checked for themselves.
std::string Resealed(std::string bytes) {
  const uint32_t crc = Crc32Of(bytes.data(), bytes.size() - 4);
  std::memcpy(bytes.data() + bytes.size() - 4, &crc, 4);
  return bytes;
}

TEST(ModelBinary, ACutFileOrAChangedByteIsCorruptNeverACrash) {
  const std::string bytes = TrainDiamonds(R"({"algorithm":"xgboost","rounds":1,"max_depth":2})", "cut").ToBinary();
  // Cut after every byte: each says the file is cut short, or that a field is wrong.
  for (size_t n = 0; n < bytes.size(); ++n) EXPECT_EQ(ErrorOf(bytes.substr(0, n)).rfind("MODEL_CORRUPT: ", 0), 0u) << n;
  EXPECT_EQ(ErrorOf(bytes.substr(0, 14)),
            "MODEL_CORRUPT: This is not a usable BoostLab model: the file ends before its checksum (it is cut short).");
  const std::string damaged =
      "MODEL_CORRUPT: This is not a usable BoostLab model: its bytes do not match the checksum it was saved with";
  for (size_t n = 16; n < bytes.size(); ++n) EXPECT_EQ(ErrorOf(bytes.substr(0, n)).rfind(damaged, 0), 0u) << n;
  // Every byte changed (in three ways) and every bit flipped: none loads. Past the
  // magic, the checksum calls it damaged whatever field the change hit (the version word too).
  for (size_t i = 0; i < bytes.size(); ++i) {
    std::vector<std::string> changes;
    for (int delta : {1, 0x80, 0xff}) changes.push_back(bytes), changes.back()[i] = static_cast<char>(bytes[i] + delta);
    for (int bit = 0; bit < 8; ++bit) changes.push_back(bytes), changes.back()[i] = static_cast<char>(bytes[i] ^ (1 << bit));
    for (const std::string& changed : changes) {
      const std::string error = ErrorOf(changed);
      EXPECT_EQ(error.rfind("MODEL_CORRUPT: ", 0), 0u) << i << ": " << error;
      // (A version word turned into 1, the format without a checksum, reads the checksum as 4 bytes too many.)
      const bool read_as_version_1 = i < 12 && error.find("4 bytes follow its last tree") != std::string::npos;
      if (i >= 8 && !read_as_version_1) EXPECT_EQ(error.rfind(damaged, 0), 0u) << i << ": " << error;
    }
  }
  EXPECT_EQ(ErrorOf(bytes + "x").rfind(damaged, 0), 0u);  // a byte added is a change too
  EXPECT_EQ(ErrorOf(Resealed(bytes + "xyzw")), "MODEL_CORRUPT: This is not a usable BoostLab model: 4 bytes follow its last tree.");
  EXPECT_EQ(ErrorOf("{\"format\":\"boostlab-model\"}"),
            "MODEL_CORRUPT: This is not a usable BoostLab model: it does not start as a compact BoostLab model (.blm) does.");
}

// Version 1 (before the checksum): the same bytes without the last four.
std::string AsVersion1(std::string bytes) {
  const uint32_t one = 1;
  std::memcpy(bytes.data() + 8, &one, 4);
  bytes.resize(bytes.size() - 4);
  return bytes;
}

TEST(ModelBinary, AFileWithoutAChecksumStillLoads) {
  const Model m = TrainDiamonds(R"({"algorithm":"xgboost","rounds":3,"max_depth":3})");
  const std::string bytes = m.ToBinary();
  uint32_t version = 0;
  std::memcpy(&version, bytes.data() + 8, 4);
  EXPECT_EQ(version, 2u);
  const Model back = Model::FromBinary(AsVersion1(bytes));
  EXPECT_EQ(back.ToJson(), m.ToJson());
  EXPECT_EQ(back.ToBinary(), bytes);  // saved again, with its checksum
  // Its fields are checked as before; a version-1 file gives no checksum to blame.
  std::string cut = AsVersion1(bytes);
  cut.pop_back();
  EXPECT_NE(ErrorOf(cut).find("cut short"), std::string::npos);
}

TEST(ModelBinary, TheChecksumIsZlibsCrc32OfTheBytesBeforeIt) {
  const std::string bytes = TrainDiamonds(R"({"algorithm":"gbdt","rounds":2})").ToBinary();
  // zlib.crc32 by its definition (bit by bit), not by the reader's tables.
  uint32_t crc = 0xFFFFFFFFu;
  for (size_t i = 0; i + 4 < bytes.size(); ++i) {
    crc ^= static_cast<unsigned char>(bytes[i]);
    for (int k = 0; k < 8; ++k) crc = (crc & 1) ? (crc >> 1) ^ 0xEDB88320u : crc >> 1;
  }
  uint32_t stored = 0;
  std::memcpy(&stored, bytes.data() + bytes.size() - 4, 4);
  EXPECT_EQ(stored, ~crc);
}

TEST(ModelBinary, ALeafValueChangedInTransferIsCalledDamaged) {
  // The change that used to load silently: a well-formed number in a leaf.
  const Model m = TrainDiamonds(R"({"algorithm":"xgboost","rounds":2,"max_depth":2})");
  std::string bytes = m.ToBinary();
  const size_t tree = 16 + [&] { uint32_t h = 0; std::memcpy(&h, bytes.data() + 12, 4); return h; }();
  uint32_t n = 0;
  std::memcpy(&n, bytes.data() + tree + 4, 4);
  const size_t values = tree + 16 + n * (4 + 4 + 1 + 4);
  float leaf = 0;
  std::memcpy(&leaf, bytes.data() + values + 4 * (n - 1), 4);
  leaf *= 2;
  std::memcpy(bytes.data() + values + 4 * (n - 1), &leaf, 4);
  EXPECT_EQ(ErrorOf(AsVersion1(bytes)), "no error");  // without a checksum nothing can tell
  EXPECT_NE(ErrorOf(bytes).find("do not match the checksum"), std::string::npos);
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
    return ErrorOf(Resealed(out));
  };
  // Two billion nodes, four billion category words: refused by the bytes left, not by an allocation failing.
  EXPECT_NE(with_word(tree + 4, 0x7fffffff).find("tree 0 says it takes 62277025"), std::string::npos);
  EXPECT_NE(with_word(tree + 8, 0xffffffff).find("the file is cut short or corrupt"), std::string::npos);
  EXPECT_NE(with_word(tree + 4, 0x80000000).find("more nodes than a tree can hold"), std::string::npos);
  EXPECT_NE(with_word(tree + 4, 0).find("tree 0 has no nodes"), std::string::npos);
  EXPECT_NE(with_word(tree + 12, 4).find("parts this build does not know"), std::string::npos);
  EXPECT_NE(with_word(12, 0xffffffff).find("its header says it takes 4294967295 bytes"), std::string::npos);
  EXPECT_NE(with_word(8, 3).find("version is 3, this build reads versions 1 to 2 (a newer BoostLab wrote it)"), std::string::npos);
  EXPECT_NE(with_word(8, 0).find("version is 0"), std::string::npos);
  {  // The same word changed without the checksum made good: damage, not a newer file.
    std::string out = bytes;
    out[8] ^= 1;
    EXPECT_NE(ErrorOf(out).find("do not match the checksum it was saved with"), std::string::npos) << ErrorOf(out);
    EXPECT_NE(ErrorOf(out).find("(its format version reads 3)"), std::string::npos);
  }
  // The first node's left child pointing at itself, then past the end.
  EXPECT_NE(with_word(tree + 16, 0).find("points at a child outside the tree"), std::string::npos);
  EXPECT_NE(with_word(tree + 16, 1000).find("points at a child outside the tree"), std::string::npos);
}

}  // namespace model_binary_test
}  // namespace boostlab
