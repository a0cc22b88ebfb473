#!/usr/bin/env bash
# Runs each libFuzzer target of tests/fuzz for SECONDS (default 60) under
# ASan + UBSan, from seeds made here: the heads of tests/data's CSVs, models
# the native CLI trains on them with every algorithm (in our JSON, as compact
# .blm files and in XGBoost's layout, JSON and UBJSON), models XGBoost 3.2 saves
# itself (build/venv-xgb3: categories by name, vector leaves; JSON and UBJSON), the regression tests'
# model inputs, and call sequences for api_sequence. The corpus grows in
# build/fuzz/corpus across runs.
# Prints one "fuzz: NAME ok|FINDING, N runs" line per target; exits 1 on any
# finding (the input that caused it is in build/fuzz/artifacts).
# Usage: fuzz.sh [SECONDS | long] [TARGET...]
#   long: each target until its count of executions (npm run fuzz): 10 million
#   for model_json and params, 2 million for csv_train and api_sequence (the
#   slower ones), spread over one job a core (FUZZ_JOBS), at most 3 hours each.
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
runs_of() {  # the executions a target runs in the long mode (-1: until the time is up)
  if [ "$seconds" != long ]; then echo -1; return; fi
  case "$1" in model_json | params) echo 10000000 ;; *) echo 2000000 ;; esac
}
[ "$seconds" = long ] && limit=10800 || limit=$seconds
targets=("${@:-csv_train model_json params api_sequence}")
targets=(${targets[*]})
bash scripts/build-checks.sh asan || exit 1
[ -x build/native/boostlab-cli ] || bash scripts/build-native.sh || exit 1

