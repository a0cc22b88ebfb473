// Hostile and corrupt model files: each case here was accepted by the loader
// (or read outside memory, or converted a double to int with undefined
// behaviour) before the checks in io/model_json.cc.

#include <gtest/gtest.h>

#include <cmath>    // for NAN
#include <cstdint>  // for INT64_MAX, INT64_MIN
#include <fstream>  // for ifstream
#include <sstream>  // for stringstream
#include <string>   // for string

#include "boostlab/errors.h"
#include "boostlab/model.h"
#include "boostlab/params.h"
#include "boostlab/table.h"
#include "test_files.h"
#include "util/json.h"

namespace boostlab {
namespace model_loader_test {

std::string ReadInput(const std::string& name) { return test::ReadTestFile("core/regression/inputs/" + name); }

// "MODEL_CORRUPT: <message>", or "loaded" when the file was accepted.
std::string LoadError(const std::string& json) {
  try {
    Model::FromJson(json);
  } catch (const Error& e) {
    return e.code() + ": " + e.what();
  }
  return "loaded";
}

// A small valid regression model on a numeric feature `a` and a categorical
// `c` (levels u, v, w): the root splits a < 1.5, its right child sends c in
// {u, w} right. Each field can be replaced to make it corrupt.
struct ModelText {
  std::string head = R"("format":"boostlab-model","version":1,"objective":"reg:squarederror","num_outputs":1,)"
                     R"("best_iteration":-1,"base_margin":[0.5],"target":"y","classes":[])";
  std::string features = R"([{"name":"a","type":"numeric"},{"name":"c","type":"categorical","levels":["u","v","w"]}])";
  std::string left = "[1,-1,3,-1,-1]", right = "[2,-1,4,-1,-1]", feature = "[0,-1,1,-1,-1]";
  std::string threshold = "[1.5,0,0,0,0]", default_left = "[1,0,0,0,0]", value = "[0,0.25,0,-1,2]";
  std::string gain = "[1,0,1,0,0]", cover = "[5,2,3,1,2]", categories = "[null,null,[0,2],null,null]";
  std::string params = "";

