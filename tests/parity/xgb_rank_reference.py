"""Trains XGBoost (Debian's python3-xgboost 1.7.4) on a learning-to-rank pair of
CSVs and prints one JSON object: the per-round train and valid metrics.
Run with /usr/bin/python3, which sees Debian's packages.

  xgb_rank_reference.py TRAIN_CSV VALID_CSV GROUP TARGET PARAMS_JSON [WEIGHT_COLUMN]

With a weight column (one weight a query), each group weighs its first row's
weight (XGBoost's group weights: set_weight with one value a group).

Rows of a group must be contiguous in each file (XGBoost's set_group takes
group sizes in row order); the test files are. One thread: XGBoost 1.7's
pair sampling draws from one generator per OpenMP thread, so only nthread=1
fixes which pairs each round sees.
"""
import json
import sys

import numpy as np
import pandas as pd
import xgboost as xgb


def matrix(csv, group, target, weight=""):
    df = pd.read_csv(csv)
    q = df.pop(group).values
    y = df.pop(target).values
    w = df.pop(weight).values if weight else None
    starts = np.flatnonzero(np.r_[True, q[1:] != q[:-1]])
    if len(starts) != len(np.unique(q)):
        sys.exit(f"{csv}: the rows of a group are not contiguous")
    d = xgb.DMatrix(df, y)
    d.set_group(np.diff(np.r_[starts, len(q)]))
    if w is not None:
        d.set_weight(w[starts])
    return d


def main():
    train_csv, valid_csv, group, target, params = sys.argv[1:6]
    weight = sys.argv[6] if len(sys.argv) > 6 else ""
    params = json.loads(params)
    rounds = params.pop("rounds")
    if "eval_metric" in params:  # ours takes a comma-separated list, XGBoost's Python a list
        params["eval_metric"] = params["eval_metric"].split(",")
    dtrain, dvalid = matrix(train_csv, group, target, weight), matrix(valid_csv, group, target, weight)
    result = {}
    xgb.train({"tree_method": "hist", "nthread": 1, **params}, dtrain, rounds,
              evals=[(dtrain, "train"), (dvalid, "valid")], evals_result=result, verbose_eval=False)
    print(json.dumps({"train": result["train"], "valid": result["valid"], "version": xgb.__version__}))


main()
