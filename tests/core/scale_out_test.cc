// The scale-out scripts: options checked, the model's settings under
// XGBoost's names, what the user named kept inside SPEC's literal (a quote
// or a line end in a column name must not end a Python string), and models
// XGBoost cannot continue refused with why. Running the scripts for real is
// tests/parity (Dask) and tests/interop (Spark).
#include <gtest/gtest.h>

#include <functional>  // for function
#include <string>  // for string

#include "boostlab/booster.h"
#include "boostlab/errors.h"
#include "boostlab/model.h"
#include "boostlab/scale_out.h"
#include "random_data.h"

namespace boostlab {
namespace scale_out_test {

Model Train(Params p, int classes = 0) {
  Dataset d = classes ? test::RandomData(300, 3).Classes(classes).Seed(4).Make() : test::RandomData(300, 3).Seed(4).Make();
  p.rounds = 3;
  p.max_depth = 2;
  return test::Train(d, p);
}

std::string Code(const std::function<void()>& fn) {
  try {
    fn();
  } catch (const Error& e) {
    return e.code() + ": " + e.what();
  }
  return "no error";
}

TEST(ScaleOut, OptionsAreChecked) {
  EXPECT_EQ(ParseScaleOutOptions(R"({"engine":"spark","rounds":5,"delimiter":";","validRows":"v.txt"})").rounds, 5);
  EXPECT_EQ(ParseScaleOutOptions(R"({"engine":"dask"})").delimiter, ',');
  EXPECT_NE(Code([] { ParseScaleOutOptions("{}"); }).find("'engine' must be 'dask' or 'spark'"), std::string::npos);
  EXPECT_NE(Code([] { ParseScaleOutOptions(R"({"engine":"ray"})"); }).find("BAD_OPTION"), std::string::npos);
  EXPECT_NE(Code([] { ParseScaleOutOptions(R"({"engine":"dask","rounds":0})"); }).find("'rounds'"), std::string::npos);
  EXPECT_NE(Code([] { ParseScaleOutOptions(R"({"engine":"dask","delimiter":";;"})"); }).find("'delimiter'"), std::string::npos);
  EXPECT_NE(Code([] { ParseScaleOutOptions(R"({"engine":"dask","encoding":"latin-1"})"); }).find("'encoding'"), std::string::npos);
  EXPECT_NE(Code([] { ParseScaleOutOptions(R"({"engine":"dask","csvv":"x"})"); }).find("Unknown scale-out option 'csvv'"),
            std::string::npos);
}

// The cells the table was told mean missing go to the script's list of markers, trimmed as the reader matched them.
TEST(ScaleOut, TheTablesOwnMissingMarkersGoToTheScript) {
  const ScaleOutOptions o = ParseScaleOutOptions(R"({"engine":"dask","missingValues":[" n.a. ","-999"]})");
  ASSERT_EQ(o.missing_values.size(), 2u);
  const std::string script = ScaleOutScript(Train(Params{}), o);
  EXPECT_NE(script.find(R"("?", "n.a.", "-999"])"), std::string::npos);
  EXPECT_NE(Code([] { ParseScaleOutOptions(R"({"engine":"dask","missingValues":[2]})"); }).find("'missingValues'"), std::string::npos);
}

// Class weights go to SPEC as one factor per class in the model's order (1 for a class not named),
// a base margin as its column; what does not fit the model is refused naming it.
TEST(ScaleOut, ClassWeightsAndBaseMarginGoToTheSpec) {
  const Model three = Train(Params{}, 3);
  ASSERT_EQ(three.classes.size(), 3u);
  const std::string named = "{\"engine\":\"dask\",\"classWeights\":{\"" + three.classes[2] + "\":2.5,\"" + three.classes[0] + "\":0.5}}";
  EXPECT_NE(ScaleOutScript(three, ParseScaleOutOptions(named)).find(R"("class_weights": [0.5, 1, 2.5])"), std::string::npos);
  EXPECT_NE(ScaleOutScript(three, ParseScaleOutOptions(R"({"engine":"dask"})")).find(R"("class_weights": [])"), std::string::npos);
  const std::string guess = Code([&] {
    ScaleOutScript(three, ParseScaleOutOptions("{\"engine\":\"dask\",\"classWeights\":{\"" + three.classes[1] + "x\":2}}"));
  });
  EXPECT_NE(guess.find("not a class of the model (did you mean '" + three.classes[1] + "'?)"), std::string::npos) << guess;
  EXPECT_NE(Code([] { ParseScaleOutOptions(R"({"engine":"dask","classWeights":{"a":-1}})"); }).find("finite number >= 0"), std::string::npos);
  EXPECT_NE(Code([] { ParseScaleOutOptions(R"({"engine":"dask","classWeights":"balanced"})"); }).find("dataset.classWeights"), std::string::npos);
  const Model numbers = Train(Params{});
  EXPECT_NE(Code([&] { ScaleOutScript(numbers, ParseScaleOutOptions(R"({"engine":"spark","classWeights":{"a":2}})")); }).find("predicts numbers"),
            std::string::npos);
  EXPECT_NE(ScaleOutScript(numbers, ParseScaleOutOptions(R"({"engine":"spark","baseMargin":"log years"})")).find(R"("base_margin": "log years")"),
            std::string::npos);
  EXPECT_NE(Code([&] { ScaleOutScript(three, ParseScaleOutOptions(R"({"engine":"dask","baseMargin":"m"})")); }).find("3 outputs"), std::string::npos);
}

// Quantiles came in XGBoost 2.0: the Dask script asks for it, and its metric gets the alphas (XGBoost 3.2's
// quantile metric reads them from the parameters set, and failed on the continued model without them).
TEST(ScaleOut, QuantilesNeedXGBoost2AndTheirAlphas) {
  Params p;
  p.objective = "reg:quantileerror";
  p.quantile_alpha = {0.1, 0.9};
  const std::string script = ScaleOutScript(Train(p), ParseScaleOutOptions(R"({"engine":"dask"})"));
  EXPECT_NE(script.find("pip install 'xgboost>=2' 'dask[dataframe]'"), std::string::npos);
  EXPECT_NE(script.find(R"("quantile_alpha": [0.1)"), std::string::npos);
  EXPECT_NE(script.find(R"([(k, SPEC["params"][k]) for k in ("quantile_alpha",) if k in SPEC["params"]])"), std::string::npos);
  EXPECT_NE(ScaleOutScript(Train(Params{}), ParseScaleOutOptions(R"({"engine":"dask"})")).find("pip install 'xgboost>=1.7'"), std::string::npos);
}

TEST(ScaleOut, SettingsGoUnderXGBoostNames) {
  Params p;
  p.eta = 0.125;
  p.lambda = 2.5;
  p.max_bin = 64;
  const Model m = Train(p);
  const std::string dask = ScaleOutScript(m, ParseScaleOutOptions(R"({"engine":"dask","rounds":7})"));
  EXPECT_NE(dask.find(R"("params": {"tree_method": "hist", "objective": "reg:squarederror", "eta": 0.125)"), std::string::npos) << dask;
  EXPECT_NE(dask.find(R"("lambda": 2.5)"), std::string::npos);
  EXPECT_NE(dask.find(R"("max_bin": 64)"), std::string::npos);
  EXPECT_NE(dask.find(R"("eval_metric": ["rmse"])"), std::string::npos);
  EXPECT_NE(dask.find(R"("rounds": 7)"), std::string::npos);
  EXPECT_NE(dask.find("xgboost.dask"), std::string::npos);
  const std::string spark = ScaleOutScript(m, ParseScaleOutOptions(R"({"engine":"spark"})"));
  // The estimators' names, and approx (hist would predict the loaded trees on bin cuts).
  EXPECT_NE(spark.find(R"("spark_params": {"tree_method": "approx", "learning_rate": 0.125)"), std::string::npos) << spark;
  EXPECT_NE(spark.find(R"("reg_lambda": 2.5)"), std::string::npos);
  EXPECT_NE(spark.find("SparkXGBRegressor"), std::string::npos);

  // Constraints by name go by position, the script's columns being the model's features in order.
  Params constrained;
  constrained.monotone_constraints = R"({"f2": -1, "f0": 1})";
  constrained.interaction_constraints = R"([["f0","f2"],[1]])";
  const Model cm = Train(constrained);
  for (const char* engine : {R"({"engine":"dask"})", R"({"engine":"spark"})"}) {
    const std::string script = ScaleOutScript(cm, ParseScaleOutOptions(engine));
    EXPECT_NE(script.find(R"x("monotone_constraints": "(1,0,-1)")x"), std::string::npos) << script;
    EXPECT_NE(script.find(R"("interaction_constraints": "[[0,2],[1]]")"), std::string::npos) << script;
  }

  Params forest;
  forest.algorithm = "random_forest";
  const std::string f = ScaleOutScript(Train(forest), ParseScaleOutOptions(R"({"engine":"dask"})"));
  EXPECT_EQ(f.find(R"("eta":)"), std::string::npos) << "a forest's eta 1 and deep trees do not boost: XGBoost's defaults";
  EXPECT_NE(f.find("random forest"), std::string::npos);

  const Model three = Train(Params{}, 3);
  const std::string multi = ScaleOutScript(three, ParseScaleOutOptions(R"({"engine":"dask"})"));
  EXPECT_NE(multi.find(R"("objective": "multi:softprob", "num_class": 3)"), std::string::npos) << multi;
  EXPECT_EQ(multi.find("Newton steps"), std::string::npos);
  EXPECT_EQ(multi.find("LightGBM"), std::string::npos);

  // Step conventions XGBoost has no setting for are named in the script's note.
  Params lgb;
  lgb.softmax_hessian = "lightgbm";
  const std::string lgb3 = ScaleOutScript(Train(lgb, 3), ParseScaleOutOptions(R"({"engine":"dask"})"));
  EXPECT_NE(lgb3.find("LightGBM's softmax hessian"), std::string::npos);
  EXPECT_NE(lgb3.find("K/(2(K-1)) = 0.75 times"), std::string::npos) << lgb3;
  Params steps;
  steps.leaf_newton_steps = 5;
  EXPECT_NE(ScaleOutScript(Train(steps), ParseScaleOutOptions(R"({"engine":"spark"})")).find("took up to 5 Newton steps each"),
            std::string::npos);
  Params quantised;
  quantised.quantized_grad = 1;
  EXPECT_NE(ScaleOutScript(Train(quantised), ParseScaleOutOptions(R"({"engine":"dask"})")).find("(quantized_grad)"), std::string::npos);
  EXPECT_EQ(ScaleOutScript(Train(steps), ParseScaleOutOptions(R"({"engine":"dask"})")).find("quantized_grad"), std::string::npos);
}

TEST(ScaleOut, NamesStayInsideTheSpecLiteral) {
  Model m = Train(Params{});
  m.features[0].name = "we\"ird\\name\nwith \"\"\" and '''";
  m.features[1].type = ColumnType::kCategorical;
  m.features[1].levels = {"zebra", "ant", "é \"q\""};
  m.target = "y\"\n";
  const std::string s = ScaleOutScript(m, ParseScaleOutOptions(R"({"engine":"dask","csv":"a \"b\".csv"})"));
  const size_t begin = s.find("SPEC = {"), end = s.find("\n}\n", begin);
  ASSERT_NE(begin, std::string::npos);
  ASSERT_NE(end, std::string::npos);
  const std::string outside = s.substr(0, begin) + s.substr(end);
  for (const char* bit : {"we\"ird", "zebra", "y\"\n", "a \\\"b"}) EXPECT_EQ(outside.find(bit), std::string::npos) << bit;
  const std::string spec = s.substr(begin, end - begin);
  EXPECT_NE(spec.find(R"("name": "we\"ird\\name\nwith \"\"\" and '''")"), std::string::npos) << spec;
  // The levels in code order, which is how the exported trees name categories.
  EXPECT_NE(spec.find(R"("levels": ["zebra", "ant", "é \"q\""])"), std::string::npos) << spec;
  EXPECT_EQ(spec.find('\t'), std::string::npos);
}

TEST(ScaleOut, WhatXGBoostCannotContinueSaysWhy) {
  Params r2;
  r2.algorithm = "adaboost";
  EXPECT_NE(Code([&] { ScaleOutScript(Train(r2), ParseScaleOutOptions(R"({"engine":"dask"})")); }).find("XGBOOST_UNSUPPORTED"),
            std::string::npos);
  Params forest;
  forest.algorithm = "random_forest";
  EXPECT_NE(Code([&] { ScaleOutScript(Train(forest, 3), ParseScaleOutOptions(R"({"engine":"spark"})")); }).find("multiclass forest"),
            std::string::npos);
}

}  // namespace scale_out_test
}  // namespace boostlab
