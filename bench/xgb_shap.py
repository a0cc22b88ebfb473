"""Times XGBoost's exact TreeSHAP (Booster.predict(pred_contribs=True)) for
bench/shap.mjs: loads a model file, reads a CSV as the parity tests do (text
columns as pandas categories), prints one JSON object with the median seconds
of N calls and the values' sum (to check both engines computed the same).

  xgb_shap.py MODEL_JSON CSV NTHREAD REPEATS
"""
import json
import sys
import time

import pandas as pd
import xgboost as xgb


def main():
    model, csv, nthread, repeats = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    booster = xgb.Booster()
    booster.load_model(model)
    booster.set_param({"nthread": nthread})
    df = pd.read_csv(csv)
    for c in df.columns:
        if not pd.api.types.is_numeric_dtype(df[c]):
            df[c] = df[c].astype("category")
    data = xgb.DMatrix(df[booster.feature_names], enable_categorical=True, nthread=nthread)
    times, phi = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        phi = booster.predict(data, pred_contribs=True)
        times.append(time.perf_counter() - start)
    print(json.dumps({"seconds": sorted(times)[len(times) // 2], "runs": times, "sum": float(abs(phi).sum()),
                      "values": int(phi.size), "version": xgb.__version__}))


main()
