#!/usr/bin/env bash
# What npm run test:interop needs beyond npm test's set-up: Java 17 (Debian's)
# and a virtual environment with pyspark and XGBoost 3.2 from PyPI,
# build/venv-spark, to run the Spark script model.scaleOutScript() writes on
# a local Spark. About 450 MB: this is why Spark is not in npm test.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v java >/dev/null; then
  echo "setup-interop: installing Java 17 (openjdk-17-jre-headless)"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q openjdk-17-jre-headless
fi

if ! build/venv-spark/bin/python -c "import pyspark, xgboost.spark, pyarrow, sklearn" 2>/dev/null; then
  echo "setup-interop: pyspark and XGBoost 3.2 from PyPI into build/venv-spark"
  rm -rf build/venv-spark
  mkdir -p build
  /usr/bin/python3 -m venv build/venv-spark
  build/venv-spark/bin/pip install --quiet --disable-pip-version-check "pyspark==4.0.1" "xgboost-cpu==3.2.0" \
    "pandas==2.3.3" "numpy==2.3.5" "pyarrow==26.0.1" "scikit-learn==1.9.1"
fi