  std::string Json() const {
    return "{" + head + (params.empty() ? "" : ",\"params\":" + params) + ",\"features\":" + features +
           ",\"trees\":[{\"left\":" + left + ",\"right\":" + right + ",\"feature\":" + feature + ",\"threshold\":" +
           threshold + ",\"default_left\":" + default_left + ",\"value\":" + value + ",\"gain\":" + gain +
           ",\"cover\":" + cover + ",\"categories\":" + categories + "}]}";
  }
};

TEST(ModelLoaderRegression, TheValidBaseModelLoadsAndPredicts) {
  const Model m = Model::FromJson(ModelText().Json());
  FeatureColumns x(std::vector<std::vector<float>>{{1, 2, 2, NAN}, {0, 1, 2, 0}});
  std::vector<float> out(4);
  m.Predict(x, out);
  EXPECT_EQ(out, (std::vector<float>{0.75f, -0.5f, 2.5f, 0.75f}));  // 0.5 + leaf
}

// The reported fault: left + 1 wrapped to INT_MIN and passed the check.
TEST(ModelLoaderRegression, ChildIndexNearIntMaxIsOutsideTheTree) {
  const std::string error = LoadError(ReadInput("model_left_intmax_oob.json"));
  EXPECT_NE(error.find("MODEL_CORRUPT"), std::string::npos) << error;
  EXPECT_NE(error.find("tree 0's 'right'[0] is -2147483648, not a whole number from -1 to 2147483647"), std::string::npos) << error;
  ModelText left_only;  // right is what a true right child would be: left + 1, computed in 64 bits
  left_only.left = "[2147483647,-1,3,-1,-1]";
  left_only.right = "[2147483648,-1,4,-1,-1]";
  EXPECT_NE(LoadError(left_only.Json()).find("'right'[0] is 2147483648"), std::string::npos) << LoadError(left_only.Json());
  left_only.right = "[2,-1,4,-1,-1]";
  EXPECT_NE(LoadError(left_only.Json()).find("tree 0 node 0 points at a child outside the tree (2147483647"), std::string::npos)
      << LoadError(left_only.Json());
}

TEST(ModelLoaderRegression, IntegersAreRangeCheckedBeforeConversion) {
  struct Case {
    std::string ModelText::*field;
    std::string text, expected;
  };
  const Case cases[] = {
      {&ModelText::left, "[1e20,-1,3,-1,-1]", "tree 0's 'left'[0] is 1e+20, not a whole number from -1 to 2147483647"},
      {&ModelText::left, "[-3000000000,-1,3,-1,-1]", "'left'[0] is -3000000000, not a whole number"},
      {&ModelText::right, "[2,-1,4.5,-1,-1]", "tree 0's 'right'[2] is 4.5, not a whole number"},
      {&ModelText::feature, "[0.5,-1,1,-1,-1]", "tree 0's 'feature'[0] is 0.5, not a whole number"},
      {&ModelText::feature, "[1e300,-1,1,-1,-1]", "tree 0's 'feature'[0] is 1e+300, not a whole number"},
      {&ModelText::default_left, "[2,0,0,0,0]", "tree 0's 'default_left'[0] is 2, not a whole number from 0 to 1"},
      {&ModelText::categories, "[null,null,[0,1e10],null,null]", "tree 0 node 2's category 1 (of 3 levels) is 10000000000"},
      {&ModelText::categories, "[null,null,[-1,2],null,null]", "tree 0 node 2's category 0 (of 3 levels) is -1"},
      {&ModelText::categories, "[null,null,[0,3],null,null]", "category 1 (of 3 levels) is 3, not a whole number from 0 to 2"},
  };
  for (const Case& c : cases) {
    ModelText m;
    m.*c.field = c.text;
    const std::string error = LoadError(m.Json());
    EXPECT_NE(error.find(c.expected), std::string::npos) << c.text << " -> " << error;
  }
  ModelText version;
  version.head.replace(version.head.find("\"version\":1"), 11, "\"version\":1e30");
  EXPECT_NE(LoadError(version.Json()).find("its version is 1e+30"), std::string::npos) << LoadError(version.Json());
  ModelText outputs;
  outputs.head.replace(outputs.head.find("\"num_outputs\":1"), 15, "\"num_outputs\":1.5");
  EXPECT_NE(LoadError(outputs.Json()).find("num_outputs is 1.5, not a whole number"), std::string::npos) << LoadError(outputs.Json());
  ModelText best;
  best.head.replace(best.head.find("\"best_iteration\":-1"), 19, "\"best_iteration\":1e20");
  EXPECT_NE(LoadError(best.Json()).find("best_iteration is 1e+20"), std::string::npos) << LoadError(best.Json());
  best.head.replace(best.head.find("1e20"), 4, "3");  // one round of trees: the best can only be round 0
  EXPECT_NE(LoadError(best.Json()).find("best_iteration is 3, but it has 1 rounds"), std::string::npos) << LoadError(best.Json());
}

TEST(ModelLoaderRegression, ALoadedTreeMustBeATree) {
  ModelText unreached;  // nodes 3 and 4 hang from nothing
  unreached.left = "[1,-1,-1,-1,-1]";
  unreached.right = "[2,-1,-1,-1,-1]";
  EXPECT_NE(LoadError(unreached.Json()).find("tree 0 node 3 is not reached from the root"), std::string::npos)
      << LoadError(unreached.Json());
  ModelText shared;  // node 2 is the child of the root and of node 1
  shared.left = "[1,2,-1,-1,-1]";
  shared.right = "[2,3,-1,-1,-1]";
  EXPECT_NE(LoadError(shared.Json()).find("tree 0 node 2 is the child of more than one node"), std::string::npos)
      << LoadError(shared.Json());
  ModelText backwards;  // a child before its parent would let a walk loop
  backwards.left = "[1,-1,0,-1,-1]";
  backwards.right = "[2,-1,1,-1,-1]";
  EXPECT_NE(LoadError(backwards.Json()).find("tree 0 node 2 points at a child outside the tree (0"), std::string::npos)
      << LoadError(backwards.Json());
  ModelText lone_right;
  lone_right.right = "[2,5,4,-1,-1]";
  EXPECT_NE(LoadError(lone_right.Json()).find("node 1 has a right child (5) but no left child"), std::string::npos)
      << LoadError(lone_right.Json());
}

TEST(ModelLoaderRegression, ASplitMatchesItsFeaturesType) {
  ModelText set_on_numeric;
  set_on_numeric.categories = "[[0],null,[0,2],null,null]";
  EXPECT_NE(LoadError(set_on_numeric.Json()).find("node 0 splits on numeric feature 'a' by a set of categories"),
            std::string::npos) << LoadError(set_on_numeric.Json());
  ModelText threshold_on_categorical;
  threshold_on_categorical.categories = "[null,null,null,null,null]";
  EXPECT_NE(LoadError(threshold_on_categorical.Json()).find("node 2 splits on categorical feature 'c' by a threshold"),
            std::string::npos) << LoadError(threshold_on_categorical.Json());
}

TEST(ModelLoaderRegression, FloatsMustBeFiniteAsFloats) {
  ModelText far;  // 1e39 is finite as a double, infinite as a float
  far.threshold = "[1e39,0,0,0,0]";
  EXPECT_NE(LoadError(far.Json()).find("'threshold'[0] is 1e+39, not a finite number"), std::string::npos) << LoadError(far.Json());
  ModelText gain;
  gain.gain = "[1e39,0,1,0,0]";
  EXPECT_NE(LoadError(gain.Json()).find("'gain'[0] is 1e+39"), std::string::npos) << LoadError(gain.Json());
  ModelText margin;
  margin.head.replace(margin.head.find("[0.5]"), 5, "[-1e39]");
  EXPECT_NE(LoadError(margin.Json()).find("a base_margin value is -1e+39, not a finite number"), std::string::npos)
      << LoadError(margin.Json());
}

TEST(ModelLoaderRegression, OutputsMustFitTheClasses) {
  ModelText binary_without_classes;
  binary_without_classes.head.replace(binary_without_classes.head.find("reg:squarederror"), 16, "binary:logistic");
  EXPECT_NE(LoadError(binary_without_classes.Json()).find("objective binary:logistic with num_outputs 1 does not fit its 0 classes"),
            std::string::npos) << LoadError(binary_without_classes.Json());
  ModelText regression_with_classes;
  regression_with_classes.head.replace(regression_with_classes.head.find("\"classes\":[]"), 12, "\"classes\":[\"a\",\"b\",\"c\"]");
  EXPECT_NE(LoadError(regression_with_classes.Json()).find("does not fit its 3 classes"), std::string::npos)
      << LoadError(regression_with_classes.Json());
  // A name no objective has is said as such, not as outputs that do not fit (a binary model's objective
  // edited to 'reg:nope' was "reg:nope with num_outputs 1 does not fit its 2 classes").
  ModelText unknown = regression_with_classes;
  unknown.head.replace(unknown.head.find(R"("classes":["a","b","c"])"), 23, R"("classes":["a","b"])");
  unknown.head.replace(unknown.head.find("reg:squarederror"), 16, "reg:nope");
  EXPECT_NE(LoadError(unknown.Json()).find("its objective 'reg:nope' is unknown"), std::string::npos) << LoadError(unknown.Json());
}

TEST(ModelLoaderRegression, NonScalarParamsAreNamed) {
  ModelText m;
  m.params = R"({"eta":0.3,"max_depth":[6]})";
  EXPECT_NE(LoadError(m.Json()).find("its params are invalid: Parameter 'max_depth' must be a number."), std::string::npos)
      << LoadError(m.Json());
  EXPECT_EQ(LoadError(m.Json()).find(".."), std::string::npos) << LoadError(m.Json());
  m.params = R"({"eta":0.3,"max_depth":{"a":6}})";
  EXPECT_NE(LoadError(m.Json()).find("its parameter 'max_depth' is an object"), std::string::npos) << LoadError(m.Json());
  m.params = R"({"eta":0.3,"base_score":null})";  // unset (NaN) is written as null
  EXPECT_EQ(LoadError(m.Json()), "loaded");
}

// predictMatrix hands Predict any float: 1e10 on a categorical split was
// converted to int32 (undefined behaviour; UBSan stops on it).
TEST(ModelLoaderRegression, CategoricalValuesPastIntRangeGoLeft) {
  const Model m = Model::FromJson(ModelText().Json());
  FeatureColumns x(std::vector<std::vector<float>>{{2, 2, 2, 2}, {1e10f, -1e30f, 2.0f, 2.5f}});
  std::vector<float> out(4);
  m.Predict(x, out);
  EXPECT_EQ(out, (std::vector<float>{-0.5f, -0.5f, 2.5f, 2.5f}));  // 2.5 truncates to category 2, as XGBoost
}

// Predict wrote n x K values into whatever span it was given.
TEST(ModelLoaderRegression, PredictChecksItsOutputSize) {
  ModelText text;
  text.head = R"("format":"boostlab-model","version":1,"objective":"multi:softprob","num_outputs":3,)"
              R"("best_iteration":-1,"base_margin":[0,0,0],"target":"y","classes":["p","q","r"])";
  std::string json = text.Json();
  const std::string tree = json.substr(json.find("[{\"left\"") + 1, json.rfind("}]") - json.find("[{\"left\""));
  json.replace(json.find("[{\"left\""), std::string::npos, "[" + tree + "," + tree + "," + tree + "]}");
  const Model m = Model::FromJson(json);
  FeatureColumns x(std::vector<std::vector<float>>{{1, 2}, {0, 2}});
  std::vector<float> small(2), enough(6);
  try {
    m.Predict(x, small);
    FAIL() << "a span of n values took n x 3";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), "BAD_ARGUMENT");
    EXPECT_NE(std::string(e.what()).find("writes 3 values for each of 2 rows; its output holds 2"), std::string::npos) << e.what();
  }
  m.Predict(x, enough);
  EXPECT_EQ(m.PredictColumns(x).size(), 6u);
}

