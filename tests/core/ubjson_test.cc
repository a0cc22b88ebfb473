// UBJSON (XGBoost's .ubj): a model written as XGBoost's UBJSON reads back as
// the same model; hand-made bytes check the markers, typed arrays and every
// length against the bytes left. (Against XGBoost 3.2's own files both ways:
// tests/parity/xgboost_export.test.mjs.)

#include <gtest/gtest.h>

#include <stdexcept>  // for invalid_argument
#include <string>     // for string
#include <vector>     // for vector

#include "boostlab/booster.h"
#include "boostlab/errors.h"
#include "boostlab/table.h"
#include "io/xgboost_json.h"
#include "util/json.h"
#include "util/ubjson.h"

namespace boostlab {
namespace ubjson_test {

std::string Bytes(std::initializer_list<int> b) {
  std::string s;
  for (int c : b) s += static_cast<char>(c);
  return s;
}

std::string ParseError(const std::string& bytes) {
  try {
    ubjson::Parse(bytes);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "parsed";
}

TEST(Ubjson, MarkersTypedArraysAndObjects) {
  // {"a": [$d#i 2: 1.5f, -2f], "b": "x", "c": [# i 3: T, Z, i -5], "d": 300 (I), "e": H "1e3"}
  const std::string doc = Bytes({'{', 'i', 1, 'a', '[', '$', 'd', '#', 'i', 2, 0x3f, 0xc0, 0, 0, 0xc0, 0, 0, 0,
                                 'i', 1, 'b', 'S', 'i', 1, 'x',
                                 'i', 1, 'c', '[', '#', 'i', 3, 'T', 'Z', 'i', 0xfb,
                                 'i', 1, 'd', 'I', 0x01, 0x2c,
                                 'i', 1, 'e', 'H', 'U', 3, '1', 'e', '3', '}'});
  ASSERT_TRUE(ubjson::Looks(doc));
  const json::Value v = ubjson::Parse(doc);
  ASSERT_EQ(v.Find("a")->array.size(), 2u);
  EXPECT_EQ(v.Find("a")->array[0].number, 1.5);
  EXPECT_EQ(v.Find("a")->array[1].number, -2.0);
  EXPECT_EQ(v.Find("b")->string, "x");
  EXPECT_TRUE(v.Find("c")->array[0].boolean);
  EXPECT_EQ(v.Find("c")->array[1].kind, json::Value::Kind::kNull);
  EXPECT_EQ(v.Find("c")->array[2].number, -5);
  EXPECT_EQ(v.Find("d")->number, 300);
  EXPECT_EQ(v.Find("e")->number, 1000);
  EXPECT_FALSE(ubjson::Looks("{\"a\":1}"));
}

TEST(Ubjson, EveryLengthIsCheckedAgainstTheBytesLeft) {
  // A typed array of 2^40 float32 from 4 bytes; a string of 1000 bytes from 1; a count of -1.
  EXPECT_NE(ParseError(Bytes({'[', '$', 'd', '#', 'L', 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0})).find("more than the bytes left hold"), std::string::npos);
  EXPECT_NE(ParseError(Bytes({'S', 'I', 0x03, 0xe8, 'x'})).find("more than the bytes left hold"), std::string::npos);
  EXPECT_NE(ParseError(Bytes({'[', '#', 'i', 0xff})).find("of -1 is below 0"), std::string::npos);
  // int64's largest as a count: said as the double it reads as (the fuzzer's find: it was cast back to int64, UB).
  EXPECT_NE(ParseError(Bytes({'S', 'L', 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})).find("of 9223372036854775808 is more"), std::string::npos);
  // Values without bytes cannot be typed (a count could ask for any number of them).
  EXPECT_NE(ParseError(Bytes({'[', '$', 'Z', '#', 'L', 0x7f, 0, 0, 0, 0, 0, 0, 0})).find("without bytes"), std::string::npos);
  EXPECT_NE(ParseError(Bytes({'{', 'i', 1, 'a', 'i', 1})).find("never closed"), std::string::npos);
  EXPECT_NE(ParseError(Bytes({'{', 'i', 1, 'a', 'i', 1, 'i', 1, 'a', 'i', 2, '}'})).find("appears twice"), std::string::npos);
  EXPECT_NE(ParseError(Bytes({'i', 1, 'i', 2})).find("bytes after the document"), std::string::npos);
  EXPECT_NE(ParseError(std::string(100, '[')).find("nesting too deep"), std::string::npos);
  EXPECT_NE(ParseError(Bytes({'q'})).find("unknown marker"), std::string::npos);
}

TEST(Ubjson, AModelWrittenAsXGBoostsUbjReadsBackAsTheSameModel) {
  std::string csv = "x,c,y\n";
  for (int i = 0; i < 80; ++i) csv += std::to_string(i % 17) + "," + "uvw"[i % 3] + "," + std::to_string((i * 7) % 3) + "\n";
  DatasetOptions options;
  options.target = "y";
  const Table table = ReadCsv(csv);
  const Dataset data = Dataset::FromTable(table, options);
  Params params;
  params.rounds = 4;
  params.max_depth = 3;
  Booster booster(data, params);
  while (!booster.Done()) booster.TrainOneRound();
  const Model m = booster.TakeModel();
  const std::string ubj = m.ToXGBoostUbj();
  ASSERT_TRUE(ubjson::Looks(ubj));
  const Model from_ubj = Model::FromJson(ubj), from_json = Model::FromJson(m.ToXGBoostJson());
  EXPECT_EQ(from_ubj.ToJson(), from_json.ToJson());
  // XGBoost's form of the model (its base score, softmax) predicts ours to float rounding.
  const std::vector<float> theirs = from_ubj.PredictTable(table), ours = m.PredictTable(table);
  ASSERT_EQ(theirs.size(), ours.size());
  for (size_t i = 0; i < ours.size(); ++i) EXPECT_NEAR(theirs[i], ours[i], 1e-6) << i;
  // Cut anywhere, it is refused with a reason, never read past its end.
  for (size_t cut : {ubj.size() - 1, ubj.size() / 2, size_t{3}}) {
    try {
      Model::FromJson(std::string_view(ubj).substr(0, cut));
      ADD_FAILURE() << "a file cut at " << cut << " loaded";
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), "MODEL_CORRUPT") << e.what();
    }
  }
}

// Records each piece a writer hands over.
class Pieces final : public ByteSink {
 public:
  void Write(const void* data, size_t n) override {
    bytes.append(static_cast<const char*>(data), n);
    ++count;
  }
  std::string bytes;
  size_t count = 0;
};

TEST(Ubjson, XGBoostsFilesWrittenATreeAtATimeAreTheWholeDocumentsBytes) {
  // A multiclass forest of deep trees (a tree per class in XGBoost's form): files of several pieces.
  std::string csv = "x,z,c,y\n";
  for (int i = 0; i < 4000; ++i)
    csv += std::to_string((i * 37) % 101) + "," + std::to_string((i * 13) % 59) + "," + "uvw"[i % 3] + "," + std::to_string((i * 7) % 4) + "\n";
  DatasetOptions options;
  options.target = "y";
  const Table table = ReadCsv(csv);
  Params params = ParseParams(R"({"algorithm":"random_forest","rounds":6,"max_depth":0})");
  const Dataset data = Dataset::FromTable(table, options);  // the booster keeps a reference to it
  Booster booster(data, params);
  while (!booster.Done()) booster.TrainOneRound();
  const Model m = booster.TakeModel();
  Pieces json, ubj;
  m.WriteXGBoostJson(json);
  m.WriteXGBoostUbj(ubj);
  EXPECT_GT(json.count, 3u);
  EXPECT_GT(ubj.count, 3u);
  EXPECT_EQ(json.bytes, m.ToXGBoostJson());
  // The UBJSON as the whole document, parsed and written at once, gives it.
  EXPECT_TRUE(ubj.bytes == ubjson::Write(json::Parse(json.bytes, true), XGBoostUbjArrayType)) << "the pieces differ from the document";
  EXPECT_EQ(Model::FromJson(ubj.bytes).ToJson(), Model::FromJson(json.bytes).ToJson());
}

}  // namespace ubjson_test
}  // namespace boostlab
