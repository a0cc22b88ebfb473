"""Fits scikit-learn 1.2's AdaBoostClassifier (SAMME, decision stumps) on the
training rows and prints each round's weighted error and vote, and the
validation accuracy, as JSON. Run with /usr/bin/python3.

  sklearn_adaboost.py CSV TARGET VALID_IDX ROUNDS
"""
import json
import sys

import numpy as np
import pandas as pd
from sklearn.ensemble import AdaBoostClassifier
from sklearn.tree import DecisionTreeClassifier


def main():
    csv, target, valid_idx, rounds = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    df = pd.read_csv(csv)
    y = df.pop(target).astype("category").cat.codes.values
    valid = np.zeros(len(df), bool)
    valid[np.loadtxt(valid_idx, dtype=int)] = True
    model = AdaBoostClassifier(estimator=DecisionTreeClassifier(max_depth=1), algorithm="SAMME",
                               n_estimators=rounds, learning_rate=1.0, random_state=0)
    model.fit(df[~valid], y[~valid])
    print(json.dumps({"epsilon": list(model.estimator_errors_), "alpha": list(model.estimator_weights_),
                      "valid_accuracy": float(model.score(df[valid], y[valid]))}))


main()
