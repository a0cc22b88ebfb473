// Categories in XGBoost's format, both ways: the names XGBoost 3 codes a
// frame by ("cats"), the split that parts missing from present values (an
// empty set, which XGBoost refuses), and names past ASCII, which XGBoost 3.1
// to 3.3 saved cut in the wrong places. (Against XGBoost 3.2 and 1.7.4
// themselves: tests/parity/xgboost_export.test.mjs.)

#include <gtest/gtest.h>

#include <string>  // for string
#include <vector>  // for vector

#include "boostlab/booster.h"
#include "boostlab/errors.h"
#include "boostlab/table.h"
#include "util/json.h"

namespace boostlab {
namespace xgboost_categories_test {

Model Train(const std::string& csv, int depth) {
  DatasetOptions options;
  options.target = "y";
  const Dataset data = Dataset::FromTable(ReadCsv(csv), options);
  Params params;
  params.rounds = 3;
  params.max_depth = depth;
  Booster booster(data, params);
  while (!booster.Done()) booster.TrainOneRound();
  return booster.TakeModel();
}

const json::Value& Cats(const json::Value& doc) {
  return *doc.Find("learner")->Find("gradient_booster")->Find("model")->Find("cats");
}

TEST(XGBoostCategories, TheExportNamesEachFeaturesLevelsForXGBoost3) {
  std::string csv = "c,x,k,y\n";
  for (int i = 0; i < 90; ++i)
    csv += std::string(i % 3 == 0 ? "Torgersen" : i % 3 == 1 ? "Biscoe" : "Dream") + "," + std::to_string(i % 7) + "," +
           "ab"[i % 2] + "," + std::to_string(i % 3 == 1) + "\n";
  const Model m = Train(csv, 2);
  const json::Value doc = json::Parse(m.ToXGBoostJson());
  const json::Value& cats = Cats(doc);
  // One entry a feature; a numeric one has no names.
  const auto& enc = cats.Find("enc")->array;
  ASSERT_EQ(enc.size(), 3u);
  std::string names;
  for (const json::Value& b : enc[0].Find("values")->array) names += static_cast<char>(b.number);
  EXPECT_EQ(names, "BiscoeDreamTorgersen");
  std::vector<double> offsets;
  for (const json::Value& o : enc[0].Find("offsets")->array) offsets.push_back(o.number);
  EXPECT_EQ(offsets, (std::vector<double>{0, 6, 11, 20}));
  EXPECT_TRUE(enc[1].Find("offsets")->array.empty());
  std::vector<double> segments;
  for (const json::Value& s : cats.Find("feature_segments")->array) segments.push_back(s.number);
  EXPECT_EQ(segments, (std::vector<double>{0, 3, 3, 5}));
  EXPECT_EQ(cats.Find("sorted_idx")->array.size(), 5u);
  // Read back, the names come from the container, as XGBoost 3's own files.
  const Model back = Model::FromJson(m.ToXGBoostJson());
  EXPECT_EQ(back.features[0].levels, (std::vector<std::string>{"Biscoe", "Dream", "Torgersen"}));
}

TEST(XGBoostCategories, ASplitOfMissingFromPresentIsWrittenWithANonEmptySet) {
  // A forest on penguins grows such splits (every level left, missing right:
  // an empty set, which XGBoost 1.7 and 3.2 stop on); here the root's set of a
  // trained tree is emptied to make one.
  std::string csv = "c,y\n";
  for (int i = 0; i < 60; ++i) csv += std::string(i % 3 == 0 ? "" : i % 3 == 1 ? "a" : "b") + "," + std::to_string(i % 3 == 0) + "\n";
  std::string ours_text = Train(csv, 1).ToJson();
  const size_t set = ours_text.find('[', ours_text.find("\"categories\":[") + 14);
  ours_text.replace(set, ours_text.find(']', set) - set + 1, "[]");
  const Model m = Model::FromJson(ours_text);
  ASSERT_TRUE(m.trees[0].nodes[0].categorical);
  ASSERT_TRUE(m.trees[0].CategoriesOf(m.trees[0].nodes[0]).empty());
  const json::Value doc = json::Parse(m.ToXGBoostJson());
  for (const json::Value& tree : doc.Find("learner")->Find("gradient_booster")->Find("model")->Find("trees")->array)
    for (const json::Value& size : tree.Find("categories_sizes")->array) EXPECT_GT(size.number, 0);
  // It predicts as before: every level (now the set) goes one way, missing the other.
  const Table table = ReadCsv(csv);
  const std::vector<float> ours = m.PredictTable(table), back = Model::FromJson(m.ToXGBoostJson()).PredictTable(table);
  ASSERT_EQ(ours.size(), back.size());
  for (size_t i = 0; i < ours.size(); ++i) EXPECT_NEAR(back[i], ours[i], 1e-6) << i;
}

TEST(XGBoostCategories, NamesPastAsciiAreReadFromXGBoost34AndRefusedFrom31To33) {
  std::string csv = "c,y\n";
  for (int i = 0; i < 60; ++i) csv += std::string(i % 2 ? "Zürich" : "Basel") + "," + std::to_string(i % 2) + "\n";
  const Model m = Train(csv, 1);
  // Written without the container (XGBoost 3.2.0's pandas reader would match none of these names).
  const std::string text = m.ToXGBoostJson();
  EXPECT_EQ(text.find("\"cats\""), std::string::npos);
  // As XGBoost 3.4 writes the names: bytes as int8, "Zürich" has two past 127.
  std::string cats = R"("cats":{"enc":[{"offsets":[0,5,12],"values":[66,97,115,101,108,90,-61,-68,114,105,99,104]}],)"
                     R"("feature_segments":[0,2],"sorted_idx":[0,1]},)";
  std::string with = text;
  with.insert(with.find("\"gbtree_model_param\""), cats);
  const std::string v34 = std::string(with).replace(with.find("\"version\":[1,7,4]"), 17, "\"version\":[3,4,0]");
  EXPECT_EQ(Model::FromJson(v34).features[0].levels, (std::vector<std::string>{"Basel", "Zürich"}));
  const std::string v32 = std::string(with).replace(with.find("\"version\":[1,7,4]"), 17, "\"version\":[3,2,0]");
  try {
    Model::FromJson(v32);
    ADD_FAILURE() << "XGBoost 3.2's names past ASCII were read as they are";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), "XGBOOST_UNSUPPORTED");
    EXPECT_NE(std::string(e.what()).find("XGBoost 3.4"), std::string::npos) << e.what();
  }
}

}  // namespace xgboost_categories_test
}  // namespace boostlab
