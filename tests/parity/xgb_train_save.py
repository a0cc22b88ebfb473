"""Trains XGBoost (tree_method hist) on a CSV, or loads a model and saves it
again with XGBoost's own writer; either way prints its raw margins on every
row, as xgb_load_predict.py reads the CSV.

  xgb_train_save.py train CSV TARGET PARAMS_JSON ROUNDS OUT_JSON [IGNORE,COLUMNS]
  xgb_train_save.py resave IN_JSON CSV OUT_JSON
Prints {"version": ..., "margins": [...]} (rows x outputs, row-major).
"""
import json
import sys

import pandas as pd
import xgboost as xgb


def read(csv, drop):
    df = pd.read_csv(csv)
    for c in df.columns:
        if not pd.api.types.is_numeric_dtype(df[c]):  # text: object in pandas 2, str in pandas 3
            df[c] = df[c].astype("category")
    return df.drop(columns=[c for c in drop if c in df.columns])


def main():
    if sys.argv[1] == "train":
        csv, target, params, rounds, out = sys.argv[2], sys.argv[3], json.loads(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
        ignore = [c for c in (sys.argv[7] if len(sys.argv) > 7 else "").split(",") if c]
        df = read(csv, ignore)
        y = df.pop(target)
        if isinstance(y.dtype, pd.CategoricalDtype):
            y = y.cat.codes
        booster = xgb.train({"tree_method": "hist", **params}, xgb.DMatrix(df, y, enable_categorical=True), rounds)
    else:
        booster = xgb.Booster()
        booster.load_model(sys.argv[2])
        csv, out = sys.argv[3], sys.argv[4]
        df = read(csv, [])[booster.feature_names]
    booster.save_model(out)
    df = read(csv, [])[booster.feature_names]
    margins = booster.predict(xgb.DMatrix(df, enable_categorical=True), output_margin=True)
    print(json.dumps({"version": xgb.__version__, "margins": margins.reshape(-1).tolist()}))


main()
