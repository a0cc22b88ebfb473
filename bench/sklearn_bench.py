"""Times scikit-learn 1.2 (Debian python3-sklearn) for bench/algorithms.mjs:
the median of N fits of one estimator on the training rows, and its
validation metric. Prints one JSON object. Run with /usr/bin/python3.

  sklearn_bench.py CSV TARGET VALID_IDX ESTIMATOR N_JOBS REPEATS

ESTIMATOR: adaboost (SAMME, 100 stumps), gbdt (100 trees of depth 3, lr 0.1),
forest (100 trees; sqrt(p) features for classes, p/3 for regression). The
CSV must be numeric (see numeric_csv.py): scikit-learn's trees take no text
or missing values.
"""
import json
import sys
import time

import numpy as np
import pandas as pd
from sklearn.ensemble import (AdaBoostClassifier, GradientBoostingClassifier, GradientBoostingRegressor,
                              RandomForestClassifier, RandomForestRegressor)
from sklearn.tree import DecisionTreeClassifier


def make(estimator, classification, n_jobs):
    if estimator == "adaboost":
        return AdaBoostClassifier(estimator=DecisionTreeClassifier(max_depth=1), algorithm="SAMME", n_estimators=100,
                                  learning_rate=1.0, random_state=0)
    if estimator == "gbdt":
        cls = GradientBoostingClassifier if classification else GradientBoostingRegressor
        return cls(n_estimators=100, max_depth=3, learning_rate=0.1, random_state=0)
    if classification:
        return RandomForestClassifier(n_estimators=100, max_features="sqrt", n_jobs=n_jobs, random_state=0)
    return RandomForestRegressor(n_estimators=100, max_features=1 / 3, n_jobs=n_jobs, random_state=0)


def main():
    csv, target, valid_idx, estimator, n_jobs, repeats = sys.argv[1:7]
    df = pd.read_csv(csv)
    y = df.pop(target).values
    valid = np.zeros(len(df), bool)
    valid[np.loadtxt(valid_idx, dtype=int)] = True
    classification = estimator == "adaboost" or len(np.unique(y)) <= 100 and np.all(y == np.round(y))
    x_train, y_train, x_valid, y_valid = df.values[~valid], y[~valid], df.values[valid], y[valid]
    times = []
    for _ in range(int(repeats)):
        model = make(estimator, classification, int(n_jobs))
        start = time.perf_counter()
        model.fit(x_train, y_train)
        times.append(time.perf_counter() - start)
    p = model.predict(x_valid)
    metric = float(np.mean(p != y_valid)) if classification else float(np.sqrt(np.mean((p - y_valid) ** 2)))
    print(json.dumps({"seconds": sorted(times)[len(times) // 2], "runs": times, "valid": metric}))


main()
