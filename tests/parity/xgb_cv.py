"""Runs XGBoost's xgb.cv (tree_method hist) on a CSV with the folds given, and
prints its per-round table as JSON columns ('test-rmse-mean': [...], ...).
Run with /usr/bin/python3 (Debian's XGBoost 1.7.4) or a virtual environment's.

  xgb_cv.py CSV TARGET PARAMS_JSON ROUNDS FOLDS_JSON [IGNORE,COLUMNS] [EARLY_STOPPING]
FOLDS_JSON: a file holding the test rows (0-based) of each fold, a list of lists.
"""
import json
import sys

import numpy as np
import pandas as pd
import xgboost as xgb


def main():
    csv, target, params, rounds = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), int(sys.argv[4])
    with open(sys.argv[5]) as f:
        tests = [np.array(t, dtype=np.int64) for t in json.load(f)]
    ignore = [c for c in (sys.argv[6] if len(sys.argv) > 6 else "").split(",") if c]
    patience = int(sys.argv[7]) if len(sys.argv) > 7 else 0
    df = pd.read_csv(csv).drop(columns=ignore)
    y = df.pop(target)
    for c in df.columns:
        if not pd.api.types.is_numeric_dtype(df[c]):  # text: object in pandas 2, str in pandas 3
            df[c] = df[c].astype("category")
    if not pd.api.types.is_numeric_dtype(y):
        y = y.astype("category").cat.codes  # sorted class names, as BoostLab orders them
    everyone = np.arange(len(df))
    folds = [(np.setdiff1d(everyone, t), t) for t in tests]
    table = xgb.cv({"tree_method": "hist", **params}, xgb.DMatrix(df, y, enable_categorical=True), rounds, folds=folds,
                   early_stopping_rounds=patience or None)
    print(json.dumps({"version": xgb.__version__, **{c: table[c].tolist() for c in table.columns}}))


main()