// Found by params_fuzzer: a forest's automatic colsample_bynode (NaN) is
// saved as null, and null kept the generic default (1) on loading, not the
// forest's: the reloaded model said it drew every feature at each split.
TEST(ModelLoaderRegression, NullParamsTakeTheAlgorithmsDefault) {
  const Params p = ParseParams(R"({"algorithm":"random_forest","colsample_bynode":null})");
  EXPECT_TRUE(std::isnan(p.colsample_bynode));
  EXPECT_EQ(ParamsToJson(ParseParams(ParamsToJson(p))), ParamsToJson(p));
}

}  // namespace model_loader_test
}  // namespace boostlab

namespace boostlab {
namespace model_loader_test {

// The model fuzzer's find (compact file): a tree with no category words made
// the reader memcpy zero bytes to an empty vector's null data(), undefined
// behaviour UBSan stops on. The file must load or be refused, nothing else.
TEST(ModelLoaderRegression, CompactFileWithAnEmptyColumnLoadsOrIsRefused) {
  const std::string bytes = ReadInput("model-blm-empty-column.blm");
  ASSERT_TRUE(Model::IsBinary(bytes));
  try {
    const Model m = Model::FromBinary(bytes);
    EXPECT_EQ(Model::FromBinary(m.ToBinary()).ToJson(), m.ToJson());
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), "MODEL_CORRUPT");
  }
}

}  // namespace model_loader_test
}  // namespace boostlab

