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
if [ ${#need[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${need[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${need[@]}"
fi

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # Not `npm ci`: npm 11 writes only this platform's optional packages (rollup's
  # native binary) into the lockfile and then `npm ci` rejects its own lockfile.
  # `npm install` installs the same locked versions and leaves the lockfile as is.
  echo "setup: npm install (from package-lock.json)"
  npm install --no-audit --no-fund
fi
