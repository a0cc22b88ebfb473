"""Writes the numeric copy of a CSV that both scikit-learn and BoostLab train
on in bench/algorithms.mjs: text columns (the target too) become their sorted
category codes, missing values the column's minimum - 1. Run with /usr/bin/python3.

  numeric_csv.py IN_CSV OUT_CSV
"""
import sys

import pandas as pd

df = pd.read_csv(sys.argv[1])
for c in df.columns:
    if df[c].dtype == object:
        df[c] = df[c].astype("category").cat.codes
    if df[c].isna().any():
        df[c] = df[c].fillna(df[c].min() - 1)
df.to_csv(sys.argv[2], index=False)
