"""CatBoost depthwise on the wide set with its default leaf steps and with
XGBoost-like ones (issue 22: why it reaches a lower loss at equal rounds).
Run with build/venv-peers/bin/python after bench/peers.mjs made the set:
  catboost_steps.py build/bench/wide_1000000.csv build/bench/wide_1000000.valid_idx.txt
"""
import sys, time, json
import numpy as np, pandas as pd, catboost as cb
from sklearn.metrics import log_loss
df = pd.read_csv(sys.argv[1])
valid = np.loadtxt(sys.argv[2], dtype=np.int64)
mask = np.zeros(len(df), bool); mask[valid] = True
X, y = df.drop(columns=["y"]), df["y"].values
Xt, yt, Xv, yv = X[~mask], y[~mask], X[mask], y[mask]
base = {"loss_function": "Logloss", "iterations": 100, "depth": 6, "learning_rate": 0.1, "border_count": 255,
        "thread_count": 2, "verbose": False, "allow_writing_files": False, "grow_policy": "Depthwise"}
for name, extra in [("default", {}), ("leaf_iter1", {"leaf_estimation_iterations": 1}),
                    ("plain", {"leaf_estimation_iterations": 1, "bootstrap_type": "No", "random_strength": 0, "l2_leaf_reg": 1})]:
    m = cb.CatBoost({**base, **extra})
    t = time.time(); m.fit(Xt, yt); s = time.time() - t
    p = m.predict(Xv, prediction_type="Probability")[:, 1]
    a = m.get_all_params()
    print(name, f"{s:.1f}s", f"logloss {log_loss(yv, p):.5f}", {k: a.get(k) for k in ["leaf_estimation_iterations", "leaf_estimation_method", "bootstrap_type", "subsample", "random_strength", "l2_leaf_reg", "boost_from_average", "model_shrink_rate"]}, flush=True)