namespace boostlab {
namespace model_loader_test {

// A one-leaf XGBoost regression file; `learner` is spliced into its learner
// object (feature names, num_feature), `num_feature` is learner_model_param's.
std::string XGBoostFile(const std::string& num_feature, const std::string& learner = "") {
  return R"({"learner":{)" + learner + R"("attributes":{},"gradient_booster":{"model":{"gbtree_model_param":)"
         R"({"num_parallel_tree":"1","num_trees":"1"},"tree_info":[0],"trees":[{"base_weights":[0.5],)"
         R"("default_left":[0],"id":0,"left_children":[-1],"loss_changes":[0],"parents":[2147483647],)"
         R"("right_children":[-1],"split_conditions":[0.25],"split_indices":[0],"split_type":[0],"sum_hessian":[1],)"
         R"("tree_param":{"num_deleted":"0","num_feature":")" + num_feature + R"(","num_nodes":"1","size_leaf_vector":"1"}}]},)"
         R"("name":"gbtree"},"learner_model_param":{"base_score":"5E-1","num_class":"0","num_feature":")" + num_feature +
         R"(","num_target":"1"},"objective":{"name":"reg:squarederror"}},"version":[3,2,0]})";
}

// A 517-byte XGBoost file asked for 16,777,216 unnamed features: the importer
// built them all (2.8 GB) and refused only the text it made from them ("The
// model file is 597 MB"). What a file asks for is bounded by what it holds.
TEST(ModelLoaderRegression, UnnamedFeaturesAreBoundedByTheFilesSize) {
  const std::string huge = XGBoostFile("16777216");
  ASSERT_LT(huge.size(), 1000u);
  EXPECT_EQ(LoadError(huge), "MODEL_CORRUPT: This is not a usable XGBoost model file: its num_feature is 16777216 with no feature "
                             "names, more than a file of " + std::to_string(huge.size()) + " bytes can describe (at most 65536).");
  EXPECT_EQ(LoadError(XGBoostFile("1000000")).substr(0, 40), "MODEL_CORRUPT: This is not a usable XGBo");
  EXPECT_EQ(Model::FromJson(XGBoostFile("65536")).features.size(), 65536u);
  // Named, the names are in the file: as many as it holds.
  EXPECT_EQ(Model::FromJson(XGBoostFile("2", R"("feature_names":["a","b"],)")).features[1].name, "b");
}

