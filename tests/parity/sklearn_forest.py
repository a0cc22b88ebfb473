"""Fits scikit-learn 1.2's RandomForest (100 trees) on the training rows of a
numeric CSV and prints the validation accuracy (classifier) or RMSE
(regressor) as JSON. Run with /usr/bin/python3.

  sklearn_forest.py CSV TARGET VALID_IDX classifier|regressor [SEED]
"""
import json
import sys

import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier, RandomForestRegressor


def main():
    csv, target, valid_idx, kind = sys.argv[1:5]
    seed = int(sys.argv[5]) if len(sys.argv) > 5 else 0
    df = pd.read_csv(csv)
    y = df.pop(target)
    if y.dtype == object:
        y = y.astype("category").cat.codes
    valid = np.zeros(len(df), bool)
    valid[np.loadtxt(valid_idx, dtype=int)] = True
    if kind == "classifier":
        model = RandomForestClassifier(n_estimators=100, max_features="sqrt", random_state=seed, n_jobs=2)
        model.fit(df[~valid], y[~valid])
        print(json.dumps({"valid": float(model.score(df[valid], y[valid]))}))
    else:
        model = RandomForestRegressor(n_estimators=100, max_features=1 / 3, random_state=seed, n_jobs=2)
        model.fit(df[~valid], y[~valid])
        error = model.predict(df[valid]) - y[valid]
        print(json.dumps({"valid": float(np.sqrt(np.mean(error ** 2)))}))


main()
