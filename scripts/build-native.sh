#!/usr/bin/env bash
# Builds the native core, CLI and GoogleTest suite into build/native.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p build
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release > build/native.configure.log 2>&1 || { cat build/native.configure.log; exit 1; }
cmake --build build/native -j"$(nproc)" > build/native.build.log 2>&1 || { cat build/native.build.log; exit 1; }
