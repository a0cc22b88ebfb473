"""scikit-learn's permutation_importance of a model file loaded into XGBoost,
on some rows of a CSV: the reference for BoostLab's permutationImportance().
Run with /usr/bin/python3 (Debian's scikit-learn and XGBoost 1.7.4).

  sklearn_permutation.py MODEL_JSON CSV ROWS_JSON TARGET POSITIVE REPEATS
POSITIVE: the class whose probability the model gives (the second of its sorted classes).
Prints {"baseline": log loss, "means": [...], "stds": [...]} in the model's feature order.
"""
import json
import sys

import numpy as np
import pandas as pd
import sklearn
import xgboost as xgb
from sklearn.inspection import permutation_importance
from sklearn.metrics import log_loss


def main():
    model, csv, rows, target, positive, repeats = sys.argv[1:7]
    booster = xgb.Booster()
    booster.load_model(model)
    df = pd.read_csv(csv).iloc[json.loads(rows)]
    X = df[booster.feature_names]
    y = (df[target] == positive).astype(int).to_numpy()

    class Loaded:  # what permutation_importance needs of an estimator: a fit one, scored by the callable below
        def fit(self, X, y):
            return self

    def neg_log_loss(_, X, y):
        return -log_loss(y, booster.predict(xgb.DMatrix(X)), labels=[0, 1])

    r = permutation_importance(Loaded(), X, y, scoring=neg_log_loss, n_repeats=int(repeats), random_state=0)
    print(json.dumps({"sklearn": sklearn.__version__, "baseline": -neg_log_loss(None, X, y),
                      "means": r.importances_mean.tolist(), "stds": r.importances_std.tolist()}))


main()
