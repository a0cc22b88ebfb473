"""Loads a model file into XGBoost and prints its raw margins for every row of
a CSV, read as the parity tests read it (text columns as pandas categories,
whose codes follow the sorted levels as BoostLab's do). Run with
/usr/bin/python3 (Debian's XGBoost 1.7.4) or a virtual environment's python.

  xgb_load_predict.py MODEL_JSON CSV [NAMES_JSON]
  xgb_load_predict.py '["A.json", "A.ubj", ...]' CSV [NAMES_JSON]
NAMES_JSON: the file's column names as BoostLab's table gave them (a JSON list),
for a header BoostLab names otherwise than pandas (spaces trimmed, an empty cell).
Prints {"version": ..., "margins": [...], "predictions": [...], "num_trees": N}
(rows x outputs, row-major; predictions: what predict() gives by default, the
objective's probabilities); given a JSON list of models, a list of those, in
its order (one interpreter start for several files: 1.2 s each here).
"""
import json
import sys

import pandas as pd
import xgboost as xgb


def predict(model, df):
    booster = xgb.Booster()
    booster.load_model(model)
    dmatrix = xgb.DMatrix(df[booster.feature_names], enable_categorical=True)
    margins = booster.predict(dmatrix, output_margin=True)
    predictions = booster.predict(dmatrix)
    return {"version": xgb.__version__, "margins": margins.reshape(-1).tolist(),
            "predictions": predictions.reshape(-1).tolist(), "num_trees": len(booster.get_dump())}


def main():
    models, csv = sys.argv[1], sys.argv[2]
    names = json.loads(sys.argv[3]) if len(sys.argv) > 3 else None
    df = pd.read_csv(csv, header=0, names=names)
    for c in df.columns:
        if not pd.api.types.is_numeric_dtype(df[c]):  # text: object in pandas 2, str in pandas 3
            df[c] = df[c].astype("category")
    if models.startswith("["):
        print(json.dumps([predict(m, df) for m in json.loads(models)]))
    else:
        print(json.dumps(predict(models, df)))


main()