corpus=build/fuzz/corpus
seeds=build/fuzz/seeds
mkdir -p build/fuzz/artifacts "$seeds"/{csv_train,model_json,params,api_sequence}
# CSV seeds: 30 rows of each dataset, the target last, once per algorithm
# (the first byte picks it; see csv_train_fuzzer.cc).
i=0
for csv in tests/data/*.csv; do
  name=$(basename "$csv" .csv)
  head -n 31 "$csv" > "$seeds/$name.head.csv"
  for pick in 0 1 2 3 16 49 98 131; do
    { printf "\\$(printf %03o "$pick")"; cat "$seeds/$name.head.csv"; } > "$seeds/csv_train/$name-$pick"
  done
  target=$(head -n 1 "$csv" | tr -d '\r' | awk -F, '{print $NF}')
  for algorithm in xgboost gbdt adaboost random_forest; do
    build/native/boostlab-cli train --csv "$seeds/$name.head.csv" --target "$target" --valid-fraction 0.2 \
      --params "{\"algorithm\":\"$algorithm\",\"rounds\":3,\"max_depth\":3}" \
      --model-out "$seeds/model_json/$name-$algorithm.json" > /dev/null 2>&1 || true
    # The same model as a compact file, and in XGBoost's layout: the model fuzzer reads both too.
    build/native/boostlab-cli train --csv "$seeds/$name.head.csv" --target "$target" --valid-fraction 0.2 \
      --params "{\"algorithm\":\"$algorithm\",\"rounds\":3,\"max_depth\":3}" \
      --model-out "$seeds/model_json/$name-$algorithm.blm" > /dev/null 2>&1 || true
    build/native/boostlab-cli export-xgboost --model "$seeds/model_json/$name-$algorithm.json" \
      > "$seeds/model_json/$name-$algorithm.xgb.json" 2> /dev/null || rm -f "$seeds/model_json/$name-$algorithm.xgb.json"
    build/native/boostlab-cli export-xgboost --model "$seeds/model_json/$name-$algorithm.json" --format ubj \
      > "$seeds/model_json/$name-$algorithm.ubj" 2> /dev/null || rm -f "$seeds/model_json/$name-$algorithm.ubj"
  done
  i=$((i + 1))
done
# Excel's "sep=;" first line before a semicolon file (the reader takes its delimiter from it).
{ printf '\000sep=;\r\n'; tr ',' ';' < "$seeds/auto_mpg.head.csv"; } > "$seeds/csv_train/excel-sep-0"
cp tests/core/regression/inputs/*.json "$seeds/model_json/"
# XGBoost 3's own files: a categorical feature (its names in cats.enc), base_score
# written as "[5E-1]", several classes, and vector leaves (which the reader refuses).
if [ -x build/venv-xgb3/bin/python ]; then
  build/venv-xgb3/bin/python - "$seeds/model_json" <<'PY' || echo "fuzz: no XGBoost 3 seeds (build/venv-xgb3 failed)"
import sys
import numpy as np, pandas as pd, xgboost as xgb
out = sys.argv[1]
rng = np.random.default_rng(0)
n = 40
X = pd.DataFrame({"x": rng.normal(size=n), "c": pd.Categorical(rng.choice(["Biscoe", "Dream", "Torgersen"], n))})
for name, y, params in [("binary", (X["x"] > 0).astype(int), {"objective": "binary:logistic"}),
                        ("multi", rng.integers(0, 3, n), {"objective": "multi:softprob", "num_class": 3}),
                        ("vector", rng.integers(0, 3, n), {"objective": "multi:softprob", "num_class": 3, "multi_strategy": "multi_output_tree"}),
                        ("reg", X["x"] * 2, {"objective": "reg:squarederror"})]:
    features = X[["x"]] if name == "vector" else X  # (vector leaves take no categories)
    b = xgb.train({**params, "tree_method": "hist", "max_depth": 2, "max_cat_to_onehot": 1}, xgb.DMatrix(features, y, enable_categorical=True), 2)
    b.save_model(f"{out}/xgb3-{name}.json")
    b.save_model(f"{out}/xgb3-{name}.ubj")  # UBJSON, XGBoost's default format since 2.1
PY
fi
n=0
while IFS= read -r line; do
  printf '%b' "$line" > "$seeds/params/seed-$n"
  n=$((n + 1))
done <<'SEEDS'
{"rounds":3}\n{"target":"y"}
{"algorithm":"gbdt","objective":"reg:huber","huber_alpha":0.5}\n{"target":"y","weight":"w"}
{"algorithm":"adaboost","variant":"samme_r","sampling":"resample"}\n{"target":"k","validFraction":0.25}
{"algorithm":"adaboost"}\n{"target":"y","ignore":["c"]}
{"algorithm":"random_forest","max_depth":0,"colsample_bynode":0.5}\n{"target":"b","seed":7}
{"objective":"multi:softmax","num_class":3,"early_stopping_rounds":1}\n{"target":"k","validRows":[0,3,6]}
{"grow_policy":"lossguide","max_leaves":3,"eta":1e30,"base_score":1e30}\n{"target":"y","task":"regression"}
{"objective":"count:poisson","max_delta_step":0.7,"lambda":0,"alpha":2}\n{"target":"x"}
{"objective":"binary:logistic","subsample":0.5,"colsample_bytree":0.5,"nthread":2}\n{"target":"b","weight":"w"}
{"rounds":2,"early_stopping_rounds":1}\n{"target":"y","trainRows":[0,1,2,5],"validRows":[3,4]}
SEEDS

# Call sequences (two bytes a call; see api_sequence_fuzzer.cc): a trainer with
# early stopping stepped, taken twice, its model used; one continued and saved.
printf '\x00\x1b\x02\x00\x02\x00\x02\x00\x02\x00\x05\x00\x05\x00\x09\x03\x0a\x00' > "$seeds/api_sequence/take-twice"
printf '\x00\x07\x02\x00\x02\x00\x04\x00\x01\x08\x02\x00\x05\x00\x0b\x01\x0c\x00\x0d\x02' > "$seeds/api_sequence/continue"
printf '\x00\x32\x03\x00\x02\x00\x06\x00\x07\x00\x08\x00\x09\x00\x09\x01\x09\x02\x0b\x00' > "$seeds/api_sequence/adaboost"

# One target: its jobs, then one line of result; returns 1 on a finding.
fuzz_target() {
  local t=$1
  mkdir -p "$corpus/$t"
  # -timeout: one input that trains for 20 s is a finding (a hang), as is a
  # crash, a sanitizer report or fuzz::Fail. The seeds are read, not written.
  # Model files run longer than CSV heads: a 26-class model of 3 rounds is 40 KB
  # in XGBoost's layout, and at 8 KB a third of the seeds only tested "cut short".
  max_len=8192
  [ "$t" = model_json ] && max_len=49152
  # The long mode runs one job a core (FUZZ_JOBS, default nproc), each to its
  # share of the executions, all on the one corpus (libFuzzer rereads it, so
  # each job starts from what the others found: its -jobs mode, with the
  # executions summed and the first finding stopping the rest).
  jobs=1
  [ "$seconds" = long ] && jobs=${FUZZ_JOBS:-$(nproc)}
  [[ "$jobs" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz: FUZZ_JOBS is '$jobs'; give a whole number of jobs, 1 or more"; exit 2; }
  runs_each=$(runs_of "$t")
  [ "$runs_each" -gt 0 ] && runs_each=$(( (runs_each + jobs - 1) / jobs ))
  logs=() pids=()
  for ((j = 0; j < jobs; j++)); do
    log=build/fuzz/$t.log
    [ "$jobs" -gt 1 ] && log=build/fuzz/$t-job$j.log
    logs+=("$log")
    build/asan/${t}_fuzzer "$corpus/$t" "$seeds/$t" -max_total_time="$limit" -runs="$runs_each" -timeout=20 -rss_limit_mb=3072 \
      -max_len=$max_len -print_final_stats=1 -artifact_prefix="build/fuzz/artifacts/$t-" > "$log" 2>&1 &
    pids+=($!)
  done
  # Polled, each job's status read by its pid (wait -n can lose one killed by
  # a signal, such as the out-of-memory killer's, when another ends with it).
  rc=0
  while [ ${#pids[@]} -gt 0 ]; do
    left=()
    for pid in "${pids[@]}"; do
      if kill -0 "$pid" 2> /dev/null; then left+=("$pid"); continue; fi
      wait "$pid"; code=$?
      [ $code -ne 0 ] && [ $rc -eq 0 ] && rc=$code
    done
    pids=("${left[@]}")
    # One finding is enough: the others stop.
    [ $rc -ne 0 ] && [ ${#pids[@]} -gt 0 ] && kill "${pids[@]}" 2> /dev/null
    [ ${#pids[@]} -gt 0 ] && sleep 1
  done
  runs=0 took=0
  for log in "${logs[@]}"; do
    n=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    s=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
    runs=$((runs + ${n:-0}))
    [ "${s:-0}" -gt "$took" ] && took=$s
  done
  each=""
  [ "$jobs" -gt 1 ] && each=" ($jobs jobs on one corpus)"
  if [ $rc -eq 0 ]; then
    echo "fuzz: $t ok, $runs runs in $took s$each"
  else
    echo "fuzz: $t FINDING (exit $rc) after $runs runs$each; input in build/fuzz/artifacts/, logs ${logs[*]}:"
    grep -hE "ERROR|FUZZ FINDING|runtime error|SUMMARY|Test unit written" "${logs[@]}" | head -20
    return 1
  fi
}

# The long mode runs the targets one after another, each over every core; the
# timed one a target a core at a time (each still runs its SECONDS on a core of
# its own), their lines printed in the targets' order.
status=0
if [ "$seconds" = long ]; then
  for t in "${targets[@]}"; do fuzz_target "$t" || status=1; done
else
  at_once=$(nproc)
  for ((i = 0; i < ${#targets[@]}; i += at_once)); do
    wave=("${targets[@]:i:at_once}") wave_pids=()
    for t in "${wave[@]}"; do
      fuzz_target "$t" > "build/fuzz/$t.result" 2>&1 &
      wave_pids+=($!)
    done
    for k in "${!wave[@]}"; do
      wait "${wave_pids[$k]}" || status=1
      cat "build/fuzz/${wave[$k]}.result"
    done
  done
fi
exit $status
