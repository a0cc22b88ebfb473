"""Times XGBoost 1.7.4 hist (Debian python3-xgboost) learning to rank for
bench/ranking.mjs: the median of N fits, train and valid evaluated every round
(as BoostLab's round reports), peak RSS. Prints one JSON object.
Run with /usr/bin/python3.

  xgb_rank_bench.py TRAIN_CSV VALID_CSV GROUP TARGET NTHREAD PARAMS_JSON REPEATS
"""
import json
import sys
import time

import numpy as np
import pandas as pd
import xgboost as xgb

from rss import rss_mb  # bench/rss.py, beside this script


def matrix(csv, group, target, nthread):
    df = pd.read_csv(csv)
    q = df.pop(group).values
    y = df.pop(target).values
    starts = np.flatnonzero(np.r_[True, q[1:] != q[:-1]])
    d = xgb.DMatrix(df, y, nthread=nthread)
    d.set_group(np.diff(np.r_[starts, len(q)]))
    return d


def main():
    train_csv, valid_csv, group, target, nthread, params, repeats = sys.argv[1:8]
    params, nthread, repeats = json.loads(params), int(nthread), int(repeats)
    rounds = params.pop("rounds")
    metric = params["eval_metric"]
    times, score = [], None
    with open("/proc/self/clear_refs", "w") as f:  # reset the high-water mark
        f.write("5")
    for _ in range(repeats):
        dtrain, dvalid = matrix(train_csv, group, target, nthread), matrix(valid_csv, group, target, nthread)
        result = {}
        start = time.perf_counter()
        xgb.train({"tree_method": "hist", "nthread": nthread, **params}, dtrain, rounds,
                  evals=[(dtrain, "train"), (dvalid, "valid")], evals_result=result, verbose_eval=False)
        times.append(time.perf_counter() - start)
        score = result["valid"][metric][-1]
    print(json.dumps({"seconds": sorted(times)[len(times) // 2], "runs": times, "valid": score, "metric": metric,
                      "peak_rss_mb": rss_mb("VmHWM"), "version": xgb.__version__}))


main()
