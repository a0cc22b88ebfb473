"""Times one of the field's engines for bench/peers.mjs (issue 22): the median
of REPEATS fits (one where the first took over a minute: YDF on the wide set
takes four, and three of them were a quarter of `npm run bench`'s time)
(training only, no per-round evaluation), the validation metric
computed once after, peak RSS. Prints one JSON object. Run with the Python of
build/venv-peers (scripts/setup-peers.sh).

  peers_bench.py ENGINE CSV TARGET VALID_IDX NTHREAD PARAMS_JSON REPEATS

ENGINE: lightgbm | xgboost | catboost | catboost-depthwise | ydf. PARAMS_JSON
holds our names (objective, num_class, max_depth, eta, rounds, max_bin); each
engine gets its own spelling of them, with text columns as native categoricals
where it has them.
"""
import json
import sys
import time

import numpy as np
import pandas as pd

from rss import rss_mb  # bench/rss.py, beside this script


def metric_of(objective, y, p):
    eps = 1e-15
    if objective == "binary:logistic":
        p = np.clip(p, eps, 1 - eps)
        return "logloss", float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    if objective == "multi:softprob":
        p = np.clip(p, eps, 1)
        return "mlogloss", float(-np.mean(np.log(p[np.arange(len(y)), y.astype(int)])))
    return "rmse", float(np.sqrt(np.mean((p - y) ** 2)))


def fit(engine, X, y, Xv, objective, k, params, threads):
    depth, eta, rounds, max_bin = params["max_depth"], params["eta"], params["rounds"], params["max_bin"]
    if engine == "lightgbm":
        import lightgbm as lgb
        obj = {"binary:logistic": "binary", "multi:softprob": "multiclass"}.get(objective, "regression")
        extra = {"num_class": k} if obj == "multiclass" else {}
        booster = lgb.train({"objective": obj, **extra, "num_leaves": 2 ** depth, "max_depth": depth, "learning_rate": eta,
                             "max_bin": max_bin - 1, "lambda_l2": 1.0, "min_sum_hessian_in_leaf": 1.0, "min_data_in_leaf": 1,
                             "num_threads": threads, "verbose": -1, "deterministic": True},
                            lgb.Dataset(X, y), rounds)
        return lambda: booster.predict(Xv), lgb.__version__
    if engine == "xgboost":
        import xgboost as xgb
        extra = {"num_class": k} if objective == "multi:softprob" else {}
        dtrain = xgb.DMatrix(X, y, enable_categorical=True, nthread=threads)
        booster = xgb.train({"tree_method": "hist", "objective": objective, **extra, "max_depth": depth, "eta": eta,
                             "max_bin": max_bin, "nthread": threads}, dtrain, rounds)
        dvalid = xgb.DMatrix(Xv, enable_categorical=True, nthread=threads)
        return lambda: booster.predict(dvalid), xgb.__version__
    if engine.startswith("catboost"):
        import catboost as cb
        loss = {"binary:logistic": "Logloss", "multi:softprob": "MultiClass"}.get(objective, "RMSE")
        cats = [c for c in X.columns if str(X[c].dtype) == "category"]
        Xc = X.copy()
        Xvc = Xv.copy()
        for c in cats:
            Xc[c] = Xc[c].astype(str)
            Xvc[c] = Xvc[c].astype(str)
        model = cb.CatBoost({"loss_function": loss, "iterations": rounds, "depth": depth, "learning_rate": eta,
                             "border_count": max_bin - 1, "thread_count": threads, "verbose": False,
                             # Else it writes catboost_info/ into the working directory (the repository).
                             "allow_writing_files": False,
                             "grow_policy": "Depthwise" if engine == "catboost-depthwise" else "SymmetricTree"})
        model.fit(cb.Pool(Xc, y, cat_features=cats))
        kind = "Probability" if loss != "RMSE" else "RawFormulaVal"
        def predict():
            p = model.predict(cb.Pool(Xvc, cat_features=cats), prediction_type=kind)
            return p[:, 1] if loss == "Logloss" else p
        return predict, cb.__version__
    if engine == "ydf":
        import ydf
        task = ydf.Task.REGRESSION if objective.startswith("reg:") else ydf.Task.CLASSIFICATION
        frame = X.copy()
        frame["__label"] = y
        learner = ydf.GradientBoostedTreesLearner(label="__label", task=task, num_trees=rounds, max_depth=depth, shrinkage=eta,
                                                  num_threads=threads, validation_ratio=0.0, early_stopping="NONE")
        model = learner.train(frame, verbose=0)
        def predict():
            p = np.asarray(model.predict(Xv))
            if task == ydf.Task.REGRESSION:
                return p
            # YDF orders classes its own way (label_classes()): back to the codes' order.
            classes = [int(c) for c in model.label_classes()]
            if p.ndim == 1:  # binary: the probability of label_classes()[1]
                return p if classes[1] == 1 else 1 - p
            out = np.zeros_like(p)
            out[:, classes] = p
            return out
        return predict, ydf.__version__
    raise SystemExit(f"unknown engine {engine}")


def main():
    engine, csv, target, valid_idx, threads, params, repeats = sys.argv[1:8]
    params, threads, repeats = json.loads(params), int(threads), int(repeats)
    df = pd.read_csv(csv)
    y = df.pop(target)
    for c in df.columns:
        if df[c].dtype == object:
            df[c] = df[c].astype("category")
    objective = params["objective"]
    if y.dtype == object:
        y = y.astype("category").cat.codes
    y = y.to_numpy()
    k = int(params.get("num_class", 1))
    valid = np.zeros(len(df), bool)
    valid[np.loadtxt(valid_idx, dtype=int)] = True
    X, Xv, yt, yv = df[~valid], df[valid], y[~valid], y[valid]
    times, score, version = [], None, None
    with open("/proc/self/clear_refs", "w") as f:  # reset the high-water mark
        f.write("5")
    for _ in range(repeats):
        if times and times[0] > 60:
            break
        start = time.perf_counter()
        predict, version = fit(engine, X, yt, Xv, objective, k, params, threads)
        times.append(time.perf_counter() - start)
        p = np.asarray(predict())
    name, score = metric_of(objective, yv, p)
    print(json.dumps({"seconds": sorted(times)[len(times) // 2], "runs": times, "valid": score, "metric": name,
                      "peak_rss_mb": rss_mb("VmHWM"), "version": version}))


main()
