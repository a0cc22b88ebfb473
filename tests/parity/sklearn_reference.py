"""Fits scikit-learn 1.2's GradientBoosting (Debian python3-sklearn) the way
tests/parity asks and prints its per-round train loss as JSON. sklearn's
trees take no NaN or strings, so this first writes the numeric CSV both sides
train on: string columns as sorted codes, missing values as the column's
minimum - 1. Run with /usr/bin/python3.

  sklearn_reference.py CSV TARGET PARAMS_JSON OUT_CSV [IGNORE,COLUMNS]

PARAMS_JSON's "weight", when set, names a column of sample weights (fit's
sample_weight; train_score_ is then the weighted loss).
"""
import json
import sys

import numpy as np
import pandas as pd
from sklearn.ensemble import GradientBoostingClassifier, GradientBoostingRegressor


def main():
    csv, target, params, out_csv = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), sys.argv[4]
    ignore = [c for c in (sys.argv[5] if len(sys.argv) > 5 else "").split(",") if c]
    df = pd.read_csv(csv).drop(columns=ignore)
    for c in df.columns:
        if df[c].dtype == object:
            df[c] = df[c].astype("category").cat.codes.astype(float)
        if df[c].isna().any():
            df[c] = df[c].fillna(df[c].min() - 1)
    df.to_csv(out_csv, index=False)
    y = df.pop(target)
    weight = df.pop(params["weight"]) if params.get("weight") else None
    common = dict(n_estimators=params["rounds"], max_depth=params["max_depth"], learning_rate=params["eta"],
                  criterion="squared_error", random_state=0)
    if params["kind"] == "classifier":
        model = GradientBoostingClassifier(loss="log_loss", **common).fit(df, y, sample_weight=weight)
        loss = [v / 2 for v in model.train_score_]  # binomial deviance is 2 x logloss
    elif params["kind"] == "exponential":
        model = GradientBoostingClassifier(loss="exponential", **common).fit(df, y, sample_weight=weight)
        loss = list(model.train_score_)  # mean exp(-(2y - 1) F)
    elif params["kind"] == "huber":
        # train_score_ is the Huber loss at each round's own delta; compare the RMSE of every stage instead.
        model = GradientBoostingRegressor(loss="huber", alpha=params["huber_alpha"], **common).fit(df, y, sample_weight=weight)
        w = np.ones(len(y)) if weight is None else weight.values
        loss = [float(((w * (p - y) ** 2).sum() / w.sum()) ** 0.5) for p in model.staged_predict(df)]
    else:
        model = GradientBoostingRegressor(loss="squared_error", **common).fit(df, y, sample_weight=weight)
        loss = [v ** 0.5 for v in model.train_score_]  # mean squared error -> rmse
    print(json.dumps({"train": loss}))


main()
