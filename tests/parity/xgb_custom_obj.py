"""Trains XGBoost (tree_method hist) with a custom objective written in Python,
the logistic loss's g = p - y, h = p(1 - p) of the raw margin, as XGBoost's obj
takes it, and prints its margins on every row of the CSV.

  xgb_custom_obj.py CSV TARGET PARAMS_JSON ROUNDS VALID_IDX
"""
import json
import sys

import numpy as np
import pandas as pd
import xgboost as xgb


def logistic(predt, dtrain):
    y = dtrain.get_label()
    p = 1.0 / (1.0 + np.exp(-predt))
    return p - y, np.maximum(p * (1.0 - p), 1e-16)


def main():
    csv, target, params, rounds, valid_idx = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
    df = pd.read_csv(csv)
    y = df.pop(target)
    if not pd.api.types.is_numeric_dtype(y):
        y = y.astype("category").cat.codes
    valid = np.zeros(len(df), bool)
    valid[np.loadtxt(valid_idx, dtype=int)] = True
    booster = xgb.train({"tree_method": "hist", **params}, xgb.DMatrix(df[~valid], y[~valid]), rounds, obj=logistic)
    margins = booster.predict(xgb.DMatrix(df), output_margin=True)
    print(json.dumps({"version": xgb.__version__, "margins": margins.tolist()}))


main()
