"""Times scikit-learn 1.2 (Debian python3-sklearn) random-forest prediction
for bench/predict.mjs: fits the forest once on the training rows, then the
median of N predictions (predict_proba for classes, predict for regression)
of every row of the CSV with n_jobs threads. Prints one JSON object.
Run with /usr/bin/python3.

  sklearn_predict.py CSV TARGET VALID_IDX N_JOBS REPEATS
"""
import json
import sys
import time

import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier, RandomForestRegressor


def main():
    csv, target, valid_idx, n_jobs, repeats = sys.argv[1:6]
    df = pd.read_csv(csv)
    y = df.pop(target).values
    valid = np.zeros(len(df), bool)
    valid[np.loadtxt(valid_idx, dtype=int)] = True
    classification = len(np.unique(y)) <= 100 and np.all(y == np.round(y))
    x = df.values.astype(np.float32)  # what the trees compare in
    if classification:
        model = RandomForestClassifier(n_estimators=100, max_features="sqrt", n_jobs=int(n_jobs), random_state=0)
    else:
        model = RandomForestRegressor(n_estimators=100, max_features=1 / 3, n_jobs=int(n_jobs), random_state=0)
    model.fit(x[~valid], y[~valid])
    predict = model.predict_proba if classification else model.predict
    times = []
    for _ in range(int(repeats)):
        start = time.perf_counter()
        predict(x)
        times.append(time.perf_counter() - start)
    nodes = sum(e.tree_.node_count for e in model.estimators_)
    print(json.dumps({"seconds": sorted(times)[len(times) // 2], "runs": times, "rows": len(x), "nodes": int(nodes)}))


main()
