"""Times XGBoost 1.7.4 hist (Debian python3-xgboost) for bench/run.mjs: the
median of N fits of xgb.train, native categorical columns, peak RSS during
training. Prints one JSON object. Run with /usr/bin/python3.

  xgb_bench.py CSV TARGET VALID_IDX NTHREAD PARAMS_JSON REPEATS [noeval]

By default XGBoost evaluates train and valid every round, as BoostLab does;
with `noeval` it only trains (the valid metric is computed once at the end).
"""
import json
import sys
import time

import numpy as np
import pandas as pd
import xgboost as xgb

from rss import rss_mb  # bench/rss.py, beside this script


def main():
    csv, target, valid_idx, nthread, params, repeats = sys.argv[1:7]
    params, nthread, repeats = json.loads(params), int(nthread), int(repeats)
    evaluate = len(sys.argv) < 8 or sys.argv[7] != "noeval"
    df = pd.read_csv(csv)
    y = df.pop(target)
    for c in df.columns:
        if df[c].dtype == object:
            df[c] = df[c].astype("category")
    if y.dtype == object:
        y = y.astype("category").cat.codes
    valid = np.zeros(len(df), bool)
    valid[np.loadtxt(valid_idx, dtype=int)] = True
    rounds = params.pop("rounds")
    metric = params["eval_metric"]
    times, score = [], None
    before = rss_mb("VmRSS")
    with open("/proc/self/clear_refs", "w") as f:  # reset the high-water mark
        f.write("5")
    for _ in range(repeats):
        dtrain = xgb.DMatrix(df[~valid], y[~valid], enable_categorical=True, nthread=nthread)
        dvalid = xgb.DMatrix(df[valid], y[valid], enable_categorical=True, nthread=nthread)
        start = time.perf_counter()
        # Both sides evaluate train and valid every round, as the playground shows them.
        evals = [(dtrain, "train"), (dvalid, "valid")] if evaluate else []
        booster = xgb.train({"tree_method": "hist", "nthread": nthread, **params}, dtrain, rounds,
                            evals=evals, verbose_eval=False)
        times.append(time.perf_counter() - start)
        score = float(booster.eval(dvalid).split(":")[-1])
    print(json.dumps({"seconds": sorted(times)[len(times) // 2], "runs": times, "valid": score, "metric": metric,
                      "peak_rss_mb": rss_mb("VmHWM"), "rss_before_mb": before, "version": xgb.__version__}))


main()
