"""Loads a model file into XGBoost and predicts a batch that lacks one level of
a category: the CSV's rows without LEVEL in COLUMN, that column's categories
then only the levels the batch has (a pandas frame of one day's data). XGBoost
3 codes such a batch by name when the file names the levels, by position
otherwise. Prints {"version": ..., "margins": [...], "levels": [...]}.

  xgb_subset_levels.py MODEL CSV COLUMN LEVEL
"""
import json
import sys

import pandas as pd
import xgboost as xgb


def main():
    model, csv, column, level = sys.argv[1:5]
    booster = xgb.Booster()
    booster.load_model(model)
    df = pd.read_csv(csv)
    for c in df.columns:
        if not pd.api.types.is_numeric_dtype(df[c]):
            df[c] = df[c].astype("category")
    df = df[df[column] != level].copy()
    df[column] = df[column].cat.remove_unused_categories()
    df = df[booster.feature_names]
    margins = booster.predict(xgb.DMatrix(df, enable_categorical=True), output_margin=True)
    print(json.dumps({"version": xgb.__version__, "margins": margins.reshape(-1).tolist(),
                      "levels": df[column].cat.categories.tolist()}))


main()
