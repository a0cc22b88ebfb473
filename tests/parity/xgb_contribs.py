"""Loads a model file into XGBoost and prints its SHAP values
(pred_contribs=True) for every row of a CSV, read as xgb_load_predict.py
reads it; with a third argument "interactions", its SHAP interaction values
(pred_interactions=True).

  xgb_contribs.py MODEL_JSON CSV [interactions]
Prints {"version": ..., "contribs": [...]} (rows x outputs x (features + 1), row-major;
interactions: rows x outputs x (features + 1) x (features + 1)).
"""
import json
import sys

import pandas as pd
import xgboost as xgb


def main():
    booster = xgb.Booster()
    booster.load_model(sys.argv[1])
    df = pd.read_csv(sys.argv[2])
    for c in df.columns:
        if not pd.api.types.is_numeric_dtype(df[c]):
            df[c] = df[c].astype("category")
    df = df[booster.feature_names]
    interactions = len(sys.argv) > 3 and sys.argv[3] == "interactions"
    dmatrix = xgb.DMatrix(df, enable_categorical=True)
    contribs = booster.predict(dmatrix, pred_interactions=True) if interactions else booster.predict(dmatrix, pred_contribs=True)
    print(json.dumps({"version": xgb.__version__, "contribs": contribs.reshape(-1).tolist()}))


main()
