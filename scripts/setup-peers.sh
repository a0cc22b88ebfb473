#!/usr/bin/env bash
# The field's best for bench/peers.mjs only (issue 22), pinned, from PyPI into a
# virtual environment under build/: LightGBM 4, XGBoost 3, CatBoost, YDF, and
# scikit-learn for the wide synthetic set. Quick when already there.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=build/venv-peers
pins=("lightgbm==4.7.0" "xgboost-cpu==3.2.0" "catboost==1.2.10" "ydf==0.16.1" "scikit-learn==1.7.2" "pandas==2.3.3" "numpy==2.2.6")
if ! "$venv/bin/python" -c "import lightgbm, xgboost, catboost, ydf, sklearn, pandas" 2>/dev/null; then
  echo "setup-peers: ${pins[*]} into $venv"
  rm -rf "$venv"
  mkdir -p build
  /usr/bin/python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "${pins[@]}"
fi
"$venv/bin/python" -c "import lightgbm, xgboost, catboost, ydf, sklearn; print('setup-peers: lightgbm', lightgbm.__version__, 'xgboost', xgboost.__version__, 'catboost', catboost.__version__, 'ydf', ydf.__version__, 'sklearn', sklearn.__version__)"
