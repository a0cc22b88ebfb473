// A runnable Python script that carries a model and its settings to XGBoost
// on a cluster (Dask or Spark): it reads the user's CSV as the tab read it,
// loads the model exported as XGBoost JSON and continues training from it.
#pragma once

#include <string>       // for string
#include <string_view>  // for string_view
#include <utility>      // for pair
#include <vector>       // for vector

#include "boostlab/model.h"
#include "boostlab/table.h"

namespace boostlab {

struct ScaleOutOptions {
  std::string engine;                                 // "dask" | "spark"
  std::string csv = "data.csv";                       // the data file, as the script will find it
  char delimiter = ',';
  std::string encoding = "utf-8";                     // "utf-8" | "windows-1252"
  bool decimal_comma = false;                         // the table was read with a decimal comma (Table::decimal_comma)
  std::vector<std::string> missing_values;            // cells the reader also took for missing (Table::missing_values)
  std::string valid_rows;                             // file of 0-based validation rows, one a line; empty: none
  std::string weight;                                 // the sample-weight column, if training had one
  std::string base_margin;                            // the starting-margin column, if training had one
  // Each class's weight factor by name (Dataset::class_weights): rows weigh it times their weight column's.
  std::vector<std::pair<std::string, double>> class_weights;
  // Every column of the file in its order, as the table named them (Table's
  // column names): the script reads the file by position with these names,
  // so header cells the tab trimmed or named (column_2) are found. Empty: by
  // the header's own names.
  std::vector<std::string> columns;
  // The columns the table read as dates and replaced by their parts
  // (Table::date_parts): the script derives the same parts from the same
  // cells, and `columns` may name the parts where the file has the date.
  std::vector<DateColumn> date_parts;
  std::string model = "model.xgboost.json";           // the model, from Model::ToXGBoostJson
  std::string output = "continued.xgboost.json";      // where the script saves the continued model
  int rounds = 20;                                    // rounds the script adds
  int workers = 2;                                    // local cluster size when no cluster is given
};

// Reads {engine, csv, delimiter, encoding, decimalComma, missingValues, validRows, weight, baseMargin, classWeights, columns,
// dateParts: [{column, order, time}], model, output, rounds, workers}; throws BAD_OPTION naming a wrong one.
ScaleOutOptions ParseScaleOutOptions(std::string_view json);

// The script's text. Throws XGBOOST_UNSUPPORTED when the model has no XGBoost
// form or XGBoost cannot continue it (a multiclass forest's class shares).
std::string ScaleOutScript(const Model& model, const ScaleOutOptions& options);

}  // namespace boostlab
