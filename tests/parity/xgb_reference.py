"""Trains XGBoost (Debian's python3-xgboost 1.7.4) the way tests/parity asks and
prints one JSON object: the per-round train and valid metric, and the feature
names. Run with /usr/bin/python3, which sees Debian's packages.

  xgb_reference.py CSV TARGET VALID_IDX PARAMS_JSON [IGNORE,COLUMNS] [WEIGHT_COLUMN] [BASE_MARGIN_COLUMN[,COLUMN...]]
"""
import json
import sys

import numpy as np
import pandas as pd
import xgboost as xgb


def main():
    csv, target, valid_idx, params = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
    ignore = [c for c in (sys.argv[5] if len(sys.argv) > 5 else "").split(",") if c]
    weight_column = sys.argv[6] if len(sys.argv) > 6 else ""
    margin_columns = [c for c in (sys.argv[7] if len(sys.argv) > 7 else "").split(",") if c]
    df = pd.read_csv(csv)
    y = df.pop(target)
    # No weights unless a column gives them: XGBoost takes a quantile loss's leaves (and
    # absolute error's) by another rule when the DMatrix has weights, even all ones.
    w = df.pop(weight_column).values if weight_column else None
    # Each row's starting margin (base_margin): one column, or one an output (rows x outputs).
    m = None
    if margin_columns:
        m = df[margin_columns].values if len(margin_columns) > 1 else df[margin_columns[0]].values
        df = df.drop(columns=margin_columns)
    df = df.drop(columns=ignore)
    for c in df.columns:
        if not pd.api.types.is_numeric_dtype(df[c]):  # text: object in pandas 2, str in pandas 3
            df[c] = df[c].astype("category")
    if not pd.api.types.is_numeric_dtype(y):
        y = y.astype("category").cat.codes  # sorted class names, as BoostLab orders them
    valid = np.zeros(len(df), bool)
    valid[np.loadtxt(valid_idx, dtype=int)] = True
    rounds = params.pop("rounds")
    dtrain = xgb.DMatrix(df[~valid], y[~valid], weight=None if w is None else w[~valid], enable_categorical=True,
                         base_margin=None if m is None else m[~valid])
    dvalid = xgb.DMatrix(df[valid], y[valid], weight=None if w is None else w[valid], enable_categorical=True,
                         base_margin=None if m is None else m[valid])
    result = {}
    xgb.train({"tree_method": "hist", **params}, dtrain, rounds, evals=[(dtrain, "train"), (dvalid, "valid")],
              evals_result=result, verbose_eval=False)
    print(json.dumps({"train": result["train"], "valid": result["valid"], "version": xgb.__version__}))


main()
