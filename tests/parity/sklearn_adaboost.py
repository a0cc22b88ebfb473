"""Fits scikit-learn 1.2's AdaBoost on the training rows of a CSV and prints
each round's weighted error and vote, and the validation score, as JSON.
Run with /usr/bin/python3.

  sklearn_adaboost.py CSV TARGET VALID_IDX ROUNDS [SAMME|SAMME.R|R2:LOSS] [MAX_DEPTH] [WEIGHT_COLUMN]

SAMME and SAMME.R: AdaBoostClassifier with DecisionTreeClassifier(max_depth)
(1 by default: stumps); the score is the validation accuracy. R2:LOSS:
AdaBoostRegressor(loss=LOSS) with DecisionTreeRegressor(max_depth) (3 by
default, as scikit-learn); the score is the validation RMSE.
"""
import json
import sys

import numpy as np
import pandas as pd
from sklearn.ensemble import AdaBoostClassifier, AdaBoostRegressor
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor


def main():
    csv, target, valid_idx, rounds = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    variant = sys.argv[5] if len(sys.argv) > 5 else "SAMME"
    df = pd.read_csv(csv)
    y = df.pop(target)
    weight = df.pop(sys.argv[7]).values if len(sys.argv) > 7 else np.ones(len(df))
    valid = np.zeros(len(df), bool)
    valid[np.loadtxt(valid_idx, dtype=int)] = True
    if variant.startswith("R2:"):
        depth = int(sys.argv[6]) if len(sys.argv) > 6 else 3
        model = AdaBoostRegressor(estimator=DecisionTreeRegressor(max_depth=depth), loss=variant[3:],
                                  n_estimators=rounds, learning_rate=1.0, random_state=0)
        model.fit(df[~valid], y[~valid], sample_weight=weight[~valid])
        error = model.predict(df[valid]) - y[valid]
        score = float(np.sqrt(np.mean(error ** 2)))
    else:
        y = y.astype("category").cat.codes.values
        depth = int(sys.argv[6]) if len(sys.argv) > 6 else 1
        model = AdaBoostClassifier(estimator=DecisionTreeClassifier(max_depth=depth), algorithm=variant,
                                   n_estimators=rounds, learning_rate=1.0, random_state=0)
        model.fit(df[~valid], y[~valid], sample_weight=weight[~valid])
        score = float(model.score(df[valid], y[valid]))  # unweighted accuracy
    n = len(model.estimators_)
    print(json.dumps({"epsilon": list(model.estimator_errors_[:n]), "alpha": list(model.estimator_weights_[:n]),
                      "valid": score}))


main()