// Two features of one name (a model file's or XGBoost's), and a key given
// twice in any JSON read here, were taken silently: which one counts differs
// from reader to reader.
TEST(ModelLoaderRegression, RepeatedNamesAndKeysAreRefused) {
  EXPECT_EQ(LoadError(XGBoostFile("2", R"("feature_names":["a","a"],)")),
            "MODEL_CORRUPT: This is not a usable BoostLab model: two of its features are named 'a'.");
  ModelText text;
  text.features = R"([{"name":"c","type":"numeric"},{"name":"c","type":"categorical","levels":["u","v","w"]}])";
  EXPECT_EQ(LoadError(text.Json()), "MODEL_CORRUPT: This is not a usable BoostLab model: two of its features are named 'c'.");
  const std::string twice = R"({"objective":"reg:squarederror",)" + ModelText().Json().substr(1);
  EXPECT_EQ(LoadError(twice).substr(0, 98),
            "MODEL_CORRUPT: The model file is not valid JSON (JSON: the key \"objective\" appears twice in the ob");
  EXPECT_THROW(ParseParams(R"({"eta":0.1,"eta":0.3})"), Error);
}

// The same bytes loaded from a file (a decoder drops the byte order mark) and
// were refused as text that starts with one.
TEST(ModelLoaderRegression, AByteOrderMarkIsSkipped) {
  EXPECT_EQ(LoadError("\xEF\xBB\xBF" + ModelText().Json()), "loaded");
  EXPECT_EQ(LoadError("\xEF\xBB\xBF" + XGBoostFile("3")), "loaded");
}

// categories_segments is read with a bound of INT64_MAX: 2^63 passed the
// check (INT64_MAX rounds up to it as a double) and was cast, undefined behaviour.
TEST(ModelLoaderRegression, TwoToTheSixtyThirdIsNotAnInt64) {
  json::Value v = json::Number(9223372036854775808.0);
  EXPECT_FALSE(json::ToWholeNumber(v, 0, INT64_MAX).has_value());
  v.number = -9223372036854775808.0;
  EXPECT_EQ(json::ToWholeNumber(v, INT64_MIN, 0), INT64_MIN);
  v.number = 9223372036854774784.0;  // the largest double below 2^63
  EXPECT_EQ(json::ToWholeNumber(v, 0, INT64_MAX), int64_t{9223372036854774784});
}

}  // namespace model_loader_test
}  // namespace boostlab
