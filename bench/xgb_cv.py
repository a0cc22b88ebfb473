"""Times XGBoost's xgb.cv for bench/cv.mjs on the folds BoostLab made: reads
the CSV as the parity tests do (text columns as pandas categories), builds
the DMatrix once (untimed), then times xgb.cv over the given folds and prints
one JSON object: median seconds of N calls, and the last round's mean test
metric (to check both engines did the same work).

  xgb_cv.py CSV TARGET FOLDS_JSON PARAMS_JSON ROUNDS REPEATS
"""
import json
import sys
import time

import numpy as np
import pandas as pd
import xgboost as xgb


def main():
    csv, target, folds_file, params = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
    rounds, repeats = int(sys.argv[5]), int(sys.argv[6])
    df = pd.read_csv(csv)
    y = df.pop(target)
    for c in df.columns:
        if not pd.api.types.is_numeric_dtype(df[c]):
            df[c] = df[c].astype("category")
    with open(folds_file) as f:
        tests = [np.array(t, dtype=np.int64) for t in json.load(f)]
    everything = np.arange(len(df))
    folds = [(np.setdiff1d(everything, t, assume_unique=True), t) for t in tests]
    data = xgb.DMatrix(df, y, enable_categorical=True, nthread=params.get("nthread", 0))
    times, result = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        result = xgb.cv({"tree_method": "hist", **params}, data, rounds, folds=folds)
        times.append(time.perf_counter() - start)
    metric = [c for c in result.columns if c.startswith("test-") and c.endswith("-mean")][-1]
    print(json.dumps({"seconds": sorted(times)[len(times) // 2], "runs": times, "metric": metric,
                      "last": float(result[metric].iloc[-1]), "version": xgb.__version__}))


main()
